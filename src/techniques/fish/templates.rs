//! Which candidates of a digit no fish can remove: those that lie in some template.
//!
//! A template of a digit's candidates `plane` is a set of its cells holding exactly one cell of
//! every house that has a candidate (the digit's placements in a solution are one). Every fish the
//! engine reports is a deduction about that digit alone, from "every base house holds the digit
//! exactly once, every cover house at most once, and a cell seeing a true fin is false": a
//! template obeys all of it, so no fish removes a cell of a template. The candidates in no
//! template are the only cells a fish may eliminate, and a plane whose every candidate lies in a
//! template has no fish at all — the usual case when the ladder reaches the Franken/Mutant and
//! endo-finned rungs (the single-digit rungs before them have already removed what they could).
//!
//! Kraken fish are not such deductions (their fins are tied to a target by chains, and the
//! search reports what the fish removes without its fins), so this bound is not theirs.

use super::search::CELL_HOUSE_MASKS;
use crate::core::{Bits81, HOUSE_SETS, PEERS};

/// Search nodes one cell's template search may visit. Past it the cell is left out of the
/// result (kept as a possible elimination), which only weakens the bound; the fish searches stay
/// exact either way. Planes of a graded puzzle take a few dozen nodes per cell.
const NODE_BUDGET: u32 = 4096;

/// Search nodes all of one plane's template searches may visit together; past it the cells not
/// yet found in a template are left out (as above). It bounds the worst case, a dense plane with
/// many cells in no template (each a whole failed search), to about one Franken/Mutant search.
const PLANE_BUDGET: u32 = 16_384;

/// The cells of `plane` that lie in some template of it: a subset (with the node budgets, a
/// possibly smaller one) of the candidates no fish can remove. Empty when the plane has no
/// template at all (a broken state), so that nothing is ruled out there.
pub(crate) fn template_cells(plane: Bits81) -> Bits81 {
    template_cells_within(plane, NODE_BUDGET, PLANE_BUDGET)
}

/// [`template_cells`] with the given budgets (per cell, per plane).
fn template_cells_within(plane: Bits81, per_cell: u32, per_plane: u32) -> Bits81 {
    let mut none = KnownTemplates::NONE;
    template_cells_seeded(plane, per_cell, per_plane, &mut none)
}

/// How many templates [`KnownTemplates`] keeps (a plane's cells are covered by a handful).
const KEPT_TEMPLATES: usize = 12;

/// Templates found on a digit's plane, each with the houses it was a template for, kept to
/// seed [`template_cells_from`] on a later plane of the digit.
///
/// A template of one plane is a template of any other plane that holds it and has candidates
/// in the same houses: it still has one cell in each of them and none elsewhere. A step's
/// eliminations leave most of a plane's templates whole, so on the next state of the puzzle
/// their cells are known to lie in a template without a search; only the cells they no longer
/// cover are searched for. (Keeping also what is left of a template through a placed cell
/// saved nothing more: measured.)
#[derive(Clone, Copy)]
pub(crate) struct KnownTemplates {
    kept: [(Bits81, u32); KEPT_TEMPLATES],
    len: usize,
}

impl KnownTemplates {
    /// No template known.
    pub(crate) const NONE: KnownTemplates = KnownTemplates {
        kept: [(Bits81::EMPTY, 0); KEPT_TEMPLATES],
        len: 0,
    };
}

/// [`template_cells`] of `plane`, seeded with the templates in `known` that are still
/// templates of it, and leaving in `known` the templates the result is the union of (as many
/// as it keeps). The result is again a subset of the union of all templates, and that union
/// whenever the searches stay within their budgets (as they do on graded puzzles), so a
/// fish search bounded by it finds the same fish.
pub(crate) fn template_cells_from(plane: Bits81, known: &mut KnownTemplates) -> Bits81 {
    template_cells_seeded(plane, NODE_BUDGET, PLANE_BUDGET, known)
}

