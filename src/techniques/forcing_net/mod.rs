//! HoDoKu's Forcing Chains and Forcing Nets (its "tabling" search), the last resorts before
//! brute force on the `hodoku` scale.
//!
//! Every candidate gives two premises: the digit set in the cell (`r1c2=5`) and the digit
//! deleted from it (`r1c2<>5`). Each premise has a table of what it implies; a table is closed
//! under implication (everything any implied node implies is added), and the closed tables are
//! checked:
//!
//! - contradiction (one premise): the premise makes a candidate both set and deleted, two digits
//!   set in one cell, one digit set twice in a house, a cell without candidates, or a house
//!   without a place for a digit; the premise is false (the second and third never come first
//!   in a closed table, so they are not checked: see `conclusions.rs`);
//! - verity (several premises that cannot all be false): both polarities of one candidate, every
//!   candidate of a cell set, or every place of a digit in a house set; what all their tables
//!   share is true.
//!
//! Forcing *chains* use direct implications only: a set candidate deletes its cell mates and its
//! peers' copies of the digit; a deleted candidate sets the other candidate of a bivalue cell and
//! its conjugate partner in a house. Forcing *nets* let each premise look further on its own: it
//! is applied to a copy of the grid, then the naked and hidden singles that appear are set, four
//! rounds deep, and everything that deletes or sets is recorded. Both use HoDoKu's group nodes
//! (a digit's places in one box∩line segment, true when one of them is); neither uses ALS nodes
//! (HoDoKu's default).
//!
//! Every conclusion is one step (one placement or one elimination). HoDoKu sorts them: placements
//! before eliminations, then the lower cell (and the lower digit), so the finders hand them out in
//! that order and the rung takes the first. A net rung only runs where the chain rung found
//! nothing, so all its steps are nets.

use std::ops::ControlFlow;

mod conclusions;
mod sim;
pub mod text;

use super::{StepSink, TechniqueId};
use crate::core::bits::digits;
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, INTERSECTIONS, PEERS};
use crate::model::components::Components;
use crate::model::forcing::{ForcingNode, ForcingProof, ForcingReason};
use crate::techniques::step::{with_kept_step, Step};
use conclusions::Found;
use sim::Sim;

/// Rounds of singles a net premise looks ahead (HoDoKu's default `anzTableLookAhead`).
const NET_LOOKAHEAD: usize = 4;

/// No candidate id for this (cell, digit).
const NO_ID: u16 = u16::MAX;

/// Forcing Chain: conclusions from direct implications.
pub fn forcing_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_tables(grid, Mode::Chain, |tables| tables.emit(grid, sink))
}

/// Forcing Net: conclusions from premises that look ahead through singles.
pub fn forcing_net(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_tables(grid, Mode::Net, |tables| tables.emit(grid, sink))
}

thread_local! {
    /// The conclusions' list, kept per thread for its allocation.
    static FOUND: std::cell::RefCell<Vec<Found>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The tables of the last state, kept per thread so that building the next one reuses
    /// their lists (a state's closures and closure rows are some 100 KB, which a new table
    /// would take from the allocator, and the kernel zero, at every call).
    static TABLES: std::cell::RefCell<Tables> = std::cell::RefCell::new(Tables::empty());
}

/// Runs `use_tables` on the `mode` tables of `grid`, built in the thread's kept tables (a
/// search nested in a sink builds in the empty tables left in their place).
fn with_tables<R>(grid: &Grid, mode: Mode, use_tables: impl FnOnce(&Tables) -> R) -> R {
    let mut tables = TABLES.with(|t| std::mem::replace(&mut *t.borrow_mut(), Tables::empty()));
    tables.rebuild(grid, mode);
    let result = use_tables(&tables);
    TABLES.with(|t| *t.borrow_mut() = tables);
    result
}

/// Which implications a premise's table starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Direct implications only.
    Chain,
    /// Each premise applied to a copy of the grid, followed by rounds of singles.
    Net,
}

/// A group node: two or three places of one digit in one box∩line segment.
#[derive(Clone, Copy, Debug)]
struct Group {
    digit: u8,
    cells: Bits81,
    /// The row or column house the segment lies in.
    line: usize,
    /// The box house.
    block: usize,
}

/// What one premise's closed table sets and deletes.
#[derive(Clone, Copy)]
struct Closure {
    on: [Bits81; 9],
    off: [Bits81; 9],
}

