//! The oracle as it was before the band solver (commit 25fb877): singles propagation on nine
//! 81-bit planes plus depth-first branching on a cell with the fewest candidates. Kept verbatim
//! as the reference the band solver is tested against (`tests/soundness/oracle.rs`) and timed against
//! (`benches/oracle.rs`); both include it with `#[path]`.
#![allow(dead_code)]

use sudoku_grader::core::{Grid, CELLS, HOUSES, HOUSE_SETS, PEERS};
use sudoku_grader::oracle::{OracleResult, SolutionCount};

#[derive(Clone, Copy)]
struct State {
    candidates: [u128; 9],
    placed: [u128; 9],
    unsolved: u128,
}

impl State {
    #[inline]
    fn place(&mut self, cell: usize, digit: usize) {
        let bit = 1u128 << cell;
        for plane in self.candidates.iter_mut() {
            *plane &= !bit;
        }
        self.candidates[digit] &= !PEERS[cell].0;
        self.placed[digit] |= bit;
        self.unsolved &= !bit;
    }

    /// Applies singles until none is left; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let (mut ones, mut twos) = (0u128, 0u128);
            for &plane in &self.candidates {
                twos |= ones & plane;
                ones |= plane;
            }
            if self.unsolved & !ones != 0 {
                return false;
            }
            let mut singles = ones & !twos;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1u128 << cell;
                    match (0..9).find(|&d| self.candidates[d] & bit != 0) {
                        Some(digit) => self.place(cell, digit),
                        // An earlier single of this batch took the cell's last digit.
                        None => return false,
                    }
                }
                continue;
            }
            let mut progress = false;
            for digit in 0..9 {
                for house in HOUSE_SETS.iter().take(HOUSES) {
                    let here = self.candidates[digit] & house.0;
                    if here == 0 {
                        if self.placed[digit] & house.0 == 0 {
                            return false;
                        }
                    } else if here & (here - 1) == 0 {
                        self.place(here.trailing_zeros() as usize, digit);
                        progress = true;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// The unsolved cell with the fewest candidates (two if any cell has two).
    fn branch_cell(&self) -> usize {
        let (mut ones, mut twos, mut more) = (0u128, 0u128, 0u128);
        for &plane in &self.candidates {
            more |= twos & plane;
            twos |= ones & plane;
            ones |= plane;
        }
        let pairs = twos & !more;
        if pairs != 0 {
            return pairs.trailing_zeros() as usize;
        }
        let mut best = (10u32, 0usize);
        let mut cells = self.unsolved;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let n = self
                .candidates
                .iter()
                .filter(|p| (*p >> cell) & 1 != 0)
                .count() as u32;
            if n < best.0 {
                best = (n, cell);
            }
        }
        best.1
    }
}

struct Search {
    found: u32,
    solution: [u8; CELLS],
}

impl Search {
    fn run(&mut self, mut state: State) {
        if !state.propagate() {
            return;
        }
        if state.unsolved == 0 {
            self.found += 1;
            if self.found == 1 {
                for (digit, plane) in state.placed.iter().enumerate() {
                    let mut cells = *plane;
                    while cells != 0 {
                        self.solution[cells.trailing_zeros() as usize] = digit as u8;
                        cells &= cells - 1;
                    }
                }
            }
            return;
        }
        let cell = state.branch_cell();
        for digit in 0..9 {
            if state.candidates[digit] >> cell & 1 != 0 {
                let mut next = state;
                next.place(cell, digit);
                self.run(next);
                if self.found >= 2 {
                    return;
                }
            }
        }
    }
}

/// The pre-bitboard-band oracle: counts the solutions of `grid` (up to two).
pub fn solve(grid: &Grid) -> OracleResult {
    let mut state = State {
        candidates: [0; 9],
        placed: [0; 9],
        unsolved: grid.unsolved().0,
    };
    for digit in 0..9 {
        state.candidates[digit] = grid.plane(digit).0;
        state.placed[digit] = grid.placed(digit).0;
    }
    let mut search = Search {
        found: 0,
        solution: [0; CELLS],
    };
    search.run(state);
    match search.found {
        0 => OracleResult {
            count: SolutionCount::None,
            solution: None,
        },
        1 => OracleResult {
            count: SolutionCount::Unique,
            solution: Some(search.solution),
        },
        _ => OracleResult {
            count: SolutionCount::Multiple,
            solution: None,
        },
    }
}
