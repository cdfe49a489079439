//! Human-readable and JSON descriptions of steps (GNPX-style wording).

use crate::core::{cell_name, house_name, Bits81, CandidateSet, HOUSE_SETS};
use crate::model::links::{ChainLink, LinkKind};
use crate::model::superlinks::{branch_text, ForceConclusion, Stem};
use crate::techniques::fish::{self, FishClass, FishShape, FishTechnique};
use crate::techniques::forcing_net::{ForcingKind, ForcingNode, ForcingProof};
use crate::techniques::step::Step;
use crate::techniques::wings::XYZ_WING_ALS_NAMES;
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

/// A Kraken fish: the fish line, then per target its title line and one chain per fin.
fn kraken_text(step: &Step) -> String {
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
        elimination_names(&step.eliminations).join(" ")
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

/// Extra lines for the long form of a step (`explain`): a fish's BaseSet, CoverSet, FinSet,
/// Endo Fin, Cannibalistic and Eliminated, GNPX style; nothing for other techniques.
pub fn details(step: &Step) -> Vec<String> {
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

/// Cells in GNPX's compressed form: rows with the same columns merge (`r2c4 r4c4` → `r24c4`,
/// `r5c4 r5c6` → `r5c46`).
pub fn compressed_cells(cells: Bits81) -> String {
    let mut columns = [0u16; 9];
    for cell in cells {
        columns[cell / 9] |= 1 << (cell % 9);
    }
    let mut groups: Vec<(u16, u16)> = Vec::new(); // (rows, columns)
    for (row, &cols) in columns.iter().enumerate() {
        if cols == 0 {
            continue;
        }
        match groups.iter_mut().find(|(_, c)| *c == cols) {
            Some((rows, _)) => *rows |= 1 << row,
            None => groups.push((1 << row, cols)),
        }
    }
    groups
        .iter()
        .map(|&(rows, cols)| format!("r{}c{}", digit_list(rows), digit_list(cols)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The chain in GNPX notation: `[S r2c6/-2 -> r6c6/+2] => …`.
pub fn chain_text(chain: &[ChainLink]) -> String {
    chain
        .iter()
        .map(|link| link.to_string())
        .collect::<Vec<_>>()
        .join(" => ")
}

/// Almost locked sets joined by their RCCs: `(ALS:r2468c4) -#3- (ALS:r5c12)`.
fn als_chain_text(sets: &[Bits81], rccs: &[u16]) -> String {
    let mut text = String::new();
    for (i, &set) in sets.iter().enumerate() {
        if i > 0 {
            let rcc = rccs.get(i - 1).copied().unwrap_or(0);
            text.push_str(&format!(" -#{}- ", digit_list(rcc)));
        }
        text.push_str(&format!("(ALS:{})", compressed_cells(set)));
    }
    text
}

/// An XYZ-Wing (ALS) step read back: its stem, the stem's candidates and the eliminated digit
/// (a mask).
struct XyzWingAlsParts {
    stem: usize,
    stem_digits: u16,
    digit: u16,
}

impl XyzWingAlsParts {
    fn of(step: &Step) -> XyzWingAlsParts {
        let digit = (0..9)
            .filter(|&d| !step.eliminations.planes[d].is_empty())
            .fold(0u16, |mask, d| mask | 1 << d);
        XyzWingAlsParts {
            stem: step.pivot.map_or(0, usize::from),
            stem_digits: step.digits & !digit,
            digit,
        }
    }

    /// GNPX's name by the stem's candidate count: XY-Wing for two … UVWXYZ-Wing for six.
    fn name(&self) -> &'static str {
        let width = self.stem_digits.count_ones() as usize;
        XYZ_WING_ALS_NAMES[width.clamp(2, XYZ_WING_ALS_NAMES.len() + 1) - 2]
    }
}

/// `r1c2(#37)`: a cell with its candidates, as GNPX prints wing cells.
fn cell_with_digits(cell: usize, mask: u16) -> String {
    format!("{}(#{})", cell_name(cell), digit_list(mask))
}

/// `r1c56(#124)`: a set of cells (compressed) with its digits.
fn cells_with_digits(cells: Bits81, mask: u16) -> String {
    format!("{}(#{})", compressed_cells(cells), digit_list(mask))
}

/// Eliminations cell by cell as GNPX lists them: `r4c5(#9) r6c5(#9)`.
fn eliminated_cells(set: &CandidateSet) -> String {
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

/// A node's cell and the digit mask of an in-cell strong link (`from` off, `to` on).
fn in_cell_mask(link: &ChainLink) -> (usize, u16) {
    (
        link.from.cell as usize,
        (1 << link.from.digit) | (1 << link.to.digit),
    )
}

/// Colour classes, pairs joined by `|`, clusters by `;`: `r1c1 r7c6 | r7c1 r3c6`.
fn colors_text(colors: &[Bits81]) -> String {
    colors
        .chunks(2)
        .map(|pair| {
            pair.iter()
                .map(|c| compressed_cells(*c))
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `row2#1`, `col4#7`, `box5#3`: a ForceChain_House stem as GNPX names it.
fn house_stem(house: usize, digit: usize) -> String {
    let name = house_name(house);
    let kind = match &name[..1] {
        "r" => "row",
        "c" => "col",
        _ => "box",
    };
    format!("{kind}{}#{}", &name[1..], digit + 1)
}

/// The title line of one ForceChain result: `ForceChain_House(row2#1) r6c6#2 is true`.
pub fn force_title(title: &str, conclusion: &ForceConclusion) -> String {
    let stem = match conclusion.stem {
        Stem::House { house, digit } => format!("({})", house_stem(house as usize, digit as usize)),
        Stem::Both { cell, digit } => format!("({}#{})", cell_name(cell as usize), digit + 1),
        _ => String::new(),
    };
    format!(
        "{title}{stem} {}#{} is {}",
        cell_name(conclusion.cell as usize),
        conclusion.digit + 1,
        if conclusion.truth { "true" } else { "false" }
    )
}

/// A ForceChain step: each result's title line, then one line per branch.
fn force_text(title: &str, step: &Step) -> String {
    let mut text = String::new();
    for (i, conclusion) in step.force.iter().enumerate() {
        if i > 0 {
            text.push_str("\n     ");
        }
        text.push_str(&force_title(title, conclusion));
        for branch in &conclusion.branches {
            text.push_str("\n       ");
            text.push_str(&branch_text(branch));
        }
    }
    text
}

/// A Forcing Chain/Net step: `Forcing Net Verity (each candidate of r5c5) => r4c4=3`, then one
/// line per chain (`r5c5=1 -> r5c6<>1 -> …`).
fn forcing_text(step: &Step) -> String {
    let Some(proof) = &step.forcing else {
        return String::new();
    };
    let result: Vec<String> = placement_names(&step.placements)
        .into_iter()
        .chain(elimination_names(&step.eliminations))
        .collect();
    let mut text = format!(
        "{} ({}) => {}",
        proof.type_name(step.technique),
        forcing_reason_text(proof),
        result.join(" ")
    );
    for chain in &proof.chains {
        text.push_str("\n       ");
        text.push_str(&forcing_chain_text(chain));
    }
    text
}

/// A forcing proof's reason, with its premise when there is one.
fn forcing_reason_text(proof: &ForcingProof) -> String {
    match proof.kind {
        ForcingKind::Contradiction => match proof.premises.first() {
            Some(premise) => format!("{premise}: {}", proof.reason),
            None => proof.reason.to_string(),
        },
        ForcingKind::Verity => proof.reason.to_string(),
    }
}

/// One forcing chain as its nodes joined by arrows.
fn forcing_chain_text(chain: &[ForcingNode]) -> String {
    chain
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" -> ")
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
        TechniqueId::Skyscraper | TechniqueId::TwoStringKite | TechniqueId::TurbotFish => format!(
            "{title} #{} in {}: {} → {removed}",
            digit_list(step.digits),
            compressed_cells(step.eliminations.cells()),
            chain_text(&step.chain)
        ),
        TechniqueId::EmptyRectangle => {
            let link = step.chain.first();
            let box_cells = step.cells & HOUSE_SETS[step.houses.trailing_zeros() as usize];
            format!(
                "EmptyRectangle #{} in {}: ER {}, S-Link {} → {removed}",
                digit_list(step.digits),
                house_list(step.houses),
                compressed_cells(box_cells),
                link.map_or(String::new(), |l| format!(
                    "{}-{}",
                    cell_name(l.from.cell as usize),
                    cell_name(l.to.cell as usize)
                ))
            )
        }
        TechniqueId::XyWing if step.chain.len() == 5 => {
            let (q, q_mask) = in_cell_mask(&step.chain[0]);
            let (pivot, pivot_mask) = in_cell_mask(&step.chain[2]);
            let (r, r_mask) = in_cell_mask(&step.chain[4]);
            format!(
                "XY Wing Pivot: {} Pin: {} ,{} Eliminated: {}",
                cell_with_digits(pivot, pivot_mask),
                cell_with_digits(r, r_mask),
                cell_with_digits(q, q_mask),
                eliminated_cells(&step.eliminations)
            )
        }
        TechniqueId::XyzWing if step.chain.len() == 2 => {
            let pivot = step.pivot.map_or(0, |p| p as usize);
            let (q, q_mask) = in_cell_mask(&step.chain[0]);
            let (r, r_mask) = in_cell_mask(&step.chain[1]);
            format!(
                "XYZ Wing Pivot: {} Pin: {} ,{} Eliminated: {}",
                cell_with_digits(pivot, step.digits),
                cell_with_digits(r, r_mask),
                cell_with_digits(q, q_mask),
                eliminated_cells(&step.eliminations)
            )
        }
        TechniqueId::XyzWingAls if step.als.len() == 2 && step.rcc.len() == 2 => {
            let wing = XyzWingAlsParts::of(step);
            let set = |i: usize| cells_with_digits(step.als[i], step.rcc[i]);
            format!(
                "{} (ALS) #{} Pivot: {} out: {} in: {} Eliminated: {}",
                wing.name(),
                digit_list(wing.digit),
                cell_with_digits(wing.stem, wing.stem_digits),
                set(0),
                set(1),
                eliminated_cells(&step.eliminations)
            )
        }
        TechniqueId::WWing
        | TechniqueId::RemotePair
        | TechniqueId::XChain
        | TechniqueId::XyChain
        | TechniqueId::NiceLoop => format!(
            "{title} #{}: {} → {removed}",
            digit_list(step.digits),
            chain_text(&step.chain)
        ),
        TechniqueId::ColorTrap
        | TechniqueId::ColorWrap
        | TechniqueId::MultiColor1
        | TechniqueId::MultiColor2 => format!(
            "{title} #{}: {} → {removed}",
            digit_list(step.digits),
            colors_text(&step.colors)
        ),
        TechniqueId::ForceChainCell
        | TechniqueId::ForceChainHouse
        | TechniqueId::ForceChainContradiction
        | TechniqueId::ForceChainBoth => force_text(title, step),
        TechniqueId::ForcingChain | TechniqueId::ForcingNet => forcing_text(step),
        TechniqueId::AlsXz | TechniqueId::AlsXyWing | TechniqueId::AlsChain => format!(
            "{} {} Eliminated: {}",
            step.technique.gnpx_label(),
            als_chain_text(&step.als, &step.rcc),
            eliminated_cells(&step.eliminations)
        ),
        TechniqueId::GroupedNiceLoop => format!(
            "{title} #{}: {} → {removed}",
            digit_list(step.digits),
            step.group_chain
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" => ")
        ),
        TechniqueId::SueDeCoqEx1
        | TechniqueId::SueDeCoqEx2
        | TechniqueId::FinnedSueDeCoqEx1
        | TechniqueId::FinnedSueDeCoqEx2 => {
            let leaves = step
                .als
                .iter()
                .skip(1)
                .zip(&step.rcc)
                .map(|(&set, &rcc)| format!("{} (RCC #{})", compressed_cells(set), digit_list(rcc)))
                .collect::<Vec<_>>()
                .join(" / ");
            let fin = if matches!(
                step.technique,
                TechniqueId::FinnedSueDeCoqEx1 | TechniqueId::FinnedSueDeCoqEx2
            ) {
                format!(" fin #{}", digit_list(step.digits))
            } else {
                String::new()
            };
            format!(
                "{} stem {} / {}{fin} Eliminated: {}",
                step.technique.gnpx_label(),
                step.als
                    .first()
                    .map_or_else(String::new, |&s| compressed_cells(s)),
                leaves,
                eliminated_cells(&step.eliminations)
            )
        }
        TechniqueId::SueDeCoq if step.als.len() == 3 => {
            let part = |i: usize| cells_with_digits(step.als[i], step.rcc[i]);
            format!(
                "SueDeCoq {}: {} line: {} box: {} Eliminated: {}",
                house_list(step.houses),
                part(0),
                part(1),
                part(2),
                eliminated_cells(&step.eliminations)
            )
        }
        TechniqueId::DeathBlossom => {
            let stem = step.pivot.map_or(0, |p| p as usize);
            let petals = step
                .als
                .iter()
                .zip(&step.rcc)
                .map(|(&set, &digit)| {
                    format!("#{}-(ALS:{})", digit_list(digit), compressed_cells(set))
                })
                .collect::<Vec<_>>()
                .join(" ");
            format!(
                "DeathBlossom Stem: {} Petals: {petals} Eliminated: {}",
                cell_with_digits(stem, step.digits),
                eliminated_cells(&step.eliminations)
            )
        }
        TechniqueId::KrakenFish => kraken_text(step),
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

/// A step as a JSON object: technique, placements, eliminations, houses, cells, digits, pivot,
/// chain links (`{"kind": "S", "from": "r2c6/-2", "to": "r6c6/+2"}`), colour classes, text,
/// for fish a `fish` object (size, base_set, cover_set, fins, endo_fins, cannibalistic), and
/// for an XYZ-Wing (ALS) an `xyz_wing_als` object (name, stem, stem_digits, digit, out, in).
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
        "rcc": step.rcc.iter().map(|&m| (0..9).filter(|d| m & (1 << d) != 0).map(|d| d + 1).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "colors": step.colors.iter().map(|c| c.iter().map(cell_name).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "force": step.force.iter().map(|c| serde_json::json!({
            "title": force_title(step.technique.info().title, c),
            "cell": cell_name(c.cell as usize),
            "digit": c.digit + 1,
            "truth": c.truth,
            "stem": match c.stem {
                Stem::Cell(cell) => cell_name(cell as usize),
                Stem::House { house, digit } => house_stem(house as usize, digit as usize),
                Stem::Candidate { cell, digit } | Stem::Both { cell, digit } => format!("{}#{}", cell_name(cell as usize), digit + 1),
                Stem::Fins { digit } => format!("{}#{}", compressed_cells(step.fins), digit + 1),
            },
            "branches": c.branches.iter().map(|b| b.iter().map(|l| serde_json::json!({
                "kind": match l.kind { LinkKind::Strong => "S", LinkKind::Weak => "W" },
                "from": l.from.to_string(),
                "to": l.to.to_string(),
                "als": (!l.als.is_empty()).then(|| compressed_cells(l.als)),
            })).collect::<Vec<_>>()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "text": describe(step),
    });
    if let Some(proof) = &step.forcing {
        json["forcing"] = serde_json::json!({
            "type": proof.type_name(step.technique),
            "reason": proof.reason.to_string(),
            "premises": proof.premises.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
            "chains": proof.chains.iter().map(|c| c.iter().map(|n| n.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
        });
    }
    if step.technique == TechniqueId::XyzWingAls && step.als.len() == 2 && step.rcc.len() == 2 {
        let wing = XyzWingAlsParts::of(step);
        let digits = |mask: u16| {
            (0..9)
                .filter(|d| mask & (1 << d) != 0)
                .map(|d| d + 1)
                .collect::<Vec<_>>()
        };
        let set = |i: usize| {
            serde_json::json!({
                "cells": step.als[i].iter().map(cell_name).collect::<Vec<_>>(),
                "digits": digits(step.rcc[i]),
            })
        };
        json["xyz_wing_als"] = serde_json::json!({
            "name": wing.name(),
            "stem": cell_name(wing.stem),
            "stem_digits": digits(wing.stem_digits),
            "digit": wing.digit.trailing_zeros() + 1,
            "out": set(0),
            "in": set(1),
        });
    }
    if let Some(fish) = fish_of(step) {
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

    #[test]
    fn cells_compress_by_row_then_column() {
        let cells: Bits81 = [12, 30, 48, 66].into_iter().collect(); // r2c4 r4c4 r6c4 r8c4
        assert_eq!(compressed_cells(cells), "r2468c4");
        let cells: Bits81 = [39, 41, 31].into_iter().collect(); // r5c4 r5c6 r4c5
        assert_eq!(compressed_cells(cells), "r4c5 r5c46");
        assert_eq!(compressed_cells(Bits81::EMPTY), "");
    }

    #[test]
    fn describes_patterns_in_gnpx_style() {
        use crate::core::test_support::digit_one_only_in;
        // Seed-style skyscraper on digit 1 (see single_digit tests).
        let g = digit_one_only_in(&[0, 54, 13, 58, 62, 5, 10]);
        let step = TechniqueId::Skyscraper
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations.count() == 2)
            .unwrap();
        assert_eq!(
            describe(&step),
            "Skyscraper #1 in r1c6 r2c2: [S r1c1/-1 -> r7c1/+1] => [W r7c1/+1 -> r7c5/-1] => \
             [S r7c5/-1 -> r2c5/+1] → r1c6<>1 r2c2<>1"
        );
        let json = step_json(&step, 1);
        assert_eq!(json["links"][1]["kind"], "W");
        assert_eq!(json["links"][1]["from"], "r7c1/+1");
        let g = digit_one_only_in(&[31, 39, 41, 44, 71, 67, 4]);
        let step = TechniqueId::EmptyRectangle
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations.contains(67, 0))
            .unwrap();
        assert_eq!(
            describe(&step),
            "EmptyRectangle #1 in b5: ER r4c5 r5c46, S-Link r5c9-r8c9 → r8c5<>1"
        );
        assert_eq!(step_json(&step, 1)["pivot"], "r5c5");
    }

    #[test]
    fn describes_als_steps_with_compressed_sets_and_rccs() {
        use crate::core::test_support::{candidates, with_cells};
        let g = with_cells(&[(0, &[1, 2]), (3, &[1, 3]), (12, &[2, 3])]);
        let want = candidates(&["r1c5#2", "r1c6#2", "r2c1#2", "r2c2#2", "r2c3#2"]);
        let step = TechniqueId::AlsXz
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .unwrap();
        assert_eq!(
            describe(&step),
            "ALS_XZ (ALS:r1c1) -#1- (ALS:r12c4) Eliminated: r1c5(#2) r1c6(#2) r2c1(#2) r2c2(#2) \
             r2c3(#2)"
        );
        let json = step_json(&step, 1);
        assert_eq!(json["als"][1], "r12c4");
        assert_eq!(json["rcc"][0][0], 1);
        let g = with_cells(&[(40, &[1, 2]), (36, &[1, 3]), (4, &[2, 3])]);
        let step = TechniqueId::DeathBlossom.find_first(&g).unwrap();
        assert!(describe(&step).starts_with("DeathBlossom Stem: r5c5(#12) Petals: #1-(ALS:"));
    }

    #[test]
    fn describes_xyz_wing_als_with_stem_sets_and_json() {
        use crate::core::test_support::with_cells;
        // Stem r1c1 {1,2,3}, out r1c56 {1,2,4}, in r2c2 {3,4}: 4 leaves r1c23 and r2c456.
        let g = with_cells(&[(0, &[1, 2, 3]), (4, &[1, 4]), (5, &[2, 4]), (10, &[3, 4])]);
        let step = TechniqueId::XyzWingAls.find_first(&g).unwrap();
        assert_eq!(
            describe(&step),
            "XYZ-Wing (ALS) #4 Pivot: r1c1(#123) out: r1c56(#124) in: r2c2(#34) Eliminated: \
             r1c2(#4) r1c3(#4) r2c4(#4) r2c5(#4) r2c6(#4)"
        );
        let json = step_json(&step, 7);
        let wing = &json["xyz_wing_als"];
        assert_eq!(wing["name"], "XYZ-Wing");
        assert_eq!(wing["stem"], "r1c1");
        assert_eq!(wing["stem_digits"], serde_json::json!([1, 2, 3]));
        assert_eq!(wing["digit"], 4);
        assert_eq!(wing["out"]["cells"], serde_json::json!(["r1c5", "r1c6"]));
        assert_eq!(wing["out"]["digits"], serde_json::json!([1, 2, 4]));
        assert_eq!(wing["in"]["cells"], serde_json::json!(["r2c2"]));
        assert_eq!(json["pivot"], "r1c1");
        assert_eq!(json["eliminations"].as_array().unwrap().len(), 5);
        // A bivalue stem is GNPX's "XY-Wing (*ALS)".
        let g = with_cells(&[(0, &[1, 2]), (4, &[1, 3]), (10, &[2, 3])]);
        let step = TechniqueId::XyzWingAls.find_first(&g).unwrap();
        assert!(describe(&step).starts_with("XY-Wing (ALS) #3 Pivot: r1c1(#12)"));
    }
}
