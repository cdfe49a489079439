//! `--scale se` on the command line: its columns (`se_er`, `se_ep`, `se_ed` and the names of
//! the steps that set them), statuses, stuck rows, `explain`'s SE difficulties and names,
//! JSON lines and `stats`. What each case should give follows from the puzzle's construction.

use crate::common::{csv_maps, sgrade};

/// A solution grid (seed 1's).
const SOLVED: &str =
    "476239158239158467158467239784916325392574681561382794647893512925641873813725946";

/// [`SOLVED`] with five cells emptied, no two in one house: five full houses, nothing else.
fn five_full_houses() -> String {
    let mut p: Vec<u8> = SOLVED.bytes().collect();
    for cell in [0, 12, 24, 58, 80] {
        p[cell] = b'.';
    }
    String::from_utf8(p).unwrap()
}

/// The first (or `last`) line of `stdout` as JSON: `explain --format json`'s first step or its
/// summary.
fn json_line(stdout: &[u8], last: bool) -> serde_json::Value {
    let text = String::from_utf8_lossy(stdout);
    let line = if last {
        text.lines().last()
    } else {
        text.lines().next()
    };
    serde_json::from_str(line.expect("a line")).unwrap()
}

fn grade_se(input: &str, extra: &[&str]) -> Vec<std::collections::HashMap<String, String>> {
    let out = sgrade()
        .args(["grade", "-q", "--no-timing", "--scale", "se"])
        .args(extra)
        .write_stdin(input.to_string())
        .assert();
    csv_maps(&out.get_output().stdout)
}

#[test]
fn se_columns_rate_full_houses_and_a_solved_grid() {
    let rows = grade_se(&format!("{}\n{SOLVED}\n", five_full_houses()), &[]);
    let full = &rows[0];
    assert_eq!(
        (
            full["se_er"].as_str(),
            full["se_ep"].as_str(),
            full["se_ed"].as_str()
        ),
        ("1.0", "1.0", "1.0")
    );
    // SE names a full house "Hidden Single" (its pass A); the technique id stays ours.
    for column in ["se_er_technique", "se_ep_technique", "se_ed_technique"] {
        assert_eq!(full[column], "Hidden Single");
    }
    assert_eq!(full["hardest"], "full-house");
    assert_eq!(full["steps"], "5");
    assert_eq!(full["count_full-house"], "5");
    assert!(!full.contains_key("rating"));
    // A solved grid takes no step: 0.0 everywhere and no names, not serate's −∞ garbage.
    let solved = &rows[1];
    assert_eq!(solved["solved"], "true");
    assert_eq!(solved["steps"], "0");
    assert_eq!(
        (solved["se_er"].as_str(), solved["se_er_technique"].as_str()),
        ("0.0", "")
    );
}

#[test]
fn se_rates_only_unique_puzzles_and_leaves_stuck_ones_unrated() {
    let empty = ".".repeat(81);
    let mut clash = five_full_houses();
    clash.replace_range(0..1, "7");
    let rows = grade_se(&format!("{empty}\n{clash}\nnot a puzzle\n"), &[]);
    let statuses: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
    // Two equal givens in a house make the line invalid, as on the other scales.
    assert_eq!(statuses, ["multiple", "invalid", "invalid"]);
    for row in &rows {
        assert_eq!(row["se_er"], "");
        assert_eq!(row["se_er_technique"], "");
    }
    // Restricted to hidden singles of pass B, the full-house puzzle is stuck at once (its
    // singles are all full houses): unrated, no ER/EP/ED.
    let stuck = grade_se(
        &format!("{}\n", five_full_houses()),
        &["--techniques", "hidden-single"],
    );
    assert_eq!(stuck[0]["solved"], "false");
    assert_eq!(stuck[0]["se_er"], "");
    assert_eq!(stuck[0]["se_ed"], "");
    assert_eq!(stuck[0]["steps"], "0");
}

