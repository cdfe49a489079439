//! Sudoku Explainer 1.2.1's scale (`--scale se`), as serate 1.2.1.3 rates (`../shared/SE.md`):
//! SE's producers in SE's ladder order, each step worth its own raw f64 difficulty, rated by
//! ER/EP/ED ([`RatingRule::SeErEpEd`], [`SeRating`]).
//!
//! Each rung runs SE's search ([`Flavour::Se`]): the first hint it yields is SE's choice (the
//! Unique Loop and chain producers yield theirs sorted, so their first is the sorted first).
//! One hint per step, singles included, and the next step starts at the top again. A rung's
//! `difficulty` is its base in tenths (1.2 = 12); the step's own [`Step::difficulty`] wins.
//!
//! The chain producers (21, 23–27d) are another family (`crate::techniques::se_chains`); their
//! rungs are [`FORCING_CHAINS_AND_CYCLES`] (producer 21, between Aligned Pair and Aligned
//! Triplet Exclusion) and [`NISHIO_AND_BEYOND`] (23–27d, after Aligned Triplet Exclusion).

use crate::scales::ladder::{Ladder, RatingRule, Rung};
use crate::scales::preference::StepPreference;
use crate::techniques::se::{difficulty_of, se_name, tenths};
use crate::techniques::step::{Step, StepDifficulty};
use crate::techniques::{Flavour, TechniqueId, TechniqueId as T};

/// An SE rung: the technique, its base difficulty in tenths, SE's search, its first hint.
pub const fn se(technique: TechniqueId, base_tenths: u8) -> Rung {
    Rung {
        technique,
        difficulty: base_tenths,
        score: 0,
        flavour: Flavour::Se,
        preference: StepPreference::First,
        off_by_default: false,
    }
}

/// Producers 1–20 (§3): hidden singles to Aligned Pair Exclusion.
pub const BEFORE_CHAINS: &[Rung] = &[
    // 1: full houses (pass A, 1.0) before any other hidden single (pass B, 1.2 / 1.5).
    se(T::FullHouse, 10),
    se(T::HiddenSingle, 12),
    // 2: the direct forms place the single their eliminations would leave, nothing else.
    se(T::SeDirectPointing, 17),
    se(T::SeDirectClaiming, 19),
    se(T::SeDirectHiddenPair, 20),
    se(T::NakedSingle, 23),
    se(T::SeDirectHiddenTriple, 25),
    se(T::LockedCandidatesPointing, 26),
    se(T::LockedCandidatesClaiming, 28),
    se(T::NakedPair, 30),
    se(T::XWing, 32),
    se(T::HiddenPair, 34),
    se(T::NakedTriple, 36),
    se(T::Swordfish, 38),
    se(T::HiddenTriple, 40),
    se(T::XyWing, 42),
    se(T::XyzWing, 44),
    // 15: sorted (difficulty, type); 4.5 + loop size bonus (+ type 3's set size).
    se(T::SeUniqueLoop, 45),
    se(T::NakedQuad, 50),
    se(T::Jellyfish, 52),
    se(T::HiddenQuad, 54),
    // 19: types 1 (5.6), 2 and 4 (5.7), 3 (5.8–6.2).
    se(T::SeBug, 56),
    se(T::SeAlignedPairExclusion, 62),
];

/// Producer 21, "Forcing Chains & Cycles" (static X-/Y-cycles, forcing X-chains, XY forcing
/// chains and cycles), sorted: its first hint is SE's sorted first.
pub const FORCING_CHAINS_AND_CYCLES: &[Rung] = &[se(T::SeForcingChains, 65)];

/// Producer 22. SE tries it only when producer 21 found nothing; without producer 21 on the
/// ladder it would take steps SE never takes (a 7.5 where SE finds a 6.6 cycle), so a ladder
/// without producer 21 leaves it off by default.
pub const ALIGNED_TRIPLET: &[Rung] = &[Rung {
    off_by_default: FORCING_CHAINS_AND_CYCLES.is_empty(),
    ..se(T::SeAlignedTripletExclusion, 75)
}];

/// Producers 23–27d (Nishio, multiple, dynamic and nested forcing chains): the chain family's
/// rungs, in SE's order: Nishio 7.5, Multiple 8.0, Dynamic 8.5, Dynamic (+) 9.0, the nested
/// levels 2–5 at 9.5, 10.0, 10.5 and 11.0 (bases; each step carries base + length bonus).
pub const NISHIO_AND_BEYOND: &[Rung] = &[
    se(T::SeNishio, 75),
    se(T::SeMultiple, 80),
    se(T::SeDynamic, 85),
    se(T::SeDynamicPlus, 90),
    se(T::SeNested2, 95),
    se(T::SeNested3, 100),
    se(T::SeNested4, 105),
    se(T::SeNested5, 110),
];

/// Whether the chain family's rungs are on the ladder yet.
pub const fn has_chain_rungs() -> bool {
    !FORCING_CHAINS_AND_CYCLES.is_empty() || !NISHIO_AND_BEYOND.is_empty()
}

