//! ALS-Chain: a breadth-first search over (set, entry RCC) states from each start set and digit.

use std::ops::ControlFlow;

use super::{als_step, als_table, AlsFlavor, AlsTable, MAX_CHAIN_ALS};
use crate::core::bits;
use crate::core::{Bits81, Grid};
use crate::model::als::MAX_ALS_CELLS;
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// Breadth-first ALS chain search over states (set, RCC digit it was entered by), from one
/// start set and digit z, so the chain found to each state is a shortest one.
struct ChainSearch<'a> {
    grid: &'a Grid,
    table: &'a AlsTable,
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
        for &(next, rcc) in self.table.neighbours(start) {
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
                for &(next, rcc) in self.table.neighbours(set) {
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
    let n = table.len();
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
