//! Command-line definitions and dispatch.

use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use sudoku_grader::scales::ladder::{Ladder, DEFAULT_CHAIN_WORK_LIMIT};
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::fish::FishTechnique;

mod bench;
mod canon;
mod compare;
mod explain;
mod grade;
mod interrupt;
pub mod output;
mod plan;
mod progress;
mod report;
mod resume;
mod stats;
mod techniques;

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
    /// Grade, and keep only the puzzles whose solving path needed a technique (or family).
    Find(grade::FindArgs),
    /// Count solutions and solve every puzzle with the brute-force oracle alone (the speed baseline).
    Solve(grade::SolveArgs),
    /// Show the solution path of one puzzle, step by step.
    Explain(explain::ExplainArgs),
    /// Benchmark grading against the oracle alone: warm-up, repetitions, validation, per technique.
    Bench(bench::BenchArgs),
    /// Merged summary of result CSV shards (and of --timings files).
    Stats(stats::StatsArgs),
    /// The minlex canonical form of every puzzle (its class under the Sudoku symmetries), its
    /// automorphism count, and duplicates under symmetry with --dedup.
    Canon(canon::CanonArgs),
    /// How two ratings of one corpus agree: exact matches, confusion table, rank correlation.
    Compare(compare::CompareArgs),
    /// Random isomorphs of every puzzle (symmetries and relabelling), for invariance checks.
    Shuffle(canon::ShuffleArgs),
    /// Write a self-contained HTML report (SVG charts) of result CSVs and timing files.
    Report(report::ReportArgs),
    /// The technique table of a scale: id, title, family, difficulty, on by default or not.
    Techniques(techniques::TechniquesArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) on stdout.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) on stdout: `sgrade man > sgrade.1`, `sgrade man grade >
    /// sgrade-grade.1`; or write every page into a folder (`--dir`).
    Man {
        /// A subcommand's page (`sgrade-grade`) instead of the top-level one.
        subcommand: Option<String>,
        /// Write every page (`sgrade.1` and one per subcommand) into this folder instead.
        #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
        dir: Option<std::path::PathBuf>,
    },
}

/// Output format of `explain` and `bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text to read (explain: a line per step; bench: its report).
    Text,
    /// JSON (explain: an object per line; bench: one object); `jsonl` is the same.
    #[value(alias = "jsonl")]
    Json,
}

/// The rating scale, `--scale NAME`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    /// GNPX v4: difficulty 1–13 = the hardest method used (default).
    Gnpx,
    /// GNPX v5.84's difficulties (methods of difficulty ≤ 8 on, as GNPX ships).
    Gnpx584,
    /// HoDoKu 2.2: level (Easy … Extreme) and score, uniqueness methods and brute force included.
    Hodoku,
    /// Sudoku Explainer 1.2.1 (serate 1.2.1.3): ER/EP/ED, every producer up to the nested
    /// chains, so every unique puzzle is rated.
    Se,
}

impl From<ScaleArg> for Scale {
    fn from(arg: ScaleArg) -> Scale {
        match arg {
            ScaleArg::Gnpx => Scale::Gnpx,
            ScaleArg::Gnpx584 => Scale::Gnpx584,
            ScaleArg::Hodoku => Scale::Hodoku,
            ScaleArg::Se => Scale::Se,
        }
    }
}

/// The most worker threads `-j` takes: far past any machine's cores (each thread keeps its
/// own search buffers, so a mistyped count could take the memory of thousands).
const MAX_THREADS: usize = 1024;

/// `-j N`: a thread count from 1 to [`MAX_THREADS`].
fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=MAX_THREADS) => Ok(n),
        Ok(_) => Err(format!("give 1 to {MAX_THREADS} threads")),
        Err(e) => Err(e.to_string()),
    }
}

/// `--techniques` and `--fish-max-size`: which rungs of the scale's ladder to use (shared by
/// `grade`, `find` and `explain`).
#[derive(Args, Debug)]
pub struct TechniqueArgs {
    /// Restrict the ladder to these technique ids, families or groups (comma-separated); `all`
    /// is every rung of the scale, and an id that is off by default (e.g. `squirmbag`) puts it
    /// back at its place.
    #[arg(long)]
    techniques: Option<String>,
    /// Leave out fish larger than this (2 = X-Wing … 7 = Leviathan).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=7))]
    fish_max_size: Option<u8>,
    /// Give up a puzzle once Sudoku Explainer's chain engine (the `se` scale's chains, nested
    /// levels included) has done N units of work on it (a propagation, a fixpoint's level-1
    /// search, a unit per candidate of a producer-21 search): the row is `unique`, unsolved,
    /// with a message saying so. Real puzzles take far less (docs/scales.md); 0: no limit.
    /// [default: 1000000000; `explain` of a puzzle with several solutions: 10000000]
    #[arg(long, value_name = "N")]
    chain_work_limit: Option<u64>,
}

