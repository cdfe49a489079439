//! The streaming batch grader: read a chunk of records, grade it across rayon workers, write the
//! rows in input order, flush, repeat. Memory is bounded by the chunk size, whatever the input.

use std::io::{BufRead, Write};
use std::ops::ControlFlow;

use rayon::prelude::*;

use crate::grading::evaluate::{evaluate, evaluate_timed, Evaluation};
use crate::input::reader::{Record, RecordReader};
use crate::scales::ladder::Ladder;
use crate::scales::RatingRule;
use crate::techniques::TechniqueId;
use crate::timing::TimingsPool;

/// Records graded per chunk: enough to keep every worker busy, small enough to flush often.
pub const DEFAULT_CHUNK: usize = 4096;

/// Options for a batch run.
pub struct BatchOptions<'a> {
    /// The ladder to grade with; `None` runs the oracle alone (`sgrade solve`).
    pub ladder: Option<&'a Ladder>,
    /// Check every step against the solution.
    pub verify: bool,
    /// Records per chunk.
    pub chunk_size: usize,
    /// Where technique, oracle and puzzle timings go; `None`: nothing is timed.
    pub timings: Option<&'a TimingsPool>,
}

/// Grades every record of `input`, handing each finished chunk's evaluations, in input order, to
/// `on_chunk`. `on_chunk` returning `Break` stops the run (e.g. after a verification failure).
pub fn grade_stream<R: BufRead>(
    input: R,
    options: &BatchOptions<'_>,
    on_chunk: &mut dyn FnMut(Vec<Evaluation>) -> std::io::Result<ControlFlow<()>>,
) -> std::io::Result<ControlFlow<()>> {
    let mut reader = RecordReader::new(input);
    let mut chunk: Vec<Record> = Vec::with_capacity(options.chunk_size);
    loop {
        chunk.clear();
        while chunk.len() < options.chunk_size {
            match reader.next_record()? {
                Some(record) => chunk.push(record),
                None => break,
            }
        }
        if chunk.is_empty() {
            return Ok(ControlFlow::Continue(()));
        }
        let at_end = chunk.len() < options.chunk_size;
        let (ladder, verify) = (options.ladder, options.verify);
        let evaluations: Vec<Evaluation> = match options.timings {
            // One recorder per rayon job, taken from the pool once per job, not per call.
            Some(pool) => chunk
                .par_drain(..)
                .map_init(
                    || pool.checkout(),
                    |timings, record| {
                        if pool.times(record.line) {
                            evaluate_timed(record, ladder, verify, &mut **timings)
                        } else {
                            evaluate(record, ladder, verify)
                        }
                    },
                )
                .collect(),
            None => chunk
                .par_drain(..)
                .map(|record| evaluate(record, ladder, verify))
                .collect(),
        };
        if on_chunk(evaluations)?.is_break() {
            return Ok(ControlFlow::Break(()));
        }
        if at_end {
            return Ok(ControlFlow::Continue(()));
        }
    }
}

/// Which columns a [`RowWriter`] writes.
#[derive(Clone, Debug)]
pub enum RowKind {
    /// `sgrade grade`: rating columns (by the ladder's rule) plus one `count_<id>` column per
    /// rung of the ladder.
    Grade(Ladder),
    /// `sgrade solve`: the solution instead of ratings.
    Solve,
}

/// The shape of the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// CSV with a header (the columns depend on the [`RowKind`] and the scale).
    #[default]
    Csv,
    /// GNPX's rated-file line, `<puzzle> <difficulty> "<method>"` with GNPX's method names;
    /// rows that could not be graded become `#` comment lines, stuck ones end in `# stuck`.
    Gnpx,
}

enum Sink<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Lines(W),
}

/// Writes rows for evaluations, CSV header first.
pub struct RowWriter<W: Write> {
    sink: Sink<W>,
    kind: RowKind,
}

/// The rating columns of a graded row, by rating rule.
fn rating_columns(rule: RatingRule) -> &'static [&'static str] {
    match rule {
        RatingRule::MaxDifficulty => &["rating"],
        RatingRule::HodokuLevel => &["hodoku_level", "hodoku_score", "hodoku_bf"],
    }
}

impl<W: Write> RowWriter<W> {
    /// A CSV writer that emits the header at once.
    pub fn new(output: W, kind: RowKind) -> csv::Result<Self> {
        Self::with_format(output, kind, OutputFormat::Csv)
    }

