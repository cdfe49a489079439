//! HoDoKu's general step order: the order in which HoDoKu sorts the steps it collects (its
//! simple chains, nice loops and ALS-Chains). The most eliminations come first; among different
//! sets of equal size, the lowest weighted index sum of the eliminated candidates (listed by
//! digit, then cell; the `i`-th weighs its cell by `1 + 80 i` and adds its printed digit). Steps
//! that eliminate the same candidates are equal: a stable sort keeps the earlier.
//!
//! HoDoKu's own searches that sort their steps use it ([`super::als::hodoku`]), and so does the
//! `hodoku` scale's step preference for the rungs whose steps HoDoKu sorts.

use std::cmp::Reverse;

use crate::core::CandidateSet;

/// Number of candidates in `set`.
pub fn elimination_count(set: &CandidateSet) -> u32 {
    set.planes.iter().map(|plane| plane.count()).sum()
}

/// HoDoKu's weighted index sum of `set`: candidates in (digit, cell) order, the `i`-th adding
/// `cell * (1 + 80 i) + digit` (cells 0..81, printed digits 1..=9).
pub fn weighted_index_sum(set: &CandidateSet) -> u64 {
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

/// The sort key of a step eliminating `set` in HoDoKu's order (smaller first).
pub fn step_order_key(set: &CandidateSet) -> (Reverse<u32>, u64) {
    (Reverse(elimination_count(set)), weighted_index_sum(set))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::candidates;

    #[test]
    fn the_second_candidate_weighs_81() {
        // {r1c1#2, r2c1#2} = 0+2 + 9*81+2 = 733; {r1c2#1, r1c9#1} = 1+1 + 8*81+1 = 651.
        let a = candidates(&["r1c1#2", "r2c1#2"]);
        let b = candidates(&["r1c2#1", "r1c9#1"]);
        assert_eq!(weighted_index_sum(&a), 733);
        assert_eq!(weighted_index_sum(&b), 651);
        assert!(step_order_key(&b) < step_order_key(&a));
    }

    #[test]
    fn candidates_are_weighted_in_digit_then_cell_order() {
        // {r9c9#1, r1c1#2}: r9c9#1 comes first (digit 1): 80+1 + 0*81+2 = 83.
        let set = candidates(&["r1c1#2", "r9c9#1"]);
        assert_eq!(weighted_index_sum(&set), 83);
    }

    #[test]
    fn more_eliminations_sort_first() {
        let one = candidates(&["r1c1#1"]);
        let two = candidates(&["r9c9#9", "r9c8#9"]);
        assert_eq!(elimination_count(&two), 2);
        assert!(step_order_key(&two) < step_order_key(&one));
    }
}
