//! `--output-format parquet`: typed columns holding the CSV's values (with the `parquet`
//! feature); without it, a clear error.

use crate::common::{self, sgrade};

#[cfg(feature = "parquet")]
#[test]
fn parquet_rows_hold_the_csv_values_typed() {
    use arrow_array::{Array, BooleanArray, Float64Array, StringArray, UInt64Array};
    use arrow_schema::DataType;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    let dir = tempfile::tempdir().unwrap();
    let inputs = [common::corpus("seeds.txt"), common::corpus("bad_input.txt")];
    for (scale, columns) in [
        ("gnpx", None),
        ("hodoku", None),
        ("gnpx584", Some("line,scale,rating,counts,time_us")),
    ] {
        let path = dir.path().join(format!("{scale}.parquet"));
        let mut args = vec!["grade", "-q", "--scale", scale];
        match columns {
            // `time_us` asked for by name (a float column): --no-timing would refuse it.
            Some(list) => args.extend(["--columns", list]),
            None => args.push("--no-timing"),
        }
        let csv = sgrade().args(&args).args(&inputs).output().unwrap();
        let csv_rows = common::csv_maps(&csv.stdout);
        sgrade()
            .args(&args)
            .args(["--output-format", "parquet", "-o"])
            .arg(&path)
            .args(&inputs)
            .assert()
            .code(1);
        let file = std::fs::File::open(&path).unwrap();
        let reader = ParquetRecordBatchReaderBuilder::try_new(file)
            .unwrap()
            .build()
            .unwrap();
        let mut seen = 0;
        for batch in reader {
            let batch = batch.unwrap();
            let schema = batch.schema();
            for row in 0..batch.num_rows() {
                let expected = &csv_rows[seen + row];
                assert_eq!(schema.fields().len(), expected.len(), "{scale}");
                for (field, array) in schema.fields().iter().zip(batch.columns()) {
                    let name = field.name();
                    let text = if array.is_null(row) {
                        String::new()
                    } else {
                        match field.data_type() {
                            DataType::UInt64 => {
                                let a = array.as_any().downcast_ref::<UInt64Array>().unwrap();
                                a.value(row).to_string()
                            }
                            DataType::Boolean => {
                                let a = array.as_any().downcast_ref::<BooleanArray>().unwrap();
                                a.value(row).to_string()
                            }
                            DataType::Float64 => {
                                let a = array.as_any().downcast_ref::<Float64Array>().unwrap();
                                format!("{:.1}", a.value(row))
                            }
                            DataType::Utf8 => {
                                let a = array.as_any().downcast_ref::<StringArray>().unwrap();
                                a.value(row).to_string()
                            }
                            other => panic!("{name}: unexpected type {other:?}"),
                        }
                    };
                    // time_us differs between two runs; its type is what counts.
                    if name != "time_us" {
                        assert_eq!(&text, &expected[name.as_str()], "{scale} {name}");
                    }
                }
            }
            seen += batch.num_rows();
            let line = schema.field_with_name("line").unwrap();
            assert_eq!(line.data_type(), &DataType::UInt64);
        }
        assert_eq!(seen, csv_rows.len(), "{scale}");
    }
}

#[cfg(not(feature = "parquet"))]
#[test]
fn parquet_needs_the_feature_and_says_so() {
    for command in [&["grade"][..], &["solve"], &["find", "--needs", "singles"]] {
        sgrade()
            .args(command)
            .args(["--output-format", "parquet"])
            .arg(common::corpus("seeds.txt"))
            .assert()
            .code(2)
            .stderr(predicates::str::contains("--features parquet"));
    }
}

/// Grades each of `parts` (input file, scale) on its own into `dir/part-<i>` as `format`
/// (`csv`, `jsonl` or `parquet`), without timing so that two runs write the same rows.
fn graded_parts(dir: &std::path::Path, format: &str, parts: &[(&str, &str)]) {
    std::fs::create_dir_all(dir).unwrap();
    for (i, (input, scale)) in parts.iter().enumerate() {
        sgrade()
            .args([
                "grade",
                "-q",
                "--no-timing",
                "--exit-zero",
                "--scale",
                scale,
            ])
            .args(["--output-format", format, "-o"])
            .arg(dir.join(format!("part-{i}")))
            .arg(common::corpus(input))
            .assert()
            .success();
    }
}

#[cfg(feature = "parquet")]
#[test]
fn stats_and_report_over_parquet_parts_equal_those_over_the_same_rows_as_csv() {
    let dir = tempfile::tempdir().unwrap();
    // Two scales (their own rating tables), invalid and multi-solution rows, a CSV input.
    let parts = [
        ("seeds.txt", "gnpx"),
        ("bad_input.txt", "gnpx"),
        ("royle17_sample.txt", "hodoku"),
        ("kaggle_sample.csv", "gnpx584"),
    ];
    let (csv_dir, parquet_dir) = (dir.path().join("csv"), dir.path().join("parquet"));
    graded_parts(&csv_dir, "csv", &parts);
    graded_parts(&parquet_dir, "parquet", &parts);
    std::fs::write(parquet_dir.join("_SUCCESS"), "").unwrap();
    let head = std::fs::read(parquet_dir.join("part-0")).unwrap();
    assert_eq!(&head[..4], b"PAR1", "the parts are Parquet files");
    // Run inside the directory (`.`): `--per-input` names each part by its path.
    let stats = run_in(&csv_dir, &["stats"]);
    assert!(stats.starts_with("4 result files\n"), "{stats}");
    assert!(stats.contains("HoDoKu level"), "{stats}");
    assert_eq!(run_in(&parquet_dir, &["stats"]), stats);
    // The parts have the same names in both directories: the same page.
    assert_eq!(
        run_in(&parquet_dir, &["report", "--per-input"]),
        run_in(&csv_dir, &["report", "--per-input"])
    );
    // A file that only starts like Parquet is refused, naming it.
    let broken = parquet_dir.join("part-9");
    std::fs::write(&broken, b"PAR1 not really").unwrap();
    sgrade()
        .arg("stats")
        .arg(&parquet_dir)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("part-9: parquet:"));
}

