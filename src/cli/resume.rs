//! `--resume`: the run record kept beside an output while a run writes it, and what an
//! interrupted output already holds.
//!
//! Every `grade`, `find` or `solve` run with `-o OUT` first writes `OUT.sgrade-run` (JSON: the
//! sgrade version, the options that shape the rows, and each input's path, size and xxh3
//! hash), and removes it when the run ends having read every input (or stopped at a wrong step
//! under `--verify`). A record beside an output therefore means: that run did not finish. A run
//! with `--resume` reads it, refuses an output written with other options or inputs, keeps the
//! output's complete rows (a partial last row is cut off), and grades only what follows the
//! last of them. A sidecar rather than a comment in the CSV keeps the output a plain CSV for
//! every other reader.

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::Xxh3;

use sudoku_grader::batch::OutputFormat;

/// What must be the same for `--resume` to append to an output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The sgrade version that wrote the rows.
    sgrade: String,
    /// The subcommand and every option that changes the rows, in a fixed order.
    options: Vec<String>,
    /// The inputs, in order.
    inputs: Vec<InputRecord>,
}

/// One input of a run: its name as given, and its content's size and hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct InputRecord {
    path: String,
    bytes: u64,
    xxh3: String,
}

/// The record's path for the output at `output`.
pub fn sidecar(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".sgrade-run");
    PathBuf::from(name)
}

