//! `sgrade stats`: the merged summary of result shards (CSV, JSON lines, or Parquet with the
//! `parquet` feature) and of `--timings` files.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::Args;

use super::output::{check_inputs, refuse_overwrite, Output};
use sudoku_grader::report::stats::{
    add_result_csv, add_result_json_lines, JSON_LINES_MAGIC, PARQUET_MAGIC,
};
use sudoku_grader::report::summary::Summary;
use sudoku_grader::timing::Timings;

/// Result shards and timing files, shared by `stats` and `report`.
#[derive(Args, Debug)]
pub struct ResultInputs {
    /// Result CSVs written by `sgrade grade` (or `solve`), JSON lines (`--output-format
    /// jsonl`), Parquet files (`--output-format parquet`; read by a build with the `parquet`
    /// feature), or directories of part files (a Spark or shell job's output: every file
    /// under it, Spark's `_SUCCESS`, `.crc` and hidden files skipped, timing logs found there
    /// merged; formats may be mixed); `-` reads a CSV or JSON lines on stdin.
    #[arg(required = true)]
    pub results: Vec<PathBuf>,
    /// Timing files written by `sgrade grade --timings` (repeat to merge several).
    #[arg(long, value_name = "FILE")]
    pub timings: Vec<PathBuf>,
}

/// Arguments of `sgrade stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    inputs: ResultInputs,
    /// Also write the merged timings to FILE (same format as `grade --timings`).
    #[arg(long, value_name = "FILE")]
    merged_timings: Option<PathBuf>,
}

fn open(path: &Path) -> Result<Box<dyn Read>, String> {
    if path.as_os_str() == "-" {
        Ok(Box::new(io::stdin().lock()))
    } else {
        File::open(path)
            .map(|f| Box::new(BufReader::new(f)) as Box<dyn Read>)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))
    }
}

/// The first line of a timings log ([`Timings::write_log`]); a stderr capture holds it after
/// the summary (`grade --timings -`).
const TIMINGS_MARK: &[u8] = b"#sgrade timings";

/// The files named on the command line, directories expanded.
#[derive(Debug, Default)]
pub struct Found {
    /// Result shards, in order (a directory's files sorted by path).
    pub results: Vec<PathBuf>,
    /// Timing logs: those given with `--timings` and those found in directories.
    pub timings: Vec<PathBuf>,
}

impl ResultInputs {
    /// Every result shard and timing file: a directory stands for every file under it (in
    /// path order), except Spark's markers (`_SUCCESS`, names starting with `_` or `.`) and
    /// checksums (`.crc`); a file found there that holds a timings log is a timing file.
    pub fn find(&self) -> Result<Found, String> {
        let mut found = Found {
            results: Vec::new(),
            timings: self.timings.clone(),
        };
        for path in &self.results {
            if path.as_os_str() != "-" && path.is_dir() {
                let mut files = Vec::new();
                walk(path, &mut files)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                files.sort();
                if files.is_empty() {
                    return Err(format!(
                        "{}: no part files in the directory",
                        path.display()
                    ));
                }
                for file in files {
                    if is_timings_log(&file)? {
                        found.timings.push(file);
                    } else {
                        found.results.push(file);
                    }
                }
            } else {
                found.results.push(path.clone());
            }
        }
        Ok(found)
    }
}

/// Adds every part file under `dir` to `files`, depth first.
fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        // Spark's `_SUCCESS` and `_temporary`, hidden files and Hadoop's `.crc` checksums.
        if name.starts_with(['_', '.']) || name.ends_with(".crc") {
            continue;
        }
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            walk(&path, files)?;
        } else if std::fs::metadata(&path)?.len() > 0 {
            // An empty part (a split with no rows, written without a header) holds nothing.
            files.push(path);
        }
    }
    Ok(())
}

/// Whether the file at `path` begins with `prefix`.
fn starts_with(path: &Path, prefix: &[u8]) -> Result<bool, String> {
    let mut head = Vec::new();
    File::open(path)
        .and_then(|f| f.take(prefix.len() as u64).read_to_end(&mut head))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(head == prefix)
}

/// Whether `path` starts like a timings log (or a stderr capture holding one).
fn is_timings_log(path: &Path) -> Result<bool, String> {
    starts_with(path, TIMINGS_MARK)
}

