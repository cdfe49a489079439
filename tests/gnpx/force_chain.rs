//! ForceChain against GNPX's seed page (seed 004): at the state the singles reach on the seed's
//! puzzle, the cell, house and contradiction forms find what the page lists; the text and JSON
//! carry GNPX's titles and link notation; the forms share one evaluation per candidate. (The
//! corpus runs with `--verify` are in `soundness::forcing`.)

use sudoku_grader::core::{cell_at, Bits81, Grid};
use sudoku_grader::explain::{describe, step_json};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::model::superlinks::{evaluations_run, with_force_engine, Stem};
use sudoku_grader::oracle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::force_chain::common_truths;
use sudoku_grader::techniques::TechniqueId;

use crate::common::candidate;

const SEED: &str =
    "1526.7.893...5...4...9.3..75.8...2.6.6.....9.9.3...4.14..5.6...6...3...573.4.1962";

/// The seed puzzle after the singles, and its solution.
fn singles_state() -> (Grid, [u8; 81]) {
    let mut grid = parse_puzzle(SEED, 1).unwrap().grid;
    let solution = oracle::solve(&grid).solution.unwrap();
    let singles = Ladder::from_rungs(
        Ladder::gnpx_v4()
            .rungs()
            .iter()
            .copied()
            .filter(|r| r.technique.info().family == "singles")
            .collect(),
    );
    let outcome = grade(&mut grid, &singles, Some(&solution), &mut |_, _| {}).unwrap();
    assert!(!outcome.solved, "the seed puzzle needs more than singles");
    (grid, solution)
}

/// The page's three truths from stem r2c8 (cell form) and from row 2's #1 (house form).
const TRUTHS: [&str; 3] = ["r6c6#2", "r2c6#8", "r6c4#8"];

#[test]
fn cell_and_house_forms_prove_the_seed_truths() {
    let (grid, solution) = singles_state();
    let r2c8 = cell_at(1, 7);
    let row2_ones: Vec<(usize, usize)> = (grid.plane(0) & sudoku_grader::core::HOUSE_SETS[1])
        .iter()
        .map(|c| (c, 0))
        .collect();
    assert_eq!(row2_ones, vec![candidate("r2c4#1"), candidate("r2c8#1")]);
    with_force_engine(&grid, |engine| {
        let from_cell = common_truths(engine, [(r2c8, 0), (r2c8, 1)].into_iter()).unwrap();
        let from_house = common_truths(engine, row2_ones.iter().copied()).unwrap();
        for name in TRUTHS {
            let (cell, digit) = candidate(name);
            assert!(from_cell[digit].contains(cell), "stem r2c8 proves {name}");
            assert!(from_house[digit].contains(cell), "row2#1 proves {name}");
        }
        // The page's r2c8#1 is one of its contradictions, so the cell form rests on r2c8#2 (the
        // page prints a chain for r2c8#1 too; a false assumption proves anything).
        assert!(engine.evaluate(r2c8, 0).contradiction.is_some());
        assert!(engine.evaluate(r2c8, 1).contradiction.is_none());
    });
    // The bundled steps hold the truths (stems in scan order: r2c4 comes before r2c8), all right.
    let cell_step = TechniqueId::ForceChainCell.find_first(&grid).unwrap();
    let house_step = TechniqueId::ForceChainHouse.find_first(&grid).unwrap();
    for name in TRUTHS {
        let (cell, digit) = candidate(name);
        assert!(cell_step.placements.contains(cell, digit), "{name}");
        assert!(house_step.placements.contains(cell, digit), "{name}");
    }
    assert!(cell_step.check_against(&solution).is_none());
    assert!(house_step.check_against(&solution).is_none());
    assert!(house_step
        .force
        .iter()
        .any(|c| c.stem == Stem::House { house: 1, digit: 0 }
            && (c.cell as usize, c.digit as usize) == candidate("r6c6#2")));
}

#[test]
fn contradiction_form_eliminates_the_seed_candidates() {
    let (grid, solution) = singles_state();
    let listed = [
        "r2c4#2", "r2c6#2", "r2c8#1", "r3c5#1", "r3c8#2", "r4c4#7", "r4c8#3", "r5c4#1", "r5c5#7",
        "r5c7#7", "r5c9#8", "r6c4#2", "r6c6#8", "r7c2#8", "r7c5#2", "r7c8#7", "r7c9#3", "r8c2#2",
        "r8c4#7", "r8c7#8",
    ];
    let step = TechniqueId::ForceChainContradiction
        .find_first(&grid)
        .unwrap();
    for name in listed {
        let (cell, digit) = candidate(name);
        assert!(step.eliminations.contains(cell, digit), "{name} is false");
    }
    // Three more than the page: r2c4#8, r5c4#3 and r5c4#8. Our ALS links also leave an ALS by
    // weak links to every outside cell seeing all its holders of a digit, and fire when all its
    // entry cells are false (GNPX's page only shows one-cell entries and exits into the set), so
    // more candidates reach a contradiction. All are false in the solution.
    assert_eq!(step.eliminations.count(), 23);
    for name in ["r2c4#8", "r5c4#3", "r5c4#8"] {
        let (cell, digit) = candidate(name);
        assert!(step.eliminations.contains(cell, digit), "{name}");
    }
    assert!(step.check_against(&solution).is_none());
    // Every result carries the two branches that contradict each other.
    for conclusion in &step.force {
        assert_eq!(conclusion.branches.len(), 2);
        let ends: Vec<_> = conclusion
            .branches
            .iter()
            .map(|b| b.last().unwrap().to)
            .collect();
        assert_eq!(ends[0].cells, ends[1].cells);
        assert_eq!(ends[0].digit, ends[1].digit);
        assert!(ends[0].on && !ends[1].on);
        let start = conclusion.branches[0][0].from;
        assert_eq!(start.cells, Bits81::cell(conclusion.cell as usize));
        assert!(start.on);
    }
}

