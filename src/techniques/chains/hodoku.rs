//! HoDoKu's simple-chain search (the `hodoku` scale's Turbot Fish, X-Chain, XY-Chain and Remote
//! Pair). HoDoKu does not stop at a shortest chain per pair of ends: it walks every simple chain
//! depth first, up to its chain length restriction, keeps one chain per set of eliminations and
//! sorts the sets (the rung's step preference `HodokuSort`, `scales/preference.rs`). Its order
//! decides ties, so these finders walk in HoDoKu's order and report each set of eliminations
//! once, where it was first found, with the shortest chain found for it.

use std::ops::ControlFlow;

use super::{
    bivalue_chain, bivalue_eliminations, unless_known_empty, BivalueKind, HODOKU_BIVALUE_SLOTS,
};
use crate::core::{Bits81, CandidateSet, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};
use crate::model::links::{with_links, ChainLink, Links};
use crate::techniques::memo::ByPlane;
use crate::techniques::step::with_kept_step;
use crate::techniques::{StepSink, TechniqueId};

/// HoDoKu's chain length restriction, in links (a simple chain ends on a strong link, so an
/// X-Chain uses at most 19).
const HODOKU_MAX_LINKS: usize = 20;
/// Most links in an X-Chain HoDoKu reports (it ends on a strong link: an odd count).
const HODOKU_X_LINKS: usize = HODOKU_MAX_LINKS - 1;
/// Most cells in a HoDoKu bivalue chain: two links per cell within the restriction.
const HODOKU_BIVALUE_CELLS: usize = HODOKU_MAX_LINKS / 2;
/// Links in HoDoKu's Turbot Fish.
const TURBOT_LINKS: usize = 3;

/// The places of a digit (`plane`) that `cell` links to, with the house of each link, in HoDoKu's
/// order: its row, its column, then the rest of its box, each in reading order. Three groups of
/// places (each walked in index order, which is reading order within a house) rather than one
/// chained iterator, whose every step asked which of its parts it was in: the searches below
/// walk these in their innermost loops.
#[inline]
fn hodoku_neighbours(cell: usize, plane: Bits81) -> [(Bits81, usize); 3] {
    let [row, col, boxed] = CELL_HOUSES[cell].map(usize::from);
    let others = plane.and_not(Bits81::cell(cell));
    let lines = HOUSE_SETS[row] | HOUSE_SETS[col];
    // A box place in the cell's row or column was linked through that line.
    [
        (HOUSE_SETS[row] & others, row),
        (HOUSE_SETS[col] & others, col),
        ((HOUSE_SETS[boxed] & others).and_not(lines), boxed),
    ]
}

/// One set of eliminations a HoDoKu search found, with the shortest chain found for it.
struct FoundChain {
    removed: CandidateSet,
    /// Chain cells (X-Chain: one per node, a loop ends on its start).
    cells: [u8; HODOKU_X_LINKS + 1],
    /// Bivalue chains: each cell's true digit.
    on: [u8; HODOKU_BIVALUE_CELLS],
    /// X-Chains: the house of each link.
    houses: [u8; HODOKU_X_LINKS],
    len: usize,
}

/// The sets of eliminations a HoDoKu search found, in order of first discovery.
#[derive(Default)]
struct FoundChains(Vec<FoundChain>);

