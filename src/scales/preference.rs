//! Which step a rung takes when its technique finds several at one state.
//!
//! GNPX takes the first step in the finder's scan order, which lets the search stop there.
//! HoDoKu searches in its own orders (the rung's [`crate::techniques::Flavour`]) and, for some
//! techniques, collects every step and sorts them; which step comes first changes the rest of the
//! path and so HoDoKu's score. A rung with a preference other than [`StepPreference::First`]
//! enumerates every step and keeps the one the preference ranks first (ties go to the earlier
//! step in scan order).
//!
//! HoDoKu's solvers for the uniqueness family, Sue de Coq, wings and single-digit patterns return
//! the first step their scan finds. Where our finder's scan order alone differs, the step HoDoKu
//! meets first is rebuilt from each step's pattern ([`StepPreference::HodokuPattern`]); where
//! HoDoKu's patterns differ too, the HoDoKu scale searches with HoDoKu's own finder (the catalogue's
//! `hodoku_finder`), leaving the GNPX scales' finder as it is. The uniqueness finders scan in
//! HoDoKu's order themselves (GNPX has no uniqueness rungs). Locked candidates, W-Wing,
//! XYZ-Wing, Skyscraper, 2-String Kite, fish and colouring already matched HoDoKu's choice on the
//! measured slices.

use std::cmp::Ordering;

use crate::core::Bits81;
use crate::techniques::als::hodoku::als_order;
use crate::techniques::hodoku_order::step_order_key;
use crate::techniques::step::Step;
use crate::techniques::TechniqueId;

/// How a rung picks one of the steps its search finds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StepPreference {
    /// The first step in the search's order (the search stops there).
    #[default]
    First,
    /// HoDoKu's subset order: the houses searched boxes first, then rows, then columns, each
    /// kind in index order; within a house the finder's order (cell or digit combinations in
    /// lexicographic order, as HoDoKu's).
    HodokuHouses,
    /// HoDoKu's sort of the steps it collects (simple chains, nice loops and AICs): the most
    /// eliminations first, then the smaller weighted index sum
    /// ([`crate::techniques::hodoku_order`]).
    HodokuSort,
    /// HoDoKu's scan order rebuilt from each step's pattern: the step HoDoKu's scan meets first
    /// (XY-Wing: cell triples; ALS-XZ: HoDoKu's list of restricted commons).
    HodokuPattern,
}

impl StepPreference {
    /// Whether `candidate` is preferred to `best` (strictly: equal keys keep `best`).
    pub fn prefers(self, candidate: &Step, best: &Step) -> bool {
        match self {
            StepPreference::First => false,
            StepPreference::HodokuHouses => hodoku_house_rank(candidate) < hodoku_house_rank(best),
            StepPreference::HodokuSort => {
                step_order_key(&candidate.eliminations) < step_order_key(&best.eliminations)
            }
            StepPreference::HodokuPattern => hodoku_scan_meets_first(candidate, best),
        }
    }

    /// Whether the preference takes the first step its search yields (so the search can stop
    /// there).
    pub fn takes_first(self) -> bool {
        self == StepPreference::First
    }
}

/// Rank of a step's first house in HoDoKu's box, row, column order.
fn hodoku_house_rank(step: &Step) -> u32 {
    if step.houses == 0 {
        return u32::MAX;
    }
    // Houses are numbered rows 0..9, columns 9..18, boxes 18..27: shifting by nine puts the
    // boxes first.
    (step.houses.trailing_zeros() + 9) % 27
}

/// Whether HoDoKu's scan meets `candidate` before `best` (both of one technique).
fn hodoku_scan_meets_first(candidate: &Step, best: &Step) -> bool {
    match candidate.technique {
        TechniqueId::XyWing => xy_wing_rank(candidate) < xy_wing_rank(best),
        TechniqueId::AlsXz => als_pair_order(candidate, best) == Ordering::Less,
        _ => false,
    }
}

/// HoDoKu's XY-Wing scan: every three bivalue cells in cell order (a < b < c), each tried with
/// a, then b, then c as the pivot.
fn xy_wing_rank(step: &Step) -> ([usize; 3], usize) {
    let mut cells = [0usize; 3];
    for (slot, cell) in cells.iter_mut().zip(step.cells) {
        *slot = cell;
    }
    let pivot = step.pivot.map_or(0, usize::from);
    let position = cells.iter().position(|&c| c == pivot).unwrap_or(0);
    (cells, position)
}

/// HoDoKu's ALS-XZ takes the first restricted common in its list: pairs of sets in ALS-list
/// order (the earlier set first).
fn als_pair_order(x: &Step, y: &Step) -> Ordering {
    rc_order((x.als[0], x.als[1]), (y.als[0], y.als[1]))
}

