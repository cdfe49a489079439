//! Uniqueness techniques (HoDoKu's set): unique rectangles types 1–6, hidden rectangle,
//! avoidable rectangles types 1–2, BUG+1.
//!
//! All rest on one argument: four non-given cells in two rows, two columns and two boxes that
//! could hold only two digits a/b form a "deadly pattern" — swapping a and b would give a
//! second solution. They are valid only for puzzles known to have exactly one solution (their
//! catalogue premise `UNIQUE_SOLUTION`), which `grade` guarantees by classifying every puzzle
//! with the oracle before these can run. They also need the puzzle to be its givens
//! (`GIVENS_KNOWN`): avoidable rectangles, to know which solved cells are givens; unique and
//! hidden rectangles, because HoDoKu's corners may miss a pair digit that was only eliminated,
//! and the swapped grid is a second solution of the givens but not of a pencil-mark state that
//! never had that digit there (a fuzz run found such a wrong step of type 4). Only an
//! 81-character puzzle is its givens, so none of them runs on a pencil-mark state.
//!
//! Only HoDoKu's ladder uses them, so they follow HoDoKu 2.2's search: rectangles in the order
//! its scan meets them (start corners are the bivalue cells, then solved non-given cells for
//! the avoidable ones), its rules for each type, and the first step of a type is the one taken.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::bits;
#[cfg(test)]
use crate::core::cell_at;
use crate::core::{box_of, col_of, row_of, Bits81, Grid, HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS};
use crate::techniques::step::Step;

/// The four corners of a rectangle, `[start, mate, start's far corner, mate's far corner]`:
/// corners 0-1 and 2-3 share one line (and 0-1 a box), 0-2 and 1-3 the other line, so corner
/// `i` and `3 - i` are diagonal.
type Corners = [usize; 4];

/// Every rectangle whose four cells lie in exactly two boxes (486 of them).
#[cfg(test)]
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

/// Cells seeing every cell of `cells` (the cells themselves excluded).
fn common_peers(cells: Bits81) -> Bits81 {
    cells
        .iter()
        .fold(Bits81::ALL, |acc, c| acc & PEERS[c])
        .and_not(cells)
}

/// Unsolved cells where `digit` could still go by the placed digits alone (eliminations
/// ignored): HoDoKu lets a rectangle corner miss a pair digit that was only eliminated.
fn allowed(grid: &Grid, digit: usize) -> Bits81 {
    let blocked = grid
        .placed(digit)
        .iter()
        .fold(Bits81::EMPTY, |acc, c| acc | PEERS[c]);
    grid.unsolved().and_not(blocked)
}

/// Rectangles already visited in one scan (HoDoKu checks each set of corners once, from the
/// first start cell that reaches it).
struct SeenRectangles {
    keys: [u32; 486],
    len: usize,
}

impl SeenRectangles {
    fn new() -> Self {
        SeenRectangles {
            keys: [0; 486],
            len: 0,
        }
    }

    /// Whether `corners` is new (and records it).
    fn first_visit(&mut self, corners: &Corners) -> bool {
        let mut sorted = *corners;
        sorted.sort_unstable();
        let key = sorted.iter().fold(0u32, |k, &c| k * 81 + c as u32);
        if self.keys[..self.len].contains(&key) {
            return false;
        }
        if self.len < self.keys.len() {
            self.keys[self.len] = key;
            self.len += 1;
        }
        true
    }
}

