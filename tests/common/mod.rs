//! Shared helpers of the test binaries (each includes this folder as its `common` module):
//! the one way to run `sgrade`, locating `../shared` corpora (skipping cleanly when it is absent)
//! and the project's own `corpora/`, reading CSV output, and HoDoKu's codes and regression
//! library ([`hodoku`], [`reglib`]).
// Each binary uses a part of these helpers.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sudoku_grader::core::{CandidateSet, Grid};
use sudoku_grader::input::puzzle::parse_puzzle;

pub mod hodoku;
pub mod reglib;

/// Grades `grid` in place with `ladder` as a batch does: every premise held, no solution to
/// check against and no step observer, so nothing that only explains a step is made.
pub fn grade_unobserved(
    grid: &mut Grid,
    ladder: &sudoku_grader::scales::ladder::Ladder,
) -> sudoku_grader::grading::grader::GradeOutcome {
    use sudoku_grader::techniques::step::Step;
    sudoku_grader::grading::grader::grade_timed(
        grid,
        ladder,
        sudoku_grader::techniques::Premise::ALL,
        None,
        None::<&mut dyn FnMut(&Step, &Grid)>,
        &mut sudoku_grader::timing::NoTiming,
        None,
    )
    .expect("no verification asked")
}

/// The `sgrade` binary cargo built for this test run (for a child process that is fed and read
/// while it runs; everything else goes through [`sgrade`]).
pub const SGRADE: &str = env!("CARGO_BIN_EXE_sgrade");

/// `sgrade` as a command: arguments, stdin and the expected outcome are added by the caller.
pub fn sgrade() -> assert_cmd::Command {
    assert_cmd::Command::new(SGRADE)
}

/// The stdout of `sgrade ARGS…` run inside `dir`, which must succeed (its stderr shown if not).
pub fn stdout_in(dir: &Path, args: &[&str]) -> String {
    let out = sgrade().current_dir(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The project root.
pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/<relative>` when it exists; otherwise prints why the test is skipped and returns None.
pub fn shared_file(relative: &str) -> Option<PathBuf> {
    let shared = std::env::var_os("SGRADE_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| project_root().join("..").join("shared"));
    let path = shared.join(relative);
    if path.exists() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED: {} not found (../shared is only on the developers' and CI machines)",
            path.display()
        );
        None
    }
}

/// The grids of lines `skip..skip + take` (blank lines not counted) of the one-puzzle-a-line
/// file `../shared/<relative>`, or None (the skip printed) when it is absent.
pub fn shared_grids(relative: &str, skip: usize, take: usize) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(shared_file(relative)?).unwrap();
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .skip(skip)
            .take(take)
            .map(|l| parse_puzzle(l.trim(), 1).unwrap().grid)
            .collect(),
    )
}

/// `corpora/<relative>` of the project.
pub fn corpus(relative: &str) -> PathBuf {
    project_root().join("corpora").join(relative)
}

/// The 81-character puzzles of shipped corpus files, in order: the first 81 characters of each
/// line that is not a comment, a CSV header or shorter.
pub fn shipped_puzzles(files: &[&str]) -> Vec<String> {
    files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(corpus(file)).expect("shipped corpus");
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle"))
                .filter_map(|l| l.get(..81))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// `sgrade grade --scale se` of `puzzles` (one a line, on stdin, no timing column): its rows as
/// maps from column name to value, one per puzzle, in order.
pub fn grade_se<'a>(puzzles: impl IntoIterator<Item = &'a str>) -> Vec<HashMap<String, String>> {
    let input: String = puzzles.into_iter().map(|p| format!("{p}\n")).collect();
    let out = sgrade()
        .args(["grade", "-q", "--scale", "se", "--no-timing"])
        .write_stdin(input)
        .assert()
        .success();
    csv_maps(&out.get_output().stdout)
}

/// The rows of CSV `output`, each a map from column name to value.
pub fn csv_maps(output: &[u8]) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(output);
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// `sgrade grade --scale gnpx584 --output-format gnpx` of `input`: GNPX's own lines.
pub fn gnpx584_lines(input: String) -> String {
    let out = sgrade()
        .args([
            "grade",
            "-q",
            "--scale",
            "gnpx584",
            "--output-format",
            "gnpx",
        ])
        .write_stdin(input)
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Lines of `corpora/hodoku_forcing_states.txt`: pencil marks, HoDoKu's technique, its step.
pub fn hodoku_forcing_states() -> Vec<(Grid, String, String)> {
    let text = std::fs::read_to_string(corpus("hodoku_forcing_states.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split_whitespace();
            let grid = parse_puzzle(fields.next().unwrap(), 1).unwrap().grid;
            let technique = fields.next().unwrap().to_string();
            let result = fields.next().unwrap().to_string();
            (grid, technique, result)
        })
        .collect()
}

/// `r2c4#1` → (cell, digit index): a candidate as GNPX and HoDoKu name it.
pub fn candidate(name: &str) -> (usize, usize) {
    let b = name.as_bytes();
    let (row, col, digit) = (b[1] - b'1', b[3] - b'1', b[5] - b'1');
    (row as usize * 9 + col as usize, digit as usize)
}

/// The candidates named by `names` (`r9c5#1`, …).
pub fn candidate_set<'a>(names: impl IntoIterator<Item = &'a str>) -> CandidateSet {
    names.into_iter().map(candidate).collect()
}

/// The rating histogram named `name` (`rating`, `rating (gnpx584)`, `HoDoKu level`) in a
/// summary (`grade`'s stderr, `stats`' stdout): each row's label and count, in order; `None`
/// when the summary has no such histogram.
pub fn histogram(summary: &str, name: &str) -> Option<Vec<(String, u64)>> {
    let header = format!("  {name}, ");
    let mut lines = summary.lines().skip_while(|l| !l.starts_with(&header));
    lines.next()?;
    let rows = lines
        .take_while(|l| l.starts_with("    "))
        .map(|l| {
            let mut fields = l.split_whitespace();
            let label = fields.next().expect("a label").to_string();
            let count = fields.next().expect("a count").parse().expect("a number");
            (label, count)
        })
        .collect();
    Some(rows)
}
