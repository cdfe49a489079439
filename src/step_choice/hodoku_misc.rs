//! HoDoKu's step choices for the uniqueness family, Sue de Coq, wings, single-digit patterns,
//! colouring, fish, ALS and locked candidates.
//!
//! Most of these HoDoKu solvers return the first step their scan finds; where our finder's
//! scan order or step content differs, the HoDoKu ladder searches with a finder of HoDoKu's
//! order ([`hodoku_finder`]). The uniqueness finders already scan in HoDoKu's order (GNPX has
//! no uniqueness rungs), so they need nothing here.

use std::cmp::Ordering;

use crate::core::Bits81;
use crate::step::Step;
use crate::techniques::{single_digit, sue_de_coq, FinderFn, TechniqueId};

/// The finder HoDoKu's search order needs for `technique`, where ours differs.
pub fn hodoku_finder(technique: TechniqueId) -> Option<FinderFn> {
    match technique {
        TechniqueId::SueDeCoq => Some(sue_de_coq::sue_de_coq_hodoku),
        TechniqueId::EmptyRectangle => Some(single_digit::empty_rectangle_hodoku),
        _ => None,
    }
}

/// Whether HoDoKu's scan meets `candidate` before `best` (both of one technique).
pub fn prefers(candidate: &Step, best: &Step) -> bool {
    match candidate.technique {
        TechniqueId::XyWing => xy_wing_rank(candidate) < xy_wing_rank(best),
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

/// Compares two cell sets as HoDoKu's depth-first subset scans meet them: cells in order, a set
/// before its extensions.
#[allow(dead_code)]
fn depth_first_order(a: Bits81, b: Bits81) -> Ordering {
    a.iter().cmp(b.iter())
}