/// The rectangles with one corner `start` and its mate in `start`'s box and line, in HoDoKu's
/// order: the mate in box order, then the far line in reading order. `fits(far1, far2)` says
/// whether the far corners may complete it.
fn rectangles_from(
    start: usize,
    mate_fits: impl Fn(usize) -> bool,
    fits: impl Fn(usize, usize) -> bool,
    seen: &mut SeenRectangles,
    visit: &mut dyn FnMut(Corners) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for &mate in &HOUSE_CELLS[18 + box_of(start)] {
        let mate = mate as usize;
        let along_row = row_of(mate) == row_of(start);
        if mate == start || !(along_row || col_of(mate) == col_of(start)) || !mate_fits(mate) {
            continue;
        }
        let (line1, line2) = if along_row {
            (9 + col_of(start), 9 + col_of(mate))
        } else {
            (row_of(start), row_of(mate))
        };
        for j in 0..9 {
            let far1 = HOUSE_CELLS[line1][j] as usize;
            let far2 = HOUSE_CELLS[line2][j] as usize;
            if box_of(far1) == box_of(start) || !fits(far1, far2) {
                continue;
            }
            let corners = [start, mate, far1, far2];
            if seen.first_visit(&corners) {
                visit(corners)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A unique-rectangle candidate: corners, its digit pair, which corners hold nothing else
/// (floors; the others are roofs).
#[derive(Clone, Copy)]
struct Rectangle {
    corners: Corners,
    pair: u16,
    floor: [bool; 4],
}

impl Rectangle {
    fn floor_count(&self) -> usize {
        self.floor.iter().filter(|&&f| f).count()
    }
    /// Roof cells in cell order.
    fn roofs(&self) -> impl Iterator<Item = usize> + '_ {
        self.roof_set().into_iter()
    }
    fn roof_set(&self) -> Bits81 {
        (0..4)
            .filter(|&i| !self.floor[i])
            .map(|i| self.corners[i])
            .collect()
    }
    fn floor_set(&self) -> Bits81 {
        self.cells().and_not(self.roof_set())
    }
    fn cells(&self) -> Bits81 {
        self.corners.iter().copied().collect()
    }
    /// The two roofs of a two-floor rectangle, in cell order.
    fn two_roofs(&self) -> Option<(usize, usize)> {
        let mut roofs = self.roofs();
        let pair = (roofs.next()?, roofs.next()?);
        roofs.next().is_none().then_some(pair)
    }
    /// The corner diagonal to `cell`.
    fn opposite(&self, cell: usize) -> usize {
        let i = self.corners.iter().position(|&c| c == cell).unwrap_or(0);
        self.corners[3 - i]
    }
}

/// Calls `visit` for each unique-rectangle candidate in HoDoKu's order: start corners are the
/// bivalue cells in cell order (their two digits the pair), each rectangle is visited once,
/// from its first start. Every corner is unsolved and could hold both digits by the placed
/// digits (a candidate eliminated by a technique may be missing, as HoDoKu allows).
fn unique_rectangles(
    grid: &Grid,
    visit: &mut dyn FnMut(&Rectangle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if !crate::techniques::memo::enabled() {
        return each_unique_rectangle(grid, visit);
    }
    RECTANGLES.with(|kept| match kept.try_borrow_mut() {
        Ok(mut kept) => {
            if !kept.holds(grid) {
                kept.fill(grid);
            }
            kept.list.iter().try_for_each(&mut *visit)
        }
        // A finder run from inside a visit (no finder does that) walks on its own.
        Err(_) => each_unique_rectangle(grid, visit),
    })
}

/// The rectangles [`unique_rectangles`] visits on one grid, in order, kept for the next rung:
/// the six unique-rectangle types and the hidden rectangle run one after the other on a state
/// and walk the same rectangles, which are found once. Keyed on the grid's candidates and placed
/// digits, all a rectangle reads.
#[derive(Default)]
struct KeptRectangles {
    planes: [Bits81; 9],
    placed: [Bits81; 9],
    filled: bool,
    list: Vec<Rectangle>,
}

impl KeptRectangles {
    /// Whether the list is `grid`'s.
    fn holds(&self, grid: &Grid) -> bool {
        self.filled
            && self.planes == *grid.planes()
            && (0..9).all(|digit| self.placed[digit] == grid.placed(digit))
    }

    /// The list made for `grid` (in its kept buffer).
    fn fill(&mut self, grid: &Grid) {
        self.planes = *grid.planes();
        for digit in 0..9 {
            self.placed[digit] = grid.placed(digit);
        }
        self.list.clear();
        let list = &mut self.list;
        let _ = each_unique_rectangle(grid, &mut |rectangle| {
            list.push(*rectangle);
            ControlFlow::Continue(())
        });
        self.filled = true;
    }
}

thread_local! {
    /// The last grid's rectangles ([`KeptRectangles`]).
    static RECTANGLES: std::cell::RefCell<KeptRectangles> =
        std::cell::RefCell::new(KeptRectangles::default());
}

/// [`unique_rectangles`] walked afresh.
fn each_unique_rectangle(
    grid: &Grid,
    visit: &mut dyn FnMut(&Rectangle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut seen = SeenRectangles::new();
    for start in grid.bivalue_cells() {
        let pair = grid.candidates(start);
        let a = pair.trailing_zeros() as usize;
        let b = 15 - pair.leading_zeros() as usize;
        let (allowed_a, allowed_b) = (allowed(grid, a), allowed(grid, b));
        let both = allowed_a & allowed_b;
        rectangles_from(
            start,
            |mate| both.contains(mate),
            // HoDoKu checks the far corners this way: far1 for a only (far1 shares its line
            // and box with far2, and its other line with the start, so b is allowed there
            // whenever it is at far2 and the start).
            |far1, far2| allowed_a.contains(far1) && both.contains(far2),
            &mut seen,
            &mut |corners| {
                let floor = corners.map(|c| grid.candidates(c) & !pair == 0);
                visit(&Rectangle {
                    corners,
                    pair,
                    floor,
                })
            },
        )?;
    }
    ControlFlow::Continue(())
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
        for digit in bits::digits(rect.pair & grid.candidates(roof)) {
            step.eliminations.insert(roof, digit);
        }
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(&step)
    })
}

/// Types 2 and 5: every roof (one to three of them) has the same single extra c: c leaves every
/// cell seeing all roofs. Two roofs in one line make type 2, diagonal or three roofs type 5.
fn shared_extra(grid: &Grid, technique: TechniqueId, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        let floors = rect.floor_count();
        if !(floors == 1 || floors == 2) {
            return ControlFlow::Continue(());
        }
        let extras = rect
            .roofs()
            .fold(0u16, |m, roof| m | (grid.candidates(roof) & !rect.pair));
        if extras.count_ones() != 1 {
            return ControlFlow::Continue(());
        }
        let side_by_side = rect
            .two_roofs()
            .is_some_and(|(p, q)| row_of(p) == row_of(q) || col_of(p) == col_of(q));
        let found = if side_by_side {
            TechniqueId::UniqueRectangle2
        } else {
            TechniqueId::UniqueRectangle5
        };
        if found != technique {
            return ControlFlow::Continue(());
        }
        let extra = extras.trailing_zeros() as usize;
        let mut step = rectangle_step(technique, rect);
        step.eliminations.planes[extra] = grid.plane(extra) & common_peers(rect.roof_set());
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        step.digits |= 1 << extra;
        sink(&step)
    })
}

/// Type 2: two side-by-side roofs with the same single extra c: c leaves every cell seeing both.
pub fn unique_rectangle_2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    shared_extra(grid, TechniqueId::UniqueRectangle2, sink)
}

