//! The text of HoDoKu's Forcing Chain/Net steps: the type, the reason and the result on one line,
//! then one line per chain; the `forcing` JSON object.

use serde_json::{Map, Value};

use crate::core::notation::{elimination_names, placement_names};
use crate::model::forcing::{ForcingKind, ForcingNode, ForcingProof};
use crate::techniques::step::Step;
use crate::techniques::text::StepText;

/// The text of Forcing Chain and Forcing Net.
pub const TEXT: StepText = StepText {
    line: forcing_line,
    details: crate::techniques::text::no_details,
    extras: forcing_extras,
};

/// A Forcing Chain/Net step: `Forcing Net Verity (each candidate of r5c5) => r4c4=3`, then one
/// line per chain (`r5c5=1 -> r5c6<>1 -> …`).
pub fn forcing_line(step: &Step) -> String {
    let Some(proof) = &step.forcing else {
        return String::new();
    };
    let result: Vec<String> = placement_names(&step.placements)
        .into_iter()
        .chain(elimination_names(&step.eliminations))
        .collect();
    let mut text = format!(
        "{} ({}) => {}",
        proof.type_name(step.technique.info().title),
        reason_text(proof),
        result.join(" ")
    );
    for chain in &proof.chains {
        text.push_str("\n       ");
        text.push_str(&chain_text(chain));
    }
    text
}

/// A forcing proof's reason, with its premise when there is one.
fn reason_text(proof: &ForcingProof) -> String {
    match proof.kind {
        ForcingKind::Contradiction => match proof.premises.first() {
            Some(premise) => format!("{premise}: {}", proof.reason),
            None => proof.reason.to_string(),
        },
        ForcingKind::Verity => proof.reason.to_string(),
    }
}

/// One forcing chain as its nodes joined by arrows.
fn chain_text(chain: &[ForcingNode]) -> String {
    chain
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The `forcing` object: type, reason, premises and chains.
pub fn forcing_extras(step: &Step, json: &mut Map<String, Value>) {
    let Some(proof) = &step.forcing else {
        return;
    };
    json.insert(
        "forcing".to_string(),
        serde_json::json!({
            "type": proof.type_name(step.technique.info().title),
            "reason": proof.reason.to_string(),
            "premises": proof.premises.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
            "chains": proof
                .chains
                .iter()
                .map(|c| c.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        }),
    );
}
