//! The minlex canonical form of a puzzle: the community's standard representative of its
//! class under the Sudoku symmetries.
//!
//! Convention: write a grid as 81 digits row by row, `0` for an empty cell. Of every grid the
//! 2 × 6⁸ geometric transforms and the 9! relabellings make of the puzzle, the canonical form
//! is the lexicographically least string. For a fixed geometric transform the least
//! relabelling numbers digits in order of first appearance (1, 2, 3 …), since empty cells (0)
//! sort first anyway; so the form starts with as many empty cells as possible, and its first
//! digit is 1.
//!
//! The search builds the form row by row and keeps only the partial transforms whose rows so
//! far are least (ties kept): the relabelled prefix depends only on the rows chosen, so a
//! transform whose prefix is not least cannot give the least string. Row 1 fixes the column
//! permutation (any of 1,296) and is a row with the fewest givens' pattern; rows 2–3 come from
//! its band, then each further band opens with any of its rows. Every transform that reaches
//! the end gives the same string, and their number is the puzzle's automorphism count.

use super::transform::Transform;

/// A puzzle's canonical form, one transform that yields it, and its automorphism count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The minlex form (row-major, 0 = empty).
    pub form: [u8; 81],
    /// One transform with `transform.apply(puzzle) == form`.
    pub transform: Transform,
    /// How many geometric transforms (relabelled) map the puzzle onto itself; 1 = none but the
    /// identity.
    pub automorphisms: u64,
}

/// A transform being built: rows `0..len` of the output are chosen.
#[derive(Clone, Copy, Debug)]
struct Partial {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    /// Whether `cols` is chosen: not while every row so far is empty (any order ties then).
    cols_fixed: bool,
    /// Source digit → label (0 = not seen yet).
    labels: [u8; 10],
    next_label: u8,
}

/// Computes canonical forms, reusing its buffers between puzzles (one per thread).
#[derive(Clone, Debug)]
pub struct Canonicalizer {
    beam: Vec<Partial>,
    next: Vec<Partial>,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Canonicalizer::new()
    }
}

/// The six orders of three items.
pub(super) const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

