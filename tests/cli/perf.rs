//! Technique performance from the command line: `grade --timings`, `bench`, `stats`, `report`.

use std::fs;
use std::io::Cursor;
use std::path::Path;

use base64::Engine as _;
use hdrhistogram::serialization::interval_log::{IntervalLogIterator, LogEntry};
use hdrhistogram::serialization::Deserializer;
use hdrhistogram::Histogram;
use predicates::prelude::*;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::timing::Timings;

use crate::common::{self, sgrade};

/// The data lines of the shipped royle17 sample (comments dropped).
fn royle_lines() -> Vec<String> {
    fs::read_to_string(common::corpus("royle17_sample.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(String::from)
        .collect()
}

/// Grades `input` (puzzle lines) into `csv`, optionally with extra arguments; returns stderr.
fn grade_into(input: &str, csv: &Path, extra: &[&str]) -> String {
    let out = sgrade()
        .args(["grade", "--summary", "--threads", "2", "-o"])
        .arg(csv)
        .args(extra)
        .arg("-")
        .write_stdin(input.to_string())
        .assert()
        .success();
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

/// Every histogram of a timings log, decoded with hdrhistogram's own reader: (tag, histogram).
fn read_log_raw(path: &Path) -> Vec<(String, Histogram<u64>)> {
    let bytes = fs::read(path).unwrap();
    let mut deserializer = Deserializer::new();
    IntervalLogIterator::new(&bytes)
        .filter_map(|entry| match entry.unwrap() {
            LogEntry::Interval(interval) => Some(interval),
            _ => None,
        })
        .map(|interval| {
            let raw = base64::engine::general_purpose::STANDARD
                .decode(interval.encoded_histogram())
                .unwrap();
            let histogram: Histogram<u64> =
                deserializer.deserialize(&mut Cursor::new(raw)).unwrap();
            (interval.tag().unwrap().as_str().to_string(), histogram)
        })
        .collect()
}

/// Column values of a result CSV, by column name, one map per row.
fn csv_columns(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

#[test]
fn timings_file_round_trips_and_counts_every_call() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, log) = (dir.path().join("r.csv"), dir.path().join("r.hlog"));
    let input = royle_lines().join("\n");
    let stderr = grade_into(&input, &csv, &["--timings", log.to_str().unwrap()]);
    assert!(
        stderr.contains("hit p50") && stderr.contains("(oracle)"),
        "{stderr}"
    );

    let histograms = read_log_raw(&log);
    let ladder = Ladder::gnpx_v4();
    let tags: Vec<&str> = histograms.iter().map(|(t, _)| t.as_str()).collect();
    let mut expected = vec!["puzzle".to_string(), "oracle".to_string()];
    for rung in ladder.rungs() {
        expected.push(format!("call:{}", rung.technique.id()));
        expected.push(format!("hit:{}", rung.technique.id()));
    }
    assert_eq!(tags, expected);
    let get = |tag: &str| &histograms.iter().find(|(t, _)| t == tag).unwrap().1;
    assert_eq!(get("puzzle").len(), 200);

    // The grading loop restarts from the top after each step, so rung k is called once per
    // search (steps + one final failing search per stuck puzzle) minus the steps found above it.
    let (header, rows) = csv_columns(&csv);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let stuck = rows
        .iter()
        .filter(|r| r[column("solved")] == "false")
        .count() as u64;
    let steps = |id: &str| -> u64 {
        let c = column(&format!("count_{id}"));
        rows.iter().map(|r| r[c].parse::<u64>().unwrap()).sum()
    };
    let searches: u64 = ladder
        .rungs()
        .iter()
        .map(|r| steps(r.technique.id()))
        .sum::<u64>()
        + stuck;
    let mut found_above = 0;
    for rung in ladder.rungs() {
        let id = rung.technique.id();
        assert_eq!(
            get(&format!("call:{id}")).len(),
            searches - found_above,
            "{id}"
        );
        assert_eq!(get(&format!("hit:{id}")).len(), steps(id), "{id}");
        found_above += steps(id);
    }
    // Without --verify the oracle runs once for each puzzle that needs more than the basic
    // rungs (singles, intersections, subsets) or gets stuck: just before the first other rung.
    let basic = |id: &str| {
        let family = sudoku_grader::techniques::TechniqueId::from_id(id)
            .unwrap()
            .info()
            .family;
        matches!(family, "singles" | "intersections" | "subsets")
    };
    let beyond_basic = rows
        .iter()
        .filter(|r| {
            r[column("solved")] == "false"
                || ladder.rungs().iter().any(|rung| {
                    let id = rung.technique.id();
                    !basic(id) && r[column(&format!("count_{id}"))] != *"0"
                })
        })
        .count() as u64;
    assert!(beyond_basic > stuck);
    assert_eq!(get("oracle").len(), beyond_basic);
}

#[test]
fn timing_sample_times_a_share_of_the_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, log) = (dir.path().join("s.csv"), dir.path().join("s.hlog"));
    let input = royle_lines().join("\n");
    let args = ["--timings", log.to_str().unwrap(), "--timing-sample", "4"];
    grade_into(&input, &csv, &args);
    let timed = Timings::read_log(&fs::read(&log).unwrap())
        .unwrap()
        .puzzle
        .len();
    assert!((25..=75).contains(&timed), "{timed} of 200 timed");
    sgrade()
        .args(["grade", "--timing-sample", "4", "-"])
        .write_stdin(royle_lines()[0].clone())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--timings"));
}

