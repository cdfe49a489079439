//! HoDoKu's choice among simple chains (Turbot Fish, X-Chain, XY-Chain, Remote Pair).
//!
//! HoDoKu collects every such chain its search reaches (keeping one chain per set of
//! eliminations) and takes the first in its general step order: the most eliminations first;
//! among different sets of equal size, the lowest weighted index sum of the eliminated
//! candidates (listed by digit, then cell; the `i`-th weighs its cell by `1 + 80 i` and adds its
//! printed digit). Steps that eliminate the same candidates are equal: the earlier stays.

use crate::core::CandidateSet;
use crate::techniques::step::Step;
use crate::techniques::{chains, FinderFn, TechniqueId};

/// Whether HoDoKu's step order puts `candidate` before `best`.
pub(super) fn prefers(candidate: &Step, best: &Step) -> bool {
    let (a, b) = (&candidate.eliminations, &best.eliminations);
    let (count_a, count_b) = (elimination_count(a), elimination_count(b));
    if count_a != count_b {
        return count_a > count_b;
    }
    a != b && weighted_index_sum(a) < weighted_index_sum(b)
}

/// The finder whose steps HoDoKu chooses from: HoDoKu's chain search reaches chains the
/// GNPX-bounded finders do not (longer X-Chains, chains that are simple only on a longer path),
/// and its Turbot Fish is every X-Chain of three links.
pub(super) fn finder(technique: TechniqueId) -> FinderFn {
    match technique {
        TechniqueId::TurbotFish => chains::hodoku_turbot_fish,
        TechniqueId::XChain => chains::hodoku_x_chain,
        TechniqueId::XyChain => chains::hodoku_xy_chain,
        TechniqueId::RemotePair => chains::hodoku_remote_pair,
        other => other.info().finder,
    }
}

/// Number of candidates in `set`.
fn elimination_count(set: &CandidateSet) -> u32 {
    set.planes.iter().map(|plane| plane.count()).sum()
}

/// HoDoKu's weighted index sum of `set`: candidates in (digit, cell) order, the `i`-th adding
/// `cell * (1 + 80 i) + digit` (cells 0..81, printed digits 1..=9).
pub(crate) fn weighted_index_sum(set: &CandidateSet) -> u64 {
    let mut sum = 0u64;
    let mut weight = 1u64;
    for (digit, plane) in set.planes.iter().enumerate() {
        for cell in *plane {
            sum += cell as u64 * weight + digit as u64 + 1;
            weight += 80;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::candidates;

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
        assert_eq!(weighted_index_sum(&a.eliminations), 733);
        assert_eq!(weighted_index_sum(&b.eliminations), 651);
        assert!(prefers(&b, &a));
        assert!(
            !prefers(&a, &a.clone()),
            "the same eliminations keep the first"
        );
    }

    #[test]
    fn candidates_are_weighted_in_digit_then_cell_order() {
        // {r9c9#1, r1c1#2}: r9c9#1 comes first (digit 1): 80+1 + 0*81+2 = 83.
        let set = candidates(&["r1c1#2", "r9c9#1"]);
        assert_eq!(weighted_index_sum(&set), 83);
    }
}
