//! GNPX's method table: one list in GNPX's order with each method's difficulty in GNPX v4 (the
//! seed pages' era; the `gnpx` scale) and in GNPX v5.84 (the `gnpx584` scale). A method one
//! version lacks has no difficulty there, and a technique absent from the table is not on
//! either scale.
//!
//! v5.84's difficulties are TECHNIQUES.md's v5.84 column, kept in v4's method order (v5.84's
//! shipped order agrees less with its own ratings), with the methods v5 added at their place
//! in v5.84's list. v5.84 runs its own search where it differs from v4's
//! ([`Flavour::Gnpx584`]: the catalogue's `gnpx584_finder`), and enables the methods up to
//! [`GNPX_V584_ENABLED_UP_TO`] by default.
//!
//! The fish are written class by class over the sizes (see `Entry::Fish`).

use crate::scales::ladder::{Ladder, Rung};
use crate::scales::preference::StepPreference;
use crate::techniques::fish::{FishClass as F, FishTechnique, MAX_SIZE, MIN_SIZE};
use crate::techniques::{Flavour, TechniqueId, TechniqueId as T};

/// The versions of GNPX the table rates for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GnpxVersion {
    /// GNPX v4 (the `gnpx` scale).
    V4,
    /// GNPX v5.84 (the `gnpx584` scale).
    V584,
}

/// One method of GNPX's table: a technique and its difficulty (1–13) in each version, `None`
/// where that version lacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GnpxRow {
    /// The technique.
    pub technique: TechniqueId,
    /// Its difficulty in GNPX v4.
    pub v4: Option<u8>,
    /// Its difficulty in GNPX v5.84.
    pub v584: Option<u8>,
}

impl GnpxRow {
    /// The technique's difficulty in `version`, if that version has it.
    pub fn difficulty(&self, version: GnpxVersion) -> Option<u8> {
        match version {
            GnpxVersion::V4 => self.v4,
            GnpxVersion::V584 => self.v584,
        }
    }
}

/// GNPX v5.84 enables the methods up to this difficulty by default.
pub const GNPX_V584_ENABLED_UP_TO: u8 = 8;

/// One fish class of an [`Entry::Fish`]: the class, then its difficulty for each size 2..=7 in
/// v4 and in v5.84.
type FishLine = (F, [u8; 6], [u8; 6]);

