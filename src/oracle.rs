//! The correctness oracle: a bitboard brute-force solver that counts solutions up to two.
//!
//! Singles propagation (naked singles by bit-sliced candidate counting, hidden singles per
//! house) plus depth-first branching on a cell with the fewest candidates.

use crate::core::{Grid, CELLS, HOUSES, HOUSE_SETS, PEERS};

/// How many solutions a puzzle has (counting stops at two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
}

/// The oracle's verdict on a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleResult {
    /// Number of solutions, capped at two.
    pub count: SolutionCount,
    /// The solution (digit indices 0..9 per cell) when it is unique.
    pub solution: Option<[u8; CELLS]>,
}

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

/// Counts the solutions of `grid` (up to two) and returns the solution when it is unique.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HOUSES, HOUSE_CELLS};

    fn grid(text: &str) -> Grid {
        let mut v = [0u8; 81];
        for (i, ch) in text.bytes().enumerate() {
            if ch.is_ascii_digit() {
                v[i] = ch - b'0';
            }
        }
        Grid::from_givens(&v).unwrap()
    }

    fn assert_valid_solution(puzzle: &str, solution: &[u8; 81]) {
        for (i, ch) in puzzle.bytes().enumerate() {
            if ch.is_ascii_digit() && ch != b'0' {
                assert_eq!(solution[i] + 1, ch - b'0');
            }
        }
        for h in 0..HOUSES {
            let mask = HOUSE_CELLS[h]
                .iter()
                .fold(0u16, |m, &c| m | 1 << solution[c as usize]);
            assert_eq!(mask, 0x1FF);
        }
    }

    #[test]
    fn solves_hard_puzzle_uniquely() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let r = solve(&grid(p));
        assert_eq!(r.count, SolutionCount::Unique);
        assert_valid_solution(p, &r.solution.unwrap());
    }

    #[test]
    fn detects_multiple_and_none() {
        assert_eq!(solve(&Grid::empty()).count, SolutionCount::Multiple);
        // r1c9 must be 9 (row 1 holds 1..8) but column 9 already holds a 9.
        let p = &format!("12345678.{}{}", "........9", ".".repeat(63));
        assert_eq!(solve(&grid(p)).count, SolutionCount::None);
        // A single removed given from a unique puzzle leaves several solutions.
        let q = "....3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        assert_eq!(solve(&grid(q)).count, SolutionCount::Multiple);
    }
}
