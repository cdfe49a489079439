//! Streaming input: splits a puzzle file into records (one per puzzle line), plain or CSV.
//!
//! Plain files: one puzzle per line; anything after the puzzle (after a space, tab or comma) is
//! the record's `extra`; blank lines and `#` comments are skipped but counted. A file whose first
//! content line is a CSV header naming a `puzzle` column is read as CSV by that column, the other
//! columns going to `extra`; a quoted field may hold line ends (the record is the lines up to
//! the one that closes it, numbered by its first). A UTF-8 BOM (at the start of any line:
//! concatenated files) and LF, CRLF and lone-CR line ends are accepted.
//!
//! Hostile lines get one record each with a precise error, and bounded memory: at most
//! [`MAX_LINE`] bytes of a line are held (a longer line is skipped to its end, only counted), an
//! error record echoes at most [`ECHO_CHARS`] characters, bad UTF-8 in a `#` comment or in the
//! extra text after a puzzle (CSV: in another field) does not invalidate the line, and NUL bytes are named (with a hint
//! when they look like UTF-16 without a byte-order mark).

use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, Read};

/// `input`, decompressed when it starts with the magic bytes of gzip, zstd, xz or bzip2
/// (concatenated members/frames/streams included); anything else passes through unchanged.
/// The format is told by content, not by file name, so stdin works too.
pub fn decompressed<R: Read + Send + 'static>(input: R) -> io::Result<Box<dyn Read + Send>> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let start = buffered.fill_buf()?;
    Ok(match start {
        [0x1F, 0x8B, ..] => Box::new(flate2::bufread::MultiGzDecoder::new(buffered)),
        [0x28, 0xB5, 0x2F, 0xFD, ..] => {
            Box::new(zstd::stream::read::Decoder::with_buffer(buffered)?)
        }
        [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => Box::new(XzLines::new(buffered)?),
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => {
            Box::new(bzip2::bufread::MultiBzDecoder::new(buffered))
        }
        _ => Box::new(buffered),
    })
}

/// An xz decoder (concatenated streams included) that gives every byte it decoded before a
/// corrupt byte or trailing garbage, and only then the error: `xz2`'s own reader drops what
/// the failing call decoded (hundreds of lines of a puzzle file), so liblzma's stream is driven
/// here as that reader drives it, keeping the error for the next call.
struct XzLines<R> {
    input: R,
    stream: xz2::stream::Stream,
    /// An error met after some bytes were given: returned by the next read.
    failed: Option<io::Error>,
}

impl<R: BufRead> XzLines<R> {
    fn new(input: R) -> io::Result<Self> {
        let stream = xz2::stream::Stream::new_stream_decoder(u64::MAX, xz2::stream::CONCATENATED)
            .map_err(io::Error::other)?;
        Ok(XzLines {
            input,
            stream,
            failed: None,
        })
    }
}

impl<R: BufRead> Read for XzLines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use xz2::stream::{Action, Status};
        if let Some(error) = self.failed.take() {
            return Err(error);
        }
        loop {
            let input = self.input.fill_buf()?;
            let at_end = input.is_empty();
            let (before_in, before_out) = (self.stream.total_in(), self.stream.total_out());
            let action = if at_end { Action::Finish } else { Action::Run };
            let result = self.stream.process(input, buf, action);
            let given = (self.stream.total_out() - before_out) as usize;
            let consumed = (self.stream.total_in() - before_in) as usize;
            self.input.consume(consumed);
            let status = match result {
                Ok(status) => status,
                Err(e) => {
                    let error = io::Error::new(io::ErrorKind::InvalidData, e);
                    if given == 0 {
                        return Err(error);
                    }
                    self.failed = Some(error);
                    return Ok(given);
                }
            };
            if given > 0 || buf.is_empty() {
                return Ok(given);
            }
            if at_end {
                return match status {
                    Status::StreamEnd => Ok(0),
                    _ => Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the xz stream ends early",
                    )),
                };
            }
            if consumed == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "corrupt xz stream",
                ));
            }
        }
    }
}

/// The number of lines of `input` by [`RecordReader`]'s rule (LF, CRLF and a lone CR each end a
/// line; a last line without an end counts), so that the line of the last row written tells how
/// much of an input is done (progress). Reads the input to its end, in 64 KiB blocks.
pub fn count_lines<R: Read>(mut input: R) -> io::Result<u64> {
    let mut block = vec![0u8; 1 << 16];
    let (mut lines, mut after_cr, mut open) = (0u64, false, false);
    loop {
        let n = match input.read(&mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        for &byte in &block[..n] {
            match byte {
                // The LF of a CRLF ends no second line.
                b'\n' if after_cr => open = false,
                b'\n' | b'\r' => {
                    lines += 1;
                    open = false;
                }
                _ => open = true,
            }
            after_cr = byte == b'\r';
        }
    }
    Ok(lines + u64::from(open))
}

/// The most bytes of one line the reader holds; a longer line becomes an error record without
/// being read into memory (a puzzle line is at most 729 characters plus its extra text).
pub const MAX_LINE: usize = 64 * 1024;

/// The most characters of a bad line an error record echoes as its puzzle text.
pub const ECHO_CHARS: usize = 200;

/// One puzzle line of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number in its file.
    pub line: u64,
    /// The puzzle text (not yet parsed).
    pub puzzle: String,
    /// 1-based column where the puzzle text starts.
    pub column: usize,
    /// Everything else on the line, verbatim (CSV: the other columns, re-joined).
    pub extra: String,
    /// A problem found before parsing (bad UTF-8, malformed CSV), reported on the row.
    pub error: Option<String>,
}

