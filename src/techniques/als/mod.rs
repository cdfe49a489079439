//! Almost-locked-set techniques: ALS-XZ, ALS-XY-Wing, ALS-Chain and Death Blossom.
//!
//! All four read the sets of [`crate::model::als::find_als`] (one to [`MAX_ALS_CELLS`] cells) and their
//! restricted common candidates (RCC): a digit `x` of two sets whose places in the one all see
//! its places in the other, so at most one of the two sets holds `x`. A set that loses one of
//! its digits is locked on the others; the techniques chain that fact through RCCs.
//!
//! Sets may overlap as long as no RCC digit lies in the overlap (the RCC test needs every
//! holder of one set to see every holder of the other, which a shared cell cannot), except in
//! a doubly linked ALS-XZ, whose locked-set eliminations count the sets' cells separately and
//! so need disjoint sets. Targets lie outside the sets whose digit they lose.

mod chain;
mod death_blossom;
pub mod hodoku;
mod table;
pub mod text;

pub use chain::{als_chain, als_chain_capped};
pub use death_blossom::{death_blossom, death_blossom_capped};

use std::ops::ControlFlow;

pub use table::AlsFlavor;

use super::{StepSink, TechniqueId};
use crate::model::als::MAX_ALS_CELLS;
use crate::techniques::memo::noting_steps;
use table::AlsMiss;
pub(crate) use table::{als_table, AlsTable, IndexRows, Neighbour};

use crate::core::bits;
use crate::core::{Bits81, Grid, ALL_DIGITS};
use crate::techniques::step::with_kept_step as with_step;
use crate::techniques::step::Step;

/// GNPX's cap on the number of sets in an ALS chain.
pub const MAX_CHAIN_ALS: usize = 5;

/// Fills the ALS fields of a step: its sets in order, RCCs between them, all their cells.
fn als_step(technique: TechniqueId, sets: &[Bits81], rccs: &[u16], step: &mut Step) {
    // In place: a finder filling one step again and again allocates its lists once.
    step.reset(technique);
    step.als.extend_from_slice(sets);
    step.rcc.extend_from_slice(rccs);
    step.cells = sets.iter().fold(Bits81::EMPTY, |acc, &s| acc | s);
}

/// The digits with an elimination in `eliminations` (bit per digit).
fn eliminated_digits(eliminations: &crate::core::CandidateSet) -> u16 {
    (0..9)
        .filter(|&d| !eliminations.planes[d].is_empty())
        .fold(0, |m, d| m | 1 << d)
}

/// ALS-XZ: two sets A and B with an RCC x. At most one holds x, so they cannot both lose a
/// common digit z (both would be locked and hold x): z leaves every cell seeing all its places
/// in A and B. With two RCCs (doubly linked) each set is locked on its other digits and both
/// RCCs are placed in one of the sets: every digit leaves the cells seeing all its places there.
pub fn als_xz(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xz_capped(grid, MAX_ALS_CELLS, sink)
}

/// ALS-XZ with sets of up to `max_cells` cells (tests compare with HoDoKu's larger sets).
pub fn als_xz_capped(grid: &Grid, max_cells: usize, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xz_of(grid, max_cells, AlsFlavor::Standard, sink)
}

/// ALS-XZ over GNPX v5.84's sets and RCCs ([`AlsFlavor::Gnpx584`]).
pub fn als_xz_gnpx584(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xz_of(grid, MAX_ALS_CELLS, AlsFlavor::Gnpx584, sink)
}

