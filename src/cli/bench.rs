//! `sgrade bench`: puzzles per second of grading next to the oracle alone, per technique too.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use sudoku_grader::bench::{self, median, spread, BenchConfig, BenchReport, Phase};
use sudoku_grader::input::reader::{decompressed, Record, RecordReader};

use super::output::{check_inputs, note, Output};
use super::{ladder_for, Format, ScaleArg, TechniqueArgs, EXIT_VERIFY_FAILED};

/// Arguments of `sgrade bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzle files (same formats as `grade`); `-` reads stdin. All are held in memory.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// `--techniques` (e.g. to isolate some techniques' cost) and `--fish-max-size`.
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// Rating scale: its technique order is the ladder benchmarked.
    #[arg(long, value_enum, default_value_t = ScaleArg::Gnpx)]
    scale: ScaleArg,
    /// Timed repetitions (medians and spreads are taken over them).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    reps: u64,
    /// Minimum warm-up in seconds before the timed repetitions (one validating pass always runs).
    #[arg(long, default_value_t = 1.0)]
    warmup: f64,
    /// Shuffle the puzzles (with --seed) before benchmarking.
    #[arg(long)]
    shuffle: bool,
    /// Seed of the shuffle.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Use only the first N puzzles.
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    limit: Option<usize>,
    /// Output format.
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Text)]
    format: Format,
}

fn load(inputs: &[PathBuf], limit: Option<usize>) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for path in inputs {
        let source: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(io::stdin())
        } else {
            Box::new(File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?)
        };
        let source = decompressed(source).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut reader = RecordReader::new(BufReader::new(source));
        while let Some(record) = reader
            .next_record()
            .map_err(|e| format!("{}: {e}", path.display()))?
        {
            if limit.is_some_and(|limit| records.len() >= limit) {
                return Ok(records);
            }
            records.push(record);
        }
    }
    Ok(records)
}

fn render_text(report: &BenchReport, args: &BenchArgs, ladder_size: usize) -> String {
    let mut out = String::new();
    let order = if args.shuffle {
        format!("shuffled with seed {}", args.seed)
    } else {
        "file order".to_string()
    };
    out.push_str(&format!(
        "sgrade bench: {} puzzles ({order}), ladder of {ladder_size} techniques, 1 thread; \
         {} repetition{} after {} warm-up pass{}\n",
        report.puzzles,
        report.oracle.len(),
        if report.oracle.len() == 1 { "" } else { "s" },
        report.warmup_passes,
        if report.warmup_passes == 1 { "" } else { "es" }
    ));
    let v = &report.validation;
    if v.disagreements == 0 {
        out.push_str(&format!(
            "validation: {} unique puzzles; {} solved by the ladder, every solution agrees with the oracle\n",
            v.unique, v.solved_by_ladder
        ));
    } else {
        out.push_str(&format!(
            "validation FAILED: {} puzzles disagree with the oracle\n",
            v.disagreements
        ));
        for example in &v.examples {
            out.push_str(&format!("  {example}\n"));
        }
    }
    let oracle = median(&report.oracle);
    out.push_str(&format!(
        "  {:<30} {:>12} {:>8} {:>11} {:>10}\n",
        "pass", "puzzles/s", "spread", "µs/puzzle", "vs oracle"
    ));
    for (name, rates) in [
        ("oracle alone (sgrade solve)", &report.oracle),
        ("grade", &report.grade),
        ("grade, every call timed", &report.timed),
    ] {
        let rate = median(rates);
        out.push_str(&format!(
            "  {name:<30} {rate:>12.0} {:>7.1}% {:>11.2} {:>9.2}×\n",
            100.0 * spread(rates),
            1e6 / rate.max(1e-9),
            rate / oracle.max(1e-9)
        ));
    }
    let grade_nanos = 1e9 / median(&report.timed).max(1e-9);
    out.push_str(&format!(
        "  timing overhead: {:+.1}% (grade vs grade with every call timed, medians)\n",
        100.0 * (median(&report.grade) / median(&report.timed).max(1e-9) - 1.0)
    ));
    out.push_str("per technique (timed passes, medians):\n");
    // The name column as wide as the longest technique id.
    let width = report
        .techniques
        .iter()
        .map(|cost| cost.id.len())
        .max()
        .unwrap_or(0)
        .max(28);
    out.push_str(&format!(
        "  {:<width$} {:>12} {:>12} {:>11} {:>7} {:>15}\n",
        "technique", "calls/puzzle", "hits/puzzle", "µs/puzzle", "share", "puzzles/s alone"
    ));
    for cost in &report.techniques {
        let nanos = median(&cost.nanos_per_puzzle);
        out.push_str(&format!(
            "  {:<width$} {:>12.2} {:>12} {:>11.3} {:>6.1}% {:>15}\n",
            cost.id,
            cost.calls_per_puzzle,
            cost.hits_per_puzzle
                .map_or(String::new(), |h| format!("{h:.2}")),
            nanos / 1e3,
            100.0 * nanos / grade_nanos,
            // A technique never called costs nothing: no rate.
            if nanos > 0.0 {
                format!("{:.0}", 1e9 / nanos)
            } else {
                String::new()
            }
        ));
    }
    out
}

