//! The nice loop family's text: a grouped nice loop prints its links between candidates and
//! groups (a plain nice loop prints as any chain, `techniques::text::chain_line`).

use crate::core::notation::digit_list;
use crate::techniques::step::Step;
use crate::techniques::text::removed;

/// `Grouped Nice Loop/AIC #1: [S r1c23/-1 -> r1c7/+1] => … → r2c2<>1`.
pub fn grouped_line(step: &Step) -> String {
    format!(
        "{} #{}: {} → {}",
        step.technique.info().title,
        digit_list(step.digits),
        step.group_chain
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join(" => "),
        removed(step)
    )
}
