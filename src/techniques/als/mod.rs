//! Almost-locked-set techniques: ALS-XZ, ALS-XY-Wing, ALS-Chain and Death Blossom.
//!
//! All four read the sets of [`crate::model::als::find_als`] (one to [`MAX_ALS_CELLS`] cells) and their
//! restricted common candidates (RCC): a digit `x` of two sets whose places in the one all see
//! its places in the other, so at most one of the two sets holds `x`. A set that loses one of
//! its digits is locked on the others; the techniques chain that fact through RCCs.
//!
//! Sets may overlap as long as no RCC digit lies in the overlap (the RCC test needs every
//! holder of one set to see every holder of the other, which a shared cell cannot), except in
//! a doubly linked ALS-XZ, whose locked-set eliminations count the sets' cells separately and
//! so need disjoint sets. Targets lie outside the sets whose digit they lose.

pub mod hodoku;
pub mod text;

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::model::als::{find_als, Als, MAX_ALS_CELLS};
use std::cell::RefCell;
use std::rc::Rc;

use crate::core::bits;
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};
use crate::techniques::step::Step;

/// GNPX's cap on the number of sets in an ALS chain.
pub const MAX_CHAIN_ALS: usize = 5;

/// The sets of one grid state with, per set and digit, the cells seeing all its holders.
struct AlsTable {
    flavor: AlsFlavor,
    sets: Vec<Als>,
    /// Per set and digit: cells (anywhere) that see every holder of the digit in the set.
    sees: Vec<[Bits81; 9]>,
    /// Per set, the sets sharing at least one RCC with it and those RCCs.
    neighbours: Vec<Vec<(u32, u16)>>,
}

/// Which sets and RCCs a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlsFlavor {
    /// Every ALS; an RCC's places in one set all see its places in the other.
    Standard,
    /// GNPX v5.84's: only pure sets ([`Als::is_pure`]), no two sets overlapping, and an RCC's
    /// places in both sets lie in one house.
    Gnpx584,
}

/// The last table built on this thread, keyed by candidate planes, set cap and flavor: the ALS
/// techniques tried on one grid state share it.
type CachedTable = Option<([Bits81; 9], usize, AlsFlavor, Rc<AlsTable>)>;

thread_local! {
    static TABLE: RefCell<CachedTable> = const { RefCell::new(None) };
}

/// The ALS table of `grid` with sets of up to `max_cells` cells (built once per state).
fn als_table(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> Rc<AlsTable> {
    TABLE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((planes, cap, kind, table)) = cache.as_ref() {
            if planes == grid.planes() && *cap == max_cells && *kind == flavor {
                return Rc::clone(table);
            }
        }
        let table = Rc::new(AlsTable::new(grid, max_cells, flavor));
        *cache = Some((*grid.planes(), max_cells, flavor, Rc::clone(&table)));
        table
    })
}

