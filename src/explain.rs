//! Human-readable and JSON descriptions of steps (GNPX-style wording).

use crate::core::{cell_name, house_name, Bits81, CandidateSet};
use crate::step::Step;
use crate::techniques::fish::{self, compress_cells, FishClass, FishShape, FishTechnique};
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

/// Houses grouped by kind as GNPX writes them: `r15 b7` with `separator` " ", `r15b7` with "".
pub fn house_groups(houses: u32, separator: &str) -> String {
    ["r", "c", "b"]
        .iter()
        .enumerate()
        .filter_map(|(kind, prefix)| {
            let indices: String = (0..9)
                .filter(|i| houses & 1 << (kind * 9 + i) != 0)
                .map(|i| char::from(b'1' + i as u8))
                .collect();
            (!indices.is_empty()).then(|| format!("{prefix}{indices}"))
        })
        .collect::<Vec<_>>()
        .join(separator)
}

/// GNPX's names of the fish sizes 2..=7.
const FISH_NAMES: [&str; 6] = [
    "X-Wing",
    "SwordFish",
    "JellyFish",
    "Squirmbag",
    "Whale",
    "Leviathan",
];

/// A fish's title in GNPX's words, with the exact shape: `Finned Franken SwordFish`,
/// `Cannibalistic Mutant JellyFish`, `Finned Mutant X-Wing with Endo Fin`.
fn fish_title(fish: FishTechnique, step: &Step) -> String {
    use FishClass::*;
    let prefix = match fish.class {
        Basic | Franken | Mutant | EndoFinned => "",
        Finned | FinnedFranken | FinnedMutant | FinnedEndoFinned => "Finned ",
        Sashimi => "Sashimi ",
        Cannibalistic => "Cannibalistic ",
        FinnedCannibalistic => "Finned Cannibalistic ",
    };
    let shape = match FishShape::of(step.houses, step.cover_houses) {
        FishShape::Basic => "",
        FishShape::Franken => "Franken ",
        FishShape::Mutant => "Mutant ",
    };
    let suffix = if step.endo_fins.is_empty() {
        ""
    } else {
        " with Endo Fin"
    };
    format!(
        "{prefix}{shape}{}{suffix}",
        FISH_NAMES[fish.size - fish::MIN_SIZE]
    )
}

/// Extra lines for the long form of a step (`explain`): a fish's BaseSet, CoverSet, FinSet,
/// Endo Fin, Cannibalistic and Eliminated, GNPX style; nothing for other techniques.
pub fn details(step: &Step) -> Vec<String> {
    if FishTechnique::of(step.technique).is_none() {
        return Vec::new();
    }
    let mut lines = vec![
        format!("     Digit: #{}", digit_list(step.digits)),
        format!("   BaseSet: {}", house_groups(step.houses, " ")),
        format!("  CoverSet: {}", house_groups(step.cover_houses, " ")),
    ];
    if !step.fins.is_empty() {
        lines.push(format!("    FinSet: {}", compress_cells(step.fins)));
    }
    if !step.endo_fins.is_empty() {
        lines.push(format!("  Endo Fin: {}", compress_cells(step.endo_fins)));
    }
    let cannibalistic = step.eliminations.cells() & step.cells;
    if !cannibalistic.is_empty() {
        lines.push(format!(
            "  Cannibalistic: {}",
            compress_cells(cannibalistic)
        ));
    }
    lines.push(format!(
        "  Eliminated: {}",
        elimination_names(&step.eliminations).join(" ")
    ));
    lines
}

