//! The streaming batch grader: read records, grade runs of consecutive ones as rayon jobs,
//! push the evaluations in input order into a [`Sink`] (the row writers of [`rows`], the
//! summary, the `find` filter, progress: see [`crate::grading::sink`]) as soon as every
//! earlier one is done, and tell it after each batch (the rows are flushed). Memory is bounded
//! by the number of records in flight (`chunk_size`), whatever the input.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::BufRead;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::grading::evaluate::{Evaluation, Evaluator, Verdict};
use crate::input::puzzle::{parse_puzzle, PuzzleFormat};
use crate::input::reader::{Record, RecordReader};
use crate::scales::ladder::Ladder;
use crate::symmetry::dedup::{FirstSeen, SeenForms};
use crate::symmetry::Forms;
use crate::timing::TimingsPool;

pub mod columns;
pub mod csv_encoder;
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
    /// With `skip_through`: counts the skipped records that are no unique puzzle (invalid, no
    /// solution, several), told by the oracle alone, so that a resumed `find` (whose output
    /// holds no row for them) exits as the uninterrupted run would. `None`: not counted.
    pub skipped_not_unique: Option<&'a std::cell::Cell<u64>>,
}

/// How often the stream looks at [`BatchOptions::interrupt`] while it waits for a slow puzzle.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

/// How long rows written by one thread grading a regular file may wait in the writer's buffer
/// (plus the grading of the puzzle under way): flushing after every row cost a `write` call
/// a row; flushing late takes 9–11% off `solve`'s CPU time and 3–5% off `grade`'s on easy
/// puzzles written to a file (results/speed.md, 2026-12-07 nineteenth session). Other inputs,
/// which may stall, and more threads flush whenever the writer would wait.
const FLUSH_EVERY: Duration = Duration::from_millis(1);

/// Most records one job takes. A job per record cost a spawn, a reply on the channel and,
/// mostly, a wake-up of the stream per puzzle: on royle17 with two threads ~3 µs of CPU per
/// puzzle of ~20, most of it system time.
const MAX_GROUP: usize = 256;

/// How long a job grades before it wakes the stream and hands the rest of its records back to
/// the pool as a new job (which any idle worker may take), so that a run of hard puzzles never
/// ties up one worker while another idles. Its answers do not wait for that: each goes into
/// the [`Inbox`] as soon as it is graded, and the stream looks there at least every
/// [`INTERRUPT_POLL`].
// The unit tests of the stream use no slice at all, so that every job takes the hand-back path.
const GROUP_SLICE: Duration = if cfg!(test) {
    Duration::ZERO
} else {
    Duration::from_millis(5)
};

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

