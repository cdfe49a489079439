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
//! transform whose prefix is not least cannot give the least string. Rows 2–3 come from the
//! first row's band, then each further band opens with any of its rows.
//!
//! Columns are not enumerated. A partial transform fixes only the columns its rows have told
//! apart: the columns empty in every row so far may still be reordered within their stack, and
//! stacks empty so far may still be reordered among themselves, without changing a single cell
//! written. Each new row chooses among those freedoms the arrangement that makes it least
//! (empty cells first, then the labels already given in increasing order, then digits not seen
//! yet), and only branches where that leaves a real choice: digits not seen yet in one stack
//! (which of them takes the smaller label) and stacks that read alike. A 17-clue puzzle thus
//! carries one or a few partial transforms per row instead of hundreds of column orders.
//! Every transform that reaches the end gives the same string; their number (each partial
//! standing for every order of its still-free columns) is the puzzle's automorphism count.

use super::transform::Transform;
use crate::core::ORDERS_OF_THREE;

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

/// How a digit not labelled yet compares while a row is arranged: above every label given so
/// far, since it will take the next one.
const NEW: u8 = 10;

/// A transform being built: rows `0..len` of the output are chosen.
#[derive(Clone, Copy, Debug)]
struct Partial {
    transpose: bool,
    rows: [u8; 9],
    /// Output column → source column; where columns are still free (below), one of their
    /// orders.
    cols: [u8; 9],
    /// How many leading output stacks are empty in every row so far: they may still take any
    /// order among themselves and inside.
    open_stacks: u8,
    /// Per output stack, how many of its leading columns are empty in every row so far (3 for
    /// an open stack): they may still take any order.
    free: [u8; 3],
    /// Source value → how it reads: 0 for an empty cell (`codes[0]`), a digit's label, or
    /// [`NEW`] for a digit not seen yet (one table lookup per cell while rows are arranged).
    codes: [u8; 10],
    next_label: u8,
}

/// A source row arranged least within a partial's freedoms.
#[derive(Clone, Copy, Debug)]
struct Arranged {
    /// Output column → source column.
    cols: [u8; 9],
    /// Per source column, how it reads (0, a label, or [`NEW`]).
    values: [u8; 9],
    /// What each open stack reads, in output order (equal keys: stacks that read alike).
    keys: [u16; 3],
    /// The row as it reads, one nibble per cell, the first cell the most significant. Digits
    /// not seen yet read [`NEW`] rather than their coming labels: every partial of a beam has
    /// written the same cells, hence given the same labels, so two rows first differ where
    /// both read old labels or one reads a new digit (which sorts above every old label) and
    /// compare as integers exactly as their relabelled texts compare.
    packed: u64,
}

/// A row that reads least at the current length: the beam entry it extends, the source row,
/// and its arrangement.
#[derive(Clone, Copy, Debug)]
struct Winner {
    index: u32,
    row: u8,
    arranged: Arranged,
}

/// Positions of the output row whose contents may be permuted without changing the row:
/// `count` units of `size` columns from `start` (stacks that read alike, or columns holding
/// digits not seen yet).
#[derive(Clone, Copy, Debug, Default)]
struct Tie {
    start: u8,
    size: u8,
    count: u8,
}

/// Computes canonical forms, reusing its buffers between puzzles (one per thread).
#[derive(Clone, Debug)]
pub struct Canonicalizer {
    beam: Vec<Partial>,
    next: Vec<Partial>,
    /// Per candidate (beam entry, source row) at the current length, its leading empty cells.
    leads: Vec<(u32, u8, u8)>,
    winners: Vec<Winner>,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Canonicalizer::new()
    }
}

/// The indices into [`ORDERS_OF_THREE`] of the orders of the first `n` items (the others fixed).
const ORDERS: [&[u8]; 4] = [&[0], &[0], &[0, 2], &[0, 1, 2, 3, 4, 5]];

