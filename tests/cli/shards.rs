//! sgrade as one task of a shard-and-merge job (Spark, `split` + `xargs -P`): a shard keeps its
//! file's name and line numbers, a split of a CSV file without its header is read as CSV,
//! invalid rows are data under `--exit-zero`, timing files never collide, and `stats` over a
//! directory of parts equals `stats` over the whole.

use std::fs;
use std::path::Path;

use crate::common::{self, sgrade};

/// The shipped royle17 sample's text.
fn royle() -> String {
    fs::read_to_string(common::corpus("royle17_sample.txt")).unwrap()
}

/// `sgrade grade ARGS` on `stdin`, rows without time; exit code and stdout.
fn grade(args: &[&str], stdin: &str) -> (i32, String) {
    let out = sgrade()
        .args(["grade", "-q", "--no-timing", "-j", "2"])
        .args(args)
        .write_stdin(stdin.to_string())
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// The text of `lines` from `from` (0-based) to `to`, each ended by a newline.
fn slice(lines: &[&str], from: usize, to: usize) -> String {
    lines[from..to].iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_shard_from_stdin_keeps_its_file_name_and_line_numbers() {
    let text = royle();
    let lines: Vec<&str> = text.lines().collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("royle.txt");
    fs::write(&file, &text).unwrap();
    let (_, whole) = grade(&[file.to_str().unwrap()], "");
    // Three shards cut anywhere (comment lines included), each read from stdin.
    let cuts = [0, 37, 120, lines.len()];
    let mut rows = Vec::new();
    for (k, pair) in cuts.windows(2).enumerate() {
        let offset = pair[0].to_string();
        let path = file.to_str().unwrap();
        let mut args = vec!["--source", path, "--line-offset", &offset];
        if k > 0 {
            args.push("--no-header");
        }
        let (code, out) = grade(&args, &slice(&lines, pair[0], pair[1]));
        assert_eq!(code, 0);
        rows.push(out);
    }
    assert_eq!(rows.concat(), whole);
    // Messages name the file's lines too.
    let bad = "4....9.5.23..58.67\n";
    let (code, out) = grade(&["--source", "f.txt", "--line-offset", "41"], bad);
    assert_eq!(code, 1);
    assert!(
        out.contains("f.txt,42,") && out.contains("line 42: expected 81"),
        "{out}"
    );
    // Several inputs cannot share one name.
    sgrade()
        .args(["grade", "--source", "x", "-"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("give one input"));
}

#[test]
fn a_split_of_a_csv_file_is_read_by_its_header() {
    // The puzzle column third, as in the issue: read without the header, a split was invalid.
    let puzzles: Vec<String> = royle()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(30)
        .map(String::from)
        .collect();
    let header = "id,note,puzzle";
    let mut csv = format!("{header}\n");
    for (i, p) in puzzles.iter().enumerate() {
        csv.push_str(&format!("{i},\"a, {i}\",{p}\n"));
    }
    let lines: Vec<&str> = csv.lines().collect();
    let (_, whole) = grade(&["--source", "c.csv"], &csv);
    let first = grade(
        &["--source", "c.csv", "--csv-header", header],
        &slice(&lines, 0, 11),
    )
    .1;
    let second = grade(
        &[
            "--source",
            "c.csv",
            "--csv-header",
            header,
            "--line-offset",
            "11",
            "--no-header",
        ],
        &slice(&lines, 11, lines.len()),
    )
    .1;
    // The part holding the header skips it: it equals the given one.
    assert_eq!(first + &second, whole);
    assert!(!whole.contains(",invalid,"), "{whole}");
    // Concatenated parts repeat the header: it is skipped, the line numbers still count it.
    let twice = format!("{csv}{header}\n{}\n", lines[1]);
    let (code, out) = grade(&["--source", "c.csv"], &twice);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().count(), whole.lines().count() + 1);
    assert!(out.ends_with(&format!(
        "{}\n",
        whole.lines().nth(1).unwrap().replacen(",2,", ",33,", 1)
    )));
    // `--input-format lines` reads a `puzzle` line as a (bad) puzzle.
    let (code, out) = grade(&["--input-format", "lines"], &slice(&lines, 0, 3));
    assert_eq!(code, 1);
    assert!(out.lines().nth(1).unwrap().contains(",invalid,"), "{out}");
    // A contradiction is a usage error.
    sgrade()
        .args(["grade", "--input-format", "lines", "--csv-header", header])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("takes no --csv-header"));
}

#[test]
fn the_puzzle_column_is_named_or_its_absence_said() {
    let p = royle().lines().nth(1).unwrap().to_string();
    let csv = format!("id,grid\n1,{p}\n");
    let out = sgrade()
        .args(["grade", "-q", "-"])
        .write_stdin(csv.clone())
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains("has no `puzzle` column (columns: id, grid)") && err.contains("--column"),
        "{err}"
    );
    let (code, out) = grade(&["--column", "grid"], &csv);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("-,2,{p},unique,true,")), "{out}");
    // A header named in --column must be there.
    let out = sgrade()
        .args(["grade", "-q", "--column", "givens", "-"])
        .write_stdin(csv)
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("no `givens` column"), "{err}");
    sgrade()
        .args(["grade", "--csv-header", "a,b"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--csv-header has no `puzzle` column",
        ));
}

