//! The row writers: one CSV row, or one GNPX rated-file line, per evaluation.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::grading::evaluate::Evaluation;
use crate::grading::grader::GradeOutcome;
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
    /// One JSON object per line with the CSV's fields (numbers and booleans as such, empty
    /// fields as `null`) and the technique counts as one object, `counts`.
    Jsonl,
}

/// Which optional parts of the rows are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowOptions {
    /// The CSV header line.
    pub header: bool,
    /// The `time_us` column (off: two runs give the same bytes).
    pub timing: bool,
}

impl Default for RowOptions {
    fn default() -> Self {
        RowOptions {
            header: true,
            timing: true,
        }
    }
}

/// Where the rows go, by format.
enum Output<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Lines(W),
    Json(W),
}

/// Writes rows for evaluations, CSV header first.
pub struct RowWriter<'a, W: Write> {
    output: Output<W>,
    kind: RowKind<'a>,
    /// The message column, rendered here for each row (one buffer for the run).
    message: String,
    /// Whether `time_us` is written.
    timing: bool,
}

/// The rating columns of a graded row, by rating rule.
fn rating_columns(rule: RatingRule) -> &'static [&'static str] {
    match rule {
        RatingRule::MaxDifficulty => &["rating"],
        RatingRule::HodokuLevel => &["hodoku_level", "hodoku_score", "hodoku_bf"],
        RatingRule::SeErEpEd => &SE_COLUMNS,
    }
}

/// The rating columns of `--scale se`: serate's ER/EP/ED and SE's names of the steps that set
/// them.
const SE_COLUMNS: [&str; 6] = [
    "se_er",
    "se_ep",
    "se_ed",
    "se_er_technique",
    "se_ep_technique",
    "se_ed_technique",
];

/// The values of [`SE_COLUMNS`] for a rated path, as serate prints them (an empty path: 0.0
/// and no names).
fn se_fields(outcome: &GradeOutcome) -> [String; 6] {
    let rating = outcome.se.unwrap_or_default();
    let [er, ep, ed] = rating.printed();
    [
        er,
        ep,
        ed,
        rating.er_technique.to_string(),
        rating.ep_technique.to_string(),
        rating.ed_technique.to_string(),
    ]
}

impl<'a, W: Write> RowWriter<'a, W> {
    /// A CSV writer that emits the header at once.
    pub fn new(output: W, kind: RowKind<'a>) -> csv::Result<Self> {
        Self::with_format(output, kind, OutputFormat::Csv)
    }

    /// A writer of `format` (CSV: the header is written at once).
    pub fn with_format(output: W, kind: RowKind<'a>, format: OutputFormat) -> csv::Result<Self> {
        Self::with_options(output, kind, format, RowOptions::default())
    }

    /// A writer of `format` with `options` (CSV: the header is written at once unless off).
    pub fn with_options(
        output: W,
        kind: RowKind<'a>,
        format: OutputFormat,
        options: RowOptions,
    ) -> csv::Result<Self> {
        let output = match format {
            OutputFormat::Gnpx => Output::Lines(output),
            OutputFormat::Jsonl => Output::Json(output),
            OutputFormat::Csv => {
                let mut csv = csv::WriterBuilder::new().from_writer(output);
                if options.header {
                    csv.write_record(header(kind, options.timing))?;
                }
                Output::Csv(Box::new(csv))
            }
        };
        Ok(RowWriter {
            output,
            kind,
            message: String::new(),
            timing: options.timing,
        })
    }

