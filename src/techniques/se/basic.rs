//! SE's producers 1–14, 16–18 (§4.1–§4.8): singles, the "direct" placements, pointing and
//! claiming, naked and hidden subsets, basic fish and the XY/XYZ-wings, each in SE's order.

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;

use super::memo::{search_changed, Changed, Producer};
use super::{
    cells_at, empty_cells, house_digit_positions, ones, se_step, subsets_of, BCR, COMB9, PEER_ORDER,
};
use crate::core::bits::digits;
use crate::core::{Bits81, CandidateSet, Grid, CELL_HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS};
use crate::techniques::fish::FishClass;
use crate::techniques::step::{Step, StepDifficulty};
use crate::techniques::{FinderFn, SeNameFn, StepSink, TechniqueId as T};

/// A placement step of `technique` at `difficulty` in `house`.
fn placement(technique: T, difficulty: f64, cell: usize, digit: usize, house: usize) -> Step {
    let mut step = se_step(technique, difficulty);
    step.placements.insert(cell, digit);
    step.cells = Bits81::cell(cell);
    step.digits = 1 << digit;
    step.houses = 1 << house;
    step
}

thread_local! {
    /// The singles' step, reused: they run at every step of SE's loop and most steps are
    /// theirs, so building, moving and dropping a whole [`Step`] per single cost more than
    /// finding it. Only the fields a placement sets ever change.
    static SINGLE: RefCell<Step> = RefCell::new(Step::new(T::HiddenSingle));

    /// [`full_house`]'s memo: the unsolved cells of its last grid and the houses (bit h =
    /// house h) that had exactly one of them.
    static ONE_OPEN: Cell<(Bits81, u32)> = const { Cell::new((Bits81::EMPTY, 0)) };

    /// [`hidden_single`]'s memo ([`OnceTable`]), for the last grid seen on this thread.
    static ONCE: RefCell<OnceTable> = const { RefCell::new(OnceTable::EMPTY) };
}

/// One single of SE's producer 1: the digit placed, its cell, the house it is single in and
/// its SE difficulty. The finders yield it as a step; the grader's fast path
/// ([`first_single`]) places it without building one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeSingle {
    /// The cell.
    pub cell: usize,
    /// The digit index placed.
    pub digit: usize,
    /// The house (0..27) the digit has one place in.
    pub house: usize,
    /// 1.0 (a full house), 1.2 (a block) or 1.5 (a row or column).
    pub difficulty: f64,
}

/// Yields [`placement`]'s step to `sink`, built in this thread's [`SINGLE`] buffer (a fresh
/// one if the sink itself is placing a single on this thread).
fn yield_placement(sink: &mut StepSink<'_>, technique: T, single: SeSingle) -> ControlFlow<()> {
    let SeSingle {
        cell,
        digit,
        house,
        difficulty,
    } = single;
    SINGLE.with(|buffer| match buffer.try_borrow_mut() {
        Ok(mut step) => {
            step.technique = technique;
            step.difficulty = Some(StepDifficulty(difficulty));
            step.placements = CandidateSet::EMPTY;
            step.placements.insert(cell, digit);
            step.cells = Bits81::cell(cell);
            step.digits = 1 << digit;
            step.houses = 1 << house;
            sink(&step)
        }
        Err(_) => sink(&placement(technique, difficulty, cell, digit, house)),
    })
}

/// The houses of the cells of `cells` (bit h = house h).
#[inline]
fn houses_of(cells: Bits81) -> u32 {
    let mut houses = 0;
    for cell in cells {
        let [row, column, block] = CELL_HOUSES[cell];
        houses |= 1 << row | 1 << column | 1 << block;
    }
    houses
}

/// The houses of `houses` (bit h = house h) as positions in [`BCR`] (bit i = `BCR[i]`).
#[inline]
fn in_bcr_order(houses: u32) -> u32 {
    (houses >> 18) | ((houses >> 9) & 0x1ff) << 9 | (houses & 0x1ff) << 18
}

