//! The ALS table the ALS techniques read: the sets of one grid state, per set and digit the
//! cells seeing all its holders, and per set its RCC neighbours.
//!
//! Building it from nothing costs a pass over every pair of sets (hundreds of sets, so tens of
//! thousands of pairs), and the grader needs it at every state that reaches the first ALS
//! rung. From one such state to the next most sets survive, so the table is updated instead:
//! - a set depends only on the candidates of its own cells (which digits it holds, where, and
//!   GNPX v5.84's purity), so a set of the old table none of whose cells changed is a set of
//!   the new one, and a new set none of whose cells changed was in the old one;
//! - the order of the table is by a key that depends only on a set's cells (its size, its
//!   house, its cells' positions in the house: the fresh build's order), so the surviving sets
//!   keep their relative order and the new sets (found only in the houses holding a changed
//!   cell) are merged in by key;
//! - whether two sets are neighbours, and by which RCC digits, depends only on the two sets, so
//!   the RCCs of two surviving sets are copied and only the pairs with a new set are looked
//!   for: each new set reads its partners and their RCCs off an index of the sets by digit and
//!   house ([`SetIndex`]), whole words of sets at a time, and a surviving set searches nothing.
//!
//! An update leaves the neighbour lists out: they are made when a finder that reads them asks
//! ([`linked_als_table`]), from the previous table's lists where it had them, else from
//! nothing. ALS-XZ, the first ALS finder on the GNPX scale, reads its pairs off the index
//! instead, so a state its step ends pays for no lists.
//!
//! The updated table is equal, order included, to a fresh build (the tests compare the two on
//! many states). With the finders' memos off ([`crate::techniques::memo::set_enabled`]) every
//! table is built from nothing.

use std::cell::RefCell;
use std::ops::{ControlFlow, Range};
use std::rc::Rc;

use super::merge_ascending;
use crate::core::bits;
use crate::core::{positions_in, Bits81, Grid, ALL_DIGITS, CELL_HOUSES, HOUSE_SETS};
use crate::model::als::{changes_since, for_each_locked_set_in_house, Als, SetsByCell};
use crate::techniques::memo;

/// Which sets and RCCs a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlsFlavor {
    /// Every ALS; an RCC's places in one set all see its places in the other.
    Standard,
    /// GNPX v5.84's: only pure sets ([`Als::is_pure`]), no two sets overlapping, and an RCC's
    /// places in both sets lie in one house.
    Gnpx584,
}

/// No set (in the maps between an old table's indices and a new one's).
const NONE: u32 = u32::MAX;

/// One entry of a set's neighbour list: the other set's index and the RCC digits the two share
/// (bit per digit), in one word (index above, digits in the low nine bits), so that ordering
/// entries orders them by index. A table has at most 27 × 381 sets, far below 2^23. Four bytes
/// rather than the eight of an (index, digits) pair: the finders and the table's update read
/// and copy these lists whole at every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Neighbour(u32);

impl Neighbour {
    /// Set `set`, sharing the RCC digits `rccs`.
    #[inline]
    pub(crate) fn new(set: u32, rccs: u16) -> Neighbour {
        debug_assert!(set < 1 << 23 && rccs < 1 << 9);
        Neighbour(set << 9 | u32::from(rccs))
    }

    /// The other set's index.
    #[inline]
    pub(crate) fn set(self) -> u32 {
        self.0 >> 9
    }

    /// The RCC digits (bit per digit).
    #[inline]
    pub(crate) fn rccs(self) -> u16 {
        (self.0 & 0x1ff) as u16
    }
}

/// The sets of one grid state with, per set and digit, the cells seeing all its holders, and
/// the RCC neighbours of every set.
pub(crate) struct AlsTable {
    pub(super) flavor: AlsFlavor,
    max_cells: usize,
    /// The candidates and unsolved cells of the grid the table is of.
    planes: [Bits81; 9],
    unsolved: Bits81,
    /// The sets: smaller sets first, then by house (rows, columns, boxes), then by the
    /// positions of their cells in the house (as bits, increasing).
    pub(crate) sets: Vec<Als>,
    /// Per set, its place in that order ([`order_key`]).
    keys: Vec<u32>,
    /// This table's generation: a number no earlier table of the thread has ([`next_generation`]).
    pub(super) generation: u64,
    /// Per set, the generation of the table it entered (a survivor keeps its set's): a set born
    /// at or before a table's generation was in that table, unchanged (see [`AlsMiss`]).
    born: Vec<u64>,
    /// Per set and digit: cells (anywhere) that see every holder of the digit in the set.
    pub(crate) sees: Vec<[Bits81; 9]>,
    /// Per set, the rows of the [`SetIndex`] it is in ([`index_rows_of`]):
    /// `index_rows[rows_start[i]..rows_start[i + 1]]`. They depend only on the set, so a
    /// surviving set's are copied.
    index_rows: Vec<u16>,
    rows_start: Vec<u32>,
    /// Per set, its live digits (bit per digit): those with a candidate outside the set seeing
    /// every holder of it in the set. Two sets eliminate a digit only where both have it live
    /// ([`AlsTable::common_targets`] is the meet of the two sets' such candidates), so the
    /// finders skip the combinations whose sets share no live digit.
    pub(super) live: Vec<u16>,
    /// The neighbour lists one after the other: set `a`'s are `adjacent[start[a]..start[a+1]]`.
    adjacent: Vec<Neighbour>,
    start: Vec<u32>,
    /// The sets as bit rows over their indices ([`SetIndex`]), built by the update that made
    /// the table (to find the fresh sets' neighbours) and kept for
    /// [`AlsTable::for_each_rcc_partner`].
    index: SetIndex,
    /// Whether `adjacent` and `start` hold this table's neighbour lists ([`AlsTable::link`]):
    /// an update leaves them out until a finder asks for them ([`linked_als_table`]).
    linked: bool,
}

/// Where a set of `cells` found in `house` stands in a table: by size, then house, then the
/// positions of its cells in the house (bit i = the house's i-th cell). Depends only on the
/// cells, so it is the same in every grid state.
fn order_key(cells: Bits81, house: usize) -> u32 {
    cells.count() << 16 | (house as u32) << 9 | u32::from(positions_in(house, cells))
}