/// The cell of a grid that its transpose holds at each cell.
const TRANSPOSED: [u8; 81] = {
    let mut table = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        table[i] = ((i % 9) * 9 + i / 9) as u8;
        i += 1;
    }
    table
};

/// `n!` for `n <= 3`.
const FACTORIAL: [u64; 4] = [1, 1, 2, 6];

impl Canonicalizer {
    /// A canonicalizer with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer {
            beam: Vec::new(),
            next: Vec::new(),
            leads: Vec::new(),
            winners: Vec::new(),
        }
    }

    /// The canonical form of `puzzle` (row-major, 0 = empty, 1..=9 = digit). The puzzle's
    /// rows and columns must not repeat a digit (the reader refuses such givens): the search
    /// relies on a row's digits being distinct. For one that does, the result is an isomorph
    /// but not necessarily the least.
    pub fn canonical(&mut self, puzzle: &[u8; 81]) -> Canonical {
        let transposed: [u8; 81] = std::array::from_fn(|i| puzzle[TRANSPOSED[i] as usize]);
        let sources = [puzzle, &transposed];
        // Per source row, its filled columns (bit c = column c), for the cheap bound below;
        // a row of the transpose is a column of the puzzle.
        let mut filled = [[0u16; 9]; 2];
        for (r, line) in puzzle.chunks_exact(9).enumerate() {
            for (c, &value) in line.iter().enumerate() {
                let bit = (value != 0) as u16;
                filled[0][r] |= bit << c;
                filled[1][c] |= bit << r;
            }
        }
        self.beam.clear();
        for transpose in [false, true] {
            self.beam.push(Partial {
                transpose,
                rows: [0; 9],
                cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                open_stacks: 3,
                free: [3; 3],
                codes: [0, NEW, NEW, NEW, NEW, NEW, NEW, NEW, NEW, NEW],
                next_label: 1,
            });
        }
        for len in 0..9 {
            // A row that cannot begin with as many empty cells as another loses to it, and
            // the count is cheap: only the rows with the most are arranged.
            self.leads.clear();
            let mut most = 0;
            for (index, partial) in self.beam.iter().enumerate() {
                let t = partial.transpose as usize;
                let mut options = next_rows(&partial.rows, len);
                while options != 0 {
                    let row = options.trailing_zeros() as u8;
                    options &= options - 1;
                    let lead = leading_empty(partial, filled[t][row as usize]);
                    most = most.max(lead);
                    self.leads.push((index as u32, row, lead));
                }
            }
            // The least of their arrangements, compared as packed integers; ties kept.
            self.winners.clear();
            let mut least = u64::MAX;
            for &(index, row, lead) in &self.leads {
                if lead < most {
                    continue;
                }
                let partial = &self.beam[index as usize];
                let line = source_row(sources[partial.transpose as usize], row);
                let arranged = arrange(partial, line);
                if arranged.packed > least {
                    continue;
                }
                if arranged.packed < least {
                    least = arranged.packed;
                    self.winners.clear();
                }
                self.winners.push(Winner {
                    index,
                    row,
                    arranged,
                });
            }
            self.next.clear();
            for w in 0..self.winners.len() {
                let winner = self.winners[w];
                let partial = self.beam[winner.index as usize];
                let line = source_row(sources[partial.transpose as usize], winner.row);
                self.expand(&partial, line, len, winner.row, &winner.arranged);
            }
            std::mem::swap(&mut self.beam, &mut self.next);
        }
        let chosen = self.beam[0];
        let mut digits = [0u8; 10];
        let mut next_label = chosen.next_label;
        for d in 1..10 {
            // Digits that never appear take the labels left, in order (any would do).
            digits[d] = if chosen.codes[d] == NEW {
                next_label += 1;
                next_label - 1
            } else {
                chosen.codes[d]
            };
        }
        let transform = Transform {
            transpose: chosen.transpose,
            rows: chosen.rows,
            cols: chosen.cols,
            digits,
        };
        // Each partial left stands for every order of its columns still free (empty columns).
        let automorphisms = self
            .beam
            .iter()
            .map(|p| {
                let open = p.open_stacks as usize;
                let inside: u64 = p.free[open..]
                    .iter()
                    .map(|&f| FACTORIAL[f as usize])
                    .product();
                FACTORIAL[open] * 6u64.pow(open as u32) * inside
            })
            .sum();
        // The form read off the chosen partial (what `transform.apply` gives, without its
        // per-cell transposition test): every digit of the puzzle has its label by now.
        let source = sources[chosen.transpose as usize];
        let mut form = [0u8; 81];
        for (out, &row) in form.chunks_exact_mut(9).zip(&chosen.rows) {
            let line = source_row(source, row);
            for (cell, &c) in out.iter_mut().zip(&chosen.cols) {
                *cell = chosen.codes[line[c as usize] as usize];
            }
        }
        Canonical {
            form,
            transform,
            automorphisms,
        }
    }

    /// Pushes onto `next` `partial` extended with source `row` (`line`) as output row `len`,
    /// in its least arrangement `arranged` and every arrangement that reads the same (the
    /// choices among stacks that read alike and among digits not seen yet).
    fn expand(
        &mut self,
        partial: &Partial,
        line: &[u8; 9],
        len: usize,
        row: u8,
        arranged: &Arranged,
    ) {
        let (cols, values, keys) = (arranged.cols, arranged.values, arranged.keys);
        let open = partial.open_stacks as usize;
        let mut extended = *partial;
        extended.rows[len] = row;
        let mut ties = [Tie::default(); 8];
        let mut tie_count = 0;
        let mut push_tie = |ties: &mut [Tie; 8], start: usize, size: u8, count: u8| {
            if count >= 2 {
                ties[tie_count] = Tie {
                    start: start as u8,
                    size,
                    count,
                };
                tie_count += 1;
            }
        };
        // Stacks that read alike (not empty: empty ones stay open) may come in any order.
        let mut s = 0;
        while s < open {
            let mut run = 1;
            while s + run < open && keys[s + run] == keys[s] {
                run += 1;
            }
            if keys[s] != 0 {
                push_tie(&mut ties, s * 3, 3, run as u8);
            }
            s += run;
        }
        extended.open_stacks = keys[..open].iter().filter(|&&k| k == 0).count() as u8;
        for s in 0..3 {
            let free = partial.free[s] as usize;
            let span = &cols[s * 3..s * 3 + free];
            let zeros = span.iter().filter(|&&c| values[c as usize] == 0).count();
            let unseen = span.iter().filter(|&&c| values[c as usize] == NEW).count();
            // Digits not seen yet sort last and read alike: any of them may take the first
            // of their labels.
            push_tie(&mut ties, s * 3 + free - unseen, 1, unseen as u8);
            extended.free[s] = zeros as u8;
        }
        // Every combination of the ties' orders (block orders first, then inside).
        let ties = &ties[..tie_count];
        let mut choice = [0usize; 8];
        loop {
            let mut chosen = extended;
            chosen.cols = cols;
            for (tie, &k) in ties.iter().zip(&choice) {
                let order = ORDERS_OF_THREE[ORDERS[tie.count as usize][k] as usize];
                let (start, size) = (tie.start as usize, tie.size as usize);
                let before = chosen.cols;
                for unit in 0..tie.count as usize {
                    let from = start + order[unit] as usize * size;
                    chosen.cols[start + unit * size..start + (unit + 1) * size]
                        .copy_from_slice(&before[from..from + size]);
                }
            }
            for &c in &chosen.cols {
                let digit = line[c as usize] as usize;
                if chosen.codes[digit] == NEW {
                    chosen.codes[digit] = chosen.next_label;
                    chosen.next_label += 1;
                }
            }
            self.next.push(chosen);
            // Next combination (odometer over the ties).
            let mut t = 0;
            while t < ties.len() {
                choice[t] += 1;
                if choice[t] < ORDERS[ties[t].count as usize].len() {
                    break;
                }
                choice[t] = 0;
                t += 1;
            }
            if t == ties.len() {
                break;
            }
        }
    }
}

