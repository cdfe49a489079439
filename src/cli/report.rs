//! `sgrade report`: the self-contained HTML report of result CSVs and timing files.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use sudoku_grader::report::html::render_html;

use super::output::{check_inputs, refuse_overwrite, Output};
use super::stats::{load, Found, ResultInputs};

/// Arguments of `sgrade report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    inputs: ResultInputs,
    /// Write the HTML here (default: stdout).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// After the whole, each result file's own facts, ratings and technique usage.
    #[arg(long)]
    per_input: bool,
}

/// Runs `sgrade report`.
pub fn run(args: ReportArgs) -> Result<ExitCode, String> {
    let found = args.inputs.find()?;
    let inputs: Vec<PathBuf> = found
        .results
        .iter()
        .chain(&found.timings)
        .cloned()
        .collect();
    check_inputs(&inputs)?;
    refuse_overwrite(&inputs, [("-o", args.output.as_deref())])?;
    let (summary, timings) = load(&found)?;
    let sources: Vec<String> = found
        .results
        .iter()
        .chain(&found.timings)
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string())
        })
        .collect();
    let mut per_input = Vec::new();
    if args.per_input {
        for path in &found.results {
            if path.as_os_str() == "-" {
                return Err("--per-input reads each input twice: give files, not stdin".into());
            }
            let one = Found {
                results: vec![path.clone()],
                timings: Vec::new(),
            };
            per_input.push((path.display().to_string(), load(&one)?.0));
        }
    }
    let html = render_html(
        &summary,
        timings.as_ref(),
        &sources,
        env!("CARGO_PKG_VERSION"),
        &per_input,
    );
    // Written whole to a temporary file and renamed into place: never half a report.
    let mut out = Output::create_atomic(args.output.as_deref(), "-o")?;
    out.write_all(html.as_bytes()).map_err(|e| e.to_string())?;
    out.commit()?;
    Ok(ExitCode::SUCCESS)
}
