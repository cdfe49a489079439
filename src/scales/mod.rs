//! Rating scales: each is a table (technique order plus what each rung is worth, whose search
//! runs it and which of its steps it takes) and a rating rule, chosen with `--scale NAME`.
//! Nothing else differs between scales: the grader, the finders and the output are shared.
//!
//! - `gnpx` (default): GNPX v4's order and difficulties ([`gnpx::GNPX`]'s v4 column); rating =
//!   the maximum difficulty used.
//! - `gnpx584`: GNPX v5.84's difficulties (the same table's v5.84 column) and searches; same rule.
//! - `hodoku`: HoDoKu 2.2's default solver ladder with base scores ([`hodoku::HODOKU_2_2`]);
//!   rating = HoDoKu's level, from the hardest level and the score (see
//!   [`RatingRule::HodokuLevel`]).
//! - `se`: Sudoku Explainer 1.2.1 as serate 1.2.1.3 rates ([`se::full_ladder`]): ER/EP/ED from
//!   each step's own difficulty ([`RatingRule::SeErEpEd`]).
//!
//! A technique absent from a scale's table is not on that scale.

pub mod gnpx;
pub mod hodoku;
pub mod ladder;
pub mod preference;
pub mod se;
pub mod singles_queue;

use std::fmt;
use std::str::FromStr;

use crate::scales::gnpx::GnpxVersion;
use crate::scales::ladder::Ladder;

pub use crate::scales::ladder::{RatingRule, HODOKU_LEVELS, HODOKU_LEVEL_MAX_SCORE};

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
    /// Sudoku Explainer 1.2.1 (serate 1.2.1.3): ER/EP/ED, 1.0 … 11.9+.
    Se,
}

impl Scale {
    /// Every scale, in help order.
    pub const ALL: [Scale; 4] = [Scale::Gnpx, Scale::Gnpx584, Scale::Hodoku, Scale::Se];

    /// The name used by `--scale`.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Gnpx => "gnpx",
            Scale::Gnpx584 => "gnpx584",
            Scale::Hodoku => "hodoku",
            Scale::Se => "se",
        }
    }

    /// The scale's default ladder and rating rule: [`Scale::full_ladder`] without the rungs
    /// that are off by default ([`ladder::Rung::off_by_default`]).
    pub fn ladder(self) -> Ladder {
        self.full_ladder().without_off_by_default()
    }

    /// The scale's rating rule (its ladder's, without building the ladder: readers of result
    /// files ask it per row).
    pub fn rule(self) -> RatingRule {
        match self {
            Scale::Gnpx | Scale::Gnpx584 => RatingRule::MaxDifficulty,
            Scale::Hodoku => RatingRule::HodokuLevel,
            Scale::Se => RatingRule::SeErEpEd,
        }
    }

    /// Every rung of the scale (the ones off by default included) and its rating rule; the
    /// ladder `--techniques` restricts.
    pub fn full_ladder(self) -> Ladder {
        match self {
            Scale::Gnpx => gnpx::full_ladder(GnpxVersion::V4),
            Scale::Gnpx584 => gnpx::full_ladder(GnpxVersion::V584),
            Scale::Hodoku => hodoku::full_ladder(),
            Scale::Se => se::full_ladder(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scales::preference::StepPreference;
    use crate::techniques::{Flavour, TechniqueId, CATALOGUE};

    #[test]
    fn scales_parse_and_build_their_ladders() {
        for scale in Scale::ALL {
            assert_eq!(scale.name().parse::<Scale>(), Ok(scale));
            assert!(!scale.ladder().rungs().is_empty());
            assert_eq!(scale.rule(), scale.ladder().rule());
        }
        assert!("hodoku2".parse::<Scale>().unwrap_err().contains("gnpx584"));
        let hodoku = Scale::Hodoku.ladder();
        assert_eq!(hodoku.rule(), RatingRule::HodokuLevel);
        assert!(hodoku.assumes_uniqueness());
        assert!(!Scale::Gnpx584.ladder().assumes_uniqueness());
    }

    #[test]
    fn every_catalogued_technique_stands_on_some_scale_at_most_once_per_ladder() {
        for info in CATALOGUE {
            let on = Scale::ALL.map(|scale| {
                scale
                    .full_ladder()
                    .rungs()
                    .iter()
                    .filter(|r| r.technique == info.technique)
                    .count()
            });
            assert!(on.iter().all(|&n| n <= 1), "{}: {on:?}", info.id);
            assert!(on.contains(&1), "{} is on no scale", info.id);
        }
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
                let standard = rung.technique.info().finder as usize;
                let own_gnpx584 =
                    rung.flavour == Flavour::Gnpx584 && rung.finder() as usize != standard;
                assert_eq!(own_gnpx584, gnpx584_xy, "{scale} {}", rung.technique.id());
                if scale == Scale::Gnpx584 && !gnpx584_xy {
                    assert_eq!(rung.finder() as usize, standard, "{}", rung.technique.id());
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
}
