//! The forcing techniques against the solution: GNPX's ForceChain (ForceChain_Both alone, and
//! the full ladder on the hardest puzzles), Kraken fish, and HoDoKu's Forcing Chain and Forcing
//! Net at HoDoKu's states.

use sudoku_grader::core::Grid;
use sudoku_grader::explain::describe;
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::model::superlinks::Stem;
use sudoku_grader::oracle;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::TechniqueId;

use crate::common;

/// Every `every`-th line's puzzle (first field) that parses and has a solution: the field, its
/// grid and the solution.
fn solvable_lines(text: &str, every: usize) -> impl Iterator<Item = (&str, Grid, [u8; 81])> {
    text.lines().step_by(every).filter_map(|line| {
        let field = line.split_whitespace().next()?;
        let grid = parse_puzzle(field, 1).ok()?.grid;
        let solution = oracle::solve(&grid).solution?;
        Some((field, grid, solution))
    })
}

/// `--verify` with singles and ForceChain_Both alone (so it does all the work, from both
/// polarities) on top1465 and every 20th line of the hardest forum file: every placement and
/// elimination agrees with the solution, and both kinds of result (settled, agreed) occur.
#[test]
fn force_chain_both_verifies_on_corpus_slices() {
    let ladder = Ladder::gnpx_v4_all()
        .restricted_to(&["singles", "force-chain-both"])
        .unwrap();
    let slices = [
        ("corpora/top1465.txt", 1),
        ("corpora/forum_hardest_1905_er11plus.txt", 20),
    ];
    let (mut steps, mut settled, mut agreed, mut graded) = (0, 0, 0, 0);
    for (file, every) in slices {
        let Some(path) = common::shared_file(file) else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        for (field, mut grid, solution) in solvable_lines(&text, every) {
            grade(&mut grid, &ladder, Some(&solution), &mut |step, _| {
                if step.technique != TechniqueId::ForceChainBoth {
                    return;
                }
                steps += 1;
                for c in &step.force {
                    match c.stem {
                        Stem::Both { cell, digit } if (cell, digit) == (c.cell, c.digit) => {
                            settled += 1
                        }
                        _ => agreed += 1,
                    }
                }
            })
            .unwrap_or_else(|f| panic!("{field}: {f:?}"));
            graded += 1;
        }
    }
    assert!(graded > 3800, "{graded}");
    assert!(
        steps > 500 && settled > 0 && agreed > 0,
        "{steps} {settled} {agreed}"
    );
}

/// `--verify` with the full ladder on a sample of the hardest forum puzzles (every 10th line):
/// ForceChain fires there and never disagrees with the solution.
#[test]
fn hardest_sample_verifies_with_force_chain() {
    let Some(path) = common::shared_file("corpora/forum_hardest_1905_er11plus.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let ladder = Ladder::gnpx_v4();
    let mut force_steps = 0;
    let mut graded = 0;
    for (field, mut grid, solution) in solvable_lines(&text, 10) {
        let outcome = grade(&mut grid, &ladder, Some(&solution), &mut |_, _| {})
            .unwrap_or_else(|f| panic!("{field}: {f:?}"));
        force_steps += [
            TechniqueId::ForceChainCell,
            TechniqueId::ForceChainHouse,
            TechniqueId::ForceChainContradiction,
        ]
        .iter()
        .map(|t| outcome.counts[*t as usize])
        .sum::<u32>();
        graded += 1;
    }
    assert!(graded > 4800, "{graded}");
    assert!(force_steps > 0);
}

/// The first puzzles of top1465 with the kraken ladder: Kraken fish fires, and every step agrees
/// with the solution (`grade` checks each one).
#[test]
fn kraken_fish_verifies_on_top1465() {
    let Some(path) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    // The kraken ladder of `gnpx::kraken` (Kraken fish is off by default, so it is named by id).
    let ladder = Ladder::gnpx_v4_all()
        .restricted_to(&["singles", "intersections", "subsets", "fish", "kraken-fish"])
        .unwrap();
    let (mut kraken_steps, mut puzzles_using) = (0, 0);
    for line in text.lines().take(120) {
        let mut grid = parse_puzzle(line.trim(), 1).unwrap().grid;
        let solution = oracle::solve(&grid).solution.unwrap();
        let outcome = grade(&mut grid, &ladder, Some(&solution), &mut |_, _| {})
            .unwrap_or_else(|f| panic!("{line}: {f:?}"));
        let used = outcome.counts[TechniqueId::KrakenFish as usize];
        kraken_steps += used;
        puzzles_using += usize::from(used > 0);
    }
    assert!(puzzles_using > 50, "{puzzles_using}");
    assert!(kraken_steps > 500, "{kraken_steps}");
}

#[test]
fn every_forcing_conclusion_agrees_with_the_solution() {
    let mut checked = 0;
    for (grid, _, _) in common::hodoku_forcing_states().iter().take(12) {
        let solution = oracle::solve(grid)
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
