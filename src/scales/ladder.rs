//! The ladder: an ordered table of techniques with their difficulty values and the rule that
//! turns a path into a rating. Grading walks it top-down; it is data, so scales
//! (`crate::scales`) and `--techniques` restrictions are just other tables.

use std::ops::ControlFlow;

use crate::core::Grid;
use crate::scales::preference::StepPreference;
use crate::scales::RatingRule;
use crate::techniques::names::{named_explicitly, select_techniques, TechniqueNameError};
use crate::techniques::step::Step;
use crate::techniques::{first_step_into, FinderFn, Flavour, TechniqueId};

/// One rung of the ladder: a technique, what it is worth on this scale, whose search runs it
/// and which of its steps the rung takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The technique.
    pub technique: TechniqueId,
    /// Its difficulty on the ladder's scale (GNPX: 1–13; HoDoKu: its level, Easy 1 … Extreme 5).
    pub difficulty: u8,
    /// What each step adds to the puzzle's score (HoDoKu's base score; 0 on scales without one).
    pub score: u16,
    /// Whose search finds the technique's steps (the catalogue row's finder of that flavour).
    pub flavour: Flavour,
    /// Which step the rung takes when the search finds several.
    pub preference: StepPreference,
}

/// A rung worth `difficulty` and no score, with the standard search and its first step (GNPX v4).
pub(crate) const fn rung(technique: TechniqueId, difficulty: u8) -> Rung {
    Rung {
        technique,
        difficulty,
        score: 0,
        flavour: Flavour::Standard,
        preference: StepPreference::First,
    }
}

impl Rung {
    /// The finder this rung runs: the catalogue row's search of the rung's flavour.
    #[inline]
    pub fn finder(&self) -> FinderFn {
        self.technique.info().finder_for(self.flavour)
    }

    /// Writes the step this rung takes at `grid` into `step`: the first its search yields, or,
    /// with a preference other than [`StepPreference::First`], the one it prefers among all of
    /// them (ties keep the earlier). Returns whether the search found one; a miss copies nothing.
    #[inline]
    pub fn find_into(&self, grid: &Grid, step: &mut Step) -> bool {
        let finder = self.finder();
        if self.preference.takes_first() {
            return first_step_into(finder, grid, step);
        }
        let mut found = false;
        let _ = finder(grid, &mut |candidate| {
            if !found || self.preference.prefers(candidate, step) {
                step.clone_from(candidate);
                found = true;
            }
            ControlFlow::Continue(())
        });
        found
    }
}