/// The implication tables of one grid state.
struct Tables {
    mode: Mode,
    /// Candidate id → (cell, digit).
    candidates: Vec<(u8, u8)>,
    /// digit * 81 + cell → candidate id.
    ids: Vec<u16>,
    groups: Vec<Group>,
    nodes: usize,
    words: usize,
    /// Direct implications: `nodes` rows of `words` bits.
    direct: Vec<u64>,
    closures: Vec<Closure>,
    /// [`Tables::close`]'s components and their closures, kept for the lists' allocations.
    components: Components,
    /// [`Tables::link_nets`]' grid copy and singles found, and [`Tables::link_groups`]' groups
    /// by digit, kept for their lists' allocations.
    sim: Option<Sim>,
    singles: Vec<(u8, u8)>,
    groups_by_digit: [Vec<usize>; 9],
}

impl Tables {
    /// Tables of nothing, with no allocation.
    fn empty() -> Tables {
        Tables {
            mode: Mode::Chain,
            candidates: Vec::new(),
            ids: Vec::new(),
            groups: Vec::new(),
            nodes: 0,
            words: 0,
            direct: Vec::new(),
            closures: Vec::new(),
            components: Components::default(),
            sim: None,
            singles: Vec::new(),
            groups_by_digit: Default::default(),
        }
    }

    /// Makes these the closed tables of `grid`, in place (the lists keep their allocations).
    fn rebuild(&mut self, grid: &Grid, mode: Mode) {
        self.mode = mode;
        self.candidates.clear();
        self.ids.clear();
        self.ids.resize(729, NO_ID);
        for cell in grid.unsolved() {
            let mask = grid.candidates(cell);
            for digit in 0..9 {
                if mask & (1 << digit) != 0 {
                    self.ids[digit * 81 + cell] = self.candidates.len() as u16;
                    self.candidates.push((cell as u8, digit as u8));
                }
            }
        }
        group_nodes(grid, &mut self.groups);
        self.nodes = 2 * self.candidates.len() + 2 * self.groups.len();
        self.words = self.nodes.div_ceil(64).max(1);
        self.direct.clear();
        self.direct.resize(self.nodes * self.words, 0);
        match mode {
            Mode::Chain => self.link_direct(grid),
            Mode::Net => self.link_nets(grid),
        }
        self.link_groups(grid);
        self.close();
    }

    /// Node id of (cell, digit) set or deleted (the candidate must exist).
    #[inline]
    fn node(&self, cell: usize, digit: usize, on: bool) -> usize {
        let id = self.ids[digit * 81 + cell];
        debug_assert!(id != NO_ID);
        2 * id as usize + usize::from(!on)
    }

    /// Node id of group `g` set or deleted.
    #[inline]
    fn group_node(&self, g: usize, on: bool) -> usize {
        2 * self.candidates.len() + 2 * g + usize::from(!on)
    }

    /// Records that `from` implies `to`.
    #[inline]
    fn link(&mut self, from: usize, to: usize) {
        if from != to {
            self.direct[from * self.words + to / 64] |= 1 << (to % 64);
        }
    }

    /// The node as cells, digit and polarity.
    fn describe(&self, node: usize) -> ForcingNode {
        let on = node.is_multiple_of(2);
        let first_group = 2 * self.candidates.len();
        if node < first_group {
            let (cell, digit) = self.candidates[node / 2];
            ForcingNode {
                cells: Bits81::cell(cell as usize),
                digit,
                on,
            }
        } else {
            let group = self.groups[(node - first_group) / 2];
            ForcingNode {
                cells: group.cells,
                digit: group.digit,
                on,
            }
        }
    }

    /// Chain tables: a set candidate deletes its cell mates and its peers' copies; a deleted
    /// candidate sets the other candidate of a bivalue cell and its conjugate in a house.
    fn link_direct(&mut self, grid: &Grid) {
        for k in 0..self.candidates.len() {
            let (cell, digit) = self.candidates[k];
            let (cell, digit) = (cell as usize, digit as usize);
            let (on, off) = (2 * k, 2 * k + 1);
            let mask = grid.candidates(cell);
            let others = mask & !(1 << digit);
            for other in digits(others) {
                self.link(on, self.node(cell, other, false));
            }
            if others.count_ones() == 1 {
                let other = others.trailing_zeros() as usize;
                self.link(off, self.node(cell, other, true));
            }
            let places = grid.plane(digit);
            for peer in (places & PEERS[cell]).iter() {
                self.link(on, self.node(peer, digit, false));
            }
            for &house in &CELL_HOUSES[cell] {
                let rest = (places & HOUSE_SETS[house as usize]).and_not(Bits81::cell(cell));
                if rest.is_single() {
                    let partner = rest.first().unwrap();
                    self.link(off, self.node(partner, digit, true));
                }
            }
        }
    }

