//! Almost locked sets (ALS): n unsolved cells of one house holding n+1 digits between them.
//!
//! If one of its digits is removed from all of its cells, the remaining n cells must take the
//! other n digits, each exactly once (the cells share a house). ALS links of the super-link
//! model, ALS-XZ, ALS-XY-Wing, ALS chains and Death Blossom all build on this enumeration.

use crate::core::bits;
use crate::core::{houses_holding, Bits81, Grid, CELLS, HOUSE_CELLS, PEERS};

/// What changed from a grid whose candidate planes were `planes` and unplaced cells `unsolved`
/// to `grid`: the cells whose candidates or placement differ, and the digits (bit per digit)
/// whose planes differ. A set none of whose cells changed is the same set; its live digits
/// change only with the changed digits' planes ([`Als::live_digits_since`]).
pub fn changes_since(grid: &Grid, planes: &[Bits81; 9], unsolved: Bits81) -> (Bits81, u16) {
    let cells = (0..9).fold(unsolved ^ grid.unsolved(), |acc, d| {
        acc | (planes[d] ^ grid.plane(d))
    });
    let digits = (0..9)
        .filter(|&d| planes[d] != grid.plane(d))
        .fold(0u16, |m, d| m | 1 << d);
    (cells, digits)
}

/// GNPX's cap on the cells of one ALS.
pub const MAX_ALS_CELLS: usize = 5;

/// One almost locked set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Als {
    /// Its cells.
    pub cells: Bits81,
    /// Its digits (n+1 for n cells; n + extra for [`find_locked_sets`]' larger sets).
    pub digits: u16,
    /// The house it was found in (a line for sets inside a box∩line segment).
    pub house: u8,
    /// Per digit, the set's cells holding it (empty for digits not in the set).
    pub digit_cells: [Bits81; 9],
}

impl Als {
    /// Per digit of the set, the cells seeing every place of the digit in it (empty for the
    /// digits it lacks).
    pub fn digit_sees(&self) -> [Bits81; 9] {
        let mut sees = [Bits81::EMPTY; 9];
        for (digit, slot) in sees.iter_mut().enumerate() {
            if self.digits & (1 << digit) != 0 {
                *slot = self.digit_cells[digit]
                    .iter()
                    .fold(Bits81::ALL, |acc, cell| acc & PEERS[cell]);
            }
        }
        sees
    }

    /// The set's live digits in `grid` (bit per digit): those with a candidate outside the set
    /// seeing every place of the digit in it (`sees`: [`Als::digit_sees`]), the only digits the
    /// set can help eliminate.
    pub fn live_digits(&self, grid: &Grid, sees: &[Bits81; 9]) -> u16 {
        self.live_digits_among(grid, sees, self.digits)
    }

    /// The set's live digits in `grid`, given `was`, its live digits in an earlier grid, and
    /// `changed_digits`, the digits whose planes differ between the two: a digit's bit depends
    /// only on the set and the digit's plane, so only the changed digits are found again.
    pub fn live_digits_since(
        &self,
        grid: &Grid,
        sees: &[Bits81; 9],
        was: u16,
        changed_digits: u16,
    ) -> u16 {
        was & !changed_digits | self.live_digits_among(grid, sees, changed_digits)
    }

    /// [`Als::live_digits`] among `digits` only (bit per digit): the others' bits are clear.
    fn live_digits_among(&self, grid: &Grid, sees: &[Bits81; 9], digits: u16) -> u16 {
        crate::core::bits::digits(self.digits & digits)
            .filter(|&d| !(grid.plane(d) & sees[d]).and_not(self.cells).is_empty())
            .fold(0u16, |m, d| m | 1 << d)
    }

    /// Every set's live digits ([`Als::live_digits`]; `sees[i]` is set `i`'s), into `out`.
    pub fn live_digits_of(grid: &Grid, sets: &[Als], sees: &[[Bits81; 9]], out: &mut Vec<u16>) {
        out.clear();
        out.extend(
            sets.iter()
                .zip(sees)
                .map(|(set, sees)| set.live_digits(grid, sees)),
        );
    }

    /// Whether GNPX v5 keeps the set in its ALS list (see [`is_pure_set`]).
    pub fn is_pure(&self, grid: &Grid) -> bool {
        is_pure_set(grid, self.cells)
    }

    /// Cells outside the set that hold `digit` and see every cell of the set holding it: the
    /// digit is false there once the set is locked without another digit.
    pub fn seen_by_all(&self, grid: &Grid, digit: usize) -> Bits81 {
        let holders = self.digit_cells[digit];
        if holders.is_empty() {
            return Bits81::EMPTY;
        }
        holders
            .iter()
            .fold(grid.plane(digit), |acc, cell| acc & PEERS[cell])
            .and_not(self.cells)
    }
}

/// Which sets of a list hold each cell, as rows of bits over the list's indices (set `i` is bit
/// `i % 64` of word `i / 64`): the sets meeting some cells are then an OR of a few words, found
/// without reading the sets' own records (a cache miss each, in the searches that test many
/// sets against one).
#[derive(Default)]
pub struct SetsByCell {
    words: usize,
    rows: Vec<u64>,
}

