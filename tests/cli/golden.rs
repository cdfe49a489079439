//! Byte-identity of the CLI's output against outputs committed before the restructure.
//!
//! For every scale, `grade` (CSV, the `time_us` column dropped) and `explain` (text and JSON)
//! must print exactly what the committed files in `tests/golden/` hold. Shipped corpora are
//! compared in full; `../shared` corpora (skipped when absent) are compared by SHA-256 against
//! `tests/golden/shared.sha256`. The default tier reads a slice of each shared corpus; set
//! `SGRADE_GOLDEN_FULL=1` for more of each (slow: several CPU-minutes).
//!
//! `SGRADE_GOLDEN_BLESS=1` rewrites the committed files from the current binary: do that only
//! for a change that is meant to alter output, and say so in its commit.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::common::{self, sgrade};

const SCALES: [&str; 4] = ["gnpx", "gnpx584", "hodoku", "se"];

/// The SE scale costs 10–50× the others per hard puzzle: on shared corpora it reads this
/// fraction of the lines the other scales read (in both tiers), so the default tier stays
/// within seconds.
const SE_SHARE: usize = 5;

/// Shipped corpora graded in full.
const SHIPPED: [&str; 6] = [
    "seeds.txt",
    "royle17_sample.txt",
    "kaggle_sample.csv",
    "se_exchange_sample.csv",
    "hodoku_forcing_states.txt",
    "bad_input.txt",
];

/// Shared corpora: path under `../shared`, lines read in the default tier and in the full one
/// (0 = all).
const SHARED: [(&str, usize, usize); 7] = [
    ("corpora/top1465.txt", 300, 0),
    ("corpora/royle17.txt", 5000, 0),
    ("corpora/newspaper/qqwing_levels.csv", 1000, 0),
    ("corpora/newspaper/kaggle_radcliffe_4000.csv", 500, 0),
    ("corpora/gnpx/generated/sample_1_20000.txt", 300, 2000),
    ("corpora/gnpx/generated/sample_2_20000.txt", 300, 2000),
    ("corpora/gnpx/generated/Xsample_1_20000.txt", 300, 2000),
];

/// Puzzles `explain` is run on from each graded corpus (the first unique rows).
const EXPLAINED_PER_CORPUS: usize = 8;

fn golden_dir() -> PathBuf {
    common::project_root().join("tests").join("golden")
}

fn blessing() -> bool {
    std::env::var_os("SGRADE_GOLDEN_BLESS").is_some()
}

fn full_tier() -> bool {
    std::env::var_os("SGRADE_GOLDEN_FULL").is_some()
}

/// `sgrade grade` of `input` on `scale` with the `time_us` column removed. It runs in the
/// input's folder and names the input by its file name, so that `source` is the same wherever
/// the file lies.
fn grade_without_time(input: &Path, scale: &str) -> String {
    let out = sgrade()
        .current_dir(input.parent().unwrap())
        .args(["grade", "-q", "--no-progress", "--scale", scale])
        .arg(input.file_name().unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "grade {} --scale {scale}: {}",
        input.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    drop_column(&out.stdout, "time_us")
}

/// The CSV `text` without the column named `name`, re-written with the csv crate's quoting
/// (which is sgrade's own).
fn drop_column(text: &[u8], name: &str) -> String {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text);
    let mut writer = csv::WriterBuilder::new().flexible(true).from_writer(vec![]);
    let mut drop = None;
    for record in reader.records() {
        let record = record.expect("sgrade writes valid CSV");
        let drop_at = *drop.get_or_insert_with(|| record.iter().position(|f| f == name));
        let kept: Vec<&str> = record
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != drop_at)
            .map(|(_, f)| f)
            .collect();
        writer.write_record(&kept).unwrap();
    }
    String::from_utf8(writer.into_inner().unwrap()).unwrap()
}

/// The puzzles of the first unique rows of a graded CSV (without `time_us`).
fn explained_puzzles(csv_text: &str, count: usize) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(csv_text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let puzzle = headers.iter().position(|h| h == "puzzle").unwrap();
    let status = headers.iter().position(|h| h == "status").unwrap();
    reader
        .records()
        .map(|r| r.unwrap())
        .filter(|r| &r[status] == "unique")
        .take(count)
        .map(|r| r[puzzle].to_string())
        .collect()
}

