//! The step line of SE's techniques: SE's hint name, then the pattern and its result.

use crate::core::notation::{cell_list, digit_list, house_list};
use crate::techniques::step::Step;
use crate::techniques::text::{placed, removed};

/// `Direct Hidden Pair #37 in b1: r1c1 r1c2 ⇒ r1c5=4`: SE's name, then as the plain form.
pub fn line(step: &Step) -> String {
    let mut text = format!("{} #{}", super::se_name(step), digit_list(step.digits));
    if step.houses != 0 {
        text.push_str(&format!(" in {}", house_list(step.houses)));
    }
    if !step.cells.is_empty() {
        text.push_str(&format!(": {}", cell_list(step.cells)));
    }
    let placed = placed(step);
    if !placed.is_empty() {
        text.push_str(&format!(" ⇒ {placed}"));
    }
    let removed = removed(step);
    if !removed.is_empty() {
        text.push_str(&format!(" → {removed}"));
    }
    text
}
