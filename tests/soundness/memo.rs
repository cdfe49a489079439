//! The finders' memos (`techniques::memo`) are invisible: grading a corpus slice on every scale
//! with them on takes the same steps, in the same order, with the same outcome, as with every
//! search starting from nothing. Puzzles alternate on, off, on, so the memos carry state from
//! one puzzle to the next as they do in a batch.

use sudoku_grader::core::Grid;
use sudoku_grader::grading::grader::{grade, GradeOutcome};
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::memo;
use sudoku_grader::techniques::step::Step;

use crate::common;

/// The whole path (every step and the grid before it) and the outcome.
fn path(grid: &Grid, scale: Scale, memo_on: bool) -> (Vec<(Step, Grid)>, GradeOutcome) {
    let before = memo::set_enabled(memo_on);
    let mut grid = grid.clone();
    let mut steps = Vec::new();
    let outcome = grade(&mut grid, &scale.ladder(), None, &mut |step, at| {
        steps.push((step.clone(), at.clone()))
    })
    .expect("no verification asked");
    memo::set_enabled(before);
    (steps, outcome)
}

#[test]
fn memos_change_no_step_on_any_scale() {
    let (Some(hard), Some(easy)) = (
        common::shared_grids("corpora/top1465.txt", 0, 12),
        common::shared_grids("corpora/royle17.txt", 0, 150),
    ) else {
        eprintln!("skipped: ../shared/corpora (top1465, royle17) not found");
        return;
    };
    let mut compared = 0;
    for scale in Scale::ALL {
        for grid in hard.iter().chain(&easy) {
            let with = path(grid, scale, true);
            let without = path(grid, scale, false);
            assert_eq!(with, without, "{} {}", scale.name(), grid.values_string());
            assert_eq!(path(grid, scale, true), with, "{}", scale.name());
            compared += with.0.len();
        }
    }
    assert!(compared > 10_000, "{compared} steps compared");
}
