//! The fish family, one generic engine (`search.rs`) over base and cover sets: basic fish (rows to
//! columns and columns to rows, sizes 2–7), finned and sashimi fish, Franken fish (boxes on one side
//! with lines), Mutant fish (any mix), endo fins and cannibalism.
//!
//! Every fish belongs to exactly one [`FishClass`]; each class × size is its own technique, so the
//! ladder orders and counts them separately. A finder searches only the house kinds its class can
//! use and hands on only the fish of its own class.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{StepSink, TechniqueId, FISH_TECHNIQUES};
use crate::core::{Bits81, Grid, HOUSE_SETS};
use crate::techniques::memo;
use crate::techniques::step::Step;

mod kraken;
mod line_bound;
mod search;
mod templates;
pub mod text;

pub use kraken::{kraken_fish, KRAKEN_MAX_FINS, KRAKEN_MAX_SIZE};

use search::{search_within, Fish, SearchSpec, ALL_HOUSES, BOXES, COLS, ROWS};
use templates::KnownTemplates;

/// Most exo fins a finned fish may have (fins must also share a peer that is eliminated).
pub const MAX_EXO_FINS: u32 = 81;
/// Most endo fins a fish may have.
pub const MAX_ENDO_FINS: u32 = 81;

/// The classes of fish, by shape, fins and cannibalism (GNPX's and HoDoKu's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FishClass {
    /// Rows to columns or columns to rows, no fins.
    Basic,
    /// Basic with exo fins.
    Finned,
    /// Finned basic fish where a base house keeps at most one candidate without its fins.
    Sashimi,
    /// Base rows (columns) and boxes, cover columns (rows) and boxes; no fins.
    Franken,
    /// Franken with exo fins.
    FinnedFranken,
    /// Any other mix of rows, columns and boxes; no fins.
    Mutant,
    /// Mutant with exo fins.
    FinnedMutant,
    /// Franken or Mutant whose only fins are endo fins.
    EndoFinned,
    /// Franken or Mutant with endo and exo fins.
    FinnedEndoFinned,
    /// Franken or Mutant without fins that eliminates base candidates.
    Cannibalistic,
    /// Franken or Mutant with fins that eliminates base candidates.
    FinnedCannibalistic,
}

/// Every class, in table order.
pub const FISH_CLASSES: [FishClass; 11] = [
    FishClass::Basic,
    FishClass::Finned,
    FishClass::Sashimi,
    FishClass::Franken,
    FishClass::FinnedFranken,
    FishClass::Mutant,
    FishClass::FinnedMutant,
    FishClass::EndoFinned,
    FishClass::FinnedEndoFinned,
    FishClass::Cannibalistic,
    FishClass::FinnedCannibalistic,
];

/// Smallest fish size.
pub const MIN_SIZE: usize = 2;
/// Largest fish size.
pub const MAX_SIZE: usize = 7;

/// A fish technique: its class and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FishTechnique {
    /// The class.
    pub class: FishClass,
    /// N, the number of base (and cover) houses.
    pub size: usize,
}

/// Number of fish sizes (2..=7).
const SIZES: usize = MAX_SIZE - MIN_SIZE + 1;

impl FishTechnique {
    /// The technique id of this class and size.
    pub const fn technique(self) -> TechniqueId {
        FISH_TECHNIQUES[self.class as usize][self.size - MIN_SIZE]
    }

    /// The fish class and size of `technique`, if it is a fish (the catalogue's generated fish
    /// rows are contiguous, class by class, in `FISH_TECHNIQUES` order).
    pub const fn of(technique: TechniqueId) -> Option<FishTechnique> {
        let index = (technique as usize).wrapping_sub(FISH_TECHNIQUES[0][0] as usize);
        if index >= FISH_CLASSES.len() * SIZES {
            return None;
        }
        Some(FishTechnique {
            class: FISH_CLASSES[index / SIZES],
            size: MIN_SIZE + index % SIZES,
        })
    }
}

