//! Locked candidates: pointing (box → line) and claiming (line → box).

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Grid, Intersection, HOUSE_SETS, INTERSECTIONS};
use crate::techniques::step::Step;

/// For each house, the intersections it is the source of (a box: its six mini-lines, as
/// `box_house`; a line: its three, as `line_house`), as indices into [`INTERSECTIONS`] in table
/// order, and how many. Built once, so that a search does not scan the table per house.
const SOURCE_OF: [([u8; 6], u8); 27] = {
    let mut table = [([0u8; 6], 0u8); 27];
    let mut i = 0;
    while i < INTERSECTIONS.len() {
        let intersection = &INTERSECTIONS[i];
        let mut k = 0;
        while k < 2 {
            let house = if k == 0 {
                intersection.box_house
            } else {
                intersection.line_house
            };
            let (list, count) = &mut table[house];
            list[*count as usize] = i as u8;
            *count += 1;
            k += 1;
        }
        i += 1;
    }
    table
};

/// Shared search: a digit whose candidates in `source` all lie in the intersection is removed
/// from the rest of `target`. Scan order (HoDoKu's): source house, then digit, then the
/// source's intersections in table order.
fn locked(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    technique: TechniqueId,
    sources: std::ops::Range<usize>,
    source_and_target: fn(&Intersection) -> (usize, usize),
) -> ControlFlow<()> {
    for house in sources {
        // The (at most six) intersections this house is the source of, in table order.
        let (list, count) = &SOURCE_OF[house];
        let mine = &list[..*count as usize];
        for digit in 0..9 {
            let plane = grid.plane(digit);
            let in_source = plane & HOUSE_SETS[house];
            if in_source.is_empty() {
                continue;
            }
            for &index in mine {
                let intersection = &INTERSECTIONS[index as usize];
                if !in_source.is_subset_of(intersection.cells) {
                    continue;
                }
                let (source, target) = source_and_target(intersection);
                debug_assert_eq!(source, house);
                let removed = (plane & HOUSE_SETS[target]).and_not(intersection.cells);
                if removed.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique);
                step.eliminations.planes[digit] = removed;
                step.houses = 1 << house;
                step.cover_houses = 1 << target;
                step.cells = in_source;
                step.digits = 1 << digit;
                sink(&step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Pointing: a digit confined to one line inside a box leaves the rest of that line.
pub fn pointing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked(
        grid,
        sink,
        TechniqueId::LockedCandidatesPointing,
        18..27,
        |i| (i.box_house, i.line_house),
    )
}

/// Claiming (box-line reduction): a digit confined to one box inside a line leaves the rest of that box.
pub fn claiming(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked(
        grid,
        sink,
        TechniqueId::LockedCandidatesClaiming,
        0..18,
        |i| (i.line_house, i.box_house),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, grid};

    #[test]
    fn each_house_sources_its_intersections_in_table_order() {
        for house in 0..27 {
            let expected: Vec<u8> = (0..INTERSECTIONS.len())
                .filter(|&i| {
                    let (box_house, line_house) =
                        (INTERSECTIONS[i].box_house, INTERSECTIONS[i].line_house);
                    if house >= 18 {
                        box_house == house
                    } else {
                        line_house == house
                    }
                })
                .map(|i| i as u8)
                .collect();
            let (list, count) = SOURCE_OF[house];
            assert_eq!(&list[..count as usize], &expected[..], "house {house}");
            assert_eq!(count, if house >= 18 { 6 } else { 3 });
        }
    }

    #[test]
    fn pointing_removes_digit_from_the_line() {
        // Box 1 loses digit 4 everywhere but row 1 (cells r1c1..r1c3).
        let mut g = Grid::empty();
        for cell in [9, 10, 11, 18, 19, 20] {
            g.eliminate(cell, 3);
        }
        let steps = TechniqueId::LockedCandidatesPointing.find_all(&g);
        assert_eq!(steps.len(), 1);
        let expected = candidates(&["r1c4#4", "r1c5#4", "r1c6#4", "r1c7#4", "r1c8#4", "r1c9#4"]);
        assert_eq!(steps[0].eliminations, expected);
        assert_eq!(steps[0].houses, 1 << 18);
        assert_eq!(steps[0].cover_houses, 1 << 0);
        // Rows 2 and 3 still hold 4 in boxes 2 and 3: no line is confined to one box.
        assert!(TechniqueId::LockedCandidatesClaiming
            .find_first(&g)
            .is_none());
    }

    #[test]
    fn claiming_removes_digit_from_the_box() {
        // Row 5 keeps digit 7 only in box 5 (r5c4..r5c6).
        let mut g = Grid::empty();
        for col in [0, 1, 2, 6, 7, 8] {
            g.eliminate(36 + col, 6);
        }
        let steps = TechniqueId::LockedCandidatesClaiming.find_all(&g);
        assert_eq!(steps.len(), 1);
        let removed: Vec<_> = steps[0].eliminations.iter().collect();
        assert_eq!(removed.len(), 6);
        assert!(removed
            .iter()
            .all(|&(cell, digit)| digit == 6 && cell / 9 != 4));
        assert!(TechniqueId::LockedCandidatesPointing
            .find_first(&g)
            .is_none());
    }

    #[test]
    fn every_step_source_is_confined_to_the_intersection() {
        let g = grid(
            "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46",
        );
        let steps = TechniqueId::LockedCandidatesPointing.find_all(&g);
        assert!(!steps.is_empty());
        for step in steps {
            let digit = step.digits.trailing_zeros() as usize;
            let source = step.houses.trailing_zeros() as usize;
            assert!((g.plane(digit) & HOUSE_SETS[source]).is_subset_of(step.cells));
        }
    }
}
