//! The generic fish search: for one digit, every base set of N houses and every cover set of N
//! other houses, whatever their kinds, with exo fins, endo fins and cannibalism.
//!
//! Logic (the Ultimate Fish Guide's, as HoDoKu and GNPX use it): if no fin is true, each base house
//! holds its digit in a distinct covered cell, so the N cover houses hold exactly those N digits:
//! every other candidate of the cover, and every base candidate lying in two cover houses, is
//! false. With fins, only such candidates that see every fin are false.
//!
//! Search, fast by construction and allocation-free:
//! - base sets grow in ascending house order from houses that hold the digit; two base houses may
//!   share candidates only as endo fins (counted and required to share peers), and a greedy lower
//!   bound on the covers a base set needs prunes it as soon as it cannot be covered;
//! - cover sets grow by always taking the lowest base candidate not yet covered and either covering
//!   it with one of its (at most three) houses or declaring it a fin, so only houses meeting the base
//!   are tried and each cover set is produced exactly once;
//! - a fin is only declared while all fins still share a peer that could be eliminated.

use std::cell::RefCell;
use std::ops::ControlFlow;

use crate::core::{Bits81, CELL_HOUSES, HOUSES, HOUSE_SETS, PEERS};

/// House mask of the nine rows.
pub(crate) const ROWS: u32 = 0x1FF;
/// House mask of the nine columns.
pub(crate) const COLS: u32 = 0x1FF << 9;
/// House mask of the nine boxes.
pub(crate) const BOXES: u32 = 0x1FF << 18;
/// House mask of all 27 houses.
pub(crate) const ALL_HOUSES: u32 = ROWS | COLS | BOXES;

const fn build_cell_house_masks() -> [u32; 81] {
    let mut table = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let h = CELL_HOUSES[cell];
        table[cell] = 1 << h[0] | 1 << h[1] | 1 << h[2];
        cell += 1;
    }
    table
}

/// The three houses of each cell as a house mask.
pub(super) const CELL_HOUSE_MASKS: [u32; 81] = build_cell_house_masks();

/// What one search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchSpec {
    /// N: houses in the base set and in the cover set.
    pub size: usize,
    /// Houses a base set may use.
    pub base_houses: u32,
    /// Houses a cover set may use.
    pub cover_houses: u32,
    /// Most exo fins (base candidates outside the cover); 0 for finless fish.
    pub max_exo_fins: u32,
    /// Most endo fins (base candidates in two base houses); 0 forbids overlapping base houses.
    pub max_endo_fins: u32,
    /// Whether only base sets with endo fins are wanted.
    pub require_endo_fins: bool,
    /// Whether base candidates may be eliminated (cannibalism); only widens the fin pruning.
    pub cannibalism: bool,
    /// Kraken search: fins need not share a peer (chains, not sight, will tie them to a
    /// target), so the fin pruning is off and every candidate the fish would remove without its
    /// fins is reported in `eliminations`.
    pub kraken: bool,
}

/// One fish that eliminates something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fish {
    /// Digit index.
    pub digit: usize,
    /// Base houses.
    pub base: u32,
    /// Cover houses.
    pub cover: u32,
    /// Candidates of the digit in the base houses.
    pub base_cells: Bits81,
    /// Candidates of the digit in the cover houses.
    pub cover_cells: Bits81,
    /// Base candidates outside the cover (endo fins excluded).
    pub exo_fins: Bits81,
    /// Base candidates lying in two base houses.
    pub endo_fins: Bits81,
    /// Eliminations inside the base (candidates covered twice).
    pub cannibalistic: Bits81,
    /// Every elimination.
    pub eliminations: Bits81,
}

/// Receives each fish found; `Break` stops the search.
pub(crate) type FishVisitor<'a> = dyn FnMut(&Fish) -> ControlFlow<()> + 'a;

/// Calls `visit` for every fish of `spec` for `digit` (candidates `plane`) that eliminates
/// something, base sets in ascending house order.
#[cfg(test)]
pub(crate) fn search(
    plane: Bits81,
    digit: usize,
    spec: &SearchSpec,
    visit: &mut FishVisitor<'_>,
) -> ControlFlow<()> {
    search_counting(plane, digit, spec, Bits81::ALL, visit, true)
}

/// The tests' `search` for a caller that knows every fish of `spec` on `plane` eliminates only
/// cells of `targets` (see [`super::templates`]): branches that can remove none of them are cut,
/// so the same fish come in the same order, sooner. `Bits81::ALL` knows nothing.
pub(crate) fn search_within(
    plane: Bits81,
    digit: usize,
    spec: &SearchSpec,
    targets: Bits81,
    visit: &mut FishVisitor<'_>,
) -> ControlFlow<()> {
    search_counting(plane, digit, spec, targets, visit, true)
}

