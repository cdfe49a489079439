//! Chain nodes and SE's four implication rules (SE.md §5.1).
//!
//! A node is (cell, digit, polarity) packed as `(cell·9 + digit)·2 + on`, below [`NODES`]; node
//! sets are 1458-bit sets ([`NodeSet`]). The rules read a [`Cands`] grid: nine 81-bit digit
//! planes kept in step with per-cell masks, cheap to copy and to compare (memo keys).

use crate::core::{Grid, CELLS, HOUSE_CELLS, HOUSE_SETS};

/// Number of node ids: 81 cells × 9 digits × 2 polarities.
pub const NODES: usize = 1458;
/// 64-bit words of a [`NodeSet`].
pub const WORDS: usize = NODES.div_ceil(64);
/// "No node" (the parent of an assumption).
pub const NONE: u16 = u16::MAX;

/// The node id of (cell, digit, polarity).
#[inline]
pub const fn node(cell: usize, digit: usize, on: bool) -> u16 {
    ((cell * 9 + digit) * 2 + on as usize) as u16
}

/// The cell of a node.
#[inline]
pub const fn cell_of(node: u16) -> usize {
    node as usize / 18
}

/// The digit index of a node.
#[inline]
pub const fn digit_of(node: u16) -> usize {
    (node as usize / 2) % 9
}

/// Whether a node is an *on* node.
#[inline]
pub const fn is_on(node: u16) -> bool {
    node & 1 == 1
}

/// The same candidate with the other polarity.
#[inline]
pub const fn opposite(node: u16) -> u16 {
    node ^ 1
}

/// A set of nodes as a 1458-bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NodeSet(pub [u64; WORDS]);

impl Default for NodeSet {
    fn default() -> Self {
        NodeSet::EMPTY
    }
}

impl NodeSet {
    /// The empty set.
    pub const EMPTY: NodeSet = NodeSet([0; WORDS]);

    /// Adds a node.
    #[inline]
    pub fn insert(&mut self, node: u16) {
        self.0[node as usize >> 6] |= 1 << (node & 63);
    }

    /// Takes a node out.
    #[inline]
    pub fn remove(&mut self, node: u16) {
        self.0[node as usize >> 6] &= !(1 << (node & 63));
    }

    /// Whether a node is in the set.
    #[inline]
    pub fn contains(&self, node: u16) -> bool {
        self.0[node as usize >> 6] >> (node & 63) & 1 == 1
    }

    /// Adds every node of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &NodeSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
    }

    /// Number of nodes (SE's ancestor count when the set is an ancestor set).
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the two sets share a node.
    #[inline]
    pub fn intersects(&self, other: &NodeSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The nodes of both sets.
    #[inline]
    pub fn and(&self, other: &NodeSet) -> NodeSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= *b;
        }
        out
    }

    /// The nodes in ascending id order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros();
                w &= w - 1;
                Some((i * 64) as u16 + bit as u16)
            })
        })
    }
}

/// A candidate grid for chaining: digit planes and cell masks, nothing else (chains never
/// place a digit, so the placed cells stay those of the grid the search started from).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cands {
    /// Cells holding each digit as a candidate.
    pub planes: [u128; 9],
    /// Candidate mask of each cell.
    pub masks: [u16; CELLS],
}

impl Cands {
    /// The candidates of `grid`.
    pub fn from_grid(grid: &Grid) -> Cands {
        let mut planes = [0u128; 9];
        for (d, plane) in planes.iter_mut().enumerate() {
            *plane = grid.plane(d).0;
        }
        let mut masks = [0u16; CELLS];
        for (c, mask) in masks.iter_mut().enumerate() {
            *mask = grid.candidates(c);
        }
        Cands { planes, masks }
    }

    /// Whether (cell, digit) is a candidate.
    #[inline]
    pub fn has(&self, cell: usize, digit: usize) -> bool {
        self.planes[digit] >> cell & 1 == 1
    }

