//! A quick test that rules out the basic and finned basic fish of one digit and size, so that
//! the generic search runs only where one may exist (a few hundred instructions, where the
//! search of a plane with targets takes thousands).
//!
//! A fish of rows to columns (columns to rows: the same on the transposed plane) with base rows
//! S and cover columns C eliminates some cell `t` of the targets (every fish eliminates only
//! such cells, [`super::templates`]). `t` is a candidate outside the base (so `row(t)` is not in
//! S) in a cover column (`col(t)` in C), and every fin sees it: a fin lies in a base row and
//! outside the cover columns, so it sees `t` only through `t`'s box. Hence every base candidate
//! outside `box(t)` (every base candidate, for a finless fish) lies in C, and with `col(t)`
//! that makes at most N columns. The test looks for N rows and a target with that property; a
//! fish found by the search always has them, so where the test finds none the search would
//! find nothing.

use crate::core::bits::nine_bit_count;
use crate::core::Bits81;

/// `STACK[s]`: the cross positions `3s..3s+3` of a line (stack `s`'s columns, for a row).
const STACK: [u16; 3] = [0b000_000_111, 0b000_111_000, 0b111_000_000];

/// Whether a basic fish (`finned`: a basic fish with or without fins) of `size` for the digit
/// with candidates `plane` may eliminate one of `targets`, in either orientation. `false` only
/// where neither orientation has one.
pub(crate) fn may_have_fish(plane: Bits81, targets: Bits81, size: usize, finned: bool) -> bool {
    let (rows, cols) = line_masks(plane);
    let (target_rows, target_cols) = line_masks(targets);
    may_have_line_fish(&rows, &target_rows, size, finned)
        || may_have_line_fish(&cols, &target_cols, size, finned)
}

/// Each row's candidates as column bits, and each column's as row bits.
fn line_masks(set: Bits81) -> ([u16; 9], [u16; 9]) {
    let (mut rows, mut cols) = ([0u16; 9], [0u16; 9]);
    for (row, mask) in rows.iter_mut().enumerate() {
        *mask = (set.0 >> (9 * row)) as u16 & 0x1FF;
    }
    for cell in set {
        cols[cell % 9] |= 1 << (cell / 9);
    }
    (rows, cols)
}

/// [`may_have_fish`] for one orientation: `lines[l]` holds base line `l`'s candidates as cross
/// positions, `targets[l]` the targets on it. With fins, each box holding a target is tried as
/// the fins' box.
fn may_have_line_fish(lines: &[u16; 9], targets: &[u16; 9], size: usize, finned: bool) -> bool {
    if !finned {
        return covered_lines_exist(lines, targets, size, None);
    }
    // The boxes holding a target, bit `3 * band + stack`.
    let mut boxes = 0u16;
    for (line, &here) in targets.iter().enumerate() {
        for (stack, &cross) in STACK.iter().enumerate() {
            if here & cross != 0 {
                boxes |= 1 << (3 * (line / 3) + stack);
            }
        }
    }
    while boxes != 0 {
        let fin_box = boxes.trailing_zeros() as usize;
        boxes &= boxes - 1;
        if covered_lines_exist(lines, targets, size, Some(fin_box)) {
            return true;
        }
    }
    false
}

/// Whether `size` non-empty lines and a target `t` on none of them exist such that the lines'
/// candidates, those in `fin_box` left out, and `t`'s cross position make at most `size`
/// positions (`t` in `fin_box` when there is one).
fn covered_lines_exist(
    lines: &[u16; 9],
    targets: &[u16; 9],
    size: usize,
    fin_box: Option<usize>,
) -> bool {
    // Where a target may lie, and where fins may (without fins: nowhere).
    let (target_lines, target_cross, fin_lines) = match fin_box {
        Some(b) => (
            0b111u16 << (3 * (b / 3)),
            STACK[b % 3],
            0b111u16 << (3 * (b / 3)),
        ),
        None => (0x1FF, 0x1FF, 0),
    };
    // The lines holding a target: one of them stays out of the base.
    let mut with_targets = 0u16;
    for (line, &here) in targets.iter().enumerate() {
        if target_lines & 1 << line != 0 && here & target_cross != 0 {
            with_targets |= 1 << line;
        }
    }
    if with_targets == 0 {
        return false;
    }
    // The lines that may be base lines, with what they need covered (not the only line with
    // targets).
    let lone_target_line = if with_targets.is_power_of_two() {
        with_targets
    } else {
        0
    };
    let (mut needs, mut index, mut count) = ([0u16; 9], [0u8; 9], 0);
    for (line, &mask) in lines.iter().enumerate() {
        if mask == 0 || lone_target_line & 1 << line != 0 {
            continue;
        }
        let outside = if fin_lines & 1 << line != 0 {
            mask & !target_cross
        } else {
            mask
        };
        if (nine_bit_count(outside) as usize) <= size {
            needs[count] = outside;
            index[count] = line as u8;
            count += 1;
        }
    }
    let eligible = Eligible {
        needs: &needs[..count],
        index: &index[..count],
        targets,
        with_targets,
        target_cross,
        size,
    };
    eligible.extend(0, 0, 0, 0)
}

