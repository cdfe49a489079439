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
pub(crate) use table::{als_table, linked_als_table, AlsTable, IndexRows, Neighbour};
use table::{AlsMiss, Settled};

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
///
/// The pairs are tried in order of total size, then first set, then second set (both in table
/// order), each pair once (the first set before the second). A first set's partners after it
/// come out of one search of the table's index ([`AlsTable::for_each_partner_in`]), made the
/// first time the set is needed (the totals a set of n cells takes part in as a first set start
/// at 2n); its partners of one total are the next run of that list (the table is in order of
/// size). So the table need not be linked, and the search stops at the first step a sink takes:
/// the usual step, found among small sets, costs the few searches of the sets before it rather
/// than the whole table's neighbour lists.
fn als_xz_of(
    grid: &Grid,
    max_cells: usize,
    flavor: AlsFlavor,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, flavor);
    let mut lists = XZ_LISTS.with(|l| std::mem::take(&mut *l.borrow_mut()));
    // Pairs of sets as old as the table of the last search that found nothing eliminate
    // nothing (AlsMiss): an old first set's search skips the old sets, a word at a time.
    let settled = AlsMiss::settled(XZ_MISS.get(), &table, grid);
    lists.old.clear();
    lists.old.resize(table.len().div_ceil(64), 0);
    for i in (0..table.len()).filter(|&i| settled.is_old(&table, i)) {
        lists.old[i / 64] |= 1 << (i % 64);
    }
    lists.partners.clear();
    lists.start.clear();
    lists.next.clear();
    if !table.is_linked() {
        lists.list_from_fresh(&table);
    }
    // The sets of each size: a run of the table (an ALS has at most eight cells).
    let of_size: [_; 10] = std::array::from_fn(|cells| table.of_size(cells));
    let (flow, found) = noting_steps(sink, |sink| {
        with_step(|step| {
            let XzLists {
                old,
                partners,
                start,
                next,
                ..
            } = &mut lists;
            for total in 2..=2 * max_cells {
                // First sets of each size up to half the total (a pair's first set is the
                // smaller, or as large), second sets of the rest; none when a size has no set.
                for cells_a in 1..=total / 2 {
                    let (Some(firsts), Some(run)) =
                        (of_size.get(cells_a), of_size.get(total - cells_a))
                    else {
                        continue;
                    };
                    if run.is_empty() {
                        continue;
                    }
                    for a in firsts.clone() {
                        // The partners after each set up to a, listed in order.
                        while start.len() <= a {
                            let first = start.len();
                            start.push(partners.len() as u32);
                            next.push(partners.len() as u32);
                            let first_old = holds(old, first);
                            if table.is_linked() {
                                // A finder before this one had the lists made: read them.
                                partners.extend(
                                    table
                                        .neighbours(first)
                                        .iter()
                                        .map(|n| (n.set(), n.rccs()))
                                        .filter(|&(b, _)| {
                                            b as usize > first
                                                && !(first_old && holds(old, b as usize))
                                        }),
                                );
                            } else {
                                let skip = first_old.then_some(&old[..]);
                                let _ = table.for_each_partner_in(
                                    first,
                                    first + 1..table.len(),
                                    skip,
                                    |b, rcc| {
                                        partners.push((b as u32, rcc));
                                        ControlFlow::Continue(())
                                    },
                                );
                            }
                        }
                        let end = start.get(a + 1).map_or(partners.len(), |&end| end as usize);
                        let mut k = next[a] as usize;
                        while k < end && (partners[k].0 as usize) < run.end {
                            let (b, rcc) = partners[k];
                            k += 1;
                            next[a] = k as u32;
                            xz_pair(grid, &table, a, b as usize, rcc, step, sink)?;
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        })
    });
    if !found {
        XZ_MISS.set(Some(AlsMiss::of(&table, grid)));
    }
    XZ_LISTS.with(|l| *l.borrow_mut() = lists);
    flow
}

/// ALS-XZ's work space, kept between calls so that a call allocates nothing once warm.
#[derive(Default)]
struct XzLists {
    /// The old sets ([`AlsMiss`]) as words of bits.
    old: Vec<u64>,
    /// Per first set listed so far, its partners after it and their RCCs, in table order (off
    /// the index, or from the table's lists where it has them, without the old-old pairs):
    /// set `a`'s are `partners[start[a]..start[a + 1]]` (the last set's run to the end).
    partners: Vec<(u32, u16)>,
    start: Vec<u32>,
    /// Per first set, where its partners of the next total begin.
    next: Vec<u32>,
    /// [`XzLists::list_from_fresh`]'s work space: the fresh sets, and the pairs their searches
    /// found, each as (the list it goes to, the partner in it, the RCCs), in the order found.
    fresh: Vec<u32>,
    found: Vec<(u32, u32, u16)>,
}

impl XzLists {
    /// Where few sets are fresh (not old), every set's list at once from the fresh sets'
    /// searches of the whole index: a fresh set's partners after it are its own search's, an
    /// old set's (its fresh partners after it) are those fresh sets whose search found it. An
    /// old set's own search finds only those, but still reads every word of the index after it
    /// that holds a fresh set: on kaggle's hard states, where a table's sets are mostly old
    /// after a miss, those searches were as costly as the fresh sets' ones together. Leaves
    /// the lists empty (to be made set by set as the search needs them) where fresh sets are
    /// a quarter of the table or more (each fresh set's search reads the whole index, twice
    /// what a search from it reads on average).
    fn list_from_fresh(&mut self, table: &AlsTable) {
        let n = table.len();
        self.fresh.clear();
        self.fresh
            .extend((0..n as u32).filter(|&i| !holds(&self.old, i as usize)));
        if self.fresh.len() * 4 >= n {
            return;
        }
        // Each pair to one list, counted there: the fresh set's own for a partner after it,
        // the old partner's for one before it (a fresh one before it lists the pair itself).
        self.found.clear();
        self.start.clear();
        self.start.resize(n + 1, 0);
        let (old, found, start) = (&self.old, &mut self.found, &mut self.start);
        for &f in &self.fresh {
            let _ = table.for_each_partner_in(f as usize, 0..n, None, |b, rcc| {
                let b = b as u32;
                let owner = if b > f {
                    Some((f, b))
                } else {
                    holds(old, b as usize).then_some((b, f))
                };
                if let Some((list, partner)) = owner {
                    found.push((list, partner, rcc));
                    start[list as usize + 1] += 1;
                }
                ControlFlow::Continue(())
            });
        }
        for a in 0..n {
            self.start[a + 1] += self.start[a];
        }
        // Placed in the order found, fresh sets increasing: every list fills in increasing
        // order (a fresh set's from its own search, an old set's one fresh set at a time).
        self.next.clear();
        self.next.extend_from_slice(&self.start[..n]);
        self.partners.clear();
        self.partners.resize(self.start[n] as usize, (0, 0));
        for &(list, partner, rcc) in &self.found {
            let slot = &mut self.next[list as usize];
            self.partners[*slot as usize] = (partner, rcc);
            *slot += 1;
        }
        self.next.copy_from_slice(&self.start[..n]);
    }
}

/// Whether bit `i` of the words `words` is set.
#[inline]
fn holds(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 != 0
}

thread_local! {
    /// Where ALS-XZ last found nothing.
    static XZ_MISS: std::cell::Cell<Option<AlsMiss>> = const { std::cell::Cell::new(None) };
    /// Where ALS-XY-Wing last found nothing.
    static XY_MISS: std::cell::Cell<Option<AlsMiss>> = const { std::cell::Cell::new(None) };
    /// ALS-XZ's work space.
    static XZ_LISTS: std::cell::RefCell<XzLists> = std::cell::RefCell::new(XzLists::default());
}

/// The ALS-XZ step of sets `a` and `b` of `table` with RCCs `rcc`, if it eliminates anything,
/// to `sink`. Inlined into the search (its only caller but a test), where most pairs fail its
/// first tests: gnpx kaggle 1 in 10 −0.9% instructions.
#[inline]
fn xz_pair(
    grid: &Grid,
    table: &AlsTable,
    a: usize,
    b: usize,
    rcc: u16,
    step: &mut Step,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let (sa, sb) = (&table.sets[a], &table.sets[b]);
    let (live_a, live_b) = (table.live[a], table.live[b]);
    // z needs another RCC to lock against (both RCCs serve a doubly link), and both sets live
    // in z; a doubly link's locked digits need a live one.
    let single = if bits::nine_bit_count(rcc) == 1 {
        rcc
    } else {
        0
    };
    let zs = sa.digits & sb.digits & live_a & live_b & !single;
    let doubly = bits::nine_bit_count(rcc) >= 2 && !sa.cells.intersects(sb.cells);
    let locked = (live_a & sa.digits | live_b & sb.digits) & !rcc;
    if zs == 0 && !(doubly && locked != 0) {
        return ControlFlow::Continue(());
    }
    let both = sa.cells | sb.cells;
    let mut eliminations = crate::core::CandidateSet::EMPTY;
    for z in bits::digits(sa.digits & sb.digits) {
        // z needs another RCC to lock against (both RCCs serve a doubly link).
        if rcc == 1 << z {
            continue;
        }
        eliminations.planes[z] |= table.common_targets(grid, z, a, b, both);
    }
    if doubly {
        // Each set is locked on its digits other than the RCCs.
        for (id, set) in [(a, sa), (b, sb)] {
            for d in bits::digits(set.digits & !rcc) {
                eliminations.planes[d] |= (grid.plane(d) & table.sees[id][d]).and_not(both);
            }
        }
    }
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    als_step(TechniqueId::AlsXz, &[sa.cells, sb.cells], &[rcc], step);
    step.eliminations = eliminations;
    step.digits = (sa.digits & sb.digits) & !rcc | if doubly { rcc } else { 0 };
    sink(step)
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
///
/// The pivots are tried in table order, each with its neighbours in table order, and the
/// search stops at the first step a sink takes. A pivot's neighbours come off the table's lists
/// or, equally, off its index ([`AlsTable::for_each_partner_in`]). Where linking the table
/// would start from nothing (the last state's table had no lists, or was another puzzle's), the
/// first quarter of the pivots read the index and the table is linked only if the search gets
/// past them: in the calls that find a step on kaggle 1 in 10, the step's pivot is on average
/// the 52nd of 203 sets, and within the first 20 in 39% of them; such a state then needs no
/// lists. Where the lists would come from the last table's, linking costs less than reading the
/// index.
fn als_xy_wing_of(
    grid: &Grid,
    max_cells: usize,
    flavor: AlsFlavor,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let table = als_table(grid, max_cells, flavor);
    let pivots = table.len();
    let off_index = if table::links_cheaply(max_cells, flavor) {
        0
    } else {
        pivots / 4
    };
    // Wings and pivots all as old as the table of the last search that found nothing
    // eliminate nothing (AlsMiss).
    let settled = AlsMiss::settled(XY_MISS.get(), &table, grid);
    let mut around = XY_WINGS.with(|w| std::mem::take(&mut *w.borrow_mut()));
    let mut held = Some(table);
    let (flow, found) = noting_steps(sink, |sink| {
        with_step(|step| {
            for c in 0..pivots {
                if c == off_index && !held.as_ref().is_some_and(|table| table.is_linked()) {
                    // Linked in place, which needs this handle let go first.
                    drop(held.take());
                    held = Some(linked_als_table(grid, max_cells, flavor));
                }
                let table = held.as_ref().expect("a table is held");
                wings_around(table, c, settled, &mut around);
                let c_old = settled.is_old(table, c);
                xy_wings_of(grid, table, c, c_old, &around, step, sink)?;
            }
            ControlFlow::Continue(())
        })
    });
    if !found {
        let table = held.as_ref().expect("a table is held");
        XY_MISS.set(Some(AlsMiss::of(table, grid)));
    }
    XY_WINGS.with(|w| *w.borrow_mut() = around);
    flow
}

/// Pivot `c`'s neighbours with a live digit, in table order into `around`: off the table's
/// lists if it has them, else off its index. A wing eliminates only a digit it has live, and
/// so does the other wing.
fn wings_around(table: &AlsTable, c: usize, settled: Settled, around: &mut Wings) {
    around.clear();
    let mut push = |a: u32, rcc: u16| {
        let set = &table.sets[a as usize];
        let live = table.live[a as usize] & set.digits;
        if live != 0 {
            around.push(a, rcc, live, set.cells, settled.is_old(table, a as usize));
        }
    };
    if table.is_linked() {
        for neighbour in table.neighbours(c) {
            push(neighbour.set(), neighbour.rccs());
        }
    } else {
        let _ = table.for_each_partner_in(c, 0..table.len(), None, |a, rcc| {
            push(a as u32, rcc);
            ControlFlow::Continue(())
        });
    }
    around.pad();
}

thread_local! {
    /// ALS-XY-Wing's wings of one pivot, kept between calls (no allocation once warm).
    static XY_WINGS: std::cell::RefCell<Wings> =
        std::cell::RefCell::new(Wings::default());
}

/// All ones where `condition` holds (a lane mask, so that the pair filter has no branch).
#[inline]
fn when(condition: bool) -> u16 {
    0u16.wrapping_sub(u16::from(condition))
}

/// All ones where `mask` has at most one bit.
#[inline]
fn at_most_one(mask: u16) -> u16 {
    when(mask & mask.wrapping_sub(1) == 0)
}

/// The digits z that no choice of RCCs x ∈ `rcc_a`, y ∈ `rcc_b`, x ≠ y, leaves free (z ∉
/// {x, y}), in closed form rather than by trying every (x, y): the pair loop of ALS-XY-Wing
/// runs this for every two wings of every pivot. With one RCC digit in all (`rcc_a` = `rcc_b`
/// = {x}) there is no choice; with two, p and q, every choice is (p, q) or (q, p), which
/// leaves neither; with three or more, a z is blocked only when it is a wing's one RCC (the
/// other wing then has a digit besides z and the first wing's).
///
/// Without a branch or a table lookup (the bit counts are `m & (m - 1)` tests), so that the
/// pair loop's filter runs on whole vectors of pairs: which case a pair falls in follows no
/// pattern from pair to pair.
#[inline]
fn blocked_zs(rcc_a: u16, rcc_b: u16) -> u16 {
    let both = rcc_a | rcc_b;
    let one = at_most_one(both) & !when(both == 0);
    let two = !one & at_most_one(both & both.wrapping_sub(1)) & !when(both == 0);
    let lone = |rcc: u16| rcc & at_most_one(rcc);
    one & ALL_DIGITS | two & both | !(one | two) & (lone(rcc_a) | lone(rcc_b))
}

/// A pivot's wings, a column per field, so that the pair loop's filter reads only the masks it
/// needs, [`Wings::LANES`] wings at a time (the filter then runs as vector instructions). Each
/// column but `cells` and `sets` is padded with [`Wings::LANES`] wings of no live digit.
#[derive(Clone, Debug, Default, PartialEq)]
struct Wings {
    /// The wings' sets (table indices).
    sets: Vec<u32>,
    /// Their RCCs with the pivot.
    rccs: Vec<u16>,
    /// Their live digits.
    live: Vec<u16>,
    /// Their cells.
    cells: Vec<Bits81>,
    /// All ones for a wing as old as the last search that found nothing ([`AlsMiss`]).
    old: Vec<u16>,
}

impl Wings {
    /// The pairs filtered at once.
    const LANES: usize = 8;

    fn clear(&mut self) {
        self.sets.clear();
        self.rccs.clear();
        self.live.clear();
        self.cells.clear();
        self.old.clear();
    }

    fn push(&mut self, set: u32, rccs: u16, live: u16, cells: Bits81, old: bool) {
        self.sets.push(set);
        self.rccs.push(rccs);
        self.live.push(live);
        self.cells.push(cells);
        self.old.push(when(old));
    }

    /// Pads the masks' columns with wings of no live digit (their pairs are never open).
    fn pad(&mut self) {
        let n = self.sets.len();
        self.rccs.resize(n + Self::LANES, 0);
        self.live.resize(n + Self::LANES, 0);
        self.old.resize(n + Self::LANES, 0);
    }

    fn len(&self) -> usize {
        self.sets.len()
    }

    /// The digits left open for the pairs of wing `a` (RCCs `rcc_a`, live digits `live_a`) with
    /// the wings `from..from + LANES` (`skip_old`: all ones if the pairs of two old wings are
    /// skipped): per pair, its live digits that no choice of RCCs blocks.
    #[inline]
    fn open(&self, rcc_a: u16, live_a: u16, skip_old: u16, from: usize) -> [u16; Self::LANES] {
        let rccs: &[u16; Self::LANES] = self.rccs[from..][..Self::LANES].try_into().unwrap();
        let live: &[u16; Self::LANES] = self.live[from..][..Self::LANES].try_into().unwrap();
        let old: &[u16; Self::LANES] = self.old[from..][..Self::LANES].try_into().unwrap();
        std::array::from_fn(|k| {
            live_a & live[k] & !blocked_zs(rcc_a, rccs[k]) & !(skip_old & old[k])
        })
    }
}

/// The ALS-XY-Wings of pivot `c` over its wings `around`, in order (with an old pivot, skipping
/// the pairs of old wings).
fn xy_wings_of(
    grid: &Grid,
    table: &AlsTable,
    c: usize,
    c_old: bool,
    around: &Wings,
    step: &mut Step,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let n = around.len();
    for i in 0..n {
        let (a, rcc_a, live_a, cells_a) = (
            around.sets[i] as usize,
            around.rccs[i],
            around.live[i],
            around.cells[i],
        );
        let skip_old = when(c_old) & around.old[i];
        for from in (i + 1..n).step_by(Wings::LANES) {
            // The z a choice of RCCs x ≠ y leaves (z ∉ {x, y}), known from the masks alone:
            // most pairs linked to a pivot by one RCC each, the same digit, leave none, and
            // are dropped before any target is read, a vector of pairs at a time.
            let open = around.open(rcc_a, live_a, skip_old, from);
            // The lanes with an open digit, as bits (the padding's lanes have none).
            let mut lanes = open
                .iter()
                .enumerate()
                .fold(0u32, |m, (k, &o)| m | u32::from(o != 0) << k);
            while lanes != 0 {
                let k = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let (j, open) = (from + k, open[k]);
                if cells_a == around.cells[j] {
                    continue;
                }
                let (b, rcc_b, cells_b) =
                    (around.sets[j] as usize, around.rccs[j], around.cells[j]);
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
    }
    ControlFlow::Continue(())
}

/// Appends the members of two increasing lists to `out`, increasing, a member of both once:
/// a neighbour list from two runs (`table`), the restricted commons of a wing's two sets
/// (`hodoku`).
pub(super) fn merge_ascending<T: Ord + Copy>(a: &[T], b: &[T], out: &mut Vec<T>) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            j += usize::from(a[i] == b[j]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells, Xorshift};

    /// Two increasing lists merge to their union, increasing, each member once, after what the
    /// list held.
    #[test]
    fn merged_lists_are_the_sorted_union() {
        let mut rng = Xorshift(0x61C8_8646_80B5_83EB);
        for round in 0..5_000 {
            let mut list = || {
                let density = [0, 5, 30, 90][round % 4];
                (0..60u32)
                    .filter(|_| rng.next() % 100 < density)
                    .collect::<Vec<u32>>()
            };
            let (a, b) = (list(), list());
            let mut merged = vec![99];
            merge_ascending(&a, &b, &mut merged);
            let mut union: Vec<u32> = a.iter().chain(&b).copied().collect();
            union.sort_unstable();
            union.dedup();
            assert_eq!(merged[0], 99);
            assert_eq!(merged[1..], union[..], "{a:?} {b:?}");
        }
    }

    /// ALS-XZ's steps as the search read them before it searched the index: every pair of the
    /// linked table's neighbour lists (first set before second), stably sorted by total size.
    fn xz_by_neighbour_lists(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> Vec<Step> {
        let table = linked_als_table(grid, max_cells, flavor);
        let mut pairs = Vec::new();
        for a in 0..table.len() {
            for neighbour in table.neighbours(a) {
                let b = neighbour.set() as usize;
                if b > a {
                    let total = table.sets[a].cells.count() + table.sets[b].cells.count();
                    pairs.push((total, a, b, neighbour.rccs()));
                }
            }
        }
        pairs.sort_by_key(|&(total, ..)| total);
        let mut steps = Vec::new();
        let mut step = Step::new(TechniqueId::AlsXz);
        for (_, a, b, rcc) in pairs {
            let _ = xz_pair(grid, &table, a, b, rcc, &mut step, &mut |found| {
                steps.push(found.clone());
                ControlFlow::Continue(())
            });
        }
        steps
    }

    #[test]
    fn als_xz_off_the_index_takes_the_pairs_of_the_neighbour_lists_in_their_order() {
        // Shipped hard states and royle17 starts, thinned by random eliminations that keep a
        // solution possible or not: both flavors, every step in the same order. The memos are
        // off so that every pair is tried.
        let was = crate::techniques::memo::set_enabled(false);
        let mut rng = Xorshift(0x243F_6A88_85A3_08D3);
        let mut compared = 0;
        for mut grid in crate::techniques::shipped_test_grids(20) {
            for round in 0..4 {
                for flavor in [AlsFlavor::Standard, AlsFlavor::Gnpx584] {
                    let xz = || steps_of(|sink| als_xz_of(&grid, MAX_ALS_CELLS, flavor, sink));
                    // First on the state's new table, unlinked (partners off the index), then
                    // on the table the reference linked (partners off its lists).
                    assert!(!als_table(&grid, MAX_ALS_CELLS, flavor).is_linked());
                    let off_index = xz();
                    let want = xz_by_neighbour_lists(&grid, MAX_ALS_CELLS, flavor);
                    assert_eq!(off_index, want, "{flavor:?}, round {round}, off the index");
                    assert_eq!(xz(), want, "{flavor:?}, round {round}, off the lists");
                    compared += want.len();
                }
                for _ in 0..6 {
                    let open: Vec<usize> = grid
                        .unsolved()
                        .iter()
                        .filter(|&c| bits::nine_bit_count(grid.candidates(c)) > 1)
                        .collect();
                    if open.is_empty() {
                        break;
                    }
                    let cell = open[(random_below(&mut rng, open.len() as u64)) as usize];
                    let digit = bits::digits(grid.candidates(cell)).next().unwrap_or(0);
                    grid.eliminate(cell, digit);
                }
            }
        }
        crate::techniques::memo::set_enabled(was);
        assert!(compared > 1000, "only {compared} steps compared");
    }

    #[test]
    fn lists_made_from_the_fresh_sets_are_each_sets_own_search() {
        // Tables of thinned shipped states, both flavors, with most sets marked old at random:
        // every set's list (its partners after it, an old set's fresh ones only) as its own
        // search of the index finds it, in order.
        let mut rng = Xorshift(0xA409_3822_299F_31D0);
        let mut compared = 0;
        for mut grid in crate::techniques::shipped_test_grids(20) {
            for flavor in [AlsFlavor::Standard, AlsFlavor::Gnpx584] {
                let table = als_table(&grid, MAX_ALS_CELLS, flavor);
                let n = table.len();
                for fresh_in_100 in [0, 3, 12, 20] {
                    let mut lists = XzLists::default();
                    lists.old.resize(n.div_ceil(64), 0);
                    for i in 0..n {
                        if random_below(&mut rng, 100) >= fresh_in_100 {
                            lists.old[i / 64] |= 1 << (i % 64);
                        }
                    }
                    lists.list_from_fresh(&table);
                    if lists.fresh.len() * 4 >= n {
                        assert!(lists.start.is_empty(), "lists made with many fresh sets");
                        continue;
                    }
                    assert_eq!(lists.start.len(), n + 1);
                    assert_eq!(lists.next[..], lists.start[..n]);
                    for a in 0..n {
                        let mut want = Vec::new();
                        let skip = holds(&lists.old, a).then_some(&lists.old[..]);
                        let _ = table.for_each_partner_in(a, a + 1..n, skip, |b, rcc| {
                            want.push((b as u32, rcc));
                            ControlFlow::Continue(())
                        });
                        let got =
                            &lists.partners[lists.start[a] as usize..lists.start[a + 1] as usize];
                        assert_eq!(got, &want[..], "{flavor:?}, set {a} of {n}");
                        compared += want.len();
                    }
                }
            }
            rng.thin(&mut grid, 8);
        }
        assert!(compared > 1000, "only {compared} partners compared");
    }

    /// Every step `search` yields to a sink that takes them all, in order.
    fn steps_of(search: impl FnOnce(&mut StepSink<'_>) -> ControlFlow<()>) -> Vec<Step> {
        let mut steps = Vec::new();
        let _ = search(&mut |step| {
            steps.push(step.clone());
            ControlFlow::Continue(())
        });
        steps
    }

    fn random_below(rng: &mut Xorshift, n: u64) -> u64 {
        rng.next() % n
    }

    #[test]
    fn the_pair_filter_keeps_each_pairs_open_digits() {
        // Random wings, old or not, against the pair loop's test one pair at a time: each
        // lane of a filtered vector holds its pair's open digits, and the padding's none.
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        for round in 0..2_000 {
            let mut wings = Wings::default();
            let n = round % 23;
            for set in 0..n as u32 {
                let rccs = (rng.next() % 511 + 1) as u16;
                let live = (rng.next() % 512) as u16;
                wings.push(
                    set,
                    rccs,
                    live,
                    Bits81::cell(set as usize),
                    rng.next().is_multiple_of(3),
                );
            }
            wings.pad();
            let c_old = round % 2 == 0;
            for i in 0..n {
                let skip_old = when(c_old) & wings.old[i];
                for from in (i + 1..n + 1).step_by(3) {
                    let open = wings.open(wings.rccs[i], wings.live[i], skip_old, from);
                    for (k, &open) in open.iter().enumerate() {
                        let j = from + k;
                        let want = if j >= n || c_old && wings.old[i] != 0 && wings.old[j] != 0 {
                            0
                        } else {
                            wings.live[i]
                                & wings.live[j]
                                & !blocked_zs(wings.rccs[i], wings.rccs[j])
                        };
                        assert_eq!(open, want, "round {round}, wings {i} and {j}");
                    }
                }
            }
        }
    }

    #[test]
    fn als_xy_wing_reads_the_same_wings_off_the_index_as_off_the_lists() {
        // Shipped hard states thinned at random, memos off: every state's table is built from
        // nothing, unlinked, so the search reads the first quarter of its pivots off the index
        // before it links the table.
        let was = crate::techniques::memo::set_enabled(false);
        let mut rng = Xorshift(0x1319_8A2E_0370_7344);
        let (mut pivots, mut steps) = (0, 0);
        for mut grid in crate::techniques::shipped_test_grids(20) {
            for round in 0..4 {
                for flavor in [AlsFlavor::Standard, AlsFlavor::Gnpx584] {
                    let xy = || steps_of(|sink| als_xy_wing_of(&grid, MAX_ALS_CELLS, flavor, sink));
                    let table = als_table(&grid, MAX_ALS_CELLS, flavor);
                    assert!(!table.is_linked());
                    let settled = AlsMiss::settled(None, &table, &grid);
                    let mut around = Wings::default();
                    let off_index: Vec<Wings> = (0..table.len())
                        .map(|c| {
                            wings_around(&table, c, settled, &mut around);
                            around.clone()
                        })
                        .collect();
                    drop(table);
                    let first = xy();
                    let table = als_table(&grid, MAX_ALS_CELLS, flavor);
                    assert!(table.is_linked(), "the search linked the table");
                    for (c, want) in off_index.iter().enumerate() {
                        wings_around(&table, c, settled, &mut around);
                        assert_eq!(&around, want, "{flavor:?}, round {round}, pivot {c}");
                    }
                    drop(table);
                    assert_eq!(first, xy(), "{flavor:?}, round {round}");
                    pivots += off_index.len();
                    steps += first.len();
                }
                rng.thin(&mut grid, 12);
            }
        }
        crate::techniques::memo::set_enabled(was);
        assert!(
            pivots > 10_000 && steps > 1000,
            "{pivots} pivots, {steps} steps"
        );
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
