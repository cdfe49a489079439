//! Almost locked sets (ALS): n unsolved cells of one house holding n+1 digits between them.
//!
//! If one of its digits is removed from all of its cells, the remaining n cells must take the
//! other n digits, each exactly once (the cells share a house). ALS links of the super-link
//! model, ALS-XZ, ALS-XY-Wing, ALS chains and Death Blossom all build on this enumeration.

use crate::core::{Bits81, Grid, HOUSE_CELLS, HOUSE_SETS, PEERS};

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
    let unsolved = grid.unsolved();
    for house in 0..27 {
        let mut cells = [0usize; 9];
        let mut n = 0;
        for &cell in &HOUSE_CELLS[house] {
            if unsolved.contains(cell as usize) {
                cells[n] = cell as usize;
                n += 1;
            }
        }
        let cells = &cells[..n];
        for subset in 1u32..(1 << n) {
            let size = subset.count_ones() as usize;
            if size < min_cells || size > max_cells {
                continue;
            }
            let mut set = Bits81::EMPTY;
            let mut digits = 0u16;
            for (i, &cell) in cells.iter().enumerate() {
                if subset & (1 << i) != 0 {
                    set.insert(cell);
                    digits |= grid.candidates(cell);
                }
            }
            if digits.count_ones() as usize != size + extra_digits {
                continue;
            }
            // A box's subset lying in one line is found from that line, a single cell from its row.
            if (size == 1 && house >= 9)
                || house >= 18 && (0..18).any(|line| set.is_subset_of(HOUSE_SETS[line]))
            {
                continue;
            }
            let mut digit_cells = [Bits81::EMPTY; 9];
            for (d, slot) in digit_cells.iter_mut().enumerate() {
                if digits & (1 << d) != 0 {
                    *slot = set & grid.plane(d);
                }
            }
            out.push(Als {
                cells: set,
                digits,
                house: house as u8,
                digit_cells,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_support::with_cells;

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
