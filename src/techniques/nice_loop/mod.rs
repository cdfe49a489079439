//! Nice loops and AICs, on the link model of [`crate::model::links`]: from a false candidate a strong
//! link (conjugate pair, bivalue cell) makes its partner true; from a true candidate a weak
//! link (same digit in a house, same cell) makes its partner false. Grouped nice loops add
//! group nodes (a digit's places in one box∩line segment, two or three cells) as GNPX's
//! grouped links do: a group is true when one of its cells is, false when all are; a house
//! whose places of the digit outside a false node form one group makes that group true, and
//! a true node makes false every place and group of the digit seeing all of its cells. Then,
//! in a second search, ALS nodes (GNPX's ALS links, sets of 2 to 5 cells): a true node seeing
//! all of a set's places of digit x makes them false, which locks the set, so each of its other
//! digits y is true somewhere in its places of y (a group-like true node). A continuous loop
//! through a set entered by x and left by y locks it on its other digits as well.
//!
//! A breadth-first search from each candidate, assumed false and assumed true (only from the
//! candidates that `bounds` finds could make a step, all of a digit's at once), over
//! (candidate, polarity) states records a shortest alternating chain to each state. What a
//! chain from `s` to `t` proves:
//! - `s` false ⇒ `t` true (an AIC): `s` or `t` is true, so every candidate weakly linked to both
//!   is false; with `t` = `s` (a discontinuous loop with two strong links), `s` is true.
//! - `s` false ⇒ `t` true with `t` weakly linked to `s`: a continuous loop. Every link holds
//!   both ways round, so each weak link is a conjugate pair: the digit leaves every cell seeing
//!   both its ends, and a weak link inside a cell leaves the cell with its two digits.
//! - `s` true ⇒ `s` false, or `s` true ⇒ `t` true with `t` weakly linked to `s`
//!   (discontinuous loops with two weak links, or a weak and a strong link): `s` is false.
//! - `s` false ⇒ `t` false with `t` strongly linked to `s`: `s` is true.
//!
//! Chains have at most [`MAX_LOOP_LINKS`] links (GNPX's NiceLoop cap); steps come out shortest
//! first. Placements and candidate contradictions start from single candidates; AICs and
//! continuous loops may also start from groups. A grouped step uses at least one group (the
//! others are plain nice loops); steps of the ALS search use at least one ALS node, start from
//! single candidates and come after all steps without one.

mod bounds;
pub mod hodoku;
mod nodes;
pub mod text;

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::bits::digits;
use crate::core::{CandidateSet, Grid};
use crate::model::links::{with_links, ChainLink, Links};
use crate::techniques::step::Step;
use bounds::{Bounds, MultiSearch, NO_STEP};
use nodes::{
    digit_of, is_on, mark_if_new, node_of, sees_of, state, Mark, Marks, Nodes, State, ALS_BASE,
    NO_STATE, SINGLES,
};

/// GNPX's NiceLoop cap on the links of one loop or chain.
pub const MAX_LOOP_LINKS: usize = 10;

/// Each state's successors, computed the first time a search expands it and then read by every
/// later search of the same node graph (the nodes do not change between them).
#[derive(Default)]
struct Adjacency {
    /// State `s`'s successors are `adjacent[span[s].0 as usize..span[s].1 as usize]`,
    /// `NOT_EXPANDED` before.
    span: Vec<(u32, u32)>,
    /// In the ALS search's graph, a true state's list in the graph without ALS nodes
    /// (`NOT_EXPANDED` if none): the new list is the old one with the ALS nodes put in.
    without_als: Vec<(u32, u32)>,
    adjacent: Vec<State>,
    /// The graph the lists are of ([`Nodes::id`]) and whether it had its ALS nodes.
    graph: Option<(u64, bool)>,
}

const NOT_EXPANDED: u32 = u32::MAX;

impl Adjacency {
    /// Readies the lists for `nodes`' graph. The grouped rung's ALS search extends the graph of
    /// its first search, and ALS nodes add links only from true nodes (into ALS nodes): the
    /// false states' lists of that graph are kept, and the true states' lists are kept aside,
    /// to have the ALS nodes put in.
    fn prepare(&mut self, nodes: &Nodes<'_>) {
        let extends = nodes.with_als && self.graph == Some((nodes.id, false));
        self.without_als.clear();
        if extends {
            self.without_als.resize(self.span.len(), (NOT_EXPANDED, 0));
            for s in (1..self.span.len()).step_by(2) {
                self.without_als[s] = std::mem::replace(&mut self.span[s], (NOT_EXPANDED, 0));
            }
        } else {
            self.span.clear();
            self.adjacent.clear();
        }
        self.span.resize(nodes.cells.len() * 2, (NOT_EXPANDED, 0));
        self.graph = Some((nodes.id, nodes.with_als));
    }