thread_local! {
    /// The list of the last search, kept for its allocation ([`FoundChains::kept`]).
    static KEPT_CHAINS: std::cell::RefCell<Vec<FoundChain>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// An empty [`FoundChains`] in the thread's kept list, which it gives back when dropped (also
/// when a sink stops the search early, the usual way a search ends under the grader).
struct KeptChains(FoundChains);

impl Drop for KeptChains {
    fn drop(&mut self) {
        let mut list = std::mem::take(&mut self.0 .0);
        list.clear();
        let _ = KEPT_CHAINS.try_with(|kept| *kept.borrow_mut() = list);
    }
}

impl FoundChains {
    /// An empty list in the thread's kept allocation (a search nested in a sink gets a new one).
    fn kept() -> KeptChains {
        let list = KEPT_CHAINS.with(|kept| std::mem::take(&mut *kept.borrow_mut()));
        KeptChains(FoundChains(list))
    }

    /// Notes the chain `cells` (true digits `on`, link houses `houses`, where they apply) for
    /// `removed`: a new set goes last; a known one keeps its place and the shorter chain.
    /// Returns the length of the chain kept for `removed`.
    fn record(&mut self, removed: &CandidateSet, cells: &[u8], on: &[u8], houses: &[u8]) -> usize {
        let found = match self.0.iter().position(|f| f.removed == *removed) {
            Some(i) if cells.len() < self.0[i].len => &mut self.0[i],
            Some(i) => return self.0[i].len,
            None => {
                self.0.push(FoundChain {
                    removed: *removed,
                    cells: [0; HODOKU_X_LINKS + 1],
                    on: [0; HODOKU_BIVALUE_CELLS],
                    houses: [0; HODOKU_X_LINKS],
                    len: 0,
                });
                self.0.last_mut().expect("just pushed")
            }
        };
        found.len = cells.len();
        found.cells[..cells.len()].copy_from_slice(cells);
        found.on[..on.len()].copy_from_slice(on);
        found.houses[..houses.len()].copy_from_slice(houses);
        cells.len()
    }
}

/// What a depth-first search from one start can still record, so that it leaves a branch that
/// cannot change the list. A chain's eliminations depend only on its start and its end (the
/// start's digit seen by both), so every end cell stands for one set of eliminations; a record
/// changes [`FoundChains`] only for a set not in it yet or with a chain shorter than the one
/// kept. Once every end a branch could still reach stands for a set kept with a chain no longer
/// than the shortest the branch can make, nothing below it changes the list: the order of
/// first discovery and the chains kept stay those of the full walk.
struct EndBounds {
    /// The cells a chain of this start may end on with a nonempty set.
    ends: Bits81,
    /// `settled[k]`: the ends whose set is kept with a chain of at most `k` cells.
    settled: [Bits81; HODOKU_X_LINKS + 2],
    /// Off with the finder memos, so that the tests compare the pruned walk with the full one.
    on: bool,
}

impl EndBounds {
    /// Bounds for a walk whose chains may end (with a nonempty set) on `ends` only.
    fn new(ends: Bits81) -> EndBounds {
        EndBounds {
            ends,
            settled: [Bits81::EMPTY; HODOKU_X_LINKS + 2],
            on: crate::techniques::memo::enabled(),
        }
    }

    /// Bounds that leave no branch (a Remote Pair's eliminations depend on its whole chain,
    /// not on its ends).
    fn off() -> EndBounds {
        EndBounds {
            ends: Bits81::EMPTY,
            settled: [Bits81::EMPTY; HODOKU_X_LINKS + 2],
            on: false,
        }
    }

    /// Notes that the ends `same_set` (those standing for one set of eliminations) have it
    /// kept with a chain of `kept` cells.
    fn settle(&mut self, same_set: Bits81, kept: usize) {
        for slot in &mut self.settled[kept.min(HODOKU_X_LINKS + 1)..] {
            *slot |= same_set;
        }
    }

    /// Whether a branch whose chains have at least `shortest` cells and may end on the cells of
    /// `reachable` can change nothing.
    fn settled_for(&self, reachable: Bits81, shortest: usize) -> bool {
        let live = self.ends & reachable;
        self.on && live.is_subset_of(self.settled[shortest.min(HODOKU_X_LINKS + 1)])
    }
}

/// The cells an X-Chain of `digit` from `start` (first link strong, at most `max_links`
/// links) may end on with eliminations: those a walk of alternating links reaches by a strong
/// link within `max_links` links, cells used twice allowed (so a superset of the chains'
/// ends), that see a place the start sees (the start itself, a loop, included).
fn x_chain_ends(
    links: &Links,
    digit: usize,
    start: usize,
    start_buddies: Bits81,
    max_links: usize,
) -> Bits81 {
    let plane = links.plane(digit);
    let (mut front, mut reached_strong, mut reached_weak) =
        (Bits81::cell(start), Bits81::EMPTY, Bits81::cell(start));
    for link in 1..=max_links {
        let mut next = Bits81::EMPTY;
        if link % 2 == 1 {
            for cell in front {
                next |= links.strong_partners(digit, cell);
            }
            next = next.and_not(reached_strong);
            reached_strong |= next;
        } else {
            for cell in front {
                next |= PEERS[cell];
            }
            next = (next & plane).and_not(reached_weak);
            reached_weak |= next;
        }
        if next.is_empty() {
            break;
        }
        front = next;
    }
    reached_strong
        .iter()
        .filter(|&end| start_buddies.intersects(PEERS[end]))
        .collect()
}

/// The cells an XY-Chain from `start` (its digit `start_off` false, on the bivalue cells
/// `allowed`, at most [`HODOKU_BIVALUE_CELLS`] cells) may end on with eliminations: those a
/// walk reaches with `start_off` true, cells used twice allowed (a superset of the chains'
/// ends), that see a place of `start_off` the start sees.
fn xy_chain_ends(
    links: &Links,
    allowed: Bits81,
    start: usize,
    start_off: usize,
    start_buddies: Bits81,
) -> Bits81 {
    // Per digit, the cells reached with it true (the next link leaves on it).
    let mut reached = [Bits81::EMPTY; 9];
    let mut front = [Bits81::EMPTY; 9];
    let start_on = (links.mask(start) & !(1 << start_off)).trailing_zeros() as usize;
    reached[start_on] = Bits81::cell(start);
    front[start_on] = Bits81::cell(start);
    for _ in 1..HODOKU_BIVALUE_CELLS {
        let mut next = [Bits81::EMPTY; 9];
        let mut any = false;
        for digit in 0..9 {
            if front[digit].is_empty() {
                continue;
            }
            let mut seen = Bits81::EMPTY;
            for cell in front[digit] {
                seen |= PEERS[cell];
            }
            // A cell entered on `digit` is true on its other digit (a cell at a time: a few
            // cells, where a pass over the eight other planes tested each).
            for cell in seen & allowed & links.plane(digit) {
                let other = (links.mask(cell) & !(1 << digit)).trailing_zeros() as usize;
                if !reached[other].contains(cell) {
                    next[other].insert(cell);
                    any = true;
                }
            }
        }
        for digit in 0..9 {
            next[digit] = next[digit].and_not(reached[digit]);
            reached[digit] |= next[digit];
        }
        front = next;
        if !any {
            break;
        }
    }
    reached[start_off]
        .and_not(Bits81::cell(start))
        .iter()
        .filter(|&end| start_buddies.intersects(PEERS[end]))
        .collect()
}

/// The ends among `ends` whose set (`start_buddies` they see) is `removed`.
#[inline]
fn ends_with_set(ends: Bits81, start_buddies: Bits81, removed: Bits81) -> Bits81 {
    ends.iter()
        .filter(|&end| start_buddies & PEERS[end] == removed)
        .collect()
}

/// Depth-first X-Chain search from one start candidate, HoDoKu's way: alternating strong and
/// weak links of one digit, first and last strong, no cell twice (a chain back to its start
/// ends there: the start is then true).
struct HodokuXSearch<'f> {
    plane: Bits81,
    /// Houses where the digit has exactly two places (its links there are strong).
    strong_houses: u32,
    digit: usize,
    start: usize,
    /// Places of the digit the start sees: what a chain ending at a cell removes, with its peers.
    start_buddies: Bits81,
    max_links: usize,
    path: [u8; HODOKU_X_LINKS + 1],
    houses: [u8; HODOKU_X_LINKS],
    on_path: Bits81,
    found: &'f mut FoundChains,
    bounds: EndBounds,
}

