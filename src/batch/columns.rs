//! The output columns of a row: what each one holds, its name, its type, and the column sets a
//! run may write (the default of its kind and scale, or the ones `--columns` names). One model
//! serves every row format: CSV writes a column's text, JSON lines and Parquet its typed value.

use std::fmt::Write as _;

use crate::grading::evaluate::Evaluation;
use crate::grading::grader::GradeOutcome;
use crate::scales::ladder::Ladder;
use crate::scales::{RatingRule, Scale};
use crate::techniques::TechniqueId;

use super::csv_encoder::decimal;
use super::rows::RowKind;

/// What one output column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The input's name (`--source`, else its path).
    Source,
    /// The line number in the input's file.
    Line,
    /// The puzzle (canonical text, or the echoed text of a bad line).
    Puzzle,
    /// `unique`, `multiple`, `none`, `invalid` or `duplicate`.
    Status,
    /// The scale's name (only when asked for: `--columns …,scale`).
    Scale,
    /// Whether the ladder solved the puzzle (empty: not graded).
    Solved,
    /// The rating as a number: GNPX's difficulty, HoDoKu's level (1 Easy … 5 Extreme).
    Rating,
    /// HoDoKu's level name.
    HodokuLevel,
    /// HoDoKu's score.
    HodokuScore,
    /// 1 when HoDoKu's brute force was needed.
    HodokuBf,
    /// Sudoku Explainer's ER, EP or ED (0, 1, 2), as serate prints it (one decimal).
    SeValue(u8),
    /// SE's name of the step that set ER, EP or ED (0, 1, 2).
    SeTechnique(u8),
    /// The hardest technique of a solved puzzle.
    Hardest,
    /// The hardest technique a stuck puzzle used.
    HardestSoFar,
    /// Steps applied.
    Steps,
    /// The work Sudoku Explainer's chain engine did, in the units of `--chain-work-limit`
    /// (only when asked for: `--columns …,chain_work`).
    ChainWork,
    /// Time for oracle and grading, µs.
    TimeUs,
    /// Steps of one technique.
    Count(TechniqueId),
    /// Every technique used, `id=n` joined by `;` (one column whatever the ladder).
    Counts,
    /// The solution (`solve`).
    Solution,
    /// The rest of the input line.
    Extra,
    /// Why a row was not graded.
    Message,
    /// The input CSV's column of this index among those other than the puzzle's
    /// (`--pass-through`).
    Input(usize),
}

/// The type of a column's values, for typed formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// Text.
    Text,
    /// An unsigned integer.
    UInt,
    /// A boolean.
    Bool,
    /// A float.
    Float,
}

/// One column: its name in the header and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The header name.
    pub name: String,
    /// What it holds.
    pub field: Field,
}

/// A column's value in one row; `Null` where the CSV has an empty field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// No value.
    Null,
    /// Text.
    Text(&'a str),
    /// An unsigned integer.
    UInt(u64),
    /// A boolean.
    Bool(bool),
    /// A float (time in µs, rounded to 0.1).
    Float(f64),
}

impl Field {
    /// The type of the field's values.
    pub fn kind(self) -> Type {
        match self {
            Field::Line
            | Field::Rating
            | Field::HodokuScore
            | Field::HodokuBf
            | Field::Steps
            | Field::ChainWork
            | Field::Count(_) => Type::UInt,
            Field::Solved => Type::Bool,
            Field::TimeUs | Field::SeValue(_) => Type::Float,
            _ => Type::Text,
        }
    }
}

/// What a row's values are read from.
pub struct RowContext<'a> {
    /// Grade (with the ladder) or solve.
    pub kind: RowKind<'a>,
    /// The scale, when the run knows it.
    pub scale: Option<Scale>,
    /// The input's name.
    pub source: &'a str,
    /// The row's evaluation.
    pub evaluation: &'a Evaluation,
    /// The message, rendered.
    pub message: &'a str,
    /// The solution (`solve`), rendered.
    pub solution: &'a str,
    /// The `counts` column's text, rendered when that column is written.
    pub counts: &'a str,
    /// The input CSV's fields other than the puzzle (`--pass-through`), split from `extra`.
    pub inputs: &'a [String],
}