/// Source row `row` of `source`.
fn source_row(source: &[u8; 81], row: u8) -> &[u8; 9] {
    source[row as usize * 9..][..9].try_into().unwrap()
}

/// Source row `line` arranged least within `partial`'s free columns: open stacks each sorted
/// inside, then in the order of what they read; the other stacks' free columns sorted; empty
/// cells first, then old labels in increasing order, then digits not seen yet.
fn arrange(partial: &Partial, line: &[u8; 9]) -> Arranged {
    let values: [u8; 9] = std::array::from_fn(|c| partial.codes[line[c] as usize]);
    let value = |c: u8| values[c as usize];
    let mut cols = partial.cols;
    let open = partial.open_stacks as usize;
    let mut keys = [0u16; 3];
    if open > 0 {
        let mut blocks = [[0u8; 3]; 3];
        for s in 0..open {
            let first = cols[s * 3] / 3 * 3;
            let mut block = [first, first + 1, first + 2];
            sort_by_value(&mut block, value);
            keys[s] = block.iter().fold(0u16, |k, &c| k << 4 | value(c) as u16);
            blocks[s] = block;
        }
        for i in 1..open {
            let mut j = i;
            while j > 0 && keys[j - 1] > keys[j] {
                keys.swap(j - 1, j);
                blocks.swap(j - 1, j);
                j -= 1;
            }
        }
        for s in 0..open {
            cols[s * 3..s * 3 + 3].copy_from_slice(&blocks[s]);
        }
    }
    for s in open..3 {
        let free = partial.free[s] as usize;
        sort_by_value(&mut cols[s * 3..s * 3 + free], value);
    }
    let packed = cols.iter().fold(0u64, |p, &c| p << 4 | value(c) as u64);
    Arranged {
        cols,
        values,
        keys,
        packed,
    }
}