impl HodokuXSearch<'_> {
    /// Extends the chain of `links` links; the next must be strong when `strong_next`.
    fn extend(&mut self, links: usize, strong_next: bool) {
        // The chains below end at a strong link: at least one more link, two when the next
        // is weak. The start stays reachable (a chain may close on it).
        let shortest = links + if strong_next { 2 } else { 3 };
        let reachable = self.plane.and_not(self.on_path) | Bits81::cell(self.start);
        if self.bounds.settled_for(reachable, shortest) {
            return;
        }
        let cell = self.path[links] as usize;
        for (places, house) in hodoku_neighbours(cell, self.plane) {
            if strong_next && self.strong_houses & (1 << house) == 0 {
                continue;
            }
            for next in places {
                let closes = next == self.start;
                if !closes && self.on_path.contains(next) {
                    continue;
                }
                let n = links + 1;
                self.path[n] = next as u8;
                self.houses[n - 1] = house as u8;
                if strong_next {
                    let removed = self.start_buddies & PEERS[next];
                    if !removed.is_empty() {
                        let mut set = CandidateSet::default();
                        set.planes[self.digit] = removed;
                        let kept =
                            self.found
                                .record(&set, &self.path[..=n], &[], &self.houses[..n]);
                        let same = ends_with_set(self.bounds.ends, self.start_buddies, removed);
                        self.bounds.settle(same, kept);
                    }
                }
                if n < self.max_links && !closes {
                    self.on_path.insert(next);
                    self.extend(n, !strong_next);
                    self.on_path.remove(next);
                }
            }
        }
    }
}