impl AlsTable {
    fn new(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> AlsTable {
        let mut sets = Vec::new();
        find_als(grid, 1, max_cells, &mut sets);
        if flavor == AlsFlavor::Gnpx584 {
            sets.retain(|s| s.is_pure(grid));
        }
        // Smaller sets first: steps with small sets come out first.
        sets.sort_by_key(|s| s.cells.count());
        let sees = sets.iter().map(Als::digit_sees).collect();
        let mut table = AlsTable {
            flavor,
            sets,
            sees,
            neighbours: Vec::new(),
        };
        table.neighbours = table.build_neighbours();
        table
    }

    /// The RCC digits of sets `a` and `b` (bit per digit).
    fn rcc(&self, a: usize, b: usize) -> u16 {
        let common = self.sets[a].digits & self.sets[b].digits;
        let mut mask = 0;
        for digit in bits::digits(common) {
            let (in_a, in_b) = (
                self.sets[a].digit_cells[digit],
                self.sets[b].digit_cells[digit],
            );
            let restricted = match self.flavor {
                AlsFlavor::Standard => in_b.is_subset_of(self.sees[a][digit]),
                AlsFlavor::Gnpx584 => in_one_house(in_a | in_b),
            };
            if restricted {
                mask |= 1 << digit;
            }
        }
        mask
    }

    /// Places of `digit` outside `outside` seeing every holder of it in sets `a` and `b`.
    fn common_targets(
        &self,
        grid: &Grid,
        digit: usize,
        a: usize,
        b: usize,
        outside: Bits81,
    ) -> Bits81 {
        (grid.plane(digit) & self.sees[a][digit] & self.sees[b][digit]).and_not(outside)
    }

    /// Per set, the sets sharing at least one RCC with it (in table order) and those RCCs.
    fn build_neighbours(&self) -> Vec<Vec<(u32, u16)>> {
        let n = self.sets.len();
        let mut out = vec![Vec::new(); n];
        // Cells seeing some cell of each set: an RCC needs the other set to meet them.
        let reach: Vec<Bits81> = self
            .sets
            .iter()
            .map(|s| s.cells.iter().fold(Bits81::EMPTY, |acc, c| acc | PEERS[c]))
            .collect();
        for a in 0..n {
            for b in a + 1..n {
                if self.sets[a].digits & self.sets[b].digits == 0
                    || !reach[a].intersects(self.sets[b].cells)
                    || (self.flavor == AlsFlavor::Gnpx584
                        && self.sets[a].cells.intersects(self.sets[b].cells))
                {
                    continue;
                }
                let rcc = self.rcc(a, b);
                if rcc != 0 {
                    out[a].push((b as u32, rcc));
                    out[b].push((a as u32, rcc));
                }
            }
        }
        out
    }
}

/// Whether one house holds all of `cells` (none: false).
fn in_one_house(cells: Bits81) -> bool {
    cells.iter().next().is_some_and(|first| {
        CELL_HOUSES[first]
            .iter()
            .any(|&house| cells.is_subset_of(HOUSE_SETS[house as usize]))
    })
}

/// Fills the ALS fields of a step: its sets in order, RCCs between them, all their cells.
fn als_step(technique: TechniqueId, sets: &[Bits81], rccs: &[u16], step: &mut Step) {
    *step = Step::new(technique);
    step.als = sets.to_vec();
    step.rcc = rccs.to_vec();
    step.cells = sets.iter().fold(Bits81::EMPTY, |acc, &s| acc | s);
}

/// ALS-XZ: two sets A and B with an RCC x. At most one holds x, so they cannot both lose a
/// common digit z (both would be locked and hold x): z leaves every cell seeing all its places
/// in A and B. With two RCCs (doubly linked) each set is locked on its other digits and both
/// RCCs are placed in one of the sets: every digit leaves the cells seeing all its places there.
pub fn als_xz(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xz_capped(grid, MAX_ALS_CELLS, sink)
}

/// ALS-XZ with sets of up to `max_cells` cells (tests compare with HoDoKu's larger sets).
pub fn als_xz_capped(grid: &Grid, max_cells: usize, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xz_of(grid, max_cells, AlsFlavor::Standard, sink)
}

/// ALS-XZ over GNPX v5.84's sets and RCCs ([`AlsFlavor::Gnpx584`]).
pub fn als_xz_gnpx584(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xz_of(grid, MAX_ALS_CELLS, AlsFlavor::Gnpx584, sink)
}

/// ALS-XZ over the `flavor` table of sets of up to `max_cells` cells.
fn als_xz_of(
    grid: &Grid,
    max_cells: usize,
    flavor: AlsFlavor,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, flavor);
    let n = table.sets.len();
    let mut step = Step::new(TechniqueId::AlsXz);
    for total in 2..=2 * max_cells as u32 {
        for a in 0..n {
            let size_a = table.sets[a].cells.count();
            if 2 * size_a > total {
                break;
            }
            for &(b, rcc) in &table.neighbours[a] {
                let b = b as usize;
                if b < a || size_a + table.sets[b].cells.count() != total {
                    continue;
                }
                let (sa, sb) = (&table.sets[a], &table.sets[b]);
                let both = sa.cells | sb.cells;
                let mut eliminations = crate::core::CandidateSet::EMPTY;
                let doubly = rcc.count_ones() >= 2 && !sa.cells.intersects(sb.cells);
                for z in bits::digits(sa.digits & sb.digits) {
                    // z needs another RCC to lock against (both RCCs serve a doubly link).
                    if rcc == 1 << z {
                        continue;
                    }
                    eliminations.planes[z] |= table.common_targets(grid, z, a, b, both);
                }
                if doubly {
                    // Each set is locked on its digits other than the RCCs.
                    for (i, set) in [sa, sb].into_iter().enumerate() {
                        let id = if i == 0 { a } else { b };
                        for d in bits::digits(set.digits & !rcc) {
                            eliminations.planes[d] |=
                                (grid.plane(d) & table.sees[id][d]).and_not(both);
                        }
                    }
                }
                if eliminations.is_empty() {
                    continue;
                }
                als_step(TechniqueId::AlsXz, &[sa.cells, sb.cells], &[rcc], &mut step);
                step.eliminations = eliminations;
                step.digits = (sa.digits & sb.digits) & !rcc | if doubly { rcc } else { 0 };
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// ALS-XY-Wing: a pivot set C with RCC x to set A and RCC y ≠ x to set B. A and B cannot both
/// lose a common digit z (∉ {x, y}): then A holds x and B holds y, leaving C two digits short.
/// One step per pivot and pair of wings, over all their (x, y) choices.
pub fn als_xy_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xy_wing_capped(grid, MAX_ALS_CELLS, sink)
}

/// ALS-XY-Wing with sets of up to `max_cells` cells.
pub fn als_xy_wing_capped(
    grid: &Grid,
    max_cells: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    als_xy_wing_of(grid, max_cells, AlsFlavor::Standard, sink)
}

/// ALS-XY-Wing over GNPX v5.84's sets and RCCs ([`AlsFlavor::Gnpx584`]).
pub fn als_xy_wing_gnpx584(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xy_wing_of(grid, MAX_ALS_CELLS, AlsFlavor::Gnpx584, sink)
}

/// ALS-XY-Wing over the `flavor` table of sets of up to `max_cells` cells.
fn als_xy_wing_of(
    grid: &Grid,
    max_cells: usize,
    flavor: AlsFlavor,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, flavor);
    let neighbours = &table.neighbours;
    let mut step = Step::new(TechniqueId::AlsXyWing);
    for (c, around) in neighbours.iter().enumerate() {
        for (i, &(a, rcc_a)) in around.iter().enumerate() {
            for &(b, rcc_b) in &around[i + 1..] {
                let (a, b) = (a as usize, b as usize);
                let (sa, sb) = (&table.sets[a], &table.sets[b]);
                let wings = sa.cells | sb.cells;
                if sa.cells == sb.cells {
                    continue;
                }
                let common = sa.digits & sb.digits;
                let mut eliminations = crate::core::CandidateSet::EMPTY;
                let (mut used_x, mut used_y) = (0u16, 0u16);
                for x in bits::digits(rcc_a) {
                    for y in bits::digits(rcc_b & !(1 << x)) {
                        let mut any = false;
                        for z in bits::digits(common & !(1 << x) & !(1 << y)) {
                            let targets = table.common_targets(grid, z, a, b, wings);
                            if !targets.is_empty() {
                                eliminations.planes[z] |= targets;
                                any = true;
                            }
                        }
                        if any {
                            used_x |= 1 << x;
                            used_y |= 1 << y;
                        }
                    }
                }
                if eliminations.is_empty() {
                    continue;
                }
                als_step(
                    TechniqueId::AlsXyWing,
                    &[sa.cells, table.sets[c].cells, sb.cells],
                    &[used_x, used_y],
                    &mut step,
                );
                step.digits = eliminations
                    .planes
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| !p.is_empty())
                    .fold(0, |m, (d, _)| m | 1 << d);
                step.eliminations = eliminations;
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Breadth-first ALS chain search over states (set, RCC digit it was entered by), from one
/// start set and digit z, so the chain found to each state is a shortest one.
struct ChainSearch<'a> {
    grid: &'a Grid,
    table: &'a AlsTable,
    neighbours: &'a [Vec<(u32, u16)>],
    /// Per set, the entry digits already reached (bit per digit).
    reached: Vec<u16>,
    /// Per state (set * 9 + entry digit): the state it was reached from (`u32::MAX`: start).
    parent: Vec<u32>,
    frontier: Vec<u32>,
    next: Vec<u32>,
}

impl ChainSearch<'_> {
    /// Chains of exactly `len` sets from `start` whose end sets lose digit `z`: after `len - 1`
    /// RCC links, each reached end holding z (entered by another digit) is reported.
    fn run(
        &mut self,
        start: usize,
        z: usize,
        len: usize,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        self.reached.iter_mut().for_each(|r| *r = 0);
        self.frontier.clear();
        // The start's own state: entered by "no digit" (9 never matches an RCC).
        const START: u32 = u32::MAX;
        for &(next, rcc) in &self.neighbours[start] {
            for r in bits::digits(rcc & !(1 << z)) {
                let state = next * 9 + r as u32;
                if self.reached[next as usize] & (1 << r) == 0 {
                    self.reached[next as usize] |= 1 << r;
                    self.parent[state as usize] = START;
                    self.frontier.push(state);
                }
            }
        }
        self.reached[start] = 0x1ff;
        for _ in 2..len {
            self.next.clear();
            for i in 0..self.frontier.len() {
                let state = self.frontier[i];
                let (set, entry) = ((state / 9) as usize, (state % 9) as usize);
                for &(next, rcc) in &self.neighbours[set] {
                    for r in bits::digits(rcc & !(1 << entry)) {
                        if self.reached[next as usize] & (1 << r) != 0 {
                            continue;
                        }
                        self.reached[next as usize] |= 1 << r;
                        let to = next * 9 + r as u32;
                        self.parent[to as usize] = state;
                        self.next.push(to);
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
            if self.frontier.is_empty() {
                return ControlFlow::Continue(());
            }
        }
        let mut path = [0usize; MAX_CHAIN_ALS_SEARCH];
        let mut rccs = [0u16; MAX_CHAIN_ALS_SEARCH];
        for i in 0..self.frontier.len() {
            let state = self.frontier[i];
            let (end, entry) = ((state / 9) as usize, (state % 9) as usize);
            if end < start || entry == z || self.table.sets[end].digits & (1 << z) == 0 {
                continue;
            }
            // Walk back to the start; the sets must all differ.
            let mut n = len;
            let mut at = state;
            while at != START {
                n -= 1;
                path[n] = (at / 9) as usize;
                rccs[n - 1] = 1 << (at % 9);
                at = self.parent[at as usize];
            }
            path[0] = start;
            let path = &path[..len];
            if (1..len).any(|i| path[..i].contains(&path[i])) {
                continue;
            }
            self.report(path, &rccs[..len - 1], z, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// A chain: every digit z of both end sets but the first and last RCC leaves the cells
    /// seeing all its places in both. Reported by its lowest such z, once.
    fn report(
        &self,
        path: &[usize],
        rccs: &[u16],
        z: usize,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let (first, last) = (path[0], path[path.len() - 1]);
        let ends = self.table.sets[first].cells | self.table.sets[last].cells;
        let common = self.table.sets[first].digits & self.table.sets[last].digits;
        let mut eliminations = crate::core::CandidateSet::EMPTY;
        for d in bits::digits(common & !rccs[0] & !rccs[rccs.len() - 1]) {
            eliminations.planes[d] = self.table.common_targets(self.grid, d, first, last, ends);
        }
        let lowest = eliminations.planes.iter().position(|p| !p.is_empty());
        if lowest != Some(z) {
            return ControlFlow::Continue(());
        }
        let sets: Vec<Bits81> = path.iter().map(|&i| self.table.sets[i].cells).collect();
        let mut step = Step::new(TechniqueId::AlsChain);
        als_step(TechniqueId::AlsChain, &sets, rccs, &mut step);
        step.digits = eliminations
            .planes
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.is_empty())
            .fold(0, |m, (d, _)| m | 1 << d);
        step.eliminations = eliminations;
        sink(&step)
    }
}

/// Longest chain the search can report (tests lift GNPX's cap up to this).
const MAX_CHAIN_ALS_SEARCH: usize = 8;

/// ALS-Chain: sets A1 … An (n = 4 … [`MAX_CHAIN_ALS`]) joined by RCCs, consecutive RCCs
/// different. If a digit z of A1 and An (neither the first nor the last RCC) were true in a
/// cell seeing all its places in both, A1 would be locked and hold the first RCC, which locks
/// A2 …, until An is locked and holds z: a contradiction. Three sets are an ALS-XY-Wing.
/// Shorter chains come first; per start, end and z a shortest chain is found (a breadth-first
/// search, as for the simple chains), so a longer chain needed only for distinct sets is missed.
pub fn als_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_chain_capped(grid, MAX_ALS_CELLS, 4, MAX_CHAIN_ALS, sink)
}

/// ALS chains of `min_sets..=max_sets` sets (at most 8) of up to `max_cells` cells each (tests
/// compare with HoDoKu's limits).
pub fn als_chain_capped(
    grid: &Grid,
    max_cells: usize,
    min_sets: usize,
    max_sets: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, AlsFlavor::Standard);
    let n = table.sets.len();
    let neighbours = &table.neighbours;
    // Per set, the digits z with a place outside it seeing all its places of z.
    let live: Vec<u16> = (0..n)
        .map(|i| {
            bits::digits(table.sets[i].digits)
                .filter(|&z| {
                    !(grid.plane(z) & table.sees[i][z])
                        .and_not(table.sets[i].cells)
                        .is_empty()
                })
                .fold(0, |m, z| m | 1 << z)
        })
        .collect();
    let mut search = ChainSearch {
        grid,
        table: &table,
        neighbours,
        reached: vec![0; n],
        parent: vec![0; n * 9],
        frontier: Vec::new(),
        next: Vec::new(),
    };
    for len in min_sets..=max_sets.min(MAX_CHAIN_ALS_SEARCH) {
        for start in 0..n {
            for z in bits::digits(live[start]) {
                search.run(start, z, len, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Death Blossom: a stem cell and, per stem digit d, a petal set holding d whose places of d
/// all see the stem. Whichever digit the stem takes locks its petal on its other digits, so a
/// digit z of every petal (not a stem digit) leaves the cells seeing all its places in all the
/// petals. Petals may overlap (only one of them is locked). Stems with 2 to 4 digits.
pub fn death_blossom(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    death_blossom_capped(grid, MAX_ALS_CELLS, sink)
}

/// Death Blossom with petals of up to `max_cells` cells.
pub fn death_blossom_capped(
    grid: &Grid,
    max_cells: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, AlsFlavor::Standard);
    let mut petals: [Vec<usize>; 9] = Default::default();
    for stem in grid.unsolved() {
        let stem_digits = grid.candidates(stem);
        if !(2..=4).contains(&stem_digits.count_ones()) {
            continue;
        }
        let mut enough = true;
        for d in bits::digits(stem_digits) {
            petals[d].clear();
            for (i, set) in table.sets.iter().enumerate() {
                if set.digits & (1 << d) != 0
                    && !set.cells.contains(stem)
                    && table.sees[i][d].contains(stem)
                    && set.digits & !stem_digits != 0
                {
                    petals[d].push(i);
                }
            }
            enough &= !petals[d].is_empty();
        }
        if !enough {
            continue;
        }
        let digits: Vec<usize> = bits::digits(stem_digits).collect();
        let mut blossom = Blossom {
            table: &table,
            petals: &petals,
            stem,
            stem_digits,
            digits: &digits,
            chosen: Vec::with_capacity(4),
        };
        let mut targets = [Bits81::EMPTY; 9];
        for (z, slot) in targets.iter_mut().enumerate() {
            if stem_digits & (1 << z) == 0 {
                *slot = grid.plane(z).and_not(Bits81::cell(stem));
            }
        }
        blossom.grow(0x1ff & !stem_digits, targets, Bits81::EMPTY, sink)?;
    }
    ControlFlow::Continue(())
}

/// Death Blossom search state for one stem.
struct Blossom<'a> {
    table: &'a AlsTable,
    petals: &'a [Vec<usize>; 9],
    stem: usize,
    stem_digits: u16,
    digits: &'a [usize],
    chosen: Vec<usize>,
}

impl Blossom<'_> {
    /// Chooses a petal for the next stem digit; `common` are the z digits still possible and
    /// `targets` their places seeing all petals so far.
    fn grow(
        &mut self,
        common: u16,
        targets: [Bits81; 9],
        cells: Bits81,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let k = self.chosen.len();
        if k == self.digits.len() {
            let mut step = Step::new(TechniqueId::DeathBlossom);
            let sets: Vec<Bits81> = self
                .chosen
                .iter()
                .map(|&i| self.table.sets[i].cells)
                .collect();
            let petal_digits: Vec<u16> = self.digits.iter().map(|&d| 1 << d).collect();
            als_step(TechniqueId::DeathBlossom, &sets, &petal_digits, &mut step);
            for z in bits::digits(common) {
                step.eliminations.planes[z] = targets[z].and_not(cells);
            }
            if step.eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            step.cells.insert(self.stem);
            step.pivot = Some(self.stem as u8);
            step.digits = self.stem_digits;
            return sink(&step);
        }
        let d = self.digits[k];
        for &petal in &self.petals[d] {
            let set = &self.table.sets[petal];
            let common = common & set.digits;
            let mut next = [Bits81::EMPTY; 9];
            let mut alive = 0u16;
            for z in bits::digits(common) {
                next[z] = (targets[z] & self.table.sees[petal][z]).and_not(set.cells);
                if !next[z].is_empty() {
                    alive |= 1 << z;
                }
            }
            if alive == 0 {
                continue;
            }
            self.chosen.push(petal);
            let flow = self.grow(alive, next, cells | set.cells, sink);
            self.chosen.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells};

    #[test]
    fn als_xz_eliminates_the_common_digit_seen_by_both_sets() {
        let g = with_cells(&[(0, &[1, 2]), (3, &[1, 3]), (12, &[2, 3])]);
        // A = r1c1 {1,2}; B = r1c4 r2c4 {1,2,3}: RCC 1 (both places of 1 in row 1).
        // z = 2: places r1c1 and r2c4; the cells seeing both are r1c5 r1c6 (row 1 ∩ box 2, r1c4
        // being in B) and r2c1–r2c3 (row 2 ∩ box 1).
        let steps = TechniqueId::AlsXz.find_all(&g);
        let want = candidates(&["r1c5#2", "r1c6#2", "r2c1#2", "r2c2#2", "r2c3#2"]);
        assert!(
            steps.iter().any(|s| s.eliminations == want),
            "{:?}",
            steps.iter().map(|s| s.eliminations).collect::<Vec<_>>()
        );
    }

    /// The steps of `technique` in `g`, as elimination sets.
    fn eliminations(technique: TechniqueId, g: &Grid) -> Vec<crate::core::CandidateSet> {
        technique
            .find_all(g)
            .iter()
            .map(|s| s.eliminations)
            .collect()
    }

    #[test]
    fn als_xy_wing_pivots_on_the_set_linked_to_both_wings() {
        // C = r5c5 {1,2}; A = r1c5 {1,3} (RCC 1, column 5); B = r5c1 {2,3} (RCC 2, row 5).
        // A and B cannot both lose 3: r1c1 (seeing r1c5 and r5c1) is not 3.
        let g = with_cells(&[(40, &[1, 2]), (4, &[1, 3]), (36, &[2, 3])]);
        let want = candidates(&["r1c1#3"]);
        assert!(eliminations(TechniqueId::AlsXyWing, &g).contains(&want));
        let step = TechniqueId::AlsXyWing
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .unwrap();
        assert_eq!(step.als.len(), 3);
        assert_eq!(step.rcc.len(), 2);
    }

    #[test]
    fn als_chain_of_four_sets_eliminates_the_end_digit() {
        // r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c9 {1,4}: 1 leaves r1c9 and r5c1.
        // With sets of one cell only (two linked cells also make a two-cell set, through
        // which the search would find a shorter chain of three sets: an ALS-XY-Wing).
        let g = with_cells(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 4]), (44, &[1, 4])]);
        let want = candidates(&["r1c9#1", "r5c1#1"]);
        let mut steps = Vec::new();
        let _ = als_chain_capped(&g, 1, 4, MAX_CHAIN_ALS, &mut |s| {
            steps.push(s.clone());
            ControlFlow::Continue(())
        });
        let step = steps
            .iter()
            .find(|s| s.eliminations == want)
            .expect("the chain is found");
        assert_eq!(step.als.len(), 4);
        assert_eq!(step.rcc, vec![0b10, 0b100, 0b1000]);
    }

    #[test]
    fn death_blossom_petals_share_the_eliminated_digit() {
        // Stem r5c5 {1,2}; petal for 1: r5c1 {1,3}; petal for 2: r1c5 {2,3}: r1c1 is not 3.
        let g = with_cells(&[(40, &[1, 2]), (36, &[1, 3]), (4, &[2, 3])]);
        let want = candidates(&["r1c1#3"]);
        let step = TechniqueId::DeathBlossom
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .expect("the blossom is found");
        assert_eq!(step.pivot, Some(40));
        assert_eq!(step.rcc, vec![0b1, 0b10]);
    }
}
