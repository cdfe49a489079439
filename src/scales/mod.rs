//! Rating scales: each is a ladder (technique order plus what each rung is worth) and a rating
//! rule, chosen with `--scale NAME`. Nothing else differs between scales: the grader, the
//! finders and the output are shared.
//!
//! - `gnpx` (default): GNPX v4's order and difficulties ([`crate::scales::ladder::GNPX_V4`]); rating =
//!   the maximum difficulty used.
//! - `gnpx584`: GNPX v5.84's difficulties ([`GNPX_V584`]); same rule.
//! - `hodoku`: HoDoKu 2.2's default solver ladder with base scores ([`HODOKU_2_2`]); rating =
//!   HoDoKu's level, from the hardest level and the score (see [`RatingRule::HodokuLevel`]).

pub mod ladder;
pub mod preference;
pub mod singles_queue;

use std::fmt;
use std::str::FromStr;

use crate::scales::ladder::{rung, Ladder, Rung, SinglesOrder};
use crate::scales::preference::StepPreference;
use crate::techniques::{Flavour, TechniqueId};

/// A rating scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scale {
    /// GNPX v4 (the seed pages' era): difficulty 1–13.
    #[default]
    Gnpx,
    /// GNPX v5.84: difficulty 1–13, methods of difficulty ≤ 8 on (as GNPX ships).
    Gnpx584,
    /// HoDoKu 2.2: level (Easy … Extreme) and score.
    Hodoku,
}

impl Scale {
    /// Every scale, in help order.
    pub const ALL: [Scale; 3] = [Scale::Gnpx, Scale::Gnpx584, Scale::Hodoku];

    /// The name used by `--scale`.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Gnpx => "gnpx",
            Scale::Gnpx584 => "gnpx584",
            Scale::Hodoku => "hodoku",
        }
    }

    /// The scale's default ladder and rating rule: [`Scale::full_ladder`] without the rungs
    /// that are off by default ([`crate::scales::ladder::OFF_BY_DEFAULT`]).
    pub fn ladder(self) -> Ladder {
        self.full_ladder().without_off_by_default()
    }

    /// Every rung of the scale (the ones off by default included) and its rating rule; the
    /// ladder `--techniques` restricts.
    pub fn full_ladder(self) -> Ladder {
        match self {
            Scale::Gnpx => Ladder::gnpx_v4_all(),
            Scale::Gnpx584 => Ladder::from_rungs(
                GNPX_V584
                    .iter()
                    .copied()
                    .filter(|r| r.difficulty <= GNPX_V584_ENABLED_UP_TO)
                    .collect(),
            ),
            Scale::Hodoku => Ladder::with_rule(HODOKU_2_2.to_vec(), RatingRule::HodokuLevel)
                .with_singles_order(SinglesOrder::Appearance),
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scale {
    type Err = String;

    /// Parses a `--scale` name.
    fn from_str(name: &str) -> Result<Scale, String> {
        Scale::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Scale::ALL.iter().map(|s| s.name()).collect();
                format!("unknown scale '{name}'; valid: {}", names.join(", "))
            })
    }
}

/// How a solving path becomes a rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingRule {
    /// GNPX: the maximum difficulty of the techniques used.
    MaxDifficulty,
    /// HoDoKu: the hardest technique's level, raised while the score (sum of the base scores of
    /// all steps) exceeds that level's maximum ([`HODOKU_LEVEL_MAX_SCORE`]).
    HodokuLevel,
}

/// HoDoKu's level names, indexed by level (1 = Easy … 5 = Extreme; 0 = no step).
pub const HODOKU_LEVELS: [&str; 6] = ["", "Easy", "Medium", "Hard", "Unfair", "Extreme"];

/// The highest score each HoDoKu level allows, indexed by level (Extreme has no maximum).
pub const HODOKU_LEVEL_MAX_SCORE: [u32; 6] = [0, 800, 1000, 1600, 1800, u32::MAX];

const EASY: u8 = 1;
const MEDIUM: u8 = 2;
const HARD: u8 = 3;
const UNFAIR: u8 = 4;
const EXTREME: u8 = 5;

