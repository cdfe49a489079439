//! serate's traces (`../shared/reference/se/se121_traces/*.jsonl.gz`): SE's whole path per
//! puzzle, one entry per step. Up to SE's first chain step, the `se` scale must take the same
//! steps: the same SE name and difficulty at every step, and place where SE places. Aligned
//! Triplet Exclusion, off by default until producer 21 is in, is on here.

use std::io::{BufRead, BufReader};

use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::se::{format_difficulty, se_name};

use crate::common;

/// Puzzles taken from the start of each trace file (the whole files run in
/// `scripts/se_trace_prefix.py`).
const PER_SET: usize = 60;

#[test]
fn paths_follow_ses_traces_up_to_the_first_chain() {
    let Some(dir) = common::shared_file("reference/se/se121_traces") else {
        return;
    };
    // Every rung, Aligned Triplet Exclusion included while the chain rungs are not in: up to
    // SE's first chain step, producer 21 found nothing wherever SE took a triplet.
    let ladder = Scale::Se.full_ladder();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut compared = 0;
    for file in files {
        let reader = BufReader::new(flate2::read::GzDecoder::new(
            std::fs::File::open(&file).unwrap(),
        ));
        for line in reader.lines().take(PER_SET) {
            let trace: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
            let puzzle = trace["puzzle"].as_str().unwrap();
            let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
            let mut ours = Vec::new();
            grade(&mut grid, &ladder, None, &mut |step, _| {
                let d = step.difficulty.expect("SE steps carry their difficulty").0;
                ours.push((
                    se_name(step),
                    format_difficulty(d),
                    !step.placements.is_empty(),
                ));
            })
            .unwrap();
            for (i, theirs) in trace["steps"].as_array().unwrap().iter().enumerate() {
                let name = theirs["technique"].as_str().unwrap();
                if crate::is_chain(name) {
                    break;
                }
                let want = (
                    name,
                    format_difficulty(theirs["difficulty"].as_f64().unwrap()),
                    theirs["places"].as_bool().unwrap(),
                );
                let got = ours.get(i).map(|(n, d, p)| (*n, d.clone(), *p));
                assert_eq!(
                    got.as_ref(),
                    Some(&want),
                    "{puzzle} step {}: {}",
                    i + 1,
                    theirs["text"]
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "only {compared} steps compared");
}
