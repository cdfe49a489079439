//! `sgrade explain` on the seed pages' examples (GNPX seeds 001 XY-Wing and 003 Skyscraper): with
//! the ladder limited to singles, intersections, subsets and the technique, the technique shows.

use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;

use crate::common::sgrade;

/// Seed 001's XY-Wing examples.
const XY_WING_SEEDS: [&str; 3] = [
    ".1..7.69.4.6.9..1.5.9.2...87....9....9..3..8....8....41...6.8.9.8..4.7.5.67.8..4.",
    "6..1....7..18.73...2.3...9..5.9.8641.........1482.6.3..7...2.1...64.18..8....3..4",
    "..8..5..6.3.......6.2.4.5.7...384.59..65..2.39..7...4...4.5.8.....2.8...8.946....",
];

/// Seed 003's Skyscraper examples.
const SKYSCRAPER_SEEDS: [&str; 2] = [
    ".5.....9.3...2...5..2...68.....65....8.7..4.9...9.1.5...6.5..322.5..49...7..9.5.6",
    "56...........23.4.9.....18.6....14...592.486...16....3.36.....9.7.36...........34",
];

/// GNPX's Skyscraper: the three ids it is split into.
const GNPX_SKYSCRAPER: &str = "skyscraper,two-string-kite,turbot-fish";

fn explain(args: &[&str]) -> String {
    let output = sgrade().arg("explain").args(args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn xy_wing_seed_examples_need_an_xy_wing() {
    for puzzle in XY_WING_SEEDS {
        let text = explain(&[
            "--techniques",
            "singles,intersections,subsets,xy-wing",
            puzzle,
        ]);
        assert!(text.contains("XY Wing Pivot: r"), "{puzzle}\n{text}");
        assert!(text.contains("Eliminated: r"), "{text}");
        assert!(
            text.contains("solved in") && text.contains("hardest: xy-wing"),
            "{text}"
        );
        // Without it the same ladder is stuck.
        let stuck = explain(&["--techniques", "singles,intersections,subsets", puzzle]);
        assert!(stuck.contains("stuck after"), "{stuck}");
    }
}

#[test]
fn skyscraper_seed_examples_need_a_skyscraper() {
    for puzzle in SKYSCRAPER_SEEDS {
        let ladder = format!("singles,intersections,subsets,{GNPX_SKYSCRAPER}");
        let text = explain(&["--techniques", &ladder, puzzle]);
        assert!(text.contains(". Skyscraper #"), "{puzzle}\n{text}");
        assert!(text.contains("solved in"), "{text}");
    }
}

#[test]
fn skyscraper_seed_states_hold_several_skyscrapers() {
    // The seed shows three different skyscrapers at one state of each puzzle: the state where
    // singles, intersections and subsets are stuck. `explain --all` lists every one there.
    for puzzle in SKYSCRAPER_SEEDS {
        let stuck = explain(&["--techniques", "singles,intersections,subsets", puzzle]);
        let state = stuck
            .lines()
            .last()
            .and_then(|line| line.split("state: ").nth(1))
            .unwrap_or_else(|| panic!("{stuck}"))
            .trim()
            .to_string();
        assert_eq!(state.len(), 729);
        let listed = explain(&[
            "--all",
            "--format",
            "json",
            "--techniques",
            GNPX_SKYSCRAPER,
            &state,
        ]);
        let solution = oracle::solve(&parse_puzzle(puzzle, 1).unwrap().grid)
            .solution
            .unwrap();
        let mut eliminations: Vec<Vec<String>> = Vec::new();
        for line in listed.lines() {
            let step: serde_json::Value = serde_json::from_str(line).unwrap();
            if step.get("step").is_none() {
                // `--all` opens with the counts per technique (and notes what `--limit` cut).
                continue;
            }
            assert_eq!(step["links"].as_array().unwrap().len(), 3, "{step}");
            let removed: Vec<String> = step["eliminations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e.as_str().unwrap().to_string())
                .collect();
            // Every elimination agrees with the solution (`r2c4<>4`).
            for name in &removed {
                let b = name.as_bytes();
                let cell = (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize;
                assert_ne!(solution[cell] + 1, b[6] - b'0', "{name} in {step}");
            }
            if !eliminations.contains(&removed) {
                eliminations.push(removed);
            }
        }
        assert!(
            eliminations.len() >= 3,
            "{puzzle}: only {eliminations:?}\n{listed}"
        );
    }
}

#[test]
fn chain_steps_print_gnpx_links_in_text_and_json() {
    let puzzle = XY_WING_SEEDS[0];
    let json = explain(&[
        "--format",
        "json",
        "--techniques",
        "singles,intersections,subsets,xy-wing",
        puzzle,
    ]);
    let wing: serde_json::Value = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["technique"] == "xy-wing")
        .unwrap();
    assert_eq!(wing["pivot"], "r6c2");
    let links = wing["links"].as_array().unwrap();
    assert_eq!(links.len(), 5);
    assert_eq!(links[0]["kind"], "S");
    assert_eq!(links[1]["kind"], "W");
    assert_eq!(wing["cells"].as_array().unwrap().len(), 3);
    assert_eq!(wing["eliminations"], serde_json::json!(["r3c8<>7"]));
    assert_eq!(
        wing["text"],
        "XY Wing Pivot: r6c2(#23) Pin: r3c2(#37) ,r6c8(#27) Eliminated: r3c8(#7)"
    );
}
