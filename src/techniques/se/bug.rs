//! SE's producer 19 (§4.11): Bivalue Universal Grave types 1–4, in SE's dispatch order.
//!
//! A BUG cell holds a digit that would otherwise appear three times (or once) in a house;
//! without the BUG digits every cell is bivalue and every digit twice in each house, a deadly
//! pattern. Type 1 (one BUG cell) keeps only its BUG digits; it does not place, so the single
//! that follows is a step of its own (SE's EP depends on it).

use std::ops::ControlFlow;

use super::{se_step, BRC, COMB9};
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// What step 1 of §4.11 found: the BUG cells (in the order met), their BUG digits, all BUG
/// digits, and the cells that see every BUG cell.
struct Bug {
    /// The BUG cells are `met[..count]` ([`Bug::cells`]): on the stack, as `find_bug` runs at
    /// every state that reaches its rung (a list allocated per call).
    met: [usize; 81],
    count: usize,
    digits: [u16; 81],
    all_digits: u16,
    common: Bits81,
}

impl Bug {
    /// The BUG cells, in the order met.
    fn cells(&self) -> &[usize] {
        &self.met[..self.count]
    }
}

/// Finds the BUG cells and checks the rest is a deadly pattern; `None` if it is not a BUG.
fn find_bug(grid: &Grid) -> Option<Bug> {
    let mut bug = Bug {
        met: [0; 81],
        count: 0,
        digits: [0; 81],
        all_digits: 0,
        common: Bits81::ALL,
    };
    let mut copy = grid.clone();
    for &house in &BRC {
        for digit in 0..9 {
            let places = grid.plane(digit) & HOUSE_SETS[house];
            let n = places.count();
            if n == 0 || n == 2 {
                continue;
            }
            let mut wide = places
                .iter()
                .filter(|&c| grid.candidates(c).count_ones() >= 3);
            let (Some(cell), None) = (wide.next(), wide.next()) else {
                if places.iter().all(|c| grid.candidates(c).count_ones() < 3) {
                    return None;
                }
                continue;
            };
            if !bug.cells().contains(&cell) {
                bug.met[bug.count] = cell;
                bug.count += 1;
            }
            bug.digits[cell] |= 1 << digit;
            bug.all_digits |= 1 << digit;
            copy.eliminate(cell, digit);
            bug.common &= PEERS[cell];
            for i in 0..bug.count {
                bug.common.remove(bug.met[i]);
            }
            if bug.cells().len() > 1 && bug.all_digits.count_ones() > 1 && bug.common.is_empty() {
                return None;
            }
        }
    }
    if bug.cells().is_empty() {
        return None;
    }
    if copy
        .unsolved()
        .iter()
        .any(|c| copy.candidates(c).count_ones() != 2)
    {
        return None;
    }
    let pairs = (0..27).all(|h| {
        (0..9).all(|d| {
            let n = (copy.plane(d) & HOUSE_SETS[h]).count();
            n == 0 || n == 2
        })
    });
    pairs.then_some(bug)
}

/// A BUG step of `kind` (1–4).
fn bug_step(bug: &Bug, kind: u8, difficulty: f64) -> Step {
    let mut step = se_step(TechniqueId::SeBug, difficulty);
    step.variant = kind;
    step.cells = bug.cells().iter().copied().collect();
    step.digits = bug.all_digits;
    step
}

/// Type 4: two BUG cells sharing a house and exactly one candidate `u` that is no BUG digit
/// keep only their BUG digits and `u`.
fn type_4(grid: &Grid, bug: &Bug) -> Option<Step> {
    let (c1, c2) = (bug.cells()[0], bug.cells()[1]);
    let shared = grid.candidates(c1) & grid.candidates(c2) & !bug.all_digits;
    if shared.count_ones() != 1 {
        return None;
    }
    // The first house type (block, row, column) the two share.
    let [r1, k1, b1] = CELL_HOUSES[c1];
    let [r2, k2, b2] = CELL_HOUSES[c2];
    let house = [(b1, b2), (r1, r2), (k1, k2)]
        .into_iter()
        .find(|(a, b)| a == b)
        .map(|(a, _)| a)?;
    let mut step = bug_step(bug, 4, 5.7);
    for cell in [c1, c2] {
        let keep = bug.digits[cell] | shared;
        for d in 0..9 {
            if grid.candidates(cell) & !keep & (1 << d) != 0 {
                step.eliminations.insert(cell, d);
            }
        }
    }
    step.houses = 1 << house;
    (!step.eliminations.is_empty()).then_some(step)
}