    /// Removes candidate (cell, digit).
    #[inline]
    pub fn remove(&mut self, cell: usize, digit: usize) {
        self.planes[digit] &= !CELL_BIT[cell];
        self.masks[cell] &= !(1 << digit);
    }

    /// Copies `other` into `self` without allocating.
    #[inline]
    pub fn copy_from(&mut self, other: &Cands) {
        self.planes = other.planes;
        self.masks = other.masks;
    }
}

/// SE's houses of a cell in BRC order (block, row, column), as sgrade house numbers.
#[inline]
pub const fn brc_houses(cell: usize) -> [usize; 3] {
    [
        18 + crate::core::box_of(cell),
        crate::core::row_of(cell),
        9 + crate::core::col_of(cell),
    ]
}

/// SE's peer order P(x): the block's other cells in block-position order, then the row's cells
/// outside the block left to right, then the column's cells outside the block top to bottom.
pub static PEER_ORDER: [[u8; 20]; CELLS] = build_peer_order();

const fn build_peer_order() -> [[u8; 20]; CELLS] {
    let mut table = [[0u8; 20]; CELLS];
    let mut x = 0;
    while x < CELLS {
        let houses = brc_houses(x);
        let mut seen = 1u128 << x;
        let mut n = 0;
        let mut h = 0;
        while h < 3 {
            let mut k = 0;
            while k < 9 {
                let y = HOUSE_CELLS[houses[h]][k] as usize;
                if seen >> y & 1 == 0 {
                    seen |= 1u128 << y;
                    table[x][n] = y as u8;
                    n += 1;
                }
                k += 1;
            }
            h += 1;
        }
        x += 1;
    }
    table
}

/// Each cell's bit in an 81-bit cell set (a 128-bit shift by a variable count is several
/// instructions on x86-64; a table read is two loads).
pub static CELL_BIT: [u128; CELLS] = {
    let mut table = [0u128; CELLS];
    let mut x = 0;
    while x < CELLS {
        table[x] = 1u128 << x;
        x += 1;
    }
    table
};

/// P(x) as three cell sets, in its order: the block's other cells, the row's cells outside the
/// block, the column's cells outside the block (each segment of P(x) is in ascending cell
/// order, so a segment's cells in ascending order are P(x)'s).
pub static PEER_SEGMENTS: [[u128; 3]; CELLS] = build_peer_segments();

/// The other cells of each of a cell's houses, in BRC order (block, row, column).
pub static HOUSE_OTHERS: [[u128; 3]; CELLS] = build_house_others();

/// A cell's houses in BRC order as sgrade house numbers ([`brc_houses`], tabled).
pub static BRC_HOUSES: [[u8; 3]; CELLS] = build_brc_houses();

const fn build_peer_segments() -> [[u128; 3]; CELLS] {
    let mut table = [[0u128; 3]; CELLS];
    let mut x = 0;
    while x < CELLS {
        let [b, r, c] = brc_houses(x);
        let block = HOUSE_SETS[b].0;
        table[x] = [
            block & !(1u128 << x),
            HOUSE_SETS[r].0 & !block,
            HOUSE_SETS[c].0 & !block,
        ];
        x += 1;
    }
    table
}

const fn build_house_others() -> [[u128; 3]; CELLS] {
    let mut table = [[0u128; 3]; CELLS];
    let mut x = 0;
    while x < CELLS {
        let houses = brc_houses(x);
        let mut k = 0;
        while k < 3 {
            table[x][k] = HOUSE_SETS[houses[k]].0 & !(1u128 << x);
            k += 1;
        }
        x += 1;
    }
    table
}

const fn build_brc_houses() -> [[u8; 3]; CELLS] {
    let mut table = [[0u8; 3]; CELLS];
    let mut x = 0;
    while x < CELLS {
        let houses = brc_houses(x);
        table[x] = [houses[0] as u8, houses[1] as u8, houses[2] as u8];
        x += 1;
    }
    table
}

