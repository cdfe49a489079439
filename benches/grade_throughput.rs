//! Throughput of grading on the shipped samples, next to the oracle alone (same run).
//!
//! `cargo bench --bench grade_throughput`; numbers and their context go to `results/`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_grader::grading::evaluate::evaluate;
use sudoku_grader::input::reader::{Record, RecordReader};
use sudoku_grader::scales::ladder::Ladder;

fn records(name: &str) -> Vec<Record> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpora")
        .join(name);
    let mut reader = RecordReader::new(BufReader::new(File::open(path).unwrap()));
    let mut out = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        out.push(record);
    }
    out
}

fn throughput(c: &mut Criterion) {
    let ladder = Ladder::gnpx_v4();
    for name in [
        "royle17_sample.txt",
        "se_exchange_sample.csv",
        "kaggle_sample.csv",
    ] {
        let input = records(name);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(input.len() as u64));
        group.sample_size(20);
        group.bench_function("oracle alone", |b| {
            b.iter(|| {
                input
                    .iter()
                    .map(|r| evaluate(r.clone(), None, false).line)
                    .sum::<u64>()
            })
        });
        group.bench_function("grade (default ladder)", |b| {
            b.iter(|| {
                input
                    .iter()
                    .map(|r| evaluate(r.clone(), Some(&ladder), false).line)
                    .sum::<u64>()
            })
        });
        group.bench_function("grade --verify", |b| {
            b.iter(|| {
                input
                    .iter()
                    .map(|r| evaluate(r.clone(), Some(&ladder), true).line)
                    .sum::<u64>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, throughput);
criterion_main!(benches);