/// A job's answer for one of its records.
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
/// Consecutive records are graded as one rayon job (up to `MAX_GROUP`, for about
/// `GROUP_SLICE` at a time); at most `chunk_size` records are in flight (read, not yet
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
    /// A job has put its answers in the inbox ([`Inbox`]).
    Answered,
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
    // One thread on a regular file: the writer flushes at most every `FLUSH_EVERY` (the input
    // never stalls, so a row waits no longer than that and the puzzle after it).
    let flush_late = inline && matches!(feed, Feed::Direct(_));
    let mut last_flush = Instant::now();
    // Records a job takes: few enough that every worker has jobs while the window is full.
    let group_size = (window as usize / (4 * rayon::current_num_threads())).clamp(1, MAX_GROUP);
    let interrupted = || {
        options
            .interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    };
    let inbox = Inbox::default();
    // `in_place_scope` runs this on the calling thread (not a worker), so waiting for results
    // here never takes a worker away from the jobs, even with one thread.
    let flow = rayon::in_place_scope(|scope| {
        // Slot `i` holds the evaluation of record `next_out + i` once it is done.
        let mut pending: VecDeque<Slot> = VecDeque::new();
        // Rows passed to the sink; record `next_out + pending.len()` is the next one admitted.
        let mut next_out = 0u64;
        // Records admitted that have not been answered yet (in `group` or in a job).
        let mut outstanding = 0u64;
        // Records admitted for grading that no job holds yet, with their sequence numbers.
        let mut group: Vec<(u64, Record)> = Vec::new();
        // The answers taken from the inbox (its buffer swapped in, so neither allocates).
        let mut answers: Vec<(u64, Answer)> = Vec::new();
        let mut at_end = false;
        // A read error ends the input like its end: the records read before it are graded and
        // their rows written, and only then is the error returned (a corrupt or cut archive
        // keeps the rows of what it did hold).
        let mut failed: Option<std::io::Error> = None;
        // Takes one record: a duplicate's row is ready at once, any other joins the group of
        // the next job; a record whose row is written already (`--resume`) is only seen.
        // Returns whether the record took a slot.
        let admit = |record: Record,
                     pending: &mut VecDeque<Slot>,
                     group: &mut Vec<(u64, Record)>,
                     next_out: u64,
                     outstanding: &mut u64|
         -> bool {
            let first = options
                .dedup
                .and_then(|dedup| dedup.borrow_mut().first_seen(source, &record));
            if record.line <= options.skip_through {
                // Resuming: this row is in the output already (and the record is seen).
                if let (Some(count), None) = (options.skipped_not_unique, first) {
                    let status = crate::grading::evaluate::evaluate(record, None, false).status();
                    if status != crate::grading::evaluate::Status::Unique {
                        count.set(count.get() + 1);
                    }
                }
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
            group.push((next_out + pending.len() as u64, record));
            *outstanding += 1;
            pending.push_back(Slot::Waiting);
            true
        };
        // Hands the group to a job once it is full (`whole`: whatever it holds).
        let dispatch = |group: &mut Vec<(u64, Record)>, whole: bool| {
            if group.is_empty() || (!whole && group.len() < group_size) {
                return;
            }
            let records = std::mem::take(group);
            let interrupt = options.interrupt;
            grade_group(
                scope,
                records,
                GROUP_SLICE,
                &evaluate,
                interrupt,
                &inbox,
                &done,
            );
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
                if written && !flush_late {
                    sink.chunk_done()?;
                } else if written && last_flush.elapsed() >= FLUSH_EVERY {
                    sink.chunk_done()?;
                    last_flush = Instant::now();
                }
            };
        }
        loop {
            // The records taken since the last wait go to a job before any waiting.
            dispatch(&mut group, true);
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
                    match reader.next_record() {
                        Ok(Some(record)) => {
                            admit(record, &mut pending, &mut group, next_out, &mut outstanding);
                            dispatch(&mut group, false);
                        }
                        Ok(None) => at_end = true,
                        Err(error) => (failed, at_end) = (Some(error), true),
                    }
                }
                dispatch(&mut group, true);
            }
            // Rows ready without a job (duplicates) go out before waiting for any.
            write_ready!();
            if outstanding == 0 {
                if interrupted() {
                    return Ok(ControlFlow::Break(Stop::Interrupted));
                }
                if at_end {
                    return match failed.take() {
                        Some(error) => Err(error),
                        None => Ok(ControlFlow::Continue(())),
                    };
                }
                if matches!(feed, Feed::Direct(_)) {
                    continue;
                }
            }
            // Wait for one event, at most INTERRUPT_POLL (then the loop looks at the interrupt
            // flag and the inbox: answers may be there with their wake-up still to come, a job
            // wakes the stream only when it ends), then take every other one already there.
            let channel = match (&feed, &results) {
                (Feed::Thread { received, .. }, _) => received,
                (Feed::Direct(_), Some(results)) => results,
                (Feed::Direct(_), None) => unreachable!("a direct feed has its own channel"),
            };
            let mut next = match channel.recv_timeout(INTERRUPT_POLL) {
                Ok(event) => Some(event),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    unreachable!("the stream holds a sender")
                }
            };
            while let Some(event) = next {
                match event {
                    // Taken from the inbox below.
                    Event::Answered => {}
                    // After an interrupt no more records are taken.
                    Event::Record(record) if !at_end => {
                        if !admit(record, &mut pending, &mut group, next_out, &mut outstanding) {
                            feed.return_credit();
                        }
                        dispatch(&mut group, false);
                    }
                    Event::Record(_) | Event::End => at_end = true,
                    Event::Failed(error) if !at_end => (failed, at_end) = (Some(error), true),
                    Event::Failed(_) => at_end = true,
                }
                next = channel.try_recv().ok();
            }
            std::mem::swap(&mut *lock(&inbox), &mut answers);
            for (seq, answer) in answers.drain(..) {
                outstanding -= 1;
                pending[(seq - next_out) as usize] = match answer {
                    Answer::Done(evaluation) => Slot::Done(evaluation),
                    Answer::Skipped => Slot::Skipped,
                    Answer::Panicked => panic!("a grading job panicked"),
                };
            }
            write_ready!();
        }
    });
    // Rows a late flush left in the buffer go out now, at the input's end or an interrupt (not
    // after a sink's `Break`, which cuts its chunk short).
    if flush_late
        && matches!(
            flow,
            Ok(ControlFlow::Continue(()) | ControlFlow::Break(Stop::Interrupted))
        )
    {
        sink.chunk_done()?;
    }
    if flush_late && flow.is_err() {
        // A read error (or the sink's own, which this only repeats): the rows written so far
        // go out before it is reported.
        let _ = sink.chunk_done();
    }
    flow
}

