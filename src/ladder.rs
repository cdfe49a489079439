//! The ladder: an ordered table of techniques with their difficulty values and the rule that
//! turns a path into a rating. Grading walks it top-down; it is data, so scales
//! (`crate::scale`) and `--techniques` restrictions are just other tables.

use crate::scale::RatingRule;
use crate::techniques::{TechniqueId, CATALOGUE};

/// One rung of the ladder: a technique and what it is worth on this scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The technique.
    pub technique: TechniqueId,
    /// Its difficulty on the ladder's scale (GNPX: 1–13; HoDoKu: its level, Easy 1 … Extreme 5).
    pub difficulty: u8,
    /// What each step adds to the puzzle's score (HoDoKu's base score; 0 on scales without one).
    pub score: u16,
}

/// A rung worth `difficulty` and no score (the GNPX scales).
pub(crate) const fn rung(technique: TechniqueId, difficulty: u8) -> Rung {
    Rung {
        technique,
        difficulty,
        score: 0,
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
    rung(TechniqueId::NiceLoop, 11),
    rung(TechniqueId::GroupedNiceLoop, 12),
    // Last resort in GNPX's order (after the ALS, nice-loop and fish methods still to come).
    rung(TechniqueId::ForceChainCell, 13),
    rung(TechniqueId::ForceChainHouse, 13),
    rung(TechniqueId::ForceChainContradiction, 13),
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
];

/// A `--techniques`/`--needs` name that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TechniqueNameError {
    /// Neither a technique id nor a family.
    #[error("unknown technique or family '{name}'; valid: {valid}")]
    Unknown {
        /// The name given.
        name: String,
        /// The valid ids and families.
        valid: String,
    },
    /// A known name none of whose techniques is on the ladder in use.
    #[error("'{0}' is not on the ladder in use (the scale has no rung for it, or --techniques left it out)")]
    NotOnLadder(String),
}

/// Which single a singles rung takes when there are several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SinglesOrder {
    /// The first in the finder's scan order (GNPX).
    #[default]
    Scan,
    /// The first to have appeared (HoDoKu; see `crate::singles_queue`).
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
    /// The default ladder (GNPX v4 scale).
    pub fn gnpx_v4() -> Ladder {
        Ladder::from_rungs(GNPX_V4.to_vec())
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

    /// Keeps only the rungs named by `names` (technique ids or family names), in ladder order.
    pub fn restricted_to<S: AsRef<str>>(&self, names: &[S]) -> Result<Ladder, TechniqueNameError> {
        let keep = self.select_on_ladder(names)?;
        Ok(Ladder {
            rungs: self
                .rungs
                .iter()
                .copied()
                .filter(|r| keep[r.technique as usize])
                .collect(),
            rule: self.rule,
            singles_order: self.singles_order,
        })
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

/// The techniques named by `names` (technique ids or family names), as a membership table
/// indexed by `TechniqueId`. Empty names are ignored.
pub fn select_techniques<S: AsRef<str>>(
    names: &[S],
) -> Result<[bool; TechniqueId::COUNT], TechniqueNameError> {
    let mut selected = [false; TechniqueId::COUNT];
    for name in names {
        let name = name.as_ref().trim();
        if name.is_empty() {
            continue;
        }
        let mut matched = false;
        for info in CATALOGUE
            .iter()
            .filter(|i| i.id == name || i.family == name)
        {
            selected[info.technique as usize] = true;
            matched = true;
        }
        if !matched {
            return Err(TechniqueNameError::Unknown {
                name: name.to_string(),
                valid: valid_names(),
            });
        }
    }
    Ok(selected)
}

/// Every family and technique id, comma-separated (for error messages and help).
pub fn valid_names() -> String {
    let mut families: Vec<&str> = Vec::new();
    for info in CATALOGUE {
        if !families.contains(&info.family) {
            families.push(info.family);
        }
    }
    let ids: Vec<&str> = CATALOGUE.iter().map(|i| i.id).collect();
    format!(
        "families {}; techniques {}",
        families.join(","),
        ids.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn every_catalogued_technique_is_on_the_default_ladder_unless_gnpx_lacks_it() {
        for info in CATALOGUE {
            let on_ladder = Ladder::gnpx_v4().difficulty_of(info.technique).is_some();
            assert_eq!(
                on_ladder,
                !NOT_ON_GNPX.contains(&info.technique),
                "{}",
                info.id
            );
        }
    }
}
