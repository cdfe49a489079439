//! Command-line definitions and dispatch.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use sudoku_grader::ladder::Ladder;
use sudoku_grader::techniques::fish::FishTechnique;

mod explain;
mod grade;

/// Exit code: some rows were invalid or not unique.
pub const EXIT_NOT_ALL_UNIQUE: u8 = 1;
/// Exit code: usage or I/O error.
pub const EXIT_USAGE_OR_IO: u8 = 2;
/// Exit code: a step disagreed with the solution under `--verify`.
pub const EXIT_VERIFY_FAILED: u8 = 3;

/// Grades Sudoku puzzles the way a human solver would, at batch scale.
#[derive(Parser, Debug)]
#[command(name = "sgrade", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Grade every puzzle of one or more files (or stdin) into CSV, one row per puzzle line.
    Grade(grade::GradeArgs),
    /// Show the solution path of one puzzle, step by step.
    Explain(explain::ExplainArgs),
}

/// Output format of `explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line of text per step.
    Text,
    /// One JSON object per line.
    Json,
}

/// Options that choose the ladder (shared by `grade` and `explain`).
#[derive(Args, Debug)]
pub struct LadderArgs {
    /// Restrict the ladder to these technique ids, families or groups (comma-separated); an id
    /// that is off by default (e.g. `squirmbag`) puts it back.
    #[arg(long)]
    techniques: Option<String>,
    /// Leave out fish larger than this (2 = X-Wing … 7 = Leviathan).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=7))]
    fish_max_size: Option<u8>,
}

/// The ladder after `--techniques` and `--fish-max-size`.
fn ladder_for(args: &LadderArgs) -> Result<Ladder, String> {
    let ladder = match &args.techniques {
        None => Ladder::gnpx_v4(),
        Some(list) => {
            let names: Vec<&str> = list.split(',').collect();
            Ladder::gnpx_v4_all()
                .restricted_to(&names)
                .map_err(|e| e.to_string())?
        }
    };
    Ok(match args.fish_max_size {
        None => ladder,
        Some(max) => ladder.filtered(|rung| {
            FishTechnique::of(rung.technique).is_none_or(|fish| fish.size <= max as usize)
        }),
    })
}

/// Runs the parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Grade(args) => grade::run(args),
        Command::Explain(args) => explain::run(args),
    }
}