/// [`template_cells_from`] with the given budgets (per cell, per plane).
fn template_cells_seeded(
    plane: Bits81,
    per_cell: u32,
    per_plane: u32,
    known: &mut KnownTemplates,
) -> Bits81 {
    let needed = houses_of(plane);
    // A template has one cell in each row, column and box holding a candidate: as many of each.
    let rows = (needed & 0x1FF).count_ones();
    if (needed >> 9 & 0x1FF).count_ones() != rows || (needed >> 18).count_ones() != rows {
        known.len = 0;
        return Bits81::EMPTY;
    }
    let mut covered = Bits81::EMPTY;
    let mut len = 0;
    for i in 0..known.len {
        let (template, houses) = known.kept[i];
        if houses == needed && template.is_subset_of(plane) {
            covered |= template;
            known.kept[len] = (template, houses);
            len += 1;
        }
    }
    let mut left = per_plane;
    for cell in plane {
        if covered.contains(cell) {
            continue;
        }
        if left == 0 {
            break;
        }
        let given = per_cell.min(left);
        let mut budget = given;
        let rest = plane.and_not(PEERS[cell] | Bits81::cell(cell));
        let template = complete(rest, needed & !CELL_HOUSE_MASKS[cell], covered, &mut budget);
        left -= given - budget;
        if let Some(template) = template {
            let template = template | Bits81::cell(cell);
            covered |= template;
            if len < KEPT_TEMPLATES {
                known.kept[len] = (template, needed);
                len += 1;
            }
        }
    }
    known.len = len;
    covered
}

/// The houses holding a cell of `plane`.
fn houses_of(plane: Bits81) -> u32 {
    let mut houses = 0u32;
    for (house, set) in HOUSE_SETS.iter().enumerate() {
        if set.intersects(plane) {
            houses |= 1 << house;
        }
    }
    houses
}

