//! The ladder: an ordered table of techniques with their difficulty values. Grading walks it
//! top-down; it is data, so scales and `--techniques` restrictions are just other tables.

use crate::techniques::{TechniqueId, CATALOGUE};

/// One rung of the ladder: a technique and the difficulty it is worth on this scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The technique.
    pub technique: TechniqueId,
    /// Its difficulty on the ladder's scale.
    pub difficulty: u8,
}

const fn rung(technique: TechniqueId, difficulty: u8) -> Rung {
    Rung {
        technique,
        difficulty,
    }
}

/// GNPX v4's method order and difficulties (the seed pages' era), for the techniques built so far.
/// Every catalogued technique has a rung here; the default ladder leaves out [`OFF_BY_DEFAULT`].
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
    // Fish (GNPX: XWing … Leviathan; 5–7 only in multi-solve mode, off by default).
    rung(TechniqueId::XWing, 4),
    rung(TechniqueId::Swordfish, 5),
    rung(TechniqueId::Jellyfish, 6),
    rung(TechniqueId::Squirmbag, 6),
    rung(TechniqueId::Whale, 6),
    rung(TechniqueId::Leviathan, 6),
    // Finned fish; sashimi ones count apart at the same place and difficulty.
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
    // Skyscraper … DeathBlossomEx go here when they are built.
    // Franken/Mutant fish (8): GNPX searches unfinned ones up to size 4.
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
    // Finned Franken/Mutant fish (8), sizes 2–7.
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
    // NiceLoop, GroupedNiceLoop go here when they are built.
    // EndoFinned F/M fish (11).
    rung(TechniqueId::EndoFinnedFmXWing, 11),
    rung(TechniqueId::EndoFinnedFmSwordfish, 11),
    rung(TechniqueId::EndoFinnedFmJellyfish, 11),
    rung(TechniqueId::EndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::EndoFinnedFmWhale, 11),
    rung(TechniqueId::EndoFinnedFmLeviathan, 11),
    // Finned EndoFinned F/M fish (11).
    rung(TechniqueId::FinnedEndoFinnedFmXWing, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSwordfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmJellyfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::FinnedEndoFinnedFmWhale, 11),
    rung(TechniqueId::FinnedEndoFinnedFmLeviathan, 11),
    // Cannibalistic F/M fish (11).
    rung(TechniqueId::CannibalisticFmXWing, 11),
    rung(TechniqueId::CannibalisticFmSwordfish, 11),
    rung(TechniqueId::CannibalisticFmJellyfish, 11),
    rung(TechniqueId::CannibalisticFmSquirmbag, 11),
    rung(TechniqueId::CannibalisticFmWhale, 11),
    rung(TechniqueId::CannibalisticFmLeviathan, 11),
    // Finned Cannibalistic F/M fish (11).
    rung(TechniqueId::FinnedCannibalisticFmXWing, 11),
    rung(TechniqueId::FinnedCannibalisticFmSwordfish, 11),
    rung(TechniqueId::FinnedCannibalisticFmJellyfish, 11),
    rung(TechniqueId::FinnedCannibalisticFmSquirmbag, 11),
    rung(TechniqueId::FinnedCannibalisticFmWhale, 11),
    rung(TechniqueId::FinnedCannibalisticFmLeviathan, 11),
];

/// Rungs of [`GNPX_V4`] the default ladder leaves out: basic fish of size 5–7, which GNPX runs only
/// in multi-solve mode (each has a dual fish of size ≤ 4 with the same eliminations), and every
/// Franken/Mutant fish of size 5–7 (finned, endo-finned and cannibalistic ones included):
/// TECHNIQUES.md gives GNPX's F/M fish as sizes 2–4, and the larger ones cost about three times
/// the rest of the ladder for a handful of steps (results/fish.md). Naming one by id in
/// `--techniques` (or naming `all`) puts it back at its place; family and group names do not.
pub const OFF_BY_DEFAULT: &[TechniqueId] = &[
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

/// The `--techniques` name for every technique, the ones off by default included.
pub const ALL_TECHNIQUES: &str = "all";

/// A `--techniques` entry that names neither a technique id nor a family.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique or family '{name}'; valid: {valid}")]
pub struct UnknownTechnique {
    /// The name given.
    pub name: String,
    /// The valid ids and families, comma-separated.
    pub valid: String,
}

/// An ordered list of rungs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    rungs: Vec<Rung>,
}