    /// Net tables: each premise applied to a copy of the grid, then up to
    /// [`NET_LOOKAHEAD`] rounds of the singles that appeared, set one after the other.
    fn link_nets(&mut self, grid: &Grid) {
        let start = Sim::new(grid);
        let mut sim = self.sim.take().unwrap_or_else(|| Sim::new(grid));
        let mut singles = std::mem::take(&mut self.singles);
        for k in 0..self.candidates.len() {
            let (cell, digit) = self.candidates[k];
            let (cell, digit) = (cell as usize, digit as usize);
            for on in [true, false] {
                let premise = 2 * k + usize::from(!on);
                sim.reset_to(&start);
                if on {
                    self.sim_set(grid, &mut sim, premise, cell, digit);
                } else {
                    sim.delete(cell, digit);
                    let rest = sim.masks[cell];
                    if rest.count_ones() == 1 {
                        self.sim_set(
                            grid,
                            &mut sim,
                            premise,
                            cell,
                            rest.trailing_zeros() as usize,
                        );
                    }
                }
                for _ in 0..NET_LOOKAHEAD {
                    sim.singles(&mut singles);
                    if singles.is_empty() {
                        break;
                    }
                    for &(c, d) in &singles {
                        self.sim_set(grid, &mut sim, premise, c as usize, d as usize);
                    }
                }
            }
        }
        (self.sim, self.singles) = (Some(sim), singles);
    }

    /// Sets `digit` in `cell` of the copy and records what that sets and deletes: the cell's
    /// other candidates (of the copy) and the digit in every peer (of the original grid).
    fn sim_set(&mut self, grid: &Grid, sim: &mut Sim, premise: usize, cell: usize, digit: usize) {
        self.link(premise, self.node(cell, digit, true));
        for peer in (grid.plane(digit) & PEERS[cell]).iter() {
            self.link(premise, self.node(peer, digit, false));
        }
        for other in digits(sim.masks[cell] & !(1 << digit)) {
            self.link(premise, self.node(cell, other, false));
        }
        sim.set(cell, digit);
    }

    /// Group node links: a set group deletes the digit wherever it sees the whole group and
    /// deletes the other groups of its line and box; a deleted group sets the last place of its
    /// line or box (a single cell or another group).
    fn link_groups(&mut self, grid: &Grid) {
        // Per digit, its groups in list order: a group links only to groups of its digit.
        let mut by_digit = std::mem::take(&mut self.groups_by_digit);
        by_digit.iter_mut().for_each(Vec::clear);
        for (h, group) in self.groups.iter().enumerate() {
            by_digit[group.digit as usize].push(h);
        }
        for g in 0..self.groups.len() {
            let group = self.groups[g];
            let digit = group.digit as usize;
            let places = grid.plane(digit);
            let (on, off) = (self.group_node(g, true), self.group_node(g, false));
            let seen = group.cells.iter().fold(places, |acc, c| acc & PEERS[c]);
            for cell in seen.iter() {
                self.link(on, self.node(cell, digit, false));
                self.link(self.node(cell, digit, true), off);
            }
            for house in [group.block, group.line] {
                let rest = seen & HOUSE_SETS[house];
                if rest.is_single() {
                    let cell = rest.first().unwrap();
                    self.link(off, self.node(cell, digit, true));
                    self.link(self.node(cell, digit, false), on);
                }
            }
            // The other groups in the line and in the box: how many, and the first.
            let (mut in_line, mut in_block) = ((0, 0), (0, 0));
            for &h in &by_digit[digit] {
                let other = self.groups[h];
                if h == g || other.cells.intersects(group.cells) {
                    continue;
                }
                if other.line == group.line {
                    in_line = (in_line.0 + 1, if in_line.0 == 0 { h } else { in_line.1 });
                    self.link(on, self.group_node(h, false));
                }
                if other.block == group.block {
                    in_block = (in_block.0 + 1, if in_block.0 == 0 { h } else { in_block.1 });
                    self.link(on, self.group_node(h, false));
                }
            }
            for (house, (count, h)) in [(group.line, in_line), (group.block, in_block)] {
                if count == 1 {
                    let rest = (places & HOUSE_SETS[house])
                        .and_not(group.cells)
                        .and_not(self.groups[h].cells);
                    if rest.is_empty() {
                        self.link(off, self.group_node(h, true));
                    }
                }
            }
        }
        self.groups_by_digit = by_digit;
    }

