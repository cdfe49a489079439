//! Sudoku Explainer's chain engine (SE.md §5): producer 21 "Forcing Chains & Cycles", 23
//! Nishio, 24 Multiple, 25 Dynamic, 26 Dynamic (+) and the nested levels 2–5 (27a–27d), as
//! finders of the standard shape. Each collects its hints in SE's generation order, keeps the
//! first in SE's sort (§5.8; the dedup by elimination map never changes the first) and
//! yields it as a [`Step`] carrying its raw f64 difficulty and its [`SeChain`] (name,
//! complexity, chains).
//!
//! Files by concern: `nodes` (node ids, node sets, the rules), `bonus` (length bonus),
//! `collect` (hint records, sort), `cycles` (producer 21), `engine` (doChaining, advanced
//! nodes, memo), `hints` (producers 23–27), `level1` (the techniques acting inside chains),
//! `reach` (which of producer 21's searches can find anything), `text`.

use std::cell::RefCell;
use std::ops::ControlFlow;

use crate::core::{Bits81, Grid};
use crate::techniques::step::{with_kept_step, Step, StepDifficulty};
use crate::techniques::{StepSink, TechniqueId};

pub mod bonus;
pub mod collect;
pub mod cycles;
pub mod engine;
pub mod hints;
pub mod level1;
pub mod nodes;
pub mod reach;
pub mod text;

pub use text::SeChain;

use collect::{Collector, Kind, Rec};
use engine::{Engine, Fixed, Prod};
use nodes::Cands;

/// The catalogue family of these techniques (every one of them, and nothing else, counts chain
/// work: [`PuzzleWork`]).
pub const FAMILY: &str = "se-chains";

thread_local! {
    /// One engine per thread: its buffers and memo live across steps and puzzles (the memo
    /// is cleared whenever the placed cells change, since the inner techniques read them).
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

/// A puzzle's chain work on this thread, from [`PuzzleWork::begin`] to [`PuzzleWork::finish`]
/// (or drop): the engine counts its work ([`Engine::work`]), and once it passes the limit every
/// search of the puzzle finds nothing. SE's nested chains have no bound of
/// their own; on grids far from a real puzzle's states they grow past any useful time.
#[must_use = "the limit holds until this is finished or dropped"]
pub struct PuzzleWork(());

impl PuzzleWork {
    /// Starts counting a puzzle's work from zero, giving up past `limit` (`None`: never). The
    /// memo is emptied, so that the count is the same whatever this thread graded before.
    pub fn begin(limit: Option<u64>) -> PuzzleWork {
        ENGINE.with(|engine| {
            let mut engine = engine.borrow_mut();
            // An empty map's `clear` still writes its whole table: skipped.
            if !engine.memo.is_empty() {
                engine.memo.clear();
                engine.memo_hints = 0;
            }
            engine.work = 0;
            engine.work_limit = limit.unwrap_or(u64::MAX);
            engine.gave_up = false;
        });
        PuzzleWork(())
    }

    /// The puzzle's work so far, and whether it passed the limit.
    pub fn finish(self) -> (u64, bool) {
        ENGINE.with(|engine| {
            let engine = engine.borrow();
            (engine.work, engine.gave_up)
        })
    }
}

impl Drop for PuzzleWork {
    /// Lifts the limit: calls outside a puzzle's grading are never cut short.
    fn drop(&mut self) {
        ENGINE.with(|engine| {
            let mut engine = engine.borrow_mut();
            engine.work_limit = u64::MAX;
            engine.gave_up = false;
        });
    }
}

/// The best hint of `prod` on `grid`, if any (none once the puzzle passed its work limit).
pub fn best_hint(grid: &Grid, prod: Prod) -> Option<Rec> {
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        if engine.gave_up {
            return None;
        }
        let mut placed = [0u128; 9];
        for (d, plane) in placed.iter_mut().enumerate() {
            *plane = grid.placed(d).0;
        }
        let empty = grid.unsolved().0;
        if placed != engine.fixed.placed || empty != engine.fixed.empty {
            // An empty map's `clear` still writes its whole table: skipped.
            if !engine.memo.is_empty() {
                engine.memo.clear();
                engine.memo_hints = 0;
            }
            engine.fixed = Fixed::new(placed, empty);
        }
        let cands = Cands::from_grid(grid);
        let mut out = Collector::new(false);
        engine.search(0, &cands, prod, &mut out);
        if engine.gave_up {
            return None;
        }
        out.best
    })
}

/// SE's hint name of a record found by `prod`.
pub fn hint_name(prod: Prod, rec: &Rec) -> &'static str {
    match rec.kind {
        Kind::XCycle if rec.cells.count_ones() == 4 => return "Generalized X-Wing",
        Kind::XCycle => return "Bidirectional X-Cycle",
        Kind::YCycle => return "Bidirectional Y-Cycle",
        Kind::XyCycle => return "Bidirectional Cycle",
        Kind::XForcing if rec.complexity == 6 => return "Turbot Fish",
        Kind::XForcing => return "Forcing X-Chain",
        Kind::XyForcing => return "Forcing Chain",
        _ => {}
    }
    let form = match rec.kind {
        Kind::Contradiction => 0,
        Kind::Double => 1,
        Kind::Cell => 2,
        _ => 3,
    };
    match prod {
        Prod::Nishio => "Nishio Forcing Chains",
        Prod::Multiple | Prod::Static => {
            ["", "", "Cell Forcing Chains", "Region Forcing Chains"][form]
        }
        Prod::Dynamic(level) => DYNAMIC_NAMES[level.min(5) as usize][form],
    }
}

