//! `sgrade bench`: a benchmark harness in the manner of tdoku's. The puzzles are held in memory
//! (optionally shuffled with a fixed seed); after a warm-up that also validates every ladder
//! solution against the oracle, each repetition times three passes on one thread: the oracle alone
//! (`sgrade solve`'s work), grading (`sgrade grade`'s work) and grading with every technique call
//! timed (for the per-technique costs, and the cost of timing itself).

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::grading::evaluate::{evaluate, Evaluator, Status};
use crate::input::reader::Record;
use crate::scales::ladder::Ladder;
use crate::timing::{total_nanos, Recorder};

/// How to run the benchmark.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Timed repetitions.
    pub repetitions: usize,
    /// Minimum warm-up time (at least one untimed pass is always run: it validates).
    pub warmup: Duration,
}

/// What the validation pass found.
#[derive(Clone, Debug, Default)]
pub struct Validation {
    /// Puzzles the oracle found unique.
    pub unique: u64,
    /// Unique puzzles the ladder solved (their solutions were compared).
    pub solved_by_ladder: u64,
    /// Puzzles where grading and the oracle disagree (status, or the ladder's solution).
    pub disagreements: u64,
    /// The first few disagreements, described.
    pub examples: Vec<String>,
}

/// One technique's cost over the timed passes.
#[derive(Clone, Debug)]
pub struct TechniqueCost {
    /// Technique id (or `(oracle)` for oracle runs made while grading).
    pub id: String,
    /// Calls per puzzle.
    pub calls_per_puzzle: f64,
    /// Calls that found a step, per puzzle (`None` for the oracle).
    pub hits_per_puzzle: Option<f64>,
    /// Nanoseconds per puzzle spent in it, one value per repetition.
    pub nanos_per_puzzle: Vec<f64>,
}

/// The benchmark's measurements.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Puzzles per pass.
    pub puzzles: usize,
    /// Warm-up passes run (the first one validated).
    pub warmup_passes: usize,
    /// The validation result.
    pub validation: Validation,
    /// Puzzles per second of the oracle alone, per repetition.
    pub oracle: Vec<f64>,
    /// Puzzles per second of grading, per repetition.
    pub grade: Vec<f64>,
    /// Puzzles per second of grading with every call timed, per repetition.
    pub timed: Vec<f64>,
    /// Per technique (ladder order), then the oracle as called by grading.
    pub techniques: Vec<TechniqueCost>,
}

/// Median of `values` (0 when empty).
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// (max − min) / median, the spread of repeated measurements (0 when fewer than two).
pub fn spread(values: &[f64]) -> f64 {
    let m = median(values);
    if values.len() < 2 || m == 0.0 {
        return 0.0;
    }
    let max = values.iter().copied().fold(f64::MIN, f64::max);
    let min = values.iter().copied().fold(f64::MAX, f64::min);
    (max - min) / m
}

/// Shuffles `records` in place (Fisher–Yates driven by SplitMix64 from `seed`).
pub fn shuffle(records: &mut [Record], seed: u64) {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..records.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        records.swap(i, j);
    }
}

/// Grades every record and checks it against the oracle: same status, and for every puzzle the
/// ladder solved, the oracle's solution.
fn validate(records: &[Record], ladder: &Ladder) -> Validation {
    let mut validation = Validation::default();
    for record in records {
        let oracle = evaluate(record.clone(), None, false);
        let graded = evaluate(record.clone(), Some(ladder), false);
        let solved = graded.outcome().is_some_and(|o| o.solved);
        if oracle.status() == Status::Unique {
            validation.unique += 1;
        }
        let problem = if oracle.status() != graded.status() {
            Some(format!(
                "line {}: oracle says {}, grading says {}",
                record.line,
                oracle.status().as_str(),
                graded.status().as_str()
            ))
        } else if solved {
            validation.solved_by_ladder += 1;
            (graded.solution() != oracle.solution()).then(|| {
                format!(
                    "line {}: the ladder's solution {} differs from the oracle's {}",
                    record.line,
                    graded.solution_string(),
                    oracle.solution_string()
                )
            })
        } else {
            None
        };
        if let Some(problem) = problem {
            validation.disagreements += 1;
            if validation.examples.len() < 5 {
                validation.examples.push(problem);
            }
        }
    }
    validation
}

