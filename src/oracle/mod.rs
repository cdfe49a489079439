//! The correctness oracle: a brute-force solver that counts solutions up to two.
//!
//! It runs on every puzzle of `solve`, `--verify` and the HoDoKu scale, so it is built for
//! speed: per-digit candidate bands with locked candidates and singles as bit operations, and a
//! guess-or-negate search on a bivalue cell (`band` has the design). The plain solver it
//! replaced is kept in `tests/oracle_support/reference.rs`, and `tests/oracle.rs` checks both
//! agree on every corpus.

mod band;
mod tables;

use crate::core::{Grid, CELLS};

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

/// Counts the solutions of `grid` (up to two) and returns the solution when it is unique.
///
/// The grid's candidates are taken as they are (eliminations included): a solution fills every
/// unsolved cell with one of its candidates.
pub fn solve(grid: &Grid) -> OracleResult {
    result_of(band::State::from_grid(grid))
}

/// [`solve`] of the puzzle with these givens (0 = empty, 1..=9 = given digit), without building
/// its [`Grid`]: the same result as `solve(&Grid::from_givens(values)?)`, for callers that
/// need nothing else of the grid (`sgrade solve`: the grid's cell masks cost a third of the
/// oracle's own time on easy puzzles). `None` where two equal givens share a house, which
/// `Grid::from_givens` refuses (found on the way, so that a caller need not look first).
pub fn solve_givens(values: &[u8; CELLS]) -> Option<OracleResult> {
    band::State::from_givens(values).map(result_of)
}

/// The guesses the oracle's search makes counting the solutions of `grid` (up to two, as
/// [`solve`] does): the size of its search tree, for benchmarks of the branching rule
/// (`examples/oracle_guesses.rs`).
pub fn guesses(grid: &Grid) -> u32 {
    band::guesses(band::State::from_grid(grid))
}

/// Counts the solutions from `state` and says what they are.
fn result_of(state: band::State) -> OracleResult {
    let mut solution = [0u8; CELLS];
    match band::count(state, 2, &mut solution) {
        0 => OracleResult {
            count: SolutionCount::None,
            solution: None,
        },
        1 => OracleResult {
            count: SolutionCount::Unique,
            solution: Some(solution),
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

    /// Every puzzle of the sample, and the sample's puzzles with givens removed (several
    /// solutions) or a given changed (none), as values.
    fn sample_values() -> Vec<[u8; 81]> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let mut out = Vec::new();
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        {
            let mut v = [0u8; 81];
            for (i, ch) in line[..81].bytes().enumerate() {
                if ch.is_ascii_digit() {
                    v[i] = ch - b'0';
                }
            }
            out.push(v);
            let first = v.iter().position(|&x| x != 0).unwrap();
            let mut fewer = v;
            fewer[first] = 0;
            out.push(fewer);
            let mut other = v;
            other[first] = other[first] % 9 + 1;
            out.push(other);
        }
        out.push([0; 81]);
        out
    }

    #[test]
    fn solving_givens_is_solving_their_grid() {
        let (mut checked, mut conflicts) = (0, 0);
        for values in sample_values() {
            // A changed given may conflict: the grid refuses it, and so do the givens' solver.
            let Ok(grid) = Grid::from_givens(&values) else {
                assert_eq!(band::State::from_givens(&values), None);
                assert_eq!(solve_givens(&values), None);
                conflicts += 1;
                continue;
            };
            assert!(band::State::from_givens(&values) == Some(band::State::from_grid(&grid)));
            assert_eq!(solve_givens(&values), Some(solve(&grid)));
            checked += 1;
        }
        assert!(
            checked > 100 && conflicts > 10,
            "{checked} solved, {conflicts} refused"
        );
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
