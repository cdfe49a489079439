//! Single-digit patterns: GNPX's Skyscraper (two strong links, one pair of ends linked), split
//! into HoDoKu's narrower names, and the Empty Rectangle.
//!
//! GNPX's Skyscraper pairs any two conjugate pairs of a digit (row, column or box) of which
//! exactly one pair of ends shares a house; one of the two other ends must be true, so the digit
//! leaves every cell seeing both. Each such pattern is counted once, under the narrowest HoDoKu
//! name that fits it ([`Shape`]):
//! - `skyscraper`: two row links whose linked ends share a column (or two column links whose
//!   linked ends share a row);
//! - `two-string-kite`: a row link and a column link whose linked ends share a box;
//! - `turbot-fish`: every other shape (a box link, or parallel links joined through a box).
//!
//! The three ids are three rungs at GNPX's Skyscraper difficulty, each scanning the same patterns
//! in the same order and keeping its own shape.
//!
//! Eliminations are every candidate seeing both free ends (HoDoKu's rule). GNPX's code also
//! leaves out cells that see one of the linked ends; those eliminations are valid all the same
//! (one free end is true whatever the linked ends do), so we keep them.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::notation::{cell_name, compressed_cells, digit_list, house_list};
use crate::core::{box_of, cell_at, col_of, row_of, Bits81, Grid, HOUSE_SETS, PEERS};
use crate::model::links::{
    sees, with_links, ChainLink, Links, MemoSlot, StrongLink, MAX_STRONG_LINKS,
};
use crate::techniques::memo::ByPlane;
use crate::techniques::step::{with_kept_step, Step};
use crate::techniques::text::{chain_text, removed};

/// Houses 0..9 (rows) as a house-set mask.
const ROWS: u32 = 0x1FF;
/// Houses 9..18 (columns) as a house-set mask.
const COLS: u32 = 0x1FF << 9;

/// The HoDoKu name of a two-strong-link pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Parallel line links whose linked ends share a perpendicular line.
    Skyscraper,
    /// A row link and a column link whose linked ends share a box.
    TwoStringKite,
    /// Any other shape.
    TurbotFish,
}

impl Shape {
    /// The technique counting this shape.
    pub fn technique(self) -> TechniqueId {
        match self {
            Shape::Skyscraper => TechniqueId::Skyscraper,
            Shape::TwoStringKite => TechniqueId::TwoStringKite,
            Shape::TurbotFish => TechniqueId::TurbotFish,
        }
    }
}

/// Classifies links `a` and `b` whose ends `a1` and `b1` share a house.
fn shape(a: &StrongLink, b: &StrongLink, a1: usize, b1: usize) -> Shape {
    let (row_a, col_a) = (a.houses & ROWS != 0, a.houses & COLS != 0);
    let (row_b, col_b) = (b.houses & ROWS != 0, b.houses & COLS != 0);
    if (row_a && row_b && col_of(a1) == col_of(b1)) || (col_a && col_b && row_of(a1) == row_of(b1))
    {
        Shape::Skyscraper
    } else if ((row_a && col_b) || (col_a && row_b)) && box_of(a1) == box_of(b1) {
        Shape::TwoStringKite
    } else {
        Shape::TurbotFish
    }
}

/// One GNPX skyscraper: links `a` (ends `a1`, `a2`) and `b` (ends `b1`, `b2`) of `digit`, with
/// `a1` and `b1` sharing a house, and what it removes.
struct TwoLinks<'l> {
    digit: usize,
    a: &'l StrongLink,
    b: &'l StrongLink,
    ends: [usize; 4],
    shape: Shape,
    removed: Bits81,
}