enum Mode {
    Undecided,
    Plain,
    Csv { puzzle_column: usize },
}

/// How an input is told apart: puzzle lines or a CSV table (`--input-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// CSV when the first content line is a header naming the puzzle column, else lines.
    #[default]
    Auto,
    /// Puzzle lines only: a first line naming a `puzzle` column is a (bad) puzzle line.
    Lines,
    /// A CSV table: its first content line is the header, unless one is given.
    Csv,
}

/// How a [`RecordReader`] reads its input: the options that let a shard of a file (a Spark
/// split, a `split` chunk) be read as the whole file would be.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Lines or CSV.
    pub format: InputFormat,
    /// The CSV header of an input that has none (a split of a CSV file after its first
    /// line): every line is data, and a line equal to it is skipped as a repeated header.
    pub csv_header: Option<String>,
    /// The column that holds the puzzle (case-insensitive); `None`: `puzzle`. Implies CSV.
    pub column: Option<String>,
    /// Added to every line number: the input is the part of a file after its first
    /// `line_offset` lines, and rows and messages name the file's lines.
    pub line_offset: u64,
}

/// What a line that makes no record of its own is ([`RecordReader::watch_line`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRole {
    /// The CSV header.
    Header,
    /// A later line equal to the CSV header (concatenated files), skipped.
    RepeatedHeader,
    /// A later line of a record whose quoted field goes on over line ends; the record's first
    /// line.
    InsideRecord(u64),
    /// A `#` comment.
    Comment,
    /// A blank line.
    Blank,
}

/// Reads records from a buffered source, one at a time, in input order.
pub struct RecordReader<R: BufRead> {
    source: R,
    mode: Mode,
    line: u64,
    buffer: Vec<u8>,
    /// The last line ended with a CR: an LF right after it belongs to that line end.
    after_cr: bool,
    /// Lines or CSV, from the options.
    format: InputFormat,
    /// The puzzle column's name when not `puzzle`.
    column: Option<String>,
    /// The CSV header's fields, trimmed, once known: a later line with the same fields is a
    /// repeated header (concatenated parts), skipped.
    header: Option<Vec<String>>,
    /// The line [`RecordReader::line_role`] tells about, and what it was once read.
    watch: Option<(u64, Option<LineRole>)>,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over `source`.
    pub fn new(source: R) -> Self {
        RecordReader {
            source,
            mode: Mode::Undecided,
            line: 0,
            buffer: Vec::with_capacity(1024),
            after_cr: false,
            format: InputFormat::Auto,
            column: None,
            header: None,
            watch: None,
        }
    }

    /// Remembers what `line` is, should it make no record of its own (`explain --line N`:
    /// "line 1 is the CSV header" rather than "no puzzle there").
    pub fn watch_line(&mut self, line: u64) {
        self.watch = Some((line, None));
    }

    /// What the line given to [`RecordReader::watch_line`] was, once read, if it made no
    /// record of its own (`None` too for a line not read yet, or one that made a record).
    pub fn line_role(&self) -> Option<LineRole> {
        self.watch.and_then(|(_, role)| role)
    }

    /// How many lines have been read (the last line of the last record, or further).
    pub fn lines_read(&self) -> u64 {
        self.line
    }

    /// Notes that the line just read is `role`, if it is the watched one.
    fn mark(&mut self, role: LineRole) {
        if let Some((line, seen)) = &mut self.watch {
            if *line == self.line {
                *seen = Some(role);
            }
        }
    }

    /// A reader over `source` with `options`; fails when a given header lacks the column.
    pub fn with_options(source: R, options: &ReadOptions) -> Result<Self, String> {
        let mut reader = RecordReader::new(source);
        reader.line = options.line_offset;
        reader.column = options.column.clone();
        reader.format = match (options.format, &options.column) {
            (InputFormat::Auto, Some(_)) => InputFormat::Csv,
            (format, _) => format,
        };
        if reader.format == InputFormat::Lines {
            if options.csv_header.is_some() || options.column.is_some() {
                return Err("--input-format lines takes no --csv-header or --column".into());
            }
            reader.mode = Mode::Plain;
        }
        if let Some(header) = &options.csv_header {
            let fields: Vec<String> = split_csv(header.trim())
                .iter()
                .map(|f| f.trim().to_string())
                .collect();
            let puzzle_column = reader
                .puzzle_column(&fields)
                .ok_or_else(|| reader.no_column(&fields, "--csv-header"))?;
            reader.mode = Mode::Csv { puzzle_column };
            reader.format = InputFormat::Csv;
            reader.header = Some(fields);
        }
        Ok(reader)
    }

