//! ForceChain (GNPX, seed 004): forcing over the super links of [`crate::superlinks`].
//!
//! - ForceChain_Cell: every candidate of a cell, assumed true, proves the same candidate true.
//! - ForceChain_House: the same over the places of a digit in a house.
//! - ForceChain_Contradiction: a candidate assumed true proves some candidate both true and false.
//!
//! A stem candidate that leads to a contradiction is false and is left out of the cell and house
//! forms' agreement (the seed's reasoning; its ForceChain_Cell example from r2c8 relies on it, as
//! r2c8#1 is one of its contradictions); at least one stem candidate must survive. One step
//! carries every result of its form at the state, as GNPX lists them together. All three forms read the engine's per-candidate evaluations, cached for
//! the state, so together they cost at most one evaluation per candidate.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid, HOUSE_SETS};
use crate::step::Step;
use crate::superlinks::{with_force_engine, ForceConclusion, ForceEngine, Stem, SuperLink};

/// Digits of a mask, in order.
fn digits(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |d| mask & (1 << d) != 0)
}

/// The candidates every non-contradictory origin proves true (an origin that proves some
/// candidate both true and false is false, and a false assumption proves anything, so it does not
/// restrict the result); `None` when every origin is contradictory.
pub fn common_truths(
    engine: &mut ForceEngine,
    origins: impl Iterator<Item = (usize, usize)>,
) -> Option<[Bits81; 9]> {
    let mut common = [Bits81::ALL; 9];
    let mut survivors = 0;
    for (cell, digit) in origins {
        let evaluation = engine.evaluate(cell, digit);
        if evaluation.contradiction.is_some() {
            continue;
        }
        survivors += 1;
        for (shared, on) in common.iter_mut().zip(evaluation.on) {
            *shared &= on;
        }
    }
    (survivors > 0).then_some(common)
}

/// The branches of one origin to each proved candidate (one walk), or, for a contradictory
/// origin, the two branches to the candidate it proves both true and false (for every proved
/// candidate alike).
fn origin_branches(
    engine: &mut ForceEngine,
    (cell, digit): (usize, usize),
    proved: &[(usize, usize)],
) -> Vec<Vec<Vec<SuperLink>>> {
    match engine.evaluate(cell, digit).contradiction {
        Some((x_cell, x_digit)) => {
            let (x_cell, x_digit) = (x_cell as usize, x_digit as usize);
            let pair: Vec<Vec<SuperLink>> = engine
                .branches(
                    cell,
                    digit,
                    &[(x_cell, x_digit, true), (x_cell, x_digit, false)],
                )
                .into_iter()
                .flatten()
                .collect();
            vec![pair; proved.len()]
        }
        None => {
            let targets: Vec<_> = proved.iter().map(|&(c, d)| (c, d, true)).collect();
            engine
                .branches(cell, digit, &targets)
                .into_iter()
                .map(|b| b.into_iter().collect())
                .collect()
        }
    }
}

/// Adds to `step` each proved truth not placed yet (origins excluded), with the origins' branches.
fn add_truths(
    engine: &mut ForceEngine,
    step: &mut Step,
    common: &[Bits81; 9],
    origins: &[(usize, usize)],
    stem: Stem,
) {
    let mut proved = Vec::new();
    for (digit, cells) in common.iter().enumerate() {
        for cell in *cells {
            if !step.placements.contains(cell, digit)
                && !origins.iter().any(|&(c, d)| c == cell && d == digit)
            {
                proved.push((cell, digit));
            }
        }
    }
    let first = step.force.len();
    for &(cell, digit) in &proved {
        step.placements.insert(cell, digit);
        step.force.push(ForceConclusion {
            cell: cell as u8,
            digit: digit as u8,
            truth: true,
            stem,
            branches: Vec::new(),
        });
    }
    for &origin in origins {
        let per_conclusion = origin_branches(engine, origin, &proved);
        for (conclusion, branches) in step.force[first..].iter_mut().zip(per_conclusion) {
            conclusion.branches.extend(branches);
        }
    }
}

/// ForceChain_Cell: a candidate every candidate of a cell proves true is placed.
pub fn force_chain_cell(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        let mut step = Step::new(TechniqueId::ForceChainCell);
        let mut origins = Vec::new();
        for cell in grid.unsolved() {
            let mask = grid.candidates(cell);
            if mask.count_ones() < 2 {
                continue;
            }
            let Some(common) = common_truths(engine, digits(mask).map(|d| (cell, d))) else {
                continue;
            };
            if common.iter().all(|c| c.is_empty()) {
                continue;
            }
            origins.clear();
            origins.extend(digits(mask).map(|d| (cell, d)));
            let before = step.force.len();
            add_truths(engine, &mut step, &common, &origins, Stem::Cell(cell as u8));
            if step.force.len() > before {
                step.cells.insert(cell);
            }
        }
        emit(step, sink)
    })
}

/// ForceChain_House: a candidate every place of a digit in a house proves true is placed.
pub fn force_chain_house(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        let mut step = Step::new(TechniqueId::ForceChainHouse);
        let mut origins = Vec::new();
        for (house, house_set) in HOUSE_SETS.iter().enumerate() {
            for digit in 0..9 {
                let places = grid.plane(digit) & *house_set;
                if places.count() < 2 {
                    continue;
                }
                let Some(common) = common_truths(engine, places.iter().map(|c| (c, digit))) else {
                    continue;
                };
                if common.iter().all(|c| c.is_empty()) {
                    continue;
                }
                origins.clear();
                origins.extend(places.iter().map(|c| (c, digit)));
                let stem = Stem::House {
                    house: house as u8,
                    digit: digit as u8,
                };
                let before = step.force.len();
                add_truths(engine, &mut step, &common, &origins, stem);
                if step.force.len() > before {
                    step.houses |= 1 << house;
                    step.digits |= 1 << digit;
                }
            }
        }
        emit(step, sink)
    })
}

/// ForceChain_Contradiction: a candidate that, assumed true, proves some candidate both true and
/// false is eliminated.
pub fn force_chain_contradiction(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        let mut step = Step::new(TechniqueId::ForceChainContradiction);
        for cell in grid.unsolved() {
            for digit in digits(grid.candidates(cell)) {
                let Some((x_cell, x_digit)) = engine.evaluate(cell, digit).contradiction else {
                    continue;
                };
                let branches = origin_branches(
                    engine,
                    (cell, digit),
                    &[(x_cell as usize, x_digit as usize)],
                )
                .pop()
                .unwrap_or_default();
                step.eliminations.insert(cell, digit);
                step.cells.insert(cell);
                step.force.push(ForceConclusion {
                    cell: cell as u8,
                    digit: digit as u8,
                    truth: false,
                    stem: Stem::Candidate {
                        cell: cell as u8,
                        digit: digit as u8,
                    },
                    branches,
                });
            }
        }
        emit(step, sink)
    })
}

/// Hands a non-empty step to the sink.
fn emit(step: Step, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    if step.force.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(&step)
}
