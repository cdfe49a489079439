//! The row writers: one CSV row, or one GNPX rated-file line, per evaluation.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::grading::evaluate::Evaluation;
use crate::grading::sink::{Sink, Stop};
use crate::scales::ladder::Ladder;
use crate::scales::RatingRule;
use crate::techniques::TechniqueId;

/// Which columns a [`RowWriter`] writes.
#[derive(Clone, Copy, Debug)]
pub enum RowKind<'a> {
    /// `sgrade grade`: rating columns (by the ladder's rule) plus one `count_<id>` column per
    /// rung of the ladder.
    Grade(&'a Ladder),
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

/// Where the rows go, by format.
enum Output<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Lines(W),
}

/// Writes rows for evaluations, CSV header first.
pub struct RowWriter<'a, W: Write> {
    output: Output<W>,
    kind: RowKind<'a>,
    /// The message column, rendered here for each row (one buffer for the run).
    message: String,
}

/// The rating columns of a graded row, by rating rule.
fn rating_columns(rule: RatingRule) -> &'static [&'static str] {
    match rule {
        RatingRule::MaxDifficulty => &["rating"],
        RatingRule::HodokuLevel => &["hodoku_level", "hodoku_score", "hodoku_bf"],
    }
}

impl<'a, W: Write> RowWriter<'a, W> {
    /// A CSV writer that emits the header at once.
    pub fn new(output: W, kind: RowKind<'a>) -> csv::Result<Self> {
        Self::with_format(output, kind, OutputFormat::Csv)
    }

    /// A writer of `format` (CSV: the header is written at once).
    pub fn with_format(output: W, kind: RowKind<'a>, format: OutputFormat) -> csv::Result<Self> {
        if format == OutputFormat::Gnpx {
            return Ok(RowWriter {
                output: Output::Lines(output),
                kind,
                message: String::new(),
            });
        }
        let mut csv = csv::WriterBuilder::new().from_writer(output);
        let mut header: Vec<String> = vec![
            "source".into(),
            "line".into(),
            "puzzle".into(),
            "status".into(),
        ];
        match kind {
            RowKind::Grade(ladder) => {
                header.push("solved".into());
                header.extend(rating_columns(ladder.rule()).iter().map(|c| c.to_string()));
                header.extend(["hardest", "hardest_so_far", "steps", "time_us"].map(String::from));
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
            output: Output::Csv(Box::new(csv)),
            kind,
            message: String::new(),
        })
    }

    /// Writes one row.
    pub fn write(&mut self, source: &str, evaluation: &Evaluation) -> csv::Result<()> {
        self.message.clear();
        write!(self.message, "{}", evaluation.message()).expect("writing to a String");
        let csv = match &mut self.output {
            Output::Csv(csv) => csv,
            Output::Lines(out) => return Ok(write_gnpx_line(out, evaluation, &self.message)?),
        };
        csv.write_field(source)?;
        csv.write_field(evaluation.line.to_string())?;
        csv.write_field(&evaluation.puzzle)?;
        csv.write_field(evaluation.status().as_str())?;
        let time = format!("{:.1}", evaluation.time_us);
        match (&self.kind, evaluation.outcome()) {
            (RowKind::Grade(ladder), Some(outcome)) => {
                csv.write_field(if outcome.solved { "true" } else { "false" })?;
                // A stuck puzzle has no rating on any scale: its rating columns are empty and
                // its hardest step so far goes to `hardest_so_far`, not `hardest`.
                match ladder.rule() {
                    _ if !outcome.solved => {
                        for _ in rating_columns(ladder.rule()) {
                            csv.write_field("")?;
                        }
                    }
                    RatingRule::MaxDifficulty => csv.write_field(outcome.rating.to_string())?,
                    rule @ RatingRule::HodokuLevel => {
                        csv.write_field(rule.label(outcome.rating))?;
                        csv.write_field(outcome.score.to_string())?;
                        let bf = outcome.counts[TechniqueId::BruteForce as usize] > 0;
                        csv.write_field(if bf { "1" } else { "0" })?;
                    }
                }
                let hardest = outcome.hardest.map(|t| t.id()).unwrap_or("");
                let (solved_hardest, so_far) = if outcome.solved {
                    (hardest, "")
                } else {
                    ("", hardest)
                };
                csv.write_field(solved_hardest)?;
                csv.write_field(so_far)?;
                csv.write_field(outcome.steps.to_string())?;
                csv.write_field(&time)?;
                for rung in ladder.rungs() {
                    csv.write_field(outcome.counts[rung.technique as usize].to_string())?;
                }
            }
            (RowKind::Grade(ladder), None) => {
                for _ in 0..4 + rating_columns(ladder.rule()).len() {
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
        csv.write_field(&self.message)?;
        csv.write_record(None::<&[u8]>)
    }

    /// Flushes every row written so far to the output.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.output {
            Output::Csv(csv) => csv.flush(),
            Output::Lines(out) => out.flush(),
        }
    }
}

/// Every evaluation becomes a row; the rows are flushed after each chunk.
impl<W: Write> Sink for RowWriter<'_, W> {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        self.write(source, evaluation).map_err(io::Error::other)?;
        Ok(ControlFlow::Continue(()))
    }

    fn chunk_done(&mut self) -> io::Result<()> {
        self.flush()
    }
}

/// One GNPX rated-file line: `<puzzle> <difficulty> "<method>"`. A puzzle that was not graded
/// is a `#` comment (GNPX and our reader skip it); a stuck one keeps its partial rating and
/// says so in a trailing comment.
fn write_gnpx_line<W: Write>(
    out: &mut W,
    evaluation: &Evaluation,
    message: &str,
) -> io::Result<()> {
    let Some(outcome) = evaluation.outcome() else {
        let why = if message.is_empty() {
            evaluation.status().as_str()
        } else {
            message
        };
        return writeln!(out, "# {} {}", evaluation.puzzle, why);
    };
    let method = outcome.hardest.map(|t| t.gnpx_label()).unwrap_or("");
    write!(out, "{} {} \"{method}\"", evaluation.puzzle, outcome.rating)?;
    if !outcome.solved {
        write!(out, " # stuck")?;
    }
    writeln!(out)
}