    /// The CSV header's field names, once read (or given).
    pub fn header(&self) -> Option<&[String]> {
        self.header.as_deref()
    }

    /// The CSV header's columns other than the puzzle's, in order, once the header is known:
    /// the fields a record's `extra` holds.
    pub fn other_columns(&self) -> Option<Vec<String>> {
        let (Mode::Csv { puzzle_column }, Some(header)) = (&self.mode, &self.header) else {
            return None;
        };
        Some(
            header
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != *puzzle_column)
                .map(|(_, f)| f.clone())
                .collect(),
        )
    }

    /// Where the puzzle column is among `fields`.
    fn puzzle_column(&self, fields: &[String]) -> Option<usize> {
        let name = self.column.as_deref().unwrap_or("puzzle");
        fields
            .iter()
            .position(|f| f.trim().eq_ignore_ascii_case(name))
    }

    /// The error for a header without the puzzle column.
    fn no_column(&self, fields: &[String], what: &str) -> String {
        let name = self.column.as_deref().unwrap_or("puzzle");
        let hint = if self.column.is_some() {
            ""
        } else {
            "; name the puzzle column with --column NAME, or read the lines as puzzles with \
             --input-format lines"
        };
        format!(
            "{what} has no `{name}` column (columns: {}){hint}",
            fields.join(", ")
        )
    }

    /// Reads the next line into `buffer`, without its end (LF, CRLF or a lone CR), holding at
    /// most [`MAX_LINE`] bytes; returns the line's full length in bytes, `None` at the end.
    fn read_line(&mut self) -> std::io::Result<Option<usize>> {
        self.buffer.clear();
        let mut length = 0usize;
        let mut any = false;
        loop {
            let chunk = match self.source.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then_some(length));
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    start = 1;
                }
            }
            let rest = &chunk[start..];
            if rest.is_empty() {
                self.source.consume(start);
                continue;
            }
            any = true;
            let end = memchr::memchr2(b'\n', b'\r', rest);
            let taken = end.unwrap_or(rest.len());
            let room = MAX_LINE.saturating_sub(self.buffer.len());
            self.buffer.extend_from_slice(&rest[..taken.min(room)]);
            length += taken;
            match end {
                Some(at) => {
                    self.after_cr = rest[at] == b'\r';
                    self.source.consume(start + at + 1);
                    return Ok(Some(length));
                }
                None => self.source.consume(start + taken),
            }
        }
    }

    /// The next record, `Ok(None)` at the end of input.
    pub fn next_record(&mut self) -> std::io::Result<Option<Record>> {
        loop {
            let Some(length) = self.read_line()? else {
                return Ok(None);
            };
            self.line += 1;
            let mut bytes = &self.buffer[..];
            // A BOM opens the file, or a file concatenated to it.
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            if bytes.trim_ascii_start().first() == Some(&b'#') {
                // A comment, whatever its encoding (Latin-1 bytes in a comment are common).
                self.mark(LineRole::Comment);
                continue;
            }
            if bytes == b"\0" {
                // The high byte of a UTF-16LE line end after a CR (`0D 00 0A 00`); the lines
                // around it are named as UTF-16.
                continue;
            }
            if length > MAX_LINE {
                // The whole line is rejected, a puzzle at its start included: its extra text
                // is kept verbatim in the row, and a cut one would pass for the real one.
                let mut record = error_record(
                    self.line,
                    &[],
                    format!(
                        "line too long: {length} bytes (a line, its extra text included, may \
                         hold at most {MAX_LINE})"
                    ),
                );
                record.puzzle = echo_cut(bytes, length);
                return Ok(Some(record));
            }
            if let Some(at) = memchr::memchr(0, bytes) {
                return Ok(Some(error_record(self.line, bytes, nul_message(bytes, at))));
            }
            let csv = matches!(self.mode, Mode::Csv { .. });
            let text: Cow<'_, str> = match std::str::from_utf8(bytes) {
                Ok(text) => Cow::Borrowed(text),
                // CSV: the fields are told apart first; only bad bytes in the puzzle's field
                // make the row invalid (below).
                Err(_) if csv => String::from_utf8_lossy(bytes),
                Err(e) => {
                    let valid = &bytes[..e.valid_up_to()];
                    let puzzle_end = valid
                        .trim_ascii_start()
                        .iter()
                        .position(|b| matches!(b, b' ' | b'\t' | b','))
                        .map(|end| end + (valid.len() - valid.trim_ascii_start().len()));
                    if let Some(end) = puzzle_end {
                        // Bad bytes only in the extra text: the puzzle stands, the extra is
                        // kept with U+FFFD for what is not UTF-8.
                        let head = std::str::from_utf8(&bytes[..end]).expect("valid prefix");
                        if let Mode::Undecided = self.mode {
                            // A header names its columns in UTF-8; this is a puzzle line.
                            self.mode = Mode::Plain;
                        }
                        let mut record = plain_record(self.line, head);
                        record.extra = String::from_utf8_lossy(&bytes[end + 1..])
                            .trim_end()
                            .to_string();
                        return Ok(Some(record));
                    }
                    return Ok(Some(error_record(
                        self.line,
                        bytes,
                        format!("invalid UTF-8 at byte {}", e.valid_up_to() + 1),
                    )));
                }
            };
            let content = text.trim();
            if content.is_empty() || content.starts_with('#') {
                self.mark(if content.is_empty() {
                    LineRole::Blank
                } else {
                    LineRole::Comment
                });
                continue;
            }
            if let Mode::Undecided = self.mode {
                let header: Vec<String> = split_csv(content)
                    .iter()
                    .map(|f| f.trim().to_string())
                    .collect();
                if let Some(puzzle_column) = self.puzzle_column(&header) {
                    self.mode = Mode::Csv { puzzle_column };
                    self.header = Some(header);
                    self.mark(LineRole::Header);
                    continue;
                }
                // A header without the puzzle column would make every row `invalid`: say so
                // once, as an error of the input, instead.
                if self.format == InputFormat::Csv || looks_like_header(&header) {
                    let what = format!("line {} (the CSV header)", self.line);
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        self.no_column(&header, &what),
                    ));
                }
                self.mode = Mode::Plain;
            }
            if let (Mode::Csv { .. }, Some(header)) = (&self.mode, &self.header) {
                // Concatenated parts repeat the header: it is no data row.
                if is_header_again(content, header) {
                    self.mark(LineRole::RepeatedHeader);
                    continue;
                }
            }
            let line = self.line;
            let Mode::Csv { puzzle_column } = self.mode else {
                return Ok(Some(plain_record(line, &text)));
            };
            let bad_utf8 = matches!(text, Cow::Owned(_));
            let mut record = if open_quote(&text) {
                // A quoted field goes on over the line end: the record is the lines up to
                // the one that closes it.
                let mut joined = text.into_owned();
                match self.continue_quoted(&mut joined)? {
                    Ok(()) => csv_record(line, &joined, puzzle_column),
                    Err(why) => return Ok(Some(error_record(line, joined.as_bytes(), why))),
                }
            } else {
                csv_record(line, &text, puzzle_column)
            };
            if bad_utf8 && record.puzzle.contains('\u{FFFD}') {
                record.error = Some("invalid UTF-8 in the puzzle field".to_string());
                // An error record's echo is cut, as every other one is (found by fuzzing: a
                // long field was echoed whole).
                record.puzzle = echo(&record.puzzle);
            }
            return Ok(Some(record));
        }
    }

    /// Appends the lines that follow to `joined` (each after a `\n`) until its quotes are
    /// balanced; `Err` (the reason) when the input ends first or the record grows past
    /// [`MAX_LINE`] bytes.
    fn continue_quoted(&mut self, joined: &mut String) -> io::Result<Result<(), String>> {
        let first = self.line;
        while open_quote(joined) {
            let Some(length) = self.read_line()? else {
                return Ok(Err(format!(
                    "a quoted field opened on line {first} is not closed before the end"
                )));
            };
            self.line += 1;
            self.mark(LineRole::InsideRecord(first));
            if joined.len() + 1 + length > MAX_LINE {
                return Ok(Err(format!(
                    "a quoted field opened on line {first} runs past {MAX_LINE} bytes"
                )));
            }
            joined.push('\n');
            joined.push_str(&String::from_utf8_lossy(&self.buffer));
        }
        Ok(Ok(()))
    }
}

