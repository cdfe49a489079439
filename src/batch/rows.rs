//! The row writers: one CSV row, or one GNPX rated-file line, per evaluation.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::grading::evaluate::Evaluation;
use crate::grading::grader::GradeOutcome;
use crate::grading::sink::{Sink, Stop};
use crate::scales::ladder::Ladder;
use crate::scales::{RatingRule, Scale};
use crate::techniques::TechniqueId;

use super::columns::{
    counts_text, default_columns, with_input_columns, Column, Field, RowContext, Value,
};
use super::csv_encoder::CsvEncoder;
use crate::input::reader::split_csv_fields;

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
    /// A Parquet file with typed columns (the CSV's, or `--columns`); needs the `parquet`
    /// cargo feature.
    Parquet,
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
    Csv(CsvEncoder<W>),
    Lines(W),
    Json(W),
    #[cfg(feature = "parquet")]
    Parquet(Box<super::parquet::ParquetRows<W>>),
}

/// Writes rows for evaluations, CSV header first.
pub struct RowWriter<'a, W: Write> {
    output: Output<W>,
    kind: RowKind<'a>,
    /// The columns written, in order (the CSV header).
    columns: Vec<Column>,
    /// The same columns as a CSV row writes them: each run of `count_<id>` columns in one go.
    segments: Vec<Segment>,
    /// `--columns` chose them (JSON lines then carry only those; else the default JSON row,
    /// with the input columns when passed through).
    chosen: bool,
    /// The scale, for the `scale` column.
    scale: Option<Scale>,
    /// The message column, rendered here for each row (one buffer for the run).
    message: String,
    /// The solution (`solve`), rendered here for each row: ASCII digits, made as bytes
    /// (pushing 81 chars one by one cost more than the rest of the row).
    solution: Vec<u8>,
    /// The `counts` column, rendered here when written.
    counts: String,
    /// One field's text.
    field: String,
    /// The input CSV's fields of the row (`--pass-through`), split from `extra`.
    inputs: Vec<String>,
    /// Whether any column is an input column.
    passes_through: bool,
    /// How many input columns the header has (`--pass-through`): a row's fields past them
    /// have no column, and its message says so.
    input_columns: usize,
    /// Whether `time_us` is written.
    timing: bool,
}

/// The rating columns of `--scale se`: serate's ER/EP/ED and SE's names of the steps that set
/// them.
pub(super) const SE_COLUMNS: [&str; 6] = [
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

/// A stretch of a CSV row's columns.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    /// Consecutive `count_<id>` columns, by technique: written as one run of integers (a
    /// graded row is some 80 of them, and a match per column cost more than writing it).
    Counts(Vec<TechniqueId>),
    /// Any other column.
    Field(Field),
}