/// The shape of a fish by the house kinds of its base and cover sets (HoDoKu's rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FishShape {
    /// Rows to columns, or columns to rows.
    Basic,
    /// Rows (and boxes) to columns (and boxes), or the transpose.
    Franken,
    /// Anything else.
    Mutant,
}

impl FishShape {
    /// The shape of a fish with `base` and `cover` house sets.
    pub fn of(base: u32, cover: u32) -> FishShape {
        let kinds = |houses: u32| (houses & ROWS != 0, houses & COLS != 0, houses & BOXES != 0);
        match (kinds(base), kinds(cover)) {
            ((true, false, false), (false, true, false))
            | ((false, true, false), (true, false, false)) => FishShape::Basic,
            ((true, false, _), (false, true, _)) | ((false, true, _), (true, false, _)) => {
                FishShape::Franken
            }
            _ => FishShape::Mutant,
        }
    }
}

/// The class of a fish found in `grid`.
fn classify(grid: &Grid, fish: &Fish) -> FishClass {
    let finned = !(fish.exo_fins | fish.endo_fins).is_empty();
    if !fish.cannibalistic.is_empty() {
        return if finned {
            FishClass::FinnedCannibalistic
        } else {
            FishClass::Cannibalistic
        };
    }
    if !fish.endo_fins.is_empty() {
        return if fish.exo_fins.is_empty() {
            FishClass::EndoFinned
        } else {
            FishClass::FinnedEndoFinned
        };
    }
    match (FishShape::of(fish.base, fish.cover), finned) {
        (FishShape::Basic, false) => FishClass::Basic,
        (FishShape::Basic, true) if is_sashimi(grid, fish) => FishClass::Sashimi,
        (FishShape::Basic, true) => FishClass::Finned,
        (FishShape::Franken, false) => FishClass::Franken,
        (FishShape::Franken, true) => FishClass::FinnedFranken,
        (FishShape::Mutant, false) => FishClass::Mutant,
        (FishShape::Mutant, true) => FishClass::FinnedMutant,
    }
}

/// A finned fish is sashimi when some base house keeps at most one candidate without its fins.
fn is_sashimi(grid: &Grid, fish: &Fish) -> bool {
    let plane = grid.plane(fish.digit);
    (0..27).any(|house| {
        fish.base & 1 << house != 0
            && (plane & HOUSE_SETS[house]).and_not(fish.exo_fins).count() <= 1
    })
}

/// The searches the finders share: each fish class is served by one of them, and the classes a
/// search serves are handed out from one run of it per grid state (see [`SearchCache`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SearchKind {
    /// Rows to columns and columns to rows, no fins: basic fish.
    Basic,
    /// Rows to columns and columns to rows with fins: finned and sashimi fish.
    FinnedBasic,
    /// Any houses, no fins: Franken, Mutant and (finless) cannibalistic fish.
    FrankenMutant,
    /// Any houses with exo fins, cannibalism counted: finned Franken, Mutant and finned
    /// cannibalistic fish. Like GNPX's, this search allows no endo fins (so a fish with endo fins
    /// and cannibalism is found by no finder).
    FinnedFrankenMutant,
    /// Any houses with endo fins (and exo fins): endo-finned fish.
    EndoFinned,
    /// Rows to columns and columns to rows with fins that need not share a peer: the fish under
    /// a Kraken fish (reported with every candidate the fish removes without its fins).
    KrakenBasic,
}

impl SearchKind {
    /// The search that finds fish of `class`.
    fn of(class: FishClass) -> SearchKind {
        use FishClass::*;
        match class {
            Basic => SearchKind::Basic,
            Finned | Sashimi => SearchKind::FinnedBasic,
            Franken | Mutant | Cannibalistic => SearchKind::FrankenMutant,
            FinnedFranken | FinnedMutant | FinnedCannibalistic => SearchKind::FinnedFrankenMutant,
            EndoFinned | FinnedEndoFinned => SearchKind::EndoFinned,
        }
    }