impl RowContext<'_> {
    /// The rating rule of a graded row.
    fn rule(&self) -> Option<RatingRule> {
        match self.kind {
            RowKind::Grade(ladder) => Some(ladder.rule()),
            RowKind::Solve => None,
        }
    }

    /// The ladder's outcome of a graded row (none for `solve`, or a row not graded).
    pub fn outcome(&self) -> Option<&GradeOutcome> {
        match self.kind {
            RowKind::Grade(_) => self.evaluation.outcome(),
            RowKind::Solve => None,
        }
    }

    /// The value of `field` in this row.
    pub fn value(&self, field: Field) -> Value<'_> {
        let evaluation = self.evaluation;
        let outcome = self.outcome();
        let solved = outcome.filter(|o| o.solved);
        let text = |s: &'static str| Value::Text(s);
        fn or_null(s: &str) -> Value<'_> {
            if s.is_empty() {
                Value::Null
            } else {
                Value::Text(s)
            }
        }
        match field {
            Field::Source => Value::Text(self.source),
            Field::Line => Value::UInt(evaluation.line),
            Field::Puzzle => Value::Text(&evaluation.puzzle),
            Field::Status => text(evaluation.status().as_str()),
            Field::Scale => self.scale.map_or(Value::Null, |s| text(s.name())),
            Field::Solved => outcome.map_or(Value::Null, |o| Value::Bool(o.solved)),
            Field::Rating => solved.map_or(Value::Null, |o| Value::UInt(u64::from(o.rating))),
            Field::HodokuLevel => match (solved, self.rule()) {
                (Some(o), Some(rule)) => Value::Text(level_name(rule, o.rating)),
                _ => Value::Null,
            },
            Field::HodokuScore => solved.map_or(Value::Null, |o| Value::UInt(u64::from(o.score))),
            Field::HodokuBf => solved.map_or(Value::Null, |o| {
                Value::UInt(u64::from(o.counts[TechniqueId::BruteForce as usize] > 0))
            }),
            Field::SeValue(which) => solved.map_or(Value::Null, |o| {
                let rating = o.se.unwrap_or_default();
                Value::Float(rating.printed_tenths()[which as usize] as f64 / 10.0)
            }),
            Field::SeTechnique(which) => solved.map_or(Value::Null, |o| {
                let rating = o.se.unwrap_or_default();
                let name = [
                    rating.er_technique,
                    rating.ep_technique,
                    rating.ed_technique,
                ];
                or_null(name[which as usize])
            }),
            Field::Hardest => solved
                .and_then(|o| o.hardest)
                .map_or(Value::Null, |t| text(t.id())),
            Field::HardestSoFar => outcome
                .filter(|o| !o.solved)
                .and_then(|o| o.hardest)
                .map_or(Value::Null, |t| text(t.id())),
            Field::Steps => outcome.map_or(Value::Null, |o| Value::UInt(u64::from(o.steps))),
            Field::ChainWork => outcome.map_or(Value::Null, |o| Value::UInt(o.chain_work)),
            Field::TimeUs => Value::Float((evaluation.time_us * 10.0).round() / 10.0),
            Field::Count(t) => outcome.map_or(Value::Null, |o| {
                Value::UInt(u64::from(o.counts[t as usize]))
            }),
            Field::Counts => match outcome {
                Some(_) => Value::Text(self.counts),
                None => Value::Null,
            },
            Field::Solution => or_null(self.solution),
            Field::Extra => or_null(&evaluation.extra),
            Field::Message => or_null(self.message),
            Field::Input(k) => self.inputs.get(k).map_or(Value::Null, |s| or_null(s)),
        }
    }

    /// Appends the CSV text of `field` in this row to `out` (empty for `Null`), as the CSV has
    /// always written it: `true`/`false`, integers, time with one decimal.
    pub fn write_text(&self, field: Field, out: &mut String) {
        match (field, self.value(field)) {
            (Field::TimeUs, _) => push_tenths(out, self.evaluation.time_us),
            (_, Value::Null) => {}
            (_, Value::Text(s)) => out.push_str(s),
            (_, Value::UInt(n)) => push_decimal(out, n),
            (_, Value::Bool(b)) => out.push_str(if b { "true" } else { "false" }),
            (_, Value::Float(f)) => {
                let _ = write!(out, "{f:.1}");
            }
        }
    }
}

