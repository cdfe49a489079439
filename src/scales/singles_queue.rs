//! HoDoKu's order of singles: naked and hidden singles are taken in the order they appeared,
//! not in grid scan order.
//!
//! HoDoKu keeps two queues while candidates disappear: a cell whose candidates drop to one joins
//! the naked-single queue; a (cell, digit) that becomes the last place of the digit in a house
//! (houses looked at row, column, box) joins the hidden-single queue. Placing a digit removes it
//! from the peers first (in cell order), then removes the cell's other candidates; a puzzle's
//! givens are placed in cell order. Full house, naked single and hidden single each take the
//! first entry of their queue that still holds (full house: the first naked single that is the
//! last open cell of a house). A step's eliminations take effect in HoDoKu's order: cell by cell,
//! except for its sorted steps (digit by digit) and locked subsets (house by house). Which
//! single comes first decides how many hidden singles a path
//! needs, and so HoDoKu's score; this order was checked against HoDoKu's paths (hodoku-py,
//! `scripts/hodoku_diverge.py`). The queue shadows the grid: the grader feeds it every step.

use crate::core::{Bits81, Grid, CELLS, CELL_HOUSES, HOUSES, HOUSE_SETS, PEERS};
use crate::techniques::singles::Single;
use crate::techniques::step::Step;
use crate::techniques::TechniqueId;

/// The queues and the shadow state they are computed from.
#[derive(Clone, Debug)]
pub struct SinglesQueue {
    /// Candidate mask per cell (bit d = digit index d); 0 once placed.
    masks: [u16; CELLS],
    /// The same candidates by digit (the cells whose mask holds it), so that placing a digit
    /// visits only the peers that hold it and a house's last place is one intersection.
    planes: [Bits81; 9],
    /// Whether the cell is placed.
    placed: Bits81,
    /// Places left for each digit in each house (negative once the digit is placed there).
    places_left: [[i8; 9]; HOUSES],
    /// Naked singles in order of appearance: (cell, digit).
    naked: Vec<(u8, u8)>,
    /// Hidden singles in order of appearance: (cell, digit).
    hidden: Vec<(u8, u8)>,
    /// Entries before these indices are known stale.
    naked_head: usize,
    hidden_head: usize,
}

impl SinglesQueue {
    /// The queues HoDoKu would hold for `grid`: its placed cells set in cell order, then any
    /// candidate the grid lacks removed (pencil-mark puzzles), in cell order.
    pub fn new(grid: &Grid) -> SinglesQueue {
        let mut queue = SinglesQueue {
            masks: [0x1ff; CELLS],
            planes: [Bits81::ALL; 9],
            placed: Bits81::EMPTY,
            places_left: [[9; 9]; HOUSES],
            naked: Vec::with_capacity(96),
            hidden: Vec::with_capacity(160),
            naked_head: 0,
            hidden_head: 0,
        };
        queue.reset(grid);
        queue
    }

    /// The queues of [`SinglesQueue::new`] for `grid`, in this queue's buffers (a grader reuses
    /// one queue from puzzle to puzzle, allocating nothing once warm).
    pub fn reset(&mut self, grid: &Grid) {
        self.masks = [0x1ff; CELLS];
        self.planes = [Bits81::ALL; 9];
        self.placed = Bits81::EMPTY;
        self.places_left = [[9; 9]; HOUSES];
        self.naked.clear();
        self.hidden.clear();
        self.naked_head = 0;
        self.hidden_head = 0;
        for cell in 0..CELLS {
            if let Some(digit) = grid.value(cell) {
                self.place(cell, digit);
            }
        }
        for cell in 0..CELLS {
            let gone = self.masks[cell] & !grid.candidates(cell);
            if !self.placed.contains(cell) {
                for digit in (0..9).filter(|d| gone & 1 << d != 0) {
                    self.eliminate(cell, digit);
                }
            }
        }
    }

    /// Follows a step applied to the grid: placements, then eliminations in cell order (digit
    /// order for a step that says so).
    pub fn apply(&mut self, step: &Step) {
        for (cell, digit) in step.placements.iter() {
            if !self.placed.contains(cell) {
                self.place(cell, digit);
            }
        }
        if matches!(
            step.technique,
            TechniqueId::LockedPair | TechniqueId::LockedTriple
        ) {
            // HoDoKu collects a locked subset's eliminations house by house (the line, then
            // the box: its constraint order), each house's cells in order.
            for house in (0..HOUSES).filter(|&h| step.houses & 1 << h != 0) {
                for cell in HOUSE_SETS[house] {
                    for digit in (0..9).filter(|&d| step.eliminations.contains(cell, d)) {
                        self.eliminate(cell, digit);
                    }
                }
            }
            return;
        }
        if step.eliminations_by_digit {
            for (digit, plane) in step.eliminations.planes.iter().enumerate() {
                for cell in *plane {
                    self.eliminate(cell, digit);
                }
            }
            return;
        }
        // `CandidateSet::iter` is already cell-major, digit-minor: no sorting (or allocation) needed.
        for (cell, digit) in step.eliminations.iter() {
            self.eliminate(cell, digit);
        }
    }

