//! The end-of-run summary: statuses, solved vs stuck, ratings, technique usage, time per puzzle.
//! `grade` adds evaluations as it writes them; `stats` adds rows read back from result CSVs,
//! so shards graded apart add up to the summary of the whole.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::ops::ControlFlow;
use std::time::Duration;

use hdrhistogram::Histogram;

use crate::grading::evaluate::{Evaluation, Status};
use crate::grading::sink::{Sink, Stop};
use crate::scales::ladder::Ladder;
use crate::scales::{RatingRule, Scale};
use crate::techniques::technique_map::TechniqueMap;
use crate::techniques::CATALOGUE;

/// How much one technique was used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TechniqueUsage {
    /// Steps applied.
    pub steps: u64,
    /// Puzzles that used it at least once.
    pub puzzles: u64,
    /// Puzzles whose hardest step it was.
    pub hardest: u64,
    /// Graded puzzles whose ladder had it (fewer than all when shards used other ladders).
    pub graded: u64,
}

/// Whose ratings one histogram of a [`Summary`] counts: a rating rule and, when known, the
/// scale. Scales that share a rule but not a table (gnpx and gnpx584) never share a histogram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingKey {
    /// How the ratings were made.
    pub rule: RatingRule,
    /// The scale, when the rows name it or their ladder tells it; `None`: not known.
    pub scale: Option<Scale>,
}

impl RatingKey {
    /// The key of `rule` on no named scale.
    pub fn of(rule: RatingRule) -> RatingKey {
        RatingKey { rule, scale: None }
    }

    /// The histogram's name: `rating (gnpx584)`, or the rule's name alone when no scale is
    /// known (`rating`, `HoDoKu level`).
    pub fn name(self) -> String {
        match self.scale {
            // HoDoKu levels are one scale's: its name says it already.
            Some(scale) if self.rule != RatingRule::HodokuLevel => {
                format!("{} ({scale})", rating_name(self.rule))
            }
            _ => rating_name(self.rule).to_string(),
        }
    }
}

/// Totals over a batch, accumulated row by row.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Rows per status, in `Status::ALL` order.
    pub by_status: [u64; Status::ALL.len()],
    /// Graded puzzles the ladder solved.
    pub solved: u64,
    /// Graded puzzles the ladder got stuck on.
    pub stuck: u64,
    /// Graded puzzles per rating, per rule and scale (shards may come from different scales).
    pub ratings: Vec<(RatingKey, BTreeMap<u8, u64>)>,
    /// The rating rule of the evaluations given to [`Summary::add`].
    pub rule: RatingRule,
    /// Usage per technique, in ladder order.
    pub techniques: TechniqueMap<TechniqueUsage>,
    /// Per-puzzle time in nanoseconds (oracle + grading).
    pub puzzle_time_ns: Histogram<u64>,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            by_status: [0; Status::ALL.len()],
            solved: 0,
            stuck: 0,
            ratings: Vec::new(),
            rule: RatingRule::MaxDifficulty,
            techniques: TechniqueMap::new(),
            puzzle_time_ns: Histogram::new(3).expect("valid histogram precision"),
        }
    }
}

impl Summary {
    /// An empty summary listing `ladder`'s techniques in ladder order (none for `solve`).
    pub fn for_ladder(ladder: Option<&Ladder>) -> Summary {
        let mut summary = Summary::default();
        if let Some(ladder) = ladder {
            summary.rule = ladder.rule();
        }
        for rung in ladder.map(Ladder::rungs).unwrap_or_default() {
            summary
                .techniques
                .entry(rung.technique.id(), TechniqueUsage::default);
        }
        summary
    }

    /// Counts a row's status and time (rows never parsed have no time: 0).
    pub fn add_status(&mut self, status: Status, time_us: f64) {
        self.by_status[status.index()] += 1;
        if time_us > 0.0 {
            let nanos = (time_us * 1000.0).round().max(1.0) as u64;
            let _ = self.puzzle_time_ns.record(nanos);
        }
    }

    /// Counts a graded puzzle's verdict and its rating under `rule` (no scale named).
    pub fn add_grade(&mut self, solved: bool, rule: RatingRule, rating: u8) {
        self.add_grade_on(solved, RatingKey::of(rule), rating);
    }

    /// Counts a graded puzzle's verdict and its rating in the histogram of `key`.
    pub fn add_grade_on(&mut self, solved: bool, key: RatingKey, rating: u8) {
        // A stuck puzzle has no rating: it is counted on its own, never in the histogram.
        if solved {
            self.solved += 1;
            *self.ratings_on(key).entry(rating).or_default() += 1;
        } else {
            self.stuck += 1;
        }
    }

