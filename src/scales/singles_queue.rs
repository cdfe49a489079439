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

use crate::core::{Bits81, Grid, CELLS, CELL_HOUSES, HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS};
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
    /// Open cells left in each house, and the houses with one (bit per house): the only
    /// houses a full house can be in.
    open_left: [u8; HOUSES],
    one_open: u32,
    /// Naked singles in order of appearance: (cell, digit).
    naked: Vec<(u8, u8)>,
    /// Hidden singles in order of appearance: (cell, digit).
    hidden: Vec<(u8, u8)>,
    /// Entries before these indices are known stale.
    naked_head: usize,
    hidden_head: usize,
    /// The singles a reset's givens leave, with the moment each appeared (kind bit, then
    /// [`moment`]), to be sorted: a buffer kept between resets.
    appeared: Vec<(u32, u8, u8)>,
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
            open_left: [9; HOUSES],
            one_open: 0,
            naked: Vec::with_capacity(96),
            hidden: Vec::with_capacity(160),
            naked_head: 0,
            hidden_head: 0,
            appeared: Vec::with_capacity(32),
        };
        queue.reset(grid);
        queue
    }

    /// The queues of [`SinglesQueue::new`] for `grid`, in this queue's buffers (a grader reuses
    /// one queue from puzzle to puzzle, allocating nothing once warm).
    pub fn reset(&mut self, grid: &Grid) {
        self.naked.clear();
        self.hidden.clear();
        self.naked_head = 0;
        self.hidden_head = 0;
        self.place_givens(grid);
        // A puzzle read from its givens lacks nothing they leave (most resets).
        if self.planes != *grid.planes() {
            self.remove_missing(grid);
        }
    }

    /// Removes, in cell order, the candidates `grid` lacks that placing its placed cells left.
    fn remove_missing(&mut self, grid: &Grid) {
        for cell in 0..CELLS {
            let gone = self.masks[cell] & !grid.candidates(cell);
            if gone != 0 && !self.placed.contains(cell) {
                for digit in crate::core::bits::digits(gone) {
                    self.eliminate(cell, digit);
                }
            }
        }
    }

    /// The state and queues that placing `grid`'s placed cells one by one, in cell order, on a
    /// full grid leaves ([`SinglesQueue::place`] each), worked out at once: placing them one by
    /// one touched some 28 candidates a given, a third of the HoDoKu scale's instructions on
    /// 17-clue puzzles. Only the singles still holding at the end are queued (the others would
    /// be stale entries, skipped by every later look), in the order they appeared then: each
    /// at the moment its cell lost its second-last candidate, or its house its second-last
    /// place of the digit, found from which given removed each candidate.
    fn place_givens(&mut self, grid: &Grid) {
        let givens: [Bits81; 9] = std::array::from_fn(|digit| grid.placed(digit));
        let placed = givens.iter().fold(Bits81::EMPTY, |all, &cells| all | cells);
        self.placed = placed;
        self.one_open = 0;
        for (house, left) in self.open_left.iter_mut().enumerate() {
            *left = 9 - (placed & HOUSE_SETS[house]).count() as u8;
            self.one_open |= u32::from(*left == 1) << house;
        }
        // Digits placed per house; a cell keeps the digits none of its houses has.
        let mut held = [0u16; HOUSES];
        for (digit, cells) in givens.iter().enumerate() {
            let seen = cells.iter().fold(Bits81::EMPTY, |seen, cell| {
                for &house in &CELL_HOUSES[cell] {
                    held[house as usize] |= 1 << digit;
                }
                seen | PEERS[cell]
            });
            self.planes[digit] = Bits81::ALL.and_not(placed | seen);
        }
        if self.planes == *grid.planes() {
            // The grid's own candidates (those of a puzzle read from its givens).
            self.masks = *grid.candidate_masks();
        } else {
            for cell in 0..CELLS {
                let [row, column, block] = CELL_HOUSES[cell].map(usize::from);
                self.masks[cell] = if placed.contains(cell) {
                    0
                } else {
                    0x1ff & !(held[row] | held[column] | held[block])
                };
            }
        }
        // When (cell, digit) was removed: by the first given peer holding the digit, unless
        // the cell is itself placed before that peer (then by its own placement).
        let removed_at = |cell: usize, digit: usize, house: usize| -> u32 {
            let by_peer = (PEERS[cell] & givens[digit]).first();
            let sub = CELL_HOUSES[cell]
                .iter()
                .position(|&h| usize::from(h) == house)
                .map_or(0, |i| i as u32 + 1);
            match by_peer {
                Some(peer) if !placed.contains(cell) || peer < cell => {
                    moment(peer, Phase::Peers, cell, sub)
                }
                _ => moment(cell, Phase::OwnDigits, digit, sub),
            }
        };
        let mut appeared = std::mem::take(&mut self.appeared);
        appeared.clear();
        // Placed cells' masks are empty.
        for (cell, &mask) in self.masks.iter().enumerate() {
            if mask.is_power_of_two() {
                // A naked single from the removal of the cell's second-last candidate.
                let at = (0..9)
                    .filter(|&other| mask & 1 << other == 0)
                    .map(|other| removed_at(cell, other, HOUSES))
                    .max()
                    .unwrap_or(0);
                appeared.push((at, cell as u8, mask.trailing_zeros() as u8));
            }
        }
        // Each house's places per digit, a byte per digit (digits 0–7 in a word, 8 apart),
        // summed over its cells' masks (placed cells' are empty); a placed digit's count is 0
        // (its given's peers lack it) and is then set to -1.
        let mut low = [0u64; HOUSES];
        let mut high = [0u8; HOUSES];
        for (cell, &mask) in self.masks.iter().enumerate() {
            let bytes = DIGIT_BYTES[usize::from(mask & 0xff)];
            for &house in &CELL_HOUSES[cell] {
                low[usize::from(house)] += bytes;
                high[usize::from(house)] += (mask >> 8) as u8;
            }
        }
        for (house, left) in self.places_left.iter_mut().enumerate() {
            let placed_here = held[house];
            let low = low[house] | (DIGIT_BYTES[usize::from(placed_here & 0xff)] * 0xff);
            let high = if placed_here & 0x100 != 0 {
                u8::MAX
            } else {
                high[house]
            };
            left[..8].copy_from_slice(&low.to_le_bytes().map(|byte| byte as i8));
            left[8] = high as i8;
            if !has_byte_one(low) && high != 1 {
                continue;
            }
            for digit in (0..9).filter(|&digit| left[digit] == 1) {
                // A hidden single from the removal of the digit's second-last place.
                let holder = (self.planes[digit] & HOUSE_SETS[house])
                    .first()
                    .unwrap_or_default();
                let at = HOUSE_CELLS[house]
                    .iter()
                    .map(|&cell| usize::from(cell))
                    .filter(|&cell| cell != holder)
                    .map(|cell| removed_at(cell, digit, house))
                    .max()
                    .unwrap_or(0);
                appeared.push((HIDDEN | at, holder as u8, digit as u8));
            }
        }
        appeared.sort_unstable();
        for &(at, cell, digit) in &appeared {
            if at & HIDDEN == 0 {
                self.naked.push((cell, digit));
            } else {
                self.hidden.push((cell, digit));
            }
        }
        self.appeared = appeared;
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
            let house = usize::from(house);
            self.places_left[house][digit] = -1;
            self.open_left[house] -= 1;
            let bit = 1 << house;
            self.one_open = self.one_open & !bit | u32::from(self.open_left[house] == 1) << house;
        }
        // The peers holding the digit, in cell order: on the others `eliminate` does nothing
        // (and removing a peer's digit changes no other peer's). The digit leaves their plane
        // at once: a house whose last place a removal leaves then names no peer still to go,
        // where one at a time it named that peer, queueing an entry no look could take (it
        // stops holding as the peer loses the digit, and candidates never come back).
        let peers = PEERS[cell] & self.planes[digit];
        self.planes[digit] = self.planes[digit].and_not(peers);
        for peer in peers {
            // A candidate of an open cell (the planes hold only those).
            self.remove_counted(peer, digit, true);
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
        self.planes[digit].remove(cell);
        self.remove_counted(cell, digit, open);
    }

    /// [`SinglesQueue::remove`] of a candidate already out of its plane: the mask, the counts
    /// and the singles they leave.
    #[inline(always)]
    fn remove_counted(&mut self, cell: usize, digit: usize, open: bool) {
        // Every caller passes a cell and a digit index; saying so once lets the compiler drop
        // the bounds checks of the indexing below.
        assert!(cell < CELLS && digit < 9);
        self.masks[cell] &= !(1 << digit);
        if open && self.masks[cell].is_power_of_two() {
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
    #[inline]
    pub fn find_single(&mut self, technique: TechniqueId, grid: &Grid) -> Option<Single> {
        match technique {
            TechniqueId::NakedSingle => self.first_naked(),
            TechniqueId::FullHouse => self.first_full_house(),
            TechniqueId::HiddenSingle => self.first_hidden(grid),
            _ => None,
        }
    }

    /// The first naked single still holding (the queue's head moved past stale entries).
    #[inline]
    fn first_naked(&mut self) -> Option<Single> {
        while self.naked_head < self.naked.len() && !self.holds(self.naked[self.naked_head]) {
            self.naked_head += 1;
        }
        let (cell, digit) = *self.naked.get(self.naked_head)?;
        Some(Single {
            cell: cell.into(),
            digit: digit.into(),
            houses: 0,
        })
    }

    /// The first naked single still holding that is the last open cell of a house (the queue
    /// places what the grid places, so its houses with one open cell are the grid's: most
    /// often none, and then no entry is read).
    fn first_full_house(&mut self) -> Option<Single> {
        while self.naked_head < self.naked.len() && !self.holds(self.naked[self.naked_head]) {
            self.naked_head += 1;
        }
        let one_open = self.one_open;
        if one_open == 0 {
            return None;
        }
        self.naked[self.naked_head..]
            .iter()
            .filter(|&&entry| self.holds(entry))
            .find_map(|&(cell, digit)| {
                let house = CELL_HOUSES[usize::from(cell)]
                    .iter()
                    .find(|&&h| one_open & 1 << h != 0)?;
                Some(Single {
                    cell: cell.into(),
                    digit: digit.into(),
                    houses: 1 << house,
                })
            })
    }

    /// The first hidden single still holding, with the first of its houses (row, column, box)
    /// where it is the digit's only place.
    #[inline]
    fn first_hidden(&mut self, grid: &Grid) -> Option<Single> {
        while self.hidden_head < self.hidden.len() && !self.holds(self.hidden[self.hidden_head]) {
            self.hidden_head += 1;
        }
        let (cell, digit) = *self.hidden.get(self.hidden_head)?;
        let houses = &CELL_HOUSES[usize::from(cell)];
        let house = houses
            .iter()
            .find(|&&h| (grid.plane(usize::from(digit)) & HOUSE_SETS[usize::from(h)]).is_single())
            .copied()
            .unwrap_or(houses[0]);
        Some(Single {
            cell: cell.into(),
            digit: digit.into(),
            houses: 1 << house,
        })
    }
}

/// The two parts of placing a given ([`SinglesQueue::place`]): its digit leaves the peers
/// holding it (in cell order), then its cell's other digits go (in digit order).
#[derive(Clone, Copy)]
enum Phase {
    Peers = 0,
    OwnDigits = 1,
}

/// Per 8-bit digit mask, a word with byte `d` = 1 where digit `d` is in the mask: adding
/// these counts digits in byte lanes (at most 9 to a lane, no carry between them).
static DIGIT_BYTES: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut digit = 0;
        while digit < 8 {
            if mask >> digit & 1 != 0 {
                table[mask] |= 1 << (8 * digit);
            }
            digit += 1;
        }
        mask += 1;
    }
    table
};

