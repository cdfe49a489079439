//! The candidate grid: nine digit planes kept in step with per-cell masks and placed values.
//!
//! Digits are indexed 0..9 everywhere in the core (digit index = printed digit − 1).

use super::bits::Bits81;
use super::candidates::CandidateSet;
use super::geometry::{CELLS, CELL_HOUSES, HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS, PEER_LISTS};

/// Mask with all nine digit bits set.
pub const ALL_DIGITS: u16 = 0x1FF;

/// Two givens (or placed cells) share a digit in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// Digit index 0..9.
    pub digit: usize,
    /// House 0..27 holding the digit twice.
    pub house: usize,
}

/// A Sudoku state: placed digits plus the remaining candidates of every unsolved cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    planes: [Bits81; 9],
    masks: [u16; CELLS],
    values: [u8; CELLS],
    placed: [Bits81; 9],
    givens: Bits81,
    unsolved: Bits81,
}

impl Grid {
    /// An empty grid: every cell unsolved with all nine candidates.
    pub fn empty() -> Grid {
        Grid {
            planes: [Bits81::ALL; 9],
            masks: [ALL_DIGITS; CELLS],
            values: [0; CELLS],
            placed: [Bits81::EMPTY; 9],
            givens: Bits81::EMPTY,
            unsolved: Bits81::ALL,
        }
    }

    /// A grid from 81 values (0 = empty, 1..=9 = given digit); fails on two equal givens in a house.
    ///
    /// The same state as placing the givens one by one, built plane by plane: each digit's
    /// candidates are the open cells that see none of its givens (placing cell by cell updated
    /// every peer's mask, the largest cost of `sgrade solve` on easy puzzles).
    pub fn from_givens(values: &[u8; CELLS]) -> Result<Grid, Conflict> {
        let mut grid = Grid::empty();
        // The givens as a set, made without a branch per cell (which cells hold one follows no
        // pattern a branch predictor learns; a shift of a `u128` per cell cost a dozen
        // instructions, 0.7% of grading royle17); an empty cell's value is 0 as the grid's is.
        debug_assert!(values.iter().all(|&value| value <= 9));
        grid.givens = crate::core::bits::nonzero_cells(values);
        grid.values = *values;
        for cell in grid.givens {
            let digit = values[cell] as usize - 1;
            // Conflicts are found in cell order, as placing one by one found them.
            grid.check_free(cell, digit)?;
            grid.placed[digit].insert(cell);
        }
        grid.unsolved = Bits81::ALL.and_not(grid.givens);
        // The digits each row, column and box holds, then each open cell's candidates: what
        // its three houses do not hold (houses found from rows and columns: a table lookup per
        // house and cell cost twice as much).
        let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for cell in grid.givens {
            let (row, column) = (cell / 9, cell % 9);
            let bit = 1 << (values[cell] - 1);
            rows[row] |= bit;
            columns[column] |= bit;
            boxes[row / 3 * 3 + column / 3] |= bit;
        }
        for (row, (masks, values)) in grid
            .masks
            .chunks_exact_mut(9)
            .zip(values.chunks_exact(9))
            .enumerate()
        {
            for (column, (mask, &value)) in masks.iter_mut().zip(values).enumerate() {
                // A given's mask is 0, cleared by a mask rather than a branch (as above).
                let open = u16::from(value == 0).wrapping_neg();
                let held = rows[row] | columns[column] | boxes[row / 3 * 3 + column / 3];
                *mask = ALL_DIGITS & !held & open;
            }
        }
        for digit in 0..9 {
            let seen = grid.placed[digit]
                .iter()
                .fold(Bits81::EMPTY, |seen, cell| seen | PEERS[cell]);
            grid.planes[digit] = grid.unsolved.and_not(seen);
        }
        Ok(grid)
    }

    /// A grid from a 729-bit pencil-mark state. A cell with exactly one candidate is taken as
    /// placed (not as a given); its digit is removed from its peers. Cells with no candidate stay
    /// unsolved and empty, which the oracle reports as having no solution.
    pub fn from_candidates(candidates: &CandidateSet) -> Result<Grid, Conflict> {
        let mut grid = Grid::empty();
        for digit in 0..9 {
            grid.planes[digit] = candidates.planes[digit];
        }
        for cell in 0..CELLS {
            grid.masks[cell] = (0..9)
                .filter(|&d| candidates.contains(cell, d))
                .fold(0, |m, d| m | (1 << d));
        }
        // Solved cells are read from the input, before placing removes digits from peers.
        let input_masks = grid.masks;
        for (cell, &mask) in input_masks.iter().enumerate() {
            if mask.count_ones() == 1 {
                let digit = mask.trailing_zeros() as usize;
                grid.check_free(cell, digit)?;
                grid.place(cell, digit);
            }
        }
        Ok(grid)
    }

