//! Wings: XY-Wing (GNPX's bivalue weak links), XYZ-Wing and W-Wing.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, Grid, HOUSES, HOUSE_SETS, PEERS};
use crate::links::{sees, with_links, ChainLink};
use crate::step::Step;

/// The single digit of a one-bit mask.
#[inline]
fn only_digit(mask: u16) -> usize {
    mask.trailing_zeros() as usize
}

/// XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and {y,z}; whichever digit
/// the pivot takes, one pincer is z, so z leaves every cell seeing both pincers. Pivots in cell
/// order, then pincer pairs in cell order.
pub fn xy_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        for pivot in bivalue {
            let pivot_mask = links.mask(pivot);
            let (x, y) = (
                only_digit(pivot_mask),
                only_digit(pivot_mask & (pivot_mask - 1)),
            );
            let around = bivalue & PEERS[pivot];
            // Pincer with x (not y), pincer with y (not x).
            let with_x = (around & links.plane(x)).and_not(links.plane(y));
            let with_y = (around & links.plane(y)).and_not(links.plane(x));
            for q in with_x {
                let z_mask = links.mask(q) & !(1 << x);
                let z = only_digit(z_mask);
                for r in with_y {
                    if links.mask(r) & !(1 << y) != z_mask {
                        continue;
                    }
                    let removed = links.plane(z) & PEERS[q] & PEERS[r];
                    if removed.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(TechniqueId::XyWing);
                    step.eliminations.planes[z] = removed;
                    step.cells = Bits81::cell(pivot) | Bits81::cell(q) | Bits81::cell(r);
                    step.digits = pivot_mask | z_mask;
                    step.pivot = Some(pivot as u8);
                    // The wing as the XY-chain it is: q not z ⇒ q=x ⇒ pivot=y ⇒ r=z.
                    step.chain = vec![
                        ChainLink::strong((q, z), (q, x)),
                        ChainLink::weak((q, x), (pivot, x)),
                        ChainLink::strong((pivot, x), (pivot, y)),
                        ChainLink::weak((pivot, y), (r, y)),
                        ChainLink::strong((r, y), (r, z)),
                    ];
                    sink(&step)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// XYZ-Wing: a pivot {x,y,z} sees two bivalue pincers {x,z} and {y,z}; one of the three cells is
/// z, so z leaves every cell seeing all three. Pivots in cell order, then pincer pairs.
pub fn xyz_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        for pivot in grid.unsolved() {
            let pivot_mask = links.mask(pivot);
            if pivot_mask.count_ones() != 3 {
                continue;
            }
            let pincers: Bits81 = (bivalue & PEERS[pivot])
                .iter()
                .filter(|&c| links.mask(c) & !pivot_mask == 0)
                .collect();
            for q in pincers {
                for r in pincers {
                    let (q_mask, r_mask) = (links.mask(q), links.mask(r));
                    if r <= q || q_mask == r_mask {
                        continue;
                    }
                    let z = only_digit(q_mask & r_mask);
                    let removed = links.plane(z) & PEERS[pivot] & PEERS[q] & PEERS[r];
                    if removed.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(TechniqueId::XyzWing);
                    step.eliminations.planes[z] = removed;
                    step.cells = Bits81::cell(pivot) | Bits81::cell(q) | Bits81::cell(r);
                    step.digits = pivot_mask;
                    step.pivot = Some(pivot as u8);
                    // Each pincer is z or its other digit.
                    step.chain = vec![
                        ChainLink::strong((q, z), (q, only_digit(q_mask & !(1 << z)))),
                        ChainLink::strong((r, z), (r, only_digit(r_mask & !(1 << z)))),
                    ];
                    sink(&step)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// W-Wing: two bivalue cells {x,y} that do not see each other, and a strong link on y whose ends
/// see one cell each. Both cells cannot be y, so x leaves every cell seeing both. One step per
/// (cell pair, eliminated digit), with the first strong link in house order.
pub fn w_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        for w1 in bivalue {
            let mask = links.mask(w1);
            for w2 in links.cells_with_pair(mask) {
                if w2 <= w1 || sees(w1, w2) {
                    continue;
                }
                let both = PEERS[w1] & PEERS[w2];
                for (x, y) in [
                    (only_digit(mask), only_digit(mask & (mask - 1))),
                    (only_digit(mask & (mask - 1)), only_digit(mask)),
                ] {
                    let removed = links.plane(x) & both;
                    if removed.is_empty() {
                        continue;
                    }
                    let Some((s1, s2)) = connecting_link(links.plane(y), links, y, w1, w2) else {
                        continue;
                    };
                    let mut step = Step::new(TechniqueId::WWing);
                    step.eliminations.planes[x] = removed;
                    step.cells = [w1, w2, s1, s2].into_iter().collect();
                    step.digits = mask;
                    // w1 not x ⇒ w1=y ⇒ s1 not y ⇒ s2=y ⇒ w2 not y ⇒ w2=x.
                    step.chain = vec![
                        ChainLink::strong((w1, x), (w1, y)),
                        ChainLink::weak((w1, y), (s1, y)),
                        ChainLink::strong((s1, y), (s2, y)),
                        ChainLink::weak((s2, y), (w2, y)),
                        ChainLink::strong((w2, y), (w2, x)),
                    ];
                    sink(&step)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// The first conjugate pair of digit `y` (house order) with one end seeing `w1` and the other
/// seeing `w2`, neither end being `w1` or `w2`; returned as (end seeing w1, end seeing w2).
fn connecting_link(
    plane: Bits81,
    links: &crate::links::Links,
    y: usize,
    w1: usize,
    w2: usize,
) -> Option<(usize, usize)> {
    let houses = links.conjugate_houses(y);
    for house in 0..HOUSES {
        if houses & (1 << house) == 0 {
            continue;
        }
        let pair = plane & HOUSE_SETS[house];
        if pair.contains(w1) || pair.contains(w2) {
            continue;
        }
        let mut it = pair.iter();
        let (a, b) = (it.next()?, it.next()?);
        if sees(a, w1) && sees(b, w2) {
            return Some((a, b));
        }
        if sees(b, w1) && sees(a, w2) {
            return Some((b, a));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_support::{candidates, with_cells};

    #[test]
    fn xy_wing_removes_z_from_cells_seeing_both_pincers() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 3]), (36, &[2, 3])]);
        let steps = TechniqueId::XyWing.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, candidates(&["r5c5#3"]));
        assert_eq!(steps[0].pivot, Some(0));
    }

    #[test]
    fn xyz_wing_needs_cells_seeing_all_three() {
        // Pivot r1c1 {1,2,3}, pincers r1c8 {1,3} and r2c2 {2,3}: only r1c2 and r1c3 see all three.
        let g = with_cells(&[(0, &[1, 2, 3]), (7, &[1, 3]), (10, &[2, 3])]);
        let steps = TechniqueId::XyzWing.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, candidates(&["r1c2#3", "r1c3#3"]));
    }

    #[test]
    fn w_wing_needs_a_connecting_strong_link() {
        // {1,2} in r1c1 and r5c5; 2 in column 9 only at r1c9 and r5c9 (sees r1c1 / r5c5).
        let mut cells: Vec<(usize, &[usize])> = vec![(0, &[1, 2]), (40, &[1, 2])];
        for row in [1, 2, 3, 5, 6, 7, 8] {
            cells.push((row * 9 + 8, &[1, 3, 4]));
        }
        let g = with_cells(&cells);
        let steps = TechniqueId::WWing.find_all(&g);
        assert!(!steps.is_empty());
        assert!(steps
            .iter()
            .all(|s| s.eliminations.planes[0] == g.plane(0) & PEERS[0] & PEERS[40]));
        assert!(steps[0].eliminations.contains(4, 0)); // r1c5 sees both
                                                       // Without the strong link there is no W-Wing.
        let g = with_cells(&[(0, &[1, 2]), (40, &[1, 2])]);
        assert!(TechniqueId::WWing.find_all(&g).is_empty());
    }
}