impl SetsByCell {
    /// Makes this the index of `sets` (each set's cells, in list order), in its own buffer.
    pub fn build(&mut self, sets: impl ExactSizeIterator<Item = Bits81>) {
        self.words = sets.len().div_ceil(64).max(1);
        self.rows.clear();
        self.rows.resize(CELLS * self.words, 0);
        for (i, cells) in sets.enumerate() {
            for cell in cells {
                self.rows[cell * self.words + i / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Word `word` of the sets holding some cell of `cells`.
    #[inline]
    pub fn meeting(&self, cells: Bits81, word: usize) -> u64 {
        cells
            .iter()
            .fold(0, |acc, cell| acc | self.rows[cell * self.words + word])
    }
}

/// Whether GNPX v5 would keep `cells` as a set of its ALS lists ("pure"): every two of the
/// cells share a digit, and no part of two or more (but not all) of them is a locked set (as
/// many digits as cells).
pub fn is_pure_set(grid: &Grid, cells: Bits81) -> bool {
    let mut digits = [0u16; 9];
    let mut n = 0;
    for cell in cells {
        digits[n] = grid.candidates(cell);
        n += 1;
    }
    let digits = &digits[..n];
    for (i, &a) in digits.iter().enumerate() {
        if digits[i + 1..].iter().any(|&b| a & b == 0) {
            return false;
        }
    }
    // The searches' sets have at most five cells: their parts' digits fit a 32-entry array
    // (cleared at every call), not the 512 entries nine cells need.
    if n <= 5 {
        no_locked_part::<32>(digits)
    } else {
        no_locked_part::<512>(digits)
    }
}

/// Whether no proper part of two or more of the cells whose candidates are `digits` (at most
/// log2 `PARTS`) is a locked set.
#[inline]
fn no_locked_part<const PARTS: usize>(digits: &[u16]) -> bool {
    // Parts as bits (bit i = the i-th cell), each part's digits from the part without its
    // lowest cell (a smaller index, so already filled in). Counted by table: the default build
    // has no POPCNT, and `count_ones` here was most of the function's time.
    let mut unions = [0u16; PARTS];
    for part in 1usize..(1 << digits.len()) - 1 {
        let union = unions[part & (part - 1)] | digits[part.trailing_zeros() as usize];
        unions[part] = union;
        let size = bits::nine_bit_count(part as u16);
        if size >= 2 && bits::nine_bit_count(union) == size {
            return false;
        }
    }
    true
}

/// Every ALS of `grid` with `min_cells..=max_cells` cells, house by house (rows, columns,
/// boxes), subsets of a house in increasing bitmask order. A set inside a box∩line segment is
/// reported once, from its line; a one-cell set (a bivalue cell) from its row.
pub fn find_als(grid: &Grid, min_cells: usize, max_cells: usize, out: &mut Vec<Als>) {
    find_locked_sets(grid, 1, min_cells, max_cells, out);
}

/// Every set of `min_cells..=max_cells` unsolved cells of one house holding exactly
/// `extra_digits` more digits than cells (1: an ALS, 2: an AALS), in [`find_als`]'s order. Its
/// `digits` then has n + `extra_digits` digits.
pub fn find_locked_sets(
    grid: &Grid,
    extra_digits: usize,
    min_cells: usize,
    max_cells: usize,
    out: &mut Vec<Als>,
) {
    out.clear();
    for house in 0..27 {
        for_each_locked_set_in_house(grid, house, extra_digits, min_cells, max_cells, |set| {
            out.push(set)
        });
    }
}

/// Calls `found` for every set of [`find_locked_sets`] found in `house`, in its order (subsets
/// of the house in increasing bitmask order; a box's subset lying in one line is found from
/// that line, a single cell from its row, so the houses together report each set once). A set
/// found here depends only on the candidates of its own cells.
pub fn for_each_locked_set_in_house(
    grid: &Grid,
    house: usize,
    extra_digits: usize,
    min_cells: usize,
    max_cells: usize,
    mut found: impl FnMut(Als),
) {
    let unsolved = grid.unsolved();
    let mut cells = [0usize; 9];
    let mut n = 0;
    for &cell in &HOUSE_CELLS[house] {
        if unsolved.contains(cell as usize) {
            cells[n] = cell as usize;
            n += 1;
        }
    }
    for_each_locked_set_among(
        grid,
        &cells[..n],
        extra_digits,
        min_cells,
        max_cells,
        |set, digits| {
            // In a box, a set lying in a line: the line (one of its first cell's two) holds it.
            if (set.is_single() && house >= 9)
                || house >= 18 && houses_holding(set) & ((1 << 18) - 1) != 0
            {
                return;
            }
            let mut digit_cells = [Bits81::EMPTY; 9];
            for d in bits::digits(digits) {
                digit_cells[d] = set & grid.plane(d);
            }
            found(Als {
                cells: set,
                digits,
                house: house as u8,
                digit_cells,
            });
        },
    );
}

/// Calls `found(cells, digits)` for every set of `min_cells..=max_cells` cells among `cells`
/// (unsolved cells of one house, at most nine) holding exactly `extra_digits` more digits than
/// cells (1: an ALS), in increasing subset bitmask order.
pub fn for_each_locked_set_among(
    grid: &Grid,
    cells: &[usize],
    extra_digits: usize,
    min_cells: usize,
    max_cells: usize,
    mut found: impl FnMut(Bits81, u16),
) {
    // Each subset's digits and size from the subset without its lowest cell (already seen:
    // smaller mask), so a subset costs one union instead of a pass over its cells. A subset
    // over the cap is no part of a smaller one's, so it is passed over before its union.
    let mut digits_of = [0u16; 1 << 9];
    let mut size_of = [0u8; 1 << 9];
    for subset in 1usize..(1 << cells.len()) {
        let rest = subset & (subset - 1);
        let size = size_of[rest] as usize + 1;
        size_of[subset] = size as u8;
        if size > max_cells {
            continue;
        }
        let digits = digits_of[rest] | grid.candidates(cells[subset.trailing_zeros() as usize]);
        digits_of[subset] = digits;
        if size < min_cells {
            continue;
        }
        if bits::nine_bit_count(digits) as usize == size + extra_digits {
            let set = bits::set_bits(subset as u32)
                .fold(Bits81::EMPTY, |set, i| set | Bits81::cell(cells[i]));
            found(set, digits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::with_cells;

    #[test]
    fn pure_sets_share_a_digit_pairwise_and_hold_no_locked_part() {
        // r1c1 {1,2}, r1c2 {2,3}, r1c3 {1,3,4}: every two cells share a digit, no two cells
        // hold only two digits: pure.
        let g = with_cells(&[(0, &[1, 2]), (1, &[2, 3]), (2, &[1, 3, 4])]);
        let set = |cells: &[usize]| {
            let mut found = Vec::new();
            find_als(&g, 1, 3, &mut found);
            let wanted = cells
                .iter()
                .fold(Bits81::EMPTY, |acc, &c| acc | Bits81::cell(c));
            found.into_iter().find(|a| a.cells == wanted).unwrap()
        };
        assert!(set(&[0, 1, 2]).is_pure(&g));
        assert!(set(&[0]).is_pure(&g));
        // r1c1 {1,2} and r1c4 {3,4} share nothing (with r1c5 {1,3}: an ALS, not pure); r1c1
        // and r1c6 {1,2} are a naked pair inside the ALS r1c1, r1c6, r1c7 {2,3,4}.
        let g = with_cells(&[
            (0, &[1, 2]),
            (3, &[3, 4]),
            (4, &[1, 3]),
            (5, &[1, 2]),
            (6, &[2, 3, 4]),
        ]);
        let mut found = Vec::new();
        find_als(&g, 3, 3, &mut found);
        let disjoint = Bits81::cell(0) | Bits81::cell(3) | Bits81::cell(4);
        assert!(found.iter().any(|a| a.cells == disjoint && !a.is_pure(&g)));
        let with_pair = Bits81::cell(0) | Bits81::cell(5) | Bits81::cell(6);
        assert!(found.iter().any(|a| a.cells == with_pair && !a.is_pure(&g)));
        // r1c1 {1,2}, r1c2 {2,3}, r1c3 {1,3}, r1c4 {1,2,3,4,5}: an ALS whose cells share a
        // digit pairwise, but its first three cells are a naked triple: not pure.
        let g = with_cells(&[
            (0, &[1, 2]),
            (1, &[2, 3]),
            (2, &[1, 3]),
            (3, &[1, 2, 3, 4, 5]),
        ]);
        let mut found = Vec::new();
        find_als(&g, 4, 4, &mut found);
        let with_triple = (0..4).fold(Bits81::EMPTY, |acc, c| acc | Bits81::cell(c));
        assert!(found
            .iter()
            .any(|a| a.cells == with_triple && !a.is_pure(&g)));
    }

    #[test]
    fn finds_sets_of_n_cells_and_n_plus_one_digits_once() {
        // r1c1 {1,2}, r1c2 {2,3}: a two-cell ALS of row 1 and box 1, reported once.
        let g = with_cells(&[(0, &[1, 2]), (1, &[2, 3])]);
        let mut found = Vec::new();
        find_als(&g, 1, 2, &mut found);
        let pair: Vec<_> = found
            .iter()
            .filter(|a| a.cells == Bits81::cell(0) | Bits81::cell(1))
            .collect();
        assert_eq!(pair.len(), 1);
        assert_eq!(pair[0].digits, 0b111);
        assert_eq!(pair[0].digit_cells[1], pair[0].cells);
        assert_eq!(pair[0].digit_cells[0], Bits81::cell(0));
        // Both bivalue cells are one-cell ALSs; no other cell has two candidates.
        assert_eq!(found.iter().filter(|a| a.cells.count() == 1).count(), 2);
        // Digit 2 (index 1) outside the set and seeing both holders: the rest of row 1 and box 1.
        assert_eq!(pair[0].seen_by_all(&g, 1).count(), 13);
    }
}
