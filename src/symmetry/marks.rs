//! The canonical form of a pencil-mark grid: the least 729-character string any symmetry and
//! relabelling makes of it.
//!
//! Convention: a grid is written cell by cell, each cell as nine characters, position `k` the
//! digit `k` if it is a candidate (or the placed digit) there, `.` otherwise — `sgrade`'s own
//! 729-character form. `.` sorts before the digits, so the least string keeps each early cell's
//! candidates on the highest digits.
//!
//! For a fixed geometric arrangement the least relabelling needs no search. Keep the digits in
//! groups, each group owning a range of labels (at first one group, labels 1–9). A cell with
//! candidate set S splits every group it meets: the group's members in S take the top of its
//! range, the others the bottom — that puts the cell's candidates on the highest labels the
//! earlier cells leave open, which is the least block this cell can have, and it decides
//! nothing the later cells could want otherwise (members of one group have been alike so far).
//! At the end each group's digits are interchangeable; they take its labels in digit order.
//! The geometric arrangements are searched row by row as for givens ([`super::canon`]): only
//! the partial arrangements whose rows so far are least are kept. The first row tries all
//! 1,296 column orders (no shortcut holds for sets of candidates).

use super::canon::{block_perms, next_rows};
use super::transform::Transform;

/// A pencil-mark grid's canonical form, one transform that yields it, and its automorphisms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonicalMarks {
    /// The canonical form: per cell the candidate mask of the relabelled digits (bit `d` =
    /// digit `d + 1`).
    pub form: [u16; 81],
    /// One transform with `transform.apply_marks(grid) == form`.
    pub transform: Transform,
    /// How many geometric transforms (with a relabelling) map the grid onto itself.
    pub automorphisms: u64,
}

/// Label ranges of the digits: `lo[d]..=hi[d]` (1-based labels), shared by a group's members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Groups {
    lo: [u8; 9],
    hi: [u8; 9],
}

impl Groups {
    const START: Groups = Groups {
        lo: [1; 9],
        hi: [9; 9],
    };

    /// Splits the groups by the candidate set `mask` and returns the cell's block: the labels
    /// its candidates take, as a value that orders like the block's text (label 1 the most
    /// significant).
    fn split(&mut self, mask: u16) -> u16 {
        let mut block = 0u16;
        // Groups are identified by their range's low end.
        let mut in_set = [0u8; 10];
        for d in 0..9 {
            if mask >> d & 1 != 0 {
                in_set[self.lo[d] as usize] += 1;
            }
        }
        let before = *self;
        for d in 0..9 {
            let (lo, hi) = (before.lo[d], before.hi[d]);
            let k = in_set[lo as usize];
            if k == 0 {
                continue;
            }
            if mask >> d & 1 != 0 {
                self.lo[d] = hi - k + 1;
                for label in hi - k + 1..=hi {
                    block |= 1 << (9 - label);
                }
            } else {
                self.hi[d] = hi - k;
            }
        }
        block
    }
}

#[derive(Clone, Copy, Debug)]
struct Partial {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    groups: Groups,
}

/// Computes canonical forms of pencil-mark grids, reusing its buffers.
#[derive(Clone, Debug)]
pub struct MarksCanonicalizer {
    column_perms: Vec<[u8; 9]>,
    beam: Vec<Partial>,
    next: Vec<Partial>,
}

impl Default for MarksCanonicalizer {
    fn default() -> Self {
        MarksCanonicalizer::new()
    }
}

/// The blocks of source `row` under `cols`, the groups split as they go; `None` as soon as
/// they read greater than `best`.
fn row_blocks(
    groups: &mut Groups,
    source: &[u16; 81],
    row: usize,
    cols: &[u8; 9],
    best: &[u16; 9],
) -> Option<[u16; 9]> {
    let mut blocks = [0u16; 9];
    let mut less = false;
    for c in 0..9 {
        blocks[c] = groups.split(source[row * 9 + cols[c] as usize]);
        if !less {
            if blocks[c] > best[c] {
                return None;
            }
            less = blocks[c] < best[c];
        }
    }
    Some(blocks)
}

