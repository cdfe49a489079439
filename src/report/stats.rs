//! Reading result CSVs (`sgrade grade` or `sgrade solve` output, one or many shards) back into a
//! [`Summary`]. Columns are found by name, so shards graded with different ladders (different
//! `count_<id>` columns) or by another version (extra columns) add up. Each scale keeps its own
//! rating histogram: the scale is read from a `scale` column when there is one, else told by the
//! shard's `count_<id>` columns (the ladder's rungs, in order); a header row repeated inside a
//! shard (parts concatenated with their headers) is skipped. With the `parquet` feature a
//! Parquet shard (`--output-format parquet`) is read the same way: each value is turned into
//! the text its CSV field would hold, so both formats go through one reading of a row, and so
//! is a JSON-lines shard (`--output-format jsonl`): each key a column, its `counts` object the
//! `count_<id>` columns, put back in ladder order (JSON keeps them sorted by name).

use std::io::Read;

use crate::grading::evaluate::{Status, GAVE_UP_AT_THE_LIMIT};
use crate::report::summary::{RatingKey, Summary};
use crate::scales::{RatingRule, Scale, HODOKU_LEVELS};

/// Prefix of the per-technique step-count columns.
pub const COUNT_PREFIX: &str = "count_";

/// A result CSV that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum StatsError {
    /// The CSV itself is malformed or unreadable.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// A Parquet shard that cannot be read, or a column of a type sgrade does not write.
    #[error("{0}")]
    Parquet(String),
    /// A JSON-lines shard with a line that is not a JSON object (or not readable).
    #[error("{0}")]
    Json(String),
    /// A required column is missing.
    #[error("no '{0}' column: not a result CSV written by sgrade grade or sgrade solve")]
    MissingColumn(&'static str),
    /// A field does not hold what its column promises.
    #[error("row {row}: bad {column} '{value}'")]
    BadField {
        /// 1-based data row number.
        row: u64,
        /// The column.
        column: String,
        /// The text found.
        value: String,
    },
}

/// Where each known column is in one shard's header.
struct Columns {
    status: usize,
    solved: Option<usize>,
    /// The rating column and its rule: `rating` (GNPX difficulty; on another scale, that
    /// scale's rating as a number), `hodoku_level` or `se_er`.
    rating: Option<(usize, RatingRule)>,
    hardest: Option<usize>,
    time_us: Option<usize>,
    /// The `scale` column (JSON-lines-like schemas, `--columns …,scale`).
    scale: Option<usize>,
    /// The `message` column: a stuck row given up at the chain work limit says so there.
    message: Option<usize>,
    /// The scale told by the `count_<id>` columns, when there is no `scale` column.
    ladder_scale: Option<Scale>,
    /// (column, technique id) of every `count_<id>` column.
    counts: Vec<(usize, String)>,
}

