//! Nice loops and AICs over single candidates (no groups), on the link model of
//! [`crate::links`]: from a false candidate a strong link (conjugate pair, bivalue cell) makes
//! its partner true; from a true candidate a weak link (same digit in a house, same cell)
//! makes its partner false.
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
//! first.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{CandidateSet, Grid, PEERS};
use crate::links::{with_links, ChainLink, Links};
use crate::step::Step;

/// GNPX's NiceLoop cap on the links of one loop or chain.
pub const MAX_LOOP_LINKS: usize = 10;

/// A search state: candidate index (digit * 81 + cell) * 2 + polarity (1 = true).
type State = u16;

fn state(cell: usize, digit: usize, on: bool) -> State {
    ((digit * 81 + cell) * 2 + usize::from(on)) as State
}

fn cell_of(s: State) -> usize {
    (s as usize / 2) % 81
}

fn digit_of(s: State) -> usize {
    (s as usize / 2) / 81
}

fn is_on(s: State) -> bool {
    s & 1 == 1
}

/// Whether candidates `a` and `b` (states, polarity ignored) are weakly linked: different and
/// either the same digit in cells seeing each other or two digits of one cell.
fn weakly_linked(a: State, b: State) -> bool {
    let (ca, cb, da, db) = (cell_of(a), cell_of(b), digit_of(a), digit_of(b));
    if da == db {
        PEERS[ca].contains(cb)
    } else {
        ca == cb
    }
}

/// Whether candidates `a` and `b` are strongly linked (conjugate pair or bivalue cell).
fn strongly_linked(links: &Links, a: State, b: State) -> bool {
    let (ca, cb, da, db) = (cell_of(a), cell_of(b), digit_of(a), digit_of(b));
    if da == db {
        links.strong_partners(da, ca).contains(cb)
    } else {
        ca == cb && links.mask(ca).count_ones() == 2
    }
}

/// Breadth-first search over (candidate, polarity) states from one start.
struct LoopSearch {
    parent: Vec<State>,
    depth: Vec<u8>,
    frontier: Vec<State>,
    next: Vec<State>,
    /// States in the order reached (with their depth in `depth`).
    order: Vec<State>,
    /// The last search's start.
    start: State,
}

const UNSEEN: u8 = u8::MAX;

impl LoopSearch {
    fn new() -> LoopSearch {
        LoopSearch {
            parent: vec![0; 1458],
            depth: vec![UNSEEN; 1458],
            frontier: Vec::new(),
            next: Vec::new(),
            order: Vec::new(),
            start: 0,
        }
    }

    /// Successors of a state: weak links from a true candidate, strong links from a false one.
    fn successors(links: &Links, from: State, out: &mut Vec<State>) {
        let (cell, digit) = (cell_of(from), digit_of(from));
        out.clear();
        if is_on(from) {
            for peer in links.weak_partners(digit, cell) {
                out.push(state(peer, digit, false));
            }
            let mask = links.mask(cell) & !(1 << digit);
            for d in (0..9).filter(|d| mask & (1 << d) != 0) {
                out.push(state(cell, d, false));
            }
        } else {
            for peer in links.strong_partners(digit, cell) {
                out.push(state(peer, digit, true));
            }
            let mask = links.mask(cell);
            if mask.count_ones() == 2 {
                let other = (mask & !(1 << digit)).trailing_zeros() as usize;
                out.push(state(cell, other, true));
            }
        }
    }

