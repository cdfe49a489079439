//! `sgrade grade` (the streaming batch grader) and `sgrade solve` (the oracle alone, same I/O).

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Instant, SystemTime};

use clap::Args;

use sudoku_grader::batch::{
    grade_records, grade_records_live, BatchOptions, OutputFormat, RowOptions, Sink, Stop,
    DEFAULT_CHUNK,
};
use sudoku_grader::grading::evaluate::Status;
use sudoku_grader::grading::sink::{Found, StopAtWrongStep};
use sudoku_grader::input::encoding::utf8_input;
use sudoku_grader::input::reader::{decompressed, InputFormat, ReadOptions, RecordReader};
use sudoku_grader::scales::RatingRule;
use sudoku_grader::timing::TimingsPool;

use super::interrupt::Interrupt;
use super::output::{
    self, check_inputs, note, refuse_overwrite, refuse_shared_outputs, Notes, Output,
};
use super::plan::Plan;
use super::progress::Progress;
use super::resume::{self, sidecar, RowMisfit, RunRecord, Written};
use super::{ladder_for, ScaleArg, TechniqueArgs, EXIT_NOT_ALL_UNIQUE, EXIT_VERIFY_FAILED};

/// Input, output and run options shared by `grade` and `solve`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Puzzle files (81-char or 729-char lines, or CSV with a `puzzle` column); `-` or none: stdin.
    inputs: Vec<PathBuf>,
    /// Write the CSV here instead of stdout (`-`: stdout, as with no -o).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Continue an interrupted run into its -o file: keep its complete rows, grade only the
    /// puzzles after the last of them, and append. The inputs and options must be the ones
    /// of that run (checked against FILE.sgrade-run, which a run keeps beside its -o file
    /// until it finishes). Without an -o file yet, a plain run.
    #[arg(long, requires = "output")]
    resume: bool,
    /// Worker threads (default: the CPUs this process may use: its affinity mask and its
    /// cgroup CPU quota, as `std::thread::available_parallelism` counts them).
    #[arg(short = 'j', long, value_parser = super::thread_count)]
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
    /// Write these columns, in this order (comma-separated), instead of the default ones: a
    /// fixed schema whatever the scale and ladder. Any default column, `scale`, `counts`
    /// (every technique used, `id=n;…`), `rating` on every scale (HoDoKu: the level's number),
    /// `count_*` (every `count_<id>` of the ladder) or one `count_<id>` (not on `solve`: it
    /// has no technique counts). Each column once (`count_*` already names every
    /// `count_<id>`); `time_us` not with --no-timing.
    #[arg(long, value_name = "LIST")]
    columns: Option<String>,
    /// Do not write the CSV header line.
    #[arg(long)]
    no_header: bool,
    /// Leave out the `time_us` column, so that two runs give the same bytes (a --columns list
    /// naming `time_us` is refused with it).
    #[arg(long)]
    no_timing: bool,
    /// Name the rows' `source` NAME instead of the input's path, so that a shard read from
    /// stdin keeps its file's name (one input only).
    #[arg(long, value_name = "NAME")]
    source: Option<String>,
    /// The input is its file after line N (a shard): rows and messages name the file's line
    /// numbers (one input only).
    // At most i64::MAX, so that no line number past it can wrap.
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(..=i64::MAX as u64))]
    line_offset: u64,
    /// Read the input as puzzle lines, as a CSV table, or tell by its first line (auto: CSV
    /// when it is a header naming the puzzle column).
    #[arg(long, value_enum, default_value_t = InputFormatArg::Auto)]
    input_format: InputFormatArg,
    /// The CSV header of an input that has none (a split of a CSV file after its header):
    /// every line is a row, and a line equal to the header is skipped. Implies CSV.
    #[arg(long, value_name = "HEADER")]
    csv_header: Option<String>,
    /// The input CSV column that holds the puzzle (default `puzzle`). Implies CSV.
    #[arg(long, value_name = "NAME")]
    column: Option<String>,
    /// Write the input CSV's columns (other than the puzzle's) under their own names where
    /// `extra` stands (a name sgrade writes itself gets `input_` before it). Every input must
    /// be a CSV with the same header (stdin: give it with --csv-header).
    #[arg(long)]
    pass_through: bool,
    /// Exit 0 even when some rows are invalid, have no or several solutions: they are data
    /// (status and message), not a failed task. Exit codes then mean a usage or I/O error
    /// (2) or a --verify failure (3) only.
    #[arg(long)]
    exit_zero: bool,
    /// Puzzle lines in flight at most (read, not yet written): bounds memory.
    #[arg(long, default_value_t = DEFAULT_CHUNK as u64, value_parser = clap::value_parser!(u64).range(1..))]
    chunk_size: u64,
    /// Do not print the end-of-run summary on stderr (the last of -q / --summary wins).
    #[arg(long, short, overrides_with = "summary")]
    quiet: bool,
    /// Print the end-of-run summary (and the --timings table) on stderr even when stderr is
    /// not a terminal. By default a pipe or a file (a shard's log, a Spark task's stderr) gets
    /// neither progress nor summary, only what fails the run.
    #[arg(long, overrides_with = "quiet")]
    summary: bool,
    /// Time every technique call, oracle run and puzzle; write the histograms to FILE (an
    /// HdrHistogram interval log, values in ns) and print a timing table after the summary. `{pid}`
    /// and `{host}` in FILE become the process id and host name, so that shards never write
    /// one file; `-` writes the log on stderr after everything else (a trailer, from its
    /// `#sgrade timings` line on).
    #[arg(long, value_name = "FILE")]
    timings: Option<PathBuf>,
    /// With --timings, time one puzzle in N (chosen by line number) instead of every puzzle:
    /// timing every call costs ~10 ns a call; sampling divides that cost by N.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "timings",
          value_parser = clap::value_parser!(u64).range(1..))]
    timing_sample: u64,
}

