//! Evaluating one input record: parse, ask the oracle, grade the unique ones, time it all.
//!
//! The result is a typed [`Verdict`], decided in one function ([`Evaluator::evaluate_with`]);
//! the typed errors travel with it, and the sentences a row or the CLI shows are rendered only
//! where they are shown ([`Evaluation::message`], `Display` of [`VerifyFailure`]).

use std::fmt;
use std::time::Instant;

use crate::core::Grid;
use crate::grading::grader::{grade_timed, premises_of, Gate, GradeOutcome, VerifyFailure};
use crate::input::puzzle::{given_digits_of_text, parse_puzzle, PuzzleError, PuzzleFormat};
use crate::input::reader::{echo, Record};
use crate::oracle::{self, OracleResult, SolutionCount};
use crate::scales::ladder::Ladder;
use crate::techniques::step::Step;
use crate::techniques::Premise;
use crate::timing::{NoTiming, TimingHook};

/// How the `message` of a row given up at the chain work limit ends (`line N: gave up after
/// W ` and this): readers of result files (`stats`, `report`) tell such rows by it.
pub const GAVE_UP_AT_THE_LIMIT: &str = "units of chain work (--chain-work-limit)";

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
    /// An isomorph of an earlier puzzle (`grade --dedup`): not graded.
    Duplicate,
}

impl Status {
    /// All statuses, in report order.
    pub const ALL: [Status; 5] = [
        Status::Unique,
        Status::Multiple,
        Status::None,
        Status::Invalid,
        Status::Duplicate,
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
            Status::Duplicate => "duplicate",
        }
    }
}

/// What evaluating one record found: every case the rows, the summary and `explain` tell apart.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The reader could not make a puzzle text of the line (its reason, e.g. invalid UTF-8).
    Unreadable(String),
    /// The text is not a puzzle.
    Invalid(PuzzleError),
    /// The oracle found no solution.
    NoSolution,
    /// More than one solution. Not graded, unless the evaluator grades such puzzles too
    /// ([`Evaluator::grade_multiple`], as `explain` does): then what grading found.
    Multiple(Option<GradeOutcome>),
    /// One solution, not graded (no ladder: the oracle alone, `sgrade solve`).
    Unique {
        /// The solution, digit index per cell.
        solution: [u8; 81],
    },
    /// One solution, and the ladder solved the puzzle.
    Solved {
        /// What grading found.
        outcome: GradeOutcome,
        /// The solution, digit index per cell.
        solution: [u8; 81],
    },
    /// One solution, and the ladder got stuck.
    Stuck {
        /// What grading found up to where it stopped.
        outcome: GradeOutcome,
        /// The solution, digit index per cell.
        solution: [u8; 81],
    },
    /// The same puzzle up to symmetry as an earlier line (`grade --dedup`): not graded.
    Duplicate {
        /// Where its canonical form was first seen, `source:line`.
        first: String,
    },
    /// One solution, and a step disagreed with it (`verify`).
    WrongStep {
        /// The first wrong step.
        failure: VerifyFailure,
        /// The solution, digit index per cell.
        solution: [u8; 81],
    },
}

impl Verdict {
    /// A graded unique puzzle: [`Verdict::Solved`] or [`Verdict::Stuck`] by the outcome.
    fn graded(outcome: GradeOutcome, solution: [u8; 81]) -> Verdict {
        if outcome.solved {
            Verdict::Solved { outcome, solution }
        } else {
            Verdict::Stuck { outcome, solution }
        }
    }

    /// The status column.
    pub fn status(&self) -> Status {
        match self {
            Verdict::Unreadable(_) | Verdict::Invalid(_) => Status::Invalid,
            Verdict::NoSolution => Status::None,
            Verdict::Multiple(_) => Status::Multiple,
            Verdict::Duplicate { .. } => Status::Duplicate,
            Verdict::Unique { .. }
            | Verdict::Solved { .. }
            | Verdict::Stuck { .. }
            | Verdict::WrongStep { .. } => Status::Unique,
        }
    }