/// The tests' `search`, with the cover counts kept target by target where the spec allows it
/// (`per_target`, see [`Search::narrows_targets`]) or never (what the tests compare it with).
fn search_counting(
    plane: Bits81,
    digit: usize,
    spec: &SearchSpec,
    targets: Bits81,
    visit: &mut FishVisitor<'_>,
    per_target: bool,
) -> ControlFlow<()> {
    let targets = targets & plane;
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    TAKEN.with(|taken| match taken.try_borrow_mut() {
        Ok(mut taken) => search_with(plane, digit, spec, targets, visit, &mut taken, per_target),
        // A search inside a visitor (none does so today) gets scratch of its own.
        Err(_) => search_with(
            plane,
            digit,
            spec,
            targets,
            visit,
            &mut EMPTY_TAKEN.clone(),
            per_target,
        ),
    })
}

/// The per-target house sets of [`Search::taken`], one table per base level.
type Taken = [[Bits81; HOUSES]; COVER_COUNT_LEVELS];

const EMPTY_TAKEN: Taken = [[Bits81::EMPTY; HOUSES]; COVER_COUNT_LEVELS];

thread_local! {
    /// Scratch for [`Search::taken`], kept so that a search does not clear 3.5 KB to start.
    static TAKEN: RefCell<Taken> = const { RefCell::new(EMPTY_TAKEN) };
}

fn search_with(
    plane: Bits81,
    digit: usize,
    spec: &SearchSpec,
    targets: Bits81,
    visit: &mut FishVisitor<'_>,
    taken: &mut Taken,
    per_target: bool,
) -> ControlFlow<()> {
    // Level 0 (no base house yet) is read first; every deeper level is written before it is.
    taken[0] = [Bits81::EMPTY; HOUSES];
    let mut search = Search {
        spec,
        digit,
        targets,
        candidates: [Bits81::EMPTY; HOUSES],
        base_list: [0; HOUSES],
        base_count: 0,
        taken,
        per_target: per_target && spec.max_exo_fins > 0 && spec.max_endo_fins == 0 && !spec.kraken,
        visit,
    };
    for house in 0..HOUSES {
        let here = plane & HOUSE_SETS[house];
        search.candidates[house] = here;
        if !here.is_empty() && spec.base_houses & 1 << house != 0 {
            search.base_list[search.base_count] = house as u8;
            search.base_count += 1;
        }
    }
    if search.base_count < spec.size || spec.size == 0 {
        return ControlFlow::Continue(());
    }
    search.bases(
        0,
        0,
        0,
        Bits81::EMPTY,
        Bits81::EMPTY,
        Bits81::ALL,
        (Bits81::EMPTY, 0, Bits81::EMPTY),
        CoverCounts::start(),
    )
}

/// The search state for one digit.
struct Search<'s, 'v> {
    spec: &'s SearchSpec,
    digit: usize,
    /// The cells a fish may eliminate (a subset of `plane`, see [`search_within`]).
    targets: Bits81,
    candidates: [Bits81; HOUSES],
    base_list: [u8; HOUSES],
    base_count: usize,
    /// `taken[level][h]`: the targets whose own greedy set of covers (see
    /// [`Search::narrows_targets`]) already uses house `h`, for the base set of `level` houses
    /// under construction.
    taken: &'s mut Taken,
    /// Whether the cover counts are kept target by target ([`Search::narrows_targets`]).
    per_target: bool,
    visit: &'s mut FishVisitor<'v>,
}

/// A cover set under construction for a complete base set.
#[derive(Clone, Copy)]
struct Cover {
    base: u32,
    base_cells: Bits81,
    endo_fins: Bits81,
    /// Cells an elimination may come from (where fins must share a peer).
    targets: Bits81,
    cover: u32,
    count: usize,
    cover_cells: Bits81,
    /// Base candidates already covered twice.
    twice: Bits81,
    uncovered: Bits81,
    exo_fins: Bits81,
    /// Cells that see every fin so far (all cells when there is none).
    fin_peers: Bits81,
    /// Houses this branch may no longer take.
    excluded: u32,
}

/// `peers` narrowed to the cells that see every cell of `fins`.
#[inline]
fn seeing_all(mut peers: Bits81, fins: Bits81) -> Bits81 {
    for fin in fins {
        peers &= PEERS[fin];
    }
    peers
}

