//! HoDoKu's Forcing Chain/Net proofs: the nodes (a candidate or group set or deleted), what the
//! premises lead to (a contradiction or a verity, and its reason) and the chains that show it.
//! The forcing search (`techniques::forcing_net`) fills them; a step carries one, and its text
//! prints them in HoDoKu's words.

use std::fmt;

use crate::core::notation::{cell_name, compressed_cells, house_long_name};
use crate::core::Bits81;

/// A chain node: one candidate (or a group of one digit's candidates) set or deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForcingNode {
    /// The cell, or the cells of a group node.
    pub cells: Bits81,
    /// The digit index.
    pub digit: u8,
    /// True: set (`=`); false: deleted (`<>`).
    pub on: bool,
}

impl fmt::Display for ForcingNode {
    /// `r1c2=5`, `r3c4<>7`, a group `r1c23=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = compressed_cells(self.cells).replace(' ', ",");
        let sign = if self.on { "=" } else { "<>" };
        write!(f, "{cells}{sign}{}", self.digit + 1)
    }
}

/// HoDoKu's two step types of each technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcingKind {
    /// One premise leads to an impossibility: it is false.
    Contradiction,
    /// Premises of which one must hold all lead to the same result.
    Verity,
}

/// What the premises lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcingReason {
    /// A candidate both set and deleted.
    SetAndDeleted {
        /// The cell.
        cell: u8,
        /// The digit index.
        digit: u8,
    },
    /// Two digits set in one cell.
    TwoValues {
        /// The cell.
        cell: u8,
        /// The two digit indices.
        digits: [u8; 2],
    },
    /// One digit set twice in a house.
    TwiceInHouse {
        /// The house (0..27).
        house: u8,
        /// The digit index.
        digit: u8,
    },
    /// Every candidate of a cell deleted.
    EmptyCell {
        /// The cell.
        cell: u8,
    },
    /// Every place of a digit in a house deleted.
    EmptyHouse {
        /// The house (0..27).
        house: u8,
        /// The digit index.
        digit: u8,
    },
    /// A candidate set and the same candidate deleted agree.
    BothWays {
        /// The cell.
        cell: u8,
        /// The digit index.
        digit: u8,
    },
    /// Every candidate of a cell set agree.
    Cell {
        /// The cell.
        cell: u8,
    },
    /// Every place of a digit in a house set agree.
    House {
        /// The house (0..27).
        house: u8,
        /// The digit index.
        digit: u8,
    },
}

impl fmt::Display for ForcingReason {
    /// `r3c4 set and deleted #7`, `all of r5c5`, `all of row 2 #4` …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let house = |h: u8| house_long_name(h as usize);
        match *self {
            ForcingReason::SetAndDeleted { cell, digit } => {
                write!(
                    f,
                    "{} both set to and deleted #{}",
                    cell_name(cell as usize),
                    digit + 1
                )
            }
            ForcingReason::TwoValues { cell, digits } => write!(
                f,
                "{} set to both {} and {}",
                cell_name(cell as usize),
                digits[0] + 1,
                digits[1] + 1
            ),
            ForcingReason::TwiceInHouse { house: h, digit } => {
                write!(f, "{} gets #{} twice", house(h), digit + 1)
            }
            ForcingReason::EmptyCell { cell } => {
                write!(f, "{} loses every candidate", cell_name(cell as usize))
            }
            ForcingReason::EmptyHouse { house: h, digit } => {
                write!(f, "{} loses every place for #{}", house(h), digit + 1)
            }
            ForcingReason::BothWays { cell, digit } => {
                write!(
                    f,
                    "{}#{} set or deleted",
                    cell_name(cell as usize),
                    digit + 1
                )
            }
            ForcingReason::Cell { cell } => {
                write!(f, "each candidate of {}", cell_name(cell as usize))
            }
            ForcingReason::House { house: h, digit } => {
                write!(f, "each place of #{} in {}", digit + 1, house(h))
            }
        }
    }
}

/// A Forcing Chain/Net step's proof: its type, premises, what they lead to, and one chain per
/// premise and end node (net steps show the path through each premise's look-ahead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcingProof {
    /// Contradiction or verity.
    pub kind: ForcingKind,
    /// What the premises lead to.
    pub reason: ForcingReason,
    /// The premises (one for a contradiction); empty where the grader makes no explanations
    /// (`techniques::trace`).
    pub premises: Vec<ForcingNode>,
    /// The chains, each from a premise to a node the reason names; empty likewise.
    pub chains: Vec<Vec<ForcingNode>>,
}

impl ForcingProof {
    /// HoDoKu's step type name after the technique's `title`: `Forcing Chain Contradiction`,
    /// `Forcing Net Verity` …
    pub fn type_name(&self, title: &str) -> String {
        let kind = match self.kind {
            ForcingKind::Contradiction => "Contradiction",
            ForcingKind::Verity => "Verity",
        };
        format!("{title} {kind}")
    }
}
