//! The Sudoku symmetry group ([`transform`]) and canonical forms under it ([`canon`] for
//! puzzles, [`marks`] for pencil-mark grids): which puzzles are the same puzzle.

pub mod canon;
pub mod dedup;
pub mod marks;
pub mod transform;

use crate::core::Grid;

/// A grid's givens (0 = empty, 1..=9 = digit), as the canonicalizers read them.
pub fn givens_of(grid: &Grid) -> [u8; 81] {
    std::array::from_fn(|cell| grid.value(cell).map_or(0, |d| d as u8 + 1))
}

/// A grid's pencil marks (per cell the candidate mask, a placed digit as its one candidate).
pub fn marks_of(grid: &Grid) -> [u16; 81] {
    std::array::from_fn(|cell| grid.value(cell).map_or(grid.candidates(cell), |d| 1 << d))
}

/// The canonical forms of puzzles and of pencil-mark grids, from one worker's buffers.
#[derive(Clone, Debug, Default)]
pub struct Forms {
    puzzles: canon::Canonicalizer,
    marks: marks::MarksCanonicalizer,
}

impl Forms {
    /// The canonical form of `grid` as text (81 characters; 729 when it was read as
    /// `pencil_marks`) and its automorphism count.
    pub fn of(&mut self, grid: &Grid, pencil_marks: bool) -> (String, u64) {
        if pencil_marks {
            let c = self.marks.canonical(&marks_of(grid));
            (marks::marks_text(&c.form), c.automorphisms)
        } else {
            let c = self.puzzles.canonical(&givens_of(grid));
            (canon::form_text(&c.form), c.automorphisms)
        }
    }

    /// The canonical form of a puzzle's givens (0 = empty, 1..=9 = digit; no digit twice in
    /// a house) as text, and its automorphism count: [`Forms::of`] without a [`Grid`].
    pub fn of_givens(&mut self, givens: &[u8; 81]) -> (String, u64) {
        let c = self.puzzles.canonical(givens);
        (canon::form_text(&c.form), c.automorphisms)
    }
}