#[test]
fn stats_of_shards_equal_stats_of_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let lines = royle_lines();
    let (a, b, whole) = (
        dir.path().join("a.csv"),
        dir.path().join("b.csv"),
        dir.path().join("whole.csv"),
    );
    let (log_a, log_b, merged) = (
        dir.path().join("a.hlog"),
        dir.path().join("b.hlog"),
        dir.path().join("m.hlog"),
    );
    grade_into(
        &lines[..120].join("\n"),
        &a,
        &["--timings", log_a.to_str().unwrap()],
    );
    grade_into(
        &lines[120..].join("\n"),
        &b,
        &["--timings", log_b.to_str().unwrap()],
    );
    grade_into(&lines.join("\n"), &whole, &[]);
    // The shards' rows concatenated into one file (header once).
    let concatenated = dir.path().join("ab.csv");
    let text_b = fs::read_to_string(&b).unwrap();
    let body_b = text_b.split_once('\n').unwrap().1;
    fs::write(&concatenated, fs::read_to_string(&a).unwrap() + body_b).unwrap();

    let stats = |files: &[&Path]| -> String {
        let out = sgrade().arg("stats").args(files).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        text.lines().skip(1).map(|l| format!("{l}\n")).collect()
    };
    let shards = stats(&[&a, &b]);
    assert_eq!(shards, stats(&[&concatenated]));
    assert!(shards.contains("sgrade: 200 puzzles") && shards.contains("unique 200"));
    // Grading the whole input again gives the same counts (times differ between runs).
    let without_times = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.contains("time per puzzle"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_times(&shards), without_times(&stats(&[&whole])));

    // Timing files merge: the merged file holds the sum of both.
    let out = sgrade()
        .arg("stats")
        .args([&a, &b])
        .arg("--timings")
        .arg(&log_a)
        .arg("--timings")
        .arg(&log_b)
        .arg("--merged-timings")
        .arg(&merged)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("timings from 2 files") && stdout.contains("hidden-single"));
    let read = |p: &Path| Timings::read_log(&fs::read(p).unwrap()).unwrap();
    let (ta, tb, tm) = (read(&log_a), read(&log_b), read(&merged));
    assert_eq!(tm.puzzle.len(), 200);
    for (id, times) in tm.techniques.iter() {
        let calls = |t: &Timings| t.techniques.get(id).unwrap().calls.len();
        assert_eq!(times.calls.len(), calls(&ta) + calls(&tb), "{id}");
    }
}

