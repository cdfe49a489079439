//! Locked candidates: pointing (box → line) and claiming (line → box).

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid, HOUSE_SETS, INTERSECTIONS};
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

/// One source house's intersections (in [`SOURCE_OF`] order): each one's three cells, and
/// the places of its two partners of the same orientation.
type SourceLayout = ([[u8; 3]; 6], [[u8; 2]; 6]);

/// For each house and each intersection it is the source of (in [`SOURCE_OF`] order): its
/// three cells, and the places in that list of the two other intersections of the same
/// orientation (a line's other two; a box's two other mini-rows or mini-columns). The
/// intersections of one orientation split the house's cells, so a digit is confined to one of
/// them exactly when it is a candidate there and in neither of the other two.
const LAYOUT: [SourceLayout; 27] = {
    let mut table = [([[0u8; 3]; 6], [[0u8; 2]; 6]); 27];
    let mut house = 0;
    while house < 27 {
        let (list, count) = SOURCE_OF[house];
        let mut k = 0;
        while k < count as usize {
            let cells = INTERSECTIONS[list[k] as usize].cells.0;
            let (mut n, mut cell) = (0, 0);
            while cell < 81 {
                if cells >> cell & 1 != 0 {
                    table[house].0[k][n] = cell as u8;
                    n += 1;
                }
                cell += 1;
            }
            let (mut m, mut j) = (0, 0);
            while j < count as usize {
                let other = INTERSECTIONS[list[j] as usize].cells.0;
                if j != k && other & cells == 0 {
                    table[house].1[k][m] = j as u8;
                    m += 1;
                }
                j += 1;
            }
            assert!(n == 3 && m == 2);
            k += 1;
        }
        house += 1;
    }
    table
};

/// Per intersection (index into [`INTERSECTIONS`]): its three cells, and the two other
/// intersections of the same orientation in its box (`[0]`) and in its line (`[1]`), which
/// with it make up that house.
const PARTS: [([u8; 3], [[u8; 2]; 2]); 54] = {
    let mut table = [([0u8; 3], [[0u8; 2]; 2]); 54];
    let mut house = 0;
    while house < 27 {
        let (list, count) = SOURCE_OF[house];
        let side = if house >= 18 { 0 } else { 1 };
        let mut k = 0;
        while k < count as usize {
            let index = list[k] as usize;
            table[index].0 = LAYOUT[house].0[k];
            let [p, q] = LAYOUT[house].1[k];
            table[index].1[side] = [list[p as usize], list[q as usize]];
            k += 1;
        }
        house += 1;
    }
    table
};

/// Which side of an intersection a search removes candidates from.
#[derive(Clone, Copy)]
enum Target {
    /// The rest of its box (claiming).
    Box = 0,
    /// The rest of its line (pointing).
    Line = 1,
}