/// Type 3: the extras of two roofs sharing a house act as one cell that forms a naked subset
/// with other cells of that house (cells without the pair digits): the subset's digits leave
/// the house's other cells. HoDoKu's order: the row, the column, then the box the roofs share;
/// subsets grown depth first in house order. A subset in a line that also lies in one box
/// clears that box too (found from the line; the box then skips it).
pub fn unique_rectangle_3(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        let Some((roof_a, roof_b)) = (rect.floor_count() == 2)
            .then(|| rect.two_roofs())
            .flatten()
        else {
            return ControlFlow::Continue(());
        };
        let extras = (grid.candidates(roof_a) | grid.candidates(roof_b)) & !rect.pair;
        let mut houses = [usize::MAX; 3];
        if row_of(roof_a) == row_of(roof_b) {
            houses[0] = row_of(roof_a);
        }
        if col_of(roof_a) == col_of(roof_b) {
            houses[1] = 9 + col_of(roof_a);
        }
        if box_of(roof_a) == box_of(roof_b) {
            houses[2] = 18 + box_of(roof_a);
        }
        let roofs = rect.roof_set();
        for house in houses.into_iter().filter(|&h| h != usize::MAX) {
            let mut pool = [0usize; 9];
            let mut n = 0;
            for &cell in &HOUSE_CELLS[house] {
                let cell = cell as usize;
                let mask = grid.candidates(cell);
                if mask != 0 && mask & rect.pair == 0 && !rect.cells().contains(cell) {
                    pool[n] = cell;
                    n += 1;
                }
            }
            let context = Ur3 {
                grid,
                rect,
                house,
                pool: &pool[..n],
            };
            context.grow(0, extras, roofs, sink)?;
        }
        ControlFlow::Continue(())
    })
}

