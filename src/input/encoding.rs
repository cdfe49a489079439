//! Input decoding: UTF-16 files (GNPX writes UTF-16LE with a BOM; other tools write it
//! without one) are transcoded to UTF-8 on the fly, so the line reader only ever sees UTF-8.

use std::io::{self, BufRead, BufReader, Read};

/// Wraps `input` so that it yields UTF-8: a UTF-16LE or UTF-16BE byte-order mark switches to
/// transcoding, and so does a start that is plainly UTF-16 without one (see
/// [`utf16_without_bom`]); anything else passes through unchanged.
pub fn utf8_input<R: Read + Send + 'static>(input: R) -> io::Result<Box<dyn BufRead + Send>> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let start = buffered.fill_buf()?;
    let (big_endian, bom) = match start {
        [0xFF, 0xFE, ..] => (false, 2),
        [0xFE, 0xFF, ..] => (true, 2),
        _ => match utf16_without_bom(start) {
            Some(big_endian) => (big_endian, 0),
            None => return Ok(Box::new(buffered)),
        },
    };
    buffered.consume(bom);
    Ok(Box::new(BufReader::with_capacity(
        1 << 16,
        Utf16Decoder {
            source: buffered,
            big_endian,
            pending: Vec::new(),
            peeked: None,
        },
    )))
}

/// Whether `start` (the first bytes of a file) is UTF-16 without a byte-order mark, and then
/// whether big-endian: each of its first 32 code units (or all, if fewer; at least 4) has a NUL
/// high byte and a non-NUL low one (ASCII or Latin-1 text). Text in UTF-8 has no NUL bytes,
/// let alone every other one.
pub fn utf16_without_bom(start: &[u8]) -> Option<bool> {
    let units = (start.len() / 2).min(32);
    if units < 4 {
        return None;
    }
    let pairs = || start[..2 * units].chunks_exact(2);
    if pairs().all(|p| p[0] != 0 && p[1] == 0) {
        Some(false)
    } else if pairs().all(|p| p[0] == 0 && p[1] != 0) {
        Some(true)
    } else {
        None
    }
}

/// Decodes UTF-16 code units from `source` into UTF-8 bytes. Unpaired surrogates become U+FFFD.
struct Utf16Decoder<R> {
    source: R,
    big_endian: bool,
    pending: Vec<u8>,
    peeked: Option<u16>,
}

impl<R: BufRead> Utf16Decoder<R> {
    fn next_unit(&mut self) -> io::Result<Option<u16>> {
        if let Some(unit) = self.peeked.take() {
            return Ok(Some(unit));
        }
        let mut bytes = [0u8; 2];
        let mut got = 0;
        while got < 2 {
            let n = self.source.read(&mut bytes[got..])?;
            if n == 0 {
                // A dangling odd byte is dropped: it cannot be a character.
                return Ok(None);
            }
            got += n;
        }
        Ok(Some(if self.big_endian {
            u16::from_be_bytes(bytes)
        } else {
            u16::from_le_bytes(bytes)
        }))
    }
}

impl<R: BufRead> Read for Utf16Decoder<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pending.len() < out.len() {
            let Some(unit) = self.next_unit()? else {
                break;
            };
            let ch = match unit {
                0xD800..=0xDBFF => match self.next_unit()? {
                    Some(low @ 0xDC00..=0xDFFF) => char::from_u32(
                        0x10000 + ((unit as u32 - 0xD800) << 10) + (low as u32 - 0xDC00),
                    ),
                    other => {
                        // Not a low surrogate: keep it for the next character.
                        self.peeked = other;
                        None
                    }
                },
                _ => char::from_u32(unit as u32),
            };
            let mut utf8 = [0u8; 4];
            self.pending
                .extend_from_slice(ch.unwrap_or('\u{FFFD}').encode_utf8(&mut utf8).as_bytes());
        }
        let n = out.len().min(self.pending.len());
        out[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: Vec<u8>) -> String {
        let mut text = String::new();
        utf8_input(io::Cursor::new(bytes))
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    }

    #[test]
    fn utf16_both_byte_orders_and_plain_utf8() {
        let text = "1.3 \"Skyscraper\"\r\nnext é 😀\n";
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for unit in text.encode_utf16() {
            le.extend_from_slice(&unit.to_le_bytes());
            be.extend_from_slice(&unit.to_be_bytes());
        }
        assert_eq!(decode(le), text);
        assert_eq!(decode(be), text);
        assert_eq!(decode(text.as_bytes().to_vec()), text);
        assert_eq!(decode(vec![0xFF, 0xFE, 0x00, 0xD8, b'a', 0]), "\u{FFFD}a");
    }

    #[test]
    fn utf16_without_a_bom_is_told_by_its_nul_bytes() {
        let text = "4....9.5.23..58.67\r\n# é\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(utf16_without_bom(&le), Some(false));
        assert_eq!(utf16_without_bom(&be), Some(true));
        assert_eq!(decode(le), text);
        assert_eq!(decode(be), text);
        // UTF-8, a lone NUL, and too short a start are left alone.
        assert_eq!(utf16_without_bom(text.as_bytes()), None);
        assert_eq!(utf16_without_bom(b"12\x0034\n5678"), None);
        assert_eq!(utf16_without_bom(b"1\x002\x00"), None);
        assert_eq!(decode(b"12\x0034\n".to_vec()), "12\x0034\n");
    }
}
