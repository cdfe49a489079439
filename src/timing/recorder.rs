//! The hot side of timing: a per-worker [`Recorder`] that reads the time-stamp counter and bumps
//! a bucket per call, converted into HdrHistograms ([`Timings`]) only when the run ends.
//!
//! Why: a technique call is often 30–100 ns, so every nanosecond of the hook shows. On this
//! project's machines `Instant::now` costs ~20 ns a read and `quanta`'s raw TSC read ~8 ns, and
//! recording straight into HdrHistograms made `sgrade bench`'s timed pass 24–35% slower than
//! grading on royle17, against 11–13% with these buckets (see `results/performance.md`).

use std::sync::Mutex;

use super::{TechniqueTimes, TimingHook, Timings};
use crate::scales::ladder::Ladder;
use crate::techniques::{TechniqueId, CATALOGUE};

/// Values below this are their own bucket.
const EXACT: u64 = 256;
/// Sub-buckets per power of two above `EXACT` (bucket width < 0.8% of the value).
const SUB_BITS: u32 = 7;
/// Largest value kept apart (2^44 ticks: over an hour); larger ones share the last bucket.
const MAX_VALUE: u64 = (1 << 44) - 1;
/// Buckets needed up to `MAX_VALUE`.
const BUCKETS: usize = (((44 - 1 - SUB_BITS) as usize) << SUB_BITS) + 2 * (1 << SUB_BITS);

/// Bucket of `value`: exact below 256, then 128 log-linear sub-buckets per power of two.
#[inline]
fn bucket(value: u64) -> usize {
    let value = value.min(MAX_VALUE);
    if value < EXACT {
        value as usize
    } else {
        let shift = 63 - value.leading_zeros() - SUB_BITS;
        ((shift as usize) << SUB_BITS) + (value >> shift) as usize
    }
}

/// The middle value of bucket `index`.
fn bucket_middle(index: usize) -> u64 {
    if (index as u64) < EXACT {
        return index as u64;
    }
    let shift = (index >> SUB_BITS) as u32 - 1;
    let sub = (index - ((shift as usize) << SUB_BITS)) as u64;
    (sub << shift) + (1 << shift) / 2
}

/// Counts per bucket (empty for techniques off the ladder: nothing records into them).
#[derive(Clone, Debug, Default)]
struct Buckets(Vec<u64>);

impl Buckets {
    fn new() -> Buckets {
        Buckets(vec![0; BUCKETS])
    }

    #[inline]
    fn record(&mut self, value: u64) {
        if let Some(count) = self.0.get_mut(bucket(value)) {
            *count += 1;
        }
    }

    /// Adds every count to `into`, each bucket's values converted to nanoseconds by `to_nanos`.
    fn add_to(&self, into: &mut hdrhistogram::Histogram<u64>, to_nanos: impl Fn(u64) -> u64) {
        for (index, &count) in self.0.iter().enumerate() {
            if count > 0 {
                let _ = into.record_n(to_nanos(bucket_middle(index)), count);
            }
        }
    }
}

/// One worker's timings while a run goes on.
#[derive(Clone, Debug)]
pub struct Recorder {
    /// The time-stamp counter where the CPU has an invariant one, else the OS monotonic clock.
    clock: quanta::Clock,
    /// Per `TechniqueId`: ticks per call, ticks per call that found a step.
    calls: Vec<Buckets>,
    hits: Vec<Buckets>,
    oracle: Buckets,
    /// Nanoseconds per puzzle.
    puzzle: Buckets,
    /// Which techniques to report, in ladder order.
    ladder: Vec<TechniqueId>,
}

impl Recorder {
    /// A recorder for `ladder`'s techniques (none: the oracle and puzzles only).
    pub fn for_ladder(ladder: Option<&Ladder>) -> Recorder {
        let ladder: Vec<TechniqueId> = ladder
            .map(|l| l.rungs().iter().map(|r| r.technique).collect())
            .unwrap_or_default();
        let per_technique = || -> Vec<Buckets> {
            CATALOGUE
                .iter()
                .map(|info| {
                    if ladder.contains(&info.technique) {
                        Buckets::new()
                    } else {
                        Buckets::default()
                    }
                })
                .collect()
        };
        Recorder {
            clock: quanta::Clock::new(),
            calls: per_technique(),
            hits: per_technique(),
            oracle: Buckets::new(),
            puzzle: Buckets::new(),
            ladder,
        }
    }

    /// Adds everything recorded to `timings`, in nanoseconds.
    pub fn add_to(&self, timings: &mut Timings) {
        let to_nanos = |ticks: u64| self.clock.delta_as_nanos(0, ticks);
        for &technique in &self.ladder {
            let times = timings
                .techniques
                .entry(technique.id(), TechniqueTimes::default);
            self.calls[technique as usize].add_to(&mut times.calls, to_nanos);
            self.hits[technique as usize].add_to(&mut times.hits, to_nanos);
        }
        self.oracle.add_to(&mut timings.oracle, to_nanos);
        self.puzzle.add_to(&mut timings.puzzle, |nanos| nanos);
    }

    /// The recorded timings, in nanoseconds.
    pub fn to_timings(&self) -> Timings {
        let mut timings = Timings::default();
        self.add_to(&mut timings);
        timings
    }
}

impl TimingHook for Recorder {
    /// Raw clock ticks.
    type Mark = u64;

    #[inline]
    fn mark(&mut self) -> u64 {
        self.clock.raw()
    }

