//! Lookup tables of the band solver, built at compile time.
//!
//! A band is three rows of the grid; one digit's candidates in a band are a 27-bit word, bit
//! `row * 9 + column` (row 0..3 within the band). A *mini-row* is the three cells a row shares
//! with a box; the band's nine mini-rows are numbered `row * 3 + box`.

use crate::core::ORDERS_OF_THREE;

/// Bits 0..27: one digit's candidates in a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For a row's nine column bits, which of its three mini-rows (bit per box) hold a candidate.
pub(super) static SHRINK: [u8; 512] = build_shrink();

/// For a mini-row pattern (bit `row * 3 + box` set where the digit can still be), the cells of
/// the mini-rows that lie on at least one placement of the digit in the band, 0 if there is none.
///
/// The digit occupies exactly one mini-row per row and one per box of a band, so its three
/// mini-rows form a permutation pattern; a mini-row on no permutation inside the pattern cannot
/// hold the digit. This one lookup does pointing and claiming (locked candidates) inside the
/// band, and finds a band where the digit has no room at all.
pub(super) static KEEP: [u32; 512] = build_keep();

/// [`KEEP`] as mini-row bits rather than cells. With bands as rows and the three columns of a
/// stack as boxes, it is the same constraint for the mini-columns of a stack.
pub(super) static KEEP_MINI: [u16; 512] = build_keep_mini();

/// The nine cells of each row of a band.
pub(super) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];

/// Spreads a 9-bit column set over the three rows of a band (multiplication without carries).
pub(super) const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

const fn build_shrink() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut boxes = 0u8;
        let mut b = 0;
        while b < 3 {
            if (x >> (3 * b)) & 7 != 0 {
                boxes |= 1 << b;
            }
            b += 1;
        }
        table[x] = boxes;
        x += 1;
    }
    table
}

const fn build_keep() -> [u32; 512] {
    let minis = build_keep_mini();
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut cells = 0u32;
        let mut m = 0;
        while m < 9 {
            if minis[pattern] & (1 << m) != 0 {
                let (row, bx) = (m / 3, m % 3);
                cells |= 7 << (row * 9 + bx * 3);
            }
            m += 1;
        }
        table[pattern] = cells;
        pattern += 1;
    }
    table
}

const fn build_keep_mini() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut pattern: usize = 0;
    while pattern < 512 {
        let mut minirows = 0u32;
        let mut p = 0;
        while p < 6 {
            // One of the six ways to give each row of a band one box, each box one row.
            let perm = ORDERS_OF_THREE[p];
            let mask: usize =
                1 << perm[0] | 1 << (3 + perm[1] as usize) | 1 << (6 + perm[2] as usize);
            if pattern & mask == mask {
                minirows |= mask as u32;
            }
            p += 1;
        }
        table[pattern] = minirows as u16;
        pattern += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_is_idempotent_and_within_the_pattern() {
        for pattern in 0..512usize {
            let cells = KEEP[pattern];
            let kept = (0..9)
                .filter(|m| cells & (7 << ((m / 3) * 9 + (m % 3) * 3)) != 0)
                .fold(0usize, |acc, m| acc | 1 << m);
            assert_eq!(kept & !pattern, 0);
            assert_eq!(KEEP[kept], cells);
            // A pattern with a permutation keeps one mini-row in every row and box.
            if cells != 0 {
                for r in 0..3 {
                    assert_ne!(kept & (7 << (3 * r)), 0);
                    assert_ne!(kept & (0b1001001 << r), 0);
                }
            }
        }
        assert_eq!(KEEP[0x1FF], BAND);
        assert_eq!(KEEP[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        assert_eq!(KEEP[0b011_011_000], 0);
    }
}