impl Canonicalizer {
    /// A canonicalizer with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer {
            beam: Vec::new(),
            next: Vec::new(),
        }
    }

    /// The canonical form of `puzzle` (row-major, 0 = empty, 1..=9 = digit).
    pub fn canonical(&mut self, puzzle: &[u8; 81]) -> Canonical {
        let transposed: [u8; 81] = std::array::from_fn(|i| puzzle[(i % 9) * 9 + i / 9]);
        let sources = [puzzle, &transposed];
        self.beam.clear();
        for transpose in [false, true] {
            self.beam.push(Partial {
                transpose,
                rows: [0; 9],
                cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                cols_fixed: false,
                labels: [0; 10],
                next_label: 1,
            });
        }
        for len in 0..9 {
            self.next.clear();
            let mut best = [u8::MAX; 9];
            for index in 0..self.beam.len() {
                let partial = self.beam[index];
                let source = sources[partial.transpose as usize];
                let options = next_rows(&partial.rows, len);
                for row in (0..9u8).filter(|&r| options & (1 << r) != 0) {
                    let mut extended = partial;
                    extended.rows[len] = row;
                    if partial.cols_fixed {
                        // Most extensions lose within a cell or two: stop labelling there.
                        if let Some(cells) =
                            label_row_unless_greater(&mut extended, source, row as usize, &best)
                        {
                            self.keep_least(&mut best, cells, extended);
                        }
                    } else {
                        self.open_columns(&mut best, extended, source, row as usize);
                    }
                }
            }
            std::mem::swap(&mut self.beam, &mut self.next);
        }
        let chosen = self.beam[0];
        let mut digits = [0u8; 10];
        let mut next_label = chosen.next_label;
        for d in 1..10 {
            // Digits that never appear take the labels left, in order (any would do).
            digits[d] = if chosen.labels[d] == 0 {
                next_label += 1;
                next_label - 1
            } else {
                chosen.labels[d]
            };
        }
        let transform = Transform {
            transpose: chosen.transpose,
            rows: chosen.rows,
            cols: chosen.cols,
            digits,
        };
        Canonical {
            form: transform.apply(puzzle),
            transform,
            // Columns still free at the end (an empty grid) stand for all 1,296 orders.
            automorphisms: self.beam.len() as u64 * if chosen.cols_fixed { 1 } else { 1296 },
        }
    }

    /// Keeps `extended`, whose new row reads `cells`, if that row is least so far (ties kept).
    fn keep_least(&mut self, best: &mut [u8; 9], cells: [u8; 9], extended: Partial) {
        if cells < *best {
            *best = cells;
            self.next.clear();
            self.next.push(extended);
        } else if cells == *best {
            self.next.push(extended);
        }
    }

    /// Extends a partial whose rows so far are all empty (columns still free) with `row`. An
    /// empty row keeps the columns free. Otherwise the row is the first with digits: they are
    /// distinct, so relabelled they read 1, 2, … and only the row's pattern of empty and filled
    /// cells decides — stacks in increasing count of filled cells, empty cells first in each.
    /// The column orders giving that pattern are enumerated directly.
    fn open_columns(
        &mut self,
        best: &mut [u8; 9],
        extended: Partial,
        source: &[u8; 81],
        row: usize,
    ) {
        let mask: u16 = (0..9)
            .filter(|&c| source[row * 9 + c] != 0)
            .map(|c| 1u16 << c)
            .sum();
        let counts: [u32; 3] = std::array::from_fn(|s| (mask >> (s * 3) & 0b111).count_ones());
        let mut sorted = counts;
        sorted.sort_unstable();
        let mut cells = [0u8; 9];
        let mut label = 1;
        for (block, &count) in sorted.iter().enumerate() {
            for j in 3 - count as usize..3 {
                cells[block * 3 + j] = label;
                label += 1;
            }
        }
        if cells > *best {
            return;
        }
        if mask == 0 {
            self.keep_least(best, cells, extended);
            return;
        }
        for order in PERMS3 {
            let [a, b, c] = order.map(|s| counts[s as usize]);
            if a > b || b > c {
                continue;
            }
            let inner = order.map(|s| least_inner_orders((mask >> (s * 3) & 0b111) as u8));
            for &p0 in &inner[0].0[..inner[0].1] {
                for &p1 in &inner[1].0[..inner[1].1] {
                    for &p2 in &inner[2].0[..inner[2].1] {
                        let mut opened = extended;
                        for (i, p) in [p0, p1, p2].into_iter().enumerate() {
                            for j in 0..3 {
                                opened.cols[i * 3 + j] = order[i] * 3 + PERMS3[p as usize][j];
                            }
                        }
                        opened.cols_fixed = true;
                        let labelled =
                            label_row_unless_greater(&mut opened, source, row, &[u8::MAX; 9])
                                .expect("no row reads greater than u8::MAX");
                        debug_assert_eq!(labelled, cells);
                        self.keep_least(best, labelled, opened);
                    }
                }
            }
        }
    }
}

/// The source rows that may come at output row `len` after `rows[..len]`: the rest of the
/// current band, or at a band's start every row of a band not used yet.
pub(super) fn next_rows(rows: &[u8; 9], len: usize) -> u16 {
    if len.is_multiple_of(3) {
        let bands_used = (0..len / 3).fold(0u16, |used, b| used | 0b111 << (rows[b * 3] / 3 * 3));
        0x1ff & !bands_used
    } else {
        let used = rows[..len].iter().fold(0u16, |u, &r| u | 1 << r);
        (0b111u16 << (rows[len - 1] / 3 * 3)) & !used
    }
}

/// The cells of source `row` under the partial's columns, relabelling digits seen first;
/// `None` as soon as the row reads greater than `best`.
fn label_row_unless_greater(
    partial: &mut Partial,
    source: &[u8; 81],
    row: usize,
    best: &[u8; 9],
) -> Option<[u8; 9]> {
    let mut cells = [0u8; 9];
    let mut less = false;
    for c in 0..9 {
        let digit = source[row * 9 + partial.cols[c] as usize] as usize;
        if digit != 0 {
            if partial.labels[digit] == 0 {
                partial.labels[digit] = partial.next_label;
                partial.next_label += 1;
            }
            cells[c] = partial.labels[digit];
        }
        if !less {
            if cells[c] > best[c] {
                return None;
            }
            less = cells[c] < best[c];
        }
    }
    Some(cells)
}

