//! Technique catalogue: one row per technique with its id, display title, family and group,
//! its standard finder, HoDoKu's and GNPX v5.84's searches where they differ, and GNPX's label.
//! Which scale rates a technique, and how, is the scales' business (`crate::scales`): nothing
//! here refers to them.
//!
//! Each technique family lives in its own file and talks to the grid only through the core's
//! public API. A finder enumerates steps in a fixed scan order and hands each to a sink; the
//! sink decides whether to continue, so one function serves both "first step" (grading) and
//! "all steps" (`explain --all`, tests).

use std::ops::ControlFlow;

use crate::core::Grid;
use crate::techniques::step::Step;
use crate::techniques::text::StepText;

pub mod als;
pub mod brute_force;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod force_chain;
pub mod forcing_net;
pub mod hodoku_order;
pub mod intersections;
pub mod memo;
pub mod names;
pub mod nice_loop;
pub mod se;
pub mod se_chains;
pub mod single_digit;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod sue_de_coq;
pub mod sue_de_coq_ex;
pub mod technique_map;
pub mod text;
pub mod trace;
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
/// builder method on the row, so adding a column touches this struct, `TechniqueInfo::new`,
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
    /// How a step of the technique is written (its line, long-form lines and JSON extras);
    /// the family's text functions, [`text::default_line`] when the row names none.
    pub text: StepText,
    /// What the technique's soundness rests on beyond the candidates in the grid; the grader
    /// runs it only where every premise holds ([`Premise::NONE`] for most techniques).
    pub premise: Premise,
    /// Sudoku Explainer's search (`--scale se`), where it differs from the standard one in
    /// order, house filters or difficulty (SE's finders set each step's difficulty).
    pub se_finder: Option<FinderFn>,
    /// Sudoku Explainer's hint name of a step, where it is not the row's title (it may depend
    /// on the step: "Unique Loop 8 type 2"); read it through [`se::se_name`].
    pub se_name: Option<SeNameFn>,
}

/// SE's hint name of a step of one technique.
pub type SeNameFn = fn(&Step) -> &'static str;

/// What a technique's deductions rest on beyond the grid's candidates: a set of premises.
///
/// Most techniques need none: each deduction follows from the candidates alone, so it holds in
/// every solution. The others are sound only where the grader knows more about the puzzle, and
/// it runs them only there (`crate::grading`): a premise it cannot vouch for skips the rung.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Premise(u8);

impl Premise {
    /// No premise: sound on any grid.
    pub const NONE: Premise = Premise(0);
    /// The puzzle has a solution. "One of these is true" reasoning (ForceChain cell, house and
    /// both forms, Kraken fish, HoDoKu's forcing chains and nets) concludes what every case
    /// implies; without a solution every case is false and one step can place digits that
    /// contradict each other.
    pub const SOLUTION_EXISTS: Premise = Premise(1);
    /// The puzzle has exactly one solution (and so a solution): the uniqueness techniques
    /// rule out a deadly pattern because it would give a second one.
    pub const UNIQUE_SOLUTION: Premise = Premise(1 | 2);
    /// Which solved cells were givens is known: an 81-character puzzle, not a pencil-mark
    /// state. Avoidable rectangles treat solved non-given cells as open to a swap, which a
    /// given (or a cell the state had already narrowed) is not; HoDoKu's unique and hidden
    /// rectangles let a corner miss a pair digit that was only eliminated, which is sound when
    /// the givens alone define the puzzle but not when the state's own candidates do (a
    /// pencil-mark state may have left that digit out of the corner from the start).
    pub const GIVENS_KNOWN: Premise = Premise(4);
    /// Every premise.
    pub const ALL: Premise = Premise(1 | 2 | 4);

    /// Both sets of premises.
    #[must_use]
    pub const fn union(self, other: Premise) -> Premise {
        Premise(self.0 | other.0)
    }

    /// Whether every premise of `other` is in `self`.
    #[inline]
    pub const fn contains(self, other: Premise) -> bool {
        self.0 & other.0 == other.0
    }

