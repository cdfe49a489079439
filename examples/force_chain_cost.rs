//! ForceChain cost per grid state: grades every puzzle of a file with the default ladder and, at
//! every state where the grader reached the ForceChain rungs (a ForceChain step fired, or the
//! puzzle stayed stuck there), runs all three forms from a cold cache, once sharing the
//! per-candidate evaluations (as the grader does) and once with the cache dropped before each
//! form (the baseline without sharing). Prints candidates, evaluations and µs per state. Then,
//! on the shared cache, ForceChain_Both (both polarities of every candidate): its extra
//! evaluations and time, and how many of its results none of the three forms' steps holds at
//! that state (a placement not placed, an elimination not eliminated).
//!
//! Usage: `cargo run --release --example force_chain_cost -- FILE [MAX_PUZZLES]`

use std::time::Instant;

use sudoku_grader::core::{CandidateSet, Grid};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::model::superlinks::{evaluations_run, forget_evaluations};
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::TechniqueId;

const FORMS: [TechniqueId; 3] = [
    TechniqueId::ForceChainCell,
    TechniqueId::ForceChainHouse,
    TechniqueId::ForceChainContradiction,
];

/// Totals over the measured states.
#[derive(Default)]
struct Totals {
    states: u64,
    candidates: u64,
    max_candidates: u64,
    shared_evaluations: u64,
    max_shared_evaluations: u64,
    shared_ns: u128,
    unshared_evaluations: u64,
    unshared_ns: u128,
    both_evaluations: u64,
    max_both_evaluations: u64,
    both_ns: u128,
    /// States where ForceChain_Both found a result none of the three forms' steps holds.
    both_new_states: u64,
    /// Such results.
    both_new_results: u64,
}

/// Placements and eliminations of the three forms' steps at one state.
fn form_results(grid: &Grid) -> (CandidateSet, CandidateSet) {
    let mut placed = CandidateSet::default();
    let mut eliminated = CandidateSet::default();
    for form in FORMS {
        for step in form.find_all(grid) {
            for d in 0..9 {
                placed.planes[d] |= step.placements.planes[d];
                eliminated.planes[d] |= step.eliminations.planes[d];
            }
        }
    }
    (placed, eliminated)
}

fn measure(grid: &Grid, totals: &mut Totals) {
    let candidates: u64 = grid
        .unsolved()
        .iter()
        .map(|c| grid.candidates(c).count_ones() as u64)
        .sum();
    forget_evaluations();
    let before = evaluations_run();
    let start = Instant::now();
    for form in FORMS {
        std::hint::black_box(form.find_all(grid));
    }
    let shared_ns = start.elapsed().as_nanos();
    let shared = evaluations_run() - before;
    // ForceChain_Both after the three forms, on their cache: only the false origins are new.
    let before_both = evaluations_run();
    let start = Instant::now();
    let both = TechniqueId::ForceChainBoth.find_all(grid);
    let both_ns = start.elapsed().as_nanos();
    let both_evaluations = shared + evaluations_run() - before_both;
    let (placed, eliminated) = form_results(grid);
    let mut new_results = 0;
    for step in &both {
        for d in 0..9 {
            new_results += step.placements.planes[d].and_not(placed.planes[d]).count() as u64;
            new_results += step.eliminations.planes[d]
                .and_not(eliminated.planes[d])
                .count() as u64;
        }
    }
    let before = evaluations_run();
    let start = Instant::now();
    for form in FORMS {
        forget_evaluations();
        std::hint::black_box(form.find_all(grid));
    }
    let unshared_ns = start.elapsed().as_nanos();
    let unshared = evaluations_run() - before;
    totals.states += 1;
    totals.candidates += candidates;
    totals.max_candidates = totals.max_candidates.max(candidates);
    totals.shared_evaluations += shared;
    totals.max_shared_evaluations = totals.max_shared_evaluations.max(shared);
    totals.shared_ns += shared_ns;
    totals.unshared_evaluations += unshared;
    totals.unshared_ns += unshared_ns;
    totals.both_evaluations += both_evaluations;
    totals.max_both_evaluations = totals.max_both_evaluations.max(both_evaluations);
    totals.both_ns += both_ns;
    totals.both_new_states += u64::from(new_results > 0);
    totals.both_new_results += new_results;
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .expect("usage: force_chain_cost FILE [MAX_PUZZLES]");
    let max: usize = args
        .get(2)
        .map_or(usize::MAX, |n| n.parse().expect("a count"));
    let text = std::fs::read_to_string(path).expect("readable file");
    let ladder = Ladder::gnpx_v4();
    let mut totals = Totals::default();
    for line in text.lines().take(max) {
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        let Ok(puzzle) = parse_puzzle(field, 1) else {
            continue;
        };
        let mut grid = puzzle.grid;
        let mut states: Vec<Grid> = Vec::new();
        let outcome = grade(&mut grid, &ladder, None, &mut |step, before| {
            if FORMS.contains(&step.technique) {
                states.push(before.clone());
            }
        })
        .expect("no verification");
        if !outcome.solved {
            states.push(grid.clone());
        }
        for state in &states {
            measure(state, &mut totals);
        }
    }
    let n = totals.states.max(1) as f64;
    println!("states reaching ForceChain: {}", totals.states);
    println!(
        "candidates per state: mean {:.1}, max {}",
        totals.candidates as f64 / n,
        totals.max_candidates
    );
    println!(
        "shared cache (all three forms): {:.1} evaluations/state (max {}), {:.1} µs/state",
        totals.shared_evaluations as f64 / n,
        totals.max_shared_evaluations,
        totals.shared_ns as f64 / n / 1000.0
    );
    println!(
        "cache dropped before each form: {:.1} evaluations/state, {:.1} µs/state",
        totals.unshared_evaluations as f64 / n,
        totals.unshared_ns as f64 / n / 1000.0
    );
    println!(
        "ratio (dropped / shared): evaluations {:.2}, time {:.2}",
        totals.unshared_evaluations as f64 / totals.shared_evaluations.max(1) as f64,
        totals.unshared_ns as f64 / totals.shared_ns.max(1) as f64
    );
    println!(
        "with ForceChain_Both too: {:.1} evaluations/state (max {}; {:.2} × candidates), \
         ForceChain_Both alone {:.1} µs/state on the shared cache (ratio to the three forms {:.2})",
        totals.both_evaluations as f64 / n,
        totals.max_both_evaluations,
        totals.both_evaluations as f64 / totals.candidates.max(1) as f64,
        totals.both_ns as f64 / n / 1000.0,
        totals.both_ns as f64 / totals.shared_ns.max(1) as f64
    );
    println!(
        "ForceChain_Both results no form's step holds: {} in {} states",
        totals.both_new_results, totals.both_new_states
    );
}
