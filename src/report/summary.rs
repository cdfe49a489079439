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
use crate::techniques::TechniqueInfo;
use crate::timing::format_nanos;

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
    /// Of the stuck, those given up at the chain work limit (`--chain-work-limit`).
    pub gave_up: u64,
    /// Graded puzzles per rating, per rule and scale (shards may come from different scales).
    pub ratings: Vec<(RatingKey, BTreeMap<u8, u64>)>,
    /// The rating rule of the evaluations given to [`Summary::add`].
    pub rule: RatingRule,
    /// Usage per technique, in ladder order.
    pub techniques: TechniqueMap<TechniqueUsage>,
    /// Per-puzzle time in nanoseconds (oracle + grading).
    pub puzzle_time_ns: Histogram<u64>,
    /// What each rating of the run's scale means ([`rating_legend`]); empty when no ladder is
    /// known (`stats`).
    pub legend: BTreeMap<u8, String>,
    /// The first rows that could not be graded, as `source: line N: reason`
    /// ([`PROBLEMS_SHOWN`] at most; the statuses count them all).
    pub problems: Vec<String>,
    /// Whether [`Summary::problems`] are collected (`find` notes each such row as it goes).
    pub list_problems: bool,
}

/// Rows that could not be graded named in the summary at most; the rest are counted.
pub const PROBLEMS_SHOWN: usize = 5;

/// The widest line [`Summary::render`] writes: it fits an 80-column terminal.
const WIDTH: usize = 80;

impl Default for Summary {
    fn default() -> Self {
        Summary {
            by_status: [0; Status::ALL.len()],
            solved: 0,
            stuck: 0,
            gave_up: 0,
            ratings: Vec::new(),
            rule: RatingRule::MaxDifficulty,
            techniques: TechniqueMap::new(),
            puzzle_time_ns: Histogram::new(3).expect("valid histogram precision"),
            legend: BTreeMap::new(),
            problems: Vec::new(),
            list_problems: true,
        }
    }
}

