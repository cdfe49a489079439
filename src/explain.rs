//! Human-readable and JSON descriptions of steps (GNPX-style wording): the generic parts of a
//! step (number, technique, placements, eliminations, houses, cells, links) here, the
//! technique's own text from its family (the `text` column of its
//! [`crate::techniques::TechniqueInfo`] row).

use crate::core::bits::digits;
use crate::core::notation::{
    cell_name, compressed_cells, elimination_names, house_names, placement_names,
};
use crate::model::links::LinkKind;
use crate::model::superlinks::{force_title, stem_name};
use crate::techniques::step::Step;

/// One-line description of a step, e.g. `Hidden Single r5c6=2 in b5`.
pub fn describe(step: &Step) -> String {
    (step.technique.info().text.line)(step)
}

/// Extra lines for the long form of a step (`explain`): a fish's BaseSet, CoverSet, FinSet,
/// Endo Fin, Cannibalistic and Eliminated, GNPX style; nothing for most techniques.
pub fn details(step: &Step) -> Vec<String> {
    (step.technique.info().text.details)(step)
}

/// The digits of a mask as numbers 1..=9, for JSON.
fn numbers(mask: u16) -> Vec<usize> {
    digits(mask).map(|d| d + 1).collect()
}

/// A step as a JSON object: technique, placements, eliminations, houses, cells, digits, pivot,
/// chain links (`{"kind": "S", "from": "r2c6/-2", "to": "r6c6/+2"}`), ALS and RCCs, colour
/// classes, ForceChain results, text, and the technique's own fields (a fish's `fish` object,
/// a forcing step's `forcing`, an XYZ-Wing (ALS)'s `xyz_wing_als`).
pub fn step_json(step: &Step, number: usize) -> serde_json::Value {
    let mut json = serde_json::json!({
        "step": number,
        "technique": step.technique.id(),
        "placements": placement_names(&step.placements),
        "eliminations": elimination_names(&step.eliminations),
        "houses": house_names(step.houses),
        "cover_houses": house_names(step.cover_houses),
        "cells": step.cells.iter().map(cell_name).collect::<Vec<_>>(),
        "digits": numbers(step.digits),
        "pivot": step.pivot.map(|p| cell_name(p as usize)),
        "links": step.chain.iter().map(|l| serde_json::json!({
            "kind": match l.kind { LinkKind::Strong => "S", LinkKind::Weak => "W" },
            "from": l.from.to_string(),
            "to": l.to.to_string(),
        })).collect::<Vec<_>>(),
        "group_links": step.group_chain.iter().map(|l| serde_json::json!({
            "kind": match l.kind { LinkKind::Strong => "S", LinkKind::Weak => "W" },
            "from": l.from.to_string(),
            "to": l.to.to_string(),
        })).collect::<Vec<_>>(),
        "als": step.als.iter().map(|&set| compressed_cells(set)).collect::<Vec<_>>(),
        "rcc": step.rcc.iter().map(|&m| numbers(m)).collect::<Vec<_>>(),
        "colors": step.colors.iter().map(|c| c.iter().map(cell_name).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "force": step.force.iter().map(|c| serde_json::json!({
            "title": force_title(step.technique.info().title, c),
            "cell": cell_name(c.cell as usize),
            "digit": c.digit + 1,
            "truth": c.truth,
            "stem": stem_name(c.stem, step.fins),
            "branches": c.branches.iter().map(|b| b.iter().map(|l| serde_json::json!({
                "kind": match l.kind { LinkKind::Strong => "S", LinkKind::Weak => "W" },
                "from": l.from.to_string(),
                "to": l.to.to_string(),
                "als": (!l.als.is_empty()).then(|| compressed_cells(l.als)),
            })).collect::<Vec<_>>()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "text": describe(step),
    });
    if let serde_json::Value::Object(map) = &mut json {
        (step.technique.info().text.extras)(step, map);
    }
    json
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::TechniqueId;

    #[test]
    fn json_names_technique_and_eliminations() {
        let mut step = Step::new(TechniqueId::LockedCandidatesPointing);
        step.digits = 1 << 3;
        step.houses = 1 << 18;
        step.eliminations.insert(6, 3);
        step.eliminations.insert(7, 3);
        let json = step_json(&step, 3);
        assert_eq!(
            json["eliminations"],
            serde_json::json!(["r1c7<>4", "r1c8<>4"])
        );
        assert_eq!(json["technique"], "locked-candidates-pointing");
        assert_eq!(json["houses"], serde_json::json!(["b1"]));
        assert_eq!(json["digits"], serde_json::json!([4]));
        assert_eq!(json["text"], describe(&step));
    }

    #[test]
    fn json_carries_the_family_extras() {
        let mut step = Step::new(TechniqueId::FinnedFrankenSwordfish);
        step.digits = 1 << 3;
        step.houses = 1 | 1 << 4 | 1 << 24; // r1 r5 b7
        step.cover_houses = 1 << 10 | 1 << 14 | 1 << 16; // c2 c6 c8
        step.fins = [4 * 9 + 8, 3 * 9 + 8].into_iter().collect();
        step.eliminations.insert(5 * 9 + 7, 3);
        let json = step_json(&step, 7);
        assert_eq!(json["technique"], "finned-franken-swordfish");
        assert_eq!(json["fish"]["fins"], serde_json::json!(["r4c9", "r5c9"]));
        assert_eq!(details(&step).len(), 5);
        assert!(details(&Step::new(TechniqueId::NakedPair)).is_empty());
        assert!(step_json(&Step::new(TechniqueId::NakedPair), 1)
            .get("fish")
            .is_none());
    }

    #[test]
    fn json_lists_links_pivot_and_als() {
        use crate::core::test_support::{candidates, digit_one_only_in, with_cells};
        let g = digit_one_only_in(&[0, 54, 13, 58, 62, 5, 10]);
        let step = TechniqueId::Skyscraper
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations.count() == 2)
            .unwrap();
        let json = step_json(&step, 1);
        assert_eq!(json["links"][1]["kind"], "W");
        assert_eq!(json["links"][1]["from"], "r7c1/+1");
        let g = digit_one_only_in(&[31, 39, 41, 44, 71, 67, 4]);
        let step = TechniqueId::EmptyRectangle
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations.contains(67, 0))
            .unwrap();
        assert_eq!(step_json(&step, 1)["pivot"], "r5c5");
        let g = with_cells(&[(0, &[1, 2]), (3, &[1, 3]), (12, &[2, 3])]);
        let want = candidates(&["r1c5#2", "r1c6#2", "r2c1#2", "r2c2#2", "r2c3#2"]);
        let step = TechniqueId::AlsXz
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .unwrap();
        let json = step_json(&step, 1);
        assert_eq!(json["als"][1], "r12c4");
        assert_eq!(json["rcc"][0][0], 1);
    }
}
