//! HoDoKu's choice among simple chains (Turbot Fish, X-Chain, XY-Chain, Remote Pair).
//!
//! HoDoKu collects every such chain its search reaches (keeping one chain per set of
//! eliminations) and takes the first in its general step order: the most eliminations first;
//! among different sets of equal size, the lowest weighted index sum of the eliminated
//! candidates (listed by digit, then cell; the `i`-th weighs its cell by `1 + 80 i` and adds its
//! printed digit). Steps that eliminate the same candidates are equal: the earlier stays.

use crate::techniques::hodoku_order::step_order_key;
use crate::techniques::step::Step;

/// Whether HoDoKu's step order puts `candidate` before `best`.
pub(super) fn prefers(candidate: &Step, best: &Step) -> bool {
    step_order_key(&candidate.eliminations) < step_order_key(&best.eliminations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::candidates;
    use crate::techniques::TechniqueId;

    fn eliminating(names: &[&str]) -> Step {
        let mut step = Step::new(TechniqueId::XyChain);
        step.eliminations = candidates(names);
        step
    }

    #[test]
    fn more_eliminations_win() {
        let one = eliminating(&["r1c1#1"]);
        let two = eliminating(&["r9c9#9", "r9c8#9"]);
        assert!(prefers(&two, &one));
        assert!(!prefers(&one, &two));
    }

    #[test]
    fn equal_counts_go_by_weighted_index_sum() {
        // r1c2#5: 1 * 1 + 5 = 6; r1c3#1: 2 * 1 + 1 = 3.
        assert!(prefers(
            &eliminating(&["r1c3#1"]),
            &eliminating(&["r1c2#5"])
        ));
        // Two candidates: the second weighs 81. {r1c1#2, r2c1#2} = 0+2 + 9*81+2 = 733;
        // {r1c2#1, r1c9#1} = 1+1 + 8*81+1 = 651.
        let a = eliminating(&["r1c1#2", "r2c1#2"]);
        let b = eliminating(&["r1c2#1", "r1c9#1"]);
        assert!(prefers(&b, &a));
        assert!(
            !prefers(&a, &a.clone()),
            "the same eliminations keep the first"
        );
    }
}