#[test]
fn stats_accept_shards_graded_with_different_ladders() {
    let dir = tempfile::tempdir().unwrap();
    let lines = royle_lines();
    let (singles, full) = (dir.path().join("s.csv"), dir.path().join("f.csv"));
    grade_into(
        &lines[..50].join("\n"),
        &singles,
        &["--techniques", "singles"],
    );
    grade_into(&lines[50..100].join("\n"), &full, &[]);
    let out = sgrade()
        .arg("stats")
        .arg(&singles)
        .arg(&full)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let pair = text
        .lines()
        .find(|l| l.starts_with("  naked-pair "))
        .unwrap();
    assert!(
        pair.ends_with("(of 50 graded with it on the ladder)"),
        "{pair}"
    );
    let single = text
        .lines()
        .find(|l| l.starts_with("  hidden-single "))
        .unwrap();
    assert!(!single.contains("(of"), "{single}");
    assert!(text.contains("unique 100"));

    // A shard graded on HoDoKu's scale keeps its own rating distribution, in stats and report.
    let hodoku = dir.path().join("h.csv");
    grade_into(&lines[100..150].join("\n"), &hodoku, &["--scale", "hodoku"]);
    let out = sgrade()
        .arg("stats")
        .args([&singles, &full, &hodoku])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let levels = common::histogram(&text, "HoDoKu level").unwrap();
    let counted: u64 = levels.iter().map(|(_, n)| n).sum();
    assert_eq!(counted, 50, "{levels:?}");
    assert!(text.contains("unique 150") && common::histogram(&text, "rating").is_some());
    let out = sgrade()
        .arg("report")
        .args([&full, &hodoku])
        .assert()
        .success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        svg_classes(&page),
        [
            "rating-chart",
            "rating-chart",
            "usage-chart",
            "puzzle-time-chart"
        ]
    );
    assert!(page.contains("HoDoKu level"));

    sgrade()
        .args(["stats"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no 'status' column"));

    // JSON lines are read as the CSV of the same rows (tests/cli/columnar.rs has more).
    let dir = tempfile::tempdir().unwrap();
    let mut stats = Vec::new();
    for format in ["jsonl", "csv"] {
        let rows = dir.path().join(format!("rows.{format}"));
        sgrade()
            .args(["grade", "--no-timing", "--output-format", format, "-o"])
            .arg(&rows)
            .arg(common::corpus("seeds.txt"))
            .assert()
            .success();
        let out = sgrade().arg("stats").arg(&rows).assert().success();
        stats.push(out.get_output().stdout.clone());
    }
    assert_eq!(stats[0], stats[1]);
}

#[test]
fn bench_validates_against_the_oracle_and_reports_the_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("g.csv");
    grade_into(&royle_lines().join("\n"), &csv, &[]);
    let (header, rows) = csv_columns(&csv);
    let solved_column = header.iter().position(|h| h == "solved").unwrap();
    let solved = rows.iter().filter(|r| r[solved_column] == "true").count();

    let out = sgrade()
        .args([
            "bench",
            "--reps",
            "2",
            "--warmup",
            "0",
            "--shuffle",
            "--format",
            "json",
        ])
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(report["puzzles"], 200);
    assert_eq!(report["shuffle_seed"], 1);
    let validation = &report["validation"];
    assert_eq!(validation["disagreements"], 0);
    assert_eq!(validation["unique"], 200);
    assert_eq!(validation["solved_by_ladder"], solved as u64);
    for pass in ["oracle", "grade", "grade_timed"] {
        let rates = &report["puzzles_per_second"][pass];
        assert_eq!(rates["repetitions"].as_array().unwrap().len(), 2, "{pass}");
        assert!(rates["median"].as_f64().unwrap() > 0.0, "{pass}");
    }
    let ids: Vec<&str> = report["techniques"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["technique"].as_str().unwrap())
        .collect();
    let mut expected: Vec<&str> = Ladder::gnpx_v4()
        .rungs()
        .iter()
        .map(|r| r.technique.id())
        .collect();
    expected.push("(oracle)");
    assert_eq!(ids, expected);

    // --techniques isolates a family; the text report names the baseline.
    sgrade()
        .args([
            "bench",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--techniques",
            "singles",
            "--limit",
            "40",
        ])
        .arg(common::corpus("royle17_sample.txt"))
        .assert()
        .success()
        .stdout(
            predicate::str::contains("40 puzzles")
                .and(predicate::str::contains("oracle alone (sgrade solve)"))
                .and(predicate::str::contains(
                    "every solution agrees with the oracle",
                ))
                .and(predicate::str::contains("hidden-single"))
                .and(predicate::str::contains("naked-pair").not()),
        );
}

/// Parses the report page as XML (it must be well-formed XHTML).
fn parse_page(html: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(html, options).expect("well-formed XHTML")
}

/// The classes of the report's `<svg>` elements.
fn svg_classes(html: &str) -> Vec<String> {
    parse_page(html)
        .descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .map(|n| n.attribute("class").unwrap_or("").to_string())
        .collect()
}

