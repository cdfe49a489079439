//! Sudoku Explainer 1.2.1's non-chain producers (`../shared/SE.md` §4), each with SE's own scan
//! order, house filters and tie-breaks: the first hint a producer yields is the one SE applies,
//! so these orders decide the path. Every step carries its SE difficulty as a raw f64
//! ([`Step::difficulty`]) and, where one producer has several forms, which one
//! ([`Step::variant`]); [`se_name`] gives SE's hint name.
//!
//! Coordinates follow SE: houses are scanned blocks first (SE's BCR order: blocks, columns,
//! rows, or BRC: blocks, rows, columns, as each technique says); a position in a house is
//! [`HOUSE_CELLS`]' index, which for a block is SE's 3·(r mod 3) + (c mod 3).

use crate::core::{Bits81, Grid, HOUSE_CELLS, HOUSE_SETS};
use crate::techniques::step::{Step, StepDifficulty};
use crate::techniques::TechniqueId;

pub mod aligned;
pub mod basic;
pub mod bug;
pub mod memo;
pub mod text;
pub mod unique_loops;

/// Houses in SE's BCR order (blocks, columns, rows): hidden singles and subsets.
pub const BCR: [usize; 27] = house_order([18, 9, 0]);

/// Houses in SE's BRC order (blocks, rows, columns): its generic order.
pub const BRC: [usize; 27] = house_order([18, 0, 9]);

/// The 27 houses, nine of each kind in turn, kinds starting at the given house numbers.
const fn house_order(starts: [usize; 3]) -> [usize; 27] {
    let mut order = [0; 27];
    let mut i = 0;
    while i < 27 {
        order[i] = starts[i / 9] + i % 9;
        i += 1;
    }
    order
}

/// SE's peer order P(x) of every cell: the other cells of its block in block order, then its
/// row outside the block left to right, then its column outside the block top to bottom.
pub static PEER_ORDER: [[u8; 20]; 81] = peer_order();

const fn peer_order() -> [[u8; 20]; 81] {
    let mut table = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let block = 18 + (r / 3) * 3 + c / 3;
        let mut n = 0;
        let mut k = 0;
        while k < 9 {
            let other = HOUSE_CELLS[block][k] as usize;
            if other != cell {
                table[cell][n] = other as u8;
                n += 1;
            }
            k += 1;
        }
        k = 0;
        while k < 9 {
            if k / 3 != c / 3 {
                table[cell][n] = (r * 9 + k) as u8;
                n += 1;
            }
            k += 1;
        }
        k = 0;
        while k < 9 {
            if k / 3 != r / 3 {
                table[cell][n] = (k * 9 + c) as u8;
                n += 1;
            }
            k += 1;
        }
        cell += 1;
    }
    table
}

/// Comb(k, 9) for k = 0..=9: SE's combination order (§1), the k-element subsets of 0..9 as
/// bit masks in ascending order (at most C(9, 4) = 126 of them per k).
pub struct Comb9 {
    masks: [[u16; 126]; 10],
    lens: [usize; 10],
}

impl Comb9 {
    /// The masks of Comb(k, 9) in SE's order.
    #[inline]
    pub fn of(&self, k: usize) -> &[u16] {
        &self.masks[k][..self.lens[k]]
    }
}

/// Comb(k, 9) for every k, built at compile time.
pub static COMB9: Comb9 = {
    let mut table = Comb9 {
        masks: [[0; 126]; 10],
        lens: [0; 10],
    };
    let mut mask = 0u32;
    while mask < 512 {
        let k = mask.count_ones() as usize;
        table.masks[k][table.lens[k]] = mask as u16;
        table.lens[k] += 1;
        mask += 1;
    }
    table
};