impl RunRecord {
    /// The record of a run with `options` over `inputs` (each file read once, to hash it; stdin
    /// has no size nor hash, and cannot be resumed).
    pub fn new(options: Vec<String>, inputs: &[PathBuf]) -> Result<RunRecord, String> {
        let inputs = inputs
            .iter()
            .map(|path| {
                let name = path.display().to_string();
                if path.as_os_str() == "-" {
                    return Ok(InputRecord {
                        path: name,
                        bytes: 0,
                        xxh3: String::new(),
                    });
                }
                let (bytes, hash) =
                    hash_file(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                Ok(InputRecord {
                    path: name,
                    bytes,
                    xxh3: format!("{hash:032x}"),
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(RunRecord {
            sgrade: env!("CARGO_PKG_VERSION").to_string(),
            options,
            inputs,
        })
    }

    /// The input names, in order, as given (the rows' `source` column has them, but with
    /// `--source NAME`).
    pub fn sources(&self) -> Vec<&str> {
        self.inputs.iter().map(|i| i.path.as_str()).collect()
    }

    /// Writes the record beside `output` (to a temporary file renamed into place, so a record
    /// is never half written).
    pub fn write_beside(&self, output: &Path) -> Result<(), String> {
        let path = sidecar(output);
        let text = serde_json::to_string_pretty(self).expect("a record serialises") + "\n";
        super::output::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// The record beside `output`, `None` if there is none.
    pub fn read_beside(output: &Path) -> Result<Option<RunRecord>, String> {
        let path = sidecar(output);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{}: not an sgrade run record: {e}", path.display()))
    }

    /// Removes the record beside `output` (the run finished); a missing one is fine.
    pub fn remove_beside(output: &Path) {
        let _ = fs::remove_file(sidecar(output));
    }

    /// Why rows written under `earlier` cannot be continued by this run; `None` if they can.
    pub fn mismatch(&self, earlier: &RunRecord) -> Option<String> {
        if self.sgrade != earlier.sgrade {
            return Some(format!(
                "it was written by sgrade {}, this is {}",
                earlier.sgrade, self.sgrade
            ));
        }
        if self.options != earlier.options {
            return Some(format!(
                "its options were `{}`, now they are `{}`",
                earlier.options.join(" "),
                self.options.join(" ")
            ));
        }
        if self.sources() != earlier.sources() {
            return Some(format!(
                "its inputs were {}, now they are {}",
                earlier.sources().join(" "),
                self.sources().join(" ")
            ));
        }
        if let Some(input) = self.inputs.iter().find(|i| i.path == "-") {
            return Some(format!(
                "input {} is stdin, which cannot be read again",
                input.path
            ));
        }
        for (now, then) in self.inputs.iter().zip(&earlier.inputs) {
            if now != then {
                return Some(format!("input {} changed since", now.path));
            }
        }
        None
    }
}

/// The size and xxh3-128 of a file's bytes, read in blocks.
fn hash_file(path: &Path) -> io::Result<(u64, u128)> {
    let mut file = File::open(path)?;
    let mut hasher = Xxh3::new();
    let mut buffer = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let n = match file.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.update(&buffer[..n]);
        bytes += n as u64;
    }
    Ok((bytes, hasher.digest128()))
}

/// Why a row read by [`scan`] cannot follow the rows before it.
pub enum RowMisfit {
    /// No run writes it there (the reason, in words).
    Edited(String),
    /// An input could not be read to tell (the error, in words).
    Unreadable(String),
}

/// What an interrupted output holds: its complete rows.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Bytes of the header and the complete rows; what follows is a partial row, cut off.
    pub length: u64,
    /// Whether a complete header line is among them.
    pub header: bool,
    /// Complete rows (the header not counted).
    pub rows: u64,
    /// Rows whose status is neither `unique` nor `duplicate` (for the exit status).
    pub not_unique: u64,
    /// The last complete row: the index of its input among the run's inputs, and its line.
    pub last: Option<(usize, u64)>,
}

/// Where a row says what `--resume` reads: its source, line and status, by column (`names`:
/// the run's columns, in order; JSON lines name them as keys). A row without a source column
/// is of the run's only input; without a status, its status is not known from the row.
pub struct RowFields<'a> {
    names: &'a [String],
    source: Option<usize>,
    line: Option<usize>,
    status: Option<usize>,
}

impl<'a> RowFields<'a> {
    /// The fields of rows with columns `names`.
    pub fn new(names: &'a [String]) -> RowFields<'a> {
        let at = |name: &str| names.iter().position(|n| n == name);
        RowFields {
            names,
            source: at("source"),
            line: at("line"),
            status: at("status"),
        }
    }

    /// Why rows with these columns over `inputs` inputs cannot be resumed, if they cannot.
    pub fn unresumable(&self, inputs: usize) -> Option<&'static str> {
        if self.line.is_none() {
            return Some("--resume needs each row's line number: keep `line` in --columns");
        }
        if self.source.is_none() && inputs > 1 {
            return Some(
                "--resume over several inputs needs each row's source: keep `source` in \
                 --columns",
            );
        }
        None
    }

    /// Whether the rows say their status.
    pub fn has_status(&self) -> bool {
        self.status.is_some()
    }
}

/// Reads the rows of an output written in `format` (with a header line if `header`) by a run
/// over `sources` whose rows have the columns of `fields`. A row is complete when it ends with
/// a line end and has every field (JSON lines: parses); only the last may be incomplete,
/// anything else wrong is an error. A row with no status column counts as unique (the caller
/// tells the statuses of such rows again). `follows(input, line)`: whether a run could have
/// written a row for that line of that input next (asked in row order): not for a line past the
/// input's end or on a comment, nor, where every puzzle line gets a row, after a line without
/// one.
pub fn scan(
    path: &Path,
    format: OutputFormat,
    header: bool,
    sources: &[&str],
    fields_of: &RowFields<'_>,
    follows: &mut dyn FnMut(usize, u64) -> Result<(), RowMisfit>,
) -> Result<Written, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let bad = |why: String| format!("--resume: {}: {why}", path.display());
    let mut written = Written::default();
    let mut place = Place::new(sources);
    let only_source = sources.first().copied().unwrap_or("");
    let mut take = |written: &mut Written, end: u64, source: &str, line: u64, status: &str| {
        let at = place.find(source, line).ok_or_else(|| {
            bad(format!(
                "row for {source} line {line} does not follow from the inputs of this run"
            ))
        })?;
        match follows(at, line) {
            Ok(()) => {}
            Err(RowMisfit::Edited(why)) => {
                return Err(bad(format!(
                    "row for {source} line {line}: {why}; the rows were edited"
                )))
            }
            Err(RowMisfit::Unreadable(why)) => return Err(why),
        }
        written.rows += 1;
        written.length = end;
        written.last = Some((at, line));
        if !matches!(status, "unique" | "duplicate") {
            written.not_unique += 1;
        }
        Ok::<(), String>(())
    };
    match format {
        OutputFormat::Csv => {
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(BufReader::new(file));
            let mut record = csv::StringRecord::new();
            let mut fields = None;
            loop {
                let more = reader
                    .read_record(&mut record)
                    .map_err(|e| bad(format!("not a CSV written by sgrade: {e}")))?;
                if !more {
                    break;
                }
                let end = reader.position().byte();
                // The writer ends every row with LF; a row that reaches the end of the file
                // without one (or with fewer fields) was cut while it was written.
                let complete = fields.is_none_or(|n| record.len() == n)
                    && (end < size || last_byte(path, size)? == Some(b'\n'));
                if !complete {
                    if end < size {
                        return Err(bad(format!("row {} is incomplete", written.rows + 1)));
                    }
                    break;
                }
                if header && !written.header {
                    if !record.iter().eq(fields_of.names.iter().map(String::as_str)) {
                        return Err(bad(
                            "its first line is not the header of this run's columns".into(),
                        ));
                    }
                    written.header = true;
                    written.length = end;
                    fields = Some(record.len());
                    continue;
                }
                fields.get_or_insert(record.len());
                let get = |at: Option<usize>| at.and_then(|at| record.get(at));
                let line = get(fields_of.line)
                    .and_then(|l| l.parse().ok())
                    .ok_or_else(|| bad(format!("row {} has no line number", written.rows + 1)))?;
                take(
                    &mut written,
                    end,
                    get(fields_of.source).unwrap_or(only_source),
                    line,
                    get(fields_of.status).unwrap_or("unique"),
                )?;
            }
        }
        OutputFormat::Jsonl => {
            let mut reader = BufReader::new(file);
            let mut text = Vec::new();
            let mut end = 0u64;
            loop {
                text.clear();
                let n = reader
                    .read_until(b'\n', &mut text)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                if n == 0 {
                    break;
                }
                end += n as u64;
                let row = serde_json::from_slice::<serde_json::Value>(&text).ok();
                let key = |at: Option<usize>| at.map(|at| fields_of.names[at].as_str());
                let fields = row.as_ref().and_then(|row| {
                    let source = match key(fields_of.source) {
                        Some(key) => row.get(key)?.as_str()?,
                        None => only_source,
                    };
                    let status = match key(fields_of.status) {
                        Some(key) => row.get(key)?.as_str()?,
                        None => "unique",
                    };
                    Some((source, row.get(key(fields_of.line)?)?.as_u64()?, status))
                });
                match fields {
                    Some((source, line, status)) if text.ends_with(b"\n") => {
                        take(&mut written, end, source, line, status)?;
                    }
                    _ if end < size => {
                        return Err(bad(format!(
                            "line {} is not an sgrade row",
                            written.rows + 1
                        )))
                    }
                    _ => break,
                }
            }
        }
        OutputFormat::Gnpx | OutputFormat::Parquet => {
            return Err("--resume needs rows with their source and line: \
                        --output-format csv or jsonl"
                .into())
        }
    }
    Ok(written)
}

/// The last byte of the file at `path` (of `size` bytes).
fn last_byte(path: &Path, size: u64) -> Result<Option<u8>, String> {
    use std::io::{Seek, SeekFrom};
    if size == 0 {
        return Ok(None);
    }
    let mut file = File::open(path).map_err(|e| e.to_string())?;
    let mut byte = [0u8];
    file.seek(SeekFrom::Start(size - 1))
        .and_then(|_| file.read_exact(&mut byte))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(Some(byte[0]))
}

/// Follows rows through the inputs of a run: rows come in input order, so each row is in the
/// input of the row before or a later one (the same file given twice is told apart by its
/// line numbers starting again).
struct Place<'a> {
    sources: &'a [&'a str],
    at: usize,
    line: u64,
}

