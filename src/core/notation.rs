//! The text forms of the grid's coordinates, as explanations print them (GNPX's notation): a
//! cell `r5c6`, cells compressed by row and column `r24c4`, a house `b7`, a digit list `37`, a
//! placement `r5c6=2`, an elimination `r4c2<>4`.
//!
//! Every family's text and the step text of `explain` build on these, so each form is spelled
//! in one place.

use super::bits::{digits, Bits81};
use super::candidates::CandidateSet;
use super::geometry::{col_of, house_index, house_kind, row_of, HouseKind};

/// Human name of a cell, `r<row>c<col>` (1-based).
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", row_of(cell) + 1, col_of(cell) + 1)
}

/// Human name of a house, e.g. `r3`, `c7`, `b5` (1-based).
pub fn house_name(house: usize) -> String {
    let prefix = match house_kind(house) {
        HouseKind::Row => 'r',
        HouseKind::Col => 'c',
        HouseKind::Box => 'b',
    };
    format!("{prefix}{}", house_index(house) + 1)
}

/// Long human name of a house, e.g. `row 3`, `column 7`, `box 5`.
pub fn house_long_name(house: usize) -> String {
    let kind = match house_kind(house) {
        HouseKind::Row => "row",
        HouseKind::Col => "column",
        HouseKind::Box => "box",
    };
    format!("{kind} {}", house_index(house) + 1)
}

/// `r5c6=2` for each placement.
pub fn placement_names(set: &CandidateSet) -> Vec<String> {
    set.iter()
        .map(|(cell, digit)| format!("{}={}", cell_name(cell), digit + 1))
        .collect()
}

/// `r4c2<>4` for each elimination.
pub fn elimination_names(set: &CandidateSet) -> Vec<String> {
    set.iter()
        .map(|(cell, digit)| format!("{}<>{}", cell_name(cell), digit + 1))
        .collect()
}

/// Digits of a mask, concatenated (`37`).
pub fn digit_list(mask: u16) -> String {
    digits(mask).map(|d| char::from(b'1' + d as u8)).collect()
}

/// Names of the houses of a set, in house order (`["r1","r5","b7"]`).
pub fn house_names(houses: u32) -> Vec<String> {
    (0..27)
        .filter(|h| houses & 1 << h != 0)
        .map(house_name)
        .collect()
}

/// Houses of a set, space-separated (`r1 b3`).
pub fn house_list(houses: u32) -> String {
    house_names(houses).join(" ")
}

/// Cells of a set, space-separated (`r1c2 r1c5`).
pub fn cell_list(cells: Bits81) -> String {
    cells.iter().map(cell_name).collect::<Vec<_>>().join(" ")
}

/// Houses grouped by kind as GNPX writes them: `r15 b7` with `separator` " ", `r15b7` with "".
pub fn house_groups(houses: u32, separator: &str) -> String {
    ["r", "c", "b"]
        .iter()
        .enumerate()
        .filter_map(|(kind, prefix)| {
            let indices = digit_list((houses >> (kind * 9)) as u16 & 0x1ff);
            (!indices.is_empty()).then(|| format!("{prefix}{indices}"))
        })
        .collect::<Vec<_>>()
        .join(separator)
}

/// Cells in GNPX's compressed form: rows with the same columns merge (`r2c4 r4c4` → `r24c4`,
/// `r5c4 r5c6` → `r5c46`).
pub fn compressed_cells(cells: Bits81) -> String {
    let mut columns = [0u16; 9];
    for cell in cells {
        columns[cell / 9] |= 1 << (cell % 9);
    }
    let mut groups: Vec<(u16, u16)> = Vec::new(); // (rows, columns)
    for (row, &cols) in columns.iter().enumerate() {
        if cols == 0 {
            continue;
        }
        match groups.iter_mut().find(|(_, c)| *c == cols) {
            Some((rows, _)) => *rows |= 1 << row,
            None => groups.push((1 << row, cols)),
        }
    }
    groups
        .iter()
        .map(|&(rows, cols)| format!("r{}c{}", digit_list(rows), digit_list(cols)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell_at;

    #[test]
    fn names_cells_and_houses() {
        assert_eq!(house_name(22), "b5");
        assert_eq!(house_name(15), "c7");
        assert_eq!(house_long_name(1), "row 2");
        assert_eq!(house_long_name(9), "column 1");
        assert_eq!(cell_name(cell_at(4, 5)), "r5c6");
        assert_eq!(house_list(1 | 1 << 20), "r1 b3");
        assert_eq!(house_groups(1 | 1 << 4 | 1 << 24, " "), "r15 b7");
        assert_eq!(house_groups(1 << 10 | 1 << 14 | 1 << 16, ""), "c268");
        assert_eq!(digit_list(1 << 2 | 1 << 6), "37");
    }

    #[test]
    fn cells_compress_by_row_then_column() {
        let cells: Bits81 = [12, 30, 48, 66].into_iter().collect(); // r2c4 r4c4 r6c4 r8c4
        assert_eq!(compressed_cells(cells), "r2468c4");
        let cells: Bits81 = [39, 41, 31].into_iter().collect(); // r5c4 r5c6 r4c5
        assert_eq!(compressed_cells(cells), "r4c5 r5c46");
        assert_eq!(compressed_cells(Bits81::EMPTY), "");
    }
}
