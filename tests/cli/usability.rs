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
    // Pencil-mark states that take the GNPX ladder some 20 ms each on one thread, each twice:
    // about a second of work, so the bar (redrawn at most every 50 ms) draws many times
    // between the first and the last even on a machine several times faster than ours.
    let text = std::fs::read_to_string(common::corpus("hodoku_forcing_states.txt")).unwrap();
    let slow: Vec<&str> = text.lines().filter(|l| l.len() >= 729).collect();
    let slow: Vec<&str> = slow.iter().chain(&slow).copied().collect();
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
    // Drawn at 0, at the end, and at several counts between: it moves while puzzles finish.
    // (That every finished puzzle moves it is the unit tests' job, with a clock they drive.)
    assert!(
        distinct.len() >= 5,
        "the bar moved with the puzzles, not once at the end: {counts:?}"
    );
    assert!(screen.contains('%') && screen.contains("ETA"), "{screen:?}");
    let last = screen
        .split(['\r', '\n'])
        .rev()
        .find(|l| l.contains("sgrade: "))
        .unwrap();
    assert!(
        last.contains(&format!("sgrade: {} puzzles in ", slow.len()))
            && last.contains(" puzzles/s)"),
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

/// The ids on `scale`'s default ladder at each difficulty, from `sgrade techniques`.
fn ids_by_difficulty(scale: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let out = common::sgrade()
        .args(["techniques", "--scale", scale])
        .assert()
        .success();
    let mut by = std::collections::BTreeMap::<String, Vec<String>>::new();
    for line in String::from_utf8_lossy(&out.get_output().stdout)
        .lines()
        .skip(1)
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.last() == Some(&"on") {
            let difficulty = fields[fields.len() - 2].to_string();
            by.entry(difficulty)
                .or_default()
                .push(fields[0].to_string());
        }
    }
    by
}

/// The end-of-run summary fits an 80-column terminal: the rows that could not be graded are
/// named (the first five, then a count), each rating has a bar and what it means on the
/// scale, only the techniques used get a row, and times have units.
#[test]
fn the_summary_fits_a_terminal_and_says_what_ratings_mean() {
    let out = common::sgrade()
        .args(["grade", "--summary", "-o", "/dev/null"])
        .arg(common::corpus("bad_input.txt"))
        .assert()
        .code(1);
    let summary = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    for line in summary.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line:?}");
    }
    let problems: Vec<&str> = summary
        .lines()
        .filter(|l| l.starts_with("    ") && l.contains("bad_input.txt: line "))
        .collect();
    assert_eq!(problems.len(), 5, "{summary}");
    assert!(problems[0].ends_with("line 3: expected 81 or 729 cells, found 80"));
    assert!(
        summary.contains("    … and 1 more"),
        "6 rows were not graded: {summary}"
    );

    // The rating rows: one per rating reached, with a bar, and the ladder's meaning.
    let out = common::sgrade()
        .args(["grade", "--summary", "-o", "/dev/null"])
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success();
    let summary = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        summary.lines().all(|l| l.chars().count() <= 80),
        "{summary}"
    );
    let histogram = common::histogram(&summary, "rating").expect("a rating histogram");
    assert_eq!(histogram.iter().map(|(_, n)| n).sum::<u64>(), 200);
    let ids = ids_by_difficulty("gnpx");
    let row = |rating: &str| {
        summary
            .lines()
            .find(|l| l.split_whitespace().next() == Some(rating) && l.contains('█'))
            .unwrap_or_else(|| panic!("no row {rating}: {summary}"))
    };
    // Rating 3 is the naked and hidden pair on GNPX's table: named by id.
    assert!(row("3").ends_with(&ids["3"].join(", ")), "{}", row("3"));
    assert!(row("1").ends_with("singles"), "{}", row("1"));
    // Techniques: a row for each one used, none of zeros, and the unused ones counted.
    let table: Vec<&str> = summary
        .lines()
        .skip_while(|l| !l.starts_with("  technique "))
        .skip(1)
        .take_while(|l| !l.starts_with("  ("))
        .collect();
    assert!(table.len() > 5, "{summary}");
    for line in &table {
        let numbers: Vec<u64> = line
            .split_whitespace()
            .skip(1)
            .map(|n| n.parse().unwrap())
            .collect();
        assert!(numbers[0] > 0 || numbers[2] > 0, "a row of zeros: {line}");
    }
    let on_ladder: usize = ids.values().map(Vec::len).sum();
    let unused = format!(
        "  ({} techniques of the ladder were not used",
        on_ladder - table.len()
    );
    assert!(summary.contains(&unused), "{unused}: {summary}");
    let times = summary
        .lines()
        .find(|l| l.starts_with("  time per puzzle: p50 "))
        .unwrap();
    for part in times.split(", ") {
        assert!(
            [" ns", " µs", " ms", " s"]
                .iter()
                .any(|u| part.ends_with(u)),
            "{times}"
        );
    }

    // HoDoKu's histogram is by level name.
    let out = common::sgrade()
        .args(["grade", "--summary", "--scale", "hodoku", "-o", "/dev/null"])
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success();
    let summary = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    let levels = common::histogram(&summary, "HoDoKu level").expect("a level histogram");
    let names = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];
    assert!(
        levels.iter().all(|(l, _)| names.contains(&l.as_str())),
        "{levels:?}"
    );
    assert!(summary
        .lines()
        .any(|l| l.starts_with("    Easy ") && l.ends_with("singles")));

    // `find` notes the ungraded rows as it goes; its summary does not list them again.
    let out = common::sgrade()
        .args(["find", "--needs", "x-wing", "-o", "/dev/null"])
        .arg(common::corpus("bad_input.txt"))
        .assert()
        .code(1);
    let text = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(text.matches("line 3: expected 81").count(), 1, "{text}");
}