/// Puzzles per second of one pass of `work` over `records`.
fn pass(records: &[Record], mut work: impl FnMut(Record)) -> f64 {
    let started = Instant::now();
    for record in records {
        work(record.clone());
    }
    records.len() as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

/// Where a benchmark run is, told to a progress display as each phase starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The first pass, which checks every solution against the oracle.
    Validating,
    /// A warm-up pass (oracle and grading), numbered from 2 (the validation is the first).
    WarmUp(usize),
    /// A timed pass of a repetition: its number (from 1), the repetitions, and the pass.
    Repetition {
        /// The repetition, from 1.
        number: usize,
        /// How many repetitions there are.
        of: usize,
        /// `oracle`, `grade` or `grade, every call timed`.
        pass: &'static str,
    },
}

/// A spread of repetitions ((max − min) / median) above this gets a warning: the machine was
/// busy or the passes too short for the measurement to mean much (hyperfine warns likewise).
pub const SPREAD_WARNING: f64 = 0.10;

/// A timed pass shorter than this (at the median) gets a warning: timer resolution and
/// scheduling noise are then a large part of what is measured.
pub const SHORT_PASS: Duration = Duration::from_millis(50);

/// The warnings a report deserves: each pass whose repetitions spread more than
/// [`SPREAD_WARNING`], and passes shorter than [`SHORT_PASS`].
pub fn warnings(report: &BenchReport) -> Vec<String> {
    let mut warnings = Vec::new();
    for (name, rates) in [
        ("oracle", &report.oracle),
        ("grade", &report.grade),
        ("grade, every call timed", &report.timed),
    ] {
        let spread = spread(rates);
        if spread > SPREAD_WARNING {
            warnings.push(format!(
                "{name}: the repetitions differ by {:.0}% (max − min over the median): the \
                 machine was busy or the passes are too short; close other programs, or give \
                 more puzzles, --reps or --warmup",
                spread * 100.0
            ));
        }
    }
    let oracle = median(&report.oracle);
    if oracle > 0.0 {
        let seconds = report.puzzles as f64 / oracle;
        if seconds < SHORT_PASS.as_secs_f64() {
            warnings.push(format!(
                "an oracle pass takes {:.1} ms: too short to time well; give more puzzles",
                seconds * 1e3
            ));
        }
    }
    warnings
}

/// Runs the benchmark over `records` (already loaded, and shuffled if wanted).
pub fn run(records: &[Record], ladder: &Ladder, config: &BenchConfig) -> BenchReport {
    run_with(records, ladder, config, &mut |_| {})
}

