//! The Sudoku symmetry group ([`transform`]) and canonical forms under it ([`canon`]): which
//! puzzles are the same puzzle.

pub mod canon;
pub mod dedup;
pub mod transform;
