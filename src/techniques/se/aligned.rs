//! SE's Aligned Pair Exclusion (producer 20, 6.2) and Aligned Triplet Exclusion (producer 22,
//! 7.5), §4.9. The base cells need not be aligned: any two (three) cells with at least two
//! common excluders, i.e. peers whose candidates the combination would all take.
//!
//! Excluder lists are cell sets, so a pair's (triple's) common excluders are one AND and its
//! "at least two" test a popcount: most pairs fail it, and a pair whose two cells share fewer
//! than two excluders cannot gain any from a third cell, so ATE skips its twin area entirely.
//! Only the twin area's order (SE's peer order, §4.9) is walked cell by cell.

use std::ops::ControlFlow;

use super::memo::{search_changed, Producer};
use super::se_step;
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};
use crate::techniques::{StepSink, TechniqueId};

/// The base cells (row-major, at most 81) and each cell's excluders as a set: peers with 2
/// candidates (`max_excluder` = 2, APE) or 2–3 (3, ATE).
struct Bases {
    cells: [u8; 81],
    len: usize,
    /// Excluders per cell (empty for a cell that is no base).
    excluders: [Bits81; 81],
    /// The base cells as a set.
    set: Bits81,
}

impl Bases {
    fn new(grid: &Grid, max_excluder: u32) -> Bases {
        // Bit-sliced candidate counts: cells with one, two and three or more candidates.
        let (mut ones, mut twos, mut threes, mut more) =
            (Bits81::EMPTY, Bits81::EMPTY, Bits81::EMPTY, Bits81::EMPTY);
        for &plane in grid.planes() {
            more |= threes & plane;
            threes |= twos & plane;
            twos |= ones & plane;
            ones |= plane;
        }
        let singles = ones.and_not(twos);
        let excluder_cells = if max_excluder >= 3 {
            twos.and_not(more)
        } else {
            twos.and_not(threes)
        };
        let mut bases = Bases {
            cells: [0; 81],
            len: 0,
            excluders: [Bits81::EMPTY; 81],
            set: Bits81::EMPTY,
        };
        // The planes hold unsolved cells only: `twos` are the cells with two or more candidates.
        for cell in twos {
            if PEERS[cell].intersects(singles) {
                continue;
            }
            let excluders = PEERS[cell] & excluder_cells;
            if !excluders.is_empty() {
                bases.cells[bases.len] = cell as u8;
                bases.len += 1;
                bases.excluders[cell] = excluders;
                bases.set.insert(cell);
            }
        }
        bases
    }

    fn cells(&self) -> &[u8] {
        &self.cells[..self.len]
    }
}

/// The candidate masks of `excluders` (a cell of 2–3 candidates each), duplicates dropped:
/// a combination is forbidden when it takes every candidate of one of them.
#[inline]
fn excluder_masks(grid: &Grid, excluders: Bits81, out: &mut [u16; 20]) -> usize {
    let mut n = 0;
    for cell in excluders {
        let mask = grid.candidates(cell);
        if !out[..n].contains(&mask) {
            out[n] = mask;
            n += 1;
        }
    }
    n
}

/// The digits that, added to `taken`, complete some excluder's candidates (all of them, or
/// every digit when `taken` already holds one excluder's): what the last cell of a
/// combination that takes `taken` may not take. A combination is excluded exactly when its
/// last digit is among these, so the last cell's allowed digits come out in one pass over the
/// excluders instead of one per digit.
#[inline]
fn completing(masks: &[u16], taken: u16) -> u16 {
    let mut digits = 0u16;
    for &m in masks {
        let rest = m & !taken;
        if rest == 0 {
            return 0x1ff;
        }
        if rest & (rest - 1) == 0 {
            digits |= rest;
        }
    }
    digits
}

/// Yields the step removing from `cells` every candidate that is in no allowed combination,
/// if there is one (the step is built only then).
fn exclusion_step(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    technique: TechniqueId,
    difficulty: f64,
    cells: &[usize],
    allowed: &[u16],
    excluders: Bits81,
) -> ControlFlow<()> {
    if cells
        .iter()
        .zip(allowed)
        .all(|(&cell, &ok)| grid.candidates(cell) & !ok == 0)
    {
        return ControlFlow::Continue(());
    }
    let mut step = se_step(technique, difficulty);
    step.cells = excluders;
    for (&cell, &ok) in cells.iter().zip(allowed) {
        let removed = grid.candidates(cell) & !ok;
        for d in 0..9 {
            if removed & (1 << d) != 0 {
                step.eliminations.insert(cell, d);
            }
        }
        step.cells.insert(cell);
    }
    sink(&step)
}