    /// Writes one row.
    pub fn write(&mut self, source: &str, evaluation: &Evaluation) -> csv::Result<()> {
        self.message.clear();
        write!(self.message, "{}", evaluation.message()).expect("writing to a String");
        let csv = match &mut self.output {
            Output::Csv(csv) => csv,
            Output::Lines(out) => return Ok(write_gnpx_line(out, evaluation, &self.message)?),
            Output::Json(out) => {
                let row = json_row(self.kind, self.timing, source, evaluation, &self.message);
                return Ok(writeln!(out, "{row}")?);
            }
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
                    RatingRule::SeErEpEd => {
                        for field in se_fields(outcome) {
                            csv.write_field(field)?;
                        }
                    }
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
                if self.timing {
                    csv.write_field(&time)?;
                }
                for rung in ladder.rungs() {
                    csv.write_field(outcome.counts[rung.technique as usize].to_string())?;
                }
            }
            (RowKind::Grade(ladder), None) => {
                for _ in 0..4 + rating_columns(ladder.rule()).len() {
                    csv.write_field("")?;
                }
                if self.timing {
                    csv.write_field(&time)?;
                }
                for _ in ladder.rungs() {
                    csv.write_field("")?;
                }
            }
            (RowKind::Solve, _) => {
                csv.write_field(evaluation.solution_string())?;
                if self.timing {
                    csv.write_field(&time)?;
                }
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
            Output::Lines(out) | Output::Json(out) => out.flush(),
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

/// The CSV header of `kind`, with or without `time_us`.
fn header(kind: RowKind<'_>, timing: bool) -> Vec<String> {
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
            header.extend(["hardest", "hardest_so_far", "steps"].map(String::from));
            if timing {
                header.push("time_us".into());
            }
            header.extend(
                ladder
                    .rungs()
                    .iter()
                    .map(|r| format!("count_{}", r.technique.id())),
            );
        }
        RowKind::Solve => {
            header.push("solution".into());
            if timing {
                header.push("time_us".into());
            }
        }
    }
    header.push("extra".into());
    header.push("message".into());
    header
}

/// One JSON line: the CSV's fields under the same names (numbers and booleans typed, empty
/// fields `null`), the `count_<id>` columns as one object `counts`.
fn json_row(
    kind: RowKind<'_>,
    timing: bool,
    source: &str,
    evaluation: &Evaluation,
    message: &str,
) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let text = |s: &str| {
        if s.is_empty() {
            Value::Null
        } else {
            Value::from(s)
        }
    };
    let mut row = Map::new();
    row.insert("source".into(), source.into());
    row.insert("line".into(), evaluation.line.into());
    row.insert("puzzle".into(), evaluation.puzzle.as_str().into());
    row.insert("status".into(), evaluation.status().as_str().into());
    match kind {
        RowKind::Grade(ladder) => {
            let outcome = evaluation.outcome();
            let rule = ladder.rule();
            row.insert("solved".into(), json!(outcome.map(|o| o.solved)));
            let rated = outcome.filter(|o| o.solved);
            match rule {
                RatingRule::MaxDifficulty => {
                    row.insert("rating".into(), json!(rated.map(|o| o.rating)));
                }
                RatingRule::SeErEpEd => {
                    let fields = rated.map(se_fields);
                    for (i, name) in SE_COLUMNS.iter().enumerate() {
                        let value = fields.as_ref().map(|f| f[i].as_str());
                        // ER/EP/ED as numbers (one decimal), the names as text.
                        let value = match value {
                            Some(v) if i < 3 => json!(v.parse::<f64>().ok()),
                            Some(v) => text(v),
                            None => Value::Null,
                        };
                        row.insert((*name).into(), value);
                    }
                }
                RatingRule::HodokuLevel => {
                    row.insert(
                        "hodoku_level".into(),
                        json!(rated.map(|o| rule.label(o.rating))),
                    );
                    row.insert("hodoku_score".into(), json!(rated.map(|o| o.score)));
                    let bf =
                        rated.map(|o| u8::from(o.counts[TechniqueId::BruteForce as usize] > 0));
                    row.insert("hodoku_bf".into(), json!(bf));
                }
            }
            let hardest = outcome.and_then(|o| o.hardest).map(|t| t.id());
            let solved = outcome.is_some_and(|o| o.solved);
            row.insert("hardest".into(), json!(hardest.filter(|_| solved)));
            row.insert("hardest_so_far".into(), json!(hardest.filter(|_| !solved)));
            row.insert("steps".into(), json!(outcome.map(|o| o.steps)));
            if timing {
                row.insert(
                    "time_us".into(),
                    json!((evaluation.time_us * 10.0).round() / 10.0),
                );
            }
            let counts = outcome.map(|o| {
                ladder
                    .rungs()
                    .iter()
                    .map(|r| {
                        (
                            r.technique.id().to_string(),
                            json!(o.counts[r.technique as usize]),
                        )
                    })
                    .collect::<Map<_, _>>()
            });
            row.insert("counts".into(), json!(counts));
        }
        RowKind::Solve => {
            row.insert("solution".into(), text(&evaluation.solution_string()));
            if timing {
                row.insert(
                    "time_us".into(),
                    json!((evaluation.time_us * 10.0).round() / 10.0),
                );
            }
        }
    }
    row.insert("extra".into(), text(&evaluation.extra));
    row.insert("message".into(), text(message));
    Value::Object(row)
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
