//! Kraken fish (HoDoKu's type 1): a finned basic fish whose fins are tied to a target not by
//! sight but by chains. Without its fins the fish removes every candidate X of its cover set
//! outside its base set; if each fin, assumed true, proves X false over the super links
//! ([`crate::model::superlinks`]), then X is false whichever case holds, even when X sees no fin.
//!
//! The fins' evaluations are the memoized per-candidate walks ForceChain reads, so a state costs
//! at most one evaluation per fin candidate, shared with the ForceChain rungs that follow.
//! Eliminations a plain finned fish already makes (targets seeing every fin) are left to it.

use std::ops::ControlFlow;

use super::search::Fish;
use super::{fish_list, fish_step, give_back, SearchKind, MIN_SIZE};
use crate::core::{Bits81, Grid, PEERS};
use crate::model::superlinks::{with_force_engine, ForceConclusion, ForceEngine, Stem};
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// Largest Kraken fish (base houses): sizes 2–4 keep the search affordable.
pub const KRAKEN_MAX_SIZE: usize = 4;
/// Most fins a Kraken fish may have (each fin needs its own chain to every target).
pub const KRAKEN_MAX_FINS: u32 = 4;

/// Finder: Kraken fish (type 1) of sizes 2–4, rows to columns then columns to rows, by size.
pub fn kraken_fish(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let mut flow = ControlFlow::Continue(());
    for size in MIN_SIZE..=KRAKEN_MAX_SIZE {
        let kind = SearchKind::KrakenBasic;
        let fish = fish_list(grid, kind, size);
        let finned = fish.visit(kind, size, grid, &mut |f| {
            if f.exo_fins.is_empty() {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        if finned.is_break() {
            flow = with_force_engine(grid, |engine| {
                fish.visit(
                    kind,
                    size,
                    grid,
                    &mut |found| match kraken_step(engine, found) {
                        Some(step) => sink(&step),
                        None => ControlFlow::Continue(()),
                    },
                )
            });
        }
        give_back(kind, size, fish);
        if flow.is_break() {
            break;
        }
    }
    flow
}

/// The Kraken step of one finned fish, if every fin proves some target false and the fish alone
/// (its fins seen by the target) does not already remove it.
fn kraken_step(engine: &mut ForceEngine, fish: &Fish) -> Option<Step> {
    let fins = fish.exo_fins;
    if fins.is_empty() {
        return None;
    }
    let digit = fish.digit;
    let seeing_fins = fins.iter().fold(Bits81::ALL, |acc, fin| acc & PEERS[fin]);
    let mut proved = fish.eliminations.and_not(seeing_fins);
    for fin in fins {
        if proved.is_empty() {
            return None;
        }
        // A fin whose walk ends in a contradiction is false; what the walk proved before it
        // stopped still follows from the fin, and the rest of its case is void anyway.
        proved &= engine.evaluate(fin, digit).off[digit];
    }
    if proved.is_empty() {
        return None;
    }
    let mut step = fish_step(TechniqueId::KrakenFish, fish);
    step.eliminations.planes[digit] = proved;
    step.force = proved
        .iter()
        .map(|target| ForceConclusion {
            cell: target as u8,
            digit: digit as u8,
            truth: false,
            stem: Stem::Fins { digit: digit as u8 },
            branches: Vec::new(),
        })
        .collect();
    if !crate::techniques::trace::explanations_wanted() {
        return Some(step);
    }
    let targets: Vec<_> = proved.iter().map(|t| (t, digit, false)).collect();
    for fin in fins {
        let branches = engine.branches(fin, digit, &targets);
        for (conclusion, branch) in step.force.iter_mut().zip(branches) {
            conclusion.branches.extend(branch);
        }
    }
    Some(step)
}