/// Whether some byte of `word` is 1 (no false answer either way: a byte is 1 exactly when
/// the XOR leaves it 0, and the borrow trick finds whether some byte is 0).
fn has_byte_one(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let zeroed = word ^ ONES;
    zeroed.wrapping_sub(ONES) & !zeroed & (ONES << 7) != 0
}

/// The kind bit of a reset's hidden singles in [`SinglesQueue::place_givens`]' sort.
const HIDDEN: u32 = 1 << 20;

/// When, in placing the givens one by one, a removal's singles were queued: the given being
/// placed, its phase, the peer cell (phase `Peers`) or own digit (`OwnDigits`) removed, and
/// `sub`: 0 for the cell's naked single, 1 + the house's position in [`CELL_HOUSES`] for a
/// hidden single (a removal queues them in that order). Increasing with time.
fn moment(given: usize, phase: Phase, key: usize, sub: u32) -> u32 {
    (given as u32) << 10 | (phase as u32) << 9 | (key as u32) << 2 | sub
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
    use crate::core::test_support::{grid, royle17_sample, Xorshift};

    impl SinglesQueue {
        /// [`SinglesQueue::reset`] as HoDoKu does it: every placed cell placed one by one.
        fn reset_by_placing(&mut self, grid: &Grid) {
            self.masks = [0x1ff; CELLS];
            self.planes = [Bits81::ALL; 9];
            self.placed = Bits81::EMPTY;
            self.places_left = [[9; 9]; HOUSES];
            self.open_left = [9; HOUSES];
            self.one_open = 0;
            self.naked.clear();
            self.hidden.clear();
            self.naked_head = 0;
            self.hidden_head = 0;
            for cell in 0..CELLS {
                if let Some(digit) = grid.value(cell) {
                    self.place(cell, digit);
                }
            }
            self.remove_missing(grid);
        }

        /// What the queue's later looks can see: its state (a house count only where it can
        /// still reach 1) and each list's entries that still hold, first occurrences in order.
        fn visible(&self) -> impl PartialEq + std::fmt::Debug {
            let live = |list: &[(u8, u8)]| {
                let mut seen = Vec::new();
                for &entry in list {
                    if self.holds(entry) && !seen.contains(&entry) {
                        seen.push(entry);
                    }
                }
                seen
            };
            let left = self.places_left.map(|house| house.map(|left| left.max(-1)));
            (
                self.masks,
                self.planes,
                self.placed,
                left,
                self.open_left,
                self.one_open,
                live(&self.naked),
                live(&self.hidden),
            )
        }
    }

    /// The reset worked out at once leaves what placing the givens one by one leaves: on
    /// royle17 and kaggle puzzles, on states part way along their paths (placed cells that
    /// were no givens, candidates gone), on random thinned states and on grids whose givens
    /// clash; and the two queues then take the same singles all along the puzzles' paths.
    #[test]
    fn a_reset_worked_out_at_once_equals_placing_the_givens() {
        let mut rng = Xorshift(0x0005_eed0_f9e7);
        let mut grids = royle17_sample(200);
        let kaggle = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/kaggle_sample.csv"
        ))
        .unwrap();
        grids.extend(
            kaggle
                .lines()
                .skip(1)
                .take(200)
                .map(|line| grid(&line[..81])),
        );
        let starts = grids.len();
        for i in 0..starts {
            // Part way along: some singles placed, some candidates thinned.
            let mut g = grids[i].clone();
            let mut placed = 0;
            while placed < 1 + i % 30 {
                let Some(step) = [TechniqueId::NakedSingle, TechniqueId::HiddenSingle]
                    .into_iter()
                    .find_map(|t| t.find_first(&g))
                else {
                    break;
                };
                step.apply(&mut g);
                placed += 1;
            }
            grids.push(g.clone());
            rng.thin(&mut g, 20 + (i as u64 % 60));
            grids.push(g);
        }
        // Givens that clash (two equal digits in a house): a grid of the engine's, by
        // placements, whatever a file held.
        for i in 0..50 {
            let mut g = Grid::empty();
            for _ in 0..(10 + i % 20) {
                let cell = (rng.next() % 81) as usize;
                let digit = (rng.next() % 9) as usize;
                if g.value(cell).is_none() {
                    g.place(cell, digit);
                }
            }
            grids.push(g);
        }
        let (mut fast, mut slow) = (
            SinglesQueue::new(&Grid::empty()),
            SinglesQueue::new(&Grid::empty()),
        );
        let mut queued = 0;
        let mut singles = 0;
        for (i, start) in grids.iter().enumerate() {
            fast.reset(start);
            slow.reset_by_placing(start);
            assert_eq!(fast.visible(), slow.visible(), "grid {i}");
            queued += fast.naked.len() + fast.hidden.len();
            let mut g = start.clone();
            'path: while !g.is_solved() {
                // The queue's houses with one open cell are the grid's.
                let one_open = (0..HOUSES)
                    .filter(|&h| (g.unsolved() & HOUSE_SETS[h]).is_single())
                    .fold(0u32, |houses, h| houses | 1 << h);
                assert_eq!(fast.one_open, one_open, "grid {i}");
                for technique in [
                    TechniqueId::FullHouse,
                    TechniqueId::NakedSingle,
                    TechniqueId::HiddenSingle,
                ] {
                    let found = fast.find_single(technique, &g);
                    assert_eq!(found, slow.find_single(technique, &g), "grid {i}");
                    if let Some(single) = found {
                        g.place(single.cell, single.digit);
                        fast.apply_placement(single.cell, single.digit);
                        slow.apply_placement(single.cell, single.digit);
                        singles += 1;
                        continue 'path;
                    }
                }
                break;
            }
        }
        assert!(
            queued > 2_000 && singles > 20_000,
            "{queued} queued, {singles} singles"
        );
    }

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
                // The queue's houses with one open cell are the grid's.
                let one_open = (0..HOUSES)
                    .filter(|&h| (g.unsolved() & HOUSE_SETS[h]).is_single())
                    .fold(0u32, |houses, h| houses | 1 << h);
                assert_eq!(queue.one_open, one_open, "{line}");
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
