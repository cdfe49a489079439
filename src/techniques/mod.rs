//! Technique catalogue: every technique's id, display title, family and finder.
//!
//! Each technique family lives in its own file and talks to the grid only through the core's
//! public API. A finder enumerates steps in a fixed scan order and hands each to a sink; the
//! sink decides whether to continue, so one function serves both "first step" (grading) and
//! "all steps" (`explain --all`, tests).

use std::ops::ControlFlow;

use crate::core::Grid;
use crate::step::Step;

pub mod intersections;
pub mod singles;
pub mod subsets;

/// Receives steps from a finder (by reference: steps are large and most are dropped);
/// `Break` stops the search.
pub type StepSink<'a> = dyn FnMut(&Step) -> ControlFlow<()> + 'a;

/// A technique finder: enumerates the technique's steps in `grid`.
pub type FinderFn = fn(&Grid, &mut StepSink<'_>) -> ControlFlow<()>;

/// Static facts about one technique.
pub struct TechniqueInfo {
    /// The technique this row describes.
    pub technique: TechniqueId,
    /// Stable id used on the command line, in CSV columns and JSON (e.g. `naked-pair`).
    pub id: &'static str,
    /// Human title used in explanations (e.g. `Naked Pair`).
    pub title: &'static str,
    /// Family name accepted by `--techniques` (e.g. `subsets`).
    pub family: &'static str,
    /// The finder.
    pub finder: FinderFn,
}

macro_rules! techniques {
    ($( $variant:ident => ($id:literal, $title:literal, $family:literal, $finder:path) ),* $(,)?) => {
        /// Identifies a technique; the discriminant indexes [`CATALOGUE`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum TechniqueId { $( #[doc = $title] $variant ),* }

        /// Every known technique, in `TechniqueId` order.
        pub static CATALOGUE: &[TechniqueInfo] = &[
            $( TechniqueInfo {
                technique: TechniqueId::$variant,
                id: $id,
                title: $title,
                family: $family,
                finder: $finder,
            } ),*
        ];
    };
}

techniques! {
    FullHouse => ("full-house", "Full House", "singles", singles::full_house),
    NakedSingle => ("naked-single", "Naked Single", "singles", singles::naked_single),
    HiddenSingle => ("hidden-single", "Hidden Single", "singles", singles::hidden_single),
    LockedCandidatesPointing => ("locked-candidates-pointing", "Locked Candidates (pointing)", "intersections", intersections::pointing),
    LockedCandidatesClaiming => ("locked-candidates-claiming", "Locked Candidates (claiming)", "intersections", intersections::claiming),
    NakedPair => ("naked-pair", "Naked Pair", "subsets", subsets::naked_pair),
    HiddenPair => ("hidden-pair", "Hidden Pair", "subsets", subsets::hidden_pair),
    NakedTriple => ("naked-triple", "Naked Triple", "subsets", subsets::naked_triple),
    HiddenTriple => ("hidden-triple", "Hidden Triple", "subsets", subsets::hidden_triple),
    NakedQuad => ("naked-quad", "Naked Quad", "subsets", subsets::naked_quad),
    HiddenQuad => ("hidden-quad", "Hidden Quad", "subsets", subsets::hidden_quad),
}

impl TechniqueId {
    /// Number of known techniques.
    pub const COUNT: usize = CATALOGUE.len();

    /// The catalogue row of this technique.
    #[inline]
    pub fn info(self) -> &'static TechniqueInfo {
        &CATALOGUE[self as usize]
    }

    /// The stable id string (e.g. `hidden-single`).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Whether the technique's deductions hold only if the puzzle's solution is unique
    /// (the `uniqueness` family: unique rectangles, BUG+1 …).
    pub fn assumes_uniqueness(self) -> bool {
        self.info().family == "uniqueness"
    }

    /// Looks a technique up by its id string.
    pub fn from_id(id: &str) -> Option<TechniqueId> {
        CATALOGUE.iter().find(|t| t.id == id).map(|t| t.technique)
    }

    /// The first step this technique finds in `grid`, in its scan order.
    pub fn find_first(self, grid: &Grid) -> Option<Step> {
        let mut found = None;
        let _ = (self.info().finder)(grid, &mut |step| {
            found = Some(step.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// Writes the first step this technique finds in `grid` into `step`; returns whether it
    /// found one. The grading loop reuses one `Step` this way: a miss copies nothing.
    #[inline]
    pub fn find_first_into(self, grid: &Grid, step: &mut Step) -> bool {
        let mut found = false;
        let _ = (self.info().finder)(grid, &mut |first| {
            step.clone_from(first);
            found = true;
            ControlFlow::Break(())
        });
        found
    }

    /// Every step this technique finds in `grid`.
    pub fn find_all(self, grid: &Grid) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = (self.info().finder)(grid, &mut |step| {
            steps.push(step.clone());
            ControlFlow::Continue(())
        });
        steps
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Helpers for technique unit tests.
    use crate::core::{CandidateSet, Grid};

    /// A grid from 81 characters of givens.
    pub fn grid(text: &str) -> Grid {
        let mut values = [0u8; 81];
        for (i, ch) in text.bytes().enumerate() {
            if ch.is_ascii_digit() {
                values[i] = ch - b'0';
            }
        }
        Grid::from_givens(&values).expect("test grid has no conflicts")
    }

    /// A candidate set from `r1c2#3`-style names.
    pub fn candidates(names: &[&str]) -> CandidateSet {
        names
            .iter()
            .map(|name| {
                let b = name.as_bytes();
                let (r, c, d) = (b[1] - b'1', b[3] - b'1', b[5] - b'1');
                (r as usize * 9 + c as usize, d as usize)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_indexed_by_id() {
        for (i, info) in CATALOGUE.iter().enumerate() {
            assert_eq!(info.technique as usize, i);
            assert_eq!(TechniqueId::from_id(info.id), Some(info.technique));
        }
        assert_eq!(TechniqueId::from_id("no-such-thing"), None);
    }
}
