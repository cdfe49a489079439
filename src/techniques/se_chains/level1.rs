//! The level-1 producers that act inside a chain (SE.md §5.5): Pointing & Claiming (§4.4),
//! Hidden Pair (§4.6), Naked Pair (§4.5) and X-Wing (§4.7), each in SE's scan order, with the
//! pattern of its rule parents (what the outer chain must have removed for the hint to need
//! the chain).

use crate::core::{HOUSE_CELLS, HOUSE_SETS};

use super::engine::{Fixed, Inner};
use super::nodes::{at_most_one, exactly_two, Cands};

/// SE's house numbers as sgrade houses: blocks, columns, rows (BCR).
const fn bcr(i: usize) -> usize {
    match i / 9 {
        0 => 18 + i % 9,
        1 => 9 + i % 9,
        _ => i % 9,
    }
}

/// The hints of level-1 producer `which` (0 pointing/claiming, 1 hidden pair, 2 naked pair,
/// 3 X-Wing) on `grid` that can have rule parents, appended to `out` in scan order. `gone` is
/// what the outer chain removed: a hint whose pattern misses it has no rule parents and is
/// ignored by the chain, so it is skipped here before it is built.
pub fn hints(which: usize, grid: &Cands, fixed: &Fixed, gone: &[u128; 9], out: &mut Vec<Inner>) {
    // The digits the outer chain removed something of: a hint of any other digit alone has
    // no rule parents, so the scans visit these digits only (in ascending order, as before).
    let mut lost = 0u16;
    for (d, &g) in gone.iter().enumerate() {
        if g != 0 {
            lost |= 1 << d;
        }
    }
    match which {
        0 => locking(grid, gone, lost, out),
        1 => hidden_pairs(grid, fixed, gone, lost, out),
        2 => naked_pairs(grid, fixed, gone, out),
        _ => x_wings(grid, fixed, gone, lost, out),
    }
}

/// The houses of kind `second` (0 rows, 9 columns, 18 blocks) that meet house `first + i`,
/// in ascending order (a block meets three lines, a line three blocks).
fn meeting(first: usize, second: usize, i: usize) -> [usize; 3] {
    match (first, second) {
        (18, 9) => [3 * (i % 3), 3 * (i % 3) + 1, 3 * (i % 3) + 2],
        (18, _) => [3 * (i / 3), 3 * (i / 3) + 1, 3 * (i / 3) + 2],
        (9, _) => [i / 3, i / 3 + 3, i / 3 + 6],
        _ => [3 * (i / 3), 3 * (i / 3) + 1, 3 * (i / 3) + 2],
    }
}

fn locking(grid: &Cands, gone: &[u128; 9], lost: u16, out: &mut Vec<Inner>) {
    // (block, column), (block, row), (column, block), (row, block); of the second kind only
    // the houses meeting the first (the others share no cell), in the same order.
    let passes: [(usize, usize); 4] = [(18, 9), (18, 0), (9, 18), (0, 18)];
    for (first, second) in passes {
        for i in 0..9 {
            let h1 = HOUSE_SETS[first + i].0;
            // The digits that can lock in `h1` at all (something removed in it, two
            // positions left): the tests below imply these, so filtering first skips the
            // rest of the work without changing what is found or its order.
            let mut from = 0u16;
            let mut digits = lost;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if gone[d] & h1 != 0 && !at_most_one(grid.planes[d] & h1) {
                    from |= 1 << d;
                }
            }
            if from == 0 {
                continue;
            }
            for j in meeting(first, second, i) {
                let h2 = HOUSE_SETS[second + j].0;
                debug_assert!(h1 & h2 != 0);
                let mut digits = from;
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    if gone[d] & h1 & !h2 == 0 {
                        continue;
                    }
                    let there = grid.planes[d] & h1;
                    if at_most_one(there) || there & !h2 != 0 {
                        continue;
                    }
                    let gone = grid.planes[d] & h2 & !h1;
                    if gone == 0 {
                        continue;
                    }
                    let mut inner = empty();
                    inner.elims[d] = gone;
                    inner.cause[d] = h1 & !h2;
                    out.push(inner);
                }
            }
        }
    }
}

fn empty() -> Inner {
    Inner {
        cause: [0; 9],
        elims: [0; 9],
        nested: None,
    }
}

fn hidden_pairs(
    grid: &Cands,
    fixed: &Fixed,
    gone: &[u128; 9],
    lost_any: u16,
    out: &mut Vec<Inner>,
) {
    for i in 0..27 {
        let house = bcr(i);
        let set = HOUSE_SETS[house].0;
        if fixed.open[house] <= 4 {
            continue;
        }
        let mut lost = 0u16;
        let mut digits = lost_any;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if gone[d] & set != 0 {
                lost |= 1 << d;
            }
        }
        if lost == 0 {
            continue;
        }
        for b in 1..9 {
            // Two digits with at least two positions each and two together have the same
            // two positions.
            let pb = grid.planes[b] & set;
            if !exactly_two(pb) {
                continue;
            }
            for a in 0..b {
                if lost >> a & 1 == 0 && lost >> b & 1 == 0 {
                    continue;
                }
                let pa = grid.planes[a] & set;
                if pa != pb {
                    continue;
                }
                let cells = pa | pb;
                let mut inner = empty();
                let mut any = false;
                for e in 0..9 {
                    if e != a && e != b {
                        inner.elims[e] = grid.planes[e] & cells;
                        any |= inner.elims[e] != 0;
                    }
                }
                let outside = set & !cells;
                if any && (gone[a] | gone[b]) & outside != 0 {
                    inner.cause[a] = outside;
                    inner.cause[b] = outside;
                    out.push(inner);
                }
            }
        }
    }
}