fn render_json(report: &BenchReport, args: &BenchArgs) -> String {
    let rates = |values: &[f64]| json!({ "median": median(values), "spread": spread(values), "repetitions": values });
    let techniques: Vec<_> = report
        .techniques
        .iter()
        .map(|c| {
            json!({
                "technique": c.id,
                "calls_per_puzzle": c.calls_per_puzzle,
                "hits_per_puzzle": c.hits_per_puzzle,
                "ns_per_puzzle": { "median": median(&c.nanos_per_puzzle), "repetitions": c.nanos_per_puzzle },
            })
        })
        .collect();
    let v = &report.validation;
    json!({
        "puzzles": report.puzzles,
        "shuffle_seed": args.shuffle.then_some(args.seed),
        "warmup_passes": report.warmup_passes,
        "validation": {
            "unique": v.unique,
            "solved_by_ladder": v.solved_by_ladder,
            "disagreements": v.disagreements,
            "examples": v.examples,
        },
        "puzzles_per_second": {
            "oracle": rates(&report.oracle),
            "grade": rates(&report.grade),
            "grade_timed": rates(&report.timed),
        },
        "techniques": techniques,
    })
    .to_string()
        + "\n"
}

/// What the spinner says during `phase`.
fn phase_text(phase: Phase, puzzles: usize) -> String {
    match phase {
        Phase::Validating => format!("validating {puzzles} puzzles against the oracle"),
        Phase::WarmUp(pass) => format!("warm-up pass {pass}"),
        Phase::Repetition { number, of, pass } => format!("repetition {number}/{of}: {pass}"),
    }
}

/// Runs `sgrade bench`.
pub fn run(args: BenchArgs) -> Result<ExitCode, String> {
    let ladder = ladder_for(args.scale, &args.techniques)?;
    if !(args.warmup.is_finite() && args.warmup >= 0.0) {
        return Err(format!(
            "--warmup {}: expected a finite number of seconds ≥ 0",
            args.warmup
        ));
    }
    check_inputs(&args.inputs)?;
    let mut records = load(&args.inputs, args.limit)?;
    if records.is_empty() {
        return Err("no puzzles in the input".into());
    }
    if args.shuffle {
        bench::shuffle(&mut records, args.seed);
    }
    let config = BenchConfig {
        repetitions: args.reps as usize,
        warmup: Duration::from_secs_f64(args.warmup),
    };
    // On a terminal a spinner says which pass runs (a pass over a hard corpus takes a while);
    // elsewhere nothing, so that a log holds only the report and its warnings.
    let spinner = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
            ProgressStyle::with_template("{spinner} sgrade bench: {msg} ({elapsed})")
                .expect("valid progress template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let report = bench::run_with(&records, &ladder, &config, &mut |phase| {
        if let Some(bar) = &spinner {
            bar.set_message(phase_text(phase, records.len()));
        }
    });
    if let Some(bar) = spinner {
        bar.finish_and_clear();
    }
    // Warnings go to stderr, after the spinner is gone, in text and JSON alike.
    for warning in bench::warnings(&report) {
        note!("sgrade bench: warning: {warning}");
    }
    let text = match args.format {
        Format::Text => render_text(&report, &args, ladder.rungs().len()),
        Format::Json => render_json(&report, &args),
    };
    let mut out = Output::stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())?;
    Ok(if report.validation.disagreements == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_VERIFY_FAILED)
    })
}
