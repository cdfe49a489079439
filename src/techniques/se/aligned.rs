//! SE's Aligned Pair Exclusion (producer 20, 6.2) and Aligned Triplet Exclusion (producer 22,
//! 7.5), §4.9. The base cells need not be aligned: any two (three) cells with at least two
//! common excluders, i.e. peers whose candidates the combination would all take.

use std::ops::ControlFlow;

use super::{se_step, PEER_ORDER};
use crate::core::{Bits81, Grid, PEERS};
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// The base cells (row-major) and each one's excluders in SE's peer order: peers with 2
/// candidates (`max_excluder` = 2, APE) or 2–3 (3, ATE).
fn base_cells(grid: &Grid, max_excluder: u32) -> (Vec<usize>, Vec<Vec<usize>>) {
    let singles = grid.single_candidate_cells();
    let mut bases = Vec::new();
    let mut excluders = vec![Vec::new(); 81];
    for cell in grid.unsolved() {
        if grid.candidates(cell).count_ones() < 2 || PEERS[cell].intersects(singles) {
            continue;
        }
        let list: Vec<usize> = PEER_ORDER[cell]
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| (2..=max_excluder).contains(&grid.candidates(p).count_ones()))
            .collect();
        if !list.is_empty() {
            bases.push(cell);
            excluders[cell] = list;
        }
    }
    (bases, excluders)
}

/// The step removing from `cells` every candidate that is in no allowed combination, if any.
fn exclusion_step(
    grid: &Grid,
    technique: TechniqueId,
    difficulty: f64,
    cells: &[usize],
    allowed: &[u16],
    excluders: &[usize],
) -> Option<Step> {
    let mut step = se_step(technique, difficulty);
    for (&cell, &ok) in cells.iter().zip(allowed) {
        let removed = grid.candidates(cell) & !ok;
        for d in 0..9 {
            if removed & (1 << d) != 0 {
                step.eliminations.insert(cell, d);
            }
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.cells = cells.iter().chain(excluders).copied().collect();
    Some(step)
}

/// The digit indexes of a mask, ascending.
fn digits(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |d| mask & (1 << d) != 0)
}

/// Whether some excluder's candidates all lie in `taken`.
#[inline]
fn excluded(grid: &Grid, common: &[usize], taken: u16) -> bool {
    common.iter().any(|&e| grid.candidates(e) & !taken == 0)
}

/// Aligned Pair Exclusion (6.2).
pub fn aligned_pair_exclusion(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let (bases, excluders) = base_cells(grid, 2);
    for j in 1..bases.len() {
        for i in 0..j {
            let (c0, c1) = (bases[i], bases[j]);
            let common: Vec<usize> = excluders[c0]
                .iter()
                .copied()
                .filter(|e| excluders[c1].contains(e))
                .collect();
            if common.len() < 2 {
                continue;
            }
            let peers = PEERS[c0].contains(c1);
            let mut allowed = [0u16; 2];
            for v0 in digits(grid.candidates(c0)) {
                for v1 in digits(grid.candidates(c1)) {
                    if (v0 == v1 && peers) || excluded(grid, &common, 1 << v0 | 1 << v1) {
                        continue;
                    }
                    allowed[0] |= 1 << v0;
                    allowed[1] |= 1 << v1;
                }
            }
            let technique = TechniqueId::SeAlignedPairExclusion;
            if let Some(step) = exclusion_step(grid, technique, 6.2, &[c0, c1], &allowed, &common) {
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Aligned Triplet Exclusion (7.5).
pub fn aligned_triplet_exclusion(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let (bases, excluders) = base_cells(grid, 3);
    let is_base: Bits81 = bases.iter().copied().collect();
    let mut area = Vec::with_capacity(40);
    for j in 1..bases.len() {
        for i in 0..j {
            let (c0, c1) = (bases[i], bases[j]);
            area.clear();
            for &e in excluders[c0].iter().chain(&excluders[c1]) {
                if is_base.contains(e) && e != c0 && e != c1 && !area.contains(&e) {
                    area.push(e);
                }
            }
            for &c2 in &area {
                let common: Vec<usize> = excluders[c0]
                    .iter()
                    .copied()
                    .filter(|e| excluders[c1].contains(e) && excluders[c2].contains(e))
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                let cells = [c0, c1, c2];
                let peer = |a: usize, b: usize| PEERS[cells[a]].contains(cells[b]);
                let (p01, p02, p12) = (peer(0, 1), peer(0, 2), peer(1, 2));
                let mut allowed = [0u16; 3];
                for v0 in digits(grid.candidates(c0)) {
                    for v1 in digits(grid.candidates(c1)) {
                        if v0 == v1 && p01 {
                            continue;
                        }
                        for v2 in digits(grid.candidates(c2)) {
                            if (v0 == v2 && p02) || (v1 == v2 && p12) {
                                continue;
                            }
                            if excluded(grid, &common, 1 << v0 | 1 << v1 | 1 << v2) {
                                continue;
                            }
                            allowed[0] |= 1 << v0;
                            allowed[1] |= 1 << v1;
                            allowed[2] |= 1 << v2;
                        }
                    }
                }
                let technique = TechniqueId::SeAlignedTripletExclusion;
                if let Some(step) = exclusion_step(grid, technique, 7.5, &cells, &allowed, &common)
                {
                    sink(&step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