impl<'a> Place<'a> {
    fn new(sources: &'a [&'a str]) -> Self {
        Place {
            sources,
            at: 0,
            line: 0,
        }
    }

    /// The input of the next row, from `source` and `line`; `None` if no input can hold it.
    fn find(&mut self, source: &str, line: u64) -> Option<usize> {
        let from = if self.sources.get(self.at) == Some(&source) && line > self.line {
            self.at
        } else {
            self.at + 1
        };
        let at = from
            + self
                .sources
                .get(from..)?
                .iter()
                .position(|s| *s == source)?;
        self.at = at;
        self.line = line;
        Some(at)
    }
}

/// Cuts the file at `path` to its first `length` bytes (the partial last row goes).
pub fn truncate(path: &Path, length: u64) -> Result<(), String> {
    fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|file| {
            file.set_len(length)?;
            file.sync_all()
        })
        .map_err(|e| format!("-o {}: {e}", path.display()))
}

/// `-o PATH` opened to append after its complete rows.
pub fn append(path: &Path) -> Result<Box<dyn Write>, String> {
    fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map(|file| Box::new(file) as Box<dyn Write>)
        .map_err(|e| format!("-o {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scanned(text: &str, format: OutputFormat, header: bool) -> Result<Written, String> {
        let names: Vec<String> = ["source", "line", "puzzle", "status", "extra", "message"]
            .map(String::from)
            .into();
        scanned_with(text, format, header, &names, &["a.txt", "b.txt", "a.txt"])
    }

    fn scanned_with(
        text: &str,
        format: OutputFormat,
        header: bool,
        names: &[String],
        sources: &[&str],
    ) -> Result<Written, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        fs::write(&path, text).unwrap();
        scan(
            &path,
            format,
            header,
            sources,
            &RowFields::new(names),
            &mut |_, _| Ok(()),
        )
    }

    #[test]
    fn rows_are_read_by_their_columns_wherever_they_stand() {
        // `--columns status,line` over one input: no source column, the status first.
        let names: Vec<String> = ["status", "line"].map(String::from).into();
        let text = "status,line\nunique,1\nmultiple,2\nunique,5\n";
        let w = scanned_with(text, OutputFormat::Csv, true, &names, &["a.txt"]).unwrap();
        assert_eq!((w.rows, w.not_unique, w.last), (3, 1, Some((0, 5))));
        // A header of other columns is not this run's.
        let other = "line,status\n1,unique\n";
        assert!(
            scanned_with(other, OutputFormat::Csv, true, &names, &["a.txt"])
                .unwrap_err()
                .contains("not the header of this run's columns")
        );
        // JSON lines by key; no status column: every row counts as unique here.
        let names: Vec<String> = ["line", "rating"].map(String::from).into();
        let rows = "{\"line\":1,\"rating\":3}\n{\"line\":4,\"rating\":5}\n";
        let w = scanned_with(rows, OutputFormat::Jsonl, false, &names, &["a.txt"]).unwrap();
        assert_eq!((w.rows, w.not_unique, w.last), (2, 0, Some((0, 4))));
        let fields = RowFields::new(&names);
        assert!(!fields.has_status() && fields.unresumable(1).is_none());
        assert!(
            fields.unresumable(2).is_some(),
            "several inputs need a source"
        );
        let no_line: Vec<String> = ["source", "status"].map(String::from).into();
        assert!(RowFields::new(&no_line).unresumable(1).is_some());
    }

    #[test]
    fn complete_rows_are_kept_and_a_partial_last_row_is_cut() {
        let head = "source,line,puzzle,status,extra,message\n";
        let rows = "a.txt,1,p,unique,,\na.txt,3,q,invalid,\"x\ny\",m\nb.txt,2,r,unique,,\n";
        let full = format!("{head}{rows}");
        let w = scanned(&full, OutputFormat::Csv, true).unwrap();
        assert_eq!(
            w,
            Written {
                length: full.len() as u64,
                header: true,
                rows: 3,
                not_unique: 1,
                last: Some((1, 2)),
            }
        );
        // Cut anywhere in the last row (inside the quoted field with a line end included):
        // the rows before it stay.
        let before_last = full.len() - "b.txt,2,r,unique,,\n".len();
        for cut in before_last..full.len() {
            let w = scanned(&full[..cut], OutputFormat::Csv, true).unwrap();
            assert_eq!((w.length, w.rows), (before_last as u64, 2), "cut at {cut}");
        }
        let second = head.len() + "a.txt,1,p,unique,,\n".len();
        for cut in second + 1..before_last {
            let w = scanned(&full[..cut], OutputFormat::Csv, true).unwrap();
            assert_eq!((w.length, w.rows), (second as u64, 1), "cut at {cut}");
        }
        // A partial header: nothing is kept.
        let w = scanned(&head[..10], OutputFormat::Csv, true).unwrap();
        assert_eq!((w.length, w.header), (0, false));
        // The same file given twice: line numbers starting again mean the second one.
        let twice = format!("{head}a.txt,1,p,unique,,\nb.txt,1,q,unique,,\na.txt,1,p,unique,,\n");
        let w = scanned(&twice, OutputFormat::Csv, true).unwrap();
        assert_eq!(w.last, Some((2, 1)));
        // A row of another input is refused.
        let other = format!("{head}c.txt,1,p,unique,,\n");
        assert!(scanned(&other, OutputFormat::Csv, true)
            .unwrap_err()
            .contains("does not follow from the inputs"));
    }

    #[test]
    fn json_lines_keep_their_complete_rows() {
        let rows = "{\"source\":\"a.txt\",\"line\":1,\"status\":\"unique\"}\n\
                    {\"source\":\"a.txt\",\"line\":2,\"status\":\"multiple\"}\n";
        let w = scanned(rows, OutputFormat::Jsonl, false).unwrap();
        assert_eq!((w.rows, w.not_unique, w.last), (2, 1, Some((0, 2))));
        let first = rows.find('\n').unwrap() + 1;
        for cut in first..rows.len() {
            let w = scanned(&rows[..cut], OutputFormat::Jsonl, false).unwrap();
            assert_eq!((w.length, w.rows), (first as u64, 1), "cut at {cut}");
        }
    }

    #[test]
    fn a_record_names_what_changed() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.txt");
        fs::write(&input, "123\n").unwrap();
        let options = vec!["grade".to_string(), "--scale gnpx".to_string()];
        let record = RunRecord::new(options.clone(), std::slice::from_ref(&input)).unwrap();
        let out = dir.path().join("out.csv");
        record.write_beside(&out).unwrap();
        let read = RunRecord::read_beside(&out).unwrap().unwrap();
        assert_eq!(read.mismatch(&record), None);
        let other = RunRecord::new(vec!["grade".into()], std::slice::from_ref(&input)).unwrap();
        assert!(other.mismatch(&read).unwrap().contains("options"));
        fs::write(&input, "124\n").unwrap();
        let changed = RunRecord::new(options, &[input]).unwrap();
        assert!(changed.mismatch(&read).unwrap().contains("changed since"));
        RunRecord::remove_beside(&out);
        assert_eq!(RunRecord::read_beside(&out).unwrap(), None);
    }
}
