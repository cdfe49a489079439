//! Random candidate removals that keep the solution leave every technique sound: from a real
//! puzzle's start, drop random candidates that are not the solution's, and every step every
//! catalogued technique finds in that state must agree with the solution. (The state keeps
//! exactly one solution; it says nothing of givens, so avoidable rectangles, which need to know
//! them, are left out, as the grader leaves them out of pencil-mark input.)

use proptest::prelude::*;
use sudoku_grader::core::{CandidateSet, Grid};
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;
use sudoku_grader::techniques::{Premise, CATALOGUE};

use crate::common;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn removals_that_keep_the_solution_keep_every_technique_sound(
        index in 0usize..200,
        seed in any::<u64>(),
        share in 0u64..70,
    ) {
        let puzzles = common::shipped_puzzles(&["royle17_sample.txt"]);
        let start = parse_puzzle(&puzzles[index % puzzles.len()], 1).unwrap().grid;
        let solution = oracle::solve(&start).solution.unwrap();
        let mut state = seed;
        let mut kept = CandidateSet::EMPTY;
        for (cell, digit) in start.pencil_marks().iter() {
            // A small xorshift: `share` percent of the other candidates go.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if digit == solution[cell] as usize || state % 100 >= share {
                kept.insert(cell, digit);
            }
        }
        let grid = Grid::from_candidates(&kept).unwrap();
        prop_assert_eq!(oracle::solve(&grid).solution, Some(solution));
        for info in CATALOGUE {
            if !Premise::UNIQUE_SOLUTION.contains(info.premise) {
                continue;
            }
            for step in info.technique.find_all(&grid) {
                prop_assert!(
                    step.check_against(&solution).is_none(),
                    "{} in {}",
                    info.id,
                    grid.candidates_string()
                );
            }
        }
    }
}