/// `--chain-work-limit`: a puzzle that needs SE's chains is given up at a small limit (row
/// `unique`, unsolved, unrated, a message naming the option; the summary counts it; `explain`
/// says so), and graded in full at the default limit or with none (0).
#[test]
fn chain_work_limit_gives_a_puzzle_up_and_says_so() {
    // top1465's first puzzle: Dynamic Forcing Chains (ER 9.0), some thousands of units.
    let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let cut = grade_se(&format!("{p}\n"), &["--chain-work-limit", "1000"]);
    assert_eq!(cut[0]["status"], "unique");
    assert_eq!(cut[0]["solved"], "false");
    assert_eq!(cut[0]["se_er"], "");
    assert!(
        cut[0]["message"].starts_with("line 1: gave up after ")
            && cut[0]["message"].ends_with("units of chain work (--chain-work-limit)"),
        "{}",
        cut[0]["message"]
    );
    for limit in [None, Some("0")] {
        let extra: Vec<&str> = limit
            .map(|n| vec!["--chain-work-limit", n])
            .unwrap_or_default();
        let full = grade_se(&format!("{p}\n"), &extra);
        assert_eq!(
            (full[0]["solved"].as_str(), full[0]["se_er"].as_str()),
            ("true", "9.0")
        );
        assert_eq!(full[0]["message"], "");
    }
    let out = sgrade()
        .args([
            "grade",
            "--summary",
            "--scale",
            "se",
            "--chain-work-limit",
            "1000",
        ])
        .args(["-o", "/dev/null"])
        .write_stdin(format!("{p}\n"))
        .assert()
        .success();
    let summary = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        summary.contains("given up at the chain work limit (--chain-work-limit): 1"),
        "{summary}"
    );
    // `stats` and `report` tell the given-up row from its message, CSV and JSON lines alike,
    // and `report` does not call it stuck for want of a technique.
    let dir = tempfile::tempdir().unwrap();
    for format in ["csv", "jsonl"] {
        let rows = dir.path().join(format!("cut.{format}"));
        sgrade()
            .args(["grade", "-q", "--scale", "se", "--chain-work-limit", "1000"])
            .args(["--output-format", format, "-o"])
            .arg(&rows)
            .write_stdin(format!("{p}\n"))
            .assert()
            .success();
        let stats = sgrade().arg("stats").arg(&rows).output().unwrap();
        let text = String::from_utf8_lossy(&stats.stderr).to_string()
            + &String::from_utf8_lossy(&stats.stdout);
        assert!(
            text.contains("given up at the chain work limit (--chain-work-limit): 1"),
            "{format}: {text}"
        );
        let html = dir.path().join(format!("cut-{format}.html"));
        sgrade()
            .arg("report")
            .arg(&rows)
            .arg("-o")
            .arg(&html)
            .assert()
            .success();
        let page = std::fs::read_to_string(&html).unwrap();
        assert!(
            page.contains("given up at the chain work limit (--chain-work-limit)</th><td>1")
                && page.contains("stuck (need techniques beyond the ladder)</th><td>0"),
            "{format}"
        );
    }
    let out = sgrade()
        .args(["explain", "--scale", "se", "--chain-work-limit", "1000", p])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.lines().last().unwrap().starts_with("gave up after "),
        "{text}"
    );
    let out = sgrade()
        .args(["explain", "--scale", "se", "--chain-work-limit", "1000"])
        .args(["--format", "json", p])
        .assert()
        .success();
    let last = json_line(&out.get_output().stdout, true);
    assert_eq!(last["summary"]["gave_up"], true);
    assert_eq!(last["summary"]["solved"], false);
    // `explain --all` lists each rung's steps under the same limit, and names those cut.
    let out = sgrade()
        .args([
            "explain",
            "--all",
            "--scale",
            "se",
            "--chain-work-limit",
            "100",
            p,
        ])
        .assert()
        .success();
    let notes = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        notes.contains("se-dynamic-chains gave up at the chain work limit"),
        "{notes}"
    );
}