/// Calls `visit` for every GNPX skyscraper of `digit` with eliminations, link pair by pair.
/// Reads nothing of the grid but the digit's plane.
fn visit_two_links<'l>(
    links: &'l Links,
    digit: usize,
    visit: &mut dyn FnMut(&TwoLinks<'l>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let plane = links.plane(digit);
    let strong = links.strong_links(digit);
    // Per link: its cells, and the cells seeing either end (for a quick pair filter).
    let mut cells = [Bits81::EMPTY; MAX_STRONG_LINKS];
    let mut seen = [Bits81::EMPTY; MAX_STRONG_LINKS];
    for (i, link) in strong.iter().enumerate() {
        cells[i] = link.cells();
        seen[i] = PEERS[link.a as usize] | PEERS[link.b as usize];
    }
    for (i, a) in strong.iter().enumerate() {
        for (j, b) in strong.iter().enumerate().skip(i + 1) {
            if cells[i].intersects(cells[j]) || !seen[i].intersects(cells[j]) {
                continue;
            }
            // Exactly one of the four cross pairs may share a house.
            let orientations = [
                [a.a, a.b, b.a, b.b],
                [a.a, a.b, b.b, b.a],
                [a.b, a.a, b.a, b.b],
                [a.b, a.a, b.b, b.a],
            ];
            let mut linked = None;
            let mut count = 0;
            for ends in &orientations {
                if sees(ends[0] as usize, ends[2] as usize) {
                    count += 1;
                    linked = Some(ends.map(|c| c as usize));
                }
            }
            let Some(ends) = linked else {
                continue;
            };
            let removed = plane & PEERS[ends[1]] & PEERS[ends[3]];
            if count != 1 || removed.is_empty() {
                continue;
            }
            visit(&TwoLinks {
                digit,
                a,
                b,
                ends,
                shape: shape(a, b, ends[0], ends[2]),
                removed,
            })?;
        }
    }
    ControlFlow::Continue(())
}

thread_local! {
    /// Per digit, the shapes of GNPX skyscraper its plane holds (bit per [`Shape`]).
    static DIGIT_SHAPES: std::cell::RefCell<ByPlane<u32>> =
        const { std::cell::RefCell::new(ByPlane::new()) };
}

/// The shapes of GNPX skyscraper `digit` holds in `links` (bit per [`Shape`]): kept by plane,
/// so that from one state to the next only the digits whose planes changed are scanned.
fn digit_shapes(links: &Links, digit: usize) -> u32 {
    let plane = links.plane(digit);
    if let Some(shapes) = DIGIT_SHAPES.with(|kept| kept.borrow().get(digit, plane)) {
        return shapes;
    }
    let mut shapes = 0u32;
    let _ = visit_two_links(links, digit, &mut |found| {
        shapes |= 1 << found.shape as u32;
        ControlFlow::Continue(())
    });
    DIGIT_SHAPES.with(|kept| kept.borrow_mut().set(digit, plane, shapes));
    shapes
}

/// Every GNPX skyscraper of shape `wanted`. The shapes present in a state are found once (one
/// scan for the three rungs, and only of the digits whose planes changed since the last);
/// a rung whose shape is absent returns at once, and one whose shape is present scans only the
/// digits holding it.
fn two_strong_links(grid: &Grid, sink: &mut StepSink<'_>, wanted: Shape) -> ControlFlow<()> {
    with_links(grid, |links| {
        let present = links.memo(MemoSlot::TwoLinkShapes, || {
            (0..9).fold(0, |shapes, digit| shapes | digit_shapes(links, digit))
        });
        let wanted_bit = 1 << wanted as u32;
        if present & wanted_bit == 0 {
            return ControlFlow::Continue(());
        }
        (0..9).try_for_each(|digit| {
            if digit_shapes(links, digit) & wanted_bit == 0 {
                return ControlFlow::Continue(());
            }
            visit_two_links(links, digit, &mut |found| {
                if found.shape != wanted {
                    return ControlFlow::Continue(());
                }
                let [a1, a2, b1, b2] = found.ends;
                let digit = found.digit;
                with_kept_step(|step| {
                    step.reset(wanted.technique());
                    step.eliminations.planes[digit] = found.removed;
                    step.houses = found.a.houses | found.b.houses;
                    step.cells = found.a.cells() | found.b.cells();
                    step.digits = 1 << digit;
                    step.chain.extend([
                        ChainLink::strong((a2, digit), (a1, digit)),
                        ChainLink::weak((a1, digit), (b1, digit)),
                        ChainLink::strong((b1, digit), (b2, digit)),
                    ]);
                    sink(step)
                })
            })
        })
    })
}

