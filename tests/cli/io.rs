//! Output handling every subcommand shares: a reader that goes away (`| head`), write errors
//! named after the output, an output that is one of the inputs, inputs checked before any
//! output.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{self, sgrade};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sgrade"))
}

/// Runs `sgrade args` with its stdout a pipe whose read end is closed before the first write:
/// every write fails with a broken pipe.
fn closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A result CSV of the seeds corpus, for `stats` and `compare`.
fn results_csv(dir: &Path) -> PathBuf {
    let path = dir.join("seeds.csv");
    sgrade()
        .args(["grade", "-q", "-o"])
        .arg(&path)
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
    path
}

#[test]
fn every_subcommand_exits_quietly_when_its_reader_goes_away() {
    let dir = tempfile::tempdir().unwrap();
    let csv = results_csv(dir.path());
    let csv = csv.to_str().unwrap();
    let seeds = common::corpus("seeds.txt");
    let seeds = seeds.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["explain", EASY, "--all"],
        vec!["explain", EASY],
        vec!["grade", "-q", seeds],
        vec!["find", "-q", "--needs", "singles", seeds],
        vec!["solve", "-q", seeds],
        vec!["stats", csv],
        vec!["canon", "-q", seeds],
        vec!["shuffle", seeds],
        vec!["compare", csv, csv],
        vec!["report", csv],
        vec![
            "bench", "--reps", "1", "--warmup", "0", "--limit", "5", seeds,
        ],
    ];
    for args in runs {
        let (code, stderr) = closed_pipe(&args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_write_error_names_the_output_not_the_input() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for command in ["grade", "solve", "canon"] {
        sgrade()
            .args([command, "-q", "-o", "/dev/full"])
            .arg(common::corpus("seeds.txt"))
            .assert()
            .code(2)
            .stderr(predicates::str::starts_with(
                "sgrade: -o /dev/full: No space left on device",
            ));
    }
}

#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::copy(common::corpus("seeds.txt"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let link = dir.path().join("link.txt");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&input, &link).unwrap();
    #[cfg(not(unix))]
    std::fs::hard_link(&input, &link).unwrap();
    let dotted = dir.path().join(".").join("in.txt");
    for output in [&input, &link, &dotted] {
        for command in [
            vec!["grade"],
            vec!["find", "--needs", "singles"],
            vec!["solve"],
            vec!["canon"],
            vec!["shuffle"],
        ] {
            sgrade()
                .args(&command)
                .arg(&input)
                .arg("-o")
                .arg(output)
                .assert()
                .code(2)
                .stderr(predicates::str::contains("refusing to overwrite"));
            assert_eq!(std::fs::read(&input).unwrap(), before, "{command:?}");
        }
    }
    sgrade()
        .args(["grade", "--timings"])
        .arg(&link)
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--timings"));
    assert_eq!(std::fs::read(&input).unwrap(), before);
}

#[test]
fn inputs_are_checked_before_any_output() {
    let dir = tempfile::tempdir().unwrap();
    let seeds = common::corpus("seeds.txt");
    let missing = dir.path().join("missing.txt");
    for command in ["grade", "solve", "canon", "shuffle"] {
        for bad in [dir.path(), missing.as_path()] {
            let out = dir.path().join("out.csv");
            sgrade()
                .arg(command)
                .arg(&seeds)
                .arg(bad)
                .arg("-o")
                .arg(&out)
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicates::str::contains(bad.display().to_string()));
            assert!(!out.exists(), "{command} {}: output created", bad.display());
        }
    }
    for command in [vec!["find", "--needs", "singles"], vec!["bench"]] {
        sgrade()
            .args(&command)
            .arg(&seeds)
            .arg(dir.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains("is a directory"));
    }
}

/// Rows reach the output as soon as every earlier row is done, not when a whole chunk is: a
/// run killed part-way keeps the header and its first rows, complete and in input order.
#[test]
fn rows_are_written_as_they_finish_and_survive_a_kill() {
    let Some(hard) = common::shared_file("corpora/top1465.txt") else {
        eprintln!("skipped: ../shared is absent");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rows.csv");
    let mut child = Command::new(bin())
        .args(["grade", "-q", "--no-progress", "-o"])
        .arg(&out)
        .arg(&hard)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let text = loop {
        let text = std::fs::read_to_string(&out).unwrap_or_default();
        if text.lines().count() >= 3 {
            break text;
        }
        assert!(child.try_wait().unwrap().is_none(), "the run ended first");
        assert!(started.elapsed().as_secs() < 120, "no rows after 2 minutes");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(still_running, "the first rows came only at the end");
    assert!(text.starts_with("source,line,puzzle,"));
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let lines: Vec<u64> = reader
        .records()
        .map(|r| r.unwrap()[1].parse().unwrap())
        .collect();
    assert_eq!(lines, (1..=lines.len() as u64).collect::<Vec<_>>());
}
