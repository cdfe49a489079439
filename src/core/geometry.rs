//! Fixed Sudoku geometry as compile-time tables: houses, peers, box∩line intersections.
//!
//! Houses are numbered 0..27: rows 0..9, columns 9..18, boxes 18..27.

use super::bits::{Bits81, COLUMN_0};

/// Number of cells.
pub const CELLS: usize = 81;
/// Number of houses (9 rows, 9 columns, 9 boxes).
pub const HOUSES: usize = 27;

/// The kind of a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row (houses 0..9).
    Row,
    /// A column (houses 9..18).
    Col,
    /// A 3×3 box (houses 18..27).
    Box,
}

/// Row index 0..9 of a cell.
#[inline]
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column index 0..9 of a cell.
#[inline]
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box index 0..9 of a cell (row-major boxes).
#[inline]
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// Cell index of (row, col).
#[inline]
pub const fn cell_at(row: usize, col: usize) -> usize {
    row * 9 + col
}

/// Kind of house `house` (0..27).
#[inline]
pub const fn house_kind(house: usize) -> HouseKind {
    match house / 9 {
        0 => HouseKind::Row,
        1 => HouseKind::Col,
        _ => HouseKind::Box,
    }
}

/// Index 0..9 of a house within its kind.
#[inline]
pub const fn house_index(house: usize) -> usize {
    house % 9
}

const fn build_house_cells() -> [[u8; 9]; HOUSES] {
    let mut table = [[0u8; 9]; HOUSES];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            table[i][k] = (i * 9 + k) as u8;
            table[9 + i][k] = (k * 9 + i) as u8;
            let row = (i / 3) * 3 + k / 3;
            let col = (i % 3) * 3 + k % 3;
            table[18 + i][k] = (row * 9 + col) as u8;
            k += 1;
        }
        i += 1;
    }
    table
}

/// The six orders of three items (bands or stacks, the rows or boxes of a band), the
/// identity first.
pub const ORDERS_OF_THREE: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The nine cells of each house, in reading order.
pub const HOUSE_CELLS: [[u8; 9]; HOUSES] = build_house_cells();

const fn build_house_sets() -> [Bits81; HOUSES] {
    let mut table = [Bits81::EMPTY; HOUSES];
    let mut h = 0;
    while h < HOUSES {
        let mut bits = 0u128;
        let mut k = 0;
        while k < 9 {
            bits |= 1u128 << HOUSE_CELLS[h][k];
            k += 1;
        }
        table[h] = Bits81(bits);
        h += 1;
    }
    table
}

/// The cells of each house as a set.
pub const HOUSE_SETS: [Bits81; HOUSES] = build_house_sets();

const fn build_cell_houses() -> [[u8; 3]; CELLS] {
    let mut table = [[0u8; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        table[c] = [row_of(c) as u8, 9 + col_of(c) as u8, 18 + box_of(c) as u8];
        c += 1;
    }
    table
}

/// The three houses (row, column, box) of each cell.
pub const CELL_HOUSES: [[u8; 3]; CELLS] = build_cell_houses();

/// The three houses of each cell as bits of a house mask (bit `h` for house `h`: the row's,
/// 9 + the column's, 18 + the box's), for marking a digit's houses with one OR.
pub const CELL_HOUSE_BITS: [u32; CELLS] = {
    let mut table = [0u32; CELLS];
    let mut c = 0;
    while c < CELLS {
        let h = CELL_HOUSES[c];
        table[c] = 1 << h[0] | 1 << h[1] | 1 << h[2];
        c += 1;
    }
    table
};

const fn build_peers() -> [Bits81; CELLS] {
    let mut table = [Bits81::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        let h = CELL_HOUSES[c];
        let all =
            HOUSE_SETS[h[0] as usize].0 | HOUSE_SETS[h[1] as usize].0 | HOUSE_SETS[h[2] as usize].0;
        table[c] = Bits81(all & !(1u128 << c));
        c += 1;
    }
    table
}

/// The 20 peers of each cell (cells sharing a house, the cell itself excluded).
pub const PEERS: [Bits81; CELLS] = build_peers();

const fn build_peer_lists() -> [[u8; 20]; CELLS] {
    let mut table = [[0u8; 20]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (mut peer, mut n) = (0, 0);
        while peer < CELLS {
            if PEERS[c].0 >> peer & 1 != 0 {
                table[c][n] = peer as u8;
                n += 1;
            }
            peer += 1;
        }
        c += 1;
    }
    table
}

/// [`PEERS`] as lists, in increasing order: a loop over a cell's peers then has a fixed
/// length (a walk over a varying subset of them mispredicts its exit).
pub const PEER_LISTS: [[u8; 20]; CELLS] = build_peer_lists();

/// The houses (bit `h`: house `h`) holding every cell of `cells` (none for an empty set): at
/// most a line and a box, both among the first cell's three.
#[inline]
pub fn houses_holding(cells: Bits81) -> u32 {
    let Some(first) = cells.first() else {
        return 0;
    };
    let mut houses = 0;
    for &h in &CELL_HOUSES[first] {
        houses |= u32::from(cells.is_subset_of(HOUSE_SETS[h as usize])) << h;
    }
    houses
}

/// A box∩line intersection: the three cells a box shares with a row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Intersection {
    /// The box house (18..27).
    pub box_house: usize,
    /// The row or column house (0..18).
    pub line_house: usize,
    /// The three shared cells.
    pub cells: Bits81,
}

