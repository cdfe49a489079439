//! XYZ-Wing (ALS) (GNPX v5.84's XYZ_WingALS) on real solving states: at every state of the
//! `gnpx584` path of a slice of GNPX's own rated sample and of top1465, every step the finder
//! reports agrees with the puzzle's solution and has the pattern's shape (a stem without z
//! whose candidates are the two sets' digits but z; one set in a line of the stem outside its
//! box, the other in its box outside that line; every set cell holding z and seeing the stem;
//! targets holding z and seeing every cell of both sets). Skipped without ../shared.

use sudoku_grader::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

use crate::common;

/// Union of the candidates of `cells`.
fn digits_of(grid: &Grid, cells: Bits81) -> u16 {
    cells.iter().fold(0, |acc, c| acc | grid.candidates(c))
}

/// Panics unless `step` has the XYZ-Wing (ALS) shape in `grid`.
fn check_shape(grid: &Grid, step: &Step, context: &str) {
    let stem = step.pivot.expect("a stem") as usize;
    let stem_digits = grid.candidates(stem);
    let digits: Vec<usize> = (0..9)
        .filter(|&d| !step.eliminations.planes[d].is_empty())
        .collect();
    assert_eq!(digits.len(), 1, "{context}: one eliminated digit");
    let z = digits[0];
    assert_eq!(stem_digits & (1 << z), 0, "{context}: the stem lacks z");
    let (out, inn) = (step.als[0], step.als[1]);
    let (out_digits, inn_digits) = (digits_of(grid, out), digits_of(grid, inn));
    assert_eq!(step.rcc, [out_digits, inn_digits], "{context}");
    assert_eq!(
        (out_digits | inn_digits) & !(1 << z),
        stem_digits,
        "{context}"
    );
    for (set, set_digits) in [(out, out_digits), (inn, inn_digits)] {
        assert_eq!(
            set_digits.count_ones(),
            set.count() + 1,
            "{context}: an ALS"
        );
        assert!(set.is_subset_of(grid.plane(z) & PEERS[stem]), "{context}");
    }
    let [row, col, stem_box] = CELL_HOUSES[stem].map(usize::from);
    let line = [row, col]
        .into_iter()
        .find(|&l| out.is_subset_of(HOUSE_SETS[l].and_not(HOUSE_SETS[stem_box])))
        .unwrap_or_else(|| panic!("{context}: out lies in a stem line outside its box"));
    assert!(
        inn.is_subset_of(HOUSE_SETS[stem_box].and_not(HOUSE_SETS[line])),
        "{context}: in lies in the stem's box outside that line"
    );
    let seeing_all = (out | inn)
        .iter()
        .fold(grid.plane(z), |acc, c| acc & PEERS[c]);
    assert!(
        step.eliminations.planes[z].is_subset_of(seeing_all),
        "{context}: targets see every z place of both sets"
    );
}

/// Grades the first `limit` puzzles of `path` on the gnpx584 scale, verifying every step, and
/// checks every XYZ-Wing (ALS) step found at every state; returns (found, taken).
fn check_corpus(path: &std::path::Path, limit: usize) -> (usize, u32) {
    let ladder = Scale::Gnpx584.ladder();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut found, mut taken) = (0, 0);
    let puzzles = text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}'))
        .filter_map(|l| l.get(..81))
        .filter_map(|p| parse_puzzle(p, 1).ok())
        .take(limit);
    for (index, puzzle) in puzzles.enumerate() {
        let solution = oracle::solve(&puzzle.grid)
            .solution
            .expect("corpus puzzles are unique");
        let mut grid = puzzle.grid.clone();
        let outcome = grade(&mut grid, &ladder, Some(&solution), &mut |_, before| {
            for step in TechniqueId::XyzWingAls.find_all(before) {
                let context = format!("{}:{}", path.display(), index + 1);
                assert_eq!(
                    step.check_against(&solution),
                    None,
                    "{context}: wrong XYZ-Wing (ALS) step {step:?}"
                );
                check_shape(before, &step, &context);
                found += 1;
            }
        })
        .unwrap_or_else(|f| {
            panic!(
                "{}:{}: step {} ({}) is wrong",
                path.display(),
                index + 1,
                f.step_number,
                f.technique.id()
            )
        });
        taken += outcome.counts[TechniqueId::XyzWingAls as usize];
    }
    (found, taken)
}

#[test]
fn xyz_wing_als_steps_are_right_on_gnpx_sample_and_top1465() {
    let Some(sample) = common::shared_file("corpora/gnpx/generated/sample_1_20000.txt") else {
        return;
    };
    // Puzzles 1..600 of GNPX's sample. The ladder seldom takes an XYZ-Wing (ALS): GNPX v5's
    // Sue de Coq extensions come first and find most of them. The finder itself reports
    // thousands of wings at the states along the paths (9,913 when this test was written).
    let (found, taken) = check_corpus(&sample, 600);
    eprintln!("sample_1_20000 1..600: {found} XYZ-Wing (ALS) steps found, {taken} taken");
    assert!(found >= 1000, "only {found} XYZ-Wing (ALS) steps found");
    let Some(top) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let (found, taken) = check_corpus(&top, 150);
    eprintln!("top1465 1..150: {found} XYZ-Wing (ALS) steps found, {taken} taken");
    assert!(
        found > 0,
        "no XYZ-Wing (ALS) step on top1465's first states"
    );
}
