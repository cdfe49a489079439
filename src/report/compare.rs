//! Comparing two ratings of one corpus: two result files (CSV or JSON lines) joined on the
//! puzzle (or on its canonical form), with the exact-match share, the confusion table,
//! Spearman's rank correlation and the largest disagreements.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::io::BufRead;

use crate::report::stats::{JsonRows, StatsError, JSON_LINES_MAGIC};
use crate::symmetry::canon::{form_text, Canonicalizer};

/// HoDoKu's level names, ranked 1..=5 when a rating column holds them.
const LEVELS: [&str; 5] = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];

/// Why a result file cannot be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The CSV could not be read.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// The JSON lines could not be read.
    #[error("{0}")]
    Json(#[from] StatsError),
    /// The input could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A needed column is missing.
    #[error("no `{0}` column (is this an sgrade result file?)")]
    MissingColumn(String),
    /// A rating that is neither a number nor a HoDoKu level.
    #[error("line {line}: rating {value:?} is neither a number nor a HoDoKu level")]
    BadRating {
        /// 1-based line in the file.
        line: u64,
        /// The value found.
        value: String,
    },
}

/// One side of the comparison: a result file's ratings by join key.
#[derive(Debug, Default)]
pub struct Ratings {
    /// The rating column used (`rating`, `hodoku_level`, `se_er` …).
    pub column: String,
    /// Join key → (rating as printed, its rank value).
    by_key: HashMap<String, (String, f64)>,
    /// Key order of first appearance.
    order: Vec<String>,
    /// Rows without a rating (not unique, stuck — `solved=false` —, or empty).
    pub unrated: u64,
    /// Rated rows of a puzzle (with `--canonical`: of a canonical form) already rated on an
    /// earlier row: the first rated row is the one compared, so that a file compared with
    /// itself joins each puzzle once and every row is counted once.
    pub repeated: u64,
    /// Data rows read (repeated CSV headers are not rows): joined + only here + `repeated` +
    /// `unrated`.
    pub rows: u64,
}

/// The rating column a result file is compared by when none is named: SE's ER, then HoDoKu's
/// level, then `rating`.
fn default_column<'a>(headers: impl Iterator<Item = &'a str> + Clone) -> Option<String> {
    ["se_er", "hodoku_level", "rating"]
        .into_iter()
        .find(|name| headers.clone().any(|h| h == *name))
        .map(str::to_string)
}

/// The number a rating ranks by.
fn rank_value(value: &str) -> Option<f64> {
    value.parse::<f64>().ok().or_else(|| {
        LEVELS
            .iter()
            .position(|l| *l == value)
            .map(|i| i as f64 + 1.0)
    })
}

/// Where a result file's columns are (its header; JSON lines may change it between rows).
struct Positions {
    puzzle: usize,
    rating: usize,
    status: Option<usize>,
    solved: Option<usize>,
}

impl Positions {
    /// The columns of `headers`, rated by `column`.
    fn of<'a>(
        headers: impl Iterator<Item = &'a str> + Clone,
        column: &str,
    ) -> Result<Positions, CompareError> {
        let at = |name: &str| headers.clone().position(|h| h == name);
        let find = |name: &str| at(name).ok_or_else(|| CompareError::MissingColumn(name.into()));
        Ok(Positions {
            puzzle: find("puzzle")?,
            rating: find(column)?,
            status: at("status"),
            solved: at("solved"),
        })
    }
}

