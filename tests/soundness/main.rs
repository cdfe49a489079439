//! Soundness against the solution: every step the finders take or report agrees with the
//! puzzle's unique solution (what `--verify` checks), over real corpora and random states.
//!
//! Modules:
//! - `corpora`: the default ladder on whole corpora, and the fast path against the oracle.
//! - `fish`: every fish technique, sizes 5–7 included.
//! - `fish_dual`: large basic fish have small duals (a property on random states).
//! - `memo`: grading with the finders' memos on and off takes the same steps on every scale.
//! - `forcing`: ForceChain, Kraken fish, HoDoKu's Forcing Chain and Net.
//! - `fuzz_seeds`: the fuzz targets' bodies over a fixed seed corpus (the CI smoke pass).
//! - `statuses`: near-puzzles without a solution or with several are never reported unique.
//! - `oracle`: the band oracle against the solver it replaced (`oracle_reference`), on corpora,
//!   non-unique and mid-solve grids and random grids.
//! - `patterns`: single-digit patterns, wings, colourings, chains, Sue de Coq, ALS, nice loops.
//! - `pencil_marks`: 729-character input never runs avoidable rectangles (givens unknown).
//! - `removals`: random candidate removals that keep the solution keep every technique sound.
//! - `sue_de_coq_ex`: GNPX v5's Sue de Coq extensions.
//! - `xyz_wing_als`: XYZ-Wing (ALS), with the pattern's shape.

#[path = "../common/mod.rs"]
mod common;

mod corpora;
mod fish;
mod fish_dual;
mod forcing;
mod fuzz_seeds;
mod memo;
mod oracle;
mod oracle_reference;
mod patterns;
mod pencil_marks;
mod removals;
mod statuses;
mod sue_de_coq_ex;
mod trace;
mod xyz_wing_als;