/// `--input-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormatArg {
    /// CSV when the first line is a header naming the puzzle column, else puzzle lines.
    Auto,
    /// Puzzle lines (anything after the puzzle is its extra text).
    Lines,
    /// A CSV table with a header line (or --csv-header).
    Csv,
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
    /// A Parquet file with typed columns (builds with the `parquet` feature).
    Parquet,
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
            OutputFormatArg::Parquet => OutputFormat::Parquet,
            OutputFormatArg::Gnpx if ladder.rule() == RatingRule::MaxDifficulty => OutputFormat::Gnpx,
            OutputFormatArg::Gnpx => {
                return Err("--output-format gnpx writes GNPX difficulties: use it with --scale gnpx or gnpx584".into())
            }
        };
        if batch.columns.is_some() && format == OutputFormat::Gnpx {
            return Err("--columns: GNPX lines have fixed fields (use csv or jsonl)".into());
        }
        Plan::new(Some(ladder), format, verify, needs)?
            .with_rows(batch.row_options())
            .with_columns(batch.columns.as_deref(), Some(self.scale.into()))
    }
}

impl BatchArgs {
    /// The -o file, or `None` for stdout (no -o, or `-o -`: `-` means stdout here as it
    /// means stdin for an input).
    fn output_file(&self) -> Option<&Path> {
        self.output
            .as_deref()
            .filter(|path| path.as_os_str() != "-")
    }

    /// The options of this struct that change the rows, for the run record (`--resume`).
    fn row_identity(&self) -> Vec<String> {
        vec![
            format!("--output-format {:?}", self.output_format),
            format!("--no-header {}", self.no_header),
            format!("--no-timing {}", self.no_timing),
            format!("--source {:?}", self.source),
            format!("--line-offset {}", self.line_offset),
            format!("--input-format {:?}", self.input_format),
            format!("--csv-header {:?}", self.csv_header),
            format!("--column {:?}", self.column),
            format!("--columns {:?}", self.columns),
            format!("--pass-through {}", self.pass_through),
        ]
    }