    /// What grading found, when the puzzle was graded to the end (solved or stuck).
    pub fn outcome(&self) -> Option<&GradeOutcome> {
        match self {
            Verdict::Solved { outcome, .. } | Verdict::Stuck { outcome, .. } => Some(outcome),
            Verdict::Multiple(outcome) => outcome.as_ref(),
            _ => None,
        }
    }

    /// The solution of a unique puzzle.
    pub fn solution(&self) -> Option<&[u8; 81]> {
        match self {
            Verdict::Unique { solution }
            | Verdict::Solved { solution, .. }
            | Verdict::Stuck { solution, .. }
            | Verdict::WrongStep { solution, .. } => Some(solution),
            _ => None,
        }
    }
}

/// The result for one input record, ready to be written as a row.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// 1-based line number.
    pub line: u64,
    /// Canonical puzzle text (or the raw text of a line that could not be parsed).
    pub puzzle: String,
    /// What the evaluation found.
    pub verdict: Verdict,
    /// Wall time for oracle plus grading, in microseconds (0 for a line never parsed).
    pub time_us: f64,
    /// The record's extra text.
    pub extra: String,
}

impl Evaluation {
    /// The puzzle's status.
    pub fn status(&self) -> Status {
        self.verdict.status()
    }

    /// What grading found, for a graded puzzle.
    pub fn outcome(&self) -> Option<&GradeOutcome> {
        self.verdict.outcome()
    }

    /// The solution (digit index per cell) of a unique puzzle.
    pub fn solution(&self) -> Option<&[u8; 81]> {
        self.verdict.solution()
    }

    /// The solution as 81 digits, or an empty string.
    pub fn solution_string(&self) -> String {
        self.solution()
            .map(|s| s.iter().map(|&d| char::from(b'1' + d)).collect())
            .unwrap_or_default()
    }

    /// The step that disagreed with the solution, under `verify`.
    pub fn verify_failure(&self) -> Option<&VerifyFailure> {
        match &self.verdict {
            Verdict::WrongStep { failure, .. } => Some(failure),
            _ => None,
        }
    }

    /// Why the row is not graded, as the row's `message` column shows it (renders as nothing for
    /// a graded or solved row): `line 7: puzzle has no solution`.
    pub fn message(&self) -> Message<'_> {
        Message(self)
    }
}

/// [`Evaluation::message`]: the sentence is made only when it is written.
#[derive(Clone, Copy, Debug)]
pub struct Message<'a>(&'a Evaluation);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.0.line;
        match &self.0.verdict {
            Verdict::Unreadable(error) => write!(f, "line {line}: {error}"),
            Verdict::Invalid(error) => write!(f, "line {line}: {error}"),
            Verdict::NoSolution => write!(f, "line {line}: puzzle has no solution"),
            Verdict::Multiple(_) => write!(f, "line {line}: puzzle has more than one solution"),
            Verdict::Duplicate { first } => write!(f, "line {line}: duplicate of {first}"),
            Verdict::WrongStep { failure, .. } => {
                write!(f, "verification failed: line {line}: {failure}")
            }
            Verdict::Stuck { outcome, .. } if outcome.gave_up => write!(
                f,
                "line {line}: gave up after {} {GAVE_UP_AT_THE_LIMIT}",
                outcome.chain_work
            ),
            Verdict::Unique { .. } | Verdict::Solved { .. } | Verdict::Stuck { .. } => Ok(()),
        }
    }
}

/// Watches one evaluation as it goes: `explain` prints the path through it. Every method does
/// nothing by default; `()` watches nothing.
pub trait Observer {
    /// The oracle has counted the solutions of `grid` (the puzzle as read). Before grading,
    /// except on the logic-first path, where it comes after grading (which got stuck, or
    /// passed the basic rungs: the oracle is asked there).
    fn counted(&mut self, _count: SolutionCount, _grid: &Grid) {}
    /// `step` is about to be applied to `grid`.
    fn step(&mut self, _step: &Step, _grid: &Grid) {}
    /// Grading ended (solved or stuck) with the grid in state `grid`; not called when a step
    /// failed verification.
    fn graded(&mut self, _grid: &Grid) {}
    /// Whether [`Observer::counted`] needs the grid: an observer that says no (`()`) is not
    /// told of the count where the oracle alone runs on 81 givens, which is then solved from
    /// the givens without building a grid.
    fn needs_grid(&self) -> bool {
        true
    }
    /// Whether [`Observer::step`] looks at the steps: an observer that says no (`()`) is not
    /// called per step, and the grader then need not write a single's step at all.
    fn sees_steps(&self) -> bool {
        true
    }
}