impl RatingRule {
    /// The rating of a path whose hardest rung is worth `max_difficulty` and whose steps add up
    /// to `score`.
    pub fn rate(self, max_difficulty: u8, score: u32) -> u8 {
        match self {
            RatingRule::MaxDifficulty => max_difficulty,
            RatingRule::HodokuLevel => {
                let mut level = max_difficulty.max(EASY);
                while level < EXTREME && score > HODOKU_LEVEL_MAX_SCORE[level as usize] {
                    level += 1;
                }
                level
            }
        }
    }

    /// Whether, among the techniques at a path's top difficulty, the one used first names the
    /// path (GNPX's rated files: measured on its v5.84 samples, the first method to reach the top
    /// difficulty matches GNPX's label far more often than the last in ladder order); otherwise
    /// the last in ladder order does.
    pub fn names_first_at_top(self) -> bool {
        matches!(self, RatingRule::MaxDifficulty)
    }

    /// The rating as printed: GNPX's number, or HoDoKu's level name.
    pub fn label(self, rating: u8) -> String {
        match self {
            RatingRule::MaxDifficulty => rating.to_string(),
            RatingRule::HodokuLevel => HODOKU_LEVELS
                .get(rating as usize)
                .copied()
                .unwrap_or("?")
                .to_string(),
        }
    }
}

/// GNPX v5.84 enables the methods up to this difficulty by default.
pub const GNPX_V584_ENABLED_UP_TO: u8 = 8;

/// A GNPX v5.84 rung whose technique searches as v5.84's does ([`Flavour::Gnpx584`]).
const fn gnpx584(technique: TechniqueId, difficulty: u8) -> Rung {
    Rung {
        flavour: Flavour::Gnpx584,
        ..rung(technique, difficulty)
    }
}