/// The one scale whose ladder the technique ids (a shard's `count_<id>` columns, in order) are
/// on, rated by `rule`: the scale whose default ladder they are exactly, else the only scale
/// whose full ladder holds them in that order; `None` when no scale or several fit.
pub fn scale_of_ladder(rule: RatingRule, ids: &[&str]) -> Option<Scale> {
    if ids.is_empty() {
        return None;
    }
    let ladder_ids = |ladder: crate::scales::ladder::Ladder| -> Vec<&'static str> {
        ladder.rungs().iter().map(|r| r.technique.id()).collect()
    };
    let candidates: Vec<Scale> = Scale::ALL
        .into_iter()
        .filter(|s| s.ladder().rule() == rule)
        .collect();
    if let Some(&exact) = candidates.iter().find(|s| ladder_ids(s.ladder()) == ids) {
        return Some(exact);
    }
    let mut within = candidates.into_iter().filter(|s| holds(*s, ids));
    match (within.next(), within.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Whether `scale`'s full ladder holds the technique ids, in that order.
fn holds(scale: Scale, ids: &[&str]) -> bool {
    let full: Vec<&str> = scale
        .full_ladder()
        .rungs()
        .iter()
        .map(|r| r.technique.id())
        .collect();
    let mut rest = full.iter();
    ids.iter().all(|id| rest.any(|f| f == id))
}

impl Columns {
    fn from_header<'a>(
        header: impl Iterator<Item = &'a str> + Clone,
    ) -> Result<Columns, StatsError> {
        let find = |name: &str| header.clone().position(|h| h == name);
        let rating = find("rating")
            .map(|i| (i, RatingRule::MaxDifficulty))
            .or_else(|| find("hodoku_level").map(|i| (i, RatingRule::HodokuLevel)))
            .or_else(|| find("se_er").map(|i| (i, RatingRule::SeErEpEd)));
        let counts: Vec<(usize, String)> = header
            .clone()
            .enumerate()
            .filter_map(|(i, h)| h.strip_prefix(COUNT_PREFIX).map(|id| (i, id.to_string())))
            .collect();
        let ids: Vec<&str> = counts.iter().map(|(_, id)| id.as_str()).collect();
        let ladder_scale = match rating {
            // `--columns …,rating` writes `rating` on every scale: a ladder that no GNPX
            // scale's full ladder holds is another rule's (`se`, `hodoku`).
            Some((_, RatingRule::MaxDifficulty))
                if !ids.is_empty()
                    && !Scale::ALL
                        .into_iter()
                        .any(|s| s.rule() == RatingRule::MaxDifficulty && holds(s, &ids)) =>
            {
                [RatingRule::SeErEpEd, RatingRule::HodokuLevel]
                    .into_iter()
                    .find_map(|rule| scale_of_ladder(rule, &ids))
            }
            Some((_, rule)) => scale_of_ladder(rule, &ids),
            None => None,
        };
        Ok(Columns {
            status: find("status").ok_or(StatsError::MissingColumn("status"))?,
            solved: find("solved"),
            rating,
            hardest: find("hardest"),
            time_us: find("time_us"),
            scale: find("scale"),
            message: find("message"),
            ladder_scale,
            counts,
        })
    }
}

/// Adds every row of one result CSV to `summary`; returns the number of rows read.
pub fn add_result_csv<R: Read>(summary: &mut Summary, input: R) -> Result<u64, StatsError> {
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(input);
    let header = reader.headers()?.clone();
    let mut shard = Shard::new(summary, header.iter())?;
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record)? {
        if record == header {
            // The header again: parts concatenated with theirs (`cat part-*`).
            continue;
        }
        shard.add(summary, |index| record.get(index).unwrap_or(""))?;
    }
    Ok(shard.row)
}

/// The first bytes of a Parquet file (and its last ones).
pub const PARQUET_MAGIC: &[u8; 4] = b"PAR1";

