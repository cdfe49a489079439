//! The streaming batch grader: read a chunk of records, grade it across rayon workers, push the
//! evaluations in input order into a [`Sink`] (the row writers of [`rows`], the summary, the
//! `find` filter, progress: see [`crate::grading::sink`]), tell it the chunk is done (the rows are flushed),
//! repeat. Memory is bounded by the chunk size, whatever the input.

use std::io::BufRead;
use std::ops::ControlFlow;

use rayon::prelude::*;

use crate::grading::evaluate::{Evaluation, Evaluator};
use crate::input::reader::{Record, RecordReader};
use crate::scales::ladder::Ladder;
use crate::timing::TimingsPool;

pub mod rows;

pub use crate::grading::sink::{Sink, Stop};
pub use rows::{OutputFormat, RowKind, RowWriter};

/// Records graded per chunk: enough to keep every worker busy, small enough to flush often.
pub const DEFAULT_CHUNK: usize = 4096;

/// Options for a batch run.
pub struct BatchOptions<'a> {
    /// The ladder to grade with; `None` runs the oracle alone (`sgrade solve`).
    pub ladder: Option<&'a Ladder>,
    /// Check every step against the solution.
    pub verify: bool,
    /// Records per chunk.
    pub chunk_size: usize,
    /// Where technique, oracle and puzzle timings go; `None`: nothing is timed.
    pub timings: Option<&'a TimingsPool>,
}

/// Grades every record of `input` (named `source` in rows and notes), pushing each evaluation,
/// in input order, into `sink`, and telling it when a chunk is done. The sink returning
/// `Break` stops the run there (e.g. at a verification failure) with its reason.
pub fn grade_stream<R: BufRead, S: Sink + ?Sized>(
    input: R,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    let mut reader = RecordReader::new(input);
    let mut chunk: Vec<Record> = Vec::with_capacity(options.chunk_size);
    loop {
        chunk.clear();
        while chunk.len() < options.chunk_size {
            match reader.next_record()? {
                Some(record) => chunk.push(record),
                None => break,
            }
        }
        if chunk.is_empty() {
            return Ok(ControlFlow::Continue(()));
        }
        let at_end = chunk.len() < options.chunk_size;
        let evaluator = Evaluator {
            ladder: options.ladder,
            verify: options.verify,
            grade_multiple: false,
        };
        let evaluations: Vec<Evaluation> = match options.timings {
            // One recorder per rayon job, taken from the pool once per job, not per call.
            Some(pool) => chunk
                .par_drain(..)
                .map_init(
                    || pool.checkout(),
                    |timings, record| {
                        if pool.times(record.line) {
                            evaluator.evaluate_with(record, &mut **timings, &mut ())
                        } else {
                            evaluator.evaluate(record)
                        }
                    },
                )
                .collect(),
            None => chunk
                .par_drain(..)
                .map(|record| evaluator.evaluate(record))
                .collect(),
        };
        for evaluation in &evaluations {
            if let ControlFlow::Break(stop) = sink.evaluation(source, evaluation)? {
                return Ok(ControlFlow::Break(stop));
            }
        }
        sink.chunk_done()?;
        if at_end {
            return Ok(ControlFlow::Continue(()));
        }
    }
}
