//! HoDoKu's Forcing Chain and Forcing Net (`forcing-chain`, `forcing-net`): at states where
//! HoDoKu 2.2 took such a step, ours is the same; the steps come in HoDoKu's order (placements by
//! cell, then eliminations by cell and digit), so the rung takes HoDoKu's choice; and the
//! explanation spells the proof out. (That every conclusion is sound is `soundness::forcing`.)

use sudoku_grader::core::notation::cell_name;
use sudoku_grader::explain::{describe, step_json};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

use crate::common;

/// The state's one conclusion as HoDoKu prints it: `r6c7=8`, `r2c5<>6`.
fn conclusion(step: &Step) -> String {
    let placed = step
        .placements
        .iter()
        .next()
        .map(|(c, d)| format!("{}={}", cell_name(c), d + 1));
    let deleted = step
        .eliminations
        .iter()
        .next()
        .map(|(c, d)| format!("{}<>{}", cell_name(c), d + 1));
    placed.or(deleted).expect("a step concludes something")
}

#[test]
fn hodoku_forcing_steps_are_taken_at_hodoku_states() {
    let states = common::hodoku_forcing_states();
    assert!(states.len() >= 30, "only {} reference states", states.len());
    let (mut chains, mut nets) = (0, 0);
    for (grid, technique, expected) in &states {
        let chain = TechniqueId::ForcingChain.find_first(grid);
        let taken = if technique == "forcing-chain" {
            chains += 1;
            chain.expect("HoDoKu found a forcing chain here")
        } else {
            nets += 1;
            assert!(
                chain.is_none(),
                "a chain where HoDoKu needed a net ({expected})"
            );
            TechniqueId::ForcingNet
                .find_first(grid)
                .expect("HoDoKu found a forcing net here")
        };
        assert_eq!(
            &conclusion(&taken),
            expected,
            "{}",
            grid.candidates_string()
        );
    }
    assert!(
        chains >= 10 && nets >= 10,
        "{chains} chain and {nets} net states"
    );
}

/// HoDoKu's preference: placements before eliminations, then the lower cell, then the lower digit.
fn hodoku_rank(step: &Step) -> (bool, usize, usize) {
    match step.placements.iter().next() {
        Some((cell, digit)) => (false, cell, digit),
        None => {
            let (cell, digit) = step.eliminations.iter().next().unwrap();
            (true, cell, digit)
        }
    }
}

#[test]
fn hodoku_forcing_steps_are_the_preferred_conclusion_on_real_paths() {
    let ladder = Scale::Hodoku.ladder();
    let text = std::fs::read_to_string(common::corpus("hodoku_forcing_states.txt")).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# puzzle "))
        .take(6)
        .collect();
    assert!(!puzzles.is_empty());
    let mut checked = 0;
    for puzzle in puzzles {
        let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
        grade(&mut grid, &ladder, None, &mut |step, before| {
            if !matches!(
                step.technique,
                TechniqueId::ForcingChain | TechniqueId::ForcingNet
            ) {
                return;
            }
            checked += 1;
            assert_eq!(step.placements.count() + step.eliminations.count(), 1);
            if step.technique == TechniqueId::ForcingNet {
                assert!(TechniqueId::ForcingChain.find_first(before).is_none());
            }
            let all = step.technique.find_all(before);
            assert!(
                all.iter()
                    .all(|other| hodoku_rank(other) >= hodoku_rank(step)),
                "{puzzle}: a preferred {} was passed over",
                step.technique.id()
            );
        })
        .unwrap();
    }
    assert!(checked >= 6, "only {checked} forcing steps");
}

#[test]
fn forcing_steps_explain_their_premises_and_chains() {
    let states = common::hodoku_forcing_states();
    for technique in ["forcing-chain", "forcing-net"] {
        let (grid, _, _) = states.iter().find(|s| s.1 == technique).unwrap();
        let id = TechniqueId::from_id(technique).unwrap();
        let step = id.find_first(grid).unwrap();
        let proof = step.forcing.as_ref().expect("a forcing proof");
        let text = describe(&step);
        let title = if technique == "forcing-chain" {
            "Forcing Chain"
        } else {
            "Forcing Net"
        };
        assert!(text.starts_with(title), "{text}");
        assert!(
            text.contains(&format!("=> {}", conclusion(&step))),
            "{text}"
        );
        assert_eq!(text.lines().count(), 1 + proof.chains.len());
        let json = step_json(&step, 1);
        assert_eq!(json["technique"], technique);
        let chains = json["forcing"]["chains"].as_array().unwrap();
        assert!(!chains.is_empty());
        // Every chain starts at a premise.
        let premises = json["forcing"]["premises"].as_array().unwrap();
        for chain in chains {
            assert!(
                premises.contains(&chain[0]),
                "{chain} does not start at a premise"
            );
        }
    }
}
