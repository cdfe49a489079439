//! CSV records written byte by byte into one buffer, exactly as the `csv` crate's default
//! writer writes them: a field is quoted only when it holds a comma, a quote, CR or LF (quotes
//! doubled inside), records end in LF, and a record with no text at all is written `""`.
//!
//! Why not the `csv` crate here: a graded row is some 90 fields, most of them one-digit counts,
//! and handing them over as a `ByteRecord` cost more than making them (a copy into the record,
//! a quoting scan and a copy out per field: ~15k instructions a row on royle17, as much as
//! grading an easy puzzle's first singles). Here a count goes straight into the output buffer
//! and only text fields are scanned for quoting.

use std::io::{self, Write};

/// Bytes kept before they are written to the output (the `csv` crate's buffer size).
const BUFFER: usize = 8 * 1024;

/// Writes CSV records to `W` through a buffer (flushed when full, on [`CsvEncoder::flush`],
/// and when dropped).
pub struct CsvEncoder<W: Write> {
    output: W,
    buffer: Vec<u8>,
    /// Where the record being written starts in `buffer`.
    record_start: usize,
    /// Fields written in the current record.
    fields: usize,
}

impl<W: Write> CsvEncoder<W> {
    /// An encoder writing to `output`.
    pub fn new(output: W) -> Self {
        CsvEncoder {
            output,
            buffer: Vec::with_capacity(2 * BUFFER),
            record_start: 0,
            fields: 0,
        }
    }

    /// The comma before every field but a record's first.
    #[inline]
    fn separate(&mut self) {
        if self.fields > 0 {
            self.buffer.push(b',');
        }
        self.fields += 1;
    }

    /// Appends a text field, quoted if it needs to be.
    pub fn text(&mut self, text: &[u8]) {
        self.separate();
        if needs_quotes(text) {
            self.buffer.push(b'"');
            for &b in text {
                if b == b'"' {
                    self.buffer.push(b'"');
                }
                self.buffer.push(b);
            }
            self.buffer.push(b'"');
        } else {
            self.buffer.extend_from_slice(text);
        }
    }

    /// Appends an unsigned integer field (digits never need quotes). Inlined: a graded row
    /// writes some 80 counts, and the call cost more than writing a one-digit count.
    #[inline]
    pub fn uint(&mut self, n: u64) {
        self.separate();
        if n < 10 {
            // Most counts: one byte, without a copy call.
            self.buffer.push(b'0' + n as u8);
        } else {
            let mut digits = [0u8; 20];
            self.buffer.extend_from_slice(decimal(n, &mut digits));
        }
    }

    /// Appends one unsigned integer field per value, as [`CsvEncoder::uint`] would: a graded
    /// row's run of technique counts, nearly all 0. A run of zeros after the record's first
    /// field is counted and appended as one copy of `,0,0…` (a push per byte, each checking
    /// the buffer's room, cost several times as much).
    #[inline]
    pub fn uints(&mut self, values: impl IntoIterator<Item = u64>) {
        let mut zeros = 0;
        for value in values {
            if value == 0 && self.fields > 0 {
                zeros += 1;
                continue;
            }
            self.zero_fields(zeros);
            zeros = 0;
            self.uint(value);
        }
        self.zero_fields(zeros);
    }

    /// Appends `count` fields `0`, none of them a record's first.
    fn zero_fields(&mut self, mut count: usize) {
        static ZERO_FIELDS: [u8; 128] = {
            let mut fields = [b'0'; 128];
            let mut i = 0;
            while i < fields.len() {
                fields[i] = b',';
                i += 2;
            }
            fields
        };
        self.fields += count;
        while count > 0 {
            let now = count.min(ZERO_FIELDS.len() / 2);
            self.buffer.extend_from_slice(&ZERO_FIELDS[..2 * now]);
            count -= now;
        }
    }

    /// Appends an empty field.
    #[inline]
    pub fn empty(&mut self) {
        self.separate();
    }

    /// Ends the record; the buffer goes to the output once it holds `BUFFER` bytes.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.buffer.len() == self.record_start {
            // One empty field (or none) would read back as a blank line, which readers skip.
            self.buffer.extend_from_slice(b"\"\"");
        }
        self.buffer.push(b'\n');
        self.fields = 0;
        self.record_start = self.buffer.len();
        if self.buffer.len() >= BUFFER {
            self.write_buffer()?;
        }
        Ok(())
    }

    /// Writes a whole record of text fields.
    pub fn record<'t>(&mut self, fields: impl IntoIterator<Item = &'t [u8]>) -> io::Result<()> {
        for field in fields {
            self.text(field);
        }
        self.end_record()
    }

    /// Writes the finished records to the output (a record being written stays; none is
    /// between rows). The buffer keeps its capacity.
    fn write_buffer(&mut self) -> io::Result<()> {
        let result = self.output.write_all(&self.buffer[..self.record_start]);
        // Dropped even when the write fails, so that a failed write is not repeated on drop.
        self.buffer.drain(..self.record_start);
        self.record_start = 0;
        result
    }

    /// Writes every finished record to the output and flushes it.
    pub fn flush(&mut self) -> io::Result<()> {
        self.write_buffer()?;
        self.output.flush()
    }
}

impl<W: Write> Drop for CsvEncoder<W> {
    fn drop(&mut self) {
        // As the `csv` crate's writer does: what is finished reaches the output; an error
        // here has nowhere to go (callers that care flush first).
        let _ = self.flush();
    }
}

/// A byte that makes its field quoted.
fn is_special(byte: &u8) -> bool {
    matches!(byte, b',' | b'"' | b'\r' | b'\n')
}