    /// A writer of `format` (CSV: the header is written at once).
    pub fn with_format(output: W, kind: RowKind, format: OutputFormat) -> csv::Result<Self> {
        if format == OutputFormat::Gnpx {
            return Ok(RowWriter {
                sink: Sink::Lines(output),
                kind,
            });
        }
        let mut csv = csv::WriterBuilder::new().from_writer(output);
        let mut header: Vec<String> = vec![
            "source".into(),
            "line".into(),
            "puzzle".into(),
            "status".into(),
        ];
        match &kind {
            RowKind::Grade(ladder) => {
                header.push("solved".into());
                header.extend(rating_columns(ladder.rule()).iter().map(|c| c.to_string()));
                header.extend(["hardest", "steps", "time_us"].map(String::from));
                header.extend(
                    ladder
                        .rungs()
                        .iter()
                        .map(|r| format!("count_{}", r.technique.id())),
                );
            }
            RowKind::Solve => header.extend(["solution", "time_us"].map(String::from)),
        }
        header.push("extra".into());
        header.push("message".into());
        csv.write_record(&header)?;
        Ok(RowWriter {
            sink: Sink::Csv(Box::new(csv)),
            kind,
        })
    }

    /// Writes one row.
    pub fn write(&mut self, source: &str, evaluation: &Evaluation) -> csv::Result<()> {
        let csv = match &mut self.sink {
            Sink::Csv(csv) => csv,
            Sink::Lines(out) => return Ok(write_gnpx_line(out, evaluation)?),
        };
        csv.write_field(source)?;
        csv.write_field(evaluation.line.to_string())?;
        csv.write_field(&evaluation.puzzle)?;
        csv.write_field(evaluation.status.as_str())?;
        let time = format!("{:.1}", evaluation.time_us);
        match (&self.kind, &evaluation.outcome) {
            (RowKind::Grade(ladder), Some(outcome)) => {
                csv.write_field(if outcome.solved { "true" } else { "false" })?;
                match ladder.rule() {
                    RatingRule::MaxDifficulty => csv.write_field(outcome.rating.to_string())?,
                    rule @ RatingRule::HodokuLevel => {
                        csv.write_field(rule.label(outcome.rating))?;
                        csv.write_field(outcome.score.to_string())?;
                        let bf = outcome.counts[TechniqueId::BruteForce as usize] > 0;
                        csv.write_field(if bf { "1" } else { "0" })?;
                    }
                }
                csv.write_field(outcome.hardest.map(|t| t.id()).unwrap_or(""))?;
                csv.write_field(outcome.steps.to_string())?;
                csv.write_field(&time)?;
                for rung in ladder.rungs() {
                    csv.write_field(outcome.counts[rung.technique as usize].to_string())?;
                }
            }
            (RowKind::Grade(ladder), None) => {
                for _ in 0..3 + rating_columns(ladder.rule()).len() {
                    csv.write_field("")?;
                }
                csv.write_field(&time)?;
                for _ in ladder.rungs() {
                    csv.write_field("")?;
                }
            }
            (RowKind::Solve, _) => {
                csv.write_field(evaluation.solution_string())?;
                csv.write_field(&time)?;
            }
        }
        csv.write_field(&evaluation.extra)?;
        csv.write_field(&evaluation.message)?;
        csv.write_record(None::<&[u8]>)
    }

    /// Flushes every row written so far to the output.
    pub fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.sink {
            Sink::Csv(csv) => csv.flush(),
            Sink::Lines(out) => out.flush(),
        }
    }
}

/// One GNPX rated-file line: `<puzzle> <difficulty> "<method>"`. A puzzle that was not graded
/// is a `#` comment (GNPX and our reader skip it); a stuck one keeps its partial rating and
/// says so in a trailing comment.
fn write_gnpx_line<W: Write>(out: &mut W, evaluation: &Evaluation) -> std::io::Result<()> {
    let Some(outcome) = &evaluation.outcome else {
        let why = if evaluation.message.is_empty() {
            evaluation.status.as_str()
        } else {
            evaluation.message.as_str()
        };
        return writeln!(out, "# {} {}", evaluation.puzzle, why);
    };
    let method = outcome.hardest.map(TechniqueId::gnpx_label).unwrap_or("");
    write!(out, "{} {} \"{method}\"", evaluation.puzzle, outcome.rating)?;
    if !outcome.solved {
        write!(out, " # stuck")?;
    }
    writeln!(out)
}
