//! sudoku-grader: grades Sudoku puzzles the way a human solver would, at batch scale.
//!
//! The modules read as the data flow, bottom up; a module imports only from layers below its
//! own (`tests/cli/architecture.rs` checks it, and that no cycle joins two folders):
//!
//! 1. [`core`]: bitboards, geometry, candidate sets, the grid and the text notation of cells
//!    and houses. Knows nothing of techniques.
//! 2. [`oracle`]: the brute-force solution counter.
//! 3. [`input`] (line → record → puzzle), [`model`] (what a state implies, shared by families:
//!    links, almost locked sets, super links, forcing proofs) and [`symmetry`] (the Sudoku
//!    symmetries and minlex canonical forms).
//! 4. [`techniques`]: the catalogue (one row per technique: id, title, family, finders, GNPX
//!    label, text), the step type and every family's finders and text.
//! 5. [`scales`]: the ladders — a table of rungs and a rating rule per scale, with each rung's
//!    search and step preference.
//! 6. [`timing`]: the grader's timing hooks and histograms.
//! 7. [`grading`]: the solving loop, the typed verdict of one record, the `find` filter and
//!    the [`grading::sink::Sink`] that consumers of evaluations implement.
//! 8. [`batch`] (the stream and the row writers), [`report`] (summary, stats, HTML report,
//!    comparison of two ratings), [`explain`] (step text and JSON) and [`mod@bench`].
//!
//! The command line (`src/cli/`, the `sgrade` binary) sits on top.

#![warn(missing_docs)]
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
