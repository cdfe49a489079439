//! ForceChain (GNPX, seed 004): forcing over the super links of [`crate::model::superlinks`].
//!
//! - ForceChain_Cell: every candidate of a cell, assumed true, proves the same candidate true.
//! - ForceChain_House: the same over the places of a digit in a house.
//! - ForceChain_Contradiction: a candidate assumed true proves some candidate both true and false.
//! - ForceChain_Both (not GNPX's; off by default): a candidate assumed true and assumed false
//!   proves the same candidate true (placed) or false (eliminated); an assumption that proves some
//!   candidate both true and false settles the candidate the other way.
//!
//! A stem candidate that leads to a contradiction is false and is left out of the cell and house
//! forms' agreement (the seed's reasoning; its ForceChain_Cell example from r2c8 relies on it, as
//! r2c8#1 is one of its contradictions); at least one stem candidate must survive. One step
//! carries every result of its form at the state, as GNPX lists them together. All forms read
//! the engine's per-candidate evaluations, cached for the state, so together the three GNPX forms
//! cost at most one evaluation per candidate, and ForceChain_Both one more (from the false
//! origin) per candidate.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::bits::digits;
use crate::core::{Bits81, Grid, HOUSE_SETS};
use crate::model::superlinks::{
    branch_text, force_title, with_force_engine, ForceConclusion, ForceEngine, Stem, SuperLink,
};
use crate::techniques::step::{with_kept_step, Step};

/// The candidates every non-contradictory origin proves true (an origin that proves some
/// candidate both true and false is false, and a false assumption proves anything, so it does not
/// restrict the result); `None` when every origin is contradictory. Once a surviving origin has
/// left nothing in common the answer is known, and the other origins are not evaluated (an
/// eighth of the evaluations on top1465[..400]: a form that takes its step leaves the rest to
/// no one).
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
        let mut any = Bits81::EMPTY;
        for (shared, on) in common.iter_mut().zip(evaluation.on) {
            *shared &= on;
            any |= *shared;
        }
        if any.is_empty() {
            break;
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
    // The new truths per digit (a set, not a list: nothing allocated per call), in the order
    // of the loops below: digit, then cell.
    let mut proved = [Bits81::EMPTY; 9];
    for (digit, cells) in common.iter().enumerate() {
        proved[digit] = cells.and_not(step.placements.planes[digit]);
    }
    for &(cell, digit) in origins {
        proved[digit].remove(cell);
    }
    let first = step.force.len();
    let proved_list = || (0..9).flat_map(|d| proved[d].iter().map(move |c| (c, d)));
    for (cell, digit) in proved_list() {
        step.placements.insert(cell, digit);
        step.force.push(ForceConclusion {
            cell: cell as u8,
            digit: digit as u8,
            truth: true,
            stem,
            branches: Vec::new(),
        });
    }
    if !super::trace::explanations_wanted() {
        return;
    }
    let proved: Vec<(usize, usize)> = proved_list().collect();
    for &origin in origins {
        let per_conclusion = origin_branches(engine, origin, &proved);
        for (conclusion, branches) in step.force[first..].iter_mut().zip(per_conclusion) {
            conclusion.branches.extend(branches);
        }
    }
}

/// The origins of one cell or house (at most nine) in an array, and how many: a list per call
/// was an allocation per ForceChain step.
fn on_stack(origins: impl Iterator<Item = (usize, usize)>) -> ([(usize, usize); 9], usize) {
    let mut list = [(0, 0); 9];
    let mut n = 0;
    for (slot, origin) in list.iter_mut().zip(origins) {
        *slot = origin;
        n += 1;
    }
    (list, n)
}

/// ForceChain_Cell: a candidate every candidate of a cell proves true is placed.
pub fn force_chain_cell(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        with_kept_step(|step| {
            step.reset(TechniqueId::ForceChainCell);
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
                let (origins, n) = on_stack(digits(mask).map(|d| (cell, d)));
                let before = step.force.len();
                add_truths(engine, step, &common, &origins[..n], Stem::Cell(cell as u8));
                if step.force.len() > before {
                    step.cells.insert(cell);
                }
            }
            emit(step, sink)
        })
    })
}

/// ForceChain_House: a candidate every place of a digit in a house proves true is placed.
pub fn force_chain_house(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        with_kept_step(|step| {
            step.reset(TechniqueId::ForceChainHouse);
            for (house, house_set) in HOUSE_SETS.iter().enumerate() {
                for digit in 0..9 {
                    let places = grid.plane(digit) & *house_set;
                    if places.count() < 2 {
                        continue;
                    }
                    let Some(common) = common_truths(engine, places.iter().map(|c| (c, digit)))
                    else {
                        continue;
                    };
                    if common.iter().all(|c| c.is_empty()) {
                        continue;
                    }
                    let (origins, n) = on_stack(places.iter().map(|c| (c, digit)));
                    let stem = Stem::House {
                        house: house as u8,
                        digit: digit as u8,
                    };
                    let before = step.force.len();
                    add_truths(engine, step, &common, &origins[..n], stem);
                    if step.force.len() > before {
                        step.houses |= 1 << house;
                        step.digits |= 1 << digit;
                    }
                }
            }
            emit(step, sink)
        })
    })
}

