//! Technique catalogue: every technique's id, display title, family and finder.
//!
//! Each technique family lives in its own file and talks to the grid only through the core's
//! public API. A finder enumerates steps in a fixed scan order and hands each to a sink; the
//! sink decides whether to continue, so one function serves both "first step" (grading) and
//! "all steps" (`explain --all`, tests).

use std::ops::ControlFlow;

use crate::core::Grid;
use crate::scales::choice::StepChoice;
use crate::techniques::step::Step;

pub mod als;
pub mod brute_force;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod force_chain;
pub mod forcing_net;
pub mod gnpx_names;
pub mod intersections;
pub mod nice_loop;
pub mod single_digit;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod sue_de_coq;
pub mod sue_de_coq_ex;
pub mod technique_map;
pub mod text;
pub mod uniqueness;
pub mod wings;

/// Receives steps from a finder (by reference: steps are large and most are dropped);
/// `Break` stops the search.
pub type StepSink<'a> = dyn FnMut(&Step) -> ControlFlow<()> + 'a;

/// A technique finder: enumerates the technique's steps in `grid`.
pub type FinderFn = fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>;

/// Static facts about one technique.
pub struct TechniqueInfo {
    /// The technique this row describes.
    pub technique: TechniqueId,
    /// Stable id used on the command line, in CSV columns and JSON (e.g. `naked-pair`).
    pub id: &'static str,
    /// Human title used in explanations (e.g. `Naked Pair`).
    pub title: &'static str,
    /// Family name accepted by `--techniques` (e.g. `subsets`).
    pub family: &'static str,
    /// Optional sub-family (group) name also accepted by `--techniques` (e.g. `fish-finned`).
    pub group: Option<&'static str>,
    /// The finder.
    pub finder: FinderFn,
}

/// `None`, or `Some` of the optional group literal of a catalogue row.
macro_rules! optional_group {
    () => {
        None
    };
    ($group:literal) => {
        Some($group)
    };
}

macro_rules! techniques {
    ($( $variant:ident => ($id:literal, $title:literal, $family:literal, $finder:path $(, $group:literal)?) ),* $(,)?) => {
        /// Identifies a technique; the discriminant indexes [`CATALOGUE`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum TechniqueId { $( #[doc = $title] $variant ),* }

        /// Every known technique, in `TechniqueId` order.
        pub static CATALOGUE: &[TechniqueInfo] = &[
            $( TechniqueInfo {
                technique: TechniqueId::$variant,
                id: $id,
                title: $title,
                family: $family,
                group: optional_group!($($group)?),
                finder: $finder,
            } ),*
        ];
    };
}

