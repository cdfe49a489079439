//! Singles: full house (GNPX "LastDigit"), naked single, hidden single.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid, ALL_DIGITS, CELL_HOUSES, HOUSES, HOUSE_CELLS, HOUSE_SETS};
use crate::techniques::step::Step;

fn single_step(technique: TechniqueId, single: Single) -> Step {
    let mut step = Step::new(technique);
    step.set_single(technique, single.cell, single.digit, single.houses);
    step
}

/// One single: the cell, the digit placed there, and the houses the step names (bit `h` =
/// house `h`; none for a naked single). The finders yield it as a step; the grader's fast path
/// ([`first_single`]) places it without building one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Single {
    /// The cell.
    pub cell: usize,
    /// The digit index placed.
    pub digit: usize,
    /// The houses of the step.
    pub houses: u32,
}

/// Houses in the order hidden singles and full houses are scanned: boxes, rows, columns
/// (a box single is the one a person sees first). A `static`, so that a scan reads it in place
/// (iterating a `const` array copied its 27 words onto the stack at every call).
static SCAN_ORDER: [u8; HOUSES] = {
    let mut order = [0u8; HOUSES];
    let mut i = 0;
    while i < 9 {
        order[i] = 18 + i as u8;
        order[9 + i] = i as u8;
        order[18 + i] = 9 + i as u8;
        i += 1;
    }
    order
};

/// What one pass of the ladder over a grid state has learned of its singles: the full-house
/// and the naked-single rungs, tried one after the other on the same state, share one count of
/// the cells' candidates ([`Grid::single_candidate_cells`]) and the houses with one open cell
/// ([`OneOpen`]). Made anew for every state.
#[derive(Clone, Copy, Debug, Default)]
pub struct SinglesPass {
    single_candidate_cells: Option<Bits81>,
    one_open: OneOpen,
}

impl SinglesPass {
    /// `grid`'s cells with one candidate: counted at the pass's first call, which must be on
    /// the pass's grid, as every later one.
    #[inline(always)]
    fn single_candidate_cells(&mut self, grid: &Grid) -> Bits81 {
        *self
            .single_candidate_cells
            .get_or_insert_with(|| grid.single_candidate_cells())
    }
}

/// The houses of a grid with exactly one open cell (bit `h` = house `h`), the only ones that can
/// be full houses: found when first asked, and kept by the grader from one state to the next,
/// since a placement changes only its cell's three houses (and any other step forgets them).
#[derive(Clone, Copy, Debug, Default)]
pub struct OneOpen(Option<u32>);

impl OneOpen {
    /// The houses of `grid` with one open cell (`grid` is the state this was kept for).
    #[inline]
    fn of(&mut self, grid: &Grid) -> u32 {
        *self.0.get_or_insert_with(|| {
            (0..HOUSES).fold(0, |houses, house| {
                houses | u32::from(one_open_in(grid, house)) << house
            })
        })
    }

    /// Follows the placement of a digit in `cell`, `grid` being the state after it.
    #[inline]
    pub fn placed(&mut self, grid: &Grid, cell: usize) {
        if let Some(houses) = &mut self.0 {
            for &house in &CELL_HOUSES[cell] {
                let bit = 1 << house;
                *houses = *houses & !bit | u32::from(one_open_in(grid, house as usize)) << house;
            }
        }
    }

    /// Follows any other change of the grid: the houses are found again when next asked.
    #[inline]
    pub fn forget(&mut self) {
        self.0 = None;
    }
}

/// Whether `house` has exactly one open cell.
#[inline(always)]
fn one_open_in(grid: &Grid, house: usize) -> bool {
    let open = (grid.unsolved() & HOUSE_SETS[house]).0;
    (open != 0) & (open & open.wrapping_sub(1) == 0)
}

/// A set of houses (bit `h` = house `h`: rows, columns, boxes) as bits in scan order (bit `i`
/// = house `SCAN_ORDER[i]`: boxes, rows, columns).
#[inline(always)]
fn in_scan_order(houses: u32) -> u32 {
    houses >> 18 | (houses & 0x3FFFF) << 9
}

