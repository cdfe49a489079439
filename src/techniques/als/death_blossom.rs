//! Death Blossom: a stem cell whose every digit locks one petal set.

use std::ops::ControlFlow;

use super::{als_step, als_table, with_step, AlsFlavor, AlsTable};
use crate::core::bits;
use crate::core::{Bits81, Grid};
use crate::model::als::MAX_ALS_CELLS;
use crate::techniques::{StepSink, TechniqueId};

/// Death Blossom: a stem cell and, per stem digit d, a petal set holding d whose places of d
/// all see the stem. Whichever digit the stem takes locks its petal on its other digits, so a
/// digit z of every petal (not a stem digit) leaves the cells seeing all its places in all the
/// petals. Petals may overlap (only one of them is locked). Stems with 2 to 4 digits.
pub fn death_blossom(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    death_blossom_capped(grid, MAX_ALS_CELLS, sink)
}

/// Death Blossom with petals of up to `max_cells` cells.
pub fn death_blossom_capped(
    grid: &Grid,
    max_cells: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, AlsFlavor::Standard);
    let mut petals = PETALS.with(|p| std::mem::take(&mut *p.borrow_mut()));
    let flow = blossoms(grid, &table, &mut petals, sink);
    PETALS.with(|p| *p.borrow_mut() = petals);
    flow
}

thread_local! {
    /// Each stem digit's petals, kept per thread between calls (no allocation once warm).
    static PETALS: std::cell::RefCell<[Vec<usize>; 9]> = std::cell::RefCell::default();
}

/// The Death Blossoms of every stem over `table`, with `petals` for each digit's petal list.
fn blossoms(
    grid: &Grid,
    table: &AlsTable,
    petals: &mut [Vec<usize>; 9],
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    for stem in grid.unsolved() {
        let stem_digits = grid.candidates(stem);
        if !(2..=4).contains(&stem_digits.count_ones()) {
            continue;
        }
        let mut enough = true;
        for d in bits::digits(stem_digits) {
            petals[d].clear();
            for (i, set) in table.sets.iter().enumerate() {
                if set.digits & (1 << d) != 0
                    && !set.cells.contains(stem)
                    && table.sees[i][d].contains(stem)
                    // A petal eliminates only a non-stem digit it has live.
                    && table.live[i] & !stem_digits != 0
                {
                    petals[d].push(i);
                }
            }
            enough &= !petals[d].is_empty();
        }
        if !enough {
            continue;
        }
        let mut digits = [0usize; 4];
        for (slot, d) in digits.iter_mut().zip(bits::digits(stem_digits)) {
            *slot = d;
        }
        let mut blossom = Blossom {
            table,
            petals,
            stem,
            stem_digits,
            digits: &digits[..stem_digits.count_ones() as usize],
            chosen: [0; 4],
            chosen_len: 0,
        };
        let mut targets = [Bits81::EMPTY; 9];
        for (z, slot) in targets.iter_mut().enumerate() {
            if stem_digits & (1 << z) == 0 {
                *slot = grid.plane(z).and_not(Bits81::cell(stem));
            }
        }
        blossom.grow(0x1ff & !stem_digits, targets, Bits81::EMPTY, sink)?;
    }
    ControlFlow::Continue(())
}

/// Death Blossom search state for one stem.
struct Blossom<'a> {
    table: &'a AlsTable,
    petals: &'a [Vec<usize>; 9],
    stem: usize,
    stem_digits: u16,
    digits: &'a [usize],
    /// The petals chosen so far, one per digit of `digits` (`chosen[..chosen_len]`).
    chosen: [usize; 4],
    chosen_len: usize,
}

impl Blossom<'_> {
    /// Chooses a petal for the next stem digit; `common` are the z digits still possible and
    /// `targets` their places seeing all petals so far.
    fn grow(
        &mut self,
        common: u16,
        targets: [Bits81; 9],
        cells: Bits81,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let k = self.chosen_len;
        if k == self.digits.len() {
            let mut eliminations = crate::core::CandidateSet::EMPTY;
            for z in bits::digits(common) {
                eliminations.planes[z] = targets[z].and_not(cells);
            }
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            let sets: [Bits81; 4] = std::array::from_fn(|i| self.table.sets[self.chosen[i]].cells);
            let petal_digits: [u16; 4] =
                std::array::from_fn(|i| self.digits.get(i).map_or(0, |&d| 1 << d));
            return with_step(|step| {
                als_step(
                    TechniqueId::DeathBlossom,
                    &sets[..k],
                    &petal_digits[..k],
                    step,
                );
                step.eliminations = eliminations;
                step.cells.insert(self.stem);
                step.pivot = Some(self.stem as u8);
                step.digits = self.stem_digits;
                sink(step)
            });
        }
        let d = self.digits[k];
        for &petal in &self.petals[d] {
            let set = &self.table.sets[petal];
            let common = common & set.digits;
            let mut next = [Bits81::EMPTY; 9];
            let mut alive = 0u16;
            for z in bits::digits(common) {
                next[z] = (targets[z] & self.table.sees[petal][z]).and_not(set.cells);
                if !next[z].is_empty() {
                    alive |= 1 << z;
                }
            }
            if alive == 0 {
                continue;
            }
            self.chosen[k] = petal;
            self.chosen_len = k + 1;
            let flow = self.grow(alive, next, cells | set.cells, sink);
            self.chosen_len = k;
            flow?;
        }
        ControlFlow::Continue(())
    }
}