    /// The search whose list serves this one's classes. The finless Franken/Mutant fish are
    /// exactly the fish without fins of the finned search, in the same order (a finless fish
    /// is reached along the same branches in both: a search with fins only adds branches that
    /// declare one), and the ladders try the finned classes next on the same state whenever
    /// the finless ones find nothing (nearly always), so the finless classes read the finned
    /// search's list instead of running a search of their own.
    fn served_by(self) -> SearchKind {
        match self {
            SearchKind::FrankenMutant => SearchKind::FinnedFrankenMutant,
            kind => kind,
        }
    }

    /// The search specs for fish of `size` (one per orientation).
    fn specs(self, size: usize) -> ([SearchSpec; 2], usize) {
        use SearchKind::*;
        let spec = |base_houses, cover_houses| SearchSpec {
            size,
            base_houses,
            cover_houses,
            max_exo_fins: match self {
                Basic | FrankenMutant => 0,
                KrakenBasic => KRAKEN_MAX_FINS,
                _ => MAX_EXO_FINS,
            },
            max_endo_fins: if self == EndoFinned { MAX_ENDO_FINS } else { 0 },
            require_endo_fins: self == EndoFinned,
            cannibalism: matches!(self, FrankenMutant | FinnedFrankenMutant),
            kraken: self == KrakenBasic,
        };
        match self {
            Basic | FinnedBasic | KrakenBasic => ([spec(ROWS, COLS), spec(COLS, ROWS)], 2),
            _ => ([spec(ALL_HOUSES, ALL_HOUSES); 2], 1),
        }
    }

    /// Hands every fish this search finds for `digit` on its candidates `plane` to `visit`, in
    /// search order: orientations, then base sets in ascending house order, until `visit`
    /// breaks. A fish depends on its digit's plane alone, which is what lets [`DigitFish`] keep
    /// a digit's list while the plane stays the same.
    fn run_digit(
        self,
        plane: Bits81,
        digit: usize,
        size: usize,
        visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // A fish needs a candidate in each of its N base houses and something to remove.
        if (plane.count() as usize) <= size {
            return ControlFlow::Continue(());
        }
        let targets = match self {
            SearchKind::KrakenBasic => Bits81::ALL,
            _ => fish_targets(digit, plane),
        };
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        // The endo-finned search's pruning treats base candidates as never eliminated, yet its
        // fish report the ones covered twice: a fish whose only eliminations are such is found
        // only where some other cell kept its branch alive, and a narrower target set could
        // cut that branch. So that search gets the skip above and no bound.
        let targets = match self {
            SearchKind::EndoFinned => Bits81::ALL,
            _ => targets,
        };
        // Rows-to-columns fish (with fins or not) are first ruled out by a test on the lines'
        // column masks: the search runs only where the test leaves a fish possible.
        let line_fish = match self {
            SearchKind::Basic => Some(false),
            SearchKind::FinnedBasic => Some(true),
            _ => None,
        };
        if let Some(finned) = line_fish {
            if !line_bound::may_have_fish(plane, targets, size, finned) {
                return ControlFlow::Continue(());
            }
        }
        let (specs, count) = self.specs(size);
        for spec in &specs[..count] {
            search_within(plane, digit, spec, targets, visit)?;
        }
        ControlFlow::Continue(())
    }
}

/// The most fish [`DigitFish`] keeps for one digit. A real puzzle's state has a handful at
/// most; a wide-open candidate grid can have millions of large Franken/Mutant fish for one
/// digit, and keeping them all held hundreds of MB per search and thread until the next
/// grid (found by the grader fuzz target: 2.2 GB after 3,000 inputs). A digit with more is
/// marked and searched afresh, streaming, whenever its fish are asked for.
const LIST_CAP: usize = 256;