/// GNPX v4's method order and difficulties (the seed pages' era), for the techniques built so far.
pub const GNPX_V4: &[Rung] = &[
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
    // Fish (GNPX: XWing … Leviathan; 5–7 run only in multi-solve mode: off by default).
    rung(TechniqueId::XWing, 4),
    rung(TechniqueId::Swordfish, 5),
    rung(TechniqueId::Jellyfish, 6),
    rung(TechniqueId::Squirmbag, 6),
    rung(TechniqueId::Whale, 6),
    rung(TechniqueId::Leviathan, 6),
    // Finned fish; sashimi ones count apart, at the same place and difficulty.
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
    // GNPX's Skyscraper, split by HoDoKu's names (see `techniques::single_digit`).
    rung(TechniqueId::Skyscraper, 5),
    rung(TechniqueId::TwoStringKite, 5),
    rung(TechniqueId::TurbotFish, 5),
    rung(TechniqueId::EmptyRectangle, 5),
    rung(TechniqueId::XyWing, 6),
    rung(TechniqueId::WWing, 7),
    rung(TechniqueId::RemotePair, 6),
    rung(TechniqueId::XChain, 7),
    rung(TechniqueId::XyChain, 7),
    rung(TechniqueId::SueDeCoq, 6),
    rung(TechniqueId::ColorTrap, 6),
    rung(TechniqueId::ColorWrap, 6),
    rung(TechniqueId::MultiColor1, 7),
    rung(TechniqueId::MultiColor2, 7),
    // GNPX v4 finds XYZ-Wings as ALS (XYZ-Wing via ALS, difficulty 8), after the colourings.
    rung(TechniqueId::XyzWing, 8),
    rung(TechniqueId::AlsXz, 8),
    rung(TechniqueId::AlsXyWing, 9),
    rung(TechniqueId::AlsChain, 10),
    rung(TechniqueId::DeathBlossom, 10),
    // Franken/Mutant fish (8), then finned ones (8); sizes 5–7 off by default.
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
    rung(TechniqueId::FinnedFrankenXWing, 8),
    rung(TechniqueId::FinnedMutantXWing, 8),
    rung(TechniqueId::FinnedFrankenSwordfish, 8),
    rung(TechniqueId::FinnedMutantSwordfish, 8),
    rung(TechniqueId::FinnedFrankenJellyfish, 8),
    rung(TechniqueId::FinnedMutantJellyfish, 8),
    rung(TechniqueId::FinnedFrankenSquirmbag, 8),
    rung(TechniqueId::FinnedMutantSquirmbag, 8),
    rung(TechniqueId::FinnedFrankenWhale, 8),
    rung(TechniqueId::FinnedMutantWhale, 8),
    rung(TechniqueId::FinnedFrankenLeviathan, 8),
    rung(TechniqueId::FinnedMutantLeviathan, 8),
    rung(TechniqueId::NiceLoop, 11),
    rung(TechniqueId::GroupedNiceLoop, 12),
    // EndoFinned, Finned EndoFinned, Cannibalistic and Finned Cannibalistic F/M fish (11).
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
    rung(TechniqueId::CannibalisticFmXWing, 11),
    rung(TechniqueId::CannibalisticFmSwordfish, 11),
    rung(TechniqueId::CannibalisticFmJellyfish, 11),
    rung(TechniqueId::CannibalisticFmSquirmbag, 11),
    rung(TechniqueId::CannibalisticFmWhale, 11),
    rung(TechniqueId::CannibalisticFmLeviathan, 11),
    rung(TechniqueId::FinnedCannibalisticFmXWing, 11),
    rung(TechniqueId::FinnedCannibalisticFmSwordfish, 11),
    rung(TechniqueId::FinnedCannibalisticFmJellyfish, 11),
    rung(TechniqueId::FinnedCannibalisticFmSquirmbag, 11),
    rung(TechniqueId::FinnedCannibalisticFmWhale, 11),
    rung(TechniqueId::FinnedCannibalisticFmLeviathan, 11),
    // Kraken fish (GNPX's Kraken Fish and Kraken Finned Fish, 13: one technique here).
    rung(TechniqueId::KrakenFish, 13),
    // Last resort in GNPX's order.
    rung(TechniqueId::ForceChainCell, 13),
    rung(TechniqueId::ForceChainHouse, 13),
    rung(TechniqueId::ForceChainContradiction, 13),
    // Not GNPX's: ForceChain from both polarities of one candidate (off by default).
    rung(TechniqueId::ForceChainBoth, 13),
];

