//! Agreement with Sudoku Explainer 1.2.1 as serate 1.2.1.3 rates (`--scale se`): the
//! acceptance puzzles of `../shared/SE.md` §9.1, the reference ratings of
//! `../shared/reference/se/se121_*.csv` and the step-by-step traces beside them. Every test
//! reads its expectations from `../shared` and skips, saying so, when it is absent.
//!
//! Modules:
//! - `acceptance`: SE.md's table 9.1, exact ER/EP/ED where a non-chain technique sets ER.
//! - `references`: every reference puzzle of ER ≤ 6.2 (no chain needed) exact, and `--verify`
//!   finds no wrong step on any of them or on the shipped corpora.
//! - `traces`: the path equals SE's, step by step (name and difficulty), up to SE's first chain.

#[path = "../common/mod.rs"]
mod common;

mod acceptance;
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

/// Whether the `se` scale has chain rungs yet (the chain family plugs in after Aligned Pair
/// Exclusion); without them Aligned Triplet Exclusion is off too (SE tries it only after
/// producer 21 found nothing).
pub fn has_chains() -> bool {
    sudoku_grader::scales::se::has_chain_rungs()
}
