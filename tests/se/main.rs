//! Agreement with Sudoku Explainer 1.2.1 as serate 1.2.1.3 rates (`--scale se`): the
//! acceptance puzzles of `../shared/SE.md` §9.1, the reference ratings of
//! `../shared/reference/se/se121_*.csv` and the step-by-step traces beside them. Every test
//! reads its expectations from `../shared` and skips, saying so, when it is absent.
//!
//! Modules:
//! - `acceptance`: SE.md's table 9.1, exact ER/EP/ED, all 60 (ER ≥ 9.5 takes a few CPU-s).
//! - `references`: every reference puzzle of ER ≤ 6.2 (no chain needed) exact, and `--verify`
//!   finds no wrong step on the shipped corpora (slow tier: on every reference puzzle).
//! - `traces`: the path equals SE's, step by step (name and difficulty), up to SE's first chain.
//! - `forum`: slow tier, a 1-in-100 sample of the forum's hardest puzzles (ER ≥ 11) all rated,
//!   none stuck, no wrong step under `--verify` (~1,000 CPU-s).

#[path = "../common/mod.rs"]
mod common;

mod acceptance;
mod forum;
mod references;
mod traces;

/// Words that mark an SE hint name as one of the chain producers' (21, 23–27d).
pub const CHAIN_WORDS: [&str; 6] = [
    "Forcing",
    "Cycle",
    "Turbot",
    "X-Chain",
    "Nishio",
    "Generalized",
];

/// Whether SE's hint `name` comes from a chain producer (another family's rungs).
pub fn is_chain(name: &str) -> bool {
    CHAIN_WORDS.iter().any(|w| name.contains(w))
}