/// Every rung of SE's ladder, in SE's order, and its rating rule.
pub fn full_ladder() -> Ladder {
    let rungs = [
        BEFORE_CHAINS,
        FORCING_CHAINS_AND_CYCLES,
        ALIGNED_TRIPLET,
        NISHIO_AND_BEYOND,
    ]
    .concat();
    Ladder::with_rule(rungs, RatingRule::SeErEpEd)
}

/// A path's ER/EP/ED (§2.3) and the SE names of the steps that set them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// ER: the largest step difficulty (−∞ before the first step).
    pub er: StepDifficulty,
    /// EP: the largest difficulty up to and including the first step that places a digit
    /// (0 until then).
    pub ep: StepDifficulty,
    /// ED: the first step's difficulty (0 before it).
    pub ed: StepDifficulty,
    /// SE's name of the first step that reached ER.
    pub er_technique: &'static str,
    /// SE's name of the step that set EP.
    pub ep_technique: &'static str,
    /// SE's name of the first step.
    pub ed_technique: &'static str,
}

impl Default for SeRating {
    fn default() -> Self {
        SeRating::new()
    }
}

impl SeRating {
    /// Before the first step.
    pub const fn new() -> SeRating {
        SeRating {
            er: StepDifficulty(f64::NEG_INFINITY),
            ep: StepDifficulty(0.0),
            ed: StepDifficulty(0.0),
            er_technique: "",
            ep_technique: "",
            ed_technique: "",
        }
    }

    /// Accounts for one applied step worth `difficulty`, named `name`, that places a digit
    /// or not: serate's loop, in its order.
    pub fn record(&mut self, difficulty: f64, name: &'static str, places: bool) {
        if difficulty > self.er.0 {
            self.er = StepDifficulty(difficulty);
            self.er_technique = name;
        }
        if self.ep.0 == 0.0 {
            if self.ed.0 == 0.0 {
                self.ed = self.er;
                self.ed_technique = self.er_technique;
            }
            if places {
                self.ep = self.er;
                self.ep_technique = self.er_technique;
            }
        }
    }

    /// Accounts for `step`, found by `rung` (whose base stands in for a step without its own
    /// difficulty); returns the step's difficulty.
    pub fn record_step(&mut self, step: &Step, rung: &Rung) -> f64 {
        let difficulty = difficulty_of(step, rung.difficulty);
        self.record(difficulty, se_name(step), !step.placements.is_empty());
        difficulty
    }

    /// ER as printed by serate, in tenths (0 before the first step: a solved grid is rated
    /// 0.0, not serate's −∞).
    pub fn er_tenths(&self) -> i64 {
        if self.er.0.is_finite() {
            tenths(self.er.0)
        } else {
            0
        }
    }

    /// The three values as serate prints them, ER first.
    pub fn printed(&self) -> [String; 3] {
        self.printed_tenths()
            .map(|w| format!("{}.{}", w / 10, w % 10))
    }

    /// The three values as serate prints them, in tenths (`w` of
    /// [`crate::techniques::se::tenths`]), ER first; an ER not yet set (no step) is 0.
    pub fn printed_tenths(&self) -> [i64; 3] {
        let er = if self.er.0.is_finite() {
            self.er.0
        } else {
            0.0
        };
        [er, self.ep.0, self.ed.0].map(crate::techniques::se::tenths)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn er_ep_ed_follow_serates_loop() {
        let mut rating = SeRating::new();
        assert_eq!(rating.printed(), ["0.0", "0.0", "0.0"]);
        // A pointing first (ED 2.6), a single (EP 2.6), a harder elimination (ER 3.0).
        rating.record(2.6, "Pointing", false);
        rating.record(1.2, "Hidden Single", true);
        rating.record(3.0, "Naked Pair", false);
        rating.record(3.0, "Naked Pair (later)", false);
        assert_eq!(rating.printed(), ["3.0", "2.6", "2.6"]);
        assert_eq!(rating.er_technique, "Naked Pair");
        assert_eq!(rating.ep_technique, "Pointing");
        assert_eq!(rating.ed_technique, "Pointing");
        assert_eq!(rating.er_tenths(), 30);
        // The first step places: EP = ED = its difficulty.
        let mut rating = SeRating::new();
        rating.record(1.2, "Hidden Single", true);
        rating.record(5.2, "Jellyfish", false);
        assert_eq!(rating.printed(), ["5.2", "1.2", "1.2"]);
    }

    #[test]
    fn the_ladder_is_ses_order_with_se_searches() {
        let ladder = full_ladder();
        assert_eq!(ladder.rule(), RatingRule::SeErEpEd);
        assert!(ladder.assumes_uniqueness());
        let bases: Vec<u8> = ladder.rungs().iter().map(|r| r.difficulty).collect();
        // The base difficulties climb except where SE's ladder does not (uniqueness before
        // Naked Quad, direct techniques around Naked Single).
        assert_eq!(bases[..6], [10, 12, 17, 19, 20, 23]);
        // A technique the other scales share runs SE's own search here; SE's own rows (from
        // `SeDirectPointing` on in the catalogue) have only that one.
        for rung in ladder.rungs() {
            let info = rung.technique.info();
            if rung.technique < T::SeDirectPointing {
                let own = info.se_finder.expect("an SE search");
                assert_eq!(rung.finder() as usize, own as usize, "{}", info.id);
            }
        }
    }
}
