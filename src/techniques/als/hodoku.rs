//! HoDoKu's ALS-XY-Wing search, for the HoDoKu ladder.
//!
//! HoDoKu returns the first ALS-XY-Wing its scan meets, and its scan differs from ours in what
//! it allows and in its order:
//! - its sets have up to eight cells (ours at most [`crate::model::als::MAX_ALS_CELLS`]) and never
//!   overlap (HoDoKu's default forbids overlapping sets);
//! - it lists the sets by their first house (rows, columns, boxes), then their cells in
//!   depth-first subset order, and lists one restricted common per pair of sets (up to two
//!   digits), the pairs in that list order (the earlier set first);
//! - it walks every two restricted commons of that list (the earlier first) that join three
//!   different sets: the set they share is the pivot C, the others are the wings A and B;
//! - a digit z may be eliminated when it is common to A and B and is none of the two
//!   restricted commons' digits (both digits of a doubly linked pair count).
//!
//! The GNPX ladders keep `techniques::als::als_xy_wing`.

use std::cell::Cell;
use std::cmp::Ordering;
use std::ops::ControlFlow;

use super::{als_step, eliminated_digits, merge_ascending, with_step};
use crate::core::bits::{self, set_bits};
use crate::core::{
    houses_holding, Bits81, CandidateSet, Grid, ALL_DIGITS, CELL_HOUSES, HOUSE_SETS,
};
use crate::model::als::{changes_since, find_als, Als};
use crate::techniques::hodoku_order::step_order_key;
use crate::techniques::memo::{self, region_key, RegionKey};
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// Where HoDoKu's ALS list has `set`: the first house holding it (rows, columns, boxes), then
/// its cells in the depth-first order of that house's subsets (a set before its extensions).
pub fn als_order(a: Bits81, b: Bits81) -> Ordering {
    // The houses holding a set hold its first cell: that cell's row, column and box are
    // tried (in that order, which is the houses' order), not all 27; the first that holds it
    // is taken (a comparator's work: `houses_holding` would test all three).
    let house = |set: Bits81| match set.first() {
        None => Some(0),
        Some(cell) => CELL_HOUSES[cell]
            .iter()
            .map(|&h| h as usize)
            .find(|&h| set.is_subset_of(HOUSE_SETS[h])),
    };
    house(a).cmp(&house(b)).then_with(|| a.iter().cmp(b.iter()))
}

/// [`als_order`] as a number, for sets of at most eight cells: the house (0 for none, else its
/// index plus one), then the cells' indices plus one from the most significant byte down (a
/// set's cells are a prefix of its extensions', and the zero after them sorts first). Sorting
/// by it reads each set once, where the comparator found both sets' houses at every comparison.
fn als_order_key(cells: Bits81) -> u128 {
    debug_assert!(cells.count() <= 8, "{cells:?}");
    let house = match cells.first() {
        None => 1,
        Some(cell) => CELL_HOUSES[cell]
            .iter()
            .map(|&h| h as usize)
            .find(|&h| cells.is_subset_of(HOUSE_SETS[h]))
            .map_or(0, |h| h as u128 + 1),
    };
    let mut key = house << 64;
    for (i, cell) in cells.iter().enumerate() {
        key |= (cell as u128 + 1) << (8 * (7 - i));
    }
    key
}

/// [`hodoku_als_list`]'s work space: the sets' keys with their places, and the sets sorted.
type OrderBuffers = (Vec<(u128, u32)>, Vec<Als>);

