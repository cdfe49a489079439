//! The switch for the finders' memos: results a search keeps from one grid state to the next
//! while the planes it depends on stay the same (the fish searches' per-digit lists).
//!
//! The memos are an implementation detail: every finder yields the same steps with them as
//! without. They are on by default; turning them off makes every search start from nothing, which
//! is what the test that proves them invisible compares against (grading a corpus slice both ways
//! gives the same steps). The switch is per thread, like the memos themselves, so a test that
//! turns it off affects no other test running beside it.

use std::cell::Cell;

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Whether the finders on this thread may reuse what they found on an earlier state.
#[inline]
pub fn enabled() -> bool {
    ENABLED.with(Cell::get)
}

/// Turns this thread's finder memos on or off (on by default); returns the previous setting.
pub fn set_enabled(on: bool) -> bool {
    ENABLED.with(|enabled| enabled.replace(on))
}