const XWING: &str =
    "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";

fn stdout_of(assert: assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stdout).into_owned()
}

/// `explain` takes a whole line (the puzzle and its label), a file's line (`--line N`) and
/// stdin, and explains the same puzzle the same way from each.
#[test]
fn explain_reads_a_whole_line_a_files_line_and_stdin() {
    let plain = stdout_of(common::sgrade().args(["explain", XWING]).assert().success());
    assert!(plain.contains("solved in "), "{plain}");
    let line = format!("{XWING} x-wing");
    let labelled = stdout_of(common::sgrade().args(["explain", &line]).assert().success());
    assert_eq!(labelled, plain);

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, format!("# two puzzles\n{EASY} easy\n\n{line}\n")).unwrap();
    let from_file = common::sgrade()
        .arg("explain")
        .arg(&file)
        .args(["--line", "4"])
        .assert()
        .success();
    let note = String::from_utf8_lossy(&from_file.get_output().stderr).into_owned();
    assert!(note.contains(": line 4: "), "which puzzle: {note}");
    assert_eq!(stdout_of(from_file), plain);
    // Without --line: the file's first puzzle.
    let first = stdout_of(
        common::sgrade()
            .arg("explain")
            .arg(&file)
            .assert()
            .success(),
    );
    let easy = stdout_of(common::sgrade().args(["explain", EASY]).assert().success());
    assert_eq!(first, easy);
    let piped = common::sgrade()
        .args(["explain", "-", "--line", "4"])
        .write_stdin(std::fs::read(&file).unwrap())
        .assert()
        .success();
    assert_eq!(stdout_of(piped), plain);
    // A line without a puzzle, and --line with no file, are usage errors.
    let comment = common::sgrade()
        .arg("explain")
        .arg(&file)
        .args(["--line", "1"])
        .assert()
        .code(2);
    let why = String::from_utf8_lossy(&comment.get_output().stderr).into_owned();
    assert!(why.contains("no puzzle on line 1"), "{why}");
    common::sgrade()
        .args(["explain", XWING, "--line", "2"])
        .assert()
        .code(2);
}

/// `explain --line N` on a line without a puzzle says what the line is: the CSV header, a later
/// line of a multi-line record, a repeated header, a comment, a blank line, past the end.
#[test]
fn explain_line_says_what_a_line_without_a_puzzle_is() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.csv");
    std::fs::write(
        &file,
        format!(
            "id,puzzle,note\n1,{EASY},a\n2,{XWING},\"multi\nline\"\n# comment\n\n\
             id,puzzle,note\n3,{XWING},x\n"
        ),
    )
    .unwrap();
    let why = |line: &str| {
        let out = common::sgrade()
            .arg("explain")
            .arg(&file)
            .args(["--line", line])
            .assert()
            .code(2);
        String::from_utf8_lossy(&out.get_output().stderr).into_owned()
    };
    for (line, what) in [
        ("1", "no puzzle on line 1: line 1 is the CSV header"),
        (
            "4",
            "no puzzle on line 4: line 4 is inside the record that starts on line 3",
        ),
        ("5", "no puzzle on line 5: line 5 is a comment"),
        ("6", "no puzzle on line 6: line 6 is blank"),
        ("7", "no puzzle on line 7: line 7 repeats the CSV header"),
        (
            "9",
            "no puzzle on line 9: past the end (the input has 8 lines)",
        ),
    ] {
        let text = why(line);
        assert!(text.contains(what), "--line {line}: {text}");
    }
    // The lines around them are puzzles.
    for line in ["2", "3", "8"] {
        common::sgrade()
            .arg("explain")
            .arg(&file)
            .args(["--line", line])
            .assert()
            .success();
    }
}