/// Whether `bits` has exactly two bits set. The build targets baseline x86-64, where
/// `count_ones` is a software popcount (a dozen instructions a word); this is three, and the
/// rules ask it for every off node they process.
#[inline]
pub const fn exactly_two(bits: u128) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Whether `bits` has at most one bit set (see [`exactly_two`]).
#[inline]
pub const fn at_most_one(bits: u128) -> bool {
    bits & bits.wrapping_sub(1) == 0
}

/// The other cell of `house` holding `digit` when it has exactly two there.
#[inline]
pub fn conjugate(plane: u128, house: usize, cell: usize) -> Option<usize> {
    let there = plane & HOUSE_SETS[house].0;
    if exactly_two(there) {
        Some((there & !(1u128 << cell)).trailing_zeros() as usize)
    } else {
        None
    }
}

/// Where a node came from, for SE's rule parents (§5.5): only *on* nodes made by R3 (a cell
/// down to two candidates) or R4 (a house down to two positions) look at what the outer chain
/// removed.
pub const CAUSE_NONE: u8 = 255;
/// Made by R3 (bivalue cell).
pub const CAUSE_CELL: u8 = 27;
// A house number 0..27 means: made by R4 in that house.

/// The four rules as one set of switches: SE's X links (R4), Y links (R1, R3); R2 always.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// R4, the conjugate rule.
    pub x: bool,
    /// R1 and R3, the cell rules.
    pub y: bool,
}

impl Rules {
    /// R2 + R4.
    pub const X: Rules = Rules { x: true, y: false };
    /// R1 + R2 + R3.
    pub const Y: Rules = Rules { x: false, y: true };
    /// All four.
    pub const XY: Rules = Rules { x: true, y: true };
}

/// On → off (R1 then R2) from (cell, digit, on), in SE's order; `emit` gets each node.
#[inline]
pub fn on_to_off(
    cands: &Cands,
    rules: Rules,
    cell: usize,
    digit: usize,
    mut emit: impl FnMut(u16),
) {
    if rules.y {
        let mut mask = cands.masks[cell] & !(1 << digit);
        while mask != 0 {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            emit(node(cell, d, false));
        }
    }
    // P(x)'s three segments are each in ascending cell order, so walking the digit's cells
    // in each segment gives P(x)'s order without testing the 20 peers one by one.
    let plane = cands.planes[digit];
    for &segment in &PEER_SEGMENTS[cell] {
        let mut bits = plane & segment;
        while bits != 0 {
            let y = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            emit(node(y, digit, false));
        }
    }
}

/// [`on_to_off`]'s nodes gathered into `buf` (a cell has at most 8 other candidates and 20
/// peers), for callers that grow the chain while they walk them.
#[inline]
pub fn on_to_off_into<'b>(
    cands: &Cands,
    rules: Rules,
    node: u16,
    buf: &'b mut [u16; 32],
) -> &'b [u16] {
    let mut k = 0;
    on_to_off(cands, rules, cell_of(node), digit_of(node), |q| {
        buf[k] = q;
        k += 1;
    });
    &buf[..k]
}

/// [`off_to_on`]'s (node, cause) pairs gathered into `buf` (one R3 node, three R4 houses).
#[inline]
pub fn off_to_on_into<'b>(
    cands: &Cands,
    rules: Rules,
    node: u16,
    buf: &'b mut [(u16, u8); 4],
) -> &'b [(u16, u8)] {
    let mut k = 0;
    off_to_on(cands, rules, cell_of(node), digit_of(node), |q, cause| {
        buf[k] = (q, cause);
        k += 1;
    });
    &buf[..k]
}

