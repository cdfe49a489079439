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
fn a_full_stdout_is_an_error_and_a_full_stderr_loses_only_the_summary() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let seeds = common::corpus("seeds.txt");
    let bench = ["bench", "--reps", "1", seeds.to_str().unwrap()];
    for args in [&["explain", EASY][..], &bench] {
        let out = Command::new(bin())
            .args(args)
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .any(|l| l.starts_with("sgrade: stdout: No space left on device")),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The summary cannot be written; the rows are, and the status is the run's.
    let dir = tempfile::tempdir().unwrap();
    let (plain, quiet) = (dir.path().join("plain.csv"), dir.path().join("full.csv"));
    let run = |out: &Path, stderr: Stdio| {
        Command::new(bin())
            .args(["grade", "--no-timing", "-o"])
            .arg(out)
            .arg(&seeds)
            .stderr(stderr)
            .status()
            .unwrap()
    };
    let expected = run(&plain, Stdio::null());
    let status = run(&quiet, full.into());
    assert_eq!(status.code(), expected.code());
    assert_eq!(
        std::fs::read(&quiet).unwrap(),
        std::fs::read(&plain).unwrap()
    );
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

const XWING: &str =
    "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";

/// A puzzle the ladder cannot finish has no rating: empty rating columns on every scale, its
/// hardest step so far in `hardest_so_far`, a line of its own in the summary and in `stats`,
/// never inside the rating histogram; `find` lists it only for techniques its path used.
#[test]
fn a_stuck_puzzle_is_unrated_and_counted_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, format!("{XWING}\n{EASY}\n")).unwrap();
    for scale in ["gnpx", "gnpx584", "hodoku"] {
        let techniques = if scale == "hodoku" {
            "full-house,naked-single,hidden-single"
        } else {
            "singles"
        };
        let out = sgrade()
            .args([
                "grade",
                "--summary",
                "--scale",
                scale,
                "--techniques",
                techniques,
            ])
            .arg(&input)
            .assert()
            .success();
        let output = out.get_output();
        let rows = common::csv_maps(&output.stdout);
        let stuck = &rows[0];
        assert_eq!(stuck["solved"], "false", "{scale}");
        for column in ["rating", "hodoku_level", "hodoku_score", "hodoku_bf"] {
            if let Some(value) = stuck.get(column) {
                assert_eq!(value, "", "{scale} {column}");
            }
        }
        assert_eq!(stuck["hardest"], "", "{scale}");
        assert!(stuck["hardest_so_far"].ends_with("single"), "{scale}");
        assert_eq!(rows[1]["solved"], "true");
        assert_eq!(rows[1]["hardest_so_far"], "");
        assert!(!rows[1]["hardest"].is_empty());
        let summary = String::from_utf8_lossy(&output.stderr);
        assert!(summary.contains("  stuck (no rating"), "{summary}");
        // The solved puzzle is the histogram's only row: the stuck one is not in it.
        let histogram = common::histogram(&summary, "rating")
            .or_else(|| common::histogram(&summary, "HoDoKu level"))
            .unwrap_or_else(|| panic!("{scale}: {summary}"));
        assert_eq!(histogram.len(), 1, "{scale}: {histogram:?}");
        assert_eq!(histogram[0].1, 1, "{scale}: {histogram:?}");
        let csv = dir.path().join(format!("{scale}.csv"));
        std::fs::write(&csv, &output.stdout).unwrap();
        let stats = sgrade().arg("stats").arg(&csv).assert().success();
        let stats = String::from_utf8_lossy(&stats.get_output().stdout).into_owned();
        assert!(stats.contains("graded: solved 1, stuck 1"), "{stats}");
        assert!(stats.contains("  stuck (no rating"), "{stats}");
        let report = sgrade().arg("report").arg(&csv).assert().success();
        let report = String::from_utf8_lossy(&report.get_output().stdout).into_owned();
        assert!(report.contains("stuck (no rating): 1 puzzles"), "{scale}");
    }
    let found = |needs: &str| {
        let out = sgrade()
            .args(["find", "-q", "--techniques", "singles", "--needs", needs])
            .arg(&input)
            .assert()
            .success();
        common::csv_maps(&out.get_output().stdout)
            .iter()
            .map(|row| row["line"].clone())
            .collect::<Vec<_>>()
    };
    let graded = sgrade()
        .args(["grade", "-q", "--techniques", "singles"])
        .arg(&input)
        .assert()
        .success();
    let stuck = common::csv_maps(&graded.get_output().stdout).remove(0);
    for technique in ["full-house", "naked-single", "hidden-single"] {
        let used = stuck[&format!("count_{technique}")] != "0";
        assert_eq!(
            found(technique).contains(&"1".to_string()),
            used,
            "{technique}"
        );
    }
}