/// Whether `text` ends inside a quoted CSV field (an odd number of quotes: a doubled quote
/// inside a field counts twice).
fn open_quote(text: &str) -> bool {
    text.bytes().filter(|&b| b == b'"').count() % 2 == 1
}

/// Whether a first line that names no puzzle column is a CSV header all the same: two or more
/// fields, each a name (letters, digits, `_`, `-`, `.`, spaces; at least one letter), none of
/// them puzzle-like. A puzzle line with a comment after it has a field of 81 cells.
fn looks_like_header(fields: &[String]) -> bool {
    fields.len() >= 2
        && fields.iter().any(|f| f.chars().any(|c| c.is_alphabetic()))
        && fields.iter().all(|f| {
            !f.is_empty()
                && f.len() < 64
                && f.chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '))
                && !(f.len() >= 17 && f.chars().all(|c| c.is_ascii_digit() || c == '.'))
        })
}

/// Whether `content` (a trimmed line) holds the same fields as `header`.
fn is_header_again(content: &str, header: &[String]) -> bool {
    // Cheap test first: a header line starts with the first column's name.
    let first = header.first().map(String::as_str).unwrap_or("");
    let start = content.trim_start_matches('"');
    if !start
        .get(..first.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(first))
    {
        return false;
    }
    let fields = split_csv(content);
    fields.len() == header.len()
        && fields
            .iter()
            .zip(header)
            .all(|(f, h)| f.trim().eq_ignore_ascii_case(h))
}

