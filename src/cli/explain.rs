//! `sgrade explain`: one puzzle's solution path, step by step.

use std::process::ExitCode;

use clap::Args;

use sudoku_grader::core::notation::cell_name;
use sudoku_grader::core::Grid;
use sudoku_grader::explain::{describe, details, step_json};
use sudoku_grader::grading::evaluate::{Evaluator, Observer, Verdict};
use sudoku_grader::input::reader::Record;
use sudoku_grader::oracle::SolutionCount;
use sudoku_grader::scales::RatingRule;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::timing::NoTiming;

use super::{ladder_for, Format, ScaleArg, TechniqueArgs, EXIT_NOT_ALL_UNIQUE, EXIT_VERIFY_FAILED};

/// Arguments of `sgrade explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The puzzle: 81 characters (givens) or 729 (pencil marks).
    puzzle: String,
    /// Rating scale: its technique order and rating rule.
    #[arg(long, value_enum, default_value_t = ScaleArg::Gnpx)]
    scale: ScaleArg,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List every step each enabled technique finds in the starting state instead of solving.
    #[arg(long)]
    all: bool,
}

fn emit(format: Format, step: &Step, number: usize) {
    match format {
        Format::Text => {
            println!("{number:>3}. {}", describe(step));
            for line in details(step) {
                println!("     {line}");
            }
        }
        Format::Json => println!("{}", step_json(step, number)),
    }
}

/// Prints the path while the evaluation runs: each step as it is applied, the warning for a
/// puzzle with several solutions before its steps; keeps the states the summary needs.
struct PathPrinter {
    format: Format,
    /// Steps printed so far.
    number: usize,
    /// With `--all`: the puzzle as read, kept to list its steps.
    start: Option<Grid>,
    keep_start: bool,
    /// The grid where grading stopped.
    end: Option<Grid>,
}

impl Observer for PathPrinter {
    fn counted(&mut self, count: SolutionCount, grid: &Grid) {
        if count == SolutionCount::Multiple {
            eprintln!(
                "sgrade: puzzle has more than one solution; steps are shown without verification"
            );
        }
        if self.keep_start {
            self.start = Some(grid.clone());
        }
    }

    fn step(&mut self, step: &Step, _grid: &Grid) {
        self.number += 1;
        emit(self.format, step, self.number);
    }

    fn graded(&mut self, grid: &Grid) {
        self.end = Some(grid.clone());
    }
}

/// Runs `sgrade explain`: the same evaluation as a `grade` row (every step checked against the
/// solution; a puzzle with several solutions graded unchecked), watched by a [`PathPrinter`].
pub fn run(args: ExplainArgs) -> Result<ExitCode, String> {
    let ladder = ladder_for(args.scale, &args.techniques)?;
    let record = Record {
        line: 1,
        puzzle: args.puzzle.trim().to_string(),
        column: 1,
        extra: String::new(),
        error: None,
    };
    // `--all` lists the start state's steps instead of grading: the oracle alone runs.
    let evaluator = Evaluator {
        ladder: (!args.all).then_some(&ladder),
        verify: true,
        grade_multiple: true,
    };
    let mut printer = PathPrinter {
        format: args.format,
        number: 0,
        start: None,
        keep_start: args.all,
        end: None,
    };
    let evaluation = evaluator.evaluate_with(record, &mut NoTiming, &mut printer);
    let outcome = match &evaluation.verdict {
        Verdict::Unreadable(error) => return Ok(invalid(error)),
        Verdict::Invalid(error) => return Ok(invalid(error)),
        Verdict::NoSolution => {
            eprintln!("sgrade: puzzle has no solution");
            return Ok(ExitCode::from(EXIT_NOT_ALL_UNIQUE));
        }
        Verdict::WrongStep { failure, .. } => {
            eprintln!(
                "sgrade: step {} ({}) disagrees with the solution at cell {}, digit {}",
                failure.step_number,
                failure.technique.id(),
                cell_name(failure.wrong.cell),
                failure.wrong.digit + 1
            );
            return Ok(ExitCode::from(EXIT_VERIFY_FAILED));
        }
        Verdict::Unique { .. } | Verdict::Multiple(None) => {
            let start = printer.start.as_ref().expect("the oracle saw the puzzle");
            let mut number = 0;
            for rung in ladder.rungs() {
                for step in rung.technique.find_all(start) {
                    number += 1;
                    emit(args.format, &step, number);
                }
            }
            return Ok(ExitCode::SUCCESS);
        }
        Verdict::Solved { outcome, .. }
        | Verdict::Stuck { outcome, .. }
        | Verdict::Multiple(Some(outcome)) => outcome,
    };
    let grid = printer.end.as_ref().expect("grading ended");
    let hardest = outcome.hardest.map(|t| t.id()).unwrap_or("none");
    let rule = ladder.rule();
    let rating = match rule {
        RatingRule::MaxDifficulty => outcome.rating.to_string(),
        RatingRule::HodokuLevel => {
            format!("{} (score {})", rule.label(outcome.rating), outcome.score)
        }
    };
    match args.format {
        Format::Text => {
            if outcome.solved {
                println!(
                    "solved in {} steps; rating {rating} (hardest: {hardest})",
                    outcome.steps
                );
            } else {
                println!(
                    "stuck after {} steps; rating so far {rating} (hardest: {hardest}); state: {}",
                    outcome.steps,
                    grid.candidates_string()
                );
            }
        }
        Format::Json => println!(
            "{}",
            serde_json::json!({
                "summary": {
                    "solved": outcome.solved,
                    "steps": outcome.steps,
                    "rating": outcome.rating,
                    "rating_label": rule.label(outcome.rating),
                    "score": outcome.score,
                    "hardest": outcome.hardest.map(|t| t.id()),
                    "state": if outcome.solved { grid.values_string() } else { grid.candidates_string() },
                }
            })
        ),
    }
    Ok(ExitCode::SUCCESS)
}

/// The text was not a puzzle: exit 1 with the reason.
fn invalid(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("sgrade: invalid puzzle: {error}");
    ExitCode::from(EXIT_NOT_ALL_UNIQUE)
}
