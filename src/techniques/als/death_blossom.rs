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
    let mut buffers = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let flow = blossoms(grid, &table, &mut buffers, sink);
    BUFFERS.with(|b| *b.borrow_mut() = buffers);
    flow
}

/// The search's lists, kept per thread between calls (no allocation once warm).
#[derive(Default)]
struct Buffers {
    /// Each stem digit's petals.
    petals: [Vec<usize>; 9],
    /// Per stem cell and digit (`cell * 9 + digit`), the sets that could be its petal for the
    /// digit: `sets[start[key]..start[key + 1]]`, increasing.
    start: Vec<u32>,
    sets: Vec<u32>,
}

thread_local! {
    static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::default();
}

/// Fills `start` and `sets` ([`Buffers`]) for the stems `stems` of `table`: set i is listed
/// under (stem, d) when it holds d, does not hold the stem, and all its places of d see the
/// stem, which holds d. One pass over the sets, each stem's lists in set order, instead of a
/// pass over every set for every stem digit (which cost Death Blossom nine tenths of its time).
fn index_petals(
    grid: &Grid,
    table: &AlsTable,
    stems: Bits81,
    start: &mut Vec<u32>,
    sets: &mut Vec<u32>,
) {
    let keys = crate::core::CELLS * 9;
    start.clear();
    start.resize(keys + 1, 0);
    // Each (set, digit)'s stems: the cells seeing all its places there, holding the digit.
    let stems_of = |i: usize, d: usize| {
        (table.sees[i][d] & stems & grid.plane(d)).and_not(table.sets[i].cells)
    };
    for (i, set) in table.sets.iter().enumerate() {
        for d in bits::digits(set.digits) {
            for stem in stems_of(i, d) {
                start[stem * 9 + d + 1] += 1;
            }
        }
    }
    for key in 0..keys {
        start[key + 1] += start[key];
    }
    sets.clear();
    sets.resize(start[keys] as usize, 0);
    // `start[key]` is the key's next free place while placing, its end after.
    for (i, set) in table.sets.iter().enumerate() {
        for d in bits::digits(set.digits) {
            for stem in stems_of(i, d) {
                let slot = &mut start[stem * 9 + d];
                sets[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
    }
    for key in (1..=keys).rev() {
        start[key] = start[key - 1];
    }
    start[0] = 0;
}

/// The Death Blossoms of every stem over `table`, with `buffers` for its lists.
fn blossoms(
    grid: &Grid,
    table: &AlsTable,
    buffers: &mut Buffers,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let stems = grid
        .unsolved()
        .iter()
        .filter(|&cell| (2..=4).contains(&grid.candidates(cell).count_ones()))
        .fold(Bits81::EMPTY, |acc, cell| acc | Bits81::cell(cell));
    let Buffers {
        petals,
        start,
        sets,
    } = buffers;
    index_petals(grid, table, stems, start, sets);
    for stem in stems {
        let stem_digits = grid.candidates(stem);
        let mut enough = true;
        for d in bits::digits(stem_digits) {
            petals[d].clear();
            let key = stem * 9 + d;
            petals[d].extend(
                sets[start[key] as usize..start[key + 1] as usize]
                    .iter()
                    .map(|&i| i as usize)
                    // A petal eliminates only a non-stem digit it has live.
                    .filter(|&i| table.live[i] & !stem_digits != 0),
            );
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The petal index lists, per stem and digit, exactly the sets the definition picks (a
    /// set holding the digit, not the stem, all its places of the digit seeing the stem), in
    /// set order, on the shipped hard states (the table's sets of up to five cells).
    #[test]
    fn the_petal_index_lists_the_sets_of_the_definition() {
        let (mut start, mut sets) = (Vec::new(), Vec::new());
        let mut listed = 0;
        for (_, grid) in crate::techniques::shipped_hard_states() {
            let table = als_table(&grid, MAX_ALS_CELLS, AlsFlavor::Standard);
            let stems = grid
                .unsolved()
                .iter()
                .filter(|&cell| (2..=4).contains(&grid.candidates(cell).count_ones()))
                .fold(Bits81::EMPTY, |acc, cell| acc | Bits81::cell(cell));
            index_petals(&grid, &table, stems, &mut start, &mut sets);
            for stem in stems {
                for d in bits::digits(grid.candidates(stem)) {
                    let want: Vec<u32> = (0..table.len())
                        .filter(|&i| {
                            let set = &table.sets[i];
                            set.digits & (1 << d) != 0
                                && !set.cells.contains(stem)
                                && table.sees[i][d].contains(stem)
                        })
                        .map(|i| i as u32)
                        .collect();
                    let key = stem * 9 + d;
                    assert_eq!(
                        &sets[start[key] as usize..start[key + 1] as usize],
                        &want[..],
                        "stem {stem}, digit {d}"
                    );
                    listed += want.len();
                }
            }
        }
        assert!(listed > 1000, "{listed}");
    }
}