/// Rungs of the scales' ladders that the default ladders leave out: basic fish of size 5–7,
/// which GNPX runs only in multi-solve mode (each has a dual fish of size ≤ 4 with the same
/// eliminations), and every Franken/Mutant fish of size 5–7 (finned, endo-finned and
/// cannibalistic ones included): TECHNIQUES.md gives GNPX's F/M fish as sizes 2–4, and the larger
/// ones cost about four times the rest of the ladder for a handful of steps (results/fish.md).
/// Kraken fish is off too: each of its steps removes a candidate or two, so on top1465 it takes
/// over from ForceChain with about four times as many steps, and every new state reruns the
/// whole ladder (grading 2.3 times slower; results/kraken.md).
/// ForceChain_Both is not GNPX's (it adds a walk from every candidate assumed false; see
/// results/forcechain.md), so the default ladders stay GNPX's.
/// Naming one by id in `--techniques` (or naming `all`) puts it back at its place; family and
/// group names do not.
pub const OFF_BY_DEFAULT: &[TechniqueId] = &[
    TechniqueId::KrakenFish,
    TechniqueId::ForceChainBoth,
    TechniqueId::Squirmbag,
    TechniqueId::Whale,
    TechniqueId::Leviathan,
    TechniqueId::FrankenSquirmbag,
    TechniqueId::FrankenWhale,
    TechniqueId::FrankenLeviathan,
    TechniqueId::MutantSquirmbag,
    TechniqueId::MutantWhale,
    TechniqueId::MutantLeviathan,
    TechniqueId::FinnedFrankenSquirmbag,
    TechniqueId::FinnedFrankenWhale,
    TechniqueId::FinnedFrankenLeviathan,
    TechniqueId::FinnedMutantSquirmbag,
    TechniqueId::FinnedMutantWhale,
    TechniqueId::FinnedMutantLeviathan,
    TechniqueId::EndoFinnedFmSquirmbag,
    TechniqueId::EndoFinnedFmWhale,
    TechniqueId::EndoFinnedFmLeviathan,
    TechniqueId::FinnedEndoFinnedFmSquirmbag,
    TechniqueId::FinnedEndoFinnedFmWhale,
    TechniqueId::FinnedEndoFinnedFmLeviathan,
    TechniqueId::CannibalisticFmSquirmbag,
    TechniqueId::CannibalisticFmWhale,
    TechniqueId::CannibalisticFmLeviathan,
    TechniqueId::FinnedCannibalisticFmSquirmbag,
    TechniqueId::FinnedCannibalisticFmWhale,
    TechniqueId::FinnedCannibalisticFmLeviathan,
];

/// Techniques GNPX has no rung for (HoDoKu's locked pair/triple, which GNPX counts as naked
/// subsets, and the uniqueness family, which GNPX lacks): catalogued for other scales and for
/// `explain --all`, off the GNPX ladder.
pub const NOT_ON_GNPX: &[TechniqueId] = &[
    TechniqueId::LockedPair,
    TechniqueId::LockedTriple,
    TechniqueId::UniqueRectangle1,
    TechniqueId::UniqueRectangle2,
    TechniqueId::UniqueRectangle3,
    TechniqueId::UniqueRectangle4,
    TechniqueId::UniqueRectangle5,
    TechniqueId::UniqueRectangle6,
    TechniqueId::HiddenRectangle,
    TechniqueId::AvoidableRectangle1,
    TechniqueId::AvoidableRectangle2,
    TechniqueId::BugPlusOne,
    TechniqueId::BruteForce,
    // HoDoKu's Forcing Chain and Net (GNPX's last resort is its own ForceChain).
    TechniqueId::ForcingChain,
    TechniqueId::ForcingNet,
];

/// Techniques GNPX v5 added (its Sue de Coq extensions and XYZ-Wing (ALS)): on the `gnpx584`
/// scale only, not on GNPX v4's ladder.
pub const GNPX_V5_ONLY: &[TechniqueId] = &[
    TechniqueId::SueDeCoqEx1,
    TechniqueId::SueDeCoqEx2,
    TechniqueId::FinnedSueDeCoqEx1,
    TechniqueId::FinnedSueDeCoqEx2,
    // v5.84's XYZ_WingALS, which replaced its XYZ-Wing (v4 rates XYZ-Wings as XyzWing).
    TechniqueId::XyzWingAls,
];

/// Which single a singles rung takes when there are several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SinglesOrder {
    /// The first in the finder's scan order (GNPX).
    #[default]
    Scan,
    /// The first to have appeared (HoDoKu; see `crate::scales::singles_queue`).
    Appearance,
}

/// An ordered list of rungs and the rule that rates a path walked down them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    rungs: Vec<Rung>,
    rule: RatingRule,
    singles_order: SinglesOrder,
}

impl Ladder {
    /// The default ladder (GNPX v4 scale): [`GNPX_V4`] without [`OFF_BY_DEFAULT`].
    pub fn gnpx_v4() -> Ladder {
        Ladder::gnpx_v4_all().without_off_by_default()
    }

