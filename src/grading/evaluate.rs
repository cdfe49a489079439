//! Evaluating one input record: parse, ask the oracle, grade the unique ones, time it all.

use std::time::Instant;

use crate::core::notation::cell_name;
use crate::core::Grid;
use crate::grading::grader::{grade_timed, GradeOutcome};
use crate::input::puzzle::parse_puzzle;
use crate::input::reader::Record;
use crate::oracle::{self, SolutionCount};
use crate::scales::ladder::Ladder;
use crate::timing::{NoTiming, TimingHook};

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

    /// The status a CSV spelling names.
    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Position in [`Status::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

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
    /// The solution (digit index per cell) of a unique puzzle.
    pub solution: Option<[u8; 81]>,
}

impl Evaluation {
    /// The solution as 81 digits, or an empty string.
    pub fn solution_string(&self) -> String {
        self.solution
            .map(|s| s.iter().map(|&d| char::from(b'1' + d)).collect())
            .unwrap_or_default()
    }
}

/// Evaluates one record: parse, count solutions, and, given a `ladder`, grade a unique puzzle
/// (with `verify`, checking each step against the solution). Without a ladder only the oracle runs.
pub fn evaluate(record: Record, ladder: Option<&Ladder>, verify: bool) -> Evaluation {
    evaluate_timed(record, ladder, verify, &mut NoTiming)
}

/// [`evaluate`], reporting technique calls, oracle runs and the puzzle's time to `timing`.
pub fn evaluate_timed<T: TimingHook>(
    record: Record,
    ladder: Option<&Ladder>,
    verify: bool,
    timing: &mut T,
) -> Evaluation {
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
        solution: None,
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
    // Only parsed puzzles are timed: an unreadable line costs nothing worth a sample.
    evaluation.puzzle = puzzle.canonical;
    let line = record.line;
    match ladder {
        // Sound logic that completes the grid has proved the solution unique (every deduction
        // holds in every solution), so the oracle is needed only when the ladder gets stuck.
        // Checking steps (`verify`) or uniqueness-based techniques need the solution first.
        Some(ladder) if !verify && !ladder.assumes_uniqueness() => {
            let mut grid = puzzle.grid.clone();
            let outcome = grade_timed(&mut grid, ladder, None, &mut |_, _| {}, timing)
                .expect("grading without a solution to check cannot fail verification");
            if outcome.solved {
                evaluation.status = Status::Unique;
                evaluation.solution = Some(grid.values());
                evaluation.outcome = Some(outcome);
            } else if classify(&mut evaluation, &puzzle.grid, line, timing).is_some() {
                evaluation.outcome = Some(outcome);
            }
        }
        _ => {
            if let Some(solution) = classify(&mut evaluation, &puzzle.grid, line, timing) {
                if let Some(ladder) = ladder {
                    grade_checked(
                        &mut evaluation,
                        puzzle.grid,
                        ladder,
                        verify.then_some(&solution),
                        line,
                        timing,
                    );
                }
            }
        }
    }
    let elapsed = started.elapsed();
    evaluation.time_us = elapsed.as_secs_f64() * 1e6;
    timing.puzzle(u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX));
    evaluation
}

/// Runs the oracle and sets the status; returns the solution of a unique puzzle.
fn classify<T: TimingHook>(
    evaluation: &mut Evaluation,
    grid: &Grid,
    line: u64,
    timing: &mut T,
) -> Option<[u8; 81]> {
    let started = timing.mark();
    let verdict = oracle::solve(grid);
    timing.oracle_call(started);
    match verdict.count {
        SolutionCount::None => {
            evaluation.status = Status::None;
            evaluation.message = format!("line {line}: puzzle has no solution");
        }
        SolutionCount::Multiple => {
            evaluation.status = Status::Multiple;
            evaluation.message = format!("line {line}: puzzle has more than one solution");
        }
        SolutionCount::Unique => {
            evaluation.status = Status::Unique;
            evaluation.solution = verdict.solution;
        }
    }
    evaluation.solution
}

/// Grades a unique puzzle, checking every step against `solution` when given.
fn grade_checked<T: TimingHook>(
    evaluation: &mut Evaluation,
    mut grid: Grid,
    ladder: &Ladder,
    solution: Option<&[u8; 81]>,
    line: u64,
    timing: &mut T,
) {
    match grade_timed(&mut grid, ladder, solution, &mut |_, _| {}, timing) {
        Ok(outcome) => evaluation.outcome = Some(outcome),
        Err(failure) => {
            let wrong = failure.wrong;
            let truth = solution.map(|s| s[wrong.cell] + 1).unwrap_or(0);
            let verb = if wrong.placement {
                "placed"
            } else {
                "eliminated"
            };
            let message = format!(
                "line {line}: step {} ({}) {verb} {}#{}, but the solution has {}={truth}",
                failure.step_number,
                failure.technique.id(),
                cell_name(wrong.cell),
                wrong.digit + 1,
                cell_name(wrong.cell),
            );
            evaluation.message = format!("verification failed: {message}");
            evaluation.verify_failure = Some(message);
        }
    }
}
