//! A `Step`: one application of a technique — what it places, what it eliminates, and the
//! pattern (houses, cells, digits) needed to explain it.

use crate::core::{Bits81, CandidateSet, Grid};
use crate::model::forcing::ForcingProof;
use crate::model::links::ChainLink;
use crate::model::superlinks::{ForceConclusion, SuperLink};
use crate::techniques::se_chains::SeChain;
use crate::techniques::TechniqueId;

/// A set of houses (bit `h` = house `h`, 0..27).
pub type HouseSet = u32;

/// One deduction found by a technique.
#[derive(Debug, PartialEq, Eq)]
pub struct Step {
    /// Which technique found it.
    pub technique: TechniqueId,
    /// Digits placed: (cell, digit) pairs.
    pub placements: CandidateSet,
    /// Candidates removed.
    pub eliminations: CandidateSet,
    /// Houses the pattern lives in (a subset's house, a pointing box, a fish's base set).
    pub houses: HouseSet,
    /// Houses the eliminations are taken from when they differ (claiming's box, a fish's cover).
    pub cover_houses: HouseSet,
    /// The pattern's cells.
    pub cells: Bits81,
    /// The pattern's digits as a mask (bit `d` = digit index `d`).
    pub digits: u16,
    /// Fins of a fish: base candidates outside the cover set (empty for other techniques).
    pub fins: Bits81,
    /// Endo fins of a fish: base candidates lying in two base houses.
    pub endo_fins: Bits81,
    /// The pivot cell of a wing, if any.
    pub pivot: Option<u8>,
    /// The pattern as chain links (chains, wings, single-digit patterns); empty for others.
    /// Allocated only when such a step is found.
    pub chain: Vec<ChainLink>,
    /// Colour classes of a colouring pattern, in pairs of opposite colours; empty for others.
    pub colors: Vec<Bits81>,
    /// ForceChain results with their branches; empty for other techniques.
    pub force: Vec<ForceConclusion>,
    /// Almost locked sets of an ALS step, in pattern order (Death Blossom: its petals).
    pub als: Vec<Bits81>,
    /// Digit masks between consecutive `als` sets (their RCCs; Death Blossom: each petal's
    /// stem digit; Sue de Coq and XYZ-Wing (ALS): each set's digits).
    pub rcc: Vec<u16>,
    /// The pattern as links between candidates or groups (grouped chains); empty for others.
    pub group_chain: Vec<SuperLink>,
    /// HoDoKu's Forcing Chain/Net proof (premises, reason, chains); `None` for others. Held in
    /// place, not boxed, as [`Step::se_chain`].
    pub forcing: Option<ForcingProof>,
    /// Whether the eliminations take effect digit by digit (each digit's cells in order), as
    /// HoDoKu applies the steps it sorts (its nice loops); otherwise cell by cell. Only the
    /// order in which singles appear depends on it.
    pub eliminations_by_digit: bool,
    /// The step's own difficulty, where its rung cannot fix one (Sudoku Explainer rates a
    /// chain by its complexity, a unique loop by its size); `None` on scales whose rungs
    /// carry the difficulty.
    pub difficulty: Option<StepDifficulty>,
    /// Which form of its technique the step is, where one search yields several that are
    /// named apart (SE's Unique Rectangle/Loop and BUG types 1–4); 0 for the others.
    pub variant: u8,
    /// Sudoku Explainer's chain hint (name, complexity, chains); `None` for other steps. Held
    /// in place, not boxed: copying an SE chain step into a buffer whose last step was of
    /// another kind then allocates nothing (its texts are empty where no observer reads them),
    /// where a box was made anew each time.
    pub se_chain: Option<SeChain>,
}

/// A raw f64 difficulty, kept exactly: SE takes the maximum of raw values and its sort
/// breaks ties on them, so rounding early would change which hint wins. Compared bit for bit
/// so that `Step` stays `Eq`.
#[derive(Clone, Copy, Debug)]
pub struct StepDifficulty(pub f64);