    /// `--input-format`, `--csv-header`, `--column` and `--line-offset`.
    fn read_options(&self) -> ReadOptions {
        ReadOptions {
            format: match self.input_format {
                InputFormatArg::Auto => InputFormat::Auto,
                InputFormatArg::Lines => InputFormat::Lines,
                InputFormatArg::Csv => InputFormat::Csv,
            },
            csv_header: self.csv_header.clone(),
            column: self.column.clone(),
            line_offset: self.line_offset,
        }
    }

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
    /// Solve each puzzle once up to symmetry, as `grade --dedup`.
    #[arg(long)]
    dedup: bool,
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

/// Reads the first record of the file at `path` as the run will: an error there (a CSV header
/// without the puzzle column, bytes that are no text) would stop the run at its first line, so
/// it is found before any output is opened, and an earlier `-o` file is left as it was.
fn first_record_readable(path: &Path, read: &ReadOptions) -> Result<(), String> {
    opened_records(path, read)?
        .next_record()
        .map(drop)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The records of `input` (named `name` in errors) as a run reads them: decompressed, turned
/// into UTF-8, read with `read`.
fn records(
    input: impl Read + Send + 'static,
    name: &str,
    read: &ReadOptions,
) -> Result<RecordReader<Box<dyn io::BufRead + Send>>, String> {
    let input = decompressed(input)
        .and_then(utf8_input)
        .map_err(|e| format!("{name}: {e}"))?;
    RecordReader::with_options(input, read)
}

/// [`records`] of the file at `path`.
fn opened_records(
    path: &Path,
    read: &ReadOptions,
) -> Result<RecordReader<Box<dyn io::BufRead + Send>>, String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    records(file, &path.display().to_string(), read)
}

/// Runs `sgrade grade`.
pub fn run_grade(args: GradeArgs) -> Result<ExitCode, String> {
    let plan = args
        .scale
        .plan(&args.batch, &args.techniques, args.verify, None)?
        .with_dedup(args.dedup);
    let identity = vec![
        "grade".to_string(),
        format!("--scale {:?}", args.scale.scale),
        args.techniques.identity(),
        format!("--verify {}", args.verify),
        format!("--dedup {}", args.dedup),
    ];
    let plan = plan.with_input_columns(input_columns(&args.batch)?);
    run_batch(&args.batch, &plan, identity)
}

/// Runs `sgrade find`: grades like `grade` and writes only the rows of puzzles that needed the
/// named techniques. Rows that could not be graded are reported on stderr, not dropped silently.
pub fn run_find(args: FindArgs) -> Result<ExitCode, String> {
    if args.needs.split(',').all(|name| name.trim().is_empty()) {
        return Err("--needs: name at least one technique, family or group".into());
    }
    let needs = Some((args.needs.as_str(), args.needs_only));
    let plan = args
        .scale
        .plan(&args.batch, &args.techniques, args.verify, needs)?
        .with_dedup(args.dedup);
    let identity = vec![
        "find".to_string(),
        format!("--scale {:?}", args.scale.scale),
        format!("--needs {}", args.needs),
        format!("--needs-only {}", args.needs_only),
        args.techniques.identity(),
        format!("--verify {}", args.verify),
        format!("--dedup {}", args.dedup),
    ];
    let plan = plan.with_input_columns(input_columns(&args.batch)?);
    run_batch(&args.batch, &plan, identity)
}

/// Runs `sgrade solve`.
pub fn run_solve(args: SolveArgs) -> Result<ExitCode, String> {
    let format = match args.batch.output_format {
        OutputFormatArg::Csv => OutputFormat::Csv,
        OutputFormatArg::Jsonl => OutputFormat::Jsonl,
        OutputFormatArg::Parquet => OutputFormat::Parquet,
        OutputFormatArg::Gnpx => {
            return Err(
                "--output-format gnpx writes GNPX difficulties: solve has none (csv or jsonl)"
                    .into(),
            )
        }
    };
    let plan = Plan::solve(format)
        .with_rows(args.batch.row_options())
        .with_columns(args.batch.columns.as_deref(), None)?
        .with_dedup(args.dedup);
    let plan = plan.with_input_columns(input_columns(&args.batch)?);
    let identity = vec!["solve".to_string(), format!("--dedup {}", args.dedup)];
    run_batch(&args.batch, &plan, identity)
}

/// The inputs of a run, opened.
struct Inputs {
    /// Each input's name, reader, and whether it is a regular file.
    sources: Vec<(String, Box<dyn Read + Send>, bool)>,
    /// How each input is read.
    read: ReadOptions,
}

impl Inputs {
    /// Streams every input into `sink`, in order; stops at the first `Break` with its reason.
    /// `resume_after`: the input and line of the last row already written (`--resume`): the
    /// records up to it are not graded again.
    fn stream<S: Sink>(
        self,
        options: &BatchOptions<'_>,
        resume_after: Option<(usize, u64)>,
        sink: &mut S,
    ) -> Result<Option<Stop>, String> {
        for (index, (source, reader, regular)) in self.sources.into_iter().enumerate() {
            let skip_through = match resume_after {
                Some((input, _)) if index < input => u64::MAX,
                Some((input, line)) if index == input => line,
                _ => 0,
            };
            if skip_through == u64::MAX
                && options.dedup.is_none()
                && options.skipped_not_unique.is_none()
            {
                // Every row of this input is written already, and nothing needs its records.
                continue;
            }
            let options = BatchOptions {
                skip_through,
                ..*options
            };
            let reader = records(reader, &source, &self.read)?;
            // A pipe that stalls must not hold back the rows already graded.
            let flow = if regular {
                grade_records(reader, &source, &options, sink)
            } else {
                grade_records_live(reader, &source, &options, sink)
            }
            .map_err(|e| format!("{source}: {e}"))?;
            if let ControlFlow::Break(stop) = flow {
                return Ok(Some(stop));
            }
        }
        Ok(None)
    }
}

/// Runs a batch: `identity` names the subcommand and its options that shape the rows, for the
/// run record beside an `-o` file (`--resume`).
fn run_batch(args: &BatchArgs, plan: &Plan, identity: Vec<String>) -> Result<ExitCode, String> {
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
    if paths.len() > 1 && (args.source.is_some() || args.line_offset > 0) {
        return Err("--source and --line-offset name one input's rows: give one input".into());
    }
    let read = args.read_options();
    // A bad --csv-header or a contradiction is a usage error before any output.
    RecordReader::with_options(io::empty(), &read)?;
    // Regular files only: a pipe's first line, read now, would be gone for the run.
    let files = paths
        .iter()
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file()));
    for path in files {
        first_record_readable(path, &read)?;
    }
    let timings_path = args.timings.as_deref().map(timings_path);
    let timings_file_path = timings_path.as_ref().and_then(|p| match p {
        TimingsTo::File(path) => Some(path.clone()),
        TimingsTo::Stderr => None,
    });
    let outputs = [
        ("-o", args.output_file()),
        ("--timings", timings_file_path.as_deref()),
    ];
    refuse_overwrite(&paths, outputs)?;
    refuse_shared_outputs(outputs)?;
    if args.resume && matches!(plan.format(), OutputFormat::Gnpx | OutputFormat::Parquet) {
        return Err(
            "--resume needs rows that say their source and line: --output-format csv \
                    or jsonl"
                .into(),
        );
    }
    if args.resume && args.output_file().is_none() {
        return Err("--resume continues a run written to an -o file, not to stdout".into());
    }
    if args.resume && args.timings.is_some() {
        return Err(
            "--resume cannot be combined with --timings: the earlier run's histograms \
                    are not in its output"
                .into(),
        );
    }
    let names = plan.column_names()?;
    let row_fields = resume::RowFields::new(&names);
    if args.resume {
        if let Some(why) = row_fields.unresumable(paths.len()) {
            return Err(why.into());
        }
    }
    let mut inputs = Inputs {
        sources: Vec::with_capacity(paths.len()),
        read,
    };
    for path in &paths {
        let name = match &args.source {
            Some(name) => name.clone(),
            None => path.display().to_string(),
        };
        let (reader, regular) = open_input(path)?;
        inputs.sources.push((name, reader, regular));
    }
    // The timings file before the rows' output: a bad --timings path is a usage error that
    // leaves an earlier -o file as it was.
    let mut timings_file = match &timings_file_path {
        Some(path) => Some(io::BufWriter::new(Output::create_named(
            Some(path),
            "--timings",
        )?)),
        None => None,
    };
    // From here on SIGINT and SIGTERM flush the finished rows and stop the run.
    let interrupt = Interrupt::install()?;
    let (output, resumed) = match args.output_file() {
        None => (Output::create(None)?, None),
        Some(path) => open_output(
            path,
            plan,
            identity,
            // `find` writes rows only for the puzzles it lists.
            InputRecords::new(&paths, &inputs.read, plan.needs().is_none()),
            args.row_identity(),
            args.resume.then_some(&row_fields),
            &inputs
                .sources
                .iter()
                .map(|(name, _, _)| name.as_str())
                .collect::<Vec<_>>(),
        )?,
    };
    let mut rows = match &resumed {
        Some(written) if written.header || !plan.header() => {
            plan.rows_continuing(io::BufWriter::with_capacity(1 << 16, output))
        }
        _ => plan.rows(io::BufWriter::with_capacity(1 << 16, output)),
    }
    .map_err(|e| e.to_string())?;
    let timings_pool = args
        .timings
        .as_ref()
        .map(|_| plan.timings(args.timing_sample));
    let mut progress = Progress::new(args.progress, args.no_progress, &paths);
    let options = BatchOptions {
        interrupt: Some(interrupt.flag()),
        ..plan.options(args.chunk_size as usize, timings_pool.as_ref())
    };
    let resume_after = resumed.as_ref().and_then(|w| w.last);
    // A resumed `find` has no rows for the earlier lines it did not list, and rows without a
    // status column do not say it: their statuses are told again (by the oracle alone) for
    // the exit status.
    let skipped_not_unique = std::cell::Cell::new(0);
    let options = BatchOptions {
        skipped_not_unique: (resumed.is_some()
            && (plan.needs().is_some() || !row_fields.has_status()))
        .then_some(&skipped_not_unique),
        ..options
    };
    let started_at = SystemTime::now();
    let mut summary = plan.summary();
    // `find` notes each row it could not grade as it goes: the summary need not list them.
    summary.list_problems = plan.needs().is_none();
    let started = Instant::now();
    // Each row goes to the summary, the rows (through the `find` filter), progress, and last
    // the verification stop, so that every other sink has taken the failing row.
    let (stop, found) = match plan.needs() {
        None => {
            let mut sinks = (&mut summary, &mut rows, &mut progress, StopAtWrongStep);
            (inputs.stream(&options, resume_after, &mut sinks)?, None)
        }
        Some(needs) => {
            let mut found = Found::new(needs, &mut rows, Notes);
            let mut sinks = (&mut summary, &mut found, &mut progress, StopAtWrongStep);
            let stop = inputs.stream(&options, resume_after, &mut sinks)?;
            (stop, Some(found.count()))
        }
    };
    rows.finish()
        .map_err(|e| format!("cannot write output: {e}"))?;
    // The summary goes to a terminal, or where it was asked for: a shard's stderr stays
    // empty on a clean run (a task log holds only what went wrong).
    let show_summary = !args.quiet && (args.summary || io::stderr().is_terminal());
    if let Some(progress) = progress {
        progress.finish(show_summary);
    }
    let elapsed = started.elapsed();
    let timings = timings_pool.map(TimingsPool::into_merged);
    if let (Some(timings), Some(file), Some(path)) =
        (&timings, &mut timings_file, &timings_file_path)
    {
        timings
            .write_log(file, started_at, elapsed)
            .and_then(|()| file.flush().map_err(Into::into))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let earlier = resumed.as_ref().map_or(0, |w| w.rows);
    if stop == Some(Stop::Interrupted) {
        // The record beside the output stays: `--resume` continues from here.
        let before = match (args.output_file(), earlier) {
            (Some(path), 1..) => format!(" ({earlier} more were in {} before)", path.display()),
            _ => String::new(),
        };
        note!(
            "sgrade: interrupted after {} puzzles{before}",
            summary.rows()
        );
        return Ok(ExitCode::from(interrupt.exit_status()));
    }
    if let Some(path) = args.output_file().filter(|p| !output::is_special_file(p)) {
        // Every input was read (or the run stopped at a wrong step): nothing to resume.
        RunRecord::remove_beside(path);
    }
    if let Some(stop) = stop {
        note!("sgrade: {stop}");
        return Ok(ExitCode::from(match stop {
            Stop::WrongStep { .. } => EXIT_VERIFY_FAILED,
            Stop::Interrupted => unreachable!("handled above"),
        }));
    }
    if show_summary {
        if let (Some(path), 1..) = (args.output_file(), earlier) {
            note!(
                "sgrade: resumed {}: {earlier} rows were there, the summary counts the rest",
                path.display()
            );
        }
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
    if let (Some(timings), Some(TimingsTo::Stderr)) = (&timings, &timings_path) {
        // The trailer comes last, so that a reader of stderr takes it from its first line on.
        let mut log = Vec::new();
        timings
            .write_log(&mut log, started_at, elapsed)
            .map_err(|e| format!("cannot write the --timings trailer: {e}"))?;
        output::write_note(format_args!("{}", String::from_utf8_lossy(&log)));
    }
    // Duplicates (`--dedup`) are the same puzzle as an earlier row: not a failure.
    let unique = summary.count(Status::Unique) + summary.count(Status::Duplicate);
    let earlier_not_unique =
        resumed.as_ref().map_or(0, |w| w.not_unique) + skipped_not_unique.get();
    Ok(
        if args.exit_zero || (unique == summary.rows() && earlier_not_unique == 0) {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(EXIT_NOT_ALL_UNIQUE)
        },
    )
}

/// Opens `-o PATH` and writes the run record beside it: a new file; with `--resume` (`resume`:
/// where the run's rows say their source, line and status; `sources`: the inputs' names as the
/// rows' `source` says them, `--source` included) and rows there from the same run,
/// the file cut to its complete rows (each on a puzzle line of its input, read from `inputs`)
/// and opened to append, with what it holds. A device or pipe is opened as it is, with no
/// record.
fn open_output(
    path: &Path,
    plan: &Plan,
    mut identity: Vec<String>,
    mut inputs: InputRecords<'_>,
    row_identity: Vec<String>,
    resume: Option<&resume::RowFields<'_>>,
    sources: &[&str],
) -> Result<(Output, Option<Written>), String> {
    if output::is_special_file(path) {
        // A device or pipe: nothing to resume from, and no record beside it (that would put a
        // file in /dev, or fail there for a user who may write to the device).
        if resume.is_some() {
            return Err(format!(
                "--resume continues the rows of a regular file; {} is a device or pipe",
                path.display()
            ));
        }
        return Ok((Output::create(Some(path))?, None));
    }
    identity.extend(row_identity);
    let record = RunRecord::new(identity, inputs.paths)?;
    let mut resumed = None;
    if let (Some(fields), true) = (resume, path.exists()) {
        let Some(earlier) = RunRecord::read_beside(path)? else {
            return Err(format!(
                "--resume: {} has no run record beside it ({}): that run finished, or was \
                 not made by sgrade with -o; nothing to resume",
                path.display(),
                sidecar(path).display()
            ));
        };
        if let Some(why) = record.mismatch(&earlier) {
            return Err(format!(
                "--resume: {} is from another run: {why}",
                path.display()
            ));
        }
        let written = resume::scan(
            path,
            plan.format(),
            plan.header(),
            sources,
            fields,
            &mut |input, line| inputs.follows(input, line),
        )?;
        resume::truncate(path, written.length)?;
        resumed = Some(written);
    }
    // The output first, so that an error names it (a missing folder, no permission); then the
    // record. Without a record the run goes on, only it cannot be resumed (a writable file in
    // a folder that is not).
    let output = match &resumed {
        Some(_) => Output::on(resume::append(path)?, "-o", path),
        None => Output::create(Some(path))?,
    };
    if let Err(why) = record.write_beside(path) {
        note!("sgrade: {why}; this run cannot be resumed with --resume");
    }
    Ok((output, resumed))
}

/// The records of a run's inputs, read in order beside the rows `--resume` finds, to tell
/// whether each row could be the next a run wrote: on a puzzle line of its input, and, for a
/// run that writes a row for every puzzle line (`grade`, `solve`; not `find`), on the next one,
/// with every earlier input read to its end.
struct InputRecords<'a> {
    paths: &'a [PathBuf],
    read: &'a ReadOptions,
    /// Whether the run writes a row for every puzzle line.
    every: bool,
    /// The input being read, by index, and its records; `None` before the first row.
    open: Option<(usize, RecordReader<Box<dyn io::BufRead + Send>>)>,
}

