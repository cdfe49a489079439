//! Technique catalogue: every technique's id, display title, family and finder.
//!
//! Each technique family lives in its own file and talks to the grid only through the core's
//! public API. A finder enumerates steps in a fixed scan order and hands each to a sink; the
//! sink decides whether to continue, so one function serves both "first step" (grading) and
//! "all steps" (`explain --all`, tests).

use std::ops::ControlFlow;

use crate::core::Grid;
use crate::techniques::step::Step;

pub mod als;
pub mod brute_force;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod force_chain;
pub mod forcing_net;
pub mod hodoku_order;
pub mod intersections;
pub mod names;
pub mod nice_loop;
pub mod single_digit;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod sue_de_coq;
pub mod sue_de_coq_ex;
pub mod technique_map;
pub mod uniqueness;
pub mod wings;

/// Receives steps from a finder (by reference: steps are large and most are dropped);
/// `Break` stops the search.
pub type StepSink<'a> = dyn FnMut(&Step) -> ControlFlow<()> + 'a;

/// A technique finder: enumerates the technique's steps in `grid`.
pub type FinderFn = fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>;

/// Static facts about one technique: one catalogue row.
///
/// A column that only some techniques fill is an `Option` (or has a neutral default) set by a
/// builder method on the row, so adding a column touches this struct, [`TechniqueInfo::new`],
/// one builder method and the rows that fill it.
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
    /// The standard finder (GNPX v4's search, and every scale's where no other is given).
    pub finder: FinderFn,
    /// HoDoKu's search, where it differs from [`TechniqueInfo::finder`] in order or in what it
    /// allows (its chains, loops, Sue de Coq, Empty Rectangle and ALS searches).
    pub hodoku_finder: Option<FinderFn>,
    /// GNPX v5.84's search, where it differs from GNPX v4's (its XY-Chain, Sue de Coq and ALS
    /// list).
    pub gnpx584_finder: Option<FinderFn>,
    /// GNPX's own method name (the labels of GNPX v5.8x's rated files, e.g.
    /// `LockedSet(2D)Hidden`); techniques GNPX lacks get their title without spaces.
    pub gnpx_label: &'static str,
}

/// Whose search a scale runs for a technique (see [`TechniqueInfo::finder_for`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Flavour {
    /// The standard finder ([`TechniqueInfo::finder`]).
    #[default]
    Standard,
    /// HoDoKu's search where the row has one ([`TechniqueInfo::hodoku_finder`]).
    Hodoku,
    /// GNPX v5.84's search where the row has one ([`TechniqueInfo::gnpx584_finder`]).
    Gnpx584,
}

impl TechniqueInfo {
    /// A row with the standard finder only and no GNPX label.
    const fn new(
        technique: TechniqueId,
        id: &'static str,
        title: &'static str,
        family: &'static str,
        group: Option<&'static str>,
        finder: FinderFn,
    ) -> TechniqueInfo {
        TechniqueInfo {
            technique,
            id,
            title,
            family,
            group,
            finder,
            hodoku_finder: None,
            gnpx584_finder: None,
            gnpx_label: "",
        }
    }

    /// The row with HoDoKu's search.
    const fn hodoku(self, finder: FinderFn) -> TechniqueInfo {
        TechniqueInfo {
            hodoku_finder: Some(finder),
            ..self
        }
    }

    /// The row with GNPX v5.84's search.
    const fn gnpx584(self, finder: FinderFn) -> TechniqueInfo {
        TechniqueInfo {
            gnpx584_finder: Some(finder),
            ..self
        }
    }

    /// The row with its GNPX label.
    const fn gnpx(self, label: &'static str) -> TechniqueInfo {
        TechniqueInfo {
            gnpx_label: label,
            ..self
        }
    }