impl Search<'_, '_> {
    /// `peers` narrowed to the cells seeing every cell of `fins`, except in a kraken search,
    /// where fins are not tied by sight (all cells stay).
    #[inline]
    fn narrow(&self, peers: Bits81, fins: Bits81) -> Bits81 {
        if self.spec.kraken {
            peers
        } else {
            seeing_all(peers, fins)
        }
    }

    /// Whether a partial fish can still be completed with `covers_left` more cover houses and
    /// `fins_left` more fins. `picked` candidates share no cover house still allowed, so each
    /// needs its own cover or is a fin; `forced` candidates have no allowed house left and must be
    /// fins. The fish must eliminate some cell `t` among `targets` that sees every fin (so far:
    /// `fin_peers`), so the picked candidates that do not see `t` cannot be fins: they need a cover
    /// each, and `t` needs covers of its own unless `covered` (base candidates, cover candidates,
    /// candidates covered twice) says it has them (two for a base candidate).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn feasible(
        &self,
        picked: Bits81,
        forced: Bits81,
        covers_left: usize,
        fins_left: u32,
        fin_peers: Bits81,
        targets: Bits81,
        (base_cells, cover_cells, twice): (Bits81, Bits81, Bits81),
    ) -> bool {
        let forced_count = forced.count();
        if forced_count > fins_left {
            return false;
        }
        let picked_count = picked.count() as usize;
        if picked_count > covers_left + (fins_left - forced_count) as usize {
            return false;
        }
        let seers = self.narrow(fin_peers, forced) & targets;
        if seers.is_empty() {
            return false;
        }
        if picked_count + 2 <= covers_left || self.spec.kraken {
            return true;
        }
        some_target_coverable(picked, seers, covers_left, (base_cells, cover_cells, twice))
    }
}

impl Search<'_, '_> {
    /// Whether the cover counts are kept target by target. Without endo fins a base candidate's
    /// houses that may cover it are known when it joins the base (a later base house holding
    /// it would share it), so each target can grow a greedy set of its own — base candidates
    /// that do not see it and share no allowed house with one already in the set, each needing
    /// a cover of its own (a candidate not seeing the target shares no house with it either) —
    /// for all targets at once, one bit per target in [`Search::taken`]. That set is larger
    /// than the base set's one greedy set (`picked`) restricted to the target, so fewer
    /// targets stay in reach and base sets are given up sooner; both are lower bounds, so no
    /// fish is lost. With endo fins a candidate may turn into a fin, and the counts follow
    /// `picked`.
    #[inline]
    fn narrows_targets(&self) -> bool {
        self.per_target
    }

    /// [`Search::feasible`] for a base set and no cover house yet (`size` covers and every fin
    /// left), its target test read from the kept `counts` instead of counted again.
    #[inline]
    fn base_feasible(
        &self,
        picked: Bits81,
        forced: Bits81,
        fin_peers: Bits81,
        targets: Bits81,
        counts: &CoverCounts,
    ) -> bool {
        let (size, fins_left) = (self.spec.size, self.spec.max_exo_fins);
        let forced_count = forced.count();
        if forced_count > fins_left {
            return false;
        }
        if picked.count() as usize > size + (fins_left - forced_count) as usize {
            return false;
        }
        let seers = self.narrow(fin_peers, forced) & targets;
        if seers.is_empty() {
            return false;
        }
        self.spec.kraken || seers.intersects(counts.within(size))
    }
}

/// Levels of the bit-sliced counters in [`some_target_coverable`]: enough for every state the
/// searches reach (a target sees at most one picked candidate per house of its own that covers
/// may use, plus those in its other houses); deeper states take the cell-by-cell loop.
const COUNT_LEVELS: usize = 8;