    /// Every rung of [`GNPX_V4`], the ones off by default included (restrict it with
    /// [`Ladder::restricted_to`]).
    pub fn gnpx_v4_all() -> Ladder {
        Ladder::from_rungs(GNPX_V4.to_vec())
    }

    /// The same ladder without the rungs in [`OFF_BY_DEFAULT`].
    pub fn without_off_by_default(&self) -> Ladder {
        self.filtered(|r| !OFF_BY_DEFAULT.contains(&r.technique))
    }

    /// Keeps only the rungs for which `keep` holds, in ladder order.
    pub fn filtered(&self, keep: impl Fn(&Rung) -> bool) -> Ladder {
        Ladder {
            rungs: self.rungs.iter().copied().filter(|r| keep(r)).collect(),
            rule: self.rule,
            singles_order: self.singles_order,
        }
    }

    /// A ladder from explicit rungs, rated by the maximum difficulty used (GNPX's rule).
    pub fn from_rungs(rungs: Vec<Rung>) -> Ladder {
        Ladder::with_rule(rungs, RatingRule::MaxDifficulty)
    }

    /// A ladder from explicit rungs and a rating rule.
    pub fn with_rule(rungs: Vec<Rung>, rule: RatingRule) -> Ladder {
        Ladder {
            rungs,
            rule,
            singles_order: SinglesOrder::Scan,
        }
    }

    /// The same ladder taking singles in `order`.
    pub fn with_singles_order(mut self, order: SinglesOrder) -> Ladder {
        self.singles_order = order;
        self
    }

    /// Which single a singles rung takes.
    pub fn singles_order(&self) -> SinglesOrder {
        self.singles_order
    }

    /// The rungs in order.
    pub fn rungs(&self) -> &[Rung] {
        &self.rungs
    }

    /// How a path on this ladder is rated.
    pub fn rule(&self) -> RatingRule {
        self.rule
    }

    /// The difficulty of `technique` on this ladder, if it is on it.
    pub fn difficulty_of(&self, technique: TechniqueId) -> Option<u8> {
        self.rungs
            .iter()
            .find(|r| r.technique == technique)
            .map(|r| r.difficulty)
    }

    /// Whether some rung is only valid for puzzles known to have a unique solution.
    pub fn assumes_uniqueness(&self) -> bool {
        self.rungs.iter().any(|r| r.technique.assumes_uniqueness())
    }

    /// Keeps only the rungs named by `names` (technique ids, family or group names, or `all`),
    /// in ladder order. A rung in [`OFF_BY_DEFAULT`] is kept only when named by its id or `all`.
    pub fn restricted_to<S: AsRef<str>>(&self, names: &[S]) -> Result<Ladder, TechniqueNameError> {
        let keep = self.select_on_ladder(names)?;
        let explicit = named_explicitly(names);
        Ok(self.filtered(|r| {
            let i = r.technique as usize;
            keep[i] && (explicit[i] || !OFF_BY_DEFAULT.contains(&r.technique))
        }))
    }
}

