//! Every fish step agrees with the puzzle's solution (`--verify`) with every fish technique on
//! the ladder, the ones off by default (sizes 5–7) included, over a slice of top1465 and the
//! qqwing expert puzzles. `soundness::corpora` checks the default ladder (fish of size ≤ 4
//! included) on whole corpora; results/fish.md has the full runs with every fish.

use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::Path;

use sudoku_grader::batch::{grade_stream, BatchOptions};
use sudoku_grader::grading::evaluate::{Evaluation, Status};
use sudoku_grader::grading::sink::FnSink;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::techniques::fish::FishTechnique;

use crate::common;

/// Grades the first `limit` lines of `path` with verification; returns (puzzles, fish steps).
fn verify(path: &Path, limit: usize, ladder: &Ladder) -> (usize, u64) {
    verify_text(&std::fs::read_to_string(path).unwrap(), limit, ladder)
}

/// Grades the first `limit` lines of `text` with verification; returns (puzzles, fish steps).
fn verify_text(text: &str, limit: usize, ladder: &Ladder) -> (usize, u64) {
    let head: String = text.lines().take(limit).flat_map(|l| [l, "\n"]).collect();
    let options = BatchOptions {
        ladder: Some(ladder),
        verify: true,
        chunk_size: 256,
        timings: None,
        dedup: None,
        ..BatchOptions::default()
    };
    let (mut puzzles, mut fish_steps) = (0, 0);
    let mut failures = Vec::new();
    let mut sink = FnSink(|_: &str, evaluation: &Evaluation| {
        if let Some(failure) = evaluation.verify_failure() {
            failures.push(format!("line {}: {failure}", evaluation.line));
        }
        if evaluation.status() == Status::Unique {
            puzzles += 1;
        }
        if let Some(outcome) = evaluation.outcome() {
            fish_steps += ladder
                .rungs()
                .iter()
                .filter(|r| FishTechnique::of(r.technique).is_some())
                .map(|r| outcome.counts[r.technique as usize] as u64)
                .sum::<u64>();
        }
        Ok(ControlFlow::Continue(()))
    });
    let _ = grade_stream(BufReader::new(head.as_bytes()), "", &options, &mut sink).unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
    (puzzles, fish_steps)
}

#[test]
fn every_fish_technique_agrees_with_the_solutions() {
    let Some(path) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let off: Vec<_> = Ladder::gnpx_v4_all()
        .rungs()
        .iter()
        .filter(|r| r.off_by_default)
        .map(|r| r.technique)
        .collect();
    let mut names = vec!["singles", "intersections", "subsets", "fish"];
    names.extend(off.iter().map(|t| t.id()));
    let ladder = Ladder::gnpx_v4_all().restricted_to(&names).unwrap();
    assert!(off.iter().all(|&t| ladder.difficulty_of(t).is_some()));
    let (puzzles, fish) = verify(&path, 300, &ladder);
    eprintln!("top1465, first 300: {fish} fish steps verified");
    assert!(puzzles == 300 && fish >= 60, "{fish} fish steps");
    let Some(qqwing) = common::shared_file("corpora/newspaper/qqwing_levels.csv") else {
        return;
    };
    let text = std::fs::read_to_string(qqwing).unwrap();
    let expert: String = text
        .lines()
        .filter(|l| l.ends_with(",expert"))
        .take(400)
        .flat_map(|l| [l.split(',').next().unwrap(), "\n"])
        .collect();
    let (puzzles, fish) = verify_text(&expert, usize::MAX, &ladder);
    eprintln!("qqwing expert, 400: {fish} fish steps verified");
    assert!(puzzles == 400 && fish >= 50, "{fish} fish steps");
}
