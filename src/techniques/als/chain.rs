//! ALS-Chain: a breadth-first search over (set, entry RCC) states from each start set and digit.

use std::ops::ControlFlow;

use super::{
    als_step, eliminated_digits, linked_als_table, with_step, AlsFlavor, AlsTable, MAX_CHAIN_ALS,
};
use crate::core::bits;
use crate::core::{Bits81, CandidateSet, Grid, ALL_DIGITS};
use crate::model::als::MAX_ALS_CELLS;
use crate::techniques::memo;
use crate::techniques::{StepSink, TechniqueId};

/// Breadth-first ALS chain search over states (set, RCC digit it was entered by), from one
/// start set and digit z, so the chain found to each state is a shortest one.
struct ChainSearch<'a> {
    grid: &'a Grid,
    table: &'a AlsTable,
    /// Per set, the entry digits not reached yet (bit per digit): kept inverted so that the
    /// inner loop's test is two ANDs with no NOT.
    open: Vec<u16>,
    /// Per state (set * 9 + entry digit): the state it was reached from (`u32::MAX`: start).
    parent: Vec<u32>,
    /// The states reached, level after level (chains of 2 sets, of 3, …): a buffer of nine
    /// states per set, since a search reaches each state once, so that the inner loop appends
    /// without a call that could grow it.
    states: Vec<u32>,
    /// `states[level_start[len]..level_start[len + 1]]`: the states whose chains have `len` sets.
    level_start: [usize; MAX_CHAIN_ALS_SEARCH + 2],
    /// Per set and digit, its neighbour entries linked by that digit alone (bit `j`: the set's
    /// `j`-th neighbour; the bits past its last neighbour set too):
    /// `lone[lone_start[set] + digit * words + w]`, `words` the set's neighbours in 64-bit
    /// words. A state entered by a digit cannot leave by a link whose only RCC is that digit
    /// (consecutive RCCs differ), and two thirds of the links the searches read on kaggle were
    /// such links ([`lone_rcc_links`]).
    lone: Vec<u64>,
    lone_start: Vec<u32>,
}

impl ChainSearch<'_> {
    /// The search from `start` to chains of `max_len` sets, its first link carrying no digit
    /// of `excluded` (the z whose chains are sought): every state reached, with its parent,
    /// level by level.
    fn search(&mut self, start: usize, excluded: u16, max_len: usize) {
        self.open.iter_mut().for_each(|r| *r = ALL_DIGITS);
        let mut count = 0;
        // The start's own state: entered by "no digit" (9 never matches an RCC).
        for neighbour in self.table.neighbours(start) {
            let (next, rcc) = (neighbour.set(), neighbour.rccs());
            for r in bits::digits(rcc & !excluded) {
                let state = next * 9 + r as u32;
                if self.open[next as usize] & (1 << r) != 0 {
                    self.open[next as usize] &= !(1 << r);
                    self.parent[state as usize] = START;
                    self.states[count] = state;
                    count += 1;
                }
            }
        }
        self.open[start] = 0;
        self.level_start[2] = 0;
        self.level_start[3] = count;
        for len in 2..max_len {
            for i in self.level_start[len]..self.level_start[len + 1] {
                let state = self.states[i];
                let (set, entry) = ((state / 9) as usize, (state % 9) as usize);
                let other_digits = !(1u16 << entry);
                let neighbours = self.table.neighbours(set);
                // The set's neighbours in order, less those linked by the entry digit alone
                // (they would give nothing: the same order of discovery as reading them all).
                let words = neighbours.len().div_ceil(64);
                let lone = &self.lone[self.lone_start[set] as usize + entry * words..][..words];
                for (w, &lone) in lone.iter().enumerate() {
                    let mut usable = !lone;
                    while usable != 0 {
                        let neighbour = neighbours[64 * w + usable.trailing_zeros() as usize];
                        usable &= usable - 1;
                        let (next, rcc) = (neighbour.set(), neighbour.rccs());
                        let fresh = rcc & other_digits & self.open[next as usize];
                        if fresh == 0 {
                            continue;
                        }
                        self.open[next as usize] &= !fresh;
                        for r in bits::digits(fresh) {
                            let to = next * 9 + r as u32;
                            self.parent[to as usize] = state;
                            self.states[count] = to;
                            count += 1;
                        }
                    }
                }
            }
            self.level_start[len + 2] = count;
        }
    }

    /// Over the last [`ChainSearch::search`] (from `start`, to `max_len` sets), the chains
    /// whose end sets lose digit `z`: those of exactly `report_len` sets are reported, and for
    /// each longer length whether some chain of it would be is returned (bit per length), so
    /// that the caller, which reports all chains of one length before the next, searches again
    /// only from the (start, z) that have one.
    fn chains(
        &self,
        start: usize,
        z: usize,
        report_len: usize,
        max_len: usize,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<(), u16> {
        let mut longer = 0u16;
        for len in report_len..=max_len {
            let level = &self.states[self.level_start[len]..self.level_start[len + 1]];
            if len == report_len {
                self.ends(start, z, len, level, Some(&mut *sink))?;
            } else if self.ends(start, z, len, level, None).is_break() {
                longer |= 1 << len;
            }
        }
        ControlFlow::Continue(longer)
    }

    /// The chains of `len` sets ending in `level` (the states of that level) whose ends lose
    /// `z`: each is given to `sink`, or, without one, the first breaks (so the caller learns
    /// that one exists).
    fn ends(
        &self,
        start: usize,
        z: usize,
        len: usize,
        level: &[u32],
        mut sink: Option<&mut StepSink<'_>>,
    ) -> ControlFlow<()> {
        let mut path = [0usize; MAX_CHAIN_ALS_SEARCH];
        let mut rccs = [0u16; MAX_CHAIN_ALS_SEARCH];
        for &state in level {
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
            let Some(eliminations) = self.eliminations(path, &rccs[..len - 1], z) else {
                continue;
            };
            match sink.as_deref_mut() {
                Some(sink) => self.report(path, &rccs[..len - 1], eliminations, sink)?,
                None => return ControlFlow::Break(()),
            }
        }
        ControlFlow::Continue(())
    }

    /// A chain's eliminations: every digit z of both end sets but the first and last RCC
    /// leaves the cells seeing all its places in both. A chain is reported by its lowest such
    /// z, once: `None` unless that is `z`.
    fn eliminations(&self, path: &[usize], rccs: &[u16], z: usize) -> Option<CandidateSet> {
        let (first, last) = (path[0], path[path.len() - 1]);
        let ends = self.table.sets[first].cells | self.table.sets[last].cells;
        let common = self.table.sets[first].digits & self.table.sets[last].digits;
        let mut eliminations = CandidateSet::EMPTY;
        for d in bits::digits(common & !rccs[0] & !rccs[rccs.len() - 1]) {
            eliminations.planes[d] = self.table.common_targets(self.grid, d, first, last, ends);
        }
        let lowest = eliminations.planes.iter().position(|p| !p.is_empty());
        (lowest == Some(z)).then_some(eliminations)
    }

    /// Reports a chain with its eliminations.
    fn report(
        &self,
        path: &[usize],
        rccs: &[u16],
        eliminations: CandidateSet,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let mut sets = [Bits81::EMPTY; MAX_CHAIN_ALS_SEARCH];
        for (slot, &i) in sets.iter_mut().zip(path) {
            *slot = self.table.sets[i].cells;
        }
        with_step(|step| {
            als_step(TechniqueId::AlsChain, &sets[..path.len()], rccs, step);
            step.digits = eliminated_digits(&eliminations);
            step.eliminations = eliminations;
            sink(step)
        })
    }
}

