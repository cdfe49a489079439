//! `sgrade grade` (the streaming batch grader) and `sgrade solve` (the oracle alone, same I/O).

use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Instant, SystemTime};

use clap::Args;

use sudoku_grader::batch::{
    grade_stream, grade_stream_live, BatchOptions, OutputFormat, RowOptions, Sink, Stop,
    DEFAULT_CHUNK,
};
use sudoku_grader::grading::evaluate::Status;
use sudoku_grader::grading::sink::{Found, StopAtWrongStep};
use sudoku_grader::input::encoding::utf8_input;
use sudoku_grader::input::reader::decompressed;
use sudoku_grader::scales::RatingRule;
use sudoku_grader::timing::TimingsPool;

use super::output::{self, check_inputs, note, refuse_overwrite, Notes, Output};
use super::plan::Plan;
use super::progress::Progress;
use super::{ladder_for, ScaleArg, TechniqueArgs, EXIT_NOT_ALL_UNIQUE, EXIT_VERIFY_FAILED};

/// Input, output and run options shared by `grade` and `solve`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Puzzle files (81-char or 729-char lines, or CSV with a `puzzle` column); `-` or none: stdin.
    inputs: Vec<PathBuf>,
    /// Write the CSV here instead of stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long)]
    threads: Option<usize>,
    /// Show progress even when stderr is not a terminal (then as a line per second).
    #[arg(long, overrides_with = "no_progress")]
    progress: bool,
    /// Never show a progress bar (the last of --progress / --no-progress wins).
    #[arg(long, overrides_with = "progress")]
    no_progress: bool,
    /// Row format: CSV, JSON lines (the CSV's fields, counts as an object), or GNPX's
    /// rated-file line `<puzzle> <difficulty> "<method>"` (GNPX scales).
    #[arg(long, value_enum, default_value_t = OutputFormatArg::Csv)]
    output_format: OutputFormatArg,
    /// Do not write the CSV header line.
    #[arg(long)]
    no_header: bool,
    /// Leave out the `time_us` column, so that two runs give the same bytes.
    #[arg(long)]
    no_timing: bool,
    /// Puzzle lines in flight at most (read, not yet written): bounds memory.
    #[arg(long, default_value_t = DEFAULT_CHUNK as u64, value_parser = clap::value_parser!(u64).range(1..))]
    chunk_size: u64,
    /// Do not print the summary on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Time every technique call, oracle run and puzzle; write the histograms to FILE (an
    /// HdrHistogram interval log, values in ns) and print a timing table on stderr.
    #[arg(long, value_name = "FILE")]
    timings: Option<PathBuf>,
    /// With --timings, time one puzzle in N (chosen by line number) instead of every puzzle:
    /// timing every call costs ~10 ns a call; sampling divides that cost by N.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "timings",
          value_parser = clap::value_parser!(u64).range(1..))]
    timing_sample: u64,
}

/// The scale and row format shared by `grade` and `find`.
#[derive(Args, Debug)]
pub struct ScaleArgs {
    /// Rating scale: technique order, difficulties and rating rule.
    #[arg(long, value_enum, default_value_t = ScaleArg::Gnpx)]
    scale: ScaleArg,
}

/// `--output-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormatArg {
    /// CSV with a header.
    Csv,
    /// One JSON object per line.
    Jsonl,
    /// GNPX's own file line, with GNPX's method names.
    Gnpx,
}

impl ScaleArgs {
    /// The plan of a `grade` or `find` run: the ladder (after `--techniques`), the row format
    /// (GNPX lines need a GNPX scale), `verify`, and for `find` its needs (names, hardest only).
    fn plan(
        &self,
        batch: &BatchArgs,
        techniques: &TechniqueArgs,
        verify: bool,
        needs: Option<(&str, bool)>,
    ) -> Result<Plan, String> {
        let ladder = ladder_for(self.scale, techniques)?;
        let format = match batch.output_format {
            OutputFormatArg::Csv => OutputFormat::Csv,
            OutputFormatArg::Jsonl => OutputFormat::Jsonl,
            OutputFormatArg::Gnpx if ladder.rule() == RatingRule::MaxDifficulty => OutputFormat::Gnpx,
            OutputFormatArg::Gnpx => {
                return Err("--output-format gnpx writes GNPX difficulties: use it with --scale gnpx or gnpx584".into())
            }
        };
        Ok(Plan::new(Some(ladder), format, verify, needs)?.with_rows(batch.row_options()))
    }
}

