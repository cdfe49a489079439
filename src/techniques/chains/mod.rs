//! Simple chains: X-Chain (one digit, conjugate pairs joined by weak links), XY-Chain (bivalue
//! cells joined by weak links) and Remote Pair (an XY-Chain whose cells all hold the same pair).
//!
//! Each chain search is a breadth-first search from one start candidate over the link model of
//! [`crate::model::links`], so the chain found for a pair of ends is a shortest one. Chains are bounded
//! by GNPX's chain cap of [`MAX_CHAIN_CELLS`] cells. Steps come out shortest first: a first pass
//! notes at which lengths each start reaches an eliminating end, a second pass replays the
//! starts length by length (so `find_first` costs one search per start plus one).
//!
//! The `hodoku` scale searches as HoDoKu does instead (`hodoku_*` finders in `hodoku.rs`, the
//! catalogue's HoDoKu searches): every simple chain depth first, up to HoDoKu's 20-link limit.
//! The `gnpx584` scale's XY-Chain is GNPX v5.84's own search (`gnpx584.rs`).

use std::ops::ControlFlow;

mod gnpx584;
mod hodoku;

pub use gnpx584::gnpx584_xy_chain;
pub use hodoku::{hodoku_remote_pair, hodoku_turbot_fish, hodoku_x_chain, hodoku_xy_chain};

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid, PEERS};
use crate::model::links::{with_links, ChainLink, Links};
use crate::techniques::memo::{self, noting_steps, region_key, ByPlane, RegionKey};
use crate::techniques::step::with_kept_step;

/// GNPX's chain cap: at most this many cells (X-Chain: candidates) in a chain.
pub const MAX_CHAIN_CELLS: usize = 10;
/// Strong links in the longest X-Chain.
const MAX_X_STRONG: usize = MAX_CHAIN_CELLS / 2;

/// Whether the cells of `path` are all different.
fn all_distinct(path: &[u8]) -> bool {
    let mut seen = Bits81::EMPTY;
    for &cell in path {
        if seen.contains(cell as usize) {
            return false;
        }
        seen.insert(cell as usize);
    }
    true
}

/// Breadth-first X-Chain search state for one digit and start cell.
struct XSearch {
    /// On-cells first reached after `k` strong links, per `k`.
    on_at: [Bits81; MAX_X_STRONG + 1],
    /// For an on-cell: the off-cell whose strong link reached it.
    on_parent: [u8; 81],
    /// For an off-cell: the on-cell whose weak link reached it.
    off_parent: [u8; 81],
}

impl XSearch {
    fn new() -> XSearch {
        XSearch {
            on_at: [Bits81::EMPTY; MAX_X_STRONG + 1],
            on_parent: [0; 81],
            off_parent: [0; 81],
        }
    }

    /// Searches from `start` assumed false.
    fn run(&mut self, links: &Links, digit: usize, start: usize) {
        let mut visited_on = Bits81::cell(start);
        let mut visited_off = Bits81::cell(start);
        let mut off_frontier = Bits81::cell(start);
        self.on_at = [Bits81::EMPTY; MAX_X_STRONG + 1];
        for k in 1..=MAX_X_STRONG {
            let mut on_new = Bits81::EMPTY;
            for cell in off_frontier {
                for partner in links.strong_partners(digit, cell).and_not(visited_on) {
                    self.on_parent[partner] = cell as u8;
                    on_new.insert(partner);
                    visited_on.insert(partner);
                }
            }
            self.on_at[k] = on_new;
            if k == MAX_X_STRONG || on_new.is_empty() {
                break;
            }
            let mut off_new = Bits81::EMPTY;
            for cell in on_new {
                for peer in links.weak_partners(digit, cell).and_not(visited_off) {
                    self.off_parent[peer] = cell as u8;
                    off_new.insert(peer);
                    visited_off.insert(peer);
                }
            }
            off_frontier = off_new;
        }
    }

    /// The chain's cells from `start` (off) to `end` (on), alternating off/on.
    fn path(&self, start: usize, end: usize, buf: &mut [u8; MAX_CHAIN_CELLS + 2]) -> usize {
        let mut n = 0;
        let mut on = end;
        loop {
            buf[n] = on as u8;
            let off = self.on_parent[on] as usize;
            buf[n + 1] = off as u8;
            n += 2;
            if off == start || n >= buf.len() {
                break;
            }
            on = self.off_parent[off] as usize;
        }
        buf[..n].reverse();
        n
    }
}