/// How many empty cells source row `filled` (bit c = column c holds a digit) begins with once
/// arranged least within `partial`'s free columns: open stacks with more empty cells come
/// first, and free columns put their empty cells first.
fn leading_empty(partial: &Partial, filled: u16) -> u8 {
    let open = partial.open_stacks as usize;
    let mut lead = 0;
    let mut fewest_filled = 3;
    for s in 0..open {
        let stack = (partial.cols[s * 3] / 3) as u16;
        let count = (filled >> (stack * 3) & 0b111).count_ones();
        if count == 0 {
            lead += 3;
        } else {
            fewest_filled = fewest_filled.min(count);
        }
    }
    if lead < 3 * open as u8 {
        // Some open stack holds a digit: the emptiest of them comes next.
        return lead + 3 - fewest_filled as u8;
    }
    for s in open..3 {
        let free = partial.free[s] as usize;
        let span = &partial.cols[s * 3..s * 3 + 3];
        let free_filled = span[..free]
            .iter()
            .filter(|&&c| filled >> c & 1 != 0)
            .count();
        lead += (free - free_filled) as u8;
        if free_filled > 0 {
            return lead;
        }
        for &c in &span[free..] {
            if filled >> c & 1 != 0 {
                return lead;
            }
            lead += 1;
        }
    }
    lead
}