/// ALS-XZ over the `flavor` table of sets of up to `max_cells` cells.
fn als_xz_of(
    grid: &Grid,
    max_cells: usize,
    flavor: AlsFlavor,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, flavor);
    // Pairs of sets as old as the table of the last search that found nothing eliminate
    // nothing (AlsMiss).
    let settled = AlsMiss::settled(XZ_MISS.get(), &table, grid);
    // The pairs that may eliminate, in the order of the search (by total size, then the first
    // set, then its neighbour list): one pass over the neighbour lists, then a stable counting
    // sort by total into the second buffer (a comparison sort allocated its scratch every call).
    let (mut pairs, mut by_total) = XZ_PAIRS.with(|p| std::mem::take(&mut *p.borrow_mut()));
    pairs.clear();
    for a in 0..table.len() {
        let (sa, live_a) = (&table.sets[a], table.live[a]);
        let a_old = settled.is_old(&table, a);
        for neighbour in table.neighbours(a) {
            let (b, rcc) = (neighbour.set() as usize, neighbour.rccs());
            if b < a || a_old && settled.is_old(&table, b) {
                continue;
            }
            let (sb, live_b) = (&table.sets[b], table.live[b]);
            // z needs another RCC to lock against (both RCCs serve a doubly link), and both
            // sets live in z; a doubly link's locked digits need a live one.
            let single = if bits::nine_bit_count(rcc) == 1 {
                rcc
            } else {
                0
            };
            let zs = sa.digits & sb.digits & live_a & live_b & !single;
            let doubly = bits::nine_bit_count(rcc) >= 2 && !sa.cells.intersects(sb.cells);
            let locked = (live_a & sa.digits | live_b & sb.digits) & !rcc;
            if zs != 0 || (doubly && locked != 0) {
                let total = (sa.cells.count() + sb.cells.count()) as u8;
                pairs.push((total, a as u32, b as u32, rcc));
            }
        }
    }
    sort_by_total(&pairs, &mut by_total);
    let (flow, found) = noting_steps(sink, |sink| xz_steps(grid, &table, &by_total, sink));
    if !found {
        XZ_MISS.set(Some(AlsMiss::of(&table, grid)));
    }
    XZ_PAIRS.with(|p| *p.borrow_mut() = (pairs, by_total));
    flow
}

/// An ALS-XZ candidate pair: (total size, set a, set b, RCCs).
type XzPair = (u8, u32, u32, u16);