#[test]
fn explain_bounds_se_chains_on_a_puzzle_with_several_solutions() {
    // top1465's fifth puzzle less three givens: wide open, so SE's chains would search it up
    // to the default limit (tens of seconds here, minutes on emptier grids). `explain` gives
    // it up at the lower limit for such puzzles and says so; a given limit is kept.
    let several =
        "...........38...........2..62.4............917............35.8.4.....1......9....";
    let out = sgrade()
        .args(["explain", "--scale", "se", several])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "several solutions: exit 1");
    let (text, notes) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(notes.contains("several solutions: SE's chains are given up after 10000000 units"));
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("gave up after ") && last.contains("units; --chain-work-limit"),
        "{last}"
    );
    let units = |line: &str| -> u64 {
        let from = line.find("limit (").unwrap() + "limit (".len();
        line[from..].split(' ').next().unwrap().parse().unwrap()
    };
    assert!((10_000_000..11_000_000).contains(&units(last)), "{last}");
    let out = sgrade()
        .args([
            "explain",
            "--scale",
            "se",
            "--chain-work-limit",
            "1000",
            several,
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(units(text.lines().last().unwrap()) < 100_000, "{text}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("are given up after"));
    // A ladder without SE's chains counts no chain work: no note.
    let out = sgrade()
        .args([
            "explain",
            "--scale",
            "se",
            "--techniques",
            "singles,subsets",
            several,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("are given up after"));
}

#[test]
fn explain_prints_each_steps_se_difficulty_and_name() {
    let p = five_full_houses();
    let out = sgrade()
        .args(["explain", "--scale", "se", &p])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let steps: Vec<&str> = text.lines().filter(|l| l.contains(". [")).collect();
    assert_eq!(steps.len(), 5, "{text}");
    assert!(
        steps.iter().all(|l| l.contains("[1.0 Hidden Single]")),
        "{text}"
    );
    assert!(text.contains("ER/EP/ED 1.0/1.0/1.0"), "{text}");
    let out = sgrade()
        .args(["explain", "--scale", "se", "--format", "json", &p])
        .assert()
        .success();
    let first = json_line(&out.get_output().stdout, false);
    assert_eq!(first["se_difficulty"], 1.0);
    assert_eq!(first["se_name"], "Hidden Single");
    let last = json_line(&out.get_output().stdout, true);
    assert_eq!(last["summary"]["se"]["er"], 1.0);
    assert_eq!(last["summary"]["se"]["ed_technique"], "Hidden Single");
}

#[test]
fn jsonl_and_stats_carry_the_er() {
    let input = format!("{}\n{SOLVED}\n", five_full_houses());
    let out = sgrade()
        .args(["grade", "-q", "--scale", "se", "--output-format", "jsonl"])
        .write_stdin(input.clone())
        .assert()
        .success();
    let first = json_line(&out.get_output().stdout, false);
    assert_eq!(first["se_er"], 1.0);
    assert_eq!(first["se_ed_technique"], "Hidden Single");
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("se.csv");
    sgrade()
        .args(["grade", "-q", "--scale", "se", "-o"])
        .arg(&csv)
        .write_stdin(input)
        .assert()
        .success();
    let out = sgrade().arg("stats").arg(&csv).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string()
        + &String::from_utf8_lossy(&out.get_output().stderr);
    // ER is drawn by band: the solved grid's 0.0 and the full houses' 1.0, one each.
    let bands: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|l| !l.contains("SE ER"))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .map(|l| l.split_whitespace().take(2).collect())
        .collect();
    assert_eq!(bands, [["0.0-0.9", "1"], ["1.0-1.9", "1"]], "{text}");
}

/// `sgrade stats FILES` on stdout (its first line, naming the files read, left out).
fn stats(files: &[&std::path::Path]) -> String {
    let out = sgrade().arg("stats").args(files).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    text.split_once('\n').unwrap().1.to_string()
}

#[test]
fn stats_read_the_er_of_a_columns_file_as_of_the_default_one() {
    let royle = crate::common::corpus("royle17_sample.txt");
    let dir = tempfile::tempdir().unwrap();
    let grade = |name: &str, args: &[&str]| {
        let path = dir.path().join(name);
        sgrade()
            .args(["grade", "-q", "--no-timing", "--scale", "se"])
            .args(args)
            .arg("-o")
            .arg(&path)
            .arg(&royle)
            .assert()
            .success();
        path
    };
    let default = grade("default.csv", &[]);
    let named = grade(
        "named.csv",
        &[
            "--columns",
            "source,line,status,scale,solved,rating,hardest,steps,counts",
        ],
    );
    // No `scale` column: the count_<id> columns tell the ladder.
    let counted = grade(
        "counted.csv",
        &["--columns", "line,status,solved,rating,hardest,count_*"],
    );
    let json = grade(
        "named.jsonl",
        &[
            "--output-format",
            "jsonl",
            "--columns",
            "line,status,scale,solved,rating,counts",
        ],
    );
    let bands = |text: &str| crate::common::histogram(text, "SE ER (se)");
    let expected = bands(&stats(&[&default])).expect("ER bands");
    assert!(
        expected.iter().all(|(label, _)| label.ends_with(".9")),
        "{expected:?}"
    );
    for file in [&named, &counted, &json] {
        let text = stats(&[file]);
        assert_eq!(bands(&text).as_ref(), Some(&expected), "{file:?}: {text}");
        assert!(
            crate::common::histogram(&text, "rating (se)").is_none(),
            "{text}"
        );
    }
    // One histogram over both kinds of file.
    let both = bands(&stats(&[&default, &named])).unwrap();
    let doubled: Vec<(String, u64)> = expected.iter().map(|(l, n)| (l.clone(), 2 * n)).collect();
    assert_eq!(both, doubled);
    // A `counts` file has no count_<id> columns: its technique table has no "(of N graded …)"
    // note, which would say "of 0".
    let text = stats(&[&named]);
    assert!(text.contains("xy-wing"), "{text}");
    assert!(!text.contains("graded with it on the ladder"), "{text}");
}
