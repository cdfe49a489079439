//! sudoku-grader: grades Sudoku puzzles the way a human solver would, at batch scale.
//!
//! Layers, bottom up: [`core`] (bitboards, geometry, grid — no techniques), [`oracle`]
//! (brute-force solution counter), [`links`] (the strong/weak link model of a state),
//! [`als`] (almost locked sets), [`superlinks`] (GNPX's super links and the memoized forcing
//! evaluation),
//! [`techniques`] (one file per family), [`ladder`] (the
//! technique table), [`scale`] (ladders plus rating rules), [`grader`] (the solving loop), then input ([`reader`], [`puzzle`]),
//! per-record evaluation ([`evaluate`]), streaming ([`batch`]) and reporting ([`explain`],
//! [`summary`]).

// Cells, houses and digits are coordinates here; indexed loops over them read as the domain does.
#![allow(clippy::needless_range_loop)]

pub mod batch;
pub mod bench;
pub mod core;
pub mod explain;
pub mod grading;
pub mod input;
pub mod model;
pub mod oracle;
pub mod report;
pub mod scales;
pub mod symmetry;
pub mod techniques;
pub mod timing;
