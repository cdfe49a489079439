//! Where grading time goes: every technique call timed (time per call, and
//! time per call that found a step), plus the oracle and the whole puzzle. Recorders are
//! per worker and merged at the end; the result is written and read as an HdrHistogram interval
//! log (V2 + deflate, as Java's `HistogramLogWriter` does), so shards timed on different machines
//! merge, and HdrHistogram's own tools read the files.

use std::fmt::Write as _;
use std::io::{self, Cursor};
use std::time::{Duration, SystemTime};

use base64::Engine as _;
use hdrhistogram::serialization::interval_log::{
    IntervalLogIterator, IntervalLogWriterBuilder, LogEntry, Tag,
};
use hdrhistogram::serialization::{Deserializer, V2DeflateSerializer};
use hdrhistogram::Histogram;

use crate::scales::ladder::Ladder;
use crate::techniques::technique_map::TechniqueMap;
use crate::techniques::TechniqueId;

mod recorder;

pub use recorder::{PooledRecorder, Recorder, TimingsPool};

/// The grader's timing hook. [`NoTiming`] compiles to nothing; [`Recorder`] reads the clock.
pub trait TimingHook {
    /// A point in time (`()` when timing is off).
    type Mark: Copy;
    /// The current time.
    fn mark(&mut self) -> Self::Mark;
    /// Records one call of `technique` that began at `started` and found a step (`hit`) or not;
    /// returns the time it ended, which is where the next call begins.
    fn technique_call(
        &mut self,
        technique: TechniqueId,
        started: Self::Mark,
        hit: bool,
    ) -> Self::Mark;
    /// Records one oracle run that began at `started`.
    fn oracle_call(&mut self, started: Self::Mark);
    /// Records one puzzle's whole evaluation time (parse, oracle, grading).
    fn puzzle(&mut self, nanos: u64);
}

/// Timing off: every hook is an empty inline function.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTiming;

impl TimingHook for NoTiming {
    type Mark = ();
    #[inline(always)]
    fn mark(&mut self) {}
    #[inline(always)]
    fn technique_call(&mut self, _: TechniqueId, _: (), _: bool) {}
    #[inline(always)]
    fn oracle_call(&mut self, _: ()) {}
    #[inline(always)]
    fn puzzle(&mut self, _: u64) {}
}

/// Significant digits kept by every histogram (0.1% resolution).
const SIGFIG: u8 = 3;

/// A histogram of nanoseconds that grows as larger values arrive.
fn nanos_histogram() -> Histogram<u64> {
    Histogram::new(SIGFIG).expect("valid histogram precision")
}

/// One technique's timings.
#[derive(Clone, Debug)]
pub struct TechniqueTimes {
    /// Nanoseconds per call (every call: hit or miss).
    pub calls: Histogram<u64>,
    /// Nanoseconds per call that found a step.
    pub hits: Histogram<u64>,
}

impl Default for TechniqueTimes {
    fn default() -> Self {
        TechniqueTimes {
            calls: nanos_histogram(),
            hits: nanos_histogram(),
        }
    }
}

/// Total time recorded in a histogram, in nanoseconds (exact to the histogram's precision).
pub fn total_nanos(h: &Histogram<u64>) -> f64 {
    h.mean() * h.len() as f64
}

/// Timings of a run, or of several merged.
#[derive(Clone, Debug)]
pub struct Timings {
    /// Per technique, in ladder order.
    pub techniques: TechniqueMap<TechniqueTimes>,
    /// Nanoseconds per oracle run.
    pub oracle: Histogram<u64>,
    /// Nanoseconds per puzzle (parse, oracle and grading).
    pub puzzle: Histogram<u64>,
}

impl Default for Timings {
    fn default() -> Self {
        Timings {
            techniques: TechniqueMap::new(),
            oracle: nanos_histogram(),
            puzzle: nanos_histogram(),
        }
    }
}

/// Tag of the per-puzzle histogram in a timings log.
pub const PUZZLE_TAG: &str = "puzzle";
/// Tag of the oracle histogram in a timings log.
pub const ORACLE_TAG: &str = "oracle";
/// Tag prefix of a technique's per-call histogram (`call:naked-pair`).
pub const CALL_TAG: &str = "call:";
/// Tag prefix of a technique's per-hit histogram (`hit:naked-pair`).
pub const HIT_TAG: &str = "hit:";

