//! How many guesses the oracle's search makes per puzzle, per file: the size of the search tree
//! that its branching rule sets (issue 14; `results/oracle_speed.md`).
//!
//! `cargo run --release --example oracle_guesses -- FILE...`
//!
//! Each line's first word is a puzzle, 81 characters (givens) or 729 (pencil marks, such as the
//! stuck state `sgrade explain` prints), as `grade` reads them; lines starting with `#` and
//! lines that are no puzzle are skipped. Prints, per file, the puzzles, the mean guesses per
//! puzzle and how many puzzles took 0, 1-3, 4-15, 16-63, 64-255 and 256 or more.

use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::oracle;

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: oracle_guesses FILE...");
        std::process::exit(2);
    }
    for path in files {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        };
        let (mut puzzles, mut total, mut by_size) = (0u64, 0u64, [0u64; 6]);
        for line in text.lines() {
            if line.starts_with('#') {
                continue;
            }
            let word = line.split_whitespace().next().unwrap_or_default();
            let Ok(puzzle) = parse_puzzle(word, 1) else {
                continue;
            };
            let guesses = oracle::guesses(&puzzle.grid);
            puzzles += 1;
            total += u64::from(guesses);
            by_size[match guesses {
                0 => 0,
                1..=3 => 1,
                4..=15 => 2,
                16..=63 => 3,
                64..=255 => 4,
                _ => 5,
            }] += 1;
        }
        let mean = total as f64 / puzzles.max(1) as f64;
        println!(
            "{path}: {puzzles} puzzles, {mean:.2} guesses a puzzle; 0: {}, 1-3: {}, 4-15: {}, \
             16-63: {}, 64-255: {}, 256+: {}",
            by_size[0], by_size[1], by_size[2], by_size[3], by_size[4], by_size[5]
        );
    }
}
