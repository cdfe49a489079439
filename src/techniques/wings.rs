//! Wings: XY-Wing (GNPX's bivalue weak links), XYZ-Wing, GNPX v5.84's XYZ-Wing (ALS) and
//! W-Wing.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::notation::{cell_name, digit_list};
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSES, HOUSE_SETS, PEERS};
use crate::model::als::{for_each_locked_set_among, MAX_ALS_CELLS};
use crate::model::links::{sees, with_links, ChainLink};
use crate::techniques::step::{with_kept_step, Step};
use crate::techniques::text::{
    cell_with_digits, cells_with_digits, default_line, eliminated_cells, StepText,
};
use serde_json::{Map, Value};

/// The single digit of a one-bit mask.
#[inline]
fn only_digit(mask: u16) -> usize {
    mask.trailing_zeros() as usize
}

/// XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and {y,z}; whichever digit
/// the pivot takes, one pincer is z, so z leaves every cell seeing both pincers. Pivots in cell
/// order, then pincer pairs in cell order.
pub fn xy_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        for pivot in bivalue {
            let pivot_mask = links.mask(pivot);
            let (x, y) = (
                only_digit(pivot_mask),
                only_digit(pivot_mask & (pivot_mask - 1)),
            );
            let around = bivalue & PEERS[pivot];
            // Pincer with x (not y), pincer with y (not x).
            let with_x = (around & links.plane(x)).and_not(links.plane(y));
            let with_y = (around & links.plane(y)).and_not(links.plane(x));
            for q in with_x {
                let z_mask = links.mask(q) & !(1 << x);
                let z = only_digit(z_mask);
                for r in with_y {
                    if links.mask(r) & !(1 << y) != z_mask {
                        continue;
                    }
                    let removed = links.plane(z) & PEERS[q] & PEERS[r];
                    if removed.is_empty() {
                        continue;
                    }
                    with_kept_step(|step| {
                        step.reset(TechniqueId::XyWing);
                        step.eliminations.planes[z] = removed;
                        step.cells = Bits81::cell(pivot) | Bits81::cell(q) | Bits81::cell(r);
                        step.digits = pivot_mask | z_mask;
                        step.pivot = Some(pivot as u8);
                        // The wing as the XY-chain it is: q not z ⇒ q=x ⇒ pivot=y ⇒ r=z.
                        step.chain.extend([
                            ChainLink::strong((q, z), (q, x)),
                            ChainLink::weak((q, x), (pivot, x)),
                            ChainLink::strong((pivot, x), (pivot, y)),
                            ChainLink::weak((pivot, y), (r, y)),
                            ChainLink::strong((r, y), (r, z)),
                        ]);
                        sink(step)
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// XYZ-Wing: a pivot {x,y,z} sees two bivalue pincers {x,z} and {y,z}; one of the three cells is
/// z, so z leaves every cell seeing all three. Pivots in cell order, then pincer pairs.
pub fn xyz_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        for pivot in grid.unsolved() {
            let pivot_mask = links.mask(pivot);
            if pivot_mask.count_ones() != 3 {
                continue;
            }
            let pincers: Bits81 = (bivalue & PEERS[pivot])
                .iter()
                .filter(|&c| links.mask(c) & !pivot_mask == 0)
                .collect();
            for q in pincers {
                for r in pincers {
                    let (q_mask, r_mask) = (links.mask(q), links.mask(r));
                    if r <= q || q_mask == r_mask {
                        continue;
                    }
                    let z = only_digit(q_mask & r_mask);
                    let removed = links.plane(z) & PEERS[pivot] & PEERS[q] & PEERS[r];
                    if removed.is_empty() {
                        continue;
                    }
                    with_kept_step(|step| {
                        step.reset(TechniqueId::XyzWing);
                        step.eliminations.planes[z] = removed;
                        step.cells = Bits81::cell(pivot) | Bits81::cell(q) | Bits81::cell(r);
                        step.digits = pivot_mask;
                        step.pivot = Some(pivot as u8);
                        // Each pincer is z or its other digit.
                        step.chain.extend([
                            ChainLink::strong((q, z), (q, only_digit(q_mask & !(1 << z)))),
                            ChainLink::strong((r, z), (r, only_digit(r_mask & !(1 << z)))),
                        ]);
                        sink(step)
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// GNPX's names of an XYZ-Wing (ALS) by its stem's candidate count (2..=6).
pub const XYZ_WING_ALS_NAMES: [&str; 5] = [
    "XY-Wing",
    "XYZ-Wing",
    "WXYZ-Wing",
    "VWXYZ-Wing",
    "UVWXYZ-Wing",
];

/// The most candidates a stem of GNPX's XYZ_WingALS may have.
const MAX_STEM_DIGITS: u32 = 6;

/// An almost locked set inside one part of an XYZ-Wing (ALS): its cells and digits.
#[derive(Clone, Copy, Debug, Default)]
struct WingSet {
    cells: Bits81,
    digits: u16,
}

/// The most sets one part can hold: the non-empty subsets of its at most six cells.
const MAX_PART_SETS: usize = 63;

/// The sets of up to [`MAX_ALS_CELLS`] cells inside `part` (at most six cells of one house)
/// whose digits lie within `allowed`, written to `sets` smaller first (GNPX's ALS order: size,
/// digits, cells); returns how many.
fn part_sets(
    grid: &Grid,
    part: Bits81,
    allowed: u16,
    sets: &mut [WingSet; MAX_PART_SETS],
) -> usize {
    let mut cells = [0usize; 9];
    let mut n = 0;
    for cell in part {
        if grid.candidates(cell) & !allowed == 0 {
            cells[n] = cell;
            n += 1;
        }
    }
    let mut count = 0;
    for_each_locked_set_among(grid, &cells[..n], 1, 1, MAX_ALS_CELLS, |cells, digits| {
        sets[count] = WingSet { cells, digits };
        count += 1;
    });
    sets[..count].sort_unstable_by_key(|s| (s.cells.count(), s.digits, s.cells.0));
    count
}

/// XYZ-Wing (ALS), GNPX v5.84's XYZ_WingALS: a stem P sees two almost locked sets through a
/// digit z: `out` in one of P's lines outside P's box, `inn` in P's box outside that line, every
/// cell of both holding z, and P's candidates are exactly the sets' digits but z. Whatever P
/// takes is a digit of a set all of whose cells see P, so that set loses it and is locked on
/// the rest, z included: z is in `out` or in `inn`, and leaves every cell seeing all the z
/// places of both (cells of either part excepted, as GNPX does). One-cell sets are bivalue
/// cells, so the plain XY-Wing with one pincer in the line and one in the box is the smallest
/// case. GNPX's order: stems by candidate count (2..=6), then cell; digit z; P's row, then its
/// column; `out`, then `inn`, smaller sets first.
pub fn xyz_wing_als(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    let mut outs = [WingSet::default(); MAX_PART_SETS];
    let mut inns = [WingSet::default(); MAX_PART_SETS];
    for width in 2..=MAX_STEM_DIGITS {
        for stem in unsolved {
            let stem_digits = grid.candidates(stem);
            if stem_digits.count_ones() != width {
                continue;
            }
            let [row, col, stem_box] = CELL_HOUSES[stem].map(usize::from);
            let box_cells = HOUSE_SETS[stem_box];
            for z in 0..9 {
                // The sets' digits but z are the stem's, so a stem holding z has no wing on z.
                if stem_digits & (1 << z) != 0 {
                    continue;
                }
                let seen = grid.plane(z) & PEERS[stem];
                let in_box = seen & box_cells;
                if in_box.is_empty() {
                    continue;
                }
                let allowed = stem_digits | 1 << z;
                for line in [row, col] {
                    let box_part = in_box.and_not(HOUSE_SETS[line]);
                    let line_part = (seen & HOUSE_SETS[line]).and_not(box_cells);
                    if box_part.is_empty() || line_part.is_empty() {
                        continue;
                    }
                    let out_count = part_sets(grid, line_part, allowed, &mut outs);
                    if out_count == 0 {
                        continue;
                    }
                    let inn_count = part_sets(grid, box_part, allowed, &mut inns);
                    let targets = grid.plane(z).and_not(line_part | box_part);
                    for out in &outs[..out_count] {
                        let seeing_out = out.cells.iter().fold(targets, |acc, c| acc & PEERS[c]);
                        if seeing_out.is_empty() {
                            continue;
                        }
                        for inn in &inns[..inn_count] {
                            if (out.digits | inn.digits) & !(1 << z) != stem_digits {
                                continue;
                            }
                            let removed =
                                inn.cells.iter().fold(seeing_out, |acc, c| acc & PEERS[c]);
                            if removed.is_empty() {
                                continue;
                            }
                            with_kept_step(|step| {
                                step.reset(TechniqueId::XyzWingAls);
                                step.eliminations.planes[z] = removed;
                                step.cells = Bits81::cell(stem) | out.cells | inn.cells;
                                step.digits = allowed;
                                step.pivot = Some(stem as u8);
                                step.houses = 1 << line | 1 << stem_box;
                                step.als.extend([out.cells, inn.cells]);
                                step.rcc.extend([out.digits, inn.digits]);
                                sink(step)
                            })?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// W-Wing: two bivalue cells {x,y} that do not see each other, and a strong link on y whose ends
/// see one cell each. Both cells cannot be y, so x leaves every cell seeing both. One step per
/// (cell pair, eliminated digit), with the first strong link in house order.
pub fn w_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        for w1 in bivalue {
            let mask = links.mask(w1);
            for w2 in links.cells_with_pair(mask) {
                if w2 <= w1 || sees(w1, w2) {
                    continue;
                }
                let both = PEERS[w1] & PEERS[w2];
                for (x, y) in [
                    (only_digit(mask), only_digit(mask & (mask - 1))),
                    (only_digit(mask & (mask - 1)), only_digit(mask)),
                ] {
                    let removed = links.plane(x) & both;
                    if removed.is_empty() {
                        continue;
                    }
                    let Some((s1, s2)) = connecting_link(links.plane(y), links, y, w1, w2) else {
                        continue;
                    };
                    with_kept_step(|step| {
                        step.reset(TechniqueId::WWing);
                        step.eliminations.planes[x] = removed;
                        step.cells = [w1, w2, s1, s2].into_iter().collect();
                        step.digits = mask;
                        // w1 not x ⇒ w1=y ⇒ s1 not y ⇒ s2=y ⇒ w2 not y ⇒ w2=x.
                        step.chain.extend([
                            ChainLink::strong((w1, x), (w1, y)),
                            ChainLink::weak((w1, y), (s1, y)),
                            ChainLink::strong((s1, y), (s2, y)),
                            ChainLink::weak((s2, y), (w2, y)),
                            ChainLink::strong((w2, y), (w2, x)),
                        ]);
                        sink(step)
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// The first conjugate pair of digit `y` (house order) with one end seeing `w1` and the other
/// seeing `w2`, neither end being `w1` or `w2`; returned as (end seeing w1, end seeing w2).
fn connecting_link(
    plane: Bits81,
    links: &crate::model::links::Links,
    y: usize,
    w1: usize,
    w2: usize,
) -> Option<(usize, usize)> {
    let houses = links.conjugate_houses(y);
    for house in 0..HOUSES {
        if houses & (1 << house) == 0 {
            continue;
        }
        let pair = plane & HOUSE_SETS[house];
        if pair.contains(w1) || pair.contains(w2) {
            continue;
        }
        let mut it = pair.iter();
        let (a, b) = (it.next()?, it.next()?);
        if sees(a, w1) && sees(b, w2) {
            return Some((a, b));
        }
        if sees(b, w1) && sees(a, w2) {
            return Some((b, a));
        }
    }
    None
}

/// A node's cell and the digit mask of an in-cell strong link (`from` off, `to` on).
fn in_cell_mask(link: &ChainLink) -> (usize, u16) {
    (
        link.from.cell as usize,
        (1 << link.from.digit) | (1 << link.to.digit),
    )
}

/// `XY Wing Pivot: r1c1(#12) Pin: r1c5(#23) ,r2c2(#13) Eliminated: r2c5(#3)`.
pub fn xy_wing_line(step: &Step) -> String {
    if step.chain.len() != 5 {
        return default_line(step);
    }
    let (q, q_mask) = in_cell_mask(&step.chain[0]);
    let (pivot, pivot_mask) = in_cell_mask(&step.chain[2]);
    let (r, r_mask) = in_cell_mask(&step.chain[4]);
    format!(
        "XY Wing Pivot: {} Pin: {} ,{} Eliminated: {}",
        cell_with_digits(pivot, pivot_mask),
        cell_with_digits(r, r_mask),
        cell_with_digits(q, q_mask),
        eliminated_cells(&step.eliminations)
    )
}

/// `XYZ Wing Pivot: r1c1(#123) Pin: r1c5(#13) ,r2c2(#23) Eliminated: r1c2(#3)`.
pub fn xyz_wing_line(step: &Step) -> String {
    if step.chain.len() != 2 {
        return default_line(step);
    }
    let pivot = step.pivot.map_or(0, |p| p as usize);
    let (q, q_mask) = in_cell_mask(&step.chain[0]);
    let (r, r_mask) = in_cell_mask(&step.chain[1]);
    format!(
        "XYZ Wing Pivot: {} Pin: {} ,{} Eliminated: {}",
        cell_with_digits(pivot, step.digits),
        cell_with_digits(r, r_mask),
        cell_with_digits(q, q_mask),
        eliminated_cells(&step.eliminations)
    )
}

/// The text of XYZ-Wing (ALS): its line and its `xyz_wing_als` JSON object.
pub const XYZ_WING_ALS_TEXT: StepText = StepText {
    line: xyz_wing_als_line,
    details: crate::techniques::text::no_details,
    extras: xyz_wing_als_extras,
};

/// An XYZ-Wing (ALS) step read back: its stem, the stem's candidates and the eliminated digit
/// (a mask).
struct XyzWingAlsParts {
    stem: usize,
    stem_digits: u16,
    digit: u16,
}

impl XyzWingAlsParts {
    /// The parts of a step with its two sets (`None` for a step without them).
    fn of(step: &Step) -> Option<XyzWingAlsParts> {
        if step.als.len() != 2 || step.rcc.len() != 2 {
            return None;
        }
        let digit = (0..9)
            .filter(|&d| !step.eliminations.planes[d].is_empty())
            .fold(0u16, |mask, d| mask | 1 << d);
        Some(XyzWingAlsParts {
            stem: step.pivot.map_or(0, usize::from),
            stem_digits: step.digits & !digit,
            digit,
        })
    }

    /// GNPX's name by the stem's candidate count: XY-Wing for two … UVWXYZ-Wing for six.
    fn name(&self) -> &'static str {
        let width = self.stem_digits.count_ones() as usize;
        XYZ_WING_ALS_NAMES[width.clamp(2, XYZ_WING_ALS_NAMES.len() + 1) - 2]
    }
}

/// `XYZ-Wing (ALS) #4 Pivot: r1c1(#123) out: r1c56(#124) in: r2c2(#34) Eliminated: …`.
pub fn xyz_wing_als_line(step: &Step) -> String {
    let Some(wing) = XyzWingAlsParts::of(step) else {
        return default_line(step);
    };
    let set = |i: usize| cells_with_digits(step.als[i], step.rcc[i]);
    format!(
        "{} (ALS) #{} Pivot: {} out: {} in: {} Eliminated: {}",
        wing.name(),
        digit_list(wing.digit),
        cell_with_digits(wing.stem, wing.stem_digits),
        set(0),
        set(1),
        eliminated_cells(&step.eliminations)
    )
}

/// The `xyz_wing_als` object: name, stem, stem_digits, digit, and the `out` and `in` sets.
pub fn xyz_wing_als_extras(step: &Step, json: &mut Map<String, Value>) {
    let Some(wing) = XyzWingAlsParts::of(step) else {
        return;
    };
    let digits = |mask: u16| {
        crate::core::bits::digits(mask)
            .map(|d| d + 1)
            .collect::<Vec<_>>()
    };
    let set = |i: usize| {
        serde_json::json!({
            "cells": step.als[i].iter().map(cell_name).collect::<Vec<_>>(),
            "digits": digits(step.rcc[i]),
        })
    };
    json.insert(
        "xyz_wing_als".to_string(),
        serde_json::json!({
            "name": wing.name(),
            "stem": cell_name(wing.stem),
            "stem_digits": digits(wing.stem_digits),
            "digit": wing.digit.trailing_zeros() + 1,
            "out": set(0),
            "in": set(1),
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells};

    #[test]
    fn xy_wing_removes_z_from_cells_seeing_both_pincers() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 3]), (36, &[2, 3])]);
        let steps = TechniqueId::XyWing.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, candidates(&["r5c5#3"]));
        assert_eq!(steps[0].pivot, Some(0));
    }

    #[test]
    fn xyz_wing_needs_cells_seeing_all_three() {
        // Pivot r1c1 {1,2,3}, pincers r1c8 {1,3} and r2c2 {2,3}: only r1c2 and r1c3 see all three.
        let g = with_cells(&[(0, &[1, 2, 3]), (7, &[1, 3]), (10, &[2, 3])]);
        let steps = TechniqueId::XyzWing.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, candidates(&["r1c2#3", "r1c3#3"]));
    }

    /// The XYZ-Wing (ALS) steps of `g` with stem `stem`.
    fn wings_at(g: &Grid, stem: usize) -> Vec<Step> {
        TechniqueId::XyzWingAls
            .find_all(g)
            .into_iter()
            .filter(|s| s.pivot == Some(stem as u8))
            .collect()
    }

    #[test]
    fn xyz_wing_als_removes_z_seen_by_both_sets() {
        // Stem r1c1 {1,2,3}; out: r1c5 {1,4} + r1c6 {2,4} (row 1 outside box 1, a 2-cell ALS);
        // in: r2c2 {3,4} (box 1 outside row 1). Stem 1 or 2 locks out on 4, stem 3 makes r2c2
        // 4: 4 is in r1c5, r1c6 or r2c2, so it leaves r1c2 r1c3 (row 1, box 1) and r2c4..r2c6
        // (row 2, box 2). Cells of either part (r1c4, r1c7.., r2c1, r2c3 …) keep it.
        let g = with_cells(&[(0, &[1, 2, 3]), (4, &[1, 4]), (5, &[2, 4]), (10, &[3, 4])]);
        let steps = wings_at(&g, 0);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(
            step.eliminations,
            candidates(&["r1c2#4", "r1c3#4", "r2c4#4", "r2c5#4", "r2c6#4"])
        );
        assert_eq!(
            step.als,
            [Bits81::cell(4) | Bits81::cell(5), Bits81::cell(10)]
        );
        assert_eq!(step.rcc, [0b1011, 0b1100]);
        assert_eq!(step.digits, 0b1111);
        assert_eq!(step.houses, 1 << 0 | 1 << 18);
    }

    #[test]
    fn xyz_wing_als_tries_narrow_stems_first() {
        // The wing above (stem r1c1, three digits) and a bivalue one: stem r9c9 {5,6}, out
        // r9c1 {5,7}, in r8c8 {6,7}, taking 7 from r9c7 r9c8 (row 9, box 9) and r8c1..r8c3
        // (row 8, box 7). GNPX tries stems of two candidates before those of three, so the
        // later cell's wing comes first.
        let g = with_cells(&[
            (0, &[1, 2, 3]),
            (4, &[1, 4]),
            (5, &[2, 4]),
            (10, &[3, 4]),
            (80, &[5, 6]),
            (72, &[5, 7]),
            (70, &[6, 7]),
        ]);
        let first = TechniqueId::XyzWingAls.find_first(&g).unwrap();
        assert_eq!(first.pivot, Some(80));
        assert_eq!(
            first.eliminations,
            candidates(&["r9c7#7", "r9c8#7", "r8c1#7", "r8c2#7", "r8c3#7"])
        );
        assert_eq!(wings_at(&g, 0).len(), 1);
    }

    #[test]
    fn xyz_wing_als_needs_a_stem_without_z() {
        // As above with 4 added to the stem: stem 4 forces neither set, so 4 may be missing
        // from both and r2c4..r2c6 (which do not see the stem) could be 4; no wing.
        let g = with_cells(&[
            (0, &[1, 2, 3, 4]),
            (4, &[1, 4]),
            (5, &[2, 4]),
            (10, &[3, 4]),
        ]);
        assert!(wings_at(&g, 0).is_empty());
        // The stem must be exactly the sets' digits but z: a fifth digit breaks it too.
        let g = with_cells(&[
            (0, &[1, 2, 3, 5]),
            (4, &[1, 4]),
            (5, &[2, 4]),
            (10, &[3, 4]),
        ]);
        assert!(wings_at(&g, 0).is_empty());
    }

    #[test]
    fn xyz_wing_als_with_one_cell_sets_is_an_xy_wing() {
        // Pivot r1c1 {1,2}, pincer r1c5 {1,3} in its row outside its box, pincer r2c2 {2,3} in
        // its box outside its row: the XY-Wing's eliminations, found as two one-cell sets.
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 3]), (10, &[2, 3])]);
        let steps = wings_at(&g, 0);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let xy = TechniqueId::XyWing.find_all(&g);
        assert!(xy
            .iter()
            .any(|s| s.pivot == Some(0) && s.eliminations == steps[0].eliminations));
        assert_eq!(
            steps[0].eliminations,
            candidates(&["r1c2#3", "r1c3#3", "r2c4#3", "r2c5#3", "r2c6#3"])
        );
    }

    #[test]
    fn w_wing_needs_a_connecting_strong_link() {
        // {1,2} in r1c1 and r5c5; 2 in column 9 only at r1c9 and r5c9 (sees r1c1 / r5c5).
        let mut cells: Vec<(usize, &[usize])> = vec![(0, &[1, 2]), (40, &[1, 2])];
        for row in [1, 2, 3, 5, 6, 7, 8] {
            cells.push((row * 9 + 8, &[1, 3, 4]));
        }
        let g = with_cells(&cells);
        let steps = TechniqueId::WWing.find_all(&g);
        assert!(!steps.is_empty());
        assert!(steps
            .iter()
            .all(|s| s.eliminations.planes[0] == g.plane(0) & PEERS[0] & PEERS[40]));
        assert!(steps[0].eliminations.contains(4, 0)); // r1c5 sees both
                                                       // Without the strong link there is no W-Wing.
        let g = with_cells(&[(0, &[1, 2]), (40, &[1, 2])]);
        assert!(TechniqueId::WWing.find_all(&g).is_empty());
    }

    #[test]
    fn describes_xyz_wing_als_with_stem_sets_and_json() {
        use crate::core::test_support::with_cells;
        // Stem r1c1 {1,2,3}, out r1c56 {1,2,4}, in r2c2 {3,4}: 4 leaves r1c23 and r2c456.
        let g = with_cells(&[(0, &[1, 2, 3]), (4, &[1, 4]), (5, &[2, 4]), (10, &[3, 4])]);
        let step = TechniqueId::XyzWingAls.find_first(&g).unwrap();
        assert_eq!(
            xyz_wing_als_line(&step),
            "XYZ-Wing (ALS) #4 Pivot: r1c1(#123) out: r1c56(#124) in: r2c2(#34) Eliminated: \
             r1c2(#4) r1c3(#4) r2c4(#4) r2c5(#4) r2c6(#4)"
        );
        let mut json = Map::new();
        xyz_wing_als_extras(&step, &mut json);
        let wing = &json["xyz_wing_als"];
        assert_eq!(wing["name"], "XYZ-Wing");
        assert_eq!(wing["stem"], "r1c1");
        assert_eq!(wing["stem_digits"], serde_json::json!([1, 2, 3]));
        assert_eq!(wing["digit"], 4);
        assert_eq!(wing["out"]["cells"], serde_json::json!(["r1c5", "r1c6"]));
        assert_eq!(wing["out"]["digits"], serde_json::json!([1, 2, 4]));
        assert_eq!(wing["in"]["cells"], serde_json::json!(["r2c2"]));
        // A bivalue stem is GNPX's "XY-Wing (*ALS)".
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 3]), (10, &[2, 3])]);
        let step = TechniqueId::XyzWingAls.find_first(&g).unwrap();
        assert!(xyz_wing_als_line(&step).starts_with("XY-Wing (ALS) #3 Pivot: r1c1(#12)"));
    }
}