/// A timings log that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum TimingsError {
    /// A line of the log does not parse.
    #[error("line {line}: not an HdrHistogram interval log line")]
    Log {
        /// 1-based interval number where parsing failed.
        line: usize,
    },
    /// A histogram does not decode.
    #[error("histogram '{tag}' does not decode: {reason}")]
    Histogram {
        /// The histogram's tag.
        tag: String,
        /// Why.
        reason: String,
    },
    /// The log holds no histogram written by sgrade.
    #[error("no sgrade timing histograms (tags puzzle, oracle, call:<id>, hit:<id>) in the log")]
    Empty,
    /// Writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl Timings {
    /// Empty timings with one entry per rung of `ladder`, in ladder order.
    pub fn for_ladder(ladder: &Ladder) -> Timings {
        let mut timings = Timings::default();
        for rung in ladder.rungs() {
            timings
                .techniques
                .entry(rung.technique.id(), TechniqueTimes::default);
        }
        timings
    }

    /// Adds `other` into `self`; techniques new to `self` are appended in `other`'s order.
    pub fn merge(&mut self, other: &Timings) {
        fn add(into: &mut Histogram<u64>, from: &Histogram<u64>) {
            // Every histogram here auto-resizes, so addition cannot run out of range.
            into.add(from).expect("auto-resizing histograms add");
        }
        for (id, times) in other.techniques.iter() {
            let mine = self.techniques.entry(id, TechniqueTimes::default);
            add(&mut mine.calls, &times.calls);
            add(&mut mine.hits, &times.hits);
        }
        add(&mut self.oracle, &other.oracle);
        add(&mut self.puzzle, &other.puzzle);
    }

    /// Writes the timings as an HdrHistogram interval log: one interval per histogram, tagged
    /// `puzzle`, `oracle`, `call:<id>` and `hit:<id>`, values in nanoseconds.
    pub fn write_log<W: io::Write>(
        &self,
        out: &mut W,
        started: SystemTime,
        elapsed: Duration,
    ) -> Result<(), TimingsError> {
        let mut serializer = V2DeflateSerializer::new();
        let mut log = IntervalLogWriterBuilder::new()
            .add_comment("sgrade timings: values in nanoseconds")
            .add_comment(
                "tags: puzzle (per puzzle), oracle (per oracle run), call:<technique> (per call), \
                 hit:<technique> (per call that found a step)",
            )
            .with_start_time(started)
            .with_base_time(started)
            .begin_log_with(out, &mut serializer)?;
        let mut write = |h: &Histogram<u64>, tag: &str| -> Result<(), TimingsError> {
            let tag = Tag::new(tag).ok_or_else(|| TimingsError::Histogram {
                tag: tag.to_string(),
                reason: "tag holds a comma or a space".into(),
            })?;
            log.write_histogram(h, Duration::ZERO, elapsed, Some(tag))
                .map_err(|e| TimingsError::Histogram {
                    tag: tag.to_string(),
                    reason: e.to_string(),
                })
        };
        write(&self.puzzle, PUZZLE_TAG)?;
        write(&self.oracle, ORACLE_TAG)?;
        for (id, times) in self.techniques.iter() {
            write(&times.calls, &format!("{CALL_TAG}{id}"))?;
            write(&times.hits, &format!("{HIT_TAG}{id}"))?;
        }
        Ok(())
    }

    /// Reads a log written by [`Timings::write_log`]. Intervals with other tags are skipped.
    pub fn read_log(bytes: &[u8]) -> Result<Timings, TimingsError> {
        let mut timings = Timings::default();
        let mut deserializer = Deserializer::new();
        let mut found = false;
        for (index, entry) in IntervalLogIterator::new(bytes).enumerate() {
            let interval = match entry {
                Ok(LogEntry::Interval(interval)) => interval,
                Ok(_) => continue,
                Err(_) => return Err(TimingsError::Log { line: index + 1 }),
            };
            let Some(tag) = interval.tag() else { continue };
            let tag = tag.as_str();
            let target = if tag == PUZZLE_TAG {
                &mut timings.puzzle
            } else if tag == ORACLE_TAG {
                &mut timings.oracle
            } else if let Some(id) = tag.strip_prefix(CALL_TAG) {
                &mut timings.techniques.entry(id, TechniqueTimes::default).calls
            } else if let Some(id) = tag.strip_prefix(HIT_TAG) {
                &mut timings.techniques.entry(id, TechniqueTimes::default).hits
            } else {
                continue;
            };
            let decode_error = |reason: String| TimingsError::Histogram {
                tag: tag.to_string(),
                reason,
            };
            let raw = base64::engine::general_purpose::STANDARD
                .decode(interval.encoded_histogram())
                .map_err(|e| decode_error(e.to_string()))?;
            let histogram: Histogram<u64> = deserializer
                .deserialize(&mut Cursor::new(raw))
                .map_err(|e| decode_error(e.to_string()))?;
            target
                .add(&histogram)
                .map_err(|e| decode_error(e.to_string()))?;
            found = true;
        }
        if found {
            Ok(timings)
        } else {
            Err(TimingsError::Empty)
        }
    }

    /// The stderr table: per technique calls, hits, p50/p90/p99/max per call, p50 per hit,
    /// total time and share of the total puzzle time; then the oracle and the rest.
    pub fn render_table(&self) -> String {
        let mut out = String::new();
        // The name column as wide as the longest name (finned-cannibalistic-fm-swordfish).
        let width = self
            .techniques
            .iter()
            .map(|(id, _)| id.len())
            .chain(["(parse, apply, bookkeeping)".len()])
            .max()
            .unwrap_or(0)
            .max(28);
        let total = total_nanos(&self.puzzle);
        let share = |nanos: f64| {
            if total > 0.0 {
                format!("{:.1}%", 100.0 * nanos / total)
            } else {
                "-".to_string()
            }
        };
        let _ = writeln!(
            out,
            "  {:<width$} {:>11} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6}",
            "timing", "calls", "hits", "p50", "p90", "p99", "max", "hit p50", "total", "share"
        );
        let mut accounted = 0.0;
        let mut row = |name: &str, calls: &Histogram<u64>, hits: Option<&Histogram<u64>>| {
            let spent = total_nanos(calls);
            accounted += spent;
            let (p50, p90, p99, max) = if calls.is_empty() {
                ("-".into(), "-".into(), "-".into(), "-".into())
            } else {
                (
                    format_nanos(calls.value_at_quantile(0.5) as f64),
                    format_nanos(calls.value_at_quantile(0.9) as f64),
                    format_nanos(calls.value_at_quantile(0.99) as f64),
                    format_nanos(calls.max() as f64),
                )
            };
            let (hit_count, hit_p50) = match hits {
                Some(h) if !h.is_empty() => (
                    h.len().to_string(),
                    format_nanos(h.value_at_quantile(0.5) as f64),
                ),
                Some(_) => ("0".into(), "-".into()),
                None => ("".into(), "".into()),
            };
            let _ = writeln!(
                out,
                "  {name:<width$} {:>11} {hit_count:>10} {p50:>9} {p90:>9} {p99:>9} {max:>9} {hit_p50:>9} {:>10} {:>6}",
                calls.len(),
                format_nanos(spent),
                share(spent)
            );
        };
        for (id, times) in self.techniques.iter() {
            row(id, &times.calls, Some(&times.hits));
        }
        row("(oracle)", &self.oracle, None);
        let rest = (total - accounted).max(0.0);
        let _ = writeln!(
            out,
            "  {:<width$} {:>11} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6}",
            "(parse, apply, bookkeeping)",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            format_nanos(rest),
            share(rest)
        );
        if !self.puzzle.is_empty() {
            let h = &self.puzzle;
            let _ = writeln!(
                out,
                "  {:<width$} {:>11} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6}",
                "(per puzzle)",
                h.len(),
                "",
                format_nanos(h.value_at_quantile(0.5) as f64),
                format_nanos(h.value_at_quantile(0.9) as f64),
                format_nanos(h.value_at_quantile(0.99) as f64),
                format_nanos(h.max() as f64),
                "",
                format_nanos(total),
                share(total)
            );
        }
        out
    }
}

