//! `sgrade compare A.csv B.csv`: how two ratings of one corpus agree (CSV or JSON-lines files).

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::output::Output;
use sudoku_grader::report::compare::{compare, Comparison, Ratings};

/// `sgrade compare` options.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The first result file (from `sgrade grade`, any scale): CSV, or JSON lines
    /// (`--output-format jsonl`).
    a: PathBuf,
    /// The second result file.
    b: PathBuf,
    /// Join on each puzzle's minlex canonical form instead of its text (isomorphs match).
    #[arg(long)]
    canonical: bool,
    /// The rating column of A (default: `se_er`, `hodoku_level` or `rating`, the first present).
    #[arg(long, value_name = "COLUMN")]
    column_a: Option<String>,
    /// The rating column of B (same default).
    #[arg(long, value_name = "COLUMN")]
    column_b: Option<String>,
    /// Output: a text report, the joined rows as CSV, or JSON lines (one per joined puzzle,
    /// then a summary line).
    #[arg(long, value_enum, default_value_t = CompareFormat::Text)]
    format: CompareFormat,
    /// How many of the largest disagreements the text report lists.
    #[arg(long, default_value_t = 10)]
    limit: usize,
}

/// `compare --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    /// A report for a terminal.
    Text,
    /// One CSV row per joined puzzle: `puzzle`, A's rating column suffixed `_a`, B's suffixed
    /// `_b` (`rating_a,rating_b`), `rank_gap`.
    Csv,
    /// One JSON object per joined puzzle, then `{"summary": …}`.
    Jsonl,
}

fn read(path: &PathBuf, column: Option<&str>, canonical: bool) -> Result<Ratings, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ratings::read(io::BufReader::new(file), column, canonical)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The text report.
fn render(args: &CompareArgs, a: &Ratings, b: &Ratings, c: &Comparison) -> String {
    let mut out = String::new();
    let pct = |n: usize| {
        if c.joined.is_empty() {
            0.0
        } else {
            100.0 * n as f64 / c.joined.len() as f64
        }
    };
    let _ = writeln!(
        out,
        "A: {} ({})\nB: {} ({})",
        args.a.display(),
        a.column,
        args.b.display(),
        b.column
    );
    // Said only when some are, so that files without repeats report as before.
    let repeated = if a.repeated + b.repeated > 0 {
        format!(
            "; repeated rows A {}, B {} (each puzzle's first rated row kept)",
            a.repeated, b.repeated
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "joined {} puzzles{}; rated in A only {}, in B only {}{repeated}; unrated rows A {}, B {}",
        c.joined.len(),
        if args.canonical {
            " (by canonical form)"
        } else {
            ""
        },
        c.only_a,
        c.only_b,
        a.unrated,
        b.unrated
    );
    let _ = writeln!(out, "exact match: {} ({:.2}%)", c.exact, pct(c.exact));
    match c.spearman {
        Some(rho) => {
            let _ = writeln!(out, "Spearman rank correlation: {rho:.4}");
        }
        None => {
            let _ = writeln!(
                out,
                "Spearman rank correlation: undefined (a side is constant)"
            );
        }
    }
    let columns: std::collections::BTreeSet<_> =
        c.confusion.values().flat_map(|row| row.keys()).collect();
    let _ = writeln!(
        out,
        "\nconfusion (rows: A {}, columns: B {})",
        a.column, b.column
    );
    let width = columns
        .iter()
        .map(|l| l.label.len())
        .max()
        .unwrap_or(1)
        .max(6);
    let _ = write!(out, "{:>8}", "");
    for label in &columns {
        let _ = write!(out, " {:>width$}", label.label);
    }
    out.push('\n');
    for (row_label, row) in &c.confusion {
        let _ = write!(out, "{:>8}", row_label.label);
        for label in &columns {
            let n = row.get(*label).copied().unwrap_or(0);
            let _ = write!(
                out,
                " {:>width$}",
                if n == 0 {
                    ".".to_string()
                } else {
                    n.to_string()
                }
            );
        }
        out.push('\n');
    }
    let worst = c.largest_disagreements(args.limit);
    if !worst.is_empty() {
        let _ = writeln!(out, "\nlargest disagreements (percentile rank gap):");
        for j in worst {
            let _ = writeln!(
                out,
                "  {} A {} B {} gap {:.2}",
                j.puzzle, j.a, j.b, j.rank_gap
            );
        }
    }
    out
}

/// Runs `sgrade compare`.
pub fn run(args: CompareArgs) -> Result<ExitCode, String> {
    let a = read(&args.a, args.column_a.as_deref(), args.canonical)?;
    let b = read(&args.b, args.column_b.as_deref(), args.canonical)?;
    let comparison = compare(&a, &b);
    let mut out = Output::stdout();
    let written = match args.format {
        CompareFormat::Text => out.write_all(render(&args, &a, &b, &comparison).as_bytes()),
        CompareFormat::Csv => {
            let mut writer = csv::Writer::from_writer(&mut out);
            // Suffixed by side: both files often rate by the same column (`rating,rating`).
            let (column_a, column_b) = (format!("{}_a", a.column), format!("{}_b", b.column));
            let mut rows = vec![writer.write_record(["puzzle", &column_a, &column_b, "rank_gap"])];
            for j in &comparison.joined {
                let gap = format!("{:.4}", j.rank_gap);
                rows.push(writer.write_record([&j.puzzle, &j.a, &j.b, &gap]));
            }
            rows.into_iter()
                .collect::<Result<(), _>>()
                .and_then(|()| writer.flush().map_err(csv::Error::from))
                .map_err(io::Error::other)
        }
        CompareFormat::Jsonl => {
            let mut text = String::new();
            for j in &comparison.joined {
                let row = serde_json::json!({"puzzle": j.puzzle, "a": j.a, "b": j.b, "rank_gap": j.rank_gap});
                let _ = writeln!(text, "{row}");
            }
            let confusion: serde_json::Map<String, serde_json::Value> = comparison
                .confusion
                .iter()
                .map(|(ra, row)| {
                    let cells: serde_json::Map<String, serde_json::Value> = row
                        .iter()
                        .map(|(rb, n)| (rb.label.clone(), (*n).into()))
                        .collect();
                    (ra.label.clone(), cells.into())
                })
                .collect();
            let summary = serde_json::json!({"summary": {
                "a": args.a.display().to_string(), "column_a": a.column,
                "b": args.b.display().to_string(), "column_b": b.column,
                "joined": comparison.joined.len(), "only_a": comparison.only_a,
                "only_b": comparison.only_b, "exact": comparison.exact,
                "repeated_a": a.repeated, "repeated_b": b.repeated,
                "unrated_a": a.unrated, "unrated_b": b.unrated,
                "rows_a": a.rows, "rows_b": b.rows,
                "spearman": comparison.spearman, "confusion": confusion,
            }});
            let _ = writeln!(text, "{summary}");
            out.write_all(text.as_bytes())
        }
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A reader that went away (`| head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("writing the output: {e}")),
    }
}