thread_local! {
    static ORDER: std::cell::RefCell<OrderBuffers> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// HoDoKu's largest almost locked set: eight cells of one house holding all nine digits.
const HODOKU_MAX_ALS_CELLS: usize = 8;

/// One restricted common of HoDoKu's list: two sets (`first` earlier in the ALS list) and the
/// digits (one or two) whose places in both see each other.
#[derive(Clone, Copy)]
struct Restricted {
    first: u32,
    second: u32,
    digits: u16,
}

/// The sets of one grid state in HoDoKu's list order into `sets`, and their order keys
/// ([`als_order_key`], increasing) into `keys`.
fn hodoku_als_list(grid: &Grid, sets: &mut Vec<Als>, keys: &mut Vec<u128>) {
    find_als(grid, 1, HODOKU_MAX_ALS_CELLS, sets);
    // Unstable: the order is total (no two sets have the same cells).
    // Each set's key made once (a key per comparison cost more than the comparator), the
    // keys sorted with the sets' places (unstable: no two sets have the same cells), the sets
    // put in that order.
    ORDER.with(|order| {
        let (keyed, sorted) = &mut *order.borrow_mut();
        keyed.clear();
        keyed.extend(
            sets.iter()
                .enumerate()
                .map(|(i, set)| (als_order_key(set.cells), i as u32)),
        );
        keyed.sort_unstable();
        sorted.clear();
        sorted.extend(keyed.iter().map(|&(_, i)| sets[i as usize]));
        std::mem::swap(sets, sorted);
        keys.clear();
        keys.extend(keyed.iter().map(|&(key, _)| key));
    });
}

/// [`restricted_commons`]' work space, kept between calls.
#[derive(Default)]
struct CommonsIndex {
    /// Row (digit, house) over the sets: those holding the digit only in that house.
    by_house: Vec<u64>,
    /// Row per cell over the sets: those holding the cell.
    by_cell: Vec<u64>,
    /// Per set and digit (`set * 9 + digit`), the houses holding all its places of the digit.
    houses: Vec<u32>,
    /// One set's partners by digit.
    rows: Vec<u64>,
}

/// HoDoKu's restricted-common list into `out`: pairs of disjoint sets in list order, at most two
/// digits (the lowest), read off an index of the sets (`work`, rebuilt here for `sets`).
///
/// A digit is restricted common to two disjoint sets when every place of it in the one sees
/// every place in the other. A set's cells lie in one house, so its places of a digit see each
/// other: the places of both sets then all see each other, and cells that all see each other
/// lie in one house. So the partners of set `a` by digit `d` are the sets holding `d` only in a
/// house that holds all of `a`'s places of `d`: rows of a bit index over the sets, read a word of
/// 64 sets at a time instead of testing every pair (`tests::indexed_commons_are_the_pairs_ones`).
/// The sets sharing a cell with `a` (most of those partners: the sets of `a`'s own house) are
/// taken out a word at a time too, by a second index of the sets by cell, rather than each
/// read and tested.
fn restricted_commons(sets: &[Als], work: &mut CommonsIndex, out: &mut Vec<Restricted>) {
    let CommonsIndex {
        by_house,
        by_cell,
        houses,
        rows,
    } = work;
    let words = sets.len().div_ceil(64).max(1);
    by_house.clear();
    by_house.resize(9 * 27 * words, 0);
    by_cell.clear();
    by_cell.resize(81 * words, 0);
    houses.clear();
    houses.resize(9 * sets.len(), 0);
    for (i, set) in sets.iter().enumerate() {
        let (word, bit) = (i / 64, 1 << (i % 64));
        for digit in bits::digits(set.digits) {
            let holding = houses_holding(set.digit_cells[digit]);
            houses[i * 9 + digit] = holding;
            for house in set_bits(holding) {
                by_house[(digit * 27 + house) * words + word] |= bit;
            }
        }
        for cell in set.cells {
            by_cell[cell * words + word] |= bit;
        }
    }
    out.clear();
    // Rows 0..9: a's partners by each digit; row 9: by any.
    rows.clear();
    rows.resize(10 * words, 0);
    for (a, sa) in sets.iter().enumerate() {
        rows.fill(0);
        let (by_digit, any) = rows.split_at_mut(9 * words);
        for digit in bits::digits(sa.digits) {
            let row = &mut by_digit[digit * words..][..words];
            for house in set_bits(houses[a * 9 + digit]) {
                let from = &by_house[(digit * 27 + house) * words..][..words];
                for ((r, u), &f) in row.iter_mut().zip(any.iter_mut()).zip(from) {
                    *r |= f;
                    *u |= f;
                }
            }
        }
        // a's cells as a list, read once per word below.
        let (mut cells, mut count) = ([0u8; 9], 0);
        for cell in sa.cells {
            cells[count] = cell as u8;
            count += 1;
        }
        let cells = &cells[..count];
        // The sets after a, word by word, but those sharing a cell with it.
        for w in a / 64..words {
            let after = if w == a / 64 {
                (!0u64 << (a % 64)) << 1
            } else {
                !0
            };
            let mut partners = any[w] & after;
            if partners == 0 {
                continue;
            }
            partners &= !cells
                .iter()
                .fold(0, |acc, &cell| acc | by_cell[cell as usize * words + w]);
            while partners != 0 {
                let bit = partners.trailing_zeros() as usize;
                partners &= partners - 1;
                let b = w * 64 + bit;
                let mut digits = 0u16;
                for digit in bits::digits(sa.digits) {
                    if by_digit[digit * words + w] >> bit & 1 != 0 {
                        digits |= 1 << digit;
                        if digits & (digits - 1) != 0 {
                            // Two: HoDoKu keeps no more.
                            break;
                        }
                    }
                }
                out.push(Restricted {
                    first: a as u32,
                    second: b as u32,
                    digits,
                });
            }
        }
    }
}

/// ALS-XZ over HoDoKu's sets of up to eight cells (our rule and eliminations; HoDoKu's order is
/// applied by the rung's choice).
pub fn als_xz(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    crate::techniques::als::als_xz_capped(grid, HODOKU_MAX_ALS_CELLS, sink)
}

/// HoDoKu's sets of one grid, per set and digit the cells seeing the digit's places, and the
/// restricted commons: what ALS-XY-Wing and ALS-Chain both start from.
#[derive(Default)]
struct RcList {
    /// The grid the list was made for.
    key: Option<RegionKey>,
    sets: Vec<Als>,
    sees: Vec<[Bits81; 9]>,
    /// Per set, its live digits: those with a candidate outside the set seeing every place of
    /// the digit in it. A chain eliminates a digit only where both its end sets have it live,
    /// so the chain search tests this mask before it reads any `sees`.
    live: Vec<u16>,
    rcs: Vec<Restricted>,
    /// The sets' order keys ([`als_order_key`], increasing: the list's order).
    keys: Vec<u128>,
    /// The candidates and unsolved cells of the grid the list was made for.
    grid_of: Option<([Bits81; 9], Bits81)>,
    /// The list before the last one was made ([`RcList::make`]): its sets' keys, cells seeing
    /// their places, and live digits, kept for their buffers and to be read by the next make.
    old_keys: Vec<u128>,
    old_sees: Vec<[Bits81; 9]>,
    old_live: Vec<u16>,
    /// Work space of [`xy_wings`], kept with the list (as are the lists' own buffers, made anew
    /// in place for the next grid) so that nothing is allocated once the buffers have grown:
    /// per set, the restricted commons it belongs to, set after set
    /// (`touching[touching_start[s]..touching_start[s + 1]]`), and one common's later ones.
    touching: Vec<u32>,
    touching_start: Vec<u32>,
    later: Vec<u32>,
    /// Work space of [`restricted_commons`].
    commons: CommonsIndex,
}

thread_local! {
    /// The list of this thread's last grid. The two rungs are next to each other on HoDoKu's
    /// ladder, so the chain's search mostly meets the grid the wing's found nothing on.
    static LAST_LIST: Cell<Option<Box<RcList>>> = const { Cell::new(None) };
}

impl RcList {
    /// Makes this the list of `grid`. A set is the same set in every grid where its cells
    /// hold the same candidates, and its key names its cells, so a set of the new list whose
    /// key the last list had, none of its cells changed since, keeps the cells seeing its
    /// places, and its live digits for the digits whose planes did not change (each digit's
    /// bit depends only on the set and that plane); the others are found anew. With the memos
    /// off ([`memo::enabled`]) all are, so that a test compares the two.
    fn make(&mut self, grid: &Grid) {
        std::mem::swap(&mut self.keys, &mut self.old_keys);
        std::mem::swap(&mut self.sees, &mut self.old_sees);
        std::mem::swap(&mut self.live, &mut self.old_live);
        hodoku_als_list(grid, &mut self.sets, &mut self.keys);
        let (changed, changed_digits) = match self.grid_of {
            Some((planes, unsolved)) if memo::enabled() => changes_since(grid, &planes, unsolved),
            _ => (Bits81::ALL, ALL_DIGITS),
        };
        self.sees.clear();
        self.live.clear();
        // Both lists increase by key: the old one is walked once beside the new.
        let mut old = 0;
        for (set, &key) in self.sets.iter().zip(&self.keys) {
            while old < self.old_keys.len() && self.old_keys[old] < key {
                old += 1;
            }
            if old < self.old_keys.len()
                && self.old_keys[old] == key
                && !set.cells.intersects(changed)
            {
                let sees = self.old_sees[old];
                let was = self.old_live[old];
                self.live
                    .push(set.live_digits_since(grid, &sees, was, changed_digits));
                self.sees.push(sees);
            } else {
                let sees = set.digit_sees();
                self.live.push(set.live_digits(grid, &sees));
                self.sees.push(sees);
            }
        }
        restricted_commons(&self.sets, &mut self.commons, &mut self.rcs);
        self.grid_of = Some((*grid.planes(), grid.unsolved()));
    }
}

/// Runs `search` on the list of `grid`: the last one made if it was made for the same grid
/// (and memos are on, [`memo::enabled`]), else a new one.
fn with_rc_list<R>(grid: &Grid, search: impl FnOnce(&mut RcList) -> R) -> R {
    let key = region_key(grid, Bits81::ALL);
    // Out of its slot while the search runs: a search within it would make its own.
    let mut list = LAST_LIST.with(Cell::take).unwrap_or_default();
    if !(memo::enabled() && list.key == Some(key)) {
        list.make(grid);
        list.key = Some(key);
    }
    let result = search(&mut list);
    LAST_LIST.with(|slot| slot.set(Some(list)));
    result
}

/// ALS-XY-Wing in HoDoKu's scan order (see the module comment), with HoDoKu's eliminations.
pub fn als_xy_wing(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_rc_list(grid, |list| xy_wings(grid, list, sink))
}

/// [`als_xy_wing`] on the list of `grid`.
fn xy_wings(grid: &Grid, list: &mut RcList, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let RcList {
        sets,
        sees,
        live,
        rcs,
        touching,
        touching_start: start,
        later,
        ..
    } = list;
    // Per set, the restricted commons it belongs to (ascending list positions): counted per
    // set, then placed.
    start.clear();
    start.resize(sets.len() + 1, 0);
    for rc in rcs.iter() {
        start[rc.first as usize + 1] += 1;
        start[rc.second as usize + 1] += 1;
    }
    for s in 1..start.len() {
        start[s] += start[s - 1];
    }
    touching.clear();
    touching.resize(rcs.len() * 2, 0);
    for (i, rc) in rcs.iter().enumerate() {
        for set in [rc.first as usize, rc.second as usize] {
            // `start[set]` is the set's next free place while placing, its end after.
            touching[start[set] as usize] = i as u32;
            start[set] += 1;
        }
    }
    // Back to each set's first place: the ends moved up one set.
    for s in (1..start.len()).rev() {
        start[s] = start[s - 1];
    }
    start[0] = 0;
    for (i, rc1) in rcs.iter().enumerate() {
        // Every later restricted common sharing a set with rc1, in list order: the two sets'
        // lists (each ascending) past rc1, merged (no other common joins the same two sets).
        let after = |set: u32| {
            let list = &touching[start[set as usize] as usize..start[set as usize + 1] as usize];
            &list[list.partition_point(|&j| j as usize <= i)..]
        };
        later.clear();
        merge_ascending(after(rc1.first), after(rc1.second), later);
        for &j in later.iter() {
            let rc2 = &rcs[j as usize];
            if rc1.digits.count_ones() == 1 && rc1.digits == rc2.digits {
                continue;
            }
            let (pivot, a) = if rc1.first == rc2.first || rc1.first == rc2.second {
                (rc1.first, rc1.second)
            } else {
                (rc1.second, rc1.first)
            };
            let b = if rc2.first == pivot {
                rc2.second
            } else {
                rc2.first
            };
            let (a, b, pivot) = (a as usize, b as usize, pivot as usize);
            let (sa, sb) = (&sets[a], &sets[b]);
            if sa.cells.intersects(sb.cells) {
                continue;
            }
            let wings = sa.cells | sb.cells;
            // A z eliminates only where it is live in both wings (a candidate outside each sees
            // all its places there): most pairs have none, and build no eliminations.
            let zs = sa.digits & sb.digits & live[a] & live[b] & !rc1.digits & !rc2.digits;
            if zs == 0 {
                continue;
            }
            let mut eliminations = CandidateSet::EMPTY;
            for z in bits::digits(zs) {
                eliminations.planes[z] = (grid.plane(z) & sees[a][z] & sees[b][z]).and_not(wings);
            }
            if eliminations.is_empty() {
                continue;
            }
            let sets = [sa.cells, sets[pivot].cells, sb.cells];
            with_step(|step| {
                als_step(
                    TechniqueId::AlsXyWing,
                    &sets,
                    &[rc1.digits, rc2.digits],
                    step,
                );
                step.digits = eliminated_digits(&eliminations);
                step.eliminations = eliminations;
                sink(step)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// HoDoKu's longest ALS chain, in links (its chain buffer).
const HODOKU_MAX_CHAIN_LINKS: usize = 50;

/// The most links [`als_chain`]'s search tries on one grid (ours, not HoDoKu's: its search has
/// no bound). The chains from a set are all the paths through later sets, which are as many as
/// the sets allow: on top1465 and forum_hardest_1106 the most any state tried was 923,953
/// (4,442 on average), but the grader fuzz target found candidate grids with hundreds of sets
/// where the search ran for over ten minutes. Past the bound the search stops with the chains
/// it has: the same on every run. A few states of the hardest real puzzles reach it too
/// (2026-12-05: 3 of forum_hardest_1905_er11plus, 2 of sudocue_top10000), where HoDoKu's own
/// search could find a chain this one misses. A bound of 2,000,000 would cut 16 states'
/// searches there instead of 5, so it stays where it is.
const MAX_CHAIN_EXTENSIONS: u32 = 10_000_000;

/// ALS-Chain as HoDoKu finds and orders them: a depth-first search from every set of its list
/// along the restricted commons to later sets only (HoDoKu collects each pair once, the earlier
/// set first); every chain of four or more sets with eliminations is a step; of the chains with
/// one set of eliminations the one with the fewest cells in all (the first found on ties) stays;
/// the steps come out most eliminations first, then the lowest weighted index sum, then in
/// search order.
///
/// Which digit a link carries: a link's restricted commons minus the previous link's; a chain
/// starting on a doubly linked pair is tried with each digit alone. Where the previous link
/// carries both its digits HoDoKu subtracts only the lower one (followed here; every step still
/// goes through `--verify`). A digit z of both end sets, neither the first link's nor the last
/// link's, leaves the cells outside the end sets seeing all its places in both.
pub fn als_chain(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    with_rc_list(grid, |list| chains(grid, list, sink))
}

/// [`als_chain`] on the list of `grid`.
fn chains(grid: &Grid, list: &RcList, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let mut kept = CHAIN_BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    chain_steps(grid, list, &mut kept);
    // By the order key, then search order: a stable order, with no sort buffer to allocate.
    let ChainBuffers { found, order, .. } = &mut kept;
    order.clear();
    order.extend(0..found.len() as u32);
    order.sort_unstable_by_key(|&i| (step_order_key(&found[i as usize].eliminations), i));
    let flow = order.iter().try_for_each(|&i| sink(&found[i as usize]));
    kept.release();
    CHAIN_BUFFERS.with(|b| *b.borrow_mut() = kept);
    flow
}

/// The ALS-Chain search's lists, kept per thread between calls so that once warm a call
/// allocates nothing.
#[derive(Default)]
struct ChainBuffers {
    starts: Vec<usize>,
    path: Vec<usize>,
    carried: Vec<u16>,
    /// The steps found are `found`; `spare` holds steps whose lists a later find reuses.
    found: Vec<Step>,
    spare: Vec<Step>,
    by_eliminations: std::collections::HashMap<CandidateSet, usize>,
    /// The order the steps are handed out in.
    order: Vec<u32>,
}

/// The most step buffers, and elimination sets' slots, [`ChainBuffers`] keep between calls.
const KEPT_CHAINS: usize = 64;

impl ChainBuffers {
    /// Lets go of what a call with many chains grew (a state can have thousands, which the
    /// thread would hold on to), keeping [`KEPT_CHAINS`] step buffers.
    fn release(&mut self) {
        self.spare.append(&mut self.found);
        self.spare.truncate(KEPT_CHAINS);
        self.spare.shrink_to(KEPT_CHAINS);
        self.found.shrink_to(KEPT_CHAINS);
        self.by_eliminations.clear();
        self.by_eliminations.shrink_to(KEPT_CHAINS);
        self.order.clear();
        self.order.shrink_to(KEPT_CHAINS);
    }
}

thread_local! {
    static CHAIN_BUFFERS: std::cell::RefCell<ChainBuffers> = std::cell::RefCell::default();
}

/// The ALS-Chain steps of `grid` in search order, into `buffers.found`; returns how many links
/// the search tried (at most [`MAX_CHAIN_EXTENSIONS`]).
fn chain_steps(grid: &Grid, list: &RcList, buffers: &mut ChainBuffers) -> u32 {
    let (sets, sees, live, rcs) = (&list.sets, &list.sees, &list.live, &list.rcs);
    // The list is ordered by its first set: each set's links are one run of it.
    let starts = &mut buffers.starts;
    starts.clear();
    starts.resize(sets.len() + 1, rcs.len());
    for (i, rc) in rcs.iter().enumerate().rev() {
        starts[rc.first as usize] = i;
    }
    for s in (0..sets.len()).rev() {
        starts[s] = starts[s].min(starts[s + 1]);
    }
    buffers.spare.append(&mut buffers.found);
    buffers.by_eliminations.clear();
    let mut search = ChainSearch {
        grid,
        sets,
        sees,
        live,
        rcs,
        starts,
        path: &mut buffers.path,
        carried: &mut buffers.carried,
        found: &mut buffers.found,
        spare: &mut buffers.spare,
        by_eliminations: &mut buffers.by_eliminations,
        extensions_left: MAX_CHAIN_EXTENSIONS,
    };
    search.carried.clear();
    for start in 0..sets.len() {
        search.path.clear();
        search.path.push(start);
        search.extend(start, 0);
    }
    MAX_CHAIN_EXTENSIONS - search.extensions_left
}

/// Whether a restricted common's digits, or the digits a link carries (one or two: HoDoKu keeps
/// at most two), are two.
#[inline]
fn has_two(digits: u16) -> bool {
    debug_assert!(digits.count_ones() <= 2);
    digits & digits.wrapping_sub(1) != 0
}

/// HoDoKu's depth-first ALS-Chain search state.
struct ChainSearch<'a> {
    grid: &'a Grid,
    sets: &'a [Als],
    sees: &'a [[Bits81; 9]],
    live: &'a [u16],
    rcs: &'a [Restricted],
    /// Per set, the first position of its links in `rcs` (the next set's start ends them).
    starts: &'a [usize],
    /// The chain's sets so far.
    path: &'a mut Vec<usize>,
    /// The digits each link of the chain carries.
    carried: &'a mut Vec<u16>,
    found: &'a mut Vec<Step>,
    /// Steps whose lists a new find reuses.
    spare: &'a mut Vec<Step>,
    /// Per elimination set, the position of its step in `found`.
    by_eliminations: &'a mut std::collections::HashMap<CandidateSet, usize>,
    /// Calls of `extend` left before the search stops ([`MAX_CHAIN_EXTENSIONS`]).
    extensions_left: u32,
}

impl ChainSearch<'_> {
    /// Tries every link from set `at`; `blocked` are the digits the next link may not carry.
    fn extend(&mut self, at: usize, blocked: u16) {
        if self.carried.len() >= HODOKU_MAX_CHAIN_LINKS || self.extensions_left == 0 {
            return;
        }
        self.extensions_left -= 1;
        // A chain's first link, on a doubly linked pair, is tried with each digit alone.
        let first_link = self.carried.is_empty();
        for i in self.starts[at]..self.starts[at + 1] {
            let Restricted { second, digits, .. } = self.rcs[i];
            let next = second as usize;
            if first_link && has_two(digits) {
                let low = digits & digits.wrapping_neg();
                self.link(next, low);
                self.link(next, digits & !low);
            } else if digits & !blocked != 0 {
                self.link(next, digits & !blocked);
            }
        }
    }

    /// Extends the chain to set `next` by a link carrying `carried`, and on from there.
    #[inline]
    fn link(&mut self, next: usize, carried: u16) {
        self.path.push(next);
        self.carried.push(carried);
        if self.carried.len() >= 3 {
            self.record();
        }
        // HoDoKu's quirk: a link carrying both digits blocks only the lower one.
        let next_blocked = if has_two(carried) {
            carried & carried.wrapping_neg()
        } else {
            carried
        };
        self.extend(next, next_blocked);
        self.path.pop();
        self.carried.pop();
    }

    /// Records the current chain if it eliminates anything.
    fn record(&mut self) {
        let (start, end) = (self.path[0], self.path[self.path.len() - 1]);
        let (first, last) = (self.carried[0], self.carried[self.carried.len() - 1]);
        // A z not live in both end sets eliminates nothing (its cells seeing every place in
        // the one set hold no candidate of it outside that set).
        let zs = self.live[start] & self.live[end] & !first & !last;
        if zs == 0 {
            return;
        }
        let (ss, se) = (&self.sets[start], &self.sets[end]);
        let ends = ss.cells | se.cells;
        let mut eliminations = CandidateSet::EMPTY;
        for z in bits::digits(zs) {
            eliminations.planes[z] =
                (self.grid.plane(z) & self.sees[start][z] & self.sees[end][z]).and_not(ends);
        }
        if eliminations.is_empty() {
            return;
        }
        let size: u32 = self.path.iter().map(|&s| self.sets[s].cells.count()).sum();
        let position = self.by_eliminations.get(&eliminations).copied();
        if let Some(p) = position {
            let old: u32 = self.found[p].als.iter().map(|s| s.count()).sum();
            if old <= size {
                return;
            }
        }
        let step = match position {
            Some(p) => &mut self.found[p],
            None => {
                self.by_eliminations.insert(eliminations, self.found.len());
                let step = self
                    .spare
                    .pop()
                    .unwrap_or_else(|| Step::new(TechniqueId::AlsChain));
                self.found.push(step);
                self.found.last_mut().expect("just pushed")
            }
        };
        step.reset(TechniqueId::AlsChain);
        step.als
            .extend(self.path.iter().map(|&s| self.sets[s].cells));
        step.rcc.extend_from_slice(self.carried);
        step.cells = step.als.iter().fold(Bits81::EMPTY, |acc, &s| acc | s);
        step.digits = eliminated_digits(&eliminations);
        step.eliminations = eliminations;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{grid, royle17_sample, thinned_states, Xorshift};
    use crate::core::PEERS;

    /// HoDoKu's list order by its definition: the first of all 27 houses holding the set.
    fn als_order_by_definition(a: Bits81, b: Bits81) -> Ordering {
        let house = |set: Bits81| (0..27).find(|&h| set.is_subset_of(HOUSE_SETS[h]));
        house(a).cmp(&house(b)).then_with(|| a.iter().cmp(b.iter()))
    }

    /// [`als_order`] (houses tried from the first cell's) orders as the definition does: sets
    /// of one house, sets in a box∩line segment (two houses), a single cell, the empty set and
    /// sets in no house.
    #[test]
    fn als_order_is_the_definitions() {
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut set = || {
            let house = HOUSE_SETS[(rng.next() % 27) as usize];
            match rng.next() % 8 {
                0 => Bits81::EMPTY,
                1 => rng.random_set(10),
                _ => {
                    let density = 50 - rng.next() % 3 * 20;
                    house & rng.random_set(density)
                }
            }
        };
        for _ in 0..20_000 {
            let (a, b) = (set(), set());
            assert_eq!(
                als_order(a, b),
                als_order_by_definition(a, b),
                "{a:?} {b:?}"
            );
        }
    }

    /// [`als_order_key`] orders sets of up to eight cells as [`als_order`] does.
    #[test]
    fn als_order_key_orders_as_als_order() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let mut set = || {
            let house = HOUSE_SETS[(rng.next() % 27) as usize];
            let set = match rng.next() % 8 {
                0 => Bits81::EMPTY,
                1 => rng.random_set(5),
                _ => {
                    let density = 50 - rng.next() % 3 * 20;
                    house & rng.random_set(density)
                }
            };
            // At most eight cells: drop the last ones.
            set.iter()
                .take(8)
                .fold(Bits81::EMPTY, |acc, c| acc | Bits81::cell(c))
        };
        for _ in 0..20_000 {
            let (a, b) = (set(), set());
            assert_eq!(
                als_order_key(a).cmp(&als_order_key(b)),
                als_order(a, b),
                "{a:?} {b:?}"
            );
        }
    }

    /// HoDoKu's restricted commons by their definition, pair by pair (the list's order).
    fn pairs_commons(sets: &[Als]) -> Vec<(u32, u32, u16)> {
        let sees: Vec<[Bits81; 9]> = sets.iter().map(Als::digit_sees).collect();
        let mut out = Vec::new();
        for a in 0..sets.len() {
            for b in a + 1..sets.len() {
                let (sa, sb) = (&sets[a], &sets[b]);
                let reach = sa.cells.iter().fold(Bits81::EMPTY, |acc, c| acc | PEERS[c]);
                if sa.digits & sb.digits == 0
                    || sa.cells.intersects(sb.cells)
                    || !reach.intersects(sb.cells)
                {
                    continue;
                }
                let mut digits = 0u16;
                for digit in bits::digits(sa.digits & sb.digits) {
                    if sb.digit_cells[digit].is_subset_of(sees[a][digit]) {
                        digits |= 1 << digit;
                        if digits.count_ones() == 2 {
                            break;
                        }
                    }
                }
                if digits != 0 {
                    out.push((a as u32, b as u32, digits));
                }
            }
        }
        out
    }

    /// The indexed list equals the pair-by-pair one on states thinned from royle17's sample
    /// puzzles towards their solutions and on the shipped top1465 states where HoDoKu uses
    /// forcing chains (hundreds of sets each).
    #[test]
    fn indexed_commons_are_the_pairs_ones() {
        let mut states: Vec<Grid> = Vec::new();
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        for start in royle17_sample(30) {
            let solution = crate::oracle::solve(&start).solution.unwrap();
            states.extend(thinned_states(&start, &solution, &mut rng, 40, 3));
        }
        let forcing = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/hodoku_forcing_states.txt"
        ))
        .unwrap();
        for line in forcing
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let state = line.split_whitespace().next().unwrap();
            states.push(crate::input::puzzle::parse_puzzle(state, 1).unwrap().grid);
        }
        let (mut sets, mut keys, mut commons, mut rcs) =
            (Vec::new(), Vec::new(), CommonsIndex::default(), Vec::new());
        let mut most = 0;
        for state in &states {
            hodoku_als_list(state, &mut sets, &mut keys);
            restricted_commons(&sets, &mut commons, &mut rcs);
            let indexed: Vec<(u32, u32, u16)> =
                rcs.iter().map(|r| (r.first, r.second, r.digits)).collect();
            assert_eq!(
                indexed,
                pairs_commons(&sets),
                "{}",
                state.candidates_string()
            );
            most = most.max(sets.len());
        }
        assert!(
            states.len() > 1_000 && most > 200,
            "{} states, {most} sets",
            states.len()
        );
    }

    /// A list made from the last one equals a list made from nothing: along states thinned
    /// from royle17's sample puzzles towards their solutions (the cells of each step changing
    /// a few sets), and from one puzzle's states to another's.
    #[test]
    fn lists_made_from_the_last_equal_fresh_ones() {
        let mut rng = Xorshift(0x5851_F42D_4C95_7F2D);
        let mut kept = RcList::default();
        let (mut states, mut kept_sets) = (0, 0);
        for start in royle17_sample(12) {
            let solution = crate::oracle::solve(&start).solution.unwrap();
            for state in thinned_states(&start, &solution, &mut rng, 30, 2) {
                let survivors = kept.grid_of.map_or(0, |_| kept.sets.len());
                kept.make(&state);
                let mut fresh = RcList::default();
                fresh.make(&state);
                assert_eq!(kept.sets, fresh.sets, "{}", state.candidates_string());
                assert_eq!(kept.keys, fresh.keys);
                assert_eq!(kept.sees, fresh.sees);
                assert_eq!(kept.live, fresh.live);
                let commons = |list: &RcList| -> Vec<(u32, u32, u16)> {
                    list.rcs
                        .iter()
                        .map(|r| (r.first, r.second, r.digits))
                        .collect()
                };
                assert_eq!(commons(&kept), commons(&fresh));
                states += 1;
                kept_sets += survivors;
            }
        }
        assert!(states > 200 && kept_sets > 10_000, "{states} states");
    }

    /// Found by the grader fuzz target (`tests/soundness/fuzz_regressions/grader/als-chain-*`):
    /// a wide-open grid with one solution, graded on the HoDoKu scale, reaches this state (its
    /// 54th), where the chain search, all the paths through later sets, ran for over ten
    /// minutes. It stops at the bound; a real puzzle's search ends well before it.
    #[test]
    fn the_chain_search_stops_at_its_bound() {
        let wide = [
            "12.4..7.91234.67.9.......8.12345.7..1.3.....9.2..5.7.91..4....9..3..6....2....7..",
            "1..4.6..9..3.5.....2.4..7..1.34....9.2.....8.1..4..7.9.....6.8..2..5.7..1..4....9",
            "..3.5.7.912.4..7.912.45.7.91234..78912.4..7.9.....6....2..5.7..1..4....9..3....8.",
            "...4..7..1.3.....9.2..5....1.......9.....6.8..2..5.7..1....6..9..3....8..2.4..7..",
            "1.3.....9.2.....8.1..4..7.9.....6.8.....5.7..1..4....9..3.5.....2.4..7..1....6..9",
            ".2..5..8.1..4..7.9.....6....2..5.7..1..4....9..3.......2.4..7..1.......9....5..8.",
            "1..4....9.....6.8..2....7..1..4.6..9..3.5.....2.4..7..1.3.....9.2..5..8.1..4..7.9",
            ".....6.8.....5.7..1..4....9..3.5...91234.....1.......9.2.....8.1..4..7.9..3..6...",
            ".2..5.7..1..4....9..3.......2.4..7..1....6..9.......8.1..4..7.9...4567.9.2..5.7..",
        ]
        .concat();
        let wide = crate::input::puzzle::parse_puzzle(&wide, 1)
            .expect("a state")
            .grid;
        let tried = with_rc_list(&wide, |list| {
            chain_steps(&wide, list, &mut ChainBuffers::default())
        });
        assert_eq!(tried, MAX_CHAIN_EXTENSIONS);
        let hard = grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let tried = with_rc_list(&hard, |list| {
            chain_steps(&hard, list, &mut ChainBuffers::default())
        });
        assert!(tried > 0 && tried < MAX_CHAIN_EXTENSIONS / 100, "{tried}");
    }
}
