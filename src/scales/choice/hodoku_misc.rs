//! HoDoKu's step choices for the uniqueness family, Sue de Coq, wings and single-digit patterns.
//!
//! These HoDoKu solvers return the first step their scan finds. Where our finder's scan order
//! alone differs, the step HoDoKu meets first is rebuilt from each step's pattern
//! ([`prefers`]); where HoDoKu's patterns differ too, the HoDoKu ladder searches with a finder
//! of HoDoKu's own (`TechniqueInfo::hodoku_finder`), leaving the GNPX ladders' finder as it is. The
//! uniqueness finders scan in HoDoKu's order themselves (GNPX has no uniqueness rungs).
//! Locked candidates, W-Wing, XYZ-Wing, Skyscraper, 2-String Kite, fish and colouring already
//! matched HoDoKu's choice on the measured slices. ALS-XY-Wing and ALS-Chain search with
//! HoDoKu's own sets, list and rules (`hodoku_als`).

use std::cmp::Ordering;

use crate::core::Bits81;
use crate::techniques::als::hodoku::als_order;
use crate::techniques::step::Step;
use crate::techniques::TechniqueId;

/// Whether HoDoKu's scan meets `candidate` before `best` (both of one technique).
pub fn prefers(candidate: &Step, best: &Step) -> bool {
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
    use crate::core::Bits81;

    fn wing(cells: [usize; 3], pivot: usize) -> Step {
        let mut step = Step::new(TechniqueId::XyWing);
        step.cells = cells.into_iter().collect::<Bits81>();
        step.pivot = Some(pivot as u8);
        step
    }

    #[test]
    fn xy_wings_go_by_cell_triple_then_pivot_position() {
        // An earlier triple wins whatever the pivots.
        assert!(prefers(&wing([1, 5, 40], 40), &wing([2, 3, 4], 2)));
        // Same triple: the pivot earlier in the triple wins.
        assert!(prefers(&wing([1, 5, 40], 5), &wing([1, 5, 40], 40)));
        assert!(!prefers(&wing([1, 5, 40], 40), &wing([1, 5, 40], 1)));
        assert!(!prefers(&wing([1, 5, 40], 1), &wing([1, 5, 40], 1)));
    }
}
