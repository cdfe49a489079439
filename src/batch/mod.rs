//! The streaming batch grader: read records, grade each as a rayon job, push the evaluations in
//! input order into a [`Sink`] (the row writers of [`rows`], the summary, the `find` filter,
//! progress: see [`crate::grading::sink`]) as soon as every earlier one is done, and tell it
//! after each batch (the rows are flushed). Memory is bounded by the number of records in
//! flight (`chunk_size`), whatever the input.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::BufRead;
use std::ops::ControlFlow;
use std::sync::mpsc;

use crate::grading::evaluate::{Evaluation, Evaluator, Verdict};
use crate::input::puzzle::{parse_puzzle, PuzzleFormat};
use crate::input::reader::{Record, RecordReader};
use crate::scales::ladder::Ladder;
use crate::symmetry::dedup::{FirstSeen, SeenForms};
use crate::symmetry::Forms;
use crate::timing::TimingsPool;

pub mod columns;
pub mod rows;

pub use crate::grading::sink::{Sink, Stop};
pub use rows::{OutputFormat, RowKind, RowOptions, RowWriter};

/// Records in flight at most (read, not yet written): enough to keep every worker busy while a
/// slow puzzle holds back the rows after it, small enough to bound memory.
pub const DEFAULT_CHUNK: usize = 4096;

/// Options for a batch run.
pub struct BatchOptions<'a> {
    /// The ladder to grade with; `None` runs the oracle alone (`sgrade solve`).
    pub ladder: Option<&'a Ladder>,
    /// Check every step against the solution.
    pub verify: bool,
    /// Records in flight at most.
    pub chunk_size: usize,
    /// Where technique, oracle and puzzle timings go; `None`: nothing is timed.
    pub timings: Option<&'a TimingsPool>,
    /// The canonical forms seen so far (`--dedup`): a later isomorph of a puzzle is not graded.
    pub dedup: Option<&'a RefCell<Dedup>>,
}

/// `--dedup` across every input of a run: the canonical forms seen, and the canonicalizers.
#[derive(Debug, Default)]
pub struct Dedup {
    seen: SeenForms,
    sources: Vec<String>,
    forms: Forms,
}

impl Dedup {
    /// Where an isomorph of `record`'s puzzle (read from `source`) was first seen, as
    /// `source:line`; `None` for its first occurrence and for a line that is not a puzzle.
    fn first_seen(&mut self, source: &str, record: &Record) -> Option<String> {
        if record.error.is_some() {
            return None;
        }
        let puzzle = parse_puzzle(&record.puzzle, record.column).ok()?;
        let marks = puzzle.format == PuzzleFormat::PencilMarks;
        let (form, _) = self.forms.of(&puzzle.grid, marks);
        if self.sources.last().map(String::as_str) != Some(source) {
            self.sources.push(source.to_string());
        }
        let at = FirstSeen {
            input: self.sources.len() as u32 - 1,
            line: record.line,
        };
        let first = self.seen.check(form.as_bytes(), at)?;
        Some(format!(
            "{}:{}",
            self.sources[first.input as usize], first.line
        ))
    }
}

/// Grades every record of `input` (named `source` in rows and notes), pushing each evaluation,
/// in input order, into `sink` as soon as it and every earlier one are done, and telling the
/// sink after each batch it took (the rows are flushed then). The sink returning `Break` stops
/// the run there (e.g. at a verification failure) with its reason.
///
/// Each record is one rayon job; at most `chunk_size` records are in flight (read, not yet
/// passed to the sink), which bounds memory. Finished evaluations wait in a reorder buffer
/// until every earlier one is done, so the first row is written as soon as the first puzzle
/// is graded, not when a whole chunk is, and a killed run keeps every row it had finished in
/// order. The sink is told a batch is done whenever the stream would otherwise wait, so rows
/// reach the output while the workers grade the next ones.
pub fn grade_stream<R: BufRead, S: Sink + ?Sized>(
    input: R,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    grade_records(RecordReader::new(input), source, options, sink)
}