/// ForceChain_Contradiction: a candidate that, assumed true, proves some candidate both true and
/// false is eliminated.
pub fn force_chain_contradiction(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        with_kept_step(|step| {
            step.reset(TechniqueId::ForceChainContradiction);
            for cell in grid.unsolved() {
                for digit in digits(grid.candidates(cell)) {
                    let Some((x_cell, x_digit)) = engine.evaluate(cell, digit).contradiction else {
                        continue;
                    };
                    let branches = if super::trace::explanations_wanted() {
                        origin_branches(
                            engine,
                            (cell, digit),
                            &[(x_cell as usize, x_digit as usize)],
                        )
                        .pop()
                        .unwrap_or_default()
                    } else {
                        Vec::new()
                    };
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
    })
}

/// ForceChain_Both: a candidate is either true or false, so what both assumptions prove holds.
/// A candidate both prove true is placed and one both prove false is eliminated; an assumption
/// that proves some candidate both true and false is wrong, so the candidate is eliminated (its
/// true origin contradicts) or placed (its false origin contradicts).
pub fn force_chain_both(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_force_engine(grid, |engine| {
        let mut step = Step::new(TechniqueId::ForceChainBoth);
        for cell in grid.unsolved() {
            for digit in digits(grid.candidates(cell)) {
                let if_true = engine.evaluate_assuming(cell, digit, true);
                let if_false = engine.evaluate_assuming(cell, digit, false);
                let before = step.force.len();
                match (if_true.contradiction, if_false.contradiction) {
                    (None, None) => add_agreements(engine, &mut step, (cell, digit)),
                    (Some(x), None) => settle(engine, &mut step, (cell, digit), false, x),
                    (None, Some(x)) => settle(engine, &mut step, (cell, digit), true, x),
                    // Both contradictory: the state has no solution; nothing sound to add.
                    (Some(_), Some(_)) => {}
                }
                if step.force.len() > before {
                    step.cells.insert(cell);
                }
            }
        }
        emit(&step, sink)
    })
}

/// Places (`truth`) or eliminates `origin`, whose other assumption proves the candidate `x`
/// both true and false; the two branches are that assumption's.
fn settle(
    engine: &mut ForceEngine,
    step: &mut Step,
    (cell, digit): (usize, usize),
    truth: bool,
    (x_cell, x_digit): (u8, u8),
) {
    let done = if truth {
        &mut step.placements
    } else {
        &mut step.eliminations
    };
    if done.contains(cell, digit) {
        return;
    }
    done.insert(cell, digit);
    let (x_cell, x_digit) = (x_cell as usize, x_digit as usize);
    let branches = engine
        .branches_assuming(
            cell,
            digit,
            !truth,
            &[(x_cell, x_digit, true), (x_cell, x_digit, false)],
        )
        .into_iter()
        .flatten()
        .collect();
    step.force.push(ForceConclusion {
        cell: cell as u8,
        digit: digit as u8,
        truth,
        stem: Stem::Both {
            cell: cell as u8,
            digit: digit as u8,
        },
        branches,
    });
}

/// Adds to `step` every candidate `origin` assumed true and assumed false both prove true (or
/// both prove false) that the step does not hold yet, with the branch from each assumption.
fn add_agreements(engine: &mut ForceEngine, step: &mut Step, (cell, digit): (usize, usize)) {
    let if_true = engine.evaluate_assuming(cell, digit, true);
    let if_false = engine.evaluate_assuming(cell, digit, false);
    let mut targets = Vec::new();
    for d in 0..9 {
        let truths = (if_true.on[d] & if_false.on[d]).and_not(step.placements.planes[d]);
        targets.extend(truths.iter().map(|c| (c, d, true)));
        let falses = (if_true.off[d] & if_false.off[d]).and_not(step.eliminations.planes[d]);
        targets.extend(falses.iter().map(|c| (c, d, false)));
    }
    if targets.is_empty() {
        return;
    }
    let first = step.force.len();
    for &(c, d, truth) in &targets {
        if truth {
            step.placements.insert(c, d);
        } else {
            step.eliminations.insert(c, d);
        }
        step.force.push(ForceConclusion {
            cell: c as u8,
            digit: d as u8,
            truth,
            stem: Stem::Both {
                cell: cell as u8,
                digit: digit as u8,
            },
            branches: Vec::new(),
        });
    }
    for on in [true, false] {
        let branches = engine.branches_assuming(cell, digit, on, &targets);
        for (conclusion, branch) in step.force[first..].iter_mut().zip(branches) {
            conclusion.branches.extend(branch);
        }
    }
}

/// Hands a non-empty step to the sink.
fn emit(step: &Step, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    if step.force.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(step)
}

/// A ForceChain step: each result's title line, then one line per branch.
pub fn force_line(step: &Step) -> String {
    let title = step.technique.info().title;
    let mut text = String::new();
    for (i, conclusion) in step.force.iter().enumerate() {
        if i > 0 {
            text.push_str("\n     ");
        }
        text.push_str(&force_title(title, conclusion));
        for branch in &conclusion.branches {
            text.push_str("\n       ");
            text.push_str(&branch_text(branch));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell_at;
    use crate::core::test_support::with_cells;
    use crate::model::superlinks::branch_text;

    /// Stopping once nothing is left in common gives the intersection over every origin.
    #[test]
    fn common_truths_stopping_early_are_those_of_every_origin() {
        let (mut stopped_early, mut agreed) = (0, 0);
        for (_, grid) in crate::techniques::shipped_hard_states() {
            with_force_engine(&grid, |engine| {
                for cell in grid.unsolved() {
                    let origins: Vec<(usize, usize)> =
                        digits(grid.candidates(cell)).map(|d| (cell, d)).collect();
                    let mut every = [Bits81::ALL; 9];
                    let mut survivors = 0;
                    for &(c, d) in &origins {
                        let evaluation = engine.evaluate(c, d);
                        if evaluation.contradiction.is_none() {
                            survivors += 1;
                            for (shared, on) in every.iter_mut().zip(evaluation.on) {
                                *shared &= on;
                            }
                        }
                    }
                    let want = (survivors > 0).then_some(every);
                    assert_eq!(common_truths(engine, origins.iter().copied()), want);
                    match want {
                        Some(common) if common.iter().all(|c| c.is_empty()) => stopped_early += 1,
                        Some(_) => agreed += 1,
                        None => {}
                    }
                }
            });
        }
        assert!(
            stopped_early > 100 && agreed > 0,
            "{stopped_early} {agreed}"
        );
    }

    /// An XY-Wing as a dichotomy: r1c1 {1,2}, r1c5 {1,5}, r5c1 {2,5}. r1c1#1 true ⇒ r1c5#5 true,
    /// r1c1#1 false ⇒ r5c1#5 true; both see r5c5, so both prove r5c5#5 false.
    #[test]
    fn both_assumptions_agreeing_eliminate() {
        let (r1c5, r5c1, r5c5) = (cell_at(0, 4), cell_at(4, 0), cell_at(4, 4));
        let grid = with_cells(&[(0, &[1, 2]), (r1c5, &[1, 5]), (r5c1, &[2, 5])]);
        let step = TechniqueId::ForceChainBoth.find_first(&grid).unwrap();
        assert!(step.eliminations.contains(r5c5, 4));
        let conclusion = step
            .force
            .iter()
            .find(|c| (c.cell as usize, c.digit, c.truth) == (r5c5, 4, false))
            .unwrap();
        assert_eq!(conclusion.stem, Stem::Both { cell: 0, digit: 0 });
        let texts: Vec<_> = conclusion.branches.iter().map(|b| branch_text(b)).collect();
        assert_eq!(texts.len(), 2);
        assert!(texts[0].starts_with("[W r1c1/+1 -> "), "{}", texts[0]);
        // The false branch takes the ALS r15c1 {1,2,5}: without its 1 it is locked on 2 and 5.
        assert_eq!(texts[1], "[W (ALS:r15c1) r1c1/-1 -> r5c5/-5]");
        assert!(
            texts.iter().all(|t| t.ends_with(" -> r5c5/-5]")),
            "{texts:?}"
        );
        // The same elimination by contradiction: r5c5#5 true proves r5c1#5 true and false
        // (chain links hold both ways, see results/forcechain.md).
        let contradiction = TechniqueId::ForceChainContradiction
            .find_first(&grid)
            .unwrap();
        assert!(contradiction.eliminations.contains(r5c5, 4));
    }

    /// r1c1 {1,2}, r1c2 {2,3}, r1c3 {2,3}: r1c1#1 false forces r1c2 and r1c3 both to 3, so
    /// r1c1#1 is placed; the contradiction form only removes r1c1#2 (its true origin fails).
    #[test]
    fn a_contradictory_false_origin_is_placed() {
        let grid = with_cells(&[(0, &[1, 2]), (1, &[2, 3]), (2, &[2, 3])]);
        let step = TechniqueId::ForceChainBoth.find_first(&grid).unwrap();
        assert!(step.placements.contains(0, 0));
        assert!(step.eliminations.contains(0, 1));
        let placed = step
            .force
            .iter()
            .find(|c| (c.cell, c.digit, c.truth) == (0, 0, true))
            .unwrap();
        assert!(placed.branches.iter().all(|b| !b[0].from.on));
        let contradiction = TechniqueId::ForceChainContradiction
            .find_first(&grid)
            .unwrap();
        assert!(contradiction.placements.is_empty());
        assert!(contradiction.eliminations.contains(0, 1));
    }
}