impl PartialEq for StepDifficulty {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for StepDifficulty {}

impl Clone for Step {
    fn clone(&self) -> Step {
        let mut step = Step::new(self.technique);
        step.clone_from(self);
        step
    }

    /// Field by field, so that the grader's one step buffer keeps its `Vec`s' capacity from
    /// step to step (the derived `clone_from` builds a whole new step, allocating, and moves it).
    /// The destructuring names every field: a new one must be added here.
    fn clone_from(&mut self, source: &Step) {
        let Step {
            technique,
            placements,
            eliminations,
            houses,
            cover_houses,
            cells,
            digits,
            fins,
            endo_fins,
            pivot,
            chain,
            colors,
            force,
            als,
            rcc,
            group_chain,
            forcing,
            eliminations_by_digit,
            difficulty,
            variant,
            se_chain,
        } = source;
        self.technique = *technique;
        self.placements = *placements;
        self.eliminations = *eliminations;
        self.houses = *houses;
        self.cover_houses = *cover_houses;
        self.cells = *cells;
        self.digits = *digits;
        self.fins = *fins;
        self.endo_fins = *endo_fins;
        self.pivot = *pivot;
        self.chain.clone_from(chain);
        self.colors.clone_from(colors);
        self.force.clone_from(force);
        self.als.clone_from(als);
        self.rcc.clone_from(rcc);
        self.group_chain.clone_from(group_chain);
        self.forcing.clone_from(forcing);
        self.eliminations_by_digit = *eliminations_by_digit;
        self.difficulty = *difficulty;
        self.variant = *variant;
        self.se_chain.clone_from(se_chain);
    }
}

thread_local! {
    /// This thread's step buffer for the finders that fill a step per find ([`with_kept_step`]).
    static KEPT: std::cell::RefCell<Step> = std::cell::RefCell::new(Step::new(TechniqueId::FullHouse));
}

/// Runs `find` with this thread's kept step buffer, so that a finder filling a step per find
/// allocates its lists once per thread rather than per step. The buffer holds what the last
/// finder left: `find` starts with [`Step::reset`]. A finder nested in a sink takes the empty
/// step left in its place.
pub(crate) fn with_kept_step<R>(find: impl FnOnce(&mut Step) -> R) -> R {
    let empty = || Step::new(TechniqueId::FullHouse);
    let mut step = KEPT.with(|kept| std::mem::replace(&mut *kept.borrow_mut(), empty()));
    let result = find(&mut step);
    KEPT.with(|kept| *kept.borrow_mut() = step);
    result
}

impl Step {
    /// An empty step of `technique`, to be filled by the finder.
    pub fn new(technique: TechniqueId) -> Step {
        Step {
            technique,
            placements: CandidateSet::EMPTY,
            eliminations: CandidateSet::EMPTY,
            houses: 0,
            cover_houses: 0,
            cells: Bits81::EMPTY,
            digits: 0,
            fins: Bits81::EMPTY,
            endo_fins: Bits81::EMPTY,
            pivot: None,
            chain: Vec::new(),
            colors: Vec::new(),
            force: Vec::new(),
            als: Vec::new(),
            rcc: Vec::new(),
            group_chain: Vec::new(),
            forcing: None,
            eliminations_by_digit: false,
            difficulty: None,
            variant: 0,
            se_chain: None,
        }
    }

    /// Makes this step the single of `technique` placing `digit` in `cell`, named by `houses`:
    /// the step `Step::new(technique)` would be with that placement, its cell, digit and houses,
    /// every other field empty. In place, so that the `Vec`s keep their capacity (the grader
    /// fills its one step buffer this way, with no copy of a whole step).
    pub fn set_single(&mut self, technique: TechniqueId, cell: usize, digit: usize, houses: u32) {
        self.reset(technique);
        self.placements.insert(cell, digit);
        self.houses = houses;
        self.cells = Bits81::cell(cell);
        self.digits = 1 << digit;
    }