/// Adds every row of one Parquet shard (`--output-format parquet`) to `summary`; returns the
/// number of rows read. Each value is read as the text of its CSV field (a null as the empty
/// field, a float in full), so a Parquet shard adds up exactly as the CSV of the same rows.
#[cfg(feature = "parquet")]
pub fn add_result_parquet(summary: &mut Summary, file: std::fs::File) -> Result<u64, StatsError> {
    use arrow_array::{
        Array, BooleanArray, Float64Array, RecordBatchReader, StringArray, UInt64Array,
    };
    use arrow_schema::DataType;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    let parquet = |e: &dyn std::fmt::Display| StatsError::Parquet(format!("parquet: {e}"));
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .and_then(|b| b.build())
        .map_err(|e| parquet(&e))?;
    let schema = reader.schema();
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    let mut shard = Shard::new(summary, names.iter().copied())?;
    // One row's fields as text, reused.
    let mut fields = vec![String::new(); names.len()];
    for batch in reader {
        let batch = batch.map_err(|e| parquet(&e))?;
        for row in 0..batch.num_rows() {
            for ((text, array), name) in fields.iter_mut().zip(batch.columns()).zip(&names) {
                text.clear();
                if array.is_null(row) {
                    continue;
                }
                let any = array.as_any();
                let written = match array.data_type() {
                    DataType::Utf8 => any
                        .downcast_ref::<StringArray>()
                        .map(|a| text.push_str(a.value(row))),
                    DataType::UInt64 => any
                        .downcast_ref::<UInt64Array>()
                        .map(|a| text.push_str(&a.value(row).to_string())),
                    DataType::Boolean => any
                        .downcast_ref::<BooleanArray>()
                        .map(|a| text.push_str(if a.value(row) { "true" } else { "false" })),
                    DataType::Float64 => any
                        .downcast_ref::<Float64Array>()
                        .map(|a| text.push_str(&a.value(row).to_string())),
                    _ => None,
                };
                if written.is_none() {
                    return Err(StatsError::Parquet(format!(
                        "column '{name}' is {}, not a type sgrade writes \
                         (UTF-8, UInt64, Boolean, Float64)",
                        array.data_type()
                    )));
                }
            }
            shard.add(summary, |index| {
                fields.get(index).map_or("", String::as_str)
            })?;
        }
    }
    Ok(shard.row)
}

/// The first byte of a JSON-lines shard (`--output-format jsonl`): every row is an object.
pub const JSON_LINES_MAGIC: &[u8; 1] = b"{";

/// The key of a JSON row's per-technique counts (the `count_<id>` columns of the CSV).
const COUNTS_KEY: &str = "counts";

/// The rating rule told by a row's column names (the first of `rating`, `hodoku_level`,
/// `se_er`, as [`Columns`] looks for them).
fn rule_of<'a>(names: impl Iterator<Item = &'a str> + Clone) -> Option<RatingRule> {
    let has = |name: &str| names.clone().any(|n| n == name);
    if has("rating") {
        Some(RatingRule::MaxDifficulty)
    } else if has("hodoku_level") {
        Some(RatingRule::HodokuLevel)
    } else if has("se_er") {
        Some(RatingRule::SeErEpEd)
    } else {
        None
    }
}

/// Puts technique ids (a JSON row's `counts` keys, sorted by name) back in the order of the
/// ladder they came from, so that the summary lists them as a CSV of the same rows does: the
/// order of the one scale rated by `rule` whose default ladder has exactly these ids, else of
/// the one whose full ladder holds them all; with no such scale (or several), the order of the
/// first full ladder that holds them, else the catalogue's order.
fn in_ladder_order(rule: Option<RatingRule>, ids: &mut [String]) {
    let ladder_ids = |ladder: crate::scales::ladder::Ladder| -> Vec<&'static str> {
        ladder.rungs().iter().map(|r| r.technique.id()).collect()
    };
    let holds = |ladder: &[&str]| ids.iter().all(|id| ladder.contains(&id.as_str()));
    let scales = Scale::ALL
        .into_iter()
        .filter(|s| rule.is_none_or(|rule| s.ladder().rule() == rule));
    let exact: Vec<Vec<&str>> = scales
        .clone()
        .map(|s| ladder_ids(s.ladder()))
        .filter(|l| l.len() == ids.len() && holds(l))
        .collect();
    let within: Vec<Vec<&str>> = scales
        .map(|s| ladder_ids(s.full_ladder()))
        .filter(|l| holds(l))
        .collect();
    let order = match (exact.as_slice(), within.as_slice()) {
        ([only], _) => only.clone(),
        (_, [first, ..]) => first.clone(),
        _ => crate::techniques::CATALOGUE.iter().map(|t| t.id).collect(),
    };
    let place = |id: &str| order.iter().position(|o| *o == id).unwrap_or(usize::MAX);
    ids.sort_by_key(|id| place(id));
}

