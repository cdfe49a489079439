//! Parsing one puzzle: 81 givens or a 729-character pencil-mark grid.

use crate::core::notation::house_long_name;
use crate::core::{CandidateSet, Grid};

/// Why a puzzle text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Neither 81 nor 729 cells.
    #[error("expected 81 or 729 cells, found {found}")]
    Length {
        /// Number of characters found.
        found: usize,
    },
    /// A character that is not a digit or an empty-cell mark.
    #[error("bad character {ch:?} at column {column}")]
    BadCharacter {
        /// The character.
        ch: char,
        /// 1-based column in the input line.
        column: usize,
    },
    /// Two givens (or solved cells) share a digit in a house.
    #[error("givens conflict: {digit} twice in {house}")]
    Conflict {
        /// The digit, 1..9.
        digit: usize,
        /// The house, e.g. `row 2`.
        house: String,
    },
}

/// The two accepted puzzle formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleFormat {
    /// 81 characters of givens.
    Givens,
    /// 729 characters of pencil marks.
    PencilMarks,
}

/// A parsed puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The starting grid.
    pub grid: Grid,
    /// The input format.
    pub format: PuzzleFormat,
    /// Canonical text: 81 chars with `.` for empty cells, or the 729-char pencil marks.
    pub canonical: String,
}

#[inline]
const fn is_empty_mark(ch: u8) -> bool {
    matches!(ch, b'.' | b'0' | b'-')
}

/// [`GIVEN_CLASS`]'s mark of a character that is neither a digit nor an empty-cell mark.
const BAD_CHARACTER: u8 = 0x80;

/// Per byte, what it is in a row of givens: its digit (1..=9), 0 for an empty-cell mark, or
/// [`BAD_CHARACTER`].
static GIVEN_CLASS: [u8; 256] = {
    let mut table = [BAD_CHARACTER; 256];
    let mut ch = 0;
    while ch < 256 {
        if is_empty_mark(ch as u8) {
            table[ch] = 0;
        } else if ch >= b'1' as usize && ch <= b'9' as usize {
            table[ch] = (ch - b'0' as usize) as u8;
        }
        ch += 1;
    }
    table
};

/// Parses a puzzle. `first_column` is the 1-based column of the text's first character in its
/// input line, so errors name the column a user sees.
pub fn parse_puzzle(text: &str, first_column: usize) -> Result<Puzzle, PuzzleError> {
    // By bytes (decoding 81 characters cost more than the rest of the parse but the grid): the
    // first byte outside the set starts the first bad character, and the characters before it
    // are one byte each, so its index is its column.
    if let Some(index) = text
        .bytes()
        .position(|b| !(b.is_ascii_digit() || b == b'.' || b == b'-'))
    {
        let ch = text[index..].chars().next().unwrap_or_default();
        return Err(PuzzleError::BadCharacter {
            ch,
            column: first_column + index,
        });
    }
    let bytes = text.as_bytes();
    let conflict = |c: crate::core::Conflict| PuzzleError::Conflict {
        digit: c.digit + 1,
        house: house_long_name(c.house),
    };
    match bytes.len() {
        81 => {
            let mut values = [0u8; 81];
            for (value, &ch) in values.iter_mut().zip(bytes) {
                *value = if is_empty_mark(ch) { 0 } else { ch - b'0' };
            }
            let grid = Grid::from_givens(&values).map_err(conflict)?;
            Ok(Puzzle {
                canonical: grid.values_string(),
                grid,
                format: PuzzleFormat::Givens,
            })
        }
        729 => {
            let mut candidates = CandidateSet::EMPTY;
            for (i, &ch) in bytes.iter().enumerate() {
                if !is_empty_mark(ch) {
                    candidates.insert(i / 9, (ch - b'1') as usize);
                }
            }
            let grid = Grid::from_candidates(&candidates).map_err(conflict)?;
            Ok(Puzzle {
                canonical: grid.candidates_string(),
                grid,
                format: PuzzleFormat::PencilMarks,
            })
        }
        found => Err(PuzzleError::Length { found }),
    }
}

/// The givens (0 = empty, 1..=9 = digit) of an 81-character puzzle text that
/// [`parse_puzzle`] accepts as givens, without building its [`Grid`]: for callers that need
/// only the digits (the canonical form), the grid's candidates cost more than the rest of the
/// work. `None` for any text `parse_puzzle` would refuse or read otherwise (a bad character,
/// two equal givens in a house, another length); call it then for the result and its message.
pub fn givens_of_text(text: &str) -> Option<[u8; 81]> {
    let values = given_digits_of_text(text)?;
    // Per digit, the houses holding it (bit per row, 9 + column, 18 + box): two equal givens
    // in a house share a bit.
    let (mut houses, mut clash) = ([0u32; 16], 0u32);
    for cell in crate::core::bits::nonzero_cells(&values) {
        let digit = &mut houses[usize::from(values[cell] & 0xF)];
        let bits = crate::core::CELL_HOUSE_BITS[cell];
        clash |= *digit & bits;
        *digit |= bits;
    }
    (clash == 0).then_some(values)
}

