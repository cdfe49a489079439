//! The switch for the finders' memos: results a search keeps from one grid state to the next
//! while the candidates it depends on stay the same (the fish searches' per-digit lists, the
//! single-digit searches' per-digit results, the Sue de Coq box∩line pairs and the subset
//! searches' houses that found nothing).
//!
//! The memos are an implementation detail: every finder yields the same steps with them as
//! without. They are on by default; turning them off makes every search start from nothing, which
//! is what the test that proves them invisible compares against (grading a corpus slice both ways
//! gives the same steps). The switch is per thread, like the memos themselves, so a test that
//! turns it off affects no other test running beside it.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::core::{Bits81, Grid};
use crate::techniques::StepSink;

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Whether the finders on this thread may reuse what they found on an earlier state.
#[inline]
pub fn enabled() -> bool {
    ENABLED.with(Cell::get)
}

/// Turns this thread's finder memos on or off (on by default); returns the previous setting.
pub fn set_enabled(on: bool) -> bool {
    ENABLED.with(|enabled| enabled.replace(on))
}

/// `f`'s result with this thread's memos off (the plain searches), the setting restored after:
/// what a test compares a memo's or a pruning's results with.
#[cfg(test)]
pub fn without_memos<T>(f: impl FnOnce() -> T) -> T {
    let was = set_enabled(false);
    let plain = f();
    set_enabled(was);
    plain
}

/// What one unit of a search (a box∩line pair of Sue de Coq, …) reads of the grid: which cells
/// of its region are unsolved, and each digit's candidates there. A unit whose search reads
/// nothing outside its region finds the same steps whenever its key is the same.
pub(crate) type RegionKey = [Bits81; 10];

/// Runs `search` with `sink`; returns its flow and whether it yielded a step. A memo notes a
/// search that yielded none.
#[inline]
pub(crate) fn noting_steps(
    sink: &mut StepSink<'_>,
    search: impl FnOnce(&mut StepSink<'_>) -> ControlFlow<()>,
) -> (ControlFlow<()>, bool) {
    let mut found = false;
    let flow = search(&mut |step| {
        found = true;
        sink(step)
    });
    (flow, found)
}

/// Whether every candidate of `grid` is one of `planes` (none has come back since a search on
/// those planes: a later state of the same puzzle). Never with the memos off, so that a memo
/// that needs it applies nowhere then.
#[inline]
pub(crate) fn within(grid: &Grid, planes: &[Bits81; 9]) -> bool {
    enabled() && (0..9).all(|d| grid.plane(d).is_subset_of(planes[d]))
}

/// The key of `region` in `grid`.
#[inline]
pub(crate) fn region_key(grid: &Grid, region: Bits81) -> RegionKey {
    let mut key = [grid.unsolved() & region; 10];
    for (digit, slot) in key[1..].iter_mut().enumerate() {
        *slot = grid.plane(digit) & region;
    }
    key
}

/// The units of a search that last found nothing, each with the key it found nothing at: such
/// a unit is skipped while its key stays the same. A unit that found a step keeps no key (its
/// step must be found again), nor does one whose search a sink stopped.
pub(crate) struct Misses<const N: usize> {
    keys: [Option<RegionKey>; N],
}

impl<const N: usize> Misses<N> {
    /// No unit known empty.
    pub(crate) const fn new() -> Misses<N> {
        Misses { keys: [None; N] }
    }

    /// Whether unit `unit` found nothing at `key` (always false with the memos off).
    #[inline]
    pub(crate) fn known_empty(&self, unit: usize, key: &RegionKey) -> bool {
        enabled() && self.keys[unit].as_ref() == Some(key)
    }

    /// Records what unit `unit` found at `key`: `empty` keeps the key, otherwise it is dropped.
    #[inline]
    pub(crate) fn record(&mut self, unit: usize, key: RegionKey, empty: bool) {
        self.keys[unit] = empty.then_some(key);
    }
}

/// For `N` searches that work house by house (a house's result depending on its own cells'
/// candidates alone), the houses each search last found nothing in, valid while those houses'
/// cells stay unchanged. The memo keeps the grid it last saw: bringing it to a new grid
/// ([`HouseMisses::sync`]) forgets, for every search, the houses whose cells changed (those
/// the candidates that differ lie in), so an unchanged house costs one bit test instead of
/// the key of its region. Searches run one after another on one state (pairs, triples and
/// quads) share the comparison.
pub(crate) struct HouseMisses<const N: usize> {
    /// The grid the memo last saw: its planes and unsolved cells.
    planes: [Bits81; 9],
    unsolved: Bits81,
    /// Counts the grids seen, so that a search records nothing against a grid a nested call
    /// replaced meanwhile.
    generation: u64,
    /// `empty[search]`: the houses where that search found nothing (bit `h` = house `h`).
    empty: [u32; N],
}

impl<const N: usize> HouseMisses<N> {
    /// No house known empty.
    pub(crate) const fn new() -> HouseMisses<N> {
        HouseMisses {
            planes: [Bits81::EMPTY; 9],
            unsolved: Bits81::EMPTY,
            generation: 0,
            empty: [0; N],
        }
    }

    /// Brings the memo to `grid`. Returns the grid's generation (for [`HouseMisses::record`])
    /// and the houses `search` is known to find nothing in there (none with the memos off).
    #[inline]
    pub(crate) fn sync(&mut self, grid: &Grid, search: usize) -> (u64, u32) {
        let mut changed = self.unsolved ^ grid.unsolved();
        for (old, new) in self.planes.iter().zip(grid.planes()) {
            changed |= *old ^ *new;
        }
        if !changed.is_empty() {
            let stale = changed.houses();
            for empty in &mut self.empty {
                *empty &= !stale;
            }
            self.planes = *grid.planes();
            self.unsolved = grid.unsolved();
            self.generation += 1;
        }
        let known = if enabled() { self.empty[search] } else { 0 };
        (self.generation, known)
    }

    /// Records that `search` found nothing in `houses` of the grid of `generation` (ignored if
    /// the memo has moved to another grid since).
    #[inline]
    pub(crate) fn record(&mut self, search: usize, generation: u64, houses: u32) {
        if generation == self.generation {
            self.empty[search] |= houses;
        }
    }
}

/// For a search that works digit by digit, each digit's part depending on that digit's plane
/// alone (its candidates): per digit, what the part found and the plane it found it on, valid
/// while the plane stays the same. A step changes one or two of the nine planes, so from one
/// state to the next most digits' parts are known.
pub(crate) struct ByPlane<T: Copy> {
    kept: [Option<(Bits81, T)>; 9],
}

impl<T: Copy> ByPlane<T> {
    /// Nothing known.
    pub(crate) const fn new() -> ByPlane<T> {
        ByPlane { kept: [None; 9] }
    }

    /// What `digit`'s part found on `plane`, if known (never with the memos off).
    #[inline]
    pub(crate) fn get(&self, digit: usize, plane: Bits81) -> Option<T> {
        match self.kept[digit] {
            Some((kept_plane, value)) if enabled() && kept_plane == plane => Some(value),
            _ => None,
        }
    }

    /// Records what `digit`'s part found on `plane`.
    #[inline]
    pub(crate) fn set(&mut self, digit: usize, plane: Bits81, value: T) {
        self.kept[digit] = Some((plane, value));
    }
}
