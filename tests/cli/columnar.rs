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
        let mut args = vec!["grade", "-q", "--no-timing", "--scale", scale];
        if let Some(list) = columns {
            args.extend(["--columns", list]);
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
    sgrade()
        .args(["grade", "--output-format", "parquet"])
        .arg(common::corpus("seeds.txt"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--features parquet"));
}