thread_local! {
    /// Each digit's last plane, the cells of it in no template ([`fish_targets`]) and the
    /// templates found on it. Every search kind and size asks for the same planes, so each is
    /// worked out once, and the next plane of the digit starts from the templates it keeps.
    static TARGETS: RefCell<[(Bits81, Bits81, KnownTemplates); 9]> = const {
        // No plane has bits past cell 80: the key of a slot not yet filled.
        RefCell::new(
            [(Bits81(u128::MAX), Bits81::EMPTY, KnownTemplates::NONE); 9],
        )
    };
}

/// The candidates of `plane` (digit `digit`'s) that lie in no template of it: the only cells a
/// fish other than a Kraken fish can eliminate ([`templates`]). Empty almost always once the
/// single-digit rungs before the Franken/Mutant fish have run, and then no search is needed.
fn fish_targets(digit: usize, plane: Bits81) -> Bits81 {
    if !memo::enabled() {
        return plane.and_not(templates::template_cells(plane));
    }
    TARGETS.with(|slots| {
        let slot = &mut slots.borrow_mut()[digit];
        if slot.0 != plane {
            let cells = templates::template_cells_from(plane, &mut slot.2);
            (slot.0, slot.1) = (plane, plane.and_not(cells));
        }
        slot.1
    })
}

/// One search's fish, digit by digit, each list kept with the plane it was found on. A step
/// changes one or two of the nine planes on average, so from one state to the next most digits'
/// lists (most often empty) stay as they are and only the changed planes are searched again; the
/// lists in digit order are the search's list for the whole grid (digits in order, then
/// orientations, then base sets). Nothing is allocated once the lists are warm, and no list
/// holds more than [`LIST_CAP`] fish.
#[derive(Default)]
struct DigitFish {
    /// The plane each digit's list was found on.
    planes: [Bits81; 9],
    /// Bit `d`: `lists[d]` holds the fish of `planes[d]`, or (bit `d` of `overflowed`) that
    /// plane has more than [`LIST_CAP`].
    valid: u16,
    /// Bit `d`: `planes[d]` has more fish than a list keeps; `lists[d]` is empty.
    overflowed: u16,
    lists: [Vec<Fish>; 9],
}

impl DigitFish {
    /// Hands every fish of `digit` (whose plane is `plane`, the one [`DigitFish::update`]
    /// saw) to `visit` in search order: from the list, or searched afresh where it overflowed.
    fn visit_digit(
        &self,
        kind: SearchKind,
        size: usize,
        digit: usize,
        plane: Bits81,
        visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.overflowed & 1 << digit != 0 {
            return kind.run_digit(plane, digit, size, visit);
        }
        self.lists[digit].iter().try_for_each(visit)
    }

    /// Hands every fish on `grid` (the grid [`DigitFish::update`] last saw) to `visit` in
    /// search order: digits in order, each as [`DigitFish::visit_digit`].
    fn visit(
        &self,
        kind: SearchKind,
        size: usize,
        grid: &Grid,
        visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (0..9).try_for_each(|digit| self.visit_digit(kind, size, digit, grid.plane(digit), visit))
    }