    /// Closes every candidate premise's table under implication. A node's closure is its
    /// strongly connected component's ([`Components`]: each component's closure made once,
    /// from the closures of the components it implies); before, each premise's closure was a
    /// search of its own (reading the closures of the premises done before it): 2.2% more
    /// instructions on the hodoku scale's hardest puzzles (`results/speed.md`, twentieth
    /// session).
    fn close(&mut self) {
        self.components.find(self.nodes, &self.direct, self.words);
        let premises = 2 * self.candidates.len();
        self.closures.clear();
        for premise in 0..premises {
            let mut closure = Closure {
                on: [Bits81::EMPTY; 9],
                off: [Bits81::EMPTY; 9],
            };
            let component = self.components.component(premise);
            for node in self.components.closure(component).nodes() {
                if node >= premises {
                    break;
                }
                let (cell, digit) = self.candidates[node / 2];
                if node.is_multiple_of(2) {
                    closure.on[digit as usize].insert(cell as usize);
                } else {
                    closure.off[digit as usize].insert(cell as usize);
                }
            }
            self.closures.push(closure);
        }
    }

    /// Hands each conclusion to the sink as a step, in HoDoKu's order: placements by cell, then
    /// eliminations by cell and digit.
    fn emit(&self, grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        let mut found = FOUND.with(|kept| std::mem::take(&mut *kept.borrow_mut()));
        self.conclusions(grid, &mut found);
        found.sort_by_key(|f| (!f.place, f.cell, f.digit));
        let technique = match self.mode {
            Mode::Chain => TechniqueId::ForcingChain,
            Mode::Net => TechniqueId::ForcingNet,
        };
        let flow = with_kept_step(|step| {
            found.iter().try_for_each(|conclusion| {
                self.step(grid, technique, conclusion, step);
                sink(step)
            })
        });
        FOUND.with(|kept| *kept.borrow_mut() = found);
        flow
    }

    /// Makes `step` the step of one conclusion, its chains spelled out.
    fn step(&self, grid: &Grid, technique: TechniqueId, found: &Found, step: &mut Step) {
        step.reset(technique);
        let (cell, digit) = (found.cell as usize, found.digit as usize);
        if found.place {
            step.placements.insert(cell, digit);
        } else {
            step.eliminations.insert(cell, digit);
        }
        step.digits = 1 << digit;
        // The premises and their chains only explain the step: spelled out (a breadth-first
        // search per chain) where someone reads them (`techniques::trace`).
        let explain = crate::techniques::trace::explanations_wanted();
        let mut chains = Vec::new();
        for &premise in found.premises() {
            step.cells
                .insert(self.candidates[premise as usize / 2].0 as usize);
            if !explain {
                continue;
            }
            for end in self.ends(grid, premise as usize, found) {
                if let Some(path) = self.path(premise as usize, end) {
                    chains.push(path.into_iter().map(|n| self.describe(n)).collect());
                }
            }
        }
        let premises = if explain {
            found
                .premises()
                .iter()
                .map(|&p| self.describe(p as usize))
                .collect()
        } else {
            Vec::new()
        };
        step.forcing = Some(ForcingProof {
            kind: found.kind,
            reason: found.reason,
            premises,
            chains,
        });
    }