/// One house's type-3 search: cells of `pool` join the roofs one at a time, depth first.
struct Ur3<'a> {
    grid: &'a Grid,
    rect: &'a Rectangle,
    house: usize,
    pool: &'a [usize],
}

impl Ur3<'_> {
    fn grow(
        &self,
        from: usize,
        digits: u16,
        cells: Bits81,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        for i in from..self.pool.len() {
            let cells = cells | Bits81::cell(self.pool[i]);
            let digits = digits | self.grid.candidates(self.pool[i]);
            let in_one_line = (0..18).any(|line| cells.is_subset_of(HOUSE_SETS[line]));
            // A subset in one line was already tried from that line.
            if (self.house < 18 || !in_one_line) && digits.count_ones() + 1 == cells.count() {
                self.try_subset(cells, digits, sink)?;
            }
            self.grow(i + 1, digits, cells, sink)?;
        }
        ControlFlow::Continue(())
    }

    fn try_subset(&self, cells: Bits81, digits: u16, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        let grid = self.grid;
        let mut step = rectangle_step(TechniqueId::UniqueRectangle3, self.rect);
        let clear = |step: &mut Step, house: usize| {
            let targets = (HOUSE_SETS[house] & grid.unsolved()).and_not(cells);
            for digit in bits::digits(digits) {
                step.eliminations.planes[digit] |= grid.plane(digit) & targets;
            }
        };
        clear(&mut step, self.house);
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        step.houses = 1 << self.house;
        if self.house < 18 {
            if let Some(b) = (0..9).find(|&b| cells.is_subset_of(HOUSE_SETS[18 + b])) {
                clear(&mut step, 18 + b);
                step.houses |= 1 << (18 + b);
            }
        }
        step.cells |= cells;
        step.digits |= digits;
        sink(&step)
    }
}

/// Type 4: two roofs in one row or column; where one pair digit is missing from every cell
/// seeing both roofs (HoDoKu tries the smaller digit first), the roofs hold it, so the other
/// pair digit leaves both roofs.
pub fn unique_rectangle_4(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        let Some((roof_a, roof_b)) = (rect.floor_count() == 2)
            .then(|| rect.two_roofs())
            .flatten()
        else {
            return ControlFlow::Continue(());
        };
        if row_of(roof_a) != row_of(roof_b) && col_of(roof_a) != col_of(roof_b) {
            return ControlFlow::Continue(());
        }
        let roofs = rect.roof_set();
        let seeing_both = common_peers(roofs);
        let Some(locked) =
            bits::digits(rect.pair).find(|&d| !grid.plane(d).intersects(seeing_both))
        else {
            return ControlFlow::Continue(());
        };
        let other = (rect.pair & !(1 << locked)).trailing_zeros() as usize;
        let mut step = rectangle_step(TechniqueId::UniqueRectangle4, rect);
        step.eliminations.planes[other] = grid.plane(other) & roofs;
        step.houses = shared_lines(roof_a, roof_b);
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(&step)
    })
}

/// The row or column (as a house set) two cells share.
fn shared_lines(a: usize, b: usize) -> u32 {
    let mut houses = 0;
    if row_of(a) == row_of(b) {
        houses |= 1 << row_of(a);
    }
    if col_of(a) == col_of(b) {
        houses |= 1 << (9 + col_of(a));
    }
    houses
}