/// Work space of an update, kept between updates so that they allocate nothing once warm.
#[derive(Default)]
struct Scratch {
    /// The new sets (those with a changed cell), by size (index = cells), each list in key order.
    fresh: Vec<Vec<(u32, Als)>>,
    /// Per old set, its index in the new table (`NONE`: it did not survive).
    new_of_old: Vec<u32>,
    /// Per new set, its index in the old table (`NONE`: a new set).
    old_of_new: Vec<u32>,
    /// The new sets' indices in the new table, increasing.
    fresh_ids: Vec<u32>,
    /// The finds of the fresh sets' searches (see [`AlsTable::link`]) in the order found, each
    /// twice: (set, partner, RCCs) and (partner, set, RCCs).
    finds: Vec<(u32, u32, u16)>,
    /// Per set, its neighbours found by a fresh set's search: `found[found_start[a]..
    /// found_start[a + 1]]`, in the order found (the finds by set, one flat list rather than a
    /// list per set, which grew on its own whenever its set index found more than ever before:
    /// a thousand allocations in twenty top1465 puzzles).
    found: Vec<Neighbour>,
    found_start: Vec<u32>,
    /// Per fresh set, how many of its finds came before its own search's.
    own_from: Vec<u32>,
    /// A surviving set's mapped old neighbours, before they are merged with its finds.
    kept: Vec<Neighbour>,
}

/// The [`SetIndex`]'s rows: that of digit `d` and house `h` (`d * 27 + h`) holds the sets
/// holding `d` only in that house.
const INDEX_ROWS: usize = 9 * 27;

/// The rows of a table's index ([`SetIndex`]) that a set is in, digit by digit (increasing):
/// those of each digit and each house holding all the set's places of it. They depend only on
/// the set, so a caller searching a set's partners in several tables works them out once
/// ([`AlsTable::for_each_rcc_partner`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct IndexRows {
    rows: [u16; 9 * 3],
    len: u8,
}

impl IndexRows {
    /// The rows `set` is in (at most 9 digits, each in 3 houses).
    pub(crate) fn of(set: &Als) -> IndexRows {
        let mut rows = [0u16; 9 * 3];
        let mut n = 0;
        for digit in bits::digits(set.digits) {
            // The houses holding all the digit's places are among its first place's (row,
            // column, box: increasing).
            let places = set.digit_cells[digit];
            let Some(first) = places.first() else {
                continue;
            };
            // Written always, kept when the house holds them all: no branch on the test, which
            // goes either way from digit to digit (gnpx584 kaggle: 2% fewer mispredicted
            // branches, CPU ×1.01, though 0.3% more instructions).
            for &house in &CELL_HOUSES[first] {
                rows[n] = (digit * 27 + house as usize) as u16;
                n += usize::from(places.is_subset_of(HOUSE_SETS[house as usize]));
            }
        }
        IndexRows { rows, len: n as u8 }
    }

    fn as_slice(&self) -> &[u16] {
        &self.rows[..usize::from(self.len)]
    }
}

/// Appends the rows of the [`SetIndex`] that `set` is in ([`IndexRows`]).
fn index_rows_of(set: &Als, out: &mut Vec<u16>) {
    out.extend_from_slice(IndexRows::of(set).as_slice());
}

/// The sets of a table as rows of bits over their indices, from which one set's RCC partners
/// come out, digit by digit, a word of 64 sets at a time.
///
/// Cells that all see each other lie in one house (the houses are the Sudoku graph's only
/// maximal cliques), so `d` is an RCC of sets `a` and `b` (every holder of `d` in the one sees
/// every holder in the other) exactly when their holders of `d` are apart and lie together in
/// one house: `b` is in the row of a house holding all of `a`'s holders of `d`, and shares no
/// holder with `a`. GNPX v5.84's test (the holders of both sets in one house) is the same for
/// sets that do not overlap, the only pairs it links.
///
/// A second index, of the sets by cell, says which sets share a holder (a set holding one of
/// `a`'s holders of `d` holds `d` there: the cell's candidates are the set's) or a cell with
/// `a`, so that no other set's own record is read at all: reading it cost a cache miss or
/// three per pair (a set is some 180 bytes), which made this search 5% of the default scale's
/// time on royle17 though it was under 2% of its instructions.
#[derive(Default)]
struct SetIndex {
    /// Word `w` of every row, row by row, then word `w + 1`'s: row `r`'s word `w` is
    /// `words[w * INDEX_ROWS + r]` (a search reads all of one set's rows in a word at once).
    words: Vec<u64>,
    /// The sets holding each cell.
    cells: SetsByCell,
    /// The fresh sets, as a row.
    fresh: Vec<u64>,
}

impl SetIndex {
    /// The index of `table`'s sets.
    fn build(&mut self, table: &AlsTable) {
        let words = table.len().div_ceil(64);
        self.words.clear();
        self.words.resize(INDEX_ROWS * words, 0);
        self.fresh.clear();
        self.fresh.resize(words, 0);
        for i in 0..table.len() {
            let word = &mut self.words[i / 64 * INDEX_ROWS..][..INDEX_ROWS];
            let bit = 1u64 << (i % 64);
            for &row in table.rows_of(i) {
                word[row as usize] |= bit;
            }
        }
        self.cells.build(table.sets.iter().map(|set| set.cells));
    }

    /// Marks the sets at `fresh_ids` as the fresh ones (those whose partners a link searches).
    fn mark_fresh(&mut self, fresh_ids: &[u32]) {
        self.fresh.fill(0);
        for &i in fresh_ids {
            self.fresh[i as usize / 64] |= 1 << (i % 64);
        }
    }