/// Whether some target `t` of `seers` can still be eliminated: the `picked` candidates that do
/// not see `t` (nor are `t`) need a cover each, and `t` needs as many covers of its own as
/// `covered` says (see [`Search::feasible`]), `covers_left` in all. Counted for all targets at
/// once: a picked candidate counts for the targets it sees, and `t` works when at least
/// `picked − covers_left + own covers` of them count for it.
#[inline]
fn some_target_coverable(
    picked: Bits81,
    seers: Bits81,
    covers_left: usize,
    (base_cells, cover_cells, twice): (Bits81, Bits81, Bits81),
) -> bool {
    let picked_count = picked.count() as usize;
    // Targets by the covers they need of their own: none (covered twice, or a covered
    // non-base cell), two (an uncovered base candidate) or one (the rest).
    let own_none = twice | cover_cells.and_not(base_cells);
    let own_two = base_cells.and_not(cover_cells).and_not(twice);
    let own_one = !(own_none | own_two);
    // Picked candidates that must count for a target needing `own` covers of its own.
    let needed = |own: usize| (picked_count + own).saturating_sub(covers_left);
    let deepest = needed(2);
    if deepest > COUNT_LEVELS {
        return some_target_coverable_by_cell(
            picked,
            seers,
            covers_left,
            (base_cells, cover_cells, twice),
        );
    }
    // at_least[k]: the targets that at least k picked candidates count for.
    let mut at_least = [Bits81::EMPTY; COUNT_LEVELS + 1];
    at_least[0] = seers;
    if deepest <= 3 {
        // The usual depth, unrolled (levels above `deepest` are computed and not read).
        let (mut one, mut two, mut three) = (Bits81::EMPTY, Bits81::EMPTY, Bits81::EMPTY);
        for cell in picked {
            let near = (PEERS[cell] | Bits81::cell(cell)) & seers;
            three |= two & near;
            two |= one & near;
            one |= near;
        }
        (at_least[1], at_least[2], at_least[3]) = (one, two, three);
    } else {
        for cell in picked {
            let near = (PEERS[cell] | Bits81::cell(cell)) & seers;
            for k in (1..=deepest).rev() {
                at_least[k] |= at_least[k - 1] & near;
            }
        }
    }
    [(own_none, 0), (own_one, 1), (own_two, 2)]
        .iter()
        .any(|&(class, own)| class.intersects(at_least[needed(own)]))
}

/// [`some_target_coverable`] target by target (for states deeper than its counters).
fn some_target_coverable_by_cell(
    picked: Bits81,
    seers: Bits81,
    covers_left: usize,
    (base_cells, cover_cells, twice): (Bits81, Bits81, Bits81),
) -> bool {
    seers.iter().any(|target| {
        let own_covers = if twice.contains(target) {
            0
        } else if base_cells.contains(target) {
            2 - cover_cells.contains(target) as usize
        } else {
            1 - cover_cells.contains(target) as usize
        };
        let apart = picked.and_not(PEERS[target]).and_not(Bits81::cell(target));
        apart.count() as usize + own_covers <= covers_left
    })
}

/// Levels of [`CoverCounts`]: a count above the largest fish size is all it needs to tell.
const COVER_COUNT_LEVELS: usize = 8;

/// For every cell `t`, the covers a fish on the base set so far needs if it is to eliminate
/// `t` (counted up to `size + 1`, above which `t` is out of reach): one per `picked` candidate
/// that does not see `t` (nor is `t`), plus `t`'s own (two for a base candidate, one for any
/// other cell) — the count [`some_target_coverable`] takes at a base set, kept bit-sliced as the
/// base set grows. Without endo fins a base house only adds candidates, to the base and to
/// `picked`, so each count only grows and one added house costs an update per new candidate
/// instead of a recount over every picked one.
#[derive(Clone, Copy)]
struct CoverCounts {
    /// `at_least[k]`: the cells whose count is at least `k + 1`.
    at_least: [Bits81; COVER_COUNT_LEVELS],
}

impl CoverCounts {
    /// Before any base house: every cell needs one cover of its own.
    fn start() -> CoverCounts {
        let mut at_least = [Bits81::EMPTY; COVER_COUNT_LEVELS];
        at_least[0] = Bits81::ALL;
        CoverCounts { at_least }
    }

    /// The counts of a base set with candidates `cells` and greedy set `picked`, from nothing.
    fn of(cells: Bits81, picked: Bits81, size: usize) -> CoverCounts {
        let mut counts = CoverCounts::start();
        counts.add(cells, size);
        for cell in picked {
            counts.add_picked(cell, size);
        }
        counts
    }

    /// One more to the count of every cell of `set` (levels up to `size + 1`).
    #[inline]
    fn add(&mut self, set: Bits81, size: usize) {
        for k in (1..=size).rev() {
            self.at_least[k] |= self.at_least[k - 1] & set;
        }
        self.at_least[0] |= set;
    }

    /// A picked candidate `cell`: one more cover for every cell that does not see it.
    #[inline]
    fn add_picked(&mut self, cell: usize, size: usize) {
        self.add(!(PEERS[cell] | Bits81::cell(cell)), size);
    }

    /// The cells whose count is at most `size`: those a fish of `size` may still eliminate.
    #[inline]
    fn within(&self, size: usize) -> Bits81 {
        !self.at_least[size]
    }
}

