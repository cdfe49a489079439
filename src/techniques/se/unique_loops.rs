//! SE's producer 15 (§4.10): Unique Rectangles and Loops, types 1–4. Unlike the other
//! producers it collects every hint, keeps the first of equal ones, sorts them by difficulty
//! then type, and yields them in that order, so the first is SE's choice.
//!
//! The loop search reproduces SE's depth-first walk exactly, quirks included: which loops are
//! found, and in which cell order, decides type 3's cells and the order of equal hints.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{cells_at, se_step, COMB9};
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_CELLS, HOUSE_SETS, PEERS};
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// The house of `kind` (0 block, 1 row, 2 column: SE's BRC order) of `cell`.
#[inline]
fn house_of(cell: usize, kind: usize) -> usize {
    match kind {
        0 => CELL_HOUSES[cell][2] as usize,
        1 => CELL_HOUSES[cell][0] as usize,
        _ => CELL_HOUSES[cell][1] as usize,
    }
}

/// The three houses of `cell` as a mask (bit h = house h).
#[inline]
fn house_mask(cell: usize) -> u32 {
    let [row, column, block] = CELL_HOUSES[cell];
    1 << row | 1 << column | 1 << block
}

/// The depth-first loop search from one start cell; each valid loop it closes is classified
/// at once (the order SE would classify its list in).
struct Search<'a, 'g> {
    grid: &'g Grid,
    start: usize,
    /// The two digits of the start cell, as a mask.
    pair: u16,
    /// The cells holding both digits of `pair`: the only cells the walk may enter.
    pair_cells: Bits81,
    /// The cells whose candidates are exactly `pair`: the only ones a walk that may take no
    /// more extra cells can enter.
    pure_cells: Bits81,
    path: [u8; 81],
    len: usize,
    on_path: Bits81,
    /// The houses of the path's cells at even and at odd positions. A loop is valid only if no
    /// house holds two cells of the same parity, so a cell whose houses meet its parity's is
    /// never entered: every loop through it would be rejected by [`is_valid`].
    parity_houses: [u32; 2],
    /// The cells that see a path cell of each parity (the path cells' houses): a cell there is
    /// what `parity_houses` calls doomed at that parity.
    parity_cells: [Bits81; 2],
    /// Whether the walk closed a valid loop (classified or not): see [`LoopMemo`].
    closed: bool,
    /// The houses of every cell the walk entered: all it reads lies in them.
    touched: u32,
    /// Whether [`Search::can_close`] prunes (off only to test that it changes nothing).
    prune: bool,
    collector: &'a mut Collector<'g>,
}

impl Search<'_, '_> {
    /// SE's `extend(cell, allowedExtra, extraDigits, lastType)`.
    fn extend(&mut self, cell: usize, allowed_extra: i32, extra: u16, last_kind: Option<usize>) {
        let parity = self.len % 2;
        let houses = house_mask(cell);
        let seen = self.parity_cells[parity];
        self.path[self.len] = cell as u8;
        self.len += 1;
        self.on_path.insert(cell);
        self.parity_houses[parity] |= houses;
        self.parity_cells[parity] |= PEERS[cell] | Bits81::cell(cell);
        self.touched |= houses;
        if !self.prune || self.can_close(allowed_extra, extra) {
            self.walk(cell, allowed_extra, extra, last_kind);
        }
        self.len -= 1;
        self.on_path.remove(cell);
        self.parity_houses[parity] &= !houses;
        self.parity_cells[parity] = seen;
    }

    /// The body of [`Search::extend`]: SE's loop over the next cells, in its order.
    #[inline]
    fn walk(&mut self, cell: usize, allowed_extra: i32, extra: u16, last_kind: Option<usize>) {
        // A private copy, shared by the later cells examined in this call (SE's quirk).
        let mut extra = extra;
        // SE examines all nine positions of a house; those without both digits change
        // nothing, nor do the path's cells other than the start (the path is the same again
        // after each cell entered).
        let open = self.pair_cells.and_not(self.on_path) | Bits81::cell(self.start);
        for kind in 0..3 {
            if Some(kind) == last_kind {
                continue;
            }
            let house = house_of(cell, kind);
            for next in HOUSE_SETS[house] & open {
                if next == self.start && self.len >= 4 {
                    if self.parity_houses[0] == self.parity_houses[1] {
                        let cells = &self.path[..self.len];
                        debug_assert!(is_valid(cells));
                        self.closed = true;
                        self.collector.classify(cells, self.pair);
                    }
                } else if next != self.start {
                    let candidates = self.grid.candidates(next);
                    extra |= candidates & !self.pair;
                    // `next` holds both loop digits: it has more exactly when it is not the pair.
                    let many = candidates != self.pair;
                    let doomed = self.parity_cells[self.len % 2].contains(next);
                    if !doomed && (!many || is_one_digit(extra) || allowed_extra > 0) {
                        self.extend(next, allowed_extra - i32::from(many), extra, Some(kind));
                    }
                }
            }
        }
    }