/// How the table is written.
#[derive(Clone, Copy)]
enum Entry {
    /// One method.
    Method(GnpxRow),
    /// Fish of the given classes, size by size (2..=7; at each size the classes in the order
    /// given: finned and sashimi X-Wing, then finned and sashimi SwordFish …).
    Fish(&'static [FishLine]),
}

/// A method of both versions.
const fn both(technique: TechniqueId, v4: u8, v584: u8) -> Entry {
    Entry::Method(GnpxRow {
        technique,
        v4: Some(v4),
        v584: Some(v584),
    })
}

/// A method of GNPX v4 only.
const fn v4_only(technique: TechniqueId, v4: u8) -> Entry {
    Entry::Method(GnpxRow {
        technique,
        v4: Some(v4),
        v584: None,
    })
}

/// A method GNPX v5 added.
const fn v584_only(technique: TechniqueId, v584: u8) -> Entry {
    Entry::Method(GnpxRow {
        technique,
        v4: None,
        v584: Some(v584),
    })
}

/// The table as written, in GNPX's order.
const ENTRIES: &[Entry] = &[
    both(T::FullHouse, 1, 1),
    both(T::NakedSingle, 1, 1),
    both(T::HiddenSingle, 1, 1),
    both(T::LockedCandidatesPointing, 2, 2),
    both(T::LockedCandidatesClaiming, 2, 2),
    both(T::NakedPair, 3, 3),
    both(T::HiddenPair, 3, 3),
    both(T::NakedTriple, 4, 4),
    both(T::HiddenTriple, 4, 4),
    both(T::NakedQuad, 5, 5),
    both(T::HiddenQuad, 5, 5),
    // Fish (GNPX: XWing … Leviathan; 5–7 run only in multi-solve mode: off by default; v5.84
    // rates them 10, off).
    Entry::Fish(&[(F::Basic, [4, 5, 6, 6, 6, 6], [4, 5, 6, 10, 10, 10])]),
    // Finned fish; sashimi ones count apart, at the same place and difficulty.
    Entry::Fish(&[
        (F::Finned, [5, 6, 6, 7, 7, 7], [5, 6, 6, 7, 7, 7]),
        (F::Sashimi, [5, 6, 6, 7, 7, 7], [5, 6, 6, 7, 7, 7]),
    ]),
    // GNPX's Skyscraper, split by HoDoKu's names (see `techniques::single_digit`).
    both(T::Skyscraper, 5, 4),
    both(T::TwoStringKite, 5, 4),
    both(T::TurbotFish, 5, 4),
    both(T::EmptyRectangle, 5, 4),
    both(T::XyWing, 6, 5),
    both(T::WWing, 7, 5),
    both(T::RemotePair, 6, 4),
    both(T::XChain, 7, 5),
    // GNPX v5.84's XY-Chain: conjugate links between cells, one elimination a step.
    both(T::XyChain, 7, 7),
    // GNPX v5.84's Sue de Coq: both of its sets are GNPX ALSs (pure, up to five cells).
    both(T::SueDeCoq, 6, 7),
    both(T::ColorTrap, 6, 5),
    both(T::ColorWrap, 6, 5),
    both(T::MultiColor1, 7, 6),
    both(T::MultiColor2, 7, 6),
    // GNPX v4 finds XYZ-Wings as ALS (XYZ-Wing via ALS, difficulty 8), after the colourings.
    v4_only(T::XyzWing, 8),
    // GNPX v5's Sue de Coq extensions, after the colourings as in v5.84's method list.
    v584_only(T::SueDeCoqEx1, 5),
    v584_only(T::SueDeCoqEx2, 6),
    v584_only(T::FinnedSueDeCoqEx1, 5),
    v584_only(T::FinnedSueDeCoqEx2, 6),
    // v5.84 replaced its XYZ-Wing by XYZ_WingALS. Its stem lacks the eliminated digit, so a plain
    // XYZ-Wing (pivot holding it) is not among its steps.
    v584_only(T::XyzWingAls, 5),
    // GNPX v5.84's ALS list: pure sets, RCCs within one house.
    both(T::AlsXz, 8, 6),
    both(T::AlsXyWing, 9, 7),
    both(T::AlsChain, 10, 8),
    both(T::DeathBlossom, 10, 8),
    // Franken/Mutant fish (8), then finned ones (v4 8; v5.84: finned Franken 9, off); sizes 5–7
    // off by default.
    Entry::Fish(&[(F::Franken, [8; 6], [8; 6]), (F::Mutant, [8; 6], [8; 6])]),
    Entry::Fish(&[
        (F::FinnedFranken, [8; 6], [9; 6]),
        (F::FinnedMutant, [8; 6], [8; 6]),
    ]),
    both(T::NiceLoop, 11, 9),
    both(T::GroupedNiceLoop, 12, 11),
    // EndoFinned, Finned EndoFinned (11), Cannibalistic and Finned Cannibalistic F/M fish (v4
    // 11; v5.84 13, off).
    Entry::Fish(&[(F::EndoFinned, [11; 6], [11; 6])]),
    Entry::Fish(&[(F::FinnedEndoFinned, [11; 6], [11; 6])]),
    Entry::Fish(&[(F::Cannibalistic, [11; 6], [13; 6])]),
    Entry::Fish(&[(F::FinnedCannibalistic, [11; 6], [13; 6])]),
    // Kraken fish (GNPX's Kraken Fish and Kraken Finned Fish, 13: one technique here).
    both(T::KrakenFish, 13, 13),
    // Last resort in GNPX's order (v5.84: 11 and off; the contradiction form is part of its
    // FC_Cells).
    both(T::ForceChainCell, 13, 11),
    both(T::ForceChainHouse, 13, 11),
    both(T::ForceChainContradiction, 13, 11),
    // Not GNPX's: ForceChain from both polarities of one candidate (off by default), placed
    // after GNPX's forms.
    both(T::ForceChainBoth, 13, 11),
];

/// Number of rows `entries` make.
const fn row_count(entries: &[Entry]) -> usize {
    let (mut i, mut rows) = (0, 0);
    while i < entries.len() {
        rows += match entries[i] {
            Entry::Method(_) => 1,
            Entry::Fish(lines) => lines.len() * (MAX_SIZE - MIN_SIZE + 1),
        };
        i += 1;
    }
    rows
}

/// The rows `entries` make, in order.
const fn expand<const N: usize>(entries: &[Entry]) -> [GnpxRow; N] {
    let mut rows = [GnpxRow {
        technique: T::FullHouse,
        v4: None,
        v584: None,
    }; N];
    let (mut i, mut n) = (0, 0);
    while i < entries.len() {
        match entries[i] {
            Entry::Method(row) => {
                rows[n] = row;
                n += 1;
            }
            Entry::Fish(lines) => {
                let mut size = MIN_SIZE;
                while size <= MAX_SIZE {
                    let mut line = 0;
                    while line < lines.len() {
                        let (class, v4, v584) = lines[line];
                        rows[n] = GnpxRow {
                            technique: FishTechnique { class, size }.technique(),
                            v4: Some(v4[size - MIN_SIZE]),
                            v584: Some(v584[size - MIN_SIZE]),
                        };
                        n += 1;
                        line += 1;
                    }
                    size += 1;
                }
            }
        }
        i += 1;
    }
    assert!(n == N);
    rows
}

/// GNPX's method table in GNPX's order, for the techniques built so far.
pub static GNPX: [GnpxRow; row_count(ENTRIES)] = expand(ENTRIES);

/// Whether the GNPX ladders leave `technique` out by default (it comes back when `--techniques`
/// names it by id, or `all`):
/// - basic fish of size 5–7, which GNPX runs only in multi-solve mode (each has a dual fish of
///   size ≤ 4 with the same eliminations), and every Franken/Mutant fish of size 5–7 (finned,
///   endo-finned and cannibalistic ones included): TECHNIQUES.md gives GNPX's F/M fish as sizes
///   2–4, and the larger ones cost about four times the rest of the ladder for a handful of
///   steps (results/fish.md);
/// - Kraken fish: each of its steps removes a candidate or two, so on top1465 it takes over
///   from ForceChain with about four times as many steps, and every new state reruns the whole
///   ladder (grading 2.3 times slower; results/kraken.md);
/// - ForceChain_Both, which is not GNPX's (it adds a walk from every candidate assumed false;
///   see results/forcechain.md), so the default ladders stay GNPX's.
pub fn off_by_default(technique: TechniqueId) -> bool {
    matches!(technique, T::KrakenFish | T::ForceChainBoth)
        || FishTechnique::of(technique)
            .is_some_and(|fish| fish.size > 4 && !matches!(fish.class, F::Finned | F::Sashimi))
}

/// Every rung of `version`'s ladder, the ones off by default included (v5.84: the methods it
/// enables, difficulty ≤ [`GNPX_V584_ENABLED_UP_TO`]), rated by the maximum difficulty used.
pub fn full_ladder(version: GnpxVersion) -> Ladder {
    let flavour = match version {
        GnpxVersion::V4 => Flavour::Standard,
        GnpxVersion::V584 => Flavour::Gnpx584,
    };
    Ladder::from_rungs(
        GNPX.iter()
            .filter_map(|row| {
                let difficulty = row.difficulty(version)?;
                let enabled = version == GnpxVersion::V4 || difficulty <= GNPX_V584_ENABLED_UP_TO;
                enabled.then_some(Rung {
                    technique: row.technique,
                    difficulty,
                    score: 0,
                    flavour,
                    preference: StepPreference::First,
                    off_by_default: off_by_default(row.technique),
                })
            })
            .collect(),
    )
}

impl Ladder {
    /// The default ladder (GNPX v4 scale): [`Ladder::gnpx_v4_all`] without the rungs off by
    /// default.
    pub fn gnpx_v4() -> Ladder {
        Ladder::gnpx_v4_all().without_off_by_default()
    }