/// Whether `set` has two cells or more (one AND of the word with itself less one: no
/// popcount).
#[inline]
fn two_or_more(set: Bits81) -> bool {
    set.0 & set.0.wrapping_sub(1) != 0
}

/// `cell`'s peers in the three runs of SE's peer order ([`super::PEER_ORDER`]): its block's other
/// cells, its row's outside the block, its column's outside the block. Each run ascends by
/// cell number (a block's order is row-major), so the peers of a set come out in peer order
/// run by run, bit by bit, without a walk over all twenty.
#[inline]
fn peer_parts(cell: usize) -> [Bits81; 3] {
    let [row, column, block] = CELL_HOUSES[cell];
    let block = HOUSE_SETS[block as usize];
    [
        block.and_not(Bits81::cell(cell)),
        HOUSE_SETS[row as usize].and_not(block),
        HOUSE_SETS[column as usize].and_not(block),
    ]
}

/// The digit indexes of a mask, ascending.
#[inline]
fn digits(mask: u16) -> impl Iterator<Item = usize> {
    crate::core::bits::digits(mask)
}

/// Aligned Pair Exclusion (6.2).
pub fn aligned_pair_exclusion(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let bases = Bases::new(grid, 2);
    let cells = bases.cells();
    let mut buffer = [0u16; 20];
    // Comb(2, n) order: the second cell ascending, then the first.
    for j in 1..cells.len() {
        let c1 = cells[j] as usize;
        for &c0 in &cells[..j] {
            let c0 = c0 as usize;
            let common = bases.excluders[c0] & bases.excluders[c1];
            if !two_or_more(common) {
                continue;
            }
            let n_masks = excluder_masks(grid, common, &mut buffer);
            let masks = &buffer[..n_masks];
            let peers = PEERS[c0].contains(c1);
            let all = [grid.candidates(c0), grid.candidates(c1)];
            let mut allowed = [0u16; 2];
            // As for ATE: once everything is allowed, nothing can be removed.
            for v0 in digits(all[0]) {
                let mut ok = all[1] & !completing(masks, 1 << v0);
                if peers {
                    ok &= !(1 << v0);
                }
                if ok != 0 {
                    allowed[0] |= 1 << v0;
                    allowed[1] |= ok;
                    if allowed == all {
                        break;
                    }
                }
            }
            let technique = TechniqueId::SeAlignedPairExclusion;
            exclusion_step(grid, sink, technique, 6.2, &[c0, c1], &allowed, common)?;
        }
    }
    ControlFlow::Continue(())
}

/// Aligned Triplet Exclusion (7.5), looking only at the triples the grid's changes since it
/// last found nothing may have changed (through [`search_changed`]): those with a cell among
/// the changed cells and their peers.
///
/// Whether a meeting of a triple (c0, c1, c2) yields, and whether the triple is met at all,
/// depends only on the candidates of the three cells and of their peers: a base cell is one
/// with two or more candidates, no peer with one and a peer of two or three (its excluders),
/// the twin area is made of the pair's excluders that are bases, and the eliminations come
/// from the cells' candidates and their common excluders' masks. A triple none of whose cells
/// is a changed cell or a peer of one is met as it was in that grid and yields nothing again,
/// so only the meetings of triples with such a cell are looked at, in SE's order: the first
/// that yields is SE's first.
pub fn aligned_triplet_exclusion(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search_changed(
        Producer::AlignedTripletExclusion,
        grid,
        sink,
        |grid, sink, changed| {
            let mut affected = changed.cells;
            for cell in changed.cells {
                affected |= PEERS[cell];
            }
            triplets(grid, sink, affected)
        },
    )
}