thread_local! {
    /// Where ALS-XZ last found nothing.
    static XZ_MISS: std::cell::Cell<Option<AlsMiss>> = const { std::cell::Cell::new(None) };
    /// Where ALS-XY-Wing last found nothing.
    static XY_MISS: std::cell::Cell<Option<AlsMiss>> = const { std::cell::Cell::new(None) };
    /// ALS-XZ's candidate pairs as found and sorted by total, kept between calls so that a call
    /// allocates nothing once warm.
    static XZ_PAIRS: std::cell::RefCell<(Vec<XzPair>, Vec<XzPair>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// `pairs` into `sorted` by total size, in their order among equal totals (a counting sort: an
/// ALS lies in one house, so it has at most eight cells and a pair at most sixteen).
fn sort_by_total(pairs: &[XzPair], sorted: &mut Vec<XzPair>) {
    let mut start = [0usize; 18];
    for &(total, ..) in pairs {
        start[usize::from(total) + 1] += 1;
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    sorted.clear();
    sorted.resize(pairs.len(), (0, 0, 0, 0));
    for &pair in pairs {
        let slot = &mut start[usize::from(pair.0)];
        sorted[*slot] = pair;
        *slot += 1;
    }
}

/// The ALS-XZ steps of the candidate `pairs`, in order.
fn xz_steps(
    grid: &Grid,
    table: &AlsTable,
    pairs: &[XzPair],
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    with_step(|step| xz_steps_with(grid, table, pairs, step, sink))
}

/// [`xz_steps`], filling `step`.
fn xz_steps_with(
    grid: &Grid,
    table: &AlsTable,
    pairs: &[XzPair],
    step: &mut Step,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    for &(_, a, b, rcc) in pairs {
        let (a, b) = (a as usize, b as usize);
        let (sa, sb) = (&table.sets[a], &table.sets[b]);
        let both = sa.cells | sb.cells;
        let mut eliminations = crate::core::CandidateSet::EMPTY;
        let doubly = bits::nine_bit_count(rcc) >= 2 && !sa.cells.intersects(sb.cells);
        for z in bits::digits(sa.digits & sb.digits) {
            // z needs another RCC to lock against (both RCCs serve a doubly link).
            if rcc == 1 << z {
                continue;
            }
            eliminations.planes[z] |= table.common_targets(grid, z, a, b, both);
        }
        if doubly {
            // Each set is locked on its digits other than the RCCs.
            for (i, set) in [sa, sb].into_iter().enumerate() {
                let id = if i == 0 { a } else { b };
                for d in bits::digits(set.digits & !rcc) {
                    eliminations.planes[d] |= (grid.plane(d) & table.sees[id][d]).and_not(both);
                }
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        als_step(TechniqueId::AlsXz, &[sa.cells, sb.cells], &[rcc], step);
        step.eliminations = eliminations;
        step.digits = (sa.digits & sb.digits) & !rcc | if doubly { rcc } else { 0 };
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// ALS-XY-Wing: a pivot set C with RCC x to set A and RCC y ≠ x to set B. A and B cannot both
/// lose a common digit z (∉ {x, y}): then A holds x and B holds y, leaving C two digits short.
/// One step per pivot and pair of wings, over all their (x, y) choices.
pub fn als_xy_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xy_wing_capped(grid, MAX_ALS_CELLS, sink)
}

/// ALS-XY-Wing with sets of up to `max_cells` cells.
pub fn als_xy_wing_capped(
    grid: &Grid,
    max_cells: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    als_xy_wing_of(grid, max_cells, AlsFlavor::Standard, sink)
}

/// ALS-XY-Wing over GNPX v5.84's sets and RCCs ([`AlsFlavor::Gnpx584`]).
pub fn als_xy_wing_gnpx584(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    als_xy_wing_of(grid, MAX_ALS_CELLS, AlsFlavor::Gnpx584, sink)
}

/// ALS-XY-Wing over the `flavor` table of sets of up to `max_cells` cells.
fn als_xy_wing_of(
    grid: &Grid,
    max_cells: usize,
    flavor: AlsFlavor,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, flavor);
    // Wings and pivots all as old as the table of the last search that found nothing
    // eliminate nothing (AlsMiss).
    let settled = AlsMiss::settled(XY_MISS.get(), &table, grid);
    // Per pivot, its neighbours with a live digit, packed. A wing eliminates only a digit it
    // has live, and so does the other wing.
    let mut around = XY_WINGS.with(|w| std::mem::take(&mut *w.borrow_mut()));
    let (flow, found) = noting_steps(sink, |sink| {
        with_step(|step| {
            for c in 0..table.len() {
                around.clear();
                around.extend(table.neighbours(c).iter().filter_map(|neighbour| {
                    let (a, rcc) = (neighbour.set(), neighbour.rccs());
                    let set = &table.sets[a as usize];
                    let live = table.live[a as usize] & set.digits;
                    let old = settled.is_old(&table, a as usize);
                    (live != 0).then_some((a, rcc, live, set.cells, old))
                }));
                let c_old = settled.is_old(&table, c);
                xy_wings_of(grid, &table, c, c_old, &around, step, sink)?;
            }
            ControlFlow::Continue(())
        })
    });
    if !found {
        XY_MISS.set(Some(AlsMiss::of(&table, grid)));
    }
    XY_WINGS.with(|w| *w.borrow_mut() = around);
    flow
}

thread_local! {
    /// ALS-XY-Wing's packed wings of one pivot, kept between calls (no allocation once warm).
    static XY_WINGS: std::cell::RefCell<Vec<Wing>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The digits z that no choice of RCCs x ∈ `rcc_a`, y ∈ `rcc_b`, x ≠ y, leaves free (z ∉
/// {x, y}), in closed form rather than by trying every (x, y): the pair loop of ALS-XY-Wing
/// runs this for every two wings of every pivot. With one RCC digit in all (`rcc_a` = `rcc_b`
/// = {x}) there is no choice; with two, p and q, every choice is (p, q) or (q, p), which
/// leaves neither; with three or more, a z is blocked only when it is a wing's one RCC (the
/// other wing then has a digit besides z and the first wing's).
fn blocked_zs(rcc_a: u16, rcc_b: u16) -> u16 {
    // At most one bit, without a bit count (no POPCNT in the default build).
    let at_most_one = |mask: u16| mask & mask.wrapping_sub(1) == 0;
    let both = rcc_a | rcc_b;
    if at_most_one(both) {
        ALL_DIGITS
    } else if at_most_one(both & (both - 1)) {
        both
    } else {
        let lone = |rcc: u16| if at_most_one(rcc) { rcc } else { 0 };
        lone(rcc_a) | lone(rcc_b)
    }
}

/// A pivot's wing, packed: (set, RCCs with the pivot, live digits, cells, old: see
/// [`AlsMiss`]).
type Wing = (u32, u16, u16, Bits81, bool);

/// The ALS-XY-Wings of pivot `c` over its packed wings `around`, in order (with an old pivot,
/// skipping the pairs of old wings).
fn xy_wings_of(
    grid: &Grid,
    table: &AlsTable,
    c: usize,
    c_old: bool,
    around: &[Wing],
    step: &mut Step,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    for (i, &(a, rcc_a, live_a, cells_a, a_old)) in around.iter().enumerate() {
        let old_pair = c_old && a_old;
        for &(b, rcc_b, live_b, cells_b, b_old) in &around[i + 1..] {
            if live_a & live_b == 0 || cells_a == cells_b || old_pair && b_old {
                continue;
            }
            // The z a choice of RCCs x ≠ y leaves (z ∉ {x, y}), known from the masks alone:
            // most pairs linked to a pivot by one RCC each, the same digit, leave none, and
            // are dropped before any target is read.
            let open = (live_a & live_b) & !blocked_zs(rcc_a, rcc_b);
            if open == 0 {
                continue;
            }
            let (a, b) = (a as usize, b as usize);
            let wings = cells_a | cells_b;
            // Each z's targets do not depend on the RCCs (x, y) the wings are linked by:
            // found once, then z counts for every choice with x ≠ y and z ∉ {x, y}.
            let hit = bits::digits(open)
                .filter(|&z| !table.common_targets(grid, z, a, b, wings).is_empty())
                .fold(0u16, |m, z| m | 1 << z);
            if hit == 0 {
                continue;
            }
            let mut eliminations = crate::core::CandidateSet::EMPTY;
            let (mut used_x, mut used_y, mut eliminated) = (0u16, 0u16, 0u16);
            for x in bits::digits(rcc_a) {
                for y in bits::digits(rcc_b & !(1 << x)) {
                    let zs = hit & !(1 << x) & !(1 << y);
                    if zs != 0 {
                        used_x |= 1 << x;
                        used_y |= 1 << y;
                        eliminated |= zs;
                    }
                }
            }
            for z in bits::digits(eliminated) {
                eliminations.planes[z] = table.common_targets(grid, z, a, b, wings);
            }
            if eliminations.is_empty() {
                continue;
            }
            als_step(
                TechniqueId::AlsXyWing,
                &[cells_a, table.sets[c].cells, cells_b],
                &[used_x, used_y],
                step,
            );
            step.digits = eliminated_digits(&eliminations);
            step.eliminations = eliminations;
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells, Xorshift};

    /// The counting sort keeps equal totals in their order, as a stable sort does.
    #[test]
    fn pairs_sorted_by_total_as_by_a_stable_sort() {
        let mut random = Xorshift(0x5eed_0a15);
        let mut sorted = Vec::new();
        for len in [0, 1, 2, 7, 64, 500] {
            let pairs: Vec<XzPair> = (0..len)
                .map(|i| {
                    let total = 2 + (random.next() % 15) as u8;
                    (
                        total,
                        i,
                        (random.next() % 300) as u32,
                        (random.next() % 512) as u16,
                    )
                })
                .collect();
            sort_by_total(&pairs, &mut sorted);
            let mut want = pairs.clone();
            want.sort_by_key(|&(total, ..)| total);
            assert_eq!(sorted, want, "{len} pairs");
        }
    }

    #[test]
    fn als_xz_eliminates_the_common_digit_seen_by_both_sets() {
        let g = with_cells(&[(0, &[1, 2]), (3, &[1, 3]), (12, &[2, 3])]);
        // A = r1c1 {1,2}; B = r1c4 r2c4 {1,2,3}: RCC 1 (both places of 1 in row 1).
        // z = 2: places r1c1 and r2c4; the cells seeing both are r1c5 r1c6 (row 1 ∩ box 2, r1c4
        // being in B) and r2c1–r2c3 (row 2 ∩ box 1).
        let steps = TechniqueId::AlsXz.find_all(&g);
        let want = candidates(&["r1c5#2", "r1c6#2", "r2c1#2", "r2c2#2", "r2c3#2"]);
        assert!(
            steps.iter().any(|s| s.eliminations == want),
            "{:?}",
            steps.iter().map(|s| s.eliminations).collect::<Vec<_>>()
        );
    }

    /// The steps of `technique` in `g`, as elimination sets.
    fn eliminations(technique: TechniqueId, g: &Grid) -> Vec<crate::core::CandidateSet> {
        technique
            .find_all(g)
            .iter()
            .map(|s| s.eliminations)
            .collect()
    }

    #[test]
    fn blocked_digits_are_those_no_choice_of_rccs_leaves() {
        // Every two RCC masks (a wing's RCCs are nonempty): the closed form against trying
        // every x in the one and y ≠ x in the other.
        for rcc_a in 1u16..1 << 9 {
            for rcc_b in 1u16..1 << 9 {
                let mut open = 0u16;
                for x in bits::digits(rcc_a) {
                    for y in bits::digits(rcc_b & !(1 << x)) {
                        open |= ALL_DIGITS & !(1 << x) & !(1 << y);
                    }
                }
                assert_eq!(
                    ALL_DIGITS & !blocked_zs(rcc_a, rcc_b),
                    open,
                    "{rcc_a:09b} {rcc_b:09b}"
                );
            }
        }
    }

    #[test]
    fn als_xy_wing_pivots_on_the_set_linked_to_both_wings() {
        // C = r5c5 {1,2}; A = r1c5 {1,3} (RCC 1, column 5); B = r5c1 {2,3} (RCC 2, row 5).
        // A and B cannot both lose 3: r1c1 (seeing r1c5 and r5c1) is not 3.
        let g = with_cells(&[(40, &[1, 2]), (4, &[1, 3]), (36, &[2, 3])]);
        let want = candidates(&["r1c1#3"]);
        assert!(eliminations(TechniqueId::AlsXyWing, &g).contains(&want));
        let step = TechniqueId::AlsXyWing
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .unwrap();
        assert_eq!(step.als.len(), 3);
        assert_eq!(step.rcc.len(), 2);
    }

    #[test]
    fn als_chain_of_four_sets_eliminates_the_end_digit() {
        // r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c9 {1,4}: 1 leaves r1c9 and r5c1.
        // With sets of one cell only (two linked cells also make a two-cell set, through
        // which the search would find a shorter chain of three sets: an ALS-XY-Wing).
        let g = with_cells(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[3, 4]), (44, &[1, 4])]);
        let want = candidates(&["r1c9#1", "r5c1#1"]);
        let mut steps = Vec::new();
        let _ = als_chain_capped(&g, 1, 4, MAX_CHAIN_ALS, &mut |s| {
            steps.push(s.clone());
            ControlFlow::Continue(())
        });
        let step = steps
            .iter()
            .find(|s| s.eliminations == want)
            .expect("the chain is found");
        assert_eq!(step.als.len(), 4);
        assert_eq!(step.rcc, vec![0b10, 0b100, 0b1000]);
    }

    #[test]
    fn death_blossom_petals_share_the_eliminated_digit() {
        // Stem r5c5 {1,2}; petal for 1: r5c1 {1,3}; petal for 2: r1c5 {2,3}: r1c1 is not 3.
        let g = with_cells(&[(40, &[1, 2]), (36, &[1, 3]), (4, &[2, 3])]);
        let want = candidates(&["r1c1#3"]);
        let step = TechniqueId::DeathBlossom
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .expect("the blossom is found");
        assert_eq!(step.pivot, Some(40));
        assert_eq!(step.rcc, vec![0b1, 0b10]);
    }
}