    /// The nodes a premise's chains end in: the two sides of a contradiction (every place or
    /// candidate of an emptied house or cell), or a verity's conclusion.
    fn ends(&self, grid: &Grid, premise: usize, found: &Found) -> Vec<usize> {
        let node = |cell: usize, digit: usize, on: bool| self.node(cell, digit, on);
        match found.reason {
            ForcingReason::SetAndDeleted { cell, digit } => {
                let (cell, digit) = (cell as usize, digit as usize);
                vec![node(cell, digit, true), node(cell, digit, false)]
            }
            ForcingReason::TwoValues { cell, digits } => digits
                .iter()
                .map(|&d| node(cell as usize, d as usize, true))
                .collect(),
            ForcingReason::TwiceInHouse { house, digit } => {
                let digit = digit as usize;
                (self.closures[premise].on[digit] & HOUSE_SETS[house as usize])
                    .iter()
                    .map(|c| node(c, digit, true))
                    .collect()
            }
            ForcingReason::EmptyCell { cell } => digits(grid.candidates(cell as usize))
                .map(|d| node(cell as usize, d, false))
                .collect(),
            ForcingReason::EmptyHouse { house, digit } => {
                let digit = digit as usize;
                (grid.plane(digit) & HOUSE_SETS[house as usize])
                    .iter()
                    .map(|c| node(c, digit, false))
                    .collect()
            }
            ForcingReason::BothWays { .. }
            | ForcingReason::Cell { .. }
            | ForcingReason::House { .. } => {
                vec![node(found.cell as usize, found.digit as usize, found.place)]
            }
        }
    }

    /// The shortest path of direct implications from `from` to `to`, if `from` implies `to`.
    fn path(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        let mut parent = vec![usize::MAX; self.nodes];
        parent[from] = from;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(node) = queue.pop_front() {
            if node == to {
                let mut path = vec![to];
                let mut at = to;
                while at != from {
                    at = parent[at];
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            let row = &self.direct[node * self.words..][..self.words];
            for (w, &word) in row.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let next = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if parent[next] == usize::MAX {
                        parent[next] = node;
                        queue.push_back(next);
                    }
                }
            }
        }
        None
    }
}

/// HoDoKu's group nodes into `groups`: per row, then per column, per digit and box, the digit's
/// places in the segment when there are two or three.
fn group_nodes(grid: &Grid, groups: &mut Vec<Group>) {
    groups.clear();
    for lines in [0..9, 9..18] {
        for line in lines {
            for digit in 0..9 {
                let places = grid.plane(digit) & HOUSE_SETS[line];
                if places.count() < 2 {
                    continue;
                }
                for segment in INTERSECTIONS.iter().filter(|i| i.line_house == line) {
                    let cells = places & segment.cells;
                    if cells.count() >= 2 {
                        groups.push(Group {
                            digit: digit as u8,
                            cells,
                            line,
                            block: segment.box_house,
                        });
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;
    use crate::model::components::reached_from;

    #[test]
    fn each_premise_s_closure_is_every_candidate_node_it_implies() {
        // Chain and net tables of shipped hard states and royle17 starts, thinned at random:
        // the closures the components give against a search from each premise.
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut tables = Tables::empty();
        let (mut premises, mut implied, mut cycles) = (0, 0, 0);
        for mut grid in crate::techniques::shipped_test_grids(6) {
            for _ in 0..2 {
                for mode in [Mode::Chain, Mode::Net] {
                    tables.rebuild(&grid, mode);
                    for premise in 0..2 * tables.candidates.len() {
                        let reached =
                            reached_from(tables.nodes, &tables.direct, tables.words, premise);
                        let mut expected = Closure {
                            on: [Bits81::EMPTY; 9],
                            off: [Bits81::EMPTY; 9],
                        };
                        for (k, &(cell, digit)) in tables.candidates.iter().enumerate() {
                            let (cell, digit) = (cell as usize, digit as usize);
                            if reached[2 * k] {
                                expected.on[digit].insert(cell);
                            }
                            if reached[2 * k + 1] {
                                expected.off[digit].insert(cell);
                            }
                        }
                        let closure = &tables.closures[premise];
                        assert_eq!(
                            (closure.on, closure.off),
                            (expected.on, expected.off),
                            "{mode:?}, premise {premise}"
                        );
                        premises += 1;
                        implied += reached.iter().filter(|&&r| r).count();
                        // A premise in a component with other nodes: a cycle of implications.
                        let component = tables.components.component(premise);
                        cycles += usize::from(tables.components.size(component) > 1);
                    }
                }
                rng.thin(&mut grid, 10);
            }
        }
        assert!(premises > 5_000, "{premises} premises");
        assert!(implied > 20 * premises, "{implied} implied by {premises}");
        assert!(cycles > 100, "{cycles} premises on a cycle");
    }
}