#[test]
fn steps_print_gnpx_titles_and_links() {
    let (grid, _) = singles_state();
    let house = describe(&TechniqueId::ForceChainHouse.find_first(&grid).unwrap());
    assert!(
        house.contains("ForceChain_House(row2#1) r6c6#2 is true"),
        "{house}"
    );
    let step = TechniqueId::ForceChainContradiction
        .find_first(&grid)
        .unwrap();
    let text = describe(&step);
    assert!(text.starts_with("ForceChain_Contradiction r2c4#2 is false\n"));
    assert!(text.contains("[W r2c4/+2 -> "), "{text}");
    assert!(text.contains(" => [S (ALS:"), "{text}");
    let json = step_json(&step, 26);
    let first = &json["force"][0];
    assert_eq!(first["title"], "ForceChain_Contradiction r2c4#2 is false");
    assert_eq!(first["stem"], "r2c4#2");
    assert_eq!(first["truth"], false);
    assert_eq!(first["branches"][0][0]["kind"], "W");
    assert_eq!(first["branches"][0][0]["from"], "r2c4/+2");
    let has_als = json["force"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["branches"].as_array().unwrap())
        .flat_map(|b| b.as_array().unwrap())
        .any(|l| l["als"].is_string());
    assert!(has_als);
}

#[test]
fn the_three_forms_share_one_evaluation_per_candidate() {
    let (grid, _) = singles_state();
    let candidates: u64 = grid
        .unsolved()
        .iter()
        .map(|c| grid.candidates(c).count_ones() as u64)
        .sum();
    // Evaluations run on this thread (tests run on their own threads).
    let before = evaluations_run();
    TechniqueId::ForceChainCell.find_all(&grid);
    let after_cell = evaluations_run();
    TechniqueId::ForceChainHouse.find_all(&grid);
    TechniqueId::ForceChainContradiction.find_all(&grid);
    let after_all = evaluations_run();
    assert_eq!(after_cell - before, candidates);
    // The house and contradiction forms read the cache only.
    assert_eq!(after_all, after_cell);
    // ForceChain_Both adds the false origins only: two evaluations per candidate in all.
    TechniqueId::ForceChainBoth.find_all(&grid);
    let after_both = evaluations_run();
    assert_eq!(after_both - before, 2 * candidates);
    TechniqueId::ForceChainBoth.find_all(&grid);
    TechniqueId::ForceChainContradiction.find_all(&grid);
    assert_eq!(
        evaluations_run(),
        after_both,
        "the second round reads the cache only"
    );
}

/// At the seed's state ForceChain_Both settles every candidate whose one assumption is
/// contradictory: it eliminates all the contradiction form eliminates and places candidates
/// whose false origin contradicts, with branches from `X/-d`; all agree with the solution.
#[test]
fn both_polarities_settle_the_seed_candidates() {
    let (grid, solution) = singles_state();
    let step = TechniqueId::ForceChainBoth.find_first(&grid).unwrap();
    assert!(step.check_against(&solution).is_none());
    let contradiction = TechniqueId::ForceChainContradiction
        .find_first(&grid)
        .unwrap();
    for d in 0..9 {
        assert!(contradiction.eliminations.planes[d].is_subset_of(step.eliminations.planes[d]));
    }
    let mut placed_by_false_origin = 0;
    for conclusion in &step.force {
        let Stem::Both { cell, digit } = conclusion.stem else {
            panic!("stem {:?}", conclusion.stem);
        };
        assert_eq!(conclusion.branches.len(), 2);
        let start = conclusion.branches[0][0].from;
        if (cell, digit) == (conclusion.cell, conclusion.digit) {
            // Settled: the opposite assumption proves one candidate both true and false.
            assert_eq!(start.on, !conclusion.truth);
            let ends: Vec<_> = conclusion
                .branches
                .iter()
                .map(|b| b.last().unwrap().to)
                .collect();
            assert_eq!(
                (ends[0].cells, ends[0].digit),
                (ends[1].cells, ends[1].digit)
            );
            assert!(ends[0].on && !ends[1].on);
            placed_by_false_origin += usize::from(conclusion.truth);
        } else {
            // Agreed: one branch from each assumption.
            assert!(start.on && !conclusion.branches[1][0].from.on);
        }
        assert_eq!(start.cells, Bits81::cell(cell as usize));
    }
    assert!(placed_by_false_origin > 0);
    let (r2c4, one) = candidate("r2c4#1");
    assert!(step.placements.contains(r2c4, one));
    let text = describe(&step);
    assert!(
        text.starts_with(
            "ForceChain_Both(r2c4#1) r2c4#1 is true\n       [W (ALS:r26c4) r2c4/-1 -> "
        ),
        "{text}"
    );
    let json = step_json(&step, 26);
    assert_eq!(json["force"][0]["stem"], "r2c4#1");
    assert_eq!(json["force"][0]["branches"][0][0]["from"], "r2c4/-1");
}