impl<'a> InputRecords<'a> {
    /// The records of the inputs at `paths`, read with `read`, for a run that writes a row for
    /// every puzzle line if `every`; none opened yet.
    fn new(paths: &'a [PathBuf], read: &'a ReadOptions, every: bool) -> Self {
        InputRecords {
            paths,
            read,
            every,
            open: None,
        }
    }

    /// The next record of the open input, or why it cannot be read.
    fn next(&mut self) -> Result<Option<u64>, RowMisfit> {
        let (at, records) = self.open.as_mut().expect("an input is open");
        records
            .next_record()
            .map(|r| r.map(|r| r.line))
            .map_err(|e| {
                RowMisfit::Unreadable(format!("cannot read {}: {e}", self.paths[*at].display()))
            })
    }

    /// Whether a row for `line` of input `input` can follow the rows asked about before (in
    /// row order; an input given twice is read again from its start when its rows start).
    fn follows(&mut self, input: usize, line: u64) -> Result<(), RowMisfit> {
        if self.open.as_ref().is_none_or(|(at, _)| *at != input) {
            // The inputs before this one are done: the one read so far and any with no row.
            let unread = match self.open.as_ref().map(|(at, _)| *at) {
                Some(at) => {
                    self.check_done()?;
                    at + 1
                }
                None => 0,
            };
            for skipped in unread..input {
                self.open = Some((skipped, self.records_of(skipped)?));
                self.check_done()?;
            }
            self.open = Some((input, self.records_of(input)?));
        }
        loop {
            match self.next()? {
                Some(at) if at < line && !self.every => continue,
                Some(at) if at < line => {
                    return Err(RowMisfit::Edited(format!("line {at} before it has no row")))
                }
                Some(at) if at == line => return Ok(()),
                _ => {
                    return Err(RowMisfit::Edited(
                        "that line is no puzzle line of the input (past its end, a comment or \
                         blank line, or inside a record)"
                            .into(),
                    ))
                }
            }
        }
    }

