//! HoDoKu's Forcing Chain and Forcing Net (`forcing-chain`, `forcing-net`): at states where
//! HoDoKu 2.2 took such a step, ours is the same; every conclusion they find is sound; the steps
//! come in HoDoKu's order (placements by cell, then eliminations by cell and digit), so the rung
//! takes HoDoKu's choice; and the explanation spells the proof out.

use crate::common;

use sudoku_grader::core::{cell_name, Grid};
use sudoku_grader::explain::{describe, step_json};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle::solve;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

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

/// Lines of `corpora/hodoku_forcing_states.txt`: pencil marks, HoDoKu's technique, its step.
fn reference_states() -> Vec<(Grid, String, String)> {
    let text = std::fs::read_to_string(common::corpus("hodoku_forcing_states.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split_whitespace();
            let grid = parse_puzzle(fields.next().unwrap(), 1).unwrap().grid;
            let technique = fields.next().unwrap().to_string();
            let result = fields.next().unwrap().to_string();
            (grid, technique, result)
        })
        .collect()
}

#[test]
fn hodoku_forcing_steps_are_taken_at_hodoku_states() {
    let states = reference_states();
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

#[test]
fn every_forcing_conclusion_agrees_with_the_solution() {
    let mut checked = 0;
    for (grid, _, _) in reference_states().iter().take(12) {
        let solution = solve(grid)
            .solution
            .expect("reference states have one solution");
        for technique in [TechniqueId::ForcingChain, TechniqueId::ForcingNet] {
            for step in technique.find_all(grid) {
                assert_eq!(step.check_against(&solution), None, "{}", describe(&step));
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} conclusions");
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
    let states = reference_states();
    for technique in ["forcing-chain", "forcing-net"] {
        let (grid, _, _) = states.iter().find(|s| s.1 == technique).unwrap();
        let id = TechniqueId::from_id(technique).unwrap();
        let step = id.find_first(grid).unwrap();
        let proof = step.forcing.as_deref().expect("a forcing proof");
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
