//! `sgrade explain`: one puzzle's solution path, step by step.

use std::process::ExitCode;

use clap::Args;

use sudoku_grader::explain::{describe, details, step_json};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle::{self, SolutionCount};
use sudoku_grader::scales::RatingRule;
use sudoku_grader::techniques::step::Step;

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

/// Runs `sgrade explain`.
pub fn run(args: ExplainArgs) -> Result<ExitCode, String> {
    let ladder = ladder_for(args.scale, &args.techniques)?;
    let text = args.puzzle.trim();
    let puzzle = match parse_puzzle(text, 1) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("sgrade: invalid puzzle: {error}");
            return Ok(ExitCode::from(EXIT_NOT_ALL_UNIQUE));
        }
    };
    let verdict = oracle::solve(&puzzle.grid);
    let solution = match verdict.count {
        SolutionCount::Unique => verdict.solution,
        SolutionCount::None => {
            eprintln!("sgrade: puzzle has no solution");
            return Ok(ExitCode::from(EXIT_NOT_ALL_UNIQUE));
        }
        SolutionCount::Multiple => {
            eprintln!(
                "sgrade: puzzle has more than one solution; steps are shown without verification"
            );
            None
        }
    };
    if args.all {
        let mut number = 0;
        for rung in ladder.rungs() {
            for step in rung.technique.find_all(&puzzle.grid) {
                number += 1;
                emit(args.format, &step, number);
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut grid = puzzle.grid.clone();
    let mut number = 0;
    let result = grade(&mut grid, &ladder, solution.as_ref(), &mut |step, _| {
        number += 1;
        emit(args.format, step, number);
    });
    let outcome = match result {
        Ok(outcome) => outcome,
        Err(failure) => {
            eprintln!(
                "sgrade: step {} ({}) disagrees with the solution at cell {}, digit {}",
                failure.step_number,
                failure.technique.id(),
                sudoku_grader::core::notation::cell_name(failure.wrong.cell),
                failure.wrong.digit + 1
            );
            return Ok(ExitCode::from(EXIT_VERIFY_FAILED));
        }
    };
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
