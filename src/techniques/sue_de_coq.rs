//! Sue de Coq: two or three cells C of a box∩line intersection holding digits V, with at least
//! two more digits than cells, completed by cells L of the rest of the line (digits D_L) and
//! cells B of the rest of the box (digits D_B), D_L and D_B disjoint, so that C ∪ L ∪ B has as
//! many cells as V ∪ D_L ∪ D_B has digits.
//!
//! A digit of D_L can only sit in C ∪ L (in the line), one of D_B only in C ∪ B (in the box),
//! and one of V only in the other two only through D_L or D_B, otherwise in C. Each digit fits
//! at most once, and there are as many digits as cells, so each is placed exactly once: the
//! line's other cells lose (V ∪ D_L) \ D_B and the box's other cells lose (V ∪ D_B) \ D_L.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::bits;
use crate::core::notation::house_list;
use crate::core::{Bits81, CandidateSet, Grid, Intersection, HOUSE_SETS, INTERSECTIONS};
use crate::model::als::is_pure_set;
use crate::techniques::memo::{region_key, Misses};
use crate::techniques::step::{with_kept_step, Step};
use crate::techniques::text::{cells_with_digits, default_line, eliminated_cells};

/// The cells of `all` picked by the bits of `subset` (bit i = the i-th cell of `all`).
fn pick(all: &[usize], subset: u32) -> Bits81 {
    all.iter()
        .enumerate()
        .filter(|(i, _)| subset & (1 << i) != 0)
        .fold(Bits81::EMPTY, |acc, (_, &c)| acc | Bits81::cell(c))
}

/// The searches that remember which box∩line pairs found nothing (each pair's search reads only
/// the candidates of its line and box): the standard one, GNPX v5.84's and HoDoKu's.
#[derive(Clone, Copy)]
enum Variant {
    Standard,
    Gnpx584,
    Hodoku,
}

/// Box∩line pairs: the 54 intersections of the standard searches, and HoDoKu's 18 lines × 9
/// boxes (only the 54 that meet are searched).
const PAIRS: usize = 18 * 9;

/// A part's share (its cells minus its digits outside the core's) lies in -9..=6 (1 to 6
/// cells, 0 to 9 such digits): offset by `SHARE_OFFSET`, an index below `SHARES`.
const SHARE_OFFSET: i32 = 9;
const SHARES: usize = 16;

thread_local! {
    /// Per variant, the pairs that found nothing and the candidates they found nothing at.
    static MISSES: RefCell<[Misses<PAIRS>; 3]> =
        const { RefCell::new([Misses::new(), Misses::new(), Misses::new()]) };
}

