//! GNPX v5.84's own XY-Chain search, the `gnpx584` scale's flavour of XY-Chain.

use std::ops::ControlFlow;

use super::bivalue_chain;
use crate::core::bits::digits;
use crate::core::{Bits81, Grid, PEERS};
use crate::model::links::with_links;
use crate::techniques::step::with_kept_step;
use crate::techniques::{StepSink, TechniqueId};

/// GNPX v5.84's XY-Chain (the `gnpx584` scale's, the catalogue's GNPX v5.84 search): GNPX
/// joins consecutive bivalue cells only by a conjugate pair on their shared digit (a weak link
/// that is also strong), searches breadth first from each start cell and digit, and removes z
/// from the first cell seeing both ends only. A restriction of [`super::xy_chain`], still sound.
///
/// Starts: bivalue cells in index order, each digit z ascending, the other digit assumed true.
/// From a cell whose digit d is true, the conjugate partners of d that are bivalue and not yet
/// reached (one reached set per start and z) take their other digit as true. A newly reached
/// cell whose true digit is z ends a chain: the first cell holding z that sees the start and
/// that end loses z, and the search for this start and z stops.
pub fn gnpx584_xy_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        let bivalue = links.bivalue();
        let other = |cell: usize, digit: usize| {
            (links.mask(cell) & !(1u16 << digit)).trailing_zeros() as usize
        };
        // Breadth-first queue, and for each reached cell the cell that reached it and its
        // true digit.
        let mut queue = [0u8; 81];
        let mut parent = [0u8; 81];
        let mut on = [0u8; 81];
        let mut path_cells = [0u8; 81];
        let mut path_on = [0u8; 81];
        for start in bivalue {
            let mask = links.mask(start);
            for z in digits(mask) {
                // Without a holder of z seeing the start, no end eliminates.
                let seen_by_start = links.plane(z) & PEERS[start];
                if seen_by_start.is_empty() {
                    continue;
                }
                let mut reached = Bits81::cell(start);
                parent[start] = start as u8;
                on[start] = other(start, z) as u8;
                queue[0] = start as u8;
                let (mut head, mut tail) = (0, 1);
                'search: while head < tail {
                    let cell = queue[head] as usize;
                    head += 1;
                    let digit = on[cell] as usize;
                    let partners = links.strong_partners(digit, cell) & bivalue;
                    for next in partners.and_not(reached) {
                        reached.insert(next);
                        let next_on = other(next, digit);
                        parent[next] = cell as u8;
                        on[next] = next_on as u8;
                        queue[tail] = next as u8;
                        tail += 1;
                        if next_on != z {
                            continue;
                        }
                        let Some(target) = (seen_by_start & PEERS[next]).first() else {
                            continue;
                        };
                        // The chain from the start to `next`, in chain order.
                        let mut n = 0;
                        let mut at = next;
                        loop {
                            path_cells[n] = at as u8;
                            path_on[n] = on[at];
                            n += 1;
                            if at == start {
                                break;
                            }
                            at = parent[at] as usize;
                        }
                        let (cells, cells_on) = (&mut path_cells[..n], &mut path_on[..n]);
                        cells.reverse();
                        cells_on.reverse();
                        with_kept_step(|step| {
                            step.reset(TechniqueId::XyChain);
                            step.eliminations.planes[z] = Bits81::cell(target);
                            step.cells = cells.iter().map(|&c| c as usize).collect();
                            step.digits = 1 << z;
                            bivalue_chain(links, cells, cells_on, &mut step.chain);
                            sink(step)
                        })?;
                        break 'search;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })
}