#[test]
fn report_is_one_well_formed_page_with_the_four_charts() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, log, html) = (
        dir.path().join("r.csv"),
        dir.path().join("r.hlog"),
        dir.path().join("r.html"),
    );
    grade_into(
        &royle_lines().join("\n"),
        &csv,
        &["--timings", log.to_str().unwrap()],
    );
    sgrade()
        .arg("report")
        .arg(&csv)
        .arg("--timings")
        .arg(&log)
        .arg("-o")
        .arg(&html)
        .assert()
        .success();
    let text = fs::read_to_string(&html).unwrap();
    // Self-contained: nothing is loaded from anywhere, and nothing runs.
    for loader in ["src=", "href=", "@import", "url(", "<script", "<link"] {
        assert!(!text.contains(loader), "{loader}");
    }
    let doc = parse_page(&text);
    let svg = |class: &str| {
        doc.descendants()
            .find(|n| n.tag_name().name() == "svg" && n.attribute("class") == Some(class))
            .unwrap_or_else(|| panic!("no {class}"))
    };
    let count = |node: roxmltree::Node, tag: &str| {
        node.descendants()
            .filter(|n| n.tag_name().name() == tag)
            .count()
    };
    let texts = |node: roxmltree::Node| -> Vec<String> {
        node.descendants()
            .filter(|n| n.tag_name().name() == "text")
            .map(|n| n.text().unwrap_or("").to_string())
            .collect()
    };
    // Ratings: one bar per rating from 0 to the highest in the CSV.
    let (header, rows) = csv_columns(&csv);
    let rating = header.iter().position(|h| h == "rating").unwrap();
    let top = rows
        .iter()
        .map(|r| r[rating].parse::<usize>().unwrap())
        .max()
        .unwrap();
    assert_eq!(count(svg("rating-chart"), "rect"), top + 1);
    // Usage: every technique some puzzle used is labelled, two bars each plus the legend;
    // the ones nobody used are left out.
    let usage = svg("usage-chart");
    let used = |id: &str| {
        let column = header
            .iter()
            .position(|h| *h == format!("count_{id}"))
            .unwrap();
        rows.iter().any(|r| r[column] != "0")
    };
    let rungs = Ladder::gnpx_v4();
    let used_ids: Vec<&str> = rungs
        .rungs()
        .iter()
        .map(|r| r.technique.id())
        .filter(|id| used(id))
        .collect();
    assert!(
        used_ids.len() < rungs.rungs().len(),
        "some technique unused"
    );
    assert_eq!(count(usage, "rect"), 2 * used_ids.len() + 2);
    for r in rungs.rungs() {
        let id = r.technique.id();
        assert_eq!(texts(usage).iter().any(|t| t == id), used(id), "{id}");
    }
    // Time per technique: a p50 dot per technique called, the oracle and the whole puzzle.
    let timings = Timings::read_log(&fs::read(&log).unwrap()).unwrap();
    let called = timings
        .techniques
        .iter()
        .filter(|(_, t)| !t.calls.is_empty())
        .count();
    let extra = usize::from(!timings.oracle.is_empty()) + 1;
    assert_eq!(count(svg("time-chart"), "circle"), called + extra + 1);
    assert!(texts(svg("time-chart"))
        .iter()
        .any(|t| t == "(whole puzzle)"));
    // Per-puzzle time: bars holding all 200 puzzles, on a log axis of µs labels.
    let puzzle = svg("puzzle-time-chart");
    let binned: u64 = puzzle
        .descendants()
        .filter(|n| n.tag_name().name() == "rect")
        .filter_map(|n| {
            n.first_child()?
                .text()?
                .split(": ")
                .nth(1)?
                .split(' ')
                .next()?
                .replace(',', "")
                .parse::<u64>()
                .ok()
        })
        .sum();
    assert_eq!(binned, 200);
    assert!(texts(puzzle).iter().any(|t| t.ends_with("µs")));

    // Without timings the page says how to get them and has the other three charts.
    let out = sgrade().arg("report").arg(&csv).assert().success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        svg_classes(&page),
        ["rating-chart", "usage-chart", "puzzle-time-chart"]
    );
    assert!(page.contains("--timings FILE"));
}
