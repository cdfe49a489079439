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
        let mut allowed = [unsolved; 9];
        for (digit, allowed) in allowed.iter_mut().enumerate() {
            for cell in grid.placed(digit).iter() {
                *allowed = allowed.and_not(PEERS[cell]);
            }
        }
        // One premise: contradictions, in HoDoKu's table order (cell, digit; set, deleted); the
        // candidate ids already run in that order.
        let order = 0..self.candidates.len();
        let allowed_houses = allowed.map(Bits81::houses);
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

    /// The contradictions one premise's table holds (each makes the premise false).
    /// `allowed`: per digit, the unsolved cells seeing none of its placements, and the houses
    /// holding them.
    fn contradictions(
        &self,
        grid: &Grid,
        premise: usize,
        (allowed, allowed_houses): (&[Bits81; 9], &[u32; 9]),
        found: &mut Conclusions,
    ) {
        let closure = &self.closures[premise];
        let (cell, digit) = self.candidates[premise / 2];
        let (cell, digit) = (cell as usize, digit as usize);
        // The premise is false: a set premise deletes, a deleted one sets.
        let place = premise % 2 == 1;
        let mut add = |reason: ForcingReason| {
            found.add(
                cell,
                digit,
                place,
                ForcingKind::Contradiction,
                reason,
                &[premise as u32],
            );
        };
        for d in 0..9 {
            if let Some(c) = (closure.on[d] & closure.off[d]).first() {
                add(ForcingReason::SetAndDeleted {
                    cell: c as u8,
                    digit: d as u8,
                });
            }
        }
        for d in 0..9 {
            for e in d + 1..9 {
                if let Some(c) = (closure.on[d] & closure.on[e]).first() {
                    add(ForcingReason::TwoValues {
                        cell: c as u8,
                        digits: [d as u8, e as u8],
                    });
                }
            }
        }
        // Only a digit set in two cells or more can be set twice in a house (the checks
        // skipped here are false; the order of the rest is kept).
        let set_twice = (0..9).fold(0u16, |m, d| m | u16::from(closure.on[d].has_several()) << d);
        for house in 0..27 {
            for d in digits(set_twice) {
                if (closure.on[d] & HOUSE_SETS[house]).has_several() {
                    add(ForcingReason::TwiceInHouse {
                        house: house as u8,
                        digit: d as u8,
                    });
                }
            }
        }
        let mut empty = grid.unsolved();
        for d in 0..9 {
            empty &= closure.off[d] | grid.unsolved().and_not(grid.plane(d));
        }
        for d in 0..9 {
            empty = empty.and_not(closure.on[d]);
        }
        for c in empty.iter() {
            add(ForcingReason::EmptyCell { cell: c as u8 });
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
        while any_emptied != 0 {
            let house = any_emptied.trailing_zeros();
            any_emptied &= any_emptied - 1;
            for (d, houses) in emptied.iter().enumerate() {
                if houses & 1 << house != 0 {
                    add(ForcingReason::EmptyHouse {
                        house: house as u8,
                        digit: d as u8,
                    });
                }
            }
        }
    }
}

/// The conclusions found so far, each once (with its first reason).
#[derive(Default)]
struct Conclusions {
    placed: CandidateSet,
    deleted: CandidateSet,
    list: Vec<Found>,
}

impl Conclusions {
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
