//! The grid copy a Forcing Net premise is played out on, with HoDoKu's queue of the singles
//! that appear.

use crate::core::bits::digits;
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};

/// A copy of the grid that a net premise is played out on. Like HoDoKu's grid it queues the
/// singles as they appear (a cell down to one candidate; a house down to one place for a digit),
/// and a look-ahead round takes the queued singles that still hold, in queue order: that order
/// decides what a contradictory premise runs into.
#[derive(Clone)]
pub(super) struct Sim {
    pub(super) masks: [u16; 81],
    /// Placed digit + 1 per cell (0: open).
    values: [u8; 81],
    planes: [Bits81; 9],
    /// Per house and digit: the open cells holding the digit.
    free: [[u8; 9]; 27],
    naked: Vec<(u8, u8)>,
    hidden: Vec<(u8, u8)>,
}

impl Sim {
    /// A copy of `grid`, nothing queued.
    pub(super) fn new(grid: &Grid) -> Sim {
        let mut masks = [0u16; 81];
        let mut values = [0u8; 81];
        for cell in 0..81 {
            match grid.value(cell) {
                Some(digit) => values[cell] = digit as u8 + 1,
                None => masks[cell] = grid.candidates(cell),
            }
        }
        let planes = *grid.planes();
        let mut free = [[0u8; 9]; 27];
        for (house, counts) in free.iter_mut().enumerate() {
            for (digit, count) in counts.iter_mut().enumerate() {
                *count = (planes[digit] & HOUSE_SETS[house]).count() as u8;
            }
        }
        Sim {
            masks,
            values,
            planes,
            free,
            naked: Vec::new(),
            hidden: Vec::new(),
        }
    }

    /// Back to `start` (queues emptied), keeping the allocations.
    pub(super) fn reset_to(&mut self, start: &Sim) {
        self.masks = start.masks;
        self.values = start.values;
        self.planes = start.planes;
        self.free = start.free;
        self.naked.clear();
        self.hidden.clear();
    }

    /// Takes one candidate away, queueing the singles that appear.
    #[inline]
    pub(super) fn delete(&mut self, cell: usize, digit: usize) {
        if self.masks[cell] & (1 << digit) == 0 {
            return;
        }
        self.masks[cell] &= !(1 << digit);
        self.planes[digit].remove(cell);
        for &house in &CELL_HOUSES[cell] {
            self.leave(house as usize, digit);
        }
        let rest = self.masks[cell];
        if rest.count_ones() == 1 {
            self.naked.push((cell as u8, rest.trailing_zeros() as u8));
        }
    }

    /// One open place of `digit` fewer in `house`; queues the last one as a hidden single.
    fn leave(&mut self, house: usize, digit: usize) {
        let count = &mut self.free[house][digit];
        *count = count.saturating_sub(1);
        if *count == 1 {
            if let Some(last) = (self.planes[digit] & HOUSE_SETS[house]).first() {
                self.hidden.push((last as u8, digit as u8));
            }
        }
    }

    /// Places `digit` in `cell` (even over another digit, as a contradictory premise may).
    pub(super) fn set(&mut self, cell: usize, digit: usize) {
        if self.values[cell] == digit as u8 + 1 {
            return;
        }
        self.values[cell] = digit as u8 + 1;
        // The peers holding the digit, in cell order (`delete` does nothing on the others).
        for peer in (PEERS[cell] & self.planes[digit]).iter() {
            self.delete(peer, digit);
        }
        let old = self.masks[cell];
        self.masks[cell] = 0;
        for d in digits(old) {
            self.planes[d].remove(cell);
            for &house in &CELL_HOUSES[cell] {
                if d == digit {
                    let count = &mut self.free[house as usize][d];
                    *count = count.saturating_sub(1);
                } else {
                    self.leave(house as usize, d);
                }
            }
        }
    }

    /// The queued singles that still hold: naked singles of open cells, then hidden singles
    /// whose cell is open, still holds the digit and is its last place in one of its houses
    /// (one per cell).
    pub(super) fn singles(&self, singles: &mut Vec<(u8, u8)>) {
        singles.clear();
        singles.extend(
            self.naked
                .iter()
                .filter(|&&(c, _)| self.values[c as usize] == 0),
        );
        let mut taken = Bits81::EMPTY;
        for &(cell, digit) in &self.hidden {
            let (c, d) = (cell as usize, digit as usize);
            if self.values[c] == 0
                && !taken.contains(c)
                && self.masks[c] & (1 << d) != 0
                && CELL_HOUSES[c]
                    .iter()
                    .any(|&h| self.free[h as usize][d] == 1)
            {
                singles.push((cell, digit));
                taken.insert(c);
            }
        }
    }
}