/// A JSON value as the text of its CSV field: `null` the empty field, a string itself, a
/// number or a boolean as JSON prints it (which is how the CSV prints it too).
fn json_field(value: &serde_json::Value, text: &mut String) {
    use serde_json::Value;
    text.clear();
    match value {
        Value::Null => {}
        Value::String(s) => text.push_str(s),
        Value::Bool(b) => text.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            use std::fmt::Write as _;
            let _ = write!(text, "{n}");
        }
        other => {
            use std::fmt::Write as _;
            let _ = write!(text, "{other}");
        }
    }
}

/// A JSON-lines result file (`--output-format jsonl`, default or `--columns` schema) read as
/// CSV rows of the same values: each row's keys are the columns, its `counts` object the
/// `count_<id>` columns in ladder order. Blank lines are skipped; a row of another schema
/// (parts of several scales concatenated) starts a new header. `stats`, `report` and `compare`
/// read JSON lines through it, so they read them alike.
pub struct JsonRows<R> {
    lines: std::io::Lines<R>,
    /// The file's line number of the row read last.
    line: u64,
    /// The current schema: the row's keys but `counts` (sorted, as JSON writes them) and its
    /// count ids, in ladder order.
    names: Vec<String>,
    ids: Vec<String>,
    /// `names`, then `count_<id>` of each of `ids`.
    header: Vec<String>,
    /// The row read last, as the CSV fields of `header`.
    fields: Vec<String>,
}

impl<R: std::io::BufRead> JsonRows<R> {
    /// The rows of `input`.
    pub fn new(input: R) -> JsonRows<R> {
        JsonRows {
            lines: input.lines(),
            line: 0,
            names: Vec::new(),
            ids: Vec::new(),
            header: Vec::new(),
            fields: Vec::new(),
        }
    }

    /// Reads the next row: `None` at the end, else whether its header is new (the first row's
    /// is). A line that is not a JSON object (or a `counts` that is not one) names its line.
    pub fn next_row(&mut self) -> Result<Option<bool>, StatsError> {
        use serde_json::{Map, Value};
        let line = loop {
            let Some(line) = self.lines.next() else {
                return Ok(None);
            };
            self.line += 1;
            let number = self.line;
            let line = line.map_err(|e| StatsError::Json(format!("line {number}: {e}")))?;
            if !line.trim().is_empty() {
                break line;
            }
        };
        let number = self.line;
        let row: Map<String, Value> = serde_json::from_str(&line)
            .map_err(|e| StatsError::Json(format!("line {number}: not a JSON object: {e}")))?;
        let counts = match row.get(COUNTS_KEY) {
            Some(Value::Object(counts)) => Some(counts),
            None | Some(Value::Null) => None,
            Some(_) => {
                return Err(StatsError::Json(format!(
                    "line {number}: '{COUNTS_KEY}' is not an object"
                )))
            }
        };
        let (names, ids) = (&mut self.names, &mut self.ids);
        let same_names = names.len() == row.len() - usize::from(row.contains_key(COUNTS_KEY))
            && row.keys().filter(|k| *k != COUNTS_KEY).eq(names.iter());
        // A row without counts (ungraded) fits any schema of the same keys.
        let same_ids =
            counts.is_none_or(|c| c.len() == ids.len() && c.keys().all(|k| ids.contains(k)));
        let new = self.header.is_empty() || !same_names || !same_ids;
        if new {
            *names = row.keys().filter(|k| *k != COUNTS_KEY).cloned().collect();
            if let Some(counts) = counts {
                *ids = counts.keys().cloned().collect();
                in_ladder_order(rule_of(names.iter().map(String::as_str)), ids);
            } else if !same_names {
                ids.clear();
            }
            self.header = names
                .iter()
                .cloned()
                .chain(ids.iter().map(|id| format!("{COUNT_PREFIX}{id}")))
                .collect();
            self.fields = vec![String::new(); self.header.len()];
        }
        for (text, name) in self.fields.iter_mut().zip(names.iter()) {
            json_field(&row[name], text);
        }
        for (text, id) in self.fields[names.len()..].iter_mut().zip(ids.iter()) {
            match counts.and_then(|c| c.get(id)) {
                Some(value) => json_field(value, text),
                None => text.clear(),
            }
        }
        Ok(Some(new))
    }

