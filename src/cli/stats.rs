//! `sgrade stats`: the merged summary of result CSV shards and of `--timings` files.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::Args;

use super::output::{check_inputs, refuse_overwrite, Output};
use sudoku_grader::report::stats::add_result_csv;
use sudoku_grader::report::summary::Summary;
use sudoku_grader::timing::Timings;

/// Result shards and timing files, shared by `stats` and `report`.
#[derive(Args, Debug)]
pub struct ResultInputs {
    /// Result CSVs written by `sgrade grade` (or `solve`); `-` reads stdin.
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
    #[arg(long, value_name = "FILE", requires = "timings")]
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

/// Reads every shard into one summary and merges every timing file (`None` when none given).
pub fn load(inputs: &ResultInputs) -> Result<(Summary, Option<Timings>), String> {
    let mut summary = Summary::default();
    for path in &inputs.results {
        add_result_csv(&mut summary, open(path)?)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let mut merged: Option<Timings> = None;
    for path in &inputs.timings {
        let mut bytes = Vec::new();
        open(path)?
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let timings = Timings::read_log(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        match &mut merged {
            Some(merged) => merged.merge(&timings),
            None => merged = Some(timings),
        }
    }
    Ok((summary, merged))
}

/// Runs `sgrade stats`.
pub fn run(args: StatsArgs) -> Result<ExitCode, String> {
    let inputs: Vec<PathBuf> = args
        .inputs
        .results
        .iter()
        .chain(&args.inputs.timings)
        .cloned()
        .collect();
    check_inputs(&inputs)?;
    refuse_overwrite(
        &inputs,
        [("--merged-timings", args.merged_timings.as_ref())],
    )?;
    let (summary, timings) = load(&args.inputs)?;
    let mut out = Output::stdout();
    let files = args.inputs.results.len();
    let text = format!(
        "{} result file{}\n{}",
        files,
        if files == 1 { "" } else { "s" },
        summary.render(None)
    );
    out.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))?;
    if let Some(timings) = &timings {
        let count = args.inputs.timings.len();
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
