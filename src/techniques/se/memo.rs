//! What SE's producers found nothing in, per thread, so that the next call looks only where
//! the grid changed since.
//!
//! SE's loop restarts at producer 1 after every step, so each producer runs again on a grid
//! that differs from the one it last searched by one step's few cells. A producer whose hints
//! for a digit depend on that digit's candidates alone (intersections, fish) need not look
//! again at a digit whose candidates and placed cells did not change; one whose hints in a
//! house depend on that house's cells alone (subsets, the direct hidden sets) need not look
//! again at a house none of whose cells changed; one whose hints near a cell depend on the
//! candidates of the cell and its peers (Aligned Triplet Exclusion) need not look again at a
//! triple with no changed cell among them. Where it found nothing before, it finds
//! nothing there now, so the first hint it yields in its own order is the same: SE's choice
//! is unchanged. The memo holds the grid itself (candidate planes and unsolved cells) and
//! compares it with the next one, so it is exact for any sequence of grids on a thread (a
//! different puzzle simply changes every digit and house).

use std::cell::RefCell;
use std::ops::ControlFlow;

use crate::core::{Bits81, Grid};
use crate::techniques::memo::noting_steps;
use crate::techniques::StepSink;

/// The producers that keep a memo.
#[derive(Clone, Copy)]
pub enum Producer {
    /// Direct Pointing (per digit).
    DirectPointing,
    /// Direct Claiming (per digit).
    DirectClaiming,
    /// Direct Hidden Pair (per house).
    DirectHiddenPair,
    /// Direct Hidden Triplet (per house).
    DirectHiddenTriple,
    /// Pointing (per digit).
    Pointing,
    /// Claiming (per digit).
    Claiming,
    /// Naked Pair (per house).
    NakedPair,
    /// Naked Triplet (per house).
    NakedTriple,
    /// Naked Quad (per house).
    NakedQuad,
    /// Hidden Pair (per house).
    HiddenPair,
    /// Hidden Triplet (per house).
    HiddenTriple,
    /// Hidden Quad (per house).
    HiddenQuad,
    /// X-Wing (per digit).
    XWing,
    /// Swordfish (per digit).
    Swordfish,
    /// Jellyfish (per digit).
    Jellyfish,
    /// Aligned Triplet Exclusion (per cell and its peers).
    AlignedTripletExclusion,
}

/// Number of [`Producer`]s.
const PRODUCERS: usize = Producer::AlignedTripletExclusion as usize + 1;

/// A grid in which a producer found nothing.
#[derive(Clone, Copy)]
struct Searched {
    planes: [Bits81; 9],
    unsolved: Bits81,
}

thread_local! {
    /// Per producer, the last grid on this thread in which it found nothing.
    static NOTHING_IN: RefCell<[Option<Searched>; PRODUCERS]> =
        const { RefCell::new([None; PRODUCERS]) };
}

/// What changed since a producer last found nothing: where it must look again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changed {
    /// Digits whose candidates or placed cells changed (bit d = digit d).
    pub digits: u16,
    /// Houses with a cell whose candidates changed or that was solved (bit h = house h).
    pub houses: u32,
    /// The cells whose candidates changed or that were solved.
    pub cells: Bits81,
}

impl Changed {
    /// Everything: the producer has no memo on this thread.
    pub const ALL: Changed = Changed {
        digits: 0x1ff,
        houses: (1 << 27) - 1,
        cells: Bits81::ALL,
    };

    /// Whether the house `house` must be searched again.
    #[inline]
    pub fn house(&self, house: usize) -> bool {
        self.houses & (1 << house) != 0
    }
}

/// What changed in `grid` since `producer` last found nothing on this thread.
fn changed_since(producer: Producer, grid: &Grid) -> Changed {
    NOTHING_IN.with_borrow(|memo| {
        let Some(before) = &memo[producer as usize] else {
            return Changed::ALL;
        };
        let solved = before.unsolved ^ grid.unsolved();
        let mut cells = solved;
        let mut digits = 0u16;
        for (d, (&old, &new)) in before.planes.iter().zip(grid.planes()).enumerate() {
            let diff = old ^ new;
            if !diff.is_empty() {
                digits |= 1 << d;
                cells |= diff;
            }
        }
        // A cell solved since changed its digit's placed cells (which the fish count); one
        // unsolved since (another puzzle) may have held any digit. Digit by digit, not cell
        // by cell: a run of singles solves dozens of cells between two misses.
        let newly_solved = before.unsolved.and_not(grid.unsolved());
        if grid.unsolved().and_not(before.unsolved).is_empty() {
            for d in 0..9 {
                digits |= u16::from(grid.placed(d).intersects(newly_solved)) << d;
            }
        } else {
            digits = 0x1ff;
        }
        Changed {
            digits,
            houses: cells.houses(),
            cells,
        }
    })
}

/// Runs `search` on `grid`, told what changed since `producer` last found nothing here, and
/// notes `grid` as searched in vain when it yields no step.
#[inline]
pub fn search_changed(
    producer: Producer,
    grid: &Grid,
    sink: &mut StepSink<'_>,
    search: impl FnOnce(&Grid, &mut StepSink<'_>, Changed) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let changed = changed_since(producer, grid);
    if changed.digits == 0 && changed.cells.is_empty() {
        return ControlFlow::Continue(());
    }
    let (flow, found) = noting_steps(sink, |sink| search(grid, sink, changed));
    if !found {
        NOTHING_IN.with_borrow_mut(|memo| {
            memo[producer as usize] = Some(Searched {
                planes: *grid.planes(),
                unsolved: grid.unsolved(),
            });
        });
    }
    flow
}
