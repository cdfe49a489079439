//! The seed page's fish examples through `sgrade explain` (text and JSON), and `--fish-max-size`
//! on them.

use sudoku_grader::core::Grid;
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::TechniqueId;

use crate::common::sgrade;

/// The seed's X-Wing puzzle: digit 4, base r57, cover c26.
const X_WING: &str =
    "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";
/// The seed's SwordFish/JellyFish puzzle.
const DUAL: &str =
    "...6.8...6...9...529.....483.1...4.64..3.1..2...8.6....1.4.2.7..6.7.9.5.....8....";

fn stdout_of(args: &[&str]) -> String {
    let output = sgrade().args(args).output().expect("sgrade runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("utf-8 output")
}

#[test]
fn explain_shows_the_seed_x_wing_with_its_long_form() {
    let text = stdout_of(&["explain", X_WING]);
    assert!(
        text.contains("X-Wing #4 r57/c26 → r4c2<>4 r8c2<>4"),
        "{text}"
    );
    for line in [
        "Digit: #4",
        "BaseSet: r57",
        "CoverSet: c26",
        "Eliminated: r4c2<>4 r8c2<>4",
    ] {
        assert!(text.contains(line), "{line} missing in {text}");
    }
}

/// Where the foundation ladder (singles, intersections, subsets) gets stuck on the
/// SwordFish/JellyFish puzzle.
fn foundation_stuck_state() -> Grid {
    let mut grid = parse_puzzle(DUAL, 1).expect("valid puzzle").grid;
    let foundation = Ladder::gnpx_v4()
        .restricted_to(&["singles", "intersections", "subsets"])
        .expect("foundation families");
    let outcome = grade(&mut grid, &foundation, None, &mut |_, _| {}).expect("no verification");
    assert!(!outcome.solved);
    grid
}

/// The seed's position for the dual fish: the foundation's stuck state after the Finned Franken
/// SwordFish #7 r25b2/c57b1 removes r3c3<>7 (the seed's pictures lack that candidate).
fn dual_fish_position() -> Grid {
    let mut grid = foundation_stuck_state();
    let rows_25_box_2 = 1 << 1 | 1 << 4 | 1 << 19;
    let franken = TechniqueId::FinnedFrankenSwordfish
        .find_all(&grid)
        .into_iter()
        .find(|s| s.digits == 1 << 6 && s.houses == rows_25_box_2)
        .expect("the Finned Franken SwordFish r25b2 is there");
    assert!(franken.eliminations.contains(2 * 9 + 2, 6));
    franken.apply(&mut grid);
    grid
}

/// The eliminations of the first line of `text` containing `head`.
fn eliminations_of(text: &str, head: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains(head))
        .unwrap_or_else(|| panic!("{head} missing in {text}"));
    line.split('→').nth(1).unwrap().trim().to_string()
}

#[test]
fn explain_shows_the_seed_dual_swordfish_and_jellyfish() {
    // In the stuck state r3c3 is a fin of both fish, and both remove r1c2<>7.
    let stuck = foundation_stuck_state().candidates_string();
    let text = stdout_of(&["explain", "--all", "--techniques", "fish-finned", &stuck]);
    assert_eq!(
        eliminations_of(&text, "Finned SwordFish #7 c139/r169"),
        "r1c2<>7"
    );
    assert_eq!(
        eliminations_of(&text, "Finned JellyFish #7 r2345/c2567"),
        "r1c2<>7"
    );
    // Without r3c3<>7 they are the seed's basic dual fish, with the same eliminations.
    let state = dual_fish_position().candidates_string();
    let text = stdout_of(&[
        "explain",
        "--all",
        "--techniques",
        "swordfish,jellyfish",
        &state,
    ]);
    let swordfish = eliminations_of(&text, "SwordFish #7 c139/r169");
    assert_eq!(swordfish, "r1c2<>7 r1c5<>7 r1c7<>7 r6c2<>7 r6c7<>7 r9c2<>7");
    assert_eq!(
        eliminations_of(&text, "JellyFish #7 r2345/c2567"),
        swordfish
    );
    // --fish-max-size 3 keeps the SwordFish and drops the JellyFish.
    let smaller = stdout_of(&[
        "explain",
        "--all",
        "--techniques",
        "swordfish,jellyfish",
        "--fish-max-size",
        "3",
        &state,
    ]);
    assert!(smaller.contains("SwordFish #7 c139/r169") && !smaller.contains("JellyFish"));
}

#[test]
fn explain_json_carries_base_cover_and_fins() {
    let state = dual_fish_position().candidates_string();
    let text = stdout_of(&[
        "explain",
        "--all",
        "--format",
        "json",
        "--techniques",
        "jellyfish",
        &state,
    ]);
    let steps: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let jellyfish = steps
        .iter()
        .find(|s| s["fish"]["base_set"] == serde_json::json!(["r2", "r3", "r4", "r5"]))
        .unwrap_or_else(|| panic!("no r2345 jellyfish in {text}"));
    assert_eq!(jellyfish["technique"], "jellyfish");
    assert_eq!(jellyfish["fish"]["size"], 4);
    assert_eq!(
        jellyfish["fish"]["cover_set"],
        serde_json::json!(["c2", "c5", "c6", "c7"])
    );
    assert_eq!(jellyfish["fish"]["fins"], serde_json::json!([]));
    assert!(!jellyfish["eliminations"].as_array().unwrap().is_empty());
}
