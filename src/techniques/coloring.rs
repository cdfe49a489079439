//! Colouring: the conjugate pairs of a digit form clusters; each cluster splits into two colours,
//! exactly one of which is true.
//!
//! - Color Trap: a candidate seeing both colours of a cluster is false.
//! - Color Wrap: a colour with two cells in one house is false, all its cells at once.
//! - Multi-Color Type 1 (HoDoKu "Multi-Colors 1"): when a colour of one cluster sees a colour of
//!   another, one of the two opposite colours is true; candidates seeing both opposite colours
//!   are false.
//! - Multi-Color Type 2 (HoDoKu "Multi-Colors 2"): a colour that sees both colours of another
//!   cluster is false.

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::notation::{compressed_cells, digit_list};
use crate::core::{Bits81, Grid, PEERS};
use crate::model::links::{peers_of_any, with_links};
use crate::techniques::step::{with_kept_step, Step};
use crate::techniques::text::removed;

/// Hands `sink` the step of `technique` removing `digit` from `removed`, with the `colors`
/// (made in the thread's kept step: no allocation per find).
fn coloring_step(
    technique: TechniqueId,
    digit: usize,
    removed: Bits81,
    colors: &[Bits81],
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    with_kept_step(|step| {
        step.reset(technique);
        step.eliminations.planes[digit] = removed;
        step.cells = colors.iter().fold(Bits81::EMPTY, |acc, c| acc | *c);
        step.digits = 1 << digit;
        step.colors.extend_from_slice(colors);
        sink(step)
    })
}

/// Whether two cells of `color` share a house.
fn sees_itself(color: Bits81) -> bool {
    color.iter().any(|cell| PEERS[cell].intersects(color))
}

/// Color Trap: per digit and cluster, every uncoloured candidate seeing both colours.
pub fn color_trap(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        for digit in 0..9 {
            for colors in links.clusters(digit).as_slice() {
                let removed =
                    (links.plane(digit) & peers_of_any(colors[0]) & peers_of_any(colors[1]))
                        .and_not(colors[0] | colors[1]);
                if !removed.is_empty() {
                    coloring_step(TechniqueId::ColorTrap, digit, removed, colors, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// Color Wrap: per digit and cluster, a colour with two cells in one house is removed whole.
pub fn color_wrap(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        for digit in 0..9 {
            for colors in links.clusters(digit).as_slice() {
                let mut removed = Bits81::EMPTY;
                for &color in colors {
                    if sees_itself(color) {
                        removed |= color;
                    }
                }
                if !removed.is_empty() {
                    coloring_step(TechniqueId::ColorWrap, digit, removed, colors, sink)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// Multi-Color Type 1: per digit and pair of clusters (i < j), for every colour pair (a of i,
/// b of j) where a sees b, candidates seeing both opposite colours are removed; one step per
/// cluster pair with all its eliminations.
pub fn multi_color_1(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        for digit in 0..9 {
            let clusters = links.clusters(digit).as_slice();
            for (i, first) in clusters.iter().enumerate() {
                let first_peers = [peers_of_any(first[0]), peers_of_any(first[1])];
                for second in &clusters[i + 1..] {
                    let second_peers = [peers_of_any(second[0]), peers_of_any(second[1])];
                    let mut removed = Bits81::EMPTY;
                    for a in 0..2 {
                        for b in 0..2 {
                            if first_peers[a].intersects(second[b]) {
                                removed |= first_peers[1 - a] & second_peers[1 - b];
                            }
                        }
                    }
                    removed &= links.plane(digit);
                    if !removed.is_empty() {
                        let colors = [first[0], first[1], second[0], second[1]];
                        coloring_step(TechniqueId::MultiColor1, digit, removed, &colors, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// Multi-Color Type 2: per digit and ordered pair of clusters (i, j), a colour of i that sees
/// both colours of j is removed whole.
pub fn multi_color_2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_links(grid, |links| {
        for digit in 0..9 {
            let clusters = links.clusters(digit).as_slice();
            for (i, first) in clusters.iter().enumerate() {
                let first_peers = [peers_of_any(first[0]), peers_of_any(first[1])];
                for (j, second) in clusters.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    let mut removed = Bits81::EMPTY;
                    for a in 0..2 {
                        if first_peers[a].intersects(second[0])
                            && first_peers[a].intersects(second[1])
                        {
                            removed |= first[a];
                        }
                    }
                    if !removed.is_empty() {
                        let colors = [first[0], first[1], second[0], second[1]];
                        coloring_step(TechniqueId::MultiColor2, digit, removed, &colors, sink)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// A colouring step: `Color Trap #1: r1c1 r7c6 | r7c1 r3c6 → r1c5<>1`.
pub fn colors_line(step: &Step) -> String {
    format!(
        "{} #{}: {} → {}",
        step.technique.info().title,
        digit_list(step.digits),
        colors_text(&step.colors),
        removed(step)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, digit_one_only_in};

    #[test]
    fn trap_removes_a_cell_seeing_both_colours() {
        // r1c1 =c1= r7c1 =r7= r7c6 =c6= r3c6, and r7c1 =b7= r9c2: colours {r1c1, r7c6, r9c2}
        // and {r7c1, r3c6}. r3c2 sees r1c1 (box 1) and r3c6 (row 3); rows, columns and boxes
        // through it hold 1 three times, so it is in no conjugate pair itself.
        let g = digit_one_only_in(&[0, 54, 59, 23, 19, 26, 10, 73]);
        let steps = TechniqueId::ColorTrap.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].eliminations, candidates(&["r3c2#1"]));
        assert_eq!(steps[0].colors.len(), 2);
        assert!(TechniqueId::ColorWrap.find_all(&g).is_empty());
    }

    #[test]
    fn wrap_removes_a_colour_seeing_itself() {
        // r1c7 =r1= r1c1 =c1= r5c1 =r5= r5c8 =c8= r3c8: colours {r1c1, r5c8} and
        // {r1c7, r5c1, r3c8}; r1c7 and r3c8 share box 3 (with r2c9 there too, so box 3 is no
        // conjugate pair): the second colour is false.
        let g = digit_one_only_in(&[0, 6, 36, 43, 25, 17]);
        let steps = TechniqueId::ColorWrap.find_all(&g);
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(
            steps[0].eliminations,
            candidates(&["r1c7#1", "r5c1#1", "r3c8#1"])
        );
    }
}