/// The orders (indices into [`PERMS3`]) that put a stack's empty cells first, for a 3-bit mask
/// of its filled cells; returns them with their count.
fn least_inner_orders(mask: u8) -> ([u8; 6], usize) {
    let least = (1u8 << mask.count_ones()) - 1;
    let mut orders = [0u8; 6];
    let mut count = 0;
    for (index, perm) in PERMS3.iter().enumerate() {
        // Output position 0 is the most significant bit, as in the whole row's pattern.
        let pattern = perm
            .iter()
            .fold(0u8, |p, &cell| (p << 1) | (mask >> cell & 1));
        if pattern == least {
            orders[count] = index as u8;
            count += 1;
        }
    }
    (orders, count)
}

/// Every permutation of 9 that keeps blocks of three together (6⁴ = 1,296): the row orders
/// and column orders of the symmetry group.
pub(super) fn block_perms() -> Vec<[u8; 9]> {
    let mut perms = Vec::with_capacity(1296);
    for blocks in PERMS3 {
        for inner in (0..216).map(|i| [i / 36, i / 6 % 6, i % 6]) {
            let mut perm = [0u8; 9];
            for i in 0..3 {
                for j in 0..3 {
                    perm[i * 3 + j] = blocks[i] * 3 + PERMS3[inner[i]][j];
                }
            }
            perms.push(perm);
        }
    }
    perms
}

/// A puzzle as 81 characters, `.` for an empty cell (the corpora's form).
pub fn form_text(form: &[u8; 81]) -> String {
    form.iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

/// The canonical form of one puzzle (builds a [`Canonicalizer`]; reuse one for many).
pub fn canonical(puzzle: &[u8; 81]) -> Canonical {
    Canonicalizer::new().canonical(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> [u8; 81] {
        std::array::from_fn(|i| match text.as_bytes()[i] {
            ch @ b'1'..=b'9' => ch - b'0',
            _ => 0,
        })
    }

    /// The least string over every transform, by enumeration (2 × 6⁸ arrangements).
    fn brute_force(puzzle: &[u8; 81]) -> ([u8; 81], u64) {
        let perms = block_perms();
        let mut best = [10u8; 81];
        let mut count = 0;
        let transposed: [u8; 81] = std::array::from_fn(|i| puzzle[(i % 9) * 9 + i / 9]);
        for source in [puzzle, &transposed] {
            for rows in &perms {
                for cols in &perms {
                    let mut labels = [0u8; 10];
                    let mut next = 1;
                    let mut out = [0u8; 81];
                    for r in 0..9 {
                        for c in 0..9 {
                            let d = source[rows[r] as usize * 9 + cols[c] as usize];
                            if d != 0 && labels[d as usize] == 0 {
                                labels[d as usize] = next;
                                next += 1;
                            }
                            out[r * 9 + c] = labels[d as usize];
                        }
                    }
                    if out < best {
                        best = out;
                        count = 1;
                    } else if out == best {
                        count += 1;
                    }
                }
            }
        }
        (best, count)
    }

    #[test]
    fn empty_grid_has_every_geometric_automorphism() {
        let c = canonical(&[0; 81]);
        assert_eq!(c.form, [0; 81]);
        assert_eq!(c.automorphisms, 2 * 6u64.pow(8));
    }

    #[test]
    fn agrees_with_brute_force_and_is_invariant() {
        for text in [
            "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46",
            // Line 3769 of the 17-clue list, whose printed form is not the least.
            "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
            // A symmetric puzzle (automorphisms beyond the identity).
            "1...5...9.2.4.6.8...3...7..4.......6...5.5...7.......4..7...3...8.6.4.2.9...5...1",
        ] {
            check_against_brute_force(&parse(text));
        }
    }

    fn check_against_brute_force(puzzle: &[u8; 81]) {
        let puzzle = *puzzle;
        let (form, count) = brute_force(&puzzle);
        let mut canon = Canonicalizer::new();
        let c = canon.canonical(&puzzle);
        assert_eq!(c.form, form);
        assert_eq!(c.automorphisms, count);
        assert_eq!(c.transform.apply(&puzzle), c.form);
        for seed in 0..20 {
            let isomorph = Transform::random(seed).apply(&puzzle);
            assert_eq!(canon.canonical(&isomorph).form, form, "seed {seed}");
        }
        assert_eq!(canon.canonical(&form).form, form, "idempotent");
    }
}