    fn place(&mut self, cell: usize, digit: usize) {
        self.placed.insert(cell);
        for &house in &CELL_HOUSES[cell] {
            self.places_left[house as usize][digit] = -1;
        }
        // The peers holding the digit, in cell order: on the others `eliminate` does nothing
        // (and removing a peer's digit changes no other peer's).
        for peer in PEERS[cell] & self.planes[digit] {
            // A candidate of an open cell (the planes hold only those).
            self.remove(peer, digit, true);
        }
        let mut others = self.masks[cell] & !(1 << digit);
        while others != 0 {
            let other = others.trailing_zeros() as usize;
            others &= others - 1;
            // The cell is placed already: no naked single.
            self.remove(cell, other, false);
        }
        self.masks[cell] = 0;
        self.planes[digit].remove(cell);
    }

    /// Removes the candidate if the cell holds it.
    #[inline(always)]
    fn eliminate(&mut self, cell: usize, digit: usize) {
        if self.masks[cell] & 1 << digit != 0 {
            self.remove(cell, digit, !self.placed.contains(cell));
        }
    }

    /// Removes a candidate the cell holds, queueing the singles it leaves (a naked single only
    /// where the cell is `open`). Inlined into its few callers: the queue's busiest code, where
    /// a call was 5% of the `hodoku` scale's instructions on royle17.
    #[inline(always)]
    fn remove(&mut self, cell: usize, digit: usize, open: bool) {
        // Every caller passes a cell and a digit index; saying so once lets the compiler drop
        // the bounds checks of the indexing below.
        assert!(cell < CELLS && digit < 9);
        self.masks[cell] &= !(1 << digit);
        self.planes[digit].remove(cell);
        if open && self.masks[cell].count_ones() == 1 {
            self.naked
                .push((cell as u8, self.masks[cell].trailing_zeros() as u8));
        }
        for &house in &CELL_HOUSES[cell] {
            let left = &mut self.places_left[house as usize][digit];
            *left -= 1;
            if *left == 1 {
                // The house's first (only) cell still holding the digit.
                if let Some(last) = (HOUSE_SETS[house as usize] & self.planes[digit]).first() {
                    self.hidden.push((last as u8, digit as u8));
                }
            }
        }
    }

    /// Follows a single's step (placing `digit` in `cell`, eliminating nothing): what
    /// [`SinglesQueue::apply`] does with that step.
    pub fn apply_placement(&mut self, cell: usize, digit: usize) {
        if !self.placed.contains(cell) {
            self.place(cell, digit);
        }
    }

    fn holds(&self, (cell, digit): (u8, u8)) -> bool {
        self.masks[cell as usize] & 1 << digit != 0
    }

    /// The first step of `technique` (full house, naked or hidden single) in HoDoKu's order;
    /// `None` for other techniques or when the queue has none.
    pub fn find(&mut self, technique: TechniqueId, grid: &Grid) -> Option<Step> {
        let found = self.find_single(technique, grid)?;
        Some(single(
            technique,
            found.cell as u8,
            found.digit as u8,
            found.houses,
        ))
    }

    /// [`SinglesQueue::find`] without building the step: the single's cell, digit and houses
    /// (the grader writes them into its step buffer with `Step::set_single`).
    pub fn find_single(&mut self, technique: TechniqueId, grid: &Grid) -> Option<Single> {
        let single = |_: TechniqueId, cell: u8, digit: u8, houses: u32| Single {
            cell: cell as usize,
            digit: digit as usize,
            houses,
        };
        match technique {
            TechniqueId::NakedSingle | TechniqueId::FullHouse => {
                while self.naked_head < self.naked.len() && !self.holds(self.naked[self.naked_head])
                {
                    self.naked_head += 1;
                }
                let (cell, digit) = if technique == TechniqueId::NakedSingle {
                    *self.naked.get(self.naked_head)?
                } else {
                    return self.naked[self.naked_head..]
                        .iter()
                        .filter(|&&entry| self.holds(entry))
                        .find_map(|&(cell, digit)| {
                            let house = CELL_HOUSES[cell as usize].iter().find(|&&h| {
                                (grid.unsolved() & HOUSE_SETS[h as usize]).is_single()
                            })?;
                            Some(single(technique, cell, digit, 1 << house))
                        });
                };
                Some(single(technique, cell, digit, 0))
            }
            TechniqueId::HiddenSingle => {
                while self.hidden_head < self.hidden.len()
                    && !self.holds(self.hidden[self.hidden_head])
                {
                    self.hidden_head += 1;
                }
                let (cell, digit) = *self.hidden.get(self.hidden_head)?;
                let house = CELL_HOUSES[cell as usize]
                    .iter()
                    .find(|&&h| (grid.plane(digit as usize) & HOUSE_SETS[h as usize]).is_single())
                    .copied()
                    .unwrap_or(CELL_HOUSES[cell as usize][0]);
                Some(single(technique, cell, digit, 1 << house))
            }
            _ => None,
        }
    }
}