/// One-line description of a step, e.g. `Hidden Single r5c6=2 in b5`.
pub fn describe(step: &Step) -> String {
    let title = step.technique.info().title;
    let placed = placement_names(&step.placements).join(" ");
    let removed = elimination_names(&step.eliminations).join(" ");
    if let Some(fish) = FishTechnique::of(step.technique) {
        return format!(
            "{} #{} {}/{} → {removed}",
            fish_title(fish, step),
            digit_list(step.digits),
            house_groups(step.houses, ""),
            house_groups(step.cover_houses, "")
        );
    }
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

/// Names of the houses of a set, in house order (`["r1","r5","b7"]`).
fn house_names(houses: u32) -> Vec<String> {
    (0..27)
        .filter(|h| houses & 1 << h != 0)
        .map(house_name)
        .collect()
}

/// A step as a JSON object: technique, placements, eliminations, houses, cells, digits, text, and
/// for fish a `fish` object (size, base_set, cover_set, fins, endo_fins, cannibalistic).
pub fn step_json(step: &Step, number: usize) -> serde_json::Value {
    let mut json = serde_json::json!({
        "step": number,
        "technique": step.technique.id(),
        "placements": placement_names(&step.placements),
        "eliminations": elimination_names(&step.eliminations),
        "houses": house_names(step.houses),
        "cover_houses": house_names(step.cover_houses),
        "cells": step.cells.iter().map(cell_name).collect::<Vec<_>>(),
        "digits": (0..9).filter(|d| step.digits & (1 << d) != 0).map(|d| d + 1).collect::<Vec<_>>(),
        "text": describe(step),
    });
    if let Some(fish) = FishTechnique::of(step.technique) {
        let cells = |set: Bits81| set.iter().map(cell_name).collect::<Vec<_>>();
        json["fish"] = serde_json::json!({
            "size": fish.size,
            "base_set": house_names(step.houses),
            "cover_set": house_names(step.cover_houses),
            "fins": cells(step.fins),
            "endo_fins": cells(step.endo_fins),
            "cannibalistic": cells(step.eliminations.cells() & step.cells),
        });
    }
    json
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

    #[test]
    fn describes_fish_gnpx_style_with_long_form_and_json() {
        let mut step = Step::new(TechniqueId::FinnedFrankenSwordfish);
        step.digits = 1 << 3;
        step.houses = 1 | 1 << 4 | 1 << 24; // r1 r5 b7
        step.cover_houses = 1 << 10 | 1 << 14 | 1 << 16; // c2 c6 c8
        step.fins = [4 * 9 + 8, 3 * 9 + 8].into_iter().collect();
        step.eliminations.insert(5 * 9 + 7, 3);
        assert_eq!(
            describe(&step),
            "Finned Franken SwordFish #4 r15b7/c268 → r6c8<>4"
        );
        assert_eq!(
            details(&step),
            [
                "     Digit: #4",
                "   BaseSet: r15 b7",
                "  CoverSet: c268",
                "    FinSet: r45c9",
                "  Eliminated: r6c8<>4",
            ]
        );
        let json = step_json(&step, 7);
        assert_eq!(json["technique"], "finned-franken-swordfish");
        assert_eq!(
            json["fish"]["base_set"],
            serde_json::json!(["r1", "r5", "b7"])
        );
        assert_eq!(
            json["fish"]["cover_set"],
            serde_json::json!(["c2", "c6", "c8"])
        );
        assert_eq!(json["fish"]["fins"], serde_json::json!(["r4c9", "r5c9"]));
        assert_eq!(json["fish"]["size"], 3);
        // Endo fins and cannibalism show in the title and the long form.
        let mut step = Step::new(TechniqueId::FinnedCannibalisticFmJellyfish);
        step.digits = 1;
        step.houses = 1 | 1 << 9 | 1 << 18 | 1 << 22; // r1 c1 b1 b5: mutant
        step.cover_houses = 1 << 1 | 1 << 10 | 1 << 19 | 1 << 20;
        step.cells = [0, 1, 40].into_iter().collect();
        step.endo_fins = Bits81::cell(0);
        step.eliminations.insert(1, 0);
        assert_eq!(
            describe(&step),
            "Finned Cannibalistic Mutant JellyFish with Endo Fin #1 r1c1b15/r2c2b23 → r1c2<>1"
        );
        let lines = details(&step);
        assert!(lines.contains(&"  Endo Fin: r1c1".to_string()), "{lines:?}");
        assert!(
            lines.contains(&"  Cannibalistic: r1c2".to_string()),
            "{lines:?}"
        );
        assert!(details(&Step::new(TechniqueId::NakedPair)).is_empty());
    }
}
