//! `--verify` over real corpora for the single-digit patterns, wings, colourings, chains, Sue de
//! Coq, the ALS techniques and nice loops.
//! `soundness::corpora` checks the default ladder on whole corpora; this test adds ladders that let
//! the techniques the default ladder seldom reaches fire: colourings come after the chains in
//! GNPX's order and never fire there, so two more ladders put them (and the rare Remote Pair)
//! right after the subsets. Each new technique must fire somewhere, so the check is not vacuous.

use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::TechniqueId;

use crate::common;

/// The new techniques (every rung after the subsets).
const NEW: [TechniqueId; 21] = [
    TechniqueId::Skyscraper,
    TechniqueId::TwoStringKite,
    TechniqueId::TurbotFish,
    TechniqueId::EmptyRectangle,
    TechniqueId::XyWing,
    TechniqueId::WWing,
    TechniqueId::RemotePair,
    TechniqueId::XChain,
    TechniqueId::XyChain,
    TechniqueId::ColorTrap,
    TechniqueId::ColorWrap,
    TechniqueId::MultiColor1,
    TechniqueId::MultiColor2,
    TechniqueId::XyzWing,
    TechniqueId::SueDeCoq,
    TechniqueId::AlsXz,
    TechniqueId::AlsXyWing,
    TechniqueId::AlsChain,
    TechniqueId::DeathBlossom,
    TechniqueId::NiceLoop,
    TechniqueId::GroupedNiceLoop,
];

/// Grades the first `limit` puzzles of `path` (first field of each line) with each ladder,
/// verifying every step; adds up the steps per technique.
fn verify_file(path: &std::path::Path, limit: usize, ladders: &[Ladder], used: &mut [u32]) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut graded = 0;
    for (index, line) in text.lines().enumerate() {
        if graded == limit {
            break;
        }
        let field = line.split([',', ' ', '\t']).next().unwrap_or("").trim();
        let Ok(puzzle) = parse_puzzle(field, 1) else {
            continue; // CSV header
        };
        let solution = oracle::solve(&puzzle.grid)
            .solution
            .expect("corpus puzzles are unique");
        for ladder in ladders {
            let mut grid = puzzle.grid.clone();
            let outcome = grade(&mut grid, ladder, Some(&solution), &mut |_, _| {}).unwrap_or_else(
                |failure| {
                    panic!(
                        "{}:{}: step {} ({}) is wrong: {:?}",
                        path.display(),
                        index + 1,
                        failure.step_number,
                        failure.technique.id(),
                        failure.wrong
                    )
                },
            );
            for (total, count) in used.iter_mut().zip(outcome.counts.iter()) {
                *total += count;
            }
        }
        graded += 1;
    }
}

#[test]
fn extended_ladder_makes_no_wrong_step_on_real_corpora() {
    let default = Ladder::gnpx_v4();
    let base = ["singles", "intersections", "subsets"];
    let colorings = default
        .restricted_to(&[&base[..], &["coloring", "remote-pair"]].concat())
        .unwrap();
    let multi_color_2 = default
        .restricted_to(&[&base[..], &["multi-color-2"]].concat())
        .unwrap();
    let restricted = [colorings, multi_color_2];
    let mut used = [0u32; TechniqueId::COUNT];
    let corpora = [
        ("corpora/top1465.txt", usize::MAX),
        ("corpora/royle17.txt", 10_000),
        ("corpora/newspaper/qqwing_levels.csv", 4000),
    ];
    for (relative, limit) in corpora {
        let Some(path) = common::shared_file(relative) else {
            return;
        };
        verify_file(&path, limit, &restricted, &mut used);
    }
    // The default ladder once, to see its new rungs fire (`soundness::corpora` checks it at length),
    // without its fish: in GNPX's order the finned fish come first and take every skyscraper
    // (a skyscraper is a sashimi X-Wing), so with them the single-digit rungs seldom fire.
    let top1465 = common::shared_file("corpora/top1465.txt").unwrap();
    let without_fish = default.filtered(|r| r.technique.info().family != "fish");
    verify_file(&top1465, usize::MAX, &[without_fish], &mut used);
    for technique in NEW {
        assert!(
            used[technique as usize] > 0,
            "{} never fired",
            technique.id()
        );
    }
}