/// Shared search: a digit whose candidates in `source` all lie in the intersection is removed
/// from the rest of `target`. Scan order (HoDoKu's): source house, then digit, then the
/// source's intersections in table order.
///
/// All from the cells' candidate masks, all nine digits at once: an intersection's digits are
/// the union of its three cells' masks; a digit is confined to it in the source when it is in
/// neither of the source's two other intersections of the same orientation, and has somewhere
/// to go in the target when it is in one of the target's two others (the masks and the planes
/// hold the same candidates, so these are the tests `plane & source ⊆ intersection` and
/// `plane & target ⊄ intersection`). So only a digit that makes a step reads a plane, and a
/// state without a step costs no branch per confined digit. `COUNT` is the source houses'
/// number of intersections (a box's six, a line's three), so that the loops over them unroll
/// (the search mispredicted some 30 branches a royle17 puzzle, most at the ends of loops).
fn locked<const COUNT: usize>(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    technique: TechniqueId,
    sources: std::ops::Range<usize>,
    target: Target,
) -> ControlFlow<()> {
    let mut digits = [0u16; 54];
    for (union, (cells, _)) in digits.iter_mut().zip(&PARTS) {
        let [a, b, c] = *cells;
        *union =
            grid.candidates(a as usize) | grid.candidates(b as usize) | grid.candidates(c as usize);
    }
    for house in sources {
        let list = &SOURCE_OF[house].0;
        debug_assert_eq!(usize::from(SOURCE_OF[house].1), COUNT);
        let partners = &LAYOUT[house].1;
        // Per intersection of the house: the digits confined to it that the target holds
        // outside it.
        let mut removing = [0u16; COUNT];
        let mut any = 0u16;
        for k in 0..COUNT {
            let index = list[k] as usize;
            let [p, q] = partners[k];
            let confined = digits[index]
                & !(digits[list[p as usize] as usize] | digits[list[q as usize] as usize]);
            let [r, s] = PARTS[index].1[target as usize];
            removing[k] = confined & (digits[r as usize] | digits[s as usize]);
            any |= removing[k];
        }
        while any != 0 {
            let digit = any.trailing_zeros() as usize;
            any &= any - 1;
            let plane = grid.plane(digit);
            // The intersections where the digit makes a step, as a mask over `k`.
            let mut at =
                (0..COUNT).fold(0u8, |at, k| at | (((removing[k] >> digit) & 1) as u8) << k);
            while at != 0 {
                let k = at.trailing_zeros() as usize;
                at &= at - 1;
                let intersection = &INTERSECTIONS[list[k] as usize];
                let target_house = match target {
                    Target::Box => intersection.box_house,
                    Target::Line => intersection.line_house,
                };
                let removed = (plane & HOUSE_SETS[target_house]).and_not(intersection.cells);
                debug_assert!(!removed.is_empty());
                let cells = plane & HOUSE_SETS[house];
                sink(&intersection_step(
                    technique,
                    digit,
                    house,
                    target_house,
                    cells,
                    removed,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Pointing: a digit confined to one line inside a box leaves the rest of that line.
pub fn pointing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked::<6>(
        grid,
        sink,
        TechniqueId::LockedCandidatesPointing,
        18..27,
        Target::Line,
    )
}

/// Claiming (box-line reduction): a digit confined to one box inside a line leaves the rest of that box.
pub fn claiming(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked::<3>(
        grid,
        sink,
        TechniqueId::LockedCandidatesClaiming,
        0..18,
        Target::Box,
    )
}

/// The step of an intersection: `digit`'s `cells` of source `house` all lie in the target
/// house `target`, which loses `removed`.
#[inline]
fn intersection_step(
    technique: TechniqueId,
    digit: usize,
    house: usize,
    target: usize,
    cells: Bits81,
    removed: Bits81,
) -> Step {
    let mut step = Step::new(technique);
    step.eliminations.planes[digit] = removed;
    step.houses = 1 << house;
    step.cover_houses = 1 << target;
    step.cells = cells;
    step.digits = 1 << digit;
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, grid};
    use crate::core::Intersection;

    /// The search as first written: per house, digit and intersection, the digit's plane in
    /// the source tested against the intersection's cells.
    fn locked_by_planes(
        grid: &Grid,
        technique: TechniqueId,
        sources: std::ops::Range<usize>,
        source_and_target: fn(&Intersection) -> (usize, usize),
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        for house in sources {
            let (list, count) = &SOURCE_OF[house];
            for digit in 0..9 {
                let plane = grid.plane(digit);
                let in_source = plane & HOUSE_SETS[house];
                if in_source.is_empty() {
                    continue;
                }
                for &index in &list[..*count as usize] {
                    let intersection = &INTERSECTIONS[index as usize];
                    if !in_source.is_subset_of(intersection.cells) {
                        continue;
                    }
                    let (_, target) = source_and_target(intersection);
                    let removed = (plane & HOUSE_SETS[target]).and_not(intersection.cells);
                    if removed.is_empty() {
                        continue;
                    }
                    steps.push(intersection_step(
                        technique, digit, house, target, in_source, removed,
                    ));
                }
            }
        }
        steps
    }

    /// The mask-based search yields the plane-based search's steps, in its order, at every
    /// state of the paths of the royle17 sample under the basic rungs, of
    /// the shipped hard pencil-mark states and of random elimination sequences
    /// from them (which make many more intersections than a graded path passes through).
    #[test]
    fn the_mask_search_yields_the_plane_search_steps_at_every_state() {
        use crate::core::test_support::Xorshift;
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        // Each puzzle's path under singles, intersections and pairs (the rungs above and
        // just below these on every ladder), every state kept.
        let ladder = [
            TechniqueId::FullHouse,
            TechniqueId::NakedSingle,
            TechniqueId::HiddenSingle,
            TechniqueId::LockedCandidatesPointing,
            TechniqueId::LockedCandidatesClaiming,
            TechniqueId::NakedPair,
            TechniqueId::HiddenPair,
        ];
        let mut states = Vec::new();
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(40)
        {
            let mut g = grid(&line[..81]);
            'path: while !g.is_solved() {
                states.push(g.clone());
                for technique in ladder {
                    if let Some(step) = technique.find_first(&g) {
                        assert!(step.apply(&mut g));
                        continue 'path;
                    }
                }
                break;
            }
        }
        states.extend(
            crate::techniques::shipped_hard_states()
                .into_iter()
                .map(|(_, g)| g),
        );
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut random = Vec::new();
        for start in states.iter().step_by(97) {
            let mut g = start.clone();
            for _ in 0..60 {
                let cell = (rng.next() % 81) as usize;
                let digit = (rng.next() % 9) as usize;
                if g.candidates(cell).count_ones() > 1 {
                    g.eliminate(cell, digit);
                    random.push(g.clone());
                }
            }
        }
        states.extend(random);
        assert!(states.len() > 3000, "{} states", states.len());
        let (mut pointing, mut claiming) = (0, 0);
        for g in &states {
            let expected =
                locked_by_planes(g, TechniqueId::LockedCandidatesPointing, 18..27, |i| {
                    (i.box_house, i.line_house)
                });
            pointing += expected.len();
            assert_eq!(TechniqueId::LockedCandidatesPointing.find_all(g), expected);
            let expected = locked_by_planes(g, TechniqueId::LockedCandidatesClaiming, 0..18, |i| {
                (i.line_house, i.box_house)
            });
            claiming += expected.len();
            assert_eq!(TechniqueId::LockedCandidatesClaiming.find_all(g), expected);
        }
        assert!(pointing > 1000 && claiming > 1000, "{pointing} {claiming}");
    }

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