#[test]
fn exit_zero_makes_invalid_rows_data() {
    let bad = common::corpus("bad_input.txt");
    let (code, rows) = grade(&[bad.to_str().unwrap()], "");
    assert_eq!(code, 1);
    let (code, same) = grade(&["--exit-zero", bad.to_str().unwrap()], "");
    assert_eq!((code, same), (0, rows));
    // A usage or I/O error still fails.
    sgrade()
        .args(["grade", "--exit-zero", "no/such/file"])
        .assert()
        .code(2);
}

#[test]
fn timing_files_are_named_per_process_or_trail_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let template = dir.path().join("t-{host}-{pid}.log");
    let seeds = common::corpus("seeds.txt");
    let out = sgrade()
        .args(["grade", "-q", "--timings"])
        .arg(&template)
        .arg(&seeds)
        .assert()
        .success();
    let _ = out;
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let name = &names[0];
    assert!(name.starts_with("t-") && name.ends_with(".log") && !name.contains('{'));
    let pid = name.trim_end_matches(".log").rsplit('-').next().unwrap();
    assert!(pid.parse::<u32>().is_ok(), "{name}");
    // `-`: the log is the whole of a piped stderr (asked for, it is written without the
    // summary), and with --summary the last thing, after the summary.
    let out = sgrade()
        .args(["grade", "--timings", "-"])
        .arg(&seeds)
        .output()
        .unwrap();
    let trailer = String::from_utf8(out.stderr).unwrap();
    assert!(trailer.starts_with("#sgrade timings"), "{trailer}");
    let out = sgrade()
        .args(["grade", "--summary", "--timings", "-"])
        .arg(&seeds)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let at = stderr.find("#sgrade timings").expect("trailer");
    assert!(stderr[..at].contains("puzzles in"), "{stderr}");
    // `stats` reads the stderr capture as a timing file, the summary before it skipped.
    let capture = dir.path().join("stderr.txt");
    fs::write(&capture, &stderr).unwrap();
    let results = dir.path().join("r.csv");
    fs::write(&results, &out.stdout).unwrap();
    sgrade()
        .arg("stats")
        .arg(&results)
        .arg("--timings")
        .arg(&capture)
        .assert()
        .success()
        .stdout(predicates::str::contains("timings from 1 file"));
}

