//! Interrupting `grade -o` and resuming it: SIGINT, SIGTERM and SIGKILL at random moments
//! leave a byte prefix of the uninterrupted output (every row complete and in input order, at
//! most the last one partial after SIGKILL), SIGINT/SIGTERM flush every finished row and say
//! how many, and `--resume` completes the file to exactly the uninterrupted output.
//!
//! The default run makes a few trials on a small input. The slow tier (`#[ignore]`d; run it
//! with `cargo test --release --test cli interruption -- --ignored --nocapture`) makes the
//! issue's 10 trials per signal on 500,000 lines and prints what `results/reliability.md`
//! reports.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, SGRADE};

/// An input of `lines` puzzle lines: the shipped bad-input file (so some rows are invalid or
/// not unique), then the shipped 17-clue sample over and over.
fn input(dir: &Path, lines: usize) -> PathBuf {
    let bad = std::fs::read_to_string(common::corpus("bad_input.txt")).unwrap();
    let sample = std::fs::read_to_string(common::corpus("royle17_sample.txt")).unwrap();
    let puzzles: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).collect();
    let mut text = bad;
    for i in 0..lines {
        text.push_str(puzzles[i % puzzles.len()]);
        text.push('\n');
    }
    let path = dir.join("input.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// `sgrade grade --no-timing -o OUT ARGS… INPUT` as a child process.
fn start(out: &Path, input: &Path, extra: &[&str]) -> std::process::Child {
    Command::new(SGRADE)
        .args(["grade", "-q", "--no-timing", "-o"])
        .arg(out)
        .args(extra)
        .arg(input)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The uninterrupted output, and how long it took.
fn reference(dir: &Path, input: &Path, extra: &[&str]) -> (Vec<u8>, Duration) {
    let out = dir.join("reference.csv");
    let started = Instant::now();
    let status = start(&out, input, extra).wait().unwrap();
    let took = started.elapsed();
    assert_eq!(
        status.code(),
        Some(1),
        "the bad lines make the exit status 1"
    );
    assert!(
        !common_sidecar(&out).exists(),
        "a finished run leaves no run record"
    );
    let bytes = std::fs::read(&out).unwrap();
    // The reference itself is in input order (line numbers rise).
    let lines: Vec<u64> = csv::Reader::from_reader(&bytes[..])
        .records()
        .map(|r| r.unwrap()[1].parse().unwrap())
        .collect();
    assert!(lines.windows(2).all(|w| w[0] < w[1]));
    (bytes, took)
}

fn common_sidecar(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".sgrade-run");
    PathBuf::from(name)
}

/// A small deterministic generator (SplitMix64) for the moments of the kills.
struct Moments(u64);

impl Moments {
    fn next_below(&mut self, bound: Duration) -> Duration {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        bound.mul_f64((z >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// What one trial found.
#[derive(Debug, Default)]
struct Trial {
    /// Rows of the interrupted file (the header not counted, a partial last row not counted).
    rows: usize,
    /// The run finished before the signal came.
    finished: bool,
    /// SIGKILL cut a row.
    partial: bool,
}

/// Starts a run with `extra` options, waits until its output has its header (the handlers are
/// installed by then), sends `signal` after `delay`, and checks the file against the
/// uninterrupted `expected`.
fn trial(
    dir: &Path,
    input: &Path,
    (signal, extra): (&str, &[&str]),
    delay: Duration,
    expected: &[u8],
) -> Trial {
    let out = dir.join(format!("out-{signal}.csv"));
    let _ = std::fs::remove_file(&out);
    let mut child = start(&out, input, extra);
    while std::fs::metadata(&out).map_or(true, |m| m.len() == 0) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    std::thread::sleep(delay);
    let sent = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let got = std::fs::read(&out).unwrap();
    assert!(
        expected.starts_with(&got),
        "{signal} after {delay:?}: the file is not a prefix of the uninterrupted output"
    );
    let complete = got.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let rows = got[..complete].iter().filter(|&&b| b == b'\n').count() - 1;
    // A run that ended before the signal came, or (on a loaded machine) was killed after its
    // last row was written and its run record removed: nothing was interrupted.
    let finished = got.len() == expected.len()
        && (output.status.code() == Some(1) || signal == "KILL" && !common_sidecar(&out).exists());
    if finished {
        return Trial {
            rows,
            finished,
            partial: false,
        };
    }
    assert!(sent.success());
    match signal {
        "KILL" => {
            assert_eq!(output.status.code(), None, "killed by the signal");
            assert!(
                common_sidecar(&out).exists(),
                "the run record stays for --resume"
            );
        }
        _ => {
            let code = if signal == "INT" { 130 } else { 143 };
            assert_eq!(output.status.code(), Some(code), "{signal}: {stderr}");
            assert_eq!(
                complete,
                got.len(),
                "{signal}: every row written is complete"
            );
            assert!(
                stderr.contains(&format!("interrupted after {rows} puzzles")),
                "{signal}: {stderr} (the file has {rows} rows)"
            );
            assert!(common_sidecar(&out).exists());
        }
    }
    Trial {
        rows,
        finished,
        partial: complete != got.len(),
    }
}

/// Resumes the interrupted `out-SIGNAL.csv` and checks that it becomes the uninterrupted
/// output, byte for byte, with the same exit status.
fn resume(dir: &Path, input: &Path, signal: &str, expected: &[u8], extra: &[&str]) {
    let out = dir.join(format!("out-{signal}.csv"));
    resume_file(&out, input, expected, extra, signal);
}

/// Resumes `grade … -o out` (with `extra`) and checks that it becomes `expected`, byte for byte,
/// with exit status 1 (the inputs' bad lines), and leaves no run record; `what` names the case.
fn resume_file(out: &Path, input: &Path, expected: &[u8], extra: &[&str], what: &str) {
    let mut args = vec!["--resume"];
    args.extend_from_slice(extra);
    let status = start(out, input, &args).wait().unwrap();
    assert_eq!(status.code(), Some(1), "{what}: the earlier bad rows count");
    assert!(
        std::fs::read(out).unwrap() == expected,
        "{what}: resumed output differs from the uninterrupted one"
    );
    assert!(!common_sidecar(out).exists(), "{what}");
}

/// Kills `child` (writing `out`) once a third of `expected`'s bytes are there, checks that it
/// was still running (its run record is there), and cuts the file inside a row.
fn kill_after_a_third(mut child: std::process::Child, out: &Path, expected: &[u8], what: &str) {
    while std::fs::metadata(out).map_or(0, |m| m.len()) < expected.len() as u64 / 3 {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        common_sidecar(out).exists(),
        "{what}: the run ended before the kill"
    );
    let got = std::fs::read(out).unwrap();
    std::fs::write(out, &got[..got.len().min(expected.len() / 3) - 5]).unwrap();
}

/// The ways rows are flushed: whenever the writer would wait (several threads), and at most
/// every millisecond (one thread on a regular file).
const THREADS: [&[&str]; 2] = [&[], &["--threads", "1"]];

#[test]
fn signals_at_random_moments_leave_complete_rows_in_order_and_resume_completes_them() {
    let dir = tempfile::tempdir().unwrap();
    let input = input(dir.path(), 6_000);
    let (expected, took) = reference(dir.path(), &input, &[]);
    let mut moments = Moments(16);
    for threads in THREADS {
        let mut interrupted = 0;
        for signal in ["INT", "TERM", "KILL"] {
            for _ in 0..2 {
                // Within the first half of a run's time, so that the run is still going.
                let delay = moments.next_below(took / 2);
                let found = trial(dir.path(), &input, (signal, threads), delay, &expected);
                interrupted += usize::from(!found.finished);
                if !found.finished {
                    resume(dir.path(), &input, signal, &expected, &[]);
                }
            }
        }
        // At least some trials must have interrupted a run, or nothing was tested.
        assert!(
            interrupted >= 3,
            "only {interrupted} of 6 runs were interrupted ({threads:?})"
        );
    }
}

#[test]
fn a_run_interrupted_at_once_resumes_from_its_header() {
    // SIGINT right after the header: no row, exit 130, and the resumed file is whole.
    let dir = tempfile::tempdir().unwrap();
    let input = input(dir.path(), 3_000);
    let (expected, _) = reference(dir.path(), &input, &[]);
    let found = trial(dir.path(), &input, ("INT", &[]), Duration::ZERO, &expected);
    assert!(!found.finished);
    resume(dir.path(), &input, "INT", &expected, &[]);
}

#[test]
fn resume_with_dedup_and_json_lines_equals_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    // Long enough (a few tenths of a second a run) that the kill below lands while it goes: with
    // 4,000 lines a run sometimes ended before its first third was seen, leaving nothing to
    // resume.
    let input = input(dir.path(), 40_000);
    for extra in [&["--dedup"][..], &["--output-format", "jsonl"][..]] {
        let (expected, _) = reference_with(dir.path(), &input, extra);
        let out = dir.path().join("out-KILL.csv");
        let _ = std::fs::remove_file(&out);
        // Kill it once some rows are there, then cut the file in the middle of a row.
        kill_after_a_third(start(&out, &input, extra), &out, &expected, "KILL");
        resume(dir.path(), &input, "KILL", &expected, extra);
    }
}

#[test]
fn a_resumed_find_exits_as_the_uninterrupted_run_would() {
    // `find` writes rows only for the puzzles it lists, so the bad lines before the point of
    // interruption are in no row: the resumed run tells their statuses again for its exit
    // status (1, as the uninterrupted run's).
    let dir = tempfile::tempdir().unwrap();
    let input = input(dir.path(), 40_000);
    let find = |out: &Path, extra: &[&str]| {
        Command::new(SGRADE)
            .args(["find", "-q", "--no-timing", "--needs", "naked-pair", "-o"])
            .arg(out)
            .args(extra)
            .arg(&input)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let reference = dir.path().join("reference.csv");
    assert_eq!(find(&reference, &[]).wait().unwrap().code(), Some(1));
    let expected = std::fs::read(&reference).unwrap();
    let out = dir.path().join("found.csv");
    kill_after_a_third(find(&out, &[]), &out, &expected, "find");
    let status = find(&out, &["--resume"]).wait().unwrap();
    assert_eq!(status.code(), Some(1), "the earlier bad lines count");
    assert!(std::fs::read(&out).unwrap() == expected);
}

#[test]
fn resume_keeps_the_columns_it_was_given() {
    // `--source`, `--columns` (with and without `source` and `status`) and `--pass-through`:
    // the resumed rows have the columns of the header and of the rows before, and the exit
    // status counts the earlier bad lines whether or not a status column says them.
    let dir = tempfile::tempdir().unwrap();
    let lines = input(dir.path(), 40_000);
    // The same lines as a CSV table with a note beside each puzzle.
    let table = dir.path().join("table.csv");
    let mut csv_text = String::from("id,puzzle,note\n");
    for (i, line) in std::fs::read_to_string(&lines).unwrap().lines().enumerate() {
        if !line.starts_with('#') && !line.contains(',') && !line.contains('"') {
            csv_text.push_str(&format!("{i},{line},\"n, {i}\"\n"));
        }
    }
    std::fs::write(&table, csv_text).unwrap();
    let runs: [(&Path, &[&str]); 6] = [
        // Rows that name their source as --source says, not by the input's path.
        (&lines, &["--source", "NAME"]),
        (&lines, &["--columns", "status,line,rating"]),
        (&lines, &["--columns", "line,rating"]),
        (
            &lines,
            &["--output-format", "jsonl", "--columns", "line,hardest"],
        ),
        (&table, &["--pass-through"]),
        (&table, &["--pass-through", "--output-format", "jsonl"]),
    ];
    for (input, extra) in runs {
        let reference = dir.path().join("reference.out");
        assert_eq!(
            start(&reference, input, extra).wait().unwrap().code(),
            Some(1),
            "{extra:?}"
        );
        let expected = std::fs::read(&reference).unwrap();
        let out = dir.path().join("out.out");
        let _ = std::fs::remove_file(&out);
        let what = format!("{extra:?}");
        kill_after_a_third(start(&out, input, extra), &out, &expected, &what);
        resume_file(&out, input, &expected, extra, &what);
    }
    // Rows that do not say their line cannot be resumed: refused before anything is changed.
    let out = dir.path().join("no-line.csv");
    std::fs::write(&out, "status\n").unwrap();
    let refused = start(&out, &lines, &["--resume", "--columns", "status"])
        .wait_with_output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("keep `line`"));
    assert_eq!(std::fs::read(&out).unwrap(), b"status\n");
}

/// [`reference`] for row formats other than CSV (no line-order check).
fn reference_with(dir: &Path, input: &Path, extra: &[&str]) -> (Vec<u8>, Duration) {
    if extra.contains(&"jsonl") {
        let out = dir.join("reference.jsonl");
        let started = Instant::now();
        let status = start(&out, input, extra).wait().unwrap();
        assert_eq!(status.code(), Some(1));
        return (std::fs::read(&out).unwrap(), started.elapsed());
    }
    reference(dir, input, extra)
}

#[test]
fn resume_refuses_another_run_and_a_finished_one() {
    let dir = tempfile::tempdir().unwrap();
    let input = input(dir.path(), 50);
    let out = dir.path().join("out.csv");
    let grade = |extra: &[&str]| {
        Command::new(SGRADE)
            .args(["grade", "-q", "-o"])
            .arg(&out)
            .args(extra)
            .arg(&input)
            .output()
            .unwrap()
    };
    // Finished: no record, nothing to resume.
    grade(&[]);
    let resumed = grade(&["--resume"]);
    assert_eq!(resumed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("nothing to resume"));
    // A record of another run: other options, or an input that changed.
    let record = common_sidecar(&out);
    let fake = |options: &str, bytes: u64| {
        format!(
            "{{\"sgrade\":\"{}\",\"options\":[{options}],\"inputs\":[{{\"path\":\"{}\",\
             \"bytes\":{bytes},\"xxh3\":\"0\"}}]}}",
            env!("CARGO_PKG_VERSION"),
            input.display()
        )
    };
    std::fs::write(&record, fake("\"grade\"", 1)).unwrap();
    let resumed = grade(&["--resume"]);
    assert_eq!(resumed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("is from another run"));
    // With --resume and no output yet, a plain run.
    std::fs::remove_file(&out).unwrap();
    std::fs::remove_file(&record).unwrap();
    assert_eq!(grade(&["--resume"]).status.code(), Some(1));
    assert!(out.exists() && !record.exists());
    // Rows that GNPX lines would not say where they stopped: refused up front.
    let gnpx = grade(&["--resume", "--output-format", "gnpx"]);
    assert_eq!(gnpx.status.code(), Some(2));
}

#[test]
fn resume_refuses_rows_on_lines_that_hold_no_puzzle() {
    // Only an edited file has a row on a comment or blank line, past the input's end, or
    // after a puzzle line with no row: the rows are not a run's, and continuing after them
    // would keep them.
    let dir = tempfile::tempdir().unwrap();
    let input = input(dir.path(), 40_000);
    let (expected, _) = reference(dir.path(), &input, &[]);
    let out = dir.path().join("out-KILL.csv");
    kill_after_a_third(start(&out, &input, &[]), &out, &expected, "KILL");
    let cut = std::fs::read_to_string(&out).unwrap();
    let complete = &cut[..cut.rfind('\n').unwrap() + 1];
    let record = std::fs::read(common_sidecar(&out)).unwrap();
    // A row's line field, the second, set to `line`.
    let with_line = |row: &str, line: &str| {
        let fields: Vec<&str> = row.splitn(3, ',').collect();
        format!("{},{line},{}\n", fields[0], fields[2])
    };
    let rows: Vec<&str> = complete.lines().collect();
    // The first row (line 2) moved to the comment on line 1; the last one past the end.
    let (header, last) = (rows[0], rows.len() - 1);
    let mut first_on_comment = format!("{header}\n") + &with_line(rows[1], "1");
    let mut past_the_end = format!("{header}\n");
    for row in &rows[2..] {
        first_on_comment += &format!("{row}\n");
    }
    for row in &rows[1..last] {
        past_the_end += &format!("{row}\n");
    }
    past_the_end += &with_line(rows[last], "40010");
    // A row taken out: `grade` writes one for every puzzle line, so the next row's line is
    // not the next puzzle line.
    let one_missing: String = rows
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != 5)
        .map(|(_, row)| format!("{row}\n"))
        .collect();
    for (edited, what, says) in [
        (first_on_comment, "comment", "no puzzle line"),
        // Past the end: the puzzle lines after the last row come first, with no row.
        (past_the_end, "end", "before it has no row"),
        (one_missing, "missing", "before it has no row"),
    ] {
        std::fs::write(&out, &edited).unwrap();
        std::fs::write(common_sidecar(&out), &record).unwrap();
        let resumed = Command::new(SGRADE)
            .args(["grade", "-q", "--no-timing", "--resume", "-o"])
            .arg(&out)
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(resumed.status.code(), Some(2), "{what}: {resumed:?}");
        let message = String::from_utf8_lossy(&resumed.stderr);
        assert!(message.contains(says), "{what}: {message}");
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            edited,
            "{what}: left as it was"
        );
    }
    // The file as the run left it still resumes to the whole output.
    std::fs::write(&out, &cut).unwrap();
    std::fs::write(common_sidecar(&out), &record).unwrap();
    resume(dir.path(), &input, "KILL", &expected, &[]);
}

/// The slow tier: 10 trials per signal at random moments on 500,000 lines, and a resume after
/// the first three of each.
#[test]
#[ignore = "slow tier (minutes): cargo test --release --test cli interruption -- --ignored"]
fn slow_tier_ten_trials_per_signal_on_500k_lines() {
    let dir = tempfile::tempdir().unwrap();
    let input = input(dir.path(), 500_000);
    let (expected, took) = reference(dir.path(), &input, &[]);
    let total = expected.iter().filter(|&&b| b == b'\n').count() - 1;
    eprintln!("reference: {total} rows in {took:?}");
    let mut moments = Moments(500_000);
    for threads in THREADS {
        // One thread grades more slowly: its moments are drawn over its own run's time.
        let took = if threads.is_empty() {
            took
        } else {
            let started = Instant::now();
            let out = dir.path().join("reference-threads.csv");
            assert_eq!(start(&out, &input, threads).wait().unwrap().code(), Some(1));
            assert!(std::fs::read(&out).unwrap() == expected, "{threads:?}");
            started.elapsed()
        };
        for signal in ["KILL", "INT", "TERM"] {
            let (mut interrupted, mut partial, mut rows) = (0, 0, Vec::new());
            for n in 0..10 {
                let delay = moments.next_below(took.mul_f64(0.9));
                let found = trial(dir.path(), &input, (signal, threads), delay, &expected);
                interrupted += usize::from(!found.finished);
                partial += usize::from(found.partial);
                rows.push(found.rows);
                if n < 3 && !found.finished {
                    resume(dir.path(), &input, signal, &expected, &[]);
                }
            }
            eprintln!(
                "{threads:?} SIG{signal}: 10 trials, {interrupted} interrupted, rows kept \
                 {rows:?}, {partial} with a partial last row, 0 lost, up to 3 resumed to the \
                 identical output"
            );
        }
    }
}