/// [`grade_stream`] over a reader made with its own [`crate::input::reader::ReadOptions`]
/// (a shard's line offset, format, CSV header or puzzle column).
pub fn grade_records<R: BufRead, S: Sink + ?Sized>(
    mut reader: RecordReader<R>,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    let evaluator = Evaluator {
        ladder: options.ladder,
        verify: options.verify,
        grade_multiple: false,
    };
    let window = options.chunk_size.max(1) as u64;
    let timings = options.timings;
    // `in_place_scope` runs this on the calling thread (not a worker), so waiting for results
    // here never takes a worker away from the jobs, even with one thread.
    rayon::in_place_scope(|scope| {
        let (done, results) = mpsc::channel::<(u64, Option<Evaluation>)>();
        // Slot `i` holds the evaluation of record `next_out + i` once it is done.
        let mut pending: VecDeque<Option<Evaluation>> = VecDeque::new();
        let (mut next_in, mut next_out) = (0u64, 0u64);
        let mut at_end = false;
        // Writes every row ready at the front, in input order, and flushes if it wrote any.
        macro_rules! write_ready {
            () => {
                let mut written = false;
                while pending.front().is_some_and(Option::is_some) {
                    let evaluation = pending.pop_front().flatten().expect("checked above");
                    next_out += 1;
                    written = true;
                    if let ControlFlow::Break(stop) = sink.evaluation(source, &evaluation)? {
                        return Ok(ControlFlow::Break(stop));
                    }
                }
                if written {
                    sink.chunk_done()?;
                }
            };
        }
        loop {
            while !at_end && next_in - next_out < window {
                let Some(record) = reader.next_record()? else {
                    at_end = true;
                    break;
                };
                if let Some(first) = options
                    .dedup
                    .and_then(|dedup| dedup.borrow_mut().first_seen(source, &record))
                {
                    // A duplicate is not graded: its row is ready at once.
                    pending.push_back(Some(Evaluation {
                        line: record.line,
                        puzzle: record.puzzle,
                        verdict: Verdict::Duplicate { first },
                        time_us: 0.0,
                        extra: record.extra,
                    }));
                    next_in += 1;
                    continue;
                }
                let (seq, evaluator) = (next_in, &evaluator);
                let guard = Reply {
                    seq,
                    to: done.clone(),
                };
                scope.spawn(move |_| {
                    let evaluation = match timings {
                        // One recorder per job, returned to the pool when the job ends.
                        Some(pool) if pool.times(record.line) => {
                            evaluator.evaluate_with(record, &mut *pool.checkout(), &mut ())
                        }
                        _ => evaluator.evaluate(record),
                    };
                    guard.send(evaluation);
                });
                next_in += 1;
                pending.push_back(None);
            }
            // Rows ready without a job (duplicates) go out before waiting for any.
            write_ready!();
            if next_out == next_in {
                if at_end {
                    return Ok(ControlFlow::Continue(()));
                }
                continue;
            }
            // Wait for one result, then take every other one already there.
            let mut next = Some(results.recv().expect("a job is in flight"));
            while let Some((seq, evaluation)) = next {
                let evaluation = evaluation.expect("a grading job panicked");
                pending[(seq - next_out) as usize] = Some(evaluation);
                next = results.try_recv().ok();
            }
            write_ready!();
        }
    })
}

/// A job's reply: its evaluation, or `None` if the job panicked (sent from `drop`), so the
/// stream never waits for a reply that cannot come.
struct Reply {
    seq: u64,
    to: mpsc::Sender<(u64, Option<Evaluation>)>,
}

impl Reply {
    fn send(self, evaluation: Evaluation) {
        let _ = self.to.send((self.seq, Some(evaluation)));
        std::mem::forget(self);
    }
}

impl Drop for Reply {
    fn drop(&mut self) {
        let _ = self.to.send((self.seq, None));
    }
}