/// Type 5: two diagonal or three roofs share the same single extra c: c leaves every cell
/// seeing all of them.
pub fn unique_rectangle_5(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    shared_extra(grid, TechniqueId::UniqueRectangle5, sink)
}

/// Type 6: two diagonal floors; a pair digit missing from the rest of the rectangle's two rows
/// and two columns must sit in the floors, so it leaves both roofs (HoDoKu tries the smaller
/// digit first).
pub fn unique_rectangle_6(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        let Some((roof_a, roof_b)) = (rect.floor_count() == 2)
            .then(|| rect.two_roofs())
            .flatten()
        else {
            return ControlFlow::Continue(());
        };
        if row_of(roof_a) == row_of(roof_b) || col_of(roof_a) == col_of(roof_b) {
            return ControlFlow::Continue(());
        }
        let lines = HOUSE_SETS[row_of(roof_a)]
            | HOUSE_SETS[row_of(roof_b)]
            | HOUSE_SETS[9 + col_of(roof_a)]
            | HOUSE_SETS[9 + col_of(roof_b)];
        let rest = lines.and_not(rect.cells());
        let Some(digit) = bits::digits(rect.pair).find(|&d| !grid.plane(d).intersects(rest)) else {
            return ControlFlow::Continue(());
        };
        let mut step = rectangle_step(TechniqueId::UniqueRectangle6, rect);
        step.eliminations.planes[digit] = grid.plane(digit) & rect.roof_set();
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(&step)
    })
}