techniques! {
    FullHouse => ("full-house", "Full House", "singles", singles::full_house),
    NakedSingle => ("naked-single", "Naked Single", "singles", singles::naked_single),
    HiddenSingle => ("hidden-single", "Hidden Single", "singles", singles::hidden_single),
    LockedCandidatesPointing => ("locked-candidates-pointing", "Locked Candidates (pointing)", "intersections", intersections::pointing),
    LockedCandidatesClaiming => ("locked-candidates-claiming", "Locked Candidates (claiming)", "intersections", intersections::claiming),
    NakedPair => ("naked-pair", "Naked Pair", "subsets", subsets::naked_pair),
    HiddenPair => ("hidden-pair", "Hidden Pair", "subsets", subsets::hidden_pair),
    NakedTriple => ("naked-triple", "Naked Triple", "subsets", subsets::naked_triple),
    HiddenTriple => ("hidden-triple", "Hidden Triple", "subsets", subsets::hidden_triple),
    NakedQuad => ("naked-quad", "Naked Quad", "subsets", subsets::naked_quad),
    HiddenQuad => ("hidden-quad", "Hidden Quad", "subsets", subsets::hidden_quad),
    LockedPair => ("locked-pair", "Locked Pair", "intersections", subsets::locked_pair),
    LockedTriple => ("locked-triple", "Locked Triple", "intersections", subsets::locked_triple),
    UniqueRectangle1 => ("unique-rectangle-1", "Unique Rectangle Type 1", "uniqueness", uniqueness::unique_rectangle_1),
    UniqueRectangle2 => ("unique-rectangle-2", "Unique Rectangle Type 2", "uniqueness", uniqueness::unique_rectangle_2),
    UniqueRectangle3 => ("unique-rectangle-3", "Unique Rectangle Type 3", "uniqueness", uniqueness::unique_rectangle_3),
    UniqueRectangle4 => ("unique-rectangle-4", "Unique Rectangle Type 4", "uniqueness", uniqueness::unique_rectangle_4),
    UniqueRectangle5 => ("unique-rectangle-5", "Unique Rectangle Type 5", "uniqueness", uniqueness::unique_rectangle_5),
    UniqueRectangle6 => ("unique-rectangle-6", "Unique Rectangle Type 6", "uniqueness", uniqueness::unique_rectangle_6),
    HiddenRectangle => ("hidden-rectangle", "Hidden Rectangle", "uniqueness", uniqueness::hidden_rectangle),
    AvoidableRectangle1 => ("avoidable-rectangle-1", "Avoidable Rectangle Type 1", "uniqueness", uniqueness::avoidable_rectangle_1),
    AvoidableRectangle2 => ("avoidable-rectangle-2", "Avoidable Rectangle Type 2", "uniqueness", uniqueness::avoidable_rectangle_2),
    BugPlusOne => ("bug-plus-one", "BUG+1", "uniqueness", uniqueness::bug_plus_one),
    Skyscraper => ("skyscraper", "Skyscraper", "single-digit", single_digit::skyscraper),
    TwoStringKite => ("two-string-kite", "2-String Kite", "single-digit", single_digit::two_string_kite),
    TurbotFish => ("turbot-fish", "Turbot Fish", "single-digit", single_digit::turbot_fish),
    EmptyRectangle => ("empty-rectangle", "Empty Rectangle", "single-digit", single_digit::empty_rectangle),
    XyWing => ("xy-wing", "XY-Wing", "wings", wings::xy_wing),
    WWing => ("w-wing", "W-Wing", "wings", wings::w_wing),
    RemotePair => ("remote-pair", "Remote Pair", "wings", chains::remote_pair),
    XChain => ("x-chain", "X-Chain", "chains", chains::x_chain),
    XyChain => ("xy-chain", "XY-Chain", "chains", chains::xy_chain),
    SueDeCoq => ("sue-de-coq", "Sue de Coq", "misc", sue_de_coq::sue_de_coq),
    SueDeCoqEx1 => ("sue-de-coq-ex1", "SueDeCoqEx1", "misc", sue_de_coq_ex::sue_de_coq_ex1, "sue-de-coq-ex"),
    SueDeCoqEx2 => ("sue-de-coq-ex2", "SueDeCoqEx2", "misc", sue_de_coq_ex::sue_de_coq_ex2, "sue-de-coq-ex"),
    FinnedSueDeCoqEx1 => ("finned-sue-de-coq-ex1", "Finned SueDeCoqEx1", "misc", sue_de_coq_ex::finned_sue_de_coq_ex1, "sue-de-coq-ex"),
    FinnedSueDeCoqEx2 => ("finned-sue-de-coq-ex2", "Finned SueDeCoqEx2", "misc", sue_de_coq_ex::finned_sue_de_coq_ex2, "sue-de-coq-ex"),
    ColorTrap => ("color-trap", "Color Trap", "coloring", coloring::color_trap),
    ColorWrap => ("color-wrap", "Color Wrap", "coloring", coloring::color_wrap),
    MultiColor1 => ("multi-color-1", "Multi-Color Type 1", "coloring", coloring::multi_color_1),
    MultiColor2 => ("multi-color-2", "Multi-Color Type 2", "coloring", coloring::multi_color_2),
    XyzWing => ("xyz-wing", "XYZ-Wing", "wings", wings::xyz_wing),
    XyzWingAls => ("xyz-wing-als", "XYZ-Wing (ALS)", "wings", wings::xyz_wing_als),
    AlsXz => ("als-xz", "ALS-XZ", "als", als::als_xz),
    AlsXyWing => ("als-xy-wing", "ALS-XY-Wing", "als", als::als_xy_wing),
    AlsChain => ("als-chain", "ALS-Chain", "als", als::als_chain),
    DeathBlossom => ("death-blossom", "Death Blossom", "als", als::death_blossom),
    NiceLoop => ("nice-loop", "Nice Loop/AIC", "chains", nice_loop::nice_loop),
    GroupedNiceLoop => ("grouped-nice-loop", "Grouped Nice Loop/AIC", "chains", nice_loop::grouped_nice_loop),
    KrakenFish => ("kraken-fish", "Kraken Fish", "fish", fish::kraken_fish, "fish-kraken"),
    ForceChainCell => ("force-chain-cell", "ForceChain_Cell", "force-chain", force_chain::force_chain_cell),
    ForceChainHouse => ("force-chain-house", "ForceChain_House", "force-chain", force_chain::force_chain_house),
    ForceChainContradiction => ("force-chain-contradiction", "ForceChain_Contradiction", "force-chain", force_chain::force_chain_contradiction),
    ForceChainBoth => ("force-chain-both", "ForceChain_Both", "force-chain", force_chain::force_chain_both),
    ForcingChain => ("forcing-chain", "Forcing Chain", "hodoku-forcing", forcing_net::forcing_chain),
    ForcingNet => ("forcing-net", "Forcing Net", "hodoku-forcing", forcing_net::forcing_net),
    BruteForce => ("brute-force", "Brute Force", "last-resort", brute_force::brute_force),
    XWing => ("x-wing", "X-Wing", "fish", fish::x_wing, "fish-basic"),
    Swordfish => ("swordfish", "SwordFish", "fish", fish::swordfish, "fish-basic"),
    Jellyfish => ("jellyfish", "JellyFish", "fish", fish::jellyfish, "fish-basic"),
    Squirmbag => ("squirmbag", "Squirmbag", "fish", fish::squirmbag, "fish-basic"),
    Whale => ("whale", "Whale", "fish", fish::whale, "fish-basic"),
    Leviathan => ("leviathan", "Leviathan", "fish", fish::leviathan, "fish-basic"),
    FinnedXWing => ("finned-x-wing", "Finned X-Wing", "fish", fish::finned_x_wing, "fish-finned"),
    FinnedSwordfish => ("finned-swordfish", "Finned SwordFish", "fish", fish::finned_swordfish, "fish-finned"),
    FinnedJellyfish => ("finned-jellyfish", "Finned JellyFish", "fish", fish::finned_jellyfish, "fish-finned"),
    FinnedSquirmbag => ("finned-squirmbag", "Finned Squirmbag", "fish", fish::finned_squirmbag, "fish-finned"),
    FinnedWhale => ("finned-whale", "Finned Whale", "fish", fish::finned_whale, "fish-finned"),
    FinnedLeviathan => ("finned-leviathan", "Finned Leviathan", "fish", fish::finned_leviathan, "fish-finned"),
    SashimiXWing => ("sashimi-x-wing", "Sashimi X-Wing", "fish", fish::sashimi_x_wing, "fish-finned"),
    SashimiSwordfish => ("sashimi-swordfish", "Sashimi SwordFish", "fish", fish::sashimi_swordfish, "fish-finned"),
    SashimiJellyfish => ("sashimi-jellyfish", "Sashimi JellyFish", "fish", fish::sashimi_jellyfish, "fish-finned"),
    SashimiSquirmbag => ("sashimi-squirmbag", "Sashimi Squirmbag", "fish", fish::sashimi_squirmbag, "fish-finned"),
    SashimiWhale => ("sashimi-whale", "Sashimi Whale", "fish", fish::sashimi_whale, "fish-finned"),
    SashimiLeviathan => ("sashimi-leviathan", "Sashimi Leviathan", "fish", fish::sashimi_leviathan, "fish-finned"),
    FrankenXWing => ("franken-x-wing", "Franken X-Wing", "fish", fish::franken_x_wing, "fish-franken"),
    FrankenSwordfish => ("franken-swordfish", "Franken SwordFish", "fish", fish::franken_swordfish, "fish-franken"),
    FrankenJellyfish => ("franken-jellyfish", "Franken JellyFish", "fish", fish::franken_jellyfish, "fish-franken"),
    FrankenSquirmbag => ("franken-squirmbag", "Franken Squirmbag", "fish", fish::franken_squirmbag, "fish-franken"),
    FrankenWhale => ("franken-whale", "Franken Whale", "fish", fish::franken_whale, "fish-franken"),
    FrankenLeviathan => ("franken-leviathan", "Franken Leviathan", "fish", fish::franken_leviathan, "fish-franken"),
    FinnedFrankenXWing => ("finned-franken-x-wing", "Finned Franken X-Wing", "fish", fish::finned_franken_x_wing, "fish-franken"),
    FinnedFrankenSwordfish => ("finned-franken-swordfish", "Finned Franken SwordFish", "fish", fish::finned_franken_swordfish, "fish-franken"),
    FinnedFrankenJellyfish => ("finned-franken-jellyfish", "Finned Franken JellyFish", "fish", fish::finned_franken_jellyfish, "fish-franken"),
    FinnedFrankenSquirmbag => ("finned-franken-squirmbag", "Finned Franken Squirmbag", "fish", fish::finned_franken_squirmbag, "fish-franken"),
    FinnedFrankenWhale => ("finned-franken-whale", "Finned Franken Whale", "fish", fish::finned_franken_whale, "fish-franken"),
    FinnedFrankenLeviathan => ("finned-franken-leviathan", "Finned Franken Leviathan", "fish", fish::finned_franken_leviathan, "fish-franken"),
    MutantXWing => ("mutant-x-wing", "Mutant X-Wing", "fish", fish::mutant_x_wing, "fish-mutant"),
    MutantSwordfish => ("mutant-swordfish", "Mutant SwordFish", "fish", fish::mutant_swordfish, "fish-mutant"),
    MutantJellyfish => ("mutant-jellyfish", "Mutant JellyFish", "fish", fish::mutant_jellyfish, "fish-mutant"),
    MutantSquirmbag => ("mutant-squirmbag", "Mutant Squirmbag", "fish", fish::mutant_squirmbag, "fish-mutant"),
    MutantWhale => ("mutant-whale", "Mutant Whale", "fish", fish::mutant_whale, "fish-mutant"),
    MutantLeviathan => ("mutant-leviathan", "Mutant Leviathan", "fish", fish::mutant_leviathan, "fish-mutant"),
    FinnedMutantXWing => ("finned-mutant-x-wing", "Finned Mutant X-Wing", "fish", fish::finned_mutant_x_wing, "fish-mutant"),
    FinnedMutantSwordfish => ("finned-mutant-swordfish", "Finned Mutant SwordFish", "fish", fish::finned_mutant_swordfish, "fish-mutant"),
    FinnedMutantJellyfish => ("finned-mutant-jellyfish", "Finned Mutant JellyFish", "fish", fish::finned_mutant_jellyfish, "fish-mutant"),
    FinnedMutantSquirmbag => ("finned-mutant-squirmbag", "Finned Mutant Squirmbag", "fish", fish::finned_mutant_squirmbag, "fish-mutant"),
    FinnedMutantWhale => ("finned-mutant-whale", "Finned Mutant Whale", "fish", fish::finned_mutant_whale, "fish-mutant"),
    FinnedMutantLeviathan => ("finned-mutant-leviathan", "Finned Mutant Leviathan", "fish", fish::finned_mutant_leviathan, "fish-mutant"),
    EndoFinnedFmXWing => ("endo-finned-fm-x-wing", "Endo-Finned F/M X-Wing", "fish", fish::endo_finned_fm_x_wing, "fish-endo-cannibal"),
    EndoFinnedFmSwordfish => ("endo-finned-fm-swordfish", "Endo-Finned F/M SwordFish", "fish", fish::endo_finned_fm_swordfish, "fish-endo-cannibal"),
    EndoFinnedFmJellyfish => ("endo-finned-fm-jellyfish", "Endo-Finned F/M JellyFish", "fish", fish::endo_finned_fm_jellyfish, "fish-endo-cannibal"),
    EndoFinnedFmSquirmbag => ("endo-finned-fm-squirmbag", "Endo-Finned F/M Squirmbag", "fish", fish::endo_finned_fm_squirmbag, "fish-endo-cannibal"),
    EndoFinnedFmWhale => ("endo-finned-fm-whale", "Endo-Finned F/M Whale", "fish", fish::endo_finned_fm_whale, "fish-endo-cannibal"),
    EndoFinnedFmLeviathan => ("endo-finned-fm-leviathan", "Endo-Finned F/M Leviathan", "fish", fish::endo_finned_fm_leviathan, "fish-endo-cannibal"),
    FinnedEndoFinnedFmXWing => ("finned-endo-finned-fm-x-wing", "Finned Endo-Finned F/M X-Wing", "fish", fish::finned_endo_finned_fm_x_wing, "fish-endo-cannibal"),
    FinnedEndoFinnedFmSwordfish => ("finned-endo-finned-fm-swordfish", "Finned Endo-Finned F/M SwordFish", "fish", fish::finned_endo_finned_fm_swordfish, "fish-endo-cannibal"),
    FinnedEndoFinnedFmJellyfish => ("finned-endo-finned-fm-jellyfish", "Finned Endo-Finned F/M JellyFish", "fish", fish::finned_endo_finned_fm_jellyfish, "fish-endo-cannibal"),
    FinnedEndoFinnedFmSquirmbag => ("finned-endo-finned-fm-squirmbag", "Finned Endo-Finned F/M Squirmbag", "fish", fish::finned_endo_finned_fm_squirmbag, "fish-endo-cannibal"),
    FinnedEndoFinnedFmWhale => ("finned-endo-finned-fm-whale", "Finned Endo-Finned F/M Whale", "fish", fish::finned_endo_finned_fm_whale, "fish-endo-cannibal"),
    FinnedEndoFinnedFmLeviathan => ("finned-endo-finned-fm-leviathan", "Finned Endo-Finned F/M Leviathan", "fish", fish::finned_endo_finned_fm_leviathan, "fish-endo-cannibal"),
    CannibalisticFmXWing => ("cannibalistic-fm-x-wing", "Cannibalistic F/M X-Wing", "fish", fish::cannibalistic_fm_x_wing, "fish-endo-cannibal"),
    CannibalisticFmSwordfish => ("cannibalistic-fm-swordfish", "Cannibalistic F/M SwordFish", "fish", fish::cannibalistic_fm_swordfish, "fish-endo-cannibal"),
    CannibalisticFmJellyfish => ("cannibalistic-fm-jellyfish", "Cannibalistic F/M JellyFish", "fish", fish::cannibalistic_fm_jellyfish, "fish-endo-cannibal"),
    CannibalisticFmSquirmbag => ("cannibalistic-fm-squirmbag", "Cannibalistic F/M Squirmbag", "fish", fish::cannibalistic_fm_squirmbag, "fish-endo-cannibal"),
    CannibalisticFmWhale => ("cannibalistic-fm-whale", "Cannibalistic F/M Whale", "fish", fish::cannibalistic_fm_whale, "fish-endo-cannibal"),
    CannibalisticFmLeviathan => ("cannibalistic-fm-leviathan", "Cannibalistic F/M Leviathan", "fish", fish::cannibalistic_fm_leviathan, "fish-endo-cannibal"),
    FinnedCannibalisticFmXWing => ("finned-cannibalistic-fm-x-wing", "Finned Cannibalistic F/M X-Wing", "fish", fish::finned_cannibalistic_fm_x_wing, "fish-endo-cannibal"),
    FinnedCannibalisticFmSwordfish => ("finned-cannibalistic-fm-swordfish", "Finned Cannibalistic F/M SwordFish", "fish", fish::finned_cannibalistic_fm_swordfish, "fish-endo-cannibal"),
    FinnedCannibalisticFmJellyfish => ("finned-cannibalistic-fm-jellyfish", "Finned Cannibalistic F/M JellyFish", "fish", fish::finned_cannibalistic_fm_jellyfish, "fish-endo-cannibal"),
    FinnedCannibalisticFmSquirmbag => ("finned-cannibalistic-fm-squirmbag", "Finned Cannibalistic F/M Squirmbag", "fish", fish::finned_cannibalistic_fm_squirmbag, "fish-endo-cannibal"),
    FinnedCannibalisticFmWhale => ("finned-cannibalistic-fm-whale", "Finned Cannibalistic F/M Whale", "fish", fish::finned_cannibalistic_fm_whale, "fish-endo-cannibal"),
    FinnedCannibalisticFmLeviathan => ("finned-cannibalistic-fm-leviathan", "Finned Cannibalistic F/M Leviathan", "fish", fish::finned_cannibalistic_fm_leviathan, "fish-endo-cannibal"),
}