/// Skyscraper: two parallel line links whose linked ends share a line.
pub fn skyscraper(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    two_strong_links(grid, sink, Shape::Skyscraper)
}

/// 2-String Kite: a row link and a column link whose linked ends share a box.
pub fn two_string_kite(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    two_strong_links(grid, sink, Shape::TwoStringKite)
}

/// Turbot Fish: every other GNPX skyscraper (a box link, or line links joined through a box).
pub fn turbot_fish(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    two_strong_links(grid, sink, Shape::TurbotFish)
}

/// Empty Rectangle (GNPX's box-based search). In a box whose candidates of X all lie on the row
/// and the column through a pivot cell, with some off the row and some off the column, X is true
/// on the pivot's row or on its column inside the box. A strong link from a cell P on the pivot's
/// column (outside the box) to a cell Q then removes X from the cell on the pivot's row and Q's
/// column: P true empties the box's column, P false makes Q true. The same holds with rows and
/// columns swapped. The strong link may lie in any house (GNPX; HoDoKu only takes the line across
/// the pivot's line). One step per (digit, box, pivot, strong link, eliminated cell).
pub fn empty_rectangle(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        for digit in 0..9 {
            let plane = links.plane(digit);
            // A digit's search reads only its plane: one that found nothing on this plane
            // before finds nothing again.
            if ER_MISSES.with(|misses| misses.borrow()[0].get(digit, plane).is_some()) {
                continue;
            }
            let mut found = false;
            // Only cells with a conjugate partner can be P.
            let linked = links.strong_cells(digit);
            for bx in 0..9 {
                let box_set = HOUSE_SETS[18 + bx];
                let (band, stack) = (bx / 3 * 3, bx % 3 * 3);
                // The box's candidates as 9 local bits (bit 3·row + col).
                let local = (0..3).fold(0u16, |m, r| {
                    m | ((((plane.0 >> cell_at(band + r, stack)) & 7) as u16) << (3 * r))
                });
                if !(2..=5).contains(&local.count_ones()) {
                    continue;
                }
                for pivot_local in 0..9 {
                    let row_bits = 7u16 << (pivot_local / 3 * 3);
                    let col_bits = 0b001_001_001u16 << (pivot_local % 3);
                    // Some candidates off the row, some off the column, none off both.
                    if local & !row_bits == 0
                        || local & !col_bits == 0
                        || local & !(row_bits | col_bits) != 0
                    {
                        continue;
                    }
                    let (row, col) = (band + pivot_local / 3, stack + pivot_local % 3);
                    let pivot = cell_at(row, col);
                    let in_box = plane & box_set;
                    // P on the pivot's column: the cell removed is on the pivot's row.
                    for p in (linked & HOUSE_SETS[9 + col]).and_not(box_set) {
                        for q in links.strong_partners(digit, p) {
                            let target = cell_at(row, col_of(q));
                            if box_set.contains(target) || !plane.contains(target) {
                                continue;
                            }
                            found = true;
                            er_step(digit, bx, in_box, pivot, p, q, target, sink)?;
                        }
                    }
                    // P on the pivot's row: the cell removed is on the pivot's column.
                    for p in (linked & HOUSE_SETS[row]).and_not(box_set) {
                        for q in links.strong_partners(digit, p) {
                            let target = cell_at(row_of(q), col);
                            if box_set.contains(target) || !plane.contains(target) {
                                continue;
                            }
                            found = true;
                            er_step(digit, bx, in_box, pivot, p, q, target, sink)?;
                        }
                    }
                }
            }
            if !found {
                ER_MISSES.with(|misses| misses.borrow_mut()[0].set(digit, plane, ()));
            }
        }
        ControlFlow::Continue(())
    })
}

thread_local! {
    /// Per digit, the plane on which the Empty Rectangle search last found nothing: GNPX's
    /// (slot 0) and HoDoKu's (slot 1).
    static ER_MISSES: std::cell::RefCell<[ByPlane<()>; 2]> =
        const { std::cell::RefCell::new([ByPlane::new(), ByPlane::new()]) };
}