impl Observer for () {
    fn needs_grid(&self) -> bool {
        false
    }
    fn sees_steps(&self) -> bool {
        false
    }
}

/// How records are evaluated: which ladder, whether steps are checked, whether puzzles with
/// several solutions are graded.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluator<'a> {
    /// The ladder to grade with; `None` runs the oracle alone.
    pub ladder: Option<&'a Ladder>,
    /// Check every step of a unique puzzle against its solution.
    pub verify: bool,
    /// Grade puzzles with several solutions too (unchecked), as `explain` does; the batch
    /// does not.
    pub grade_multiple: bool,
}

/// Evaluates one record: parse, count solutions, and, given a `ladder`, grade a unique puzzle
/// (with `verify`, checking each step against the solution). Without a ladder only the oracle runs.
pub fn evaluate(record: Record, ladder: Option<&Ladder>, verify: bool) -> Evaluation {
    Evaluator {
        ladder,
        verify,
        grade_multiple: false,
    }
    .evaluate(record)
}

impl Evaluator<'_> {
    /// Evaluates one record, timing nothing and watching nothing.
    pub fn evaluate(&self, record: Record) -> Evaluation {
        self.evaluate_with(record, &mut NoTiming, &mut ())
    }

    /// Evaluates one record, reporting technique calls, oracle runs and the puzzle's time to
    /// `timing` and the path to `observer`.
    pub fn evaluate_with<T: TimingHook, O: Observer + ?Sized>(
        &self,
        record: Record,
        timing: &mut T,
        observer: &mut O,
    ) -> Evaluation {
        let started = Instant::now();
        let unparsed = |verdict| Evaluation {
            line: record.line,
            // The reader has already cut what it could not read; a long bad puzzle is cut here.
            puzzle: match verdict {
                Verdict::Invalid(_) => echo(&record.puzzle),
                _ => record.puzzle.clone(),
            },
            verdict,
            time_us: 0.0,
            extra: record.extra.clone(),
        };
        if let Some(error) = &record.error {
            return unparsed(Verdict::Unreadable(error.clone()));
        }
        if self.ladder.is_none() && !observer.needs_grid() {
            // The oracle alone (`sgrade solve`) on 81 givens: solved from the givens, with no
            // candidate grid built (the grid cost as much as the oracle on easy puzzles).
            // Anything else `parse_puzzle` reads (or refuses: two equal givens in a house, which
            // the oracle finds on its way, included) goes the general way below.
            if let Some(values) = given_digits_of_text(&record.puzzle) {
                let started_oracle = timing.mark();
                if let Some(result) = oracle::solve_givens(&values) {
                    timing.oracle_call(started_oracle);
                    let verdict = match Count::of(result) {
                        Count::Unique(solution) => Verdict::Unique { solution },
                        Count::Multiple => Verdict::Multiple(None),
                        Count::None => Verdict::NoSolution,
                    };
                    let elapsed = started.elapsed();
                    timing.puzzle(u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX));
                    return Evaluation {
                        line: record.line,
                        puzzle: givens_string(record.puzzle, &values),
                        verdict,
                        time_us: elapsed.as_secs_f64() * 1e6,
                        extra: record.extra,
                    };
                }
            }
        }
        let puzzle = match parse_puzzle(&record.puzzle, record.column) {
            Ok(puzzle) => puzzle,
            Err(error) => return unparsed(Verdict::Invalid(error)),
        };
        // Only parsed puzzles are timed: an unreadable line costs nothing worth a sample.
        let verdict = self.judge(puzzle.grid, puzzle.format, timing, observer);
        let elapsed = started.elapsed();
        timing.puzzle(u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX));
        Evaluation {
            line: record.line,
            puzzle: puzzle.canonical,
            verdict,
            time_us: elapsed.as_secs_f64() * 1e6,
            extra: record.extra,
        }
    }

    /// The verdict on a parsed puzzle: the one place where the cases are told apart, and where
    /// the premises techniques rest on ([`Premise`]) are established before they are granted.
    fn judge<T: TimingHook, O: Observer + ?Sized>(
        &self,
        puzzle: Grid,
        format: PuzzleFormat,
        timing: &mut T,
        observer: &mut O,
    ) -> Verdict {
        let Some(ladder) = self.ladder else {
            return match count(&puzzle, timing, observer) {
                Count::Unique(solution) => Verdict::Unique { solution },
                Count::Multiple => Verdict::Multiple(None),
                Count::None => Verdict::NoSolution,
            };
        };
        // Only an 81-character puzzle says which solved cells are givens; a pencil-mark state's
        // solved cells may be givens or narrowed by its author, so avoidable rectangles skip it.
        let givens = match format {
            PuzzleFormat::Givens => Premise::GIVENS_KNOWN,
            PuzzleFormat::PencilMarks => Premise::NONE,
        };
        // Sound logic that completes the grid has proved the solution unique (every deduction
        // holds in every solution), so the oracle is needed only when the ladder gets stuck, or
        // where a rung needs the solution unique: the gate past the basic rungs (none of which
        // rests on a premise) asks it and grants that premise from there on, so every rung
        // runs as it would after an oracle-first count. Checking steps (`verify`) needs the
        // solution first, and so do uniqueness-based techniques when multiple-solution puzzles
        // are graded anyway (no gate).
        let needs_unique = premises_of(ladder).contains(Premise::UNIQUE_SOLUTION);
        let count_first = self.verify || (needs_unique && self.grade_multiple);
        if !count_first {
            // A solution's existence is assumed here and checked after: a filled grid must be
            // a solution (`completes`), a stuck one goes to the oracle. The puzzle is kept for
            // the oracle.
            let held = Premise::SOLUTION_EXISTS.union(givens);
            let mut grid = puzzle.clone();
            // The basic rungs are cheap, and solve most puzzles of most files; beyond them one
            // oracle call (microseconds) costs little beside the ladder, and stops a puzzle
            // without exactly one solution before the whole ladder has run on it. `explain`
            // grades such puzzles anyway, so it has no gate (and then no uniqueness premise).
            // The oracle counts the solutions of the state the basic rungs left: their steps
            // hold in every solution of the puzzle (none rests on a premise), so the state has
            // the puzzle's solutions, and its solved cells and eliminations leave the oracle
            // less to search than the givens would.
            let mut counted = None;
            let mut ask = |state: &Grid, timing: &mut T| {
                let found = count_quiet(state, timing);
                let pass = matches!(found, Count::Unique(_));
                counted = Some(found);
                pass
            };
            let gate = (!self.grade_multiple).then(|| Gate {
                at: basic_rungs(ladder),
                pass: &mut ask,
                grants: Premise::UNIQUE_SOLUTION,
            });
            let outcome = grade_unchecked(&mut grid, ladder, held, gate, timing, observer);
            if let Some(found) = &counted {
                observer.counted(found.solution_count(), &puzzle);
                match found {
                    Count::None => return Verdict::NoSolution,
                    Count::Multiple => return Verdict::Multiple(None),
                    Count::Unique(_) => {}
                }
            }
            if outcome.solved && completes(&puzzle, &grid) {
                return Verdict::Solved {
                    outcome,
                    solution: grid.values(),
                };
            }
            if outcome.solved {
                // A filled grid that breaks a house or a starting candidate proves nothing:
                // techniques that reason "one of these is true" (ForceChain, forcing nets)
                // are sound only when a solution exists. Ask the oracle, and check every step
                // should it find one.
                return self.oracle_first(puzzle, ladder, givens, true, timing, observer);
            }
            let found = match counted {
                Some(found) => found,
                None => count(&puzzle, timing, observer),
            };
            return match found {
                Count::Unique(solution) => Verdict::Stuck { outcome, solution },
                Count::Multiple => Verdict::Multiple(self.grade_multiple.then_some(outcome)),
                Count::None => Verdict::NoSolution,
            };
        }
        self.oracle_first(puzzle, ladder, givens, self.verify, timing, observer)
    }

    /// Counts the solutions first; grades a unique puzzle (every step checked against the
    /// solution with `verify`), and a multiple-solution one when `grade_multiple` asks, without
    /// the rungs that need one solution. `givens` is [`Premise::GIVENS_KNOWN`] or nothing.
    fn oracle_first<T: TimingHook, O: Observer + ?Sized>(
        &self,
        mut grid: Grid,
        ladder: &Ladder,
        givens: Premise,
        verify: bool,
        timing: &mut T,
        observer: &mut O,
    ) -> Verdict {
        match count(&grid, timing, observer) {
            Count::None => Verdict::NoSolution,
            Count::Multiple if !self.grade_multiple => Verdict::Multiple(None),
            Count::Multiple => {
                let held = Premise::SOLUTION_EXISTS.union(givens);
                let outcome = grade_unchecked(&mut grid, ladder, held, None, timing, observer);
                Verdict::Multiple(Some(outcome))
            }
            Count::Unique(solution) => {
                let checked = verify.then_some(&solution);
                let held = Premise::UNIQUE_SOLUTION.union(givens);
                match grade_observed(&mut grid, ladder, held, checked, None, timing, observer) {
                    Ok(outcome) => Verdict::graded(outcome, solution),
                    Err(failure) => Verdict::WrongStep { failure, solution },
                }
            }
        }
    }
}

