//! Uniqueness techniques (HoDoKu's set): unique rectangles types 1–6, hidden rectangle,
//! avoidable rectangles types 1–2, BUG+1.
//!
//! All rest on one argument: four non-given cells in two rows, two columns and two boxes that
//! could hold only two digits a/b form a "deadly pattern" — swapping a and b would give a
//! second solution. They are valid only for puzzles known to have exactly one solution, which
//! `grade` guarantees by classifying every puzzle with the oracle before these can run.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{box_of, cell_at, col_of, row_of, Bits81, Grid, HOUSES, HOUSE_SETS, PEERS};
use crate::step::Step;

/// The four corners of a rectangle: `[r1c1, r1c2, r2c1, r2c2]`, so corner `i` and `3 - i` are
/// diagonal, and corners 0-1 and 2-3 share a row, 0-2 and 1-3 a column.
type Corners = [usize; 4];

/// Every rectangle whose four cells lie in exactly two boxes (486 of them).
fn rectangles() -> impl Iterator<Item = Corners> {
    (0..9)
        .flat_map(|r1| (r1 + 1..9).map(move |r2| (r1, r2)))
        .flat_map(|(r1, r2)| {
            (0..9)
                .flat_map(move |c1| (c1 + 1..9).map(move |c2| (c1, c2)))
                .filter_map(move |(c1, c2)| {
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    (same_band != same_stack).then(|| {
                        [
                            cell_at(r1, c1),
                            cell_at(r1, c2),
                            cell_at(r2, c1),
                            cell_at(r2, c2),
                        ]
                    })
                })
        })
}

/// Houses (bit set) that contain both cells.
fn shared_houses(a: usize, b: usize) -> u32 {
    let mut houses = 0;
    if row_of(a) == row_of(b) {
        houses |= 1 << row_of(a);
    }
    if col_of(a) == col_of(b) {
        houses |= 1 << (9 + col_of(a));
    }
    if box_of(a) == box_of(b) {
        houses |= 1 << (18 + box_of(a));
    }
    houses
}

/// Cells seeing every cell of `cells` (the cells themselves excluded).
fn common_peers(cells: Bits81) -> Bits81 {
    cells
        .iter()
        .fold(Bits81::ALL, |acc, c| acc & PEERS[c])
        .and_not(cells)
}

/// A unique-rectangle candidate: corners, its digit pair, which corners are exactly {a, b}.
struct Rectangle {
    corners: Corners,
    pair: u16,
    floor: [bool; 4],
}

impl Rectangle {
    fn floor_count(&self) -> usize {
        self.floor.iter().filter(|&&f| f).count()
    }
    fn roofs(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(|&i| !self.floor[i]).map(|i| self.corners[i])
    }
    fn roof_set(&self) -> Bits81 {
        self.roofs().collect()
    }
    fn cells(&self) -> Bits81 {
        self.corners.iter().copied().collect()
    }
}

/// Calls `visit` for each rectangle of unsolved, non-given cells with a bivalue corner {a, b}
/// whose other corners each hold a or b. Each (rectangle, pair) is visited once.
fn unique_rectangles(
    grid: &Grid,
    visit: &mut dyn FnMut(&Rectangle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let bivalue = grid.bivalue_cells();
    for corners in rectangles() {
        if corners
            .iter()
            .any(|&c| grid.value(c).is_some() || grid.givens().contains(c))
        {
            continue;
        }
        let mut pairs_seen = [0u16; 4];
        for (i, &corner) in corners.iter().enumerate() {
            if !bivalue.contains(corner) {
                continue;
            }
            let pair = grid.candidates(corner);
            if pairs_seen[..i].contains(&pair) {
                continue;
            }
            pairs_seen[i] = pair;
            if !corners.iter().all(|&c| grid.candidates(c) & pair != 0) {
                continue;
            }
            let floor = corners.map(|c| grid.candidates(c) == pair);
            visit(&Rectangle {
                corners,
                pair,
                floor,
            })?;
        }
    }
    ControlFlow::Continue(())
}

fn digits_of(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |d| mask & (1 << d) != 0)
}

fn rectangle_step(technique: TechniqueId, rectangle: &Rectangle) -> Step {
    let mut step = Step::new(technique);
    step.cells = rectangle.cells();
    step.digits = rectangle.pair;
    step
}