impl BatchArgs {
    /// `--no-header` and `--no-timing`.
    fn row_options(&self) -> RowOptions {
        RowOptions {
            header: !self.no_header,
            timing: !self.no_timing,
        }
    }
}

/// Arguments of `sgrade grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// Check every step against the oracle's solution; stop with exit code 3 on the first disagreement.
    #[arg(long)]
    verify: bool,
    /// Grade each puzzle once up to symmetry: a later isomorph (same minlex form) gets
    /// `status=duplicate` and the line of the first, and is not graded.
    #[arg(long)]
    dedup: bool,
}

/// Arguments of `sgrade find`.
#[derive(Args, Debug)]
pub struct FindArgs {
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    scale: ScaleArgs,
    /// Technique ids or families the puzzles must have needed (comma-separated, any of them).
    #[arg(long, required = true)]
    needs: String,
    /// Only puzzles whose hardest step was one of those techniques.
    #[arg(long)]
    needs_only: bool,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// Check every step against the oracle's solution, as `grade --verify`.
    #[arg(long)]
    verify: bool,
    /// Grade each puzzle once up to symmetry, as `grade --dedup`.
    #[arg(long)]
    dedup: bool,
}

/// Arguments of `sgrade solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    batch: BatchArgs,
}

/// Opens an input; also says whether it is a regular file (whose reads never stall) rather than
/// stdin, a pipe or a device, which is read on a thread of its own.
fn open_input(path: &PathBuf) -> Result<(Box<dyn Read + Send>, bool), String> {
    if path.as_os_str() == "-" {
        Ok((Box::new(io::stdin()), false))
    } else {
        let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        Ok((Box::new(file), regular))
    }
}

/// Runs `sgrade grade`.
pub fn run_grade(args: GradeArgs) -> Result<ExitCode, String> {
    let plan = args
        .scale
        .plan(&args.batch, &args.techniques, args.verify, None)?
        .with_dedup(args.dedup);
    run_batch(&args.batch, &plan)
}

/// Runs `sgrade find`: grades like `grade` and writes only the rows of puzzles that needed the
/// named techniques. Rows that could not be graded are reported on stderr, not dropped silently.
pub fn run_find(args: FindArgs) -> Result<ExitCode, String> {
    let needs = Some((args.needs.as_str(), args.needs_only));
    let plan = args
        .scale
        .plan(&args.batch, &args.techniques, args.verify, needs)?
        .with_dedup(args.dedup);
    run_batch(&args.batch, &plan)
}

/// Runs `sgrade solve`.
pub fn run_solve(args: SolveArgs) -> Result<ExitCode, String> {
    let format = match args.batch.output_format {
        OutputFormatArg::Csv => OutputFormat::Csv,
        OutputFormatArg::Jsonl => OutputFormat::Jsonl,
        OutputFormatArg::Gnpx => {
            return Err(
                "--output-format gnpx writes GNPX difficulties: solve has none (csv or jsonl)"
                    .into(),
            )
        }
    };
    let plan = Plan::solve(format).with_rows(args.batch.row_options());
    run_batch(&args.batch, &plan)
}

/// The inputs of a run, opened.
struct Inputs {
    /// Each input's name, reader, and whether it is a regular file.
    sources: Vec<(String, Box<dyn Read + Send>, bool)>,
}

