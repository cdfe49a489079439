//! HoDoKu's choice among nice loops and AICs: it collects every loop and AIC of the rung and
//! sorts them as it sorts all eliminating steps (most eliminations first, then the smaller
//! weighted index sum: `hodoku_chains.rs`, whose rule [`super::StepChoice::HodokuLoops`] shares).
//! The loops come from [`crate::techniques::nice_loop::hodoku`], which enumerates them in
//! HoDoKu's order, so that equal keys keep HoDoKu's first.

use crate::techniques::nice_loop::hodoku as hodoku_nice_loop;
use crate::techniques::{FinderFn, TechniqueId};

/// The finder HoDoKu's loop choice enumerates for `technique`: HoDoKu's search for the nice
/// loop rungs, the technique's own finder otherwise.
pub(super) fn finder(technique: TechniqueId) -> FinderFn {
    match technique {
        TechniqueId::NiceLoop => hodoku_nice_loop::nice_loops,
        TechniqueId::GroupedNiceLoop => hodoku_nice_loop::grouped_nice_loops,
        _ => technique.info().finder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scales::choice::StepChoice;
    use crate::techniques::step::Step;

    fn removing(candidates: &[(usize, usize)]) -> Step {
        let mut step = Step::new(TechniqueId::NiceLoop);
        for &(cell, digit) in candidates {
            step.eliminations.insert(cell, digit);
        }
        step
    }

    #[test]
    fn loops_take_more_eliminations_then_the_smaller_index_sum() {
        let choice = StepChoice::HodokuLoops;
        let one = removing(&[(0, 0)]);
        let two = removing(&[(80, 8), (79, 8)]);
        assert!(choice.prefers(&two, &one));
        assert!(!choice.prefers(&one, &two));
        // One candidate each: r1c5#1 (4 + 1) before r1c4#9 (3 + 9).
        assert!(choice.prefers(&removing(&[(4, 0)]), &removing(&[(3, 8)])));
        let same = removing(&[(3, 8)]);
        assert!(
            !choice.prefers(&same, &same.clone()),
            "ties keep the first found"
        );
    }
}
