//! The oracle alone: `oracle::solve` over pre-parsed grids, against the solver it replaced
//! (`tests/oracle_support/reference.rs`), so parsing and CSV writing stay out of the numbers.
//!
//! `cargo bench --bench oracle -- [--rounds N] [--limit N] [--only new|reference|none] FILE...`
//! prints, per file, the median over the rounds of puzzles per CPU-second of this thread, for the
//! new and the reference oracle interleaved round by round. `--only` runs one solver once over the
//! puzzles (or, with `none`, only parses them): `scripts/oracle_speed.sh` runs that under
//! callgrind and subtracts the `none` run to get instructions per puzzle.

#[path = "../tests/soundness/oracle_reference.rs"]
mod reference;

use std::hint::black_box;
use std::io::BufReader;
use std::time::Duration;

use sudoku_grader::core::Grid;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::input::reader::RecordReader;
use sudoku_grader::oracle;

fn grids(path: &str, limit: usize) -> Vec<Grid> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut reader = RecordReader::new(BufReader::new(file));
    let mut out = Vec::new();
    while let Some(record) = reader.next_record().expect("readable input") {
        if out.len() == limit {
            break;
        }
        if let Ok(puzzle) = parse_puzzle(&record.puzzle, record.column) {
            out.push(puzzle.grid);
        }
    }
    out
}

/// CPU time of this thread (user + system), which is what the shared machine lets us compare.
fn thread_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let fields: Vec<u64> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    // Clock ticks of 10 ms are too coarse for one pass; each timed pass runs ≥ 0.5 s.
    Duration::from_millis(10 * fields.iter().sum::<u64>())
}

#[inline(never)]
fn run_new(grids: &[Grid]) -> usize {
    grids
        .iter()
        .filter(|g| black_box(oracle::solve(black_box(g))).solution.is_some())
        .count()
}

#[inline(never)]
fn run_reference(grids: &[Grid]) -> usize {
    grids
        .iter()
        .filter(|g| black_box(reference::solve(black_box(g))).solution.is_some())
        .count()
}

/// Puzzles per CPU-second of one timed pass of at least half a second.
fn rate(grids: &[Grid], run: fn(&[Grid]) -> usize) -> f64 {
    let start = thread_cpu();
    let mut solved = 0;
    let mut passes = 0;
    while thread_cpu() - start < Duration::from_millis(500) {
        solved += run(grids);
        passes += 1;
    }
    black_box(solved);
    (passes * grids.len()) as f64 / (thread_cpu() - start).as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let (mut rounds, mut limit, mut only, mut files) = (3, usize::MAX, None, Vec::new());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|v| v.parse().ok()).expect("a count"),
            "--limit" => limit = args.next().and_then(|v| v.parse().ok()).expect("a count"),
            "--only" => only = args.next(),
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        files.push("../shared/corpora/top1465.txt".to_string());
    }
    for file in &files {
        let grids = grids(file, limit);
        match only.as_deref() {
            Some("new") => println!("{file}: {} unique", run_new(&grids)),
            Some("reference") => println!("{file}: {} unique", run_reference(&grids)),
            Some(_) => println!("{file}: {} parsed", grids.len()),
            None => {
                let (mut new, mut old) = (Vec::new(), Vec::new());
                for _ in 0..rounds {
                    new.push(rate(&grids, run_new));
                    old.push(rate(&grids, run_reference));
                }
                let (new, old) = (median(new), median(old));
                println!(
                    "{file}\t{} puzzles\tnew {new:.0}/s\treference {old:.0}/s\t{:.2}x",
                    grids.len(),
                    new / old
                );
            }
        }
    }
}