/// Every full house of `grid` in SE's order (pass A), to `each` until it breaks.
///
/// A digit's places are unsolved cells, so in a house with one empty cell they are that cell
/// where it is a candidate: the house's digits with one place are the cell's candidates, in
/// ascending order as SE tries the digits. Which houses have one empty cell depends on the
/// unsolved cells alone; the memo ([`ONE_OPEN`]) keeps them for the last grid seen on this
/// thread, and only the houses of the cells solved (or unsolved) since are counted again: in
/// SE's loop, one house or three per step instead of 27.
#[inline(always)]
fn full_houses(grid: &Grid, mut each: impl FnMut(SeSingle) -> ControlFlow<()>) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    let (before, mut one_open) = ONE_OPEN.get();
    let changed = before ^ unsolved;
    if !changed.is_empty() {
        let mut touched = houses_of(changed);
        while touched != 0 {
            let house = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            if (unsolved & HOUSE_SETS[house]).is_single() {
                one_open |= 1 << house;
            } else {
                one_open &= !(1 << house);
            }
        }
        ONE_OPEN.set((unsolved, one_open));
    }
    let mut order = in_bcr_order(one_open);
    while order != 0 {
        let house = BCR[order.trailing_zeros() as usize];
        order &= order - 1;
        let cell = (unsolved & HOUSE_SETS[house]).0.trailing_zeros() as usize;
        let mut digits = grid.candidates(cell);
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            each(SeSingle {
                cell,
                digit,
                house,
                difficulty: 1.0,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Per house, the digits with exactly one place there, for the candidate planes it holds:
/// [`hidden_single`]'s memo. A house's once-digits depend on its cells' candidates alone, so
/// a new grid only marks the houses of the cells whose candidates changed as stale, and a
/// stale house is counted again when a scan reaches it: in SE's loop, after a single, its
/// cell's and the affected peers' houses, and of those only the ones scanned before the next
/// single is found. The planes it was counted from are kept, so it is exact for any sequence
/// of grids.
struct OnceTable {
    planes: [Bits81; 9],
    /// Bit d of `once[h]`: digit d has one place in house h (for a house not stale).
    once: [u16; 27],
    /// The houses whose `once` may be out of date (bit h = house h).
    stale: u32,
    /// The houses not stale whose `once` is not empty.
    some: u32,
}

impl OnceTable {
    /// The table of a grid without candidates.
    const EMPTY: OnceTable = OnceTable {
        planes: [Bits81::EMPTY; 9],
        once: [0; 27],
        stale: 0,
        some: 0,
    };

    /// Brings the table to `grid`'s planes: the houses of every cell whose candidates
    /// changed become stale.
    #[inline]
    fn update(&mut self, grid: &Grid) {
        let mut changed = Bits81::EMPTY;
        for (old, &new) in self.planes.iter_mut().zip(grid.planes()) {
            changed |= *old ^ new;
            *old = new;
        }
        if changed.is_empty() {
            return;
        }
        // A new puzzle changes most cells: every house then, not the cells' houses one by one.
        let stale = if changed.count() > 12 {
            (1 << 27) - 1
        } else {
            houses_of(changed)
        };
        self.stale |= stale;
        self.some &= !stale;
    }

    /// The once-digits of `house` at `grid`, whose planes the table holds, counted again if
    /// the house is stale.
    #[inline]
    fn refresh(&mut self, grid: &Grid, house: usize) -> u16 {
        let bit = 1 << house;
        if self.stale & bit != 0 {
            let once = grid.digits_once_in(house);
            self.once[house] = once;
            self.stale &= !bit;
            if once != 0 {
                self.some |= bit;
            }
        }
        self.once[house]
    }
}

/// Every hidden single of `grid` in SE's order (pass B: houses in BCR order, digits
/// ascending, houses with one empty cell left to pass A), to `each` until it breaks.
#[inline(always)]
fn hidden_singles(
    grid: &Grid,
    mut each: impl FnMut(SeSingle) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    let mut done = 0u32;
    loop {
        // The next house in BCR order that may hold a single, after those done, and its
        // once-digits. The table is borrowed only here and brought to `grid` each time:
        // `each` may search another grid on this thread.
        let next = ONCE.with_borrow_mut(|table| {
            table.update(grid);
            let mut order = in_bcr_order(table.stale | table.some) & !done;
            while order != 0 {
                let position = order.trailing_zeros();
                order &= order - 1;
                let house = BCR[position as usize];
                let open = unsolved & HOUSE_SETS[house];
                // One empty cell (pass A's house) or none (no single).
                if open.0 & open.0.wrapping_sub(1) == 0 {
                    continue;
                }
                let once = table.refresh(grid, house);
                if once != 0 {
                    return Some((position, house, once));
                }
            }
            None
        });
        let Some((position, house, mut singles)) = next else {
            return ControlFlow::Continue(());
        };
        // Every house up to this one is done.
        done = (2u32 << position) - 1;
        let difficulty = if house >= 18 { 1.2 } else { 1.5 };
        while singles != 0 {
            let digit = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            let cell = (grid.plane(digit) & HOUSE_SETS[house])
                .first()
                .unwrap_or_default();
            each(SeSingle {
                cell,
                digit,
                house,
                difficulty,
            })?;
        }
    }
}

/// The single SE's producer 1 yields first at `grid` for `technique` ([`T::FullHouse`]: pass
/// A, [`T::HiddenSingle`]: pass B), without building a step: the grader places it directly
/// (a single's step places its cell and eliminates nothing). `None` when there is none, or
/// for another technique.
#[inline]
pub fn first_single(technique: T, grid: &Grid) -> Option<SeSingle> {
    let mut first = None;
    let take = |single| {
        first = Some(single);
        ControlFlow::Break(())
    };
    let _ = match technique {
        T::FullHouse => full_houses(grid, take),
        T::HiddenSingle => hidden_singles(grid, take),
        _ => ControlFlow::Continue(()),
    };
    first
}

/// Producer 1, pass A (§4.1): a digit with one place in a house with one empty cell (1.0,
/// named "Hidden Single").
pub fn full_house(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    full_houses(grid, |single| yield_placement(sink, T::FullHouse, single))
}

/// Producer 1, pass B (§4.1): a digit with one place in a house with several empty cells;
/// 1.2 in a block, 1.5 in a row or column.
pub fn hidden_single(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hidden_singles(grid, |single| {
        yield_placement(sink, T::HiddenSingle, single)
    })
}

/// Producer 4 (§4.3): the first cell in row-major order with one candidate.
pub fn naked_single(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for cell in grid.single_candidate_cells() {
        let digit = grid.candidates(cell).trailing_zeros() as usize;
        let mut step = se_step(T::NakedSingle, 2.3);
        step.placements.insert(cell, digit);
        step.cells = Bits81::cell(cell);
        step.digits = 1 << digit;
        sink(&step)?;
    }
    ControlFlow::Continue(())
}

/// One (house 1, house 2) pair of pointing or claiming, with house 1's cells inside house 2
/// and outside it.
#[derive(Clone, Copy)]
struct Pass {
    h1: u8,
    h2: u8,
    inside: [u8; 3],
    outside: [u8; 6],
    /// The other two houses of house 1's kind that meet house 2, ascending (where Direct
    /// Pointing and Claiming look for their single).
    thirds: [u8; 2],
    /// The houses whose cells a hint of the pass depends on (bit h = house h): house 1 and
    /// house 2 for pointing and claiming, house 1 and the two thirds for the direct forms.
    depends: [u32; 2],
}

impl Pass {
    /// The digits with two or more places in house 1, all of them inside house 2: bit-sliced
    /// over the cells' candidate masks, so that the digit loop visits only those. (The
    /// searches take every pass's at once, [`all_locked`]; this is its definition.)
    #[cfg(test)]
    fn locked_digits(&self, grid: &Grid) -> u16 {
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in &self.inside {
            let mask = grid.candidates(cell as usize);
            twice |= once & mask;
            once |= mask;
        }
        let mut outside = 0u16;
        for &cell in &self.outside {
            outside |= grid.candidates(cell as usize);
        }
        twice & !outside
    }
}

/// `Pass::locked_digits` of every pass of [`intersection_passes`]`(pointing)`, in its order.
/// One walk over each house 1's nine cells (a block for pointing, a line for claiming) counts
/// every digit in each of its three segments (the cells it shares with a house 2) instead of
/// one walk per pass; the table lists house 1's passes together, three per kind of house 2,
/// in the segments' order.
fn all_locked(grid: &Grid, pointing: bool) -> [u16; 54] {
    let mut locked = [0u16; 54];
    // Digits locked in segment k: twice or more in it and in neither other segment.
    let lock = |once: &[u16; 3], twice: &[u16; 3], k: usize| {
        twice[k] & !(once[(k + 1) % 3] | once[(k + 2) % 3])
    };
    if pointing {
        // Block b's passes: its three columns (positions p mod 3), then, 27 passes on, its
        // three rows (p / 3).
        for b in 0..9 {
            let (mut once, mut twice) = ([[0u16; 3]; 2], [[0u16; 3]; 2]);
            for (p, &cell) in HOUSE_CELLS[18 + b].iter().enumerate() {
                let mask = grid.candidates(cell as usize);
                for (kind, segment) in [(0, p % 3), (1, p / 3)] {
                    twice[kind][segment] |= once[kind][segment] & mask;
                    once[kind][segment] |= mask;
                }
            }
            for kind in 0..2 {
                for k in 0..3 {
                    locked[27 * kind + 3 * b + k] = lock(&once[kind], &twice[kind], k);
                }
            }
        }
    } else {
        // Columns, then rows: line i's passes are its three blocks, the segments p / 3.
        for (kind, first) in [(0, 9), (1, 0)] {
            for i in 0..9 {
                let (mut once, mut twice) = ([0u16; 3], [0u16; 3]);
                for (p, &cell) in HOUSE_CELLS[first + i].iter().enumerate() {
                    let mask = grid.candidates(cell as usize);
                    twice[p / 3] |= once[p / 3] & mask;
                    once[p / 3] |= mask;
                }
                for k in 0..3 {
                    locked[27 * kind + 3 * i + k] = lock(&once, &twice, k);
                }
            }
        }
    }
    locked
}

/// The (house 1, house 2) pairs of pointing and claiming (§4.2, §4.4), pointing passes
/// (block, column), (block, row) when `pointing`, else the claiming passes (column, block),
/// (row, block): each house-1 index, then each house-2 index that intersects it.
fn intersection_passes(pointing: bool) -> &'static [Pass; 54] {
    &INTERSECTION_PASSES[usize::from(!pointing)]
}

/// [`intersection_passes`], pointing's then claiming's, built once at compile time.
static INTERSECTION_PASSES: [[Pass; 54]; 2] = {
    let empty = Pass {
        h1: 0,
        h2: 0,
        inside: [0; 3],
        outside: [0; 6],
        thirds: [0; 2],
        depends: [0; 2],
    };
    let mut table = [[empty; 54]; 2];
    let passes = [[(18, 9), (18, 0)], [(9, 18), (0, 18)]];
    let mut which = 0;
    while which < 2 {
        let mut n = 0;
        let mut pass = 0;
        while pass < 2 {
            let (first, second) = passes[which][pass];
            let mut i = 0;
            while i < 9 {
                let mut j = 0;
                while j < 9 {
                    let (h1, h2) = (first + i, second + j);
                    if HOUSE_SETS[h1].intersects(HOUSE_SETS[h2]) {
                        let mut entry = Pass {
                            h1: h1 as u8,
                            h2: h2 as u8,
                            ..empty
                        };
                        let (mut a, mut b, mut k) = (0, 0, 0);
                        while k < 9 {
                            let cell = HOUSE_CELLS[h1][k];
                            if HOUSE_SETS[h2].contains(cell as usize) {
                                entry.inside[a] = cell;
                                a += 1;
                            } else {
                                entry.outside[b] = cell;
                                b += 1;
                            }
                            k += 1;
                        }
                        let (mut t, mut h3) = (0, first);
                        while h3 < first + 9 {
                            if h3 != h1 && HOUSE_SETS[h3].intersects(HOUSE_SETS[h2]) {
                                entry.thirds[t] = h3 as u8;
                                t += 1;
                            }
                            h3 += 1;
                        }
                        let near = 1 << h1 | 1 << entry.thirds[0] | 1 << entry.thirds[1];
                        entry.depends = [1 << h1 | 1 << h2, near];
                        table[which][n] = entry;
                        n += 1;
                    }
                    j += 1;
                }
                i += 1;
            }
            pass += 1;
        }
        which += 1;
    }
    table
};

/// Producer 2 (§4.2): pointing (block → line, 1.7) or claiming (line → block, 1.9) whose
/// elimination would leave a hidden single in another house of house 1's kind; places it.
fn direct_intersection(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    pointing: bool,
    changed: Changed,
) -> ControlFlow<()> {
    let (technique, difficulty) = if pointing {
        (T::SeDirectPointing, 1.7)
    } else {
        (T::SeDirectClaiming, 1.9)
    };
    let all = all_locked(grid, pointing);
    for (pass, &locked) in intersection_passes(pointing).iter().zip(&all) {
        if pass.depends[1] & changed.houses == 0 {
            continue;
        }
        let (h1, h2) = (pass.h1 as usize, pass.h2 as usize);
        let mut locked = locked & changed.digits;
        while locked != 0 {
            let digit = locked.trailing_zeros() as usize;
            locked &= locked - 1;
            let plane = grid.plane(digit);
            // SE tries every house of house 1's kind but house 1; only those meeting house 2
            // lose a place.
            for &h3 in &pass.thirds {
                let h3 = h3 as usize;
                let in_h3 = plane & HOUSE_SETS[h3];
                // One place or none: no single to leave.
                if in_h3.0 & in_h3.0.wrapping_sub(1) == 0 {
                    continue;
                }
                let outside = in_h3.and_not(HOUSE_SETS[h2]);
                if outside.is_single() {
                    let cell = outside.0.trailing_zeros() as usize;
                    let mut step = placement(technique, difficulty, cell, digit, h3);
                    step.houses |= 1 << h1;
                    step.cover_houses = 1 << h2;
                    step.cells |= plane & HOUSE_SETS[h1];
                    sink(&step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Direct Pointing (1.7).
pub fn direct_pointing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(
        Producer::DirectPointing,
        grid,
        sink,
        |grid, sink, changed| direct_intersection(grid, sink, true, changed),
    )
}

/// Direct Claiming (1.9).
pub fn direct_claiming(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(
        Producer::DirectClaiming,
        grid,
        sink,
        |grid, sink, changed| direct_intersection(grid, sink, false, changed),
    )
}

/// Producers 3 and 5 (§4.2): a hidden k-set in a house with more than k empty cells whose
/// eliminations would leave a hidden single of another digit in the house; places the first.
fn direct_hidden(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    k: usize,
    changed: Changed,
) -> ControlFlow<()> {
    if k == 2 {
        direct_hidden_k::<2>(grid, sink, changed)
    } else {
        direct_hidden_k::<3>(grid, sink, changed)
    }
}

/// [`direct_hidden`] for k = `K` (2 or 3), so that the counts unroll.
fn direct_hidden_k<const K: usize>(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    changed: Changed,
) -> ControlFlow<()> {
    let (technique, difficulty) = if K == 2 {
        (T::SeDirectHiddenPair, 2.0)
    } else {
        (T::SeDirectHiddenTriple, 2.5)
    };
    for &house in &BCR {
        if !changed.house(house) || empty_cells(grid, house) as usize <= K {
            continue;
        }
        // The digits with more than 0, 1, …, k positions, counted over the cells' masks
        // before any position is listed: a house needs k digits with 2..=k positions for a
        // set and one more digit with two or more for its single, and most have neither.
        let at_least = more_than_k::<K>(grid, house);
        let few = at_least[1] & !at_least[K];
        if (ones(few) as usize) < K || ones(at_least[1]) as usize <= K {
            continue;
        }
        // Only the digits that may be in a set are placed until a set is found (most houses
        // have none); the others with two places or more then, for the single. A digit with
        // fewer keeps no positions here, and could be no single either way.
        let mut pos = [0u16; 9];
        for d in digits(few) {
            pos[d] = super::positions(grid, house, d);
        }
        let set_pos = pos;
        let mut rest_placed = false;
        let mut take = |tuple: u16| -> ControlFlow<()> {
            let Some(set) = hidden_set(&set_pos, tuple, K) else {
                return ControlFlow::Continue(());
            };
            if !rest_placed {
                for d in digits(at_least[1] & !few) {
                    pos[d] = super::positions(grid, house, d);
                }
                rest_placed = true;
            }
            let single = (0..9).find(|&d| {
                let outside = pos[d] & !set;
                tuple & (1 << d) == 0
                    && pos[d] & pos[d].wrapping_sub(1) != 0
                    && outside != 0
                    && outside & (outside - 1) == 0
            });
            if let Some(d) = single {
                let cell = HOUSE_CELLS[house][(pos[d] & !set).trailing_zeros() as usize] as usize;
                let mut step = placement(technique, difficulty, cell, d, house);
                step.cells |= cells_at(house, set);
                step.digits |= tuple;
                sink(&step)?;
            }
            ControlFlow::Continue(())
        };
        // The k-tuples of `few` in SE's Comb order (ascending masks: by the highest digit,
        // then the next), those whose positions already exceed k cells left out: the others
        // are what `hidden_set` rejects.
        for c in digits(few) {
            let below_c = few & ((1 << c) - 1);
            if K == 2 {
                for b in digits(below_c) {
                    if set_pos[b] == set_pos[c] {
                        take(1 << b | 1 << c)?;
                    }
                }
                continue;
            }
            for b in digits(below_c) {
                let bc = set_pos[b] | set_pos[c];
                if ones(bc) > 3 {
                    continue;
                }
                for a in digits(few & ((1 << b) - 1)) {
                    take(1 << a | 1 << b | 1 << c)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// [`more_than`] for k = `K`, unrolled.
#[inline]
fn more_than_k<const K: usize>(grid: &Grid, house: usize) -> [u16; 5] {
    let mut at_least = [0u16; 5];
    for &cell in &HOUSE_CELLS[house] {
        let mask = grid.candidates(cell as usize);
        for i in (1..=K).rev() {
            at_least[i] |= at_least[i - 1] & mask;
        }
        at_least[0] |= mask;
    }
    at_least
}

/// The digits of `house` with more than i positions, for i = 0..=k (k ≤ 4; the rest 0), by
/// a bit-sliced count over its cells' candidate masks.
#[inline]
fn more_than(grid: &Grid, house: usize, k: usize) -> [u16; 5] {
    let mut at_least = [0u16; 5];
    for &cell in &HOUSE_CELLS[house] {
        let mask = grid.candidates(cell as usize);
        for i in (1..=k).rev() {
            at_least[i] |= at_least[i - 1] & mask;
        }
        at_least[0] |= mask;
    }
    at_least
}

/// The positions of a hidden set: the digits of `tuple` (each with 2..=k positions: one with
/// fewer than two is not in SE's sets, one with more than k makes the union too large) have
/// exactly `k` together.
#[inline]
fn hidden_set(pos: &[u16; 9], tuple: u16, k: usize) -> Option<u16> {
    let mut union = 0u16;
    let mut rest = tuple;
    while rest != 0 {
        union |= pos[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    (ones(union) as usize == k).then_some(union)
}

/// Direct Hidden Pair (2.0).
pub fn direct_hidden_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(
        Producer::DirectHiddenPair,
        grid,
        sink,
        |grid, sink, changed| direct_hidden(grid, sink, 2, changed),
    )
}

/// Direct Hidden Triplet (2.5).
pub fn direct_hidden_triple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(
        Producer::DirectHiddenTriple,
        grid,
        sink,
        |grid, sink, changed| direct_hidden(grid, sink, 3, changed),
    )
}

/// Producer 6 (§4.4): pointing (2.6) or claiming (2.8), the digit removed from house 2
/// outside house 1.
fn intersection(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    pointing: bool,
    changed: Changed,
) -> ControlFlow<()> {
    let (technique, difficulty) = if pointing {
        (T::LockedCandidatesPointing, 2.6)
    } else {
        (T::LockedCandidatesClaiming, 2.8)
    };
    let all = all_locked(grid, pointing);
    for (pass, &locked) in intersection_passes(pointing).iter().zip(&all) {
        let (h1, h2) = (pass.h1 as usize, pass.h2 as usize);
        if pass.depends[0] & changed.houses == 0 {
            continue;
        }
        let mut locked = locked & changed.digits;
        while locked != 0 {
            let digit = locked.trailing_zeros() as usize;
            locked &= locked - 1;
            let plane = grid.plane(digit);
            let places = plane & HOUSE_SETS[h1];
            let removed = (plane & HOUSE_SETS[h2]).and_not(HOUSE_SETS[h1]);
            if removed.is_empty() {
                continue;
            }
            let mut step = se_step(technique, difficulty);
            step.eliminations.planes[digit] = removed;
            step.cells = places;
            step.digits = 1 << digit;
            step.houses = 1 << h1;
            step.cover_houses = 1 << h2;
            sink(&step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Pointing (2.6).
pub fn pointing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::Pointing, grid, sink, |grid, sink, changed| {
        intersection(grid, sink, true, changed)
    })
}

/// Claiming (2.8).
pub fn claiming(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::Claiming, grid, sink, |grid, sink, changed| {
        intersection(grid, sink, false, changed)
    })
}

/// Producers 7, 10, 16 (§4.5): naked k-sets in houses with ≥ 2k empty cells, position tuples
/// in Comb order.
fn naked_subset(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    k: usize,
    changed: Changed,
) -> ControlFlow<()> {
    let (technique, difficulty) = match k {
        2 => (T::NakedPair, 3.0),
        3 => (T::NakedTriple, 3.6),
        _ => (T::NakedQuad, 5.0),
    };
    for &house in &BCR {
        if !changed.house(house) || (empty_cells(grid, house) as usize) < 2 * k {
            continue;
        }
        let masks: [u16; 9] =
            std::array::from_fn(|p| grid.candidates(HOUSE_CELLS[house][p] as usize));
        // The positions of cells with two or more candidates: a tuple holds only those.
        let multi = (0..9).fold(0u16, |m, p| m | u16::from(ones(masks[p]) >= 2) << p);
        for &tuple in COMB9.of(k) {
            if tuple & !multi != 0 {
                continue;
            }
            let mut union = 0u16;
            let mut rest = tuple;
            while rest != 0 {
                union |= masks[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            if ones(union) as usize != k {
                continue;
            }
            let cells = cells_at(house, tuple);
            let others = HOUSE_SETS[house].and_not(cells);
            let mut step = se_step(technique, difficulty);
            for d in 0..9 {
                if union & (1 << d) != 0 {
                    step.eliminations.planes[d] = grid.plane(d) & others;
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            step.cells = cells;
            step.digits = union;
            step.houses = 1 << house;
            sink(&step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Naked Pair (3.0).
pub fn naked_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::NakedPair, grid, sink, |grid, sink, changed| {
        naked_subset(grid, sink, 2, changed)
    })
}

/// Naked Triplet (3.6).
pub fn naked_triple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::NakedTriple, grid, sink, |grid, sink, changed| {
        naked_subset(grid, sink, 3, changed)
    })
}

/// Naked Quad (5.0).
pub fn naked_quad(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::NakedQuad, grid, sink, |grid, sink, changed| {
        naked_subset(grid, sink, 4, changed)
    })
}

/// Producers 9, 12, 18 (§4.6): hidden k-sets in houses with more than 2k empty cells, digit
/// tuples in Comb order.
fn hidden_subset(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    k: usize,
    changed: Changed,
) -> ControlFlow<()> {
    let (technique, difficulty) = match k {
        2 => (T::HiddenPair, 3.4),
        3 => (T::HiddenTriple, 4.0),
        _ => (T::HiddenQuad, 5.4),
    };
    for &house in &BCR {
        if !changed.house(house) || empty_cells(grid, house) as usize <= 2 * k {
            continue;
        }
        // A set needs k digits with 2..=k positions (see `direct_hidden`).
        let at_least = more_than(grid, house, k);
        let few = at_least[1] & !at_least[k];
        if (ones(few) as usize) < k {
            continue;
        }
        let pos = house_digit_positions(grid, house);
        let mut tuples = [0u16; 126];
        let n = subsets_of(few, k, &mut tuples);
        for &tuple in &tuples[..n] {
            let Some(set) = hidden_set(&pos, tuple, k) else {
                continue;
            };
            let cells = cells_at(house, set);
            let mut step = se_step(technique, difficulty);
            for d in 0..9 {
                if tuple & (1 << d) == 0 {
                    step.eliminations.planes[d] = grid.plane(d) & cells;
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            step.cells = cells;
            step.digits = tuple;
            step.houses = 1 << house;
            sink(&step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Hidden Pair (3.4).
pub fn hidden_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::HiddenPair, grid, sink, |grid, sink, changed| {
        hidden_subset(grid, sink, 2, changed)
    })
}

/// Hidden Triplet (4.0).
pub fn hidden_triple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::HiddenTriple, grid, sink, |grid, sink, changed| {
        hidden_subset(grid, sink, 3, changed)
    })
}

/// Hidden Quad (5.4).
pub fn hidden_quad(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::HiddenQuad, grid, sink, |grid, sink, changed| {
        hidden_subset(grid, sink, 4, changed)
    })
}

/// Producers 8, 11, 17 (§4.7): basic fish, columns as base first, then rows; base tuples in
/// Comb order, then digits; a digit placed in more than 9 − 2k cells is skipped.
fn fish(grid: &Grid, sink: &mut StepSink<'_>, k: usize, changed: Changed) -> ControlFlow<()> {
    let (technique, difficulty) = match k {
        2 => (T::XWing, 3.2),
        3 => (T::Swordfish, 3.8),
        _ => (T::Jellyfish, 5.2),
    };
    // A digit placed in more than 9 − 2k cells is skipped.
    // (A digit whose candidates and placed cells did not change since the last search found
    // nothing is not searched again.)
    let eligible: [bool; 9] = std::array::from_fn(|d| {
        changed.digits & (1 << d) != 0 && grid.placed(d).count() as usize + 2 * k <= 9
    });
    let searched = (0..9).fold(0u16, |m, d| m | u16::from(eligible[d]) << d);
    // Each digit's positions in each row (columns) and in each column (rows), read off the
    // cells' candidate masks in one pass: a position in a column is a row and vice versa,
    // the cover indexes.
    let (mut in_rows, mut in_columns) = ([[0u16; 9]; 9], [[0u16; 9]; 9]);
    for cell in grid.unsolved() {
        let (row, column) = (cell / 9, cell % 9);
        let mut digits = grid.candidates(cell) & searched;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            in_rows[digit][row] |= 1 << column;
            in_columns[digit][column] |= 1 << row;
        }
    }
    for (base_start, cover_start) in [(9, 0), (0, 9)] {
        let pos = if base_start == 9 {
            &in_columns
        } else {
            &in_rows
        };
        // The digits with two to k positions in each base line: a fish's digit has them in
        // every base line of its tuple (more than k and the union has more than k covers).
        let mut line_digits = [0u16; 9];
        for (digit, lines) in pos.iter().enumerate() {
            for (line, &p) in lines.iter().enumerate() {
                let mut beyond_k = p;
                for _ in 0..k {
                    beyond_k &= beyond_k.wrapping_sub(1);
                }
                let fits = p & p.wrapping_sub(1) != 0 && beyond_k == 0;
                line_digits[line] |= u16::from(fits) << digit;
            }
        }
        // The lines where a digit with k such lines or more fits: a tuple with another line
        // has no fish, and most tuples have one.
        let mut lines_of = [0u16; 9];
        for (line, &fitting) in line_digits.iter().enumerate() {
            for digit in digits(fitting & searched) {
                lines_of[digit] |= 1 << line;
            }
        }
        let live = lines_of
            .iter()
            .filter(|&&lines| ones(lines) as usize >= k)
            .fold(0u16, |live, &lines| live | lines);
        for &tuple in COMB9.of(k) {
            if tuple & !live != 0 {
                continue;
            }
            let mut digits = searched;
            let mut rest = tuple;
            while rest != 0 {
                digits &= line_digits[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            // SE's digit order within a tuple: ascending.
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut union = 0u16;
                let mut rest = tuple;
                while rest != 0 {
                    union |= pos[digit][rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                if ones(union) as usize != k {
                    continue;
                }
                let mut base_cells = Bits81::EMPTY;
                let mut rest = tuple;
                while rest != 0 {
                    base_cells |= HOUSE_SETS[base_start + rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                let mut cover_cells = Bits81::EMPTY;
                let mut covers = 0u32;
                for line in 0..9 {
                    if union & (1 << line) != 0 {
                        cover_cells |= HOUSE_SETS[cover_start + line];
                        covers |= 1 << (cover_start + line);
                    }
                }
                let removed = (grid.plane(digit) & cover_cells).and_not(base_cells);
                if removed.is_empty() {
                    continue;
                }
                let mut step = se_step(technique, difficulty);
                step.eliminations.planes[digit] = removed;
                step.cells = grid.plane(digit) & base_cells & cover_cells;
                step.digits = 1 << digit;
                step.houses = (0..9)
                    .filter(|l| tuple & (1 << l) != 0)
                    .fold(0, |m, l| m | 1 << (base_start + l));
                step.cover_houses = covers;
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// X-Wing (3.2).
pub fn x_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::XWing, grid, sink, |grid, sink, changed| {
        fish(grid, sink, 2, changed)
    })
}

/// Swordfish (3.8).
pub fn swordfish(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::Swordfish, grid, sink, |grid, sink, changed| {
        fish(grid, sink, 3, changed)
    })
}

/// Jellyfish (5.2).
pub fn jellyfish(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(Producer::Jellyfish, grid, sink, |grid, sink, changed| {
        fish(grid, sink, 4, changed)
    })
}

/// Producers 13 and 14 (§4.8): pivots in row-major order with 2 (XY) or 3 (XYZ) candidates,
/// wings in SE's peer order; z leaves every cell that sees both wings (and, for XYZ, the
/// pivot).
fn wing(grid: &Grid, sink: &mut StepSink<'_>, xyz: bool) -> ControlFlow<()> {
    let (technique, difficulty, size) = if xyz {
        (T::XyzWing, 4.4, 3)
    } else {
        (T::XyWing, 4.2, 2)
    };
    let bivalue = grid.bivalue_cells();
    for pivot in grid.unsolved() {
        let xy = grid.candidates(pivot);
        if ones(xy) != size {
            continue;
        }
        // Both wings are bivalue peers: listed once, in SE's peer order.
        let mut wings = [0u8; 20];
        let mut n = 0;
        for &peer in &PEER_ORDER[pivot] {
            if bivalue.contains(peer as usize) {
                wings[n] = peer;
                n += 1;
            }
        }
        let wings = &wings[..n];
        for &w1 in wings {
            let w1 = w1 as usize;
            let m1 = grid.candidates(w1);
            if ones(xy & !m1) != 1 {
                continue;
            }
            for &w2 in wings {
                let w2 = w2 as usize;
                let m2 = grid.candidates(w2);
                if w2 == w1 {
                    continue;
                }
                let union = xy | m1 | m2;
                let common = xy & m1 & m2;
                let fits = ones(union) == 3 && if xyz { ones(common) == 1 } else { common == 0 };
                if !fits {
                    continue;
                }
                let z = (m1 & m2).trailing_zeros() as usize;
                let mut seen = PEERS[w1] & PEERS[w2];
                if xyz {
                    seen &= PEERS[pivot];
                }
                let pattern = Bits81::cell(pivot) | Bits81::cell(w1) | Bits81::cell(w2);
                let removed = (grid.plane(z) & seen).and_not(pattern);
                if removed.is_empty() {
                    continue;
                }
                let mut step = se_step(technique, difficulty);
                step.eliminations.planes[z] = removed;
                step.cells = pattern;
                step.digits = union;
                step.pivot = Some(pivot as u8);
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-Wing (4.2).
pub fn xy_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    wing(grid, sink, false)
}

/// XYZ-Wing (4.4).
pub fn xyz_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    wing(grid, sink, true)
}

/// SE's search and name of the fish of `class` (a [`FishClass`] index) and `size`: basic
/// X-Wing, Swordfish and Jellyfish only (SE has no other fish).
pub const fn fish_for(class: usize, size: usize) -> Option<(FinderFn, SeNameFn)> {
    if class != FishClass::Basic as usize {
        return None;
    }
    match size {
        2 => Some((x_wing, |_| "X-Wing")),
        3 => Some((swordfish, |_| "Swordfish")),
        4 => Some((jellyfish, |_| "Jellyfish")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::first_step_into;

    /// The first step of `search` at `grid`, if any.
    fn first(
        search: &dyn Fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>,
        grid: &Grid,
    ) -> Option<Step> {
        let mut found = None;
        let _ = search(grid, &mut |step| {
            found = Some(step.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// Pass B counted afresh at every house (each house's once-digits from its cells' masks):
    /// what [`hidden_single`]'s table must find.
    fn hidden_single_everywhere(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        for &house in &BCR {
            if empty_cells(grid, house) < 2 {
                continue;
            }
            let difficulty = if house >= 18 { 1.2 } else { 1.5 };
            for digit in crate::core::bits::digits(grid.digits_once_in(house)) {
                let cell = (grid.plane(digit) & HOUSE_SETS[house]).first().unwrap();
                sink(&placement(T::HiddenSingle, difficulty, cell, digit, house))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Direct Hidden Pair / Triplet by §4.2's words, nothing skipped: every house with more
    /// than k empty cells in BCR order, every k-tuple of Comb(k, 9), every digit's positions.
    fn direct_hidden_by_definition(
        grid: &Grid,
        sink: &mut StepSink<'_>,
        k: usize,
    ) -> ControlFlow<()> {
        let (technique, difficulty) = if k == 2 {
            (T::SeDirectHiddenPair, 2.0)
        } else {
            (T::SeDirectHiddenTriple, 2.5)
        };
        for &house in &BCR {
            if empty_cells(grid, house) as usize <= k {
                continue;
            }
            let pos = house_digit_positions(grid, house);
            for &tuple in COMB9.of(k) {
                let members: Vec<usize> = digits(tuple).collect();
                if members.iter().any(|&d| pos[d].count_ones() < 2) {
                    continue;
                }
                let set = members.iter().fold(0u16, |u, &d| u | pos[d]);
                if set.count_ones() as usize != k {
                    continue;
                }
                let single = (0..9).find(|&d| {
                    tuple & (1 << d) == 0
                        && pos[d].count_ones() > 1
                        && (pos[d] & !set).count_ones() == 1
                });
                if let Some(d) = single {
                    let cell = HOUSE_CELLS[house][(pos[d] & !set).trailing_zeros() as usize];
                    let mut step = placement(technique, difficulty, cell as usize, d, house);
                    step.cells |= cells_at(house, set);
                    step.digits |= tuple;
                    sink(&step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Basic fish by §4.7's words, nothing skipped: both orientations, every k-tuple of base
    /// lines, every digit with two places or more in each of them.
    fn fish_by_definition(grid: &Grid, sink: &mut StepSink<'_>, k: usize) -> ControlFlow<()> {
        let (technique, difficulty) = match k {
            2 => (T::XWing, 3.2),
            3 => (T::Swordfish, 3.8),
            _ => (T::Jellyfish, 5.2),
        };
        for (base_start, cover_start) in [(9, 0), (0, 9)] {
            for &tuple in COMB9.of(k) {
                for digit in 0..9 {
                    if grid.placed(digit).count() as usize + 2 * k > 9 {
                        continue;
                    }
                    let lines: Vec<usize> = digits(tuple).map(|l| base_start + l).collect();
                    let places = |line: usize| {
                        crate::techniques::se::house_positions(grid.plane(digit), line)
                    };
                    if lines.iter().any(|&l| places(l).count_ones() < 2) {
                        continue;
                    }
                    let union = lines.iter().fold(0u16, |u, &l| u | places(l));
                    if union.count_ones() as usize != k {
                        continue;
                    }
                    let base_cells = lines.iter().fold(Bits81::EMPTY, |c, &l| c | HOUSE_SETS[l]);
                    let covers: Vec<usize> = digits(union).map(|l| cover_start + l).collect();
                    let cover_cells = covers.iter().fold(Bits81::EMPTY, |c, &l| c | HOUSE_SETS[l]);
                    let removed = (grid.plane(digit) & cover_cells).and_not(base_cells);
                    if removed.is_empty() {
                        continue;
                    }
                    let mut step = se_step(technique, difficulty);
                    step.eliminations.planes[digit] = removed;
                    step.cells = grid.plane(digit) & base_cells & cover_cells;
                    step.digits = 1 << digit;
                    step.houses = lines.iter().fold(0, |m, &l| m | 1 << l);
                    step.cover_houses = covers.iter().fold(0, |m, &l| m | 1 << l);
                    sink(&step)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every step `search` yields at `grid`, in order.
    fn all_steps(
        search: &dyn Fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>,
        grid: &Grid,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = search(grid, &mut |step| {
            steps.push(step.clone());
            ControlFlow::Continue(())
        });
        steps
    }

    /// The direct hidden sets' tuple enumeration (pairs matched, triples cut where two digits
    /// already fill four cells, positions listed for the set's digits first) and the fish's
    /// line filters (two to k places, lines of digits with k of them) yield every step the
    /// searches by definition yield, in their order: at every grid of SE's path over the
    /// royle17 sample, and at random thinnings of them (each candidate but the solution's kept
    /// with probability 1/2 to 7/8, so that sets and fish are common).
    #[test]
    fn direct_hidden_and_fish_yield_what_their_definitions_yield() {
        use crate::core::test_support::Xorshift;
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpora/royle17_sample.txt");
        let text = std::fs::read_to_string(path).unwrap();
        // SE's producers 1–14 (the walk stops where they find nothing).
        let ladder = &FIRST_PRODUCERS[..];
        let mut grids = Vec::new();
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(40)
        {
            let mut g = crate::core::test_support::grid(&line[..81]);
            let solution = crate::oracle::solve(&g).solution.unwrap();
            let mut states = Vec::new();
            let mut step = Step::new(T::FullHouse);
            loop {
                states.push(g.clone());
                if !ladder.iter().any(|&f| first_step_into(f, &g, &mut step)) {
                    break;
                }
                step.apply(&mut g);
            }
            let mut rng = Xorshift(0x0d1e_c7f1_5400 ^ line.len() as u64 ^ states.len() as u64);
            for state in states.iter().step_by(7) {
                for keep in [4u64, 6, 7] {
                    let mut thin = state.clone();
                    for cell in thin.unsolved() {
                        for d in digits(thin.candidates(cell)) {
                            if d != usize::from(solution[cell]) && rng.next() % 8 >= keep {
                                thin.eliminate(cell, d);
                            }
                        }
                    }
                    grids.push(thin);
                }
            }
            grids.extend(states);
        }
        let mut found = [0usize; 5];
        for grid in &grids {
            for k in 2..=3 {
                let want = all_steps(&|g, s| direct_hidden_by_definition(g, s, k), grid);
                found[k - 2] += want.len();
                let got = all_steps(&|g, s| direct_hidden(g, s, k, Changed::ALL), grid);
                assert_eq!(
                    got,
                    want,
                    "direct hidden {k} at {}",
                    grid.candidates_string()
                );
            }
            for k in 2..=4 {
                let want = all_steps(&|g, s| fish_by_definition(g, s, k), grid);
                found[k] += want.len();
                let got = all_steps(&|g, s| fish(g, s, k, Changed::ALL), grid);
                assert_eq!(got, want, "fish {k} at {}", grid.candidates_string());
            }
        }
        // Many grids, and each search found steps on some of them.
        assert!(grids.len() > 3_000, "{} grids", grids.len());
        assert!(found.iter().all(|&n| n > 20), "{found:?}");
    }

    /// SE's first producers (1–14) as finders, in its order: the walks of the tests below stop
    /// where these find nothing.
    const FIRST_PRODUCERS: [FinderFn; 17] = [
        full_house,
        hidden_single,
        direct_pointing,
        direct_claiming,
        direct_hidden_pair,
        naked_single,
        direct_hidden_triple,
        pointing,
        claiming,
        naked_pair,
        x_wing,
        hidden_pair,
        naked_triple,
        swordfish,
        hidden_triple,
        xy_wing,
        xyz_wing,
    ];

    /// Walks SE's loop over producers 1–12 on the shipped 17-clue sample (and on each
    /// puzzle's grid again, so that a memo from one path meets the next): at every grid each
    /// memoized producer's first step is the one its search finds looking everywhere.
    #[test]
    fn memos_change_no_first_step() {
        // SE's producers 1–12.
        let ladder = &FIRST_PRODUCERS[..14];
        type Everywhere = fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>;
        let everywhere: [(FinderFn, Everywhere); 16] = [
            (hidden_single, hidden_single_everywhere),
            (direct_pointing, |g, s| {
                direct_intersection(g, s, true, Changed::ALL)
            }),
            (direct_claiming, |g, s| {
                direct_intersection(g, s, false, Changed::ALL)
            }),
            (direct_hidden_pair, |g, s| {
                direct_hidden(g, s, 2, Changed::ALL)
            }),
            (direct_hidden_triple, |g, s| {
                direct_hidden(g, s, 3, Changed::ALL)
            }),
            (pointing, |g, s| intersection(g, s, true, Changed::ALL)),
            (claiming, |g, s| intersection(g, s, false, Changed::ALL)),
            (naked_pair, |g, s| naked_subset(g, s, 2, Changed::ALL)),
            (naked_triple, |g, s| naked_subset(g, s, 3, Changed::ALL)),
            (naked_quad, |g, s| naked_subset(g, s, 4, Changed::ALL)),
            (hidden_pair, |g, s| hidden_subset(g, s, 2, Changed::ALL)),
            (hidden_triple, |g, s| hidden_subset(g, s, 3, Changed::ALL)),
            (hidden_quad, |g, s| hidden_subset(g, s, 4, Changed::ALL)),
            (x_wing, |g, s| fish(g, s, 2, Changed::ALL)),
            (swordfish, |g, s| fish(g, s, 3, Changed::ALL)),
            (jellyfish, |g, s| fish(g, s, 4, Changed::ALL)),
        ];
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpora/royle17_sample.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let puzzles: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .take(60)
            .collect();
        let (mut grids, mut compared) = (0, 0);
        for puzzle in puzzles.iter().chain(&puzzles[..5]) {
            let mut grid = crate::core::test_support::grid(&puzzle[..81]);
            let mut step = Step::new(T::FullHouse);
            loop {
                grids += 1;
                for pointing in [true, false] {
                    let each = intersection_passes(pointing).map(|p| p.locked_digits(&grid));
                    assert_eq!(all_locked(&grid, pointing), each, "{puzzle}");
                }
                // The whole of pass B, every single in order, and the grader's first.
                let (mut memoized, mut fresh) = (Vec::new(), Vec::new());
                let _ = hidden_single(&grid, &mut |s| {
                    memoized.push(s.clone());
                    ControlFlow::Continue(())
                });
                let _ = hidden_single_everywhere(&grid, &mut |s| {
                    fresh.push(s.clone());
                    ControlFlow::Continue(())
                });
                assert_eq!(memoized, fresh, "{puzzle}");
                let as_step = |technique, single: Option<SeSingle>| {
                    single.map(|s| placement(technique, s.difficulty, s.cell, s.digit, s.house))
                };
                let pass_a = first_single(T::FullHouse, &grid);
                assert_eq!(as_step(T::FullHouse, pass_a), first(&full_house, &grid));
                let pass_b = first_single(T::HiddenSingle, &grid);
                assert_eq!(as_step(T::HiddenSingle, pass_b), fresh.first().cloned());
                for (memoized, search) in everywhere {
                    let want = first(&search, &grid);
                    compared += usize::from(want.is_some());
                    assert_eq!(
                        first(&memoized, &grid),
                        want,
                        "{puzzle} at {}",
                        grid.values_string()
                    );
                }
                if !ladder.iter().any(|&f| first_step_into(f, &grid, &mut step)) {
                    break;
                }
                step.apply(&mut grid);
            }
        }
        // The walk met many grids and steps of these producers (not only misses).
        assert!(
            grids > 2_000 && compared > 100,
            "{grids} grids, {compared} steps"
        );
    }
}
