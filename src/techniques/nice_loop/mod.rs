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
//! A breadth-first search from each candidate, assumed false and assumed true, over
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

pub mod hodoku;
mod nodes;
pub mod text;

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::bits::digits;
use crate::core::{CandidateSet, Grid};
use crate::model::links::{with_links, ChainLink, Links};
use crate::techniques::step::Step;
use nodes::{digit_of, is_on, node_of, sees_of, state, Nodes, State, ALS_BASE, SINGLES};

/// GNPX's NiceLoop cap on the links of one loop or chain.
pub const MAX_LOOP_LINKS: usize = 10;

/// Breadth-first search over (node, polarity) states from one start.
struct LoopSearch {
    parent: Vec<State>,
    depth: Vec<u8>,
    frontier: Vec<State>,
    next: Vec<State>,
    /// States in the order reached (with their depth in `depth`).
    order: Vec<State>,
    /// The last search's start.
    start: State,
    succ: Vec<State>,
    /// Each state's successors, computed the first time a search expands it and then read by
    /// every later search from another start (the nodes do not change between them): state `s`'s
    /// are `adjacent[first_successor[s] ..][.. successor_count[s]]`, `NOT_EXPANDED` before.
    first_successor: Vec<u32>,
    successor_count: Vec<u16>,
    adjacent: Vec<State>,
}

const NOT_EXPANDED: u32 = u32::MAX;

const UNSEEN: u8 = u8::MAX;

impl LoopSearch {
    fn new(nodes: usize) -> LoopSearch {
        LoopSearch {
            parent: vec![0; nodes * 2],
            depth: vec![UNSEEN; nodes * 2],
            frontier: Vec::new(),
            next: Vec::new(),
            order: Vec::new(),
            start: 0,
            succ: Vec::with_capacity(64),
            first_successor: vec![NOT_EXPANDED; nodes * 2],
            successor_count: vec![0; nodes * 2],
            adjacent: Vec::new(),
        }
    }

    /// Where `from`'s successors lie in `adjacent`, in [`Nodes::successors`]' order.
    #[inline]
    fn successors(&mut self, nodes: &Nodes<'_>, from: State) -> std::ops::Range<usize> {
        let at = self.first_successor[from as usize];
        if at != NOT_EXPANDED {
            let at = at as usize;
            return at..at + self.successor_count[from as usize] as usize;
        }
        nodes.successors(from, &mut self.succ);
        let at = self.adjacent.len();
        self.first_successor[from as usize] = at as u32;
        self.successor_count[from as usize] = self.succ.len() as u16;
        self.adjacent.extend_from_slice(&self.succ);
        at..self.adjacent.len()
    }

    fn run(&mut self, nodes: &Nodes<'_>, start: State, max_links: usize) {
        for &s in &self.order {
            self.depth[s as usize] = UNSEEN;
        }
        self.depth[self.start as usize] = UNSEEN;
        // The start is not reached again (a chain back to it is a loop, read off its ends).
        self.start = start;
        self.depth[start as usize] = 0;
        self.order.clear();
        self.frontier.clear();
        self.frontier.push(start);
        for d in 1..=max_links {
            self.next.clear();
            for i in 0..self.frontier.len() {
                let from = self.frontier[i];
                for j in self.successors(nodes, from) {
                    let to = self.adjacent[j];
                    if self.depth[to as usize] != UNSEEN {
                        continue;
                    }
                    self.depth[to as usize] = d as u8;
                    self.parent[to as usize] = from;
                    self.next.push(to);
                    self.order.push(to);
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
            if self.frontier.is_empty() {
                break;
            }
        }
    }

    /// The states from the start to `end`.
    fn path(&self, start: State, end: State) -> Vec<State> {
        let mut states = vec![end];
        let mut at = end;
        while at != start {
            at = self.parent[at as usize];
            states.push(at);
        }
        states.reverse();
        states
    }
}

/// Builds the step of a chain (`path` of states): its links in both notations.
fn chain_step(technique: TechniqueId, nodes: &Nodes<'_>, path: &[State]) -> Step {
    let mut step = Step::new(technique);
    if path.iter().all(|&s| node_of(s) < SINGLES) {
        step.chain = path
            .windows(2)
            .map(|w| {
                let (a, b) = (node_of(w[0]), node_of(w[1]));
                let (from, to) = ((a % 81, digit_of(a)), (b % 81, digit_of(b)));
                if is_on(w[0]) {
                    ChainLink::weak(from, to)
                } else {
                    ChainLink::strong(from, to)
                }
            })
            .collect();
    }
    step.group_chain = path
        .windows(2)
        .map(|w| nodes.super_link(w[0], w[1]))
        .collect();
    for &s in path {
        step.cells |= nodes.cells[node_of(s)];
        step.digits |= 1 << digit_of(node_of(s));
    }
    step
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
        // Grouped: box∩line groups first, then (a second search) chains through ALS nodes.
        for with_als in [false, true] {
            if with_als && !grouped {
                break;
            }
            let nodes = Nodes::new(grid, links, grouped, with_als);
            deepening(grid, links, &nodes, technique, max_links, sink)?;
        }
        ControlFlow::Continue(())
    })
}

