//! Every fish step agrees with the puzzle's solution (`--verify`) over real corpora. Default
//! ladder: the first 800 of top1465 (all 1465 pass too, see results/fish.md), a slice of
//! royle17 and the qqwing levels; and a slice of top1465 with every fish technique, the ones off
//! by default included.

mod common;

use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::Path;

use sudoku_grader::batch::{grade_stream, BatchOptions};
use sudoku_grader::evaluate::Status;
use sudoku_grader::ladder::{Ladder, OFF_BY_DEFAULT};
use sudoku_grader::techniques::fish::FishTechnique;

/// Grades the first `limit` lines of `path` with verification; returns (puzzles, fish steps).
fn verify(path: &Path, limit: usize, ladder: &Ladder) -> (usize, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let head: String = text.lines().take(limit).flat_map(|l| [l, "\n"]).collect();
    let options = BatchOptions {
        ladder,
        verify: true,
        chunk_size: 256,
    };
    let (mut puzzles, mut fish_steps) = (0, 0);
    let mut failures = Vec::new();
    let _ = grade_stream(BufReader::new(head.as_bytes()), &options, &mut |chunk| {
        for evaluation in chunk {
            if let Some(failure) = evaluation.verify_failure {
                failures.push(failure);
            }
            if evaluation.status == Status::Unique {
                puzzles += 1;
            }
            if let Some(outcome) = evaluation.outcome {
                fish_steps += ladder
                    .rungs()
                    .iter()
                    .filter(|r| FishTechnique::of(r.technique).is_some())
                    .map(|r| outcome.counts[r.technique as usize] as u64)
                    .sum::<u64>();
            }
        }
        Ok(ControlFlow::Continue(()))
    })
    .unwrap();
    assert!(failures.is_empty(), "{}: {failures:#?}", path.display());
    (puzzles, fish_steps)
}

#[test]
fn default_ladder_fish_agree_with_the_solutions() {
    let ladder = Ladder::gnpx_v4();
    for (file, limit, min_fish) in [
        ("corpora/top1465.txt", 800, 500),
        ("corpora/royle17.txt", 3000, 100),
        ("corpora/newspaper/qqwing_levels.csv", usize::MAX, 1),
    ] {
        let Some(path) = common::shared_file(file) else {
            return;
        };
        let (puzzles, fish) = verify(&path, limit, &ladder);
        eprintln!("{file}: {puzzles} puzzles, {fish} fish steps verified");
        assert!(puzzles > 0 && fish >= min_fish, "{file}: {fish} fish steps");
    }
}

#[test]
fn fish_off_by_default_agree_with_the_solutions() {
    let Some(path) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let mut names = vec!["singles", "intersections", "subsets", "fish"];
    names.extend(OFF_BY_DEFAULT.iter().map(|t| t.id()));
    let ladder = Ladder::gnpx_v4_all().restricted_to(&names).unwrap();
    assert!(OFF_BY_DEFAULT
        .iter()
        .all(|&t| ladder.difficulty_of(t).is_some()));
    let (puzzles, fish) = verify(&path, 150, &ladder);
    assert!(puzzles == 150 && fish > 0);
}