/// A forum puzzle beyond GNPX v5.84's default ladder comes back stuck and unrated.
#[test]
fn forum_hardest_puzzles_are_stuck_not_rated_zero() {
    let Some(path) = common::shared_file("corpora/forum_hardest_1905_er11plus.txt") else {
        eprintln!("skipped: ../shared is absent");
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("forum.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(3)
        .collect();
    std::fs::write(&input, lines.join("\n")).unwrap();
    let out = sgrade()
        .args(["grade", "-q", "--scale", "gnpx584"])
        .arg(&input)
        .assert();
    let rows = common::csv_maps(&out.get_output().stdout);
    let stuck: Vec<_> = rows.iter().filter(|r| r["solved"] == "false").collect();
    assert!(
        !stuck.is_empty(),
        "no stuck row among {} forum puzzles",
        rows.len()
    );
    for row in stuck {
        assert_eq!((row["rating"].as_str(), row["hardest"].as_str()), ("", ""));
    }
}

/// Compressed inputs (gzip, zstd, xz, bzip2; told by their magic bytes, not their names) give
/// the plain file's rows, on a file and on stdin.
#[test]
fn compressed_inputs_give_the_plain_files_output() {
    use std::io::Write;
    let plain = std::fs::read(common::corpus("kaggle_sample.csv")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).unwrap();
    let mut xz = xz2::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(&plain).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(&plain).unwrap();
    let packed = [
        ("in.gz", gz.finish().unwrap()),
        ("in.zst", zstd::encode_all(&plain[..], 3).unwrap()),
        ("in.xz", xz.finish().unwrap()),
        ("in.bz2", bz.finish().unwrap()),
    ];
    let rows = |command: &str, input: &[u8]| {
        let timing = if command == "grade" {
            "--no-timing"
        } else {
            "--"
        };
        let out = sgrade()
            .args([command, "-q", timing, "-"])
            .write_stdin(input.to_vec())
            .assert()
            .success();
        out.get_output().stdout.clone()
    };
    let expected = rows("grade", &plain);
    let canon = rows("canon", &plain);
    for (name, bytes) in &packed {
        assert_ne!(bytes, &plain);
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        // The same bytes under another name: the format is told by content.
        let renamed = dir.path().join(format!("{name}.txt"));
        std::fs::write(&renamed, bytes).unwrap();
        for file in [&path, &renamed] {
            let out = sgrade()
                .args(["grade", "-q", "--no-timing"])
                .arg(file)
                .assert()
                .success();
            let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
            let expected = String::from_utf8(expected.clone()).unwrap();
            // Only the source column differs (the file's name instead of `-`).
            let strip = |t: &str, source: &str| t.replace(&format!("\n{source},"), "\n,");
            assert_eq!(
                strip(&text, &file.display().to_string()),
                strip(&expected, "-"),
                "{name}"
            );
        }
        assert_eq!(rows("grade", bytes), expected, "{name} on stdin");
        assert_eq!(rows("canon", bytes), canon, "{name}: canon");
    }
}

#[test]
fn report_and_merged_timings_replace_their_file_whole_by_a_rename() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.csv");
    let log = dir.path().join("t.log");
    sgrade()
        .args(["grade", "-q", "--timings"])
        .arg(&log)
        .arg("-o")
        .arg(&results)
        .arg(common::corpus("seeds.txt"))
        .assert()
        .success();
    let runs: [(&str, Vec<&std::ffi::OsStr>); 2] = [
        (
            "report.html",
            vec!["report".as_ref(), results.as_os_str(), "-o".as_ref()],
        ),
        (
            "merged.log",
            vec![
                "stats".as_ref(),
                results.as_os_str(),
                "--timings".as_ref(),
                log.as_os_str(),
                "--merged-timings".as_ref(),
            ],
        ),
    ];
    for (name, args) in runs {
        let target = dir.path().join(name);
        let old = dir.path().join(format!("old-{name}"));
        std::fs::write(&target, "the old file\n").unwrap();
        // A second name for the old file: writing in place would change it too, a rename
        // leaves it as it was.
        std::fs::hard_link(&target, &old).unwrap();
        sgrade().args(&args).arg(&target).assert().success();
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "the old file\n");
        assert!(std::fs::metadata(&target).unwrap().len() > 100, "{name}");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "temporary files left: {left:?}");
    }
}