    /// Where every puzzle line has a row: that the open input has no puzzle line left.
    fn check_done(&mut self) -> Result<(), RowMisfit> {
        if !self.every {
            return Ok(());
        }
        match self.next()? {
            None => Ok(()),
            Some(left) => {
                let at = self.open.as_ref().expect("an input is open").0;
                Err(RowMisfit::Edited(format!(
                    "{} line {left} has no row before it",
                    self.paths[at].display()
                )))
            }
        }
    }

    /// The records of input `input`, opened.
    fn records_of(
        &self,
        input: usize,
    ) -> Result<RecordReader<Box<dyn io::BufRead + Send>>, RowMisfit> {
        opened_records(&self.paths[input], self.read).map_err(RowMisfit::Unreadable)
    }
}

/// Where `--timings` writes.
enum TimingsTo {
    /// A file (its template filled in).
    File(PathBuf),
    /// A trailer on stderr (`--timings -`).
    Stderr,
}

/// `--timings PATH` with `{pid}` and `{host}` filled in; `-` is the stderr trailer.
fn timings_path(template: &std::path::Path) -> TimingsTo {
    if template.as_os_str() == "-" {
        return TimingsTo::Stderr;
    }
    let text = template.to_string_lossy();
    if !text.contains('{') {
        return TimingsTo::File(template.to_path_buf());
    }
    let filled = text
        .replace("{pid}", &std::process::id().to_string())
        .replace("{host}", &host_name());
    TimingsTo::File(PathBuf::from(filled))
}