/// A record for a line that is no puzzle text: at most [`ECHO_CHARS`] characters of it echoed
/// (with a note of its length when cut), and the reason.
fn error_record(line: u64, bytes: &[u8], error: String) -> Record {
    Record {
        line,
        puzzle: echo(&String::from_utf8_lossy(bytes)),
        column: 1,
        extra: String::new(),
        error: Some(error),
    }
}

/// `text`, or its first [`ECHO_CHARS`] characters and a note of its length.
pub fn echo(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

/// The first [`ECHO_CHARS`] characters of `held`, the part read of a line of `length` bytes
/// that was too long to read whole, and a note of that length.
fn echo_cut(held: &[u8], length: usize) -> String {
    // Four bytes a character at most: no need to decode all that is held.
    let head = String::from_utf8_lossy(&held[..held.len().min(4 * ECHO_CHARS)]);
    let cut = head
        .char_indices()
        .nth(ECHO_CHARS)
        .map_or(head.len(), |(at, _)| at);
    format!("{}… ({length} bytes)", &head[..cut])
}

/// Names the NUL byte at `at`; a line whose every other byte is NUL is likely UTF-16.
fn nul_message(bytes: &[u8], at: usize) -> String {
    let nuls = bytes.iter().filter(|&&b| b == 0).count();
    let alternate = |parity: usize| {
        bytes
            .iter()
            .enumerate()
            .filter(|&(i, _)| i % 2 == parity)
            .all(|(_, &b)| b == 0)
    };
    if bytes.len() >= 4 && 2 * nuls + 1 >= bytes.len() && (alternate(0) || alternate(1)) {
        "looks like UTF-16 without a byte-order mark (every other byte is NUL); save the file \
         as UTF-8 or with a BOM"
            .to_string()
    } else {
        format!("NUL byte at byte {}", at + 1)
    }
}

fn plain_record(line: u64, text: &str) -> Record {
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    // Bytes, not chars: in UTF-8 these ASCII bytes only ever stand for themselves.
    let end = memchr::memchr3(b' ', b'\t', b',', rest.as_bytes()).unwrap_or(rest.len());
    let extra = rest.get(end + 1..).unwrap_or("").trim_end();
    Record {
        line,
        puzzle: rest[..end].to_string(),
        column: text[..start].chars().count() + 1,
        extra: extra.to_string(),
        error: None,
    }
}

fn csv_record(line: u64, text: &str, puzzle_column: usize) -> Record {
    unquoted_csv_record(line, text, puzzle_column)
        .unwrap_or_else(|| any_csv_record(line, text, puzzle_column))
}

/// [`csv_record`] of any line, quoted fields and all.
fn any_csv_record(line: u64, text: &str, puzzle_column: usize) -> Record {
    let content = text.trim();
    // Columns count from the start of the line, as a user sees them.
    let lead = text[..text.len() - text.trim_start().len()].chars().count();
    let (fields, starts) = split_csv_columns(content);
    let Some(puzzle) = fields.get(puzzle_column) else {
        return Record {
            line,
            puzzle: String::new(),
            column: 1,
            extra: content.to_string(),
            error: Some(format!(
                "CSV row has {} fields, no puzzle column {}",
                fields.len(),
                puzzle_column + 1
            )),
        };
    };
    let extra: Vec<String> = fields
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != puzzle_column)
        .map(|(_, f)| quote_csv(f))
        .collect();
    let inner_lead = puzzle.chars().count() - puzzle.trim_start().chars().count();
    Record {
        line,
        puzzle: puzzle.trim().to_string(),
        column: lead + starts[puzzle_column] + inner_lead,
        extra: extra.join(","),
        error: None,
    }
}