impl Ratings {
    /// Reads a result file, CSV or JSON lines (`--output-format jsonl`, told by a first byte
    /// `{`, read as `stats` reads it): its `puzzle` column and `column` (or the default one),
    /// keeping the rows whose status is `unique`, that are solved, and whose rating is not
    /// empty. With `canonical`, puzzles are keyed by their minlex form. A puzzle (or form) rated
    /// on several rows keeps its first rated row; the later ones are counted in `repeated`.
    pub fn read<R: BufRead>(
        mut input: R,
        column: Option<&str>,
        canonical: bool,
    ) -> Result<Ratings, CompareError> {
        let json = input.fill_buf()?.first() == Some(&JSON_LINES_MAGIC[0]);
        let mut ratings = Ratings::default();
        let mut canon = Canonicalizer::new();
        // The rating column (named, or the first header's default) and where the columns are.
        let mut at: Option<Positions> = None;
        let header = |ratings: &mut Ratings, names: &[&str]| {
            if ratings.column.is_empty() {
                ratings.column = match column {
                    Some(c) => c.to_string(),
                    None => default_column(names.iter().copied())
                        .ok_or(CompareError::MissingColumn("rating".into()))?,
                };
            }
            Positions::of(names.iter().copied(), &ratings.column)
        };
        if json {
            let mut rows = JsonRows::new(input);
            while let Some(new) = rows.next_row()? {
                if new || at.is_none() {
                    let names: Vec<&str> = rows.header().iter().map(String::as_str).collect();
                    at = Some(header(&mut ratings, &names)?);
                }
                let fields = rows.fields();
                let field = |i: usize| fields.get(i).map_or("", String::as_str);
                let positions = at.as_ref().expect("set above");
                ratings.add(positions, field, rows.line(), canonical, &mut canon)?;
            }
        } else {
            let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(input);
            let headers = reader.headers()?.clone();
            let names: Vec<&str> = headers.iter().collect();
            let positions = header(&mut ratings, &names)?;
            for (index, record) in reader.records().enumerate() {
                let record = record?;
                // A header repeated by concatenated shards is not a row.
                if record.iter().eq(headers.iter()) {
                    continue;
                }
                let field = |i: usize| record.get(i).unwrap_or("");
                ratings.add(&positions, field, index as u64 + 2, canonical, &mut canon)?;
            }
        }
        Ok(ratings)
    }

    /// Adds one row (its fields by column index) of the file's `line`.
    fn add<'r>(
        &mut self,
        at: &Positions,
        field: impl Fn(usize) -> &'r str,
        line: u64,
        canonical: bool,
        canon: &mut Canonicalizer,
    ) -> Result<(), CompareError> {
        self.rows += 1;
        let rating = field(at.rating).trim();
        let unique = at.status.is_none_or(|i| field(i) == "unique");
        // A stuck puzzle (the ladder did not finish it) has no rating, whatever it prints.
        let stuck = at.solved.is_some_and(|i| field(i) == "false");
        if !unique || stuck || rating.is_empty() {
            self.unrated += 1;
            return Ok(());
        }
        let rank = rank_value(rating).ok_or_else(|| CompareError::BadRating {
            line,
            value: rating.to_string(),
        })?;
        let key = join_key(field(at.puzzle), canonical, canon);
        match self.by_key.entry(key) {
            Entry::Occupied(_) => self.repeated += 1,
            Entry::Vacant(slot) => {
                self.order.push(slot.key().clone());
                slot.insert((rating.to_string(), rank));
            }
        }
        Ok(())
    }

    /// Number of rated puzzles (each once, however many rows rate it).
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    /// Whether no puzzle is rated.
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}

/// The puzzle's join key: its text with every empty-cell mark as `.`, or its minlex form.
fn join_key(puzzle: &str, canonical: bool, canon: &mut Canonicalizer) -> String {
    let plain: String = puzzle
        .chars()
        .map(|ch| if matches!(ch, '0' | '-') { '.' } else { ch })
        .collect();
    if !canonical || plain.len() != 81 {
        return plain;
    }
    let values: [u8; 81] = std::array::from_fn(|i| match plain.as_bytes()[i] {
        ch @ b'1'..=b'9' => ch - b'0',
        _ => 0,
    });
    form_text(&canon.canonical(&values).form)
}

/// One puzzle rated by both sides.
#[derive(Clone, Debug, PartialEq)]
pub struct Joined {
    /// The join key (puzzle or its canonical form).
    pub puzzle: String,
    /// Side A's rating as printed.
    pub a: String,
    /// Side B's rating as printed.
    pub b: String,
    /// |percentile rank in A − percentile rank in B|, 0..1: how far apart the two place it.
    pub rank_gap: f64,
}

/// The comparison of two ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Puzzles rated by both, in A's order.
    pub joined: Vec<Joined>,
    /// Rated in A only / in B only.
    pub only_a: usize,
    /// Rated in B only.
    pub only_b: usize,
    /// Joined puzzles with the same printed rating.
    pub exact: usize,
    /// Spearman's rank correlation of the joined ratings (None for fewer than two, or when one
    /// side is constant).
    pub spearman: Option<f64>,
    /// Confusion counts: A's rating → B's rating → puzzles, each side in rank order.
    pub confusion: BTreeMap<RankedLabel, BTreeMap<RankedLabel, u64>>,
}