    /// Whether the path, just extended, can still close into a valid loop: every house that
    /// holds a path cell of one parity only needs a cell of the other parity, one the walk may
    /// still enter (off the path, not doomed at that parity, and not an extra cell once the
    /// walk may take no more). The walk only adds to the path and to what it has seen, so a
    /// house without such a cell now never gets one; skipping the walk below then changes
    /// nothing but the time (the walk has no effect but the loops it closes).
    ///
    /// With two or more extra digits and an allowance of one, at most one more extra cell is
    /// entered: every open house with no pure cell it may enter needs that one cell, so those
    /// houses must all want the same parity and share a cell the walk may enter there.
    #[inline]
    fn can_close(&self, allowed_extra: i32, extra: u16) -> bool {
        // The extra digits only grow below, and the allowance only shrinks: with two or more
        // digits and no allowance left, no cell with an extra digit is entered again.
        let many_digits = extra & extra.wrapping_sub(1) != 0;
        let cells = if allowed_extra <= 0 && many_digits {
            self.pure_cells
        } else {
            self.pair_cells
        };
        let free = cells.and_not(self.on_path);
        let one_left = allowed_extra == 1 && many_digits;
        let free_pure = self.pure_cells.and_not(self.on_path);
        // The one extra cell's parity and where it may be, once a house needs it.
        let mut needs_extra: Option<(usize, Bits81)> = None;
        for parity in 0..2 {
            let mut open = self.parity_houses[1 - parity] & !self.parity_houses[parity];
            if open == 0 {
                continue;
            }
            let enterable = free.and_not(self.parity_cells[parity]);
            let pure = free_pure.and_not(self.parity_cells[parity]);
            while open != 0 {
                let house = open.trailing_zeros() as usize;
                open &= open - 1;
                let room = HOUSE_SETS[house] & enterable;
                if room.is_empty() {
                    return false;
                }
                if one_left && !HOUSE_SETS[house].intersects(pure) {
                    let room = match needs_extra {
                        None => room,
                        Some((p, where_)) if p == parity => where_ & room,
                        Some(_) => return false,
                    };
                    if room.is_empty() {
                        return false;
                    }
                    needs_extra = Some((parity, room));
                }
            }
        }
        true
    }
}

/// Whether `mask` has exactly one bit.
#[inline]
fn is_one_digit(mask: u16) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// Whether every house the loop touches holds two of its cells, of opposite parity.
fn is_valid(cells: &[u8]) -> bool {
    let mut sets = [0u32; 2];
    for (i, &cell) in cells.iter().enumerate() {
        let parity = i % 2;
        for &house in &CELL_HOUSES[cell as usize] {
            if sets[parity] & (1 << house) != 0 {
                return false;
            }
            sets[parity] |= 1 << house;
        }
    }
    sets[0] == sets[1]
}

/// One collected hint: the step and what makes it equal to another.
struct Hint {
    step: Step,
    kind: u8,
    loop_cells: Bits81,
    /// Type 3: the house, the set's digits and cells.
    set: Option<(usize, u16, Bits81)>,
}

/// The base difficulty of a loop of `size` cells (§4.10.4), added in SE's order.
fn base_difficulty(size: usize) -> f64 {
    let mut d = 4.5;
    if size >= 10 {
        d += 0.3;
    }
    if size >= 8 {
        d += 0.2;
    } else if size >= 6 {
        d += 0.1;
    }
    d
}

/// Collects every hint of every loop, in SE's order.
struct Collector<'a> {
    grid: &'a Grid,
    hints: Vec<Hint>,
    /// The loops classified so far (cells, first and second extra cell, 81 for none): see
    /// [`Collector::classify`]. A fixed table; once full, loops are classified again.
    classified: [(Bits81, u8, u8); 64],
    classified_len: usize,
}