/// SE's search for Aligned Triplet Exclusion over the triples with a cell in `affected`.
fn triplets(grid: &Grid, sink: &mut StepSink<'_>, affected: Bits81) -> ControlFlow<()> {
    let bases = Bases::new(grid, 3);
    let cells = bases.cells();
    let mut buffer = [0u16; 20];
    let mut area = [0u8; 40];
    for j in 1..cells.len() {
        let c1 = cells[j] as usize;
        for &c0 in &cells[..j] {
            let c0 = c0 as usize;
            let (e0, e1) = (bases.excluders[c0], bases.excluders[c1]);
            // Every triple's common excluders lie in the pair's.
            let pair_common = e0 & e1;
            if !two_or_more(pair_common) {
                continue;
            }
            // The twin area: c0's excluders, then c1's not already listed, in peer order, kept
            // if they are base cells other than c0 and c1 (and, here, if they can leave two
            // common excluders: the others would be skipped anyway).
            let outside = !(Bits81::cell(c0) | Bits81::cell(c1));
            // A pair without an affected cell meets only triples whose third cell is.
            let pair_affected = affected.contains(c0) || affected.contains(c1);
            let keep = |e: usize| {
                (pair_affected || affected.contains(e))
                    && two_or_more(pair_common & bases.excluders[e])
            };
            let mut n = 0;
            let first = e0 & bases.set & outside;
            let second = e1.and_not(e0) & bases.set & outside;
            for (cell, from) in [(c0, first), (c1, second)] {
                for part in peer_parts(cell) {
                    for e in from & part {
                        if keep(e) {
                            area[n] = e as u8;
                            n += 1;
                        }
                    }
                }
            }
            for &c2 in &area[..n] {
                let c2 = c2 as usize;
                let common = pair_common & bases.excluders[c2];
                let n_masks = excluder_masks(grid, common, &mut buffer);
                let masks = &buffer[..n_masks];
                let triple = [c0, c1, c2];
                let peer = |a: usize, b: usize| PEERS[triple[a]].contains(triple[b]);
                let (p01, p02, p12) = (peer(0, 1), peer(0, 2), peer(1, 2));
                let all = triple.map(|c| grid.candidates(c));
                let mut allowed = [0u16; 3];
                // Once every candidate is in some allowed combination nothing can be removed:
                // the rest of the combinations need not be looked at.
                'combinations: for v0 in digits(all[0]) {
                    for v1 in digits(all[1]) {
                        if v0 == v1 && p01 {
                            continue;
                        }
                        let mut ok = all[2] & !completing(masks, 1 << v0 | 1 << v1);
                        if p02 {
                            ok &= !(1 << v0);
                        }
                        if p12 {
                            ok &= !(1 << v1);
                        }
                        if ok != 0 {
                            allowed[0] |= 1 << v0;
                            allowed[1] |= 1 << v1;
                            allowed[2] |= ok;
                            if allowed == all {
                                break 'combinations;
                            }
                        }
                    }
                }
                let technique = TechniqueId::SeAlignedTripletExclusion;
                exclusion_step(grid, sink, technique, 7.5, &triple, &allowed, common)?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::se::PEER_ORDER;

    /// The memo changes no first step: over the shipped hard pencil-mark states (top1465),
    /// each followed by grids that lose one candidate at a time (so that the memo meets small
    /// changes as well as a new puzzle), ATE's first step is the one its search of every
    /// triple finds.
    #[test]
    fn the_memo_changes_no_first_step() {
        let first = |grid: &Grid, search: &dyn Fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>| {
            let mut found = None;
            let _ = search(grid, &mut |step| {
                found = Some(step.clone());
                ControlFlow::Break(())
            });
            found
        };
        let (mut grids, mut steps) = (0, 0);
        for (marks, mut grid) in crate::techniques::shipped_hard_states() {
            for round in 0..12 {
                grids += 1;
                let want = first(&grid, &|g, s| triplets(g, s, Bits81::ALL));
                steps += usize::from(want.is_some());
                assert_eq!(
                    first(&grid, &aligned_triplet_exclusion),
                    want,
                    "{marks} {round}"
                );
                // Take away one candidate of a cell with three or more, a different one
                // each round.
                let cells: Vec<usize> = (0..81)
                    .filter(|&c| grid.candidates(c).count_ones() >= 3)
                    .collect();
                let Some(&cell) = cells.get((round * 7) % cells.len().max(1)) else {
                    break;
                };
                let digit = grid.candidates(cell).trailing_zeros() as usize;
                grid.eliminate(cell, digit);
            }
        }
        assert!(grids > 300, "{grids} grids, {steps} steps");
    }

    /// The twin area's runs list a set of peers in SE's peer order.
    #[test]
    fn peer_parts_follow_peer_order() {
        for cell in 0..81 {
            for step in 1..5 {
                let set: Bits81 = PEER_ORDER[cell]
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i % step == cell % step)
                    .map(|(_, &p)| p as usize)
                    .collect();
                let by_parts: Vec<usize> = peer_parts(cell)
                    .into_iter()
                    .flat_map(|part| part & set)
                    .collect();
                let by_order: Vec<usize> = PEER_ORDER[cell]
                    .iter()
                    .map(|&p| p as usize)
                    .filter(|&p| set.contains(p))
                    .collect();
                assert_eq!(by_parts, by_order, "cell {cell}");
            }
            let all: Bits81 = peer_parts(cell)
                .into_iter()
                .fold(Bits81::EMPTY, |a, p| a | p);
            assert_eq!(all, PEERS[cell]);
        }
    }
}