/// Appends `n` in decimal, as `write!(out, "{n}")` does, without the formatting machinery
/// (see [`decimal`]).
fn push_decimal(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    // Char by char: ASCII digits, so no UTF-8 check of the buffer (which cost more than
    // the digits themselves; most counts have one).
    for &digit in decimal(n, &mut digits) {
        out.push(char::from(digit));
    }
}

/// Appends `x` with one decimal, rounded as the JSON and Parquet rows round it (`(10x).round()`
/// tenths), without the float formatting machinery: on `solve`, formatting the time with
/// `{:.1}` cost more than every other field of the row together (2.6% of the run's
/// instructions on royle17). It differs from `{:.1}` only in which way a value within a rounding
/// error of a tie goes, which a measured time cannot tell. Negative, huge or NaN values, which a
/// time never is, go through `{:.1}`.
fn push_tenths(out: &mut String, x: f64) {
    let tenths = (x * 10.0).round();
    if !(0.0..1e18).contains(&tenths) {
        let _ = write!(out, "{x:.1}");
        return;
    }
    let tenths = tenths as u64;
    push_decimal(out, tenths / 10);
    out.push('.');
    out.push(char::from(b'0' + (tenths % 10) as u8));
}

/// HoDoKu's level name of `rating` (static: the rule's labels are a fixed table).
fn level_name(rule: RatingRule, rating: u8) -> &'static str {
    match rule {
        RatingRule::HodokuLevel => crate::scales::HODOKU_LEVELS
            .get(rating as usize)
            .copied()
            .unwrap_or("?"),
        RatingRule::MaxDifficulty | RatingRule::SeErEpEd => "",
    }
}

/// The rating columns of a graded row, by rating rule.
fn rating_columns(rule: RatingRule) -> &'static [(&'static str, Field)] {
    match rule {
        RatingRule::MaxDifficulty => &[("rating", Field::Rating)],
        RatingRule::HodokuLevel => &[
            ("hodoku_level", Field::HodokuLevel),
            ("hodoku_score", Field::HodokuScore),
            ("hodoku_bf", Field::HodokuBf),
        ],
        RatingRule::SeErEpEd => &[
            ("se_er", Field::SeValue(0)),
            ("se_ep", Field::SeValue(1)),
            ("se_ed", Field::SeValue(2)),
            ("se_er_technique", Field::SeTechnique(0)),
            ("se_ep_technique", Field::SeTechnique(1)),
            ("se_ed_technique", Field::SeTechnique(2)),
        ],
    }
}

fn column(name: &str, field: Field) -> Column {
    Column {
        name: name.to_string(),
        field,
    }
}

/// The default columns of `kind`, with or without `time_us`: the CSV header sgrade writes.
pub fn default_columns(kind: RowKind<'_>, timing: bool) -> Vec<Column> {
    let mut columns = vec![
        column("source", Field::Source),
        column("line", Field::Line),
        column("puzzle", Field::Puzzle),
        column("status", Field::Status),
    ];
    match kind {
        RowKind::Grade(ladder) => {
            columns.push(column("solved", Field::Solved));
            for (name, field) in rating_columns(ladder.rule()) {
                columns.push(column(name, *field));
            }
            columns.push(column("hardest", Field::Hardest));
            columns.push(column("hardest_so_far", Field::HardestSoFar));
            columns.push(column("steps", Field::Steps));
            if timing {
                columns.push(column("time_us", Field::TimeUs));
            }
            columns.extend(count_columns(ladder));
        }
        RowKind::Solve => {
            columns.push(column("solution", Field::Solution));
            if timing {
                columns.push(column("time_us", Field::TimeUs));
            }
        }
    }
    columns.push(column("extra", Field::Extra));
    columns.push(column("message", Field::Message));
    columns
}