    fn check_free(&self, cell: usize, digit: usize) -> Result<(), Conflict> {
        for &house in &CELL_HOUSES[cell] {
            if self.placed[digit].intersects(HOUSE_SETS[house as usize]) {
                return Err(Conflict {
                    digit,
                    house: house as usize,
                });
            }
        }
        Ok(())
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    #[inline]
    pub fn place(&mut self, cell: usize, digit: usize) {
        // Loops of fixed length (every plane, every peer), which the CPU predicts, rather than
        // over the cell's candidates and the peers holding the digit, whose varying counts
        // mispredicted their exits some twice a placement (the grader's most frequent call).
        for plane in &mut self.planes {
            plane.remove(cell);
        }
        self.masks[cell] = 0;
        self.values[cell] = digit as u8 + 1;
        self.placed[digit].insert(cell);
        self.unsolved.remove(cell);
        let bit = !(1u16 << digit);
        for &peer in &PEER_LISTS[cell] {
            self.masks[peer as usize] &= bit;
        }
        self.planes[digit] = self.planes[digit].and_not(PEERS[cell]);
    }

    /// Removes candidate `digit` from `cell`; returns whether it was there.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: usize) -> bool {
        if !self.planes[digit].contains(cell) {
            return false;
        }
        self.planes[digit].remove(cell);
        self.masks[cell] &= !(1 << digit);
        true
    }

    /// Cells where `digit` is still a candidate.
    #[inline]
    pub fn plane(&self, digit: usize) -> Bits81 {
        self.planes[digit]
    }

    /// All nine candidate planes.
    #[inline]
    pub fn planes(&self) -> &[Bits81; 9] {
        &self.planes
    }

    /// Cells where `digit` is placed (given or solved).
    #[inline]
    pub fn placed(&self, digit: usize) -> Bits81 {
        self.placed[digit]
    }

    /// Every cell's candidate mask ([`Grid::candidates`]), in cell order.
    #[inline]
    pub fn candidate_masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// Candidate mask of `cell` (bit `d` = digit index `d`); 0 once the cell is placed.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// The digits that are a candidate in exactly one cell of `house` (bit `d` = digit index
    /// `d`): a bit-sliced count over the house's nine cell masks (a placed cell's is empty),
    /// nine mask operations instead of nine plane intersections.
    #[inline]
    pub fn digits_once_in(&self, house: usize) -> u16 {
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in &HOUSE_CELLS[house] {
            let mask = self.masks[cell as usize];
            twice |= once & mask;
            once |= mask;
        }
        once & !twice
    }

    /// Unsolved cells with exactly one candidate (bit-sliced count over the planes).
    #[inline]
    pub fn single_candidate_cells(&self) -> Bits81 {
        let (mut ones, mut twos) = (Bits81::EMPTY, Bits81::EMPTY);
        for &plane in &self.planes {
            twos |= ones & plane;
            ones |= plane;
        }
        ones.and_not(twos)
    }

    /// Unsolved cells with exactly two candidates.
    #[inline]
    pub fn bivalue_cells(&self) -> Bits81 {
        let (mut ones, mut twos, mut more) = (Bits81::EMPTY, Bits81::EMPTY, Bits81::EMPTY);
        for &plane in &self.planes {
            more |= twos & plane;
            twos |= ones & plane;
            ones |= plane;
        }
        twos.and_not(more)
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has_candidate(&self, cell: usize, digit: usize) -> bool {
        self.planes[digit].contains(cell)
    }

    /// Digit index placed in `cell`, if any.
    #[inline]
    pub fn value(&self, cell: usize) -> Option<usize> {
        match self.values[cell] {
            0 => None,
            v => Some(v as usize - 1),
        }
    }

    /// Digit index per cell (0..9); meaningful once the grid is solved (unsolved cells read 0).
    pub fn values(&self) -> [u8; CELLS] {
        self.values.map(|v| v.saturating_sub(1))
    }

    /// The given cells.
    #[inline]
    pub fn givens(&self) -> Bits81 {
        self.givens
    }

    /// The cells not yet placed.
    #[inline]
    pub fn unsolved(&self) -> Bits81 {
        self.unsolved
    }

    /// Whether every cell is placed.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.unsolved.is_empty()
    }

