//! What the closed tables prove: the contradictions of one premise, then the verities of
//! premises of which one must hold (both polarities of a candidate, every candidate of a cell,
//! every place of a digit in a house), each conclusion once with the first reason found.

use super::Tables;
use crate::core::bits::digits;
use crate::core::{Bits81, CandidateSet, Grid, HOUSE_SETS, PEERS};
use crate::model::forcing::{ForcingKind, ForcingReason};

/// A conclusion and the first reason found for it.
#[derive(Clone, Debug)]
pub(super) struct Found {
    pub(super) cell: u8,
    pub(super) digit: u8,
    pub(super) place: bool,
    pub(super) kind: ForcingKind,
    pub(super) reason: ForcingReason,
    /// Premise node ids: `premise_ids[..premise_count]` ([`Found::premises`]). At most nine (a
    /// cell's candidates, a digit's places in a house), so kept inline: a list per conclusion
    /// was most of the HoDoKu scale's allocations.
    premise_ids: [u32; 9],
    premise_count: u8,
}

impl Found {
    /// Premise node ids.
    pub(super) fn premises(&self) -> &[u32] {
        &self.premise_ids[..usize::from(self.premise_count)]
    }
}

impl Tables {
    /// Every conclusion, with the first reason found for it, in HoDoKu's check order.
    pub(super) fn conclusions(&self, grid: &Grid, out: &mut Vec<Found>) {
        out.clear();
        let mut found = Conclusions {
            placed: CandidateSet::EMPTY,
            deleted: CandidateSet::EMPTY,
            list: std::mem::take(out),
        };
        let unsolved = grid.unsolved();
        let (allowed, allowed_houses) = allowed_places(grid);
        // One premise: contradictions, in HoDoKu's table order (cell, digit; set, deleted); the
        // candidate ids already run in that order.
        let order = 0..self.candidates.len();
        for k in order.clone() {
            for premise in [2 * k, 2 * k + 1] {
                self.contradictions(grid, premise, (&allowed, &allowed_houses), &mut found);
            }
        }
        // Both polarities of one candidate.
        for k in order {
            let (cell, digit) = self.candidates[k];
            let (a, b) = (&self.closures[2 * k], &self.closures[2 * k + 1]);
            let reason = ForcingReason::BothWays { cell, digit };
            let premises = [2 * k as u32, 2 * k as u32 + 1];
            for d in 0..9 {
                let both = (a.on[d] & b.on[d]).and_not(Bits81::cell(cell as usize));
                for c in both.iter() {
                    found.add(c, d, true, ForcingKind::Verity, reason, &premises);
                }
            }
            for d in 0..9 {
                let both = (a.off[d] & b.off[d]).and_not(Bits81::cell(cell as usize));
                for c in both.iter() {
                    found.add(c, d, false, ForcingKind::Verity, reason, &premises);
                }
            }
        }
        // Every candidate of a cell, then every place of a digit in a row, column and box.
        let mut premises = [0u32; 9];
        for cell in unsolved.iter() {
            let mut n = 0;
            for d in digits(grid.candidates(cell)) {
                premises[n] = self.node(cell, d, true) as u32;
                n += 1;
            }
            let reason = ForcingReason::Cell { cell: cell as u8 };
            self.agreement(&premises[..n], reason, &mut found);
        }
        for house in 0..27 {
            for digit in 0..9 {
                let places = grid.plane(digit) & HOUSE_SETS[house];
                if places.is_empty() {
                    continue;
                }
                let mut n = 0;
                for c in places.iter() {
                    premises[n] = self.node(c, digit, true) as u32;
                    n += 1;
                }
                let reason = ForcingReason::House {
                    house: house as u8,
                    digit: digit as u8,
                };
                self.agreement(&premises[..n], reason, &mut found);
            }
        }
        *out = found.list;
    }

    /// The conclusions every premise's table shares.
    fn agreement(&self, premises: &[u32], reason: ForcingReason, found: &mut Conclusions) {
        let mut on = [Bits81::ALL; 9];
        let mut off = [Bits81::ALL; 9];
        for &p in premises {
            let closure = &self.closures[p as usize];
            for d in 0..9 {
                on[d] &= closure.on[d];
                off[d] &= closure.off[d];
            }
        }
        for d in 0..9 {
            for c in on[d].iter() {
                found.add(c, d, true, ForcingKind::Verity, reason, premises);
            }
            for c in off[d].iter() {
                found.add(c, d, false, ForcingKind::Verity, reason, premises);
            }
        }
    }

