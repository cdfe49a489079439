//! What a user sees while a run goes and when it ends: rows from a stalled pipe, the progress
//! bar on a terminal, `explain`'s inputs, the end-of-run summary, `report` and `bench`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Rows of puzzles already read from a pipe that then stalls are written at once, with the
/// default window (4096 lines in flight), not when the window fills or the input ends.
#[test]
fn a_stalled_pipe_does_not_hold_back_graded_rows() {
    let mut child = Command::new(common::SGRADE)
        .args(["grade", "-q", "--no-progress", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for _ in 0..3 {
        writeln!(stdin, "{EASY}").unwrap();
    }
    stdin.flush().unwrap();
    // Read on a thread, so that a run that holds the rows back fails the test, not hangs it.
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    let mut got = Vec::new();
    while got.len() < 4 {
        match received.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => got.push(line),
            Err(_) => break,
        }
    }
    // The input is still open: only now does it end.
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
    assert_eq!(got.len(), 4, "rows written before the input ended: {got:?}");
    assert!(got[0].starts_with("source,line,puzzle"));
    for (i, row) in got[1..].iter().enumerate() {
        assert!(
            row.starts_with(&format!("-,{},{EASY},unique", i + 1)),
            "{row}"
        );
    }
}

/// Runs `command` (a shell command line) on a pseudo-terminal of 100 columns through
/// util-linux `script`, and returns what the terminal received; `None` (the test is skipped)
/// where `script` is not util-linux's.
fn on_a_terminal(command: &str) -> Option<String> {
    let version = Command::new("script").arg("--version").output().ok()?;
    if !String::from_utf8_lossy(&version.stdout).contains("util-linux") {
        eprintln!("SKIPPED: util-linux `script` is not installed (it provides the terminal)");
        return None;
    }
    let output = Command::new("script")
        .args([
            "-qfec",
            &format!("stty cols 100 rows 40; {command}"),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "{command}: {output:?}");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The puzzle counts the bar showed, in the order drawn.
fn counts_drawn(screen: &str) -> Vec<u64> {
    screen
        .split(['\r', '\n'])
        .filter_map(|draw| {
            let at = draw.find(" puzzle")?;
            let digits: String = draw[..at]
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.chars().rev().collect::<String>().parse().ok()
        })
        .collect()
}

/// On a terminal the bar is drawn before the first puzzle is done, then moves with the
/// puzzles finished (percent of the lines, elapsed time, ETA), and ends with a line giving the
/// count and the rate; with stderr not a terminal nothing is drawn.
#[test]
fn progress_on_a_terminal_draws_at_once_and_moves_per_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    // Pencil-mark states that take the GNPX ladder tens of milliseconds each, on one thread:
    // the bar has time to draw between two of them.
    let text = std::fs::read_to_string(common::corpus("hodoku_forcing_states.txt")).unwrap();
    let slow: Vec<&str> = text.lines().filter(|l| l.len() >= 729).take(12).collect();
    let input = dir.path().join("slow.txt");
    std::fs::write(&input, slow.join("\n") + "\n").unwrap();
    let command = format!(
        "'{}' grade -q -j1 --no-timing -o /dev/null '{}'",
        common::SGRADE,
        input.display()
    );
    let Some(screen) = on_a_terminal(&command) else {
        return;
    };
    let counts = counts_drawn(&screen);
    assert_eq!(counts.first(), Some(&0), "first draw: {screen:?}");
    assert!(
        counts.windows(2).all(|w| w[0] <= w[1]),
        "counts only grow: {counts:?}"
    );
    let mut distinct = counts.clone();
    distinct.dedup();
    assert!(
        distinct.len() >= 6,
        "the bar moved with the puzzles, not once at the end: {counts:?}"
    );
    assert!(screen.contains('%') && screen.contains("ETA"), "{screen:?}");
    let last = screen
        .split(['\r', '\n'])
        .rev()
        .find(|l| l.contains("sgrade: "))
        .unwrap();
    assert!(
        last.contains("sgrade: 12 puzzles in ") && last.contains(" puzzles/s)"),
        "final line: {last:?}"
    );
    // Not a terminal: no bar, and no escape codes in the log.
    let output = common::sgrade()
        .args(["grade", "-q", "-j1", "--no-timing", "-o", "/dev/null"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(
        output.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&output.stderr)
    );
}
