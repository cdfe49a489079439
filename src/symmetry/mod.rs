//! The Sudoku symmetry group ([`transform`]) and canonical forms under it ([`canon`] for
//! puzzles, [`marks`] for pencil-mark grids): which puzzles are the same puzzle.

pub mod canon;
pub mod dedup;
pub mod marks;
pub mod transform;