impl Collector<'_> {
    fn push(&mut self, hint: Hint) {
        if hint.step.eliminations.is_empty() {
            return;
        }
        let same = self
            .hints
            .iter()
            .any(|h| h.kind == hint.kind && h.loop_cells == hint.loop_cells && h.set == hint.set);
        if !same {
            self.hints.push(hint);
        }
    }

    fn hint(&self, cells: &[u8], kind: u8, difficulty: f64, pair: u16) -> Hint {
        let loop_cells: Bits81 = cells.iter().map(|&c| c as usize).collect();
        let mut step = se_step(TechniqueId::SeUniqueLoop, difficulty);
        step.variant = kind;
        step.cells = loop_cells;
        step.digits = pair;
        Hint {
            step,
            kind,
            loop_cells,
            set: None,
        }
    }

    /// Classifies one valid loop (§4.10.3) and collects its hints.
    fn classify(&mut self, cells: &[u8], pair: u16) {
        let grid = self.grid;
        let mut extra_at = [0usize; 81];
        let mut n = 0;
        let mut loop_cells = Bits81::EMPTY;
        for &c in cells {
            let c = c as usize;
            loop_cells.insert(c);
            if grid.candidates(c) != pair {
                extra_at[n] = c;
                n += 1;
            }
        }
        let extra = &extra_at[..n];
        // What follows depends only on the loop's cells, its first extra cell and, with
        // exactly two, the second: the same loop walked from another start or the other way
        // round with these the same yields the very hints it yielded before, which `push`
        // drops. So such a loop is classified once.
        let key = (
            loop_cells,
            extra.first().map_or(81, |&c| c as u8),
            extra.get(1).map_or(81, |&c| c as u8),
        );
        if self.classified[..self.classified_len].contains(&key) {
            return;
        }
        if self.classified_len < self.classified.len() {
            self.classified[self.classified_len] = key;
            self.classified_len += 1;
        }
        let base = base_difficulty(cells.len());
        match extra.len() {
            0 => {}
            1 => {
                let mut hint = self.hint(cells, 1, base, pair);
                for d in digits(pair) {
                    hint.step.eliminations.insert(extra[0], d);
                }
                self.push(hint);
            }
            2 => {
                let (c1, c2) = (extra[0], extra[1]);
                let rest = (grid.candidates(c1) | grid.candidates(c2)) & !pair;
                if rest.count_ones() == 1 {
                    self.type_2(cells, pair, extra, base);
                } else {
                    self.type_3(cells, pair, c1, c2, rest, base);
                }
                self.type_4(cells, pair, c1, c2, base);
            }
            _ => self.type_2(cells, pair, extra, base),
        }
    }

    /// Type 2: the lowest extra digit of the first extra cell leaves every cell that sees all
    /// the extra cells.
    fn type_2(&mut self, cells: &[u8], pair: u16, extra: &[usize], base: f64) {
        let grid = self.grid;
        let z = (grid.candidates(extra[0]) & !pair).trailing_zeros() as usize;
        let mut seen = Bits81::ALL;
        let mut extra_cells = Bits81::EMPTY;
        for &c in extra {
            seen &= PEERS[c];
            extra_cells.insert(c);
        }
        let mut hint = self.hint(cells, 2, base, pair);
        hint.step.eliminations.planes[z] = (grid.plane(z) & seen).and_not(extra_cells);
        self.push(hint);
    }

    /// Type 4: a loop digit locked to the two extra cells in a house they share removes the
    /// other loop digit from both.
    fn type_4(&mut self, cells: &[u8], pair: u16, c1: usize, c2: usize, base: f64) {
        let grid = self.grid;
        let v1 = pair.trailing_zeros() as usize;
        let v2 = 15 - pair.leading_zeros() as usize;
        let both = Bits81::cell(c1) | Bits81::cell(c2);
        let (mut lock1, mut lock2) = (false, false);
        for kind in 0..3 {
            let house = house_of(c1, kind);
            if house != house_of(c2, kind) {
                continue;
            }
            let others = HOUSE_SETS[house].and_not(both);
            lock1 |= !grid.plane(v1).intersects(others);
            lock2 |= !grid.plane(v2).intersects(others);
        }
        let removed = if lock1 {
            v2
        } else if lock2 {
            v1
        } else {
            return;
        };
        let mut hint = self.hint(cells, 4, base, pair);
        hint.step.eliminations.planes[removed] = grid.plane(removed) & both;
        self.push(hint);
    }

    /// Type 3: the two extra cells' extra digits `rest` with other cells of a shared house
    /// form a naked set, or with the loop digits a hidden one.
    fn type_3(&mut self, cells: &[u8], pair: u16, c1: usize, c2: usize, rest: u16, base: f64) {
        let grid = self.grid;
        let common = rest & grid.candidates(c1) & grid.candidates(c2);
        for k in rest.count_ones() as usize..=7 {
            for kind in 0..3 {
                let house = house_of(c1, kind);
                if house != house_of(c2, kind) {
                    continue;
                }
                let slot =
                    |cell: usize| HOUSE_CELLS[house].iter().position(|&c| c as usize == cell);
                let (Some(p1), Some(p2)) = (slot(c1), slot(c2)) else {
                    continue;
                };
                let empty = (grid.unsolved() & HOUSE_SETS[house]).count() as usize;
                if 2 * k <= empty {
                    self.type_3_naked(
                        cells,
                        pair,
                        (c1, c2),
                        (p1, p2),
                        house,
                        k,
                        rest,
                        common,
                        base,
                    );
                }
                if 2 * k < empty {
                    self.type_3_hidden(cells, pair, (c1, c2), p2, house, k, rest, base);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn type_3_naked(
        &mut self,
        cells: &[u8],
        pair: u16,
        (c1, c2): (usize, usize),
        (p1, p2): (usize, usize),
        house: usize,
        k: usize,
        rest: u16,
        common: u16,
        base: f64,
    ) {
        let grid = self.grid;
        for &tuple in COMB9.of(k) {
            if tuple & (1 << p1) == 0 || tuple & (1 << p2) != 0 {
                continue;
            }
            let others = tuple & !(1 << p1);
            let mut union = rest;
            let mut of_others = 0u16;
            let mut ok = true;
            for p in 0..9 {
                if others & (1 << p) != 0 {
                    let m = grid.candidates(HOUSE_CELLS[house][p] as usize);
                    if m.count_ones() < 2 {
                        ok = false;
                        break;
                    }
                    union |= m;
                    of_others |= m;
                }
            }
            if !ok || union.count_ones() as usize != k {
                continue;
            }
            if (common | of_others).count_ones() as usize != k {
                continue;
            }
            let set_cells = cells_at(house, others);
            let keep = set_cells | Bits81::cell(c1) | Bits81::cell(c2);
            let targets = HOUSE_SETS[house].and_not(keep);
            let mut hint = self.hint(cells, 3, base + (k as f64 - 1.0) * 0.1, pair);
            for d in digits(union) {
                hint.step.eliminations.planes[d] = grid.plane(d) & targets;
            }
            hint.set = Some((house, union, set_cells));
            hint.step.houses = 1 << house;
            self.push(hint);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn type_3_hidden(
        &mut self,
        cells: &[u8],
        pair: u16,
        (c1, c2): (usize, usize),
        p2: usize,
        house: usize,
        k: usize,
        rest: u16,
        base: f64,
    ) {
        let grid = self.grid;
        // The digits outside the pair and the rest, on the stack (a list per call allocated).
        let mut outside_digits = [0usize; 9];
        let mut count = 0;
        for d in digits(0x1FF & !(pair | rest)) {
            outside_digits[count] = d;
            count += 1;
        }
        let outside = &outside_digits[..count];
        if k < 2 || k - 2 > outside.len() {
            return;
        }
        let mut tuples = [0u16; 126];
        let n = combinations_of(k - 2, outside.len(), &mut tuples);
        for &tuple in &tuples[..n] {
            let mut set_digits = pair;
            for (i, &d) in outside.iter().enumerate() {
                if tuple & (1 << i) != 0 {
                    set_digits |= 1 << d;
                }
            }
            let mut union = 0u16;
            let mut ok = true;
            for d in digits(set_digits) {
                let p = super::positions(grid, house, d) & !(1 << p2);
                if p == 0 {
                    ok = false;
                    break;
                }
                union |= p;
            }
            if !ok || union.count_ones() as usize != k {
                continue;
            }
            let hidden = cells_at(house, union).and_not(Bits81::cell(c1) | Bits81::cell(c2));
            let size = hidden.count() as f64;
            let mut hint = self.hint(cells, 3, base + (size - 1.0) * 0.1, pair);
            for d in digits(0x1FF & !set_digits) {
                hint.step.eliminations.planes[d] = grid.plane(d) & hidden;
            }
            hint.set = Some((house, set_digits, hidden));
            hint.step.houses = 1 << house;
            self.push(hint);
        }
    }
}

/// Comb(k, n) as masks over 0..n, ascending, into `out` (n ≤ 9, so at most 126); the count.
fn combinations_of(k: usize, n: usize, out: &mut [u16; 126]) -> usize {
    let mut len = 0;
    for &mask in COMB9.of(k) {
        if mask < (1 << n) {
            out[len] = mask;
            len += 1;
        }
    }
    len
}

/// The digit indexes of a mask, ascending.
fn digits(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |d| mask & (1 << d) != 0)
}

/// The last grid the loop search ran on (this thread), and for each start cell what its walk
/// read there, if it closed no loop.
///
/// A start's walk enters only cells holding both of its digits (`pair_cells`), and each of its
/// choices (which cells it enters, the extra digits it gathers, [`Search::can_close`]) reads
/// only such cells in the houses of the cells entered so far; only classifying a closed loop
/// reads other cells. So when no cell that holds both digits (in the last grid or in this
/// one: a new puzzle's cells may gain candidates) and lies in a house the walk entered has
/// changed since, the walk is, step by step, the very walk it was: if it closed no loop then,
/// it closes none now, classifies nothing and yields nothing, and it is skipped.
#[derive(Clone, Copy)]
struct LoopMemo {
    planes: [Bits81; 9],
    unsolved: Bits81,
    /// Per cell: the houses (bit h = house h) entered by its walk in that grid, when it was a
    /// start and its walk closed no loop; [`NOT_SKIPPABLE`] otherwise.
    touched: [u32; 81],
}

/// [`LoopMemo::touched`] of a cell whose walk must run: not a start, or its walk closed a loop.
const NOT_SKIPPABLE: u32 = u32::MAX;

thread_local! {
    static LAST_SEARCH: RefCell<Option<LoopMemo>> = const { RefCell::new(None) };
}

/// The cells holding every digit of `pair` in `planes`.
#[inline]
fn cells_with_both(planes: &[Bits81; 9], pair: u16) -> Bits81 {
    let mut v = pair;
    let mut cells = Bits81::ALL;
    while v != 0 {
        cells &= planes[v.trailing_zeros() as usize];
        v &= v - 1;
    }
    cells
}

/// Unique Rectangles and Loops: every hint, SE's sorted order (difficulty, then type).
pub fn unique_loops(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let mut memo = LAST_SEARCH.with_borrow_mut(|memo| memo.take());
    let (flow, _) = search(grid, sink, &mut memo, true);
    LAST_SEARCH.with_borrow_mut(|last| *last = memo);
    flow
}

/// The search behind [`unique_loops`]: every start walked, except those whose walk `memo` (the
/// last grid searched, if any) shows is unchanged and closes no loop; yields the hints, and
/// leaves `memo` describing this grid; also returns how many starts it skipped. `prune` is
/// false only in a test.
fn search(
    grid: &Grid,
    sink: &mut StepSink<'_>,
    memo: &mut Option<LoopMemo>,
    prune: bool,
) -> (ControlFlow<()>, usize) {
    let mut collector = Collector {
        grid,
        hints: KEPT_HINTS.with(|kept| std::mem::take(&mut *kept.borrow_mut())),
        classified: [(Bits81::EMPTY, 0, 0); 64],
        classified_len: 0,
    };
    // The cells whose candidates changed (or that were solved or unsolved) since the memo's
    // grid, with that grid's planes; without a memo every start is walked.
    let before = memo.as_ref().map(|b| {
        let mut cells = b.unsolved ^ grid.unsolved();
        for (&old, &new) in b.planes.iter().zip(grid.planes()) {
            cells |= old ^ new;
        }
        (cells, b.planes, b.touched)
    });
    let mut touched = [NOT_SKIPPABLE; 81];
    let mut skipped = 0;
    let bivalue = grid.bivalue_cells();
    for start in bivalue {
        let pair = grid.candidates(start);
        let pair_cells = cells_with_both(grid.planes(), pair);
        if let Some((changed, planes, was)) = &before {
            let was = was[start];
            if was != NOT_SKIPPABLE {
                let mut houses = 0u32;
                for cell in (pair_cells | cells_with_both(planes, pair)) & *changed {
                    houses |= house_mask(cell);
                }
                if houses & was == 0 {
                    touched[start] = was;
                    skipped += 1;
                    continue;
                }
            }
        }
        let pure_cells = pair_cells & bivalue;
        let mut search = Search {
            grid,
            start,
            pair,
            pair_cells,
            pure_cells,
            path: [0; 81],
            len: 0,
            on_path: Bits81::EMPTY,
            parity_houses: [0; 2],
            parity_cells: [Bits81::EMPTY; 2],
            closed: false,
            touched: 0,
            prune,
            collector: &mut collector,
        };
        search.extend(start, 2, 0, None);
        if !search.closed {
            touched[start] = search.touched;
        }
    }
    *memo = Some(LoopMemo {
        planes: *grid.planes(),
        unsolved: grid.unsolved(),
        touched,
    });
    let mut hints = collector.hints;
    // Stable: equal hints keep the order in which they were found.
    hints.sort_by(|a, b| {
        let (da, db) = (a.step.difficulty, b.step.difficulty);
        let (da, db) = (da.map_or(0.0, |d| d.0), db.map_or(0.0, |d| d.0));
        da.total_cmp(&db).then(a.kind.cmp(&b.kind))
    });
    let flow = hints.iter().try_for_each(|hint| sink(&hint.step));
    hints.clear();
    KEPT_HINTS.with(|kept| *kept.borrow_mut() = hints);
    (flow, skipped)
}

thread_local! {
    /// The hints' list of the last search, kept for its allocation (a search nested in a sink
    /// takes the empty list left in its place).
    static KEPT_HINTS: std::cell::RefCell<Vec<Hint>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// SE's name of a unique-loop step: "Unique Rectangle type n" for 4 cells, "Unique Loop type n"
/// for 6, "Unique Loop N type n" above.
pub fn name(step: &Step) -> &'static str {
    const RECTANGLE: [&str; 4] = [
        "Unique Rectangle type 1",
        "Unique Rectangle type 2",
        "Unique Rectangle type 3",
        "Unique Rectangle type 4",
    ];
    const LOOP: [&str; 4] = [
        "Unique Loop type 1",
        "Unique Loop type 2",
        "Unique Loop type 3",
        "Unique Loop type 4",
    ];
    const SIZED: [[&str; 4]; 7] = [
        [
            "Unique Loop 8 type 1",
            "Unique Loop 8 type 2",
            "Unique Loop 8 type 3",
            "Unique Loop 8 type 4",
        ],
        [
            "Unique Loop 10 type 1",
            "Unique Loop 10 type 2",
            "Unique Loop 10 type 3",
            "Unique Loop 10 type 4",
        ],
        [
            "Unique Loop 12 type 1",
            "Unique Loop 12 type 2",
            "Unique Loop 12 type 3",
            "Unique Loop 12 type 4",
        ],
        [
            "Unique Loop 14 type 1",
            "Unique Loop 14 type 2",
            "Unique Loop 14 type 3",
            "Unique Loop 14 type 4",
        ],
        [
            "Unique Loop 16 type 1",
            "Unique Loop 16 type 2",
            "Unique Loop 16 type 3",
            "Unique Loop 16 type 4",
        ],
        [
            "Unique Loop 18 type 1",
            "Unique Loop 18 type 2",
            "Unique Loop 18 type 3",
            "Unique Loop 18 type 4",
        ],
        [
            "Unique Loop 20 type 1",
            "Unique Loop 20 type 2",
            "Unique Loop 20 type 3",
            "Unique Loop 20 type 4",
        ],
    ];
    let kind = (step.variant.clamp(1, 4) - 1) as usize;
    match step.cells.count() {
        4 => RECTANGLE[kind],
        n if n <= 6 => LOOP[kind],
        // A loop has an even number of cells; longer than 20 does not occur in practice.
        n => SIZED[((n as usize).min(20) - 8) / 2][kind],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;

    /// Neither the memo nor the pruning changes a hint: over the shipped hard pencil-mark states (top1465), each
    /// followed by grids that lose a few random candidates or get a digit placed at a time,
    /// now and then with a grid that lacks one candidate of the next between two of them (so
    /// that the memo meets small changes, and grids that gain candidates as a new puzzle's
    /// do), every hint and its order are those of the search that walks every start and
    /// prunes nothing.
    #[test]
    fn memo_and_pruning_change_no_hint() {
        let collect = |grid: &Grid, memo: &mut Option<LoopMemo>, prune: bool| {
            let mut steps = Vec::new();
            let (_, skipped) = search(
                grid,
                &mut |step| {
                    steps.push(step.clone());
                    ControlFlow::Continue(())
                },
                memo,
                prune,
            );
            (steps, skipped)
        };
        let mut rng = Xorshift(0x00c0_ffee_1005);
        let mut memo = None;
        let (mut grids, mut hinted, mut skipped) = (0, 0, 0);
        let states = crate::techniques::shipped_hard_states();
        for (marks, start) in states.iter().cycle().take(4 * states.len()) {
            let mut grid = start.clone();
            for round in 0..40 {
                let cells: Vec<usize> = grid
                    .unsolved()
                    .into_iter()
                    .filter(|&c| grid.candidates(c).count_ones() >= 2)
                    .collect();
                if cells.is_empty() {
                    break;
                }
                let mut fewer = grid.clone();
                let cell = cells[(rng.next() % cells.len() as u64) as usize];
                let mask = grid.candidates(cell);
                let nth = (rng.next() % u64::from(mask.count_ones())) as usize;
                fewer.eliminate(cell, digits(mask).nth(nth).unwrap());
                let back = rng.next().is_multiple_of(2);
                for grid in [&fewer, &grid].into_iter().skip(usize::from(!back)) {
                    grids += 1;
                    let (want, _) = collect(grid, &mut None, false);
                    assert_eq!(collect(grid, &mut None, true).0, want, "{marks} {round}");
                    let (got, skips) = collect(grid, &mut memo, true);
                    assert_eq!(got, want, "{marks} {round}");
                    hinted += usize::from(!want.is_empty());
                    skipped += skips;
                }
                for _ in 0..1 + rng.next() % 3 {
                    let cell = cells[(rng.next() % cells.len() as u64) as usize];
                    let mask = grid.candidates(cell);
                    if mask.count_ones() < 2 {
                        continue;
                    }
                    let nth = (rng.next() % u64::from(mask.count_ones())) as usize;
                    let digit = digits(mask).nth(nth).unwrap();
                    if rng.next().is_multiple_of(8) {
                        grid.place(cell, digit);
                    } else if mask.count_ones() >= 3 {
                        grid.eliminate(cell, digit);
                    }
                }
            }
        }
        // The states met loops with hints, and the memo skipped walks.
        assert!(
            grids > 1_000 && hinted > 30 && skipped > 1_000,
            "{grids} grids, {hinted} with hints, {skipped} walks skipped"
        );
    }

    #[test]
    fn loop_sizes_add_se_bonuses() {
        assert_eq!(base_difficulty(4), 4.5);
        assert_eq!(base_difficulty(6), 4.5 + 0.1);
        assert_eq!(base_difficulty(8), 4.5 + 0.2);
        assert_eq!(
            base_difficulty(10).to_bits(),
            (4.5f64 + 0.3 + 0.2).to_bits()
        );
        let mut step = Step::new(TechniqueId::SeUniqueLoop);
        step.variant = 2;
        step.cells = (0..8).collect();
        assert_eq!(name(&step), "Unique Loop 8 type 2");
        step.cells = (0..4).collect();
        assert_eq!(name(&step), "Unique Rectangle type 2");
    }

    #[test]
    fn validity_wants_each_house_twice_with_opposite_parity() {
        // r1c1 r1c2 r2c2 r2c1: a rectangle in one block is no UR (block holds four cells).
        assert!(!is_valid(&[0, 1, 10, 9]));
        // r1c1 r1c4 r4c4 r4c1: four blocks, each holding one cell.
        assert!(!is_valid(&[0, 3, 30, 27]));
        // r1c1 r1c2 r4c2 r4c1: two blocks, each house twice.
        assert!(is_valid(&[0, 1, 28, 27]));
    }
}
