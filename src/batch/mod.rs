//! The streaming batch grader: read records, grade each as a rayon job, push the evaluations in
//! input order into a [`Sink`] (the row writers of [`rows`], the summary, the `find` filter,
//! progress: see [`crate::grading::sink`]) as soon as every earlier one is done, and tell it
//! after each batch (the rows are flushed). Memory is bounded by the number of records in
//! flight (`chunk_size`), whatever the input.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::BufRead;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::grading::evaluate::{Evaluation, Evaluator, Verdict};
use crate::input::puzzle::{parse_puzzle, PuzzleFormat};
use crate::input::reader::{Record, RecordReader};
use crate::scales::ladder::Ladder;
use crate::symmetry::dedup::{FirstSeen, SeenForms};
use crate::symmetry::Forms;
use crate::timing::TimingsPool;

pub mod columns;
#[cfg(feature = "parquet")]
pub mod parquet;
pub mod rows;

pub use crate::grading::sink::{Sink, Stop};
pub use rows::{OutputFormat, RowKind, RowOptions, RowWriter};

/// Records in flight at most (read, not yet written): enough to keep every worker busy while a
/// slow puzzle holds back the rows after it, small enough to bound memory.
pub const DEFAULT_CHUNK: usize = 4096;

/// Options for a batch run (the default: the oracle alone, no verification, one record in
/// flight, nothing timed, deduplicated, interruptible or skipped).
#[derive(Default)]
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
    /// Set from outside (a signal handler) to stop the run: see [`grade_stream`].
    pub interrupt: Option<&'a AtomicBool>,
    /// Records of the input at or before this line are read but neither graded nor passed to
    /// the sink (`grade --resume`: their rows are already written); with `dedup` they still
    /// count as seen. 0: none is skipped.
    pub skip_through: u64,
}

/// How often the stream looks at [`BatchOptions::interrupt`] while it waits for a slow puzzle.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

/// A slot of the reorder buffer: the evaluation of one record in flight.
// As large as the `Option<Evaluation>` it replaces; boxing would allocate once per puzzle.
#[allow(clippy::large_enum_variant)]
enum Slot {
    /// Being graded.
    Waiting,
    /// Graded: written once every earlier slot is.
    Done(Box<Evaluation>),
    /// Not graded because the run was interrupted first: nothing from here on is written.
    Skipped,
}

/// A job's answer for its record.
#[allow(clippy::large_enum_variant)]
enum Answer {
    Done(Box<Evaluation>),
    Skipped,
    Panicked,
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
/// When [`BatchOptions::interrupt`] is set, the stream reads no more records, passes the rows
/// already finished to the sink and tells it a batch is done (so they are flushed at once),
/// lets the puzzles being graded finish (jobs not yet started do not grade), passes on those
/// that follow the written rows without a gap, and returns [`Stop::Interrupted`].
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
    run(Feed::Direct(&mut reader), source, options, sink)
}

/// [`grade_stream`] for an input whose reads may block (stdin, a pipe, a FIFO): a thread of its
/// own reads the records, so while the input stalls the rows already graded are still
/// written. The reader stays at most `chunk_size` records ahead of the output, as in
/// [`grade_stream`]. If the run stops early (a `Break`, an error or an interrupt) while that
/// thread waits for input, the thread is left waiting; it ends with the process.
pub fn grade_stream_live<R: BufRead + Send + 'static, S: Sink + ?Sized>(
    input: R,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    grade_records_live(RecordReader::new(input), source, options, sink)
}