#[cfg(not(feature = "parquet"))]
#[test]
fn stats_names_a_parquet_part_a_build_without_the_feature_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    graded_parts(dir.path(), "csv", &[("seeds.txt", "gnpx")]);
    // The first bytes are what tell a Parquet part (this build cannot write a real one).
    std::fs::write(dir.path().join("part-1.parquet"), b"PAR1\0\0\0\0PAR1").unwrap();
    for command in ["stats", "report"] {
        sgrade()
            .arg(command)
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicates::str::contains("part-1.parquet: a Parquet file"))
            .stderr(predicates::str::contains("--features parquet"));
    }
}

/// `sgrade ARGS DIR` run inside `dir` (so that `--per-input` names each part by its path,
/// the same in every directory); its stdout.
fn run_in(dir: &std::path::Path, args: &[&str]) -> String {
    common::stdout_in(dir, &[args, &["."]].concat())
}

#[test]
fn stats_and_report_over_json_lines_and_mixed_parts_equal_those_over_the_same_rows_as_csv() {
    let dir = tempfile::tempdir().unwrap();
    // Every scale (their own rating tables; SE's ER a float), invalid and multi-solution rows
    // first in a part (rows without counts), a CSV input.
    let parts = [
        ("bad_input.txt", "gnpx"),
        ("seeds.txt", "gnpx"),
        ("royle17_sample.txt", "hodoku"),
        ("kaggle_sample.csv", "gnpx584"),
        ("seeds.txt", "se"),
    ];
    let (csv_dir, json_dir) = (dir.path().join("csv"), dir.path().join("jsonl"));
    graded_parts(&csv_dir, "csv", &parts);
    graded_parts(&json_dir, "jsonl", &parts);
    std::fs::write(json_dir.join("_SUCCESS"), "").unwrap();
    let head = std::fs::read(json_dir.join("part-0")).unwrap();
    assert_eq!(head[0], b'{', "the parts are JSON lines");
    let stats = run_in(&csv_dir, &["stats"]);
    assert!(stats.starts_with("5 result files\n"), "{stats}");
    for table in [
        "HoDoKu level",
        "  rating (gnpx)",
        "  rating (gnpx584)",
        "SE",
    ] {
        assert!(stats.contains(table), "{stats}");
    }
    assert_eq!(run_in(&json_dir, &["stats"]), stats);
    assert_eq!(
        run_in(&json_dir, &["report", "--per-input"]),
        run_in(&csv_dir, &["report", "--per-input"])
    );
    // A directory of both formats (and Parquet where this build writes it) adds up the same.
    let mixed = dir.path().join("mixed");
    std::fs::create_dir(&mixed).unwrap();
    for i in 0..parts.len() {
        let from = if i % 2 == 0 { &json_dir } else { &csv_dir };
        let name = format!("part-{i}");
        std::fs::copy(from.join(&name), mixed.join(&name)).unwrap();
    }
    #[cfg(feature = "parquet")]
    {
        let one = dir.path().join("parquet");
        graded_parts(&one, "parquet", &parts[3..4]);
        std::fs::copy(one.join("part-0"), mixed.join("part-3")).unwrap();
    }
    assert_eq!(run_in(&mixed, &["stats"]), stats);
    // Parts of several scales concatenated, and JSON lines on stdin.
    let mut cat = Vec::new();
    for i in 0..parts.len() {
        cat.extend(std::fs::read(json_dir.join(format!("part-{i}"))).unwrap());
    }
    let out = sgrade()
        .args(["stats", "-"])
        .write_stdin(cat)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.split_once('\n').unwrap().1,
        stats.split_once('\n').unwrap().1
    );
    // A `--columns` schema is read by its names too: the same as the default CSV's.
    let (chosen, whole) = (
        dir.path().join("chosen.jsonl"),
        dir.path().join("whole.csv"),
    );
    let columns = [
        "--columns",
        "line,status,solved,scale,rating,hardest,counts",
    ];
    for (format, path, columns) in [("jsonl", &chosen, &columns[..]), ("csv", &whole, &[])] {
        sgrade()
            .args([
                "grade",
                "-q",
                "--no-timing",
                "--exit-zero",
                "--scale",
                "gnpx584",
            ])
            .args(columns)
            .args(["--output-format", format, "-o"])
            .arg(path)
            .arg(common::corpus("royle17_sample.txt"))
            .assert()
            .success();
    }
    let stats_of = |path: &std::path::Path| {
        let out = sgrade().arg("stats").arg(path).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(stats_of(&chosen), stats_of(&whole));
    // A line that is not a JSON object is refused, naming the file and line.
    let broken = json_dir.join("part-9");
    std::fs::write(&broken, "{\"status\":\"unique\"}\nnot json\n").unwrap();
    sgrade()
        .arg("stats")
        .arg(&json_dir)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "part-9: line 2: not a JSON object",
        ));
}
