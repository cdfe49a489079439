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
///
/// The input is read on the calling thread, between batches: right for a file, which never
/// stalls. For a pipe or a terminal, whose reads may block for as long as the writer pauses,
/// use [`grade_stream_live`].
pub fn grade_stream<R: BufRead, S: Sink + ?Sized>(
    input: R,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    let mut reader = RecordReader::new(input);
    run(Feed::Direct(&mut reader), source, options, sink)
}

/// [`grade_stream`] for an input whose reads may block (stdin, a pipe, a FIFO): a thread of its
/// own reads the records, so while the input stalls the rows already graded are still
/// written. The reader stays at most `chunk_size` records ahead of the output, as in
/// [`grade_stream`]. If the run stops early (a `Break` or an error) while that thread waits
/// for input, the thread is left waiting; it ends with the process.
pub fn grade_stream_live<R: BufRead + Send + 'static, S: Sink + ?Sized>(
    input: R,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    let (events, received) = mpsc::channel::<Event>();
    let window = options.chunk_size.max(1);
    // One credit per record the reader may read ahead; the stream gives one back per row out.
    let (credit, credits) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        credit.send(()).expect("the receiver is alive");
    }
    let to_stream = events.clone();
    std::thread::Builder::new()
        .name(format!("sgrade reader {source}"))
        .spawn(move || {
            let mut reader = RecordReader::new(input);
            while credits.recv().is_ok() {
                let event = match reader.next_record() {
                    Ok(Some(record)) => Event::Record(record),
                    Ok(None) => Event::End,
                    Err(error) => Event::Failed(error),
                };
                let last = !matches!(event, Event::Record(_));
                if to_stream.send(event).is_err() || last {
                    return;
                }
            }
        })?;
    // The reader lives on its thread: the feed names no reader type of its own.
    let feed: Feed<'_, std::io::Empty> = Feed::Thread {
        events,
        received,
        credit,
    };
    run(feed, source, options, sink)
}

/// What the stream's loop waits for.
// An evaluation is moved through the channel as before; boxing it would cost an allocation
// per puzzle for the rarer, smaller events' sake.
#[allow(clippy::large_enum_variant)]
enum Event {
    /// A job's reply: the record's sequence number and its evaluation, `None` if the job
    /// panicked.
    Done(u64, Option<Evaluation>),
    /// The reader thread's next record ([`grade_stream_live`]).
    Record(Record),
    /// The reader thread reached the end of the input.
    End,
    /// The reader thread failed to read.
    Failed(std::io::Error),
}

/// Where the records come from.
enum Feed<'r, R: BufRead> {
    /// Read on the stream's own thread, as many as the window allows, before each wait.
    Direct(&'r mut RecordReader<R>),
    /// Sent by a reader thread as [`Event::Record`]s on the stream's own channel.
    Thread {
        /// The channel jobs and the reader send to.
        events: mpsc::Sender<Event>,
        /// Its receiving end.
        received: mpsc::Receiver<Event>,
        /// Gives the reader back one record of room.
        credit: mpsc::SyncSender<()>,
    },
}

/// The stream's loop over `feed`: see [`grade_stream`].
fn run<R: BufRead, S: Sink + ?Sized>(
    mut feed: Feed<'_, R>,
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
    let (done, results) = match &feed {
        Feed::Direct(_) => {
            let (done, results) = mpsc::channel::<Event>();
            (done, Some(results))
        }
        Feed::Thread { events, .. } => (events.clone(), None),
    };
    // `in_place_scope` runs this on the calling thread (not a worker), so waiting for results
    // here never takes a worker away from the jobs, even with one thread.
    rayon::in_place_scope(|scope| {
        // Slot `i` holds the evaluation of record `next_out + i` once it is done.
        let mut pending: VecDeque<Option<Evaluation>> = VecDeque::new();
        // Rows passed to the sink; record `next_out + pending.len()` is the next one read.
        let mut next_out = 0u64;
        let mut at_end = false;
        // Takes one record: a duplicate's row is ready at once, any other becomes a job.
        let admit = |record: Record, pending: &mut VecDeque<Option<Evaluation>>, next_out: u64| {
            let seq = next_out + pending.len() as u64;
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
                return;
            }
            let evaluator = &evaluator;
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
            pending.push_back(None);
        };
        // Writes every row ready at the front, in input order, flushes if it wrote any, and
        // gives the reader thread back the room of each row written.
        macro_rules! write_ready {
            () => {
                let mut written = false;
                while pending.front().is_some_and(Option::is_some) {
                    let evaluation = pending.pop_front().flatten().expect("checked above");
                    next_out += 1;
                    written = true;
                    if let Feed::Thread { credit, .. } = &feed {
                        // Never full: at most `window` credits are out at once.
                        let _ = credit.try_send(());
                    }
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
            if let Feed::Direct(reader) = &mut feed {
                while !at_end && (pending.len() as u64) < window {
                    match reader.next_record()? {
                        Some(record) => admit(record, &mut pending, next_out),
                        None => at_end = true,
                    }
                }
            }
            // Rows ready without a job (duplicates) go out before waiting for any.
            write_ready!();
            if pending.is_empty() && at_end {
                return Ok(ControlFlow::Continue(()));
            }
            if pending.is_empty() && matches!(feed, Feed::Direct(_)) {
                continue;
            }
            // Wait for one event, then take every other one already there.
            let channel = match (&feed, &results) {
                (Feed::Thread { received, .. }, _) => received,
                (Feed::Direct(_), Some(results)) => results,
                (Feed::Direct(_), None) => unreachable!("a direct feed has its own channel"),
            };
            let mut next = Some(channel.recv().expect("a job or the reader is alive"));
            while let Some(event) = next {
                match event {
                    Event::Done(seq, evaluation) => {
                        let evaluation = evaluation.expect("a grading job panicked");
                        pending[(seq - next_out) as usize] = Some(evaluation);
                    }
                    Event::Record(record) => admit(record, &mut pending, next_out),
                    Event::End => at_end = true,
                    Event::Failed(error) => return Err(error),
                }
                next = channel.try_recv().ok();
            }
            write_ready!();
        }
    })
}

/// A job's reply: its evaluation, or `None` if the job panicked (sent from `drop`), so the
/// stream never waits for a reply that cannot come.
struct Reply {
    seq: u64,
    to: mpsc::Sender<Event>,
}

impl Reply {
    fn send(self, evaluation: Evaluation) {
        let _ = self.to.send(Event::Done(self.seq, Some(evaluation)));
        std::mem::forget(self);
    }
}

impl Drop for Reply {
    fn drop(&mut self) {
        let _ = self.to.send(Event::Done(self.seq, None));
    }
}