/// `sgrade explain` of each puzzle in both formats: one line per run, `<sha256>  <format>
/// <puzzle> exit <code>`, so that a difference names its puzzle.
fn explain_all(puzzles: &[String], scale: &str) -> String {
    let mut text = String::new();
    for puzzle in puzzles {
        for format in ["text", "json"] {
            let out = sgrade()
                .args(["explain", "--scale", scale, "--format", format, puzzle])
                .output()
                .unwrap();
            let hash = sha256(&String::from_utf8_lossy(&out.stdout));
            writeln!(
                text,
                "{hash}  {format} {puzzle} exit {}",
                out.status.code().unwrap_or(-1)
            )
            .unwrap();
        }
    }
    text
}

/// Compares `actual` with the committed file `relative` (or writes it when blessing); returns
/// a failure line.
fn check_file(relative: &str, actual: &str) -> Option<String> {
    let path = golden_dir().join(relative);
    if blessing() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return None;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless with SGRADE_GOLDEN_BLESS=1)", path.display()));
    if expected == actual {
        return None;
    }
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Some(format!(
        "{relative}: differs from line {}:\n  committed: {}\n  now:       {}",
        line + 1,
        expected.lines().nth(line).unwrap_or("<end>"),
        actual.lines().nth(line).unwrap_or("<end>")
    ))
}

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn shipped_corpora_grade_and_explain_are_byte_identical() {
    let mut failures = Vec::new();
    for scale in SCALES {
        let mut explained = Vec::new();
        for corpus in SHIPPED {
            let csv_text = grade_without_time(&common::corpus(corpus), scale);
            explained.extend(explained_puzzles(&csv_text, EXPLAINED_PER_CORPUS));
            failures.extend(check_file(&format!("{scale}/{corpus}.csv"), &csv_text));
        }
        let text = explain_all(&explained, scale);
        failures.extend(check_file(&format!("{scale}/explain.sha256"), &text));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The first `lines` lines of `path` (all when 0) in a temporary file.
fn head_of(path: &Path, lines: usize, dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(path).unwrap();
    let kept: String = if lines == 0 {
        text
    } else {
        text.split_inclusive('\n').take(lines).collect()
    };
    let name = path.file_name().unwrap();
    let out = dir.join(name);
    std::fs::write(&out, kept).unwrap();
    out
}

#[test]
fn shared_corpora_grade_and_explain_hash_identically() {
    let Some(_) = common::shared_file("corpora/top1465.txt") else {
        return;
    };
    let tier = if full_tier() { "full" } else { "default" };
    let hashes_path = golden_dir().join("shared.sha256");
    let committed: BTreeMap<String, String> = std::fs::read_to_string(&hashes_path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once("  "))
        .map(|(h, k)| (k.to_string(), h.to_string()))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let mut now = BTreeMap::new();
    for (relative, default_lines, full_lines) in SHARED {
        let Some(path) = common::shared_file(relative) else {
            continue;
        };
        let lines = if full_tier() {
            full_lines
        } else {
            default_lines
        };
        for scale in SCALES {
            let lines = match (scale, lines) {
                ("se", 0) => default_lines,
                ("se", lines) => lines / SE_SHARE,
                (_, lines) => lines,
            };
            let input = head_of(&path, lines, dir.path());
            let csv_text = grade_without_time(&input, scale);
            let key = format!("{tier} {scale} grade {relative}");
            now.insert(key, sha256(&csv_text));
            let puzzles = explained_puzzles(&csv_text, EXPLAINED_PER_CORPUS);
            let key = format!("{tier} {scale} explain {relative}");
            now.insert(key, sha256(&explain_all(&puzzles, scale)));
        }
    }
    if blessing() {
        let mut merged = committed.clone();
        merged.extend(now);
        let text: String = merged.iter().map(|(k, h)| format!("{h}  {k}\n")).collect();
        std::fs::write(&hashes_path, text).unwrap();
        return;
    }
    let mut failures = Vec::new();
    for (key, hash) in &now {
        match committed.get(key) {
            Some(expected) if expected == hash => {}
            Some(_) => failures.push(format!("{key}: output changed")),
            None => failures.push(format!("{key}: no committed hash")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
