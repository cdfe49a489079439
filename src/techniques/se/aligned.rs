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
    /// The cells that can be excluders (2 candidates, or 2–3 for ATE).
    small: Bits81,
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
            small: excluder_cells,
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
/// a combination is forbidden when it takes every candidate of one of them (SE's plain
/// test, kept for the tests that compare the searches with it).
#[cfg(test)]
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
#[cfg(test)]
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

/// The digit indexes of a mask, ascending (the tests' plain searches).
#[cfg(test)]
fn digits(mask: u16) -> impl Iterator<Item = usize> {
    crate::core::bits::digits(mask)
}

/// Aligned Pair Exclusion (6.2).
///
/// Only the pairs with two common excluders are met: a base cell c0 shares two with c1
/// exactly when it sees two of c1's excluders (they are excluder cells, so c0's excluders
/// among them are its peers among them), one bit-sliced count over their peer sets per c1.
/// Their combinations are tested as masks: a second digit is forbidden with v0 when it is
/// v0's partner in a common excluder (APE's excluders have two candidates).
pub fn aligned_pair_exclusion(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let bases = Bases::new(grid, 2);
    let cells = bases.cells();
    // Comb(2, n) order: the second cell ascending, then the first (bases ascend by cell).
    for &c1 in cells.iter().skip(1) {
        let c1 = c1 as usize;
        let (mut seen_once, mut seen_twice) = (Bits81::EMPTY, Bits81::EMPTY);
        for x in bases.excluders[c1] {
            seen_twice |= seen_once & PEERS[x];
            seen_once |= PEERS[x];
        }
        let before1 = Bits81((1u128 << c1) - 1);
        for c0 in seen_twice & bases.set & before1 {
            let common = bases.excluders[c0] & bases.excluders[c1];
            let f = Forbidding::new(grid, common);
            let peers = if PEERS[c0].contains(c1) { 0x1ffu16 } else { 0 };
            let all = [grid.candidates(c0), grid.candidates(c1)];
            let mut allowed = [0u16; 2];
            // As for ATE: once everything is allowed, nothing can be removed.
            let mut rest = all[0];
            while rest != 0 {
                let v0 = rest.trailing_zeros();
                rest &= rest - 1;
                let b0 = 1u16 << v0;
                let ok = all[1] & !f.partners(v0) & !(b0 & peers);
                if ok != 0 {
                    allowed[0] |= b0;
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
///
/// A triple is met once per pair of its cells whose twin area holds the third, and every
/// meeting decides the same (the common excluders, the peer relations and so the allowed
/// combinations do not depend on the cells' order, and neither does the step: its cells and
/// eliminations are sets). So a meeting whose triple was met earlier in this search, while
/// nothing has been yielded yet, would find nothing again and is skipped (39% of the
/// meetings on top1465). Once something is yielded (a sink that goes on) every meeting is
/// looked at, as SE does, so that a repeated step is repeated here too.
fn triplets(grid: &Grid, sink: &mut StepSink<'_>, affected: Bits81) -> ControlFlow<()> {
    triplets_with(grid, sink, affected, true)
}

/// [`triplets`], with the skipping of repeated meetings as an option (off: SE's plain
/// search, which the tests compare it with).
fn triplets_with(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    affected: Bits81,
    skip_repeats: bool,
) -> ControlFlow<()> {
    let bases = Bases::new(grid, 3);
    let cells = bases.cells();
    let mut area = [0u8; 40];
    let mut yielded = false;
    for j in 1..cells.len() {
        let c1 = cells[j] as usize;
        // The base cells before c1 (bases are listed row-major: by cell number).
        let before1 = Bits81((1u128 << c1) - 1);
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
            // common excluders: the others would be skipped anyway). A third cell's common
            // excluders with the pair are the pair's that are its peers (the pair's are all
            // excluder cells), so it leaves two exactly when it sees two of them: a
            // bit-sliced count over their peer sets, one pass for the whole area.
            let (mut seen_once, mut seen_twice) = (Bits81::EMPTY, Bits81::EMPTY);
            for x in pair_common {
                seen_twice |= seen_once & PEERS[x];
                seen_once |= PEERS[x];
            }
            let mut candidates = (e0 | e1) & bases.set & seen_twice;
            candidates.remove(c0);
            candidates.remove(c1);
            // A pair without an affected cell meets only triples whose third cell is.
            if !(affected.contains(c0) || affected.contains(c1)) {
                candidates &= affected;
            }
            if skip_repeats && !yielded {
                candidates = candidates.and_not(met_before(&bases, c0, c1, before1));
            }
            if candidates.is_empty() {
                continue;
            }
            let mut n = 0;
            let first = e0 & candidates;
            let second = e1.and_not(e0) & candidates;
            for (cell, from) in [(c0, first), (c1, second)] {
                for part in peer_parts(cell) {
                    for e in from & part {
                        area[n] = e as u8;
                        n += 1;
                    }
                }
            }
            let peer01 = PEERS[c0].contains(c1);
            for &c2 in &area[..n] {
                let c2 = c2 as usize;
                let common = pair_common & bases.excluders[c2];
                let triple = [c0, c1, c2];
                let all = triple.map(|c| grid.candidates(c));
                let peers = [peer01, PEERS[c0].contains(c2), PEERS[c1].contains(c2)];
                let allowed = allowed_triples(grid, common, peers, all);
                if allowed == all {
                    continue;
                }
                let technique = TechniqueId::SeAlignedTripletExclusion;
                yielded = true;
                exclusion_step(grid, sink, technique, 7.5, &triple, &allowed, common)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The third cells whose triple with the pair (c0, c1) (c0 before c1) was met at an earlier
/// pair: the pair {c0, c2} meets it (with c1 in its twin area) when c2 comes before c1 and c1
/// is an excluder of c0 or c2; the pair {c2, c1} when c2 comes before c0 and c0 is an
/// excluder of c1 or c2. A cell is an excluder of a base cell exactly when it has two or
/// three candidates and is the base's peer; `before1` holds the cells before c1.
#[inline]
fn met_before(bases: &Bases, c0: usize, c1: usize, before1: Bits81) -> Bits81 {
    // The cells c (beside the pair's other cell) of which `cell` is an excluder.
    let excluder_of = |cell: usize, other: usize| {
        if !bases.small.contains(cell) {
            Bits81::EMPTY
        } else if PEERS[other].contains(cell) {
            Bits81::ALL
        } else {
            PEERS[cell]
        }
    };
    let before0 = Bits81((1u128 << c0) - 1);
    before1 & (excluder_of(c1, c0) | (before0 & excluder_of(c0, c1)))
}

/// The forbidding excluders of a triple, arranged for bit-parallel tests: a combination is
/// forbidden when two of its digits make a two-candidate excluder (`partners`) or its three
/// digits make a three-candidate one (`threes`).
struct Forbidding {
    /// Per digit a, the digits b such that {a, b} is a common excluder's candidates (16
    /// entries, indexed by a digit masked to 4 bits: no bounds checks).
    partners: [u16; 16],
    /// The candidates of the three-candidate common excluders (duplicates kept: harmless).
    threes: [u16; 20],
    n_threes: usize,
}

impl Forbidding {
    #[inline]
    fn new(grid: &Grid, excluders: Bits81) -> Forbidding {
        let mut f = Forbidding {
            partners: [0; 16],
            threes: [0; 20],
            n_threes: 0,
        };
        for cell in excluders {
            let mask = grid.candidates(cell);
            let low = mask & mask.wrapping_neg();
            let rest = mask & !low;
            if rest & (rest - 1) == 0 {
                // Two candidates {a, b}: a and b may not be taken together.
                f.partners[low.trailing_zeros() as usize & 15] |= rest;
                f.partners[rest.trailing_zeros() as usize & 15] |= low;
            } else if f.n_threes < f.threes.len() {
                f.threes[f.n_threes] = mask;
                f.n_threes += 1;
            }
        }
        f
    }

    /// The partners of digit `d`.
    #[inline]
    fn partners(&self, d: u32) -> u16 {
        self.partners[d as usize & 15]
    }

    /// What a third cell may not take once digits `a` and `b` are taken (possibly equal):
    /// the partners of each, and the last digit of a three-candidate excluder that holds
    /// both. The same set as `completing` (the tests' plain test) for digits that complete no excluder (the caller
    /// has removed those: the partners of the first digit).
    #[inline]
    fn completing(&self, a: u32, b: u32) -> u16 {
        let taken = 1u16 << a | 1 << b;
        let mut digits = self.partners(a) | self.partners(b);
        for &m in &self.threes[..self.n_threes] {
            let rest = m & !taken;
            if rest & (rest - 1) == 0 {
                digits |= rest;
            }
        }
        digits
    }
}

/// The candidates of each cell of a triple that are in some allowed combination, given the
/// cells' candidates `all`, their common excluders and whether each pair of them are peers
/// ((0, 1), (0, 2), (1, 2)); stops early, returning `all`, once every candidate is (nothing
/// can be removed then).
#[inline]
fn allowed_triples(grid: &Grid, common: Bits81, peers: [bool; 3], all: [u16; 3]) -> [u16; 3] {
    let f = Forbidding::new(grid, common);
    // All digits where the two cells are peers (they may not both take one), else none.
    let [p01, p02, p12] = peers.map(|p| if p { 0x1ffu16 } else { 0 });
    let (mut a0, mut a1, mut a2) = (0u16, 0u16, 0u16);
    let mut rest0 = all[0];
    while rest0 != 0 {
        let v0 = rest0.trailing_zeros();
        rest0 &= rest0 - 1;
        let b0 = 1u16 << v0;
        // The second cell may not take v0's partners (together they would complete an
        // excluder), nor v0 itself if it sees the first.
        let mut seconds = all[1] & !f.partners(v0) & !(b0 & p01);
        let thirds = all[2] & !(b0 & p02);
        while seconds != 0 {
            let v1 = seconds.trailing_zeros();
            seconds &= seconds - 1;
            let b1 = 1u16 << v1;
            let ok = thirds & !(b1 & p12) & !f.completing(v0, v1);
            if ok != 0 {
                a0 |= b0;
                a1 |= b1;
                a2 |= ok;
                if (a0 ^ all[0]) | (a1 ^ all[1]) | (a2 ^ all[2]) == 0 {
                    return all;
                }
                // Once the third cell's digits open to v0 are all allowed, a second digit
                // already allowed adds nothing more with v0: try only the others.
                if thirds & !a2 == 0 {
                    seconds &= !a1;
                }
            }
        }
    }
    [a0, a1, a2]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;
    use crate::techniques::se::PEER_ORDER;
    use crate::techniques::step::Step;

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

    /// Every step of a search, in order, with a sink that goes on after each.
    fn all_steps(grid: &Grid, search: impl Fn(&Grid, &mut StepSink<'_>)) -> Vec<Step> {
        let mut steps = Vec::new();
        search(grid, &mut |step| {
            steps.push(step.clone());
            ControlFlow::Continue(())
        });
        steps
    }

    /// Skipping the repeated meetings of a triple changes nothing: over the shipped hard
    /// states and grids that lose candidates one at a time, with every cell affected and
    /// with random affected sets, the skipping search yields the same steps in the same
    /// order (repeats included, for a sink that goes on) as SE's plain search.
    #[test]
    fn skipping_repeated_meetings_changes_no_step() {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut grids, mut steps) = (0, 0);
        for (marks, mut grid) in crate::techniques::shipped_hard_states() {
            for round in 0..16 {
                for affected in [Bits81::ALL, rng.random_set(20)] {
                    grids += 1;
                    let plain = all_steps(&grid, |g, s| {
                        let _ = triplets_with(g, s, affected, false);
                    });
                    let skipping = all_steps(&grid, |g, s| {
                        let _ = triplets_with(g, s, affected, true);
                    });
                    steps += plain.len();
                    assert_eq!(skipping, plain, "{marks} round {round}");
                }
                // More cells become excluders, and more triples yield.
                if !thin(&mut grid, &mut rng) {
                    break;
                }
            }
        }
        assert!(grids > 500 && steps > 50, "{grids} grids, {steps} steps");
    }

    /// Takes away one candidate (of its first three) of a random cell with three or more;
    /// `false` where no cell has three.
    fn thin(grid: &mut Grid, rng: &mut Xorshift) -> bool {
        let cells: Vec<usize> = (0..81)
            .filter(|&c| grid.candidates(c).count_ones() >= 3)
            .collect();
        if cells.is_empty() {
            return false;
        }
        let cell = cells[rng.next() as usize % cells.len()];
        let digit = crate::core::bits::digits(grid.candidates(cell))
            .nth(rng.next() as usize % 3)
            .unwrap_or(0);
        grid.eliminate(cell, digit);
        true
    }

    /// The bit-parallel combination test gives, for random triples, candidates and common
    /// excluders, the allowed digits that trying every combination (v0, v1, v2) against
    /// §4.9's two rules gives, or all of them where that leaves nothing to remove.
    #[test]
    fn allowed_triples_match_every_combination() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        // A mask of `min..=max` digits among those of `digits`.
        let random_mask = |rng: &mut Xorshift, digits: u16, min: u32, max: u32| loop {
            let mask = rng.next() as u16 & digits;
            if (min..=max).contains(&mask.count_ones()) {
                break mask;
            }
        };
        let mut removing = 0;
        for case in 0..20_000 {
            let mut grid = Grid::empty();
            // Three distinct cells, then up to five others as common excluders.
            let mut cells = Vec::new();
            while cells.len() < 8 {
                let cell = (rng.next() % 81) as usize;
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
            let n_common = 2 + (rng.next() % 4) as usize;
            let mut common = Bits81::EMPTY;
            for (i, &cell) in cells.iter().enumerate().take(3 + n_common) {
                // Mostly over six digits, so that the excluders forbid often.
                let digits = if rng.next().is_multiple_of(4) {
                    0x1ff
                } else {
                    0x3f
                };
                let keep = if i < 3 {
                    random_mask(&mut rng, digits, 1, 6)
                } else {
                    random_mask(&mut rng, digits, 2, 3)
                };
                for d in 0..9 {
                    if keep & (1 << d) == 0 {
                        grid.eliminate(cell, d);
                    }
                }
                if i >= 3 {
                    common.insert(cell);
                }
            }
            let triple = [cells[0], cells[1], cells[2]];
            let all = triple.map(|c| grid.candidates(c));
            let peers = [0; 3].map(|_| rng.next().is_multiple_of(2));
            let masks: Vec<u16> = common.into_iter().map(|c| grid.candidates(c)).collect();
            let mut want = [0u16; 3];
            for v0 in digits(all[0]) {
                for v1 in digits(all[1]) {
                    for v2 in digits(all[2]) {
                        let same = (peers[0] && v0 == v1)
                            || (peers[1] && v0 == v2)
                            || (peers[2] && v1 == v2);
                        let taken = 1u16 << v0 | 1 << v1 | 1 << v2;
                        if same || masks.iter().any(|&m| m & !taken == 0) {
                            continue;
                        }
                        want[0] |= 1 << v0;
                        want[1] |= 1 << v1;
                        want[2] |= 1 << v2;
                    }
                }
            }
            let got = allowed_triples(&grid, common, peers, all);
            if want == all {
                assert_eq!(got, all, "case {case}");
            } else {
                removing += 1;
                assert_eq!(got, want, "case {case}");
            }
        }
        assert!(removing > 1000, "{removing} cases remove something");
    }

    /// SE's plain Aligned Pair Exclusion: every pair of base cells in Comb(2, n) order, each
    /// combination tested against every common excluder.
    fn ape_plain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
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

    /// The pruned, bit-parallel APE yields the steps of SE's plain search, in the same order
    /// (every step, with a sink that goes on), over the shipped hard states and grids that
    /// lose candidates one at a time.
    #[test]
    fn pair_exclusion_matches_the_plain_search() {
        let mut rng = Xorshift(0x1234_5678_9abc_def1);
        let (mut grids, mut steps) = (0, 0);
        for (marks, mut grid) in crate::techniques::shipped_hard_states() {
            for round in 0..24 {
                grids += 1;
                let plain = all_steps(&grid, |g, s| {
                    let _ = ape_plain(g, s);
                });
                let fast = all_steps(&grid, |g, s| {
                    let _ = aligned_pair_exclusion(g, s);
                });
                steps += plain.len();
                assert_eq!(fast, plain, "{marks} round {round}");
                if !thin(&mut grid, &mut rng) {
                    break;
                }
            }
        }
        assert!(grids > 500 && steps > 50, "{grids} grids, {steps} steps");
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
