//! Per-technique cost on real grid states: grades every puzzle of a file with the default ladder
//! and, at every state the grader visits, times each rung's `find_first` the way the grader
//! calls them (top-down; a rung that fires ends the state). Prints p50/p99 per call in ns. The
//! thread's link cache is refreshed (and timed) before the rungs run, so rung timings exclude it.
//!
//! Usage: `cargo run --release --example technique_cost -- FILE [MAX_PUZZLES]`

use std::time::Instant;

use hdrhistogram::Histogram;

use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::model::links::with_links;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::TechniqueId;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .expect("usage: technique_cost FILE [MAX_PUZZLES]");
    let max: usize = args
        .get(2)
        .map_or(usize::MAX, |n| n.parse().expect("a count"));
    let text = std::fs::read_to_string(path).expect("readable file");
    let ladder = Ladder::gnpx_v4();
    let new_hist = || Histogram::<u64>::new_with_bounds(1, 10_000_000_000, 3).unwrap();
    let mut calls: Vec<Histogram<u64>> = (0..TechniqueId::COUNT).map(|_| new_hist()).collect();
    let mut build = new_hist();
    let mut states = 0u64;
    // The link cache is refreshed just before the first rung that reads it.
    let first_link_rung = ladder
        .rungs()
        .iter()
        .position(|r| {
            r.technique.info().family != "subsets"
                && r.technique.info().family != "singles"
                && r.technique.info().family != "intersections"
        })
        .unwrap_or(usize::MAX);
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(max) {
        let field = line.split([' ', '\t', ',']).next().unwrap_or("");
        let Ok(puzzle) = parse_puzzle(field, 1) else {
            continue;
        };
        let mut grid = puzzle.grid;
        'solve: while !grid.is_solved() {
            states += 1;
            for (index, rung) in ladder.rungs().iter().enumerate() {
                if index == first_link_rung {
                    let started = Instant::now();
                    with_links(&grid, |_| ());
                    build
                        .record(started.elapsed().as_nanos().max(1) as u64)
                        .unwrap();
                }
                let started = Instant::now();
                let step = rung.technique.find_first(&grid);
                calls[rung.technique as usize]
                    .record(started.elapsed().as_nanos().max(1) as u64)
                    .unwrap();
                if let Some(step) = step {
                    step.apply(&mut grid);
                    continue 'solve;
                }
            }
            break;
        }
    }
    println!("{states} states from {path}");
    println!(
        "{:<28} {:>9} {:>9} {:>9} {:>9}",
        "technique", "calls", "p50 ns", "p99 ns", "total ms"
    );
    let row = |name: &str, h: &Histogram<u64>| {
        println!(
            "{:<28} {:>9} {:>9} {:>9} {:>9.2}",
            name,
            h.len(),
            h.value_at_quantile(0.5),
            h.value_at_quantile(0.99),
            h.mean() * h.len() as f64 / 1e6
        );
    };
    row("(links build)", &build);
    for rung in ladder.rungs() {
        row(rung.technique.id(), &calls[rung.technique as usize]);
    }
}