fn single(technique: TechniqueId, cell: u8, digit: u8, houses: u32) -> Step {
    let mut step = Step::new(technique);
    step.placements.insert(cell as usize, digit as usize);
    step.cells = Bits81::cell(cell as usize);
    step.digits = 1 << digit;
    step.houses = houses;
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::grid;

    /// Whether the queue's planes hold exactly its masks' candidates.
    fn planes_match_masks(queue: &SinglesQueue) -> bool {
        (0..9).all(|digit| {
            let from_masks: Bits81 = (0..CELLS)
                .filter(|&cell| queue.masks[cell] & 1 << digit != 0)
                .collect();
            queue.planes[digit] == from_masks
        })
    }

    /// The planes follow the masks through every reset, placement and step of the basic
    /// rungs' paths of the royle17 sample (the queue then finds the same places as when it
    /// scanned the masks: the first cell of a house holding the digit).
    #[test]
    fn the_planes_follow_the_masks_at_every_state() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let rungs = [
            TechniqueId::LockedCandidatesPointing,
            TechniqueId::LockedCandidatesClaiming,
            TechniqueId::LockedPair,
            TechniqueId::LockedTriple,
            TechniqueId::NakedPair,
            TechniqueId::HiddenPair,
        ];
        let mut queue = SinglesQueue::new(&Grid::empty());
        let mut states = 0;
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(30)
        {
            let mut g = grid(&line[..81]);
            queue.reset(&g);
            assert!(planes_match_masks(&queue));
            'path: while !g.is_solved() {
                for technique in [
                    TechniqueId::FullHouse,
                    TechniqueId::NakedSingle,
                    TechniqueId::HiddenSingle,
                ] {
                    if let Some(single) = queue.find_single(technique, &g) {
                        g.place(single.cell, single.digit);
                        queue.apply_placement(single.cell, single.digit);
                        states += 1;
                        assert!(planes_match_masks(&queue));
                        continue 'path;
                    }
                }
                for technique in rungs {
                    if let Some(step) = technique.find_first(&g) {
                        step.apply(&mut g);
                        queue.apply(&step);
                        states += 1;
                        assert!(planes_match_masks(&queue));
                        continue 'path;
                    }
                }
                break;
            }
        }
        assert!(states > 1000, "{states} states");
    }

    #[test]
    fn naked_singles_come_in_order_of_appearance() {
        // HoDoKu's path (hodoku-py) starts r4c4=9, then r9c8=8: the cell that became single
        // first, not the lowest cell (r4c8 is also a naked single by then).
        let p = "......95....64..7......7.1..38.15..25..87..6...72.....7...5...9.5.....2.3.94.....";
        let g = grid(p);
        let mut queue = SinglesQueue::new(&g);
        let first = queue.find(TechniqueId::NakedSingle, &g).unwrap();
        assert!(first.placements.iter().eq([(30, 8)]));
        let mut g2 = g.clone();
        first.apply(&mut g2);
        queue.apply(&first);
        let second = queue.find(TechniqueId::NakedSingle, &g2).unwrap();
        assert!(second.placements.iter().eq([(79, 7)]));
        assert!(TechniqueId::NakedSingle
            .find_all(&g2)
            .iter()
            .any(|s| s.placements.iter().eq([(34, 3)])));
    }

    #[test]
    fn a_locked_subsets_eliminations_count_house_by_house() {
        // After eight hidden singles this puzzle has a locked triple in c6∩b2 eliminating in
        // c6 (r4c6…r8c6) and in b2 (r1c4, r3c4). Line first, r6c6<>6 leaves 6 in row 6 only
        // at r6c4; cell order would take r1c4<>2, r3c4<>2 first and leave 2 in c4 only at
        // r8c4. Both are hidden singles then: the one queued first is HoDoKu's next step.
        let p = "....5.6.....9..2....4.....8.5..7.....6..2...........34...4.1....7.........83.....";
        let mut g = grid(p);
        let mut queue = SinglesQueue::new(&g);
        let mut singles = 0;
        while let Some(step) = [
            TechniqueId::FullHouse,
            TechniqueId::NakedSingle,
            TechniqueId::HiddenSingle,
        ]
        .into_iter()
        .find_map(|t| queue.find(t, &g))
        {
            step.apply(&mut g);
            queue.apply(&step);
            singles += 1;
        }
        assert_eq!(singles, 8);
        let triple = TechniqueId::LockedTriple.find_first(&g).unwrap();
        assert_eq!(triple.houses, 1 << 14 | 1 << 19, "c6 and b2");
        triple.apply(&mut g);
        queue.apply(&triple);
        let hidden = TechniqueId::HiddenSingle.find_all(&g);
        for (cell, digit) in [(48, 5), (66, 1)] {
            assert!(hidden
                .iter()
                .any(|s| s.placements.iter().eq([(cell, digit)])));
        }
        let next = queue.find(TechniqueId::HiddenSingle, &g).unwrap();
        assert!(next.placements.iter().eq([(48, 5)]), "{next:?}");
    }
}