impl MarksCanonicalizer {
    /// A canonicalizer with its column orders built.
    pub fn new() -> MarksCanonicalizer {
        MarksCanonicalizer {
            column_perms: block_perms(),
            beam: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Keeps `partial`, whose new row reads `blocks`, if that row is least so far.
    fn keep_least(&mut self, best: &mut [u16; 9], blocks: [u16; 9], partial: Partial) {
        if blocks < *best {
            *best = blocks;
            self.next.clear();
            self.next.push(partial);
        } else if blocks == *best {
            self.next.push(partial);
        }
    }

    /// The canonical form of `marks` (per cell the candidate mask, bit `d` = digit `d + 1`; a
    /// placed digit is a one-candidate cell).
    pub fn canonical(&mut self, marks: &[u16; 81]) -> CanonicalMarks {
        let transposed: [u16; 81] = std::array::from_fn(|i| marks[(i % 9) * 9 + i / 9]);
        let sources = [marks, &transposed];
        self.next.clear();
        let mut best = [u16::MAX; 9];
        for (t, source) in sources.iter().enumerate() {
            for row in 0..9 {
                for index in 0..self.column_perms.len() {
                    let cols = self.column_perms[index];
                    let mut groups = Groups::START;
                    if let Some(blocks) = row_blocks(&mut groups, source, row, &cols, &best) {
                        let partial = Partial {
                            transpose: t == 1,
                            rows: [row as u8; 9],
                            cols,
                            groups,
                        };
                        self.keep_least(&mut best, blocks, partial);
                    }
                }
            }
        }
        std::mem::swap(&mut self.beam, &mut self.next);
        for len in 1..9 {
            self.next.clear();
            let mut best = [u16::MAX; 9];
            for index in 0..self.beam.len() {
                let partial = self.beam[index];
                let source = sources[partial.transpose as usize];
                let options = next_rows(&partial.rows, len);
                for row in (0..9u8).filter(|&r| options & (1 << r) != 0) {
                    let mut extended = partial;
                    extended.rows[len] = row;
                    if let Some(blocks) = row_blocks(
                        &mut extended.groups,
                        source,
                        row as usize,
                        &partial.cols,
                        &best,
                    ) {
                        self.keep_least(&mut best, blocks, extended);
                    }
                }
            }
            std::mem::swap(&mut self.beam, &mut self.next);
        }
        let chosen = self.beam[0];
        // Each group's digits are alike: they take its labels in digit order.
        let mut digits = [0u8; 10];
        let mut taken = [0u8; 10];
        for d in 0..9 {
            let lo = chosen.groups.lo[d];
            digits[d + 1] = lo + taken[lo as usize];
            taken[lo as usize] += 1;
        }
        let transform = Transform {
            transpose: chosen.transpose,
            rows: chosen.rows,
            cols: chosen.cols,
            digits,
        };
        CanonicalMarks {
            form: transform.apply_marks(marks),
            transform,
            automorphisms: self.beam.len() as u64,
        }
    }
}

/// A pencil-mark grid as 729 characters (`sgrade`'s own form: per cell nine characters, the
/// digit where it is a candidate, `.` elsewhere).
pub fn marks_text(marks: &[u16; 81]) -> String {
    marks
        .iter()
        .flat_map(|&m| {
            (0..9).map(move |d| {
                if m >> d & 1 != 0 {
                    (b'1' + d) as char
                } else {
                    '.'
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::marks_text as text;

    /// A puzzle's start as pencil marks.
    fn start_marks(puzzle: &str) -> [u16; 81] {
        let values: [u8; 81] = std::array::from_fn(|i| match puzzle.as_bytes()[i] {
            ch @ b'1'..=b'9' => ch - b'0',
            _ => 0,
        });
        crate::symmetry::marks_of(&crate::core::Grid::from_givens(&values).unwrap())
    }

    #[test]
    fn splitting_puts_a_cells_candidates_on_the_highest_open_labels() {
        let mut groups = Groups::START;
        // Digits 1 and 5 first: they take labels 8 and 9.
        assert_eq!(groups.split(0b1_0001), 0b11);
        // Digit 5 alone next: the top of the {8, 9} group, label 9.
        assert_eq!(groups.split(0b1_0000), 0b1);
        assert_eq!((groups.lo[4], groups.hi[4]), (9, 9));
        assert_eq!((groups.lo[0], groups.hi[0]), (8, 8));
        // Digit 2 (never seen): the top of the open labels 1–7.
        assert_eq!(groups.split(0b10), 1 << 2);
    }

    #[test]
    fn the_form_is_an_isomorph_invariant_and_least_among_isomorphs() {
        // A real state: the start of a puzzle in pencil marks.
        let puzzle =
            "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";
        let marks = start_marks(puzzle);
        let mut canon = MarksCanonicalizer::new();
        let c = canon.canonical(&marks);
        assert_eq!(c.transform.apply_marks(&marks), c.form);
        assert_eq!(canon.canonical(&c.form).form, c.form, "idempotent");
        for seed in 0..12 {
            let isomorph = Transform::random(seed).apply_marks(&marks);
            assert_eq!(canon.canonical(&isomorph).form, c.form, "seed {seed}");
            assert!(text(&c.form) <= text(&isomorph), "seed {seed}: not least");
        }
    }

    #[test]
    fn symmetries_are_counted_as_for_the_givens() {
        // One given in a corner, every other cell open: the puzzle's 144 × 144 × 2 symmetries
        // (super::canon's test) fix this grid too.
        let mut marks = [0x1ffu16; 81];
        marks[0] = 1 << 6;
        let c = MarksCanonicalizer::new().canonical(&marks);
        assert_eq!(c.automorphisms, 41472);
        // `........9` sorts before `123456789`: the fixed cell comes first, its digit labelled 9.
        assert_eq!(c.form[0], 1 << 8);
        assert!(c.form[1..].iter().all(|&m| m == 0x1ff));
    }

    /// For one fixed arrangement, splitting groups cell by cell gives the least of all 9!
    /// relabellings (checked by enumerating them).
    #[test]
    fn group_splitting_finds_the_least_relabelling() {
        let puzzle =
            "...6.8...6...9...529.....483.1...4.64..3.1..2...8.6....1.4.2.7..6.7.9.5.....8....";
        let marks = start_marks(puzzle);
        let mut groups = Groups::START;
        let split: Vec<u16> = marks.iter().map(|&m| groups.split(m)).collect();
        // `split` holds label bits with label 1 the most significant; as masks (bit d = label
        // d + 1) they read reversed.
        let as_mask = |block: u16| {
            (0..9)
                .filter(|l| block >> (8 - l) & 1 != 0)
                .fold(0u16, |m, l| m | 1 << l)
        };
        let split_text = text(&std::array::from_fn(|c| as_mask(split[c])));
        let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut least = String::from("~");
        // Heap's algorithm over the 9! relabellings.
        let mut c = [0usize; 9];
        let mut check = |labels: &[u8; 9]| {
            let mut t = Transform::IDENTITY;
            t.digits[1..].copy_from_slice(labels);
            let candidate = text(&t.apply_marks(&marks));
            if candidate < least {
                least = candidate;
            }
        };
        check(&labels);
        let mut i = 0;
        while i < 9 {
            if c[i] < i {
                labels.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                check(&labels);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert_eq!(split_text, least);
    }
}