/// GNPX v5.84's difficulties (TECHNIQUES.md's v5.84 column) in GNPX v4's method order (v5.84's
/// shipped order agrees less with its own ratings), with the methods v5 added and the rungs that
/// search as v5.84 does ([`gnpx584`]).
pub const GNPX_V584: &[Rung] = &[
    rung(TechniqueId::FullHouse, 1),
    rung(TechniqueId::NakedSingle, 1),
    rung(TechniqueId::HiddenSingle, 1),
    rung(TechniqueId::LockedCandidatesPointing, 2),
    rung(TechniqueId::LockedCandidatesClaiming, 2),
    rung(TechniqueId::NakedPair, 3),
    rung(TechniqueId::HiddenPair, 3),
    rung(TechniqueId::NakedTriple, 4),
    rung(TechniqueId::HiddenTriple, 4),
    rung(TechniqueId::NakedQuad, 5),
    rung(TechniqueId::HiddenQuad, 5),
    // Fish: basic 5–7 are 10 (off), finned Franken 9 (off), endo-finned 11 and cannibalistic 13 (off).
    rung(TechniqueId::XWing, 4),
    rung(TechniqueId::Swordfish, 5),
    rung(TechniqueId::Jellyfish, 6),
    rung(TechniqueId::Squirmbag, 10),
    rung(TechniqueId::Whale, 10),
    rung(TechniqueId::Leviathan, 10),
    rung(TechniqueId::FinnedXWing, 5),
    rung(TechniqueId::SashimiXWing, 5),
    rung(TechniqueId::FinnedSwordfish, 6),
    rung(TechniqueId::SashimiSwordfish, 6),
    rung(TechniqueId::FinnedJellyfish, 6),
    rung(TechniqueId::SashimiJellyfish, 6),
    rung(TechniqueId::FinnedSquirmbag, 7),
    rung(TechniqueId::SashimiSquirmbag, 7),
    rung(TechniqueId::FinnedWhale, 7),
    rung(TechniqueId::SashimiWhale, 7),
    rung(TechniqueId::FinnedLeviathan, 7),
    rung(TechniqueId::SashimiLeviathan, 7),
    rung(TechniqueId::Skyscraper, 4),
    rung(TechniqueId::TwoStringKite, 4),
    rung(TechniqueId::TurbotFish, 4),
    rung(TechniqueId::EmptyRectangle, 4),
    rung(TechniqueId::XyWing, 5),
    rung(TechniqueId::WWing, 5),
    rung(TechniqueId::RemotePair, 4),
    rung(TechniqueId::XChain, 5),
    // GNPX v5.84's XY-Chain: conjugate links between cells, one elimination a step.
    gnpx584(TechniqueId::XyChain, 7),
    // GNPX v5.84's Sue de Coq: both of its sets are GNPX ALSs (pure, up to five cells).
    gnpx584(TechniqueId::SueDeCoq, 7),
    rung(TechniqueId::ColorTrap, 5),
    rung(TechniqueId::ColorWrap, 5),
    rung(TechniqueId::MultiColor1, 6),
    rung(TechniqueId::MultiColor2, 6),
    // GNPX v5's Sue de Coq extensions, after the colourings as in v5.84's method list.
    rung(TechniqueId::SueDeCoqEx1, 5),
    rung(TechniqueId::SueDeCoqEx2, 6),
    rung(TechniqueId::FinnedSueDeCoqEx1, 5),
    rung(TechniqueId::FinnedSueDeCoqEx2, 6),
    // v5.84 replaced its XYZ-Wing by XYZ_WingALS. Its stem lacks the eliminated digit, so a plain
    // XYZ-Wing (pivot holding it) is not among its steps.
    rung(TechniqueId::XyzWingAls, 5),
    // GNPX v5.84's ALS list: pure sets, RCCs within one house.
    gnpx584(TechniqueId::AlsXz, 6),
    gnpx584(TechniqueId::AlsXyWing, 7),
    rung(TechniqueId::AlsChain, 8),
    rung(TechniqueId::DeathBlossom, 8),
    rung(TechniqueId::FrankenXWing, 8),
    rung(TechniqueId::MutantXWing, 8),
    rung(TechniqueId::FrankenSwordfish, 8),
    rung(TechniqueId::MutantSwordfish, 8),
    rung(TechniqueId::FrankenJellyfish, 8),
    rung(TechniqueId::MutantJellyfish, 8),
    rung(TechniqueId::FrankenSquirmbag, 8),
    rung(TechniqueId::MutantSquirmbag, 8),
    rung(TechniqueId::FrankenWhale, 8),
    rung(TechniqueId::MutantWhale, 8),
    rung(TechniqueId::FrankenLeviathan, 8),
    rung(TechniqueId::MutantLeviathan, 8),
    rung(TechniqueId::FinnedFrankenXWing, 9),
    rung(TechniqueId::FinnedMutantXWing, 8),
    rung(TechniqueId::FinnedFrankenSwordfish, 9),
    rung(TechniqueId::FinnedMutantSwordfish, 8),
    rung(TechniqueId::FinnedFrankenJellyfish, 9),
    rung(TechniqueId::FinnedMutantJellyfish, 8),
    rung(TechniqueId::FinnedFrankenSquirmbag, 9),
    rung(TechniqueId::FinnedMutantSquirmbag, 8),
    rung(TechniqueId::FinnedFrankenWhale, 9),
    rung(TechniqueId::FinnedMutantWhale, 8),
    rung(TechniqueId::FinnedFrankenLeviathan, 9),
    rung(TechniqueId::FinnedMutantLeviathan, 8),
    rung(TechniqueId::NiceLoop, 9),
    rung(TechniqueId::GroupedNiceLoop, 11),
    rung(TechniqueId::EndoFinnedFmXWing, 11),
    rung(TechniqueId::EndoFinnedFmSwordfish, 11),
    rung(TechniqueId::EndoFinnedFmJellyfish, 11),
    rung(TechniqueId::EndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::EndoFinnedFmWhale, 11),
    rung(TechniqueId::EndoFinnedFmLeviathan, 11),
    rung(TechniqueId::FinnedEndoFinnedFmXWing, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSwordfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmJellyfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::FinnedEndoFinnedFmWhale, 11),
    rung(TechniqueId::FinnedEndoFinnedFmLeviathan, 11),
    rung(TechniqueId::CannibalisticFmXWing, 13),
    rung(TechniqueId::CannibalisticFmSwordfish, 13),
    rung(TechniqueId::CannibalisticFmJellyfish, 13),
    rung(TechniqueId::CannibalisticFmSquirmbag, 13),
    rung(TechniqueId::CannibalisticFmWhale, 13),
    rung(TechniqueId::CannibalisticFmLeviathan, 13),
    rung(TechniqueId::FinnedCannibalisticFmXWing, 13),
    rung(TechniqueId::FinnedCannibalisticFmSwordfish, 13),
    rung(TechniqueId::FinnedCannibalisticFmJellyfish, 13),
    rung(TechniqueId::FinnedCannibalisticFmSquirmbag, 13),
    rung(TechniqueId::FinnedCannibalisticFmWhale, 13),
    rung(TechniqueId::FinnedCannibalisticFmLeviathan, 13),
    // Kraken fish is 13 (off by default, like everything above 8).
    rung(TechniqueId::KrakenFish, 13),
    // ForceChain is 11 and off in v5.84 (the contradiction form is part of its FC_Cells).
    rung(TechniqueId::ForceChainCell, 11),
    rung(TechniqueId::ForceChainHouse, 11),
    rung(TechniqueId::ForceChainContradiction, 11),
    // Not GNPX's; placed as in GNPX v4 (off by default).
    rung(TechniqueId::ForceChainBoth, 11),
];