    /// Records `from`'s successors, in [`Nodes::successors`]' order, unless they are already.
    #[inline]
    fn expand(&mut self, nodes: &Nodes<'_>, from: State) {
        if self.span[from as usize].0 == NOT_EXPANDED {
            self.record(nodes, from);
        }
    }

    #[inline(never)]
    fn record(&mut self, nodes: &Nodes<'_>, from: State) {
        let at = self.adjacent.len();
        match self.without_als.get(from as usize) {
            Some(&(old, end)) if old != NOT_EXPANDED => {
                // The list without ALS nodes, the ALS nodes put in before the cell's digits.
                let split = end as usize - nodes.after_als_entered(node_of(from));
                self.adjacent.extend_from_within(old as usize..split);
                nodes.als_entered(node_of(from), &mut self.adjacent);
                self.adjacent.extend_from_within(split..end as usize);
            }
            _ => nodes.successors(from, &mut self.adjacent),
        }
        self.span[from as usize] = (at as u32, self.adjacent.len() as u32);
    }

    /// The successors of `from` (expanded).
    #[inline]
    fn of(&self, from: State) -> &[State] {
        let (at, end) = self.span[from as usize];
        &self.adjacent[at as usize..end as usize]
    }
}

/// Breadth-first search over (node, polarity) states from one start.
#[derive(Default)]
struct LoopSearch {
    /// Per state: the search that last reached it, its depth and its parent there.
    marks: Marks,
    /// The start, then the states in the order reached, level by level (their depth in their
    /// marks): `order[..len]`. It has room for every state and one more, so that an entry is
    /// written at every link and counted only when new (no branch on whether it is).
    order: Vec<State>,
    len: usize,
    adjacency: Adjacency,
}

impl LoopSearch {
    #[cfg(test)]
    fn new(nodes: &Nodes<'_>) -> LoopSearch {
        let mut search = LoopSearch::default();
        search.prepare(nodes);
        search
    }

    /// Readies the search for `nodes`' graph. What the last graph's searches marked stays
    /// (older runs' marks read as unreached).
    fn prepare(&mut self, nodes: &Nodes<'_>) {
        let states = nodes.cells.len() * 2;
        debug_assert!(states <= usize::from(NO_STATE));
        if self.order.len() < states + 1 {
            self.order.resize(states + 1, 0);
        }
        self.len = 1;
        self.adjacency.prepare(nodes);
    }

    /// Forgets the last search's states (as a search reaching nothing would).
    fn clear(&mut self) {
        self.len = 1;
    }

    /// The states the last search reached, in order (its start excluded).
    fn reached(&self) -> &[State] {
        &self.order[1..self.len]
    }

    /// Searches from `start` to depth `max_links`.
    fn run(&mut self, nodes: &Nodes<'_>, start: State, max_links: usize) {
        let (run, marks) = self.marks.begin();
        // Worked on as locals, so that the length stays in a register.
        let mut order = std::mem::take(&mut self.order);
        // The start is not reached again (a chain back to it is a loop, read off its ends).
        marks[usize::from(start)] = Mark {
            run,
            parent: start,
            depth: 0,
        };
        order[0] = start;
        let mut len = 1;
        let (mut lo, mut hi) = (0, 1);
        for d in 1..=max_links {
            // Expand the level first, so that the loop below only reads `adjacent`.
            for &from in &order[lo..hi] {
                self.adjacency.expand(nodes, from);
            }
            let (span, adjacent) = (&self.adjacency.span[..], &self.adjacency.adjacent[..]);
            for i in lo..hi {
                let from = order[i];
                let mark = Mark {
                    run,
                    parent: from,
                    depth: d as u16,
                };
                let (at, end) = span[from as usize];
                for &to in &adjacent[at as usize..end as usize] {
                    // Written at every link and counted only for a new state: no branch.
                    let new = mark_if_new(marks, to, mark);
                    order[len] = to;
                    len += usize::from(new);
                }
            }
            (lo, hi) = (hi, len);
            if lo == hi {
                break;
            }
        }
        self.len = len;
        self.order = order;
    }

