//! Row formats and options shared by `grade`, `find` and `solve`: `--output-format jsonl` (the
//! CSV's content), `--no-header`, `--no-timing` (byte-identical runs), `--columns` lists that
//! are refused, `-j`, and conflicting flags resolved by the last one given.

use std::collections::HashMap;

use crate::common::{self, sgrade};

fn run(args: &[&str]) -> Vec<u8> {
    sgrade()
        .args(args)
        .arg(common::corpus("bad_input.txt"))
        .arg(common::corpus("seeds.txt"))
        .assert()
        .code(predicates::ord::le(1))
        .get_output()
        .stdout
        .clone()
}

/// A JSON value as the CSV writes it (`null` is an empty field).
fn as_csv_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => format!("{f:.1}"),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

#[test]
fn jsonl_rows_carry_the_csv_fields_with_counts_as_an_object() {
    for (command, scale) in [
        ("grade", "gnpx"),
        ("grade", "hodoku"),
        ("solve", "gnpx"),
        ("find", "gnpx"),
    ] {
        let mut args = vec![command, "-q", "--no-timing"];
        if command != "solve" {
            args.extend(["--scale", scale]);
        }
        if command == "find" {
            args.extend(["--needs", "singles"]);
        }
        let csv_rows = common::csv_maps(&run(&args));
        args.extend(["--output-format", "jsonl"]);
        let json = String::from_utf8(run(&args)).unwrap();
        let json_rows: Vec<serde_json::Value> = json
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(csv_rows.len(), json_rows.len(), "{command} {scale}");
        for (csv_row, json_row) in csv_rows.iter().zip(&json_rows) {
            let object = json_row.as_object().unwrap();
            let mut flat: HashMap<String, String> = HashMap::new();
            for (key, value) in object {
                if key == "counts" {
                    if let Some(counts) = value.as_object() {
                        for (id, n) in counts {
                            flat.insert(format!("count_{id}"), n.to_string());
                        }
                    }
                } else {
                    flat.insert(key.clone(), as_csv_text(value));
                }
            }
            // Ungraded rows have empty count columns in the CSV and `counts: null` in JSON.
            let csv_row: HashMap<String, String> = csv_row
                .iter()
                .filter(|(k, v)| !(k.starts_with("count_") && v.is_empty()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            assert_eq!(csv_row, flat, "{command} {scale}");
        }
    }
}

#[test]
fn no_timing_runs_are_byte_identical_across_runs_and_thread_counts() {
    for command in [
        vec!["grade"],
        vec!["solve"],
        vec!["find", "--needs", "subsets"],
    ] {
        let mut outputs = Vec::new();
        for threads in ["1", "2", "4", "4"] {
            let mut args = command.clone();
            args.extend(["-q", "--no-timing", "-j", threads]);
            outputs.push(run(&args));
        }
        let header = String::from_utf8_lossy(&outputs[0])
            .lines()
            .next()
            .unwrap()
            .to_string();
        assert!(!header.contains("time_us"), "{header}");
        assert!(outputs.windows(2).all(|w| w[0] == w[1]), "{command:?}");
        let mut args = command.clone();
        args.extend([
            "-q",
            "--no-timing",
            "--output-format",
            "jsonl",
            "--threads",
            "3",
        ]);
        let (a, b) = (run(&args), run(&args));
        assert!(a == b && !String::from_utf8_lossy(&a).contains("time_us"));
    }
}

/// `sgrade ARGS seeds.txt` is a usage error (exit 2, no output) whose message holds `says`.
fn refused(args: &[&str], says: &[&str]) {
    let out = sgrade()
        .args(args)
        .arg(common::corpus("seeds.txt"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    for text in says {
        assert!(stderr.contains(text), "{args:?}: {stderr}");
    }
}

#[test]
fn no_timing_refuses_a_time_us_column() {
    // The time would make two `--no-timing` runs differ after all.
    for command in [
        vec!["grade"],
        vec!["solve"],
        vec!["find", "--needs", "subsets"],
    ] {
        for format in ["csv", "jsonl"] {
            let mut args = command.clone();
            args.extend(["--no-timing", "--output-format", format]);
            args.extend(["--columns", "line,status,time_us"]);
            refused(&args, &["--no-timing", "time_us", "--columns"]);
        }
    }
    // Either alone is accepted.
    sgrade()
        .args(["grade", "-q", "--columns", "line,time_us"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
}

#[test]
fn a_column_named_twice_is_refused() {
    for command in ["grade", "solve"] {
        for format in ["csv", "jsonl"] {
            let args = [
                command,
                "--output-format",
                format,
                "--columns",
                "line,status,line",
            ];
            refused(&args, &["`line` is named twice"]);
        }
    }
    // `count_*` brings every `count_<id>`: naming one of them as well is naming it twice.
    for list in ["line,count_*,count_x-wing", "line,count_x-wing,count_*"] {
        refused(
            &["grade", "--columns", list],
            &["`count_x-wing` is named twice (`count_*` includes it)"],
        );
    }
    refused(
        &["grade", "--columns", "count_*,line,count_*"],
        &["`count_*` is named twice"],
    );
}

#[test]
fn solve_says_it_has_no_technique_counts() {
    for list in ["line,count_*", "line,count_x-wing"] {
        refused(
            &["solve", "--columns", list],
            &["solve has no technique counts", "grade and find"],
        );
    }
    // Its list of known columns does not offer them either.
    let out = sgrade()
        .args(["solve", "--columns", "line,nope"])
        .arg(common::corpus("seeds.txt"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no column `nope`"), "{stderr}");
    assert!(!stderr.contains("count_"), "{stderr}");
}

#[test]
fn no_header_drops_the_header_line_only() {
    let with = run(&["grade", "-q", "--no-timing"]);
    let without = run(&["grade", "-q", "--no-timing", "--no-header"]);
    let with = String::from_utf8(with).unwrap();
    let (_, rows) = with.split_once('\n').unwrap();
    assert_eq!(String::from_utf8(without).unwrap(), rows);
}

#[test]
fn the_last_of_conflicting_flags_wins() {
    // Both orders are accepted (clap `overrides_with`); stderr is not a terminal here, so
    // `--no-progress --progress` prints progress lines and the other order prints none.
    let quiet = sgrade()
        .args(["grade", "-q", "--progress", "--no-progress"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
    assert!(quiet.get_output().stderr.is_empty());
    sgrade()
        .args(["grade", "-q", "--no-progress", "--progress"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
}

#[test]
fn techniques_lists_every_rung_of_the_scale_with_its_difficulty() {
    for (scale, row) in [
        ("gnpx", "x-wing"),
        ("gnpx584", "xyz-wing-als"),
        ("hodoku", "brute-force"),
    ] {
        let out = sgrade()
            .args(["techniques", "--scale", scale])
            .assert()
            .success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(text.starts_with("id "), "{text}");
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(row))
            .unwrap_or_else(|| panic!("{scale}: no {row} row"));
        assert!(line.ends_with(" on") || line.ends_with(" off"), "{line}");
    }
    let hodoku = sgrade().args(["techniques", "--scale", "hodoku"]).assert();
    let text = String::from_utf8(hodoku.get_output().stdout.clone()).unwrap();
    assert!(text.lines().nth(1).unwrap().contains("Easy"), "{text}");
    sgrade()
        .args(["find", "--needs", "nakd-pair", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("did you mean `naked-pair`?"));
}

#[test]
fn completions_and_man_page_are_generated_from_the_definitions() {
    for shell in ["bash", "zsh", "fish"] {
        let out = sgrade().args(["completions", shell]).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        for word in [
            "sgrade",
            "grade",
            "techniques",
            "output-format",
            "no-timing",
        ] {
            assert!(text.contains(word), "{shell}: no {word}");
        }
    }
    sgrade().args(["completions", "tcsh"]).assert().code(2);
    let man = sgrade().arg("man").assert().success();
    let text = String::from_utf8(man.get_output().stdout.clone()).unwrap();
    assert!(text.contains(".TH sgrade 1"), "{text}");
    assert!(text.contains("techniques"));
    // A subcommand's page has its options; every page into a folder, one per subcommand.
    let grade = sgrade().args(["man", "grade"]).assert().success();
    let text = String::from_utf8(grade.get_output().stdout.clone()).unwrap();
    assert!(text.contains(".TH sgrade-grade 1"), "{text}");
    assert!(
        text.contains(concat!("\"sgrade ", env!("CARGO_PKG_VERSION"), "\"")),
        "the footer names sgrade: {text}"
    );
    assert!(text.contains("chain\\-work\\-limit"), "{text}");
    sgrade().args(["man", "gradee"]).assert().code(2);
    // The folder is made if it is not there.
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("share/man1");
    sgrade()
        .args(["man", "--dir"])
        .arg(&pages)
        .assert()
        .success();
    for page in [
        "sgrade.1",
        "sgrade-grade.1",
        "sgrade-explain.1",
        "sgrade-man.1",
    ] {
        let text = std::fs::read_to_string(pages.join(page)).unwrap();
        assert!(text.starts_with(".ie"), "{page}: {text}");
    }
    assert!(!pages.join("sgrade-help.1").exists());
    // A page that cannot be written is named.
    std::fs::remove_file(pages.join("sgrade-find.1")).unwrap();
    std::fs::create_dir(pages.join("sgrade-find.1")).unwrap();
    let out = sgrade()
        .args(["man", "--dir"])
        .arg(&pages)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("sgrade-find.1"));
}
