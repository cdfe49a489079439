//! The fish family's text, in GNPX's words: the title with the exact shape (`Finned Franken
//! SwordFish`), the base/cover line, the long form's sets and the `fish` JSON object; a Kraken
//! fish adds one chain per fin and target.

use serde_json::{Map, Value};

use super::{FishClass, FishShape, FishTechnique, MIN_SIZE};
use crate::core::notation::{
    cell_name, compressed_cells, digit_list, elimination_names, house_groups, house_names,
};
use crate::core::{Bits81, HOUSE_SETS};
use crate::model::superlinks::branch_text;
use crate::techniques::step::Step;
use crate::techniques::text::{removed, StepText};
use crate::techniques::TechniqueId;

/// The text of every fish technique (class × size).
pub const FISH: StepText = StepText {
    line: fish_line,
    details: fish_details,
    extras: fish_extras,
};

/// The text of a Kraken fish.
pub const KRAKEN: StepText = StepText {
    line: kraken_line,
    details: fish_details,
    extras: fish_extras,
};

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
        FISH_NAMES[fish.size - MIN_SIZE]
    )
}

/// The fish of a fish step: its technique's class and size, or for a Kraken fish the finned
/// (or sashimi) basic fish under it.
fn fish_of(step: &Step) -> Option<FishTechnique> {
    if step.technique != TechniqueId::KrakenFish {
        return FishTechnique::of(step.technique);
    }
    let sashimi = (0..27).any(|house| {
        step.houses & 1 << house != 0
            && (step.cells & HOUSE_SETS[house]).and_not(step.fins).count() <= 1
    });
    Some(FishTechnique {
        class: if sashimi {
            FishClass::Sashimi
        } else {
            FishClass::Finned
        },
        size: step.houses.count_ones() as usize,
    })
}

/// `Finned Franken SwordFish #4 r15b7/c268 → r6c8<>4`.
pub fn fish_line(step: &Step) -> String {
    let Some(fish) = FishTechnique::of(step.technique) else {
        return String::new();
    };
    format!(
        "{} #{} {}/{} → {}",
        fish_title(fish, step),
        digit_list(step.digits),
        house_groups(step.houses, ""),
        house_groups(step.cover_houses, ""),
        removed(step)
    )
}

/// A Kraken fish: the fish line, then per target its title line and one chain per fin.
pub fn kraken_line(step: &Step) -> String {
    let Some(fish) = fish_of(step) else {
        return String::new();
    };
    let mut text = format!(
        "Kraken Fish: {} #{} {}/{} fins {} → {}",
        fish_title(fish, step),
        digit_list(step.digits),
        house_groups(step.houses, ""),
        house_groups(step.cover_houses, ""),
        compressed_cells(step.fins),
        removed(step)
    );
    for conclusion in &step.force {
        text.push_str(&format!(
            "\n     {}#{} is false",
            cell_name(conclusion.cell as usize),
            conclusion.digit + 1
        ));
        for branch in &conclusion.branches {
            text.push_str("\n       ");
            text.push_str(&branch_text(branch));
        }
    }
    text
}

/// The long form's lines: a fish's Digit, BaseSet, CoverSet, FinSet, Endo Fin, Cannibalistic
/// and Eliminated, GNPX style.
pub fn fish_details(step: &Step) -> Vec<String> {
    if fish_of(step).is_none() {
        return Vec::new();
    }
    let mut lines = vec![
        format!("     Digit: #{}", digit_list(step.digits)),
        format!("   BaseSet: {}", house_groups(step.houses, " ")),
        format!("  CoverSet: {}", house_groups(step.cover_houses, " ")),
    ];
    if !step.fins.is_empty() {
        lines.push(format!("    FinSet: {}", compressed_cells(step.fins)));
    }
    if !step.endo_fins.is_empty() {
        lines.push(format!("  Endo Fin: {}", compressed_cells(step.endo_fins)));
    }
    let cannibalistic = step.eliminations.cells() & step.cells;
    if !cannibalistic.is_empty() {
        lines.push(format!(
            "  Cannibalistic: {}",
            compressed_cells(cannibalistic)
        ));
    }
    lines.push(format!(
        "  Eliminated: {}",
        elimination_names(&step.eliminations).join(" ")
    ));
    lines
}

/// The `fish` object: size, base_set, cover_set, fins, endo_fins, cannibalistic.
pub fn fish_extras(step: &Step, json: &mut Map<String, Value>) {
    let Some(fish) = fish_of(step) else {
        return;
    };
    let cells = |set: Bits81| set.iter().map(cell_name).collect::<Vec<_>>();
    json.insert(
        "fish".to_string(),
        serde_json::json!({
            "size": fish.size,
            "base_set": house_names(step.houses),
            "cover_set": house_names(step.cover_houses),
            "fins": cells(step.fins),
            "endo_fins": cells(step.endo_fins),
            "cannibalistic": cells(step.eliminations.cells() & step.cells),
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_fish_gnpx_style_with_long_form_and_json() {
        let mut step = Step::new(TechniqueId::FinnedFrankenSwordfish);
        step.digits = 1 << 3;
        step.houses = 1 | 1 << 4 | 1 << 24; // r1 r5 b7
        step.cover_houses = 1 << 10 | 1 << 14 | 1 << 16; // c2 c6 c8
        step.fins = [4 * 9 + 8, 3 * 9 + 8].into_iter().collect();
        step.eliminations.insert(5 * 9 + 7, 3);
        assert_eq!(
            fish_line(&step),
            "Finned Franken SwordFish #4 r15b7/c268 → r6c8<>4"
        );
        assert_eq!(
            fish_details(&step),
            [
                "     Digit: #4",
                "   BaseSet: r15 b7",
                "  CoverSet: c268",
                "    FinSet: r45c9",
                "  Eliminated: r6c8<>4",
            ]
        );
        let mut json = Map::new();
        fish_extras(&step, &mut json);
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
            fish_line(&step),
            "Finned Cannibalistic Mutant JellyFish with Endo Fin #1 r1c1b15/r2c2b23 → r1c2<>1"
        );
        let lines = fish_details(&step);
        assert!(lines.contains(&"  Endo Fin: r1c1".to_string()), "{lines:?}");
        assert!(
            lines.contains(&"  Cannibalistic: r1c2".to_string()),
            "{lines:?}"
        );
        assert!(fish_details(&Step::new(TechniqueId::NakedPair)).is_empty());
    }
}
