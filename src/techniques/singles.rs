//! Singles: full house (GNPX "LastDigit"), naked single, hidden single.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid, ALL_DIGITS, CELL_HOUSES, HOUSES, HOUSE_SETS};
use crate::techniques::step::Step;

fn single_step(technique: TechniqueId, cell: usize, digit: usize, houses: u32) -> Step {
    let mut step = Step::new(technique);
    step.placements.insert(cell, digit);
    step.cells = Bits81::cell(cell);
    step.digits = 1 << digit;
    step.houses = houses;
    step
}

/// Houses in the order hidden singles and full houses are scanned: boxes, rows, columns
/// (a box single is the one a person sees first).
const SCAN_ORDER: [usize; HOUSES] = {
    let mut order = [0usize; HOUSES];
    let mut i = 0;
    while i < 9 {
        order[i] = 18 + i;
        order[9 + i] = i;
        order[18 + i] = 9 + i;
        i += 1;
    }
    order
};

/// A house with one empty cell: the missing digit goes there.
pub fn full_house(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    // The last cell of a house is also a naked single: only the houses of the (few) naked
    // singles need looking at, then in scan order.
    let mut houses = 0u32;
    for cell in grid.single_candidate_cells() {
        for &house in &CELL_HOUSES[cell] {
            if (grid.unsolved() & HOUSE_SETS[house as usize]).is_single() {
                houses |= 1 << house;
            }
        }
    }
    if houses == 0 {
        return ControlFlow::Continue(());
    }
    for house in SCAN_ORDER.into_iter().filter(|&h| houses & (1 << h) != 0) {
        let open = grid.unsolved() & HOUSE_SETS[house];
        let cell = open.first().unwrap_or_default();
        let missing = ALL_DIGITS & !grid.placed_digits_in(house);
        if missing.count_ones() != 1 {
            continue;
        }
        let digit = missing.trailing_zeros() as usize;
        if grid.has_candidate(cell, digit) {
            sink(&single_step(
                TechniqueId::FullHouse,
                cell,
                digit,
                1 << house,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// A cell with one candidate left.
pub fn naked_single(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for cell in grid.single_candidate_cells() {
        let digit = grid.candidates(cell).trailing_zeros() as usize;
        sink(&single_step(TechniqueId::NakedSingle, cell, digit, 0))?;
    }
    ControlFlow::Continue(())
}

/// A digit with one place left in a house.
pub fn hidden_single(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for house in SCAN_ORDER {
        let mut singles = grid.digits_once_in(house);
        while singles != 0 {
            let digit = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            let cell = (grid.plane(digit) & HOUSE_SETS[house])
                .first()
                .unwrap_or_default();
            sink(&single_step(
                TechniqueId::HiddenSingle,
                cell,
                digit,
                1 << house,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::grid;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn with_holes(holes: &[usize]) -> Grid {
        let mut text = SOLVED.as_bytes().to_vec();
        for &h in holes {
            text[h] = b'.';
        }
        grid(std::str::from_utf8(&text).unwrap())
    }

    #[test]
    fn full_house_finds_the_last_cell_of_a_house() {
        let g = with_holes(&[40]);
        let steps = TechniqueId::FullHouse.find_all(&g);
        // r5c5 is the last cell of box 5, row 5 and column 5.
        assert_eq!(steps.len(), 3);
        assert!(steps.iter().all(|s| s.placements.iter().eq([(40, 4)])));
        // Two holes in every house of r1c1/r1c2: no full house there.
        let g = with_holes(&[0, 1, 9, 10]);
        assert!(TechniqueId::FullHouse.find_first(&g).is_none());
    }

    #[test]
    fn naked_single_needs_one_candidate() {
        let mut g = Grid::empty();
        for digit in 1..8 {
            g.eliminate(30, digit);
        }
        // r4c4 still has digits 1 and 9.
        assert!(TechniqueId::NakedSingle.find_first(&g).is_none());
        g.eliminate(30, 8);
        let step = TechniqueId::NakedSingle.find_first(&g).unwrap();
        assert!(step.placements.iter().eq([(30, 0)]));
        // In a filled grid with one hole, the hole is a naked single too.
        let step = TechniqueId::NakedSingle
            .find_first(&with_holes(&[40]))
            .unwrap();
        assert!(step.placements.iter().eq([(40, 4)]));
    }

    #[test]
    fn hidden_single_in_box_first() {
        assert!(TechniqueId::HiddenSingle
            .find_first(&Grid::empty())
            .is_none());
        // 1s at r2c5, r3c8, r5c2, r8c3 leave r1c1 as box 1's only place for 1.
        let mut text = vec![b'.'; 81];
        for cell in [13, 25, 37, 65] {
            text[cell] = b'1';
        }
        let g = grid(std::str::from_utf8(&text).unwrap());
        let step = TechniqueId::HiddenSingle.find_first(&g).unwrap();
        assert!(step.placements.iter().eq([(0, 0)]));
        assert_eq!(step.houses, 1 << 18);
        for step in TechniqueId::HiddenSingle.find_all(&g) {
            let (cell, digit) = step.placements.iter().next().unwrap();
            let house = step.houses.trailing_zeros() as usize;
            assert_eq!(g.plane(digit) & HOUSE_SETS[house], Bits81::cell(cell));
        }
    }
}