/// SE's names of the dynamic forms (contradiction, double, cell, region) by level.
const DYNAMIC_NAMES: [[&str; 4]; 6] = [
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    ],
];

/// The name suffix of a nesting level (SE.md §3).
pub fn level_suffix(level: u8) -> &'static str {
    match level {
        0 => "",
        1 => " (+)",
        2 => " (+ Forcing Chains)",
        3 => " (+ Multiple Forcing Chains)",
        4 => " (+ Dynamic Forcing Chains)",
        _ => " (+ Dynamic Forcing Chains (+ Forcing Chains))",
    }
}

/// Makes `step` the step of a record.
pub fn to_step(technique: TechniqueId, prod: Prod, rec: &Rec, step: &mut Step) {
    // The chain record's texts are kept through the reset, so that a step per call allocates
    // nothing once the kept step has had them.
    let kept = step.se_chain.take();
    step.reset(technique);
    let mut digits = 0u16;
    if let Some((cell, digit)) = rec.result {
        step.placements.insert(cell as usize, digit as usize);
        digits |= 1 << digit;
    } else {
        for (d, &plane) in rec.elims.iter().enumerate() {
            step.eliminations.planes[d] = Bits81(plane);
            if plane != 0 {
                digits |= 1 << d;
            }
        }
    }
    step.cells = Bits81(rec.cells);
    step.digits = digits;
    step.difficulty = Some(StepDifficulty(rec.difficulty));
    let mut chain = kept.unwrap_or_else(|| SeChain {
        name: "",
        complexity: 0,
        headline: String::new(),
        chains: Vec::new(),
    });
    chain.name = hint_name(prod, rec);
    chain.complexity = rec.complexity;
    chain.headline.clear();
    chain.chains.clear();
    if let Some(text) = &rec.text {
        chain.headline.push_str(&text.headline);
        chain.chains.extend(text.chains.iter().cloned());
    }
    step.se_chain = Some(chain);
}

/// SE's name of a chain step (`None` for steps of other techniques).
pub fn se_name(step: &Step) -> Option<&'static str> {
    step.se_chain.as_ref().map(|se| se.name)
}

fn run(
    grid: &Grid,
    prod: Prod,
    technique: TechniqueId,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    match best_hint(grid, prod) {
        Some(rec) => with_kept_step(|step| {
            to_step(technique, prod, &rec, step);
            sink(step)
        }),
        None => ControlFlow::Continue(()),
    }
}

/// Producer 21: Forcing Chains & Cycles.
pub fn forcing_chains_cycles(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Static, TechniqueId::SeForcingChains, sink)
}

/// Producer 23: Nishio Forcing Chains.
pub fn nishio(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Nishio, TechniqueId::SeNishio, sink)
}

/// Producer 24: Multiple Forcing Chains (cell and region, static).
pub fn multiple(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Multiple, TechniqueId::SeMultiple, sink)
}

/// Producer 25: Dynamic Forcing Chains.
pub fn dynamic(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Dynamic(0), TechniqueId::SeDynamic, sink)
}

/// Producer 26: Dynamic Forcing Chains (+), level 1.
pub fn dynamic_plus(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Dynamic(1), TechniqueId::SeDynamicPlus, sink)
}

/// Producer 27a: nested level 2 (+ Forcing Chains).
pub fn nested_2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Dynamic(2), TechniqueId::SeNested2, sink)
}

/// Producer 27b: nested level 3 (+ Multiple Forcing Chains).
pub fn nested_3(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Dynamic(3), TechniqueId::SeNested3, sink)
}

/// Producer 27c: nested level 4 (+ Dynamic Forcing Chains).
pub fn nested_4(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Dynamic(4), TechniqueId::SeNested4, sink)
}

/// Producer 27d: nested level 5 (+ Dynamic Forcing Chains (+ Forcing Chains)).
pub fn nested_5(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    run(grid, Prod::Dynamic(5), TechniqueId::SeNested5, sink)
}

/// SE's name of a chain step, for the catalogue's SE name column ("" for other steps).
pub fn step_name(step: &Step) -> &'static str {
    se_name(step).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_family_is_the_engines_nine_techniques() {
        use TechniqueId::*;
        let family: Vec<TechniqueId> = crate::techniques::CATALOGUE
            .iter()
            .filter(|info| info.family == FAMILY)
            .map(|info| info.technique)
            .collect();
        assert_eq!(
            family,
            [
                SeForcingChains,
                SeNishio,
                SeMultiple,
                SeDynamic,
                SeDynamicPlus,
                SeNested2,
                SeNested3,
                SeNested4,
                SeNested5
            ]
        );
    }

    #[test]
    fn names_carry_the_level_suffix() {
        for level in 0..=5u8 {
            for (i, form) in ["Contradiction", "Double", "Cell", "Region"]
                .iter()
                .enumerate()
            {
                let expected = format!("Dynamic {form} Forcing Chains{}", level_suffix(level));
                assert_eq!(DYNAMIC_NAMES[level as usize][i], expected);
            }
        }
    }
}
