//! No wrong status: near-puzzles with no solution or several solutions are never reported
//! `unique`, on any scale — the logic-first path must not take a "completed" grid for a proof.

use proptest::prelude::*;
use sudoku_grader::grading::evaluate::{evaluate, Status};
use sudoku_grader::input::reader::Record;
use sudoku_grader::oracle::{self, SolutionCount};
use sudoku_grader::scales::Scale;

use crate::common;

fn record(puzzle: String) -> Record {
    Record {
        line: 1,
        puzzle,
        column: 1,
        extra: String::new(),
        error: None,
    }
}

/// The oracle's status of an 81-character puzzle (None when its givens conflict).
fn oracle_status(puzzle: &str) -> Option<Status> {
    let parsed = sudoku_grader::input::puzzle::parse_puzzle(puzzle, 1).ok()?;
    Some(match oracle::solve(&parsed.grid).count {
        SolutionCount::None => Status::None,
        SolutionCount::Unique => Status::Unique,
        SolutionCount::Multiple => Status::Multiple,
    })
}

/// Every scale's status of `puzzle` agrees with the oracle's.
fn assert_statuses_agree(puzzle: &str) -> Result<(), TestCaseError> {
    let Some(expected) = oracle_status(puzzle) else {
        return Ok(());
    };
    for scale in Scale::ALL {
        let ladder = scale.ladder();
        let got = evaluate(record(puzzle.to_string()), Some(&ladder), false).status();
        prop_assert_eq!(got, expected, "{} on --scale {}", puzzle, scale);
    }
    Ok(())
}

/// The reported case: a ForceChain step "completed" this grid, which has no solution.
#[test]
fn the_reported_no_solution_puzzle_is_none() {
    let puzzle =
        ".63.9.78.4...73.....91......2.3..6..3.......4..8..2.5......41....726...5.42.3.86.";
    assert_eq!(oracle_status(puzzle), Some(Status::None));
    assert_statuses_agree(puzzle).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A real puzzle with one given changed to another digit (no conflict among givens):
    /// usually no solution, sometimes another unique one.
    #[test]
    fn a_changed_given_gets_the_oracles_status(index in 0usize..210, pick in 0usize..81, shift in 1u8..9) {
        let puzzles = common::shipped_puzzles(&["royle17_sample.txt", "seeds.txt"]);
        let mut cells: Vec<u8> = puzzles[index % puzzles.len()].bytes().collect();
        let givens: Vec<usize> = (0..81).filter(|&i| cells[i] != b'.').collect();
        let cell = givens[pick % givens.len()];
        cells[cell] = b'1' + (cells[cell] - b'1' + shift) % 9;
        assert_statuses_agree(std::str::from_utf8(&cells).unwrap())?;
    }

    /// A real puzzle with givens removed: several solutions, which must not read `unique`.
    #[test]
    fn removed_givens_get_the_oracles_status(index in 0usize..210, picks in prop::collection::vec(0usize..81, 1..4)) {
        let puzzles = common::shipped_puzzles(&["royle17_sample.txt", "seeds.txt"]);
        let mut cells: Vec<u8> = puzzles[index % puzzles.len()].bytes().collect();
        for pick in picks {
            let givens: Vec<usize> = (0..81).filter(|&i| cells[i] != b'.').collect();
            cells[givens[pick % givens.len()]] = b'.';
        }
        assert_statuses_agree(std::str::from_utf8(&cells).unwrap())?;
    }
}

/// Hard puzzles reach ForceChain, whose steps assume a solution exists: 150 of top1465 with one
/// given changed each (the first given moved to the next digit that keeps the givens apart),
/// on every scale.
#[test]
fn changed_givens_of_hard_puzzles_get_the_oracles_status() {
    let Some(path) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines().take(150) {
        let cells: Vec<u8> = line.bytes().take(81).collect();
        let first = (0..81).find(|&i| cells[i] != b'.').unwrap();
        for shift in 1..9 {
            let mut changed = cells.clone();
            changed[first] = b'1' + (cells[first] - b'1' + shift) % 9;
            let puzzle = std::str::from_utf8(&changed).unwrap();
            if oracle_status(puzzle).is_some() {
                assert_statuses_agree(puzzle).unwrap();
                checked += 1;
                break;
            }
        }
    }
    assert!(
        checked >= 140,
        "only {checked} variants had conflict-free givens"
    );
}