/// Two sets as HoDoKu lists their restricted common: the earlier set first.
fn ordered(a: Bits81, b: Bits81) -> (Bits81, Bits81) {
    if als_order(a, b) == Ordering::Greater {
        (b, a)
    } else {
        (a, b)
    }
}

/// Compares two restricted commons (pairs of sets) by their place in HoDoKu's list.
fn rc_order(x: (Bits81, Bits81), y: (Bits81, Bits81)) -> Ordering {
    let ((xa, xb), (ya, yb)) = (ordered(x.0, x.1), ordered(y.0, y.1));
    als_order(xa, ya).then_with(|| als_order(xb, yb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::candidates;

    fn in_house(house: u32) -> Step {
        let mut step = Step::new(TechniqueId::NakedPair);
        step.houses = 1 << house;
        step
    }

    #[test]
    fn hodoku_takes_boxes_then_rows_then_columns() {
        let choice = StepPreference::HodokuHouses;
        let (row, col, boxed) = (in_house(8), in_house(9), in_house(18));
        assert!(choice.prefers(&boxed, &row));
        assert!(choice.prefers(&row, &col));
        assert!(!choice.prefers(&col, &row));
        assert!(
            !choice.prefers(&row, &in_house(3)),
            "later row loses to an earlier one"
        );
        assert!(
            !choice.prefers(&in_house(3), &in_house(3)),
            "ties keep the first found"
        );
    }

    #[test]
    fn first_never_replaces() {
        assert!(!StepPreference::First.prefers(&in_house(18), &in_house(0)));
    }

    fn eliminating(names: &[&str]) -> Step {
        let mut step = Step::new(TechniqueId::XyChain);
        step.eliminations = candidates(names);
        step
    }

    #[test]
    fn more_eliminations_win() {
        let prefers = |a: &Step, b: &Step| StepPreference::HodokuSort.prefers(a, b);
        let one = eliminating(&["r1c1#1"]);
        let two = eliminating(&["r9c9#9", "r9c8#9"]);
        assert!(prefers(&two, &one));
        assert!(!prefers(&one, &two));
    }

    #[test]
    fn equal_counts_go_by_weighted_index_sum() {
        let prefers = |a: &Step, b: &Step| StepPreference::HodokuSort.prefers(a, b);
        // r1c2#5: 1 * 1 + 5 = 6; r1c3#1: 2 * 1 + 1 = 3.
        assert!(prefers(
            &eliminating(&["r1c3#1"]),
            &eliminating(&["r1c2#5"])
        ));
        // Two candidates: the second weighs 81. {r1c1#2, r2c1#2} = 733; {r1c2#1, r1c9#1} = 651.
        let a = eliminating(&["r1c1#2", "r2c1#2"]);
        let b = eliminating(&["r1c2#1", "r1c9#1"]);
        assert!(prefers(&b, &a));
        assert!(
            !prefers(&a, &a.clone()),
            "the same eliminations keep the first"
        );
    }

    fn removing(candidates: &[(usize, usize)]) -> Step {
        let mut step = Step::new(TechniqueId::NiceLoop);
        for &(cell, digit) in candidates {
            step.eliminations.insert(cell, digit);
        }
        step
    }

    #[test]
    fn loops_take_more_eliminations_then_the_smaller_index_sum() {
        let choice = StepPreference::HodokuSort;
        let one = removing(&[(0, 0)]);
        let two = removing(&[(80, 8), (79, 8)]);
        assert!(choice.prefers(&two, &one));
        assert!(!choice.prefers(&one, &two));
        // One candidate each: r1c5#1 (4 + 1) before r1c4#9 (3 + 9).
        assert!(choice.prefers(&removing(&[(4, 0)]), &removing(&[(3, 8)])));
        let same = removing(&[(3, 8)]);
        assert!(
            !choice.prefers(&same, &same.clone()),
            "ties keep the first found"
        );
    }

    fn wing(cells: [usize; 3], pivot: usize) -> Step {
        let mut step = Step::new(TechniqueId::XyWing);
        step.cells = cells.into_iter().collect::<Bits81>();
        step.pivot = Some(pivot as u8);
        step
    }

    #[test]
    fn xy_wings_go_by_cell_triple_then_pivot_position() {
        let prefers = |a: &Step, b: &Step| StepPreference::HodokuPattern.prefers(a, b);
        // An earlier triple wins whatever the pivots.
        assert!(prefers(&wing([1, 5, 40], 40), &wing([2, 3, 4], 2)));
        // Same triple: the pivot earlier in the triple wins.
        assert!(prefers(&wing([1, 5, 40], 5), &wing([1, 5, 40], 40)));
        assert!(!prefers(&wing([1, 5, 40], 40), &wing([1, 5, 40], 1)));
        assert!(!prefers(&wing([1, 5, 40], 1), &wing([1, 5, 40], 1)));
    }
}