    /// Makes this step `Step::new(technique)` in place, so that its `Vec`s keep their capacity
    /// for the finder that fills it again. The destructuring names every field: a new one must
    /// be reset here.
    pub fn reset(&mut self, technique: TechniqueId) {
        let Step {
            technique: own_technique,
            placements,
            eliminations,
            houses,
            cover_houses,
            cells,
            digits,
            fins,
            endo_fins,
            pivot,
            chain,
            colors,
            force,
            als,
            rcc,
            group_chain,
            forcing,
            eliminations_by_digit,
            difficulty,
            variant,
            se_chain,
        } = self;
        *own_technique = technique;
        *placements = CandidateSet::EMPTY;
        *eliminations = CandidateSet::EMPTY;
        *houses = 0;
        *cover_houses = 0;
        *cells = Bits81::EMPTY;
        *digits = 0;
        *fins = Bits81::EMPTY;
        *endo_fins = Bits81::EMPTY;
        *pivot = None;
        chain.clear();
        colors.clear();
        force.clear();
        als.clear();
        rcc.clear();
        group_chain.clear();
        *forcing = None;
        *eliminations_by_digit = false;
        *difficulty = None;
        *variant = 0;
        *se_chain = None;
    }

    /// Applies the step to `grid`; returns whether anything changed.
    pub fn apply(&self, grid: &mut Grid) -> bool {
        let mut changed = false;
        for (digit, plane) in self.placements.planes.iter().enumerate() {
            for cell in *plane {
                if grid.value(cell).is_none() {
                    grid.place(cell, digit);
                    changed = true;
                }
            }
        }
        for (digit, plane) in self.eliminations.planes.iter().enumerate() {
            for cell in *plane & grid.plane(digit) {
                grid.eliminate(cell, digit);
                changed = true;
            }
        }
        changed
    }

    /// The first placement or elimination that contradicts `solution` (digit index per cell).
    pub fn check_against(&self, solution: &[u8; 81]) -> Option<WrongDeduction> {
        for (digit, plane) in self.placements.planes.iter().enumerate() {
            if let Some(cell) = plane.iter().find(|&cell| solution[cell] as usize != digit) {
                return Some(WrongDeduction {
                    cell,
                    digit,
                    placement: true,
                });
            }
        }
        for (digit, plane) in self.eliminations.planes.iter().enumerate() {
            if let Some(cell) = plane.iter().find(|&cell| solution[cell] as usize == digit) {
                return Some(WrongDeduction {
                    cell,
                    digit,
                    placement: false,
                });
            }
        }
        None
    }
}

/// A placement or elimination that disagrees with the puzzle's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongDeduction {
    /// The cell.
    pub cell: usize,
    /// The digit index placed or eliminated.
    pub digit: usize,
    /// True for a wrong placement, false for a wrong elimination.
    pub placement: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_single_leaves_the_step_a_fresh_single_would_be() {
        let mut expected = Step::new(TechniqueId::HiddenSingle);
        expected.placements.insert(40, 6);
        expected.cells = Bits81::cell(40);
        expected.digits = 1 << 6;
        expected.houses = 1 << 22;
        // A buffer that held some other step, every field set.
        let mut step = Step::new(TechniqueId::XyWing);
        step.placements.insert(3, 1);
        step.eliminations.insert(7, 2);
        step.houses = 5;
        step.cover_houses = 9;
        step.cells = Bits81::cell(11);
        step.digits = 0x1F;
        step.fins = Bits81::cell(12);
        step.endo_fins = Bits81::cell(13);
        step.pivot = Some(14);
        step.colors.push(Bits81::cell(15));
        step.als.push(Bits81::cell(16));
        step.rcc.push(3);
        step.eliminations_by_digit = true;
        step.difficulty = Some(StepDifficulty(2.5));
        step.variant = 2;
        step.set_single(TechniqueId::HiddenSingle, 40, 6, 1 << 22);
        assert_eq!(step, expected);
        assert!(
            step.colors.capacity() > 0,
            "the buffers keep their capacity"
        );
    }
}