    #[inline]
    fn technique_call(&mut self, technique: TechniqueId, started: u64, hit: bool) -> u64 {
        let now = self.clock.raw();
        // The counter is invariant across cores; a thread moved mid-call may still read a
        // slightly smaller value, which counts as 0.
        let ticks = now.saturating_sub(started);
        self.calls[technique as usize].record(ticks);
        if hit {
            self.hits[technique as usize].record(ticks);
        }
        now
    }

    #[inline]
    fn oracle_call(&mut self, started: u64) {
        self.oracle.record(self.clock.raw().saturating_sub(started));
    }

    #[inline]
    fn puzzle(&mut self, nanos: u64) {
        self.puzzle.record(nanos);
    }
}
/// Per-worker recorders handed out to rayon jobs and merged at the end. A job takes one (a lock
/// per job, never per call), records without locks, and gives it back when it ends.
pub struct TimingsPool {
    template: Recorder,
    idle: Mutex<Vec<Recorder>>,
    sample_every: u64,
}

impl TimingsPool {
    /// A pool whose recorders list `ladder`'s rungs in order, timing one puzzle in
    /// `sample_every` (1: every puzzle).
    pub fn for_ladder(ladder: Option<&Ladder>, sample_every: u64) -> TimingsPool {
        let template = Recorder::for_ladder(ladder);
        TimingsPool {
            template,
            idle: Mutex::new(Vec::new()),
            sample_every: sample_every.max(1),
        }
    }

    /// Whether the puzzle on input line `line` is timed: all of them when sampling is off, else
    /// a fixed pseudo-random one in `sample_every` (the same lines whatever the thread count).
    #[inline]
    pub fn times(&self, line: u64) -> bool {
        self.sample_every == 1 || mix64(line).is_multiple_of(self.sample_every)
    }

    /// A recorder for one job; it returns to the pool when dropped.
    pub fn checkout(&self) -> PooledRecorder<'_> {
        let recorder = self
            .idle
            .lock()
            .expect("timings pool lock")
            .pop()
            .unwrap_or_else(|| self.template.clone());
        PooledRecorder {
            pool: self,
            recorder: Some(recorder),
        }
    }

    /// Every recorder merged into one set of timings, techniques in ladder order.
    pub fn into_merged(self) -> Timings {
        let mut merged = self.template.to_timings();
        for recorder in self.idle.into_inner().expect("timings pool lock") {
            recorder.add_to(&mut merged);
        }
        merged
    }
}

/// SplitMix64's finaliser: spreads consecutive line numbers over all residues.
fn mix64(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A recorder borrowed from a [`TimingsPool`].
pub struct PooledRecorder<'a> {
    pool: &'a TimingsPool,
    recorder: Option<Recorder>,
}

impl std::ops::Deref for PooledRecorder<'_> {
    type Target = Recorder;
    fn deref(&self) -> &Recorder {
        self.recorder.as_ref().expect("present until dropped")
    }
}

impl std::ops::DerefMut for PooledRecorder<'_> {
    fn deref_mut(&mut self) -> &mut Recorder {
        self.recorder.as_mut().expect("present until dropped")
    }
}

impl Drop for PooledRecorder<'_> {
    fn drop(&mut self) {
        if let Some(recorder) = self.recorder.take() {
            if let Ok(mut idle) = self.pool.idle.lock() {
                idle.push(recorder);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_contiguous_and_narrow() {
        assert_eq!(bucket(0), 0);
        assert_eq!(bucket(255), 255);
        assert_eq!(bucket(256), 256);
        assert_eq!(bucket(MAX_VALUE), BUCKETS - 1);
        let mut previous = 0;
        for value in (1..200_000u64).chain([1 << 30, (1 << 30) + 12_345, 1 << 40]) {
            let index = bucket(value);
            assert!(index == previous || index == previous + 1 || value > 200_000);
            previous = index;
            let middle = bucket_middle(index);
            assert_eq!(bucket(middle), index, "{value}");
            assert!(
                middle.abs_diff(value) as f64 <= value as f64 / 128.0,
                "{value}"
            );
        }
    }

    #[test]
    fn recorded_calls_reach_the_timings() {
        let timings = crate::timing::tests::sample();
        let ids: Vec<&str> = timings.techniques.iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["full-house", "naked-single", "hidden-single"]);
        let naked = timings.techniques.get("naked-single").unwrap();
        assert_eq!((naked.calls.len(), naked.hits.len()), (1, 1));
        let hidden = timings.techniques.get("hidden-single").unwrap();
        assert_eq!((hidden.calls.len(), hidden.hits.len()), (1, 0));
        assert_eq!(timings.oracle.len(), 1);
        assert!((12_250..12_450).contains(&timings.puzzle.max()));
    }

    #[test]
    fn pool_merges_every_recorder() {
        let pool = TimingsPool::for_ladder(Some(&Ladder::gnpx_v4()), 1);
        {
            let mut a = pool.checkout();
            let mut b = pool.checkout();
            a.puzzle(10);
            b.puzzle(20);
        }
        pool.checkout().puzzle(30);
        let merged = pool.into_merged();
        assert_eq!(merged.puzzle.len(), 3);
        assert_eq!(merged.techniques.len(), Ladder::gnpx_v4().rungs().len());
    }

    #[test]
    fn sampling_times_about_one_line_in_n() {
        let pool = TimingsPool::for_ladder(None, 8);
        let timed = (1..=8000).filter(|&line| pool.times(line)).count();
        assert!((800..1200).contains(&timed), "{timed}");
        let every = TimingsPool::for_ladder(None, 1);
        assert!((1..=100).all(|line| every.times(line)));
    }
}
