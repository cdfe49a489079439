//! The command-line contract: what a user of `sgrade` sees — columns, statuses, exit codes,
//! options, output formats — and the byte-identity of that output with committed outputs.
//!
//! Modules:
//! - `analysis`: `canon` (minlex forms, automorphisms, `--dedup`), `shuffle` and `compare`, and
//!   the ratings' invariance under symmetry.
//! - `architecture`: the import direction of `src/` (the layers and no cycle between folders).
//! - `commands`: `grade`, `solve`, `explain` and `find` as a user runs them (rows, messages,
//!   exit codes, stdin and UTF-16 input, threads, flushing, progress, `--techniques`).
//! - `formats`: `--output-format jsonl` equal to the CSV, `--no-header`, `--no-timing` runs
//!   byte-identical across thread counts, `-j`, the last of conflicting flags winning;
//!   `techniques`, "did you mean", completions and the man page.
//! - `golden`: byte-identity of `grade` and `explain` on every scale with `tests/golden/`.
//! - `interruption`: SIGINT/SIGTERM/SIGKILL at random moments during `grade -o`, and
//!   `--resume` completing the file to the uninterrupted output (slow tier: `--ignored`).
//! - `io`: closed pipes, write errors named by output, an output that is an input, inputs
//!   checked up front, rows written as they finish, stuck rows unrated, compressed input.
//! - `columnar`: `--output-format parquet` (typed columns, the CSV's values; `--features parquet`).
//! - `perf`: `grade --timings`, `bench`, `stats` and `report`.
//! - `scales`: `--scale` and `--output-format gnpx` on the command line.
//! - `se`: `--scale se`'s columns, statuses, stuck rows, `explain`, JSON lines and `stats`.
//! - `shards`: sgrade as a task of a shard-and-merge job: `--source`, `--line-offset`,
//!   `--csv-header`, `--column`, `--exit-zero`, `--timings` templates, `stats DIR`, `--columns`.
//! - `spark`: `scripts/spark_grade.py` on Spark local mode equals a direct run (skips without
//!   PySpark or Java).
//! - `usability`: what a user sees while a run goes and at its end: rows from a stalled pipe,
//!   progress on a terminal, `explain`'s inputs, the summary, `report` and `bench`.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod architecture;
mod columnar;
mod commands;
mod formats;
mod golden;
mod interruption;
mod io;
mod perf;
mod scales;
mod se;
mod shards;
mod spark;
mod usability;