    /// Every rung of GNPX v4, the ones off by default included (restrict it with
    /// [`Ladder::restricted_to`]).
    pub fn gnpx_v4_all() -> Ladder {
        full_ladder(GnpxVersion::V4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scales::Scale;
    use crate::techniques::CATALOGUE;

    #[test]
    fn each_technique_is_in_the_table_at_most_once() {
        let mut seen = std::collections::HashSet::new();
        for row in &GNPX {
            assert!(seen.insert(row.technique), "{:?} twice", row.technique);
            assert!(
                row.v4.is_some() || row.v584.is_some(),
                "{:?}",
                row.technique
            );
        }
    }

    #[test]
    fn gnpx584_has_xyz_wing_als_where_v4_has_xyz_wing() {
        // Besides v5's Sue de Coq extensions, v4's techniques in v4's order, but v5.84's
        // XYZ_WingALS (5) for the XYZ-Wing.
        let v5_only: Vec<_> = GNPX
            .iter()
            .filter(|r| r.v4.is_none())
            .map(|r| r.technique)
            .collect();
        assert_eq!(
            v5_only,
            [
                T::SueDeCoqEx1,
                T::SueDeCoqEx2,
                T::FinnedSueDeCoqEx1,
                T::FinnedSueDeCoqEx2,
                T::XyzWingAls
            ]
        );
        let v4_only: Vec<_> = GNPX.iter().filter(|r| r.v584.is_none()).collect();
        assert_eq!(v4_only.len(), 1);
        assert_eq!(v4_only[0].technique, T::XyzWing);
        let ladder = Scale::Gnpx584.ladder();
        assert_eq!(ladder.difficulty_of(T::XyzWingAls), Some(5));
        assert_eq!(ladder.difficulty_of(T::XyzWing), None);
        assert_eq!(Scale::Gnpx.ladder().difficulty_of(T::XyzWingAls), None);
        assert_eq!(T::XyzWingAls.gnpx_label(), "XYZ_WingALS");
    }

    #[test]
    fn gnpx_v5_methods_are_on_the_gnpx584_ladder_only() {
        for row in GNPX.iter().filter(|r| r.v4.is_none()) {
            let on = |scale: Scale| {
                scale
                    .full_ladder()
                    .rungs()
                    .iter()
                    .filter(|r| r.technique == row.technique)
                    .count()
            };
            assert_eq!(on(Scale::Gnpx584), 1, "{:?}", row.technique);
            assert_eq!(
                on(Scale::Gnpx) + on(Scale::Hodoku),
                0,
                "{:?}",
                row.technique
            );
        }
    }

    #[test]
    fn v584_enables_methods_up_to_8() {
        let all = full_ladder(GnpxVersion::V584);
        assert!(all
            .rungs()
            .iter()
            .all(|r| r.difficulty <= GNPX_V584_ENABLED_UP_TO));
        assert_eq!(all.difficulty_of(T::NiceLoop), None);
        assert_eq!(all.difficulty_of(T::FinnedMutantXWing), Some(8));
        assert_eq!(all.difficulty_of(T::FinnedFrankenXWing), None);
    }

    #[test]
    fn the_default_ladder_is_the_full_one_without_its_off_rungs() {
        let all = Ladder::gnpx_v4_all();
        for info in CATALOGUE {
            let on_gnpx = all.difficulty_of(info.technique).is_some();
            let on_default = Ladder::gnpx_v4().difficulty_of(info.technique).is_some();
            assert_eq!(
                on_default,
                on_gnpx && !off_by_default(info.technique),
                "{}",
                info.id
            );
        }
        let off: Vec<_> = all
            .rungs()
            .iter()
            .filter(|r| r.off_by_default)
            .map(|r| r.technique)
            .collect();
        // Basic fish 5–7, every F/M class's 5–7 (8 classes × 3), Kraken fish, ForceChain_Both.
        assert_eq!(off.len(), 3 + 8 * 3 + 2);
        assert!(!off.contains(&T::FinnedWhale) && !off.contains(&T::SashimiLeviathan));
        assert!(off.contains(&T::Squirmbag) && off.contains(&T::FinnedCannibalisticFmLeviathan));
    }
}