/// Type 1: three corners are exactly {a, b}; the fourth cannot be a or b.
pub fn unique_rectangle_1(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        if rect.floor_count() != 3 {
            return ControlFlow::Continue(());
        }
        let roof = rect.roofs().next().unwrap_or_default();
        let mut step = rectangle_step(TechniqueId::UniqueRectangle1, rect);
        for digit in digits_of(rect.pair & grid.candidates(roof)) {
            step.eliminations.insert(roof, digit);
        }
        sink(&step)
    })
}

/// Extra candidates (beyond the pair) of the roof cells, and whether every roof has exactly
/// the same single extra.
fn single_shared_extra(grid: &Grid, rect: &Rectangle) -> Option<usize> {
    let mut extra = None;
    for roof in rect.roofs() {
        let more = grid.candidates(roof) & !rect.pair;
        if more.count_ones() != 1 || extra.is_some_and(|e| e != more) {
            return None;
        }
        extra = Some(more);
    }
    extra.map(|m| m.trailing_zeros() as usize)
}

/// Whether the two roofs of a two-floor rectangle share a row or column (not a diagonal).
fn roofs_side_by_side(rect: &Rectangle) -> Option<(usize, usize)> {
    let mut roofs = rect.roofs();
    let (a, b) = (roofs.next()?, roofs.next()?);
    (row_of(a) == row_of(b) || col_of(a) == col_of(b)).then_some((a, b))
}

/// Type 2: two side-by-side roofs with the same single extra c: c leaves every cell seeing both.
pub fn unique_rectangle_2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        if rect.floor_count() != 2 || roofs_side_by_side(rect).is_none() {
            return ControlFlow::Continue(());
        }
        let Some(extra) = single_shared_extra(grid, rect) else {
            return ControlFlow::Continue(());
        };
        let mut step = rectangle_step(TechniqueId::UniqueRectangle2, rect);
        step.eliminations.planes[extra] = grid.plane(extra) & common_peers(rect.roof_set());
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        step.digits |= 1 << extra;
        sink(&step)
    })
}