    /// Calls `visit(b, rccs)` for every set `b` sharing RCCs (bit per digit) with the fresh set
    /// `a` of `table`, increasing: the sets before `a` that are not fresh and every set after
    /// it; for GNPX v5.84, only the sets with no cell of `a`.
    fn for_each_partner(&self, a: usize, table: &AlsTable, mut visit: impl FnMut(usize, u16)) {
        let (a_word, a_bit) = (a / 64, a % 64);
        let allowed = |w: usize| {
            let after = match w.cmp(&a_word) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => (!0u64 << a_bit) << 1,
                std::cmp::Ordering::Greater => !0,
            };
            // The fresh sets before a were searched already and found their pairs with a.
            !self.fresh[w] | after
        };
        let apart = table.flavor == AlsFlavor::Gnpx584;
        let _ = self.for_each_partner_among(
            &table.sets[a],
            table.rows_of(a),
            apart,
            0..self.fresh.len(),
            allowed,
            |b, rccs| {
                visit(b, rccs);
                ControlFlow::Continue(())
            },
        );
    }

    /// Calls `visit(b, rccs)` for every set `b` in the words `words` among those `allowed` (a
    /// word of the sets per word index) sharing RCCs (bit per digit) with `set` (a set whose
    /// rows are `rows`, in the table or not), increasing, until it breaks; with `apart`, only
    /// the sets with no cell of `set`.
    #[inline]
    fn for_each_partner_among(
        &self,
        set: &Als,
        rows: &[u16],
        apart: bool,
        words: Range<usize>,
        allowed: impl Fn(usize) -> u64,
        mut visit: impl FnMut(usize, u16) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // A word of 64 sets at a time.
        for w in words {
            let allowed = allowed(w);
            if allowed == 0 {
                continue;
            }
            // Per digit: the sets holding it only in a house holding all of the set's holders
            // of it and none of those holders (the digit's RCC partners).
            let word = &self.words[w * INDEX_ROWS..][..INDEX_ROWS];
            let mut by_digit = [0u64; 9];
            for &row in rows {
                by_digit[row as usize / 27] |= word[row as usize];
            }
            // The rows hold only the set's digits, so their union is the candidates; the sets
            // meeting it are dropped only when there are any (most words of an outside set's
            // search have none).
            let mut partners = by_digit.iter().fold(0, |acc, &sets| acc | sets) & allowed;
            if partners == 0 {
                continue;
            }
            if apart {
                // No cell of the set, so none of its holders of any digit either.
                partners &= !self.cells.meeting(set.cells, w);
            } else {
                partners = 0;
                for digit in bits::digits(set.digits) {
                    by_digit[digit] &= !self.cells.meeting(set.digit_cells[digit], w);
                    partners |= by_digit[digit];
                }
                partners &= allowed;
            }
            while partners != 0 {
                let bit = partners.trailing_zeros() as usize;
                partners &= partners - 1;
                let rccs = bits::digits(set.digits)
                    .filter(|&d| by_digit[d] >> bit & 1 != 0)
                    .fold(0u16, |m, d| m | 1 << d);
                visit(w * 64 + bit, rccs)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl AlsTable {
    /// A table of no grid (every cell counts as changed against it).
    fn empty(max_cells: usize, flavor: AlsFlavor) -> AlsTable {
        AlsTable {
            flavor,
            max_cells,
            planes: [Bits81::ALL; 9],
            unsolved: Bits81::EMPTY,
            sets: Vec::new(),
            keys: Vec::new(),
            generation: 0,
            born: Vec::new(),
            sees: Vec::new(),
            index_rows: Vec::new(),
            rows_start: vec![0],
            live: Vec::new(),
            adjacent: Vec::new(),
            start: vec![0],
            index: SetIndex::default(),
            linked: true,
        }
    }

    /// The table of `grid`'s sets of up to `max_cells` cells, built from nothing.
    #[cfg(test)]
    fn new(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> AlsTable {
        let mut table = AlsTable::empty(max_cells, flavor);
        table.rebuild(grid, None, &mut Scratch::default());
        table
    }

    /// Whether this is the table of `grid`.
    fn is_of(&self, grid: &Grid) -> bool {
        self.planes == *grid.planes() && self.unsolved == grid.unsolved()
    }

    /// Set `a`'s neighbours: the sets sharing at least one RCC with it (in table order) and
    /// those RCCs (bit per digit).
    #[inline]
    pub(crate) fn neighbours(&self, a: usize) -> &[Neighbour] {
        debug_assert!(self.linked, "an unlinked ALS table's neighbours");
        &self.adjacent[self.start[a] as usize..self.start[a + 1] as usize]
    }

    /// Calls `visit(b, rccs)` for every set `b` sharing RCCs (bit per digit) with `set`, a
    /// locked set of the table's grid that need not be in the table (an AALS, say) whose rows
    /// are `rows` (`IndexRows::of(set)`), in table order; for GNPX v5.84, only the sets with no
    /// cell of `set`. Read off the table's index, as the table's own neighbours are.
    pub(crate) fn for_each_rcc_partner(
        &self,
        set: &Als,
        rows: &IndexRows,
        mut visit: impl FnMut(usize, u16),
    ) {
        debug_assert_eq!(rows.as_slice(), IndexRows::of(set).as_slice());
        let apart = self.flavor == AlsFlavor::Gnpx584;
        let _ = self.index.for_each_partner_among(
            set,
            rows.as_slice(),
            apart,
            0..self.index.fresh.len(),
            |_| !0,
            |b, rccs| {
                visit(b, rccs);
                ControlFlow::Continue(())
            },
        );
    }

    /// Calls `visit(b, rccs)` for every set `b` at `range` (table indices) sharing RCCs (bit per
    /// digit) with set `a` of the table, increasing, until it breaks; with `skip` (a word of
    /// the sets per word index), not the sets it holds. What [`AlsTable::neighbours`] lists,
    /// read off the index: it needs no neighbour lists, so a table need not be linked for it.
    pub(crate) fn for_each_partner_in(
        &self,
        a: usize,
        range: Range<usize>,
        skip: Option<&[u64]>,
        visit: impl FnMut(usize, u16) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if range.is_empty() {
            return ControlFlow::Continue(());
        }
        let apart = self.flavor == AlsFlavor::Gnpx584;
        let (first, last) = (range.start / 64, (range.end - 1) / 64);
        let allowed = |w: usize| {
            let low = if w == first {
                !0u64 << (range.start % 64)
            } else {
                !0
            };
            let high = if w == last {
                !0u64 >> (63 - (range.end - 1) % 64)
            } else {
                !0
            };
            low & high & skip.map_or(!0, |skip| !skip[w])
        };
        self.index.for_each_partner_among(
            &self.sets[a],
            self.rows_of(a),
            apart,
            first..last + 1,
            allowed,
            visit,
        )
    }

    /// The table indices of the sets of `cells` cells (the table is in order of size).
    pub(crate) fn of_size(&self, cells: usize) -> Range<usize> {
        let start = self
            .sets
            .partition_point(|set| (set.cells.count() as usize) < cells);
        let end = self
            .sets
            .partition_point(|set| (set.cells.count() as usize) <= cells);
        start..end
    }

    /// Whether the table has its neighbour lists ([`AlsTable::neighbours`]).
    #[inline]
    pub(crate) fn is_linked(&self) -> bool {
        self.linked
    }

    /// Set `i`'s rows of the [`SetIndex`].
    fn rows_of(&self, i: usize) -> &[u16] {
        &self.index_rows[self.rows_start[i] as usize..self.rows_start[i + 1] as usize]
    }

    /// The number of sets.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.sets.len()
    }

    /// Makes this the table of `grid`, keeping from `old` (a table of the same cap and flavor,
    /// of any grid) what the cells that changed since it leave valid.
    fn rebuild(&mut self, grid: &Grid, old: Option<&AlsTable>, scratch: &mut Scratch) {
        self.update_sets(grid, old, scratch);
        self.link(old, scratch);
    }

    /// [`AlsTable::rebuild`] but for the neighbour lists: the table is left unlinked, with
    /// what [`AlsTable::link`] needs from `old` in `scratch` until the next update.
    fn update_sets(&mut self, grid: &Grid, old: Option<&AlsTable>, scratch: &mut Scratch) {
        let (changed, changed_digits) = match old {
            Some(old) => {
                debug_assert!(old.max_cells == self.max_cells && old.flavor == self.flavor);
                changes_since(grid, &old.planes, old.unsolved)
            }
            None => (Bits81::ALL, ALL_DIGITS),
        };
        self.planes = *grid.planes();
        self.unsolved = grid.unsolved();
        self.generation = next_generation();
        self.collect_fresh(grid, changed, scratch);
        self.merge_sets(old, changed, scratch);
        self.find_live(grid, old, changed_digits, &scratch.old_of_new);
        let mut index = std::mem::take(&mut self.index);
        index.build(self);
        self.index = index;
        self.linked = false;
    }

    /// Each set's live digits in `grid`. A set's own candidates do not change them, but those
    /// around it do: a digit's bit depends only on the set and the digit's plane, so a set that
    /// survived from `old` (`old_of_new`: its index there) keeps its bits of the digits whose
    /// planes are unchanged (`changed_digits`: those that changed) and only the others are
    /// found again; a fresh set's are found whole. A step changes one or two of the nine
    /// planes, most often.
    fn find_live(
        &mut self,
        grid: &Grid,
        old: Option<&AlsTable>,
        changed_digits: u16,
        old_of_new: &[u32],
    ) {
        let Some(old) = old else {
            Als::live_digits_of(grid, &self.sets, &self.sees, &mut self.live);
            return;
        };
        self.live.clear();
        self.live
            .extend(
                self.sets.iter().zip(&self.sees).zip(old_of_new).map(
                    |((set, sees), &was)| match was {
                        NONE => set.live_digits(grid, sees),
                        was => set.live_digits_since(
                            grid,
                            sees,
                            old.live[was as usize],
                            changed_digits,
                        ),
                    },
                ),
            );
    }

    /// The sets of `grid` with a cell in `changed`, by size and in key order.
    fn collect_fresh(&self, grid: &Grid, changed: Bits81, scratch: &mut Scratch) {
        if scratch.fresh.len() <= self.max_cells {
            scratch.fresh.resize_with(self.max_cells + 1, Vec::new);
        }
        scratch.fresh.iter_mut().for_each(Vec::clear);
        for house in 0..27 {
            if !HOUSE_SETS[house].intersects(changed) {
                continue;
            }
            // Houses in order and each house's sets in position order: every size's list is in
            // key order.
            for_each_locked_set_in_house(grid, house, 1, 1, self.max_cells, |set| {
                if set.cells.intersects(changed)
                    && (self.flavor == AlsFlavor::Standard || set.is_pure(grid))
                {
                    let key = order_key(set.cells, house);
                    scratch.fresh[set.cells.count() as usize].push((key, set));
                }
            });
        }
    }

    /// The new list of sets: the old sets without a changed cell and the fresh ones, merged by
    /// key; their `sees` copied or computed; the maps between old and new indices.
    fn merge_sets(&mut self, old: Option<&AlsTable>, changed: Bits81, scratch: &mut Scratch) {
        self.sets.clear();
        self.keys.clear();
        self.born.clear();
        self.sees.clear();
        self.index_rows.clear();
        self.rows_start.clear();
        self.rows_start.push(0);
        let Scratch {
            fresh,
            new_of_old,
            old_of_new,
            fresh_ids,
            ..
        } = scratch;
        new_of_old.clear();
        old_of_new.clear();
        fresh_ids.clear();
        let (old_sets, old_keys): (&[Als], &[u32]) = match old {
            Some(old) => (&old.sets, &old.keys),
            None => (&[], &[]),
        };
        new_of_old.resize(old_sets.len(), NONE);
        let mut next_old = 0;
        let fresh = fresh.iter().flatten();
        for &(key, set) in fresh.chain(std::iter::once(&(u32::MAX, EMPTY_ALS))) {
            // Every surviving old set before this fresh one (keys are unique: a surviving set
            // has no changed cell, a fresh one has one).
            while next_old < old_sets.len() && old_keys[next_old] < key {
                if old_sets[next_old].cells.intersects(changed) {
                    next_old += 1;
                    continue;
                }
                let run_start = next_old;
                while next_old < old_sets.len()
                    && old_keys[next_old] < key
                    && !old_sets[next_old].cells.intersects(changed)
                {
                    next_old += 1;
                }
                let old = old.expect("old sets come from an old table");
                self.copy_survivors(old, run_start..next_old, new_of_old, old_of_new);
            }
            if key == u32::MAX {
                break;
            }
            fresh_ids.push(self.sets.len() as u32);
            old_of_new.push(NONE);
            self.sets.push(set);
            self.keys.push(key);
            self.born.push(self.generation);
            self.sees.push(set.digit_sees());
            index_rows_of(&set, &mut self.index_rows);
            self.rows_start.push(self.index_rows.len() as u32);
        }
    }

    /// Appends the old sets `run` (consecutive survivors), copied a run at a time, and records
    /// where they went.
    fn copy_survivors(
        &mut self,
        old: &AlsTable,
        run: std::ops::Range<usize>,
        new_of_old: &mut [u32],
        old_of_new: &mut Vec<u32>,
    ) {
        let first_new = self.sets.len();
        for (new, slot) in (first_new..).zip(&mut new_of_old[run.clone()]) {
            *slot = new as u32;
        }
        old_of_new.extend(run.clone().map(|i| i as u32));
        self.sets.extend_from_slice(&old.sets[run.clone()]);
        self.keys.extend_from_slice(&old.keys[run.clone()]);
        self.born.extend_from_slice(&old.born[run.clone()]);
        self.sees.extend_from_slice(&old.sees[run.clone()]);
        let (from, to) = (old.rows_start[run.start], old.rows_start[run.end]);
        let base = self.index_rows.len() as u32;
        self.index_rows
            .extend_from_slice(&old.index_rows[from as usize..to as usize]);
        let starts = &old.rows_start[run.start + 1..=run.end];
        self.rows_start
            .extend(starts.iter().map(|&start| start - from + base));
    }

    /// The neighbour lists: a pair of surviving sets keeps its old RCCs; the pairs with a fresh
    /// set come from the fresh sets' searches of the index.
    ///
    /// Each fresh set searches, in table order, for its partners among the sets before it that
    /// are not fresh and all the sets after it, so each pair with a fresh set is found once, by
    /// its lower fresh set, and survivors search nothing. A find goes to both sets' `found`
    /// lists, each increasing: a survivor's holds only finds of fresh sets (searched in order);
    /// a fresh set's holds the finds of the fresh sets before it, then its own search's (from
    /// `own_from`), two runs to merge.
    ///
    /// `old` is the linked table this one's last update came from (its maps are in `scratch`),
    /// or `None` to link from nothing.
    fn link(&mut self, old: Option<&AlsTable>, scratch: &mut Scratch) {
        debug_assert!(old.is_none_or(|old| old.linked));
        let n = self.sets.len();
        self.adjacent.clear();
        self.start.clear();
        self.start.push(0);
        let Scratch {
            finds,
            found,
            found_start,
            own_from,
            kept,
            fresh_ids,
            old_of_new,
            new_of_old,
            ..
        } = scratch;
        finds.clear();
        // Counted per set while found, then turned into each set's start in `found`.
        found_start.clear();
        found_start.resize(n + 1, 0);
        own_from.resize(n, 0);
        if old.is_none() {
            // Linked from nothing: every set searches for its partners.
            fresh_ids.clear();
            fresh_ids.extend(0..n as u32);
            old_of_new.clear();
            old_of_new.resize(n, NONE);
        }
        let mut index = std::mem::take(&mut self.index);
        index.mark_fresh(fresh_ids);
        for &a in fresh_ids.iter() {
            let a = a as usize;
            own_from[a] = found_start[a];
            index.for_each_partner(a, self, |b, rccs| {
                finds.push((a as u32, b as u32, rccs));
                finds.push((b as u32, a as u32, rccs));
                found_start[a] += 1;
                found_start[b] += 1;
            });
        }
        self.index = index;
        let mut total = 0;
        for start in found_start.iter_mut() {
            (*start, total) = (total, total + *start);
        }
        // Each set's finds in the order found: placed at its next free slot, which then
        // moves up to the next set's start (restored below).
        found.clear();
        found.resize(finds.len(), Neighbour(0));
        for &(a, b, rccs) in finds.iter() {
            let slot = &mut found_start[a as usize];
            found[*slot as usize] = Neighbour::new(b, rccs);
            *slot += 1;
        }
        for a in (1..=n).rev() {
            found_start[a] = found_start[a - 1];
        }
        found_start[0] = 0;
        for a in 0..n {
            let old_a = old_of_new[a];
            let found_a = &found[found_start[a] as usize..found_start[a + 1] as usize];
            match old {
                Some(old) if old_a != NONE => {
                    // The old neighbours that survived, mapped (the old-to-new map keeps their
                    // order), merged with the found ones if there are any.
                    let old_list = old.neighbours(old_a as usize);
                    if found_a.is_empty() {
                        map_survivors(&mut self.adjacent, old_list, new_of_old);
                    } else {
                        kept.clear();
                        map_survivors(kept, old_list, new_of_old);
                        merge_ascending(kept, found_a, &mut self.adjacent);
                    }
                }
                _ => {
                    let (before, own) = found_a.split_at(own_from[a] as usize);
                    merge_ascending(before, own, &mut self.adjacent);
                }
            }
            self.start.push(self.adjacent.len() as u32);
        }
        self.linked = true;
    }

    /// The RCC digits of sets `a` and `b` (bit per digit), by their definition: the reference
    /// the index's search is checked against.
    #[cfg(test)]
    fn rcc(&self, a: usize, b: usize) -> u16 {
        let common = self.sets[a].digits & self.sets[b].digits;
        let mut mask = 0;
        for digit in bits::digits(common) {
            let (in_a, in_b) = (
                self.sets[a].digit_cells[digit],
                self.sets[b].digit_cells[digit],
            );
            let restricted = match self.flavor {
                AlsFlavor::Standard => in_b.is_subset_of(self.sees[a][digit]),
                AlsFlavor::Gnpx584 => in_one_house(in_a | in_b),
            };
            if restricted {
                mask |= 1 << digit;
            }
        }
        mask
    }

    /// Set `i`'s candidates of `digit` outside it seeing every holder of it in the set: where
    /// the set, locked without `digit`, would eliminate it ([`AlsTable::live`]).
    pub(super) fn targets(&self, grid: &Grid, i: usize, digit: usize) -> Bits81 {
        (grid.plane(digit) & self.sees[i][digit]).and_not(self.sets[i].cells)
    }

    /// Places of `digit` outside `outside` seeing every holder of it in sets `a` and `b`.
    pub(super) fn common_targets(
        &self,
        grid: &Grid,
        digit: usize,
        a: usize,
        b: usize,
        outside: Bits81,
    ) -> Bits81 {
        (grid.plane(digit) & self.sees[a][digit] & self.sees[b][digit]).and_not(outside)
    }
}

thread_local! {
    /// The last generation given to a table on this thread.
    static GENERATION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A generation no table of this thread has had yet (the first is 1).
fn next_generation() -> u64 {
    GENERATION.with(|last| {
        last.set(last.get() + 1);
        last.get()
    })
}

/// Where a search over combinations of a table's sets (pairs; a pivot and two wings) last
/// found nothing: the table (its cap, flavor and generation) and the grid's candidates then.
///
/// Such a search eliminates, for given sets, only candidates seeing their holders, and which
/// combinations it tries depends on the sets and their RCCs alone. A set born at or before that
/// table's generation and still in a table is the same set it was then, with the same RCCs to
/// every other such set. So in a grid whose candidates are a subset of that grid's (a later
/// state of the puzzle), a combination of such sets again finds nothing and need not be tried:
/// the steps are the same, in the same order. (Recording where a search found its first step,
/// to skip the old combinations before it, saved less than the comparisons cost: measured.)
#[derive(Clone, Copy)]
pub(super) struct AlsMiss {
    max_cells: usize,
    flavor: AlsFlavor,
    generation: u64,
    planes: [Bits81; 9],
}

/// The sets whose combinations a search may skip, by the last [`AlsMiss`]: those born at or
/// before its generation.
#[derive(Clone, Copy)]
pub(super) struct Settled {
    generation: u64,
}

impl AlsMiss {
    /// A search over `table` (of `grid`) found nothing.
    pub(super) fn of(table: &AlsTable, grid: &Grid) -> AlsMiss {
        AlsMiss {
            max_cells: table.max_cells,
            flavor: table.flavor,
            generation: table.generation,
            planes: *grid.planes(),
        }
    }

    /// What a search over `table` in `grid` may skip by the last miss `last` (nothing when
    /// none is known, it was of another table or a grid with fewer candidates, or the memos
    /// are off).
    pub(super) fn settled(last: Option<AlsMiss>, table: &AlsTable, grid: &Grid) -> Settled {
        let generation = match last {
            Some(miss)
                if miss.max_cells == table.max_cells
                    && miss.flavor == table.flavor
                    && memo::within(grid, &miss.planes) =>
            {
                miss.generation
            }
            // Older than every set.
            _ => 0,
        };
        Settled { generation }
    }
}

impl Settled {
    /// Whether set `i` of `table` is old: a combination of old sets is skipped.
    #[inline]
    pub(super) fn is_old(&self, table: &AlsTable, i: usize) -> bool {
        table.born[i] <= self.generation
    }
}

/// A placeholder set ending the merge of fresh sets.
const EMPTY_ALS: Als = Als {
    cells: Bits81::EMPTY,
    digits: 0,
    house: 0,
    digit_cells: [Bits81::EMPTY; 9],
};

/// Appends to `out` the neighbours of `old_list` (an old table's list) that survived, by their
/// new indices (`new_of_old`; `NONE`: gone), in order.
fn map_survivors(out: &mut Vec<Neighbour>, old_list: &[Neighbour], new_of_old: &[u32]) {
    out.reserve(old_list.len());
    for &old in old_list {
        let b = new_of_old[old.set() as usize];
        if b != NONE {
            out.push(Neighbour::new(b, old.rccs()));
        }
    }
}

/// Whether one house holds all of `cells` (none: false).
#[cfg(test)]
fn in_one_house(cells: Bits81) -> bool {
    crate::core::houses_holding(cells) != 0
}

/// One table per cap and flavor: the one of the last grid asked for, and a spare whose buffers
/// the next update reuses (the table the last update came from, until the next one).
struct Slot {
    table: Rc<AlsTable>,
    spare: Rc<AlsTable>,
    /// Whether the last update came from the spare (and not from nothing): then the table's
    /// link can start from the spare's neighbour lists, if it has them.
    from_spare: bool,
    /// The last update's work space, kept for the table's link until the next update.
    scratch: Scratch,
}

impl Slot {
    /// Whether this slot holds the tables of `max_cells` and `flavor`.
    fn is_for(&self, max_cells: usize, flavor: AlsFlavor) -> bool {
        self.table.max_cells == max_cells && self.table.flavor == flavor
    }
}

/// The table a link of the slot's table starts from: the spare, where the last update came
/// from it and it has its lists; else none (a link from nothing).
fn lists_to_link_from(from_spare: bool, spare: &AlsTable) -> Option<&AlsTable> {
    (from_spare && spare.linked).then_some(spare)
}

/// The most slots a thread keeps (the ladders use at most two caps and flavors on a thread;
/// tests more).
const MAX_SLOTS: usize = 4;

thread_local! {
    static SLOTS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// The ALS table of `grid` with sets of up to `max_cells` cells: the techniques tried on one
/// grid state share it, and the next state's is updated from it. Its neighbour lists may be
/// missing ([`linked_als_table`] has them): a finder that needs only the sets and the index
/// ([`AlsTable::for_each_partner_in`]) spares the state their link, most of an update's work,
/// when no later finder asks for them there (ALS-XZ's step ends most states it is tried on).
pub(crate) fn als_table(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> Rc<AlsTable> {
    table_of(grid, max_cells, flavor, false)
}

/// [`als_table`] with its neighbour lists ([`AlsTable::neighbours`]).
pub(crate) fn linked_als_table(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> Rc<AlsTable> {
    table_of(grid, max_cells, flavor, true)
}

/// Whether linking the current table of `max_cells` and `flavor` ([`linked_als_table`]) would
/// start from the last table's lists (or it is linked already), rather than from nothing.
pub(crate) fn links_cheaply(max_cells: usize, flavor: AlsFlavor) -> bool {
    SLOTS.with(|slots| {
        slots.borrow().iter().any(|s| {
            s.is_for(max_cells, flavor)
                && (s.table.linked || lists_to_link_from(s.from_spare, &s.spare).is_some())
        })
    })
}

/// The table of [`als_table`], linked if `linked` asks.
fn table_of(grid: &Grid, max_cells: usize, flavor: AlsFlavor, linked: bool) -> Rc<AlsTable> {
    SLOTS.with(|slots| {
        let slots = &mut *slots.borrow_mut();
        let found = slots.iter().position(|s| s.is_for(max_cells, flavor));
        let i = match found {
            Some(i) => i,
            None => {
                if slots.len() == MAX_SLOTS {
                    slots.remove(0);
                }
                slots.push(Slot {
                    table: Rc::new(AlsTable::empty(max_cells, flavor)),
                    spare: Rc::new(AlsTable::empty(max_cells, flavor)),
                    from_spare: false,
                    scratch: Scratch::default(),
                });
                slots.len() - 1
            }
        };
        let slot = &mut slots[i];
        if !slot.table.is_of(grid) {
            // The spare is shared only if a caller kept an old table: then build a new one.
            if Rc::get_mut(&mut slot.spare).is_none() {
                slot.spare = Rc::new(AlsTable::empty(max_cells, flavor));
            }
            let old = memo::enabled().then_some(&*slot.table);
            slot.from_spare = old.is_some();
            Rc::get_mut(&mut slot.spare)
                .expect("the spare is not shared")
                .update_sets(grid, old, &mut slot.scratch);
            std::mem::swap(&mut slot.table, &mut slot.spare);
        }
        if linked && !slot.table.linked {
            let Slot {
                table,
                spare,
                from_spare,
                scratch,
            } = slot;
            // Incrementally from the spare where it has its lists, else from nothing.
            let old = lists_to_link_from(*from_spare, spare);
            match Rc::get_mut(table) {
                Some(table) => table.link(old, scratch),
                None => {
                    // A caller holds this table unlinked (none of the finders does while
                    // asking for another): a linked one of the same grid replaces it.
                    let mut fresh = AlsTable::empty(max_cells, flavor);
                    fresh.rebuild(grid, None, scratch);
                    *table = Rc::new(fresh);
                }
            }
        }
        Rc::clone(&slot.table)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::PEERS;
    use crate::model::als::find_als;

    /// Cells seeing some cell of `cells`.
    fn reach_of(cells: Bits81) -> Bits81 {
        cells.iter().fold(Bits81::EMPTY, |acc, c| acc | PEERS[c])
    }

    /// The table as it was built before updates existed: every set, sorted by size (stable),
    /// every pair tested. The reference the updated tables must equal.
    fn reference(grid: &Grid, max_cells: usize, flavor: AlsFlavor) -> AlsTable {
        let mut sets = Vec::new();
        find_als(grid, 1, max_cells, &mut sets);
        if flavor == AlsFlavor::Gnpx584 {
            sets.retain(|s| s.is_pure(grid));
        }
        sets.sort_by_key(|s| s.cells.count());
        let mut table = AlsTable::empty(max_cells, flavor);
        table.sees = sets.iter().map(Als::digit_sees).collect();
        table.sets = sets;
        let n = table.sets.len();
        let mut lists = vec![Vec::new(); n];
        for a in 0..n {
            for b in a + 1..n {
                let (sa, sb) = (&table.sets[a], &table.sets[b]);
                if sa.digits & sb.digits == 0
                    || !reach_of(sa.cells).intersects(sb.cells)
                    || (flavor == AlsFlavor::Gnpx584 && sa.cells.intersects(sb.cells))
                {
                    continue;
                }
                let rcc = table.rcc(a, b);
                if rcc != 0 {
                    lists[a].push(Neighbour::new(b as u32, rcc));
                    lists[b].push(Neighbour::new(a as u32, rcc));
                }
            }
        }
        for list in lists {
            table.adjacent.extend(list);
            table.start.push(table.adjacent.len() as u32);
        }
        table
    }

    /// Asserts that `table` equals the reference table of `grid`, order included.
    fn assert_fresh(table: &AlsTable, grid: &Grid, context: &str) {
        let want = reference(grid, table.max_cells, table.flavor);
        assert!(table.is_of(grid), "{context}: keyed on another grid");
        assert_eq!(table.sets, want.sets, "{context}: sets");
        assert_eq!(table.sees, want.sees, "{context}: sees");
        assert_eq!(table.start, want.start, "{context}: neighbour counts");
        assert_eq!(table.adjacent, want.adjacent, "{context}: neighbours");
        let keys: Vec<u32> = table
            .sets
            .iter()
            .map(|s| order_key(s.cells, s.house as usize))
            .collect();
        assert_eq!(table.keys, keys, "{context}: keys");
        for (i, set) in table.sets.iter().enumerate() {
            let mut rows = Vec::new();
            index_rows_of(set, &mut rows);
            assert_eq!(table.rows_of(i), rows, "{context}: index rows {i}");
        }
        for (i, set) in table.sets.iter().enumerate() {
            for z in 0..9 {
                let targets = (grid.plane(z) & table.sees[i][z]).and_not(set.cells);
                let live = set.digits & (1 << z) != 0 && !targets.is_empty();
                assert_eq!(
                    table.live[i] & (1 << z) != 0,
                    live,
                    "{context}: live {i} {z}"
                );
            }
        }
    }

    /// A small deterministic generator (xorshift).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Removes one to `max` random candidates of `grid` (sometimes by placing a digit);
    /// returns false once no unsolved cell has a candidate left.
    fn random_removals(grid: &mut Grid, rng: &mut Rng, max: usize) -> bool {
        for _ in 0..1 + rng.below(max) {
            let open: Vec<usize> = grid
                .unsolved()
                .iter()
                .filter(|&cell| grid.candidates(cell) != 0)
                .collect();
            if open.is_empty() {
                return false;
            }
            let cell = open[rng.below(open.len())];
            let digits: Vec<usize> = bits::digits(grid.candidates(cell)).collect();
            let digit = digits[rng.below(digits.len())];
            if rng.below(6) == 0 {
                grid.place(cell, digit);
            } else {
                grid.eliminate(cell, digit);
            }
        }
        true
    }

    /// Puzzles of the repository's royle17 sample.
    fn puzzles() -> Vec<Grid> {
        include_str!("../../../corpora/royle17_sample.txt")
            .lines()
            .filter(|line| line.len() >= 81 && !line.starts_with('#'))
            .take(8)
            .map(|line| crate::core::test_support::grid(&line[..81]))
            .collect()
    }

    #[test]
    fn updated_tables_equal_fresh_builds_along_random_removals() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut states = 0;
        for (p, start) in puzzles().into_iter().enumerate() {
            for (cap, flavor) in [
                (5, AlsFlavor::Standard),
                (5, AlsFlavor::Gnpx584),
                (8, AlsFlavor::Standard),
            ] {
                let mut grid = start.clone();
                // First thin the candidates out (a 17-clue grid's early states have thousands of
                // large sets, too many for the reference's every-pair build in a unit test).
                for _ in 0..30 {
                    random_removals(&mut grid, &mut rng, 4);
                }
                // The previous state's table; one up to five states back (as after a cascade
                // of singles); a spare holding a stale table, whose buffers an update reuses (as
                // the cache's spare).
                let mut table = AlsTable::new(&grid, cap, flavor);
                let mut older = AlsTable::new(&grid, cap, flavor);
                let mut spare = AlsTable::empty(cap, flavor);
                let mut scratch = Scratch::default();
                let mut step = 0;
                while grid.unsolved().count() > 4 && random_removals(&mut grid, &mut rng, 4) {
                    let context = format!("puzzle {p}, {flavor:?} cap {cap}, step {step}");
                    spare.rebuild(&grid, Some(&table), &mut scratch);
                    assert_fresh(&spare, &grid, &context);
                    if step % 5 == 4 {
                        let mut from_older = AlsTable::empty(cap, flavor);
                        from_older.rebuild(&grid, Some(&older), &mut scratch);
                        assert_fresh(&from_older, &grid, &format!("{context}, from 5 back"));
                        older = from_older;
                    }
                    std::mem::swap(&mut spare, &mut table);
                    step += 1;
                    states += 1;
                }
            }
        }
        assert!(states > 500, "only {states} states compared");
    }

    #[test]
    fn cells_that_see_each_other_lie_in_one_house() {
        // The index's RCC test rests on this: three cells that see each other lie in one house
        // (so does any set of such cells, since two cells in two common houses share a box
        // and a line, and a third cell in only one of them misses the other's part).
        for a in 0..81 {
            for b in PEERS[a].iter().filter(|&b| b > a) {
                for c in (PEERS[a] & PEERS[b]).iter().filter(|&c| c > b) {
                    let cells = Bits81::cell(a) | Bits81::cell(b) | Bits81::cell(c);
                    assert!(
                        in_one_house(cells),
                        "r{}c{} r{}c{} r{}c{}",
                        a / 9 + 1,
                        a % 9 + 1,
                        b / 9 + 1,
                        b % 9 + 1,
                        c / 9 + 1,
                        c % 9 + 1
                    );
                }
            }
        }
    }

    #[test]
    fn a_table_updated_from_another_puzzle_equals_a_fresh_build() {
        let puzzles = puzzles();
        let mut scratch = Scratch::default();
        for pair in puzzles.windows(2) {
            for flavor in [AlsFlavor::Standard, AlsFlavor::Gnpx584] {
                let old = AlsTable::new(&pair[0], 5, flavor);
                let mut next = AlsTable::empty(5, flavor);
                next.rebuild(&pair[1], Some(&old), &mut scratch);
                assert_fresh(&next, &pair[1], "from another puzzle");
            }
        }
    }

    #[test]
    fn the_cache_serves_the_same_table_on_one_state_and_a_new_one_after_a_change() {
        let mut grid = puzzles()[0].clone();
        let first = linked_als_table(&grid, 5, AlsFlavor::Standard);
        assert!(Rc::ptr_eq(
            &first,
            &linked_als_table(&grid, 5, AlsFlavor::Standard)
        ));
        let cell = grid.unsolved().first().unwrap();
        let digit = bits::digits(grid.candidates(cell)).next().unwrap();
        grid.eliminate(cell, digit);
        let second = linked_als_table(&grid, 5, AlsFlavor::Standard);
        assert!(!Rc::ptr_eq(&first, &second));
        assert_fresh(&second, &grid, "cache");
        drop(first);
        grid.eliminate(cell, bits::digits(grid.candidates(cell)).next().unwrap());
        let third = linked_als_table(&grid, 5, AlsFlavor::Standard);
        assert_fresh(&third, &grid, "cache, spare reused");
    }

    #[test]
    fn tables_left_unlinked_are_linked_as_fresh_builds_when_asked() {
        // Along random removals, each state's table is asked for unlinked, and at some states
        // then linked: after a linked state (the link starts from the spare's lists) and after
        // unlinked ones (from nothing), it equals a fresh build; the unlinked table has the
        // fresh build's sets and the same partners off its index.
        let mut rng = Rng(0x3c6e_f372_fe94_f82b);
        let mut linked = 0;
        for (p, start) in puzzles().into_iter().enumerate() {
            for flavor in [AlsFlavor::Standard, AlsFlavor::Gnpx584] {
                let mut grid = start.clone();
                for _ in 0..30 {
                    random_removals(&mut grid, &mut rng, 4);
                }
                let mut step = 0;
                while grid.unsolved().count() > 4 && random_removals(&mut grid, &mut rng, 3) {
                    let context = format!("puzzle {p}, {flavor:?}, step {step}");
                    let want = reference(&grid, 5, flavor);
                    let table = als_table(&grid, 5, flavor);
                    assert_eq!(table.sets, want.sets, "{context}: sets");
                    for a in 0..table.len() {
                        let mut partners = Vec::new();
                        let _ = table.for_each_partner_in(a, 0..table.len(), None, |b, rccs| {
                            partners.push(Neighbour::new(b as u32, rccs));
                            ControlFlow::Continue(())
                        });
                        let from = want.start[a] as usize..want.start[a + 1] as usize;
                        assert_eq!(partners, want.adjacent[from], "{context}: partners of {a}");
                    }
                    drop(table);
                    if rng.below(3) == 0 {
                        let table = linked_als_table(&grid, 5, flavor);
                        assert_fresh(&table, &grid, &context);
                        linked += 1;
                    }
                    step += 1;
                }
            }
        }
        assert!(linked > 100, "only {linked} tables linked");
    }
}