    /// The columns of the row read last.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The row read last, as the CSV fields of [`JsonRows::header`] (`""` for a null).
    pub fn fields(&self) -> &[String] {
        &self.fields
    }

    /// The file's line number of the row read last.
    pub fn line(&self) -> u64 {
        self.line
    }
}

/// Adds every row of one JSON-lines shard (`--output-format jsonl`, default or `--columns`
/// schema) to `summary`, each read as the CSV row of the same values ([`JsonRows`]); returns the
/// number of rows read. A bad row names its line.
pub fn add_result_json_lines<R: std::io::BufRead>(
    summary: &mut Summary,
    input: R,
) -> Result<u64, StatsError> {
    let mut rows = JsonRows::new(input);
    let mut shard: Option<Shard> = None;
    let mut count = 0;
    while let Some(new) = rows.next_row()? {
        if new || shard.is_none() {
            shard = Some(Shard::new(
                summary,
                rows.header().iter().map(String::as_str),
            )?);
        }
        let shard = shard.as_mut().expect("made above");
        // Errors name the file's line, not a row of the current schema.
        shard.row = rows.line() - 1;
        let fields = rows.fields();
        shard.add(summary, |index| {
            fields.get(index).map_or("", String::as_str)
        })?;
        count += 1;
    }
    Ok(count)
}

/// One shard being read: where its columns are, and how many data rows it has given.
struct Shard {
    columns: Columns,
    row: u64,
}

