//! Naked and hidden subsets (pairs, triples, quads) inside one house, and HoDoKu's locked
//! pairs and triples (naked subsets inside a box∩line intersection).

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::bits::nine_bit_count;
use crate::core::{positions_in, Bits81, Grid, HOUSES, HOUSE_SETS, INTERSECTIONS};
use crate::techniques::memo::HouseMisses;
use crate::techniques::step::Step;

/// Calls `visit(chosen, union)` for every choice of `size` (2 to 4) items, in lexicographic
/// order of their positions, whose union has at most `size` members. Items are 9-bit masks (a
/// cell's digits, a digit's places in a house); `chosen` is a mask over item positions. Loops,
/// not recursion: a call per node and a `u128` count per union were most of the subset
/// searches' cost. No allocation.
#[inline(always)]
fn locked_choices(
    items: &[u16],
    size: usize,
    mut visit: impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    debug_assert!((2..=4).contains(&size) && items.len() <= 9);
    let n = items.len();
    let fits = |union: u16| nine_bit_count(union) as usize <= size;
    // A partial union over `size` members only grows: its branch is left.
    for i in 0..n {
        let one = items[i];
        if !fits(one) {
            continue;
        }
        for j in i + 1..n {
            let two = one | items[j];
            if !fits(two) {
                continue;
            }
            if size == 2 {
                visit(1 << i | 1 << j, two)?;
                continue;
            }
            for k in j + 1..n {
                let three = two | items[k];
                if !fits(three) {
                    continue;
                }
                if size == 3 {
                    visit(1 << i | 1 << j | 1 << k, three)?;
                    continue;
                }
                for l in k + 1..n {
                    let four = three | items[l];
                    if fits(four) {
                        visit(1 << i | 1 << j | 1 << k | 1 << l, four)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

thread_local! {
    /// Per search (naked pair, triple, quad, then hidden pair, triple, quad), the houses that
    /// found nothing. A house's subsets depend only on its own cells' candidates, so a house
    /// whose cells are unchanged finds nothing again: skipping it changes no step
    /// (`crate::techniques::memo`; the test that grades a slice with the memos on and off
    /// covers these too).
    static MISSES: RefCell<HouseMisses<6>> = const { RefCell::new(HouseMisses::new()) };
}

/// Runs `search_house` on every house in order, except those where search number `slot` of
/// [`MISSES`] found nothing on the same candidates before, and remembers the houses where it
/// finds nothing now. The memo is borrowed only before and after the houses, never while the
/// sink runs.
#[inline]
fn each_house(
    grid: &Grid,
    slot: usize,
    sink: &mut StepSink<'_>,
    mut search_house: impl FnMut(usize, &mut StepSink<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (generation, known_empty) = MISSES.with(|m| m.borrow_mut().sync(grid, slot));
    let (mut empty, mut flow) = (0u32, ControlFlow::Continue(()));
    for house in 0..HOUSES {
        if known_empty & 1 << house != 0 {
            continue;
        }
        let mut found = false;
        flow = search_house(house, &mut |step| {
            found = true;
            sink(step)
        });
        if flow.is_break() {
            break;
        }
        if !found {
            empty |= 1 << house;
        }
    }
    MISSES.with(|m| m.borrow_mut().record(slot, generation, empty));
    flow
}

/// The unsolved cells with 2 to `size` candidates (`size` at most 4): a bit-sliced count over
/// the nine planes, saturating above `size`, so that a house's candidate cells are one mask.
#[inline]
fn cells_with_two_to(grid: &Grid, size: usize) -> Bits81 {
    debug_assert!((2..=4).contains(&size));
    // The cells with more than one, two, three and four candidates (locals rather than an
    // array indexed in a loop, so that they stay in registers).
    let (mut one, mut two, mut three, mut four, mut five) = (0u128, 0u128, 0u128, 0u128, 0u128);
    for plane in grid.planes() {
        let plane = plane.0;
        five |= four & plane;
        four |= three & plane;
        three |= two & plane;
        two |= one & plane;
        one |= plane;
    }
    let more = match size {
        2 => three,
        3 => four,
        _ => five,
    };
    Bits81(two & !more)
}

/// The cells holding a candidate of some digit of `digits` (a digit mask).
#[inline]
fn holders(grid: &Grid, digits: u16) -> Bits81 {
    let mut cells = Bits81::EMPTY;
    for (digit, &plane) in grid.planes().iter().enumerate() {
        if digits & 1 << digit != 0 {
            cells |= plane;
        }
    }
    cells
}

/// `size` cells of a house whose candidates are `size` digits: those digits leave the house's other cells.
fn naked_subset(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    size: usize,
    technique: TechniqueId,
) -> ControlFlow<()> {
    let small = cells_with_two_to(grid, size);
    each_house(grid, size - 2, sink, |house, sink| {
        // A house with fewer than `size` such cells has no subset of that size.
        let here = small & HOUSE_SETS[house];
        if (here.count() as usize) < size
            || (grid.unsolved() & HOUSE_SETS[house]).count() as usize <= size
        {
            return ControlFlow::Continue(());
        }
        let mut cells = [0usize; 9];
        let mut masks = [0u16; 9];
        let mut n = 0;
        // In increasing cell order, which is the house's cell order (`HOUSE_CELLS`).
        for cell in here {
            cells[n] = cell;
            masks[n] = grid.candidates(cell);
            n += 1;
        }
        locked_choices(&masks[..n], size, |chosen, digits| {
            let subset: Bits81 = (0..n)
                .filter(|&i| chosen & 1 << i != 0)
                .map(|i| cells[i])
                .collect();
            let others = HOUSE_SETS[house].and_not(subset);
            // Most subsets remove nothing: told before a step is built.
            if !holders(grid, digits).intersects(others) {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(technique);
            for digit in 0..9 {
                if digits & 1 << digit != 0 {
                    step.eliminations.planes[digit] = grid.plane(digit) & others;
                }
            }
            step.houses = 1 << house;
            step.cells = subset;
            step.digits = digits;
            sink(&step)
        })
    })
}

/// `size` digits of a house confined to `size` cells: those cells lose every other digit.
fn hidden_subset(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    size: usize,
    technique: TechniqueId,
) -> ControlFlow<()> {
    each_house(grid, 3 + size - 2, sink, |house, sink| {
        let house_cells = HOUSE_SETS[house];
        let mut digits = [0usize; 9];
        let mut places = [Bits81::EMPTY; 9];
        // The places as positions in the house, counted by table (here and in the choices'
        // unions).
        let mut positions = [0u16; 9];
        let mut n = 0;
        // Kept without a branch: each digit is written at `n`, which moves on only for a digit
        // with 2..=size places (which digits have follows no pattern a predictor learns).
        for digit in 0..9 {
            let plane = grid.plane(digit);
            let here = positions_in(house, plane);
            let count = nine_bit_count(here) as usize;
            digits[n] = digit;
            places[n] = plane & house_cells;
            positions[n] = here;
            n += usize::from(count >= 2) & usize::from(count <= size);
        }
        // Fewer than `size` digits with 2..=size places: no subset.
        if n < size {
            return ControlFlow::Continue(());
        }
        locked_choices(&positions[..n], size, |chosen, _| {
            let (mut subset_digits, mut cells) = (0u16, Bits81::EMPTY);
            for i in 0..n {
                if chosen & 1 << i != 0 {
                    subset_digits |= 1 << digits[i];
                    cells |= places[i];
                }
            }
            // Most subsets remove nothing: told before a step is built.
            if !holders(grid, !subset_digits & 0x1FF).intersects(cells) {
                return ControlFlow::Continue(());
            }
            let mut step = Step::new(technique);
            for digit in 0..9 {
                if subset_digits & 1 << digit == 0 {
                    step.eliminations.planes[digit] = grid.plane(digit) & cells;
                }
            }
            step.houses = 1 << house;
            step.cells = cells;
            step.digits = subset_digits;
            sink(&step)
        })
    })
}

/// `size` cells of a box∩line intersection holding `size` digits (HoDoKu's locked pair and
/// triple): those digits leave the rest of both the box and the line.
fn locked_subset(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    size: usize,
    technique: TechniqueId,
) -> ControlFlow<()> {
    // The cells with 2..=size candidates, for every intersection at once: one with fewer
    // than `size` of them has no subset (and most have none).
    let small = cells_with_two_to(grid, size);
    let (row_hits, column_hits) = segments_holding(small, size);
    if (row_hits | column_hits).is_empty() {
        return ControlFlow::Continue(());
    }
    for intersection in INTERSECTIONS.iter() {
        let hits = if intersection.line_house < 9 {
            row_hits
        } else {
            column_hits
        };
        if !hits.intersects(intersection.cells) {
            continue;
        }
        let here = small & intersection.cells;
        let mut cells = [0usize; 3];
        let mut masks = [0u16; 3];
        let mut n = 0;
        for cell in here {
            cells[n] = cell;
            masks[n] = grid.candidates(cell);
            n += 1;
        }
        let houses = HOUSE_SETS[intersection.box_house] | HOUSE_SETS[intersection.line_house];
        locked_choices(&masks[..n], size, |chosen, digits| {
            let subset: Bits81 = (0..n)
                .filter(|&i| chosen & 1 << i != 0)
                .map(|i| cells[i])
                .collect();
            let others = houses.and_not(subset);
            let mut step = Step::new(technique);
            for digit in 0..9 {
                if digits & 1 << digit != 0 {
                    step.eliminations.planes[digit] = grid.plane(digit) & others;
                }
            }
            // HoDoKu's locked subsets eliminate in both houses; one that clears only one of them
            // is a plain naked subset (found later, as HoDoKu finds it).
            let box_rest = HOUSE_SETS[intersection.box_house].and_not(intersection.cells);
            let line_rest = HOUSE_SETS[intersection.line_house].and_not(intersection.cells);
            let removed = step.eliminations.cells();
            if (removed & box_rest).is_empty() || (removed & line_rest).is_empty() {
                return ControlFlow::Continue(());
            }
            step.houses = 1 << intersection.box_house | 1 << intersection.line_house;
            step.cells = subset;
            step.digits = digits;
            sink(&step)
        })?;
    }
    ControlFlow::Continue(())
}

/// The box∩row and box∩column intersections holding at least `size` (2 or 3) cells of
/// `cells`, as two sets holding some cell of each such intersection (of rows, of columns):
/// worked out for all 54 at once by shifting the set onto itself (a row's three cells of a box
/// are three consecutive bits, a column's three bits nine apart).
fn segments_holding(cells: Bits81, size: usize) -> (Bits81, Bits81) {
    /// The cells at `offset` in their intersection's run of three (along rows: `step` 1; along
    /// columns: `step` 9).
    const fn run_position(step: usize, offset: usize) -> u128 {
        let (mut bits, mut cell) = (0u128, 0);
        while cell < 81 {
            let position = if step == 1 {
                cell % 9 % 3
            } else {
                cell / 9 % 3
            };
            if position == offset {
                bits |= 1 << cell;
            }
            cell += 1;
        }
        bits
    }
    const ROW_FIRST: u128 = run_position(1, 0);
    const ROW_SECOND: u128 = run_position(1, 1);
    const COLUMN_FIRST: u128 = run_position(9, 0);
    const COLUMN_SECOND: u128 = run_position(9, 1);
    debug_assert!((2..=3).contains(&size));
    let x = cells.0;
    let hits = |step: u32, first: u128, second: u128| {
        let (next, after) = (x >> step, x >> (2 * step));
        if size == 2 {
            // Two of three: the first and second, the second and third, or the first and third.
            (x & next & (first | second)) | (x & after & first)
        } else {
            x & next & after & first
        }
    };
    (
        Bits81(hits(1, ROW_FIRST, ROW_SECOND)),
        Bits81(hits(9, COLUMN_FIRST, COLUMN_SECOND)),
    )
}

/// Locked pair (HoDoKu): a naked pair inside a box∩line intersection.
pub fn locked_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked_subset(grid, sink, 2, TechniqueId::LockedPair)
}
/// Locked triple (HoDoKu): a naked triple inside a box∩line intersection.
pub fn locked_triple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked_subset(grid, sink, 3, TechniqueId::LockedTriple)
}
/// Naked pair.
pub fn naked_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    naked_subset(grid, sink, 2, TechniqueId::NakedPair)
}
/// Naked triple.
pub fn naked_triple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    naked_subset(grid, sink, 3, TechniqueId::NakedTriple)
}
/// Naked quad.
pub fn naked_quad(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    naked_subset(grid, sink, 4, TechniqueId::NakedQuad)
}
/// Hidden pair.
pub fn hidden_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_subset(grid, sink, 2, TechniqueId::HiddenPair)
}
/// Hidden triple.
pub fn hidden_triple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_subset(grid, sink, 3, TechniqueId::HiddenTriple)
}
/// Hidden quad.
pub fn hidden_quad(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_subset(grid, sink, 4, TechniqueId::HiddenQuad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::candidates;
    use crate::core::HOUSE_CELLS;

    #[test]
    fn segments_holding_are_the_intersections_counted() {
        // Random sets of every density: an intersection is met by the set of its kind (rows,
        // columns) exactly when it holds at least `size` cells of the set.
        let mut rng = crate::core::test_support::Xorshift(0xA54F_F53A_5F1D_36F1);
        let mut held = [0usize; 2];
        for round in 0..3000 {
            let cells = rng.random_set([10, 25, 45, 70][round % 4]);
            for size in [2, 3] {
                let (rows, columns) = segments_holding(cells, size);
                assert!((rows | columns).and_not(cells).is_empty());
                for intersection in INTERSECTIONS.iter() {
                    let hits = if intersection.line_house < 9 {
                        rows
                    } else {
                        columns
                    };
                    let holds = (cells & intersection.cells).count() as usize >= size;
                    assert_eq!(hits.intersects(intersection.cells), holds, "{cells:?}");
                    held[size - 2] += usize::from(holds);
                }
            }
        }
        assert!(held[0] > 20_000 && held[1] > 5_000, "{held:?}");
    }

    #[test]
    fn cells_with_two_to_size_candidates_are_counted_per_cell() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let mut g = crate::core::test_support::grid(&text.lines().next().unwrap()[..81]);
        // Narrow some cells so that every count 1..=9 occurs.
        for cell in 0..40 {
            for digit in 0..cell % 9 {
                g.eliminate(cell, digit);
            }
        }
        for size in 2..=4 {
            let expected: Bits81 = g
                .unsolved()
                .iter()
                .filter(|&c| (2..=size).contains(&(g.candidates(c).count_ones() as usize)))
                .collect();
            assert!(!expected.is_empty());
            assert_eq!(cells_with_two_to(&g, size), expected, "size {size}");
        }
    }

    #[test]
    fn locked_choices_are_every_combination_in_order() {
        // Every `size`-combination of positions in lexicographic order, by recursion, kept
        // where the union has at most `size` members: what the loops must give, in the same
        // order, on random masks of every density.
        fn combinations(
            items: &[u16],
            size: usize,
            start: usize,
            chosen: u16,
            union: u16,
            out: &mut Vec<(u16, u16)>,
        ) {
            if chosen.count_ones() as usize == size {
                if union.count_ones() as usize <= size {
                    out.push((chosen, union));
                }
                return;
            }
            for i in start..items.len() {
                combinations(items, size, i + 1, chosen | 1 << i, union | items[i], out);
            }
        }
        let mut rng = crate::core::test_support::Xorshift(0x2545_F491_4F6C_DD1D);
        let (mut cases, mut visits) = (0, 0);
        for _ in 0..20_000 {
            let n = (rng.next() % 10) as usize;
            let density = 1 + rng.next() % 8;
            let items: Vec<u16> = (0..n)
                .map(|_| {
                    (0..9)
                        .filter(|_| rng.next() % 9 < density)
                        .fold(0, |m, b| m | 1 << b)
                })
                .collect();
            for size in 2..=4 {
                let mut expected = Vec::new();
                combinations(&items, size, 0, 0, 0, &mut expected);
                let mut got = Vec::new();
                let _ = locked_choices(&items, size, |chosen, union| {
                    got.push((chosen, union));
                    ControlFlow::Continue(())
                });
                assert_eq!(got, expected, "{items:?} size {size}");
                cases += 1;
                visits += got.len();
            }
        }
        assert!(cases == 60_000 && visits > 10_000, "{visits} visits");
    }

    #[test]
    fn the_house_memo_gives_the_steps_of_the_plain_search() {
        // The shipped hard states and royle17 starts, each thinned by random eliminations in
        // a run of states (so the memo carries houses from state to state, and from one grid
        // to the next): every subset finder, asked for all its steps or its first, gives what
        // it gives with the memos off.
        let mut rng = crate::core::test_support::Xorshift(0x9E37_79B9_7F4A_7C15);
        let grids = crate::techniques::shipped_test_grids(20);
        let finders = [
            TechniqueId::NakedPair,
            TechniqueId::NakedTriple,
            TechniqueId::NakedQuad,
            TechniqueId::HiddenPair,
            TechniqueId::HiddenTriple,
            TechniqueId::HiddenQuad,
        ];
        let (mut compared, mut found) = (0, 0);
        for mut g in grids {
            for _ in 0..6 {
                for technique in finders {
                    let all = technique.find_all(&g);
                    let first = technique.find_first(&g);
                    let (plain_all, plain_first) = crate::techniques::memo::without_memos(|| {
                        (technique.find_all(&g), technique.find_first(&g))
                    });
                    assert_eq!(all, plain_all, "{technique:?}");
                    assert_eq!(first, plain_first, "{technique:?}");
                    compared += 1;
                    found += plain_all.len();
                }
                // A few candidates removed, never a cell's last.
                let count = 1 + rng.next() % 6;
                rng.thin(&mut g, count);
            }
        }
        assert!(
            compared > 1_000 && found > 500,
            "{compared} compared, {found} steps"
        );
    }

    /// Keeps only `digits` (1-based) as candidates of `cell`.
    fn restrict(grid: &mut Grid, cell: usize, digits: &[usize]) {
        for d in 0..9 {
            if !digits.contains(&(d + 1)) {
                grid.eliminate(cell, d);
            }
        }
    }

    #[test]
    fn naked_pair_in_a_row() {
        let mut g = Grid::empty();
        restrict(&mut g, 0, &[3, 7]);
        restrict(&mut g, 4, &[3, 7]);
        let steps = TechniqueId::NakedPair.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.houses, 1);
        assert_eq!(step.cells, [0usize, 4].into_iter().collect());
        assert_eq!(step.digits, 1 << 2 | 1 << 6);
        assert_eq!(step.eliminations.count(), 14);
        assert!(step.eliminations.contains(1, 2) && step.eliminations.contains(8, 6));
        // The pair does not form a triple or quad on its own.
        assert!(TechniqueId::NakedTriple.find_first(&g).is_none());
        // A different pair (3/8) breaks it.
        let mut g = Grid::empty();
        restrict(&mut g, 0, &[3, 7]);
        restrict(&mut g, 4, &[3, 8]);
        assert!(TechniqueId::NakedPair.find_first(&g).is_none());
    }

    #[test]
    fn naked_triple_with_partial_cells() {
        // {1,2} {2,3} {1,3} in column 1 rows 1, 5, 9 — one cell lacks each digit.
        let mut g = Grid::empty();
        restrict(&mut g, 0, &[1, 2]);
        restrict(&mut g, 36, &[2, 3]);
        restrict(&mut g, 72, &[1, 3]);
        let steps = TechniqueId::NakedTriple.find_all(&g);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].houses, 1 << 9);
        assert_eq!(steps[0].eliminations.count(), 18);
    }

    #[test]
    fn hidden_pair_in_a_box() {
        // Digits 5 and 9 appear in box 9 only at r7c7 and r9c9.
        let mut g = Grid::empty();
        for &cell in &HOUSE_CELLS[26] {
            let cell = cell as usize;
            if cell != 60 && cell != 80 {
                g.eliminate(cell, 4);
                g.eliminate(cell, 8);
            }
        }
        let steps = TechniqueId::HiddenPair.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = &steps[0];
        assert_eq!(step.houses, 1 << 26);
        assert_eq!(step.digits, 1 << 4 | 1 << 8);
        let mut expected = Vec::new();
        for cell in ["r7c7", "r9c9"] {
            for d in [1, 2, 3, 4, 6, 7, 8] {
                expected.push(format!("{cell}#{d}"));
            }
        }
        let names: Vec<&str> = expected.iter().map(String::as_str).collect();
        assert_eq!(step.eliminations, candidates(&names));
        assert!(TechniqueId::HiddenTriple.find_first(&g).is_none());
    }

    #[test]
    fn hidden_quad_and_naked_quad_are_found() {
        // Digits 1-4 confined to r1c1..r1c4 in row 1.
        let mut g = Grid::empty();
        for cell in 4..9 {
            for d in 0..4 {
                g.eliminate(cell, d);
            }
        }
        let step = TechniqueId::HiddenQuad.find_first(&g).unwrap();
        assert_eq!(step.cells, [0usize, 1, 2, 3].into_iter().collect());
        assert_eq!(step.eliminations.count(), 4 * 5);
        // Once applied, the same quad has nothing left to remove.
        let mut g2 = g.clone();
        step.apply(&mut g2);
        assert!(TechniqueId::HiddenQuad.find_first(&g2).is_none());
        let mut g = Grid::empty();
        for (cell, digits) in [(0, [1, 2]), (10, [2, 3]), (20, [3, 4]), (2, [4, 1])] {
            restrict(&mut g, cell, &digits);
        }
        let step = TechniqueId::NakedQuad.find_first(&g).unwrap();
        assert_eq!(step.houses, 1 << 18);
        assert_eq!(step.eliminations.count(), 5 * 4);
    }
}