/// Off → on (R3 then R4) from (cell, digit, off), in SE's order; `emit` gets (node, cause),
/// the cause being [`CAUSE_CELL`] or the house of R4. R4 nodes repeated through a second house
/// are dropped (the first house wins).
#[inline]
pub fn off_to_on(
    cands: &Cands,
    rules: Rules,
    cell: usize,
    digit: usize,
    mut emit: impl FnMut(u16, u8),
) {
    if rules.y {
        let mask = cands.masks[cell];
        if mask >> digit & 1 == 1 {
            // The cell holds the digit: bivalue when exactly one other digit is left.
            let other = mask & !(1 << digit);
            if other != 0 && other & (other - 1) == 0 {
                emit(
                    node(cell, other.trailing_zeros() as usize, true),
                    CAUSE_CELL,
                );
            }
        }
    }
    if rules.x {
        let plane = cands.planes[digit];
        // (The cell's mask says so as well as its plane bit, in a 16-bit test.)
        if cands.masks[cell] >> digit & 1 == 1 {
            // The cell holds the digit (as every node a propagation processes does): a house
            // has two positions when its other cells hold exactly one, so one single-bit test
            // per house replaces the two-bit count.
            let mut first = usize::MAX;
            for k in 0..3 {
                let there = plane & HOUSE_OTHERS[cell][k];
                if there != 0 && there & (there - 1) == 0 {
                    let y = there.trailing_zeros() as usize;
                    if first != y {
                        if first == usize::MAX {
                            first = y;
                        }
                        emit(node(y, digit, true), BRC_HOUSES[cell][k]);
                    }
                }
            }
            return;
        }
        let mut first: Option<usize> = None;
        for house in brc_houses(cell) {
            if let Some(y) = conjugate(plane, house, cell) {
                if first != Some(y) {
                    if first.is_none() {
                        first = Some(y);
                    }
                    emit(node(y, digit, true), house as u8);
                }
            }
        }
    }
}

/// Every candidate's implications on one fixed grid, in the rules' order: what
/// [`on_to_off`] and [`off_to_on`] give, computed once per grid with all four rules and read
/// through any set of them (the cell rules R1 and R3 come first in their lists, so a pass's
/// list is a sub-slice). The static searches (producer 21's layered searches) visit the same
/// nodes thousands of times on a grid that never changes, so they read the lists from here
/// instead of rescanning the houses.
///
/// Each candidate has a slot of its own: its lists depend on its cell's candidates (R1, R3)
/// and its digit's plane (R2, R4) only, so a grid that differs from the last one in a few
/// planes rebuilds the slots of those digits and of the cells that changed, not all.
#[derive(Default)]
pub struct Links {
    /// The on → off lists (indexed by `cell·9 + digit`): R1's nodes, then R2's (at most 8
    /// cell and 20 peer links).
    on_off: Vec<[u16; 28]>,
    /// How many of a slot's on → off nodes are used.
    on_len: Vec<u8>,
    /// How many of them are R1's.
    r1_len: Vec<u8>,
    /// Each candidate's off → on (node, cause) pairs: R3's (at most one), then R4's.
    off_on: Vec<[(u16, u8); 4]>,
    /// How many of `off_on`'s pairs are used.
    off_len: Vec<u8>,
    /// How many of them are R3's (0 or 1).
    r3_len: Vec<u8>,
    /// The candidate planes of the grid the lists were built for (`None`: not built).
    grid: Option<[u128; 9]>,
}