/// A solved grid has no HoDoKu level: `grade` leaves `hodoku_level` empty, and `explain` says
/// so in words rather than printing an empty level.
#[test]
fn explain_names_the_missing_hodoku_level_of_a_solved_grid() {
    let solved =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    let graded = common::sgrade()
        .args(["grade", "-q", "--scale", "hodoku"])
        .write_stdin(format!("{solved}\n"))
        .assert()
        .success();
    let rows = common::csv_maps(&graded.get_output().stdout);
    assert_eq!(
        (
            rows[0]["hodoku_level"].as_str(),
            rows[0]["hodoku_score"].as_str()
        ),
        ("", "0")
    );
    let text = stdout_of(
        common::sgrade()
            .args(["explain", "--scale", "hodoku", solved])
            .assert()
            .success(),
    );
    assert_eq!(
        text,
        "solved in 0 steps; rating none (already solved, score 0) (hardest: none)\n"
    );
}

/// `explain --all` prints the count of steps per technique first, then lists at most
/// `--limit` steps of each, saying what it cut.
#[test]
fn explain_all_counts_first_and_caps_each_list() {
    let run = |limit: &str, format: &str| {
        stdout_of(
            common::sgrade()
                .args([
                    "explain",
                    "--all",
                    "--techniques",
                    "singles,intersections,subsets",
                ])
                .args(["--limit", limit, "--format", format, XWING])
                .assert()
                .success(),
        )
    };
    let text = run("2", "text");
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    let total: usize = head
        .strip_prefix("steps in the starting state: ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{head}"));
    let counts: Vec<(String, usize)> = lines
        .by_ref()
        .take_while(|l| !l.trim_start().starts_with("1. "))
        .map(|l| {
            let mut fields = l.split_whitespace();
            (
                fields.next().unwrap().to_string(),
                fields.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<usize>(), total);
    assert!(
        counts.iter().any(|(_, n)| *n > 2),
        "something to cut: {counts:?}"
    );
    // Every step is listed under --limit 0; under --limit 2 two per technique, and a line
    // for each cut list.
    let every = run("0", "text");
    let numbered = |text: &str| {
        text.lines()
            .filter(|l| {
                l.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .count()
    };
    assert_eq!(numbered(&every), total);
    assert!(!every.contains(" more "));
    let capped: usize = counts.iter().map(|(_, n)| (*n).min(2)).sum();
    assert_eq!(numbered(&text), capped);
    for (id, n) in counts.iter().filter(|(_, n)| *n > 2) {
        let cut = format!("… {} more {id} steps", n - 2);
        assert!(text.contains(&cut), "{cut}: {text}");
    }
    // JSON: the counts object first, a `cut` object per cut list.
    let json = run("2", "json");
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    for (id, n) in &counts {
        assert_eq!(first["counts"][id].as_u64(), Some(*n as u64), "{id}");
    }
    let cuts = json.lines().filter(|l| l.starts_with("{\"cut\"")).count();
    assert_eq!(cuts, counts.iter().filter(|(_, n)| *n > 2).count());
}

/// `bench` warns, as hyperfine does, when its repetitions spread widely or a pass is too
/// short to time, and shows on a terminal which pass runs.
#[test]
fn bench_warns_about_noise_and_shows_its_passes() {
    let out = common::sgrade()
        .args(["bench", "--reps", "3", "--warmup", "0"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
    let warnings = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    let table = stdout_of(out);
    // Ten puzzles: an oracle pass takes microseconds.
    assert!(warnings.contains("too short to time well"), "{warnings}");
    // A warning for exactly the passes whose spread in the table exceeds 10%.
    for pass in [
        "oracle alone (sgrade solve)",
        "grade",
        "grade, every call timed",
    ] {
        let row = table
            .lines()
            .find(|l| l.trim_start().starts_with(pass) && l.contains('%'))
            .unwrap_or_else(|| panic!("{pass}: {table}"));
        let spread: f64 = row[row.find(pass).unwrap() + pass.len()..]
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.trim_end_matches('%').parse().ok())
            .unwrap_or_else(|| panic!("{row}"));
        let name = pass.trim_end_matches(" alone (sgrade solve)");
        let warned = warnings.contains(&format!("warning: {name}: the repetitions differ by"));
        if (spread - 10.0).abs() > 0.1 {
            assert_eq!(warned, spread > 10.0, "{pass} spread {spread}%: {warnings}");
        }
    }
    let command = format!(
        "'{}' bench --reps 2 --warmup 0 '{}' > /dev/null",
        common::SGRADE,
        common::corpus("seeds.txt").display()
    );
    let Some(screen) = on_a_terminal(&command) else {
        return;
    };
    for phase in [
        "sgrade bench: validating 8 puzzles against the oracle",
        "sgrade bench: repetition 1/2: oracle",
        "sgrade bench: repetition 2/2: grade, every call timed",
    ] {
        assert!(screen.contains(phase), "{phase}: {screen:?}");
    }
}

/// `report` names the scale and the inputs, gives the grading time and a legend of the
/// ratings, leaves out techniques nobody used, and with `--per-input` adds each input's own
/// sections; the page stays well-formed XML.
#[test]
fn report_names_scale_inputs_time_and_legend_and_splits_per_input() {
    let dir = tempfile::tempdir().unwrap();
    let gnpx = dir.path().join("royle.csv");
    let hodoku = dir.path().join("kaggle.csv");
    for (out, scale, corpus) in [
        (&gnpx, "gnpx", "royle17_sample.txt"),
        (&hodoku, "hodoku", "kaggle_sample.csv"),
    ] {
        common::sgrade()
            .args(["grade", "-q", "--scale", scale, "-o"])
            .arg(out)
            .arg(common::corpus(corpus))
            .assert()
            .success();
    }
    let page = stdout_of(
        common::sgrade()
            .args(["report", "--per-input"])
            .arg(&gnpx)
            .arg(&hodoku)
            .assert()
            .success(),
    );
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(&page, options).expect("well-formed XHTML");
    assert!(
        page.contains("inputs: royle.csv, kaggle.csv"),
        "inputs named"
    );
    assert!(page.contains("scale: gnpx, hodoku"), "scales named");
    assert!(page.contains("grading time (the rows'"), "run time");
    // The legend: GNPX's 3 is the pairs, HoDoKu's Easy the singles.
    assert!(page.contains("<tr><th>3</th><td class=\"text\">naked-pair, hidden-pair</td></tr>"));
    assert!(page.contains("<tr><th>Easy</th><td class=\"text\">singles</td></tr>"));
    // Nobody used a leviathan: no row for it in the usage chart.
    assert!(
        !page.contains(">finned-leviathan<"),
        "unused technique shown"
    );
    assert!(page.contains(">naked-single<"));
    assert!(page.contains("that no puzzle used are left out"));
    // Per input: a section each, under its path.
    for path in [&gnpx, &hodoku] {
        let heading = format!("<h2>Input {}</h2>", path.display());
        assert_eq!(page.matches(&heading).count(), 1, "{heading}");
    }
    let whole = stdout_of(common::sgrade().arg("report").arg(&gnpx).assert().success());
    assert!(
        !whole.contains("<h2>Input "),
        "sections only with --per-input"
    );
}

/// The `--timings` table and `bench`'s per-technique table keep their columns under the
/// longest technique ids (`finned-cannibalistic-fm-swordfish`): every row is as long as the
/// header, and `bench` gives no rate for a technique never timed.
#[test]
fn timing_tables_keep_their_columns_under_long_names() {
    let top = common::corpus("seeds.txt");
    let out = common::sgrade()
        .args(["grade", "-q", "--summary", "--timings", "-", "-o"])
        .arg(if cfg!(unix) { "/dev/null" } else { "NUL" })
        .arg(&top)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stderr).to_string();
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("timing "))
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(
        table
            .iter()
            .any(|l| l.contains("finned-cannibalistic-fm-swordfish")),
        "{text}"
    );
    let width = table[0].chars().count();
    for line in &table {
        assert_eq!(line.chars().count(), width, "{line}");
    }
    let bench = common::sgrade()
        .args(["bench", "--reps", "1", "--warmup", "0"])
        .arg(&top)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&bench.stdout).to_string();
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("technique "))
        .collect();
    let width = rows[0].chars().count();
    for line in &rows {
        // A rate of "0" for an untimed technique was a lie: the column is left blank.
        assert!(!line.ends_with(" 0"), "{line}");
        assert!(line.chars().count() <= width, "{line}");
        if !line.ends_with(' ') && line.split_whitespace().count() == 6 {
            assert_eq!(line.chars().count(), width, "{line}");
        }
    }
}
