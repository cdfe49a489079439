//! The ladder: an ordered table of rungs (a technique, its difficulty and score, whose search
//! runs it and which of its steps it takes) and the rule that turns a path into a rating.
//! Grading walks it top-down; it is data, so scales (`crate::scales`: a table and a rule each)
//! and `--techniques` restrictions are just other tables.

use std::ops::ControlFlow;

use crate::core::Grid;
use crate::scales::preference::StepPreference;
use crate::techniques::names::{named_explicitly, select_techniques, TechniqueNameError};
use crate::techniques::singles::{first_single_in, Single, SinglesPass};
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
    /// Whether the scale's default ladder leaves the rung out ([`Ladder::without_off_by_default`]);
    /// naming it by id in `--techniques` (or naming `all`) puts it back at its place, family and
    /// group names do not.
    pub off_by_default: bool,
}

impl Rung {
    /// The same rung taking the step `preference` prefers.
    pub const fn preferring(self, preference: StepPreference) -> Rung {
        Rung { preference, ..self }
    }

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
        !matches!(self.find(grid, step), Found::Nothing)
    }

    /// [`Rung::find_into`], saying what kind of step it wrote: a rung of the standard singles
    /// finders that takes their first step finds it without building a step per single
    /// ([`crate::techniques::singles::first_single`]) and reports it as [`Found::Placement`],
    /// which the grader applies by placing the digit (all a single's step does).
    #[inline]
    pub fn find(&self, grid: &Grid, step: &mut Step) -> Found {
        match self.find_in(grid, step, &mut SinglesPass::default()) {
            Found::Single(single) => {
                step.set_single(self.technique, single.cell, single.digit, single.houses);
                Found::Placement {
                    cell: single.cell,
                    digit: single.digit,
                }
            }
            found => found,
        }
    }

    /// [`Rung::find`] within a pass of the ladder over `grid` (the rungs tried on it so far
    /// share what they learned of its singles), except that a standard single is reported as
    /// [`Found::Single`] with the step buffer left as it was: most of a batch's steps are
    /// singles that nobody looks at, and writing their step cost more than finding them.
    #[inline]
    pub fn find_in(&self, grid: &Grid, step: &mut Step, pass: &mut SinglesPass) -> Found {
        if self.is_standard_single() {
            return match first_single_in(self.technique, grid, pass) {
                Some(single) => Found::Single(single),
                None => Found::Nothing,
            };
        }
        if self.search_into(grid, step) {
            Found::Step
        } else {
            Found::Nothing
        }
    }

    /// Whether the rung runs one of the standard singles finders (`techniques::singles`) and
    /// takes its first step: then [`crate::techniques::singles::first_single`] finds the step
    /// the finder yields first.
    #[inline]
    fn is_standard_single(&self) -> bool {
        matches!(
            self.technique,
            TechniqueId::FullHouse | TechniqueId::NakedSingle | TechniqueId::HiddenSingle
        ) && self.preference.takes_first()
            && {
                let info = self.technique.info();
                match self.flavour {
                    Flavour::Standard => true,
                    Flavour::Hodoku => info.hodoku_finder.is_none(),
                    Flavour::Gnpx584 => info.gnpx584_finder.is_none(),
                    Flavour::Se => info.se_finder.is_none(),
                }
            }
    }

    /// The search itself: [`Rung::find_into`] through the rung's finder, with no fast path.
    #[inline]
    pub fn search_into(&self, grid: &Grid, step: &mut Step) -> bool {
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

/// What [`Rung::find`] or [`Rung::find_in`] found, and what it wrote into the step buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// No step (the buffer is as it was).
    Nothing,
    /// A step.
    Step,
    /// A single's step, placing `digit` in `cell` and eliminating nothing: applying it is
    /// `Grid::place(cell, digit)`.
    Placement {
        /// The cell.
        cell: usize,
        /// The digit index.
        digit: usize,
    },
    /// A single of the rung's technique, its step not written ([`Rung::find_in`]'s, and the
    /// grader's for HoDoKu's singles queue): `Step::set_single` with the rung's technique
    /// writes it; applying it is `Grid::place`.
    Single(Single),
}

/// How a solving path becomes a rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingRule {
    /// GNPX: the maximum difficulty of the techniques used.
    MaxDifficulty,
    /// HoDoKu: the hardest technique's level, raised while the score (sum of the base scores of
    /// all steps) exceeds that level's maximum ([`HODOKU_LEVEL_MAX_SCORE`]).
    HodokuLevel,
    /// Sudoku Explainer (serate): ER/EP/ED from each step's own f64 difficulty
    /// (`crate::scales::se::SeRating`); the rating is ER in tenths as serate prints it.
    SeErEpEd,
}

/// HoDoKu's level names, indexed by level (1 = Easy … 5 = Extreme; 0 = no step).
pub const HODOKU_LEVELS: [&str; 6] = ["", "Easy", "Medium", "Hard", "Unfair", "Extreme"];

/// The highest score each HoDoKu level allows, indexed by level (Extreme has no maximum).
pub const HODOKU_LEVEL_MAX_SCORE: [u32; 6] = [0, 800, 1000, 1600, 1800, u32::MAX];

/// HoDoKu's level Easy.
pub const EASY: u8 = 1;
/// HoDoKu's level Medium.
pub const MEDIUM: u8 = 2;
/// HoDoKu's level Hard.
pub const HARD: u8 = 3;
/// HoDoKu's level Unfair.
pub const UNFAIR: u8 = 4;
/// HoDoKu's level Extreme.
pub const EXTREME: u8 = 5;