    /// The finder `flavour` runs: its own search where the row has one, else the standard one.
    #[inline]
    pub fn finder_for(&self, flavour: Flavour) -> FinderFn {
        let own = match flavour {
            Flavour::Standard => None,
            Flavour::Hodoku => self.hodoku_finder,
            Flavour::Gnpx584 => self.gnpx584_finder,
        };
        own.unwrap_or(self.finder)
    }
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

/// The catalogue: each row is `Variant => (id, title, family, finder[, group])`, followed by the
/// builder calls of the columns it fills (`.hodoku(…)`, `.gnpx584(…)`, `.gnpx(…)`).
macro_rules! techniques {
    ($( $variant:ident => ($id:literal, $title:literal, $family:literal, $finder:path $(, $group:literal)?)
        $(. $column:ident ($value:expr))* ),* $(,)?) => {
        /// Identifies a technique; the discriminant indexes [`CATALOGUE`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum TechniqueId { $( #[doc = $title] $variant ),* }

        /// Every known technique, in `TechniqueId` order.
        pub static CATALOGUE: &[TechniqueInfo] = &[
            $( TechniqueInfo::new(
                TechniqueId::$variant,
                $id,
                $title,
                $family,
                optional_group!($($group)?),
                $finder,
            ) $(. $column($value))* ),*
        ];
    };
}

techniques! {
    FullHouse => ("full-house", "Full House", "singles", singles::full_house).gnpx("LastDigit"),
    NakedSingle => ("naked-single", "Naked Single", "singles", singles::naked_single).gnpx("NakedSingle"),
    HiddenSingle => ("hidden-single", "Hidden Single", "singles", singles::hidden_single).gnpx("HiddenSingle"),
    LockedCandidatesPointing => ("locked-candidates-pointing", "Locked Candidates (pointing)", "intersections", intersections::pointing).gnpx("LockedCandidate"),
    LockedCandidatesClaiming => ("locked-candidates-claiming", "Locked Candidates (claiming)", "intersections", intersections::claiming).gnpx("LockedCandidate"),
    NakedPair => ("naked-pair", "Naked Pair", "subsets", subsets::naked_pair).gnpx("LockedSet(2D)"),
    HiddenPair => ("hidden-pair", "Hidden Pair", "subsets", subsets::hidden_pair).gnpx("LockedSet(2D)Hidden"),
    NakedTriple => ("naked-triple", "Naked Triple", "subsets", subsets::naked_triple).gnpx("LockedSet(3D)"),
    HiddenTriple => ("hidden-triple", "Hidden Triple", "subsets", subsets::hidden_triple).gnpx("LockedSet(3D)Hidden"),
    NakedQuad => ("naked-quad", "Naked Quad", "subsets", subsets::naked_quad).gnpx("LockedSet(4D)"),
    HiddenQuad => ("hidden-quad", "Hidden Quad", "subsets", subsets::hidden_quad).gnpx("LockedSet(4D)Hidden"),
    LockedPair => ("locked-pair", "Locked Pair", "intersections", subsets::locked_pair).gnpx("LockedPair"),
    LockedTriple => ("locked-triple", "Locked Triple", "intersections", subsets::locked_triple).gnpx("LockedTriple"),
    UniqueRectangle1 => ("unique-rectangle-1", "Unique Rectangle Type 1", "uniqueness", uniqueness::unique_rectangle_1).gnpx("UniqueRectangle1"),
    UniqueRectangle2 => ("unique-rectangle-2", "Unique Rectangle Type 2", "uniqueness", uniqueness::unique_rectangle_2).gnpx("UniqueRectangle2"),
    UniqueRectangle3 => ("unique-rectangle-3", "Unique Rectangle Type 3", "uniqueness", uniqueness::unique_rectangle_3).gnpx("UniqueRectangle3"),
    UniqueRectangle4 => ("unique-rectangle-4", "Unique Rectangle Type 4", "uniqueness", uniqueness::unique_rectangle_4).gnpx("UniqueRectangle4"),
    UniqueRectangle5 => ("unique-rectangle-5", "Unique Rectangle Type 5", "uniqueness", uniqueness::unique_rectangle_5).gnpx("UniqueRectangle5"),
    UniqueRectangle6 => ("unique-rectangle-6", "Unique Rectangle Type 6", "uniqueness", uniqueness::unique_rectangle_6).gnpx("UniqueRectangle6"),
    HiddenRectangle => ("hidden-rectangle", "Hidden Rectangle", "uniqueness", uniqueness::hidden_rectangle).gnpx("HiddenRectangle"),
    AvoidableRectangle1 => ("avoidable-rectangle-1", "Avoidable Rectangle Type 1", "uniqueness", uniqueness::avoidable_rectangle_1).gnpx("AvoidableRectangle1"),
    AvoidableRectangle2 => ("avoidable-rectangle-2", "Avoidable Rectangle Type 2", "uniqueness", uniqueness::avoidable_rectangle_2).gnpx("AvoidableRectangle2"),
    BugPlusOne => ("bug-plus-one", "BUG+1", "uniqueness", uniqueness::bug_plus_one).gnpx("BUG+1"),
    Skyscraper => ("skyscraper", "Skyscraper", "single-digit", single_digit::skyscraper).gnpx("Skyscraper"),
    TwoStringKite => ("two-string-kite", "2-String Kite", "single-digit", single_digit::two_string_kite).gnpx("Skyscraper"),
    TurbotFish => ("turbot-fish", "Turbot Fish", "single-digit", single_digit::turbot_fish).hodoku(chains::hodoku_turbot_fish).gnpx("Skyscraper"),
    EmptyRectangle => ("empty-rectangle", "Empty Rectangle", "single-digit", single_digit::empty_rectangle).hodoku(single_digit::empty_rectangle_hodoku).gnpx("EmptyRectangleEx"),
    XyWing => ("xy-wing", "XY-Wing", "wings", wings::xy_wing).gnpx("XY_Wing"),
    WWing => ("w-wing", "W-Wing", "wings", wings::w_wing).gnpx("W_Wing"),
    RemotePair => ("remote-pair", "Remote Pair", "wings", chains::remote_pair).hodoku(chains::hodoku_remote_pair).gnpx("RemotePair"),
    XChain => ("x-chain", "X-Chain", "chains", chains::x_chain).hodoku(chains::hodoku_x_chain).gnpx("XChain"),
    XyChain => ("xy-chain", "XY-Chain", "chains", chains::xy_chain).hodoku(chains::hodoku_xy_chain).gnpx584(chains::gnpx584_xy_chain).gnpx("XYChain"),
    SueDeCoq => ("sue-de-coq", "Sue de Coq", "misc", sue_de_coq::sue_de_coq).hodoku(sue_de_coq::sue_de_coq_hodoku).gnpx584(sue_de_coq::sue_de_coq_gnpx584).gnpx("SueDeCoq"),
    SueDeCoqEx1 => ("sue-de-coq-ex1", "SueDeCoqEx1", "misc", sue_de_coq_ex::sue_de_coq_ex1, "sue-de-coq-ex").gnpx("SueDeCoqEx1"),
    SueDeCoqEx2 => ("sue-de-coq-ex2", "SueDeCoqEx2", "misc", sue_de_coq_ex::sue_de_coq_ex2, "sue-de-coq-ex").gnpx("SueDeCoqEx2"),
    FinnedSueDeCoqEx1 => ("finned-sue-de-coq-ex1", "Finned SueDeCoqEx1", "misc", sue_de_coq_ex::finned_sue_de_coq_ex1, "sue-de-coq-ex").gnpx("Finned_SueDeCoqEx1"),
    FinnedSueDeCoqEx2 => ("finned-sue-de-coq-ex2", "Finned SueDeCoqEx2", "misc", sue_de_coq_ex::finned_sue_de_coq_ex2, "sue-de-coq-ex").gnpx("Finned_SueDeCoqEx2"),
    ColorTrap => ("color-trap", "Color Trap", "coloring", coloring::color_trap).gnpx("Color_Trap"),
    ColorWrap => ("color-wrap", "Color Wrap", "coloring", coloring::color_wrap).gnpx("Color_Wrap"),
    MultiColor1 => ("multi-color-1", "Multi-Color Type 1", "coloring", coloring::multi_color_1).gnpx("MultiColor_Type1"),
    MultiColor2 => ("multi-color-2", "Multi-Color Type 2", "coloring", coloring::multi_color_2).gnpx("MultiColor_Type2"),
    XyzWing => ("xyz-wing", "XYZ-Wing", "wings", wings::xyz_wing).gnpx("XYZ_Wing"),
    XyzWingAls => ("xyz-wing-als", "XYZ-Wing (ALS)", "wings", wings::xyz_wing_als).gnpx("XYZ_WingALS"),
    AlsXz => ("als-xz", "ALS-XZ", "als", als::als_xz).hodoku(als::hodoku::als_xz).gnpx584(als::als_xz_gnpx584).gnpx("ALS_XZ"),
    AlsXyWing => ("als-xy-wing", "ALS-XY-Wing", "als", als::als_xy_wing).hodoku(als::hodoku::als_xy_wing).gnpx584(als::als_xy_wing_gnpx584).gnpx("ALS_XYWing"),
    AlsChain => ("als-chain", "ALS-Chain", "als", als::als_chain).hodoku(als::hodoku::als_chain).gnpx("ALS_Chain"),
    DeathBlossom => ("death-blossom", "Death Blossom", "als", als::death_blossom).gnpx("DeathBlossom"),
    NiceLoop => ("nice-loop", "Nice Loop/AIC", "chains", nice_loop::nice_loop).hodoku(nice_loop::hodoku::nice_loops).gnpx("NiceLoop"),
    GroupedNiceLoop => ("grouped-nice-loop", "Grouped Nice Loop/AIC", "chains", nice_loop::grouped_nice_loop).hodoku(nice_loop::hodoku::grouped_nice_loops).gnpx("GroupedNiceLoop"),
    KrakenFish => ("kraken-fish", "Kraken Fish", "fish", fish::kraken_fish, "fish-kraken").gnpx("KrakenFish"),
    ForceChainCell => ("force-chain-cell", "ForceChain_Cell", "force-chain", force_chain::force_chain_cell).gnpx("ForceChain_Cell"),
    ForceChainHouse => ("force-chain-house", "ForceChain_House", "force-chain", force_chain::force_chain_house).gnpx("ForceChain_House"),
    ForceChainContradiction => ("force-chain-contradiction", "ForceChain_Contradiction", "force-chain", force_chain::force_chain_contradiction).gnpx("ForceChain_Contradiction"),
    ForceChainBoth => ("force-chain-both", "ForceChain_Both", "force-chain", force_chain::force_chain_both).gnpx("ForceChain_Both"),
    ForcingChain => ("forcing-chain", "Forcing Chain", "hodoku-forcing", forcing_net::forcing_chain).gnpx("ForcingChain"),
    ForcingNet => ("forcing-net", "Forcing Net", "hodoku-forcing", forcing_net::forcing_net).gnpx("ForcingNet"),
    BruteForce => ("brute-force", "Brute Force", "last-resort", brute_force::brute_force).gnpx("BruteForce"),
    XWing => ("x-wing", "X-Wing", "fish", fish::x_wing, "fish-basic").gnpx("XWing"),
    Swordfish => ("swordfish", "SwordFish", "fish", fish::swordfish, "fish-basic").gnpx("SwordFish"),
    Jellyfish => ("jellyfish", "JellyFish", "fish", fish::jellyfish, "fish-basic").gnpx("JellyFish"),
    Squirmbag => ("squirmbag", "Squirmbag", "fish", fish::squirmbag, "fish-basic").gnpx("Squirmbag"),
    Whale => ("whale", "Whale", "fish", fish::whale, "fish-basic").gnpx("Whale"),
    Leviathan => ("leviathan", "Leviathan", "fish", fish::leviathan, "fish-basic").gnpx("Leviathan"),
    FinnedXWing => ("finned-x-wing", "Finned X-Wing", "fish", fish::finned_x_wing, "fish-finned").gnpx("Finned_XWing"),
    FinnedSwordfish => ("finned-swordfish", "Finned SwordFish", "fish", fish::finned_swordfish, "fish-finned").gnpx("Finned_SwordFish"),
    FinnedJellyfish => ("finned-jellyfish", "Finned JellyFish", "fish", fish::finned_jellyfish, "fish-finned").gnpx("Finned_JellyFish"),
    FinnedSquirmbag => ("finned-squirmbag", "Finned Squirmbag", "fish", fish::finned_squirmbag, "fish-finned").gnpx("Finned_Squirmbag"),
    FinnedWhale => ("finned-whale", "Finned Whale", "fish", fish::finned_whale, "fish-finned").gnpx("Finned_Whale"),
    FinnedLeviathan => ("finned-leviathan", "Finned Leviathan", "fish", fish::finned_leviathan, "fish-finned").gnpx("Finned_Leviathan"),
    SashimiXWing => ("sashimi-x-wing", "Sashimi X-Wing", "fish", fish::sashimi_x_wing, "fish-finned").gnpx("Finned_XWing"),
    SashimiSwordfish => ("sashimi-swordfish", "Sashimi SwordFish", "fish", fish::sashimi_swordfish, "fish-finned").gnpx("Finned_SwordFish"),
    SashimiJellyfish => ("sashimi-jellyfish", "Sashimi JellyFish", "fish", fish::sashimi_jellyfish, "fish-finned").gnpx("Finned_JellyFish"),
    SashimiSquirmbag => ("sashimi-squirmbag", "Sashimi Squirmbag", "fish", fish::sashimi_squirmbag, "fish-finned").gnpx("Finned_Squirmbag"),
    SashimiWhale => ("sashimi-whale", "Sashimi Whale", "fish", fish::sashimi_whale, "fish-finned").gnpx("Finned_Whale"),
    SashimiLeviathan => ("sashimi-leviathan", "Sashimi Leviathan", "fish", fish::sashimi_leviathan, "fish-finned").gnpx("Finned_Leviathan"),
    FrankenXWing => ("franken-x-wing", "Franken X-Wing", "fish", fish::franken_x_wing, "fish-franken").gnpx("Franken/Mutant_Fish"),
    FrankenSwordfish => ("franken-swordfish", "Franken SwordFish", "fish", fish::franken_swordfish, "fish-franken").gnpx("Franken/Mutant_Fish"),
    FrankenJellyfish => ("franken-jellyfish", "Franken JellyFish", "fish", fish::franken_jellyfish, "fish-franken").gnpx("Franken/Mutant_Fish"),
    FrankenSquirmbag => ("franken-squirmbag", "Franken Squirmbag", "fish", fish::franken_squirmbag, "fish-franken").gnpx("Franken/Mutant_Fish"),
    FrankenWhale => ("franken-whale", "Franken Whale", "fish", fish::franken_whale, "fish-franken").gnpx("Franken/Mutant_Fish"),
    FrankenLeviathan => ("franken-leviathan", "Franken Leviathan", "fish", fish::franken_leviathan, "fish-franken").gnpx("Franken/Mutant_Fish"),
    FinnedFrankenXWing => ("finned-franken-x-wing", "Finned Franken X-Wing", "fish", fish::finned_franken_x_wing, "fish-franken").gnpx("(Finned)Franken/MutantFish"),
    FinnedFrankenSwordfish => ("finned-franken-swordfish", "Finned Franken SwordFish", "fish", fish::finned_franken_swordfish, "fish-franken").gnpx("(Finned)Franken/MutantFish"),
    FinnedFrankenJellyfish => ("finned-franken-jellyfish", "Finned Franken JellyFish", "fish", fish::finned_franken_jellyfish, "fish-franken").gnpx("(Finned)Franken/MutantFish"),
    FinnedFrankenSquirmbag => ("finned-franken-squirmbag", "Finned Franken Squirmbag", "fish", fish::finned_franken_squirmbag, "fish-franken").gnpx("(Finned)Franken/MutantFish"),
    FinnedFrankenWhale => ("finned-franken-whale", "Finned Franken Whale", "fish", fish::finned_franken_whale, "fish-franken").gnpx("(Finned)Franken/MutantFish"),
    FinnedFrankenLeviathan => ("finned-franken-leviathan", "Finned Franken Leviathan", "fish", fish::finned_franken_leviathan, "fish-franken").gnpx("(Finned)Franken/MutantFish"),
    MutantXWing => ("mutant-x-wing", "Mutant X-Wing", "fish", fish::mutant_x_wing, "fish-mutant").gnpx("Franken/Mutant_Fish"),
    MutantSwordfish => ("mutant-swordfish", "Mutant SwordFish", "fish", fish::mutant_swordfish, "fish-mutant").gnpx("Franken/Mutant_Fish"),
    MutantJellyfish => ("mutant-jellyfish", "Mutant JellyFish", "fish", fish::mutant_jellyfish, "fish-mutant").gnpx("Franken/Mutant_Fish"),
    MutantSquirmbag => ("mutant-squirmbag", "Mutant Squirmbag", "fish", fish::mutant_squirmbag, "fish-mutant").gnpx("Franken/Mutant_Fish"),
    MutantWhale => ("mutant-whale", "Mutant Whale", "fish", fish::mutant_whale, "fish-mutant").gnpx("Franken/Mutant_Fish"),
    MutantLeviathan => ("mutant-leviathan", "Mutant Leviathan", "fish", fish::mutant_leviathan, "fish-mutant").gnpx("Franken/Mutant_Fish"),
    FinnedMutantXWing => ("finned-mutant-x-wing", "Finned Mutant X-Wing", "fish", fish::finned_mutant_x_wing, "fish-mutant").gnpx("(Finned)Franken/MutantFish"),
    FinnedMutantSwordfish => ("finned-mutant-swordfish", "Finned Mutant SwordFish", "fish", fish::finned_mutant_swordfish, "fish-mutant").gnpx("(Finned)Franken/MutantFish"),
    FinnedMutantJellyfish => ("finned-mutant-jellyfish", "Finned Mutant JellyFish", "fish", fish::finned_mutant_jellyfish, "fish-mutant").gnpx("(Finned)Franken/MutantFish"),
    FinnedMutantSquirmbag => ("finned-mutant-squirmbag", "Finned Mutant Squirmbag", "fish", fish::finned_mutant_squirmbag, "fish-mutant").gnpx("(Finned)Franken/MutantFish"),
    FinnedMutantWhale => ("finned-mutant-whale", "Finned Mutant Whale", "fish", fish::finned_mutant_whale, "fish-mutant").gnpx("(Finned)Franken/MutantFish"),
    FinnedMutantLeviathan => ("finned-mutant-leviathan", "Finned Mutant Leviathan", "fish", fish::finned_mutant_leviathan, "fish-mutant").gnpx("(Finned)Franken/MutantFish"),
    EndoFinnedFmXWing => ("endo-finned-fm-x-wing", "Endo-Finned F/M X-Wing", "fish", fish::endo_finned_fm_x_wing, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    EndoFinnedFmSwordfish => ("endo-finned-fm-swordfish", "Endo-Finned F/M SwordFish", "fish", fish::endo_finned_fm_swordfish, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    EndoFinnedFmJellyfish => ("endo-finned-fm-jellyfish", "Endo-Finned F/M JellyFish", "fish", fish::endo_finned_fm_jellyfish, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    EndoFinnedFmSquirmbag => ("endo-finned-fm-squirmbag", "Endo-Finned F/M Squirmbag", "fish", fish::endo_finned_fm_squirmbag, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    EndoFinnedFmWhale => ("endo-finned-fm-whale", "Endo-Finned F/M Whale", "fish", fish::endo_finned_fm_whale, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    EndoFinnedFmLeviathan => ("endo-finned-fm-leviathan", "Endo-Finned F/M Leviathan", "fish", fish::endo_finned_fm_leviathan, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    FinnedEndoFinnedFmXWing => ("finned-endo-finned-fm-x-wing", "Finned Endo-Finned F/M X-Wing", "fish", fish::finned_endo_finned_fm_x_wing, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    FinnedEndoFinnedFmSwordfish => ("finned-endo-finned-fm-swordfish", "Finned Endo-Finned F/M SwordFish", "fish", fish::finned_endo_finned_fm_swordfish, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    FinnedEndoFinnedFmJellyfish => ("finned-endo-finned-fm-jellyfish", "Finned Endo-Finned F/M JellyFish", "fish", fish::finned_endo_finned_fm_jellyfish, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    FinnedEndoFinnedFmSquirmbag => ("finned-endo-finned-fm-squirmbag", "Finned Endo-Finned F/M Squirmbag", "fish", fish::finned_endo_finned_fm_squirmbag, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    FinnedEndoFinnedFmWhale => ("finned-endo-finned-fm-whale", "Finned Endo-Finned F/M Whale", "fish", fish::finned_endo_finned_fm_whale, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    FinnedEndoFinnedFmLeviathan => ("finned-endo-finned-fm-leviathan", "Finned Endo-Finned F/M Leviathan", "fish", fish::finned_endo_finned_fm_leviathan, "fish-endo-cannibal").gnpx("EndoFinsFish"),
    CannibalisticFmXWing => ("cannibalistic-fm-x-wing", "Cannibalistic F/M X-Wing", "fish", fish::cannibalistic_fm_x_wing, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    CannibalisticFmSwordfish => ("cannibalistic-fm-swordfish", "Cannibalistic F/M SwordFish", "fish", fish::cannibalistic_fm_swordfish, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    CannibalisticFmJellyfish => ("cannibalistic-fm-jellyfish", "Cannibalistic F/M JellyFish", "fish", fish::cannibalistic_fm_jellyfish, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    CannibalisticFmSquirmbag => ("cannibalistic-fm-squirmbag", "Cannibalistic F/M Squirmbag", "fish", fish::cannibalistic_fm_squirmbag, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    CannibalisticFmWhale => ("cannibalistic-fm-whale", "Cannibalistic F/M Whale", "fish", fish::cannibalistic_fm_whale, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    CannibalisticFmLeviathan => ("cannibalistic-fm-leviathan", "Cannibalistic F/M Leviathan", "fish", fish::cannibalistic_fm_leviathan, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    FinnedCannibalisticFmXWing => ("finned-cannibalistic-fm-x-wing", "Finned Cannibalistic F/M X-Wing", "fish", fish::finned_cannibalistic_fm_x_wing, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    FinnedCannibalisticFmSwordfish => ("finned-cannibalistic-fm-swordfish", "Finned Cannibalistic F/M SwordFish", "fish", fish::finned_cannibalistic_fm_swordfish, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    FinnedCannibalisticFmJellyfish => ("finned-cannibalistic-fm-jellyfish", "Finned Cannibalistic F/M JellyFish", "fish", fish::finned_cannibalistic_fm_jellyfish, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    FinnedCannibalisticFmSquirmbag => ("finned-cannibalistic-fm-squirmbag", "Finned Cannibalistic F/M Squirmbag", "fish", fish::finned_cannibalistic_fm_squirmbag, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    FinnedCannibalisticFmWhale => ("finned-cannibalistic-fm-whale", "Finned Cannibalistic F/M Whale", "fish", fish::finned_cannibalistic_fm_whale, "fish-endo-cannibal").gnpx("CannibalisticFish"),
    FinnedCannibalisticFmLeviathan => ("finned-cannibalistic-fm-leviathan", "Finned Cannibalistic F/M Leviathan", "fish", fish::finned_cannibalistic_fm_leviathan, "fish-endo-cannibal").gnpx("CannibalisticFish"),
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

    /// GNPX's own method name for the technique ([`TechniqueInfo::gnpx_label`]).
    pub fn gnpx_label(self) -> &'static str {
        self.info().gnpx_label
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
        first_step_into(self.info().finder, grid, step)
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

/// Writes the first step `finder` yields into `step`; returns whether it yielded one (a miss
/// copies nothing).
#[inline]
pub fn first_step_into(finder: FinderFn, grid: &Grid, step: &mut Step) -> bool {
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

    #[test]
    fn every_row_has_a_gnpx_label() {
        for info in CATALOGUE {
            assert!(!info.gnpx_label.is_empty(), "{}", info.id);
        }
        assert_eq!(TechniqueId::HiddenPair.gnpx_label(), "LockedSet(2D)Hidden");
        assert_eq!(TechniqueId::SashimiXWing.gnpx_label(), "Finned_XWing");
        assert_eq!(TechniqueId::XyzWingAls.gnpx_label(), "XYZ_WingALS");
    }
}