impl Inputs {
    /// Streams every input into `sink`, in order; stops at the first `Break` with its reason.
    fn stream<S: Sink>(
        self,
        options: &BatchOptions<'_>,
        sink: &mut S,
    ) -> Result<Option<Stop>, String> {
        for (source, reader, regular) in self.sources {
            let input = decompressed(reader)
                .and_then(utf8_input)
                .map_err(|e| format!("{source}: {e}"))?;
            // A pipe that stalls must not hold back the rows already graded.
            let flow = if regular {
                grade_stream(input, &source, options, sink)
            } else {
                grade_stream_live(input, &source, options, sink)
            }
            .map_err(|e| format!("{source}: {e}"))?;
            if let ControlFlow::Break(stop) = flow {
                return Ok(Some(stop));
            }
        }
        Ok(None)
    }
}

fn run_batch(args: &BatchArgs, plan: &Plan) -> Result<ExitCode, String> {
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build_global()
            .map_err(|e| format!("cannot start {threads} worker threads: {e}"))?;
    }
    let paths: Vec<PathBuf> = if args.inputs.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.inputs.clone()
    };
    // Check everything up front, before any output: a missing, unreadable or directory input
    // and an output that is one of the inputs are usage errors, and the input stays intact.
    check_inputs(&paths)?;
    refuse_overwrite(
        &paths,
        [
            ("-o", args.output.as_ref()),
            ("--timings", args.timings.as_ref()),
        ],
    )?;
    let mut inputs = Inputs {
        sources: Vec::with_capacity(paths.len()),
    };
    for path in &paths {
        let (reader, regular) = open_input(path)?;
        inputs
            .sources
            .push((path.display().to_string(), reader, regular));
    }
    let output = Output::create(args.output.as_deref())?;
    let mut rows = plan
        .rows(io::BufWriter::with_capacity(1 << 16, output))
        .map_err(|e| e.to_string())?;
    let mut timings_file = match &args.timings {
        Some(path) => Some(io::BufWriter::new(Output::create_named(
            Some(path),
            "--timings",
        )?)),
        None => None,
    };
    let timings_pool = args
        .timings
        .as_ref()
        .map(|_| plan.timings(args.timing_sample));
    let mut progress = Progress::new(args.progress, args.no_progress, &paths);
    let options = plan.options(args.chunk_size as usize, timings_pool.as_ref());
    let started_at = SystemTime::now();
    let mut summary = plan.summary();
    let started = Instant::now();
    // Each row goes to the summary, the rows (through the `find` filter), progress, and last
    // the verification stop, so that every other sink has taken the failing row.
    let (stop, found) = match plan.needs() {
        None => {
            let mut sinks = (&mut summary, &mut rows, &mut progress, StopAtWrongStep);
            (inputs.stream(&options, &mut sinks)?, None)
        }
        Some(needs) => {
            let mut found = Found::new(needs, &mut rows, Notes);
            let mut sinks = (&mut summary, &mut found, &mut progress, StopAtWrongStep);
            let stop = inputs.stream(&options, &mut sinks)?;
            (stop, Some(found.count()))
        }
    };
    rows.flush()
        .map_err(|e| format!("cannot write output: {e}"))?;
    if let Some(progress) = progress {
        progress.finish();
    }
    let elapsed = started.elapsed();
    let timings = timings_pool.map(TimingsPool::into_merged);
    if let (Some(timings), Some(file), Some(path)) = (&timings, &mut timings_file, &args.timings) {
        timings
            .write_log(file, started_at, elapsed)
            .and_then(|()| file.flush().map_err(Into::into))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(stop) = stop {
        note!("sgrade: {stop}");
        return Ok(ExitCode::from(match stop {
            Stop::WrongStep { .. } => EXIT_VERIFY_FAILED,
        }));
    }
    if !args.quiet {
        output::write_note(format_args!("{}", summary.render(Some(elapsed))));
        if let Some(timings) = &timings {
            output::write_note(format_args!("{}", timings.render_table()));
        }
        if let (Some(needs), Some(found)) = (plan.needs(), found) {
            note!(
                "sgrade: found {found} of {} graded puzzles ({needs})",
                summary.solved + summary.stuck
            );
        }
    }
    // Duplicates (`--dedup`) are the same puzzle as an earlier row: not a failure.
    let unique = summary.count(Status::Unique) + summary.count(Status::Duplicate);
    Ok(if unique == summary.rows() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_NOT_ALL_UNIQUE)
    })
}