/// The lines [`covered_lines_exist`] may take, and what a choice of them must meet.
struct Eligible<'a> {
    needs: &'a [u16],
    index: &'a [u8],
    targets: &'a [u16; 9],
    /// The lines holding a target.
    with_targets: u16,
    target_cross: u16,
    size: usize,
}

impl Eligible<'_> {
    /// Whether the `taken` lines (bits by line, `union` their needs) extend, from `needs[start..]`,
    /// to `size` lines with a target.
    fn extend(&self, start: usize, taken_count: usize, taken: u16, union: u16) -> bool {
        if taken_count == self.size {
            // A target off the chosen lines whose position keeps the union within `size`.
            let full = nine_bit_count(union) as usize == self.size;
            return (0..9).any(|line| {
                self.with_targets & !taken & 1 << line != 0
                    && (!full || self.targets[line] & self.target_cross & union != 0)
            });
        }
        if self.with_targets & !taken == 0 {
            return false;
        }
        let left = self.size - taken_count;
        if self.needs.len() < start + left {
            return false;
        }
        (start..=self.needs.len() - left).any(|i| {
            let union = union | self.needs[i];
            (nine_bit_count(union) as usize) <= self.size
                && self.extend(i + 1, taken_count + 1, taken | 1 << self.index[i], union)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;
    use crate::techniques::fish::search::{search_within, SearchSpec, COLS, ROWS};
    use std::ops::ControlFlow;

    /// The fish the search finds on `plane` for `targets`, both orientations.
    fn searched(plane: Bits81, targets: Bits81, size: usize, finned: bool) -> usize {
        let mut found = 0;
        for (base_houses, cover_houses) in [(ROWS, COLS), (COLS, ROWS)] {
            let spec = SearchSpec {
                size,
                base_houses,
                cover_houses,
                max_exo_fins: if finned {
                    crate::techniques::fish::MAX_EXO_FINS
                } else {
                    0
                },
                max_endo_fins: 0,
                require_endo_fins: false,
                cannibalism: false,
                kraken: false,
            };
            let _ = search_within(plane, 0, &spec, targets, &mut |_| {
                found += 1;
                ControlFlow::Continue(())
            });
        }
        found
    }

    #[test]
    fn no_fish_where_the_bound_rules_them_out() {
        // Digit planes of the shipped hard states, those planes thinned at random, and random
        // planes; the targets are the cells in no template, on every other plane with random
        // cells added. Where the bound says no, the search finds nothing; it says no often, and
        // without fins it is nearly exact.
        let mut rng = Xorshift(0x3C6E_F372_FE94_F82B);
        let mut planes = Vec::new();
        for (_, grid) in crate::techniques::shipped_hard_states() {
            for digit in 0..9 {
                let plane = grid.plane(digit);
                planes.push(plane);
                planes.push(plane & rng.random_set(80));
                planes.push(plane & rng.random_set(60));
            }
        }
        for density in [20, 30, 45] {
            for _ in 0..200 {
                planes.push(rng.random_set(density));
            }
        }
        let (mut ruled_out, mut with_fish, mut kept_without) = (0, 0, [0, 0]);
        for (index, &plane) in planes.iter().enumerate() {
            // The search's precondition: every fish eliminates only targets. The cells in no
            // template, and on every other plane some more.
            let mut targets = plane.and_not(super::super::templates::template_cells(plane));
            if index % 2 == 1 {
                targets |= plane & rng.random_set(25);
            }
            if targets.is_empty() {
                continue;
            }
            for size in 2..=7 {
                for finned in [false, true] {
                    let found = searched(plane, targets, size, finned);
                    let possible = may_have_fish(plane, targets, size, finned);
                    assert!(
                        possible || found == 0,
                        "size {size} finned {finned}: {found} fish, plane {plane:?}, targets {targets:?}"
                    );
                    ruled_out += !possible as usize;
                    with_fish += (found > 0) as usize;
                    kept_without[finned as usize] += (possible && found == 0) as usize;
                }
            }
        }
        assert!(
            ruled_out > 2_000
                && with_fish > 300
                && kept_without[0] + kept_without[1] < ruled_out / 20,
            "{ruled_out} ruled out, {with_fish} with fish, {kept_without:?} kept without"
        );
    }
}
