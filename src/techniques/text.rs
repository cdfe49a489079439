//! Step text: the shape of a technique's text functions ([`StepText`]), the text pieces several
//! families share (chains, cells with their digits, eliminations cell by cell, the plain forms of
//! the simple techniques). Each catalogue row names its technique's text ([`StepText`]).
//!
//! Each family writes the text of the steps it fills, next to its finder; `explain` prints the
//! generic parts of a step (number, placements, eliminations, houses) and calls these.

use serde_json::{Map, Value};

use crate::core::notation::{
    cell_list, cell_name, compressed_cells, digit_list, elimination_names, house_list,
    placement_names,
};
use crate::core::{Bits81, CandidateSet};
use crate::model::links::ChainLink;
use crate::techniques::step::Step;

/// A step's one-line description (`Hidden Single r5c6=2 in b5`).
pub type LineFn = fn(&Step) -> String;
/// Extra lines of a step's long form (`explain`): a fish's base, cover and fin sets.
pub type DetailsFn = fn(&Step) -> Vec<String>;
/// Technique-specific fields added to a step's JSON object (`fish`, `forcing`, …).
pub type ExtrasFn = fn(&Step, &mut Map<String, Value>);

/// The text functions of one technique: plain fn pointers, so a catalogue row can hold them.
#[derive(Clone, Copy)]
pub struct StepText {
    /// The one-line description.
    pub line: LineFn,
    /// The long form's extra lines.
    pub details: DetailsFn,
    /// The JSON extras.
    pub extras: ExtrasFn,
}

impl StepText {
    /// A technique whose text is one line, without extra lines or JSON fields.
    pub const fn line(line: LineFn) -> StepText {
        StepText {
            line,
            details: no_details,
            extras: no_extras,
        }
    }
}

/// No extra lines.
pub fn no_details(_: &Step) -> Vec<String> {
    Vec::new()
}

/// No JSON extras.
pub fn no_extras(_: &Step, _: &mut Map<String, Value>) {}

/// The placements, space-separated (`r5c6=2 r1c1=4`).
pub fn placed(step: &Step) -> String {
    placement_names(&step.placements).join(" ")
}

/// The eliminations, space-separated (`r4c2<>4 r4c3<>4`).
pub fn removed(step: &Step) -> String {
    elimination_names(&step.eliminations).join(" ")
}

/// The plain form: `Naked Pair #37 in r1: r1c1 r1c5 → r1c2<>3 r1c2<>7` (houses, cells,
/// placements and eliminations each shown when the step has them).
pub fn default_line(step: &Step) -> String {
    let title = step.technique.info().title;
    let placed = placed(step);
    let removed = removed(step);
    let mut text = format!("{title} #{}", digit_list(step.digits));
    if step.houses != 0 {
        text.push_str(&format!(" in {}", house_list(step.houses)));
    }
    if !step.cells.is_empty() {
        text.push_str(&format!(": {}", cell_list(step.cells)));
    }
    if !placed.is_empty() {
        text.push_str(&format!(" ⇒ {placed}"));
    }
    if !removed.is_empty() {
        text.push_str(&format!(" → {removed}"));
    }
    text
}

/// `Naked Single r5c6=2`.
pub fn placement_line(step: &Step) -> String {
    format!("{} {}", step.technique.info().title, placed(step))
}

/// `Hidden Single r5c6=2 in b5`.
pub fn placement_in_houses_line(step: &Step) -> String {
    format!(
        "{} {} in {}",
        step.technique.info().title,
        placed(step),
        house_list(step.houses)
    )
}

/// `Locked Candidates (pointing) #4 in b1 → r1c7<>4 r1c8<>4`.
pub fn digit_in_houses_line(step: &Step) -> String {
    format!(
        "{} #{} in {} → {}",
        step.technique.info().title,
        digit_list(step.digits),
        house_list(step.houses),
        removed(step)
    )
}

/// A chain step: `X-Chain #1: [S r1c1/-1 -> r7c1/+1] => … → r1c6<>1`.
pub fn chain_line(step: &Step) -> String {
    format!(
        "{} #{}: {} → {}",
        step.technique.info().title,
        digit_list(step.digits),
        chain_text(&step.chain),
        removed(step)
    )
}

/// The chain in GNPX notation: `[S r2c6/-2 -> r6c6/+2] => …`.
pub fn chain_text(chain: &[ChainLink]) -> String {
    chain
        .iter()
        .map(|link| link.to_string())
        .collect::<Vec<_>>()
        .join(" => ")
}

/// `r1c2(#37)`: a cell with its candidates, as GNPX prints wing cells.
pub fn cell_with_digits(cell: usize, mask: u16) -> String {
    format!("{}(#{})", cell_name(cell), digit_list(mask))
}

/// `r1c56(#124)`: a set of cells (compressed) with its digits.
pub fn cells_with_digits(cells: Bits81, mask: u16) -> String {
    format!("{}(#{})", compressed_cells(cells), digit_list(mask))
}

/// Eliminations cell by cell as GNPX lists them: `r4c5(#9) r6c5(#9)`.
pub fn eliminated_cells(set: &CandidateSet) -> String {
    let mut per_cell = [0u16; 81];
    for (cell, digit) in set.iter() {
        per_cell[cell] |= 1 << digit;
    }
    (0..81)
        .filter(|&c| per_cell[c] != 0)
        .map(|c| cell_with_digits(c, per_cell[c]))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Grid;
    use crate::techniques::TechniqueId;

    /// The text of a step as `explain` prints it.
    fn line(step: &Step) -> String {
        (step.technique.info().text.line)(step)
    }

    #[test]
    fn describes_singles_and_locked_candidates() {
        let mut step = Step::new(TechniqueId::HiddenSingle);
        step.placements.insert(4 * 9 + 5, 1);
        step.houses = 1 << 22;
        assert_eq!(line(&step), "Hidden Single r5c6=2 in b5");
        let mut step = Step::new(TechniqueId::LockedCandidatesPointing);
        step.digits = 1 << 3;
        step.houses = 1 << 18;
        step.eliminations.insert(6, 3);
        step.eliminations.insert(7, 3);
        assert_eq!(
            line(&step),
            "Locked Candidates (pointing) #4 in b1 → r1c7<>4 r1c8<>4"
        );
    }

    #[test]
    fn describes_subsets_with_cells() {
        let mut g = Grid::empty();
        for d in [0, 1, 3, 4, 5, 7, 8] {
            g.eliminate(0, d);
            g.eliminate(4, d);
        }
        let step = TechniqueId::NakedPair.find_first(&g).unwrap();
        let text = line(&step);
        assert!(
            text.starts_with("Naked Pair #37 in r1: r1c1 r1c5 → r1c2<>3 r1c2<>7"),
            "{text}"
        );
    }
}
