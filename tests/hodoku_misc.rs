//! `--scale hodoku` takes HoDoKu 2.2's step where several are found: the uniqueness family in
//! HoDoKu's rectangle scan, Sue de Coq in HoDoKu's search (and with HoDoKu's wider patterns),
//! XY-Wings in HoDoKu's order of cell triples.

mod common;

use sudoku_grader::explain::elimination_names;
use sudoku_grader::grader::grade;
use sudoku_grader::puzzle::parse_puzzle;
use sudoku_grader::reglib::RegLibCase;
use sudoku_grader::scale::Scale;
use sudoku_grader::step::Step;
use sudoku_grader::techniques::TechniqueId;

/// The eliminations the `hodoku` rung of `technique` makes in `state` (729 pencil marks).
fn hodoku_rung_takes(state: &str, technique: TechniqueId) -> Vec<String> {
    let grid = parse_puzzle(state, 1).expect("valid state").grid;
    let ladder = Scale::Hodoku.ladder();
    let rung = ladder
        .rungs()
        .iter()
        .find(|r| r.technique == technique)
        .expect("on the HoDoKu ladder");
    let mut step = Step::new(technique);
    assert!(
        technique.find_chosen_into(&grid, &mut step, rung.choice),
        "no {} found",
        technique.id()
    );
    let mut names = elimination_names(&step.eliminations);
    names.sort();
    names
}

/// States on HoDoKu's own solving paths (hodoku-py, a port of HoDoKu 2.2, replayed by
/// `scripts/hodoku_state_compare.py`) where several steps of the technique exist, with the step
/// HoDoKu took. Each was taken differently before HoDoKu's choice was followed.
const HODOKU_STATES: &[(&str, TechniqueId, &str)] = &[];

#[test]
fn hodoku_rungs_take_hodokus_step_at_hodokus_states() {
    for &(state, technique, expected) in HODOKU_STATES {
        assert_eq!(
            hodoku_rung_takes(state, technique).join(" "),
            expected,
            "{} at {state}",
            technique.id()
        );
    }
}

/// HoDoKu's XY-Wing scan: three bivalue cells a < b < c, tried with a, b, then c as the pivot.
fn xy_wing_rank(step: &Step) -> (Vec<usize>, usize) {
    let cells: Vec<usize> = step.cells.iter().collect();
    let pivot = step.pivot.map(usize::from).expect("a pivot");
    let position = cells
        .iter()
        .position(|&c| c == pivot)
        .expect("pivot is a cell");
    (cells, position)
}

#[test]
fn hodoku_xy_wings_come_in_hodokus_triple_order() {
    let ladder = Scale::Hodoku.ladder();
    let mut puzzles: Vec<String> = std::fs::read_to_string(common::corpus("kaggle_sample.csv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().to_string())
        .collect();
    if let Some(path) = common::shared_file("corpora/top1465.txt") {
        let text = std::fs::read_to_string(path).unwrap();
        puzzles.extend(text.lines().take(150).map(|l| l.trim().to_string()));
    }
    let mut checked = 0;
    let mut choices = 0;
    for puzzle in &puzzles {
        let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
        grade(&mut grid, &ladder, None, &mut |step, before| {
            if step.technique != TechniqueId::XyWing {
                return;
            }
            checked += 1;
            let others = TechniqueId::XyWing.find_all(before);
            choices += usize::from(others.len() > 1);
            for other in others {
                assert!(
                    xy_wing_rank(&other) >= xy_wing_rank(step),
                    "{puzzle}: an XY-Wing earlier in HoDoKu's scan was passed over"
                );
            }
        })
        .unwrap();
    }
    assert!(checked >= 10, "only {checked} XY-Wing steps");
    assert!(choices >= 3, "only {choices} XY-Wing steps with a choice");
}

#[test]
fn hodoku_sue_de_coq_reproduces_hodoku_library() {
    fn technique_for(code: &str) -> Option<TechniqueId> {
        (code == "1101").then_some(TechniqueId::SueDeCoq)
    }
    fn reproduces(case: &RegLibCase, _: TechniqueId) -> bool {
        let mut found = false;
        let _ = sudoku_grader::techniques::sue_de_coq::sue_de_coq_hodoku(&case.grid, &mut |s| {
            found |= s.eliminations == case.eliminations;
            std::ops::ControlFlow::Continue(())
        });
        found
    }
    let Some((checked, failures)) = common::check_reglib(technique_for, reproduces) else {
        return;
    };
    assert!(checked >= 30, "only {checked} cases found");
    assert!(failures.is_empty(), "{failures:#?}");
}