/// Whether `filled`, a grid the ladder completed from `start`, is a solution of `start`: every
/// house holds each digit once, and every cell holds a digit that was a candidate (or the
/// given) there at the start.
fn completes(start: &Grid, filled: &Grid) -> bool {
    filled.is_valid_solution()
        && (0..9).all(|digit| {
            filled
                .placed(digit)
                .is_subset_of(start.plane(digit) | start.placed(digit))
        })
}

/// The rungs at the top of `ladder` that are basic: singles, intersections and subsets (GNPX's
/// difficulties 1–5 but the fish and single-digit patterns). The logic-first path asks the
/// oracle before the first rung after them.
fn basic_rungs(ladder: &Ladder) -> usize {
    ladder
        .rungs()
        .iter()
        .position(|rung| !is_basic_family(rung.technique.info().family))
        .unwrap_or(usize::MAX)
}

/// Whether `family` is one of the basic rungs' (singles, intersections, subsets).
fn is_basic_family(family: &str) -> bool {
    matches!(family, "singles" | "intersections" | "subsets")
}

/// The oracle's answer, the solution inside the unique case.
enum Count {
    None,
    Multiple,
    Unique([u8; 81]),
}

impl Count {
    /// The answer as the oracle's count.
    fn solution_count(&self) -> SolutionCount {
        match self {
            Count::None => SolutionCount::None,
            Count::Multiple => SolutionCount::Multiple,
            Count::Unique(_) => SolutionCount::Unique,
        }
    }
}

