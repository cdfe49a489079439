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