/// Whether `text` holds a byte that makes it quoted. Those bytes all lie below `-` (0x2D) and
/// the long fields (puzzles, solutions, paths) seldom have one, so eight bytes at a time are
/// first asked whether any is below it (one subtraction and mask; the byte test only for a
/// chunk that has one).
fn needs_quotes(text: &[u8]) -> bool {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH_BITS: u64 = ONES * 0x80;
    let mut chunks = text.chunks_exact(8);
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        // Non-zero exactly when some byte of x is below 0x2D (the classic "has less" test).
        let below = x.wrapping_sub(ONES * 0x2D) & !x & HIGH_BITS;
        if below != 0 && chunk.iter().any(is_special) {
            return true;
        }
    }
    chunks.remainder().iter().any(is_special)
}

/// The decimal digits of `n`, written at the end of `digits`, as `format!("{n}")` gives them
/// (without the formatting machinery: a row writes some 90 of them).
pub fn decimal(mut n: u64, digits: &mut [u8; 20]) -> &[u8] {
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &digits[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the `csv` crate writes for these records.
    fn by_csv_crate(records: &[Vec<&str>]) -> Vec<u8> {
        let mut writer = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(Vec::new());
        for record in records {
            writer.write_record(record).unwrap();
        }
        writer.into_inner().unwrap()
    }

    fn by_encoder(records: &[Vec<&str>]) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder = CsvEncoder::new(&mut out);
            for record in records {
                for field in record {
                    // Digit-only fields take the integer path, as counts do.
                    match field.parse::<u64>() {
                        Ok(n) if n.to_string() == *field => encoder.uint(n),
                        _ if field.is_empty() => encoder.empty(),
                        _ => encoder.text(field.as_bytes()),
                    }
                }
                encoder.end_record().unwrap();
            }
        }
        out
    }

    #[test]
    fn records_are_written_as_the_csv_crate_writes_them() {
        let pieces = [
            "",
            "0",
            "7",
            "10",
            "18446744073709551615",
            "007",
            "a",
            "a,b",
            "say \"hi\"",
            "\"",
            "line\nbreak",
            "cr\rhere",
            " spaced ",
            "é,ü",
            "#",
            "1.5",
            "-3",
        ];
        let mut records: Vec<Vec<&str>> = vec![vec![], vec![""], vec!["", ""], vec!["x"]];
        // Every piece alone, and in pairs and triples in both orders.
        for (i, a) in pieces.iter().enumerate() {
            records.push(vec![a]);
            for (j, b) in pieces.iter().enumerate() {
                records.push(vec![a, b]);
                records.push(vec![b, a, pieces[(i + j) % pieces.len()]]);
            }
        }
        assert_eq!(
            String::from_utf8(by_encoder(&records)).unwrap(),
            String::from_utf8(by_csv_crate(&records)).unwrap()
        );
    }

    #[test]
    fn a_run_of_integers_is_written_as_one_field_each() {
        // Runs of zeros shorter and longer than the copied `,0,0…` (64 fields), at the start
        // of a record and after a field, with one- and many-digit values between them.
        let mut rng = crate::core::test_support::Xorshift(0x5EED_C5F0);
        for round in 0..300 {
            let values: Vec<u64> = (0..rng.next() % 200)
                .map(|_| match rng.next() % 10 {
                    0..=6 => 0,
                    7 => rng.next() % 10,
                    8 => 10 + rng.next() % 1000,
                    _ => u64::MAX - rng.next() % 3,
                })
                .collect();
            let lead = round % 2 == 0;
            let (mut by_run, mut one_by_one) = (Vec::new(), Vec::new());
            {
                let (mut run, mut each) = (
                    CsvEncoder::new(&mut by_run),
                    CsvEncoder::new(&mut one_by_one),
                );
                if lead {
                    run.text(b"a");
                    each.text(b"a");
                }
                run.uints(values.iter().copied());
                values.iter().for_each(|&v| each.uint(v));
                run.text(b"z");
                each.text(b"z");
                run.end_record().unwrap();
                each.end_record().unwrap();
            }
            assert_eq!(by_run, one_by_one, "{values:?}");
        }
    }

    #[test]
    fn quoting_is_needed_exactly_for_comma_quote_cr_lf_anywhere() {
        for length in 0..24 {
            for at in 0..length {
                for byte in 0..=255u8 {
                    let mut text = vec![b'5'; length];
                    text[at] = byte;
                    assert_eq!(
                        needs_quotes(&text),
                        matches!(byte, b',' | b'"' | b'\r' | b'\n'),
                        "{text:?}"
                    );
                }
            }
        }
        assert!(!needs_quotes(b""));
        assert!(!needs_quotes(b"source with spaces and tabs\t/x.txt"));
    }

    #[test]
    fn output_is_buffered_until_full_or_flushed_and_nothing_is_lost_on_drop() {
        let mut out = Vec::new();
        let mut encoder = CsvEncoder::new(&mut out);
        encoder.record([&b"a"[..], b"b"]).unwrap();
        assert!(
            encoder.output.is_empty(),
            "written before the buffer filled"
        );
        encoder.flush().unwrap();
        assert_eq!(encoder.output.as_slice(), b"a,b\n");
        let row = vec![b'x'; 1000];
        for _ in 0..20 {
            encoder.record([row.as_slice()]).unwrap();
        }
        assert!(
            encoder.output.len() > 4 + 8 * 1001,
            "a full buffer is written out"
        );
        drop(encoder);
        assert_eq!(out.len(), 4 + 20 * 1001);
    }
}
