//! The band oracle against the solver it replaced (`oracle_reference.rs`): the same
//! count and the same solution on every corpus, on grids with several or no solutions, on
//! mid-solve states with eliminations, and on random grids.

use crate::common;
use crate::oracle_reference as reference;

use std::io::BufReader;

use proptest::prelude::*;
use sudoku_grader::core::Grid;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::input::reader::RecordReader;
use sudoku_grader::oracle::{self, SolutionCount};

fn corpus(relative: &str, limit: usize) -> Option<Vec<Grid>> {
    let path = common::shared_file(relative)?;
    let file = std::fs::File::open(&path).expect("readable corpus");
    let mut reader = RecordReader::new(BufReader::new(file));
    let mut grids = Vec::new();
    while let Some(record) = reader.next_record().expect("readable corpus") {
        if grids.len() == limit {
            break;
        }
        if let Ok(puzzle) = parse_puzzle(&record.puzzle, record.column) {
            grids.push(puzzle.grid);
        }
    }
    Some(grids)
}

/// Asserts agreement and returns the count, so callers can check the kinds of grids they made.
fn agree(grid: &Grid, what: &str) -> SolutionCount {
    let new = oracle::solve(grid);
    let old = reference::solve(grid);
    assert_eq!(new, old, "{what}: {}", grid.candidates_string());
    new.count
}

fn agree_on_corpus(relative: &str, limit: usize) {
    let Some(grids) = corpus(relative, limit) else {
        return;
    };
    assert!(!grids.is_empty());
    for (i, grid) in grids.iter().enumerate() {
        agree(grid, &format!("{relative} #{}", i + 1));
    }
}

#[test]
fn top1465() {
    agree_on_corpus("corpora/top1465.txt", usize::MAX);
}

#[test]
fn royle17_first_20000() {
    agree_on_corpus("corpora/royle17.txt", 20_000);
}

#[test]
fn qqwing_levels() {
    agree_on_corpus("corpora/newspaper/qqwing_levels.csv", usize::MAX);
}

#[test]
fn kaggle_radcliffe() {
    agree_on_corpus("corpora/newspaper/kaggle_radcliffe_4000.csv", usize::MAX);
}

#[test]
fn forum_hardest_first_2000() {
    agree_on_corpus("corpora/forum_hardest_1905_er11plus.txt", 2_000);
}

fn givens(grid: &Grid) -> [u8; 81] {
    let mut values = [0u8; 81];
    for cell in grid.givens().iter() {
        values[cell] = grid.value(cell).unwrap() as u8 + 1;
    }
    values
}

/// From unique puzzles: one and two givens removed (several solutions, or still one), a wrong
/// digit that conflicts with no given added (no solution), and the states after random
/// eliminations (any count).
#[test]
fn derived_grids() {
    let Some(grids) = corpus("corpora/top1465.txt", 300) else {
        return;
    };
    let mut seen = [0usize; 3];
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for (i, grid) in grids.iter().enumerate() {
        let solution = oracle::solve(grid).solution.expect("top1465 is unique");
        let values = givens(grid);
        let filled: Vec<usize> = (0..81).filter(|&c| values[c] != 0).collect();
        for removed in [1, 2] {
            let mut v = values;
            for _ in 0..removed {
                v[filled[next(filled.len())]] = 0;
            }
            let count = agree(&Grid::from_givens(&v).unwrap(), &format!("#{i} -{removed}"));
            seen[count as usize] += 1;
        }
        let empty: Vec<usize> = (0..81).filter(|&c| values[c] == 0).collect();
        for _ in 0..3 {
            let cell = empty[next(empty.len())];
            let mut v = values;
            v[cell] = (solution[cell] + 1 + next(8) as u8) % 9 + 1;
            if let Ok(g) = Grid::from_givens(&v) {
                assert_eq!(agree(&g, &format!("#{i} wrong")), SolutionCount::None);
                seen[0] += 1;
            }
        }
        let mut g = grid.clone();
        for _ in 0..20 + next(60) {
            g.eliminate(next(81), next(9));
        }
        let count = agree(&g, &format!("#{i} eliminated"));
        seen[count as usize] += 1;
        // The same state read back from its pencil marks.
        agree(
            &Grid::from_candidates(&g.pencil_marks()).unwrap_or(g),
            &format!("#{i} marks"),
        );
    }
    assert!(seen.iter().all(|&n| n > 0), "every kind of count: {seen:?}");
}

#[test]
fn edge_grids() {
    assert_eq!(agree(&Grid::empty(), "empty"), SolutionCount::Multiple);
    let mut g = Grid::empty();
    for digit in 1..9 {
        g.eliminate(0, digit);
    }
    assert_eq!(
        agree(&g, "r1c1 = 1 by elimination"),
        SolutionCount::Multiple
    );
    g.eliminate(0, 0);
    assert_eq!(agree(&g, "r1c1 without candidates"), SolutionCount::None);
    let mut g = Grid::empty();
    for cell in 9..18 {
        g.eliminate(cell, 4);
    }
    assert_eq!(agree(&g, "row 2 without a 5"), SolutionCount::None);
    let mut g = Grid::empty();
    for row in 0..9 {
        g.eliminate(row * 9 + 4, 6);
    }
    assert_eq!(agree(&g, "column 5 without a 7"), SolutionCount::None);
}

/// Random grids: random givens that conflict with nothing, then random eliminations.
fn random_grid(seed: u64, givens: usize, eliminations: usize) -> Grid {
    let mut rng = seed | 1;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut values = [0u8; 81];
    let mut grid = Grid::empty();
    for _ in 0..givens {
        let (cell, digit) = (next(81), next(9));
        let mut v = values;
        v[cell] = digit as u8 + 1;
        if let Ok(g) = Grid::from_givens(&v) {
            values = v;
            grid = g;
        }
    }
    for _ in 0..eliminations {
        grid.eliminate(next(81), next(9));
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn random_grids_agree(seed in any::<u64>(), givens in 0usize..40, eliminations in 0usize..150) {
        let grid = random_grid(seed, givens, eliminations);
        prop_assert_eq!(oracle::solve(&grid), reference::solve(&grid));
    }
}