/// Every full house in scan order, to `each` until it breaks; `single_candidate_cells` are the
/// grid's, `one_open` its houses with one open cell ([`OneOpen`]). The one scan both the finder
/// and [`first_single_in`] run, so the two cannot disagree.
#[inline(always)]
fn full_houses(
    grid: &Grid,
    single_candidate_cells: Bits81,
    one_open: u32,
    mut each: impl FnMut(Single) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // Only a house with one open cell may be full, and then only where that cell is a naked
    // single (as it is unless the state is broken). In scan order: the houses' bits (rows,
    // columns, boxes) turned to boxes, rows, columns.
    let mut ordered = in_scan_order(one_open);
    while ordered != 0 {
        let position = ordered.trailing_zeros() as usize;
        ordered &= ordered - 1;
        let house = SCAN_ORDER[position] as usize;
        let cell = (grid.unsolved() & HOUSE_SETS[house])
            .first()
            .unwrap_or_default();
        if !single_candidate_cells.contains(cell) {
            continue;
        }
        let missing = ALL_DIGITS & !grid.placed_digits_in(house);
        if crate::core::bits::nine_bit_count(missing) != 1 {
            continue;
        }
        let digit = missing.trailing_zeros() as usize;
        if grid.has_candidate(cell, digit) {
            each(Single {
                cell,
                digit,
                houses: 1 << house,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Every naked single in cell order, to `each` until it breaks; `single_candidate_cells` are
/// the grid's.
#[inline(always)]
fn naked_singles(
    grid: &Grid,
    single_candidate_cells: Bits81,
    mut each: impl FnMut(Single) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for cell in single_candidate_cells {
        let digit = grid.candidates(cell).trailing_zeros() as usize;
        each(Single {
            cell,
            digit,
            houses: 0,
        })?;
    }
    ControlFlow::Continue(())
}

/// [`Grid::digits_once_in`] for the house `HOUSE`: its cells are constants, so the nine reads
/// are unrolled and unchecked (the loop over a house's cell list was a third more
/// instructions, and the hidden-single scan is the basic ladder's most frequent search).
#[inline(always)]
fn digits_once_in<const HOUSE: usize>(grid: &Grid) -> u16 {
    let cells = const { HOUSE_CELLS[HOUSE] };
    let (mut once, mut twice) = (0u16, 0u16);
    for cell in cells {
        let mask = grid.candidates(cell as usize);
        twice |= once & mask;
        once |= mask;
    }
    once & !twice
}

/// Every hidden single in scan order (house, then digit), to `each` until it breaks.
#[inline(always)]
fn hidden_singles(grid: &Grid, mut each: impl FnMut(Single) -> ControlFlow<()>) -> ControlFlow<()> {
    // One block per house, in `SCAN_ORDER`: boxes, rows, columns.
    macro_rules! scan {
        ($($house:literal),*) => {$(
            let mut singles = digits_once_in::<$house>(grid);
            while singles != 0 {
                let digit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let cell = (grid.plane(digit) & HOUSE_SETS[$house])
                    .first()
                    .unwrap_or_default();
                each(Single {
                    cell,
                    digit,
                    houses: 1 << $house,
                })?;
            }
        )*};
    }
    scan!(
        18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16, 17
    );
    ControlFlow::Continue(())
}

/// The single the finder of `technique` (full house, naked or hidden single) yields first at
/// `grid`, without building a step: the grader places it directly (a single's step places its
/// cell and eliminates nothing), so the most frequent steps cost no step copy. `None` when
/// there is none, or for another technique.
#[inline]
pub fn first_single(technique: TechniqueId, grid: &Grid) -> Option<Single> {
    first_single_in(technique, grid, &mut SinglesPass::default())
}

/// [`first_single`] within a pass over `grid` that earlier singles rungs may have begun.
#[inline]
pub fn first_single_in(
    technique: TechniqueId,
    grid: &Grid,
    pass: &mut SinglesPass,
) -> Option<Single> {
    let mut first = None;
    let take = |single| {
        first = Some(single);
        ControlFlow::Break(())
    };
    let _ = match technique {
        TechniqueId::FullHouse => {
            let cells = pass.single_candidate_cells(grid);
            full_houses(grid, cells, pass.one_open.of(grid), take)
        }
        TechniqueId::NakedSingle => naked_singles(grid, pass.single_candidate_cells(grid), take),
        TechniqueId::HiddenSingle => hidden_singles(grid, take),
        _ => ControlFlow::Continue(()),
    };
    first
}

/// The usual order of the singles rungs at the top of a ladder (GNPX's).
const USUAL_ORDER: [TechniqueId; 3] = [
    TechniqueId::FullHouse,
    TechniqueId::NakedSingle,
    TechniqueId::HiddenSingle,
];

/// The first single that the singles rungs `techniques` (full house, naked or hidden single,
/// each taking its first step) find at `grid` asked in that order, with the position of the
/// rung that found it: what [`first_single_in`] asked rung by rung finds. `tried` is told of
/// each rung asked, and whether it found one. In the usual order (full house, naked single,
/// hidden single) the three scans run one after the other: asking rung by rung dispatched on
/// the technique at each, a branch that follows which single the state has (a third of the
/// singles' mispredicted branches).
#[inline]
pub fn first_single_at_top(
    techniques: &[TechniqueId],
    grid: &Grid,
    one_open: &mut OneOpen,
    mut tried: impl FnMut(TechniqueId, bool),
) -> Option<(usize, Single)> {
    let mut first = None;
    let mut take = |single| {
        first = Some(single);
        ControlFlow::Break(())
    };
    if techniques == USUAL_ORDER {
        let cells = grid.single_candidate_cells();
        let hit = full_houses(grid, cells, one_open.of(grid), &mut take).is_break();
        tried(TechniqueId::FullHouse, hit);
        let position = if hit {
            0
        } else {
            let hit = naked_singles(grid, cells, &mut take).is_break();
            tried(TechniqueId::NakedSingle, hit);
            if hit {
                1
            } else {
                let hit = hidden_singles(grid, &mut take).is_break();
                tried(TechniqueId::HiddenSingle, hit);
                if !hit {
                    return None;
                }
                2
            }
        };
        return first.map(|single| (position, single));
    }
    let mut pass = SinglesPass {
        one_open: *one_open,
        ..SinglesPass::default()
    };
    for (position, &technique) in techniques.iter().enumerate() {
        let single = first_single_in(technique, grid, &mut pass);
        tried(technique, single.is_some());
        if let Some(single) = single {
            *one_open = pass.one_open;
            return Some((position, single));
        }
    }
    *one_open = pass.one_open;
    None
}

/// A house with one empty cell: the missing digit goes there.
pub fn full_house(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let one_open = OneOpen::default().of(grid);
    full_houses(grid, grid.single_candidate_cells(), one_open, |single| {
        sink(&single_step(TechniqueId::FullHouse, single))
    })
}

/// A cell with one candidate left.
pub fn naked_single(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    naked_singles(grid, grid.single_candidate_cells(), |single| {
        sink(&single_step(TechniqueId::NakedSingle, single))
    })
}

/// A digit with one place left in a house.
pub fn hidden_single(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_singles(grid, |single| {
        sink(&single_step(TechniqueId::HiddenSingle, single))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::grid;
    use crate::core::Bits81;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn with_holes(holes: &[usize]) -> Grid {
        let mut text = SOLVED.as_bytes().to_vec();
        for &h in holes {
            text[h] = b'.';
        }
        grid(std::str::from_utf8(&text).unwrap())
    }

    #[test]
    fn the_singles_at_the_top_are_the_rungs_asked_one_by_one() {
        // Shipped hard states, royle17 starts and the states their singles lead to, thinned by
        // random eliminations: in the usual order and in others, the single found, the rung
        // that found it and the rungs asked are those of asking each rung in turn.
        use TechniqueId::{FullHouse as F, HiddenSingle as H, NakedSingle as N};
        let orders: [&[TechniqueId]; 6] = [&[F, N, H], &[N, F, H], &[H, N, F], &[F, H], &[N], &[]];
        let mut rng = crate::core::test_support::Xorshift(0x0DDB_A115_CAFE_F00D);
        let mut positions = [0usize; 4];
        for mut g in crate::techniques::shipped_test_grids(30) {
            let mut one_open = OneOpen::default();
            for round in 0..60 {
                for order in orders {
                    let mut asked = Vec::new();
                    let mut kept = one_open;
                    let got =
                        first_single_at_top(order, &g, &mut kept, |t, hit| asked.push((t, hit)));
                    let (mut expected, mut pass, mut expected_asked) =
                        (None, SinglesPass::default(), Vec::new());
                    for (position, &technique) in order.iter().enumerate() {
                        let single = first_single_in(technique, &g, &mut pass);
                        expected_asked.push((technique, single.is_some()));
                        if let Some(single) = single {
                            expected = Some((position, single));
                            break;
                        }
                    }
                    assert_eq!(got, expected, "{order:?}");
                    assert_eq!(asked, expected_asked, "{order:?}");
                    if order.len() == 3 && order[0] == F {
                        positions[got.map_or(3, |(position, _)| position)] += 1;
                    }
                }
                // On to the next state: the single found, or else a few eliminations, the houses
                // with one open cell kept as the grader keeps them.
                match first_single_at_top(&USUAL_ORDER, &g, &mut one_open, |_, _| ()) {
                    Some((_, single)) if round % 4 != 3 => {
                        g.place(single.cell, single.digit);
                        one_open.placed(&g, single.cell);
                    }
                    _ => {
                        rng.thin(&mut g, 6);
                        one_open.forget();
                    }
                }
            }
        }
        assert!(positions.iter().all(|&n| n > 50), "{positions:?}");
    }

    #[test]
    fn the_unrolled_hidden_single_scan_is_the_scan_by_house_list() {
        // Shipped hard states and royle17 starts, thinned by random eliminations: every hidden
        // single, in order, is the one a scan of `SCAN_ORDER` with `Grid::digits_once_in` gives.
        let mut rng = crate::core::test_support::Xorshift(0x1F83_D9AB_FB41_BD6B);
        let grids = crate::techniques::shipped_test_grids(30);
        let mut seen = 0;
        for mut g in grids {
            for _ in 0..5 {
                let mut expected = Vec::new();
                for &house in &SCAN_ORDER {
                    let house = house as usize;
                    for digit in crate::core::bits::digits(g.digits_once_in(house)) {
                        let cell = (g.plane(digit) & HOUSE_SETS[house]).first().unwrap();
                        expected.push(Single {
                            cell,
                            digit,
                            houses: 1 << house,
                        });
                    }
                }
                let mut got = Vec::new();
                let _ = hidden_singles(&g, |single| {
                    got.push(single);
                    ControlFlow::Continue(())
                });
                assert_eq!(got, expected);
                assert_eq!(
                    first_single(TechniqueId::HiddenSingle, &g),
                    expected.first().copied()
                );
                seen += expected.len();
                for _ in 0..40 {
                    let (cell, digit) = ((rng.next() % 81) as usize, (rng.next() % 9) as usize);
                    if g.candidates(cell).count_ones() > 1 {
                        g.eliminate(cell, digit);
                    }
                }
            }
        }
        assert!(seen > 1_500, "{seen} hidden singles");
    }

    #[test]
    fn houses_in_scan_order_are_at_their_scan_positions() {
        for house in 0..HOUSES {
            let bits = in_scan_order(1 << house);
            assert!(bits.is_power_of_two(), "house {house}");
            assert_eq!(SCAN_ORDER[bits.trailing_zeros() as usize] as usize, house);
        }
    }

    #[test]
    fn full_houses_are_those_of_the_naked_singles_houses_in_scan_order() {
        // Shipped states along their singles paths, thinned (some broken: cells without a
        // candidate), with the houses of one open cell kept as the grader keeps them: every
        // full house, in order, is what a scan of the naked singles' houses finds.
        let mut rng = crate::core::test_support::Xorshift(0x5CA1_AB1E_0FF1_CE55);
        let mut found = 0;
        for mut g in crate::techniques::shipped_test_grids(30) {
            let mut one_open = OneOpen::default();
            for round in 0..60 {
                let cells = g.single_candidate_cells();
                let mut expected = Vec::new();
                for &house in &SCAN_ORDER {
                    let house = house as usize;
                    let open = g.unsolved() & HOUSE_SETS[house];
                    if !open.is_single() || !open.intersects(cells) {
                        continue;
                    }
                    let cell = open.first().unwrap();
                    let missing = ALL_DIGITS & !g.placed_digits_in(house);
                    if missing.count_ones() == 1
                        && g.has_candidate(cell, missing.trailing_zeros() as usize)
                    {
                        expected.push(Single {
                            cell,
                            digit: missing.trailing_zeros() as usize,
                            houses: 1 << house,
                        });
                    }
                }
                let mut got = Vec::new();
                let _ = full_houses(&g, cells, one_open.of(&g), |single| {
                    got.push(single);
                    ControlFlow::Continue(())
                });
                assert_eq!(got, expected);
                found += got.len();
                match first_single(TechniqueId::NakedSingle, &g) {
                    Some(single) if round % 5 != 4 => {
                        g.place(single.cell, single.digit);
                        one_open.placed(&g, single.cell);
                    }
                    _ => {
                        rng.thin(&mut g, 8);
                        one_open.forget();
                    }
                }
            }
        }
        assert!(found > 200, "{found} full houses");
    }

    #[test]
    fn full_house_finds_the_last_cell_of_a_house() {
        let g = with_holes(&[40]);
        let steps = TechniqueId::FullHouse.find_all(&g);
        // r5c5 is the last cell of box 5, row 5 and column 5.
        assert_eq!(steps.len(), 3);
        assert!(steps.iter().all(|s| s.placements.iter().eq([(40, 4)])));
        // Two holes in every house of r1c1/r1c2: no full house there.
        let g = with_holes(&[0, 1, 9, 10]);
        assert!(TechniqueId::FullHouse.find_first(&g).is_none());
    }

    #[test]
    fn naked_single_needs_one_candidate() {
        let mut g = Grid::empty();
        for digit in 1..8 {
            g.eliminate(30, digit);
        }
        // r4c4 still has digits 1 and 9.
        assert!(TechniqueId::NakedSingle.find_first(&g).is_none());
        g.eliminate(30, 8);
        let step = TechniqueId::NakedSingle.find_first(&g).unwrap();
        assert!(step.placements.iter().eq([(30, 0)]));
        // In a filled grid with one hole, the hole is a naked single too.
        let step = TechniqueId::NakedSingle
            .find_first(&with_holes(&[40]))
            .unwrap();
        assert!(step.placements.iter().eq([(40, 4)]));
    }

    #[test]
    fn hidden_single_in_box_first() {
        assert!(TechniqueId::HiddenSingle
            .find_first(&Grid::empty())
            .is_none());
        // 1s at r2c5, r3c8, r5c2, r8c3 leave r1c1 as box 1's only place for 1.
        let mut text = vec![b'.'; 81];
        for cell in [13, 25, 37, 65] {
            text[cell] = b'1';
        }
        let g = grid(std::str::from_utf8(&text).unwrap());
        let step = TechniqueId::HiddenSingle.find_first(&g).unwrap();
        assert!(step.placements.iter().eq([(0, 0)]));
        assert_eq!(step.houses, 1 << 18);
        for step in TechniqueId::HiddenSingle.find_all(&g) {
            let (cell, digit) = step.placements.iter().next().unwrap();
            let house = step.houses.trailing_zeros() as usize;
            assert_eq!(g.plane(digit) & HOUSE_SETS[house], Bits81::cell(cell));
        }
    }
}