thread_local! {
    /// Per digit, the plane on which HoDoKu's X-Chain (slot 0) and Turbot Fish (slot 1)
    /// searches last found no chain of it.
    static X_MISSES: std::cell::RefCell<[ByPlane<()>; 2]> =
        const { std::cell::RefCell::new([ByPlane::new(), ByPlane::new()]) };
}

/// Every X-Chain of at most `max_links` links HoDoKu's search reaches, as `technique` steps.
fn hodoku_x_chains(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    technique: TechniqueId,
    max_links: usize,
) -> ControlFlow<()> {
    with_links(grid, |links| {
        let mut kept = FoundChains::kept();
        let found = &mut kept.0;
        // A digit's chains depend on its plane alone (its conjugate pairs and weak links, the
        // candidates seeing both ends): the digits known to have none on their planes are not
        // searched, and those found to have none are noted.
        let slot = usize::from(technique == TechniqueId::TurbotFish);
        let known_empty = X_MISSES.with(|misses| {
            let misses = &misses.borrow()[slot];
            (0..9).fold(0u16, |m, d| {
                m | u16::from(misses.get(d, links.plane(d)).is_some()) << d
            })
        });
        let mut recorded = [0usize; 9];
        // HoDoKu's order: start cells in reading order, then digits.
        for start in grid.unsolved() {
            for digit in 0..9 {
                if known_empty & (1 << digit) != 0 {
                    continue;
                }
                let plane = links.plane(digit);
                let before = found.0.len();
                let strong_houses = links.conjugate_houses(digit);
                let start_buddies = plane & PEERS[start];
                // The first link is strong: the start must be in a conjugate pair.
                if !links.strong_cells(digit).contains(start) || start_buddies.is_empty() {
                    continue;
                }
                let mut search = HodokuXSearch {
                    plane,
                    strong_houses,
                    digit,
                    start,
                    start_buddies,
                    max_links,
                    path: [0; HODOKU_X_LINKS + 1],
                    houses: [0; HODOKU_X_LINKS],
                    on_path: Bits81::cell(start),
                    found,
                    bounds: EndBounds::new(x_chain_ends(
                        links,
                        digit,
                        start,
                        start_buddies,
                        max_links,
                    )),
                };
                search.path[0] = start as u8;
                for (places, house) in hodoku_neighbours(start, plane) {
                    if strong_houses & (1 << house) == 0 {
                        continue;
                    }
                    for next in places {
                        search.path[1] = next as u8;
                        search.houses[0] = house as u8;
                        search.on_path.insert(next);
                        search.extend(1, false);
                        search.on_path.remove(next);
                    }
                }
                // Chains of other digits remove other candidates: each new set is this digit's.
                recorded[digit] += found.0.len() - before;
            }
        }
        X_MISSES.with(|misses| {
            let misses = &mut misses.borrow_mut()[slot];
            for digit in (0..9).filter(|&d| recorded[d] == 0 && known_empty & (1 << d) == 0) {
                misses.set(digit, links.plane(digit), ());
            }
        });
        for chain in &found.0 {
            let path = &chain.cells[..chain.len];
            let digit = chain
                .removed
                .planes
                .iter()
                .position(|p| !p.is_empty())
                .expect("a recorded chain removes something");
            with_kept_step(|step| {
                step.reset(technique);
                step.eliminations = chain.removed;
                step.cells = path.iter().map(|&c| c as usize).collect();
                step.digits = 1 << digit;
                for (i, w) in path.windows(2).enumerate() {
                    let (from, to) = ((w[0] as usize, digit), (w[1] as usize, digit));
                    step.chain.push(if i % 2 == 0 {
                        step.houses |= 1 << chain.houses[i];
                        ChainLink::strong(from, to)
                    } else {
                        ChainLink::weak(from, to)
                    });
                }
                sink(step)
            })?;
        }
        ControlFlow::Continue(())
    })
}

