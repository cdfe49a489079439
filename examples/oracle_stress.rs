//! The oracle on random candidate grids of four shapes, one after another, printing how many
//! grids had no, one or several solutions and the slowest five (time, shape, count, grid).
//!
//! `cargo run --release --example oracle_stress -- COUNT SEED`
//!
//! The grader fuzz target's slow oracle searches all came from grids a human never writes:
//! candidate masks repeating with a short period, which make digits of one parity share cells.
//! The shapes aim at that and at plain random density:
//! - `density`: each candidate kept with probability 3/9 to 8/9 (one draw per grid);
//! - `parity`: in odd-numbered rows and a random third of the others, each cell keeps the
//!   digits of one parity (alternating along the row) and one in nine of the others; the
//!   remaining rows keep 8/9 of their candidates;
//! - `open rows`: every row but rows 1, 4 and 7 full, those at the grid's density;
//! - `sparse`: each candidate kept with probability 3/9.
//!
//! Results are in `results/reliability.md`.

use std::time::Instant;

use sudoku_grader::core::{CandidateSet, Grid, CELLS};
use sudoku_grader::oracle::{self, SolutionCount};

/// xorshift64: reproducible from the seed, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// True with probability `n` / 9.
    fn ninths(&mut self, n: u64) -> bool {
        self.next() % 9 < n
    }
}

const SHAPES: [&str; 4] = ["density", "parity", "open rows", "sparse"];

/// A random grid of `shape` (an index into [`SHAPES`]).
fn candidates(shape: usize, rng: &mut Rng) -> CandidateSet {
    let mut set = CandidateSet::EMPTY;
    let density = 3 + rng.next() % 6;
    for cell in 0..CELLS {
        let row = cell / 9;
        let parity_row = row % 2 == 1 || rng.ninths(3);
        for digit in 0..9 {
            let kept = match shape {
                0 => rng.ninths(density),
                1 if parity_row => (digit + cell) % 2 == 0 || rng.ninths(1),
                1 => rng.ninths(8),
                2 => row % 3 != 0 || rng.ninths(density),
                _ => rng.ninths(3),
            };
            if kept {
                set.insert(cell, digit);
            }
        }
    }
    set
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(count), Some(seed)) = (
        args.get(1).and_then(|n| n.parse::<u64>().ok()),
        args.get(2).and_then(|n| n.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: oracle_stress COUNT SEED (SEED not 0)");
        std::process::exit(2);
    };
    let mut rng = Rng(seed.max(1));
    let started = Instant::now();
    let (mut none, mut unique, mut multiple, mut no_grid) = (0u64, 0u64, 0u64, 0u64);
    let mut slowest: Vec<(f64, usize, SolutionCount, String)> = Vec::new();
    for _ in 0..count {
        let shape = (rng.next() % SHAPES.len() as u64) as usize;
        let Ok(grid) = Grid::from_candidates(&candidates(shape, &mut rng)) else {
            no_grid += 1;
            continue;
        };
        let solving = Instant::now();
        let result = oracle::solve(&grid);
        let took = solving.elapsed().as_secs_f64();
        match result.count {
            SolutionCount::None => none += 1,
            SolutionCount::Unique => unique += 1,
            SolutionCount::Multiple => multiple += 1,
        }
        if slowest.len() < 5 || took > slowest[4].0 {
            slowest.push((took, shape, result.count, grid.candidates_string()));
            slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
            slowest.truncate(5);
        }
    }
    println!(
        "{count} grids in {:.1} s: no solution {none}, one {unique}, several {multiple}, \
         no grid (a cell without candidates or conflicting singles) {no_grid}",
        started.elapsed().as_secs_f64()
    );
    for (took, shape, solutions, grid) in &slowest {
        println!("{took:.3} s  {}  {solutions:?}  {grid}", SHAPES[*shape]);
    }
}
