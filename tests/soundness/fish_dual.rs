//! Property (seed 000's claim): every basic fish of size 5–7 has a dual basic fish of size ≤ 4
//! with the same eliminations. Checked on random candidate grids consistent with a real
//! solution: states on a top1465 puzzle's solving path, random givens of its solution graded a
//! random number of steps, random givens with random non-solution candidates removed, and random
//! givens with a small fish planted (so that large duals occur). Singles
//! are exhausted first (as when the grader reaches fish), else the dual could be a hidden single.

use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sudoku_grader::core::Grid;
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

use crate::common;

const LARGE: [TechniqueId; 3] = [
    TechniqueId::Squirmbag,
    TechniqueId::Whale,
    TechniqueId::Leviathan,
];
const SMALL: [TechniqueId; 3] = [
    TechniqueId::XWing,
    TechniqueId::Swordfish,
    TechniqueId::Jellyfish,
];

/// How a case builds its grid.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// The state before the `n`-th non-single step of the default solving path.
    SolvingPath,
    /// Random givens of the solution, then that many default-ladder steps.
    RandomGivens,
    /// Random givens, and one digit's non-solution candidates removed at random.
    RandomCandidates,
    /// Random givens, and one digit confined in 2–4 random rows (or columns) to the columns
    /// (rows) its solution cells there use: a small basic fish, whose dual is large.
    PlantedFish,
}

/// A small deterministic generator seeded by proptest.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn ladder(names: &[&str]) -> Ladder {
    Ladder::gnpx_v4().restricted_to(names).unwrap()
}

/// Applies singles until none fires.
fn exhaust_singles(grid: &mut Grid) {
    let _ = grade(grid, &ladder(&["singles"]), None, &mut |_, _| {});
}

/// Applies at most `steps` steps of the default ladder.
fn grade_some(grid: &mut Grid, steps: usize) {
    let default = Ladder::gnpx_v4();
    let mut done = 0;
    while done < steps && !grid.is_solved() {
        let Some(step) = default
            .rungs()
            .iter()
            .find_map(|r| r.technique.find_first(grid))
        else {
            break;
        };
        step.apply(grid);
        done += 1;
    }
}

/// A grid with each cell of `solution` given with `percent` chance.
fn random_givens(solution: &[u8; 81], percent: u64, random: &mut XorShift) -> Grid {
    let mut grid = Grid::empty();
    for (cell, &digit) in solution.iter().enumerate() {
        if random.chance(percent) {
            grid.place(cell, digit as usize);
        }
    }
    grid
}

fn build(puzzle: &str, source: Source, seed: u64, amount: usize) -> Grid {
    let start = parse_puzzle(puzzle, 1).unwrap().grid;
    let solution = oracle::solve(&start).solution.expect("unique puzzle");
    let mut random = XorShift(seed | 1);
    let mut grid = match source {
        Source::SolvingPath => {
            let mut grid = start.clone();
            let mut states = Vec::new();
            let _ = grade(&mut grid, &Ladder::gnpx_v4(), None, &mut |step, state| {
                if step.placements.is_empty() || states.is_empty() {
                    states.push(state.clone());
                }
            });
            states.swap_remove(amount % states.len())
        }
        Source::PlantedFish => {
            let mut grid = random_givens(&solution, 8, &mut random);
            let digit = amount % 9;
            let size = 2 + amount % 3;
            let by_rows = random.chance(50);
            let at = |line: usize, across: usize| {
                if by_rows {
                    line * 9 + across
                } else {
                    across * 9 + line
                }
            };
            let mut lines: Vec<usize> = (0..9).collect();
            for i in 0..9 {
                lines.swap(i, i + (random.next() % (9 - i) as u64) as usize);
            }
            let lines = &lines[..size];
            let covers: Vec<usize> = lines
                .iter()
                .map(|&line| {
                    (0..9)
                        .find(|&across| solution[at(line, across)] as usize == digit)
                        .unwrap()
                })
                .collect();
            for &line in lines {
                for across in (0..9).filter(|a| !covers.contains(a)) {
                    grid.eliminate(at(line, across), digit);
                }
            }
            grid
        }
        Source::RandomGivens | Source::RandomCandidates => {
            let mut grid = random_givens(&solution, 22, &mut random);
            if let Source::RandomCandidates = source {
                // Thin out one digit's candidates so that its rows and columns hold few.
                let digit = amount % 9;
                let percent = 40 + (amount % 45) as u64;
                for cell in grid.unsolved() {
                    if digit != solution[cell] as usize && random.chance(percent) {
                        grid.eliminate(cell, digit);
                    }
                }
            } else {
                grade_some(&mut grid, amount);
            }
            grid
        }
    };
    exhaust_singles(&mut grid);
    grid
}

static LARGE_FISH_CHECKED: AtomicUsize = AtomicUsize::new(0);

/// The property on one grid.
fn every_large_fish_has_a_small_dual(grid: &Grid) -> Result<(), TestCaseError> {
    let small: Vec<Step> = SMALL.iter().flat_map(|t| t.find_all(grid)).collect();
    for large in LARGE.iter().flat_map(|t| t.find_all(grid)) {
        LARGE_FISH_CHECKED.fetch_add(1, Ordering::Relaxed);
        let dual = small
            .iter()
            .find(|s| s.digits == large.digits && s.eliminations == large.eliminations);
        prop_assert!(
            dual.is_some(),
            "no dual for {} in {}",
            sudoku_grader::explain::describe(&large),
            grid.candidates_string()
        );
        // The dual's base lines are the live lines the large fish does not cover.
        let dual = dual.unwrap();
        prop_assert_eq!(dual.houses & large.cover_houses, 0);
        prop_assert_eq!(dual.cover_houses & large.houses, 0);
    }
    Ok(())
}

#[test]
fn large_basic_fish_have_small_duals() {
    let Some(path) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let puzzles: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let strategy = (
        0..puzzles.len(),
        prop_oneof![
            Just(Source::SolvingPath),
            Just(Source::RandomGivens),
            Just(Source::RandomCandidates),
            Just(Source::PlantedFish),
        ],
        any::<u64>(),
        0usize..200,
    );
    let mut runner = TestRunner::new(Config {
        cases: 256,
        ..Config::default()
    });
    runner
        .run(&strategy, |(index, source, seed, amount)| {
            let grid = build(&puzzles[index], source, seed, amount);
            every_large_fish_has_a_small_dual(&grid)
        })
        .unwrap();
    // Random candidate grids make large fish common; the property must not hold vacuously.
    let checked = LARGE_FISH_CHECKED.load(Ordering::Relaxed);
    eprintln!("{checked} large fish checked");
    assert!(checked >= 20, "only {checked} large fish checked");
}