/// `-o -` writes to stdout, as `-` reads stdin for an input: no file named `-` appears, and
/// `--resume`, which continues a file, refuses it.
#[test]
fn a_dash_output_is_stdout() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.txt"), format!("{EASY}\n")).unwrap();
    for command in ["grade", "solve"] {
        let out = sgrade()
            .current_dir(dir.path())
            .args([command, "-q", "--no-timing", "-o", "-", "in.txt"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 2, "{command}: {text}");
        assert!(text.lines().nth(1).unwrap().contains(EASY), "{text}");
        assert!(
            !dir.path().join("-").exists(),
            "{command} wrote a file named -"
        );
    }
    let out = sgrade()
        .current_dir(dir.path())
        .args(["grade", "--resume", "-o", "-", "in.txt"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--resume") && err.contains("stdout"), "{err}");
}

/// A FIFO at `path`, and a thread reading it to its end (so that a writer can open it).
#[cfg(unix)]
fn fifo_read_by_a_thread(path: &Path) -> std::thread::JoinHandle<Vec<u8>> {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo");
    let path = path.to_path_buf();
    std::thread::spawn(move || std::fs::read(path).unwrap())
}

/// `report` and `--merged-timings` write a symbolic link's file (the link stays a link) and a
/// pipe or device in place: a rename over a device would replace it with a file (as root,
/// `-o /dev/null` would have replaced the system's `/dev/null`).
#[cfg(unix)]
#[test]
fn atomic_outputs_keep_links_and_pipes() {
    let dir = tempfile::tempdir().unwrap();
    let results = results_csv(dir.path());
    let target = dir.path().join("target.html");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    sgrade()
        .arg("report")
        .arg(&results)
        .arg("-o")
        .arg(&link)
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().contains("<html"));
    let fifo = dir.path().join("pipe.html");
    let reader = fifo_read_by_a_thread(&fifo);
    sgrade()
        .arg("report")
        .arg(&results)
        .arg("-o")
        .arg(&fifo)
        .assert()
        .success();
    assert!(String::from_utf8(reader.join().unwrap())
        .unwrap()
        .contains("<html"));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
}

/// Rows written to a pipe or device get no run record beside it (a file in `/dev`, or a
/// failure there for a user who may write to the device), and `--resume` refuses such an
/// output; a record that cannot be written costs only the resumption.
#[cfg(unix)]
#[test]
fn a_pipe_output_gets_no_run_record_and_cannot_be_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let seeds = common::corpus("seeds.txt");
    let fifo = dir.path().join("rows.csv");
    let reader = fifo_read_by_a_thread(&fifo);
    sgrade()
        .args(["grade", "-q", "-o"])
        .arg(&fifo)
        .arg(&seeds)
        .assert()
        .success();
    let rows = String::from_utf8(reader.join().unwrap()).unwrap();
    assert!(
        rows.starts_with("source,") && rows.contains(",unique,"),
        "{rows}"
    );
    assert!(!dir.path().join("rows.csv.sgrade-run").exists());
    let resumed = sgrade()
        .args(["grade", "-q", "--resume", "-o"])
        .arg(&fifo)
        .arg(&seeds)
        .output()
        .unwrap();
    assert_eq!(resumed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("device or pipe"));
}

/// Two outputs on one file are refused before anything is written (`--timings` opened last
/// would have replaced every row), and a `--timings` path that cannot be created is an error
/// before the rows' output is opened, so an earlier output stays whole.
#[test]
fn outputs_that_clash_or_cannot_open_leave_the_old_output_whole() {
    let dir = tempfile::tempdir().unwrap();
    let seeds = common::corpus("seeds.txt");
    let out = dir.path().join("out.csv");
    sgrade()
        .args(["grade", "-q", "-o"])
        .arg(&out)
        .arg(&seeds)
        .assert()
        .success();
    let before = std::fs::read(&out).unwrap();
    let same = sgrade()
        .current_dir(dir.path())
        .args(["grade", "-q", "-o", "./out.csv", "--timings", "out.csv"])
        .arg(&seeds)
        .output()
        .unwrap();
    assert_eq!(same.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&same.stderr).contains("name the same file"));
    // Also through a link to a file not there yet.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("later.csv", dir.path().join("link.csv")).unwrap();
        let linked = sgrade()
            .current_dir(dir.path())
            .args(["grade", "-q", "-o", "link.csv", "--timings", "./later.csv"])
            .arg(&seeds)
            .output()
            .unwrap();
        assert_eq!(linked.status.code(), Some(2));
        // And through `..` or a link to the folder.
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::os::unix::fs::symlink(".", dir.path().join("here")).unwrap();
        for other in ["sub/../later.csv", "here/later.csv"] {
            let clash = sgrade()
                .current_dir(dir.path())
                .args(["grade", "-q", "-o", "later.csv", "--timings", other])
                .arg(&seeds)
                .output()
                .unwrap();
            assert_eq!(clash.status.code(), Some(2), "{other}");
        }
        assert!(!dir.path().join("later.csv").exists());
    }
    let missing = sgrade()
        .args(["grade", "-q", "--timings"])
        .arg(dir.path().join("no-such-folder").join("t.log"))
        .arg("-o")
        .arg(&out)
        .arg(&seeds)
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--timings"));
    assert_eq!(std::fs::read(&out).unwrap(), before);
    // A CSV input without the column asked for stops the run at its first line: found before
    // the output is opened.
    let table = dir.path().join("table.csv");
    std::fs::write(&table, format!("puzzle,x\n{EASY},1\n")).unwrap();
    let no_column = sgrade()
        .args(["grade", "-q", "--column", "grid", "-o"])
        .arg(&out)
        .arg(&table)
        .output()
        .unwrap();
    assert_eq!(no_column.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_column.stderr).contains("no `grid` column"));
    assert_eq!(std::fs::read(&out).unwrap(), before);
    // A missing folder of -o is named as the output's, not the run record's.
    let nowhere = sgrade()
        .args(["grade", "-q", "-o"])
        .arg(dir.path().join("no-such-folder").join("out.csv"))
        .arg(&seeds)
        .output()
        .unwrap();
    assert_eq!(nowhere.status.code(), Some(2));
    let text = String::from_utf8_lossy(&nowhere.stderr);
    assert!(
        text.contains("-o ") && !text.contains("sgrade-run"),
        "{text}"
    );
}

