//! The Sudoku symmetry group acting on grids: transposition, band and row permutations,
//! stack and column permutations (2 × 6⁸ = 3,359,232 geometric transforms) and digit
//! relabelling (9!).

/// One symmetry: first an optional transposition, then the row and column permutations, then
/// the digit relabelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transform {
    /// Whether the grid is transposed first.
    pub transpose: bool,
    /// `rows[r]` = the row of the (transposed) source grid that becomes row `r`. Must keep
    /// bands together (a valid Sudoku symmetry); [`Transform::is_valid`] checks it.
    pub rows: [u8; 9],
    /// `cols[c]` = the source column that becomes column `c`, stacks kept together.
    pub cols: [u8; 9],
    /// `digits[d]` = the digit that digit `d` (1..=9) becomes; `digits[0]` is 0 (empty).
    pub digits: [u8; 10],
}

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// Whether the row and column permutations keep bands and stacks together and the digit
    /// map is a permutation of 1..=9 fixing 0.
    pub fn is_valid(&self) -> bool {
        fn keeps_blocks(perm: &[u8; 9]) -> bool {
            let mut seen = 0u16;
            for block in perm.chunks(3) {
                let band = block[0] / 3;
                if block.iter().any(|&x| x >= 9 || x / 3 != band) {
                    return false;
                }
                for &x in block {
                    seen |= 1 << x;
                }
            }
            seen == 0x1ff
        }
        let digits_ok = self.digits[0] == 0 && {
            let mut seen = 0u16;
            self.digits[1..].iter().all(|&d| {
                (1..=9).contains(&d) && {
                    let fresh = seen & (1 << d) == 0;
                    seen |= 1 << d;
                    fresh
                }
            })
        };
        keeps_blocks(&self.rows) && keeps_blocks(&self.cols) && digits_ok
    }

    /// Applies the transform to `grid` (row-major cells, 0 = empty, 1..=9 = digit).
    pub fn apply(&self, grid: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (self.rows[r] as usize, self.cols[c] as usize);
                let source = if self.transpose {
                    grid[sc * 9 + sr]
                } else {
                    grid[sr * 9 + sc]
                };
                out[r * 9 + c] = self.digits[source as usize];
            }
        }
        out
    }

    /// Applies the transform to a pencil-mark grid (per cell the candidate mask, bit `d` =
    /// digit `d + 1`).
    pub fn apply_marks(&self, marks: &[u16; 81]) -> [u16; 81] {
        let mut out = [0u16; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (self.rows[r] as usize, self.cols[c] as usize);
                let source = if self.transpose {
                    marks[sc * 9 + sr]
                } else {
                    marks[sr * 9 + sc]
                };
                out[r * 9 + c] = (0..9)
                    .filter(|d| source >> d & 1 != 0)
                    .fold(0, |m, d| m | 1 << (self.digits[d + 1] - 1));
            }
        }
        out
    }

    /// A pseudo-random transform drawn from `seed` (splitmix64): every geometric transform
    /// and relabelling can occur. Deterministic, so a test or a run can be repeated.
    pub fn random(seed: u64) -> Transform {
        let mut state = seed;
        let mut next = move |bound: u64| -> usize {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            (z % bound) as usize
        };
        fn shuffle(items: &mut [u8], next: &mut impl FnMut(u64) -> usize) {
            for i in (1..items.len()).rev() {
                items.swap(i, next(i as u64 + 1));
            }
        }
        let block_perm = |next: &mut dyn FnMut(u64) -> usize| -> [u8; 9] {
            let mut blocks = [0u8, 1, 2];
            shuffle(&mut blocks, &mut |b| next(b));
            let mut perm = [0u8; 9];
            for (i, &block) in blocks.iter().enumerate() {
                let mut inner = [0u8, 1, 2];
                shuffle(&mut inner, &mut |b| next(b));
                for (j, &x) in inner.iter().enumerate() {
                    perm[i * 3 + j] = block * 3 + x;
                }
            }
            perm
        };
        let transpose = next(2) == 1;
        let rows = block_perm(&mut next);
        let cols = block_perm(&mut next);
        let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut labels, &mut next);
        let mut digits = [0u8; 10];
        digits[1..].copy_from_slice(&labels);
        Transform {
            transpose,
            rows,
            cols,
            digits,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_transforms_are_valid_and_identity_changes_nothing() {
        let grid: [u8; 81] = std::array::from_fn(|i| (i % 10) as u8);
        assert_eq!(Transform::IDENTITY.apply(&grid), grid);
        assert!(Transform::IDENTITY.is_valid());
        let mut seen_transposed = false;
        for seed in 0..200 {
            let t = Transform::random(seed);
            assert!(t.is_valid(), "{t:?}");
            seen_transposed |= t.transpose;
        }
        assert!(seen_transposed);
        let mut bad = Transform::IDENTITY;
        bad.rows.swap(2, 3);
        assert!(!bad.is_valid(), "rows 2 and 3 lie in different bands");
    }
}
