//! `find`: which graded puzzles needed a given technique (or family).

use crate::grading::grader::GradeOutcome;
use crate::scales::ladder::Ladder;
use crate::techniques::names::TechniqueNameError;
use crate::techniques::TechniqueId;

/// What a puzzle must have needed to be found.
#[derive(Clone, Debug)]
pub struct Needs {
    wanted: [bool; TechniqueId::COUNT],
    hardest_only: bool,
    names: String,
}

impl std::fmt::Display for Needs {
    /// `needs naked-pair` or `hardest step naked-pair`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.hardest_only {
            "hardest step"
        } else {
            "needs"
        };
        write!(f, "{what} {}", self.names)
    }
}

impl Needs {
    /// Puzzles whose path used any technique named by `names` (ids or families) on `ladder`;
    /// with `hardest_only`, only those whose hardest step was one of them.
    pub fn new(
        names: &str,
        hardest_only: bool,
        ladder: &Ladder,
    ) -> Result<Needs, TechniqueNameError> {
        let parts: Vec<&str> = names.split(',').filter(|n| !n.trim().is_empty()).collect();
        let wanted = ladder.select_on_ladder(&parts)?;
        Ok(Needs {
            wanted,
            hardest_only,
            names: names.to_string(),
        })
    }

    /// Whether a graded puzzle matches. A stuck puzzle has no hardest step (its hardest so far
    /// is not one), so with `hardest_only` it never matches.
    pub fn matches(&self, outcome: &GradeOutcome) -> bool {
        if self.hardest_only {
            outcome.solved && outcome.hardest.is_some_and(|t| self.wanted[t as usize])
        } else {
            outcome
                .counts
                .iter()
                .zip(self.wanted)
                .any(|(&count, wanted)| wanted && count > 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(used: &[(TechniqueId, u32)], hardest: TechniqueId) -> GradeOutcome {
        let mut counts = [0; TechniqueId::COUNT];
        for &(t, n) in used {
            counts[t as usize] = n;
        }
        GradeOutcome {
            solved: true,
            steps: 1,
            rating: 1,
            score: 0,
            hardest: Some(hardest),
            counts,
            se: None,
            chain_work: 0,
            gave_up: false,
        }
    }

    #[test]
    fn matches_by_use_or_by_hardest_step() {
        let ladder = Ladder::gnpx_v4();
        let used = outcome(
            &[(TechniqueId::HiddenSingle, 3), (TechniqueId::NakedPair, 1)],
            TechniqueId::NakedPair,
        );
        let singles_only = outcome(&[(TechniqueId::HiddenSingle, 3)], TechniqueId::HiddenSingle);
        let subsets = Needs::new("subsets", false, &ladder).unwrap();
        assert!(subsets.matches(&used) && !subsets.matches(&singles_only));
        let hidden = Needs::new("hidden-single", true, &ladder).unwrap();
        assert!(!hidden.matches(&used) && hidden.matches(&singles_only));
        let any_hidden = Needs::new("hidden-single", false, &ladder).unwrap();
        assert!(any_hidden.matches(&used));
    }

    #[test]
    fn a_stuck_puzzle_has_no_hardest_step_to_match() {
        let ladder = Ladder::gnpx_v4();
        let stuck = GradeOutcome {
            solved: false,
            ..outcome(&[(TechniqueId::NakedPair, 1)], TechniqueId::NakedPair)
        };
        assert!(!Needs::new("naked-pair", true, &ladder)
            .unwrap()
            .matches(&stuck));
        // It still used the technique.
        assert!(Needs::new("naked-pair", false, &ladder)
            .unwrap()
            .matches(&stuck));
    }

    #[test]
    fn unknown_or_absent_techniques_are_errors() {
        let ladder = Ladder::gnpx_v4();
        assert!(matches!(
            Needs::new("nope", false, &ladder),
            Err(TechniqueNameError::Unknown { .. })
        ));
        let singles = ladder.restricted_to(&["singles"]).unwrap();
        assert!(matches!(
            Needs::new("naked-pair", false, &singles),
            Err(TechniqueNameError::NotOnLadder(_))
        ));
    }
}
