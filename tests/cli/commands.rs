//! The `sgrade` command line, as a user runs it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use predicates::prelude::*;

use crate::common::{self, sgrade};

const XWING: &str =
    "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn csv_rows(output: &[u8]) -> Vec<csv::StringRecord> {
    csv::Reader::from_reader(output)
        .records()
        .map(|r| r.unwrap())
        .collect()
}

fn header(output: &[u8]) -> Vec<String> {
    csv::Reader::from_reader(output)
        .headers()
        .unwrap()
        .iter()
        .map(String::from)
        .collect()
}

#[test]
fn grade_writes_one_row_per_puzzle_with_the_documented_columns() {
    let out = sgrade()
        .args(["grade", "-q"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
    let stdout = &out.get_output().stdout;
    let columns = header(stdout);
    for name in [
        "source", "line", "puzzle", "status", "solved", "rating", "hardest", "steps", "time_us",
    ] {
        assert!(columns.contains(&name.to_string()), "missing column {name}");
    }
    assert!(columns.contains(&"count_hidden-single".to_string()));
    assert_eq!(&columns[columns.len() - 2..], ["extra", "message"]);
    let rows = csv_rows(stdout);
    assert_eq!(rows.len(), 8);
    let lines: Vec<u64> = rows.iter().map(|r| r[1].parse().unwrap()).collect();
    assert_eq!(lines, [3, 4, 5, 6, 7, 8, 9, 10]);
    assert!(rows.iter().all(|r| &r[3] == "unique"));
    assert_eq!(
        &rows[0][columns.iter().position(|c| c == "extra").unwrap()],
        "x-wing"
    );
}

#[test]
fn bad_lines_get_rows_with_reasons_and_the_batch_goes_on() {
    let out = sgrade()
        .args(["grade", "-q"])
        .arg(common::corpus("bad_input.txt"))
        .assert()
        .code(1);
    let stdout = &out.get_output().stdout;
    let columns = header(stdout);
    let message = columns.iter().position(|c| c == "message").unwrap();
    let rows = csv_rows(stdout);
    let summary: Vec<(String, String)> = rows
        .iter()
        .map(|r| (r[3].to_string(), r[message].to_string()))
        .collect();
    assert_eq!(summary[0], ("unique".into(), "".into()));
    assert_eq!(
        summary[1],
        (
            "invalid".into(),
            "line 3: expected 81 or 729 cells, found 80".into()
        )
    );
    assert_eq!(
        summary[2],
        (
            "invalid".into(),
            "line 4: bad character 'x' at column 12".into()
        )
    );
    assert_eq!(
        summary[3],
        (
            "invalid".into(),
            "line 5: givens conflict: 5 twice in row 2".into()
        )
    );
    assert_eq!(
        summary[4],
        (
            "multiple".into(),
            "line 7: puzzle has more than one solution".into()
        )
    );
    assert_eq!(
        summary[5],
        ("none".into(), "line 8: puzzle has no solution".into())
    );
    assert_eq!(summary[6].0, "multiple");
    assert_eq!(rows.len(), 7);
}

#[test]
fn stdin_csv_and_pencil_marks_are_read() {
    let pencil = sudoku_grader::input::puzzle::parse_puzzle(EASY, 1)
        .unwrap()
        .grid
        .candidates_string();
    let input = format!("id,puzzle,note\n7,{EASY},\"a, b\"\n8,{pencil},pm\n");
    let out = sgrade()
        .args(["grade", "-q", "-"])
        .write_stdin(input)
        .assert()
        .success();
    let stdout = &out.get_output().stdout;
    let columns = header(stdout);
    let extra = columns.iter().position(|c| c == "extra").unwrap();
    let rows = csv_rows(stdout);
    assert_eq!(rows.len(), 2);
    assert_eq!(&rows[0][0], "-");
    assert_eq!(&rows[0][extra], "7,\"a, b\"");
    // Pencil marks are echoed as read (a cell with one candidate counts as solved).
    assert_eq!(rows[1][2].len(), 729);
    assert_eq!(&rows[0][4], "true");
    assert_eq!(&rows[1][4], "true");
}

#[test]
fn techniques_restrict_the_ladder_and_unknown_names_are_usage_errors() {
    let out = sgrade()
        .args(["grade", "-q", "--techniques", "singles", "-"])
        .write_stdin(format!("{XWING}\n"))
        .assert()
        .success();
    let columns = header(&out.get_output().stdout);
    let counts: Vec<&String> = columns.iter().filter(|c| c.starts_with("count_")).collect();
    assert_eq!(
        counts,
        [
            "count_full-house",
            "count_naked-single",
            "count_hidden-single"
        ]
    );
    let row = &csv_rows(&out.get_output().stdout)[0];
    assert_eq!(
        &row[4], "false",
        "singles alone cannot solve the X-Wing puzzle"
    );
    sgrade()
        .args(["grade", "--techniques", "singles,bogus", "-"])
        .write_stdin(format!("{XWING}\n"))
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("unknown technique or family 'bogus'")
                .and(predicate::str::contains("`sgrade techniques`"))
                .and(predicate::str::contains("naked-pair").not()),
        );
}

#[test]
fn thread_count_does_not_change_results() {
    let run = |threads: &str| {
        let out = sgrade()
            .args(["grade", "-q", "--chunk-size", "37", "--threads", threads])
            .arg(common::corpus("royle17_sample.txt"))
            .assert()
            .success();
        let stdout = out.get_output().stdout.clone();
        let time = header(&stdout).iter().position(|c| c == "time_us").unwrap();
        csv_rows(&stdout)
            .into_iter()
            .map(|r| {
                r.iter()
                    .enumerate()
                    .filter(|&(i, _)| i != time)
                    .map(|(_, f)| f.to_string())
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    };
    let one = run("1");
    assert_eq!(one.len(), 200);
    assert_eq!(one, run("2"));
}

#[test]
fn rows_are_flushed_chunk_by_chunk() {
    // With one puzzle per chunk, the first row must arrive before stdin is closed.
    let mut child = Command::new(common::SGRADE)
        .args(["grade", "-q", "--chunk-size", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{EASY}").unwrap();
    stdin.flush().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.starts_with("source,line,puzzle"));
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert!(line.contains(EASY) && line.contains("unique"), "{line}");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A piped stderr (a shard's log, a Spark task's) holds nothing on a clean run, nor when rows
/// are invalid (they are data, with their message in the row); the summary comes when asked
/// for (the last of -q / --summary wins), and what fails the run is always said.
#[test]
fn a_piped_stderr_is_empty_unless_the_summary_is_asked_for() {
    for (input, code) in [("kaggle_sample.csv", 0), ("bad_input.txt", 1)] {
        let run = |flags: &[&str]| {
            let out = sgrade()
                .args(["grade", "-o", "/dev/null"])
                .args(flags)
                .arg(common::corpus(input))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(code), "{input} {flags:?}");
            String::from_utf8(out.stderr).unwrap()
        };
        assert_eq!(run(&[]), "", "{input}");
        assert_eq!(run(&["--summary", "-q"]), "", "{input}");
        for flags in [&["--summary"][..], &["-q", "--summary"]] {
            let summary = run(flags);
            assert!(
                summary.starts_with("sgrade: ") && summary.contains("status: "),
                "{summary}"
            );
        }
    }
    // Forced progress still shows on a pipe, as lines.
    let out = sgrade()
        .args(["grade", "--progress", "-o", "/dev/null"])
        .arg(common::corpus("seeds.txt"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("sgrade: "));
    // I/O and usage errors fail the run and say so.
    sgrade()
        .args(["grade", "no-such-file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-file.txt"));
    sgrade()
        .args(["grade", "--no-such-flag"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--no-such-flag"));
}

#[test]
fn output_file_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.csv");
    sgrade()
        .args(["grade", "--summary", "-o"])
        .arg(&path)
        .arg(common::corpus("kaggle_sample.csv"))
        .assert()
        .success()
        .stderr(
            predicate::str::contains("status: unique 100")
                .and(predicate::str::contains("puzzles/s")),
        );
    let text = std::fs::read(&path).unwrap();
    assert_eq!(csv_rows(&text).len(), 100);
    sgrade()
        .args(["grade", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot open"));
}

#[test]
fn verify_passes_on_shipped_corpora() {
    sgrade()
        .args(["grade", "-q", "--verify"])
        .arg(common::corpus("se_exchange_sample.csv"))
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success();
}

#[test]
fn solve_prints_the_solution() {
    let out = sgrade()
        .args(["solve", "-q", "-"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success();
    let rows = csv_rows(&out.get_output().stdout);
    let solution = &rows[0][4];
    assert_eq!(solution.len(), 81);
    for (given, solved) in EASY.bytes().zip(solution.bytes()) {
        assert!(given == b'.' || given == solved);
    }
}

#[test]
fn explain_text_shows_the_path() {
    sgrade()
        .args(["explain", EASY])
        .assert()
        .success()
        .stdout(predicate::str::contains("  1. ").and(predicate::str::contains("solved in")))
        .stdout(
            predicate::str::is_match(r"(Full House|Naked Single|Hidden Single) r\dc\d=\d").unwrap(),
        );
}

#[test]
fn explain_json_lines_parse() {
    let out = sgrade()
        // Without fish or chains the X-Wing puzzle stays stuck, so the summary shows a state.
        .args([
            "explain",
            "--format",
            "json",
            "--techniques",
            "singles,intersections,subsets",
            XWING,
        ])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let values: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let steps = &values[..values.len() - 1];
    assert!(!steps.is_empty());
    for step in steps {
        assert!(step["technique"].is_string() && step["text"].is_string());
        assert!(step["placements"].is_array() && step["eliminations"].is_array());
    }
    assert!(steps.iter().any(|s| s["placements"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p.as_str().unwrap().contains('='))));
    let summary = &values[values.len() - 1]["summary"];
    assert_eq!(summary["solved"], false);
    assert_eq!(summary["state"].as_str().unwrap().len(), 729);
}

#[test]
fn explain_all_lists_every_step_of_the_start_state() {
    let out = sgrade()
        .args(["explain", "--all", "--techniques", "intersections", XWING])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    // The counts come first (see `usability`), then the numbered steps.
    let steps: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .collect();
    assert!(!steps.is_empty(), "{text}");
    assert!(
        steps.iter().all(|l| l.contains("Locked Candidates")),
        "{text}"
    );
}

#[test]
fn explain_rejects_bad_puzzles() {
    sgrade()
        .args(["explain", &XWING[..80]])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("found 80"));
    // Several solutions: the steps are shown, and the exit status is 1, as for such a row of
    // `grade` (README, exit codes), with `--all` too.
    for all in [&[][..], &["--all"][..]] {
        sgrade()
            .args(["explain", &".".repeat(81)])
            .args(all)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("more than one solution"));
    }
}

#[test]
fn progress_lines_when_asked_and_not_on_a_pipe_by_default() {
    sgrade()
        .args(["grade", "-q", "--progress", "-o", "/dev/null"])
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success()
        .stderr(
            // A first line at once, and the final one with the count and the rate.
            predicate::str::starts_with("sgrade: ")
                .and(predicate::str::contains("sgrade: 200 puzzles in "))
                .and(predicate::str::contains(" puzzles/s)")),
        );
    sgrade()
        .args(["grade", "-q", "-o", "/dev/null"])
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
}

#[test]
fn find_keeps_exactly_the_rows_that_used_the_technique() {
    let corpus = common::corpus("se_exchange_sample.csv");
    let graded = sgrade()
        .args(["grade", "-q"])
        .arg(&corpus)
        .assert()
        .success();
    let graded_out = graded.get_output().stdout.clone();
    let columns = header(&graded_out);
    let pair = columns
        .iter()
        .position(|c| c == "count_naked-pair")
        .unwrap();
    let hardest = columns.iter().position(|c| c == "hardest").unwrap();
    let expected: Vec<csv::StringRecord> = csv_rows(&graded_out)
        .into_iter()
        .filter(|r| r[pair].parse::<u32>().unwrap_or(0) > 0)
        .collect();
    assert!(!expected.is_empty());
    let found = sgrade()
        .args(["find", "-q", "--needs", "naked-pair"])
        .arg(&corpus)
        .assert()
        .success();
    let found_rows = csv_rows(&found.get_output().stdout);
    let strip_time = |r: &csv::StringRecord| {
        r.iter()
            .enumerate()
            .filter(|&(i, _)| columns[i] != "time_us")
            .map(|(_, f)| f.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        found_rows.iter().map(strip_time).collect::<Vec<_>>(),
        expected.iter().map(strip_time).collect::<Vec<_>>()
    );
    let only = sgrade()
        .args(["find", "-q", "--needs", "naked-pair", "--needs-only"])
        .arg(&corpus)
        .assert()
        .success();
    let only_rows = csv_rows(&only.get_output().stdout);
    assert!(only_rows.len() <= found_rows.len());
    assert!(only_rows.iter().all(|r| &r[hardest] == "naked-pair"));
}

#[test]
fn find_reports_unreadable_rows_and_rejects_bad_names() {
    sgrade()
        .args(["find", "-q", "--needs", "singles"])
        .arg(common::corpus("bad_input.txt"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "line 3: expected 81 or 729 cells, found 80",
        ));
    sgrade()
        .args([
            "find",
            "--needs",
            "naked-pair",
            "--techniques",
            "singles",
            "-",
        ])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not on the ladder"));
}

#[test]
fn utf16_files_as_gnpx_writes_them_are_read() {
    let text = format!("{EASY} 1 \"LastDigit\"\r\n{XWING} 4 \"XWing\"\r\n");
    // With a byte-order mark (as GNPX writes), and without one (told by the NUL bytes), in
    // both byte orders.
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let with_bom = [&[0xFF, 0xFE][..], &le].concat();
    for bytes in [with_bom, le, be] {
        let out = sgrade()
            .args(["grade", "-q", "-"])
            .write_stdin(bytes)
            .assert()
            .success();
        let stdout = &out.get_output().stdout;
        let extra = header(stdout).iter().position(|c| c == "extra").unwrap();
        let rows = csv_rows(stdout);
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[0][2], EASY);
        assert_eq!(&rows[1][extra], "4 \"XWing\"");
    }
}

/// `sgrade find --needs force-chain` keeps a puzzle that needs it and drops one that does not.
#[test]
fn find_needs_force_chain() {
    let needs = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let output = sgrade()
        .args(["find", "--needs", "force-chain", "-q", "--threads", "1"])
        .write_stdin(format!("{needs}\n{EASY}\n"))
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains(needs), "{text}");
    assert!(!text.contains(EASY), "{text}");
    assert!(text.contains("force-chain-"), "{text}");
}

/// Fish families and groups in `--techniques` switch fish off and on; bad fish options are
/// usage errors.
#[test]
fn fish_families_and_groups_switch_fish_off() {
    // Without fish the X-Wing puzzle gets stuck where the X-Wing would be needed.
    sgrade()
        .args([
            "explain",
            "--techniques",
            "singles,intersections,subsets",
            XWING,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("X-Wing").not());
    sgrade()
        .args([
            "explain",
            "--techniques",
            "singles,subsets,fish-basic",
            XWING,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("X-Wing #4 r57/c26"));
    sgrade()
        .args(["explain", "--fish-max-size", "8", XWING])
        .assert()
        .failure();
    sgrade()
        .args(["explain", "--techniques", "fish-nothing", XWING])
        .assert()
        .failure()
        .stderr(predicate::str::contains("`sgrade techniques`"));
    sgrade()
        .args(["explain", "--techniques", "fish-finnd", XWING])
        .assert()
        .failure()
        .stderr(predicate::str::contains("did you mean `fish-finned`?"));
}

#[test]
fn hostile_lines_each_get_one_row_with_a_precise_message() {
    let pencil = sudoku_grader::input::puzzle::parse_puzzle(EASY, 1)
        .unwrap()
        .grid
        .candidates_string();
    let long = "5".repeat(300);
    let mut input: Vec<u8> = Vec::new();
    // Old Mac line ends (lone CR), an empty line, a mid-file BOM, Latin-1 in a comment.
    input.extend_from_slice(format!("{EASY}\r\r{XWING}\r").as_bytes());
    input.extend_from_slice(format!("\u{FEFF}{EASY}\n# caf").as_bytes());
    input.extend_from_slice(b"\xE9\n");
    for cut in [
        &EASY[..80],
        &format!("{EASY}1"),
        &pencil[..728],
        &format!("{pencil}."),
    ] {
        input.extend_from_slice(format!("{cut}\n").as_bytes());
    }
    input.extend_from_slice(b"12\x0034\n");
    input.extend_from_slice(format!("{long}\n").as_bytes());
    input.extend_from_slice(format!("{EASY} extra").as_bytes());
    input.extend_from_slice(b"\xE9\n");
    let out = sgrade()
        .args(["grade", "-q", "-"])
        .write_stdin(input)
        .assert()
        .code(1);
    let rows = csv_rows(&out.get_output().stdout);
    let columns = header(&out.get_output().stdout);
    let message = columns.iter().position(|c| c == "message").unwrap();
    let got: Vec<(&str, &str, &str)> = rows.iter().map(|r| (&r[1], &r[3], &r[message])).collect();
    assert_eq!(
        got,
        [
            ("1", "unique", ""),
            ("3", "unique", ""),
            ("4", "unique", ""),
            ("6", "invalid", "line 6: expected 81 or 729 cells, found 80"),
            ("7", "invalid", "line 7: expected 81 or 729 cells, found 82"),
            (
                "8",
                "invalid",
                "line 8: expected 81 or 729 cells, found 728"
            ),
            (
                "9",
                "invalid",
                "line 9: expected 81 or 729 cells, found 730"
            ),
            ("10", "invalid", "line 10: NUL byte at byte 3"),
            (
                "11",
                "invalid",
                "line 11: expected 81 or 729 cells, found 300"
            ),
            ("12", "unique", ""),
        ]
    );
    // A long bad line is echoed cut, with its length.
    assert_eq!(&rows[8][2], format!("{}… (300 characters)", &long[..200]));
}

#[test]
fn multi_megabyte_lines_are_one_row_each_and_fast_in_lines_and_csv() {
    // 8 MiB: a puzzle followed by extra text with commas (the issue's slow case), and a line
    // of digits alone; then a good puzzle, which must still be graded.
    let extra = ",x".repeat(4 << 20);
    let digits = "7".repeat(8 << 20);
    for (format, input, first) in [
        ("lines", format!("{EASY}{extra}\n{digits}\n{EASY}\n"), 1),
        (
            "csv",
            format!("id,puzzle,note\n1,{EASY}{extra}\n2,{digits}\n3,{EASY},ok\n"),
            2,
        ),
    ] {
        let started = std::time::Instant::now();
        let out = sgrade()
            .args(["grade", "-q", "--no-timing", "--input-format", format, "-"])
            .write_stdin(input.clone())
            .assert()
            .code(1);
        // Generous for a loaded CI machine; the reader alone takes a few milliseconds.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{format}"
        );
        let stdout = &out.get_output().stdout;
        assert!(
            stdout.len() < 4096,
            "{format}: rows echo a capped part of the line"
        );
        let rows = csv_rows(stdout);
        let message = header(stdout).iter().position(|c| c == "message").unwrap();
        assert_eq!(rows.len(), 3, "{format}");
        let lengths = [
            input.lines().nth(first - 1).unwrap().len(),
            input.lines().nth(first).unwrap().len(),
        ];
        for (row, length) in rows.iter().zip(lengths) {
            assert_eq!(&row[3], "invalid");
            let line = &row[1];
            assert!(
                row[message].starts_with(&format!("line {line}: line too long: {length} bytes")),
                "{format}: {}",
                &row[message]
            );
            assert!(
                row[2].ends_with(&format!("… ({length} bytes)")),
                "{}",
                &row[2]
            );
        }
        assert_eq!((&rows[2][3], &rows[2][2]), ("unique", EASY));
    }
}

#[test]
fn explain_takes_a_puzzle_that_starts_with_a_dash() {
    // `-` is a documented empty-cell mark: a puzzle may start with it.
    let dashed = XWING.replace('.', "-");
    let dashed = format!("-{}", &dashed[1..]);
    assert!(dashed.starts_with('-'));
    let expected = sgrade()
        .args(["explain", &format!(".{}", &XWING[1..])])
        .assert()
        .get_output()
        .stdout
        .clone();
    let out = sgrade().args(["explain", &dashed]).assert();
    assert_eq!(out.get_output().stdout, expected);
    assert!(!expected.is_empty());
    // Options still work around it (the puzzle, its first given gone, has several solutions:
    // explained, exit 1).
    sgrade()
        .args(["explain", "--scale", "hodoku", &dashed, "--format", "json"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("{"));
}

#[test]
fn a_csv_record_with_a_quoted_line_end_is_one_row() {
    let input = format!("id,puzzle,note\n1,{XWING},\"two\nlines\"\n2,{EASY},x\n");
    let out = sgrade()
        .args(["grade", "-q", "-"])
        .write_stdin(input)
        .assert()
        .success();
    let rows = csv_rows(&out.get_output().stdout);
    let lines: Vec<&str> = rows.iter().map(|r| &r[1]).collect();
    assert_eq!(lines, ["2", "4"]);
    let columns = header(&out.get_output().stdout);
    let extra = columns.iter().position(|c| c == "extra").unwrap();
    assert_eq!(&rows[0][extra], "1,\"two\nlines\"");
}

/// Values that cannot mean anything useful are usage errors (exit 2) before any work: no
/// threads or thousands of them, a line offset whose numbers would wrap, an empty technique
/// list (an empty ladder grades nothing), a directory given to `explain`, `bench` on none
/// of its puzzles.
#[test]
fn meaningless_values_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, format!("{EASY}\n")).unwrap();
    let input = input.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    let runs: [&[&str]; 13] = [
        // A group whose techniques are all off by default, and a fish cap below every fish
        // named: both leave an empty ladder. The group keeps nothing inside a longer list too.
        &["grade", "--techniques", "fish-kraken", input],
        &["grade", "--techniques", "singles,fish-kraken", input],
        &[
            "grade",
            "--techniques",
            "jellyfish",
            "--fish-max-size",
            "3",
            input,
        ],
        &["grade", "-j", "0", input],
        &["grade", "-j", "5000", input],
        &["canon", "-j", "0", input],
        &["grade", "--line-offset", "18446744073709551614", input],
        &["grade", "--techniques", "", input],
        &["grade", "--techniques", ",", input],
        &["find", "--needs", "", input],
        &["explain", "--techniques", "", EASY],
        &["explain", folder],
        &["bench", "--limit", "0", input],
    ];
    for args in runs {
        let out = sgrade().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(!out.stderr.is_empty(), "{args:?} says why");
    }
    // The largest offset still numbers every row, without wrapping.
    let out = sgrade()
        .args(["grade", "--no-timing", "--columns", "line"])
        .args(["--line-offset", "9223372036854775807", input])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "line\n9223372036854775808\n"
    );
    // A trailing comma is no empty name.
    sgrade()
        .args(["grade", "-q", "--techniques", "singles,", input])
        .assert()
        .success();
}

/// `solve --dedup` marks a later isomorph as `grade --dedup` does (the docs give `solve` the
/// input options of `grade`): same statuses and messages, no solution for the duplicate.
#[test]
fn solve_dedup_marks_isomorphs_as_grade_does() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    let reversed: String = EASY.chars().rev().collect();
    std::fs::write(&input, format!("{EASY}\n{XWING}\n{reversed}\n")).unwrap();
    let rows = |command: &str| {
        let out = sgrade()
            .args([command, "--dedup", "--no-timing", "-q"])
            .arg(&input)
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {out:?}");
        common::csv_maps(&out.stdout)
    };
    let (solved, graded) = (rows("solve"), rows("grade"));
    assert_eq!(solved.len(), 3);
    for (s, g) in solved.iter().zip(&graded) {
        assert_eq!((&s["status"], &s["message"]), (&g["status"], &g["message"]));
    }
    assert_eq!(solved[2]["status"], "duplicate");
    assert!(solved[2]["solution"].is_empty() && !solved[0]["solution"].is_empty());
}