impl Links {
    /// Fills the lists for the candidates of `cands` (reusing the buffers); a (cell, digit)
    /// that is no candidate gets empty lists, and no search asks for it (the rules only ever
    /// lead to candidates).
    pub fn build(&mut self, cands: &Cands) {
        // The lists are a function of the grid: built for it already, they are kept.
        if self.is_for(cands) {
            return;
        }
        // The digits whose plane changed and the cells whose candidates did (all of them the
        // first time).
        let (mut digits, mut cells) = (0u16, 0u128);
        match self.grid {
            Some(before) => {
                for (d, (&old, &new)) in before.iter().zip(&cands.planes).enumerate() {
                    if old != new {
                        digits |= 1 << d;
                        cells |= old ^ new;
                    }
                }
            }
            None => {
                (digits, cells) = (0x1FF, (1u128 << CELLS) - 1);
                self.on_off.resize(CELLS * 9, [0; 28]);
                self.on_len.resize(CELLS * 9, 0);
                self.r1_len.resize(CELLS * 9, 0);
                self.off_on.resize(CELLS * 9, [(0, 0); 4]);
                self.off_len.resize(CELLS * 9, 0);
                self.r3_len.resize(CELLS * 9, 0);
            }
        }
        self.grid = Some(cands.planes);
        for cell in 0..CELLS {
            let mask = cands.masks[cell];
            let mut stale = if cells >> cell & 1 == 1 {
                0x1FF
            } else {
                digits
            };
            while stale != 0 {
                let digit = stale.trailing_zeros() as usize;
                stale &= stale - 1;
                let c = cell * 9 + digit;
                let (mut len, mut k, mut r3) = (0usize, 0usize, 0u8);
                if mask >> digit & 1 == 1 {
                    self.r1_len[c] = (mask.count_ones() - 1) as u8;
                    let list = &mut self.on_off[c];
                    on_to_off(cands, Rules::XY, cell, digit, |q| {
                        list[len] = q;
                        len += 1;
                    });
                    let pairs = &mut self.off_on[c];
                    off_to_on(cands, Rules::XY, cell, digit, |q, cause| {
                        pairs[k] = (q, cause);
                        k += 1;
                        r3 += (cause == CAUSE_CELL) as u8;
                    });
                }
                self.on_len[c] = len as u8;
                self.off_len[c] = k as u8;
                self.r3_len[c] = r3;
            }
        }
    }

    /// Whether the lists were built for the grid `cands`.
    #[inline]
    pub fn is_for(&self, cands: &Cands) -> bool {
        self.grid == Some(cands.planes)
    }

    /// [`on_to_off`]'s nodes from the on node `n` under `rules`.
    #[inline]
    pub fn on_to_off(&self, n: u16, rules: Rules) -> &[u16] {
        let c = n as usize >> 1;
        let skip = if rules.y { 0 } else { self.r1_len[c] as usize };
        &self.on_off[c][skip..self.on_len[c] as usize]
    }