/// Depth-first bivalue chain search from one start candidate, HoDoKu's way: bivalue cells (a
/// Remote Pair: cells of the start's pair) joined by weak links, no cell twice.
struct HodokuBivalueSearch<'l, 'f> {
    links: &'l Links,
    /// Cells the chain may use.
    allowed: Bits81,
    remote_pair: bool,
    /// The start's digit assumed false; a chain ends where it is true again.
    start_off: usize,
    /// Places of `start_off` the start sees.
    start_buddies: Bits81,
    cells: [u8; HODOKU_BIVALUE_CELLS],
    on: [u8; HODOKU_BIVALUE_CELLS],
    on_path: Bits81,
    found: &'f mut FoundChains,
    /// Off for Remote Pairs ([`EndBounds::off`]).
    bounds: EndBounds,
}

impl HodokuBivalueSearch<'_, '_> {
    /// Extends the chain of `n` cells.
    fn extend(&mut self, n: usize) {
        if self
            .bounds
            .settled_for(self.allowed.and_not(self.on_path), n + 1)
        {
            return;
        }
        let (cell, digit) = (self.cells[n - 1] as usize, self.on[n - 1] as usize);
        let places = self.allowed & self.links.plane(digit);
        for (group, _) in hodoku_neighbours(cell, places) {
            for next in group.and_not(self.on_path) {
                let next_on = (self.links.mask(next) & !(1 << digit)).trailing_zeros() as u8;
                self.cells[n] = next as u8;
                self.on[n] = next_on;
                let len = n + 1;
                if next_on as usize == self.start_off
                    && self.start_buddies.intersects(PEERS[next])
                    && (!self.remote_pair || len >= 4)
                {
                    let mut set = CandidateSet::default();
                    if self.remote_pair {
                        set.planes = bivalue_eliminations(
                            self.links,
                            BivalueKind::RemotePair,
                            &self.cells[..len],
                            &self.on[..len],
                            self.start_off,
                        )
                        .expect("the ends remove something");
                    } else {
                        set.planes[self.start_off] = self.start_buddies & PEERS[next];
                    }
                    let kept = self
                        .found
                        .record(&set, &self.cells[..len], &self.on[..len], &[]);
                    let removed = set.planes[self.start_off];
                    let same = ends_with_set(self.bounds.ends, self.start_buddies, removed);
                    self.bounds.settle(same, kept);
                }
                if len < HODOKU_BIVALUE_CELLS {
                    self.on_path.insert(next);
                    self.extend(len);
                    self.on_path.remove(next);
                }
            }
        }
    }
}

/// Every XY-Chain (or Remote Pair) HoDoKu's search reaches.
fn hodoku_bivalue_chains(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    kind: BivalueKind,
) -> ControlFlow<()> {
    with_links(grid, |links| {
        let slot = HODOKU_BIVALUE_SLOTS + kind as usize;
        unless_known_empty(grid, links.bivalue(), slot, sink, &mut |sink| {
            hodoku_bivalue_chains_of(links, kind, sink)
        })
    })
}

