//! GNPX v5.84's ratings: difficulty and method-name agreement with its own rated samples does not
//! regress.

use crate::common::{self, gnpx584_lines};

/// A GNPX rated-file line's puzzle, difficulty and method name (`<81 chars> <d> "<name>"…`).
fn gnpx_line(line: &str) -> Option<(String, String, String)> {
    let line = line.trim_start_matches('\u{feff}');
    let mut fields = line.split_whitespace();
    let puzzle = fields.next()?.to_string();
    let difficulty = fields.next()?.to_string();
    let name = line.split('"').nth(1)?.to_string();
    (puzzle.len() == 81).then_some((puzzle, difficulty, name))
}

/// GNPX v5.84's own ratings of the first `count` puzzles of a rated sample against ours on the
/// `gnpx584` scale: (difficulties agreeing, of those the method names agreeing).
fn gnpx_agreement(file: &str, count: usize) -> Option<(usize, usize)> {
    let path = common::shared_file(&format!("corpora/gnpx/generated/{file}"))?;
    let text = std::fs::read_to_string(path).unwrap();
    let reference: Vec<_> = text.lines().filter_map(gnpx_line).take(count).collect();
    let input: String = reference.iter().map(|(p, _, _)| format!("{p}\n")).collect();
    let ours: Vec<_> = gnpx584_lines(input).lines().filter_map(gnpx_line).collect();
    assert_eq!(ours.len(), reference.len());
    let same_difficulty: Vec<_> = ours
        .iter()
        .zip(&reference)
        .filter(|(o, r)| o.0 == r.0 && o.1 == r.1)
        .collect();
    let same_name = same_difficulty.iter().filter(|(o, r)| o.2 == r.2).count();
    Some((same_difficulty.len(), same_name))
}

/// GNPX v5.84 difficulty and method-name agreement on the first 2000 puzzles of its two rated
/// samples: at least the rates reached when this test was last raised (sample_1 1975 and
/// sample_2 1980 of 2000 difficulties), less a small margin; the name (the first method used at
/// the top difficulty) agrees for most of those. Skipped without ../shared.
#[test]
fn gnpx584_agreement_does_not_regress() {
    for (file, min_difficulty) in [("sample_1_20000.txt", 1960), ("sample_2_20000.txt", 1965)] {
        let Some((difficulty, name)) = gnpx_agreement(file, 2000) else {
            return;
        };
        eprintln!("{file} 1..2000: difficulty {difficulty}/2000, name {name}/{difficulty}");
        assert!(
            difficulty >= min_difficulty,
            "{file}: difficulty {difficulty}/2000"
        );
        assert!(
            name * 100 >= difficulty * 95,
            "{file}: name {name}/{difficulty}"
        );
    }
}