/// A HoDoKu rung: level (Easy 1 … Extreme 5), base score, HoDoKu's search and its step choice.
const fn hodoku(technique: TechniqueId, level: u8, score: u16) -> Rung {
    Rung {
        technique,
        difficulty: level,
        score,
        flavour: Flavour::Hodoku,
        preference: hodoku_preference(technique),
    }
}

/// Which step HoDoKu takes among those a technique finds (see [`StepPreference`]).
const fn hodoku_preference(technique: TechniqueId) -> StepPreference {
    use TechniqueId as T;
    match technique {
        T::NakedPair
        | T::NakedTriple
        | T::NakedQuad
        | T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuad => StepPreference::HodokuHouses,
        T::XyWing | T::AlsXz => StepPreference::HodokuPattern,
        T::TurbotFish
        | T::XChain
        | T::XyChain
        | T::RemotePair
        | T::NiceLoop
        | T::GroupedNiceLoop => StepPreference::HodokuSort,
        _ => StepPreference::First,
    }
}

/// HoDoKu 2.2's default solver ladder (`hodoku_steps_default.csv`: the steps enabled in the
/// solver, in sort order, with level and base score), for the techniques built so far. A
/// HoDoKu step that covers several of our techniques (Simple Colors = color trap and wrap)
/// becomes one rung per technique at the same place and score.
pub const HODOKU_2_2: &[Rung] = &[
    hodoku(TechniqueId::FullHouse, EASY, 4),
    hodoku(TechniqueId::NakedSingle, EASY, 4),
    hodoku(TechniqueId::HiddenSingle, EASY, 14),
    hodoku(TechniqueId::LockedPair, MEDIUM, 40),
    hodoku(TechniqueId::LockedTriple, MEDIUM, 60),
    hodoku(TechniqueId::LockedCandidatesPointing, MEDIUM, 50),
    hodoku(TechniqueId::LockedCandidatesClaiming, MEDIUM, 50),
    hodoku(TechniqueId::NakedPair, MEDIUM, 60),
    hodoku(TechniqueId::NakedTriple, MEDIUM, 80),
    hodoku(TechniqueId::HiddenPair, MEDIUM, 70),
    hodoku(TechniqueId::HiddenTriple, MEDIUM, 100),
    hodoku(TechniqueId::NakedQuad, HARD, 120),
    hodoku(TechniqueId::HiddenQuad, HARD, 150),
    hodoku(TechniqueId::XWing, HARD, 140),
    hodoku(TechniqueId::Swordfish, HARD, 150),
    hodoku(TechniqueId::Jellyfish, HARD, 160),
    hodoku(TechniqueId::RemotePair, HARD, 110),
    hodoku(TechniqueId::BugPlusOne, HARD, 100),
    hodoku(TechniqueId::Skyscraper, HARD, 130),
    hodoku(TechniqueId::TwoStringKite, HARD, 150),
    hodoku(TechniqueId::TurbotFish, HARD, 120),
    hodoku(TechniqueId::EmptyRectangle, HARD, 120),
    hodoku(TechniqueId::WWing, HARD, 150),
    hodoku(TechniqueId::XyWing, HARD, 160),
    hodoku(TechniqueId::XyzWing, HARD, 180),
    hodoku(TechniqueId::UniqueRectangle1, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle2, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle3, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle4, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle5, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle6, HARD, 100),
    hodoku(TechniqueId::HiddenRectangle, HARD, 100),
    hodoku(TechniqueId::AvoidableRectangle1, HARD, 100),
    hodoku(TechniqueId::AvoidableRectangle2, HARD, 100),
    hodoku(TechniqueId::FinnedXWing, HARD, 130),
    hodoku(TechniqueId::SashimiXWing, HARD, 150),
    hodoku(TechniqueId::FinnedSwordfish, UNFAIR, 200),
    hodoku(TechniqueId::SashimiSwordfish, UNFAIR, 240),
    hodoku(TechniqueId::FinnedJellyfish, UNFAIR, 250),
    hodoku(TechniqueId::SashimiJellyfish, UNFAIR, 260),
    hodoku(TechniqueId::SueDeCoq, UNFAIR, 250),
    hodoku(TechniqueId::ColorTrap, HARD, 150),
    hodoku(TechniqueId::ColorWrap, HARD, 150),
    hodoku(TechniqueId::MultiColor1, HARD, 200),
    hodoku(TechniqueId::MultiColor2, HARD, 200),
    hodoku(TechniqueId::XChain, UNFAIR, 260),
    hodoku(TechniqueId::XyChain, UNFAIR, 260),
    hodoku(TechniqueId::NiceLoop, UNFAIR, 280),
    hodoku(TechniqueId::GroupedNiceLoop, UNFAIR, 300),
    hodoku(TechniqueId::AlsXz, UNFAIR, 300),
    hodoku(TechniqueId::AlsXyWing, UNFAIR, 320),
    hodoku(TechniqueId::AlsChain, UNFAIR, 340),
    hodoku(TechniqueId::FrankenXWing, UNFAIR, 300),
    hodoku(TechniqueId::FrankenSwordfish, UNFAIR, 350),
    hodoku(TechniqueId::FinnedFrankenXWing, UNFAIR, 390),
    hodoku(TechniqueId::FinnedFrankenSwordfish, UNFAIR, 410),
    // HoDoKu's tabling search: chains of direct implications, then nets that look ahead.
    hodoku(TechniqueId::ForcingChain, EXTREME, 500),
    hodoku(TechniqueId::ForcingNet, EXTREME, 700),
    hodoku(TechniqueId::BruteForce, EXTREME, 10000),
];