/// [`grade_stream_live`] over a reader made with its own
/// [`crate::input::reader::ReadOptions`].
pub fn grade_records_live<R: BufRead + Send + 'static, S: Sink + ?Sized>(
    mut reader: RecordReader<R>,
    source: &str,
    options: &BatchOptions<'_>,
    sink: &mut S,
) -> std::io::Result<ControlFlow<Stop>> {
    let (events, received) = mpsc::channel::<Event>();
    let window = options.chunk_size.max(1);
    // One credit per record the reader may read ahead; the stream gives one back per row out
    // (and per record it drops unwritten, as `--resume` does with the rows already there).
    let (credit, credits) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        credit.send(()).expect("the receiver is alive");
    }
    let to_stream = events.clone();
    std::thread::Builder::new()
        .name(format!("sgrade reader {source}"))
        .spawn(move || {
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
// An evaluation goes through the channel boxed: a list channel allocates its slots in zeroed
// blocks of 31 messages the size of the largest variant, and an unboxed evaluation (its
// per-technique counts ~1 KB) made zeroing and moving those blocks cost more than the one
// allocation per puzzle (callgrind, `solve -j1` on royle17[..20000]: 714.6 -> 675.2 M
// instructions).
enum Event {
    /// A job's answer for the record with this sequence number.
    Done(u64, Answer),
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

impl<R: BufRead> Feed<'_, R> {
    /// Gives the reader thread back the room of one record (a direct feed has no credits).
    fn return_credit(&self) {
        if let Feed::Thread { credit, .. } = self {
            // Never full: at most `window` credits are out at once.
            let _ = credit.try_send(());
        }
    }
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
    let evaluate = |record: Record| match timings {
        // One recorder per puzzle, returned to the pool when it is graded.
        Some(pool) if pool.times(record.line) => {
            evaluator.evaluate_with(record, &mut *pool.checkout(), &mut ())
        }
        _ => evaluator.evaluate(record),
    };
    // With one worker thread the records are graded on the stream's own thread.
    let inline = rayon::current_num_threads() == 1;
    // A direct feed reads ahead only what can be graded meanwhile: one record when grading
    // inline, so that each row is written (and flushed) as soon as it is graded.
    let read_ahead = if inline { 1 } else { window };
    let interrupted = || {
        options
            .interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    };
    // `in_place_scope` runs this on the calling thread (not a worker), so waiting for results
    // here never takes a worker away from the jobs, even with one thread.
    rayon::in_place_scope(|scope| {
        // Slot `i` holds the evaluation of record `next_out + i` once it is done.
        let mut pending: VecDeque<Slot> = VecDeque::new();
        // Rows passed to the sink; record `next_out + pending.len()` is the next one admitted.
        let mut next_out = 0u64;
        // Jobs spawned that have not answered yet.
        let mut outstanding = 0u64;
        let mut at_end = false;
        // Takes one record: a duplicate's row is ready at once, any other becomes a job; a
        // record whose row is written already (`--resume`) is only seen. Returns whether the
        // record took a slot.
        let admit = |record: Record,
                     pending: &mut VecDeque<Slot>,
                     next_out: u64,
                     outstanding: &mut u64|
         -> bool {
            let first = options
                .dedup
                .and_then(|dedup| dedup.borrow_mut().first_seen(source, &record));
            if record.line <= options.skip_through {
                // Resuming: this row is in the output already (and the record is seen).
                return false;
            }
            if let Some(first) = first {
                // A duplicate is not graded: its row is ready at once.
                pending.push_back(Slot::Done(Box::new(Evaluation {
                    line: record.line,
                    puzzle: record.puzzle,
                    verdict: Verdict::Duplicate { first },
                    time_us: 0.0,
                    extra: record.extra,
                })));
                return true;
            }
            if inline {
                // One worker: grade here, with no job to hand over and no reply to wait for
                // (a wake-up of each thread per puzzle cost ~9% of the CPU time on royle17).
                let evaluation = evaluate(record);
                pending.push_back(Slot::Done(Box::new(evaluation)));
                return true;
            }
            let (seq, evaluate) = (next_out + pending.len() as u64, &evaluate);
            let guard = Reply {
                seq,
                to: done.clone(),
            };
            let interrupt = options.interrupt;
            scope.spawn(move |_| {
                if interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                    // Interrupted before this job started: its row would not be written.
                    return guard.skip();
                }
                guard.send(evaluate(record));
            });
            *outstanding += 1;
            pending.push_back(Slot::Waiting);
            true
        };
        // Writes every row ready at the front, in input order, flushes if it wrote any, and
        // gives the reader thread back the room of each row written.
        macro_rules! write_ready {
            () => {
                let mut written = false;
                while matches!(pending.front(), Some(Slot::Done(_))) {
                    let Some(Slot::Done(evaluation)) = pending.pop_front() else {
                        unreachable!("checked above");
                    };
                    next_out += 1;
                    written = true;
                    feed.return_credit();
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
            if interrupted() {
                // Rows finished so far go out at once; then wait for the jobs running.
                at_end = true;
                write_ready!();
                if outstanding == 0 {
                    return Ok(ControlFlow::Break(Stop::Interrupted));
                }
            }
            if let Feed::Direct(reader) = &mut feed {
                while !at_end && (pending.len() as u64) < read_ahead {
                    match reader.next_record()? {
                        Some(record) => {
                            admit(record, &mut pending, next_out, &mut outstanding);
                        }
                        None => at_end = true,
                    }
                }
            }
            // Rows ready without a job (duplicates) go out before waiting for any.
            write_ready!();
            if outstanding == 0 {
                if interrupted() {
                    return Ok(ControlFlow::Break(Stop::Interrupted));
                }
                if at_end {
                    return Ok(ControlFlow::Continue(()));
                }
                if matches!(feed, Feed::Direct(_)) {
                    continue;
                }
            }
            // Wait for one event (looking at the interrupt flag now and then), then take
            // every other one already there.
            let channel = match (&feed, &results) {
                (Feed::Thread { received, .. }, _) => received,
                (Feed::Direct(_), Some(results)) => results,
                (Feed::Direct(_), None) => unreachable!("a direct feed has its own channel"),
            };
            let mut next = loop {
                match channel.recv_timeout(INTERRUPT_POLL) {
                    Ok(event) => break Some(event),
                    Err(mpsc::RecvTimeoutError::Timeout) if interrupted() && !at_end => break None,
                    Err(mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        unreachable!("the stream holds a sender")
                    }
                }
            };
            while let Some(event) = next {
                match event {
                    Event::Done(seq, answer) => {
                        outstanding -= 1;
                        pending[(seq - next_out) as usize] = match answer {
                            Answer::Done(evaluation) => Slot::Done(evaluation),
                            Answer::Skipped => Slot::Skipped,
                            Answer::Panicked => panic!("a grading job panicked"),
                        };
                    }
                    // After an interrupt no more records are taken.
                    Event::Record(record) if !at_end => {
                        if !admit(record, &mut pending, next_out, &mut outstanding) {
                            feed.return_credit();
                        }
                    }
                    Event::Record(_) | Event::End => at_end = true,
                    Event::Failed(error) => return Err(error),
                }
                next = channel.try_recv().ok();
            }
            write_ready!();
        }
    })
}

/// A job's reply: its evaluation, a skip, or (sent from `drop`) that the job panicked, so the
/// stream never waits for a reply that cannot come.
struct Reply {
    seq: u64,
    to: mpsc::Sender<Event>,
}

impl Reply {
    fn send(self, evaluation: Evaluation) {
        self.answer(Answer::Done(Box::new(evaluation)));
    }

    fn skip(self) {
        self.answer(Answer::Skipped);
    }

    fn answer(self, answer: Answer) {
        let _ = self.to.send(Event::Done(self.seq, answer));
        std::mem::forget(self);
    }
}

impl Drop for Reply {
    fn drop(&mut self) {
        let _ = self.to.send(Event::Done(self.seq, Answer::Panicked));
    }
}