    /// The links from the last search's start to `end`, a state it reached.
    #[inline]
    fn depth(&self, end: State) -> usize {
        self.marks.of(end).depth.into()
    }

    /// The states from the start to `end`, into `states` (whose allocation a scan reuses).
    fn path(&self, start: State, end: State, states: &mut Vec<State>) {
        states.clear();
        states.push(end);
        let mut at = end;
        while at != start {
            at = self.marks.of(at).parent;
            states.push(at);
        }
        states.reverse();
    }
}

/// Makes `step` the step of a chain (`path` of states): its links in both notations.
fn chain_step(technique: TechniqueId, nodes: &Nodes<'_>, path: &[State], step: &mut Step) {
    step.reset(technique);
    if path.iter().all(|&s| node_of(s) < SINGLES) {
        step.chain.extend(path.windows(2).map(|w| {
            let (a, b) = (node_of(w[0]), node_of(w[1]));
            let (from, to) = ((a % 81, digit_of(a)), (b % 81, digit_of(b)));
            if is_on(w[0]) {
                ChainLink::weak(from, to)
            } else {
                ChainLink::strong(from, to)
            }
        }));
    }
    step.group_chain
        .extend(path.windows(2).map(|w| nodes.super_link(w[0], w[1])));
    for &s in path {
        step.cells |= nodes.cells[node_of(s)];
        step.digits |= 1 << digit_of(node_of(s));
    }
}

/// Eliminations of a continuous loop (`path` closed back to its start): every weak link of it
/// is a conjugate pair.
fn loop_eliminations(nodes: &Nodes<'_>, path: &[State]) -> CandidateSet {
    let mut out = CandidateSet::EMPTY;
    for w in path.windows(2) {
        let (a, b) = (node_of(w[0]), node_of(w[1]));
        if is_on(w[0]) {
            out.union_with(&nodes.seen_by_both(a, b));
        } else if a >= ALS_BASE && b >= ALS_BASE {
            // Through an ALS, entered by one digit and left by another: both are its in the
            // loop, so the set is locked on its other digits.
            let set = (a - ALS_BASE) / 9;
            let cells = nodes.als_cells[a - ALS_BASE];
            let others = nodes.als_digits[set] & !(1 << digit_of(a)) & !(1 << digit_of(b));
            for d in digits(others) {
                let holders = nodes.cells[ALS_BASE + set * 9 + d];
                out.planes[d] |= (nodes.grid.plane(d) & sees_of(holders)).and_not(cells);
            }
        }
    }
    out
}

/// A candidate proved true: as HoDoKu states it, the cell's other candidates are eliminated
/// (a naked single then places it).
fn place(grid: &Grid, step: &mut Step, cell: usize, digit: usize) {
    for d in 0..9 {
        if d != digit && grid.candidates(cell) & (1 << d) != 0 {
            step.eliminations.insert(cell, d);
        }
    }
}

/// Nice loops and AICs with at most [`MAX_LOOP_LINKS`] links.
pub fn nice_loop(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    nice_loop_capped(grid, MAX_LOOP_LINKS, false, sink)
}

/// Grouped nice loops and AICs (at least one group) with at most [`MAX_LOOP_LINKS`] links.
pub fn grouped_nice_loop(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    nice_loop_capped(grid, MAX_LOOP_LINKS, true, sink)
}

/// Nice loops and AICs (grouped or not) with at most `max_links` links (tests lift GNPX's cap).
pub fn nice_loop_capped(
    grid: &Grid,
    max_links: usize,
    grouped: bool,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let technique = if grouped {
        TechniqueId::GroupedNiceLoop
    } else {
        TechniqueId::NiceLoop
    };
    with_links(grid, |links| {
        let mut nodes = Nodes::new(grid, links, grouped, false);
        let scan = |nodes: &Nodes<'_>, sink: &mut StepSink<'_>| {
            let search = Scan {
                grid,
                links,
                nodes,
                technique,
                max_links,
            };
            search.emit(sink)
        };
        scan(&nodes, sink)?;
        if grouped {
            // Box∩line groups first, then (a second search) chains through ALS nodes.
            nodes.add_als();
            scan(&nodes, sink)?;
        }
        ControlFlow::Continue(())
    })
}