/// A read error ends the input like its end, then fails the run: a cut or corrupt archive (or
/// garbage after it) keeps a row for every line it decoded, from a file and from stdin alike,
/// and the run exits 2 naming the input; `canon` alike. gzip and xz (whose crate's reader drops
/// what the failing call decoded: hundreds of lines, before sgrade drove the stream itself).
#[test]
fn a_cut_archive_keeps_the_rows_of_every_line_it_held() {
    use std::io::{Read, Write};
    let sample = std::fs::read_to_string(common::corpus("royle17_sample.txt")).unwrap();
    let puzzles: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).collect();
    let mut plain = String::new();
    for i in 0..6_000 {
        plain.push_str(puzzles[i % puzzles.len()]);
        plain.push('\n');
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(plain.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let mut xz = xz2::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(plain.as_bytes()).unwrap();
    let xz = xz.finish().unwrap();
    let spoiled = |whole: &[u8]| {
        let mut garbage = whole.to_vec();
        garbage.extend_from_slice(b"garbage\n");
        let mut corrupt = whole.to_vec();
        corrupt[whole.len() / 2] ^= 0xFF;
        [whole[..whole.len() / 2].to_vec(), garbage, corrupt]
    };
    let [gz_cut, gz_tail, _] = spoiled(&gz);
    let [xz_cut, xz_tail, xz_corrupt] = spoiled(&xz);
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        ("cut.gz", gz_cut),
        ("tail.gz", gz_tail),
        ("cut.xz", xz_cut),
        ("tail.xz", xz_tail),
        ("corrupt.xz", xz_corrupt),
    ] {
        // What a decoder gives before the error, read a byte at a time (so that the failing
        // call has nothing to drop): the lines a row is owed.
        let mut decoder: Box<dyn Read> = if name.ends_with(".gz") {
            Box::new(flate2::read::MultiGzDecoder::new(&bytes[..]))
        } else {
            Box::new(xz2::read::XzDecoder::new_multi_decoder(&bytes[..]))
        };
        let (mut decoded, mut byte) = (Vec::new(), [0u8]);
        while let Ok(1) = decoder.read(&mut byte) {
            decoded.push(byte[0]);
        }
        let lines = decoded.iter().filter(|&&b| b == b'\n').count();
        eprintln!("{name}: {lines} lines decoded");
        assert!(lines >= 100, "{name}: {lines} lines decoded");
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).unwrap();
        // `canon` too (the chunk under way when the error comes gets its rows), and `shuffle`
        // (one isomorph a line, no header).
        let runs: [(&[&str], usize); 4] = [
            (&["grade", "-q", "--no-timing", "-"], 1),
            (&["grade", "-q", "--no-timing"], 1),
            (&["canon", "-q"], 1),
            (&["shuffle"], 0),
        ];
        for (args, header) in runs {
            let mut command = sgrade();
            command.args(args);
            if args.last() == Some(&"-") {
                command.write_stdin(bytes.clone());
            } else {
                command.arg(&path);
            }
            let out = command.output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}");
            let rows = String::from_utf8(out.stdout).unwrap().lines().count() - header;
            assert_eq!(rows, lines, "{name} {args:?}: one row per decoded line");
        }
    }
}