    /// The contradiction one premise's table holds, if any (it makes the premise false),
    /// recorded with the first reason [`Tables::first_contradiction`] finds, unless its
    /// conclusion is known already (then [`Conclusions::add`] would drop every reason).
    /// `allowed`: per digit, the unsolved cells seeing none of its placements, and the houses
    /// holding them.
    fn contradictions(
        &self,
        grid: &Grid,
        premise: usize,
        allowed: (&[Bits81; 9], &[u32; 9]),
        found: &mut Conclusions,
    ) {
        let (cell, digit) = self.candidates[premise / 2];
        let (cell, digit) = (cell as usize, digit as usize);
        // The premise is false: a set premise deletes, a deleted one sets.
        let place = premise % 2 == 1;
        if found.knows(cell, digit, place) {
            return;
        }
        if let Some(reason) = self.first_contradiction(grid, premise, allowed) {
            found.add(
                cell,
                digit,
                place,
                ForcingKind::Contradiction,
                reason,
                &[premise as u32],
            );
        }
    }

    /// The first contradiction in `premise`'s table, in HoDoKu's check order: a candidate set
    /// and deleted (by digit), two digits set in one cell (by pair of digits), a digit set twice
    /// in a house (by house, then digit), a cell left without candidates, a house left without
    /// an allowed place for a digit (by house, then digit).
    ///
    /// The second and third are never first, so they are not made: a table is closed (it holds
    /// what its members imply), and a set candidate implies its cell mates and its peers'
    /// copies of the digit deleted (in both modes), so a table setting two digits in a cell or
    /// a digit twice in a house also sets and deletes a candidate. (Making them took 2% of the
    /// hodoku scale's instructions on hard puzzles; the test compares with every check made.)
    pub(super) fn first_contradiction(
        &self,
        grid: &Grid,
        premise: usize,
        (allowed, allowed_houses): (&[Bits81; 9], &[u32; 9]),
    ) -> Option<ForcingReason> {
        let closure = &self.closures[premise];
        for d in 0..9 {
            if let Some(c) = (closure.on[d] & closure.off[d]).first() {
                return Some(ForcingReason::SetAndDeleted {
                    cell: c as u8,
                    digit: d as u8,
                });
            }
        }
        let mut empty = grid.unsolved();
        for d in 0..9 {
            empty &= closure.off[d] | grid.unsolved().and_not(grid.plane(d));
        }
        for d in 0..9 {
            empty = empty.and_not(closure.on[d]);
        }
        if let Some(c) = empty.first() {
            return Some(ForcingReason::EmptyCell { cell: c as u8 });
        }
        // Per digit, the houses whose allowed places are all deleted: houses with an allowed
        // place, less those with one the table leaves (house sets, not a test per house).
        let mut emptied = [0u32; 9];
        let mut any_emptied = 0u32;
        for d in 0..9 {
            if allowed[d].intersects(closure.off[d]) {
                emptied[d] = allowed_houses[d] & !allowed[d].and_not(closure.off[d]).houses();
                any_emptied |= emptied[d];
            }
        }
        if any_emptied != 0 {
            let house = any_emptied.trailing_zeros();
            let digit = emptied
                .iter()
                .position(|h| h >> house & 1 != 0)
                .expect("a digit emptied the house");
            return Some(ForcingReason::EmptyHouse {
                house: house as u8,
                digit: digit as u8,
            });
        }
        None
    }
}

/// Per digit, the unsolved cells seeing none of its placements, and the houses holding them.
fn allowed_places(grid: &Grid) -> ([Bits81; 9], [u32; 9]) {
    let mut allowed = [grid.unsolved(); 9];
    for (digit, allowed) in allowed.iter_mut().enumerate() {
        for cell in grid.placed(digit).iter() {
            *allowed = allowed.and_not(PEERS[cell]);
        }
    }
    (allowed, allowed.map(Bits81::houses))
}

/// The conclusions found so far, each once (with its first reason).
#[derive(Default)]
struct Conclusions {
    placed: CandidateSet,
    deleted: CandidateSet,
    list: Vec<Found>,
}

impl Conclusions {
    /// Whether the conclusion is known already.
    fn knows(&self, cell: usize, digit: usize, place: bool) -> bool {
        let seen = if place { &self.placed } else { &self.deleted };
        seen.contains(cell, digit)
    }