impl Search<'_, '_> {
    /// Adds base houses from `base_list[start..]` until the base set has N houses. `picked`,
    /// `used` and `forced` keep a greedy covering bound up to date (see [`Search::feasible`]):
    /// adding a base house only adds its new candidates, since a base house can no longer cover
    /// only the candidates it holds, which become endo fins.
    #[allow(clippy::too_many_arguments)]
    fn bases(
        &mut self,
        start: usize,
        level: usize,
        base: u32,
        cells: Bits81,
        endo_fins: Bits81,
        fin_peers: Bits81,
        (picked, used, forced): (Bits81, u32, Bits81),
        counts: CoverCounts,
    ) -> ControlFlow<()> {
        let size = self.spec.size;
        if level == size {
            return self.cover_root(base, cells, endo_fins, fin_peers, picked, &counts);
        }
        let last = self.base_count - (size - level);
        for i in start..=last {
            let house = self.base_list[i] as usize;
            let here = self.candidates[house];
            let overlap = cells & here;
            // The last base house must bring the endo fins a search for them requires.
            if self.spec.require_endo_fins
                && overlap.is_empty()
                && endo_fins.is_empty()
                && level + 1 == size
            {
                continue;
            }
            let (endo_fins, fin_peers) = if overlap.is_empty() {
                (endo_fins, fin_peers)
            } else {
                let endo = endo_fins | overlap;
                if endo.count() > self.spec.max_endo_fins {
                    continue;
                }
                let peers = seeing_all(fin_peers, overlap);
                if !peers.intersects(self.targets) {
                    continue;
                }
                (endo, peers)
            };
            let base = base | 1 << house;
            let allowed = self.spec.cover_houses & !base;
            let (mut picked, mut used, mut forced) =
                (picked.and_not(overlap), used, forced.and_not(overlap));
            let mut counts = counts;
            let fresh = here.and_not(cells);
            counts.add(fresh, size);
            let per_target = self.narrows_targets();
            if per_target {
                self.taken[level + 1] = self.taken[level];
            }
            for cell in fresh {
                let houses = CELL_HOUSE_MASKS[cell] & allowed;
                if houses == 0 {
                    forced.insert(cell);
                    continue;
                }
                if houses & used == 0 {
                    picked.insert(cell);
                    used |= houses;
                    if !per_target {
                        counts.add_picked(cell, size);
                    }
                }
                if per_target {
                    // For every target this candidate does not see, it needs a cover of its
                    // own if none of its houses is already in the target's greedy set.
                    let taken = &mut self.taken[level + 1];
                    let mut busy = Bits81::EMPTY;
                    let mut rest = houses;
                    while rest != 0 {
                        busy |= taken[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                    }
                    let apart = !(PEERS[cell] | Bits81::cell(cell));
                    let needs = apart.and_not(busy);
                    let mut rest = houses;
                    while rest != 0 {
                        taken[rest.trailing_zeros() as usize] |= needs;
                        rest &= rest - 1;
                    }
                    counts.add(needs, size);
                }
            }
            let cells = cells | here;
            if !overlap.is_empty() {
                // Endo fins left `picked`: the counts shrink, so they are counted again.
                counts = CoverCounts::of(cells, picked, size);
            }
            let targets = if self.spec.cannibalism {
                self.targets
            } else {
                self.targets.and_not(cells)
            };
            if !self.base_feasible(picked, forced, fin_peers, targets, &counts) {
                continue;
            }
            self.bases(
                i + 1,
                level + 1,
                base,
                cells,
                endo_fins,
                fin_peers,
                (picked, used, forced),
                counts,
            )?;
        }
        ControlFlow::Continue(())
    }

    fn cover_root(
        &mut self,
        base: u32,
        cells: Bits81,
        endo_fins: Bits81,
        fin_peers: Bits81,
        picked: Bits81,
        counts: &CoverCounts,
    ) -> ControlFlow<()> {
        if endo_fins.is_empty() && self.spec.require_endo_fins {
            return ControlFlow::Continue(());
        }
        let targets = if self.spec.cannibalism {
            self.targets
        } else {
            self.targets.and_not(cells)
        };
        let fins_possible = self.spec.max_exo_fins > 0 || !endo_fins.is_empty();
        let targets = if fins_possible && !self.spec.kraken {
            // Without endo fins the counts are `viable_targets`' first test for every target
            // at once (with endo fins its base candidates to cover differ from the counts').
            let candidates = if endo_fins.is_empty() {
                targets & fin_peers & counts.within(self.spec.size)
            } else {
                targets & fin_peers
            };
            self.viable_targets(base, cells.and_not(endo_fins), candidates, picked)
        } else {
            targets
        };
        if fins_possible && targets.is_empty() {
            return ControlFlow::Continue(());
        }
        self.cover(Cover {
            base,
            base_cells: cells,
            endo_fins,
            targets,
            cover: 0,
            count: 0,
            cover_cells: Bits81::EMPTY,
            twice: Bits81::EMPTY,
            uncovered: cells.and_not(endo_fins),
            exo_fins: Bits81::EMPTY,
            fin_peers,
            excluded: !self.spec.cover_houses | base,
        })
    }

    /// The cells of `candidates` that a finned fish on this base set could eliminate. All fins
    /// see such a cell `t`, so the base candidates (`needed`) that do not see `t` cannot be fins:
    /// they and `t` itself must be covered, which takes one cover each for a set of them sharing
    /// no allowed house.
    fn viable_targets(
        &self,
        base: u32,
        needed: Bits81,
        candidates: Bits81,
        picked: Bits81,
    ) -> Bits81 {
        let allowed = self.spec.cover_houses & !base;
        let mut viable = Bits81::EMPTY;
        'targets: for target in candidates {
            let (mut used, mut count) = (0u32, 0usize);
            let own_covers = if needed.contains(target) { 2 } else { 1 };
            // First the greedy set of all base candidates (`picked`, cheap), then the greedy set
            // of the candidates that do not see `target` (tighter).
            let apart = picked.and_not(PEERS[target]).and_not(Bits81::cell(target));
            if apart.count() as usize + own_covers > self.spec.size {
                continue;
            }
            if needed.contains(target) {
                // A cannibalistic elimination lies in two cover houses: both of its houses
                // that are not base houses.
                used = CELL_HOUSE_MASKS[target] & allowed;
                if used.count_ones() < 2 {
                    continue;
                }
                count = 2;
            }
            for cell in needed.and_not(PEERS[target]) | Bits81::cell(target) {
                let houses = CELL_HOUSE_MASKS[cell] & allowed;
                if houses == 0 {
                    continue 'targets;
                }
                if houses & used == 0 {
                    count += 1;
                    if count > self.spec.size {
                        continue 'targets;
                    }
                    used |= houses;
                }
            }
            viable.insert(target);
        }
        viable
    }

