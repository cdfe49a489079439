//! `scripts/spark_grade.py` on Spark's local mode: a mixed input (valid, invalid, multiple and
//! CSV lines) split into several partitions grades to the same cells as a direct `sgrade grade`,
//! and `sgrade stats OUTDIR` equals the direct stats.
//!
//! Needs PySpark in the cached venv that `scripts/spark_setup.sh` makes (`.ci/run` runs it;
//! `SGRADE_PYSPARK_VENV` names another) and Java 17+; skips, saying which is missing, otherwise.
//! About a minute on 2 cores, most of it the JVM's start.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{self, sgrade, SGRADE};

/// The venv's `spark-submit`, or why the test cannot run.
fn spark_submit() -> Result<PathBuf, String> {
    let venv = std::env::var_os("SGRADE_PYSPARK_VENV")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .map(|h| PathBuf::from(h).join(".cache/sudoku-grader/pyspark-venv"))
        })
        .ok_or("no HOME")?;
    let submit = venv.join("bin").join("spark-submit");
    if !submit.exists() {
        return Err(format!(
            "no PySpark at {} (run scripts/spark_setup.sh; it needs PyPI)",
            venv.display()
        ));
    }
    match Command::new("java").arg("-version").output() {
        Ok(out) if out.status.success() => Ok(submit),
        _ => Err("no Java on PATH (Spark needs Java 17 or later)".into()),
    }
}

/// The data rows of every part under `dir` (headers dropped), sorted.
fn part_rows(dir: &Path) -> (Vec<String>, usize) {
    let mut rows = Vec::new();
    let mut parts = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("part-") {
            continue;
        }
        parts += 1;
        let text = fs::read_to_string(&path).unwrap();
        rows.extend(
            text.lines()
                .filter(|l| !l.starts_with("source,"))
                .map(String::from),
        );
    }
    rows.sort();
    (rows, parts)
}

/// `sgrade stats PATH` after its first line, without the timing table.
fn stats_text(path: &Path) -> String {
    let out = sgrade().arg("stats").arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let body = text.split_once('\n').unwrap().1;
    body.split("timings from").next().unwrap().to_string()
}

#[test]
fn spark_job_rows_and_stats_equal_a_direct_run() {
    let submit = match spark_submit() {
        Ok(submit) => submit,
        Err(why) => {
            eprintln!("SKIPPED: the Spark test: {why}");
            return;
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let royle = fs::read_to_string(common::corpus("royle17_sample.txt")).unwrap();
    let puzzles: Vec<&str> = royle.lines().filter(|l| !l.starts_with('#')).collect();
    // Plain lines: valid, invalid, a multiple-solution line, comments and blanks.
    let mut plain = String::from("# a comment\n");
    for (i, p) in puzzles.iter().take(120).enumerate() {
        plain.push_str(p);
        plain.push('\n');
        if i % 40 == 7 {
            plain.push_str("12345 not a puzzle\n\n");
        }
    }
    plain.push_str(&format!("{}\n", ".".repeat(81)));
    plain.push_str(&fs::read_to_string(common::corpus("bad_input.txt")).unwrap());
    let plain_path = dir.path().join("mixed.txt");
    fs::write(&plain_path, plain).unwrap();
    // A CSV whose puzzle column is third, with a quoted comma.
    let mut csv = String::from("id,note,puzzle\n");
    for (i, p) in puzzles.iter().skip(120).enumerate() {
        csv.push_str(&format!("{i},\"n, {i}\",{p}\n"));
    }
    let csv_path = dir.path().join("table.csv");
    fs::write(&csv_path, csv).unwrap();

    let out = dir.path().join("out");
    let script = common::project_root()
        .join("scripts")
        .join("spark_grade.py");
    let run = Command::new(&submit)
        .args(["--master", "local[2]", "--conf", "spark.ui.enabled=false"])
        .arg(&script)
        .args([&plain_path, &csv_path, &out])
        .args([
            "--partitions",
            "3",
            "--no-timing",
            "--timings",
            "--sgrade",
            SGRADE,
        ])
        .env("SPARK_LOCAL_IP", "127.0.0.1")
        .env("PYSPARK_PYTHON", submit.parent().unwrap().join("python"))
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "spark-submit failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.join("_SUCCESS").exists());

    let direct = sgrade()
        .args(["grade", "-q", "--no-timing"])
        .args([&plain_path, &csv_path])
        .output()
        .unwrap();
    assert_eq!(direct.status.code(), Some(1), "the input has invalid rows");
    let direct_text = String::from_utf8(direct.stdout).unwrap();
    let mut direct_rows: Vec<String> = direct_text.lines().skip(1).map(String::from).collect();
    direct_rows.sort();
    let (spark_rows, parts) = part_rows(&out);
    assert!(parts >= 6, "{parts} parts: the inputs were not split");
    assert_eq!(spark_rows.len(), direct_rows.len());
    for (spark, direct) in spark_rows.iter().zip(&direct_rows) {
        assert_eq!(spark, direct);
    }
    for status in ["unique", "invalid", "multiple"] {
        assert!(direct_text.contains(&format!(",{status},")), "{status}");
    }
    // Stats over the job's directory (its timing logs included) equal the direct stats.
    let direct_csv = dir.path().join("direct.csv");
    fs::write(&direct_csv, &direct_text).unwrap();
    assert_eq!(stats_text(&out), stats_text(&direct_csv));
    let merged = sgrade().arg("stats").arg(&out).output().unwrap();
    let merged = String::from_utf8(merged.stdout).unwrap();
    assert!(merged.contains("timings from "), "{merged}");
}