/// [`csv_record`] of the usual line: ASCII, no quotes, a puzzle field. Its fields are the
/// text between commas as it stands (nothing to unquote, nor to quote again in `extra`), and
/// a column is a byte offset, so the record comes from slices of the line instead of a field
/// by field, char by char copy (which cost more than solving an easy puzzle). `None` for any
/// other line.
fn unquoted_csv_record(line: u64, text: &str, puzzle_column: usize) -> Option<Record> {
    if !text.is_ascii() || text.contains('"') {
        return None;
    }
    let content = text.trim();
    let lead = text.len() - text.trim_start().len();
    // The puzzle field's bounds in `content`.
    let mut start = 0;
    for _ in 0..puzzle_column {
        start += content[start..].find(',')? + 1;
    }
    let end = content[start..]
        .find(',')
        .map_or(content.len(), |at| start + at);
    let puzzle = &content[start..end];
    // The other fields, joined by commas as they were.
    let before = (start > 0).then(|| &content[..start - 1]);
    let after = (end < content.len()).then(|| &content[end + 1..]);
    let extra = match (before, after) {
        (Some(before), Some(after)) => format!("{before},{after}"),
        (Some(only), None) | (None, Some(only)) => only.to_string(),
        (None, None) => String::new(),
    };
    Some(Record {
        line,
        puzzle: puzzle.trim().to_string(),
        column: lead + start + 1 + (puzzle.len() - puzzle.trim_start().len()),
        extra,
        error: None,
    })
}

/// Splits one CSV record into fields (RFC 4180 quoting): how a CSV
/// record's `extra` (its other fields, re-quoted) is taken apart again.
pub fn split_csv_fields(line: &str) -> Vec<String> {
    if line.is_empty() {
        return Vec::new();
    }
    split_csv(line)
}

/// Splits one CSV record into fields (RFC 4180 quoting).
fn split_csv(line: &str) -> Vec<String> {
    split_csv_columns(line).0
}

/// [`split_csv`], with the 1-based column (in characters) where each field's text starts
/// (after an opening quote).
fn split_csv_columns(line: &str) -> (Vec<String>, Vec<usize>) {
    let mut fields = Vec::new();
    let mut starts = vec![1];
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().enumerate().peekable();
    while let Some((index, ch)) = chars.next() {
        match (ch, quoted) {
            ('"', true) if chars.peek().map(|&(_, c)| c) == Some('"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => {
                quoted = true;
                *starts.last_mut().expect("one start per field") = index + 2;
            }
            (',', false) => {
                fields.push(std::mem::take(&mut field));
                starts.push(index + 2);
            }
            _ => field.push(ch),
        }
    }
    fields.push(field);
    (fields, starts)
}

