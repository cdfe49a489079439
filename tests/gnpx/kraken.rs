//! Kraken fish (type 1): it stands on GNPX's full ladder (off by default), every elimination at
//! a stuck state agrees with the solution, each fin carries a chain to each target, and the text
//! and JSON show the fish and the chains in GNPX's notation. (Its corpus run with `--verify` is
//! in `soundness::forcing`.)
//! HoDoKu's regression library has no Kraken lines to compare with (codes 0371/0372 have headers
//! only).

use sudoku_grader::core::{Bits81, Grid, PEERS};
use sudoku_grader::explain::{describe, step_json};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::model::superlinks::{branch_text, Stem};
use sudoku_grader::oracle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::TechniqueId;

use crate::common::sgrade;

/// top1465 #1: the basic fish ladder gets stuck on it and Kraken fish goes on.
const TOP1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The fish ladder Kraken fish is tried with (it is off by default, so it is named by id).
const KRAKEN_LADDER: [&str; 5] = ["singles", "intersections", "subsets", "fish", "kraken-fish"];

fn kraken_ladder() -> Ladder {
    Ladder::gnpx_v4_all().restricted_to(&KRAKEN_LADDER).unwrap()
}

/// `puzzle` after the kraken ladder without Kraken fish, and its solution.
fn stuck_state(puzzle: &str) -> (Grid, [u8; 81]) {
    let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
    let solution = oracle::solve(&grid).solution.unwrap();
    let ladder = kraken_ladder().filtered(|r| r.technique != TechniqueId::KrakenFish);
    let outcome = grade(&mut grid, &ladder, Some(&solution), &mut |_, _| {}).unwrap();
    assert!(!outcome.solved);
    (grid, solution)
}

#[test]
fn kraken_fish_is_off_by_default_and_back_by_id() {
    assert!(Ladder::gnpx_v4()
        .difficulty_of(TechniqueId::KrakenFish)
        .is_none());
    let ladder = kraken_ladder();
    assert_eq!(ladder.difficulty_of(TechniqueId::KrakenFish), Some(13));
    let all = Ladder::gnpx_v4_all();
    let position = |t| all.rungs().iter().position(|r| r.technique == t).unwrap();
    assert!(position(TechniqueId::KrakenFish) < position(TechniqueId::ForceChainCell));
}

#[test]
fn every_fin_proves_every_target_false_by_a_chain() {
    let (grid, solution) = stuck_state(TOP1);
    let steps = TechniqueId::KrakenFish.find_all(&grid);
    assert!(!steps.is_empty());
    for step in &steps {
        assert!(step.check_against(&solution).is_none(), "{step:?}");
        assert!(!step.fins.is_empty());
        let digit = step.digits.trailing_zeros() as usize;
        let seeing_fins = step.fins.iter().fold(Bits81::ALL, |acc, f| acc & PEERS[f]);
        assert_eq!(
            step.force.len(),
            step.eliminations.planes[digit].count() as usize
        );
        for conclusion in &step.force {
            let target = conclusion.cell as usize;
            // A plain finned fish would already remove a target that sees every fin.
            assert!(!seeing_fins.contains(target));
            assert_eq!(conclusion.stem, Stem::Fins { digit: digit as u8 });
            assert!(!conclusion.truth);
            assert_eq!(conclusion.branches.len(), step.fins.count() as usize);
            for (fin, branch) in step.fins.iter().zip(&conclusion.branches) {
                let first = branch.first().unwrap();
                assert_eq!(first.from.cells, Bits81::cell(fin));
                assert!(first.from.on && first.from.digit as usize == digit);
                let last = branch.last().unwrap();
                assert_eq!(last.to.cells, Bits81::cell(target));
                assert!(!last.to.on && last.to.digit as usize == digit);
            }
        }
    }
}

#[test]
fn text_and_json_show_the_fish_and_one_chain_per_fin() {
    let (grid, _) = stuck_state(TOP1);
    let step = TechniqueId::KrakenFish.find_first(&grid).unwrap();
    let text = describe(&step);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "Kraken Fish: Finned X-Wing #2 r14/c37 fins r1c89 r4c19 → r3c7<>2"
    );
    assert_eq!(lines.next().unwrap().trim(), "r3c7#2 is false");
    let chains: Vec<&str> = lines.map(str::trim).collect();
    assert_eq!(chains.len(), 4, "{text}");
    assert_eq!(chains[0], "[W r1c8/+2 -> r3c7/-2]");
    assert_eq!(chains[1], "[W r1c9/+2 -> r3c7/-2]");
    assert!(chains[2].starts_with("[W r4c1/+2 -> ") && chains[2].ends_with(" -> r3c7/-2]"));
    assert!(chains[3].starts_with("[W r4c9/+2 -> ") && chains[3].ends_with(" -> r3c7/-2]"));
    let json = step_json(&step, 1);
    assert_eq!(json["technique"], "kraken-fish");
    assert_eq!(json["fish"]["base_set"], serde_json::json!(["r1", "r4"]));
    assert_eq!(json["fish"]["cover_set"], serde_json::json!(["c3", "c7"]));
    assert_eq!(
        json["fish"]["fins"],
        serde_json::json!(["r1c8", "r1c9", "r4c1", "r4c9"])
    );
    let force = &json["force"][0];
    assert_eq!(force["cell"], "r3c7");
    assert_eq!(force["truth"], false);
    assert_eq!(force["branches"].as_array().unwrap().len(), 4);
    assert_eq!(branch_text(&step.force[0].branches[3]), chains[3]);
}

#[test]
fn explain_prints_kraken_steps_when_named() {
    let output = sgrade()
        .args(["explain", "--techniques", &KRAKEN_LADDER.join(","), TOP1])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success());
    assert!(
        text.contains("Kraken Fish: Finned X-Wing #2 r14/c37"),
        "{text}"
    );
    assert!(text.contains("       [W r1c8/+2 -> r3c7/-2]"), "{text}");
}