    /// Records a conclusion unless it is known already.
    fn add(
        &mut self,
        cell: usize,
        digit: usize,
        place: bool,
        kind: ForcingKind,
        reason: ForcingReason,
        premises: &[u32],
    ) {
        let seen = if place {
            &mut self.placed
        } else {
            &mut self.deleted
        };
        if seen.contains(cell, digit) {
            return;
        }
        seen.insert(cell, digit);
        let mut premise_ids = [0; 9];
        premise_ids[..premises.len()].copy_from_slice(premises);
        self.list.push(Found {
            cell: cell as u8,
            digit: digit as u8,
            place,
            kind,
            reason,
            premise_ids,
            premise_count: premises.len() as u8,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;
    use crate::techniques::forcing_net::Mode;

    /// Every contradiction reason of `premise`'s table, each check on its own, in HoDoKu's
    /// order (a test per pair of digits, per house and digit, per cell).
    fn every_contradiction(tables: &Tables, grid: &Grid, premise: usize) -> Vec<ForcingReason> {
        let closure = &tables.closures[premise];
        let (allowed, _) = allowed_places(grid);
        let mut reasons = Vec::new();
        for d in 0..9 {
            if let Some(c) = (closure.on[d] & closure.off[d]).first() {
                reasons.push(ForcingReason::SetAndDeleted {
                    cell: c as u8,
                    digit: d as u8,
                });
            }
        }
        for d in 0..9 {
            for e in d + 1..9 {
                if let Some(c) = (closure.on[d] & closure.on[e]).first() {
                    let digits = [d as u8, e as u8];
                    reasons.push(ForcingReason::TwoValues {
                        cell: c as u8,
                        digits,
                    });
                }
            }
        }
        for house in 0..27 {
            for d in 0..9 {
                if (closure.on[d] & HOUSE_SETS[house]).count() >= 2 {
                    reasons.push(ForcingReason::TwiceInHouse {
                        house: house as u8,
                        digit: d as u8,
                    });
                }
            }
        }
        for cell in grid.unsolved().iter() {
            if digits(grid.candidates(cell))
                .all(|d| closure.off[d].contains(cell) && !closure.on[d].contains(cell))
            {
                reasons.push(ForcingReason::EmptyCell { cell: cell as u8 });
            }
        }
        for house in 0..27 {
            for d in 0..9 {
                let places = allowed[d] & HOUSE_SETS[house];
                if !places.is_empty() && places.is_subset_of(closure.off[d]) {
                    reasons.push(ForcingReason::EmptyHouse {
                        house: house as u8,
                        digit: d as u8,
                    });
                }
            }
        }
        reasons
    }

    /// Where a reason stands in the check order (1 to 5).
    fn reason_kind(reason: &ForcingReason) -> usize {
        match reason {
            ForcingReason::SetAndDeleted { .. } => 1,
            ForcingReason::TwoValues { .. } => 2,
            ForcingReason::TwiceInHouse { .. } => 3,
            ForcingReason::EmptyCell { .. } => 4,
            _ => 5,
        }
    }

    #[test]
    fn a_premise_s_first_contradiction_is_the_first_of_all_its_checks() {
        // Shipped hard states and royle17 starts, thinned at random (some thinned past every
        // solution, so that contradictions are many): chain and net tables.
        let mut rng = Xorshift(0x3C6E_F372_FE94_F82B);
        let mut tables = Tables::empty();
        let (mut premises, mut contradictions) = (0, 0);
        // Random tables' first reasons by kind (none, then in check order).
        let mut reasons = [0; 6];
        for mut grid in crate::techniques::shipped_test_grids(12) {
            for _ in 0..3 {
                for mode in [Mode::Chain, Mode::Net] {
                    tables.rebuild(&grid, mode);
                    let (allowed, houses) = allowed_places(&grid);
                    for premise in 0..2 * tables.candidates.len() {
                        let first = tables.first_contradiction(&grid, premise, (&allowed, &houses));
                        let every = every_contradiction(&tables, &grid, premise);
                        assert_eq!(first.as_ref(), every.first(), "{mode:?}, premise {premise}");
                        premises += 1;
                        contradictions += usize::from(first.is_some());
                    }
                }
                // Real tables rarely reach the checks after the first: random ones, closed as
                // tables are (so two digits in a cell or one twice in a house are never first
                // there either), reach the others.
                let (allowed, houses) = allowed_places(&grid);
                for premise in 0..2 * tables.candidates.len() {
                    let closure = &mut tables.closures[premise];
                    for d in 0..9 {
                        let density = [0, 1, 2, 4][(rng.next() % 4) as usize];
                        // A table holds candidates of the grid only.
                        let candidates = grid.plane(d) & grid.unsolved();
                        closure.on[d] = rng.random_set(density) & candidates;
                        closure.off[d] =
                            rng.random_set(if density == 0 { 60 } else { 1 }) & candidates;
                    }
                    // Closed as a table is: a set candidate deletes its cell mates and its
                    // peers' copies of the digit.
                    for d in 0..9 {
                        for cell in closure.on[d].iter() {
                            closure.off[d] |= PEERS[cell] & grid.plane(d) & grid.unsolved();
                            for e in digits(grid.candidates(cell)).filter(|&e| e != d) {
                                closure.off[e].insert(cell);
                            }
                        }
                    }
                    let first = tables.first_contradiction(&grid, premise, (&allowed, &houses));
                    let every = every_contradiction(&tables, &grid, premise);
                    assert_eq!(
                        first.as_ref(),
                        every.first(),
                        "random table, premise {premise}"
                    );
                    reasons[every.first().map_or(0, reason_kind)] += 1;
                }
                rng.thin(&mut grid, 8);
            }
        }
        assert!(contradictions > 500, "{contradictions} of {premises}");
        assert!(
            premises > 3 * contradictions,
            "{contradictions} of {premises}"
        );
        // The random tables reached no contradiction, a candidate set and deleted, an empty cell
        // and an empty house first, many times each (the order of the checks after the first).
        for kind in [0, 1, 4, 5] {
            assert!(reasons[kind] > 50, "{reasons:?}");
        }
    }
}