/// Some set of cells of `avail` holding exactly one cell of each house of `needed` (and none of
/// the others'), found by always filling the needed house with the fewest cells left; cells not
/// yet `covered` are tried first, so that each template found covers as many new cells as it
/// can. `None` when there is none, or when `budget` runs out first.
fn complete(avail: Bits81, needed: u32, covered: Bits81, budget: &mut u32) -> Option<Bits81> {
    if needed == 0 {
        return Some(Bits81::EMPTY);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let (mut fewest, mut choice) = (u32::MAX, Bits81::EMPTY);
    let mut rest = needed;
    while rest != 0 {
        let house = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let here = avail & HOUSE_SETS[house];
        // At most one cell: the fewest there can be (none ends the search below). Otherwise a
        // house of two or more beats only a larger fewest, and only then is it counted (a
        // 128-bit count is a long sequence without POPCNT, and this loop runs per house).
        if here.0 & here.0.wrapping_sub(1) == 0 {
            choice = here;
            break;
        }
        if fewest <= 2 {
            continue;
        }
        let count = here.count();
        if count < fewest {
            (fewest, choice) = (count, here);
        }
    }
    // The choices not covered yet first, then the others (two loops rather than a chained
    // iterator: this is the search's innermost loop).
    for group in [choice.and_not(covered), choice & covered] {
        for cell in group {
            let next = avail.and_not(PEERS[cell] | Bits81::cell(cell));
            let rest = needed & !CELL_HOUSE_MASKS[cell];
            if let Some(template) = complete(next, rest, covered, budget) {
                return Some(template | Bits81::cell(cell));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;

    /// Every template of `plane`, by brute force over the rows.
    fn all_templates(plane: Bits81) -> Vec<Bits81> {
        fn walk(plane: Bits81, needed: u32, chosen: Bits81, out: &mut Vec<Bits81>) {
            let Some(row) = (0..9).find(|&r| needed & 1 << r != 0) else {
                if needed == 0 {
                    out.push(chosen);
                }
                return;
            };
            for cell in plane & HOUSE_SETS[row] {
                if needed & CELL_HOUSE_MASKS[cell] == CELL_HOUSE_MASKS[cell] {
                    walk(
                        plane,
                        needed & !CELL_HOUSE_MASKS[cell],
                        chosen | Bits81::cell(cell),
                        out,
                    );
                }
            }
        }
        let mut out = Vec::new();
        walk(plane, houses_of(plane), Bits81::EMPTY, &mut out);
        out
    }

    /// A template of the whole grid by a random walk down the rows (stopping early where a row
    /// has no cell left: then a template of fewer houses).
    fn random_template(rng: &mut Xorshift) -> Bits81 {
        let mut template = Bits81::EMPTY;
        let mut needed = (1u32 << 27) - 1;
        for row in 0..9 {
            let options: Vec<usize> = HOUSE_SETS[row]
                .iter()
                .filter(|&c| needed & CELL_HOUSE_MASKS[c] == CELL_HOUSE_MASKS[c])
                .collect();
            if options.is_empty() {
                break;
            }
            let cell = options[(rng.next() % options.len() as u64) as usize];
            template.insert(cell);
            needed &= !CELL_HOUSE_MASKS[cell];
        }
        template
    }

    #[test]
    fn template_cells_are_the_union_of_all_templates() {
        // Random planes: a random solution's digit plane (one template) plus random extra cells,
        // and plain random sets (most with no template at all).
        let mut rng = Xorshift(0x6A09_E667_F3BC_C908);
        let (mut with_templates, mut partial, mut cut_short) = (0, 0, 0);
        for round in 0..3000 {
            let plane = if round % 3 == 0 {
                rng.random_set([20, 40, 60][round % 9 / 3])
            } else {
                random_template(&mut rng) | rng.random_set([5, 10, 20, 35][round % 4])
            };
            let union = all_templates(plane)
                .into_iter()
                .fold(Bits81::EMPTY, |acc, t| acc | t);
            assert_eq!(template_cells(plane), union, "plane {plane:?}");
            // Small budgets give up early, and then on the safe side: a subset.
            let cut = template_cells_within(plane, 3 + round as u32 % 8, 10 + round as u32 % 40);
            assert!(cut.is_subset_of(union), "plane {plane:?}");
            cut_short += (cut != union) as usize;
            with_templates += !union.is_empty() as usize;
            partial += (!union.is_empty() && union != plane) as usize;
        }
        assert!(
            with_templates > 500 && partial > 200 && cut_short > 200,
            "{with_templates} {partial} {cut_short}"
        );
    }

    #[test]
    fn templates_kept_from_plane_to_plane_give_the_union() {
        // Runs of narrowing planes (a template and extra cells, a few cells taken out at a
        // time, as a puzzle's steps do), each run a fresh plane as the next puzzle brings: the
        // search seeded with the last plane's templates gives each plane the union of all its
        // templates, as the search from nothing does.
        let mut rng = Xorshift(0xBB67_AE85_84CA_A73B);
        let mut known = KnownTemplates::NONE;
        let (mut planes, mut seeded, mut partial) = (0, 0, 0);
        for run in 0..400 {
            let mut plane = random_template(&mut rng) | rng.random_set([10, 20, 35][run % 3]);
            for _ in 0..12 {
                let union = all_templates(plane)
                    .into_iter()
                    .fold(Bits81::EMPTY, |acc, t| acc | t);
                let needed = houses_of(plane);
                seeded += known.kept[..known.len]
                    .iter()
                    .any(|&(t, houses)| houses == needed && t.is_subset_of(plane))
                    as usize;
                assert_eq!(template_cells_from(plane, &mut known), union, "{plane:?}");
                assert_eq!(template_cells(plane), union, "{plane:?}");
                planes += 1;
                partial += (!union.is_empty() && union != plane) as usize;
                for _ in 0..1 + rng.next() % 3 {
                    let cells: Vec<usize> = plane.iter().collect();
                    if let Some(&cell) = cells.get((rng.next() % 81) as usize % cells.len().max(1))
                    {
                        plane.remove(cell);
                    }
                }
            }
        }
        assert!(
            planes == 4800 && seeded > 400 && partial > 500,
            "{planes} planes, {seeded} seeded, {partial} partial"
        );
    }
}
