//! Pencil-mark input (729 characters) is not its givens, so the techniques that need them
//! (premise `givens-known`: avoidable rectangles, and HoDoKu's unique and hidden rectangles,
//! whose corners may lack a pair digit) must not run on it. The 729-character forms of real
//! unique puzzles pass `--verify` on the `hodoku` scale and keep their 81-character rating
//! (level and hardest technique) wherever that path needs none of them.

use sudoku_grader::grading::evaluate::{evaluate, Status, Verdict};
use sudoku_grader::grading::grader::{grade, GradeOutcome};
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::input::reader::Record;
use sudoku_grader::oracle;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::{Premise, TechniqueId, CATALOGUE};

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

/// The puzzle's start written as pencil marks: its givens become solved cells.
fn pencil_marks(puzzle: &str) -> String {
    parse_puzzle(puzzle, 1).unwrap().grid.candidates_string()
}

#[test]
fn pencil_mark_forms_pass_verify_and_keep_their_rating() {
    let ladder = Scale::Hodoku.ladder();
    let needs_givens: Vec<TechniqueId> = CATALOGUE
        .iter()
        .filter(|info| info.premise.contains(Premise::GIVENS_KNOWN))
        .map(|info| info.technique)
        .collect();
    assert!(needs_givens.contains(&TechniqueId::UniqueRectangle4));
    let (mut unsound_if_granted, mut compared) = (0, 0);
    for puzzle in common::shipped_puzzles(&["royle17_sample.txt", "se_exchange_sample.csv"]) {
        let marks = pencil_marks(&puzzle);
        let as_marks = evaluate(record(marks.clone()), Some(&ladder), true);
        if let Verdict::WrongStep { failure, .. } = &as_marks.verdict {
            panic!("{marks}: {failure}");
        }
        assert_eq!(as_marks.status(), Status::Unique, "{marks}");
        let outcome = as_marks.outcome().expect("graded");
        assert!(outcome.solved, "{marks}");
        for &technique in &needs_givens {
            assert_eq!(outcome.counts[technique as usize], 0, "{marks}");
        }

        // Granting the premise (the grader's plain `grade`) is what went wrong before.
        let mut grid = parse_puzzle(&marks, 1).unwrap().grid;
        let solution = oracle::solve(&grid).solution.unwrap();
        if grade(&mut grid, &ladder, Some(&solution), &mut |_, _| {}).is_err() {
            unsound_if_granted += 1;
        }

        // Where the 81-character path needs none of them, both rate alike (the
        // pencil-mark form may have fewer singles: loading it places cells with one candidate).
        let as_givens = evaluate(record(puzzle.clone()), Some(&ladder), true);
        let given_outcome = as_givens.outcome().expect("graded");
        if needs_givens
            .iter()
            .all(|&t| given_outcome.counts[t as usize] == 0)
        {
            let rated = |o: &GradeOutcome| (o.solved, o.rating, o.hardest);
            assert_eq!(rated(outcome), rated(given_outcome), "{puzzle}");
            compared += 1;
        }
    }
    assert!(unsound_if_granted > 0, "the sample exercises the premise");
    assert!(compared > 300, "{compared}");
}