/// A rating label ordered by its rank value (then by text).
#[derive(Clone, Debug, PartialEq)]
pub struct RankedLabel {
    /// The rank value.
    pub rank: f64,
    /// The label as printed.
    pub label: String,
}

impl Eq for RankedLabel {}

impl PartialOrd for RankedLabel {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RankedLabel {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank
            .total_cmp(&other.rank)
            .then_with(|| self.label.cmp(&other.label))
    }
}

/// Average ranks (ties share the mean of their positions), scaled to 0..1.
fn percentile_ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&i, &j| values[i].total_cmp(&values[j]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let mean = (start + end) as f64 / 2.0;
        for &i in &order[start..=end] {
            ranks[i] = mean;
        }
        start = end + 1;
    }
    let top = (values.len().max(2) - 1) as f64;
    ranks.iter().map(|r| r / top).collect()
}

/// Pearson's correlation of two equally long series; None when either is constant.
fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len() as f64;
    if x.len() < 2 {
        return None;
    }
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

/// Joins `a` and `b` on their keys and measures their agreement.
pub fn compare(a: &Ratings, b: &Ratings) -> Comparison {
    let keys: Vec<&String> = a
        .order
        .iter()
        .filter(|k| b.by_key.contains_key(*k))
        .collect();
    let side = |r: &Ratings| -> Vec<f64> { keys.iter().map(|k| r.by_key[*k].1).collect() };
    let (ranks_a, ranks_b) = (percentile_ranks(&side(a)), percentile_ranks(&side(b)));
    let mut confusion: BTreeMap<RankedLabel, BTreeMap<RankedLabel, u64>> = BTreeMap::new();
    let mut joined = Vec::with_capacity(keys.len());
    let mut exact = 0;
    for (i, key) in keys.iter().enumerate() {
        let (label_a, rank_a) = &a.by_key[*key];
        let (label_b, rank_b) = &b.by_key[*key];
        exact += (label_a == label_b) as usize;
        let ranked = |rank: f64, label: &String| RankedLabel {
            rank,
            label: label.clone(),
        };
        *confusion
            .entry(ranked(*rank_a, label_a))
            .or_default()
            .entry(ranked(*rank_b, label_b))
            .or_default() += 1;
        joined.push(Joined {
            puzzle: (*key).clone(),
            a: label_a.clone(),
            b: label_b.clone(),
            rank_gap: (ranks_a[i] - ranks_b[i]).abs(),
        });
    }
    Comparison {
        only_a: a.len() - joined.len(),
        only_b: b.len() - joined.len(),
        exact,
        spearman: pearson(&ranks_a, &ranks_b),
        confusion,
        joined,
    }
}

impl Comparison {
    /// The `limit` joined puzzles the two ratings place furthest apart (largest rank gap
    /// first; ties in A's order).
    pub fn largest_disagreements(&self, limit: usize) -> Vec<&Joined> {
        let mut rows: Vec<&Joined> = self.joined.iter().filter(|j| j.rank_gap > 0.0).collect();
        rows.sort_by(|x, y| y.rank_gap.total_cmp(&x.rank_gap));
        rows.truncate(limit);
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_ranks_share_ties() {
        assert_eq!(percentile_ranks(&[3.0, 1.0, 3.0]), vec![0.75, 0.0, 0.75]);
    }

    #[test]
    fn perfect_and_reversed_orders_correlate_fully() {
        let up = [1.0, 2.0, 3.0, 4.0];
        let down = [4.0, 3.0, 2.0, 1.0];
        let r = |x: &[f64], y: &[f64]| pearson(&percentile_ranks(x), &percentile_ranks(y));
        assert!((r(&up, &up).unwrap() - 1.0).abs() < 1e-12);
        assert!((r(&up, &down).unwrap() + 1.0).abs() < 1e-12);
        assert_eq!(
            r(&up, &[2.0; 4]),
            None,
            "a constant side has no rank correlation"
        );
    }
}