/// Empty rectangles as HoDoKu 2.2 searches them: digits, then boxes, then the pivot from the
/// box's last cell back to its first; the box's candidates in the pivot's row or column must
/// number at least two in one of them. From each pivot, cells P of the pivot's row (outside the
/// box, in order) whose column holds the digit only at P and Q, removing the digit where Q's row
/// meets the pivot's column; then the same with rows and columns swapped. Only that line-across
/// strong link counts, and HoDoKu takes the first such step.
pub fn empty_rectangle_hodoku(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for digit in 0..9 {
        let plane = grid.plane(digit);
        // As in GNPX's search: a digit that found nothing on this plane finds nothing again.
        if ER_MISSES.with(|misses| misses.borrow()[1].get(digit, plane).is_some()) {
            continue;
        }
        let mut found = false;
        for bx in 0..9 {
            let box_set = HOUSE_SETS[18 + bx];
            let in_box = plane & box_set;
            if !(2..=5).contains(&in_box.count()) {
                continue;
            }
            let (band, stack) = (bx / 3 * 3, bx % 3 * 3);
            for pivot_local in (0..9).rev() {
                let (row, col) = (band + pivot_local / 3, stack + pivot_local % 3);
                let (row_set, col_set) = (HOUSE_SETS[row], HOUSE_SETS[9 + col]);
                let (in_row, in_col) = (in_box & row_set, in_box & col_set);
                if in_box.and_not(row_set | col_set).is_empty()
                    && !in_row.and_not(col_set).is_empty()
                    && !in_col.and_not(row_set).is_empty()
                    && (in_row.count() >= 2 || in_col.count() >= 2)
                {
                    let pivot = cell_at(row, col);
                    // P on the pivot's row, its strong link down P's column.
                    for p in (plane & row_set).and_not(box_set) {
                        let link = plane & HOUSE_SETS[9 + col_of(p)];
                        if link.count() != 2 {
                            continue;
                        }
                        let q = link.and_not(Bits81::cell(p)).first().unwrap_or(p);
                        let target = cell_at(row_of(q), col);
                        if !box_set.contains(target) && plane.contains(target) {
                            found = true;
                            er_step(digit, bx, in_box, pivot, p, q, target, sink)?;
                        }
                    }
                    // P on the pivot's column, its strong link along P's row.
                    for p in (plane & col_set).and_not(box_set) {
                        let link = plane & HOUSE_SETS[row_of(p)];
                        if link.count() != 2 {
                            continue;
                        }
                        let q = link.and_not(Bits81::cell(p)).first().unwrap_or(p);
                        let target = cell_at(row, col_of(q));
                        if !box_set.contains(target) && plane.contains(target) {
                            found = true;
                            er_step(digit, bx, in_box, pivot, p, q, target, sink)?;
                        }
                    }
                }
            }
        }
        if !found {
            ER_MISSES.with(|misses| misses.borrow_mut()[1].set(digit, plane, ()));
        }
    }
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn er_step(
    digit: usize,
    bx: usize,
    in_box: Bits81,
    pivot: usize,
    p: usize,
    q: usize,
    target: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    with_kept_step(|step| {
        step.reset(TechniqueId::EmptyRectangle);
        step.eliminations.insert(target, digit);
        step.houses = 1 << (18 + bx);
        step.cells = in_box | Bits81::cell(p) | Bits81::cell(q);
        step.digits = 1 << digit;
        step.pivot = Some(pivot as u8);
        step.chain.push(ChainLink::strong((p, digit), (q, digit)));
        sink(step)
    })
}

/// A Skyscraper, 2-String Kite or Turbot Fish: `Skyscraper #1 in r1c6 r2c2: [S …] => … →
/// r1c6<>1 r2c2<>1` (the eliminated cells, then the chain).
pub fn linked_pair_line(step: &Step) -> String {
    format!(
        "{} #{} in {}: {} → {}",
        step.technique.info().title,
        digit_list(step.digits),
        compressed_cells(step.eliminations.cells()),
        chain_text(&step.chain),
        removed(step)
    )
}

/// An Empty Rectangle: `EmptyRectangle #1 in b5: ER r4c5 r5c46, S-Link r5c9-r8c9 → r8c5<>1`
/// (the box's cells, then the conjugate pair).
pub fn empty_rectangle_line(step: &Step) -> String {
    let link = step.chain.first();
    let box_cells = step.cells & HOUSE_SETS[step.houses.trailing_zeros() as usize];
    format!(
        "EmptyRectangle #{} in {}: ER {}, S-Link {} → {}",
        digit_list(step.digits),
        house_list(step.houses),
        compressed_cells(box_cells),
        link.map_or(String::new(), |l| format!(
            "{}-{}",
            cell_name(l.from.cell as usize),
            cell_name(l.to.cell as usize)
        )),
        removed(step)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, digit_one_only_in};

    #[test]
    fn skyscraper_on_two_columns() {
        // Column links r1c1-r7c1 and r2c5-r7c5, linked on row 7: r1c6 and r2c2 see both tops.
        let g = digit_one_only_in(&[0, 54, 13, 58, 62, 5, 10]);
        let steps = TechniqueId::Skyscraper.find_all(&g);
        let expected = candidates(&["r1c6#1", "r2c2#1"]);
        let step = steps.iter().find(|s| s.eliminations == expected);
        let step = step.unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.cells, [0, 54, 13, 58].into_iter().collect());
        assert_eq!(step.chain.len(), 3);
        assert!(TechniqueId::TwoStringKite
            .find_all(&g)
            .iter()
            .chain(TechniqueId::TurbotFish.find_all(&g).iter())
            .all(|s| s.chain != step.chain));
    }

    #[test]
    fn kite_joins_a_row_and_a_column_in_a_box() {
        // Row link r1c2-r1c7, column link r2c3-r8c3; r1c2 and r2c3 share box 1: r8c7 goes.
        let g = digit_one_only_in(&[1, 6, 11, 65, 69]);
        let kites = TechniqueId::TwoStringKite.find_all(&g);
        let expected = candidates(&["r8c7#1"]);
        assert!(
            kites.iter().any(|s| s.eliminations == expected),
            "{kites:?}"
        );
        assert!(TechniqueId::Skyscraper
            .find_all(&g)
            .iter()
            .all(|s| s.eliminations != expected));
    }

    #[test]
    fn empty_rectangle_follows_the_seed() {
        // Box 5 holds 1 in r4c5, r5c4, r5c6 (pivot r5c5). r5c9 is linked to r8c9 in column 9:
        // r5c9 true empties row 5 of the box, so r4c5 is true; r5c9 false makes r8c9 true.
        // Either way r8c5 loses 1.
        let g = digit_one_only_in(&[31, 39, 41, 44, 71, 67, 4]);
        let steps = TechniqueId::EmptyRectangle.find_all(&g);
        let step = steps
            .iter()
            .find(|s| s.eliminations == candidates(&["r8c5#1"]))
            .unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.houses, 1 << 22);
        assert_eq!(step.pivot, Some(40));
        assert_eq!(step.chain[0].to_string(), "[S r5c9/-1 -> r8c9/+1]");
    }

    #[test]
    fn describes_patterns_in_gnpx_style() {
        use crate::core::test_support::digit_one_only_in;
        let g = digit_one_only_in(&[0, 54, 13, 58, 62, 5, 10]);
        let step = TechniqueId::Skyscraper
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations.count() == 2)
            .unwrap();
        assert_eq!(
            linked_pair_line(&step),
            "Skyscraper #1 in r1c6 r2c2: [S r1c1/-1 -> r7c1/+1] => [W r7c1/+1 -> r7c5/-1] => \
             [S r7c5/-1 -> r2c5/+1] → r1c6<>1 r2c2<>1"
        );
        let g = digit_one_only_in(&[31, 39, 41, 44, 71, 67, 4]);
        let step = TechniqueId::EmptyRectangle
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations.contains(67, 0))
            .unwrap();
        assert_eq!(
            empty_rectangle_line(&step),
            "EmptyRectangle #1 in b5: ER r4c5 r5c46, S-Link r5c9-r8c9 → r8c5<>1"
        );
    }
}