/// Sorts columns by `value` (at most three; insertion sort).
fn sort_by_value(cols: &mut [u8], value: impl Fn(u8) -> u8) {
    for i in 1..cols.len() {
        let mut j = i;
        while j > 0 && value(cols[j - 1]) > value(cols[j]) {
            cols.swap(j - 1, j);
            j -= 1;
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

/// Every permutation of 9 that keeps blocks of three together (6⁴ = 1,296): the row orders
/// and column orders of the symmetry group.
pub(super) fn block_perms() -> Vec<[u8; 9]> {
    let mut perms = Vec::with_capacity(1296);
    for blocks in ORDERS_OF_THREE {
        for inner in (0..216).map(|i| [i / 36, i / 6 % 6, i % 6]) {
            let mut perm = [0u8; 9];
            for i in 0..3 {
                for j in 0..3 {
                    perm[i * 3 + j] = blocks[i] * 3 + ORDERS_OF_THREE[inner[i]][j];
                }
            }
            perms.push(perm);
        }
    }
    perms
}

/// A puzzle as 81 characters, `.` for an empty cell (the corpora's form).
pub fn form_text(form: &[u8; 81]) -> String {
    // Bytes first: collecting chars encodes each one (a tenth of `sgrade canon`'s work).
    let bytes = form.map(|d| if d == 0 { b'.' } else { b'0' + d });
    String::from_utf8(bytes.to_vec()).expect("digits and dots are ASCII")
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

    /// A pseudo-random grid of `givens` digits that no row, column or box repeats (not
    /// necessarily a puzzle with a solution: the form does not care).
    fn random_givens(seed: u64, givens: usize) -> [u8; 81] {
        let mut state = seed;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut grid = [0u8; 81];
        let mut placed = 0;
        while placed < givens {
            let (cell, digit) = (next(81), next(9) as u8 + 1);
            if grid[cell] == 0 && !conflicts(&grid, cell, digit) {
                grid[cell] = digit;
                placed += 1;
            }
        }
        grid
    }

    fn conflicts(grid: &[u8; 81], cell: usize, digit: u8) -> bool {
        (0..81).any(|other| {
            let (r, c, o_r, o_c) = (cell / 9, cell % 9, other / 9, other % 9);
            let peer = r == o_r || c == o_c || (r / 3 == o_r / 3 && c / 3 == o_c / 3);
            other != cell && peer && grid[other] == digit
        })
    }

    /// Sparse and dense grids exercise the free columns and the ties between digits not seen
    /// yet; grids made symmetric (a grid overlaid with its image under a transform, digits
    /// kept) have automorphisms to count.
    #[test]
    fn agrees_with_brute_force_on_random_and_symmetric_grids() {
        for (seed, givens) in [(1u64, 5), (2, 11), (3, 17), (4, 24), (5, 40)] {
            check_against_brute_force(&random_givens(seed * 7919 + 1, givens));
        }
        let mirror = Transform {
            transpose: true,
            digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            ..Transform::IDENTITY
        };
        let band_swap = Transform {
            rows: [3, 4, 5, 0, 1, 2, 6, 7, 8],
            cols: [2, 1, 0, 3, 4, 5, 8, 7, 6],
            digits: [0, 2, 1, 3, 4, 5, 6, 7, 8, 9],
            ..Transform::IDENTITY
        };
        let mut checked = 0;
        for seed in 1..200u64 {
            let transform = [mirror, band_swap][seed as usize % 2];
            let half = random_givens(seed * 104_729 + 3, 4 + seed as usize % 7);
            let image = transform.apply(&half);
            let mut both = half;
            let fits = (0..81).all(|cell| match (half[cell], image[cell]) {
                (0, 0) => true,
                (0, d) => {
                    both[cell] = d;
                    true
                }
                (d, e) => e == 0 || d == e,
            });
            if !fits || (0..81).any(|cell| both[cell] != 0 && conflicts(&both, cell, both[cell])) {
                continue;
            }
            let count = check_against_brute_force(&both);
            assert!(count > 1, "seed {seed}: the overlay is symmetric");
            checked += 1;
            if checked == 3 {
                break;
            }
        }
        assert_eq!(checked, 3);
    }

    /// Checks the form and the automorphism count against [`brute_force`], the form's
    /// invariance and idempotence; returns the count.
    fn check_against_brute_force(puzzle: &[u8; 81]) -> u64 {
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
        count
    }
}