/// Whether `path` starts like a Parquet file (`--output-format parquet`, or a Spark job's
/// Parquet parts), which is read by its columns rather than as CSV.
fn is_parquet(path: &Path) -> Result<bool, String> {
    starts_with(path, PARQUET_MAGIC)
}

/// Adds a Parquet part's rows to `summary`.
#[cfg(feature = "parquet")]
fn add_parquet(summary: &mut Summary, path: &Path) -> Result<(), String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    sudoku_grader::report::stats::add_result_parquet(summary, file)
        .map(drop)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Without the `parquet` feature a Parquet part cannot be read: say which, and how to get a
/// build that reads it (rather than a CSV error about its binary bytes).
#[cfg(not(feature = "parquet"))]
fn add_parquet(_: &mut Summary, path: &Path) -> Result<(), String> {
    Err(format!(
        "{}: a Parquet file; this sgrade was built without the `parquet` feature, which reads \
         it (cargo build --release --features parquet)",
        path.display()
    ))
}

/// The timings log inside `bytes`: from its first line on (a stderr capture has the summary
/// before it).
fn timings_log(bytes: &[u8]) -> &[u8] {
    let at = bytes
        .windows(TIMINGS_MARK.len())
        .position(|w| w == TIMINGS_MARK)
        .unwrap_or(0);
    &bytes[at..]
}

/// Reads every shard into one summary and merges every timing file (`None` when none given).
pub fn load(found: &Found) -> Result<(Summary, Option<Timings>), String> {
    let mut summary = Summary::default();
    for path in &found.results {
        if path.as_os_str() != "-" && is_parquet(path)? {
            add_parquet(&mut summary, path)?;
            continue;
        }
        // JSON lines (`--output-format jsonl`: every row an object) or CSV, told by the
        // first byte (looked at in the buffer, so stdin can be either).
        let mut input = BufReader::new(open(path)?);
        let first = input
            .fill_buf()
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .first()
            .copied();
        let added = if first == Some(JSON_LINES_MAGIC[0]) {
            add_result_json_lines(&mut summary, input)
        } else {
            add_result_csv(&mut summary, input)
        };
        added.map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let mut merged: Option<Timings> = None;
    for path in &found.timings {
        let mut bytes = Vec::new();
        open(path)?
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let timings = Timings::read_log(timings_log(&bytes))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        match &mut merged {
            Some(merged) => merged.merge(&timings),
            None => merged = Some(timings),
        }
    }
    Ok((summary, merged))
}

/// Runs `sgrade stats`.
pub fn run(args: StatsArgs) -> Result<ExitCode, String> {
    let found = args.inputs.find()?;
    let inputs: Vec<PathBuf> = found
        .results
        .iter()
        .chain(&found.timings)
        .cloned()
        .collect();
    check_inputs(&inputs)?;
    refuse_overwrite(
        &inputs,
        [("--merged-timings", args.merged_timings.as_deref())],
    )?;
    if args.merged_timings.is_some() && found.timings.is_empty() {
        return Err(
            "--merged-timings: no timing files (give --timings FILE or a directory holding them)"
                .into(),
        );
    }
    let (summary, timings) = load(&found)?;
    let mut out = Output::stdout();
    let files = found.results.len();
    let text = format!(
        "{} result file{}\n{}",
        files,
        if files == 1 { "" } else { "s" },
        summary.render(None)
    );
    out.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))?;
    if let Some(timings) = &timings {
        let count = found.timings.len();
        let text = format!(
            "timings from {count} file{}\n{}",
            if count == 1 { "" } else { "s" },
            timings.render_table()
        );
        out.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write output: {e}"))?;
    }
    if let (Some(path), Some(timings)) = (&args.merged_timings, &timings) {
        // Written whole to a temporary file and renamed into place: never half a log.
        let mut file = io::BufWriter::new(Output::create_atomic(Some(path), "--merged-timings")?);
        timings
            .write_log(&mut file, SystemTime::now(), Duration::ZERO)
            .map_err(|e| e.to_string())
            .and_then(|()| file.flush().map_err(|e| e.to_string()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        file.into_inner()
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?
            .commit()?;
    }
    Ok(ExitCode::SUCCESS)
}