/// Runs the oracle on `puzzle`, timed, and tells `observer`.
fn count<T: TimingHook, O: Observer + ?Sized>(
    puzzle: &Grid,
    timing: &mut T,
    observer: &mut O,
) -> Count {
    let found = count_quiet(puzzle, timing);
    observer.counted(found.solution_count(), puzzle);
    found
}

/// The givens as `Grid::values_string` writes the grid they make: the digit, `.` for an
/// empty cell; written over `text`, the 81 characters they were read from, so that no new
/// string is made.
fn givens_string(text: String, values: &[u8; 81]) -> String {
    let mut bytes = text.into_bytes();
    for (byte, &value) in bytes.iter_mut().zip(values) {
        *byte = if value == 0 { b'.' } else { b'0' + value };
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// Runs the oracle on `puzzle`, timed, telling no observer.
fn count_quiet<T: TimingHook>(puzzle: &Grid, timing: &mut T) -> Count {
    let started = timing.mark();
    let result = oracle::solve(puzzle);
    timing.oracle_call(started);
    Count::of(result)
}

impl Count {
    /// The oracle's result as a count.
    fn of(result: OracleResult) -> Count {
        match result {
            OracleResult {
                solution: Some(solution),
                ..
            } => Count::Unique(solution),
            OracleResult {
                count: SolutionCount::Multiple,
                ..
            } => Count::Multiple,
            _ => Count::None,
        }
    }
}

/// Grades `grid` in place with the rungs whose premises are `held`, every step shown to
/// `observer` (checked against `solution` if given), stopping where `gate` says.
fn grade_observed<T: TimingHook, O: Observer + ?Sized>(
    grid: &mut Grid,
    ladder: &Ladder,
    held: Premise,
    solution: Option<&[u8; 81]>,
    gate: Option<Gate<'_, T>>,
    timing: &mut T,
    observer: &mut O,
) -> Result<GradeOutcome, VerifyFailure> {
    let sees_steps = observer.sees_steps();
    let mut on_step = |step: &Step, grid: &Grid| observer.step(step, grid);
    let on_step = sees_steps.then_some(&mut on_step);
    let outcome = grade_timed(grid, ladder, held, solution, on_step, timing, gate)?;
    observer.graded(grid);
    Ok(outcome)
}

/// [`grade_observed`] with nothing to check against, which cannot fail.
fn grade_unchecked<T: TimingHook, O: Observer + ?Sized>(
    grid: &mut Grid,
    ladder: &Ladder,
    held: Premise,
    gate: Option<Gate<'_, T>>,
    timing: &mut T,
    observer: &mut O,
) -> GradeOutcome {
    grade_observed(grid, ladder, held, None, gate, timing, observer)
        .expect("grading without a solution to check cannot fail verification")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::grid;
    use crate::techniques::step::WrongDeduction;
    use crate::techniques::TechniqueId;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn record(line: u64, puzzle: &str) -> Record {
        Record {
            line,
            puzzle: puzzle.to_string(),
            column: 1,
            extra: String::new(),
            error: None,
        }
    }

    /// `EASY` with one given removed at a time until it has several solutions.
    fn multiple() -> String {
        multiple_from(EASY)
    }

    /// `puzzle` with one given removed at a time until it has several solutions.
    fn multiple_from(puzzle: &str) -> String {
        let mut text = puzzle.as_bytes().to_vec();
        for cell in 0..81 {
            if text[cell] != b'.' {
                text[cell] = b'.';
                let candidate = String::from_utf8(text.clone()).unwrap();
                if oracle::solve(&grid(&candidate)).count == SolutionCount::Multiple {
                    return candidate;
                }
            }
        }
        unreachable!("an empty grid has several solutions")
    }

    #[test]
    fn each_case_has_its_verdict_status_and_message() {
        let ladder = Ladder::gnpx_v4();
        let graded = evaluate(record(1, EASY), Some(&ladder), true);
        assert!(matches!(graded.verdict, Verdict::Solved { .. }));
        assert_eq!(graded.status(), Status::Unique);
        assert_eq!(graded.message().to_string(), "");
        let solved = graded.solution().unwrap();
        let alone = evaluate(record(2, EASY), None, false);
        assert!(matches!(alone.verdict, Verdict::Unique { .. }));
        assert_eq!(alone.solution(), Some(solved));
        assert!(alone.outcome().is_none());

        let short = evaluate(record(3, &EASY[..80]), Some(&ladder), false);
        assert!(matches!(
            short.verdict,
            Verdict::Invalid(PuzzleError::Length { found: 80 })
        ));
        assert_eq!(short.status(), Status::Invalid);
        assert_eq!(short.puzzle, &EASY[..80]);
        assert_eq!(short.time_us, 0.0);
        assert_eq!(
            short.message().to_string(),
            "line 3: expected 81 or 729 cells, found 80"
        );

        let mut unreadable = record(4, "");
        unreadable.error = Some("invalid UTF-8 at byte 3".into());
        let unreadable = evaluate(unreadable, Some(&ladder), false);
        assert_eq!(unreadable.status(), Status::Invalid);
        assert_eq!(
            unreadable.message().to_string(),
            "line 4: invalid UTF-8 at byte 3"
        );

        let conflict = format!("11{}", &EASY[2..]);
        let conflict = evaluate(record(5, &conflict), Some(&ladder), false);
        assert!(matches!(conflict.verdict, Verdict::Invalid(_)));
        // r1c9 can hold nothing: row 1 has 1–8, column 9 has the 9.
        let no_solution = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        for verify in [false, true] {
            let none = evaluate(record(6, &no_solution), Some(&ladder), verify);
            assert!(matches!(none.verdict, Verdict::NoSolution));
            assert_eq!(none.message().to_string(), "line 6: puzzle has no solution");
        }

        let several = evaluate(record(7, &multiple()), Some(&ladder), false);
        assert!(matches!(several.verdict, Verdict::Multiple(None)));
        assert_eq!(
            several.message().to_string(),
            "line 7: puzzle has more than one solution"
        );
    }

    #[test]
    fn explain_grades_several_solutions_unchecked_and_sees_every_step() {
        #[derive(Default)]
        struct Seen {
            counted: Vec<SolutionCount>,
            steps: u32,
            graded: bool,
        }
        impl Observer for Seen {
            fn counted(&mut self, count: SolutionCount, _: &Grid) {
                self.counted.push(count);
            }
            fn step(&mut self, _: &Step, _: &Grid) {
                self.steps += 1;
            }
            fn graded(&mut self, _: &Grid) {
                self.graded = true;
            }
        }
        let ladder = Ladder::gnpx_v4();
        let explain = Evaluator {
            ladder: Some(&ladder),
            verify: true,
            grade_multiple: true,
        };
        let mut seen = Seen::default();
        let several = explain.evaluate_with(record(1, &multiple()), &mut NoTiming, &mut seen);
        let outcome = several.outcome().expect("graded anyway");
        assert!(matches!(several.verdict, Verdict::Multiple(Some(_))));
        assert_eq!(seen.counted, [SolutionCount::Multiple]);
        assert_eq!(seen.steps, outcome.steps);
        assert!(seen.graded);
    }

    #[test]
    fn the_oracle_stops_a_multiple_solution_puzzle_after_the_basic_rungs() {
        #[derive(Default)]
        struct Seen {
            counted: Vec<SolutionCount>,
            families: Vec<&'static str>,
        }
        impl Observer for Seen {
            fn counted(&mut self, count: SolutionCount, _: &Grid) {
                self.counted.push(count);
            }
            fn step(&mut self, step: &Step, _: &Grid) {
                self.families.push(step.technique.info().family);
            }
        }
        // top1465 #1 needs far more than the basic rungs; without some givens it has several
        // solutions, and the whole ladder would run on it before the oracle.
        let hard =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let several = multiple_from(hard);
        for scale in [
            crate::scales::Scale::Gnpx,
            crate::scales::Scale::Gnpx584,
            crate::scales::Scale::Hodoku,
            crate::scales::Scale::Se,
        ] {
            let ladder = scale.ladder();
            assert!(basic_rungs(&ladder) < ladder.rungs().len());
            let batch = Evaluator {
                ladder: Some(&ladder),
                verify: false,
                grade_multiple: false,
            };
            let mut seen = Seen::default();
            let row = batch.evaluate_with(record(1, &several), &mut NoTiming, &mut seen);
            assert!(matches!(row.verdict, Verdict::Multiple(None)));
            assert_eq!(seen.counted, [SolutionCount::Multiple]);
            assert!(seen.families.iter().all(|f| is_basic_family(f)));
            // A unique puzzle passes the gate once and is graded as before.
            let mut seen = Seen::default();
            let row = batch.evaluate_with(record(2, hard), &mut NoTiming, &mut seen);
            assert_eq!(row.status(), Status::Unique);
            assert!(seen.counted.len() <= 1);
            let plain = evaluate(record(2, hard), Some(&ladder), true);
            assert_eq!(row.outcome(), plain.outcome());
        }
    }

    /// On the scales with uniqueness techniques the oracle is asked only before the first
    /// rung that needs a unique solution (or past the basic rungs): every row is the row of
    /// counting first, puzzles the rungs before the gate solve are never counted, and the
    /// others are counted once.
    #[test]
    fn a_gate_before_the_uniqueness_rungs_grades_as_counting_first() {
        #[derive(Default)]
        struct Counted(usize);
        impl Observer for Counted {
            fn counted(&mut self, _: SolutionCount, _: &Grid) {
                self.0 += 1;
            }
        }
        let read = |path: &str| std::fs::read_to_string(path).unwrap();
        let royle = read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ));
        let kaggle = read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/kaggle_sample.csv"
        ));
        let mut puzzles: Vec<String> = royle
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(60)
            .chain(kaggle.lines().skip(1).take(60))
            .map(|line| line[..81].to_string())
            .collect();
        // Pencil-mark forms (no givens known) and puzzles without exactly one solution.
        for i in [0, 70] {
            let mut g = grid(&puzzles[i]);
            if let Some(step) = TechniqueId::HiddenSingle.find_first(&g) {
                step.apply(&mut g);
            }
            puzzles.push(g.candidates_string());
        }
        puzzles.push(multiple_from(&puzzles[3]));
        puzzles.push(multiple_from(&puzzles[80]));
        // No solution, which the basic rungs do not find out (the gate's count on their state).
        puzzles.push(
            ".63.9.78.4...73.....91......2.3..6..3.......4..8..2.5......41....726...5.42.3.86."
                .to_string(),
        );
        for scale in [crate::scales::Scale::Hodoku, crate::scales::Scale::Se] {
            let ladder = scale.ladder();
            assert!(premises_of(&ladder).contains(Premise::UNIQUE_SOLUTION));
            // The gate comes before every rung that rests on a premise, on any ladder: no
            // technique of the basic families rests on one.
            for info in crate::techniques::CATALOGUE {
                if is_basic_family(info.family) {
                    assert_eq!(info.premise, Premise::NONE, "{}", info.id);
                }
            }
            let gated = Evaluator {
                ladder: Some(&ladder),
                verify: false,
                grade_multiple: false,
            };
            let (mut uncounted, mut counted_once) = (0, 0);
            for (i, puzzle) in puzzles.iter().enumerate() {
                let mut counted = Counted::default();
                let row = gated.evaluate_with(record(1, puzzle), &mut NoTiming, &mut counted);
                let first = evaluate(record(1, puzzle), Some(&ladder), true);
                assert_eq!(row.status(), first.status(), "{scale:?} puzzle {i}");
                assert_eq!(row.outcome(), first.outcome(), "{scale:?} puzzle {i}");
                match counted.0 {
                    0 => uncounted += 1,
                    1 => counted_once += 1,
                    n => panic!("{scale:?} puzzle {i} counted {n} times"),
                }
            }
            assert!(
                uncounted > 10 && counted_once > 10,
                "{scale:?}: {uncounted}, {counted_once}"
            );
        }
    }

    #[test]
    fn a_wrong_step_renders_as_before() {
        let failure = VerifyFailure {
            step_number: 12,
            technique: TechniqueId::NakedPair,
            wrong: WrongDeduction {
                cell: 4,
                digit: 2,
                placement: false,
            },
            solution_digit: 2,
        };
        let evaluation = Evaluation {
            line: 7,
            puzzle: EASY.to_string(),
            verdict: Verdict::WrongStep {
                failure,
                solution: [0; 81],
            },
            time_us: 1.0,
            extra: String::new(),
        };
        assert_eq!(evaluation.status(), Status::Unique);
        assert!(evaluation.outcome().is_none());
        assert_eq!(
            evaluation.message().to_string(),
            "verification failed: line 7: step 12 (naked-pair) eliminated r1c5#3, but the \
             solution has r1c5=3"
        );
    }
}