/// `sgrade stats ARGS` without its first line (the count of files).
fn stats(args: &[&Path]) -> String {
    let out = sgrade().arg("stats").args(args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.split_once('\n').unwrap().1.to_string()
}

#[test]
fn stats_over_a_directory_of_parts_equal_stats_over_the_whole() {
    let text = royle();
    let lines: Vec<&str> = text.lines().collect();
    let bad = fs::read_to_string(common::corpus("bad_input.txt")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let whole_input = format!("{text}{bad}");
    let (_, whole) = grade(&["--source", "all.txt"], &whole_input);
    let whole_csv = dir.path().join("whole.csv");
    fs::write(&whole_csv, &whole).unwrap();
    // Parts graded apart, each with its header, in a Spark-like output directory with its
    // marker files, a timing log and a nested folder.
    let out = dir.path().join("out");
    fs::create_dir_all(out.join("batch=2")).unwrap();
    let cuts = [0, 50, 51, 140, lines.len()];
    for (k, pair) in cuts.windows(2).enumerate() {
        let (_, part) = grade(&[], &slice(&lines, pair[0], pair[1]));
        fs::write(out.join(format!("part-{k:05}.csv")), part).unwrap();
        fs::write(out.join(format!(".part-{k:05}.csv.crc")), "crc").unwrap();
    }
    let (_, part) = grade(&[], &bad);
    fs::write(out.join("batch=2").join("part-00000.csv"), part).unwrap();
    fs::write(out.join("_SUCCESS"), "").unwrap();
    fs::write(out.join("part-99999.csv"), "").unwrap();
    let log = out.join("timings-1.log");
    sgrade()
        .args(["grade", "-q", "-o", "/dev/null", "--timings"])
        .arg(&log)
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
    let merged = stats(&[&out]);
    let direct = stats(&[&whole_csv]);
    assert!(merged.starts_with(&direct), "{merged}\n---\n{direct}");
    assert!(
        merged[direct.len()..].starts_with("timings from 1 file"),
        "{merged}"
    );
    // The parts concatenated (headers repeated) give the same.
    let mut concatenated = Vec::new();
    for k in 0..4 {
        concatenated.extend(fs::read(out.join(format!("part-{k:05}.csv"))).unwrap());
    }
    concatenated.extend(fs::read(out.join("batch=2").join("part-00000.csv")).unwrap());
    let cat = dir.path().join("cat.csv");
    fs::write(&cat, concatenated).unwrap();
    assert_eq!(stats(&[&cat]), direct);
    // `report` reads the directory too.
    let page = sgrade().arg("report").arg(&out).output().unwrap();
    assert!(page.status.success());
    assert!(String::from_utf8_lossy(&page.stdout).contains("usage-chart"));
    // An empty directory is an error, not an empty summary.
    let empty = dir.path().join("empty");
    fs::create_dir(&empty).unwrap();
    sgrade()
        .arg("stats")
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no part files"));
}

#[test]
fn stats_keep_one_histogram_per_scale() {
    let dir = tempfile::tempdir().unwrap();
    let royle = common::corpus("royle17_sample.txt");
    let mut paths = Vec::new();
    for scale in ["gnpx", "gnpx584", "gnpx"] {
        let path = dir.path().join(format!("{}-{scale}.csv", paths.len()));
        sgrade()
            .args(["grade", "-q", "--scale", scale, "-o"])
            .arg(&path)
            .arg(&royle)
            .assert()
            .success();
        paths.push(path);
    }
    let refs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let text = stats(&refs);
    let line = |name: &str| {
        common::histogram(&text, &format!("rating ({name})"))
            .unwrap_or_else(|| panic!("{name}: {text}"))
    };
    let total = |rows: Vec<(String, u64)>| -> u64 { rows.iter().map(|(_, n)| n).sum() };
    let solved = |path: &Path| {
        common::csv_maps(&fs::read(path).unwrap())
            .iter()
            .filter(|r| r["solved"] == "true")
            .count() as u64
    };
    assert_eq!(total(line("gnpx")), 2 * solved(&paths[0]));
    assert_eq!(total(line("gnpx584")), solved(&paths[1]));
    assert!(common::histogram(&text, "rating").is_none(), "{text}");
}

#[test]
fn columns_fix_one_schema_for_every_scale() {
    let list = "source,line,status,scale,solved,rating,hardest,steps,counts,message";
    let seeds = common::corpus("seeds.txt");
    let bad = common::corpus("bad_input.txt");
    let mut headers = Vec::new();
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for scale in ["gnpx", "gnpx584", "hodoku"] {
        let path = dir.path().join(format!("{scale}.csv"));
        sgrade()
            .args(["grade", "-q", "--scale", scale, "--columns", list, "-o"])
            .arg(&path)
            .args([&seeds, &bad])
            .assert()
            .code(1);
        let rows = common::csv_maps(&fs::read(&path).unwrap());
        let text = fs::read_to_string(&path).unwrap();
        headers.push(text.lines().next().unwrap().to_string());
        // The default run's values, under the same names.
        let default = sgrade()
            .args(["grade", "-q", "--scale", scale])
            .args([&seeds, &bad])
            .output()
            .unwrap();
        let default = common::csv_maps(&default.stdout);
        assert_eq!(rows.len(), default.len());
        for (row, full) in rows.iter().zip(&default) {
            assert_eq!(row["scale"], scale);
            for name in [
                "source", "line", "status", "solved", "hardest", "steps", "message",
            ] {
                assert_eq!(row[name], full[name], "{scale} {name}");
            }
            // `counts` lists exactly the non-zero count_<id> columns.
            let used: Vec<String> = full
                .iter()
                .filter(|(k, v)| k.starts_with("count_") && !v.is_empty() && *v != "0")
                .map(|(k, v)| format!("{}={v}", &k["count_".len()..]))
                .collect();
            let mut listed: Vec<String> = row["counts"]
                .split(';')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let mut used = used;
            used.sort();
            listed.sort();
            assert_eq!(listed, used, "{scale}");
            if scale == "hodoku" && full["solved"] == "true" {
                let level = ["", "Easy", "Medium", "Hard", "Unfair", "Extreme"];
                let n: usize = row["rating"].parse().unwrap();
                assert_eq!(level[n], full["hodoku_level"]);
            } else if scale != "hodoku" {
                assert_eq!(row["rating"], full["rating"]);
            }
        }
        paths.push(path);
    }
    assert!(headers.iter().all(|h| h == list), "{headers:?}");
    // `stats` reads the scale column: gnpx and gnpx584 stay apart.
    let refs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let text = stats(&refs[..2]);
    assert!(
        text.contains("  rating (gnpx), ") && text.contains("  rating (gnpx584), "),
        "{text}"
    );
    sgrade()
        .args(["grade", "--columns", "source,nope"])
        .arg(&seeds)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no column `nope`"));
}

#[test]
fn pass_through_writes_the_input_columns_under_their_names() {
    let p = royle().lines().nth(1).unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.csv");
    fs::write(&a, format!("id,puzzle,status\n\"x, y\",{p},7\n2,bad,\n")).unwrap();
    let out = sgrade()
        .args(["grade", "-q", "--no-timing", "--pass-through"])
        .arg(&a)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let rows = common::csv_maps(&out.stdout);
    let header = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    // The input's columns stand where `extra` stood; `status` is sgrade's, so it is renamed.
    assert!(header.ends_with(",id,input_status,message"), "{header}");
    assert!(!header.contains(",extra,"), "{header}");
    assert_eq!(
        (rows[0]["id"].as_str(), rows[0]["input_status"].as_str()),
        ("x, y", "7")
    );
    assert_eq!(rows[0]["status"], "unique");
    assert_eq!(
        (rows[1]["id"].as_str(), rows[1]["status"].as_str()),
        ("2", "invalid")
    );
    // The other columns are the default run's.
    let default = sgrade()
        .args(["grade", "-q", "--no-timing"])
        .arg(&a)
        .output()
        .unwrap();
    for (row, full) in rows.iter().zip(common::csv_maps(&default.stdout)) {
        for (name, value) in &full {
            if name != "extra" {
                assert_eq!(&row[name], value, "{name}");
            }
        }
    }
    // Inputs with other headers, a plain file and stdin without --csv-header are refused.
    let b = dir.path().join("b.csv");
    fs::write(&b, format!("puzzle,other\n{p},1\n")).unwrap();
    for (args, why) in [
        (vec![a.clone(), b.clone()], "has other columns"),
        (vec![common::corpus("seeds.txt")], "is not a CSV"),
        (vec![], "--csv-header"),
    ] {
        sgrade()
            .args(["grade", "--pass-through"])
            .args(&args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicates::str::contains(why));
    }
}

#[test]
fn pass_through_says_when_a_row_has_more_fields_than_the_header() {
    let p = royle().lines().nth(1).unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("rag.csv");
    fs::write(
        &a,
        format!("id,note,puzzle\n1,a,{p}\n2\n3,b,{p},extra1,extra2\n4,c,{p},x\n5,d,bad,y\n"),
    )
    .unwrap();
    let out = sgrade()
        .args([
            "grade",
            "-q",
            "--pass-through",
            "--columns",
            "line,status,message",
        ])
        .arg(&a)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "the short and the bad rows are invalid"
    );
    let rows = common::csv_maps(&out.stdout);
    let at = |line: &str| rows.iter().find(|r| r["line"] == line).unwrap();
    assert_eq!(
        at("2")["message"],
        "",
        "a row as long as the header has no note"
    );
    // A long row is graded as usual, and its message says what was not passed through.
    assert_eq!(at("4")["status"], "unique");
    assert_eq!(
        (at("4")["id"].as_str(), at("4")["note"].as_str()),
        ("3", "b")
    );
    assert_eq!(
        at("4")["message"],
        "line 4: 5 fields, the header has 3: the last 2 are not passed through"
    );
    assert_eq!(
        at("5")["message"],
        "line 5: 4 fields, the header has 3: the last is not passed through"
    );
    // An invalid row keeps its reason first.
    let bad = &at("6")["message"];
    assert!(
        bad.starts_with("line 6: ")
            && bad.ends_with("; 4 fields, the header has 3: the last is not passed through"),
        "{bad}"
    );
    assert!(at("3")["message"].contains("no puzzle column 3"));
    // Without --pass-through the extra fields stay in `extra`, and there is no note.
    let out = sgrade().args(["grade", "-q"]).arg(&a).output().unwrap();
    let rows = common::csv_maps(&out.stdout);
    assert_eq!(rows[2]["extra"], "3,b,extra1,extra2");
    assert_eq!(rows[2]["message"], "");
}

#[test]
fn pass_through_renames_every_name_sgrade_writes_whatever_the_columns() {
    let p = royle().lines().nth(1).unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let rated = dir.path().join("rated.csv");
    fs::write(
        &rated,
        format!("puzzle,rating,hardest\n{p},99,my-own-label\n"),
    )
    .unwrap();
    let out = dir.path().join("pt.csv");
    sgrade()
        .args(["grade", "-q", "--no-timing", "--pass-through", "--columns"])
        .arg("source,line,puzzle,status,solved,steps")
        .arg(&rated)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let text = fs::read_to_string(&out).unwrap();
    let header = text.lines().next().unwrap();
    // `rating` and `hardest` are not among the columns chosen, but sgrade writes them.
    assert_eq!(
        header,
        "source,line,puzzle,status,solved,steps,input_rating,input_hardest"
    );
    // So `stats` takes neither the input's rating nor its label for sgrade's.
    let summary = stats(&[&out]);
    assert!(!summary.contains("99"), "{summary}");
    assert!(!summary.contains("my-own-label"), "{summary}");
    // Names of other scales and commands, `count_<id>`, and a renamed name that is taken too.
    let odd = dir.path().join("odd.csv");
    fs::write(
        &odd,
        format!(
            "status,puzzle,rating,extra,message,se_er,hodoku_level,solution,counts,scale,\
             count_foo,input_status,note\nS,{p},99,E,M,1,2,3,4,5,6,7,8\n"
        ),
    )
    .unwrap();
    let renamed = [
        "input_status",
        "input_rating",
        "input_extra",
        "input_message",
        "input_se_er",
        "input_hodoku_level",
        "input_solution",
        "input_counts",
        "input_scale",
        "input_count_foo",
    ];
    let out = sgrade()
        .args(["grade", "-q", "--no-timing", "--pass-through"])
        .args(["--output-format", "jsonl", "--columns", "line,status"])
        .arg(&odd)
        .output()
        .unwrap();
    let row: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&str> = row.keys().map(String::as_str).collect();
    let mut expected = vec!["line", "status", "input_input_status", "note"];
    expected.extend(renamed);
    expected.sort();
    assert_eq!(keys, expected);
    // The input's own `input_status` keeps its name; its `status` then takes `input_` twice.
    assert_eq!(
        (row["status"].as_str(), row["input_status"].as_str()),
        (Some("unique"), Some("7"))
    );
    assert_eq!(row["input_input_status"], "S");
    assert_eq!(
        (row["input_rating"].as_str(), row["note"].as_str()),
        (Some("99"), Some("8"))
    );
    // The CSV of `solve` names them alike.
    let out = sgrade()
        .args(["solve", "-q", "--no-timing", "--pass-through"])
        .arg(&odd)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    for name in renamed.iter().chain(&["input_input_status", "note"]) {
        assert!(header.contains(name), "{name}: {header:?}");
    }
}

#[test]
fn pass_through_json_lines_keep_the_counts_object() {
    let kaggle = common::corpus("kaggle_sample.csv");
    let run = |args: &[&str]| {
        let out = sgrade()
            .args(["grade", "-q", "--no-timing", "--output-format", "jsonl"])
            .args(args)
            .arg(&kaggle)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let (passed, plain) = (run(&["--pass-through"]), run(&[]));
    let rows = |text: &str| -> Vec<serde_json::Map<String, serde_json::Value>> {
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let (passed_rows, plain_rows) = (rows(&passed), rows(&plain));
    assert_eq!(passed_rows.len(), plain_rows.len());
    for (row, default) in passed_rows.iter().zip(&plain_rows) {
        assert!(row["counts"].is_object(), "{row:?}");
        assert!(!row.keys().any(|k| k.starts_with("count_")), "{row:?}");
        // The default row's keys and values, the input's columns for `extra`.
        let mut expected = default.clone();
        expected.remove("extra");
        expected.insert(
            "radcliffe_difficulty".into(),
            row["radcliffe_difficulty"].clone(),
        );
        expected.insert("bucket".into(), row["bucket"].clone());
        assert_eq!(row, &expected);
        assert!(row["bucket"].is_string());
    }
    // `stats` reads the scale and its legends as from the default rows.
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    fs::write(&a, &passed).unwrap();
    fs::write(&b, &plain).unwrap();
    let summary = stats(&[&a]);
    assert!(summary.contains("  rating (gnpx), "), "{summary}");
    assert_eq!(summary, stats(&[&b]));
}
