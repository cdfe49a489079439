//! SE's chain producers on states from serate's own traces (`../shared/reference/se/
//! se121_traces`): each trace's path is replayed from the descriptions of its steps, and at
//! every chain step the producer SE used must yield a hint of the same difficulty (raw f64),
//! name and conclusion. Skips cleanly without `../shared`.

#[path = "../common/mod.rs"]
mod common;

mod replay;

use replay::{sweep, Sweep};

/// The first `n` traces of a set, every chain step checked.
fn check(set: &str, n: usize, max_level: u8) -> Option<Sweep> {
    let path = common::shared_file(&format!("reference/se/se121_traces/{set}.jsonl.gz"))?;
    let result = sweep(&path, n, max_level);
    eprintln!("{set}: {result:?}");
    for line in result.mismatches.iter().take(20) {
        eprintln!("  {line}");
    }
    Some(result)
}

#[test]
fn trace_chain_steps_match_se_on_hodoku_exemplars() {
    if let Some(result) = check("hodoku_exemplars", 400, 1) {
        assert!(result.checked > 50, "{result:?}");
        assert!(result.mismatches.is_empty(), "{result:?}");
    }
}

/// A wider sweep over every trace set (slow tier: `cargo test --release --test se_chains --
/// --ignored`).
#[test]
#[ignore = "slow: every trace of every set"]
fn trace_chain_steps_match_se_everywhere() {
    let sets = [
        "hodoku_exemplars",
        "kaggle_radcliffe_4000",
        "qqwing_levels",
        "se_exchange_subset",
        "sudocue_almostdn",
        "sudocue_noponies",
        "sudocue_snow2005",
    ];
    let mut bad = 0;
    for set in sets {
        if let Some(result) = check(set, usize::MAX, 5) {
            bad += result.mismatches.len();
        }
    }
    assert_eq!(bad, 0);
}