/// The number of one bits of a digit or position mask, by the CPU's POPCNT where it has one
/// ([`crate::core::bits::popcount`]): `u16::count_ones` is a software sequence of a dozen
/// instructions on the baseline x86-64 build, and the subset, fish and wing searches count
/// masks at every tuple.
#[inline(always)]
pub fn ones(mask: u16) -> u32 {
    crate::core::bits::popcount(u128::from(mask))
}

/// The positions (bit k = position k of [`HOUSE_CELLS`]) of `digit`'s candidates in `house`.
#[inline]
pub fn positions(grid: &Grid, house: usize, digit: usize) -> u16 {
    house_positions(grid.plane(digit), house)
}

/// The positions (bit k = position k of [`HOUSE_CELLS`]) of the cells of `set` in `house`, by
/// shifts: a row is nine consecutive bits, a block three runs of three, a column every ninth.
#[inline]
pub fn house_positions(set: Bits81, house: usize) -> u16 {
    let bits = set.0;
    match house {
        0..=8 => ((bits >> (9 * house)) & 0x1ff) as u16,
        9..=17 => {
            let column = bits >> (house - 9);
            let mut mask = 0u16;
            for row in 0..9 {
                mask |= (((column >> (9 * row)) & 1) as u16) << row;
            }
            mask
        }
        _ => {
            let block = house - 18;
            let first = bits >> (27 * (block / 3) + 3 * (block % 3));
            ((first & 7) | ((first >> 9) & 7) << 3 | ((first >> 18) & 7) << 6) as u16
        }
    }
}

/// The positions (bit k = position k of [`HOUSE_CELLS`]) of every digit's candidates in
/// `house`, read off the cells' candidate masks (cost: one step per candidate).
#[inline]
pub fn house_digit_positions(grid: &Grid, house: usize) -> [u16; 9] {
    let mut pos = [0u16; 9];
    for (k, &cell) in HOUSE_CELLS[house].iter().enumerate() {
        let mut mask = grid.candidates(cell as usize);
        while mask != 0 {
            pos[mask.trailing_zeros() as usize] |= 1 << k;
            mask &= mask - 1;
        }
    }
    pos
}