impl TechniqueId {
    /// Number of known techniques.
    pub const COUNT: usize = CATALOGUE.len();

    /// The catalogue row of this technique.
    #[inline]
    pub fn info(self) -> &'static TechniqueInfo {
        &CATALOGUE[self as usize]
    }

    /// The stable id string (e.g. `hidden-single`).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Whether the technique's deductions hold only if the puzzle's solution is unique
    /// (the `uniqueness` family: unique rectangles, BUG+1 …).
    pub fn assumes_uniqueness(self) -> bool {
        self.info().family == "uniqueness"
    }

    /// Looks a technique up by its id string.
    pub fn from_id(id: &str) -> Option<TechniqueId> {
        CATALOGUE.iter().find(|t| t.id == id).map(|t| t.technique)
    }

    /// The first step this technique finds in `grid`, in its scan order.
    pub fn find_first(self, grid: &Grid) -> Option<Step> {
        let mut found = None;
        let _ = (self.info().finder)(grid, &mut |step| {
            found = Some(step.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// Writes the first step this technique finds in `grid` into `step`; returns whether it
    /// found one. The grading loop reuses one `Step` this way: a miss copies nothing.
    #[inline]
    pub fn find_first_into(self, grid: &Grid, step: &mut Step) -> bool {
        first_into(self.info().finder, grid, step)
    }

    /// Writes the step `choice` prefers among those this technique finds in `grid` into `step`
    /// (with [`StepChoice::First`], [`TechniqueId::find_first_into`]); returns whether it found
    /// one.
    pub fn find_chosen_into(self, grid: &Grid, step: &mut Step, choice: StepChoice) -> bool {
        if choice.takes_first() {
            return first_into(choice.finder(self), grid, step);
        }
        let mut found = false;
        let _ = (choice.finder(self))(grid, &mut |candidate| {
            if !found || choice.prefers(candidate, step) {
                step.clone_from(candidate);
                found = true;
            }
            ControlFlow::Continue(())
        });
        found
    }

    /// Every step this technique finds in `grid`.
    pub fn find_all(self, grid: &Grid) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = (self.info().finder)(grid, &mut |step| {
            steps.push(step.clone());
            ControlFlow::Continue(())
        });
        steps
    }
}

/// Writes the first step `finder` yields into `step`; returns whether it yielded one.
#[inline]
fn first_into(finder: FinderFn, grid: &Grid, step: &mut Step) -> bool {
    let mut found = false;
    let _ = finder(grid, &mut |first| {
        step.clone_from(first);
        found = true;
        ControlFlow::Break(())
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_indexed_by_id() {
        for (i, info) in CATALOGUE.iter().enumerate() {
            assert_eq!(info.technique as usize, i);
            assert_eq!(TechniqueId::from_id(info.id), Some(info.technique));
        }
        assert_eq!(TechniqueId::from_id("no-such-thing"), None);
    }
}