/// X-Chain's first pass for one digit: each start's lengths (bit k: an eliminating end after k
/// strong links) and their union. The pass reads nothing of the grid but the digit's plane
/// (its conjugate pairs, its weak links, the candidates seeing both ends), so it is kept by
/// plane ([`ByPlane`]).
#[derive(Clone, Copy)]
struct XLengths {
    lengths: [u16; 81],
    any: u16,
}

thread_local! {
    /// Per digit, X-Chain's last first pass.
    static X_LENGTHS: std::cell::RefCell<ByPlane<XLengths>> =
        const { std::cell::RefCell::new(ByPlane::new()) };
}

/// X-Chain: candidates of one digit alternately strongly and weakly linked, starting and ending
/// with a strong link; one end is true, so the digit leaves every cell seeing both ends. Three
/// links (a GNPX skyscraper shape) upward; one step per pair of ends, with a shortest chain.
pub fn x_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let mut search = XSearch::new();
        // Pass 1: bit k set when the start reaches an eliminating end after k strong links.
        let mut lengths = [[0u16; 81]; 9];
        let mut all_lengths = 0u16;
        X_LENGTHS.with(|kept| {
            let kept = &mut *kept.borrow_mut();
            for digit in 0..9 {
                let plane = links.plane(digit);
                if let Some(known) = kept.get(digit, plane) {
                    lengths[digit] = known.lengths;
                    all_lengths |= known.any;
                    continue;
                }
                let mut any = 0;
                let strong_cells = links.strong_cells(digit);
                for start in strong_cells {
                    let seen_by_start = plane & PEERS[start];
                    // The end is a later cell of a conjugate pair sharing a holder of the
                    // digit with the start; without one, skip the search.
                    if !strong_cells
                        .iter()
                        .any(|end| end > start && seen_by_start.intersects(PEERS[end]))
                    {
                        continue;
                    }
                    search.run(links, digit, start);
                    for k in 2..=MAX_X_STRONG {
                        let ends = search.on_at[k];
                        if ends
                            .iter()
                            .any(|end| end > start && seen_by_start.intersects(PEERS[end]))
                        {
                            lengths[digit][start] |= 1 << k;
                        }
                    }
                    any |= lengths[digit][start];
                }
                all_lengths |= any;
                kept.set(
                    digit,
                    plane,
                    XLengths {
                        lengths: lengths[digit],
                        any,
                    },
                );
            }
        });
        // Pass 2: shortest first.
        let mut buf = [0u8; MAX_CHAIN_CELLS + 2];
        for k in 2..=MAX_X_STRONG {
            if all_lengths & (1 << k) == 0 {
                continue;
            }
            for digit in 0..9 {
                let plane = links.plane(digit);
                for start in 0..81 {
                    if lengths[digit][start] & (1 << k) == 0 {
                        continue;
                    }
                    search.run(links, digit, start);
                    for end in search.on_at[k] {
                        let removed = plane & PEERS[start] & PEERS[end];
                        if end <= start || removed.is_empty() {
                            continue;
                        }
                        let n = search.path(start, end, &mut buf);
                        let path = &buf[..n];
                        if !all_distinct(path) {
                            continue;
                        }
                        with_kept_step(|step| {
                            step.reset(TechniqueId::XChain);
                            step.eliminations.planes[digit] = removed;
                            step.cells = path.iter().map(|&c| c as usize).collect();
                            step.digits = 1 << digit;
                            step.chain.extend(path.windows(2).enumerate().map(|(i, w)| {
                                let (from, to) = ((w[0] as usize, digit), (w[1] as usize, digit));
                                if i % 2 == 0 {
                                    ChainLink::strong(from, to)
                                } else {
                                    ChainLink::weak(from, to)
                                }
                            }));
                            sink(step)
                        })?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// Breadth-first search over bivalue cells: a cell's digit true makes its other digit false in
/// every bivalue peer holding it, whose other digit is then true.
struct BivalueSearch {
    /// On-states (cell, digit) first reached in a chain of `k` cells, per `k` and digit.
    on_at: [[Bits81; 9]; MAX_CHAIN_CELLS + 1],
    /// For an on-state: the cell whose weak link reached it (the start's state: itself).
    parent: [[u8; 81]; 9],
    /// The longest chain length (in cells) `on_at` holds for the last search.
    reached: usize,
}

impl BivalueSearch {
    fn new() -> BivalueSearch {
        BivalueSearch {
            on_at: [[Bits81::EMPTY; 9]; MAX_CHAIN_CELLS + 1],
            parent: [[0; 81]; 9],
            reached: 0,
        }
    }

    /// Searches from `start`'s digit `off` assumed false, through bivalue cells in `allowed`.
    fn run(&mut self, links: &Links, allowed: Bits81, start: usize, off: usize) {
        let other = |cell: usize, digit: usize| {
            (links.mask(cell) & !(1u16 << digit)).trailing_zeros() as usize
        };
        let mut visited = [Bits81::EMPTY; 9];
        visited[off].insert(start);
        let first = other(start, off);
        visited[first].insert(start);
        self.parent[first][start] = start as u8;
        self.on_at[1] = [Bits81::EMPTY; 9];
        self.on_at[1][first] = Bits81::cell(start);
        self.reached = 1;
        for k in 2..=MAX_CHAIN_CELLS {
            let mut any = false;
            let mut next = [Bits81::EMPTY; 9];
            for digit in 0..9 {
                for cell in self.on_at[k - 1][digit] {
                    let peers = PEERS[cell] & allowed & links.plane(digit);
                    for peer in peers {
                        let on = other(peer, digit);
                        if visited[on].contains(peer) {
                            continue;
                        }
                        visited[on].insert(peer);
                        self.parent[on][peer] = cell as u8;
                        next[on].insert(peer);
                        any = true;
                    }
                }
            }
            if !any {
                break;
            }
            self.on_at[k] = next;
            self.reached = k;
        }
    }

    /// On-states first reached in chains of `k` cells (empty past the search's reach).
    fn on_at(&self, k: usize) -> &[Bits81; 9] {
        const NONE: [Bits81; 9] = [Bits81::EMPTY; 9];
        if k <= self.reached {
            &self.on_at[k]
        } else {
            &NONE
        }
    }

    /// The cells of the chain from the start to `end` (whose digit `on` is true), and each
    /// cell's true digit, in chain order.
    fn path(
        &self,
        links: &Links,
        end: usize,
        on: usize,
        cells: &mut [u8; MAX_CHAIN_CELLS],
        digits: &mut [u8; MAX_CHAIN_CELLS],
    ) -> usize {
        let mut n = 0;
        let (mut cell, mut digit) = (end, on);
        loop {
            cells[n] = cell as u8;
            digits[n] = digit as u8;
            n += 1;
            let parent = self.parent[digit][cell] as usize;
            if parent == cell || n == cells.len() {
                break;
            }
            // The parent's true digit is the one it shares with `cell` that `cell` has off.
            let shared = links.mask(cell) & !(1u16 << digit);
            digit = shared.trailing_zeros() as usize;
            cell = parent;
        }
        cells[..n].reverse();
        digits[..n].reverse();
        n
    }
}

/// The links of a bivalue chain whose cells `cells` have true digits `on`.
fn bivalue_chain(links: &Links, cells: &[u8], on: &[u8], chain: &mut Vec<ChainLink>) {
    chain.clear();
    for i in 0..cells.len() {
        let (cell, digit) = (cells[i] as usize, on[i] as usize);
        let off = (links.mask(cell) & !(1u16 << digit)).trailing_zeros() as usize;
        if i > 0 {
            chain.push(ChainLink::weak((cells[i - 1] as usize, off), (cell, off)));
        }
        chain.push(ChainLink::strong((cell, off), (cell, digit)));
    }
}

/// Which bivalue chains a search keeps, and what they eliminate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BivalueKind {
    /// XY-Chain: any bivalue cells; the start's off digit is true at the end.
    XyChain,
    /// Remote Pair: cells of one pair; eliminations between all far opposite cells.
    RemotePair,
}

/// Eliminations of a bivalue chain (`None` when it is not a chain of `kind`).
fn bivalue_eliminations(
    links: &Links,
    kind: BivalueKind,
    cells: &[u8],
    on: &[u8],
    start_off: usize,
) -> Option<[Bits81; 9]> {
    let n = cells.len();
    let mut removed = [Bits81::EMPTY; 9];
    match kind {
        BivalueKind::XyChain => {
            if n < 3 || on[n - 1] as usize != start_off {
                return None;
            }
            let (a, b) = (cells[0] as usize, cells[n - 1] as usize);
            removed[start_off] = links.plane(start_off) & PEERS[a] & PEERS[b];
        }
        BivalueKind::RemotePair => {
            if n < 4 || !n.is_multiple_of(2) {
                return None;
            }
            let mask = links.mask(cells[0] as usize);
            let (x, y) = (
                mask.trailing_zeros() as usize,
                (mask & (mask - 1)).trailing_zeros() as usize,
            );
            // Cells an odd distance of three or more apart hold x and y between them.
            for i in 0..n {
                for j in (i + 3..n).step_by(2) {
                    let both = PEERS[cells[i] as usize] & PEERS[cells[j] as usize];
                    removed[x] |= both & links.plane(x);
                    removed[y] |= both & links.plane(y);
                }
            }
        }
    }
    if removed.iter().all(|p| p.is_empty()) {
        None
    } else {
        Some(removed)
    }
}

/// The shared search of XY-Chain and Remote Pair: starts are (bivalue cell, digit assumed
/// false); one step per pair of ends (lower cell first), shortest chains first.
fn bivalue_chains(grid: &Grid, sink: &mut StepSink<'_>, kind: BivalueKind) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        if bivalue.count() < 3 {
            return ControlFlow::Continue(());
        }
        unless_known_empty(grid, bivalue, kind as usize, sink, &mut |sink| {
            bivalue_chains_of(links, bivalue, kind, sink)
        })
    })
}

