//! GNPX v5's Sue de Coq extensions (`sue-de-coq-ex1`, `sue-de-coq-ex2` and their finned forms,
//! on the `gnpx584` scale): every step agrees with the solution over real puzzles, each method
//! fires, and the ALS ones are what ALS-XZ finds from the same two sets.

use std::path::Path;

use sudoku_grader::core::{Bits81, CandidateSet, Grid};
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;
use sudoku_grader::scales::ladder::{Ladder, Rung};
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::TechniqueId;

use crate::common;

const EXTENSIONS: [TechniqueId; 4] = [
    TechniqueId::SueDeCoqEx1,
    TechniqueId::SueDeCoqEx2,
    TechniqueId::FinnedSueDeCoqEx1,
    TechniqueId::FinnedSueDeCoqEx2,
];

/// The gnpx584 ladder with the extensions moved right after the subsets, so they fire on most
/// hard states instead of the rare ones the chains leave.
fn extensions_early() -> Ladder {
    let rungs = Scale::Gnpx584.ladder().rungs().to_vec();
    let (extensions, rest): (Vec<Rung>, Vec<Rung>) = rungs
        .into_iter()
        .partition(|r| EXTENSIONS.contains(&r.technique));
    let after_subsets = rest
        .iter()
        .position(|r| r.technique == TechniqueId::XWing)
        .unwrap();
    let mut ordered = rest[..after_subsets].to_vec();
    ordered.extend(extensions);
    ordered.extend_from_slice(&rest[after_subsets..]);
    Ladder::from_rungs(ordered)
}

/// The puzzles (first field of each line) of `path`, at most `limit`.
fn puzzles(path: &Path, limit: usize) -> Vec<Grid> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let field = line
                .trim_start_matches('\u{feff}')
                .split([',', ' ', '\t'])
                .next()?;
            parse_puzzle(field.trim(), 1).ok().map(|p| p.grid)
        })
        .take(limit)
        .collect()
}

/// Every elimination ALS-XZ makes at `grid`.
fn als_xz_eliminations(grid: &Grid) -> CandidateSet {
    let mut all = CandidateSet::EMPTY;
    for step in TechniqueId::AlsXz.find_all(grid) {
        for digit in 0..9 {
            all.planes[digit] |= step.eliminations.planes[digit];
        }
    }
    all
}

fn is_within(part: &CandidateSet, whole: &CandidateSet) -> bool {
    (0..9).all(|d| part.planes[d].and_not(whole.planes[d]) == Bits81::EMPTY)
}

/// Grades `grids` on the ladder with every step checked against the solution; at each state,
/// checks every Ex1 and finned Ex1 step against ALS-XZ. Returns the steps per extension.
fn check(grids: &[Grid], ladder: &Ladder) -> [u32; 4] {
    let mut fired = [0u32; 4];
    for (index, puzzle) in grids.iter().enumerate() {
        let solution = oracle::solve(puzzle).solution.expect("unique puzzle");
        let mut grid = puzzle.clone();
        let outcome = grade(&mut grid, ladder, Some(&solution), &mut |step, state| {
            if !matches!(
                step.technique,
                TechniqueId::SueDeCoqEx1 | TechniqueId::FinnedSueDeCoqEx1
            ) {
                return;
            }
            // Both are ALS-XZ (doubly or singly linked) with the stem as one set: ALS-XZ,
            // searched independently, removes at least as much.
            assert!(
                is_within(&step.eliminations, &als_xz_eliminations(state)),
                "puzzle {}: {:?} removes more than ALS-XZ",
                index + 1,
                step.technique
            );
        })
        .unwrap_or_else(|failure| {
            panic!(
                "puzzle {}: step {} ({}) is wrong: {:?}",
                index + 1,
                failure.step_number,
                failure.technique.id(),
                failure.wrong
            )
        });
        for (slot, technique) in fired.iter_mut().zip(EXTENSIONS) {
            *slot += outcome.counts[technique as usize];
        }
    }
    fired
}

#[test]
fn extensions_are_sound_and_fire_on_shipped_puzzles() {
    let grids = puzzles(&common::corpus("se_exchange_sample.csv"), 400);
    let fired = check(&grids, &extensions_early());
    for (technique, count) in EXTENSIONS.iter().zip(fired) {
        assert!(count > 0, "{technique:?} never fired");
    }
}

#[test]
fn extensions_are_sound_on_gnpx_and_hard_corpora() {
    let files = [
        ("corpora/gnpx/generated/sample_1_20000.txt", 600),
        ("corpora/top1465.txt", 300),
    ];
    for (file, limit) in files {
        let Some(path) = common::shared_file(file) else {
            continue; // shared_file said why
        };
        let grids = puzzles(&path, limit);
        for ladder in [Scale::Gnpx584.ladder(), extensions_early()] {
            let fired = check(&grids, &ladder);
            assert!(fired.iter().sum::<u32>() > 0, "{file}: no extension fired");
        }
    }
}
