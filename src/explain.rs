//! Human-readable and JSON descriptions of steps (GNPX-style wording).

use crate::core::{cell_name, house_name, Bits81, CandidateSet};
use crate::step::Step;
use crate::techniques::TechniqueId;

/// `r5c6=2` for each placement.
pub fn placement_names(set: &CandidateSet) -> Vec<String> {
    set.iter()
        .map(|(cell, digit)| format!("{}={}", cell_name(cell), digit + 1))
        .collect()
}

/// `r4c2<>4` for each elimination.
pub fn elimination_names(set: &CandidateSet) -> Vec<String> {
    set.iter()
        .map(|(cell, digit)| format!("{}<>{}", cell_name(cell), digit + 1))
        .collect()
}

/// Digits of a mask, concatenated (`37`).
pub fn digit_list(mask: u16) -> String {
    (0..9)
        .filter(|d| mask & (1 << d) != 0)
        .map(|d| char::from(b'1' + d as u8))
        .collect()
}

/// Houses of a set, space-separated (`r1 b3`).
pub fn house_list(houses: u32) -> String {
    (0..27)
        .filter(|h| houses & (1 << h) != 0)
        .map(house_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cells of a set, space-separated (`r1c2 r1c5`).
pub fn cell_list(cells: Bits81) -> String {
    cells.iter().map(cell_name).collect::<Vec<_>>().join(" ")
}

/// One-line description of a step, e.g. `Hidden Single r5c6=2 in b5`.
pub fn describe(step: &Step) -> String {
    let title = step.technique.info().title;
    let placed = placement_names(&step.placements).join(" ");
    let removed = elimination_names(&step.eliminations).join(" ");
    match step.technique {
        TechniqueId::NakedSingle => format!("{title} {placed}"),
        TechniqueId::FullHouse | TechniqueId::HiddenSingle => {
            format!("{title} {placed} in {}", house_list(step.houses))
        }
        TechniqueId::LockedCandidatesPointing | TechniqueId::LockedCandidatesClaiming => format!(
            "{title} #{} in {} → {removed}",
            digit_list(step.digits),
            house_list(step.houses)
        ),
        _ => {
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
    }
}

/// A step as a JSON object: technique, placements, eliminations, houses, cells, digits, text.
pub fn step_json(step: &Step, number: usize) -> serde_json::Value {
    serde_json::json!({
        "step": number,
        "technique": step.technique.id(),
        "placements": placement_names(&step.placements),
        "eliminations": elimination_names(&step.eliminations),
        "houses": (0..27).filter(|h| step.houses & (1 << h) != 0).map(house_name).collect::<Vec<_>>(),
        "cover_houses": (0..27).filter(|h| step.cover_houses & (1 << h) != 0).map(house_name).collect::<Vec<_>>(),
        "cells": step.cells.iter().map(cell_name).collect::<Vec<_>>(),
        "digits": (0..9).filter(|d| step.digits & (1 << d) != 0).map(|d| d + 1).collect::<Vec<_>>(),
        "text": describe(step),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Grid;

    #[test]
    fn describes_singles_and_locked_candidates() {
        let mut step = Step::new(TechniqueId::HiddenSingle);
        step.placements.insert(4 * 9 + 5, 1);
        step.houses = 1 << 22;
        assert_eq!(describe(&step), "Hidden Single r5c6=2 in b5");
        let mut step = Step::new(TechniqueId::LockedCandidatesPointing);
        step.digits = 1 << 3;
        step.houses = 1 << 18;
        step.eliminations.insert(6, 3);
        step.eliminations.insert(7, 3);
        assert_eq!(
            describe(&step),
            "Locked Candidates (pointing) #4 in b1 → r1c7<>4 r1c8<>4"
        );
        let json = step_json(&step, 3);
        assert_eq!(
            json["eliminations"],
            serde_json::json!(["r1c7<>4", "r1c8<>4"])
        );
        assert_eq!(json["technique"], "locked-candidates-pointing");
    }

    #[test]
    fn describes_subsets_with_cells() {
        let mut g = Grid::empty();
        for d in [0, 1, 3, 4, 5, 7, 8] {
            g.eliminate(0, d);
            g.eliminate(4, d);
        }
        let step = TechniqueId::NakedPair.find_first(&g).unwrap();
        let text = describe(&step);
        assert!(
            text.starts_with("Naked Pair #37 in r1: r1c1 r1c5 → r1c2<>3 r1c2<>7"),
            "{text}"
        );
    }
}