/// The start's own search state: entered by "no digit".
const START: u32 = u32::MAX;

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
    let table = linked_als_table(grid, max_cells, AlsFlavor::Standard);
    let mut buffers = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let flow = chains(grid, &table, min_sets, max_sets, &mut buffers, sink);
    BUFFERS.with(|b| *b.borrow_mut() = buffers);
    flow
}

/// The searches' lists, kept per thread between calls so that a call allocates nothing once
/// the lists have grown to the largest table's size.
#[derive(Default)]
struct Buffers {
    viable: Vec<u16>,
    open: Vec<u16>,
    parent: Vec<u32>,
    states: Vec<u32>,
    longer: Vec<u16>,
    lone: Vec<u64>,
    lone_start: Vec<u32>,
}

thread_local! {
    static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::default();
}

/// Makes `list` `len` zeros, keeping its allocation.
fn zeroed<T: Copy + Default>(list: &mut Vec<T>, len: usize) {
    list.clear();
    list.resize(len, T::default());
}

/// [`als_chain_capped`] on `table`, with `buffers` for its lists.
fn chains(
    grid: &Grid,
    table: &AlsTable,
    min_sets: usize,
    max_sets: usize,
    buffers: &mut Buffers,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let n = table.len();
    let viable = &mut buffers.viable;
    zeroed(viable, n);
    // Per start set, the digits z some later set could eliminate with it: a chain reports z
    // only where its end sets' places of z are both seen ([`AlsTable::common_targets`]: the
    // meet of each end's candidates of z outside it seeing all its holders), and only an end
    // after its start; so the search runs only from (start, z) with such an end. A start's
    // candidates meet some later set's iff they meet their union, kept from the last set back.
    for z in 0..9 {
        let mut later = Bits81::EMPTY;
        for start in (0..n).rev() {
            if table.live[start] & (1 << z) == 0 {
                continue;
            }
            let targets = table.targets(grid, start, z);
            if targets.intersects(later) {
                viable[start] |= 1 << z;
            }
            later |= targets;
        }
    }
    // A search writes every entry it reads of these (a state's parent when it reaches the
    // state, the level lists as they grow), so they are only grown, never cleared.
    let take = |list: &mut Vec<u32>| {
        let mut list = std::mem::take(list);
        if list.len() < n * 9 {
            list.resize(n * 9, 0);
        }
        list
    };
    lone_rcc_links(table, &mut buffers.lone, &mut buffers.lone_start);
    let mut search = ChainSearch {
        grid,
        table,
        open: std::mem::take(&mut buffers.open),
        parent: take(&mut buffers.parent),
        states: take(&mut buffers.states),
        level_start: [0; MAX_CHAIN_ALS_SEARCH + 2],
        lone: std::mem::take(&mut buffers.lone),
        lone_start: std::mem::take(&mut buffers.lone_start),
    };
    zeroed(&mut search.open, n);
    let flow = search_all(
        &mut search,
        viable,
        &mut buffers.longer,
        min_sets,
        max_sets,
        sink,
    );
    (buffers.open, buffers.parent, buffers.states) = (search.open, search.parent, search.states);
    (buffers.lone, buffers.lone_start) = (search.lone, search.lone_start);
    flow
}