/// The k-subsets of the digits of `digits`, as masks in SE's Comb order (ascending), into
/// `out`; their number. Comb(k, n) over the n digits of `digits`, each index mapped to its
/// digit: the mapping keeps the masks' order, so this is Comb(k, 9) less the tuples that hold
/// a digit outside `digits`.
#[inline]
pub fn subsets_of(digits: u16, k: usize, out: &mut [u16; 126]) -> usize {
    let n = digits.count_ones() as usize;
    if n < k {
        return 0;
    }
    let mut index = [0u8; 9];
    let (mut rest, mut i) = (digits, 0);
    while rest != 0 {
        index[i] = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        i += 1;
    }
    let mut len = 0;
    for &compact in COMB9.of(k) {
        if compact >= 1 << n {
            // Comb order is ascending: every later mask uses an index ≥ n too.
            break;
        }
        let (mut mask, mut bits) = (0u16, compact);
        while bits != 0 {
            mask |= 1 << index[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        out[len] = mask;
        len += 1;
    }
    len
}

/// The cells of `house` at the positions of `mask`.
#[inline]
pub fn cells_at(house: usize, mask: u16) -> Bits81 {
    let mut cells = Bits81::EMPTY;
    for (k, &cell) in HOUSE_CELLS[house].iter().enumerate() {
        if mask & (1 << k) != 0 {
            cells.insert(cell as usize);
        }
    }
    cells
}

/// Number of empty cells of `house`.
#[inline]
pub fn empty_cells(grid: &Grid, house: usize) -> u32 {
    (grid.unsolved() & HOUSE_SETS[house]).count()
}

/// A step of `technique` worth `difficulty` on SE's scale.
pub fn se_step(technique: TechniqueId, difficulty: f64) -> Step {
    let mut step = Step::new(technique);
    step.difficulty = Some(StepDifficulty(difficulty));
    step
}

/// SE's difficulty of a step: its own, or the base of its technique when it carries none
/// (`base_tenths` from the scale's table).
pub fn difficulty_of(step: &Step, base_tenths: u8) -> f64 {
    step.difficulty
        .map(|d| d.0)
        .unwrap_or(f64::from(base_tenths) / 10.0)
}

/// How serate prints a difficulty: w = trunc((x + 0.05) · 10), then `w/10 "." w%10`.
pub fn format_difficulty(x: f64) -> String {
    let w = tenths(x);
    format!("{}.{}", w / 10, w % 10)
}

/// serate's printed value of `x` in tenths, trunc((x + 0.05) · 10) (§2.3).
pub fn tenths(x: f64) -> i64 {
    ((x + 0.05) * 10.0).trunc() as i64
}

/// SE's hint name of a step (`Hidden Single`, `Unique Loop 8 type 2`, …): a chain step's own
/// name, else the catalogue row's SE name function, else its title.
pub fn se_name(step: &Step) -> &'static str {
    // A chain step carries its name (SE names chains by form, level and complexity).
    if let Some(name) = crate::techniques::se_chains::se_name(step) {
        return name;
    }
    let info = step.technique.info();
    match info.se_name {
        Some(name) => name(step),
        None => info.title,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peer_order_is_block_then_row_then_column() {
        // r1c1 (cell 0): block cells 1, 2, 9, 10, 11, 18, 19, 20; row 3..8; column 27, 36, …
        let p = PEER_ORDER[0];
        assert_eq!(&p[..8], &[1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(&p[8..14], &[3, 4, 5, 6, 7, 8]);
        assert_eq!(&p[14..], &[27, 36, 45, 54, 63, 72]);
        for (cell, peers) in PEER_ORDER.iter().enumerate() {
            let set: Bits81 = peers.iter().map(|&p| p as usize).collect();
            assert_eq!(set, crate::core::PEERS[cell]);
        }
    }

    #[test]
    fn house_positions_follow_house_cells() {
        // Every house and a set holding every third cell, then every cell.
        for set in [
            Bits81((0..81).step_by(3).fold(0, |m, c| m | 1 << c)),
            Bits81::ALL,
        ] {
            for house in 0..27 {
                let expected = (0..9).fold(0u16, |m, k| {
                    m | u16::from(set.contains(HOUSE_CELLS[house][k] as usize)) << k
                });
                assert_eq!(house_positions(set, house), expected, "house {house}");
            }
        }
    }

    #[test]
    fn subsets_keep_comb_order() {
        let mut out = [0u16; 126];
        for digits in [0b1_0110_1101u16, 0x1ff, 0b101, 0] {
            for k in 1..=4 {
                let n = subsets_of(digits, k, &mut out);
                let expected: Vec<u16> = COMB9
                    .of(k)
                    .iter()
                    .copied()
                    .filter(|t| t & !digits == 0)
                    .collect();
                assert_eq!(&out[..n], &expected[..], "{digits:b} {k}");
            }
        }
    }

    #[test]
    fn combinations_ascend_by_mask() {
        assert_eq!(&COMB9.of(2)[..4], &[0b11, 0b101, 0b110, 0b1001]);
        assert_eq!(COMB9.of(3).len(), 84);
        assert_eq!(COMB9.of(4).len(), 126);
    }

    #[test]
    fn serate_rounding() {
        assert_eq!(format_difficulty(1.2), "1.2");
        assert_eq!(format_difficulty(6.5 + 0.2 + 0.3), "7.0");
        assert_eq!(format_difficulty(4.5 + 0.3 + 0.2), "5.0");
        assert_eq!(format_difficulty(20.0), "20.0");
        assert_eq!(format_difficulty(10.04), "10.0");
        assert_eq!(format_difficulty(10.05), "10.1");
        assert_eq!(BCR[9], 9);
        assert_eq!(BRC[9], 0);
        assert_eq!(BCR[0], 18);
    }
}