/// What one scan over the starts keeps: only the first step of the sorted list (the
/// shortest, the earliest found among equals), or every step, each with its length.
/// The most step buffers a [`Collect`] keeps between scans.
const KEPT_STEPS: usize = 64;

/// The steps a scan keeps (with their lengths), in buffers kept from scan to scan: the kept
/// steps are `steps[..len]`, those after them spare steps whose lists a later find reuses.
#[derive(Default)]
struct Collect {
    first_only: bool,
    steps: Vec<(usize, Step)>,
    len: usize,
}

impl Collect {
    /// Empty, keeping only the best step (`first_only`) or every step.
    #[cfg(test)]
    fn new(first_only: bool) -> Collect {
        Collect {
            first_only,
            ..Collect::default()
        }
    }

    /// Empties it for another scan, keeping its buffers (at most [`KEPT_STEPS`] of them: a
    /// scan for every step can take thousands, which the thread would hold on to).
    fn restart(&mut self, first_only: bool) {
        self.first_only = first_only;
        self.len = 0;
        self.steps.truncate(KEPT_STEPS);
        self.steps.shrink_to(KEPT_STEPS);
    }

    /// The steps kept, in the order taken.
    fn kept(&mut self) -> &mut [(usize, Step)] {
        &mut self.steps[..self.len]
    }

    /// Whether a step of `length` found now would be kept. A later step replaces the first only
    /// when it is shorter, as a stable sort by length would order them.
    #[inline]
    fn wants(&self, length: usize) -> bool {
        match self.steps[..self.len].first() {
            Some((best, _)) if self.first_only => length < *best,
            _ => true,
        }
    }

    /// How deep a search must go to find every step still wanted: a chain to a state at depth
    /// `d` makes a step of `d` or `d + 1` links.
    #[inline]
    fn depth(&self, max_links: usize) -> usize {
        match self.steps[..self.len].first() {
            Some((best, _)) if self.first_only => max_links.min(best - 1),
            _ => max_links,
        }
    }

    /// Keeps a step of `length`, written by `fill` into a kept buffer (which it resets).
    fn take(&mut self, length: usize, fill: impl FnOnce(&mut Step)) {
        if self.first_only {
            self.len = 0;
        }
        if self.len == self.steps.len() {
            self.steps.push((0, Step::new(TechniqueId::NiceLoop)));
        }
        let (kept_length, step) = &mut self.steps[self.len];
        *kept_length = length;
        fill(step);
        self.len += 1;
    }
}

/// What the searches of one thread keep from one graph to the next, so that once warm they
/// allocate nothing.
#[derive(Default)]
struct Workspace {
    search: LoopSearch,
    multi: MultiSearch,
    /// The steps of the scan for the first step, and of the scan for all.
    first: Collect,
    all: Collect,
    /// The chain of the step being made.
    path: Vec<State>,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::default();
}

/// The search over one node graph: every step whose chain has at most `max_links` links (plus a
/// closing link), shortest first.
struct Scan<'a, 'g> {
    grid: &'a Grid,
    links: &'a Links,
    nodes: &'a Nodes<'g>,
    technique: TechniqueId,
    max_links: usize,
}

impl Scan<'_, '_> {
    /// Hands the steps to `sink` shortest first, in the order found among equals. The first one
    /// comes from a scan whose searches stop short of any chain too long to beat the best step so
    /// far (a shorter search finds the same chains to the same states: the levels it reaches are
    /// the longer search's); only a sink asking for more gets the full list, the first skipped.
    fn emit(&self, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        WORKSPACE.with(|workspace| match workspace.try_borrow_mut() {
            Ok(mut workspace) => self.emit_in(&mut workspace, sink),
            // A sink searching loops itself: this search gets a work space of its own.
            Err(_) => self.emit_in(&mut Workspace::default(), sink),
        })
    }

