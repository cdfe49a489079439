//! `--verify` over real corpora with the extended ladder: every step of every single-digit
//! pattern, wing, colouring and chain agrees with the puzzle's solution. Colourings come after
//! the chains in GNPX's order and never fire there, so a second ladder puts them (and the rare
//! Remote Pair) right after the subsets. Each new technique must fire somewhere, so the check
//! is not vacuous.

mod common;

use sudoku_grader::grader::grade;
use sudoku_grader::ladder::Ladder;
use sudoku_grader::oracle;
use sudoku_grader::puzzle::parse_puzzle;
use sudoku_grader::techniques::TechniqueId;

/// The new techniques (every rung after the subsets).
const NEW: [TechniqueId; 14] = [
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
    let ladders = [
        Ladder::gnpx_v4(),
        Ladder::gnpx_v4()
            .restricted_to(&[
                "singles",
                "intersections",
                "subsets",
                "coloring",
                "remote-pair",
            ])
            .unwrap(),
        Ladder::gnpx_v4()
            .restricted_to(&["singles", "intersections", "subsets", "multi-color-2"])
            .unwrap(),
    ];
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
        verify_file(&path, limit, &ladders, &mut used);
    }
    for technique in NEW {
        assert!(
            used[technique as usize] > 0,
            "{} never fired",
            technique.id()
        );
    }
}