/// `columns` as segments, in order: each maximal run of `count_<id>` columns is one.
fn segments_of(columns: &[Column]) -> Vec<Segment> {
    let mut segments = Vec::new();
    for column in columns {
        match (column.field, segments.last_mut()) {
            (Field::Count(t), Some(Segment::Counts(run))) => run.push(t),
            (Field::Count(t), _) => segments.push(Segment::Counts(vec![t])),
            (field, _) => segments.push(Segment::Field(field)),
        }
    }
    segments
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
        Self::with_columns(output, kind, format, options, None, None, None)
    }

    /// [`RowWriter::with_options`] writing `columns` (`--columns`, see
    /// [`super::columns::select`]) instead of the default ones, `scale` in a `scale` column,
    /// and the input CSV's columns `inputs` (`--pass-through`, see
    /// [`super::columns::with_input_columns`]) where `extra` stands.
    pub fn with_columns(
        output: W,
        kind: RowKind<'a>,
        format: OutputFormat,
        options: RowOptions,
        columns: Option<Vec<Column>>,
        scale: Option<Scale>,
        inputs: Option<&[String]>,
    ) -> csv::Result<Self> {
        let chosen = columns.is_some();
        let columns = columns.unwrap_or_else(|| default_columns(kind, options.timing));
        let columns = match inputs {
            Some(names) => with_input_columns(columns, names),
            None => columns,
        };
        let passes_through = columns.iter().any(|c| matches!(c.field, Field::Input(_)));
        let input_columns = inputs.map_or(0, <[String]>::len);
        let output = match format {
            OutputFormat::Gnpx => Output::Lines(output),
            OutputFormat::Jsonl => Output::Json(output),
            #[cfg(feature = "parquet")]
            OutputFormat::Parquet => Output::Parquet(Box::new(super::parquet::ParquetRows::new(
                output,
                columns.clone(),
            )?)),
            #[cfg(not(feature = "parquet"))]
            OutputFormat::Parquet => {
                return Err(csv::Error::from(io::Error::other(
                    "--output-format parquet: this sgrade was built without the `parquet` \
                     feature (cargo build --release --features parquet)",
                )))
            }
            OutputFormat::Csv => {
                let mut csv = CsvEncoder::new(output);
                if options.header {
                    csv.record(columns.iter().map(|c| c.name.as_bytes()))?;
                }
                Output::Csv(csv)
            }
        };
        Ok(RowWriter {
            output,
            kind,
            segments: segments_of(&columns),
            columns,
            chosen,
            scale,
            message: String::new(),
            solution: Vec::new(),
            counts: String::new(),
            field: String::new(),
            inputs: Vec::new(),
            passes_through,
            input_columns,
            timing: options.timing,
        })
    }

    /// The columns written, in order.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// Writes one row.
    pub fn write(&mut self, source: &str, evaluation: &Evaluation) -> csv::Result<()> {
        self.message.clear();
        write!(self.message, "{}", evaluation.message()).expect("writing to a String");
        self.solution.clear();
        self.counts.clear();
        if let RowKind::Solve = self.kind {
            if let Some(solution) = evaluation.solution() {
                self.solution.extend(solution.iter().map(|&d| b'1' + d));
            }
        }
        if let RowKind::Grade(ladder) = self.kind {
            if self.columns.iter().any(|c| c.field == Field::Counts) {
                counts_text(ladder, evaluation, &mut self.counts);
            }
        }
        if self.passes_through {
            // `extra` holds a CSV row's other fields, re-quoted: split back into columns.
            self.inputs = split_csv_fields(&evaluation.extra);
            if self.inputs.len() > self.input_columns {
                // Fields past the header have no column to go to: said, not dropped silently
                // (the puzzle is graded all the same; `extra` keeps them without
                // --pass-through).
                let (fields, header) = (self.inputs.len() + 1, self.input_columns + 1);
                let note = if self.message.is_empty() {
                    format!("line {}: ", evaluation.line)
                } else {
                    "; ".to_string()
                };
                let last = match fields - header {
                    1 => "the last is not".to_string(),
                    n => format!("the last {n} are not"),
                };
                write!(
                    self.message,
                    "{note}{fields} fields, the header has {header}: {last} passed through"
                )
                .expect("writing to a String");
            }
        }
        let row = RowContext {
            inputs: &self.inputs,
            kind: self.kind,
            scale: self.scale,
            source,
            evaluation,
            message: &self.message,
            solution: std::str::from_utf8(&self.solution).expect("ASCII digits"),
            counts: &self.counts,
        };
        match &mut self.output {
            #[cfg(feature = "parquet")]
            Output::Parquet(out) => Ok(out.push(&row)?),
            Output::Lines(out) => Ok(write_gnpx_line(out, evaluation, &self.message)?),
            Output::Json(out) => {
                let row = if self.chosen {
                    chosen_json_row(&self.columns, &row)
                } else {
                    let mut object =
                        json_row(self.kind, self.timing, source, evaluation, &self.message);
                    if self.passes_through {
                        // The default shape (`counts` an object), the input's columns for `extra`.
                        object.remove("extra");
                        for column in &self.columns {
                            if let Field::Input(_) = column.field {
                                object.insert(column.name.clone(), json_value(&row, column.field));
                            }
                        }
                    }
                    serde_json::Value::Object(object)
                };
                Ok(writeln!(out, "{row}")?)
            }
            Output::Csv(csv) => {
                let outcome = row.outcome();
                for segment in &self.segments {
                    match (segment, outcome) {
                        // Counts, most of a graded row, go straight into the output as digits.
                        (Segment::Counts(techniques), Some(o)) => {
                            csv.uints(techniques.iter().map(|&t| u64::from(o.counts[t as usize])))
                        }
                        (Segment::Counts(techniques), None) => {
                            techniques.iter().for_each(|_| csv.empty())
                        }
                        // Text and integers as they are; the rest as `write_text` renders it.
                        (&Segment::Field(field), _) => match row.value(field) {
                            Value::Null => csv.empty(),
                            Value::Text(text) => csv.text(text.as_bytes()),
                            Value::UInt(n) => csv.uint(n),
                            Value::Bool(_) | Value::Float(_) => {
                                self.field.clear();
                                row.write_text(field, &mut self.field);
                                csv.text(self.field.as_bytes());
                            }
                        },
                    }
                }
                Ok(csv.end_record()?)
            }
        }
    }

    /// Flushes every row written so far to the output.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.output {
            Output::Csv(csv) => csv.flush(),
            Output::Lines(out) | Output::Json(out) => out.flush(),
            // Row groups go out when full: a group per chunk would be tiny.
            #[cfg(feature = "parquet")]
            Output::Parquet(_) => Ok(()),
        }
    }

    /// Flushes every row and ends the output (Parquet: the last row group and the footer).
    pub fn finish(&mut self) -> io::Result<()> {
        match &mut self.output {
            #[cfg(feature = "parquet")]
            Output::Parquet(out) => out.finish(),
            _ => self.flush(),
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

/// One JSON line of the `--columns` chosen: each column's typed value under its name; the
/// `counts` column is an object, as in the default JSON lines.
fn chosen_json_row(columns: &[Column], row: &RowContext<'_>) -> serde_json::Value {
    use serde_json::{Map, Value as Json};
    let mut object = Map::new();
    for column in columns {
        let value = match (column.field, row.kind, row.evaluation.outcome()) {
            (Field::Counts, RowKind::Grade(ladder), Some(outcome)) => Json::Object(
                ladder
                    .rungs()
                    .iter()
                    .map(|r| {
                        (
                            r.technique.id().to_string(),
                            Json::from(outcome.counts[r.technique as usize]),
                        )
                    })
                    .collect(),
            ),
            (field, _, _) => json_value(row, field),
        };
        object.insert(column.name.clone(), value);
    }
    Json::Object(object)
}

/// The typed JSON value of `field` in `row` (`null` where the CSV has an empty field).
fn json_value(row: &RowContext<'_>, field: Field) -> serde_json::Value {
    use serde_json::Value as Json;
    match row.value(field) {
        Value::Null => Json::Null,
        Value::Text(s) => Json::from(s),
        Value::UInt(n) => Json::from(n),
        Value::Bool(b) => Json::from(b),
        Value::Float(f) => Json::from(f),
    }
}

/// One JSON line: the CSV's fields under the same names (numbers and booleans typed, empty
/// fields `null`), the `count_<id>` columns as one object `counts`.
fn json_row(
    kind: RowKind<'_>,
    timing: bool,
    source: &str,
    evaluation: &Evaluation,
    message: &str,
) -> serde_json::Map<String, serde_json::Value> {
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
    row
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
