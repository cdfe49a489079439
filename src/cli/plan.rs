//! The plan of a `grade`, `find` or `solve` run, made once from its arguments (as ripgrep's
//! `HiArgs` makes the searcher and the printers): it owns the ladder (after `--techniques` and
//! `--fish-max-size`) and the `find` needs, and makes everything that grades or reports with
//! them, so the ladder is built once and lent to each.

use std::io::{self, Write};

use std::cell::RefCell;

use sudoku_grader::batch::columns::{self, Column, Field};
use sudoku_grader::batch::{BatchOptions, Dedup, OutputFormat, RowKind, RowOptions, RowWriter};
use sudoku_grader::grading::find::Needs;
use sudoku_grader::report::summary::Summary;
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::scales::Scale;
use sudoku_grader::timing::TimingsPool;

/// What a batch run grades with and writes.
pub struct Plan {
    /// The ladder; `None` for `solve` (the oracle alone).
    ladder: Option<Ladder>,
    /// The row format.
    format: OutputFormat,
    /// Check every step against the solution.
    verify: bool,
    /// `find`: what a puzzle must have needed for its row to be written.
    needs: Option<Needs>,
    /// Header and `time_us` on or off.
    row_options: RowOptions,
    /// `--dedup`: the canonical forms seen over every input of the run.
    dedup: Option<RefCell<Dedup>>,
    /// `--columns`: the columns written instead of the default ones.
    columns: Option<Vec<Column>>,
    /// The scale (`grade`, `find`), for the `scale` column.
    scale: Option<Scale>,
    /// `--pass-through`: the input CSV's other columns, written under their own names.
    input_columns: Option<Vec<String>>,
}

impl Plan {
    /// A grading plan; with `needs` (technique names, hardest step only), a `find` plan.
    pub fn new(
        ladder: Option<Ladder>,
        format: OutputFormat,
        verify: bool,
        needs: Option<(&str, bool)>,
    ) -> Result<Plan, String> {
        let needs = match (needs, &ladder) {
            (Some((names, hardest_only)), Some(ladder)) => Some(
                Needs::new(names, hardest_only, ladder)
                    .map_err(|e| super::techniques::name_error(&e))?,
            ),
            _ => None,
        };
        Ok(Plan {
            ladder,
            format,
            verify,
            needs,
            row_options: RowOptions::default(),
            dedup: None,
            columns: None,
            scale: None,
            input_columns: None,
        })
    }

    /// `sgrade solve`: the oracle alone, rows (CSV or JSON lines) with the solution.
    pub fn solve(format: OutputFormat) -> Plan {
        Plan {
            ladder: None,
            format,
            verify: false,
            needs: None,
            row_options: RowOptions::default(),
            dedup: None,
            columns: None,
            scale: None,
            input_columns: None,
        }
    }

    /// The same plan writing the input CSV's columns `names` (`--pass-through`) where `extra`
    /// stands.
    pub fn with_input_columns(self, names: Option<Vec<String>>) -> Plan {
        Plan {
            input_columns: names,
            ..self
        }
    }

    /// The same plan on `scale` (named in a `scale` column) writing the columns `names` lists
    /// (`--columns`; `None`: the default ones). Call it after [`Plan::with_rows`]: `time_us`
    /// with `--no-timing` is refused.
    pub fn with_columns(self, names: Option<&str>, scale: Option<Scale>) -> Result<Plan, String> {
        let columns = match names {
            None => None,
            Some(list) => {
                let names: Vec<&str> = list.split(',').collect();
                let chosen = columns::select(self.kind(), &names)?;
                // `--no-timing` promises the same bytes on every run; a time breaks that.
                if !self.row_options.timing && chosen.iter().any(|c| c.field == Field::TimeUs) {
                    return Err("--columns names `time_us` and --no-timing leaves it out: \
                                drop one of them"
                        .into());
                }
                Some(chosen)
            }
        };
        Ok(Plan {
            columns,
            scale,
            ..self
        })
    }

    /// Grade (with the ladder) or solve.
    fn kind(&self) -> RowKind<'_> {
        match &self.ladder {
            Some(ladder) => RowKind::Grade(ladder),
            None => RowKind::Solve,
        }
    }

    /// The same plan grading each puzzle once up to symmetry when `dedup` (`--dedup`).
    pub fn with_dedup(self, dedup: bool) -> Plan {
        Plan {
            dedup: dedup.then(RefCell::default),
            ..self
        }
    }

    /// The same plan writing rows with `options` (`--no-header`, `--no-timing`).
    pub fn with_rows(self, options: RowOptions) -> Plan {
        Plan {
            row_options: options,
            ..self
        }
    }

    /// How the stream evaluates, `chunk_size` records at a time, timing into `timings`.
    pub fn options<'a>(
        &'a self,
        chunk_size: usize,
        timings: Option<&'a TimingsPool>,
    ) -> BatchOptions<'a> {
        BatchOptions {
            ladder: self.ladder.as_ref(),
            verify: self.verify,
            chunk_size,
            timings,
            dedup: self.dedup.as_ref(),
            interrupt: None,
            skip_through: 0,
            skipped_not_unique: None,
        }
    }

    /// The row writer on `output` (a CSV header is written at once).
    pub fn rows<W: Write>(&self, output: W) -> csv::Result<RowWriter<'_, W>> {
        self.rows_with_header(output, true)
    }

    /// The row writer on `output` continuing rows already written (`--resume`): the same
    /// columns as [`Plan::rows`], no header.
    pub fn rows_continuing<W: Write>(&self, output: W) -> csv::Result<RowWriter<'_, W>> {
        self.rows_with_header(output, false)
    }

    /// The names of the rows' columns, in order (JSON lines: their keys, but `counts`); an
    /// error where no row writer can be made (Parquet in a build without it).
    pub fn column_names(&self) -> Result<Vec<String>, String> {
        let writer = self
            .rows_with_header(io::sink(), false)
            .map_err(|e| e.to_string())?;
        Ok(writer.columns().iter().map(|c| c.name.clone()).collect())
    }

    fn rows_with_header<W: Write>(&self, output: W, header: bool) -> csv::Result<RowWriter<'_, W>> {
        let options = RowOptions {
            header: header && self.row_options.header,
            ..self.row_options
        };
        RowWriter::with_columns(
            output,
            self.kind(),
            self.format,
            options,
            self.columns.clone(),
            self.scale,
            self.input_columns.as_deref(),
        )
    }

    /// The row format.
    pub fn format(&self) -> OutputFormat {
        self.format
    }

    /// Whether a CSV header is written (`--no-header` off).
    pub fn header(&self) -> bool {
        self.row_options.header && self.format == OutputFormat::Csv
    }

    /// An empty summary listing the ladder's techniques.
    pub fn summary(&self) -> Summary {
        Summary::for_ladder(self.ladder.as_ref())
    }

    /// The timing recorders, timing one puzzle in `sample_every`.
    pub fn timings(&self, sample_every: u64) -> TimingsPool {
        TimingsPool::for_ladder(self.ladder.as_ref(), sample_every)
    }

    /// `find`'s needs.
    pub fn needs(&self) -> Option<&Needs> {
        self.needs.as_ref()
    }
}
