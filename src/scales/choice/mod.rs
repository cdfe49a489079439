//! Which step a rung takes when its technique finds several at one state.
//!
//! GNPX takes the first step in the finder's scan order, which lets the search stop there.
//! HoDoKu searches in its own orders and, for some techniques, collects every step and sorts
//! them; which step comes first changes the rest of the path and so HoDoKu's score. A rung with
//! a choice other than [`StepChoice::First`] enumerates every step and keeps the one the choice
//! prefers (ties go to the earlier step in scan order).

use crate::techniques::step::Step;
use crate::techniques::{FinderFn, Flavour, TechniqueId};

pub(crate) mod hodoku_chains;
mod hodoku_loops;
pub(crate) mod hodoku_misc;

/// How a rung picks one of the steps its technique finds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StepChoice {
    /// The first step in the finder's scan order (rows, columns, boxes).
    #[default]
    First,
    /// HoDoKu's subset order: the houses searched boxes first, then rows, then columns, each
    /// kind in index order; within a house the finder's order (cell or digit combinations in
    /// lexicographic order, as HoDoKu's).
    HodokuHouses,
    /// HoDoKu's simple chains (Turbot Fish, X-Chain, XY-Chain, Remote Pair): every chain HoDoKu's
    /// search reaches, the most eliminations first, then HoDoKu's weighted index sum.
    HodokuChains,
    /// HoDoKu's nice loops and AICs: every loop its tabling search finds (`hodoku_loops.rs`),
    /// in the same order as [`StepChoice::HodokuChains`].
    HodokuLoops,
    /// HoDoKu's own search where it differs from ours in order or in what it allows (see
    /// `hodoku_misc`): the technique's HoDoKu finder, first step found.
    HodokuScan,
    /// HoDoKu's search order rebuilt from each step's pattern (see `hodoku_misc`): the step
    /// HoDoKu's scan meets first.
    HodokuOrder,
    /// GNPX v5.84's own search where it differs from GNPX v4's (see `TechniqueInfo::gnpx584_finder`): the
    /// technique's GNPX v5.84 finder, first step found.
    Gnpx584Scan,
}

impl StepChoice {
    /// Whether `candidate` is preferred to `best` (strictly: equal keys keep `best`).
    pub fn prefers(self, candidate: &Step, best: &Step) -> bool {
        match self {
            StepChoice::First => false,
            StepChoice::HodokuHouses => hodoku_house_rank(candidate) < hodoku_house_rank(best),
            StepChoice::HodokuScan | StepChoice::Gnpx584Scan => false,
            StepChoice::HodokuOrder => hodoku_misc::prefers(candidate, best),
            StepChoice::HodokuChains | StepChoice::HodokuLoops => {
                hodoku_chains::prefers(candidate, best)
            }
        }
    }

    /// Whether the choice takes the first step its finder yields (so the search can stop there).
    pub fn takes_first(self) -> bool {
        matches!(
            self,
            StepChoice::First | StepChoice::HodokuScan | StepChoice::Gnpx584Scan
        )
    }

    /// The finder whose steps this choice picks from (the technique's own, unless the choice
    /// follows a grader whose search reaches further or differs).
    pub fn finder(self, technique: TechniqueId) -> FinderFn {
        let flavour = match self {
            StepChoice::First | StepChoice::HodokuHouses => Flavour::Standard,
            StepChoice::HodokuChains
            | StepChoice::HodokuLoops
            | StepChoice::HodokuScan
            | StepChoice::HodokuOrder => Flavour::Hodoku,
            StepChoice::Gnpx584Scan => Flavour::Gnpx584,
        };
        technique.info().finder_for(flavour)
    }
}

/// Rank of a step's first house in HoDoKu's box, row, column order.
fn hodoku_house_rank(step: &Step) -> u32 {
    if step.houses == 0 {
        return u32::MAX;
    }
    // Houses are numbered rows 0..9, columns 9..18, boxes 18..27: shifting by nine puts the
    // boxes first.
    (step.houses.trailing_zeros() + 9) % 27
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_house(house: u32) -> Step {
        let mut step = Step::new(TechniqueId::NakedPair);
        step.houses = 1 << house;
        step
    }

    #[test]
    fn hodoku_takes_boxes_then_rows_then_columns() {
        let choice = StepChoice::HodokuHouses;
        let (row, col, boxed) = (in_house(8), in_house(9), in_house(18));
        assert!(choice.prefers(&boxed, &row));
        assert!(choice.prefers(&row, &col));
        assert!(!choice.prefers(&col, &row));
        assert!(
            !choice.prefers(&row, &in_house(3)),
            "later row loses to an earlier one"
        );
        assert!(
            !choice.prefers(&in_house(3), &in_house(3)),
            "ties keep the first found"
        );
    }

    #[test]
    fn first_never_replaces() {
        assert!(!StepChoice::First.prefers(&in_house(18), &in_house(0)));
    }
}