impl RatingRule {
    /// The rating of a path whose hardest rung is worth `max_difficulty` and whose steps add up
    /// to `score`.
    pub fn rate(self, max_difficulty: u8, score: u32) -> u8 {
        match self {
            RatingRule::MaxDifficulty | RatingRule::SeErEpEd => max_difficulty,
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
        matches!(self, RatingRule::MaxDifficulty | RatingRule::SeErEpEd)
    }

    /// The rating as printed: GNPX's number, or HoDoKu's level name.
    pub fn label(self, rating: u8) -> String {
        match self {
            RatingRule::MaxDifficulty => rating.to_string(),
            RatingRule::SeErEpEd => format!("{}.{}", rating / 10, rating % 10),
            RatingRule::HodokuLevel => HODOKU_LEVELS
                .get(rating as usize)
                .copied()
                .unwrap_or("?")
                .to_string(),
        }
    }
}

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
    chain_work_limit: Option<u64>,
}

/// The chain work (units of Sudoku Explainer's chain engine: propagations, level-1 runs and
/// producer-21 searches by candidate; `se_chains::engine::Engine::work`) a puzzle may take by
/// default before grading gives up on it: over 130 times the most any real puzzle measured took
/// (7.4 million, the forum's ER ≥ 11 puzzles; results/reliability.md), some minutes of CPU.
pub const DEFAULT_CHAIN_WORK_LIMIT: u64 = 1_000_000_000;

impl Ladder {
    /// The same ladder without the rungs off by default ([`Rung::off_by_default`]).
    pub fn without_off_by_default(&self) -> Ladder {
        self.filtered(|r| !r.off_by_default)
    }

    /// Keeps only the rungs for which `keep` holds, in ladder order.
    pub fn filtered(&self, keep: impl Fn(&Rung) -> bool) -> Ladder {
        Ladder {
            rungs: self.rungs.iter().copied().filter(|r| keep(r)).collect(),
            rule: self.rule,
            singles_order: self.singles_order,
            chain_work_limit: self.chain_work_limit,
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
            chain_work_limit: Some(DEFAULT_CHAIN_WORK_LIMIT),
        }
    }

    /// The same ladder taking singles in `order`.
    pub fn with_singles_order(mut self, order: SinglesOrder) -> Ladder {
        self.singles_order = order;
        self
    }

    /// How many rungs at the top of the ladder are standard singles rungs taking their first
    /// step (those [`Rung::find_in`] answers by [`first_single_in`]): the grader asks the scan
    /// itself for them, without the rung's dispatch.
    pub fn standard_singles_at_top(&self) -> usize {
        self.rungs
            .iter()
            .take_while(|rung| rung.is_standard_single())
            .count()
    }

    /// Which single a singles rung takes.
    pub fn singles_order(&self) -> SinglesOrder {
        self.singles_order
    }

    /// The same ladder giving up a puzzle once Sudoku Explainer's chain engine has done
    /// `limit` units of work on it (`None`: never; [`DEFAULT_CHAIN_WORK_LIMIT`] by default).
    pub fn with_chain_work_limit(mut self, limit: Option<u64>) -> Ladder {
        self.chain_work_limit = limit;
        self
    }

    /// The chain work a puzzle may take ([`Ladder::with_chain_work_limit`]).
    pub fn chain_work_limit(&self) -> Option<u64> {
        self.chain_work_limit
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
    /// in ladder order. A rung off by default is kept only when named by its id or `all`.
    /// Every name must keep a rung: a family or group whose rungs are all off by default
    /// (`fish-kraken`) keeps none, and is refused wherever it stands in the list, not only
    /// when the ladder comes out empty.
    pub fn restricted_to<S: AsRef<str>>(&self, names: &[S]) -> Result<Ladder, TechniqueNameError> {
        let keep = self.select_on_ladder(names)?;
        let explicit = named_explicitly(names);
        let kept = |r: &Rung| {
            let i = r.technique as usize;
            keep[i] && (explicit[i] || !r.off_by_default)
        };
        for name in names
            .iter()
            .map(|n| n.as_ref().trim())
            .filter(|n| !n.is_empty())
        {
            let named = select_techniques(&[name])?;
            if !self
                .rungs
                .iter()
                .any(|r| named[r.technique as usize] && kept(r))
            {
                return Err(TechniqueNameError::AllOffByDefault(name.to_string()));
            }
        }
        Ok(self.filtered(kept))
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
        // A group of off-by-default rungs keeps nothing, alone or beside other names; its
        // techniques come back by their ids.
        for names in [&["fish-kraken"][..], &["singles", "fish-kraken"]] {
            assert_eq!(
                Ladder::gnpx_v4_all().restricted_to(names).unwrap_err(),
                TechniqueNameError::AllOffByDefault("fish-kraken".into())
            );
        }
        assert!(Ladder::gnpx_v4_all()
            .restricted_to(&["singles", "fish-kraken", "kraken-fish"])
            .is_ok());
        // On the default ladder an off-by-default id is not there to be named.
        assert_eq!(
            Ladder::gnpx_v4().restricted_to(&["whale"]).unwrap_err(),
            TechniqueNameError::NotOnLadder("whale".into())
        );
    }
}