impl Ladder {
    /// The techniques named by `names` (ids or families) as a membership table indexed by
    /// `TechniqueId`; every name must select at least one rung of this ladder.
    pub fn select_on_ladder<S: AsRef<str>>(
        &self,
        names: &[S],
    ) -> Result<[bool; TechniqueId::COUNT], TechniqueNameError> {
        let selected = select_techniques(names)?;
        for name in names
            .iter()
            .map(|n| n.as_ref().trim())
            .filter(|n| !n.is_empty())
        {
            let named = select_techniques(&[name])?;
            if !self.rungs.iter().any(|r| named[r.technique as usize]) {
                return Err(TechniqueNameError::NotOnLadder(name.to_string()));
            }
        }
        Ok(selected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::CATALOGUE;

    #[test]
    fn restriction_by_family_and_id_keeps_ladder_order() {
        let ladder = Ladder::gnpx_v4()
            .restricted_to(&["hidden-pair", "singles"])
            .unwrap();
        let ids: Vec<_> = ladder.rungs().iter().map(|r| r.technique.id()).collect();
        assert_eq!(
            ids,
            ["full-house", "naked-single", "hidden-single", "hidden-pair"]
        );
        let err = Ladder::gnpx_v4()
            .restricted_to(&["singles", "x-wingz"])
            .unwrap_err();
        assert!(matches!(&err, TechniqueNameError::Unknown { name, .. } if name == "x-wingz"));
        assert!(
            err.to_string().contains("intersections") && err.to_string().contains("naked-quad")
        );
        let err = Ladder::gnpx_v4()
            .restricted_to(&["singles", "locked-pair"])
            .unwrap_err();
        assert_eq!(err, TechniqueNameError::NotOnLadder("locked-pair".into()));
        // A family with some rungs on the ladder is fine.
        assert!(Ladder::gnpx_v4().restricted_to(&["intersections"]).is_ok());
    }

    #[test]
    fn every_catalogued_technique_is_on_the_default_ladder_unless_gnpx_lacks_it_or_off() {
        let all = Ladder::gnpx_v4_all();
        for info in CATALOGUE {
            let on_gnpx = all.difficulty_of(info.technique).is_some();
            assert_eq!(
                on_gnpx,
                !NOT_ON_GNPX.contains(&info.technique) && !GNPX_V5_ONLY.contains(&info.technique),
                "{}",
                info.id
            );
            let on_default = Ladder::gnpx_v4().difficulty_of(info.technique).is_some();
            assert_eq!(
                on_default,
                on_gnpx && !OFF_BY_DEFAULT.contains(&info.technique),
                "{}",
                info.id
            );
        }
        let mut seen = std::collections::HashSet::new();
        assert!(all.rungs().iter().all(|r| seen.insert(r.technique)));
    }

    #[test]
    fn off_by_default_rungs_come_back_only_by_id_or_all() {
        let fish = Ladder::gnpx_v4_all().restricted_to(&["fish"]).unwrap();
        assert!(fish.difficulty_of(TechniqueId::Jellyfish).is_some());
        assert!(fish.difficulty_of(TechniqueId::Squirmbag).is_none());
        let with = Ladder::gnpx_v4_all()
            .restricted_to(&["fish-basic", "squirmbag"])
            .unwrap();
        let ids: Vec<_> = with.rungs().iter().map(|r| r.technique.id()).collect();
        assert_eq!(ids, ["x-wing", "swordfish", "jellyfish", "squirmbag"]);
        assert_eq!(with.difficulty_of(TechniqueId::Squirmbag), Some(6));
        let finned = Ladder::gnpx_v4().restricted_to(&["fish-finned"]).unwrap();
        assert_eq!(finned.rungs().len(), 12);
        assert_eq!(finned.rungs()[1].technique, TechniqueId::SashimiXWing);
        let franken = Ladder::gnpx_v4_all()
            .restricted_to(&["fish-franken"])
            .unwrap();
        assert_eq!(franken.rungs().len(), 6);
        assert_eq!(
            Ladder::gnpx_v4_all().restricted_to(&["all"]).unwrap(),
            Ladder::gnpx_v4_all()
        );
        // ForceChain_Both: not in its family's default, named after the GNPX forms.
        let chains = Ladder::gnpx_v4_all()
            .restricted_to(&["force-chain"])
            .unwrap();
        assert_eq!(chains.rungs().len(), 3);
        let both = Ladder::gnpx_v4_all()
            .restricted_to(&["force-chain", "force-chain-both"])
            .unwrap();
        assert_eq!(
            both.rungs().last().map(|r| (r.technique, r.difficulty)),
            Some((TechniqueId::ForceChainBoth, 13))
        );
        // On the default ladder an off-by-default id is not there to be named.
        assert_eq!(
            Ladder::gnpx_v4().restricted_to(&["whale"]).unwrap_err(),
            TechniqueNameError::NotOnLadder("whale".into())
        );
    }
}