    /// Brings every digit's list up to `grid`'s planes, searching only the planes that changed
    /// (all of them when the memo is off, [`crate::techniques::memo`]).
    fn update(&mut self, grid: &Grid, kind: SearchKind, size: usize) {
        if !memo::enabled() {
            self.valid = 0;
        }
        for digit in 0..9 {
            let plane = grid.plane(digit);
            if self.valid & 1 << digit != 0 && self.planes[digit] == plane {
                continue;
            }
            let list = &mut self.lists[digit];
            list.clear();
            let flow = kind.run_digit(plane, digit, size, &mut |fish| {
                if list.len() == LIST_CAP {
                    return ControlFlow::Break(());
                }
                list.push(*fish);
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                list.clear();
                self.overflowed |= 1 << digit;
            } else {
                self.overflowed &= !(1 << digit);
            }
            self.planes[digit] = plane;
            self.valid |= 1 << digit;
        }
    }
}

/// Each search's fish (by kind and size) on the planes this thread last looked at. The grader
/// calls the fish finders one after another on the same state, so sibling classes (finned and
/// sashimi, Franken and Mutant, …) share one search, and from state to state a digit whose plane
/// did not change is not searched again.
struct SearchCache {
    entries: Vec<CacheEntry>,
}

/// One search's per-digit fish.
struct CacheEntry {
    kind: SearchKind,
    size: usize,
    fish: DigitFish,
}

thread_local! {
    static SEARCH_CACHE: RefCell<SearchCache> = const {
        RefCell::new(SearchCache {
            entries: Vec::new(),
        })
    };
}

/// The fish `kind` finds in `grid` for `size`, from the cache where a digit's plane is
/// unchanged, searched afresh where not. The lists are taken out of the cache (and put back by
/// [`give_back`]) so a sink may itself call finders (a nested call of the same search then
/// starts from empty lists).
fn fish_list(grid: &Grid, kind: SearchKind, size: usize) -> DigitFish {
    let mut fish = SEARCH_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        match cache
            .entries
            .iter_mut()
            .find(|e| e.kind == kind && e.size == size)
        {
            Some(entry) => std::mem::take(&mut entry.fish),
            None => {
                cache.entries.push(CacheEntry {
                    kind,
                    size,
                    fish: DigitFish::default(),
                });
                DigitFish::default()
            }
        }
    });
    fish.update(grid, kind, size);
    fish
}

/// Returns lists taken by [`fish_list`] to the cache; each list is still keyed by its plane,
/// so whatever state the grid is in next, a stale list is never used.
fn give_back(kind: SearchKind, size: usize, fish: DigitFish) {
    SEARCH_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(entry) = cache
            .entries
            .iter_mut()
            .find(|e| e.kind == kind && e.size == size)
        {
            entry.fish = fish;
        }
    });
}

/// The step for one fish.
fn fish_step(technique: TechniqueId, fish: &Fish) -> Step {
    let mut step = Step::new(technique);
    step.eliminations.planes[fish.digit] = fish.eliminations;
    step.houses = fish.base;
    step.cover_houses = fish.cover;
    step.cells = fish.base_cells;
    step.digits = 1 << fish.digit;
    step.fins = fish.exo_fins;
    step.endo_fins = fish.endo_fins;
    step
}

/// Hands every fish of `class` and `size` to `sink`, in its search's order.
fn find(grid: &Grid, sink: &mut StepSink<'_>, class: FishClass, size: usize) -> ControlFlow<()> {
    let technique = FishTechnique { class, size }.technique();
    // Finned fish of a finless class's search are told apart by `classify`.
    let kind = SearchKind::of(class).served_by();
    let fish = fish_list(grid, kind, size);
    let flow = fish.visit(kind, size, grid, &mut |found| {
        if classify(grid, found) == class {
            sink(&fish_step(technique, found))
        } else {
            ControlFlow::Continue(())
        }
    });
    give_back(kind, size, fish);
    flow
}