/// Hidden rectangle: one floor, or two diagonal floors; seen from a floor corner (the first
/// floor, then the second), if a pair digit x is confined to the rectangle in the row and the
/// column of the opposite corner, that corner cannot be the other pair digit (x tried smaller
/// first).
pub fn hidden_rectangle(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    unique_rectangles(grid, &mut |rect| {
        let floors = rect.floor_set();
        match floors.count() {
            1 => {}
            2 => {
                let mut f = floors.iter();
                let (p, q) = (f.next().unwrap_or(0), f.next().unwrap_or(0));
                if row_of(p) == row_of(q) || col_of(p) == col_of(q) {
                    return ControlFlow::Continue(());
                }
            }
            _ => return ControlFlow::Continue(()),
        }
        let cells = rect.cells();
        for corner in floors {
            let opposite = rect.opposite(corner);
            let lines = HOUSE_SETS[row_of(opposite)] | HOUSE_SETS[9 + col_of(opposite)];
            for locked in bits::digits(rect.pair) {
                if grid.plane(locked).and_not(cells).intersects(lines) {
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

/// Avoidable rectangles in HoDoKu's order: start corners are the solved, non-given cells in
/// cell order (their digit a), mates solved, non-given cells in the start's box and line (their
/// digit b); the far corners are b (solved, not given) and an open bivalue cell holding a, or
/// an open bivalue cell holding a and b (solved, not given), or two open bivalue cells holding
/// b and a.
fn avoidable_rectangles(
    grid: &Grid,
    visit: &mut dyn FnMut(Corners, usize, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let solved = Bits81::ALL.and_not(grid.unsolved()).and_not(grid.givens());
    // Every fitting pair of far corners has an open bivalue cell: the far corner in the
    // mate's line holding a, or the one in the start's line holding b. So a start and mate
    // whose lines have no such cell outside their box are passed over without trying the
    // nine far pairs (the rectangles tried, and their order, are those of the full walk).
    let open_pairs = grid.bivalue_cells() & grid.unsolved();
    if solved.is_empty() || open_pairs.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut seen = SeenRectangles::new();
    for start in solved {
        let a = grid.value(start).unwrap_or_default();
        let start_box = HOUSE_SETS[18 + box_of(start)];
        let lines = HOUSE_SETS[row_of(start)] | HOUSE_SETS[9 + col_of(start)];
        // The mates in box order (a box's cells increase in reading order).
        let mates = (solved & start_box & lines).and_not(Bits81::cell(start));
        for mate in mates {
            let along_row = row_of(mate) == row_of(start);
            let b = grid.value(mate).unwrap_or_default();
            let (line1, line2) = if along_row {
                (9 + col_of(start), 9 + col_of(mate))
            } else {
                (row_of(start), row_of(mate))
            };
            let a_in_mate_line =
                (open_pairs & grid.plane(a) & HOUSE_SETS[line2]).and_not(start_box);
            let b_in_start_line =
                (open_pairs & grid.plane(b) & HOUSE_SETS[line1]).and_not(start_box);
            if a_in_mate_line.is_empty() && b_in_start_line.is_empty() {
                continue;
            }
            rectangles_from(
                start,
                |m| m == mate,
                |far1, far2| far_corners_fit(grid, solved, (a, b), far1, far2),
                &mut seen,
                &mut |corners| visit(corners, a, b),
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether `far1` (in the start's line) and `far2` (in the mate's) complete an avoidable
/// rectangle of a start solved as `a` and a mate solved as `b` (`solved`: the solved cells that
/// are not givens): b and an open bivalue cell holding a, an open bivalue cell holding b and a,
/// or two open bivalue cells holding b and a.
fn far_corners_fit(
    grid: &Grid,
    solved: Bits81,
    (a, b): (usize, usize),
    far1: usize,
    far2: usize,
) -> bool {
    let open_with = |cell: usize, digit: usize| {
        grid.value(cell).is_none()
            && grid.has_candidate(cell, digit)
            && grid.candidates(cell).count_ones() == 2
    };
    let is = |cell: usize, digit: usize| solved.contains(cell) && grid.value(cell) == Some(digit);
    (is(far1, b) && open_with(far2, a))
        || (is(far2, a) && open_with(far1, b))
        || (open_with(far1, b) && open_with(far2, a))
}

/// Avoidable rectangle type 1: three corners solved (not given) as a/b/b with the a diagonal
/// to the open corner, which is bivalue (as HoDoKu requires): the open corner cannot be a.
pub fn avoidable_rectangle_1(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    avoidable_rectangles(grid, &mut |corners, a, b| {
        let [_, _, far1, far2] = corners;
        let (open, digit) = if grid.value(far1).is_some() {
            (far2, a)
        } else if grid.value(far2).is_some() {
            (far1, b)
        } else {
            return ControlFlow::Continue(());
        };
        if !grid.has_candidate(open, digit) {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(TechniqueId::AvoidableRectangle1);
        step.cells = corners.iter().copied().collect();
        step.digits = 1 << a | 1 << b;
        step.eliminations.insert(open, digit);
        sink(&step)
    })
}

/// Avoidable rectangle type 2: two side-by-side corners solved (not given) as a and b; the
/// other two hold {b, x} and {a, x} (each the digit that completes the pattern plus the same
/// extra x): x is in one of them, so it leaves every cell seeing both.
pub fn avoidable_rectangle_2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    avoidable_rectangles(grid, &mut |corners, a, b| {
        let [_, _, far1, far2] = corners;
        if grid.value(far1).is_some() || grid.value(far2).is_some() {
            return ControlFlow::Continue(());
        }
        let extra_mask = grid.candidates(far1) & !(1 << b);
        let extra = extra_mask.trailing_zeros() as usize;
        if extra_mask.count_ones() != 1 || !grid.has_candidate(far2, extra) {
            return ControlFlow::Continue(());
        }
        let both = Bits81::cell(far1) | Bits81::cell(far2);
        let mut step = Step::new(TechniqueId::AvoidableRectangle2);
        step.cells = corners.iter().copied().collect();
        step.digits = 1 << a | 1 << b | 1 << extra;
        step.eliminations.planes[extra] = grid.plane(extra) & common_peers(both);
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(&step)
    })
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
    for other in bits::digits(mask & !(1 << digit)) {
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
    fn kept_rectangles_give_the_steps_of_a_fresh_walk() {
        // The shipped hard states and royle17 starts, thinned by random eliminations (so that
        // bivalue cells, and rectangles, abound), each finder run on a state after the others
        // (as the ladder runs them): the same steps in the same order with the kept list (memos
        // on) as with a fresh walk (off).
        let mut rng = crate::core::test_support::Xorshift(0x1F83_D9AB_FB41_BD6B);
        let finders = [
            TechniqueId::UniqueRectangle1,
            TechniqueId::UniqueRectangle2,
            TechniqueId::UniqueRectangle3,
            TechniqueId::UniqueRectangle4,
            TechniqueId::UniqueRectangle5,
            TechniqueId::UniqueRectangle6,
            TechniqueId::HiddenRectangle,
        ];
        let (mut compared, mut found) = (0, 0);
        for mut grid in crate::techniques::shipped_test_grids(60) {
            for _ in 0..12 {
                for technique in finders {
                    let kept = technique.find_all(&grid);
                    let fresh =
                        crate::techniques::memo::without_memos(|| technique.find_all(&grid));
                    assert_eq!(kept, fresh, "{technique:?}");
                    compared += 1;
                    found += fresh.len();
                }
                let count = 4 + rng.next() % 16;
                rng.thin(&mut grid, count);
            }
        }
        assert!(
            compared > 5_000 && found > 120,
            "{compared} compared, {found} steps"
        );
    }

    #[test]
    fn avoidable_rectangles_passed_over_hold_none() {
        // The walk that passes over starts and mates without an open bivalue far corner
        // against the full walk (every solved start, every solved mate in its box and line,
        // every far pair): the same rectangles, in the same order, on states with many solved,
        // non-given cells (some placed against the solution, so that rectangles abound).
        fn full_walk(grid: &Grid, found: &mut Vec<(Corners, usize, usize)>) {
            let solved = Bits81::ALL.and_not(grid.unsolved()).and_not(grid.givens());
            let mut seen = SeenRectangles::new();
            for start in solved {
                let a = grid.value(start).unwrap_or_default();
                for &mate in &HOUSE_CELLS[18 + box_of(start)] {
                    let mate = mate as usize;
                    if !solved.contains(mate) {
                        continue;
                    }
                    let b = grid.value(mate).unwrap_or_default();
                    let _ = rectangles_from(
                        start,
                        |m| m == mate,
                        |far1, far2| far_corners_fit(grid, solved, (a, b), far1, far2),
                        &mut seen,
                        &mut |corners| {
                            found.push((corners, a, b));
                            ControlFlow::Continue(())
                        },
                    );
                }
            }
        }
        let mut rng = crate::core::test_support::Xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut states, mut rectangles) = (0, 0);
        for start in crate::techniques::shipped_test_grids(40) {
            let Some(solution) = crate::oracle::solve(&start).solution else {
                continue;
            };
            for _ in 0..6 {
                let mut grid = start.clone();
                for cell in start.unsolved() {
                    let roll = rng.next() % 8;
                    let digit = if roll == 0 {
                        (rng.next() % 9) as usize
                    } else {
                        solution[cell] as usize
                    };
                    if roll < 4 && grid.value(cell).is_none() && grid.has_candidate(cell, digit) {
                        grid.place(cell, digit);
                    }
                }
                let count = 20 + rng.next() % 60;
                rng.thin(&mut grid, count);
                let (mut walked, mut full) = (Vec::new(), Vec::new());
                let _ = avoidable_rectangles(&grid, &mut |corners, a, b| {
                    walked.push((corners, a, b));
                    ControlFlow::Continue(())
                });
                full_walk(&grid, &mut full);
                assert_eq!(walked, full, "{}", grid.candidates_string());
                states += 1;
                rectangles += full.len();
            }
        }
        assert!(
            states > 300 && rectangles > 300,
            "{states} states, {rectangles} rectangles"
        );
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
        // HoDoKu wants the open corner bivalue.
        assert!(TechniqueId::AvoidableRectangle1.find_first(&g).is_none());
        keep_only(&mut g, cell_at(3, 1), &[0, 4]);
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
