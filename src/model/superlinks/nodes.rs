//! The super-link chain as a step carries it: nodes, links, ForceChain stems and conclusions,
//! and their text in GNPX's notation (`[S r2c6/-2 -> r6c6/+2]`, `ForceChain_House(row2#1) r6c6#2
//! is true`).

use std::fmt;

use crate::core::notation::{cell_name, compressed_cells, house_name};
use crate::core::Bits81;
use crate::model::links::LinkKind;

/// A super-link node: a candidate or a group of one digit's candidates, true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuperNode {
    /// The cell, or the cells of a group.
    pub cells: Bits81,
    /// The digit index.
    pub digit: u8,
    /// True for `+`.
    pub on: bool,
}

impl fmt::Display for SuperNode {
    /// `r2c6/-2`, a group `r2c46/+1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { '+' } else { '-' };
        // A group spread over several rows prints its parts joined by commas.
        let cells = compressed_cells(self.cells).replace(' ', ",");
        write!(f, "{cells}/{sign}{}", self.digit + 1)
    }
}

/// One link of a ForceChain branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuperLink {
    /// Strong (false ⇒ true, or into a true group) or weak (true ⇒ false).
    pub kind: LinkKind,
    /// The premise.
    pub from: SuperNode,
    /// The conclusion.
    pub to: SuperNode,
    /// The cells of the almost locked set the link passes through (empty if none).
    pub als: Bits81,
}

impl fmt::Display for SuperLink {
    /// GNPX notation: `[S r2c6/-2 -> r6c6/+2]`, `[S (ALS:r2468c4) r2c4/-1 -> r4c4/+3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            LinkKind::Strong => 'S',
            LinkKind::Weak => 'W',
        };
        if self.als.is_empty() {
            write!(f, "[{kind} {} -> {}]", self.from, self.to)
        } else {
            write!(
                f,
                "[{kind} (ALS:{}) {} -> {}]",
                compressed_cells(self.als),
                self.from,
                self.to
            )
        }
    }
}

/// Where the branches of a ForceChain conclusion start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stem {
    /// Every candidate of a cell (ForceChain_Cell).
    Cell(u8),
    /// Every place of a digit in a house (ForceChain_House).
    House {
        /// The house (0..27).
        house: u8,
        /// The digit index.
        digit: u8,
    },
    /// Each fin of a Kraken fish assumed true (the fins are the step's `fins`).
    Fins {
        /// The fish's digit index.
        digit: u8,
    },
    /// One candidate assumed true (ForceChain_Contradiction).
    Candidate {
        /// The cell.
        cell: u8,
        /// The digit index.
        digit: u8,
    },
    /// One candidate assumed true, then false (ForceChain_Both).
    Both {
        /// The cell.
        cell: u8,
        /// The digit index.
        digit: u8,
    },
}

/// One result of a ForceChain step: a candidate proved true or false, and the branches that
/// prove it (one per stem candidate; two, to the true and the false node, for a contradiction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForceConclusion {
    /// The cell concluded about.
    pub cell: u8,
    /// The digit index.
    pub digit: u8,
    /// True: the digit is placed; false: it is eliminated.
    pub truth: bool,
    /// The stem the branches start from.
    pub stem: Stem,
    /// The branches.
    pub branches: Vec<Vec<SuperLink>>,
}

/// Joins a branch's links with ` => `.
pub fn branch_text(links: &[SuperLink]) -> String {
    links
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(" => ")
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

/// The title line of one ForceChain result after the technique's `title`:
/// `ForceChain_House(row2#1) r6c6#2 is true`.
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

/// A stem's name: a cell `r1c2`, a house stem `row2#1`, a candidate `r1c2#5`, a Kraken fish's
/// `fins` with the digit `r45c9#4`.
pub fn stem_name(stem: Stem, fins: Bits81) -> String {
    match stem {
        Stem::Cell(cell) => cell_name(cell as usize),
        Stem::House { house, digit } => house_stem(house as usize, digit as usize),
        Stem::Candidate { cell, digit } | Stem::Both { cell, digit } => {
            format!("{}#{}", cell_name(cell as usize), digit + 1)
        }
        Stem::Fins { digit } => format!("{}#{}", compressed_cells(fins), digit + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell_at;

    #[test]
    fn super_links_print_in_gnpx_notation() {
        let link = SuperLink {
            kind: LinkKind::Strong,
            from: SuperNode {
                cells: Bits81::cell(cell_at(1, 3)),
                digit: 0,
                on: false,
            },
            to: SuperNode {
                cells: Bits81::cell(cell_at(3, 3)),
                digit: 2,
                on: true,
            },
            als: [1, 3, 5, 7].iter().map(|&r| cell_at(r, 3)).collect(),
        };
        assert_eq!(link.to_string(), "[S (ALS:r2468c4) r2c4/-1 -> r4c4/+3]");
    }
}
