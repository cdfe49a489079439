//! `sgrade explain`: one puzzle's solution path, step by step.

use std::process::ExitCode;

use std::io::{self, Write};

use clap::Args;

use sudoku_grader::core::notation::cell_name;
use sudoku_grader::core::Grid;
use sudoku_grader::explain::{describe, details, step_json};
use sudoku_grader::grading::evaluate::{Evaluator, Observer, Verdict};
use sudoku_grader::input::reader::Record;
use sudoku_grader::oracle::SolutionCount;
use sudoku_grader::scales::RatingRule;
use sudoku_grader::techniques::se::{format_difficulty, se_name};
use sudoku_grader::techniques::step::Step;
use sudoku_grader::timing::NoTiming;

use super::output::{note, Output};
use super::{ladder_for, Format, ScaleArg, TechniqueArgs, EXIT_NOT_ALL_UNIQUE, EXIT_VERIFY_FAILED};

/// Arguments of `sgrade explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The puzzle: 81 characters (givens) or 729 (pencil marks).
    // `-` marks an empty cell, so a puzzle may start with one: not an option.
    #[arg(allow_hyphen_values = true)]
    puzzle: String,
    /// Rating scale: its technique order and rating rule.
    #[arg(long, value_enum, default_value_t = ScaleArg::Gnpx)]
    scale: ScaleArg,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// Output format.
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List every step each enabled technique finds in the starting state instead of solving.
    #[arg(long)]
    all: bool,
}

/// A step's SE difficulty (as serate prints it) and SE name, for `--scale se`.
fn se_label(step: &Step) -> Option<(String, &'static str)> {
    let difficulty = step.difficulty?;
    Some((format_difficulty(difficulty.0), se_name(step)))
}

fn emit(
    out: &mut impl Write,
    format: Format,
    step: &Step,
    number: usize,
    se: bool,
) -> io::Result<()> {
    let se = se.then(|| se_label(step)).flatten();
    match format {
        Format::Text => {
            match &se {
                Some((difficulty, name)) => {
                    writeln!(out, "{number:>3}. [{difficulty} {name}] {}", describe(step))?
                }
                None => writeln!(out, "{number:>3}. {}", describe(step))?,
            }
            for line in details(step) {
                writeln!(out, "     {line}")?;
            }
            Ok(())
        }
        Format::Json => {
            let mut json = step_json(step, number);
            if let (Some((difficulty, name)), Some(map)) = (se, json.as_object_mut()) {
                map.insert(
                    "se_difficulty".into(),
                    difficulty.parse::<f64>().ok().into(),
                );
                map.insert("se_name".into(), name.into());
            }
            writeln!(out, "{json}")
        }
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
    /// Where the steps go.
    out: Output,
    /// The first write error (the observer cannot return one).
    failed: Option<io::Error>,
    /// Whether steps show their SE difficulty and name (`--scale se`).
    se: bool,
}

impl Observer for PathPrinter {
    fn counted(&mut self, count: SolutionCount, grid: &Grid) {
        if count == SolutionCount::Multiple {
            note!(
                "sgrade: puzzle has more than one solution; steps are shown without verification"
            );
        }
        if self.keep_start {
            self.start = Some(grid.clone());
        }
    }

    fn step(&mut self, step: &Step, _grid: &Grid) {
        self.number += 1;
        if self.failed.is_none() {
            self.failed = emit(&mut self.out, self.format, step, self.number, self.se).err();
        }
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
        out: Output::stdout(),
        failed: None,
        se: ladder.rule() == RatingRule::SeErEpEd,
    };
    let se = ladder.rule() == RatingRule::SeErEpEd;
    let evaluation = evaluator.evaluate_with(record, &mut NoTiming, &mut printer);
    if let Some(error) = printer.failed.take() {
        return Err(error.to_string());
    }
    let out = &mut printer.out;
    let outcome = match &evaluation.verdict {
        Verdict::Unreadable(error) => return Ok(invalid(error)),
        Verdict::Invalid(error) => return Ok(invalid(error)),
        // One puzzle is explained: there is nothing earlier to repeat.
        Verdict::Duplicate { .. } => unreachable!("explain does not deduplicate"),
        Verdict::NoSolution => {
            note!("sgrade: puzzle has no solution");
            return Ok(ExitCode::from(EXIT_NOT_ALL_UNIQUE));
        }
        Verdict::WrongStep { failure, .. } => {
            note!(
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
                    emit(out, args.format, &step, number, se).map_err(|e| e.to_string())?;
                }
            }
            out.flush().map_err(|e| e.to_string())?;
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
        RatingRule::SeErEpEd => {
            let se = outcome.se.unwrap_or_default();
            let [er, ep, ed] = se.printed();
            let name = |n: &str| {
                if n.is_empty() {
                    "-".to_string()
                } else {
                    n.to_string()
                }
            };
            format!(
                "ER/EP/ED {er}/{ep}/{ed} ({} / {} / {})",
                name(se.er_technique),
                name(se.ep_technique),
                name(se.ed_technique)
            )
        }
    };
    let written = match args.format {
        Format::Text => {
            if outcome.solved {
                writeln!(
                    out,
                    "solved in {} steps; rating {rating} (hardest: {hardest})",
                    outcome.steps
                )
            } else {
                writeln!(
                    out,
                    "stuck after {} steps; rating so far {rating} (hardest: {hardest}); state: {}",
                    outcome.steps,
                    grid.candidates_string()
                )
            }
        }
        Format::Json => writeln!(
            out,
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
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// The text was not a puzzle: exit 1 with the reason.
fn invalid(error: &dyn std::fmt::Display) -> ExitCode {
    note!("sgrade: invalid puzzle: {error}");
    ExitCode::from(EXIT_NOT_ALL_UNIQUE)
}