/// Type 3: the extras of two side-by-side roofs act as one cell that forms a naked subset with
/// other cells of a house both roofs share.
pub fn unique_rectangle_3(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        if rect.floor_count() != 2 {
            return ControlFlow::Continue(());
        }
        let Some((roof_a, roof_b)) = roofs_side_by_side(rect) else {
            return ControlFlow::Continue(());
        };
        let extras = (grid.candidates(roof_a) | grid.candidates(roof_b)) & !rect.pair;
        if extras == 0 {
            return ControlFlow::Continue(());
        }
        let houses = shared_houses(roof_a, roof_b);
        let first_house = houses.trailing_zeros() as usize;
        // Roofs sharing a line and a box: a subset inside both clears both (one step).
        let in_every_shared_house = (0..HOUSES)
            .filter(|h| houses & (1 << h) != 0)
            .fold(Bits81::ALL, |acc, h| acc & HOUSE_SETS[h]);
        let every_shared_house = (0..HOUSES)
            .filter(|h| houses & (1 << h) != 0)
            .fold(Bits81::EMPTY, |acc, h| acc | HOUSE_SETS[h]);
        for house in (0..HOUSES).filter(|h| houses & (1 << h) != 0) {
            let mut others = [0usize; 9];
            let mut n = 0;
            for cell in (HOUSE_SETS[house] & grid.unsolved()).and_not(rect.roof_set()) {
                others[n] = cell;
                n += 1;
            }
            // 1..=3 other cells whose candidates with the extras make a naked subset of
            // (cells + 1) digits: the roofs' extras play the last cell.
            for size in 1..=3.min(n) {
                for_each_combination(n, size, &mut |chosen| {
                    let digits = chosen
                        .iter()
                        .fold(extras, |m, &i| m | grid.candidates(others[i]));
                    if digits.count_ones() as usize != size + 1 {
                        return ControlFlow::Continue(());
                    }
                    let subset: Bits81 = chosen.iter().map(|&i| others[i]).collect();
                    let locked = subset.is_subset_of(in_every_shared_house);
                    if locked && house != first_house {
                        return ControlFlow::Continue(());
                    }
                    let span = if locked {
                        every_shared_house
                    } else {
                        HOUSE_SETS[house]
                    };
                    let targets = span.and_not(subset).and_not(rect.roof_set());
                    let mut step = rectangle_step(TechniqueId::UniqueRectangle3, rect);
                    for digit in digits_of(digits) {
                        step.eliminations.planes[digit] = grid.plane(digit) & targets;
                    }
                    if step.eliminations.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    step.houses = if locked { houses } else { 1 << house };
                    step.cells |= subset;
                    step.digits |= digits;
                    sink(&step)
                })?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// Calls `visit` with each `size`-combination (size ≤ 3) of `0..n`, stopping on `Break`.
fn for_each_combination(
    n: usize,
    size: usize,
    visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend(
        start: usize,
        n: usize,
        chosen: &mut [usize; 3],
        len: usize,
        size: usize,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if len == size {
            return visit(&chosen[..len]);
        }
        for i in start..n {
            chosen[len] = i;
            extend(i + 1, n, chosen, len + 1, size, visit)?;
        }
        ControlFlow::Continue(())
    }
    extend(0, n, &mut [0; 3], 0, size, visit)
}

/// Type 4: one pair digit is confined, in a house shared by two side-by-side roofs, to those
/// roofs; the other pair digit leaves both roofs.
pub fn unique_rectangle_4(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        if rect.floor_count() != 2 {
            return ControlFlow::Continue(());
        }
        let Some((roof_a, roof_b)) = roofs_side_by_side(rect) else {
            return ControlFlow::Continue(());
        };
        let roofs = rect.roof_set();
        let houses = shared_houses(roof_a, roof_b);
        for house in (0..HOUSES).filter(|h| houses & (1 << h) != 0) {
            for locked in digits_of(rect.pair) {
                if grid.plane(locked) & HOUSE_SETS[house] != roofs {
                    continue;
                }
                let other = (rect.pair & !(1 << locked)).trailing_zeros() as usize;
                let mut step = rectangle_step(TechniqueId::UniqueRectangle4, rect);
                step.eliminations.planes[other] = grid.plane(other) & roofs;
                step.houses = 1 << house;
                if !step.eliminations.is_empty() {
                    sink(&step)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// Type 5: two diagonal or three roofs share the same single extra c: c leaves every cell
/// seeing all of them.
pub fn unique_rectangle_5(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        let floors = rect.floor_count();
        if !(floors == 1 || (floors == 2 && roofs_side_by_side(rect).is_none())) {
            return ControlFlow::Continue(());
        }
        let Some(extra) = single_shared_extra(grid, rect) else {
            return ControlFlow::Continue(());
        };
        let mut step = rectangle_step(TechniqueId::UniqueRectangle5, rect);
        step.eliminations.planes[extra] = grid.plane(extra) & common_peers(rect.roof_set());
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        step.digits |= 1 << extra;
        sink(&step)
    })
}

/// Type 6: two diagonal floors; a pair digit confined to the rectangle in both its rows (or
/// both its columns) must sit in the floors, so it leaves both roofs.
pub fn unique_rectangle_6(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        if rect.floor_count() != 2 || roofs_side_by_side(rect).is_some() {
            return ControlFlow::Continue(());
        }
        let [c11, c12, c21, c22] = rect.corners;
        let roofs = rect.roof_set();
        for digit in digits_of(rect.pair) {
            let plane = grid.plane(digit);
            let confined = |a: usize, b: usize, house: usize| {
                plane & HOUSE_SETS[house] == Bits81::cell(a) | Bits81::cell(b)
            };
            let in_rows = confined(c11, c12, row_of(c11)) && confined(c21, c22, row_of(c21));
            let in_cols =
                confined(c11, c21, 9 + col_of(c11)) && confined(c12, c22, 9 + col_of(c12));
            if !(in_rows || in_cols) {
                continue;
            }
            let mut step = rectangle_step(TechniqueId::UniqueRectangle6, rect);
            step.eliminations.planes[digit] = plane & roofs;
            if !step.eliminations.is_empty() {
                sink(&step)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// Hidden rectangle: with a floor corner {a, b}, if a is confined to the rectangle in the row
/// and the column of the opposite corner, that corner cannot be b.
pub fn hidden_rectangle(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        if rect.floor_count() > 2 {
            return ControlFlow::Continue(());
        }
        for (i, &floor) in rect.floor.iter().enumerate() {
            if !floor {
                continue;
            }
            // Corners 0..4 are r1c1 r1c2 r2c1 r2c2: the opposite of i is 3-i, its row mate
            // i^1 seen from it is (3-i)^1, its column mate (3-i)^2.
            let opposite = rect.corners[3 - i];
            let same_row = rect.corners[(3 - i) ^ 1];
            let same_col = rect.corners[(3 - i) ^ 2];
            for locked in digits_of(rect.pair) {
                let plane = grid.plane(locked);
                let pair_cells = |mate: usize| Bits81::cell(opposite) | Bits81::cell(mate);
                if plane & HOUSE_SETS[row_of(opposite)] != pair_cells(same_row)
                    || plane & HOUSE_SETS[9 + col_of(opposite)] != pair_cells(same_col)
                {
                    continue;
                }
                let other = (rect.pair & !(1 << locked)).trailing_zeros() as usize;
                if !grid.has_candidate(opposite, other) {
                    continue;
                }
                let mut step = rectangle_step(TechniqueId::HiddenRectangle, rect);
                step.eliminations.insert(opposite, other);
                sink(&step)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// Cells of a rectangle (two rows, two columns, two boxes) none of which is a given.
fn avoidable_rectangles(grid: &Grid) -> impl Iterator<Item = Corners> + '_ {
    rectangles().filter(|corners| corners.iter().all(|&c| !grid.givens().contains(c)))
}

/// Avoidable rectangle type 1: three corners solved (not given) as a/b/b with the a diagonal
/// to the open corner: the open corner cannot be a.
pub fn avoidable_rectangle_1(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for corners in avoidable_rectangles(grid) {
        let open: Vec<usize> = (0..4)
            .filter(|&i| grid.value(corners[i]).is_none())
            .collect();
        let [i] = open[..] else {
            continue;
        };
        let (Some(a), Some(b1), Some(b2)) = (
            grid.value(corners[3 - i]),
            grid.value(corners[i ^ 1]),
            grid.value(corners[i ^ 2]),
        ) else {
            continue;
        };
        if b1 != b2 || a == b1 || !grid.has_candidate(corners[i], a) {
            continue;
        }
        let mut step = Step::new(TechniqueId::AvoidableRectangle1);
        step.cells = corners.iter().copied().collect();
        step.digits = 1 << a | 1 << b1;
        step.eliminations.insert(corners[i], a);
        sink(&step)?;
    }
    ControlFlow::Continue(())
}

/// Avoidable rectangle type 2: two side-by-side corners solved (not given) as a and b; the
/// other two hold {b, x} and {a, x} (each the digit that completes the pattern plus the same
/// extra x): x is in one of them, so it leaves every cell seeing both.
pub fn avoidable_rectangle_2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for corners in avoidable_rectangles(grid) {
        // The solved side is corners (0,1), (2,3), (0,2) or (1,3); the open side is its mirror.
        for (solved, open) in [
            ([0, 1], [2, 3]),
            ([2, 3], [0, 1]),
            ([0, 2], [1, 3]),
            ([1, 3], [0, 2]),
        ] {
            let (Some(a), Some(b)) = (
                grid.value(corners[solved[0]]),
                grid.value(corners[solved[1]]),
            ) else {
                continue;
            };
            // The open corner under a must become b to complete the deadly pattern, and vice versa.
            let (under_a, under_b) = (corners[open[0]], corners[open[1]]);
            let (mask_a, mask_b) = (grid.candidates(under_a), grid.candidates(under_b));
            if grid.value(under_a).is_some() || grid.value(under_b).is_some() {
                continue;
            }
            let extra_a = mask_a & !(1 << b);
            let extra_b = mask_b & !(1 << a);
            if mask_a & (1 << b) == 0
                || mask_b & (1 << a) == 0
                || extra_a != extra_b
                || extra_a.count_ones() != 1
            {
                continue;
            }
            let extra = extra_a.trailing_zeros() as usize;
            let both = Bits81::cell(under_a) | Bits81::cell(under_b);
            let mut step = Step::new(TechniqueId::AvoidableRectangle2);
            step.cells = corners.iter().copied().collect();
            step.digits = 1 << a | 1 << b | 1 << extra;
            step.eliminations.planes[extra] = grid.plane(extra) & common_peers(both);
            if !step.eliminations.is_empty() {
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// BUG+1: every unsolved cell is bivalue but one, which has three candidates, and every digit
/// appears twice in every house except the tri-value cell's extra digit (three times in its
/// houses): without that digit the grid would be a deadly "bivalue universal grave", so the
/// cell is that digit.
pub fn bug_plus_one(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let rest = grid.unsolved().and_not(grid.bivalue_cells());
    if !rest.is_single() {
        return ControlFlow::Continue(());
    }
    let cell = rest.first().unwrap_or_default();
    let mask = grid.candidates(cell);
    if mask.count_ones() != 3 {
        return ControlFlow::Continue(());
    }
    let mut extra = None;
    for house in 0..HOUSES {
        let holds_cell = HOUSE_SETS[house].contains(cell);
        for digit in 0..9 {
            match ((grid.plane(digit) & HOUSE_SETS[house]).count(), holds_cell) {
                (0 | 2, _) => {}
                (3, true) if mask & (1 << digit) != 0 && extra.is_none_or(|e| e == digit) => {
                    extra = Some(digit)
                }
                _ => return ControlFlow::Continue(()),
            }
        }
    }
    let Some(digit) = extra else {
        return ControlFlow::Continue(());
    };
    // Expressed as HoDoKu does: the cell's other candidates go (a naked single follows).
    let mut step = Step::new(TechniqueId::BugPlusOne);
    for other in digits_of(mask & !(1 << digit)) {
        step.eliminations.insert(cell, other);
    }
    step.cells = Bits81::cell(cell);
    step.digits = 1 << digit;
    sink(&step)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keep_only(grid: &mut Grid, cell: usize, digits: &[usize]) {
        for d in 0..9 {
            if !digits.contains(&d) {
                grid.eliminate(cell, d);
            }
        }
    }

    #[test]
    fn there_are_486_two_box_rectangles() {
        assert_eq!(rectangles().count(), 486);
        for corners in rectangles() {
            let boxes: std::collections::BTreeSet<usize> =
                corners.iter().map(|&c| box_of(c)).collect();
            assert_eq!(boxes.len(), 2);
        }
    }

    #[test]
    fn type_1_clears_the_pair_from_the_fourth_corner() {
        // r1c1, r1c2, r4c1 hold only {1,2}; r4c2 holds everything: it cannot be 1 or 2.
        let mut g = Grid::empty();
        for cell in [cell_at(0, 0), cell_at(0, 1), cell_at(3, 0)] {
            keep_only(&mut g, cell, &[0, 1]);
        }
        let steps = TechniqueId::UniqueRectangle1.find_all(&g);
        assert_eq!(steps.len(), 1);
        let removed: Vec<_> = steps[0].eliminations.iter().collect();
        assert_eq!(removed, vec![(cell_at(3, 1), 0), (cell_at(3, 1), 1)]);
        // A given corner breaks the pattern (the swap would change a given).
        let mut values = [0u8; 81];
        values[cell_at(3, 1)] = 3;
        let mut g = Grid::from_givens(&values).unwrap();
        for cell in [cell_at(0, 0), cell_at(0, 1), cell_at(3, 0)] {
            keep_only(&mut g, cell, &[0, 1]);
        }
        assert!(TechniqueId::UniqueRectangle1.find_first(&g).is_none());
    }

    #[test]
    fn avoidable_type_1_uses_solved_not_given_cells() {
        // r1c1=1, r1c2=2, r4c1=2 placed by solving; r4c2 must not become 1.
        let mut g = Grid::empty();
        g.place(cell_at(0, 0), 0);
        g.place(cell_at(0, 1), 1);
        g.place(cell_at(3, 0), 1);
        let step = TechniqueId::AvoidableRectangle1.find_first(&g).unwrap();
        assert!(step.eliminations.iter().eq([(cell_at(3, 1), 0)]));
        // The same digits as givens are no avoidable rectangle.
        let mut values = [0u8; 81];
        values[cell_at(0, 0)] = 1;
        values[cell_at(0, 1)] = 2;
        values[cell_at(3, 0)] = 2;
        let g = Grid::from_givens(&values).unwrap();
        assert!(TechniqueId::AvoidableRectangle1.find_first(&g).is_none());
    }
}