const fn build_intersections() -> [Intersection; 54] {
    let mut table = [Intersection {
        box_house: 0,
        line_house: 0,
        cells: Bits81::EMPTY,
    }; 54];
    let mut n = 0;
    let mut b = 0;
    while b < 9 {
        let box_house = 18 + b;
        let mut line = 0;
        while line < 18 {
            let shared = HOUSE_SETS[box_house].0 & HOUSE_SETS[line].0;
            if shared != 0 {
                table[n] = Intersection {
                    box_house,
                    line_house: line,
                    cells: Bits81(shared),
                };
                n += 1;
            }
            line += 1;
        }
        b += 1;
    }
    table
}

/// All 54 box∩line intersections (27 box∩row, 27 box∩column), ordered by box.
pub const INTERSECTIONS: [Intersection; 54] = build_intersections();

/// Each cell's position in its row, column and box (the index of the cell in that house's
/// [`HOUSE_CELLS`] list), by house kind: rows, columns, boxes.
pub static POSITION_IN_HOUSE: [[u8; 81]; 3] = {
    let mut table = [[0u8; 81]; 3];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        table[0][cell] = col as u8;
        table[1][cell] = row as u8;
        table[2][cell] = (row % 3 * 3 + col % 3) as u8;
        cell += 1;
    }
    table
};

/// The positions in `house` (see [`POSITION_IN_HOUSE`]) of those of `cells` that lie in it.
///
/// Read off the bits without a pass over the cells: a row's nine cells are nine consecutive
/// bits, a box's three runs of three; a column's cells are nine bits nine apart, brought
/// together by one multiplication (bit `9k` times `2^(64 - 8k)` lands on bit `64 + k`; no two
/// of the other products meet, so nothing carries into those nine bits).
#[inline]
pub fn positions_in(house: usize, cells: Bits81) -> u16 {
    const GATHER: u128 = {
        let (mut factor, mut k) = (0u128, 0);
        while k < 9 {
            factor |= 1 << (64 - 8 * k);
            k += 1;
        }
        factor
    };
    let bits = cells.0;
    let positions = match house {
        0..9 => bits >> (9 * house),
        9..18 => ((bits >> (house - 9)) & COLUMN_0).wrapping_mul(GATHER) >> 64,
        _ => {
            let b = house - 18;
            let first = 27 * (b / 3) + 3 * (b % 3);
            (bits >> first) & 7 | (bits >> (first + 9) & 7) << 3 | (bits >> (first + 18) & 7) << 6
        }
    };
    positions as u16 & 0x1FF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_twenty_peers_and_three_houses() {
        for c in 0..CELLS {
            assert_eq!(PEERS[c].count(), 20);
            assert!(!PEERS[c].contains(c));
            for &h in &CELL_HOUSES[c] {
                assert!(HOUSE_SETS[h as usize].contains(c));
            }
        }
        for h in 0..HOUSES {
            assert_eq!(HOUSE_SETS[h].count(), 9);
        }
    }

    #[test]
    fn indices_match_houses() {
        assert_eq!(box_of(cell_at(4, 5)), 4);
        assert_eq!(box_of(80), 8);
        assert_eq!(box_of(cell_at(3, 8)), 5);
        assert_eq!(HOUSE_CELLS[18 + 4][0] as usize, cell_at(3, 3));
    }

    #[test]
    fn intersections_are_three_cells() {
        let mut boxes_rows = 0;
        for i in INTERSECTIONS.iter() {
            assert_eq!(i.cells.count(), 3);
            assert!(i.cells.is_subset_of(HOUSE_SETS[i.box_house]));
            assert!(i.cells.is_subset_of(HOUSE_SETS[i.line_house]));
            if i.line_house < 9 {
                boxes_rows += 1;
            }
        }
        assert_eq!(boxes_rows, 27);
    }

    #[test]
    fn positions_in_a_house_index_its_cell_list() {
        for house in 0..HOUSES {
            for (position, &cell) in HOUSE_CELLS[house].iter().enumerate() {
                let one = Bits81::cell(cell as usize);
                assert_eq!(positions_in(house, one), 1 << position, "house {house}");
            }
            assert_eq!(positions_in(house, HOUSE_SETS[house]), 0x1FF);
        }
        // Any set: the positions of its cells in the house, by the cell list; cells elsewhere
        // count for nothing.
        let mut rng = crate::core::test_support::Xorshift(0x3C6E_F372_FE94_F82B);
        for round in 0..2000 {
            let cells = rng.random_set([5, 30, 60, 95][round % 4]);
            for house in 0..HOUSES {
                let listed = HOUSE_CELLS[house]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &cell)| cells.contains(cell as usize))
                    .fold(0u16, |mask, (position, _)| mask | 1 << position);
                assert_eq!(positions_in(house, cells), listed, "house {house}");
            }
        }
    }
}