impl Ladder {
    /// The default ladder (GNPX v4 scale): [`GNPX_V4`] without [`OFF_BY_DEFAULT`].
    pub fn gnpx_v4() -> Ladder {
        Ladder {
            rungs: GNPX_V4
                .iter()
                .copied()
                .filter(|r| !OFF_BY_DEFAULT.contains(&r.technique))
                .collect(),
        }
    }

    /// Every rung of [`GNPX_V4`], the ones off by default included (restrict it with
    /// [`Ladder::restricted_to`]).
    pub fn gnpx_v4_all() -> Ladder {
        Ladder {
            rungs: GNPX_V4.to_vec(),
        }
    }

    /// A ladder from explicit rungs.
    pub fn from_rungs(rungs: Vec<Rung>) -> Ladder {
        Ladder { rungs }
    }

    /// The rungs in order.
    pub fn rungs(&self) -> &[Rung] {
        &self.rungs
    }

    /// The difficulty of `technique` on this ladder, if it is on it.
    pub fn difficulty_of(&self, technique: TechniqueId) -> Option<u8> {
        self.rungs
            .iter()
            .find(|r| r.technique == technique)
            .map(|r| r.difficulty)
    }

    /// Keeps only the rungs for which `keep` holds, in ladder order.
    pub fn filtered(&self, keep: impl Fn(&Rung) -> bool) -> Ladder {
        Ladder {
            rungs: self.rungs.iter().copied().filter(|r| keep(r)).collect(),
        }
    }

    /// Keeps only the rungs named by `names` (technique ids, family or group names, or `all` for
    /// every rung), in ladder order. A technique in [`OFF_BY_DEFAULT`] is kept only when named by
    /// its id or by `all`.
    pub fn restricted_to<S: AsRef<str>>(&self, names: &[S]) -> Result<Ladder, UnknownTechnique> {
        let mut keep = [false; TechniqueId::COUNT];
        for name in names {
            let name = name.as_ref().trim();
            if name.is_empty() {
                continue;
            }
            let mut matched = name == ALL_TECHNIQUES;
            for info in CATALOGUE {
                let by_id = info.id == name || name == ALL_TECHNIQUES;
                let by_family = info.family == name || info.group == Some(name);
                if by_id || by_family {
                    matched = true;
                    if by_id || !OFF_BY_DEFAULT.contains(&info.technique) {
                        keep[info.technique as usize] = true;
                    }
                }
            }
            if !matched {
                return Err(UnknownTechnique {
                    name: name.to_string(),
                    valid: valid_names(),
                });
            }
        }
        Ok(Ladder {
            rungs: self
                .rungs
                .iter()
                .copied()
                .filter(|r| keep[r.technique as usize])
                .collect(),
        })
    }
}

/// Every family, group and technique id, comma-separated (for error messages and help).
pub fn valid_names() -> String {
    let mut families: Vec<&str> = Vec::new();
    for info in CATALOGUE {
        for name in std::iter::once(info.family).chain(info.group) {
            if !families.contains(&name) {
                families.push(name);
            }
        }
    }
    let ids: Vec<&str> = CATALOGUE.iter().map(|i| i.id).collect();
    format!(
        "{ALL_TECHNIQUES}; families {}; techniques {}",
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
        assert_eq!(err.name, "x-wingz");
        assert!(
            err.to_string().contains("intersections") && err.to_string().contains("naked-quad")
        );
    }

    #[test]
    fn every_catalogued_technique_is_on_the_default_ladder_unless_listed_off() {
        let all = Ladder::gnpx_v4_all();
        let default = Ladder::gnpx_v4();
        for info in CATALOGUE {
            assert!(all.difficulty_of(info.technique).is_some(), "{}", info.id);
            assert_eq!(
                default.difficulty_of(info.technique).is_some(),
                !OFF_BY_DEFAULT.contains(&info.technique),
                "{}",
                info.id
            );
        }
        let mut seen = std::collections::HashSet::new();
        assert!(all.rungs().iter().all(|r| seen.insert(r.technique)));
    }

    #[test]
    fn off_by_default_rungs_come_back_only_by_id() {
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
    }
}