    /// The rating counts of `rule` on no named scale, added when new.
    pub fn ratings_for(&mut self, rule: RatingRule) -> &mut BTreeMap<u8, u64> {
        self.ratings_on(RatingKey::of(rule))
    }

    /// The rating counts of `key`, added when new.
    pub fn ratings_on(&mut self, key: RatingKey) -> &mut BTreeMap<u8, u64> {
        let index = match self.ratings.iter().position(|(k, _)| *k == key) {
            Some(index) => index,
            None => {
                self.ratings.push((key, BTreeMap::new()));
                self.ratings.len() - 1
            }
        };
        &mut self.ratings[index].1
    }

    /// Adds one evaluated row (its techniques must be this summary's ladder's).
    pub fn add(&mut self, evaluation: &Evaluation) {
        self.add_status(evaluation.status(), evaluation.time_us);
        let Some(outcome) = evaluation.outcome() else {
            return;
        };
        self.add_grade(outcome.solved, self.rule, outcome.rating);
        for (info, &count) in CATALOGUE.iter().zip(&outcome.counts) {
            if let Some(usage) = self.techniques.get_mut(info.technique) {
                usage.graded += 1;
                usage.steps += u64::from(count);
                usage.puzzles += u64::from(count > 0);
            }
        }
        // A stuck puzzle's hardest step is not known (it lies beyond the ladder).
        if let Some(hardest) = outcome.hardest.filter(|_| outcome.solved) {
            self.technique(hardest.id()).hardest += 1;
        }
    }

    /// The usage entry of technique `id`, added at the end when new.
    pub fn technique(&mut self, id: &str) -> &mut TechniqueUsage {
        self.techniques.entry(id, TechniqueUsage::default)
    }

    /// Total rows seen.
    pub fn rows(&self) -> u64 {
        self.by_status.iter().sum()
    }

    /// Rows with the given status.
    pub fn count(&self, status: Status) -> u64 {
        self.by_status[status.index()]
    }

    /// The summary as text, one fact per line, for stderr. With `elapsed`, the first line gives
    /// the rate.
    pub fn render(&self, elapsed: Option<Duration>) -> String {
        let mut out = String::new();
        let rows = self.rows();
        match elapsed {
            Some(elapsed) => {
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
            }
            None => {
                let _ = writeln!(out, "sgrade: {rows} puzzles");
            }
        }
        // Duplicates exist only with `--dedup`: named only when there are some.
        let statuses: Vec<String> = Status::ALL
            .iter()
            .zip(self.by_status)
            .filter(|&(s, n)| *s != Status::Duplicate || n > 0)
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
        let graded = self.solved + self.stuck;
        if graded == 0 && self.techniques.is_empty() {
            return out;
        }
        let _ = writeln!(
            out,
            "  graded: solved {}, stuck {}",
            self.solved, self.stuck
        );
        for (key, counts) in &self.ratings {
            let ratings: Vec<String> = counts
                .iter()
                .map(|(r, n)| format!("{}: {n}", rating_label(key.rule, *r)))
                .collect();
            let _ = writeln!(out, "  {}: {}", key.name(), ratings.join(", "));
        }
        if self.stuck > 0 {
            let _ = writeln!(
                out,
                "  stuck (no rating, the ladder could not finish them): {}",
                self.stuck
            );
        }
        // The id column fits the longest id (fish ids run to 33 characters).
        let width = self
            .techniques
            .iter()
            .map(|(id, _)| id.len())
            .max()
            .unwrap_or(0)
            .max(28);
        let _ = writeln!(
            out,
            "  {:<width$} {:>10} {:>10} {:>10}",
            "technique", "steps", "puzzles", "hardest"
        );
        for (id, usage) in self.techniques.iter() {
            // Shards graded with other ladders: say how many puzzles could have used it.
            let of = if usage.graded < graded {
                format!(" (of {} graded with it on the ladder)", usage.graded)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {id:<width$} {:>10} {:>10} {:>10}{of}",
                usage.steps, usage.puzzles, usage.hardest
            );
        }
        out
    }
}

/// A summary counts every evaluation of the stream.
impl Sink for Summary {
    fn evaluation(
        &mut self,
        _source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        self.add(evaluation);
        Ok(ControlFlow::Continue(()))
    }
}

/// What a rule's ratings are called in summaries and charts.
pub fn rating_name(rule: RatingRule) -> &'static str {
    match rule {
        RatingRule::MaxDifficulty => "rating",
        RatingRule::HodokuLevel => "HoDoKu level",
        RatingRule::SeErEpEd => "SE ER",
    }
}

/// A rating as printed (`0` and HoDoKu's level 0 mean no step was needed).
pub fn rating_label(rule: RatingRule, rating: u8) -> String {
    match (rule, rating) {
        (RatingRule::HodokuLevel, 0) => "none".to_string(),
        _ => rule.label(rating),
    }
}