/// [`hodoku_bivalue_chains`] over `links`.
fn hodoku_bivalue_chains_of(
    links: &Links,
    kind: BivalueKind,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let remote_pair = kind == BivalueKind::RemotePair;
    let mut kept = FoundChains::kept();
    let found = &mut kept.0;
    // HoDoKu's order: start cells in reading order, then the digit assumed false.
    for start in links.bivalue() {
        let mask = links.mask(start);
        let allowed = if remote_pair {
            links.cells_with_pair(mask)
        } else {
            links.bivalue()
        };
        if remote_pair && allowed.count() < 4 {
            // A remote pair has at least four cells of its pair.
            continue;
        }
        for start_off in [
            mask.trailing_zeros() as usize,
            15 - mask.leading_zeros() as usize,
        ] {
            let start_buddies = links.plane(start_off) & PEERS[start];
            if start_buddies.is_empty() {
                continue;
            }
            let mut search = HodokuBivalueSearch {
                links,
                allowed,
                remote_pair,
                start_off,
                start_buddies,
                cells: [0; HODOKU_BIVALUE_CELLS],
                on: [0; HODOKU_BIVALUE_CELLS],
                on_path: Bits81::cell(start),
                found,
                bounds: if remote_pair {
                    EndBounds::off()
                } else {
                    EndBounds::new(xy_chain_ends(
                        links,
                        allowed,
                        start,
                        start_off,
                        start_buddies,
                    ))
                },
            };
            search.cells[0] = start as u8;
            search.on[0] = (mask & !(1 << start_off)).trailing_zeros() as u8;
            search.extend(1);
        }
    }
    let technique = if remote_pair {
        TechniqueId::RemotePair
    } else {
        TechniqueId::XyChain
    };
    for chain in &found.0 {
        let (path, on) = (&chain.cells[..chain.len], &chain.on[..chain.len]);
        with_kept_step(|step| {
            step.reset(technique);
            step.eliminations = chain.removed;
            step.cells = path.iter().map(|&c| c as usize).collect();
            let start = path[0] as usize;
            step.digits = if remote_pair {
                links.mask(start)
            } else {
                links.mask(start) & !(1 << on[0])
            };
            bivalue_chain(links, path, on, &mut step.chain);
            sink(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// HoDoKu's Turbot Fish: every X-Chain of three links HoDoKu's search reaches (its Skyscraper and
/// 2-String Kite rungs come first and take their shapes).
pub fn hodoku_turbot_fish(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hodoku_x_chains(grid, sink, TechniqueId::TurbotFish, TURBOT_LINKS)
}

/// HoDoKu's X-Chain: every X-Chain of up to 19 links HoDoKu's search reaches.
pub fn hodoku_x_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hodoku_x_chains(grid, sink, TechniqueId::XChain, HODOKU_X_LINKS)
}

/// HoDoKu's XY-Chain: every XY-Chain of up to ten cells HoDoKu's search reaches.
pub fn hodoku_xy_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hodoku_bivalue_chains(grid, sink, BivalueKind::XyChain)
}

/// HoDoKu's Remote Pair: every chain of an even number (four to ten) of cells of one pair whose
/// ends share a peer holding a digit of the pair; it removes both digits from every cell seeing
/// two of its cells an odd distance of three or more apart.
pub fn hodoku_remote_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    hodoku_bivalue_chains(grid, sink, BivalueKind::RemotePair)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::Flavour;

    #[test]
    fn branches_left_for_settled_ends_change_no_step() {
        // The shipped hard states and royle17 starts, thinned by random eliminations: HoDoKu's
        // Turbot Fish, X-Chain, XY-Chain and Remote Pair give every step (and its chain) in
        // the same order with the memos on (the walks leave settled branches) and off (the
        // full walks).
        let mut rng = crate::core::test_support::Xorshift(0xB504_F333_F9DE_6484);
        let finders = [
            TechniqueId::TurbotFish,
            TechniqueId::XChain,
            TechniqueId::XyChain,
            TechniqueId::RemotePair,
        ];
        let (mut compared, mut found) = ([0usize; 4], [0usize; 4]);
        for mut grid in crate::techniques::shipped_test_grids(20) {
            for _ in 0..8 {
                for (i, technique) in finders.into_iter().enumerate() {
                    let finder = technique.info().finder_for(Flavour::Hodoku);
                    let all = |grid: &Grid| {
                        let mut steps = Vec::new();
                        let _ = finder(grid, &mut |step| {
                            steps.push(step.clone());
                            ControlFlow::Continue(())
                        });
                        steps
                    };
                    let pruned = all(&grid);
                    let full = crate::techniques::memo::without_memos(|| all(&grid));
                    assert_eq!(pruned, full, "{technique:?}");
                    compared[i] += 1;
                    found[i] += full.len();
                }
                let count = 4 + rng.next() % 16;
                rng.thin(&mut grid, count);
            }
        }
        // (Remote Pairs, which leave no branch, are compared too; these states have none.)
        assert!(
            compared.iter().all(|&n| n == 400) && found[..3].iter().all(|&n| n > 300),
            "{compared:?} compared, {found:?} steps"
        );
    }
}
