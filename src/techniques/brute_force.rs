//! Brute force, HoDoKu's last resort: place one cell's solution value, found by the oracle.
//!
//! HoDoKu places the value of the middle unsolved cell (the one at index ⌊n/2⌋ of the unsolved
//! cells in row-major order); that choice decides the rest of its path, so it is kept here.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid};
use crate::oracle::{self, SolutionCount};
use crate::techniques::step::Step;

/// Places the solution value of the middle unsolved cell, when the state has exactly one
/// solution (on any other state there is no sound value to place, so nothing is found).
pub fn brute_force(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    let count = unsolved.count() as usize;
    if count == 0 {
        return ControlFlow::Continue(());
    }
    let verdict = oracle::solve(grid);
    let (SolutionCount::Unique, Some(solution)) = (verdict.count, verdict.solution) else {
        return ControlFlow::Continue(());
    };
    let Some(cell) = unsolved.iter().nth(count / 2) else {
        return ControlFlow::Continue(());
    };
    let digit = solution[cell] as usize;
    let mut step = Step::new(TechniqueId::BruteForce);
    step.placements.insert(cell, digit);
    step.cells = Bits81::cell(cell);
    step.digits = 1 << digit;
    sink(&step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::grid;

    #[test]
    fn places_the_middle_unsolved_cell_with_its_solution_value() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let g = grid(p);
        let solution = oracle::solve(&g).solution.unwrap();
        let empty: Vec<usize> = (0..81).filter(|&c| p.as_bytes()[c] == b'.').collect();
        let middle = empty[empty.len() / 2];
        let step = TechniqueId::BruteForce.find_first(&g).unwrap();
        assert!(step
            .placements
            .iter()
            .eq([(middle, solution[middle] as usize)]));
        // A state with two solutions has no sound value to place.
        assert!(TechniqueId::BruteForce.find_first(&Grid::empty()).is_none());
    }
}