/// [`run`], telling `progress` as each phase starts.
pub fn run_with(
    records: &[Record],
    ladder: &Ladder,
    config: &BenchConfig,
    progress: &mut dyn FnMut(Phase),
) -> BenchReport {
    progress(Phase::Validating);
    let validation = validate(records, ladder);
    let warm_start = Instant::now();
    let mut warmup_passes = 1;
    while warm_start.elapsed() < config.warmup {
        progress(Phase::WarmUp(warmup_passes + 1));
        pass(records, |r| drop(black_box(evaluate(r, None, false))));
        pass(records, |r| {
            drop(black_box(evaluate(r, Some(ladder), false)))
        });
        warmup_passes += 1;
    }
    let mut report = BenchReport {
        puzzles: records.len(),
        warmup_passes,
        validation,
        oracle: Vec::new(),
        grade: Vec::new(),
        timed: Vec::new(),
        techniques: Vec::new(),
    };
    let n = records.len().max(1) as f64;
    let timed = Evaluator {
        ladder: Some(ladder),
        ..Evaluator::default()
    };
    for number in 1..=config.repetitions {
        let phase = |pass| Phase::Repetition {
            number,
            of: config.repetitions,
            pass,
        };
        progress(phase("oracle"));
        report
            .oracle
            .push(pass(records, |r| drop(black_box(evaluate(r, None, false)))));
        progress(phase("grade"));
        report.grade.push(pass(records, |r| {
            drop(black_box(evaluate(r, Some(ladder), false)))
        }));
        progress(phase("grade, every call timed"));
        let mut recorder = Recorder::for_ladder(Some(ladder));
        report.timed.push(pass(records, |r| {
            drop(black_box(timed.evaluate_with(r, &mut recorder, &mut ())))
        }));
        let timings = recorder.to_timings();
        let rows = timings
            .techniques
            .iter()
            .map(|(id, t)| (id.to_string(), &t.calls, Some(&t.hits)))
            .chain(std::iter::once((
                "(oracle)".to_string(),
                &timings.oracle,
                None,
            )));
        for (i, (id, calls, hits)) in rows.enumerate() {
            if report.techniques.len() <= i {
                report.techniques.push(TechniqueCost {
                    id,
                    calls_per_puzzle: calls.len() as f64 / n,
                    hits_per_puzzle: hits.map(|h| h.len() as f64 / n),
                    nanos_per_puzzle: Vec::new(),
                });
            }
            report.techniques[i]
                .nanos_per_puzzle
                .push(total_nanos(calls) / n);
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_spreads() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
        assert!((spread(&[9.0, 10.0, 11.0]) - 0.2).abs() < 1e-12);
        assert_eq!(spread(&[5.0]), 0.0);
    }

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn progress_is_told_every_phase_in_order() {
        let record = Record {
            line: 1,
            puzzle: EASY.into(),
            column: 1,
            extra: String::new(),
            error: None,
        };
        let config = BenchConfig {
            repetitions: 2,
            warmup: Duration::ZERO,
        };
        let mut phases = Vec::new();
        let report = run_with(&[record], &Ladder::gnpx_v4(), &config, &mut |p| {
            phases.push(p)
        });
        assert_eq!(report.grade.len(), 2);
        let rep = |number, pass| Phase::Repetition {
            number,
            of: 2,
            pass,
        };
        assert_eq!(
            phases,
            [
                Phase::Validating,
                rep(1, "oracle"),
                rep(1, "grade"),
                rep(1, "grade, every call timed"),
                rep(2, "oracle"),
                rep(2, "grade"),
                rep(2, "grade, every call timed"),
            ]
        );
    }

    #[test]
    fn a_large_spread_or_a_short_pass_is_warned_about() {
        let report = |oracle: Vec<f64>, grade: Vec<f64>| BenchReport {
            puzzles: 1000,
            warmup_passes: 1,
            validation: Validation::default(),
            oracle,
            grade,
            timed: vec![100.0, 101.0],
            techniques: Vec::new(),
        };
        // 1000 puzzles at 100/s: 10 s a pass, repetitions within 2%: nothing to say.
        assert!(warnings(&report(vec![100.0, 102.0], vec![50.0, 50.5])).is_empty());
        let busy = warnings(&report(vec![100.0, 102.0], vec![40.0, 50.0, 52.0]));
        assert_eq!(busy.len(), 1, "{busy:?}");
        assert!(
            busy[0].starts_with("grade: the repetitions differ by 24%"),
            "{busy:?}"
        );
        // 1000 puzzles at 100,000/s: 10 ms a pass.
        let short = warnings(&report(vec![1e5, 1e5], vec![5e4, 5e4]));
        assert_eq!(short.len(), 1, "{short:?}");
        assert!(short[0].contains("10.0 ms"), "{short:?}");
    }

    #[test]
    fn shuffle_is_a_fixed_permutation_per_seed() {
        let records = |n: u64| -> Vec<Record> {
            (1..=n)
                .map(|line| Record {
                    line,
                    puzzle: String::new(),
                    column: 1,
                    extra: String::new(),
                    error: None,
                })
                .collect()
        };
        let lines = |rs: &[Record]| rs.iter().map(|r| r.line).collect::<Vec<_>>();
        let (mut a, mut b, mut c) = (records(50), records(50), records(50));
        shuffle(&mut a, 1);
        shuffle(&mut b, 1);
        shuffle(&mut c, 2);
        assert_eq!(lines(&a), lines(&b));
        assert_ne!(lines(&a), lines(&c));
        let mut sorted = lines(&a);
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=50).collect::<Vec<_>>());
        assert_ne!(lines(&a), sorted);
    }
}