/// Catalogued techniques HoDoKu 2.2's default solver does not use (off in its step table),
/// kept off the `hodoku` ladder: Death Blossom (Unfair 360 when enabled), fish of size 5–7,
/// Franken fish of size 4 up, every Mutant fish, and the endo-finned and cannibalistic classes
/// (HoDoKu counts those as finned Franken or Mutant fish of their shape; ours mix both shapes,
/// so none maps onto one HoDoKu step), Kraken fish (Extreme 500 when enabled), and GNPX's
/// ForceChain forms (HoDoKu's last resorts are [`TechniqueId::ForcingChain`] and
/// [`TechniqueId::ForcingNet`]).
pub const NOT_ON_HODOKU: &[TechniqueId] = &[
    TechniqueId::SueDeCoqEx1,
    TechniqueId::SueDeCoqEx2,
    TechniqueId::FinnedSueDeCoqEx1,
    TechniqueId::FinnedSueDeCoqEx2,
    TechniqueId::DeathBlossom,
    TechniqueId::Squirmbag,
    TechniqueId::FinnedSquirmbag,
    TechniqueId::SashimiSquirmbag,
    TechniqueId::Whale,
    TechniqueId::FinnedWhale,
    TechniqueId::SashimiWhale,
    TechniqueId::Leviathan,
    TechniqueId::FinnedLeviathan,
    TechniqueId::SashimiLeviathan,
    TechniqueId::FrankenJellyfish,
    TechniqueId::FrankenSquirmbag,
    TechniqueId::FrankenWhale,
    TechniqueId::FrankenLeviathan,
    TechniqueId::FinnedFrankenJellyfish,
    TechniqueId::FinnedFrankenSquirmbag,
    TechniqueId::FinnedFrankenWhale,
    TechniqueId::FinnedFrankenLeviathan,
    TechniqueId::MutantXWing,
    TechniqueId::MutantSwordfish,
    TechniqueId::MutantJellyfish,
    TechniqueId::MutantSquirmbag,
    TechniqueId::MutantWhale,
    TechniqueId::MutantLeviathan,
    TechniqueId::FinnedMutantXWing,
    TechniqueId::FinnedMutantSwordfish,
    TechniqueId::FinnedMutantJellyfish,
    TechniqueId::FinnedMutantSquirmbag,
    TechniqueId::FinnedMutantWhale,
    TechniqueId::FinnedMutantLeviathan,
    TechniqueId::EndoFinnedFmXWing,
    TechniqueId::EndoFinnedFmSwordfish,
    TechniqueId::EndoFinnedFmJellyfish,
    TechniqueId::EndoFinnedFmSquirmbag,
    TechniqueId::EndoFinnedFmWhale,
    TechniqueId::EndoFinnedFmLeviathan,
    TechniqueId::FinnedEndoFinnedFmXWing,
    TechniqueId::FinnedEndoFinnedFmSwordfish,
    TechniqueId::FinnedEndoFinnedFmJellyfish,
    TechniqueId::FinnedEndoFinnedFmSquirmbag,
    TechniqueId::FinnedEndoFinnedFmWhale,
    TechniqueId::FinnedEndoFinnedFmLeviathan,
    TechniqueId::CannibalisticFmXWing,
    TechniqueId::CannibalisticFmSwordfish,
    TechniqueId::CannibalisticFmJellyfish,
    TechniqueId::CannibalisticFmSquirmbag,
    TechniqueId::CannibalisticFmWhale,
    TechniqueId::CannibalisticFmLeviathan,
    TechniqueId::FinnedCannibalisticFmXWing,
    TechniqueId::FinnedCannibalisticFmSwordfish,
    TechniqueId::FinnedCannibalisticFmJellyfish,
    TechniqueId::FinnedCannibalisticFmSquirmbag,
    TechniqueId::FinnedCannibalisticFmWhale,
    TechniqueId::FinnedCannibalisticFmLeviathan,
    // Kraken Fish (EXTREME 500) is off in HoDoKu's default step table.
    TechniqueId::KrakenFish,
    // GNPX v5.84's XYZ-Wing (ALS): HoDoKu's ALS techniques are ALS-XZ, ALS-XY-Wing and chains.
    TechniqueId::XyzWingAls,
    // GNPX's ForceChain forms: HoDoKu's last resorts are its Forcing Chain and Net.
    TechniqueId::ForceChainCell,
    TechniqueId::ForceChainHouse,
    TechniqueId::ForceChainContradiction,
    TechniqueId::ForceChainBoth,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::CATALOGUE;

    #[test]
    fn hodoku_level_is_raised_by_score() {
        let rule = RatingRule::HodokuLevel;
        // Singles only: 57 naked singles/full houses = 228, Easy.
        assert_eq!(rule.rate(EASY, 228), EASY);
        // top1465 #4 (HoDoKu: Hard 1032): hardest step Hidden Pair (Medium), 1032 > 1000.
        assert_eq!(rule.rate(MEDIUM, 1032), HARD);
        // Exactly at the maximum stays; one past climbs, possibly several levels.
        assert_eq!(rule.rate(EASY, 800), EASY);
        assert_eq!(rule.rate(EASY, 801), MEDIUM);
        assert_eq!(rule.rate(EASY, 1601), UNFAIR);
        assert_eq!(rule.rate(HARD, 1801), EXTREME);
        assert_eq!(rule.rate(EXTREME, 10), EXTREME);
        assert_eq!(rule.label(HARD), "Hard");
        assert_eq!(RatingRule::MaxDifficulty.rate(7, 5000), 7);
    }

    #[test]
    fn scales_parse_and_build_their_ladders() {
        for scale in Scale::ALL {
            assert_eq!(scale.name().parse::<Scale>(), Ok(scale));
            assert!(!scale.ladder().rungs().is_empty());
        }
        assert!("hodoku2".parse::<Scale>().unwrap_err().contains("gnpx584"));
        let hodoku = Scale::Hodoku.ladder();
        assert_eq!(hodoku.rule(), RatingRule::HodokuLevel);
        assert!(hodoku.assumes_uniqueness());
        // HoDoKu's order: locked pairs before locked candidates, naked triple before hidden pair.
        let position = |t| {
            hodoku
                .rungs()
                .iter()
                .position(|r| r.technique == t)
                .unwrap()
        };
        assert!(
            position(TechniqueId::LockedPair) < position(TechniqueId::LockedCandidatesPointing)
        );
        assert!(position(TechniqueId::NakedTriple) < position(TechniqueId::HiddenPair));
        assert_eq!(
            hodoku.rungs().last().map(|r| r.technique),
            Some(TechniqueId::BruteForce)
        );
        assert!(!Scale::Gnpx584.ladder().assumes_uniqueness());
    }

    #[test]
    fn gnpx584_has_xyz_wing_als_where_v4_has_xyz_wing() {
        use crate::scales::ladder::{GNPX_V4, GNPX_V5_ONLY};
        // Besides v5's Sue de Coq extensions, v4's techniques in v4's order, but v5.84's
        // XYZ_WingALS (5) for the XYZ-Wing.
        let v584: Vec<_> = GNPX_V584
            .iter()
            .map(|r| r.technique)
            .filter(|t| !GNPX_V5_ONLY.contains(t) || *t == TechniqueId::XyzWingAls)
            .collect();
        let v4: Vec<_> = GNPX_V4
            .iter()
            .map(|r| match r.technique {
                TechniqueId::XyzWing => TechniqueId::XyzWingAls,
                other => other,
            })
            .collect();
        assert_eq!(v584, v4);
        let ladder = Scale::Gnpx584.ladder();
        assert_eq!(ladder.difficulty_of(TechniqueId::XyzWingAls), Some(5));
        assert_eq!(ladder.difficulty_of(TechniqueId::XyzWing), None);
        assert_eq!(
            Scale::Gnpx.ladder().difficulty_of(TechniqueId::XyzWingAls),
            None
        );
        assert_eq!(TechniqueId::XyzWingAls.gnpx_label(), "XYZ_WingALS");
    }

    #[test]
    fn only_gnpx584_chains_sue_de_coq_and_als_search_as_gnpx_v584() {
        for scale in Scale::ALL {
            for rung in scale.full_ladder().rungs() {
                let gnpx584_xy = scale == Scale::Gnpx584
                    && matches!(
                        rung.technique,
                        TechniqueId::XyChain
                            | TechniqueId::SueDeCoq
                            | TechniqueId::AlsXz
                            | TechniqueId::AlsXyWing
                    );
                assert_eq!(
                    rung.flavour == Flavour::Gnpx584,
                    gnpx584_xy,
                    "{scale} {}",
                    rung.technique.id()
                );
                if scale == Scale::Gnpx584 && !gnpx584_xy {
                    assert_eq!(rung.flavour, Flavour::Standard, "{}", rung.technique.id());
                    assert_eq!(
                        rung.preference,
                        StepPreference::First,
                        "{}",
                        rung.technique.id()
                    );
                }
            }
        }
    }

    #[test]
    fn gnpx_v5_methods_are_on_the_gnpx584_ladder_only() {
        for &technique in crate::scales::ladder::GNPX_V5_ONLY {
            let on = |scale: Scale| {
                scale
                    .full_ladder()
                    .rungs()
                    .iter()
                    .filter(|r| r.technique == technique)
                    .count()
            };
            assert_eq!(on(Scale::Gnpx584), 1, "{technique:?}");
            assert_eq!(on(Scale::Gnpx) + on(Scale::Hodoku), 0, "{technique:?}");
        }
    }

    #[test]
    fn every_technique_is_on_the_hodoku_ladder_once() {
        for info in CATALOGUE {
            let rows = HODOKU_2_2
                .iter()
                .filter(|r| r.technique == info.technique)
                .count();
            let expected = usize::from(!NOT_ON_HODOKU.contains(&info.technique));
            assert_eq!(rows, expected, "{}", info.id);
        }
    }
}
