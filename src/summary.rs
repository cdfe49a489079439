//! The end-of-run summary: statuses, solved vs stuck, ratings, technique usage, timing.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use hdrhistogram::Histogram;

use crate::evaluate::{Evaluation, Status};
use crate::ladder::Ladder;
use crate::techniques::TechniqueId;

/// Totals over a batch, accumulated row by row.
pub struct Summary {
    /// Rows per status, in `Status::ALL` order.
    pub by_status: [u64; 4],
    /// Graded puzzles the ladder solved.
    pub solved: u64,
    /// Graded puzzles the ladder got stuck on.
    pub stuck: u64,
    /// Graded puzzles per rating.
    pub ratings: BTreeMap<u8, u64>,
    /// Steps applied per technique.
    pub technique_steps: [u64; TechniqueId::COUNT],
    /// Puzzles that used each technique at least once.
    pub technique_puzzles: [u64; TechniqueId::COUNT],
    /// Puzzles whose hardest step was each technique.
    pub technique_hardest: [u64; TechniqueId::COUNT],
    /// Per-puzzle time in nanoseconds (oracle + grading).
    pub puzzle_time_ns: Histogram<u64>,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            by_status: [0; 4],
            solved: 0,
            stuck: 0,
            ratings: BTreeMap::new(),
            technique_steps: [0; TechniqueId::COUNT],
            technique_puzzles: [0; TechniqueId::COUNT],
            technique_hardest: [0; TechniqueId::COUNT],
            puzzle_time_ns: Histogram::new_with_bounds(1, 3_600_000_000_000, 3)
                .expect("valid histogram bounds"),
        }
    }
}

impl Summary {
    /// Adds one evaluated row.
    pub fn add(&mut self, evaluation: &Evaluation) {
        let index = Status::ALL
            .iter()
            .position(|&s| s == evaluation.status)
            .unwrap_or(3);
        self.by_status[index] += 1;
        let Some(outcome) = &evaluation.outcome else {
            return;
        };
        if outcome.solved {
            self.solved += 1;
        } else {
            self.stuck += 1;
        }
        *self.ratings.entry(outcome.rating).or_default() += 1;
        for (i, &count) in outcome.counts.iter().enumerate() {
            self.technique_steps[i] += count as u64;
            self.technique_puzzles[i] += (count > 0) as u64;
        }
        if let Some(hardest) = outcome.hardest {
            self.technique_hardest[hardest as usize] += 1;
        }
        let nanos = (evaluation.time_us * 1000.0).round().max(1.0) as u64;
        self.puzzle_time_ns.saturating_record(nanos);
    }

    /// Total rows seen.
    pub fn rows(&self) -> u64 {
        self.by_status.iter().sum()
    }

    /// The summary as text, one fact per line, for stderr.
    pub fn render(&self, ladder: Option<&Ladder>, elapsed: Duration) -> String {
        let mut out = String::new();
        let rows = self.rows();
        let seconds = elapsed.as_secs_f64();
        let rate = if seconds > 0.0 {
            rows as f64 / seconds
        } else {
            0.0
        };
        let _ = writeln!(
            out,
            "sgrade: {rows} puzzles in {seconds:.3} s ({rate:.0} puzzles/s)"
        );
        let statuses: Vec<String> = Status::ALL
            .iter()
            .zip(self.by_status)
            .map(|(s, n)| format!("{} {n}", s.as_str()))
            .collect();
        let _ = writeln!(out, "  status: {}", statuses.join(", "));
        if !self.puzzle_time_ns.is_empty() {
            let h = &self.puzzle_time_ns;
            let _ = writeln!(
                out,
                "  time per puzzle: p50 {:.1} µs, p90 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
                h.value_at_quantile(0.5) as f64 / 1e3,
                h.value_at_quantile(0.9) as f64 / 1e3,
                h.value_at_quantile(0.99) as f64 / 1e3,
                h.max() as f64 / 1e3
            );
        }
        let Some(ladder) = ladder else {
            return out;
        };
        let _ = writeln!(
            out,
            "  graded: solved {}, stuck {}",
            self.solved, self.stuck
        );
        let ratings: Vec<String> = self
            .ratings
            .iter()
            .map(|(r, n)| format!("{}: {n}", ladder.rule().label(*r)))
            .collect();
        let _ = writeln!(out, "  rating: {}", ratings.join(", "));
        // The id column fits the longest id on the ladder (fish ids run to 33 characters).
        let width = ladder
            .rungs()
            .iter()
            .map(|r| r.technique.id().len())
            .max()
            .unwrap_or(0)
            .max(28);
        let _ = writeln!(
            out,
            "  {:<width$} {:>10} {:>10} {:>10}",
            "technique", "steps", "puzzles", "hardest"
        );
        for rung in ladder.rungs() {
            let i = rung.technique as usize;
            let _ = writeln!(
                out,
                "  {:<width$} {:>10} {:>10} {:>10}",
                rung.technique.id(),
                self.technique_steps[i],
                self.technique_puzzles[i],
                self.technique_hardest[i]
            );
        }
        out
    }
}