/// A duration in nanoseconds with a readable unit (`85 ns`, `12.3 µs`, `4.56 ms`, `7.89 s`).
pub fn format_nanos(nanos: f64) -> String {
    if nanos < 1e3 {
        format!("{nanos:.0} ns")
    } else if nanos < 1e6 {
        format!("{:.1} µs", nanos / 1e3)
    } else if nanos < 1e9 {
        format!("{:.2} ms", nanos / 1e6)
    } else {
        format!("{:.2} s", nanos / 1e9)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Timings of one naked-single hit, one hidden-single miss, one oracle run, one puzzle.
    pub(crate) fn sample() -> Timings {
        let ladder = Ladder::gnpx_v4().restricted_to(&["singles"]).unwrap();
        let mut recorder = Recorder::for_ladder(Some(&ladder));
        let start = recorder.mark();
        let end = recorder.technique_call(TechniqueId::NakedSingle, start, true);
        recorder.technique_call(TechniqueId::HiddenSingle, end, false);
        recorder.oracle_call(start);
        recorder.puzzle(12_345);
        recorder.to_timings()
    }

    #[test]
    fn log_round_trips_and_merges() {
        let timings = sample();
        let mut bytes = Vec::new();
        timings
            .write_log(&mut bytes, SystemTime::now(), Duration::from_secs(1))
            .unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.contains("Tag=call:naked-single,"));
        let read = Timings::read_log(&bytes).unwrap();
        let ids: Vec<&str> = read.techniques.iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["full-house", "naked-single", "hidden-single"]);
        let naked = read.techniques.get("naked-single").unwrap();
        assert_eq!((naked.calls.len(), naked.hits.len()), (1, 1));
        let hidden = read.techniques.get("hidden-single").unwrap();
        assert_eq!((hidden.calls.len(), hidden.hits.len()), (1, 0));
        assert_eq!(read.puzzle.len(), 1);
        assert_eq!(read.puzzle.max(), timings.puzzle.max());
        let mut merged = read;
        merged.merge(&timings);
        assert_eq!(
            merged.techniques.get("naked-single").unwrap().calls.len(),
            2
        );
        assert_eq!(merged.oracle.len(), 2);
        assert!(merged.render_table().contains("naked-single"));
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(matches!(
            Timings::read_log(b"#only a comment\n"),
            Err(TimingsError::Empty)
        ));
        assert!(Timings::read_log(b"Tag=puzzle,0.0,1.0,2.0,!!!\n").is_err());
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(format_nanos(85.0), "85 ns");
        assert_eq!(format_nanos(12_300.0), "12.3 µs");
        assert_eq!(format_nanos(4_560_000.0), "4.56 ms");
        assert_eq!(format_nanos(7_890_000_000.0), "7.89 s");
    }
}
