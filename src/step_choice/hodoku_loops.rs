//! HoDoKu's choice among nice loops and AICs: it collects every loop and AIC of the rung and
//! sorts them as it sorts all eliminating steps — the step removing the most candidates first,
//! then (between steps removing as many) the smaller weighted sum of the removed candidates
//! ([`hodoku_index_sum`]); equal keys keep the step found first (HoDoKu's sort is stable).
//! The loops themselves come from [`crate::techniques::hodoku_nice_loop`], which enumerates
//! them in HoDoKu's order.

use std::cmp::Reverse;

use crate::step::Step;
use crate::techniques::{hodoku_nice_loop, FinderFn, TechniqueId};

/// The finder HoDoKu's loop choice enumerates for `technique`: HoDoKu's search for the nice
/// loop rungs, the technique's own finder otherwise.
pub fn finder(technique: TechniqueId) -> FinderFn {
    match technique {
        TechniqueId::NiceLoop => hodoku_nice_loop::nice_loops,
        TechniqueId::GroupedNiceLoop => hodoku_nice_loop::grouped_nice_loops,
        _ => technique.info().finder,
    }
}

/// The sort key of a loop or AIC: more eliminations first, then the smaller index sum.
fn loop_key(step: &Step) -> (Reverse<u32>, u64) {
    (Reverse(step.eliminations.count()), hodoku_index_sum(step))
}

/// Whether HoDoKu sorts loop `candidate` before loop `best`.
pub fn prefers_loop(candidate: &Step, best: &Step) -> bool {
    loop_key(candidate) < loop_key(best)
}

/// HoDoKu's weighted sum of a step's eliminations: taken by digit, then cell (HoDoKu's order of
/// candidates), the k-th (from 0) adds `cell * (1 + 80 k) + digit` (digit printed 1–9).
pub fn hodoku_index_sum(step: &Step) -> u64 {
    let mut sum = 0u64;
    let mut weight = 1u64;
    for (digit, plane) in step.eliminations.planes.iter().enumerate() {
        for cell in plane.iter() {
            sum += cell as u64 * weight + digit as u64 + 1;
            weight += 80;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn removing(candidates: &[(usize, usize)]) -> Step {
        let mut step = Step::new(TechniqueId::NiceLoop);
        for &(cell, digit) in candidates {
            step.eliminations.insert(cell, digit);
        }
        step
    }

    #[test]
    fn more_eliminations_win_then_the_smaller_index_sum() {
        let one = removing(&[(0, 0)]);
        let two = removing(&[(80, 8), (79, 8)]);
        assert!(prefers_loop(&two, &one));
        assert!(!prefers_loop(&one, &two));
        // Digit-major order: r1c2#1 then r1c1#2 weighs 1*1 + 1 + 0*81 + 2.
        assert_eq!(hodoku_index_sum(&removing(&[(1, 0), (0, 1)])), 4);
        // One candidate each: r1c5#1 (4 + 1) before r1c4#9 (3 + 9).
        assert!(prefers_loop(&removing(&[(4, 0)]), &removing(&[(3, 8)])));
        let same = removing(&[(3, 8)]);
        assert!(
            !prefers_loop(&same, &same.clone()),
            "ties keep the first found"
        );
    }
}