    /// The 729-bit pencil-mark view: remaining candidates plus each placed cell's digit.
    pub fn pencil_marks(&self) -> CandidateSet {
        let mut planes = self.planes;
        for (plane, placed) in planes.iter_mut().zip(self.placed.iter()) {
            *plane |= *placed;
        }
        CandidateSet { planes }
    }

    /// Digits (mask) already placed in `house`.
    pub fn placed_digits_in(&self, house: usize) -> u16 {
        (0..9)
            .filter(|&d| self.placed[d].intersects(HOUSE_SETS[house]))
            .fold(0, |m, d| m | (1 << d))
    }

    /// Whether some unsolved cell has no candidate or some house can no longer hold a digit.
    pub fn is_broken(&self) -> bool {
        if self.unsolved.iter().any(|c| self.masks[c] == 0) {
            return true;
        }
        (0..HOUSES)
            .any(|h| (0..9).any(|d| !(self.planes[d] | self.placed[d]).intersects(HOUSE_SETS[h])))
    }

    /// The placed digits as 81 characters, `.` for unsolved cells.
    pub fn values_string(&self) -> String {
        // Bytes first, one allocation: collecting `char`s grew the string char by char.
        let bytes = self.values.map(|v| if v == 0 { b'.' } else { b'0' + v });
        String::from_utf8(bytes.to_vec()).unwrap_or_default()
    }

    /// Whether every house holds each digit exactly once (a filled grid that is a valid
    /// solution grid; false while a cell is unsolved).
    pub fn is_valid_solution(&self) -> bool {
        if !self.is_solved() {
            return false;
        }
        // The digits each row, column and box holds, from the cells' values row by row: the
        // house of a cell follows from its row and column (a table lookup per house and cell
        // cost twice as much).
        let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for (row, values) in self.values.chunks_exact(9).enumerate() {
            for (column, &value) in values.iter().enumerate() {
                let bit = 1u16 << (value - 1);
                rows[row] |= bit;
                columns[column] |= bit;
                boxes[row / 3 * 3 + column / 3] |= bit;
            }
        }
        [rows, columns, boxes]
            .iter()
            .flatten()
            .all(|&digits| digits == ALL_DIGITS)
    }

    /// The state as 729 characters: 9 per cell, position k holds digit k+1 if it is a
    /// candidate (or the placed digit), else `.`.
    pub fn candidates_string(&self) -> String {
        let mut out = String::with_capacity(729);
        for cell in 0..CELLS {
            let mask = match self.value(cell) {
                Some(d) => 1u16 << d,
                None => self.masks[cell],
            };
            for d in 0..9 {
                out.push(if mask & (1 << d) != 0 {
                    (b'1' + d as u8) as char
                } else {
                    '.'
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid placing the givens one by one, as `from_givens` did before it built planes.
    fn placed_one_by_one(values: &[u8; 81]) -> Result<Grid, Conflict> {
        let mut grid = Grid::empty();
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                let digit = value as usize - 1;
                grid.check_free(cell, digit)?;
                grid.place(cell, digit);
                grid.givens.insert(cell);
            }
        }
        Ok(grid)
    }

    #[test]
    fn from_givens_builds_the_state_placing_one_by_one_builds() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let mut puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| values(&l[..81]))
            .collect();
        puzzles.push([0; 81]);
        // Two conflicts: the first in cell order is the one reported.
        let mut clash = [0u8; 81];
        (clash[0], clash[1], clash[72]) = (5, 5, 5);
        puzzles.push(clash);
        // The givens' set is made eight cells at a time: every cell given (a conflict), only
        // the last (the one past the eights), each digit in turn at every eighth cell.
        puzzles.push(std::array::from_fn(|cell| (cell % 9) as u8 + 1));
        let mut last = [0u8; 81];
        last[80] = 9;
        puzzles.push(last);
        for digit in 1..=9 {
            puzzles.push(std::array::from_fn(|cell| {
                if cell % 8 == usize::from(digit) % 8 && cell < 9 * usize::from(digit) {
                    digit
                } else {
                    0
                }
            }));
        }
        for puzzle in &puzzles {
            assert_eq!(Grid::from_givens(puzzle), placed_one_by_one(puzzle));
        }
    }

    #[test]
    fn digits_once_in_a_house_are_the_planes_meeting_it_once() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let mut checked_some = false;
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        {
            let grid = Grid::from_givens(&values(&line[..81])).unwrap();
            for house in 0..HOUSES {
                let by_planes = (0..9)
                    .filter(|&d| (grid.plane(d) & HOUSE_SETS[house]).count() == 1)
                    .fold(0u16, |mask, d| mask | 1 << d);
                assert_eq!(grid.digits_once_in(house), by_planes, "house {house}");
                checked_some |= by_planes != 0;
            }
        }
        assert!(checked_some, "some house has a digit in one cell");
    }

