//! HoDoKu's step choices for the uniqueness family, Sue de Coq, wings and single-digit patterns.
//!
//! These HoDoKu solvers return the first step their scan finds. Where our finder's scan order
//! alone differs, the step HoDoKu meets first is rebuilt from each step's pattern
//! ([`prefers`]); where HoDoKu's patterns differ too, the HoDoKu ladder searches with a finder
//! of HoDoKu's own ([`hodoku_finder`]), leaving the GNPX ladders' finder as it is. The
//! uniqueness finders scan in HoDoKu's order themselves (GNPX has no uniqueness rungs).
//! Locked candidates, W-Wing, XYZ-Wing, Skyscraper, 2-String Kite, fish and colouring already
//! matched HoDoKu's choice on the measured slices. ALS-XY-Wing and ALS-Chain search with
//! HoDoKu's own sets, list and rules (`hodoku_als`).

use std::cmp::Ordering;

use crate::core::{Bits81, HOUSE_SETS};
use crate::techniques::step::Step;
use crate::techniques::{single_digit, sue_de_coq, FinderFn, TechniqueId};

/// The finder HoDoKu's search order needs for `technique`, where ours differs.
pub fn hodoku_finder(technique: TechniqueId) -> Option<FinderFn> {
    match technique {
        TechniqueId::SueDeCoq => Some(sue_de_coq::sue_de_coq_hodoku),
        TechniqueId::EmptyRectangle => Some(single_digit::empty_rectangle_hodoku),
        TechniqueId::AlsXz => Some(crate::techniques::als::hodoku::als_xz),
        TechniqueId::AlsXyWing => Some(crate::techniques::als::hodoku::als_xy_wing),
        TechniqueId::AlsChain => Some(crate::techniques::als::hodoku::als_chain),
        _ => None,
    }
}

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

/// Where HoDoKu's ALS list has `set`: the first house holding it (rows, columns, boxes), then
/// its cells in the depth-first order of that house's subsets (a set before its extensions).
pub(crate) fn als_order(a: Bits81, b: Bits81) -> Ordering {
    let house = |set: Bits81| (0..27).find(|&h| set.is_subset_of(HOUSE_SETS[h]));
    house(a).cmp(&house(b)).then_with(|| a.iter().cmp(b.iter()))
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
