//! HoDoKu's choice among nice loops and AICs on the HoDoKu scale.

use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::{Flavour, TechniqueId};

use crate::common::hodoku::index_sum;
use crate::common::{self, candidate_set};

/// The HoDoKu-scale path of a puzzle: each step with the grid before it.
fn hodoku_path(puzzle: &str) -> Vec<Step> {
    let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
    let mut steps = Vec::new();
    grade(&mut grid, &Scale::Hodoku.ladder(), None, &mut |step, _| {
        steps.push(step.clone())
    })
    .unwrap();
    steps
}

/// HoDoKu's sort key of an eliminating step: more eliminations first, then the smaller
/// [`index_sum`].
fn hodoku_key(step: &Step) -> (std::cmp::Reverse<u32>, u64) {
    (
        std::cmp::Reverse(step.eliminations.count()),
        index_sum(&step.eliminations),
    )
}

/// At every loop step of real HoDoKu paths, no loop of HoDoKu's search that HoDoKu sorts first
/// (more eliminations, then a smaller index sum) was passed over.
#[test]
fn hodoku_loops_take_the_most_eliminations_then_the_smallest_index_sum() {
    let Some(path) = common::shared_file("corpora/hodoku_ratings/kaggle_radcliffe_4000_hodoku.csv")
    else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles = text
        .lines()
        .skip(1)
        .filter(|l| l.contains(",Extreme,") || l.contains(",Unfair,"))
        .map(|l| l.split(',').next().unwrap())
        .take(12);
    let (mut checked, mut choices) = (0, 0);
    for puzzle in puzzles {
        let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
        grade(
            &mut grid,
            &Scale::Hodoku.ladder(),
            None,
            &mut |step, before| {
                if !matches!(
                    step.technique,
                    TechniqueId::NiceLoop | TechniqueId::GroupedNiceLoop
                ) {
                    return;
                }
                checked += 1;
                let mut others = 0;
                let _ = step.technique.info().finder_for(Flavour::Hodoku)(before, &mut |other| {
                    others += 1;
                    assert!(
                        hodoku_key(other) >= hodoku_key(step),
                        "{puzzle}: a loop HoDoKu sorts first was passed over"
                    );
                    std::ops::ControlFlow::Continue(())
                });
                if others > 1 {
                    choices += 1;
                }
            },
        )
        .unwrap();
    }
    assert!(
        checked >= 10 && choices >= 5,
        "only {checked} loop steps ({choices} with a choice)"
    );
}

/// Paths where HoDoKu 2.2 (hodoku-py) takes a loop other than GNPX's shortest: a
/// discontinuous loop placing a digit (four eliminations), an AIC with three.
#[test]
fn hodoku_loop_steps_match_hodoku_on_known_paths() {
    let steps = hodoku_path(
        "25.........946.....8...5...3..2..69...7.....419.3....5.3...89474...3.8..........6",
    );
    assert_eq!(steps[15].technique, TechniqueId::NiceLoop);
    assert_eq!(
        steps[15].eliminations,
        candidate_set(["r9c5#1", "r9c5#2", "r9c5#5", "r9c5#7"])
    );
    let steps = hodoku_path(
        ".6..1..2...42.6.........37.....8..1..2.6...4....4.75..2...54....43...7.1...3.....",
    );
    assert_eq!(steps[17].technique, TechniqueId::NiceLoop);
    assert_eq!(
        steps[17].eliminations,
        candidate_set(["r1c6#9", "r2c8#9", "r2c9#9"])
    );
}

/// HoDoKu's grouped loops do not run through ALS nodes (off by default): where ours would, the
/// ALS-XZ rung after them takes the step, as in HoDoKu.
#[test]
fn hodoku_grouped_loops_leave_als_steps_to_the_als_rungs() {
    let steps = hodoku_path(
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    );
    assert_eq!(steps[7].technique, TechniqueId::AlsXz);
    assert_eq!(steps[7].eliminations, candidate_set(["r5c6#7"]));
}

/// HoDoKu's ALS-XZ uses sets of up to eight cells: on this top1465 puzzle its fifth step is an
/// ALS-XZ through a six-cell set, which GNPX's five-cell cap would leave to ALS-XY-Wing.
#[test]
fn hodoku_als_xz_takes_sets_larger_than_gnpxs_cap() {
    let steps = hodoku_path(
        ".6.....7.2...5....7..12.9....2.....8.18...3...7..9..5.4..9.2......6..1......85..3",
    );
    assert_eq!(steps[4].technique, TechniqueId::AlsXz);
    assert_eq!(steps[4].eliminations, candidate_set(["r3c6#3"]));
    assert!(steps[4].als.iter().any(|set| set.count() > 5));
}