/// This machine's host name (Linux: the kernel's; elsewhere `$HOSTNAME`), `localhost` when
/// unknown; characters that do not belong in a file name become `_`.
fn host_name() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "localhost".into());
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '.' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `--pass-through`: the input CSV's columns other than the puzzle's, from `--csv-header` or
/// the first input's header; every file input must have that header (read up front, before any
/// output). `None` without `--pass-through`.
fn input_columns(args: &BatchArgs) -> Result<Option<Vec<String>>, String> {
    if !args.pass_through {
        return Ok(None);
    }
    let read = args.read_options();
    let given = RecordReader::with_options(io::empty(), &read)?.other_columns();
    let mut columns = given;
    let stdin = args.inputs.is_empty() || args.inputs.iter().any(|p| p.as_os_str() == "-");
    if stdin && columns.is_none() {
        return Err("--pass-through on stdin: name its columns with --csv-header".into());
    }
    for path in args.inputs.iter().filter(|p| p.as_os_str() != "-") {
        // The file's own header: the given one is not applied, so that a file's first line
        // is read as its header.
        let own = ReadOptions {
            csv_header: None,
            ..read.clone()
        };
        let mut reader = opened_records(path, &own)?;
        reader
            .next_record()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(found) = reader.other_columns() else {
            return Err(format!(
                "--pass-through: {} is not a CSV with a header",
                path.display()
            ));
        };
        match &columns {
            None => columns = Some(found),
            Some(first) if *first != found => {
                return Err(format!(
                    "--pass-through: {} has other columns ({}) than the first input ({})",
                    path.display(),
                    found.join(", "),
                    first.join(", ")
                ))
            }
            Some(_) => {}
        }
    }
    Ok(columns)
}