/// Runs a bivalue-chain `search` (of memo slot `slot`: one per search and kind) on `grid`,
/// whose bivalue cells are `bivalue`, unless it is known to find nothing there
/// ([`BivalueMiss`]); notes when it finds nothing.
fn unless_known_empty(
    grid: &Grid,
    bivalue: Bits81,
    slot: usize,
    sink: &mut StepSink<'_>,
    search: &mut dyn FnMut(&mut StepSink<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let key = region_key(grid, bivalue);
    let known = BIVALUE_MISSES.with(|misses| misses.get()[slot]);
    if known.is_some_and(|miss| miss.covers(grid, &key)) {
        return ControlFlow::Continue(());
    }
    let (flow, found) = noting_steps(sink, search);
    if !found {
        BIVALUE_MISSES.with(|misses| {
            let mut all = misses.get();
            all[slot] = Some(BivalueMiss {
                key,
                planes: *grid.planes(),
            });
            misses.set(all);
        });
    }
    flow
}

/// Where a bivalue-chain search last found nothing: its bivalue cells with their candidates
/// ([`region_key`]), and the grid's candidates then.
///
/// The search walks only the bivalue cells and their candidates; everything else it reads is
/// which candidates see a chain's ends (what it would eliminate, and the shortcut that skips a
/// start with none). So in a grid with the same bivalue cells holding the same pairs, whose
/// candidates are a subset of that grid's (a later state of the puzzle), the same chains
/// eliminate at most what they did: nothing.
#[derive(Clone, Copy)]
struct BivalueMiss {
    key: RegionKey,
    planes: [Bits81; 9],
}

impl BivalueMiss {
    /// Whether the search is known to find nothing in `grid`, whose bivalue cells' key is `key`
    /// (never with the memos off).
    fn covers(&self, grid: &Grid, key: &RegionKey) -> bool {
        self.key == *key && memo::within(grid, &self.planes)
    }
}

/// The memo slots of the bivalue-chain searches: GNPX's XY-Chain and Remote Pair (by
/// [`BivalueKind`]), then HoDoKu's.
const HODOKU_BIVALUE_SLOTS: usize = 2;

thread_local! {
    /// Per search and kind ([`HODOKU_BIVALUE_SLOTS`]): where it last found nothing.
    static BIVALUE_MISSES: std::cell::Cell<[Option<BivalueMiss>; 4]> =
        const { std::cell::Cell::new([None; 4]) };
}

/// [`bivalue_chains`] over `links`, whose bivalue cells are `bivalue` (at least three).
fn bivalue_chains_of(
    links: &Links,
    bivalue: Bits81,
    kind: BivalueKind,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let mut search = BivalueSearch::new();
    let mut cells = [0u8; MAX_CHAIN_CELLS];
    let mut on = [0u8; MAX_CHAIN_CELLS];
    // Each start: the cells it may use, and the digit assumed false there.
    let starts = |start: usize| {
        let mask = links.mask(start);
        let allowed = match kind {
            BivalueKind::XyChain => bivalue,
            BivalueKind::RemotePair => links.cells_with_pair(mask),
        };
        let first = mask.trailing_zeros() as usize;
        let second = (mask & (mask - 1)).trailing_zeros() as usize;
        // Remote pairs are symmetric in their two digits: one start digit suffices.
        let offs = if kind == BivalueKind::RemotePair {
            [Some(first), None]
        } else {
            [Some(first), Some(second)]
        };
        (allowed, offs)
    };
    // Pass 1: chain lengths (in cells) at which each start reaches an eliminating end.
    let mut lengths = [[0u16; 2]; 81];
    let mut all_lengths = 0u16;
    for start in bivalue {
        let (allowed, offs) = starts(start);
        let fewest = if kind == BivalueKind::RemotePair {
            4
        } else {
            3
        };
        if allowed.count() < fewest {
            continue;
        }
        for (slot, off) in offs.iter().enumerate() {
            let Some(off) = *off else { continue };
            let seen_by_start = links.plane(off) & PEERS[start];
            // An XY-Chain needs a later bivalue cell holding the start's off digit that
            // shares a holder of it with the start; without one, skip the search.
            if kind == BivalueKind::XyChain
                && !(allowed & links.plane(off))
                    .iter()
                    .any(|end| end > start && seen_by_start.intersects(PEERS[end]))
            {
                continue;
            }
            search.run(links, allowed, start, off);
            for k in 3..=search.reached {
                let found = ends_at(&search, k, start, kind, off).any(|(end, end_on)| {
                    if kind == BivalueKind::XyChain {
                        // Only the ends matter; a rare non-simple path is dropped in pass 2.
                        return seen_by_start.intersects(PEERS[end]);
                    }
                    let n = search.path(links, end, end_on, &mut cells, &mut on);
                    all_distinct(&cells[..n])
                        && bivalue_eliminations(links, kind, &cells[..n], &on[..n], off).is_some()
                });
                if found {
                    lengths[start][slot] |= 1 << k;
                }
            }
            all_lengths |= lengths[start][slot];
        }
    }
    // Pass 2: shortest first.
    for k in 3..=MAX_CHAIN_CELLS {
        if all_lengths & (1 << k) == 0 {
            continue;
        }
        for start in bivalue {
            for slot in 0..2 {
                if lengths[start][slot] & (1 << k) == 0 {
                    continue;
                }
                let (allowed, offs) = starts(start);
                let off = offs[slot].expect("a recorded start has its digit");
                search.run(links, allowed, start, off);
                for (end, end_on) in ends_at(&search, k, start, kind, off) {
                    let n = search.path(links, end, end_on, &mut cells, &mut on);
                    let (path, path_on) = (&cells[..n], &on[..n]);
                    if !all_distinct(path) {
                        continue;
                    }
                    let Some(removed) = bivalue_eliminations(links, kind, path, path_on, off)
                    else {
                        continue;
                    };
                    let technique = match kind {
                        BivalueKind::XyChain => TechniqueId::XyChain,
                        BivalueKind::RemotePair => TechniqueId::RemotePair,
                    };
                    with_kept_step(|step| {
                        step.reset(technique);
                        step.eliminations.planes = removed;
                        step.cells = path.iter().map(|&c| c as usize).collect();
                        step.digits = match kind {
                            BivalueKind::XyChain => 1 << off,
                            BivalueKind::RemotePair => links.mask(start),
                        };
                        bivalue_chain(links, path, path_on, &mut step.chain);
                        sink(step)
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The ends (cell, true digit) a search reached in chains of exactly `k` cells that could close
/// a chain of `kind`: a later cell than the start; XY-Chain: the start's off digit true.
fn ends_at(
    search: &BivalueSearch,
    k: usize,
    start: usize,
    kind: BivalueKind,
    off: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let digits = match kind {
        BivalueKind::XyChain => 1u16 << off,
        BivalueKind::RemotePair => 0x1FF,
    };
    (0..9)
        .filter(move |d| digits & (1 << d) != 0)
        .flat_map(move |d| search.on_at(k)[d].iter().map(move |cell| (cell, d)))
        .filter(move |&(cell, _)| cell > start)
}

/// XY-Chain: bivalue cells joined by weak links; if the start is not z the end is z, so z
/// leaves every cell seeing both ends. Three cells upward.
pub fn xy_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    bivalue_chains(grid, sink, BivalueKind::XyChain)
}

/// Remote Pair: four or more cells holding the same pair, each seeing the next; cells an odd
/// distance of three or more apart hold both digits between them, so both digits leave every
/// cell seeing two such cells.
pub fn remote_pair(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    bivalue_chains(grid, sink, BivalueKind::RemotePair)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, digit_one_only_in, with_cells};

    #[test]
    fn xy_chain_links_bivalue_cells() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: r1c1 is 1 or r5c9 is 1; r1c9 and
        // r5c1 see both ends.
        let g = with_cells(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 4]), (44, &[1, 4])]);
        let steps = TechniqueId::XyChain.find_all(&g);
        let step = steps
            .iter()
            .find(|s| s.eliminations == candidates(&["r1c9#1", "r5c1#1"]))
            .unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.cells.count(), 4);
        assert_eq!(step.chain.len(), 7);
        assert_eq!(
            step.chain[0].to_string(),
            "[S r1c1/-1 -> r1c1/+2]",
            "{:?}",
            step.chain
        );
        assert_eq!(step.chain[6].to_string(), "[S r5c9/-4 -> r5c9/+1]");
    }

    #[test]
    fn remote_pair_needs_four_cells() {
        // {1,2} in r1c1, r1c5, r5c5, r5c9: r1c1 and r5c9 hold 1 and 2 between them.
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 2]), (40, &[1, 2]), (44, &[1, 2])]);
        let steps = TechniqueId::RemotePair.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps[0].eliminations,
            candidates(&["r1c9#1", "r1c9#2", "r5c1#1", "r5c1#2"])
        );
        // Three cells are not enough.
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 2]), (40, &[1, 2])]);
        assert!(TechniqueId::RemotePair.find_all(&g).is_empty());
    }

    #[test]
    fn x_chain_alternates_strong_and_weak_links() {
        // Digit 1: r1c1 =r1= r1c6 -c6- r3c6 =r3= r3c8 -c8- r7c8 =r7= r7c2. Either r1c1 or r7c2
        // is 1, so r2c2 (box 1, column 2) is not.
        let g = digit_one_only_in(&[0, 5, 23, 25, 61, 55, 10, 73, 11]);
        let steps = TechniqueId::XChain.find_all(&g);
        for step in &steps {
            let (a, b) = (step.chain[0].from.cell, step.chain.last().unwrap().to.cell);
            let both = PEERS[a as usize] & PEERS[b as usize];
            assert_eq!(step.eliminations.planes[0], g.plane(0) & both);
            assert_eq!(step.chain.len() % 2, 1);
        }
        let step = steps
            .iter()
            .find(|s| s.chain[0].from.cell == 0 && s.chain.last().unwrap().to.cell == 55)
            .unwrap_or_else(|| panic!("{steps:?}"));
        assert_eq!(step.eliminations, candidates(&["r2c2#1"]));
        let text: Vec<String> = step.chain.iter().map(|l| l.to_string()).collect();
        assert_eq!(
            text.join(" => "),
            "[S r1c1/-1 -> r1c6/+1] => [W r1c6/+1 -> r3c6/-1] => [S r3c6/-1 -> r3c8/+1] => \
             [W r3c8/+1 -> r7c8/-1] => [S r7c8/-1 -> r7c2/+1]"
        );
    }
}
