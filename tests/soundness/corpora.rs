//! The correctness oracle over whole real corpora: every step of the default ladder agrees with
//! the unique solution (`--verify`), and the logic-first fast path (which skips the oracle when
//! logic completes the grid) reports the same status and solution as the oracle.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use sudoku_grader::grading::evaluate::{evaluate, Status};
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::input::reader::RecordReader;
use sudoku_grader::oracle::{self, SolutionCount};
use sudoku_grader::scales::ladder::Ladder;

use crate::common;

fn check_corpus(path: &Path) -> usize {
    let ladder = Ladder::gnpx_v4();
    let mut reader = RecordReader::new(BufReader::new(File::open(path).unwrap()));
    let mut checked = 0;
    while let Some(record) = reader.next_record().unwrap() {
        let verified = evaluate(record.clone(), Some(&ladder), true);
        assert_eq!(
            verified.status(),
            Status::Unique,
            "{}:{} {}",
            path.display(),
            record.line,
            verified.message()
        );
        assert!(
            verified.verify_failure().is_none(),
            "{}: {}",
            path.display(),
            verified.message()
        );
        let fast = evaluate(record.clone(), Some(&ladder), false);
        let oracle = oracle::solve(&parse_puzzle(&record.puzzle, 1).unwrap().grid);
        assert_eq!(oracle.count, SolutionCount::Unique);
        assert_eq!(fast.status(), Status::Unique);
        assert_eq!(
            fast.solution(),
            oracle.solution.as_ref(),
            "{}:{}",
            path.display(),
            record.line
        );
        assert_eq!(
            fast.outcome(),
            verified.outcome(),
            "{}:{}",
            path.display(),
            record.line
        );
        checked += 1;
    }
    checked
}

#[test]
fn top1465_verifies() {
    if let Some(path) = common::shared_file("corpora/top1465.txt") {
        assert_eq!(check_corpus(&path), 1465);
    }
}

#[test]
fn royle17_verifies() {
    if let Some(path) = common::shared_file("corpora/royle17.txt") {
        assert_eq!(check_corpus(&path), 49158);
    }
}

#[test]
fn qqwing_levels_verify() {
    if let Some(path) = common::shared_file("corpora/newspaper/qqwing_levels.csv") {
        assert_eq!(check_corpus(&path), 4000);
    }
}

#[test]
fn shipped_corpora_verify() {
    for name in [
        "seeds.txt",
        "royle17_sample.txt",
        "se_exchange_sample.csv",
        "kaggle_sample.csv",
    ] {
        assert!(check_corpus(&common::corpus(name)) > 0, "{name}");
    }
}

#[test]
fn not_unique_puzzles_are_classified_by_the_oracle_not_the_fast_path() {
    let ladder = Ladder::gnpx_v4();
    // Blanking givens of a unique puzzle until it has several solutions.
    let unique =
        "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";
    let mut text = unique.as_bytes().to_vec();
    let mut multiple = None;
    for cell in 0..81 {
        if text[cell] != b'.' {
            text[cell] = b'.';
            let candidate = String::from_utf8(text.clone()).unwrap();
            if oracle::solve(&parse_puzzle(&candidate, 1).unwrap().grid).count
                == SolutionCount::Multiple
            {
                multiple = Some(candidate);
                break;
            }
        }
    }
    let multiple = multiple.expect("removing givens eventually allows several solutions");
    let record = sudoku_grader::input::reader::Record {
        line: 1,
        puzzle: multiple,
        column: 1,
        extra: String::new(),
        error: None,
    };
    let evaluation = evaluate(record, Some(&ladder), false);
    assert_eq!(evaluation.status(), Status::Multiple);
    assert!(evaluation.outcome().is_none() && evaluation.solution().is_none());
}