impl Shard {
    /// A shard with `header`; its ladder's techniques join the summary in ladder order.
    fn new<'a>(
        summary: &mut Summary,
        header: impl Iterator<Item = &'a str> + Clone,
    ) -> Result<Shard, StatsError> {
        let columns = Columns::from_header(header)?;
        for (_, id) in &columns.counts {
            summary.technique(id);
        }
        Ok(Shard { columns, row: 0 })
    }

    /// Adds one data row, its fields as the CSV holds them (`""` for an empty one).
    fn add<'r>(
        &mut self,
        summary: &mut Summary,
        field: impl Fn(usize) -> &'r str,
    ) -> Result<(), StatsError> {
        self.row += 1;
        let (columns, row) = (&self.columns, self.row);
        let bad = |column: &str, value: &str| StatsError::BadField {
            row,
            column: column.to_string(),
            value: value.to_string(),
        };
        let status_text = field(columns.status);
        let status = Status::parse(status_text).ok_or_else(|| bad("status", status_text))?;
        let time_us = match columns.time_us.map(&field) {
            None | Some("") => 0.0,
            Some(text) => text.parse::<f64>().map_err(|_| bad("time_us", text))?,
        };
        summary.add_status(status, time_us);
        // Graded rows have `solved`; ungraded ones (and `solve` output) leave it empty.
        let solved = match columns.solved.map(&field) {
            Some("true") => true,
            Some("false") => false,
            None | Some("") => return Ok(()),
            Some(text) => return Err(bad("solved", text)),
        };
        // A stuck row has no rating (older files wrote the partial one): it counts as stuck
        // only, and its hardest step so far is not a hardest step.
        if !solved {
            summary.add_grade(false, RatingRule::MaxDifficulty, 0);
            let message = columns.message.map_or("", &field);
            summary.gave_up += u64::from(message.ends_with(GAVE_UP_AT_THE_LIMIT));
            return add_counts(summary, columns, &field, row);
        }
        let scale = match columns.scale.map(&field) {
            Some(name) if !name.is_empty() => {
                Some(name.parse::<Scale>().map_err(|_| bad("scale", name))?)
            }
            _ => columns.ladder_scale,
        };
        let (rule, rating): (RatingRule, u8) = match columns.rating {
            Some((index, RatingRule::MaxDifficulty)) => {
                let text = field(index);
                let rating = text.parse::<u8>().map_err(|_| bad("rating", text))?;
                // `rating` (`--columns`) is the scale's rating as a number whatever the scale
                // (`se`: ER in tenths, as `se_er` is read; `hodoku`: the level's number, as
                // `hodoku_level` is read): it counts under the scale's own rule, as the default
                // columns of the same rows do.
                let rule = scale.map_or(RatingRule::MaxDifficulty, Scale::rule);
                (rule, rating)
            }
            Some((index, RatingRule::HodokuLevel)) => {
                let text = field(index);
                let level = HODOKU_LEVELS
                    .iter()
                    .position(|&name| name == text)
                    .ok_or_else(|| bad("hodoku_level", text))?;
                (RatingRule::HodokuLevel, level as u8)
            }
            Some((index, RatingRule::SeErEpEd)) => {
                // ER as printed, `w/10 "." w%10`: kept in tenths.
                let text = field(index);
                let tenths = text
                    .split_once('.')
                    .and_then(|(whole, tenth)| {
                        let w = whole.parse::<u16>().ok()? * 10 + tenth.parse::<u16>().ok()?;
                        u8::try_from(w).ok().filter(|_| tenth.len() == 1)
                    })
                    .ok_or_else(|| bad("se_er", text))?;
                (RatingRule::SeErEpEd, tenths)
            }
            None => (RatingRule::MaxDifficulty, 0),
        };
        summary.add_grade_on(solved, RatingKey { rule, scale }, rating);
        add_counts(summary, columns, &field, row)?;
        if let Some(hardest) = columns.hardest.map(&field).filter(|h| !h.is_empty()) {
            summary.technique(hardest).hardest += 1;
        }
        Ok(())
    }
}