impl TechniqueArgs {
    /// These options as text, for the run record (`--resume`).
    fn identity(&self) -> String {
        format!(
            "--techniques {:?} --fish-max-size {:?} --chain-work-limit {}",
            self.techniques,
            self.fish_max_size,
            self.chain_work_limit()
        )
    }

    /// Whether `--chain-work-limit` was given.
    fn chain_work_limit_given(&self) -> bool {
        self.chain_work_limit.is_some()
    }

    /// `--chain-work-limit`, or its default.
    fn chain_work_limit(&self) -> u64 {
        self.chain_work_limit.unwrap_or(DEFAULT_CHAIN_WORK_LIMIT)
    }
}

/// The scale's ladder after `--techniques` and `--fish-max-size`.
fn ladder_for(scale: ScaleArg, args: &TechniqueArgs) -> Result<Ladder, String> {
    let scale = Scale::from(scale);
    let ladder = match &args.techniques {
        None => scale.ladder(),
        Some(list) => {
            let names: Vec<&str> = list
                .split(',')
                .filter(|name| !name.trim().is_empty())
                .collect();
            if names.is_empty() {
                return Err("--techniques: name at least one technique, family or group".into());
            }
            scale
                .full_ladder()
                .restricted_to(&names)
                .map_err(|e| techniques::name_error(&e))?
        }
    };
    let ladder = match args.fish_max_size {
        None => ladder,
        Some(max) => ladder.filtered(|rung| {
            FishTechnique::of(rung.technique).is_none_or(|fish| fish.size <= max as usize)
        }),
    };
    if ladder.rungs().is_empty() {
        // A family or group of techniques all off by default (`fish-kraken`), or a
        // --fish-max-size below every fish named: an empty ladder grades nothing.
        return Err(format!(
            "--techniques {}{}: no technique of the {} ladder is left; a technique off by \
             default is put back by its id (`sgrade techniques --scale {}` lists them)",
            args.techniques.as_deref().unwrap_or(""),
            args.fish_max_size
                .map_or(String::new(), |max| format!(" --fish-max-size {max}")),
            scale.name(),
            scale.name()
        ));
    }
    let limit = Some(args.chain_work_limit()).filter(|&limit| limit > 0);
    Ok(ladder.with_chain_work_limit(limit))
}

/// Writes what `write` generates to stdout (a closed pipe ends quietly, see [`output`]).
fn generated(
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<ExitCode, String> {
    let mut out = std::io::BufWriter::new(output::Output::stdout());
    write(&mut out)
        .and_then(|()| std::io::Write::flush(&mut out))
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// Runs the parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Grade(args) => grade::run_grade(args),
        Command::Solve(args) => grade::run_solve(args),
        Command::Find(args) => grade::run_find(args),
        Command::Explain(args) => explain::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Report(args) => report::run(args),
        Command::Canon(args) => canon::run(args),
        Command::Shuffle(args) => canon::run_shuffle(args),
        Command::Compare(args) => compare::run(args),
        Command::Techniques(args) => techniques::run(args),
        Command::Completions { shell } => generated(|out| {
            // Both are generated from the clap definitions, so they never fall behind.
            clap_complete::generate(shell, &mut Cli::command(), "sgrade", out);
            Ok(())
        }),
        Command::Man { subcommand, dir } => man(subcommand.as_deref(), dir.as_deref()),
    }
}

/// `sgrade man`: the top-level page or `subcommand`'s on stdout, or every page into `dir`.
fn man(subcommand: Option<&str>, dir: Option<&std::path::Path>) -> Result<ExitCode, String> {
    // Built, so that a subcommand's page is named `sgrade-grade` and its usage says so.
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    if let Some(dir) = dir {
        // The folder is made if need be (`~/.local/share/man/man1` often is not there yet);
        // each page is named in an error.
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
        let pages = std::iter::once(cli.clone()).chain(
            cli.get_subcommands()
                .filter(|page| !page.is_hide_set())
                .cloned(),
        );
        for page in pages {
            let man = man_page(page);
            let path = dir.join(man.get_filename());
            man.generate_to(dir)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let page = match subcommand {
        None => cli,
        Some(name) => cli.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
            format!("no subcommand '{name}'; pages: {}", names.join(", "))
        })?,
    };
    generated(|out| man_page(page).render(out))
}

/// The man page of `command` (the top level or a subcommand), its footer naming sgrade and its
/// version on every page (a subcommand's own name and no version otherwise).
fn man_page(command: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(command).source(concat!("sgrade ", env!("CARGO_PKG_VERSION")))
}
