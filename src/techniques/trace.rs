//! The switch for the parts of a step that only explain it:
//! - the branches under ForceChain's and Kraken Fish's conclusions. Tracing them takes a second
//!   walk from every origin (the first, cached, finds the conclusions), and on the default scale
//!   that was 5% of all the time on top1465 (results/speed.md);
//! - the text of Sudoku Explainer's chain steps (headline and chains), written from the node
//!   paths the search keeps for its running best: most of the SE scale's allocations per step;
//! - the premises and chains of HoDoKu's forcing chains and nets (`ForcingProof`), each chain a
//!   breadth-first search through the implication table.
//!
//! Only the step printers (`explain`, its JSON) read them, so the grader turns them off where
//! nothing looks at its steps; every other part of a step, and which steps are taken, is the
//! same either way (a test grades a corpus both ways).
//!
//! The switch is per thread and on by default, so a finder called on its own (a test, a tool)
//! explains its steps.

use std::cell::Cell;

thread_local! {
    static WANTED: Cell<bool> = const { Cell::new(true) };
}

/// Whether the finders on this thread make the parts of their steps that only explain them.
#[inline]
pub fn explanations_wanted() -> bool {
    WANTED.with(Cell::get)
}

/// Turns this thread's explanations on or off until the returned guard is dropped, which
/// restores the setting before it.
pub fn explanations_wanted_while(on: bool) -> Restore {
    Restore(WANTED.with(|wanted| wanted.replace(on)))
}

/// Puts the explanations switch back as it was when dropped ([`explanations_wanted_while`]).
#[must_use = "the setting lasts only as long as the guard"]
pub struct Restore(bool);

impl Drop for Restore {
    fn drop(&mut self) {
        WANTED.with(|wanted| wanted.set(self.0));
    }
}