    fn run(&mut self, links: &Links, start: State, max_links: usize) {
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
        let mut succ = Vec::with_capacity(32);
        for d in 1..=max_links {
            self.next.clear();
            for i in 0..self.frontier.len() {
                let from = self.frontier[i];
                Self::successors(links, from, &mut succ);
                for &to in &succ {
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

    /// The chain from the start to `end` as links.
    fn chain(&self, start: State, end: State) -> Vec<ChainLink> {
        let mut states = vec![end];
        let mut at = end;
        while at != start {
            at = self.parent[at as usize];
            states.push(at);
        }
        states.reverse();
        states.windows(2).map(|w| link(w[0], w[1])).collect()
    }
}

/// The link from state `a` to state `b`.
fn link(a: State, b: State) -> ChainLink {
    let (from, to) = ((cell_of(a), digit_of(a)), (cell_of(b), digit_of(b)));
    if is_on(a) {
        ChainLink::weak(from, to)
    } else {
        ChainLink::strong(from, to)
    }
}

/// Candidates weakly linked to both `a` and `b` (AIC ends, one of which is true).
fn seen_by_both(grid: &Grid, a: State, b: State) -> CandidateSet {
    let (ca, cb, da, db) = (cell_of(a), cell_of(b), digit_of(a), digit_of(b));
    let mut out = CandidateSet::EMPTY;
    if da == db {
        out.planes[da] = grid.plane(da) & PEERS[ca] & PEERS[cb];
    } else if ca == cb {
        for d in 0..9 {
            if d != da && d != db && grid.candidates(ca) & (1 << d) != 0 {
                out.insert(ca, d);
            }
        }
    } else {
        if PEERS[ca].contains(cb) && grid.candidates(cb) & (1 << da) != 0 {
            out.insert(cb, da);
        }
        if PEERS[ca].contains(cb) && grid.candidates(ca) & (1 << db) != 0 {
            out.insert(ca, db);
        }
    }
    out
}

/// Eliminations of a continuous loop: every weak link of it is a conjugate pair.
fn loop_eliminations(grid: &Grid, chain: &[ChainLink]) -> CandidateSet {
    let mut out = CandidateSet::EMPTY;
    for l in chain
        .iter()
        .filter(|l| l.kind == crate::links::LinkKind::Weak)
    {
        let a = state(l.from.cell as usize, l.from.digit as usize, true);
        let b = state(l.to.cell as usize, l.to.digit as usize, false);
        let seen = seen_by_both(grid, a, b);
        out.union_with(&seen);
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
    nice_loop_capped(grid, MAX_LOOP_LINKS, sink)
}

/// Nice loops and AICs with at most `max_links` links (tests lift GNPX's cap).
pub fn nice_loop_capped(grid: &Grid, max_links: usize, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let mut search = LoopSearch::new();
        // Steps with their chain length, emitted shortest first.
        let mut found: Vec<(usize, Step)> = Vec::new();
        for digit in 0..9 {
            for cell in grid.plane(digit) {
                let off = state(cell, digit, false);
                let on = state(cell, digit, true);
                // Assumed false: AICs, continuous loops, placements.
                search.run(links, off, max_links);
                for &end in &search.order {
                    let d = search.depth[end as usize] as usize;
                    if is_on(end) {
                        if end == on {
                            let mut step = Step::new(TechniqueId::NiceLoop);
                            place(grid, &mut step, cell, digit);
                            step.chain = search.chain(off, end);
                            found.push((d, step));
                            continue;
                        }
                        if d < 3 {
                            continue;
                        }
                        let chain = search.chain(off, end);
                        if weakly_linked(off, end) {
                            let mut closed = chain.clone();
                            closed.push(link(end, off));
                            let removed = loop_eliminations(grid, &closed);
                            if !removed.is_empty() {
                                let mut step = Step::new(TechniqueId::NiceLoop);
                                step.eliminations = removed;
                                step.chain = closed;
                                found.push((d + 1, step));
                            }
                        }
                        if end > off {
                            let removed = seen_by_both(grid, off, end);
                            if !removed.is_empty() {
                                let mut step = Step::new(TechniqueId::NiceLoop);
                                step.eliminations = removed;
                                step.chain = chain;
                                found.push((d, step));
                            }
                        }
                    } else if end != off && d >= 2 && strongly_linked(links, off, end) {
                        let mut step = Step::new(TechniqueId::NiceLoop);
                        place(grid, &mut step, cell, digit);
                        step.chain = search.chain(off, end);
                        step.chain.push(link(end, off ^ 1));
                        found.push((d + 1, step));
                    }
                }
                // Assumed true: contradictions eliminate the candidate.
                search.run(links, on, max_links);
                for &end in &search.order {
                    let d = search.depth[end as usize] as usize;
                    let contradiction = if end == off {
                        true
                    } else {
                        is_on(end) && d >= 2 && weakly_linked(on, end)
                    };
                    if contradiction {
                        let mut step = Step::new(TechniqueId::NiceLoop);
                        step.eliminations.insert(cell, digit);
                        step.chain = search.chain(on, end);
                        if end != off {
                            step.chain.push(link(end, off));
                        }
                        found.push((d + usize::from(end != off), step));
                    }
                }
            }
        }
        found.sort_by_key(|(d, _)| *d);
        for (_, mut step) in found {
            step.cells = step.chain.iter().map(|l| l.from.cell as usize).collect();
            step.digits = step.chain.iter().fold(0, |m, l| m | 1 << l.from.digit);
            sink(&step)?;
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_support::{candidates, with_cells};

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
        assert_eq!(step.chain[0].kind, crate::links::LinkKind::Strong);
    }
}