/// Searches deepen in phases, so a short chain is found without the long searches; each phase
/// emits the steps longer than the last phase's, shortest first (a breadth-first search to a
/// smaller depth finds the same chains to the same states).
fn deepening(
    grid: &Grid,
    links: &Links,
    nodes: &Nodes<'_>,
    technique: TechniqueId,
    max_links: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    {
        let mut search = LoopSearch::new(nodes.cells.len());
        let mut done = 0;
        let first = if nodes.with_als { max_links } else { 5 };
        for cap in [first, max_links] {
            let cap = cap.min(max_links);
            if cap <= done {
                continue;
            }
            let last = cap == max_links;
            nice_loop_phase(
                grid,
                links,
                nodes,
                &mut search,
                technique,
                cap,
                &mut |length, step| {
                    if length > done && (last || length <= cap) {
                        sink(step)
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            )?;
            done = cap;
        }
        ControlFlow::Continue(())
    }
}

/// One search phase: every step whose chain has at most `max_links` links (plus a closing
/// link), handed to `sink` with its length, shortest first.
fn nice_loop_phase(
    grid: &Grid,
    links: &Links,
    nodes: &Nodes<'_>,
    search: &mut LoopSearch,
    technique: TechniqueId,
    max_links: usize,
    sink: &mut dyn FnMut(usize, &Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let grouped = technique == TechniqueId::GroupedNiceLoop;
    {
        // Steps with their chain length, emitted shortest first.
        let mut found: Vec<(usize, Step)> = Vec::new();
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
            // Assumed false: AICs, continuous loops, placements.
            search.run(nodes, off, max_links);
            for &end in &search.order {
                let d = search.depth[end as usize] as usize;
                let end_node = node_of(end);
                if is_on(end) {
                    if end == on {
                        let path = search.path(off, end);
                        if single && wanted(&path) {
                            let mut step = chain_step(technique, nodes, &path);
                            place(grid, &mut step, cell, digit);
                            found.push((d, step));
                        }
                        continue;
                    }
                    if d < 3 {
                        continue;
                    }
                    if nodes.weakly_linked(end_node, start) {
                        let mut path = search.path(off, end);
                        path.push(off);
                        let removed = loop_eliminations(nodes, &path);
                        if !removed.is_empty() && wanted(&path) {
                            let mut step = chain_step(technique, nodes, &path);
                            step.eliminations = removed;
                            found.push((d + 1, step));
                        }
                    }
                    if end > off {
                        let removed = nodes.seen_by_both(start, end_node);
                        if !removed.is_empty() {
                            let path = search.path(off, end);
                            if wanted(&path) {
                                let mut step = chain_step(technique, nodes, &path);
                                step.eliminations = removed;
                                found.push((d, step));
                            }
                        }
                    }
                } else if single
                    && end_node < SINGLES
                    && end != off
                    && d >= 2
                    && (digit_of(end_node) == digit
                        && links.strong_partners(digit, cell).contains(end_node % 81)
                        || end_node % 81 == cell && links.mask(cell).count_ones() == 2)
                {
                    let mut path = search.path(off, end);
                    path.push(on);
                    if wanted(&path) {
                        let mut step = chain_step(technique, nodes, &path);
                        place(grid, &mut step, cell, digit);
                        found.push((d + 1, step));
                    }
                }
            }
            if !single {
                continue;
            }
            // Assumed true: contradictions eliminate the candidate.
            search.run(nodes, on, max_links);
            for &end in &search.order {
                let d = search.depth[end as usize] as usize;
                let contradiction =
                    end == off || is_on(end) && d >= 2 && nodes.weakly_linked(start, node_of(end));
                if contradiction {
                    let mut path = search.path(on, end);
                    if end != off {
                        path.push(off);
                    }
                    if wanted(&path) {
                        let mut step = chain_step(technique, nodes, &path);
                        step.eliminations.insert(cell, digit);
                        found.push((path.len() - 1, step));
                    }
                }
            }
        }
        found.sort_by_key(|(d, _)| *d);
        for (length, step) in &found {
            sink(*length, step)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells};

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