/// Adds one graded row's technique counts.
fn add_counts<'r>(
    summary: &mut Summary,
    columns: &Columns,
    field: impl Fn(usize) -> &'r str,
    row: u64,
) -> Result<(), StatsError> {
    for (index, id) in &columns.counts {
        let text = field(*index);
        let count = text.parse::<u64>().map_err(|_| StatsError::BadField {
            row,
            column: format!("{COUNT_PREFIX}{id}"),
            value: text.to_string(),
        })?;
        let usage = summary.technique(id);
        usage.graded += 1;
        usage.steps += count;
        usage.puzzles += u64::from(count > 0);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHARD_A: &str = "source,line,puzzle,status,solved,rating,hardest,steps,time_us,count_full-house,count_hidden-single,extra,message\n\
        a,1,p,unique,true,1,hidden-single,5,10.0,2,3,,\n\
        a,2,p,invalid,,,,,0.0,,,,line 2: bad\n";
    const SHARD_B: &str = "source,line,puzzle,status,solved,rating,hardest,steps,time_us,count_full-house,count_naked-pair,extra,message\n\
        b,1,p,unique,false,3,naked-pair,4,20.0,1,1,,\n";

    #[test]
    fn shards_with_different_ladders_add_up() {
        let mut summary = Summary::default();
        assert_eq!(add_result_csv(&mut summary, SHARD_A.as_bytes()).unwrap(), 2);
        assert_eq!(add_result_csv(&mut summary, SHARD_B.as_bytes()).unwrap(), 1);
        assert_eq!(summary.count(Status::Unique), 2);
        assert_eq!(summary.count(Status::Invalid), 1);
        assert_eq!((summary.solved, summary.stuck), (1, 1));
        let gnpx = summary.ratings_for(RatingRule::MaxDifficulty);
        assert_eq!(gnpx.get(&1), Some(&1));
        assert_eq!(gnpx.get(&3), None, "a stuck row has no rating");
        let ids: Vec<&str> = summary.techniques.iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["full-house", "hidden-single", "naked-pair"]);
        let full_house = summary.techniques.get("full-house").unwrap();
        assert_eq!(
            (full_house.steps, full_house.puzzles, full_house.graded),
            (3, 2, 2)
        );
        let pair = summary.techniques.get("naked-pair").unwrap();
        assert_eq!((pair.puzzles, pair.hardest, pair.graded), (1, 0, 1));
        assert!(summary
            .render(None)
            .contains("(of 1 graded with it on the ladder)"));
    }

    #[test]
    fn hodoku_levels_are_counted_as_their_own_scale() {
        let shard =
            "status,solved,hodoku_level,hodoku_score,hodoku_bf,hardest,count_hidden-single\n\
            unique,true,Easy,120,0,hidden-single,4\n\
            unique,true,Hard,900,0,hidden-single,2\n\
            unique,true,Easy,100,0,hidden-single,3\n";
        let mut summary = Summary::default();
        add_result_csv(&mut summary, shard.as_bytes()).unwrap();
        add_result_csv(&mut summary, SHARD_B.as_bytes()).unwrap();
        let key = RatingKey {
            rule: RatingRule::HodokuLevel,
            scale: Some(Scale::Hodoku),
        };
        let levels = summary.ratings_on(key).clone();
        assert_eq!(levels.into_iter().collect::<Vec<_>>(), [(1, 2), (3, 1)]);
        let text = summary.render(None);
        let levels: Vec<String> = text
            .lines()
            .skip_while(|l| !l.starts_with("  HoDoKu level, "))
            .skip(1)
            .take_while(|l| l.starts_with("    "))
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(levels, ["Easy 2", "Hard 1"], "{text}");
        assert!(!text.contains("  rating, "), "{text}");
        assert!(text.contains("  stuck (no rating"), "{text}");
        let bad = "status,solved,hodoku_level\nunique,true,Impossible\n";
        let err = add_result_csv(&mut summary, bad.as_bytes()).unwrap_err();
        assert_eq!(err.to_string(), "row 1: bad hodoku_level 'Impossible'");
    }

    /// `--columns …,rating` writes each scale's rating as a number: it counts under the
    /// scale's rule, as the default columns of the same rows would.
    #[test]
    fn a_rating_column_counts_under_the_rule_of_its_scale() {
        let shard = "status,scale,solved,rating\n\
            unique,hodoku,true,3\n\
            unique,se,true,26\n\
            unique,gnpx,true,4\n";
        let mut summary = Summary::default();
        add_result_csv(&mut summary, shard.as_bytes()).unwrap();
        let on = |rule, scale| {
            let key = RatingKey {
                rule,
                scale: Some(scale),
            };
            summary
                .ratings
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, c)| c.clone())
        };
        let one = |rating: u8| Some([(rating, 1)].into_iter().collect());
        assert_eq!(on(RatingRule::HodokuLevel, Scale::Hodoku), one(3));
        assert_eq!(on(RatingRule::SeErEpEd, Scale::Se), one(26));
        assert_eq!(on(RatingRule::MaxDifficulty, Scale::Gnpx), one(4));
        assert_eq!(summary.ratings.len(), 3);
    }

    #[test]
    fn foreign_csvs_are_rejected_with_the_reason() {
        let mut summary = Summary::default();
        let err = add_result_csv(&mut summary, "a,b\n1,2\n".as_bytes()).unwrap_err();
        assert!(err.to_string().contains("no 'status' column"), "{err}");
        let err =
            add_result_csv(&mut summary, "status,solved\nunique,maybe\n".as_bytes()).unwrap_err();
        assert_eq!(err.to_string(), "row 1: bad solved 'maybe'");
    }
}