/// The digits (0 = empty, 1..=9) of an 81-character text of digits and empty-cell marks, with
/// no check that the givens agree: [`givens_of_text`] without its test of two equal givens in a
/// house, for a caller that makes that test itself ([`crate::oracle::solve_givens`] does, on its
/// way). `None` for another length or another character.
pub fn given_digits_of_text(text: &str) -> Option<[u8; 81]> {
    let bytes: &[u8; 81] = text.as_bytes().try_into().ok()?;
    // Every character's value, and whether any is bad, with no branch per character (whether
    // a cell holds a given is what a branch would guess wrong, some twenty times in a 17-given
    // puzzle).
    let mut values = [0u8; 81];
    let mut classes = 0u8;
    for (value, &ch) in values.iter_mut().zip(bytes) {
        let class = GIVEN_CLASS[usize::from(ch)];
        classes |= class;
        *value = class & !BAD_CHARACTER;
    }
    (classes & BAD_CHARACTER == 0).then_some(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";

    /// The fast path agrees with `parse_puzzle` wherever it answers, and leaves every text
    /// `parse_puzzle` refuses (or reads as pencil marks) to it.
    #[test]
    fn givens_of_text_agrees_with_parse_puzzle() {
        let givens = |text: &str| {
            parse_puzzle(text, 1).ok().and_then(|p| {
                (p.format == PuzzleFormat::Givens)
                    .then(|| std::array::from_fn(|c| p.grid.value(c).map_or(0, |d| d as u8 + 1)))
            })
        };
        let mut texts = vec![P.to_string(), P.replace('.', "0"), P.replace('.', "-")];
        // Conflicts in a row, a column and a box; a bad character; other lengths.
        texts.push(format!("44{}", &P[2..]));
        texts.push(format!("{}4{}", &P[..9], &P[10..]));
        texts.push(format!("{}4{}", &P[..10], &P[11..]));
        texts.push(format!("x{}", &P[1..]));
        texts.push(format!("é{}", &P[2..]));
        texts.push(P[1..].to_string());
        texts.push(".".repeat(729));
        for text in &texts {
            assert_eq!(givens_of_text(text), givens(text), "{text}");
            // The digits alone: every 81-character text of digits and marks, clashes included,
            // read character by character.
            let digits = (text.len() == 81
                && text.bytes().all(|c| c.is_ascii_digit() || is_empty_mark(c)))
            .then(|| {
                std::array::from_fn(|i| match text.as_bytes()[i] {
                    c @ b'1'..=b'9' => c - b'0',
                    _ => 0,
                })
            });
            assert_eq!(given_digits_of_text(text), digits, "{text}");
        }
        assert!(givens_of_text(P).is_some());
        assert!(givens_of_text(&texts[3]).is_none());
        assert!(given_digits_of_text(&texts[3]).is_some());
    }

    #[test]
    fn accepts_all_empty_marks() {
        let dots = parse_puzzle(P, 1).unwrap();
        let zeros = parse_puzzle(&P.replace('.', "0"), 1).unwrap();
        let dashes = parse_puzzle(&P.replace('.', "-"), 1).unwrap();
        assert_eq!(dots.canonical, P);
        assert_eq!(zeros.canonical, P);
        assert_eq!(dashes.grid, dots.grid);
        assert_eq!(dots.format, PuzzleFormat::Givens);
    }

    #[test]
    fn reports_length_character_and_conflict() {
        assert_eq!(
            parse_puzzle(&P[..80], 1).unwrap_err().to_string(),
            "expected 81 or 729 cells, found 80"
        );
        let mut bad = P.to_string();
        bad.replace_range(11..12, "x");
        assert_eq!(
            parse_puzzle(&bad, 1).unwrap_err().to_string(),
            "bad character 'x' at column 12"
        );
        assert_eq!(
            parse_puzzle(&bad, 5).unwrap_err().to_string(),
            "bad character 'x' at column 16"
        );
        // A second 5 in row 2 (r2c1 is '2'; put 5 at r2c3 next to r2c5's 5).
        let mut clash = P.to_string();
        clash.replace_range(11..12, "5");
        assert_eq!(
            parse_puzzle(&clash, 1).unwrap_err().to_string(),
            "givens conflict: 5 twice in row 2"
        );
        assert!(matches!(
            parse_puzzle("", 1),
            Err(PuzzleError::Length { found: 0 })
        ));
        assert!(matches!(
            parse_puzzle("é", 1),
            Err(PuzzleError::BadCharacter {
                ch: 'é', column: 1
            })
        ));
        // Found by bytes: the whole character is named, at the column a reader counts.
        assert!(matches!(
            parse_puzzle("12.é4€", 7),
            Err(PuzzleError::BadCharacter {
                ch: 'é',
                column: 10
            })
        ));
    }

    #[test]
    fn pencil_marks_round_trip() {
        // A state without naked singles: in pencil marks a naked single reads as a solved cell.
        let sparse = format!("1{}2{}", ".".repeat(39), ".".repeat(40));
        let givens = parse_puzzle(&sparse, 1).unwrap();
        assert!(givens.grid.single_candidate_cells().is_empty());
        let marks = givens.grid.candidates_string();
        let again = parse_puzzle(&marks, 1).unwrap();
        assert_eq!(again.format, PuzzleFormat::PencilMarks);
        assert_eq!(again.canonical, marks);
        assert_eq!(again.grid.planes(), givens.grid.planes());
        // Two solved cells with the same digit in one row conflict.
        let mut clash = marks.into_bytes();
        // r1c1 is a given 1; make r1c5 a solved 1 as well.
        for k in 0..9 {
            clash[4 * 9 + k] = if k == 0 { b'1' } else { b'.' };
        }
        let err = parse_puzzle(std::str::from_utf8(&clash).unwrap(), 1).unwrap_err();
        assert_eq!(err.to_string(), "givens conflict: 1 twice in row 1");
    }
}