    /// Extends a cover set. The next candidate to deal with is the one with the fewest houses
    /// left (a function of the state, so each cover set is still built along one path only);
    /// candidates no house can cover any more become fins at once.
    fn cover(&mut self, state: Cover) -> ControlFlow<()> {
        let size = self.spec.size;
        if state.count < size && state.uncovered.is_empty() {
            return self.redundant_covers(state, 0);
        }
        if state.count == size {
            let mut state = state;
            if !state.uncovered.is_empty() {
                let fins = state.exo_fins | state.uncovered;
                if fins.count() > self.spec.max_exo_fins {
                    return ControlFlow::Continue(());
                }
                state.fin_peers = self.narrow(state.fin_peers, state.uncovered);
                state.exo_fins = fins;
            }
            return self.finish(&state);
        }
        let available = !state.excluded;
        let (mut picked, mut used, mut forced) = (Bits81::EMPTY, 0u32, Bits81::EMPTY);
        let (mut choice, mut fewest) = (0usize, u32::MAX);
        for cell in state.uncovered {
            let houses = CELL_HOUSE_MASKS[cell] & available;
            if houses == 0 {
                forced.insert(cell);
                continue;
            }
            if houses & used == 0 {
                picked.insert(cell);
                used |= houses;
            }
            let options = houses.count_ones();
            if options < fewest {
                (choice, fewest) = (cell, options);
            }
        }
        let fins_left = self.spec.max_exo_fins - state.exo_fins.count();
        if !self.feasible(
            picked,
            forced,
            size - state.count,
            fins_left,
            state.fin_peers,
            state.targets,
            (state.base_cells, state.cover_cells, state.twice),
        ) {
            return ControlFlow::Continue(());
        }
        if !forced.is_empty() {
            return self.cover(Cover {
                uncovered: state.uncovered.and_not(forced),
                exo_fins: state.exo_fins | forced,
                fin_peers: self.narrow(state.fin_peers, forced),
                ..state
            });
        }
        let cell = choice;
        let mut excluded = state.excluded;
        for &house in &CELL_HOUSES[cell] {
            let bit = 1u32 << house;
            if excluded & bit != 0 {
                continue;
            }
            // Later branches (and this one) never take a lower house of `cell` again, so every
            // cover set is built once: through the lowest of its houses holding `cell`.
            excluded |= bit;
            let here = self.candidates[house as usize];
            self.cover(Cover {
                cover: state.cover | bit,
                count: state.count + 1,
                cover_cells: state.cover_cells | here,
                twice: state.twice | (state.cover_cells & here & state.base_cells),
                uncovered: state.uncovered.and_not(here),
                excluded,
                ..state
            })?;
        }
        if fins_left > 0 {
            let fin_peers = self.narrow(state.fin_peers, Bits81::cell(cell));
            if fin_peers.intersects(state.targets) {
                // Every house of a fin is now excluded, so the fin stays uncovered.
                self.cover(Cover {
                    uncovered: state.uncovered.and_not(Bits81::cell(cell)),
                    exo_fins: state.exo_fins | Bits81::cell(cell),
                    fin_peers,
                    excluded,
                    ..state
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Completes a cover set that already covers every base candidate (or makes it a fin) with
    /// houses that meet the base but are not needed to cover it, taken in ascending order from
    /// `start`. Such a fish is degenerate (fewer covers would do, so some fin must be true), yet
    /// still a fish: its extra cover houses add eliminations and cannibalism.
    fn redundant_covers(&mut self, state: Cover, start: usize) -> ControlFlow<()> {
        if state.count == self.spec.size {
            return self.finish(&state);
        }
        for house in start..HOUSES {
            let bit = 1u32 << house;
            let here = self.candidates[house];
            if state.excluded & bit != 0 || !here.intersects(state.base_cells) {
                continue;
            }
            self.redundant_covers(
                Cover {
                    cover: state.cover | bit,
                    count: state.count + 1,
                    cover_cells: state.cover_cells | here,
                    twice: state.twice | (state.cover_cells & here & state.base_cells),
                    excluded: state.excluded | bit,
                    ..state
                },
                house + 1,
            )?;
        }
        ControlFlow::Continue(())
    }

    fn finish(&mut self, state: &Cover) -> ControlFlow<()> {
        let possible = state.cover_cells.and_not(state.base_cells) | state.twice;
        let fins = state.exo_fins | state.endo_fins;
        let eliminations = if fins.is_empty() {
            possible
        } else {
            possible & state.fin_peers
        };
        let cannibalistic = eliminations & state.base_cells;
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        (self.visit)(&Fish {
            digit: self.digit,
            base: state.base,
            cover: state.cover,
            base_cells: state.base_cells,
            cover_cells: state.cover_cells,
            exo_fins: state.exo_fins,
            endo_fins: state.endo_fins,
            cannibalistic,
            eliminations,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;

    fn spec(size: usize, base: u32, cover: u32, fins: u32) -> SearchSpec {
        SearchSpec {
            size,
            base_houses: base,
            cover_houses: cover,
            max_exo_fins: fins,
            max_endo_fins: 0,
            require_endo_fins: false,
            cannibalism: false,
            kraken: false,
        }
    }

    fn collect(plane: Bits81, spec: &SearchSpec) -> Vec<Fish> {
        let mut found = Vec::new();
        let _ = search(plane, 0, spec, &mut |fish| {
            found.push(*fish);
            ControlFlow::Continue(())
        });
        found
    }

    fn cells(list: &[(usize, usize)]) -> Bits81 {
        list.iter().map(|&(r, c)| (r - 1) * 9 + c - 1).collect()
    }

    #[test]
    fn x_wing_rows_to_columns() {
        // Rows 1 and 5 hold the digit only in columns 2 and 7; column 2 and 7 hold it elsewhere.
        let mut plane = Bits81::ALL;
        for row in [1, 5] {
            for col in 1..=9 {
                if col != 2 && col != 7 {
                    plane.remove((row - 1) * 9 + col - 1);
                }
            }
        }
        let found = collect(plane, &spec(2, ROWS, COLS, 0));
        assert_eq!(found.len(), 1, "{found:?}");
        let fish = found[0];
        assert_eq!(fish.base, 1 | 1 << 4);
        assert_eq!(fish.cover, 1 << 10 | 1 << 15);
        assert_eq!(fish.eliminations.count(), 14);
        assert!(fish.exo_fins.is_empty() && fish.cannibalistic.is_empty());
        // No finless fish from columns to rows here.
        assert!(collect(plane, &spec(2, COLS, ROWS, 0)).is_empty());
    }

    #[test]
    fn finned_x_wing_keeps_only_eliminations_seeing_the_fin() {
        // Row 1: c2, c7; row 5: c2, c7 and a fin at r5c9 (box 6); other rows are full.
        let mut plane = Bits81::ALL;
        for col in 1..=9 {
            if col != 2 && col != 7 {
                plane.remove(col - 1);
                if col != 9 {
                    plane.remove(4 * 9 + col - 1);
                }
            }
        }
        assert!(collect(plane, &spec(2, ROWS, COLS, 0)).is_empty());
        let found = collect(plane, &spec(2, ROWS, COLS, 2));
        let with_fin: Vec<_> = found
            .iter()
            .filter(|f| f.base == 1 | 1 << 4 && f.cover == 1 << 10 | 1 << 15)
            .collect();
        assert_eq!(with_fin.len(), 1, "{found:?}");
        assert_eq!(with_fin[0].exo_fins, cells(&[(5, 9)]));
        assert_eq!(with_fin[0].eliminations, cells(&[(4, 7), (6, 7)]));
    }

    #[test]
    fn counted_targets_agree_with_the_target_by_target_loop() {
        // xorshift: sets of every density, picked sets small (counters) and large (fallback).
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut random_set = |density: u64| rng.random_set(density);
        let (mut agreed, mut held) = (0, 0);
        for round in 0..20_000 {
            let picked = random_set([3, 6, 12, 40][round % 4]);
            let seers = random_set([5, 20, 60][round % 3]);
            let base = random_set(30);
            let cover = random_set(40);
            let twice = base & cover & random_set(30);
            let covers_left = round % 8;
            let counted = some_target_coverable(picked, seers, covers_left, (base, cover, twice));
            let by_cell =
                some_target_coverable_by_cell(picked, seers, covers_left, (base, cover, twice));
            assert_eq!(counted, by_cell, "round {round}");
            agreed += 1;
            held += counted as usize;
        }
        // Both answers occur often enough for the comparison to mean something.
        assert!(held > 1_000 && agreed - held > 1_000, "{held} of {agreed}");
    }

    #[test]
    fn kept_cover_counts_agree_with_the_counted_target_test() {
        // The counts a base set keeps (built up cell by cell, as `bases` does) answer the target
        // test of `feasible` at a base set exactly as `some_target_coverable` does.
        let mut rng = Xorshift(0x51_7CC1_B727_220A);
        let mut random_set = |density: u64| rng.random_set(density);
        let (mut compared, mut held) = (0, 0);
        for round in 0..20_000 {
            let size = 2 + round % 6;
            let cells = random_set([10, 25, 40][round % 3]);
            let picked = cells & random_set([10, 30, 60][round % 3]);
            let seers = random_set([5, 20, 60][(round / 3) % 3]);
            let mut kept = CoverCounts::start();
            kept.add(cells, size);
            for cell in picked {
                kept.add_picked(cell, size);
            }
            let from_counts = seers.intersects(kept.within(size));
            let counted = some_target_coverable_by_cell(
                picked,
                seers,
                size,
                (cells, Bits81::EMPTY, Bits81::EMPTY),
            );
            assert_eq!(from_counts, counted, "round {round}");
            compared += 1;
            held += counted as usize;
        }
        assert!(
            held > 1_000 && compared - held > 1_000,
            "{held} of {compared}"
        );
    }

    #[test]
    fn per_target_cover_counts_lose_no_fish() {
        // Finned basic and finned Franken/Mutant searches (the ones that keep their counts
        // target by target) find the same fish, in the same order, with the counts kept from
        // the base set's one greedy set, on planes of every density and sizes 2–4.
        let mut rng = Xorshift(0x3C6E_F372_FE94_F82B);
        let mut compared = 0;
        for round in 0..90 {
            let plane = rng.random_set([25, 35, 45, 60, 75][round % 5]);
            for size in 2..=4 {
                let finned_fm = SearchSpec {
                    cannibalism: true,
                    ..spec(size, ALL_HOUSES, ALL_HOUSES, 81)
                };
                for spec in [spec(size, ROWS, COLS, 81), finned_fm] {
                    let run = |per_target| {
                        let mut found = Vec::new();
                        let _ = search_counting(
                            plane,
                            0,
                            &spec,
                            Bits81::ALL,
                            &mut |fish| {
                                found.push(*fish);
                                ControlFlow::Continue(())
                            },
                            per_target,
                        );
                        found
                    };
                    let (narrowed, plain) = (run(true), run(false));
                    assert_eq!(narrowed, plain, "{spec:?}, plane {plane:?}");
                    compared += plain.len();
                }
            }
        }
        assert!(compared > 1_000, "{compared} fish compared");
    }

    #[test]
    fn each_cover_set_is_produced_once() {
        let plane = Bits81::ALL.and_not(cells(&[(1, 1), (2, 5), (7, 3)]));
        let all = spec(2, ALL_HOUSES, ALL_HOUSES, 3);
        let found = collect(plane, &all);
        let mut keys: Vec<_> = found.iter().map(|f| (f.base, f.cover)).collect();
        let total = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), total);
    }
}