fn quote_csv(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(input: &[u8]) -> Vec<Record> {
        let mut reader = RecordReader::new(input);
        let mut out = Vec::new();
        while let Some(r) = reader.next_record().unwrap() {
            out.push(r);
        }
        out
    }

    #[test]
    fn plain_lines_with_extras_comments_bom_and_crlf() {
        let input =
            b"\xEF\xBB\xBF# comment\r\n\r\n  abc 5 \"XWing\"\r\ndef,1,2\nghi\tx y\n#x\nlast";
        let r = records(input);
        assert_eq!(r.len(), 4);
        assert_eq!(
            (
                r[0].line,
                r[0].puzzle.as_str(),
                r[0].extra.as_str(),
                r[0].column
            ),
            (3, "abc", "5 \"XWing\"", 3)
        );
        assert_eq!(
            (r[1].line, r[1].puzzle.as_str(), r[1].extra.as_str()),
            (4, "def", "1,2")
        );
        assert_eq!(
            (r[2].line, r[2].puzzle.as_str(), r[2].extra.as_str()),
            (5, "ghi", "x y")
        );
        assert_eq!(
            (r[3].line, r[3].puzzle.as_str(), r[3].extra.as_str()),
            (7, "last", "")
        );
        assert!(r.iter().all(|x| x.error.is_none()));
    }

    #[test]
    fn csv_by_puzzle_column() {
        let input = b"id,Puzzle,note\n1,abc,\"x, y\"\n\n2,def,plain\n3\n";
        let r = records(input);
        assert_eq!(r.len(), 3);
        assert_eq!(
            (r[0].line, r[0].puzzle.as_str(), r[0].extra.as_str()),
            (2, "abc", "1,\"x, y\"")
        );
        assert_eq!(
            (r[1].line, r[1].puzzle.as_str(), r[1].extra.as_str()),
            (4, "def", "2,plain")
        );
        assert_eq!(r[2].line, 5);
        assert!(r[2].error.as_deref().unwrap().contains("no puzzle column"));
    }

    const P: &str =
        "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";

    #[test]
    fn count_lines_agrees_with_the_reader() {
        let cases = [
            (format!("{P}\r{P}\r\n{P}\n\r{P}"), 5),
            (format!("{P}\n\n# c\n{P}\n"), 4),
            (format!("# c\n{P}\n\n"), 3),
            (P.to_string(), 1),
            (String::new(), 0),
            ("\r\n\r\n".into(), 2),
        ];
        for (input, expected) in cases {
            assert_eq!(
                count_lines(input.as_bytes()).unwrap(),
                expected,
                "{input:?}"
            );
            // When the input ends with a puzzle, its record is on the last line counted.
            if input.ends_with(P) {
                let last = records(input.as_bytes()).last().unwrap().line;
                assert_eq!(last, expected, "{input:?}");
            }
        }
    }

    #[test]
    fn lone_cr_crlf_and_lf_each_end_a_line() {
        let input = format!("{P}\r{P}\r\n{P}\n\r{P}");
        let r = records(input.as_bytes());
        assert_eq!(r.len(), 4);
        assert!(r.iter().all(|x| x.puzzle == P && x.error.is_none()));
        // LF then CR is two line ends: the blank line between is counted.
        assert_eq!(r.iter().map(|x| x.line).collect::<Vec<_>>(), [1, 2, 3, 5]);
        // A CR at the end of one read and its LF at the start of the next are one line end.
        let joined = format!("{P}\r\n{P}");
        let (head, tail) = joined.as_bytes().split_at(82);
        let mut reader = RecordReader::new(std::io::Read::chain(head, tail));
        let mut lines = Vec::new();
        while let Some(record) = reader.next_record().unwrap() {
            lines.push(record.line);
        }
        assert_eq!(lines, [1, 2]);
    }

    #[test]
    fn a_bom_in_mid_file_and_latin1_in_a_comment_are_harmless() {
        let input = format!("{P}\n\u{FEFF}{P}\n");
        let mut bytes = input.into_bytes();
        bytes.extend_from_slice(b"# caf\xE9 cr\xE8me\n");
        bytes.extend_from_slice(P.as_bytes());
        let r = records(&bytes);
        assert_eq!(r.len(), 3);
        assert!(r.iter().all(|x| x.puzzle == P && x.error.is_none()));
        assert_eq!(r[2].line, 4);
    }

    #[test]
    fn bad_utf8_only_in_the_extra_text_keeps_the_puzzle() {
        let mut bytes = P.as_bytes().to_vec();
        bytes.extend_from_slice(b" caf\xE9\n");
        let r = records(&bytes);
        assert_eq!(r[0].puzzle, P);
        assert_eq!(r[0].error, None);
        assert_eq!(r[0].extra, "caf\u{FFFD}");
        // In the puzzle itself it is a row error.
        let r = records(b"4..\xE9..\n");
        assert_eq!(r[0].error.as_deref(), Some("invalid UTF-8 at byte 4"));
    }

    #[test]
    fn nul_bytes_are_named_and_utf16_without_bom_is_recognised() {
        let r = records(b"12\x0034\n");
        assert_eq!(r[0].error.as_deref(), Some("NUL byte at byte 3"));
        let utf16: Vec<u8> = format!("{P}\r\n{P}\n")
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let r = records(&utf16);
        assert_eq!(r.len(), 2, "{r:?}");
        for record in &r {
            assert!(record
                .error
                .as_deref()
                .unwrap()
                .starts_with("looks like UTF-16 without a byte-order mark"));
        }
    }

    #[test]
    fn a_huge_line_is_rejected_fast_and_never_held_whole() {
        let mut bytes = vec![b'7'; 50 * 1024 * 1024];
        bytes.push(b'\n');
        bytes.extend_from_slice(P.as_bytes());
        let started = std::time::Instant::now();
        let mut reader = RecordReader::new(std::io::BufReader::new(&bytes[..]));
        let long = reader.next_record().unwrap().unwrap();
        assert!(reader.buffer.capacity() <= 2 * MAX_LINE);
        let next = reader.next_record().unwrap().unwrap();
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        assert_eq!(
            long.error.as_deref(),
            Some(
                "line too long: 52428800 bytes (a line, its extra text included, may hold at \
                 most 65536)"
            )
        );
        // The echo notes the line's length, not the part held.
        assert_eq!(
            long.puzzle,
            format!("{}… (52428800 bytes)", "7".repeat(ECHO_CHARS))
        );
        assert_eq!((next.line, next.puzzle.as_str()), (2, P));
    }

    #[test]
    fn a_puzzle_with_too_long_extra_text_is_one_row_in_lines_and_csv() {
        // Multi-byte characters around the cut: the echo stays whole characters.
        let extra = "é".repeat(MAX_LINE);
        let plain = records(format!("{P} {extra}\n{P}\n").as_bytes());
        let length = P.len() + 1 + extra.len();
        assert_eq!(plain.len(), 2);
        assert!(plain[0]
            .error
            .as_deref()
            .unwrap()
            .starts_with(&format!("line too long: {length} bytes")));
        assert_eq!(
            plain[0].puzzle,
            format!("{P} {}… ({length} bytes)", "é".repeat(ECHO_CHARS - 82))
        );
        assert_eq!((plain[1].line, plain[1].error.as_deref()), (2, None));
        let csv = records(format!("id,puzzle,note\n1,{P},{extra}\n2,{P},x\n").as_bytes());
        assert_eq!(csv.len(), 2);
        assert_eq!(csv[0].line, 2);
        assert!(csv[0].puzzle.starts_with(&format!("1,{P},é")));
        assert!(csv[0]
            .error
            .as_deref()
            .unwrap()
            .starts_with("line too long"));
        assert_eq!((csv[1].line, csv[1].puzzle.as_str()), (3, P));
    }

    #[test]
    fn unquoted_csv_lines_make_the_records_the_general_split_makes() {
        let pieces = [
            "",
            " ",
            "a",
            " b ",
            "\tc",
            "..3.2.6..9",
            " 1.2 ",
            "x y",
            "-",
            "#",
        ];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let lines = [
                        a.to_string(),
                        format!("{a},{b}"),
                        format!("{a},{b},{c}"),
                        format!(" {a},{b},,{c}, "),
                        format!("{a},,{b},"),
                    ];
                    for text in &lines {
                        for puzzle_column in 0..4 {
                            let general = any_csv_record(7, text, puzzle_column);
                            match unquoted_csv_record(7, text, puzzle_column) {
                                Some(fast) => {
                                    assert_eq!(fast, general, "{text:?} column {puzzle_column}");
                                    checked += 1;
                                }
                                // Only a row without the puzzle column is left to the split.
                                None => assert!(general.error.is_some(), "{text:?}"),
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
        // Quotes and non-ASCII text take the general split.
        assert_eq!(unquoted_csv_record(1, "\"a\",b", 0), None);
        assert_eq!(unquoted_csv_record(1, "é,b", 1), None);
    }

    #[test]
    fn csv_columns_count_from_the_start_of_the_line() {
        let r = records(b"id,note,puzzle\n7,\"a, b\",  4x..\n");
        assert_eq!(r[0].puzzle, "4x..");
        // `4` is character 12 of the line, `x` character 13.
        assert_eq!(r[0].column, 12);
        let error = crate::input::puzzle::parse_puzzle(&r[0].puzzle, r[0].column).unwrap_err();
        assert_eq!(error.to_string(), "bad character 'x' at column 13");
    }

    #[test]
    fn a_quoted_line_end_in_a_csv_field_stays_in_its_record() {
        let input = format!("id,puzzle,note\n1,{P},\"two\r\nlines, \"\"quoted\"\"\"\n2,{P},x\n");
        let r = records(input.as_bytes());
        assert_eq!(r.len(), 2, "{r:?}");
        assert_eq!((r[0].line, r[0].puzzle.as_str()), (2, P));
        assert_eq!(r[0].extra, "1,\"two\nlines, \"\"quoted\"\"\"");
        assert_eq!(r[0].error, None);
        // The next record keeps its own line number.
        assert_eq!(
            (r[1].line, r[1].puzzle.as_str(), r[1].extra.as_str()),
            (4, P, "2,x")
        );
        // Never closed: one error record, named by the line that opened it.
        let r = records(format!("id,puzzle,note\n1,{P},\"open\nmore\n").as_bytes());
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].error.as_deref(),
            Some("a quoted field opened on line 2 is not closed before the end")
        );
        // A quoted field that never closes is not read without bound.
        let mut long = format!("id,puzzle,note\n1,{P},\"").into_bytes();
        long.extend(std::iter::repeat_n(b"x\n".as_slice(), MAX_LINE).flatten());
        let r = records(&long);
        assert!(r[0]
            .error
            .as_deref()
            .unwrap()
            .contains("runs past 65536 bytes"));
        // The lines after the cut are read as records of their own.
        assert!((30_000..33_000).contains(&r[1].line), "{}", r[1].line);
    }

    #[test]
    fn csv_bad_utf8_only_outside_the_puzzle_field_keeps_the_puzzle() {
        let mut bytes = format!("puzzle,note\n{P},caf").into_bytes();
        bytes.extend_from_slice(b"\xE9\n4..\xE9,ok\n");
        let r = records(&bytes);
        assert_eq!((r[0].puzzle.as_str(), r[0].error.as_deref()), (P, None));
        assert_eq!(r[0].extra, "caf\u{FFFD}");
        assert_eq!(
            r[1].error.as_deref(),
            Some("invalid UTF-8 in the puzzle field")
        );
        // A long bad field is echoed cut, with its length.
        let mut bytes = b"puzzle,note\n".to_vec();
        bytes.extend_from_slice(&[b'5'; 300]);
        bytes.extend_from_slice(b"\xE9,ok\n");
        let r = records(&bytes);
        assert!(r[0].error.is_some());
        assert_eq!(
            r[0].puzzle,
            format!("{}… (301 characters)", "5".repeat(200))
        );
    }

    #[test]
    fn invalid_utf8_is_a_row_error_not_a_stop() {
        let r = records(b"ab\xFFcd\nok\n");
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].error.as_deref(), Some("invalid UTF-8 at byte 3"));
        assert_eq!(r[1].puzzle, "ok");
    }
}