    fn emit_in(&self, workspace: &mut Workspace, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        let Workspace {
            search,
            multi,
            first,
            all,
            path,
        } = workspace;
        search.prepare(self.nodes);
        let bounds = multi.bounds(self.nodes, &mut search.adjacency, self.max_links);
        first.restart(true);
        self.scan(search, Some(&bounds), first, path);
        let Some((_, step)) = first.kept().first() else {
            return ControlFlow::Continue(());
        };
        sink(step)?;
        all.restart(false);
        self.scan(search, Some(&bounds), all, path);
        let found = all.kept();
        found.sort_by_key(|(d, _)| *d);
        let flow = found.iter().skip(1).try_for_each(|(_, step)| sink(step));
        // The full list can hold thousands of steps: emptied now, so that the thread holds on
        // to a few buffers only.
        all.restart(false);
        flow
    }

    /// Every start's searches, its steps handed to `keep` in the order found. With `bounds`, a
    /// single start's search runs only if it could take a step `keep` wants (the others would
    /// take nothing).
    fn scan(
        &self,
        search: &mut LoopSearch,
        bounds: Option<&Bounds>,
        keep: &mut Collect,
        path: &mut Vec<State>,
    ) {
        let (grid, links, nodes, technique) = (self.grid, self.links, self.nodes, self.technique);
        let grouped = technique == TechniqueId::GroupedNiceLoop;
        // A grouped step uses a group, or (in the ALS search) an ALS node.
        let least = if nodes.with_als { ALS_BASE } else { SINGLES };
        let wanted = |path: &[State]| !grouped || path.iter().any(|&s| node_of(s) >= least);
        // The ALS search starts from single candidates only (groups were tried before).
        let starts = if nodes.with_als { SINGLES } else { ALS_BASE };
        for start in (0..starts).filter(|&n| !nodes.cells[n].is_empty()) {
            let single = start < SINGLES;
            let (cell, digit) = (start % 81, digit_of(start));
            let off = state(start, false);
            let on = state(start, true);
            let (off_bound, on_bound) = match bounds {
                Some(bounds) if single => (bounds.off[start], bounds.on[start]),
                _ => (0, 0),
            };
            let may_take = |keep: &Collect, bound: u8| bound != NO_STEP && keep.wants(bound.into());
            // Assumed false: AICs, continuous loops, placements.
            if may_take(keep, off_bound) {
                search.run(nodes, off, keep.depth(self.max_links));
            } else {
                search.clear();
            }
            for &end in search.reached() {
                let d = search.depth(end);
                let end_node = node_of(end);
                if is_on(end) {
                    if end == on {
                        if single && keep.wants(d) {
                            search.path(off, end, path);
                            if wanted(path) {
                                keep.take(d, |step| {
                                    chain_step(technique, nodes, path, step);
                                    place(grid, step, cell, digit);
                                });
                            }
                        }
                        continue;
                    }
                    if d < 3 {
                        continue;
                    }
                    if keep.wants(d + 1) && nodes.weakly_linked(end_node, start) {
                        search.path(off, end, path);
                        path.push(off);
                        let removed = loop_eliminations(nodes, path);
                        if !removed.is_empty() && wanted(path) {
                            keep.take(d + 1, |step| {
                                chain_step(technique, nodes, path, step);
                                step.eliminations = removed;
                            });
                        }
                    }
                    if end > off && keep.wants(d) && nodes.share_a_victim(start, end_node) {
                        search.path(off, end, path);
                        if wanted(path) {
                            keep.take(d, |step| {
                                chain_step(technique, nodes, path, step);
                                step.eliminations = nodes.seen_by_both(start, end_node);
                            });
                        }
                    }
                } else if single
                    && end_node < SINGLES
                    && end != off
                    && d >= 2
                    && keep.wants(d + 1)
                    && (digit_of(end_node) == digit
                        && links.strong_partners(digit, cell).contains(end_node % 81)
                        || end_node % 81 == cell && links.mask(cell).count_ones() == 2)
                {
                    search.path(off, end, path);
                    path.push(on);
                    if wanted(path) {
                        keep.take(d + 1, |step| {
                            chain_step(technique, nodes, path, step);
                            place(grid, step, cell, digit);
                        });
                    }
                }
            }
            if !single {
                continue;
            }
            // Assumed true: contradictions eliminate the candidate.
            if !may_take(keep, on_bound) {
                continue;
            }
            search.run(nodes, on, keep.depth(self.max_links));
            for &end in search.reached() {
                let d = search.depth(end);
                let contradiction =
                    end == off || is_on(end) && d >= 2 && nodes.weakly_linked(start, node_of(end));
                // The chain, closed by the start's own off state when it ends elsewhere.
                let length = if end == off { d } else { d + 1 };
                if contradiction && keep.wants(length) {
                    search.path(on, end, path);
                    if end != off {
                        path.push(off);
                    }
                    if wanted(path) {
                        keep.take(length, |step| {
                            chain_step(technique, nodes, path, step);
                            step.eliminations.insert(cell, digit);
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
    use crate::core::test_support::{candidates, with_cells};

    /// Every step of one node graph's search with at most `max_links` links, sorted by length
    /// (stable: in the order found among equals), from the scan that keeps them all.
    fn all_sorted(
        grid: &Grid,
        grouped: bool,
        with_als: bool,
        max_links: usize,
    ) -> Vec<(usize, Step)> {
        with_links(grid, |links| {
            let nodes = Nodes::new(grid, links, grouped, with_als);
            let technique = if grouped {
                TechniqueId::GroupedNiceLoop
            } else {
                TechniqueId::NiceLoop
            };
            let scan = Scan {
                grid,
                links,
                nodes: &nodes,
                technique,
                max_links,
            };
            let mut all = Collect::new(false);
            scan.scan(
                &mut LoopSearch::new(&nodes),
                None,
                &mut all,
                &mut Vec::new(),
            );
            let mut steps = all.kept().to_vec();
            steps.sort_by_key(|(d, _)| *d);
            steps
        })
    }

    /// The hard pencil-mark states shipped in `corpora/` (top1465 states where HoDoKu needs
    /// forcing chains), each followed by grids that lose one candidate at a time, so that the
    /// searches meet states with and without short chains.
    fn hard_states() -> Vec<Grid> {
        let mut random = crate::core::test_support::Xorshift(0x5eed_1234);
        let mut grids = Vec::new();
        for (_, mut grid) in crate::techniques::shipped_hard_states()
            .into_iter()
            .step_by(3)
        {
            for _ in 0..3 {
                grids.push(grid.clone());
                let cells: Vec<usize> = (0..81)
                    .filter(|&c| grid.candidates(c).count_ones() >= 3)
                    .collect();
                if cells.is_empty() {
                    break;
                }
                let cell = cells[random.next() as usize % cells.len()];
                let digit = grid.candidates(cell).trailing_zeros() as usize;
                grid.eliminate(cell, digit);
            }
        }
        grids
    }

    /// The pruned scan's step (searches cut short of any chain too long to beat the best so
    /// far) is the first of the full sorted list, on both rungs and both node graphs; and the
    /// single search to GNPX's cap orders its steps as the former two phases did (steps of up
    /// to five links from a search to depth five, then the longer ones from the full search).
    #[test]
    fn the_pruned_scan_finds_the_first_of_the_full_list() {
        let (mut states, mut found) = (0, 0);
        for grid in hard_states() {
            for (grouped, with_als) in [(false, false), (true, false), (true, true)] {
                states += 1;
                let all = all_sorted(&grid, grouped, with_als, MAX_LOOP_LINKS);
                let first = with_links(&grid, |links| {
                    let nodes = Nodes::new(&grid, links, grouped, with_als);
                    let scan = Scan {
                        grid: &grid,
                        links,
                        nodes: &nodes,
                        technique: if grouped {
                            TechniqueId::GroupedNiceLoop
                        } else {
                            TechniqueId::NiceLoop
                        },
                        max_links: MAX_LOOP_LINKS,
                    };
                    let mut first = Collect::new(true);
                    let mut search = LoopSearch::new(&nodes);
                    let bounds = MultiSearch::default().bounds(
                        &nodes,
                        &mut search.adjacency,
                        MAX_LOOP_LINKS,
                    );
                    scan.scan(&mut search, Some(&bounds), &mut first, &mut Vec::new());
                    first.kept().to_vec()
                });
                assert_eq!(first.first(), all.first(), "{grouped} {with_als}");
                found += usize::from(!all.is_empty());
                if !with_als {
                    let short = all_sorted(&grid, grouped, with_als, 5);
                    let phases: Vec<&Step> = short
                        .iter()
                        .filter(|(d, _)| *d <= 5)
                        .chain(all.iter().filter(|(d, _)| *d > 5))
                        .map(|(_, step)| step)
                        .collect();
                    let single: Vec<&Step> = all.iter().map(|(_, step)| step).collect();
                    assert_eq!(phases, single, "{grouped}");
                }
            }
        }
        // Many of these states have a chain: the comparisons are not between empty lists.
        assert!(states >= 60 && found * 3 >= states, "{found} of {states}");
    }

    /// Each search (every single candidate's state, both polarities, one search after another
    /// on one `LoopSearch`, as the scan runs them) reaches what a plain breadth-first search
    /// over the same successor lists reaches, in the same order, with the same depths and
    /// parents. The search counts a link's state with no branch and writes a reached state's
    /// mark to a spare slot: a mark overwritten, a state counted twice or a level's end
    /// missed fails.
    #[test]
    fn searches_are_the_plain_breadth_first_search() {
        let mut searches = 0;
        for grid in hard_states().into_iter().step_by(4) {
            for (grouped, with_als) in [(false, false), (true, false), (true, true)] {
                with_links(&grid, |links| {
                    let nodes = Nodes::new(&grid, links, grouped, with_als);
                    let mut search = LoopSearch::new(&nodes);
                    let states = nodes.cells.len() * 2;
                    let mut successors = Vec::new();
                    for node in (0..SINGLES).filter(|&n| !nodes.cells[n].is_empty()) {
                        for on in [false, true] {
                            let start = state(node, on);
                            let mut seen: Vec<Option<(u16, State)>> = vec![None; states];
                            seen[usize::from(start)] = Some((0, start));
                            let mut order = vec![start];
                            let (mut lo, mut hi) = (0, 1);
                            for d in 1..=MAX_LOOP_LINKS as u16 {
                                for i in lo..hi {
                                    let from = order[i];
                                    successors.clear();
                                    nodes.successors(from, &mut successors);
                                    for &to in &successors {
                                        if seen[usize::from(to)].is_none() {
                                            seen[usize::from(to)] = Some((d, from));
                                            order.push(to);
                                        }
                                    }
                                }
                                (lo, hi) = (hi, order.len());
                            }
                            search.run(&nodes, start, MAX_LOOP_LINKS);
                            assert_eq!(search.reached(), &order[1..], "{grouped} {with_als}");
                            for &s in &order[1..] {
                                let (depth, parent) = seen[usize::from(s)].unwrap();
                                assert_eq!(search.depth(s), usize::from(depth));
                                assert_eq!(search.marks.of(s).parent, parent);
                            }
                            searches += 1;
                        }
                    }
                });
            }
        }
        assert!(searches > 2_000, "{searches} searches");
    }

    /// Settled starts stop travelling in the bounds pass and the states that lead nowhere go
    /// to its sink, and the bounds are still those of the pass in which every start goes to
    /// the end through every state.
    #[test]
    fn settling_starts_and_sinking_dead_ends_keep_the_bounds_of_the_full_pass() {
        let mut bounded = 0;
        for grid in hard_states() {
            for (grouped, with_als) in [(false, false), (true, false), (true, true)] {
                with_links(&grid, |links| {
                    let nodes = Nodes::new(&grid, links, grouped, with_als);
                    let mut adjacency = Adjacency::default();
                    adjacency.prepare(&nodes);
                    let settled =
                        MultiSearch::default().bounds(&nodes, &mut adjacency, MAX_LOOP_LINKS);
                    let full =
                        MultiSearch::reference().bounds(&nodes, &mut adjacency, MAX_LOOP_LINKS);
                    assert_eq!(settled.off, full.off, "{grouped} {with_als}");
                    assert_eq!(settled.on, full.on, "{grouped} {with_als}");
                    let deep = |b: &[u8]| b.iter().filter(|&&l| l > 3 && l != NO_STEP).count();
                    bounded += deep(&full.off) + deep(&full.on);
                });
            }
        }
        // Starts settle at every depth: the comparison includes lengths found late.
        assert!(bounded > 100, "{bounded}");
    }

    /// The ALS search's lists (its grouped graph's false states' lists kept, its true states'
    /// lists with the ALS nodes put in, the rest computed anew) are the lists of the graph
    /// built whole with its ALS nodes, in order.
    #[test]
    fn the_als_search_keeps_only_the_lists_its_nodes_leave_unchanged() {
        let mut kept = 0;
        for grid in hard_states() {
            with_links(&grid, |links| {
                let mut nodes = Nodes::new(&grid, links, true, false);
                let mut extended = Adjacency::default();
                extended.prepare(&nodes);
                for s in 0..nodes.cells.len() * 2 {
                    extended.expand(&nodes, s as State);
                }
                nodes.add_als();
                extended.prepare(&nodes);
                kept += extended
                    .span
                    .iter()
                    .filter(|span| span.0 != NOT_EXPANDED)
                    .count();
                let whole = Nodes::new(&grid, links, true, true);
                let mut fresh = Adjacency::default();
                fresh.prepare(&whole);
                for s in 0..whole.cells.len() * 2 {
                    let s = s as State;
                    extended.expand(&nodes, s);
                    fresh.expand(&whole, s);
                    assert_eq!(extended.of(s), fresh.of(s), "state {s}");
                }
            });
        }
        assert!(kept > 1000, "{kept}");
    }

    /// A sink taking every step gets the pruned scan's first step, then the rest of the full
    /// list, shortest first: the searches skipped by the bounds would have found nothing.
    /// Leaving the inert ALS and group nodes out of the lists changes no step of the full
    /// scan, nor its order.
    #[test]
    fn leaving_inert_nodes_out_changes_no_step() {
        let mut steps = 0;
        for grid in hard_states() {
            for with_als in [false, true] {
                let pruned = all_sorted(&grid, true, with_als, MAX_LOOP_LINKS);
                nodes::KEEP_INERT.with(|keep| keep.set(true));
                let kept = all_sorted(&grid, true, with_als, MAX_LOOP_LINKS);
                nodes::KEEP_INERT.with(|keep| keep.set(false));
                assert_eq!(pruned, kept, "with ALS nodes: {with_als}");
                steps += kept.len();
            }
        }
        assert!(steps > 100, "only {steps} steps compared");
    }

    #[test]
    fn a_sink_taking_every_step_gets_the_full_sorted_list() {
        for grid in hard_states() {
            let plain: Vec<Step> = all_sorted(&grid, false, false, MAX_LOOP_LINKS)
                .into_iter()
                .map(|(_, step)| step)
                .collect();
            assert_eq!(TechniqueId::NiceLoop.find_all(&grid), plain);
            let mut want: Vec<Step> = all_sorted(&grid, true, false, MAX_LOOP_LINKS)
                .into_iter()
                .map(|(_, step)| step)
                .collect();
            want.extend(
                all_sorted(&grid, true, true, MAX_LOOP_LINKS)
                    .into_iter()
                    .map(|(_, step)| step),
            );
            assert_eq!(TechniqueId::GroupedNiceLoop.find_all(&grid), want);
        }
    }

    #[test]
    fn aic_through_bivalue_cells_eliminates_what_sees_both_ends() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {1,3}: r1c1 or r5c5 is 1, so r5c1 is not.
        let g = with_cells(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[1, 3])]);
        let steps = TechniqueId::NiceLoop.find_all(&g);
        let want = candidates(&["r5c1#1"]);
        let step = steps
            .iter()
            .find(|s| s.eliminations == want)
            .expect("the AIC is found");
        assert_eq!(step.chain.len(), 5);
        assert_eq!(step.chain[0].kind, crate::model::links::LinkKind::Strong);
    }

    #[test]
    fn grouped_aic_runs_through_a_box_line_group() {
        // Digit 1: row 1 only at r1c1 and in the group r1c7 r1c8; column 9 only at r2c9 and
        // r5c9. Chain: r1c1#1 false ⇒ group r1c78#1 true ⇒ r2c9#1 false (box 3) ⇒ r5c9#1 true,
        // so r1c1 or r5c9 is 1: r5c1#1 goes. Rows 3–9 keep 1 outside column 9.
        let mut cells: Vec<usize> = vec![0, 6, 7, 17, 44];
        for cell in 0..81 {
            let (row, col) = (cell / 9, cell % 9);
            if row >= 2 && col != 8 {
                cells.push(cell);
            }
        }
        let g = crate::core::test_support::digit_one_only_in(&cells);
        let steps = TechniqueId::GroupedNiceLoop.find_all(&g);
        let want = candidates(&["r5c1#1"]);
        let step = steps
            .iter()
            .find(|s| s.eliminations == want)
            .expect("the grouped AIC is found");
        assert!(step.group_chain.iter().any(|l| l.to.cells.count() == 2));
        // Without groups the chain does not exist.
        assert!(TechniqueId::NiceLoop
            .find_all(&g)
            .iter()
            .all(|s| s.eliminations != want));
    }
}