/// Per set of `table` and digit, the set's neighbour entries whose only RCC is that digit, as
/// bits (see [`ChainSearch::lone`]): `lone[start[set] + digit * words + w]`. With the memos off
/// ([`memo::enabled`]) none are marked, so that the searches read every link: the tests compare
/// the two.
fn lone_rcc_links(table: &AlsTable, lone: &mut Vec<u64>, start: &mut Vec<u32>) {
    let skip = memo::enabled();
    lone.clear();
    start.clear();
    for set in 0..table.len() {
        let neighbours = table.neighbours(set);
        let words = neighbours.len().div_ceil(64);
        let first = lone.len();
        start.push(first as u32);
        lone.resize(first + 9 * words, 0);
        // The bits past the last neighbour count as lone, so that a search reads no more.
        if !neighbours.len().is_multiple_of(64) {
            let past = !0u64 << (neighbours.len() % 64);
            for digit in 0..9 {
                lone[first + digit * words + words - 1] = past;
            }
        }
        for (j, neighbour) in neighbours.iter().enumerate() {
            let rcc = neighbour.rccs();
            if skip && rcc.is_power_of_two() {
                let digit = rcc.trailing_zeros() as usize;
                lone[first + digit * words + j / 64] |= 1 << (j % 64);
            }
        }
    }
}

/// Every chain from every viable (start, z) of `viable`, all of one length before the next.
fn search_all(
    search: &mut ChainSearch<'_>,
    viable: &[u16],
    longer: &mut Vec<u16>,
    min_sets: usize,
    max_sets: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let n = viable.len();
    // All chains of one length before the next: the shortest length while finding which
    // (start, z) have longer ones, then each longer length from those only.
    let (min_len, max_len) = (min_sets.max(2), max_sets.min(MAX_CHAIN_ALS_SEARCH));
    if min_len > max_len {
        return ControlFlow::Continue(());
    }
    zeroed(longer, n * 9);
    for start in 0..n {
        // A z on no link from the start leaves the first level, and so the whole search, as
        // it is without z: the z's of the start on none share one search (while no other z's
        // search has replaced it). Off with the memos, so that a test compares it with a
        // search per z.
        let linked = search
            .table
            .neighbours(start)
            .iter()
            .fold(0u16, |digits, neighbour| digits | neighbour.rccs());
        let mut unlinked_searched = false;
        for z in bits::digits(viable[start]) {
            let unlinked = linked & (1 << z) == 0;
            if !(unlinked && unlinked_searched && memo::enabled()) {
                search.search(start, 1 << z, max_len);
                unlinked_searched = unlinked;
            }
            longer[start * 9 + z] = search.chains(start, z, min_len, max_len, sink)?;
        }
    }
    for len in min_len + 1..=max_len {
        for start in 0..n {
            for z in bits::digits(viable[start]) {
                if longer[start * 9 + z] & (1 << len) != 0 {
                    search.search(start, 1 << z, len);
                    search.chains(start, z, len, len, sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_shared_by_unlinked_digits_finds_the_chains_of_one_per_digit() {
        // The shipped hard states and royle17 starts, thinned by random eliminations: every
        // ALS chain (of four and five sets, then of up to eight with the sets of up to three
        // cells) in the same order with the shared searches that skip the links a state cannot
        // leave by (memos on) as with a search per start and z reading every link (off).
        let mut rng = crate::core::test_support::Xorshift(0x3C6E_F372_FE94_F82B);
        let all = |grid: &Grid, max_cells: usize, max_sets: usize| {
            let mut steps = Vec::new();
            let _ = als_chain_capped(grid, max_cells, 4, max_sets, &mut |step| {
                steps.push(step.clone());
                ControlFlow::Continue(())
            });
            steps
        };
        let (mut compared, mut found) = (0, 0);
        for mut grid in crate::techniques::shipped_test_grids(20) {
            for _ in 0..4 {
                for (max_cells, max_sets) in [(MAX_ALS_CELLS, MAX_CHAIN_ALS), (3, 8)] {
                    let shared = all(&grid, max_cells, max_sets);
                    let each = memo::without_memos(|| all(&grid, max_cells, max_sets));
                    assert_eq!(shared, each, "{max_cells} cells, {max_sets} sets");
                    compared += 1;
                    found += each.len();
                }
                let count = 4 + rng.next() % 16;
                rng.thin(&mut grid, count);
            }
        }
        assert!(
            compared > 100 && found > 1_000,
            "{compared} compared, {found} chains"
        );
    }
}
