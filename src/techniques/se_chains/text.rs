//! The text of SE's chain steps: the SE hint name with its complexity, what it concludes, and
//! one line per chain (assumption first), in sgrade's notation (`r1c2=5`, `r3c4<>7`).

use serde_json::{Map, Value};

use crate::core::notation::{cell_name, elimination_names, placement_names};
use crate::techniques::step::Step;
use crate::techniques::text::StepText;

use super::engine::Prop;
use super::nodes::{cell_of, digit_of, is_on, NONE};

/// What a chain step keeps of its hint: SE's name, the complexity and the chains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeChain {
    /// SE's hint name (`Turbot Fish`, `Dynamic Cell Forcing Chains (+)` …).
    pub name: &'static str,
    /// SE's complexity (flat + nested), which sets the length bonus.
    pub complexity: u32,
    /// What the chains conclude from what (`r1c2=5 ⇒ r4c4=3 both on & off`).
    pub headline: String,
    /// One line per chain or branch, assumption first.
    pub chains: Vec<String>,
}

/// `r1c2=5` (on) or `r1c2<>5` (off).
pub fn node_name(n: u16) -> String {
    let sign = if is_on(n) { "=" } else { "<>" };
    format!("{}{sign}{}", cell_name(cell_of(n)), digit_of(n) + 1)
}

/// A [`prop_path`] entry's mark of a node made by a nested technique (`[+]`).
const NESTED: u32 = 1 << 31;

/// The first-parent chain of a propagation's node (or of its clash instance), appended to
/// `out` from the node back to its assumption: one entry a node, its id in the low 16 bits,
/// above them how many further parents it has (hidden or rule parents), or `NESTED`.
/// [`path_text`] makes the text; the path is taken while the propagation exists, the text
/// only for a hint that is shown.
pub fn prop_path(prop: &Prop, node: u16, clash: bool, out: &mut Vec<u32>) {
    let start = out.len();
    let mut at = node;
    if clash {
        out.push(u32::from(node));
        at = prop.clash.as_ref().map_or(NONE, |c| c.parent);
    }
    while at != NONE && out.len() - start <= 1458 {
        let mark = if prop.nested_set.contains(at) {
            NESTED
        } else {
            (prop.extras(at).len() as u32) << 16
        };
        out.push(u32::from(at) | mark);
        at = prop.parent(at);
    }
}

/// The text of a [`prop_path`], assumption first: a node with further parents is marked
/// `+k`, one made by a nested technique `[+]`.
pub fn path_text(path: &[u32]) -> String {
    let names: Vec<String> = path
        .iter()
        .rev()
        .map(|&entry| {
            let mut name = node_name((entry & 0xFFFF) as u16);
            if entry & NESTED != 0 {
                name.push_str("[+]");
            } else if entry >> 16 > 0 {
                name.push_str(&format!("+{}", entry >> 16));
            }
            name
        })
        .collect();
    names.join(" -> ")
}

/// The text of SE's chain steps.
pub const TEXT: StepText = StepText {
    line: chain_line,
    details: chain_details,
    extras: chain_extras,
};

/// `Forcing Chain (complexity 8): r3c1=9 ⇒ r3c1<>9 → r3c1<>9`.
pub fn chain_line(step: &Step) -> String {
    let Some(se) = &step.se_chain else {
        return crate::techniques::text::default_line(step);
    };
    let result: Vec<String> = placement_names(&step.placements)
        .into_iter()
        .chain(elimination_names(&step.eliminations))
        .collect();
    let mut text = format!("{} (complexity {})", se.name, se.complexity);
    if !se.headline.is_empty() {
        text.push_str(": ");
        text.push_str(&se.headline);
    }
    text.push_str(" → ");
    text.push_str(&result.join(" "));
    text
}

/// One line per chain.
pub fn chain_details(step: &Step) -> Vec<String> {
    step.se_chain
        .as_ref()
        .map(|se| se.chains.clone())
        .unwrap_or_default()
}

/// The `se_chain` object: name, complexity, headline, chains.
pub fn chain_extras(step: &Step, json: &mut Map<String, Value>) {
    let Some(se) = &step.se_chain else {
        return;
    };
    json.insert(
        "se_chain".to_string(),
        serde_json::json!({
            "name": se.name,
            "complexity": se.complexity,
            "headline": se.headline,
            "chains": se.chains,
        }),
    );
}
