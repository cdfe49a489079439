//! `sgrade report`: the self-contained HTML report of result CSVs and timing files.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use sudoku_grader::report::html::render_html;

use super::output::{check_inputs, refuse_overwrite, Output};
use super::stats::{load, ResultInputs};

/// Arguments of `sgrade report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    inputs: ResultInputs,
    /// Write the HTML here (default: stdout).
    #[arg(short, long)]
    output: Option<PathBuf>,
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
    refuse_overwrite(&inputs, [("-o", args.output.as_ref())])?;
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
    let html = render_html(
        &summary,
        timings.as_ref(),
        &sources,
        env!("CARGO_PKG_VERSION"),
    );
    // Written whole to a temporary file and renamed into place: never half a report.
    let mut out = Output::create_atomic(args.output.as_deref(), "-o")?;
    out.write_all(html.as_bytes()).map_err(|e| e.to_string())?;
    out.commit()?;
    Ok(ExitCode::SUCCESS)
}