/// The jobs' answers, each for the record with its sequence number: a job puts each answer
/// here as soon as it has it, and wakes the stream ([`Event::Answered`]) when it ends, so a
/// finished row never waits for the puzzles after it in its job (the stream also looks here
/// every [`INTERRUPT_POLL`]), and the stream wakes once per job, not once per puzzle.
type Inbox = Mutex<Vec<(u64, Answer)>>;

/// The inbox, locked (a job that panicked holds no lock: it pushes nothing fallible).
fn lock(inbox: &Inbox) -> MutexGuard<'_, Vec<(u64, Answer)>> {
    inbox
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Spawns a job grading `records` (consecutive in the stream, each with its sequence number)
/// in order, each answer put in `inbox` at once. Once `slice` has passed it wakes the stream
/// and hands the records left back to the pool as a job of their own (which any idle worker
/// may take). After an interrupt it grades no more.
fn grade_group<'s, E>(
    scope: &rayon::Scope<'s>,
    records: Vec<(u64, Record)>,
    slice: Duration,
    evaluate: &'s E,
    interrupt: Option<&'s AtomicBool>,
    inbox: &'s Inbox,
    to: &mpsc::Sender<Event>,
) where
    E: Fn(Record) -> Evaluation + Sync,
{
    let mut reply = Reply {
        seqs: records.iter().map(|&(seq, _)| seq).collect(),
        answered: 0,
        inbox,
        to: to.clone(),
        sent: false,
    };
    scope.spawn(move |scope| {
        let started = std::time::Instant::now();
        let mut records = records.into_iter();
        for (_, record) in records.by_ref() {
            if interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                // Interrupted before this record was graded: its row would not be written.
                reply.answer(Answer::Skipped);
                continue;
            }
            reply.answer(Answer::Done(Box::new(evaluate(record))));
            if started.elapsed() >= slice {
                break;
            }
        }
        let rest: Vec<(u64, Record)> = records.collect();
        let to = reply.to.clone();
        reply.wake();
        if !rest.is_empty() {
            grade_group(scope, rest, slice, evaluate, interrupt, inbox, &to);
        }
    });
}

/// A job's answers: each put in the inbox as it comes, then a wake-up of the stream; or (from
/// `drop`, when the job panicked) the records not yet answered marked panicked, so the stream
/// never waits for an answer that cannot come.
struct Reply<'s> {
    /// The sequence numbers of the job's records.
    seqs: Vec<u64>,
    /// How many of them have their answer in the inbox.
    answered: usize,
    inbox: &'s Inbox,
    to: mpsc::Sender<Event>,
    sent: bool,
}

impl Reply<'_> {
    /// Puts the answer for the next record in the inbox.
    fn answer(&mut self, answer: Answer) {
        let seq = self.seqs[self.answered];
        self.answered += 1;
        lock(self.inbox).push((seq, answer));
    }

    /// Wakes the stream; the records not answered are the caller's to hand on.
    fn wake(mut self) {
        self.sent = true;
        let _ = self.to.send(Event::Answered);
    }
}

