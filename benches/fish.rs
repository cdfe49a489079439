//! Per-call cost of every fish finder on the states where the grader first calls fish: each
//! top1465 puzzle graded with singles, intersections and subsets until stuck.
//!
//! `cargo bench --bench fish [-- LIMIT [FILE]]` prints, per fish technique, the microseconds per
//! `find_first` call (p50, p99, max, mean) and how many states it fired on.

use std::time::Instant;

use hdrhistogram::Histogram;
use sudoku_grader::core::Grid;
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::fish::FishTechnique;

fn stuck_states(path: &str, limit: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let foundation = Ladder::gnpx_v4()
        .restricted_to(&["singles", "intersections", "subsets"])
        .expect("foundation families exist");
    let mut states = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(limit) {
        let Ok(puzzle) = parse_puzzle(line.trim(), 1) else {
            continue;
        };
        let mut grid = puzzle.grid;
        let outcome = grade(&mut grid, &foundation, None, &mut |_, _| {}).expect("no verify");
        if !outcome.solved {
            states.push(grid);
        }
    }
    states
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let limit = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let path = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "../shared/corpora/top1465.txt".to_string());
    let states = stuck_states(&path, limit);
    println!("{} stuck states from {path}", states.len());
    println!(
        "{:<36} {:>9} {:>9} {:>10} {:>9} {:>7}",
        "technique", "p50 µs", "p99 µs", "max µs", "mean µs", "fired"
    );
    let mut total = 0.0;
    for rung in Ladder::gnpx_v4_all().rungs() {
        if FishTechnique::of(rung.technique).is_none() {
            continue;
        }
        let mut histogram =
            Histogram::<u64>::new_with_bounds(1, 60_000_000_000, 3).expect("valid histogram");
        let mut fired = 0;
        let started = Instant::now();
        for grid in &states {
            let call = Instant::now();
            fired += rung.technique.find_first(grid).is_some() as usize;
            histogram.saturating_record(call.elapsed().as_nanos().max(1) as u64);
        }
        let seconds = started.elapsed().as_secs_f64();
        total += seconds;
        let us = |q: f64| histogram.value_at_quantile(q) as f64 / 1e3;
        println!(
            "{:<36} {:>9.2} {:>9.2} {:>10.1} {:>9.2} {:>7}",
            rung.technique.id(),
            us(0.5),
            us(0.99),
            histogram.max() as f64 / 1e3,
            seconds * 1e6 / states.len().max(1) as f64,
            fired
        );
    }
    println!(
        "all fish finders: {:.1} µs per state on average",
        total * 1e6 / states.len().max(1) as f64
    );
}