    fn values(text: &str) -> [u8; 81] {
        let mut v = [0u8; 81];
        for (i, ch) in text.bytes().enumerate() {
            if ch.is_ascii_digit() {
                v[i] = ch - b'0';
            }
        }
        v
    }

    #[test]
    fn placing_keeps_planes_and_masks_in_step() {
        let mut grid = Grid::empty();
        grid.place(0, 4);
        assert_eq!(grid.value(0), Some(4));
        assert_eq!(grid.candidates(0), 0);
        for peer in PEERS[0] {
            assert!(!grid.has_candidate(peer, 4));
            assert_eq!(grid.candidates(peer).count_ones(), 8);
        }
        assert_eq!(grid.plane(4).count(), 81 - 21);
        assert!(grid.single_candidate_cells().is_empty());
        assert!(grid.eliminate(80, 2));
        assert!(!grid.eliminate(80, 2));
        assert_eq!(grid.candidates(80), ALL_DIGITS & !(1 << 2));
        for digit in 2..9 {
            grid.eliminate(79, digit);
        }
        assert_eq!(grid.bivalue_cells(), Bits81::cell(79));
        grid.eliminate(79, 1);
        assert_eq!(grid.single_candidate_cells(), Bits81::cell(79));
        assert!(grid.bivalue_cells().is_empty());
        for d in 0..9 {
            for c in 0..CELLS {
                assert_eq!(
                    grid.plane(d).contains(c),
                    grid.candidates(c) & (1 << d) != 0
                );
            }
        }
    }

    #[test]
    fn a_valid_solution_holds_each_digit_once_per_house() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let by_planes = |g: &Grid| {
            g.is_solved()
                && (0..9).all(|d| HOUSE_SETS.iter().all(|h| (g.placed(d) & *h).is_single()))
        };
        let digits: Vec<usize> = solved.bytes().map(|b| (b - b'1') as usize).collect();
        let filled = |digits: &[usize]| {
            let mut g = Grid::empty();
            for (cell, &d) in digits.iter().enumerate() {
                g.place(cell, d);
            }
            g
        };
        let good = filled(&digits);
        assert!(good.is_valid_solution() && by_planes(&good));
        // r1c1 and r1c2 swapped: rows and boxes still hold every digit, columns 1 and 2 not.
        let mut swapped = digits.clone();
        swapped.swap(0, 1);
        let bad = filled(&swapped);
        assert!(bad.is_solved());
        assert!(!bad.is_valid_solution() && !by_planes(&bad));
        // Rows 3 and 4 swapped: rows and columns hold every digit, boxes not.
        let mut rows_swapped = digits.clone();
        for column in 0..9 {
            rows_swapped.swap(2 * 9 + column, 3 * 9 + column);
        }
        assert!(!filled(&rows_swapped).is_valid_solution());
        // Any two cells swapped: the values' check and the planes' agree.
        let mut rng = crate::core::test_support::Xorshift(0xC0FF_EE15);
        for _ in 0..2000 {
            let mut some = digits.clone();
            let (a, b) = ((rng.next() % 81) as usize, (rng.next() % 81) as usize);
            some.swap(a, b);
            let g = filled(&some);
            assert_eq!(g.is_valid_solution(), by_planes(&g), "{a} {b}");
        }
        // One cell open: not a solution.
        let mut open = values(solved);
        open[40] = 0;
        let open = Grid::from_givens(&open).unwrap();
        assert!(!open.is_valid_solution() && !by_planes(&open));
    }

    #[test]
    fn conflicting_givens_are_reported() {
        let mut v = [0u8; 81];
        v[9] = 5;
        v[13] = 5;
        assert_eq!(Grid::from_givens(&v), Err(Conflict { digit: 4, house: 1 }));
    }

    #[test]
    fn candidate_round_trip() {
        // No unsolved cell has a single candidate here, so pencil marks read back identically.
        let grid =
            Grid::from_givens(&values(&format!("1{}2{}", ".".repeat(39), ".".repeat(40)))).unwrap();
        let text = grid.candidates_string();
        assert_eq!(text.len(), 729);
        let back = Grid::from_candidates(&grid.pencil_marks()).unwrap();
        // Givens are not givens in a pencil-mark state, but planes and values agree.
        assert!(grid
            .unsolved()
            .iter()
            .all(|c| grid.candidates(c).count_ones() > 1));
        assert_eq!(back.planes(), grid.planes());
        assert_eq!(back.unsolved(), grid.unsolved());
        assert!(!grid.is_broken());
    }
}
