//! Evaluating one input record: parse, ask the oracle, grade the unique ones, time it all.

use std::time::Instant;

use crate::core::cell_name;
use crate::grader::{grade, GradeOutcome};
use crate::ladder::Ladder;
use crate::oracle::{self, SolutionCount};
use crate::puzzle::parse_puzzle;
use crate::reader::Record;

/// The puzzle's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Exactly one solution: graded.
    Unique,
    /// More than one solution: not graded.
    Multiple,
    /// No solution: not graded.
    None,
    /// Unreadable line: not graded.
    Invalid,
}

impl Status {
    /// All statuses, in report order.
    pub const ALL: [Status; 4] = [
        Status::Unique,
        Status::Multiple,
        Status::None,
        Status::Invalid,
    ];

    /// The CSV spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Invalid => "invalid",
        }
    }
}

/// The result for one input record, ready to be written as a row.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// 1-based line number.
    pub line: u64,
    /// Canonical puzzle text (or the raw text of an invalid line).
    pub puzzle: String,
    /// Status.
    pub status: Status,
    /// Grading result for unique puzzles.
    pub outcome: Option<GradeOutcome>,
    /// Wall time for oracle plus grading, in microseconds.
    pub time_us: f64,
    /// The record's extra text.
    pub extra: String,
    /// Why the row is not graded, or a note; empty otherwise.
    pub message: String,
    /// Set when `verify` found a step that disagrees with the solution.
    pub verify_failure: Option<String>,
}

/// Evaluates one record with `ladder`; with `verify`, each step is checked against the solution.
pub fn evaluate(record: Record, ladder: &Ladder, verify: bool) -> Evaluation {
    let started = Instant::now();
    let mut evaluation = Evaluation {
        line: record.line,
        puzzle: record.puzzle,
        status: Status::Invalid,
        outcome: None,
        time_us: 0.0,
        extra: record.extra,
        message: String::new(),
        verify_failure: None,
    };
    if let Some(error) = record.error {
        evaluation.message = format!("line {}: {error}", record.line);
        return evaluation;
    }
    let puzzle = match parse_puzzle(&evaluation.puzzle, record.column) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            evaluation.message = format!("line {}: {error}", record.line);
            return evaluation;
        }
    };
    evaluation.puzzle = puzzle.canonical;
    let verdict = oracle::solve(&puzzle.grid);
    match verdict.count {
        SolutionCount::None => {
            evaluation.status = Status::None;
            evaluation.message = format!("line {}: puzzle has no solution", record.line);
        }
        SolutionCount::Multiple => {
            evaluation.status = Status::Multiple;
            evaluation.message = format!("line {}: puzzle has more than one solution", record.line);
        }
        SolutionCount::Unique => {
            evaluation.status = Status::Unique;
            let solution = verdict
                .solution
                .expect("a unique verdict carries its solution");
            let mut grid = puzzle.grid;
            let check = if verify { Some(&solution) } else { None };
            match grade(&mut grid, ladder, check, &mut |_, _| {}) {
                Ok(outcome) => evaluation.outcome = Some(outcome),
                Err(failure) => {
                    let wrong = failure.wrong;
                    let (verb, truth) = if wrong.placement {
                        ("placed", "the solution has")
                    } else {
                        ("eliminated", "it is the solution")
                    };
                    let message = format!(
                        "line {}: step {} ({}) {verb} {}#{}, but {truth} ({}={})",
                        record.line,
                        failure.step_number,
                        failure.technique.id(),
                        cell_name(wrong.cell),
                        wrong.digit + 1,
                        cell_name(wrong.cell),
                        solution[wrong.cell] + 1
                    );
                    evaluation.message = format!("verification failed: {message}");
                    evaluation.verify_failure = Some(message);
                }
            }
        }
    }
    evaluation.time_us = started.elapsed().as_secs_f64() * 1e6;
    evaluation
}