/// The finder of the catalogue row for class `FISH_CLASSES[CLASS]` and size `SIZE`: every fish
/// of that class and size, in its search's order.
pub fn finder<const CLASS: usize, const SIZE: usize>(
    grid: &Grid,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    find(grid, sink, FISH_CLASSES[CLASS], SIZE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{grid, Xorshift};
    use crate::techniques::CATALOGUE;

    #[test]
    fn every_class_and_size_is_one_catalogued_fish_technique() {
        let mut seen = std::collections::HashSet::new();
        for class in FISH_CLASSES {
            for size in MIN_SIZE..=MAX_SIZE {
                let fish = FishTechnique { class, size };
                let technique = fish.technique();
                assert!(seen.insert(technique), "{technique:?} twice");
                assert_eq!(FishTechnique::of(technique), Some(fish));
                assert_eq!(technique.info().family, "fish");
            }
        }
        let fish_count = CATALOGUE
            .iter()
            .filter(|i| i.family == "fish" && i.technique != TechniqueId::KrakenFish)
            .count();
        assert_eq!(fish_count, seen.len());
        assert_eq!(FishTechnique::of(TechniqueId::NakedPair), None);
    }

    #[test]
    fn shapes_follow_hodoku() {
        let (r1, r2, c1, c2, b1, b2) = (1, 1 << 1, 1 << 9, 1 << 10, 1 << 18, 1 << 19);
        assert_eq!(FishShape::of(r1 | r2, c1 | c2), FishShape::Basic);
        assert_eq!(FishShape::of(c1 | c2, r1 | r2), FishShape::Basic);
        assert_eq!(FishShape::of(r1 | b1, c1 | c2), FishShape::Franken);
        assert_eq!(FishShape::of(r1 | r2, c1 | b1), FishShape::Franken);
        assert_eq!(FishShape::of(c1 | b1, r1 | b2), FishShape::Franken);
        // Boxes alone on either side, or rows with columns on one side, make a Mutant.
        assert_eq!(FishShape::of(b1 | b2, c1 | c2), FishShape::Mutant);
        assert_eq!(FishShape::of(r1 | b1, b2 | 1 << 20), FishShape::Mutant);
        assert_eq!(FishShape::of(r1 | c1, r2 | c2), FishShape::Mutant);
        assert_eq!(FishShape::of(r1 | b1, r2 | c1), FishShape::Mutant);
    }

    /// A grid where digit 1 sits in rows 1 and 5 only in columns 2 and 7, plus `extra` cells of
    /// row 5 (fins), everything else in those rows removed.
    fn x_wing_grid(extra: &[usize]) -> Grid {
        let mut g = Grid::empty();
        for row in [0, 4] {
            for col in 0..9 {
                if col != 1 && col != 6 && !extra.contains(&(row * 9 + col)) {
                    g.eliminate(row * 9 + col, 0);
                }
            }
        }
        g
    }

    #[test]
    fn finned_and_sashimi_x_wings_are_told_apart() {
        let plain = x_wing_grid(&[]);
        let steps = TechniqueId::XWing.find_all(&plain);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].houses, 1 | 1 << 4);
        assert_eq!(steps[0].cover_houses, 1 << 10 | 1 << 15);
        assert!(TechniqueId::FinnedXWing.find_first(&plain).is_none());
        // A fin at r5c9 (box 6): only r4c7 and r6c7 see it.
        let finned = x_wing_grid(&[4 * 9 + 8]);
        assert!(TechniqueId::XWing.find_first(&finned).is_none());
        let step = TechniqueId::FinnedXWing
            .find_all(&finned)
            .into_iter()
            .find(|s| s.houses == 1 | 1 << 4)
            .expect("finned x-wing r15");
        assert_eq!(step.fins, Bits81::cell(4 * 9 + 8));
        assert_eq!(
            step.eliminations.planes[0],
            [3 * 9 + 6, 5 * 9 + 6].into_iter().collect()
        );
        assert!(TechniqueId::SashimiXWing
            .find_all(&finned)
            .iter()
            .all(|s| s.houses != 1 | 1 << 4));
        // Row 5 keeps only r5c7 and fins r5c8, r5c9: without its fins it has one candidate left.
        let mut sashimi = x_wing_grid(&[4 * 9 + 7, 4 * 9 + 8]);
        sashimi.eliminate(4 * 9 + 1, 0);
        let step = TechniqueId::SashimiXWing
            .find_all(&sashimi)
            .into_iter()
            .find(|s| s.houses == 1 | 1 << 4)
            .expect("sashimi x-wing r15");
        assert_eq!(step.cover_houses, 1 << 10 | 1 << 15);
        assert_eq!(step.fins.count(), 2);
        assert!(step.eliminations.contains(3 * 9 + 6, 0));
    }

    #[test]
    fn cached_searches_follow_the_grid() {
        let a = x_wing_grid(&[]);
        let b = x_wing_grid(&[4 * 9 + 8]);
        let fresh_a = TechniqueId::XWing.find_all(&a);
        let fresh_b = TechniqueId::FinnedXWing.find_all(&b);
        for _ in 0..2 {
            assert_eq!(TechniqueId::XWing.find_all(&a), fresh_a);
            assert_eq!(TechniqueId::FinnedXWing.find_all(&b), fresh_b);
            assert!(TechniqueId::XWing.find_first(&b).is_none());
        }
        // A sink may call finders itself.
        let mut nested = 0;
        let _ = (TechniqueId::XWing.info().finder)(&a, &mut |_| {
            nested += TechniqueId::XWing.find_all(&a).len();
            ControlFlow::Continue(())
        });
        assert_eq!(nested, fresh_a.len() * fresh_a.len());
    }

    #[test]
    fn a_digit_with_more_fish_than_a_list_keeps_gives_the_same_steps_searched_afresh() {
        // A puzzle's start with every candidate kept (a fuzz input of the grader target's
        // kind): thousands of finned Franken/Mutant fish per digit, far over the cap. What the
        // finders yield (the first steps of each class, in order) equals the uncached search's
        // list classified, and the overflowed digits keep no list.
        let g = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let size = 4;
        let kind = SearchKind::FinnedFrankenMutant;
        let mut all = Vec::new();
        for digit in 0..9 {
            let _ = kind.run_digit(g.plane(digit), digit, size, &mut |fish| {
                all.push(*fish);
                ControlFlow::Continue(())
            });
        }
        assert!(all.len() > 4 * LIST_CAP, "{} fish", all.len());
        let cached = fish_list(&g, kind, size);
        assert_ne!(cached.overflowed, 0);
        assert!(cached.lists.iter().all(|list| list.len() <= LIST_CAP));
        give_back(kind, size, cached);
        for class in [FishClass::FinnedFranken, FishClass::FinnedMutant] {
            let technique = FishTechnique { class, size }.technique();
            let expected: Vec<Step> = all
                .iter()
                .filter(|fish| classify(&g, fish) == class)
                .take(3 * LIST_CAP)
                .map(|fish| fish_step(technique, fish))
                .collect();
            assert!(expected.len() > LIST_CAP, "{class:?}: {}", expected.len());
            for _ in 0..2 {
                // Twice: the second call reads the cache the first left.
                let mut got = Vec::new();
                let _ = find(
                    &g,
                    &mut |step| {
                        got.push(step.clone());
                        if got.len() < expected.len() {
                            ControlFlow::Continue(())
                        } else {
                            ControlFlow::Break(())
                        }
                    },
                    class,
                    size,
                );
                assert_eq!(got, expected, "{class:?}");
            }
        }
    }

    #[test]
    fn finless_franken_mutant_fish_are_the_finned_searchs_fish_without_fins() {
        // Planes of every density (xorshift), sizes 2–4: the finless search's list equals the
        // finned search's list without the fish that have fins, in order.
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let mut compared = 0;
        for round in 0..120 {
            let plane = rng.random_set([25, 35, 45, 60][round % 4]);
            for size in MIN_SIZE..=4 {
                let (mut finless, mut finned) = (Vec::new(), Vec::new());
                for (kind, list) in [
                    (SearchKind::FrankenMutant, &mut finless),
                    (SearchKind::FinnedFrankenMutant, &mut finned),
                ] {
                    let _ = kind.run_digit(plane, 0, size, &mut |fish| {
                        list.push(*fish);
                        ControlFlow::Continue(())
                    });
                }
                finned.retain(|fish| fish.exo_fins.is_empty());
                assert_eq!(finless, finned, "size {size}, plane {plane:?}");
                compared += finless.len();
            }
        }
        assert!(compared > 100, "{compared} fish compared");
    }

    /// `kind`'s fish for one plane with no target bound: what [`SearchKind::run_digit`] must
    /// equal.
    fn run_digit_unbounded(kind: SearchKind, plane: Bits81, size: usize) -> Vec<Fish> {
        let mut found = Vec::new();
        if (plane.count() as usize) <= size {
            return found;
        }
        let (specs, count) = kind.specs(size);
        for spec in &specs[..count] {
            let _ = search::search(plane, 0, spec, &mut |fish| {
                found.push(*fish);
                ControlFlow::Continue(())
            });
        }
        found
    }

    #[test]
    fn the_template_bound_loses_no_fish() {
        // Every digit plane of the shipped hard states, those planes after random candidate
        // removals (which leave cells in no template), and random planes built around one
        // template: every search kind finds the same fish in the same order with the bound as
        // without, and every elimination lies outside the templates.
        let mut rng = Xorshift(0xBB67_AE85_84CA_A73B);
        let mut planes = Vec::new();
        for (_, grid) in crate::techniques::shipped_hard_states() {
            for digit in 0..9 {
                let plane = grid.plane(digit);
                planes.push(plane);
                planes.push(plane & rng.random_set(85));
                planes.push(plane & rng.random_set(70));
            }
        }
        let kinds = [
            SearchKind::Basic,
            SearchKind::FinnedBasic,
            SearchKind::FrankenMutant,
            SearchKind::FinnedFrankenMutant,
            SearchKind::EndoFinned,
            SearchKind::KrakenBasic,
        ];
        let (mut fish_seen, mut bounded, mut ruled_out) = (0, 0, 0);
        for (index, &plane) in planes.iter().enumerate() {
            let targets = fish_targets(0, plane);
            bounded += (!targets.is_empty() && targets != plane) as usize;
            ruled_out += targets.is_empty() as usize;
            // The costly searches on every third plane only.
            let sizes = if index % 3 == 0 { 2..=4 } else { 2..=3 };
            for kind in kinds {
                for size in sizes.clone() {
                    let mut bound = Vec::new();
                    let _ = kind.run_digit(plane, 0, size, &mut |fish| {
                        bound.push(*fish);
                        ControlFlow::Continue(())
                    });
                    let unbounded = run_digit_unbounded(kind, plane, size);
                    assert_eq!(bound, unbounded, "{kind:?} size {size}, plane {plane:?}");
                    if kind != SearchKind::KrakenBasic {
                        for fish in &unbounded {
                            assert!(fish.eliminations.is_subset_of(targets), "{fish:?}");
                        }
                    }
                    fish_seen += unbounded.len();
                }
            }
        }
        assert!(
            fish_seen > 1_000 && bounded > 100 && ruled_out > 100,
            "{fish_seen} fish, {bounded} planes bounded, {ruled_out} ruled out"
        );
    }

    #[test]
    fn searches_on_a_real_state_are_sound_and_unique() {
        // The X-Wing seed puzzle after singles: every fish any class finds removes no solution
        // candidate, and no (digit, base, cover) comes twice.
        let start = grid(
            "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46",
        );
        let solution = crate::oracle::solve(&start).solution.unwrap();
        let mut g = start.clone();
        let singles = [
            TechniqueId::FullHouse,
            TechniqueId::NakedSingle,
            TechniqueId::HiddenSingle,
        ];
        while let Some(step) = singles.iter().find_map(|t| t.find_first(&g)) {
            assert!(step.apply(&mut g));
        }
        let mut keys = std::collections::HashSet::new();
        let mut total = 0;
        for class in FISH_CLASSES {
            for size in MIN_SIZE..=4 {
                for step in (FishTechnique { class, size }).technique().find_all(&g) {
                    assert!(step.check_against(&solution).is_none(), "{step:?}");
                    assert!(keys.insert((step.digits, step.houses, step.cover_houses)));
                    assert_eq!(step.houses.count_ones() as usize, size);
                    assert_eq!(step.cover_houses.count_ones() as usize, size);
                    total += 1;
                }
            }
        }
        assert!(total > 0);
    }
}