/// Runs the search of pair `unit` (region `region`) unless it found nothing on the same
/// candidates before; remembers when it finds nothing now.
fn memoized(
    grid: &Grid,
    variant: Variant,
    unit: usize,
    region: Bits81,
    sink: &mut StepSink<'_>,
    search: impl FnOnce(&mut StepSink<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let key = region_key(grid, region);
    if MISSES.with(|m| m.borrow()[variant as usize].known_empty(unit, &key)) {
        return ControlFlow::Continue(());
    }
    let mut empty = true;
    let flow = search(&mut |step| {
        empty = false;
        sink(step)
    });
    MISSES
        .with(|m| m.borrow_mut()[variant as usize].record(unit, key, empty && flow.is_continue()));
    flow
}

/// The union of the candidates of `cells`.
fn digits_of(grid: &Grid, cells: Bits81) -> u16 {
    cells.iter().fold(0, |m, c| m | grid.candidates(c))
}

/// Sue de Coq over every box∩line intersection (rows first, then columns), intersection
/// subsets, then line and box subsets in bitmask order.
pub fn sue_de_coq(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    sue_de_coq_where(grid, Variant::Standard, &|_| true, sink)
}

/// Sue de Coq as GNPX v5.84 builds it: the core with the line part, and the core with the box
/// part, are each one of GNPX's sets (up to five cells, one or two more digits than cells,
/// pure: [`is_pure_set`]).
pub fn sue_de_coq_gnpx584(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let gnpx_set = |cells: Bits81| {
        let (n, digits) = (cells.count(), bits::nine_bit_count(digits_of(grid, cells)));
        n <= 5 && digits <= n + 2 && is_pure_set(grid, cells)
    };
    sue_de_coq_where(grid, Variant::Gnpx584, &gnpx_set, sink)
}

/// [`sue_de_coq`] keeping the patterns whose core-and-line and core-and-box cells each pass
/// `part_allowed` (which reads only the candidates of the cells it is given).
fn sue_de_coq_where(
    grid: &Grid,
    variant: Variant,
    part_allowed: &dyn Fn(Bits81) -> bool,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    for (unit, inter) in INTERSECTIONS.iter().enumerate() {
        if (inter.cells & unsolved).count() < 2 {
            continue;
        }
        let region = HOUSE_SETS[inter.line_house] | HOUSE_SETS[inter.box_house];
        memoized(grid, variant, unit, region, sink, |sink| {
            intersection(grid, inter, part_allowed, sink)
        })?;
    }
    ControlFlow::Continue(())
}

/// [`sue_de_coq_where`] on one intersection.
fn intersection(
    grid: &Grid,
    inter: &Intersection,
    part_allowed: &dyn Fn(Bits81) -> bool,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    // Box part indices by share.
    let mut by_share = [[0u8; 64]; SHARES];
    {
        let mut core = [0usize; 9];
        let n_core = cells_into(inter.cells & unsolved, &mut core);
        let core = &core[..n_core];
        // Every subset of the line's and the box's other cells (at most six each): cells,
        // digits, size, by mask (mask 0 unused).
        let mut line_sets = [(Bits81::EMPTY, 0u16, 0u32); 64];
        let mut box_sets = [(Bits81::EMPTY, 0u16, 0u32); 64];
        let line_rest = (HOUSE_SETS[inter.line_house] & unsolved).and_not(inter.cells);
        let box_rest = (HOUSE_SETS[inter.box_house] & unsolved).and_not(inter.cells);
        let n_line = part_subsets(grid, line_rest, &mut line_sets);
        let n_box = part_subsets(grid, box_rest, &mut box_sets);
        let (line_sets, box_sets) = (&line_sets[1..n_line], &box_sets[1..n_box]);
        for core_subset in 1u32..(1 << core.len()) {
            let c_cells = pick(core, core_subset);
            let n_c = c_cells.count();
            if n_c < 2 {
                continue;
            }
            let v = digits_of(grid, c_cells);
            if bits::nine_bit_count(v) < n_c + 2 {
                continue;
            }
            // Cells minus extra digits (outside V) of the line and box parts must add up to
            // |V| - |C| (the extras of disjoint D_L and D_B are distinct).
            let surplus = bits::nine_bit_count(v) - n_c;
            let share =
                |cells: u32, digits: u16| cells as i32 - bits::nine_bit_count(digits & !v) as i32;
            // The box parts sharing a digit with the core, once per core rather than per line
            // part, listed by their share (offset by SHARE_OFFSET), each list in mask order: a
            // line part meets only the list whose share completes its own to the surplus.
            let mut by_share_len = [0usize; SHARES];
            for (i, &(_, d_b, n_b)) in box_sets.iter().enumerate() {
                if d_b & v != 0 {
                    let s = (share(n_b, d_b) + SHARE_OFFSET) as usize;
                    by_share[s][by_share_len[s]] = i as u8;
                    by_share_len[s] += 1;
                }
            }
            // Whether the core with each box part is allowed, asked once the part completes a
            // pattern with a line part (the test reads only the candidates, so asking late
            // changes nothing, and most parts complete none).
            let mut box_allowed = [None; 64];
            for &(l_cells, d_l, n_l) in line_sets {
                if d_l & v == 0 {
                    continue;
                }
                let wanted = surplus as i32 - share(n_l, d_l) + SHARE_OFFSET;
                let Some(w) = usize::try_from(wanted).ok().filter(|&w| w < SHARES) else {
                    continue;
                };
                // The line part's test, asked once it meets a box part (as the box parts').
                let mut line_allowed = None;
                for &i in &by_share[w][..by_share_len[w]] {
                    let (b_cells, d_b, n_b) = box_sets[i as usize];
                    if d_b & d_l != 0 {
                        continue;
                    }
                    let cells = n_c + n_l + n_b;
                    if bits::nine_bit_count(v | d_l | d_b) != cells {
                        continue;
                    }
                    if !*line_allowed.get_or_insert_with(|| part_allowed(c_cells | l_cells)) {
                        break;
                    }
                    if !*box_allowed[i as usize]
                        .get_or_insert_with(|| part_allowed(c_cells | b_cells))
                    {
                        continue;
                    }
                    let pattern = c_cells | l_cells | b_cells;
                    let line_others = HOUSE_SETS[inter.line_house].and_not(pattern);
                    let box_others = HOUSE_SETS[inter.box_house].and_not(pattern);
                    let mut eliminations = CandidateSet::EMPTY;
                    for d in 0..9 {
                        let mut removed = Bits81::EMPTY;
                        if (v | d_l) & !d_b & (1 << d) != 0 {
                            removed |= line_others;
                        }
                        if (v | d_b) & !d_l & (1 << d) != 0 {
                            removed |= box_others;
                        }
                        eliminations.planes[d] = removed & grid.plane(d);
                    }
                    if eliminations.is_empty() {
                        continue;
                    }
                    let houses = (1 << inter.line_house) | (1 << inter.box_house);
                    let parts = [c_cells, l_cells, b_cells];
                    emit_step(eliminations, houses, parts, [v, d_l, d_b], sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Hands `sink` the step of a core, line part and box part (`parts`, with their digits
/// `digits`) in the line and box `houses`, eliminating `eliminations`: written into the
/// thread's kept step, so that a find allocates nothing.
fn emit_step(
    eliminations: CandidateSet,
    houses: u32,
    parts: [Bits81; 3],
    digits: [u16; 3],
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    with_kept_step(|step| {
        step.reset(TechniqueId::SueDeCoq);
        step.eliminations = eliminations;
        step.houses = houses;
        step.cells = parts[0] | parts[1] | parts[2];
        step.digits = digits[0] | digits[1] | digits[2];
        step.als.extend_from_slice(&parts);
        step.rcc.extend_from_slice(&digits);
        sink(step)
    })
}

/// Fills `out[mask]` with the cells, digits and size of each subset of `cells` (at most six; bit
/// i of the mask = the i-th cell in reading order), each from the subset without its lowest
/// cell; returns the number of masks.
fn part_subsets(grid: &Grid, cells: Bits81, out: &mut [(Bits81, u16, u32); 64]) -> usize {
    let mut list = [0usize; 9];
    let n = cells_into(cells, &mut list);
    for mask in 1..1usize << n {
        let cell = list[mask.trailing_zeros() as usize];
        let (cells, digits, size) = out[mask & (mask - 1)];
        out[mask] = (
            cells | Bits81::cell(cell),
            digits | grid.candidates(cell),
            size + 1,
        );
    }
    1 << n
}

/// Calls `visit` with every non-empty subset of `cells` in depth-first order (each subset is
/// followed by its extensions with later cells: {0}, {0,1}, {0,1,2}, …, {0,2}, …, {1}, …),
/// with the subset's digits and size carried along (each from its parent's), until it breaks.
fn subsets_depth_first(
    grid: &Grid,
    cells: &[usize],
    visit: &mut dyn FnMut(Bits81, u16, i32) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend(
        grid: &Grid,
        cells: &[usize],
        (chosen, digits, size): (Bits81, u16, i32),
        visit: &mut dyn FnMut(Bits81, u16, i32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &cell) in cells.iter().enumerate() {
            let with = (
                chosen | Bits81::cell(cell),
                digits | grid.candidates(cell),
                size + 1,
            );
            visit(with.0, with.1, with.2)?;
            extend(grid, &cells[i + 1..], with, visit)?;
        }
        ControlFlow::Continue(())
    }
    extend(grid, cells, (Bits81::EMPTY, 0, 0), visit)
}

/// The cells of `set` in reading order, in `out`; returns how many (a house's: at most nine).
fn cells_into(set: Bits81, out: &mut [usize; 9]) -> usize {
    let mut n = 0;
    for cell in set.iter().take(9) {
        out[n] = cell;
        n += 1;
    }
    n
}

/// Sue de Coq as HoDoKu 2.2 searches it, in its order: rows then columns, each with the boxes
/// in order; intersection cells as pairs, each followed by the triples extending it; line cells
/// then box cells in depth-first subset order (cells in reading order). HoDoKu differs from
/// [`sue_de_coq`] in what it allows: a line or box part may use an intersection cell the core
/// left out, and the two parts may share extra digits (outside the core's), which then leave
/// both houses' other cells. The HoDoKu ladder takes the first step.
pub fn sue_de_coq_hodoku(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    for line in 0..18 {
        let line_set = HOUSE_SETS[line] & unsolved;
        for block in 18..27 {
            let box_set = HOUSE_SETS[block] & unsolved;
            if (line_set & box_set).count() < 2 {
                continue;
            }
            let mut inter_cells = [0usize; 9];
            let inter_count = cells_into(line_set & box_set, &mut inter_cells);
            let inter = &inter_cells[..inter_count];
            let houses = SdcHouses {
                grid,
                line,
                block,
                line_set,
                box_set,
            };
            let unit = line * 9 + block - 18;
            let region = HOUSE_SETS[line] | HOUSE_SETS[block];
            memoized(grid, Variant::Hodoku, unit, region, sink, |sink| {
                for i1 in 0..inter.len() {
                    for i2 in i1 + 1..inter.len() {
                        let pair = Bits81::cell(inter[i1]) | Bits81::cell(inter[i2]);
                        houses.core(pair, sink)?;
                        for &third in &inter[i2 + 1..] {
                            houses.core(pair | Bits81::cell(third), sink)?;
                        }
                    }
                }
                ControlFlow::Continue(())
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// One box∩line pair of HoDoKu's Sue de Coq search.
struct SdcHouses<'a> {
    grid: &'a Grid,
    line: usize,
    block: usize,
    line_set: Bits81,
    box_set: Bits81,
}

impl SdcHouses<'_> {
    /// Tries the intersection cells `core` with every line part, then box part.
    fn core(&self, core: Bits81, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        let grid = self.grid;
        let v = digits_of(grid, core);
        let surplus = bits::nine_bit_count(v) as i32 - core.count() as i32;
        if surplus < 2 {
            return ControlFlow::Continue(());
        }
        let mut line_source = [0usize; 9];
        let line_cells = cells_into(self.line_set.and_not(core), &mut line_source);
        subsets_depth_first(
            grid,
            &line_source[..line_cells],
            &mut |line_part, d_l, n| {
                let extra = bits::nine_bit_count(d_l & !v) as i32;
                if d_l & v == 0 || n <= extra || n - extra >= surplus {
                    return ControlFlow::Continue(());
                }
                // A box part holds none of the line part's core digits: the cells holding one
                // are in none (left out, they leave the other subsets' depth-first order as it
                // was, where the search visited them to prune their extensions).
                let holding_forbidden =
                    bits::digits(d_l & v).fold(Bits81::EMPTY, |cells, d| cells | grid.plane(d));
                let mut box_source = [0usize; 9];
                let box_cells = cells_into(
                    self.box_set.and_not(core | line_part | holding_forbidden),
                    &mut box_source,
                );
                let box_surplus = surplus - (n - extra);
                subsets_depth_first(
                    grid,
                    &box_source[..box_cells],
                    &mut |box_part, d_b, size| {
                        if d_b & v == 0
                            || size - bits::nine_bit_count(d_b & !v) as i32 != box_surplus
                        {
                            return ControlFlow::Continue(());
                        }
                        self.emit(core, v, (line_part, d_l), (box_part, d_b), sink)
                    },
                )
            },
        )
    }

    /// The step of the core, line part and box part, to `sink` if it eliminates anything.
    fn emit(
        &self,
        core: Bits81,
        v: u16,
        (line_part, d_l): (Bits81, u16),
        (box_part, d_b): (Bits81, u16),
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        let shared = d_b & d_l;
        let box_others = self.box_set.and_not(box_part | core);
        let line_others = self.line_set.and_not(line_part | core);
        let box_digits = ((v | d_b) & !d_l) | shared;
        let line_digits = ((v | d_l) & !d_b) | shared;
        let mut eliminations = CandidateSet::EMPTY;
        for d in 0..9 {
            let mut removed = Bits81::EMPTY;
            if box_digits & (1 << d) != 0 {
                removed |= box_others;
            }
            if line_digits & (1 << d) != 0 {
                removed |= line_others;
            }
            eliminations.planes[d] = removed & grid.plane(d);
        }
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let houses = (1 << self.line) | (1 << self.block);
        let parts = [core, line_part, box_part];
        emit_step(eliminations, houses, parts, [v, d_l, d_b], sink)
    }
}

/// `SueDeCoq r1 b1: r1c12(#1234) line: r1c5(#14) box: r2c3(#23) Eliminated: …` (the core,
/// the line's and the box's sets, each with its digits).
pub fn sue_de_coq_line(step: &Step) -> String {
    if step.als.len() != 3 {
        return default_line(step);
    }
    let part = |i: usize| cells_with_digits(step.als[i], step.rcc[i]);
    format!(
        "SueDeCoq {}: {} line: {} box: {} Eliminated: {}",
        house_list(step.houses),
        part(0),
        part(1),
        part(2),
        eliminated_cells(&step.eliminations)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells, Xorshift};

    /// HoDoKu's Sue de Coq by its definition, as [`sue_de_coq_hodoku`] searched before its
    /// pruning: every core, every line part and every box part in HoDoKu's order, each part's
    /// digits taken from its cells. Every step found, in order.
    fn plain_hodoku_steps(grid: &Grid) -> Vec<Step> {
        fn subsets(cells: &[usize], chosen: Bits81, out: &mut Vec<Bits81>) {
            for (i, &cell) in cells.iter().enumerate() {
                let with = chosen | Bits81::cell(cell);
                out.push(with);
                subsets(&cells[i + 1..], with, out);
            }
        }
        let mut steps = Vec::new();
        let unsolved = grid.unsolved();
        for line in 0..18 {
            let line_set = HOUSE_SETS[line] & unsolved;
            for block in 18..27 {
                let box_set = HOUSE_SETS[block] & unsolved;
                let inter: Vec<usize> = (line_set & box_set).iter().collect();
                let mut cores = Vec::new();
                for i1 in 0..inter.len() {
                    for i2 in i1 + 1..inter.len() {
                        let pair = Bits81::cell(inter[i1]) | Bits81::cell(inter[i2]);
                        cores.push(pair);
                        cores.extend(inter[i2 + 1..].iter().map(|&c| pair | Bits81::cell(c)));
                    }
                }
                let houses = SdcHouses {
                    grid,
                    line,
                    block,
                    line_set,
                    box_set,
                };
                for core in cores {
                    let v = digits_of(grid, core);
                    let surplus = bits::nine_bit_count(v) as i32 - core.count() as i32;
                    let mut line_parts = Vec::new();
                    let line_source: Vec<usize> = line_set.and_not(core).iter().collect();
                    subsets(&line_source, Bits81::EMPTY, &mut line_parts);
                    for line_part in line_parts.into_iter().filter(|_| surplus >= 2) {
                        let d_l = digits_of(grid, line_part);
                        let n = line_part.count() as i32;
                        let extra = bits::nine_bit_count(d_l & !v) as i32;
                        if d_l & v == 0 || n <= extra || n - extra >= surplus {
                            continue;
                        }
                        let mut box_parts = Vec::new();
                        let box_source: Vec<usize> =
                            box_set.and_not(core | line_part).iter().collect();
                        subsets(&box_source, Bits81::EMPTY, &mut box_parts);
                        for box_part in box_parts {
                            let d_b = digits_of(grid, box_part);
                            let box_extra = bits::nine_bit_count(d_b & !v) as i32;
                            if d_b & d_l & v != 0
                                || d_b & v == 0
                                || box_part.count() as i32 - box_extra != surplus - (n - extra)
                            {
                                continue;
                            }
                            let _ =
                                houses.emit(core, v, (line_part, d_l), (box_part, d_b), &mut |s| {
                                    steps.push(s.clone());
                                    ControlFlow::Continue(())
                                });
                        }
                    }
                }
            }
        }
        steps
    }

    /// The pruned search finds what the plain one finds, step for step and in order, on the
    /// shipped hard states and on random thinnings of them (candidates removed, so that parts
    /// with forbidden digits and small surpluses are common). Fails if the pruning drops a
    /// subtree that holds a step, or if the carried digits go wrong.
    #[test]
    fn hodoku_search_finds_the_steps_of_the_plain_search() {
        let was = crate::techniques::memo::set_enabled(false);
        let mut rng = Xorshift(0x5d_c0_9e);
        let (mut states, mut found) = (0, 0);
        for (marks, state) in crate::techniques::shipped_hard_states() {
            for round in 0..4 {
                let mut grid = state.clone();
                if round > 0 {
                    for digit in 0..9 {
                        let drop = rng.random_set(10 * round);
                        for cell in grid.plane(digit) & drop {
                            if bits::nine_bit_count(grid.candidates(cell)) > 1 {
                                grid.eliminate(cell, digit);
                            }
                        }
                    }
                }
                let mut steps = Vec::new();
                let _ = sue_de_coq_hodoku(&grid, &mut |s| {
                    steps.push(s.clone());
                    ControlFlow::Continue(())
                });
                let plain = plain_hodoku_steps(&grid);
                assert!(
                    steps == plain,
                    "{marks} round {round}: {} steps, the plain search {}",
                    steps.len(),
                    plain.len()
                );
                states += 1;
                found += steps.len();
            }
        }
        crate::techniques::memo::set_enabled(was);
        assert!(
            states >= 100 && found > 1000,
            "{states} states, {found} steps"
        );
    }

    #[test]
    fn core_with_line_and_box_partners_clears_both_houses() {
        // r1c1 {1,2,3,4}, r1c2 {1,2,3,4}: two cells, four digits. r1c5 {1,2} in the row,
        // r2c3 {3,4} in the box: four cells, four digits.
        let g = with_cells(&[
            (0, &[1, 2, 3, 4]),
            (1, &[1, 2, 3, 4]),
            (4, &[1, 2]),
            (11, &[3, 4]),
        ]);
        let steps = TechniqueId::SueDeCoq.find_all(&g);
        let step = steps
            .iter()
            .find(|s| s.cells.count() == 4 && s.cells.contains(4) && s.cells.contains(11))
            .expect("the Sue de Coq is found");
        // 1 and 2 leave the rest of row 1 (r1c3 included), 3 and 4 the rest of box 1.
        for name in ["r1c3#1", "r1c3#2", "r1c9#2", "r1c3#3", "r3c3#4", "r2c1#3"] {
            assert!(step.eliminations.contains(
                candidates(&[name]).iter().next().unwrap().0,
                candidates(&[name]).iter().next().unwrap().1
            ));
        }
        for name in ["r1c9#3", "r3c3#1", "r4c1#1"] {
            let (cell, digit) = candidates(&[name]).iter().next().unwrap();
            assert!(!step.eliminations.contains(cell, digit), "{name}");
        }
    }
}