    /// The premises' names (`solution-exists`, `unique-solution`, `givens-known`), as the
    /// docs/techniques.md lists them; `UNIQUE_SOLUTION` names itself only, though it implies a solution.
    pub fn names(self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.contains(Premise::UNIQUE_SOLUTION) {
            names.push("unique-solution");
        } else if self.contains(Premise::SOLUTION_EXISTS) {
            names.push("solution-exists");
        }
        if self.contains(Premise::GIVENS_KNOWN) {
            names.push("givens-known");
        }
        names
    }
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
    /// Sudoku Explainer's search where the row has one ([`TechniqueInfo::se_finder`]).
    Se,
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
            text: StepText::line(text::default_line),
            premise: Premise::NONE,
            se_finder: None,
            se_name: None,
        }
    }

    /// The row with Sudoku Explainer's search.
    const fn se(self, finder: FinderFn) -> TechniqueInfo {
        TechniqueInfo {
            se_finder: Some(finder),
            ..self
        }
    }

    /// The row with Sudoku Explainer's search and name of a fish, where SE has the fish.
    const fn se_fish(self, se: Option<(FinderFn, SeNameFn)>) -> TechniqueInfo {
        match se {
            Some((finder, name)) => self.se(finder).se_title(name),
            None => self,
        }
    }

    /// The row with Sudoku Explainer's hint name, the same for every step.
    const fn se_title(self, name: SeNameFn) -> TechniqueInfo {
        TechniqueInfo {
            se_name: Some(name),
            ..self
        }
    }

    /// The row with the premises its soundness rests on.
    const fn premise(self, premise: Premise) -> TechniqueInfo {
        TechniqueInfo { premise, ..self }
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

    /// The row with its step text (line, long-form lines and JSON extras).
    const fn text(self, text: StepText) -> TechniqueInfo {
        TechniqueInfo { text, ..self }
    }

    /// The row with its step line (no long-form lines, no JSON extras).
    const fn line(self, line: text::LineFn) -> TechniqueInfo {
        self.text(StepText::line(line))
    }

    /// The finder `flavour` runs: its own search where the row has one, else the standard one.
    #[inline]
    pub fn finder_for(&self, flavour: Flavour) -> FinderFn {
        let own = match flavour {
            Flavour::Standard => None,
            Flavour::Hodoku => self.hodoku_finder,
            Flavour::Gnpx584 => self.gnpx584_finder,
            Flavour::Se => self.se_finder,
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
/// builder calls of the columns it fills (`.hodoku(…)`, `.gnpx584(…)`, `.gnpx(…)`, `.line(…)` or
/// `.text(…)`, `.premise(…)`). The fish
/// rows come last, generated from one line per [`fish::FishClass`] (in its order) over the six
/// sizes: `Class => (id prefix, title prefix, group, GNPX label): [variant of each size]`, where
/// the label is one for every size or `sized PREFIX` (PREFIX + GNPX's name of the size).
macro_rules! techniques {
    ($( $variant:ident => ($id:literal, $title:literal, $family:literal, $finder:path $(, $group:literal)?)
        $(. $column:ident ($value:expr))* ),* ;
     fish {
        $( $class:ident => ($id_prefix:literal, $title_prefix:literal, $fish_group:literal, $($label:tt)+):
            [$v2:ident, $v3:ident, $v4:ident, $v5:ident, $v6:ident, $v7:ident] ),* $(,)?
     }
     tail {
        $( $tvariant:ident => ($tid:literal, $ttitle:literal, $tfamily:literal, $tfinder:path)
            $(. $tcolumn:ident ($tvalue:expr))* ),* $(,)?
     }) => {
        /// Identifies a technique; the discriminant indexes [`CATALOGUE`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum TechniqueId {
            $( #[doc = $title] $variant, )*
            $(
                #[doc = concat!($title_prefix, "X-Wing")] $v2,
                #[doc = concat!($title_prefix, "SwordFish")] $v3,
                #[doc = concat!($title_prefix, "JellyFish")] $v4,
                #[doc = concat!($title_prefix, "Squirmbag")] $v5,
                #[doc = concat!($title_prefix, "Whale")] $v6,
                #[doc = concat!($title_prefix, "Leviathan")] $v7,
            )*
            $( #[doc = $ttitle] $tvariant, )*
        }

        /// Every known technique, in `TechniqueId` order.
        pub static CATALOGUE: &[TechniqueInfo] = &[
            $( TechniqueInfo::new(
                TechniqueId::$variant,
                $id,
                $title,
                $family,
                optional_group!($($group)?),
                $finder,
            ) $(. $column($value))*, )*
            $(
                fish_row!($class, $v2, 2, $id_prefix, "x-wing", $title_prefix, "X-Wing", $fish_group, fish_label!($($label)+, "XWing")),
                fish_row!($class, $v3, 3, $id_prefix, "swordfish", $title_prefix, "SwordFish", $fish_group, fish_label!($($label)+, "SwordFish")),
                fish_row!($class, $v4, 4, $id_prefix, "jellyfish", $title_prefix, "JellyFish", $fish_group, fish_label!($($label)+, "JellyFish")),
                fish_row!($class, $v5, 5, $id_prefix, "squirmbag", $title_prefix, "Squirmbag", $fish_group, fish_label!($($label)+, "Squirmbag")),
                fish_row!($class, $v6, 6, $id_prefix, "whale", $title_prefix, "Whale", $fish_group, fish_label!($($label)+, "Whale")),
                fish_row!($class, $v7, 7, $id_prefix, "leviathan", $title_prefix, "Leviathan", $fish_group, fish_label!($($label)+, "Leviathan")),
            )*
            $( TechniqueInfo::new(
                TechniqueId::$tvariant,
                $tid,
                $ttitle,
                $tfamily,
                None,
                $tfinder,
            ) $(. $tcolumn($tvalue))*, )*
        ];

        /// The fish technique of each class (rows, in [`fish::FishClass`] order) and size
        /// (columns, sizes 2..=7); the rows are contiguous in `TechniqueId` order.
        pub(crate) const FISH_TECHNIQUES: [[TechniqueId; 6]; fish::FISH_CLASSES.len()] = [
            $( [
                TechniqueId::$v2,
                TechniqueId::$v3,
                TechniqueId::$v4,
                TechniqueId::$v5,
                TechniqueId::$v6,
                TechniqueId::$v7,
            ] ),*
        ];

        // The fish lines come in `FishClass` order, so a class indexes `FISH_TECHNIQUES`.
        const _: () = {
            let classes = [$( fish::FishClass::$class ),*];
            let mut i = 0;
            while i < classes.len() {
                assert!(classes[i] as usize == i);
                i += 1;
            }
        };
    };
}

/// One generated fish row of the catalogue: class, variant, size, id, title, group, GNPX label.
macro_rules! fish_row {
    ($class:ident, $variant:ident, $size:literal, $id_prefix:literal, $id:literal, $title_prefix:literal,
     $title:literal, $group:literal, $label:expr) => {
        TechniqueInfo::new(
            TechniqueId::$variant,
            concat!($id_prefix, $id),
            concat!($title_prefix, $title),
            "fish",
            Some($group),
            fish::finder::<{ fish::FishClass::$class as usize }, $size>,
        )
        .gnpx($label)
        .text(fish::text::FISH)
        .se_fish(se::basic::fish_for(fish::FishClass::$class as usize, $size))
    };
}

/// A fish class's GNPX label for one size: `sized PREFIX` names each size (PREFIX + GNPX's name
/// of the size), a plain label is the class's for every size.
macro_rules! fish_label {
    (sized $prefix:literal, $size:literal) => {
        concat!($prefix, $size)
    };
    ($label:literal, $size:literal) => {
        $label
    };
}

techniques! {
    FullHouse => ("full-house", "Full House", "singles", singles::full_house).gnpx("LastDigit").line(text::placement_in_houses_line).se(se::basic::full_house).se_title(|_| "Hidden Single"),
    NakedSingle => ("naked-single", "Naked Single", "singles", singles::naked_single).gnpx("NakedSingle").line(text::placement_line).se(se::basic::naked_single),
    HiddenSingle => ("hidden-single", "Hidden Single", "singles", singles::hidden_single).gnpx("HiddenSingle").line(text::placement_in_houses_line).se(se::basic::hidden_single),
    LockedCandidatesPointing => ("locked-candidates-pointing", "Locked Candidates (pointing)", "intersections", intersections::pointing).gnpx("LockedCandidate").line(text::digit_in_houses_line).se(se::basic::pointing).se_title(|_| "Pointing"),
    LockedCandidatesClaiming => ("locked-candidates-claiming", "Locked Candidates (claiming)", "intersections", intersections::claiming).gnpx("LockedCandidate").line(text::digit_in_houses_line).se(se::basic::claiming).se_title(|_| "Claiming"),
    NakedPair => ("naked-pair", "Naked Pair", "subsets", subsets::naked_pair).gnpx("LockedSet(2D)").se(se::basic::naked_pair),
    HiddenPair => ("hidden-pair", "Hidden Pair", "subsets", subsets::hidden_pair).gnpx("LockedSet(2D)Hidden").se(se::basic::hidden_pair),
    NakedTriple => ("naked-triple", "Naked Triple", "subsets", subsets::naked_triple).gnpx("LockedSet(3D)").se(se::basic::naked_triple).se_title(|_| "Naked Triplet"),
    HiddenTriple => ("hidden-triple", "Hidden Triple", "subsets", subsets::hidden_triple).gnpx("LockedSet(3D)Hidden").se(se::basic::hidden_triple).se_title(|_| "Hidden Triplet"),
    NakedQuad => ("naked-quad", "Naked Quad", "subsets", subsets::naked_quad).gnpx("LockedSet(4D)").se(se::basic::naked_quad),
    HiddenQuad => ("hidden-quad", "Hidden Quad", "subsets", subsets::hidden_quad).gnpx("LockedSet(4D)Hidden").se(se::basic::hidden_quad),
    LockedPair => ("locked-pair", "Locked Pair", "intersections", subsets::locked_pair).gnpx("LockedPair"),
    LockedTriple => ("locked-triple", "Locked Triple", "intersections", subsets::locked_triple).gnpx("LockedTriple"),
    UniqueRectangle1 => ("unique-rectangle-1", "Unique Rectangle Type 1", "uniqueness", uniqueness::unique_rectangle_1).gnpx("UniqueRectangle1").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    UniqueRectangle2 => ("unique-rectangle-2", "Unique Rectangle Type 2", "uniqueness", uniqueness::unique_rectangle_2).gnpx("UniqueRectangle2").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    UniqueRectangle3 => ("unique-rectangle-3", "Unique Rectangle Type 3", "uniqueness", uniqueness::unique_rectangle_3).gnpx("UniqueRectangle3").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    UniqueRectangle4 => ("unique-rectangle-4", "Unique Rectangle Type 4", "uniqueness", uniqueness::unique_rectangle_4).gnpx("UniqueRectangle4").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    UniqueRectangle5 => ("unique-rectangle-5", "Unique Rectangle Type 5", "uniqueness", uniqueness::unique_rectangle_5).gnpx("UniqueRectangle5").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    UniqueRectangle6 => ("unique-rectangle-6", "Unique Rectangle Type 6", "uniqueness", uniqueness::unique_rectangle_6).gnpx("UniqueRectangle6").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    HiddenRectangle => ("hidden-rectangle", "Hidden Rectangle", "uniqueness", uniqueness::hidden_rectangle).gnpx("HiddenRectangle").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    AvoidableRectangle1 => ("avoidable-rectangle-1", "Avoidable Rectangle Type 1", "uniqueness", uniqueness::avoidable_rectangle_1).gnpx("AvoidableRectangle1").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    AvoidableRectangle2 => ("avoidable-rectangle-2", "Avoidable Rectangle Type 2", "uniqueness", uniqueness::avoidable_rectangle_2).gnpx("AvoidableRectangle2").premise(Premise::UNIQUE_SOLUTION.union(Premise::GIVENS_KNOWN)),
    BugPlusOne => ("bug-plus-one", "BUG+1", "uniqueness", uniqueness::bug_plus_one).gnpx("BUG+1").premise(Premise::UNIQUE_SOLUTION),
    Skyscraper => ("skyscraper", "Skyscraper", "single-digit", single_digit::skyscraper).gnpx("Skyscraper").line(single_digit::linked_pair_line),
    TwoStringKite => ("two-string-kite", "2-String Kite", "single-digit", single_digit::two_string_kite).gnpx("Skyscraper").line(single_digit::linked_pair_line),
    TurbotFish => ("turbot-fish", "Turbot Fish", "single-digit", single_digit::turbot_fish).hodoku(chains::hodoku_turbot_fish).gnpx("Skyscraper").line(single_digit::linked_pair_line),
    EmptyRectangle => ("empty-rectangle", "Empty Rectangle", "single-digit", single_digit::empty_rectangle).hodoku(single_digit::empty_rectangle_hodoku).gnpx("EmptyRectangleEx").line(single_digit::empty_rectangle_line),
    XyWing => ("xy-wing", "XY-Wing", "wings", wings::xy_wing).gnpx("XY_Wing").line(wings::xy_wing_line).se(se::basic::xy_wing),
    WWing => ("w-wing", "W-Wing", "wings", wings::w_wing).gnpx("W_Wing").line(text::chain_line),
    RemotePair => ("remote-pair", "Remote Pair", "wings", chains::remote_pair).hodoku(chains::hodoku_remote_pair).gnpx("RemotePair").line(text::chain_line),
    XChain => ("x-chain", "X-Chain", "chains", chains::x_chain).hodoku(chains::hodoku_x_chain).gnpx("XChain").line(text::chain_line),
    XyChain => ("xy-chain", "XY-Chain", "chains", chains::xy_chain).hodoku(chains::hodoku_xy_chain).gnpx584(chains::gnpx584_xy_chain).gnpx("XYChain").line(text::chain_line),
    SueDeCoq => ("sue-de-coq", "Sue de Coq", "misc", sue_de_coq::sue_de_coq).hodoku(sue_de_coq::sue_de_coq_hodoku).gnpx584(sue_de_coq::sue_de_coq_gnpx584).gnpx("SueDeCoq").line(sue_de_coq::sue_de_coq_line),
    SueDeCoqEx1 => ("sue-de-coq-ex1", "SueDeCoqEx1", "misc", sue_de_coq_ex::sue_de_coq_ex1, "sue-de-coq-ex").gnpx("SueDeCoqEx1").line(sue_de_coq_ex::sue_de_coq_ex_line),
    SueDeCoqEx2 => ("sue-de-coq-ex2", "SueDeCoqEx2", "misc", sue_de_coq_ex::sue_de_coq_ex2, "sue-de-coq-ex").gnpx("SueDeCoqEx2").line(sue_de_coq_ex::sue_de_coq_ex_line),
    FinnedSueDeCoqEx1 => ("finned-sue-de-coq-ex1", "Finned SueDeCoqEx1", "misc", sue_de_coq_ex::finned_sue_de_coq_ex1, "sue-de-coq-ex").gnpx("Finned_SueDeCoqEx1").line(sue_de_coq_ex::sue_de_coq_ex_line),
    FinnedSueDeCoqEx2 => ("finned-sue-de-coq-ex2", "Finned SueDeCoqEx2", "misc", sue_de_coq_ex::finned_sue_de_coq_ex2, "sue-de-coq-ex").gnpx("Finned_SueDeCoqEx2").line(sue_de_coq_ex::sue_de_coq_ex_line),
    ColorTrap => ("color-trap", "Color Trap", "coloring", coloring::color_trap).gnpx("Color_Trap").line(coloring::colors_line),
    ColorWrap => ("color-wrap", "Color Wrap", "coloring", coloring::color_wrap).gnpx("Color_Wrap").line(coloring::colors_line),
    MultiColor1 => ("multi-color-1", "Multi-Color Type 1", "coloring", coloring::multi_color_1).gnpx("MultiColor_Type1").line(coloring::colors_line),
    MultiColor2 => ("multi-color-2", "Multi-Color Type 2", "coloring", coloring::multi_color_2).gnpx("MultiColor_Type2").line(coloring::colors_line),
    XyzWing => ("xyz-wing", "XYZ-Wing", "wings", wings::xyz_wing).gnpx("XYZ_Wing").line(wings::xyz_wing_line).se(se::basic::xyz_wing),
    XyzWingAls => ("xyz-wing-als", "XYZ-Wing (ALS)", "wings", wings::xyz_wing_als).gnpx("XYZ_WingALS").text(wings::XYZ_WING_ALS_TEXT),
    AlsXz => ("als-xz", "ALS-XZ", "als", als::als_xz).hodoku(als::hodoku::als_xz).gnpx584(als::als_xz_gnpx584).gnpx("ALS_XZ").line(als::text::als_chain_line),
    AlsXyWing => ("als-xy-wing", "ALS-XY-Wing", "als", als::als_xy_wing).hodoku(als::hodoku::als_xy_wing).gnpx584(als::als_xy_wing_gnpx584).gnpx("ALS_XYWing").line(als::text::als_chain_line),
    AlsChain => ("als-chain", "ALS-Chain", "als", als::als_chain).hodoku(als::hodoku::als_chain).gnpx("ALS_Chain").line(als::text::als_chain_line),
    DeathBlossom => ("death-blossom", "Death Blossom", "als", als::death_blossom).gnpx("DeathBlossom").line(als::text::death_blossom_line),
    NiceLoop => ("nice-loop", "Nice Loop/AIC", "chains", nice_loop::nice_loop).hodoku(nice_loop::hodoku::nice_loops).gnpx("NiceLoop").line(text::chain_line),
    GroupedNiceLoop => ("grouped-nice-loop", "Grouped Nice Loop/AIC", "chains", nice_loop::grouped_nice_loop).hodoku(nice_loop::hodoku::grouped_nice_loops).gnpx("GroupedNiceLoop").line(nice_loop::text::grouped_line),
    KrakenFish => ("kraken-fish", "Kraken Fish", "fish", fish::kraken_fish, "fish-kraken").gnpx("KrakenFish").text(fish::text::KRAKEN).premise(Premise::SOLUTION_EXISTS),
    ForceChainCell => ("force-chain-cell", "ForceChain_Cell", "force-chain", force_chain::force_chain_cell).gnpx("ForceChain_Cell").line(force_chain::force_line).premise(Premise::SOLUTION_EXISTS),
    ForceChainHouse => ("force-chain-house", "ForceChain_House", "force-chain", force_chain::force_chain_house).gnpx("ForceChain_House").line(force_chain::force_line).premise(Premise::SOLUTION_EXISTS),
    ForceChainContradiction => ("force-chain-contradiction", "ForceChain_Contradiction", "force-chain", force_chain::force_chain_contradiction).gnpx("ForceChain_Contradiction").line(force_chain::force_line),
    ForceChainBoth => ("force-chain-both", "ForceChain_Both", "force-chain", force_chain::force_chain_both).gnpx("ForceChain_Both").line(force_chain::force_line).premise(Premise::SOLUTION_EXISTS),
    ForcingChain => ("forcing-chain", "Forcing Chain", "hodoku-forcing", forcing_net::forcing_chain).gnpx("ForcingChain").text(forcing_net::text::TEXT).premise(Premise::SOLUTION_EXISTS),
    ForcingNet => ("forcing-net", "Forcing Net", "hodoku-forcing", forcing_net::forcing_net).gnpx("ForcingNet").text(forcing_net::text::TEXT).premise(Premise::SOLUTION_EXISTS),
    BruteForce => ("brute-force", "Brute Force", "last-resort", brute_force::brute_force).gnpx("BruteForce"),
    // Sudoku Explainer's own producers (`--scale se`; `se`), in SE's ladder order. SE's chain
    // producers follow this block.
    SeDirectPointing => ("se-direct-pointing", "Direct Pointing", "intersections", se::basic::direct_pointing, "se-direct").gnpx("DirectPointing").line(se::text::line),
    SeDirectClaiming => ("se-direct-claiming", "Direct Claiming", "intersections", se::basic::direct_claiming, "se-direct").gnpx("DirectClaiming").line(se::text::line),
    SeDirectHiddenPair => ("se-direct-hidden-pair", "Direct Hidden Pair", "subsets", se::basic::direct_hidden_pair, "se-direct").gnpx("DirectHiddenPair").line(se::text::line),
    SeDirectHiddenTriple => ("se-direct-hidden-triple", "Direct Hidden Triplet", "subsets", se::basic::direct_hidden_triple, "se-direct").gnpx("DirectHiddenTriplet").line(se::text::line),
    SeUniqueLoop => ("se-unique-loop", "Unique Rectangle/Loop (SE)", "uniqueness", se::unique_loops::unique_loops).se_title(se::unique_loops::name).gnpx("UniqueLoop").line(se::text::line).premise(Premise::UNIQUE_SOLUTION),
    SeBug => ("se-bug", "BUG (SE)", "uniqueness", se::bug::bug).se_title(se::bug::name).gnpx("BUG").line(se::text::line).premise(Premise::UNIQUE_SOLUTION),
    SeAlignedPairExclusion => ("se-aligned-pair-exclusion", "Aligned Pair Exclusion", "aligned-exclusion", se::aligned::aligned_pair_exclusion).gnpx("AlignedPairExclusion").line(se::text::line),
    SeAlignedTripletExclusion => ("se-aligned-triplet-exclusion", "Aligned Triplet Exclusion", "aligned-exclusion", se::aligned::aligned_triplet_exclusion).gnpx("AlignedTripletExclusion").line(se::text::line);
    fish {
        Basic => ("", "", "fish-basic", sized ""):
            [XWing, Swordfish, Jellyfish, Squirmbag, Whale, Leviathan],
        // Sashimi fish are GNPX's finned fish.
        Finned => ("finned-", "Finned ", "fish-finned", sized "Finned_"):
            [FinnedXWing, FinnedSwordfish, FinnedJellyfish, FinnedSquirmbag, FinnedWhale, FinnedLeviathan],
        Sashimi => ("sashimi-", "Sashimi ", "fish-finned", sized "Finned_"):
            [SashimiXWing, SashimiSwordfish, SashimiJellyfish, SashimiSquirmbag, SashimiWhale, SashimiLeviathan],
        Franken => ("franken-", "Franken ", "fish-franken", "Franken/Mutant_Fish"):
            [FrankenXWing, FrankenSwordfish, FrankenJellyfish, FrankenSquirmbag, FrankenWhale, FrankenLeviathan],
        FinnedFranken => ("finned-franken-", "Finned Franken ", "fish-franken", "(Finned)Franken/MutantFish"):
            [FinnedFrankenXWing, FinnedFrankenSwordfish, FinnedFrankenJellyfish, FinnedFrankenSquirmbag, FinnedFrankenWhale, FinnedFrankenLeviathan],
        Mutant => ("mutant-", "Mutant ", "fish-mutant", "Franken/Mutant_Fish"):
            [MutantXWing, MutantSwordfish, MutantJellyfish, MutantSquirmbag, MutantWhale, MutantLeviathan],
        FinnedMutant => ("finned-mutant-", "Finned Mutant ", "fish-mutant", "(Finned)Franken/MutantFish"):
            [FinnedMutantXWing, FinnedMutantSwordfish, FinnedMutantJellyfish, FinnedMutantSquirmbag, FinnedMutantWhale, FinnedMutantLeviathan],
        EndoFinned => ("endo-finned-fm-", "Endo-Finned F/M ", "fish-endo-cannibal", "EndoFinsFish"):
            [EndoFinnedFmXWing, EndoFinnedFmSwordfish, EndoFinnedFmJellyfish, EndoFinnedFmSquirmbag, EndoFinnedFmWhale, EndoFinnedFmLeviathan],
        FinnedEndoFinned => ("finned-endo-finned-fm-", "Finned Endo-Finned F/M ", "fish-endo-cannibal", "EndoFinsFish"):
            [FinnedEndoFinnedFmXWing, FinnedEndoFinnedFmSwordfish, FinnedEndoFinnedFmJellyfish, FinnedEndoFinnedFmSquirmbag, FinnedEndoFinnedFmWhale, FinnedEndoFinnedFmLeviathan],
        Cannibalistic => ("cannibalistic-fm-", "Cannibalistic F/M ", "fish-endo-cannibal", "CannibalisticFish"):
            [CannibalisticFmXWing, CannibalisticFmSwordfish, CannibalisticFmJellyfish, CannibalisticFmSquirmbag, CannibalisticFmWhale, CannibalisticFmLeviathan],
        FinnedCannibalistic => ("finned-cannibalistic-fm-", "Finned Cannibalistic F/M ", "fish-endo-cannibal", "CannibalisticFish"):
            [FinnedCannibalisticFmXWing, FinnedCannibalisticFmSwordfish, FinnedCannibalisticFmJellyfish, FinnedCannibalisticFmSquirmbag, FinnedCannibalisticFmWhale, FinnedCannibalisticFmLeviathan],
    }
    // Appended after the fish so that no earlier row's index moves.
    tail {
        SeForcingChains => ("se-forcing-chains", "Forcing Chains & Cycles", "se-chains", se_chains::forcing_chains_cycles).gnpx("SE_ForcingChainsCycles").text(se_chains::text::TEXT).se_title(se_chains::step_name),
        SeNishio => ("se-nishio", "Nishio Forcing Chains", "se-chains", se_chains::nishio).gnpx("SE_NishioForcingChains").text(se_chains::text::TEXT).se_title(se_chains::step_name),
        SeMultiple => ("se-multiple-chains", "Multiple Forcing Chains", "se-chains", se_chains::multiple).gnpx("SE_MultipleForcingChains").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
        SeDynamic => ("se-dynamic-chains", "Dynamic Forcing Chains", "se-chains", se_chains::dynamic).gnpx("SE_DynamicForcingChains").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
        SeDynamicPlus => ("se-dynamic-chains-plus", "Dynamic Forcing Chains (+)", "se-chains", se_chains::dynamic_plus).gnpx("SE_DynamicForcingChainsPlus").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
        SeNested2 => ("se-nested-chains-2", "Nested Forcing Chains, level 2", "se-chains", se_chains::nested_2).gnpx("SE_NestedForcingChains2").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
        SeNested3 => ("se-nested-chains-3", "Nested Forcing Chains, level 3", "se-chains", se_chains::nested_3).gnpx("SE_NestedForcingChains3").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
        SeNested4 => ("se-nested-chains-4", "Nested Forcing Chains, level 4", "se-chains", se_chains::nested_4).gnpx("SE_NestedForcingChains4").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
        SeNested5 => ("se-nested-chains-5", "Nested Forcing Chains, level 5", "se-chains", se_chains::nested_5).gnpx("SE_NestedForcingChains5").text(se_chains::text::TEXT).se_title(se_chains::step_name).premise(Premise::SOLUTION_EXISTS),
    }
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

    /// What the technique's soundness rests on (the catalogue row's `premise`).
    #[inline]
    pub fn premise(self) -> Premise {
        self.info().premise
    }

    /// Whether the technique's deductions hold only if the puzzle's solution is unique
    /// (its premise includes [`Premise::UNIQUE_SOLUTION`]: unique rectangles, BUG+1 …).
    pub fn assumes_uniqueness(self) -> bool {
        self.premise().contains(Premise::UNIQUE_SOLUTION)
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

/// The shipped hard pencil-mark states (`corpora/hodoku_forcing_states.txt`, from top1465),
/// each with its text, for the tests that compare a cache or a pruning with the full search.
#[cfg(test)]
pub(crate) fn shipped_hard_states() -> Vec<(String, Grid)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpora/hodoku_forcing_states.txt"
    );
    let text = std::fs::read_to_string(path).expect("the shipped corpus is there");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let marks = line.split_whitespace().next().unwrap_or_default();
            let puzzle = crate::input::puzzle::parse_puzzle(marks, 1);
            (
                marks.to_string(),
                puzzle.expect("every shipped state parses").grid,
            )
        })
        .collect()
}

/// The shipped hard states, then the first `royle` puzzles of `corpora/royle17_sample.txt`, as
/// grids: what the tests comparing a memo or a faster scan with the plain search start from.
#[cfg(test)]
pub(crate) fn shipped_test_grids(royle: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpora/royle17_sample.txt"
    ))
    .expect("the shipped sample is there");
    let mut grids: Vec<Grid> = shipped_hard_states().into_iter().map(|(_, g)| g).collect();
    grids.extend(
        text.lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(royle)
            .map(|l| crate::core::test_support::grid(&l[..81])),
    );
    grids
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

    #[test]
    fn premises_are_a_column_not_a_family_name() {
        use TechniqueId as T;
        let unique = Premise::UNIQUE_SOLUTION;
        for info in CATALOGUE {
            let premise = info.premise;
            // Every uniqueness technique needs one solution, and only they do.
            assert_eq!(
                premise.contains(unique),
                info.family == "uniqueness",
                "{}",
                info.id
            );
            assert_eq!(
                info.technique.assumes_uniqueness(),
                premise.contains(unique)
            );
            let givens = matches!(
                info.technique,
                T::UniqueRectangle1
                    | T::UniqueRectangle2
                    | T::UniqueRectangle3
                    | T::UniqueRectangle4
                    | T::UniqueRectangle5
                    | T::UniqueRectangle6
                    | T::HiddenRectangle
                    | T::AvoidableRectangle1
                    | T::AvoidableRectangle2
            );
            assert_eq!(
                premise.contains(Premise::GIVENS_KNOWN),
                givens,
                "{}",
                info.id
            );
        }
        let cases = [
            T::KrakenFish,
            T::ForceChainCell,
            T::ForceChainHouse,
            T::ForceChainBoth,
            T::ForcingChain,
            T::ForcingNet,
        ];
        for technique in cases {
            assert_eq!(technique.premise(), Premise::SOLUTION_EXISTS);
        }
        // A contradiction proves its premise false in every solution: nothing to assume.
        assert_eq!(T::ForceChainContradiction.premise(), Premise::NONE);
        assert_eq!(T::BruteForce.premise(), Premise::NONE);
        assert!(unique.contains(Premise::SOLUTION_EXISTS));
        assert!(!Premise::SOLUTION_EXISTS.contains(unique));
        assert_eq!(
            T::AvoidableRectangle1.premise().names(),
            ["unique-solution", "givens-known"]
        );
        assert_eq!(T::ForcingNet.premise().names(), ["solution-exists"]);
        assert!(Premise::NONE.names().is_empty());
    }
}
