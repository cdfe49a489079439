//! HoDoKu's regression-library format: one pencil-mark state per line plus the step that must
//! (or, for `-x` cases, must not) be found there. Used to check techniques against HoDoKu.
//!
//! `:<code>[-<variant>]:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>:`
//! where givens are 81 cells (`+d` = placed, not given) and the candidate lists are
//! space-separated `<digit><row><col>` triples.

use sudoku_grader::core::{CandidateSet, Grid};

/// One test case of the library.
#[derive(Debug, Clone)]
pub struct RegLibCase {
    /// 1-based line number in the library file.
    pub line: usize,
    /// HoDoKu's technique code, e.g. `0300` (X-Wing).
    pub code: String,
    /// The variant after the dash, if any (`x` marks a fail case).
    pub variant: Option<String>,
    /// The digits the step is about (digit indices 0..9).
    pub digits: Vec<usize>,
    /// The pencil-mark state.
    pub grid: Grid,
    /// Candidates the step must eliminate.
    pub eliminations: CandidateSet,
    /// Candidates the step must place.
    pub placements: CandidateSet,
    /// Technique-specific extra (chain length for chains).
    pub extra: String,
}

impl RegLibCase {
    /// Whether the case says the technique must find nothing.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }
}

/// Why a library line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("reglib line {line}: {reason}")]
pub struct RegLibError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

fn candidate_list(text: &str, line: usize) -> Result<CandidateSet, RegLibError> {
    let mut set = CandidateSet::EMPTY;
    for entry in text.split_whitespace() {
        let b = entry.as_bytes();
        let ok = b.len() == 3 && b.iter().all(|c| (b'1'..=b'9').contains(c));
        if !ok {
            return Err(RegLibError {
                line,
                reason: format!("bad candidate '{entry}'"),
            });
        }
        let (digit, row, col) = (
            (b[0] - b'1') as usize,
            (b[1] - b'1') as usize,
            (b[2] - b'1') as usize,
        );
        set.insert(row * 9 + col, digit);
    }
    Ok(set)
}

/// Parses one library line; `Ok(None)` for comments and blank lines.
pub fn parse_line(text: &str, line: usize) -> Result<Option<RegLibCase>, RegLibError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let error = |reason: String| RegLibError { line, reason };
    let mut fields: Vec<&str> = text.split(':').collect();
    if fields.len() < 5 || !fields[0].is_empty() {
        return Err(error(format!(
            "expected ':'-separated fields, found {}",
            fields.len()
        )));
    }
    // Trailing empty fields are sometimes left out.
    fields.resize(8, "");
    let (code, variant) = match fields[1].split_once('-') {
        Some((code, variant)) => (code.to_string(), Some(variant.to_string())),
        None => (fields[1].to_string(), None),
    };
    let digits = fields[2]
        .split_whitespace()
        .flat_map(|group| group.bytes())
        .filter(|c| (b'1'..=b'9').contains(c))
        .map(|c| (c - b'1') as usize)
        .collect();
    let mut givens = [0u8; 81];
    let mut placed = Vec::new();
    let mut cell = 0;
    let mut plus = false;
    for ch in fields[3].bytes() {
        match ch {
            b'+' => plus = true,
            b'1'..=b'9' | b'.' | b'0' if cell < 81 => {
                if ch.is_ascii_digit() && ch != b'0' {
                    if plus {
                        placed.push((cell, (ch - b'1') as usize));
                    } else {
                        givens[cell] = ch - b'0';
                    }
                }
                plus = false;
                cell += 1;
            }
            _ => return Err(error(format!("bad givens character '{}'", ch as char))),
        }
    }
    if cell != 81 {
        return Err(error(format!("givens have {cell} cells")));
    }
    let mut grid =
        Grid::from_givens(&givens).map_err(|c| error(format!("givens conflict {c:?}")))?;
    for (cell, digit) in placed {
        if !grid.has_candidate(cell, digit) {
            return Err(error(format!(
                "placed digit {} at cell {cell} conflicts",
                digit + 1
            )));
        }
        grid.place(cell, digit);
    }
    for (cell, digit) in candidate_list(fields[4], line)?.iter() {
        grid.eliminate(cell, digit);
    }
    Ok(Some(RegLibCase {
        line,
        code,
        variant,
        digits,
        grid,
        eliminations: candidate_list(fields[5], line)?,
        placements: candidate_list(fields[6], line)?,
        extra: fields[7].to_string(),
    }))
}

/// Parses a whole library file.
pub fn parse_library(text: &str) -> Result<Vec<RegLibCase>, RegLibError> {
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(case) = parse_line(line, index + 1)? {
            cases.push(case);
        }
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_example() {
        let line = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";
        let case = parse_line(line, 7).unwrap().unwrap();
        assert_eq!(case.code, "0603");
        assert_eq!(case.variant, None);
        assert_eq!(case.digits, vec![2]);
        assert!(!case.grid.has_candidate(12, 1)); // r2c4<>2 deleted
        assert_eq!(
            case.eliminations.iter().collect::<Vec<_>>(),
            vec![(5 * 9 + 3, 2), (5 * 9 + 4, 2)]
        );
        assert!(case.placements.is_empty());
        assert_eq!(case.grid.value(2), Some(7)); // +8 placed at r1c3
        assert!(!case.grid.givens().contains(2) && case.grid.givens().contains(0));
        assert!(parse_line("# comment", 1).unwrap().is_none());
        assert!(parse_line(":0000:1:123:::::", 3).is_err());
        assert!(parse_line(":0000:1", 3).is_err());
    }
}