/// One `count_<id>` column per rung of `ladder`.
fn count_columns(ladder: &Ladder) -> impl Iterator<Item = Column> + '_ {
    ladder.rungs().iter().map(|r| Column {
        name: format!("count_{}", r.technique.id()),
        field: Field::Count(r.technique),
    })
}

/// The columns `--columns` may name for `kind`: the default ones, `time_us`, `scale`, `counts`,
/// `chain_work` and, on every scale, `rating` (HoDoKu: the level's number) and the HoDoKu
/// columns' absence said by name.
fn available(kind: RowKind<'_>) -> Vec<Column> {
    let mut columns = default_columns(kind, true);
    if let RowKind::Grade(_) = kind {
        columns.push(column("scale", Field::Scale));
        columns.push(column("counts", Field::Counts));
        columns.push(column("chain_work", Field::ChainWork));
        if !columns.iter().any(|c| c.name == "rating") {
            columns.push(column("rating", Field::Rating));
        }
    }
    columns
}

/// The columns `names` asks for (`--columns`), in that order. `count_*` stands for every
/// `count_<id>` column of the ladder. An unknown name is an error that lists the known ones; a
/// column named twice (also a `count_<id>` that `count_*` already brings) is an error naming it,
/// since a CSV header with two equal names cannot be read back by name.
pub fn select(kind: RowKind<'_>, names: &[&str]) -> Result<Vec<Column>, String> {
    let known = available(kind);
    // Each column chosen, with the name that brought it (`count_*` for its `count_<id>`).
    let mut chosen: Vec<(Column, &str)> = Vec::new();
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        let new: Vec<Column> = match kind {
            RowKind::Grade(ladder) if name == "count_*" => count_columns(ladder).collect(),
            // `solve` runs no ladder: listing `count_*` among its columns would be a lie.
            RowKind::Solve if name.starts_with("count_") => {
                return Err(format!(
                    "--columns: no column `{name}` here: solve has no technique counts \
                     (count_* and count_<id> are for grade and find)"
                ))
            }
            _ => match known.iter().find(|c| c.name == name) {
                Some(c) => vec![c.clone()],
                None => return Err(unknown_column(kind, &known, name)),
            },
        };
        for column in new {
            if let Some((_, earlier)) = chosen.iter().find(|(c, _)| c.name == column.name) {
                if *earlier == name {
                    return Err(format!(
                        "--columns: `{name}` is named twice; name each column once"
                    ));
                }
                let via = [*earlier, name]
                    .into_iter()
                    .find(|n| *n != column.name)
                    .map(|n| format!(" (`{n}` includes it)"))
                    .unwrap_or_default();
                return Err(format!(
                    "--columns: `{}` is named twice{via}; name each column once",
                    column.name
                ));
            }
            chosen.push((column, name));
        }
    }
    if chosen.is_empty() {
        return Err("--columns: name at least one column".into());
    }
    Ok(chosen.into_iter().map(|(c, _)| c).collect())
}

/// The error of a `--columns` name that `kind` does not write: the known names (for a ladder,
/// with `count_*` and the `count_<id>` columns said in a word).
fn unknown_column(kind: RowKind<'_>, known: &[Column], name: &str) -> String {
    let listed: Vec<&str> = known
        .iter()
        .map(|c| c.name.as_str())
        .filter(|n| !n.starts_with("count_"))
        .collect();
    let counts = match kind {
        RowKind::Grade(_) => ", count_* (every count_<id>) or a count_<id> of the ladder",
        RowKind::Solve => "",
    };
    format!(
        "--columns: no column `{name}` here; known: {}{counts}",
        listed.join(", ")
    )
}

/// The `counts` column's text of `evaluation` on `ladder`: `id=n` for each technique used, in
/// ladder order, joined by `;` (empty when no step was needed).
pub fn counts_text(ladder: &Ladder, evaluation: &Evaluation, out: &mut String) {
    let Some(outcome) = evaluation.outcome() else {
        return;
    };
    for rung in ladder.rungs() {
        let n = outcome.counts[rung.technique as usize];
        if n > 0 {
            if !out.is_empty() {
                out.push(';');
            }
            let _ = write!(out, "{}={n}", rung.technique.id());
        }
    }
}