impl Summary {
    /// An empty summary listing `ladder`'s techniques in ladder order (none for `solve`).
    pub fn for_ladder(ladder: Option<&Ladder>) -> Summary {
        let mut summary = Summary::default();
        if let Some(ladder) = ladder {
            summary.rule = ladder.rule();
            summary.legend = rating_legend(ladder);
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
        self.gave_up += u64::from(outcome.gave_up);
        let counts = &outcome.counts;
        self.techniques.for_each_known(|technique, usage| {
            let count = counts[technique as usize];
            usage.graded += 1;
            usage.steps += u64::from(count);
            usage.puzzles += u64::from(count > 0);
        });
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

    /// The summary as text for stderr, fitting an 80-column terminal: the count, time and
    /// rate; statuses and the first rows that could not be graded; solved and stuck; each
    /// rating histogram with a bar and what the rating means; the techniques that were used
    /// (steps, puzzles, puzzles whose hardest step it was); the time per puzzle. With
    /// `elapsed`, the first line gives the rate.
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
                    "sgrade: {rows} puzzles in {} ({rate:.0} puzzles/s)",
                    format_elapsed(elapsed)
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
        self.render_problems(&mut out);
        let graded = self.solved + self.stuck;
        if graded > 0 || !self.techniques.is_empty() {
            let _ = writeln!(
                out,
                "  graded: solved {}, stuck {}",
                self.solved, self.stuck
            );
            for (key, counts) in &self.ratings {
                self.render_histogram(&mut out, *key, counts);
            }
            if self.stuck > 0 {
                let _ = writeln!(
                    out,
                    "  stuck (no rating, the ladder could not finish them): {}",
                    self.stuck
                );
            }
            if self.gave_up > 0 {
                let _ = writeln!(
                    out,
                    "    of them given up at the chain work limit (--chain-work-limit): {}",
                    self.gave_up
                );
            }
            self.render_techniques(&mut out, graded);
        }
        if !self.puzzle_time_ns.is_empty() {
            let h = &self.puzzle_time_ns;
            let at = |q: f64| format_nanos(h.value_at_quantile(q) as f64);
            let _ = writeln!(
                out,
                "  time per puzzle: p50 {}, p90 {}, p99 {}, max {}",
                at(0.5),
                at(0.9),
                at(0.99),
                format_nanos(h.max() as f64)
            );
        }
        out
    }

    /// The first rows that could not be graded, then how many more there are.
    fn render_problems(&self, out: &mut String) {
        let ungraded: u64 = [Status::Invalid, Status::Multiple, Status::None]
            .iter()
            .map(|&s| self.count(s))
            .sum();
        if self.problems.is_empty() {
            return;
        }
        for problem in &self.problems {
            // A long path gives way at its start: the line and the reason stay whole.
            let _ = writeln!(out, "    {}", fit_from_end(problem, WIDTH - 4));
        }
        let more = ungraded.saturating_sub(self.problems.len() as u64);
        if more > 0 {
            let _ = writeln!(
                out,
                "    … and {more} more (their rows' `message` says why)"
            );
        }
    }

    /// One rating histogram: a line per rating with its count, share, a bar and its meaning.
    fn render_histogram(&self, out: &mut String, key: RatingKey, counts: &BTreeMap<u8, u64>) {
        if key.rule == RatingRule::SeErEpEd {
            return self.render_er_bands(out, key, counts);
        }
        let _ = writeln!(out, "  {}, {}:", key.name(), rating_meaning(key.rule));
        let total: u64 = counts.values().sum();
        let most = counts.values().copied().max().unwrap_or(0).max(1);
        let label_width = counts
            .keys()
            .map(|&r| rating_label(key.rule, r).chars().count())
            .max()
            .unwrap_or(1);
        const BAR: usize = 20;
        // The run's ladder says what its ratings mean; a result file that names its scale
        // (`stats`) gets that scale's default ladder's meanings.
        let from_scale;
        let legend = if key.rule == self.rule && !self.legend.is_empty() {
            Some(&self.legend)
        } else if let Some(scale) = key.scale {
            from_scale = rating_legend(&scale.ladder());
            Some(&from_scale)
        } else {
            None
        };
        for (&rating, &count) in counts {
            let bar = "█".repeat(((count * BAR as u64).div_ceil(most)) as usize);
            let label = rating_label(key.rule, rating);
            // Numbers line up on the right, names (HoDoKu's levels) on the left.
            let label = if key.rule == RatingRule::MaxDifficulty {
                format!("{label:>label_width$}")
            } else {
                format!("{label:<label_width$}")
            };
            let share = count as f64 * 100.0 / total.max(1) as f64;
            let mut line = format!("    {label} {count:>8} {share:>5.1}% {bar:<BAR$}");
            if let Some(meaning) = legend.and_then(|legend| legend.get(&rating)) {
                let room = WIDTH.saturating_sub(line.chars().count() + 1);
                line.push(' ');
                line.push_str(&fit(meaning, room));
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }

    /// SE's ER histogram in bands of one point (ER is kept in tenths: a line per tenth would
    /// not fit a terminal), each with its count, share and bar.
    fn render_er_bands(&self, out: &mut String, key: RatingKey, counts: &BTreeMap<u8, u64>) {
        let _ = writeln!(out, "  {}, {}:", key.name(), rating_meaning(key.rule));
        let mut bands: BTreeMap<u8, u64> = BTreeMap::new();
        for (&tenths, &count) in counts {
            *bands.entry(tenths / 10).or_default() += count;
        }
        let total: u64 = bands.values().sum();
        let most = bands.values().copied().max().unwrap_or(0).max(1);
        const BAR: usize = 20;
        for (&whole, &count) in &bands {
            let bar = "█".repeat(((count * BAR as u64).div_ceil(most)) as usize);
            let share = count as f64 * 100.0 / total.max(1) as f64;
            let label = format!("{whole}.0-{whole}.9");
            let line = format!("    {label:>9} {count:>8} {share:>5.1}% {bar:<BAR$}");
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }

    /// The techniques some puzzle used, in ladder order; the unused ones only counted.
    fn render_techniques(&self, out: &mut String, graded: u64) {
        let used: Vec<_> = self
            .techniques
            .iter()
            .filter(|(_, usage)| usage.steps > 0 || usage.hardest > 0)
            .collect();
        let unused = self.techniques.iter().count() - used.len();
        if !used.is_empty() {
            // The id column fits the longest id shown (fish ids run to 33 characters).
            let width = used
                .iter()
                .map(|(id, _)| id.len())
                .max()
                .unwrap_or(0)
                .max(26);
            let _ = writeln!(
                out,
                "  {:<width$} {:>10} {:>8} {:>8}",
                "technique", "steps", "puzzles", "hardest"
            );
            for (id, usage) in used {
                // Shards graded with other ladders: say how many puzzles could have used it.
                // None at all means no shard had its counts (a `--columns …,counts` file gives
                // only the hardest steps): there is nothing to say "of".
                let of = if usage.graded > 0 && usage.graded < graded {
                    format!(" (of {} graded with it on the ladder)", usage.graded)
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "  {id:<width$} {:>10} {:>8} {:>8}{of}",
                    usage.steps, usage.puzzles, usage.hardest
                );
            }
        }
        if unused > 0 {
            let _ = writeln!(
                out,
                "  ({unused} techniques of the ladder were not used; `sgrade techniques` lists them)"
            );
        }
    }
}

/// `text` cut to `room` characters, with `…` where it was cut.
fn fit(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The end of `text`, `room` characters at most, with `…` where its start was cut.
fn fit_from_end(text: &str, room: usize) -> String {
    let count = text.chars().count();
    if count <= room {
        return text.to_string();
    }
    let tail: String = text.chars().skip(count + 1 - room).collect();
    format!("…{tail}")
}

/// A run's elapsed time: `173.2 ms`, `4.21 s`, `3m 05s`, `2h 07m`.
pub fn format_elapsed(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs();
    if seconds < 60 {
        format_nanos(elapsed.as_nanos() as f64)
    } else if seconds < 3600 {
        format!("{}m {:02}s", seconds / 60, seconds % 60)
    } else {
        format!("{}h {:02}m", seconds / 3600, seconds / 60 % 60)
    }
}

/// A legend names the techniques of a rating when they fit in this many characters, else
/// their families.
const LEGEND_IDS: usize = 36;

/// What each rating of `ladder`'s scale means, for the summary's and the report's legends.
/// Ratings that are the hardest rung's difficulty (GNPX) or level (HoDoKu) name the rungs at
/// that difficulty: their ids when they are short (GNPX's `3`: `naked-pair, hidden-pair`), else
/// their families (GNPX's `1`: `singles`). A rule whose ratings are bands
/// of a number (Sudoku Explainer's ER) names its bands here.
pub fn rating_legend(ladder: &Ladder) -> BTreeMap<u8, String> {
    let mut by_rating: BTreeMap<u8, Vec<&'static TechniqueInfo>> = BTreeMap::new();
    for rung in ladder.rungs() {
        by_rating
            .entry(rung.difficulty)
            .or_default()
            .push(rung.technique.info());
    }
    let mut legend: BTreeMap<u8, String> = by_rating
        .into_iter()
        .map(|(rating, infos)| {
            let ids: Vec<&str> = infos.iter().map(|info| info.id).collect();
            let ids = ids.join(", ");
            if ids.len() <= LEGEND_IDS {
                return (rating, ids);
            }
            let mut families: Vec<&str> = Vec::new();
            for info in &infos {
                if !families.contains(&info.family) {
                    families.push(info.family);
                }
            }
            (rating, families.join(", "))
        })
        .collect();
    legend.insert(0, "no step needed (the puzzle was already solved)".into());
    legend
}

/// A summary counts every evaluation of the stream.
impl Sink for Summary {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        self.add(evaluation);
        let problem = matches!(
            evaluation.status(),
            Status::Invalid | Status::Multiple | Status::None
        );
        if problem && self.list_problems && self.problems.len() < PROBLEMS_SHOWN {
            self.problems
                .push(format!("{source}: {}", evaluation.message()));
        }
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

/// How a rule's rating is made, said after the histogram's name.
pub fn rating_meaning(rule: RatingRule) -> &'static str {
    match rule {
        RatingRule::MaxDifficulty => "the hardest technique's difficulty",
        RatingRule::HodokuLevel => "the hardest step's level raised by the score",
        RatingRule::SeErEpEd => "the hardest step's difficulty (ER), by band",
    }
}

/// A rating as printed (`0` and HoDoKu's level 0 mean no step was needed).
pub fn rating_label(rule: RatingRule, rating: u8) -> String {
    match (rule, rating) {
        (RatingRule::HodokuLevel, 0) => "none".to_string(),
        _ => rule.label(rating),
    }
}