impl Drop for Reply<'_> {
    fn drop(&mut self) {
        if self.sent {
            return;
        }
        let unanswered = self.seqs[self.answered..].iter();
        lock(self.inbox).extend(unanswered.map(|&seq| (seq, Answer::Panicked)));
        let _ = self.to.send(Event::Answered);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::sink::FnSink;

    /// The shipped 17-clue sample, a bad line and a repeated puzzle among them.
    fn input() -> String {
        let sample = include_str!("../../corpora/royle17_sample.txt");
        let puzzles = sample.lines().filter(|l| !l.starts_with('#'));
        let mut lines: Vec<&str> = puzzles.take(120).collect();
        lines.insert(7, "not a puzzle");
        let repeat = lines[3];
        lines.insert(50, repeat);
        lines.iter().flat_map(|l| [*l, "\n"]).collect()
    }

    /// (line, status, step counts) of every row `threads` workers write, in order.
    fn rows(threads: usize, chunk_size: usize, dedup: bool) -> Vec<(u64, String, String)> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        // Everything is made on the pool's thread: the stream runs where it is called.
        pool.install(|| {
            let ladder = Ladder::gnpx_v4();
            let dedup = dedup.then(|| RefCell::new(Dedup::default()));
            let options = BatchOptions {
                ladder: Some(&ladder),
                chunk_size,
                dedup: dedup.as_ref(),
                ..BatchOptions::default()
            };
            let mut rows = Vec::new();
            let mut sink = FnSink(|_: &str, evaluation: &Evaluation| {
                let outcome = evaluation.outcome().map(|o| format!("{:?}", o.counts));
                rows.push((
                    evaluation.line,
                    format!("{:?}", evaluation.status()),
                    outcome.unwrap_or_default(),
                ));
                Ok(ControlFlow::Continue(()))
            });
            let text = input();
            let flow = grade_stream(text.as_bytes(), "t", &options, &mut sink).unwrap();
            assert!(matches!(flow, ControlFlow::Continue(())));
            rows
        })
    }

    /// Groups of every size (chunk 4096 on two threads: groups of [`MAX_GROUP`]), each record
    /// replied alone and the rest handed back (no slice in tests), give one thread's rows.
    #[test]
    fn grouped_jobs_handing_back_their_records_give_the_rows_of_one_thread_in_order() {
        for dedup in [false, true] {
            let inline = rows(1, 4096, dedup);
            assert_eq!(inline.len(), 122);
            let lines: Vec<u64> = inline.iter().map(|r| r.0).collect();
            assert_eq!(lines, (1..=122).collect::<Vec<_>>());
            assert!(inline.iter().any(|r| r.1 == "Invalid"), "{:?}", inline[7]);
            for chunk_size in [1, 7, 64, 4096] {
                assert_eq!(rows(2, chunk_size, dedup), inline, "chunk {chunk_size}");
                assert_eq!(rows(3, chunk_size, dedup), inline, "chunk {chunk_size}");
            }
        }
    }

    /// One thread on an input that never stalls flushes at most every [`FLUSH_EVERY`], not
    /// after every row, and flushes the last rows when the input ends; more threads flush
    /// every batch of rows they write.
    #[test]
    fn one_thread_on_a_regular_input_flushes_late_and_at_the_end() {
        /// Rows taken, and the rows taken at each flush.
        #[derive(Default)]
        struct Flushes(usize, Vec<usize>);
        impl Sink for Flushes {
            fn evaluation(
                &mut self,
                _: &str,
                _: &Evaluation,
            ) -> std::io::Result<ControlFlow<Stop>> {
                self.0 += 1;
                Ok(ControlFlow::Continue(()))
            }
            fn chunk_done(&mut self) -> std::io::Result<()> {
                self.1.push(self.0);
                Ok(())
            }
        }
        let flushes = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut sink = Flushes::default();
                // The oracle alone: the 122 rows take well under a millisecond each.
                let flow =
                    grade_stream(input().as_bytes(), "t", &BatchOptions::default(), &mut sink);
                assert!(matches!(flow, Ok(ControlFlow::Continue(()))));
                sink
            })
        };
        let one = flushes(1);
        assert_eq!(one.0, 122);
        assert_eq!(one.1.last(), Some(&122), "the last rows are flushed");
        assert!(one.1.len() < 61, "{} flushes for 122 rows", one.1.len());
        let two = flushes(2);
        assert_eq!(two.1.last(), Some(&122));
    }

    /// A finished row does not wait for the puzzles after it in its job: the second record's
    /// grading waits until the first's answer is in the inbox (a job replying only when it
    /// ends would hang here until the timeout and fail), and the job wakes the stream once.
    #[test]
    fn an_answer_reaches_the_inbox_before_the_next_record_of_its_job_is_graded() {
        let record = |line: u64| Record {
            line,
            puzzle: input().lines().nth(line as usize).unwrap().to_string(),
            column: 1,
            extra: String::new(),
            error: None,
        };
        let records: Vec<(u64, Record)> = (0..3).map(|seq| (seq, record(seq + 1))).collect();
        let inbox = Inbox::default();
        let (to, events) = mpsc::channel();
        let (first_seen, wait_for_first) = mpsc::channel::<()>();
        let wait_for_first = Mutex::new(wait_for_first);
        let oracle = Evaluator {
            ladder: None,
            verify: false,
            grade_multiple: false,
        };
        let evaluate = |record: Record| {
            if record.line == 2 {
                let waited = wait_for_first
                    .lock()
                    .unwrap()
                    .recv_timeout(Duration::from_secs(60));
                assert!(waited.is_ok(), "the first answer never reached the inbox");
            }
            oracle.evaluate(record)
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let hour = Duration::from_secs(3600);
        pool.scope(|scope| {
            grade_group(scope, records, hour, &evaluate, None, &inbox, &to);
            let started = std::time::Instant::now();
            while !lock(&inbox).iter().any(|&(seq, _)| seq == 0) {
                assert!(
                    started.elapsed() < Duration::from_secs(60),
                    "no first answer"
                );
                std::thread::sleep(Duration::from_millis(1));
            }
            first_seen.send(()).unwrap();
        });
        let answered: Vec<u64> = lock(&inbox).iter().map(|&(seq, _)| seq).collect();
        assert_eq!(answered, [0, 1, 2]);
        assert!(lock(&inbox)
            .iter()
            .all(|(_, answer)| matches!(answer, Answer::Done(_))));
        assert!(matches!(events.try_recv(), Ok(Event::Answered)));
        assert!(events.try_recv().is_err(), "one wake-up for the job");
    }
}