/// Every column name sgrade writes, on any scale and in any command (`grade`, `find`, `solve`),
/// `--columns` ones included, but the `count_<id>` ones (told by their prefix).
fn names_sgrade_writes() -> Vec<String> {
    let ladders: Vec<Ladder> = Scale::ALL.into_iter().map(|s| s.ladder()).collect();
    let kinds = ladders.iter().map(RowKind::Grade).chain([RowKind::Solve]);
    let mut names: Vec<String> = kinds
        .flat_map(available)
        .map(|c| c.name)
        .filter(|n| !n.starts_with("count_"))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `columns` with the input CSV's columns `names` (those other than the puzzle's, in input
/// order) where `extra` stands, or at the end when it is not there (`--pass-through`). A name
/// sgrade writes itself (any column of any scale or command, chosen or not, `count_<id>`
/// included) gets `input_` before it, so that a reader of the output (`stats`, `compare`) never
/// takes the input's value for sgrade's, and the schema depends on the input's header alone;
/// when that name is taken too (the input also has `input_status`), `input_` again.
pub fn with_input_columns(columns: Vec<Column>, names: &[String]) -> Vec<Column> {
    let written = names_sgrade_writes();
    let ours = |name: &str| {
        name.starts_with("count_")
            || written.iter().any(|w| w == name)
            || columns.iter().any(|c| c.name == name)
    };
    let mut given: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let mut out = name.clone();
        if ours(name) {
            out = format!("input_{name}");
            while ours(&out) || names.contains(&out) || given.contains(&out) {
                out = format!("input_{out}");
            }
        }
        given.push(out);
    }
    let inputs: Vec<Column> = given
        .into_iter()
        .enumerate()
        .map(|(k, name)| Column {
            name,
            field: Field::Input(k),
        })
        .collect();
    let mut out = Vec::with_capacity(columns.len() + inputs.len());
    let mut placed = false;
    for column in columns {
        if column.field == Field::Extra && !placed {
            out.extend(inputs.iter().cloned());
            placed = true;
        } else {
            out.push(column);
        }
    }
    if !placed {
        out.extend(inputs);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{push_decimal, push_tenths};

    #[test]
    fn decimals_are_written_as_fmt_writes_them() {
        let mut values = vec![
            0,
            1,
            9,
            10,
            11,
            99,
            100,
            101,
            999,
            1000,
            u64::MAX,
            u64::MAX - 1,
        ];
        values.extend((0..64).map(|shift| 1u64 << shift));
        values.extend((0..64).map(|shift| (1u64 << shift) - 1));
        values.extend((0..=20u32).map(|k| 10u64.saturating_pow(k)));
        let mut out = String::from("x");
        for n in values {
            out.truncate(1);
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    /// Times are written with one decimal as `{:.1}` writes them, but for values within a
    /// rounding error of a tie (checked: those are the only ones that differ), and as the
    /// JSON rows' rounded value reads back.
    #[test]
    fn tenths_are_written_as_fmt_writes_them_away_from_ties() {
        let mut rng = crate::core::test_support::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut values = vec![
            0.0, 0.04, 0.05, 0.96, 1.0, 9.95, 99.99, 1e6, 12_345.678, 1e17,
        ];
        values.extend((0..20_000).map(|i| {
            let scale = 10f64.powi(i % 9 - 2);
            (rng.next() % 1_000_000) as f64 / 1_000_000.0 * scale
        }));
        let (mut out, mut compared) = (String::new(), 0);
        for x in values {
            out.clear();
            push_tenths(&mut out, x);
            let hundredths = (x * 100.0) % 10.0;
            if (hundredths - 5.0).abs() > 1e-6 {
                assert_eq!(out, format!("{x:.1}"), "{x}");
                compared += 1;
            }
            let back: f64 = out.parse().expect("a decimal");
            assert_eq!(back, (x * 10.0).round() / 10.0, "{x}");
        }
        assert!(compared > 19_000, "{compared}");
        for odd in [-1.0, f64::NAN, 1e300] {
            out.clear();
            push_tenths(&mut out, odd);
            assert_eq!(out, format!("{odd:.1}"));
        }
    }
}