    /// [`off_to_on`]'s (node, cause) pairs from the off node `n` under `rules`.
    #[inline]
    pub fn off_to_on(&self, n: u16, rules: Rules) -> &[(u16, u8)] {
        let c = n as usize >> 1;
        let r3 = self.r3_len[c] as usize;
        let from = if rules.y { 0 } else { r3 };
        let to = if rules.x {
            self.off_len[c] as usize
        } else {
            r3
        };
        &self.off_on[c][from..to]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(puzzle: &str) -> Cands {
        let mut values = [0u8; CELLS];
        for (v, ch) in values.iter_mut().zip(puzzle.bytes()) {
            *v = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        Cands::from_grid(&Grid::from_givens(&values).expect("valid givens"))
    }

    #[test]
    fn peer_segments_walk_peer_order() {
        for (x, peers) in PEER_ORDER.iter().enumerate() {
            let mut walked = Vec::new();
            for segment in PEER_SEGMENTS[x] {
                walked.extend((0..CELLS).filter(|&y| segment >> y & 1 == 1));
            }
            let expected: Vec<usize> = peers.iter().map(|&y| y as usize).collect();
            assert_eq!(walked, expected, "cell {x}");
        }
    }

    #[test]
    fn bit_tests_match_counts() {
        for bits in [
            0u128,
            1,
            2,
            3,
            5,
            7,
            1 << 80,
            1 << 80 | 1,
            (1 << 80) | 6,
            u128::MAX,
        ] {
            assert_eq!(exactly_two(bits), bits.count_ones() == 2, "{bits:#x}");
            assert_eq!(at_most_one(bits), bits.count_ones() <= 1, "{bits:#x}");
        }
    }

    /// SE's off → on rules as SE states them (count the cell's digits, count each house's
    /// positions), for checking [`off_to_on`]'s single-bit tests against.
    fn off_to_on_counted(cands: &Cands, cell: usize, digit: usize) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        let mask = cands.masks[cell];
        if mask.count_ones() == 2 && mask >> digit & 1 == 1 {
            let other = (mask & !(1 << digit)).trailing_zeros() as usize;
            out.push((node(cell, other, true), CAUSE_CELL));
        }
        let mut first = None;
        for house in brc_houses(cell) {
            let there = cands.planes[digit] & HOUSE_SETS[house].0;
            if there.count_ones() == 2 {
                let y = (there & !(1u128 << cell)).trailing_zeros() as usize;
                if first != Some(y) {
                    first.get_or_insert(y);
                    out.push((node(y, digit, true), house as u8));
                }
            }
        }
        out
    }

    #[test]
    fn off_to_on_matches_the_counted_rules() {
        let mut cands = grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        // Thin the grid step by step so bivalue cells and conjugate pairs turn up, and ask
        // for every (cell, digit), candidates and removed ones alike.
        let mut seed = 12345u64;
        for _ in 0..120 {
            for cell in 0..CELLS {
                for digit in 0..9 {
                    let mut got = Vec::new();
                    off_to_on(&cands, Rules::XY, cell, digit, |q, c| got.push((q, c)));
                    assert_eq!(
                        got,
                        off_to_on_counted(&cands, cell, digit),
                        "{cell} {digit}"
                    );
                }
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (cell, digit) = ((seed >> 33) as usize % CELLS, (seed >> 20) as usize % 9);
            if cands.has(cell, digit) && cands.masks[cell].count_ones() > 1 {
                cands.remove(cell, digit);
            }
        }
    }

    /// Every list of `links` as a fresh build on `cands` makes it.
    fn same_as_fresh(links: &Links, cands: &Cands) -> bool {
        let mut fresh = Links::default();
        fresh.build(cands);
        (0..CELLS * 9).all(|c| {
            let (on, off) = (node(c / 9, c % 9, true), node(c / 9, c % 9, false));
            !cands.has(c / 9, c % 9)
                || [Rules::X, Rules::Y, Rules::XY].iter().all(|&rules| {
                    links.on_to_off(on, rules) == fresh.on_to_off(on, rules)
                        && links.off_to_on(off, rules) == fresh.off_to_on(off, rules)
                })
        })
    }

    #[test]
    fn links_rebuilt_in_part_equal_a_fresh_build() {
        let mut rng = crate::core::test_support::Xorshift(0x11_4C5);
        let mut links = Links::default();
        for puzzle in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        ] {
            // A new puzzle, then the same one thinned a few candidates at a time.
            let mut cands = grid(puzzle);
            for _ in 0..30 {
                links.build(&cands);
                assert!(links.is_for(&cands));
                assert!(same_as_fresh(&links, &cands), "{puzzle}");
                for _ in 0..1 + rng.next() % 4 {
                    let (cell, digit) = ((rng.next() % 81) as usize, (rng.next() % 9) as usize);
                    if cands.has(cell, digit) && cands.masks[cell].count_ones() > 1 {
                        cands.remove(cell, digit);
                    }
                }
            }
        }
    }

    #[test]
    fn links_read_the_rules_of_every_pass() {
        let cands = grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let mut links = Links::default();
        links.build(&cands);
        for rules in [Rules::X, Rules::Y, Rules::XY] {
            for cell in 0..CELLS {
                for digit in 0..9 {
                    if !cands.has(cell, digit) {
                        continue;
                    }
                    let mut on = Vec::new();
                    on_to_off(&cands, rules, cell, digit, |q| on.push(q));
                    assert_eq!(links.on_to_off(node(cell, digit, true), rules), &on[..]);
                    let mut off = Vec::new();
                    off_to_on(&cands, rules, cell, digit, |q, c| off.push((q, c)));
                    assert_eq!(links.off_to_on(node(cell, digit, false), rules), &off[..]);
                }
            }
        }
    }
}