/// Type 3: the BUG digits as one slot, with k − 1 cells that see every BUG cell inside a
/// house they all share, form a naked set of k digits.
fn type_3(grid: &Grid, bug: &Bug, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    if bug.all_digits.count_ones() < 2 {
        return ControlFlow::Continue(());
    }
    for kind in [2usize, 0, 1] {
        let house = CELL_HOUSES[bug.cells()[0]][kind] as usize;
        if !bug
            .cells()
            .iter()
            .all(|&c| CELL_HOUSES[c][kind] as usize == house)
        {
            continue;
        }
        let inside: Vec<usize> = (bug.common & HOUSE_SETS[house] & grid.unsolved())
            .iter()
            .collect();
        for k in 2..=6usize {
            if inside.len() < k || k - 1 > 9 {
                continue;
            }
            for &tuple in COMB9.of(k - 1) {
                if tuple >> inside.len() != 0 {
                    continue;
                }
                let mut union = 0u16;
                let mut ok = true;
                for (i, &cell) in inside.iter().enumerate() {
                    if tuple & (1 << i) != 0 {
                        let m = grid.candidates(cell);
                        if m.count_ones() < 2 {
                            ok = false;
                        }
                        union |= m;
                    }
                }
                if !ok || union.count_ones() as usize != k {
                    continue;
                }
                if (union | bug.all_digits).count_ones() as usize != k {
                    continue;
                }
                let set: Bits81 = inside
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| tuple & (1 << i) != 0)
                    .map(|(_, &c)| c)
                    .collect();
                let targets: Bits81 = inside
                    .iter()
                    .copied()
                    .filter(|&c| !set.contains(c))
                    .collect();
                let mut step = bug_step(bug, 3, 5.7 + 0.1 * (k as f64 - 1.0));
                for d in 0..9 {
                    if union & (1 << d) != 0 {
                        step.eliminations.planes[d] = grid.plane(d) & targets;
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells |= set;
                step.houses = 1 << house;
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// BUG types 1–4 (5.6 / 5.7 / 5.8–6.2 / 5.7).
pub fn bug(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let Some(bug) = find_bug(grid) else {
        return ControlFlow::Continue(());
    };
    if bug.cells().len() == 1 {
        let cell = bug.cells()[0];
        let mut step = bug_step(&bug, 1, 5.6);
        for d in 0..9 {
            if grid.candidates(cell) & !bug.digits[cell] & (1 << d) != 0 {
                step.eliminations.insert(cell, d);
            }
        }
        return sink(&step);
    }
    if bug.all_digits.count_ones() == 1 {
        let digit = bug.all_digits.trailing_zeros() as usize;
        let removed = grid.plane(digit) & bug.common;
        if !removed.is_empty() {
            let mut step = bug_step(&bug, 2, 5.7);
            step.eliminations.planes[digit] = removed;
            return sink(&step);
        }
        if bug.cells().len() == 2 {
            if let Some(step) = type_4(grid, &bug) {
                return sink(&step);
            }
        }
        return ControlFlow::Continue(());
    }
    if bug.common.is_empty() {
        return ControlFlow::Continue(());
    }
    if bug.cells().len() == 2 {
        if let Some(step) = type_4(grid, &bug) {
            sink(&step)?;
        }
    }
    type_3(grid, &bug, sink)
}

/// SE's name of a BUG step: "BUG type n".
pub fn name(step: &Step) -> &'static str {
    match step.variant {
        1 => "BUG type 1",
        2 => "BUG type 2",
        3 => "BUG type 3",
        _ => "BUG type 4",
    }
}
