//! HoDoKu's choice among nice loops and AICs: it collects every loop and AIC of the rung and
//! sorts them as it sorts all eliminating steps (most eliminations first, then the smaller
//! weighted index sum: `hodoku_chains.rs`, whose rule [`super::StepChoice::HodokuLoops`] shares).
//! The loops come from [`crate::techniques::nice_loop::hodoku`], which enumerates them in
//! HoDoKu's order, so that equal keys keep HoDoKu's first.

#[cfg(test)]
mod tests {
    use crate::scales::choice::StepChoice;
    use crate::techniques::step::Step;
    use crate::techniques::TechniqueId;

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
