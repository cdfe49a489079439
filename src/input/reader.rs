//! Streaming input: splits a puzzle file into records (one per puzzle line), plain or CSV.
//!
//! Plain files: one puzzle per line; anything after the puzzle (after a space, tab or comma) is
//! the record's `extra`; blank lines and `#` comments are skipped but counted. A file whose first
//! content line is a CSV header naming a `puzzle` column is read as CSV by that column, the other
//! columns going to `extra`. A UTF-8 BOM and CRLF line ends are accepted.

use std::io::{self, BufRead, BufReader, Read};

/// `input`, decompressed when it starts with the magic bytes of gzip, zstd, xz or bzip2
/// (concatenated members/frames/streams included); anything else passes through unchanged.
/// The format is told by content, not by file name, so stdin works too.
pub fn decompressed<R: Read + 'static>(input: R) -> io::Result<Box<dyn Read>> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let start = buffered.fill_buf()?;
    Ok(match start {
        [0x1F, 0x8B, ..] => Box::new(flate2::bufread::MultiGzDecoder::new(buffered)),
        [0x28, 0xB5, 0x2F, 0xFD, ..] => {
            Box::new(zstd::stream::read::Decoder::with_buffer(buffered)?)
        }
        [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => {
            Box::new(xz2::bufread::XzDecoder::new_multi_decoder(buffered))
        }
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => {
            Box::new(bzip2::bufread::MultiBzDecoder::new(buffered))
        }
        _ => Box::new(buffered),
    })
}

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

/// Reads records from a buffered source, one at a time, in input order.
pub struct RecordReader<R: BufRead> {
    source: R,
    mode: Mode,
    line: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over `source`.
    pub fn new(source: R) -> Self {
        RecordReader {
            source,
            mode: Mode::Undecided,
            line: 0,
            buffer: Vec::with_capacity(1024),
        }
    }

    /// The next record, `Ok(None)` at the end of input.
    pub fn next_record(&mut self) -> std::io::Result<Option<Record>> {
        loop {
            self.buffer.clear();
            if self.source.read_until(b'\n', &mut self.buffer)? == 0 {
                return Ok(None);
            }
            self.line += 1;
            let mut bytes = &self.buffer[..];
            if self.line == 1 {
                bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            }
            while let [rest @ .., b'\n' | b'\r'] = bytes {
                bytes = rest;
            }
            let text = match std::str::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => {
                    return Ok(Some(Record {
                        line: self.line,
                        puzzle: String::from_utf8_lossy(bytes).into_owned(),
                        column: 1,
                        extra: String::new(),
                        error: Some(format!("invalid UTF-8 at byte {}", e.valid_up_to() + 1)),
                    }))
                }
            };
            let content = text.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            if let Mode::Undecided = self.mode {
                let header = split_csv(content);
                if let Some(puzzle_column) = header
                    .iter()
                    .position(|f| f.trim().eq_ignore_ascii_case("puzzle"))
                {
                    self.mode = Mode::Csv { puzzle_column };
                    continue;
                }
                self.mode = Mode::Plain;
            }
            let line = self.line;
            return Ok(Some(match self.mode {
                Mode::Csv { puzzle_column } => csv_record(line, content, puzzle_column),
                _ => plain_record(line, text),
            }));
        }
    }
}

fn plain_record(line: u64, text: &str) -> Record {
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    let end = rest.find([' ', '\t', ',']).unwrap_or(rest.len());
    let extra = rest.get(end + 1..).unwrap_or("").trim_end();
    Record {
        line,
        puzzle: rest[..end].to_string(),
        column: text[..start].chars().count() + 1,
        extra: extra.to_string(),
        error: None,
    }
}

fn csv_record(line: u64, content: &str, puzzle_column: usize) -> Record {
    let fields = split_csv(content);
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
    Record {
        line,
        puzzle: puzzle.trim().to_string(),
        column: 1,
        extra: extra.join(","),
        error: None,
    }
}

/// Splits one CSV line into fields (RFC 4180 quoting, no embedded newlines).
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match (ch, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => quoted = true,
            (',', false) => fields.push(std::mem::take(&mut field)),
            _ => field.push(ch),
        }
    }
    fields.push(field);
    fields
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

    #[test]
    fn invalid_utf8_is_a_row_error_not_a_stop() {
        let r = records(b"ab\xFFcd\nok\n");
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].error.as_deref(), Some("invalid UTF-8 at byte 3"));
        assert_eq!(r[1].puzzle, "ok");
    }
}