fn naked_pairs(grid: &Cands, fixed: &Fixed, gone: &[u128; 9], out: &mut Vec<Inner>) {
    let touched = gone.iter().fold(0u128, |a, &g| a | g);
    // Two cells with at least two candidates each and two together are bivalue cells with
    // the same candidates: only bivalue cells can pair.
    let mut bivalue = 0u128;
    for (c, &mask) in grid.masks.iter().enumerate() {
        if exactly_two(mask as u128) {
            bivalue |= 1u128 << c;
        }
    }
    for i in 0..27 {
        let house = bcr(i);
        let set = HOUSE_SETS[house].0;
        if fixed.open[house] < 4 || touched & set == 0 || at_most_one(bivalue & set) {
            continue;
        }
        let cells = HOUSE_CELLS[house];
        for q in 1..9 {
            let y = cells[q] as usize;
            if bivalue >> y & 1 == 0 {
                continue;
            }
            for p in 0..q {
                let x = cells[p] as usize;
                if bivalue >> x & 1 == 0 || touched & (1u128 << x | 1u128 << y) == 0 {
                    continue;
                }
                let (mx, my) = (grid.masks[x], grid.masks[y]);
                if mx != my {
                    continue;
                }
                let digits = mx | my;
                let pair = 1u128 << x | 1u128 << y;
                let mut inner = empty();
                let mut any = false;
                for d in 0..9 {
                    if digits >> d & 1 == 1 {
                        inner.elims[d] = grid.planes[d] & set & !pair;
                        any |= inner.elims[d] != 0;
                    } else {
                        inner.cause[d] = pair;
                    }
                }
                if any {
                    out.push(inner);
                }
            }
        }
    }
}

fn x_wings(grid: &Cands, fixed: &Fixed, gone: &[u128; 9], lost: u16, out: &mut Vec<Inner>) {
    // Digits placed at most five times (else no two lines have two positions each) that the
    // outer chain removed something of.
    let mut eligible = lost;
    for (d, &placed) in fixed.placed_count.iter().enumerate() {
        if placed + 4 > 9 {
            eligible &= !(1 << d);
        }
    }
    if eligible == 0 {
        return;
    }
    // Base columns and cover rows, then base rows and cover columns.
    for (base, cover) in [(9usize, 0usize), (0, 9)] {
        // Per base line, the eligible digits with exactly two positions there and those
        // the outer chain removed something of there: a pair of lines is tried only for
        // digits of both tests (implied by the tests below, so nothing found changes, nor
        // its order).
        let (mut two, mut hit) = ([0u16; 9], [0u16; 9]);
        for l in 0..9 {
            let set = HOUSE_SETS[base + l].0;
            let mut digits = eligible;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if exactly_two(grid.planes[d] & set) {
                    two[l] |= 1 << d;
                }
                if gone[d] & set != 0 {
                    hit[l] |= 1 << d;
                }
            }
        }
        for j in 1..9 {
            if two[j] == 0 {
                continue;
            }
            for i in 0..j {
                let (b1, b2) = (HOUSE_SETS[base + i].0, HOUSE_SETS[base + j].0);
                let mut digits = two[i] & two[j] & (hit[i] | hit[j]);
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    if gone[d] & (b1 | b2) == 0 {
                        continue;
                    }
                    let (p1, p2) = (grid.planes[d] & b1, grid.planes[d] & b2);
                    // Each base line meets each cover line once, so positions (at least two
                    // per base line) in two cover lines in all are two per base line in the
                    // same cover lines: the second base line's are the first's, shifted.
                    let shift = if base == 9 { j - i } else { 9 * (j - i) };
                    if !exactly_two(p1) || p2 != p1 << shift {
                        continue;
                    }
                    let (c1, c2) = (
                        p1.trailing_zeros() as usize,
                        127 - p1.leading_zeros() as usize,
                    );
                    let line = |c: usize| {
                        if cover == 0 {
                            HOUSE_SETS[crate::core::row_of(c)].0
                        } else {
                            HOUSE_SETS[9 + crate::core::col_of(c)].0
                        }
                    };
                    let covers = line(c1) | line(c2);
                    let gone = grid.planes[d] & covers & !(b1 | b2);
                    if gone == 0 {
                        continue;
                    }
                    let mut inner = empty();
                    inner.elims[d] = gone;
                    inner.cause[d] = (b1 | b2) & !covers;
                    out.push(inner);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meeting_names_exactly_the_houses_that_share_cells() {
        for (first, second) in [(18, 9), (18, 0), (9, 18), (0, 18)] {
            for i in 0..9 {
                let h1 = HOUSE_SETS[first + i].0;
                let all: Vec<usize> = (0..9)
                    .filter(|&j| h1 & HOUSE_SETS[second + j].0 != 0)
                    .collect();
                assert_eq!(
                    meeting(first, second, i).to_vec(),
                    all,
                    "{first} {second} {i}"
                );
            }
        }
    }
}
