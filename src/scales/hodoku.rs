//! HoDoKu 2.2's scale: its default solver ladder with base scores, rated by HoDoKu's level
//! ([`RatingRule::HodokuLevel`]), singles taken in the order they appear.
//!
//! Every rung runs HoDoKu's search where the catalogue has one ([`Flavour::Hodoku`]) and names
//! which of the steps HoDoKu takes ([`StepPreference`]; the first found unless given).
//!
//! Catalogued techniques HoDoKu 2.2's default solver does not use (off in its step table) are
//! not in the table: Death Blossom (Unfair 360 when enabled), fish of size 5–7, Franken fish of
//! size 4 up, every Mutant fish, and the endo-finned and cannibalistic classes (HoDoKu counts
//! those as finned Franken or Mutant fish of their shape; ours mix both shapes, so none maps onto
//! one HoDoKu step), Kraken fish (Extreme 500 when enabled), GNPX v5's Sue de Coq extensions and
//! XYZ-Wing (ALS) (HoDoKu's ALS techniques are ALS-XZ, ALS-XY-Wing and chains), and GNPX's
//! ForceChain forms (HoDoKu's last resorts are [`TechniqueId::ForcingChain`] and
//! [`TechniqueId::ForcingNet`]).

use crate::scales::ladder::{
    Ladder, RatingRule, Rung, SinglesOrder, EASY, EXTREME, HARD, MEDIUM, UNFAIR,
};
use crate::scales::preference::{StepPreference, StepPreference as P};
use crate::techniques::{Flavour, TechniqueId, TechniqueId as T};

/// A HoDoKu rung: level (Easy 1 … Extreme 5), base score, HoDoKu's search, its first step (see
/// [`Rung::preferring`] for the others).
const fn hodoku(technique: TechniqueId, level: u8, score: u16) -> Rung {
    Rung {
        technique,
        difficulty: level,
        score,
        flavour: Flavour::Hodoku,
        preference: StepPreference::First,
        off_by_default: false,
    }
}

/// HoDoKu 2.2's default solver ladder (`hodoku_steps_default.csv`: the steps enabled in the
/// solver, in sort order, with level and base score), for the techniques built so far. A
/// HoDoKu step that covers several of our techniques (Simple Colors = color trap and wrap)
/// becomes one rung per technique at the same place and score.
pub const HODOKU_2_2: &[Rung] = &[
    hodoku(T::FullHouse, EASY, 4),
    hodoku(T::NakedSingle, EASY, 4),
    hodoku(T::HiddenSingle, EASY, 14),
    hodoku(T::LockedPair, MEDIUM, 40),
    hodoku(T::LockedTriple, MEDIUM, 60),
    hodoku(T::LockedCandidatesPointing, MEDIUM, 50),
    hodoku(T::LockedCandidatesClaiming, MEDIUM, 50),
    hodoku(T::NakedPair, MEDIUM, 60).preferring(P::HodokuHouses),
    hodoku(T::NakedTriple, MEDIUM, 80).preferring(P::HodokuHouses),
    hodoku(T::HiddenPair, MEDIUM, 70).preferring(P::HodokuHouses),
    hodoku(T::HiddenTriple, MEDIUM, 100).preferring(P::HodokuHouses),
    hodoku(T::NakedQuad, HARD, 120).preferring(P::HodokuHouses),
    hodoku(T::HiddenQuad, HARD, 150).preferring(P::HodokuHouses),
    hodoku(T::XWing, HARD, 140),
    hodoku(T::Swordfish, HARD, 150),
    hodoku(T::Jellyfish, HARD, 160),
    hodoku(T::RemotePair, HARD, 110).preferring(P::HodokuSort),
    hodoku(T::BugPlusOne, HARD, 100),
    hodoku(T::Skyscraper, HARD, 130),
    hodoku(T::TwoStringKite, HARD, 150),
    hodoku(T::TurbotFish, HARD, 120).preferring(P::HodokuSort),
    hodoku(T::EmptyRectangle, HARD, 120),
    hodoku(T::WWing, HARD, 150),
    hodoku(T::XyWing, HARD, 160).preferring(P::HodokuPattern),
    hodoku(T::XyzWing, HARD, 180),
    hodoku(T::UniqueRectangle1, HARD, 100),
    hodoku(T::UniqueRectangle2, HARD, 100),
    hodoku(T::UniqueRectangle3, HARD, 100),
    hodoku(T::UniqueRectangle4, HARD, 100),
    hodoku(T::UniqueRectangle5, HARD, 100),
    hodoku(T::UniqueRectangle6, HARD, 100),
    hodoku(T::HiddenRectangle, HARD, 100),
    hodoku(T::AvoidableRectangle1, HARD, 100),
    hodoku(T::AvoidableRectangle2, HARD, 100),
    hodoku(T::FinnedXWing, HARD, 130),
    hodoku(T::SashimiXWing, HARD, 150),
    hodoku(T::FinnedSwordfish, UNFAIR, 200),
    hodoku(T::SashimiSwordfish, UNFAIR, 240),
    hodoku(T::FinnedJellyfish, UNFAIR, 250),
    hodoku(T::SashimiJellyfish, UNFAIR, 260),
    hodoku(T::SueDeCoq, UNFAIR, 250),
    hodoku(T::ColorTrap, HARD, 150),
    hodoku(T::ColorWrap, HARD, 150),
    hodoku(T::MultiColor1, HARD, 200),
    hodoku(T::MultiColor2, HARD, 200),
    hodoku(T::XChain, UNFAIR, 260).preferring(P::HodokuSort),
    hodoku(T::XyChain, UNFAIR, 260).preferring(P::HodokuSort),
    hodoku(T::NiceLoop, UNFAIR, 280).preferring(P::HodokuSort),
    hodoku(T::GroupedNiceLoop, UNFAIR, 300).preferring(P::HodokuSort),
    hodoku(T::AlsXz, UNFAIR, 300).preferring(P::HodokuPattern),
    hodoku(T::AlsXyWing, UNFAIR, 320),
    hodoku(T::AlsChain, UNFAIR, 340),
    hodoku(T::FrankenXWing, UNFAIR, 300),
    hodoku(T::FrankenSwordfish, UNFAIR, 350),
    hodoku(T::FinnedFrankenXWing, UNFAIR, 390),
    hodoku(T::FinnedFrankenSwordfish, UNFAIR, 410),
    // HoDoKu's tabling search: chains of direct implications, then nets that look ahead.
    hodoku(T::ForcingChain, EXTREME, 500),
    hodoku(T::ForcingNet, EXTREME, 700),
    hodoku(T::BruteForce, EXTREME, 10000),
];

/// Every rung of HoDoKu 2.2's ladder and its rating rule.
pub fn full_ladder() -> Ladder {
    Ladder::with_rule(HODOKU_2_2.to_vec(), RatingRule::HodokuLevel)
        .with_singles_order(SinglesOrder::Appearance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hodoku_order_puts_locked_pairs_first_and_brute_force_last() {
        let hodoku = full_ladder();
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
        assert!(position(T::LockedPair) < position(T::LockedCandidatesPointing));
        assert!(position(T::NakedTriple) < position(T::HiddenPair));
        assert_eq!(
            hodoku.rungs().last().map(|r| r.technique),
            Some(T::BruteForce)
        );
    }

    #[test]
    fn each_technique_is_in_the_table_at_most_once() {
        let mut seen = std::collections::HashSet::new();
        for rung in HODOKU_2_2 {
            assert!(seen.insert(rung.technique), "{:?} twice", rung.technique);
            assert!(!rung.off_by_default);
        }
    }
}
