//! The link model: strong links (conjugate pairs), weak links, bivalue cells and single-digit
//! colour clusters of one grid state, plus the chain-link notation steps use to explain chains.
//!
//! Single-digit patterns, wings, colouring and chains all read the same links. They are built
//! once per grid state and cached per thread, keyed by the candidate planes, so the dozen
//! techniques tried on one state share one build ([`with_links`]). Weak links are implicit: two
//! cells holding a digit are weakly linked when they share a house (`PEERS[a] & plane`).

use std::cell::{Cell, OnceCell, RefCell};
use std::fmt;

use crate::core::notation::cell_name;
use crate::core::{Bits81, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};

/// Most conjugate pairs one digit can have (one per house).
pub const MAX_STRONG_LINKS: usize = 27;

/// A conjugate pair: the only two places of a digit in one or more houses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrongLink {
    /// The lower cell.
    pub a: u8,
    /// The higher cell.
    pub b: u8,
    /// Houses (bit `h`) in which the two cells are the digit's only places.
    pub houses: u32,
}

impl StrongLink {
    /// The two cells as a set.
    #[inline]
    pub fn cells(&self) -> Bits81 {
        Bits81::cell(self.a as usize) | Bits81::cell(self.b as usize)
    }

    /// The end that is not `cell`.
    #[inline]
    pub fn other(&self, cell: usize) -> usize {
        if self.a as usize == cell {
            self.b as usize
        } else {
            self.a as usize
        }
    }
}

/// The conjugate-pair clusters of one digit, each two-coloured (simple colouring).
#[derive(Clone, Debug)]
pub struct Clusters {
    colors: [[Bits81; 2]; MAX_STRONG_LINKS],
    len: usize,
}

impl Clusters {
    /// The clusters' colour pairs, in order of their lowest cell.
    pub fn as_slice(&self) -> &[[Bits81; 2]] {
        &self.colors[..self.len]
    }
}

/// Per-state facts a family of techniques computes once and shares across its rungs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoSlot {
    /// Which shapes of GNPX skyscraper exist (bit per `single_digit::Shape`).
    TwoLinkShapes,
}

/// Number of [`MemoSlot`]s.
const MEMO_SLOTS: usize = 1;

/// Strong links, bivalue cells and (lazily) colour clusters of one grid state.
pub struct Links {
    planes: [Bits81; 9],
    masks: [u16; 81],
    conjugate_houses: [u32; 9],
    strong: [[StrongLink; MAX_STRONG_LINKS]; 9],
    strong_len: [u8; 9],
    strong_cells: [Bits81; 9],
    bivalue: Bits81,
    pair_cells: [Bits81; 36],
    clusters: [OnceCell<Clusters>; 9],
    memo: [Cell<Option<u32>>; MEMO_SLOTS],
}

impl Links {
    /// Builds the links of `grid`.
    pub fn new(grid: &Grid) -> Links {
        let mut links = Links {
            planes: [Bits81::EMPTY; 9],
            masks: [0; 81],
            conjugate_houses: [0; 9],
            strong: [[StrongLink::default(); MAX_STRONG_LINKS]; 9],
            strong_len: [0; 9],
            strong_cells: [Bits81::EMPTY; 9],
            bivalue: Bits81::EMPTY,
            pair_cells: [Bits81::EMPTY; 36],
            clusters: Default::default(),
            memo: Default::default(),
        };
        links.rebuild(grid);
        links
    }

    /// Rebuilds in place for `grid` (no allocation), keeping what the cells and digit planes
    /// that did not change since the last build leave as it was: a step between two grades'
    /// link builds usually changes a few cells and planes, and a digit's strong links and
    /// clusters depend on its plane alone, a cell's mask on that cell alone.
    fn rebuild(&mut self, grid: &Grid) {
        let old_planes = std::mem::replace(&mut self.planes, *grid.planes());
        let mut changed_cells = Bits81::EMPTY;
        for digit in 0..9 {
            let changed = old_planes[digit] ^ self.planes[digit];
            if changed.is_empty() {
                continue;
            }
            changed_cells |= changed;
            self.link_digit(digit);
            if self.clusters[digit].get().is_some() {
                self.clusters[digit] = OnceCell::new();
            }
        }
        // A cell's mask is its candidates while unsolved and 0 once placed; placing a digit
        // takes the cell out of every plane, so a changed mask is a changed plane bit.
        let unsolved = grid.unsolved();
        for cell in changed_cells {
            let old = self.masks[cell];
            let mask = if unsolved.contains(cell) {
                grid.candidates(cell)
            } else {
                0
            };
            self.masks[cell] = mask;
            if exactly_two(u128::from(old)) {
                self.pair_cells[pair_index(old)].remove(cell);
                self.bivalue.remove(cell);
            }
            if exactly_two(u128::from(mask)) {
                self.pair_cells[pair_index(mask)].insert(cell);
                self.bivalue.insert(cell);
            }
        }
        for slot in &self.memo {
            slot.set(None);
        }
    }

    /// The strong links, conjugate houses and strong cells of `digit`, from its plane.
    fn link_digit(&mut self, digit: usize) {
        let plane = self.planes[digit];
        let mut houses = 0u32;
        let mut len = 0usize;
        let mut cells = Bits81::EMPTY;
        for house in 0..27 {
            let here = plane & HOUSE_SETS[house];
            if !exactly_two(here.0) {
                continue;
            }
            houses |= 1 << house;
            cells |= here;
            let mut it = here.iter();
            let (a, b) = (it.next().unwrap() as u8, it.next().unwrap() as u8);
            // A pair can be conjugate in a line and in a box at once: keep one link.
            if let Some(link) = self.strong[digit][..len]
                .iter_mut()
                .find(|l| l.a == a && l.b == b)
            {
                link.houses |= 1 << house;
            } else {
                self.strong[digit][len] = StrongLink {
                    a,
                    b,
                    houses: 1 << house,
                };
                len += 1;
            }
        }
        self.conjugate_houses[digit] = houses;
        self.strong_len[digit] = len as u8;
        self.strong_cells[digit] = cells;
    }

    /// Cells where `digit` is a candidate.
    #[inline]
    pub fn plane(&self, digit: usize) -> Bits81 {
        self.planes[digit]
    }

    /// Candidate mask of `cell` (0 once placed).
    #[inline]
    pub fn mask(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// Unsolved cells with exactly two candidates.
    #[inline]
    pub fn bivalue(&self) -> Bits81 {
        self.bivalue
    }

    /// Bivalue cells whose two candidates are exactly `mask` (a two-digit mask).
    #[inline]
    pub fn cells_with_pair(&self, mask: u16) -> Bits81 {
        self.pair_cells[pair_index(mask)]
    }

    /// Houses (bit `h`) where `digit` has exactly two places.
    #[inline]
    pub fn conjugate_houses(&self, digit: usize) -> u32 {
        self.conjugate_houses[digit]
    }

    /// The conjugate pairs of `digit`, one per cell pair, in house order of first appearance.
    #[inline]
    pub fn strong_links(&self, digit: usize) -> &[StrongLink] {
        &self.strong[digit][..self.strong_len[digit] as usize]
    }

    /// Cells of `digit` that belong to at least one conjugate pair.
    #[inline]
    pub fn strong_cells(&self, digit: usize) -> Bits81 {
        self.strong_cells[digit]
    }

    /// Cells strongly linked to `cell` on `digit` (its conjugate partners; at most three).
    #[inline]
    pub fn strong_partners(&self, digit: usize, cell: usize) -> Bits81 {
        let mut partners = Bits81::EMPTY;
        for &house in &CELL_HOUSES[cell] {
            if self.conjugate_houses[digit] & (1 << house) != 0 {
                partners |= self.planes[digit] & HOUSE_SETS[house as usize];
            }
        }
        partners.and_not(Bits81::cell(cell))
    }

    /// Cells weakly linked to `cell` on `digit`: every other place of the digit it sees.
    #[inline]
    pub fn weak_partners(&self, digit: usize, cell: usize) -> Bits81 {
        PEERS[cell] & self.planes[digit]
    }

    /// The colour clusters of `digit` (computed on first use for this state).
    pub fn clusters(&self, digit: usize) -> &Clusters {
        self.clusters[digit].get_or_init(|| self.color(digit))
    }

    /// The state's value for `slot`, computed by `compute` on first use for this state.
    pub fn memo(&self, slot: MemoSlot, compute: impl FnOnce() -> u32) -> u32 {
        let cell = &self.memo[slot as usize];
        match cell.get() {
            Some(value) => value,
            None => {
                let value = compute();
                cell.set(Some(value));
                value
            }
        }
    }

    fn color(&self, digit: usize) -> Clusters {
        let mut clusters = Clusters {
            colors: [[Bits81::EMPTY; 2]; MAX_STRONG_LINKS],
            len: 0,
        };
        let mut uncolored = self.strong_cells[digit];
        while let Some(seed) = uncolored.first() {
            let mut colors = [Bits81::cell(seed), Bits81::EMPTY];
            uncolored.remove(seed);
            let mut frontier = Bits81::cell(seed);
            let mut side = 0;
            while !frontier.is_empty() {
                let mut next = Bits81::EMPTY;
                for cell in frontier {
                    next |= self.strong_partners(digit, cell);
                }
                next &= uncolored;
                uncolored = uncolored.and_not(next);
                side ^= 1;
                colors[side] |= next;
                frontier = next;
            }
            clusters.colors[clusters.len] = colors;
            clusters.len += 1;
        }
        clusters
    }
}

/// Whether `bits` has exactly two members (without a popcount: the build targets baseline x86-64,
/// where `count_ones` on 128 bits is a long software sequence).
#[inline]
fn exactly_two(bits: u128) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Index 0..36 of a two-digit mask {d1 < d2}: pairs in lexicographic order.
#[inline]
fn pair_index(mask: u16) -> usize {
    let d1 = mask.trailing_zeros() as usize;
    let d2 = 15 - mask.leading_zeros() as usize;
    d1 * (17 - d1) / 2 + (d2 - d1 - 1)
}

thread_local! {
    static CACHE: RefCell<Option<Box<Links>>> = const { RefCell::new(None) };
}

/// Runs `f` with the links of `grid`, rebuilding the thread's cached links only when the grid's
/// candidates changed since the last call. A nested call (from inside `f`) builds its own copy.
pub fn with_links<R>(grid: &Grid, f: impl FnOnce(&Links) -> R) -> R {
    CACHE.with(|cache| match cache.try_borrow_mut() {
        Ok(mut slot) => {
            let links = match slot.as_mut() {
                Some(links) => {
                    if links.planes != *grid.planes() {
                        links.rebuild(grid);
                    }
                    links
                }
                None => slot.insert(Box::new(Links::new(grid))),
            };
            f(links)
        }
        Err(_) => f(&Links::new(grid)),
    })
}

/// Whether two cells share a house.
#[inline]
pub fn sees(a: usize, b: usize) -> bool {
    PEERS[a].contains(b)
}

/// Cells that see at least one cell of `cells`.
#[inline]
pub fn peers_of_any(cells: Bits81) -> Bits81 {
    cells
        .iter()
        .fold(Bits81::EMPTY, |acc, cell| acc | PEERS[cell])
}

/// A chain node: a candidate (cell, digit) assumed true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The cell.
    pub cell: u8,
    /// The digit index.
    pub digit: u8,
    /// True for `+` (the candidate is true), false for `-`.
    pub on: bool,
}

impl Node {
    /// A node.
    pub fn new(cell: usize, digit: usize, on: bool) -> Node {
        Node {
            cell: cell as u8,
            digit: digit as u8,
            on,
        }
    }
}

impl fmt::Display for Node {
    /// GNPX notation, e.g. `r2c6/-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { '+' } else { '-' };
        write!(
            f,
            "{}/{sign}{}",
            cell_name(self.cell as usize),
            self.digit + 1
        )
    }
}

/// Strength of a chain link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// Strong: the `from` node false makes the `to` node true.
    Strong,
    /// Weak: the `from` node true makes the `to` node false.
    Weak,
}

/// One inference of a chain: `from` implies `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainLink {
    /// Strong or weak.
    pub kind: LinkKind,
    /// The premise.
    pub from: Node,
    /// The conclusion.
    pub to: Node,
}

impl ChainLink {
    /// A strong link: `from` false ⇒ `to` true.
    pub fn strong(from: (usize, usize), to: (usize, usize)) -> ChainLink {
        ChainLink {
            kind: LinkKind::Strong,
            from: Node::new(from.0, from.1, false),
            to: Node::new(to.0, to.1, true),
        }
    }

    /// A weak link: `from` true ⇒ `to` false.
    pub fn weak(from: (usize, usize), to: (usize, usize)) -> ChainLink {
        ChainLink {
            kind: LinkKind::Weak,
            from: Node::new(from.0, from.1, true),
            to: Node::new(to.0, to.1, false),
        }
    }
}

impl fmt::Display for ChainLink {
    /// GNPX notation, e.g. `[S r2c6/-2 -> r6c6/+2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            LinkKind::Strong => 'S',
            LinkKind::Weak => 'W',
        };
        write!(f, "[{kind} {} -> {}]", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell_at;

    /// Everything a build holds, its colour clusters included.
    #[allow(clippy::type_complexity)]
    fn snapshot(
        links: &Links,
    ) -> (
        [Bits81; 9],
        [u16; 81],
        Vec<(u32, Vec<StrongLink>, Bits81)>,
        Bits81,
        [Bits81; 36],
        Vec<Vec<[Bits81; 2]>>,
    ) {
        (
            links.planes,
            links.masks,
            (0..9)
                .map(|d| {
                    let strong = links.strong_links(d).to_vec();
                    (links.conjugate_houses(d), strong, links.strong_cells(d))
                })
                .collect(),
            links.bivalue,
            links.pair_cells,
            (0..9)
                .map(|d| links.clusters(d).as_slice().to_vec())
                .collect(),
        )
    }

    #[test]
    fn links_rebuilt_from_the_last_state_equal_a_fresh_build() {
        // Random walks over the shipped royle17 puzzles: eliminations, placements and jumps
        // to another puzzle (every cell and plane may change), the clusters asked for on some
        // states only, so that kept and dropped clusters both meet the next state.
        let puzzles = crate::core::test_support::royle17_sample(60);
        let mut rng = crate::core::test_support::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut grid = puzzles[0].clone();
        let mut links = Links::new(&grid);
        let mut partial = 0;
        for round in 0..3000 {
            match rng.next() % 10 {
                0 => grid = puzzles[(rng.next() % puzzles.len() as u64) as usize].clone(),
                1 | 2 => {
                    let open: Vec<usize> = grid.unsolved().iter().collect();
                    if !open.is_empty() {
                        let cell = open[(rng.next() % open.len() as u64) as usize];
                        let mask = grid.candidates(cell);
                        if mask != 0 {
                            grid.place(cell, mask.trailing_zeros() as usize);
                        }
                    }
                }
                // Any candidate, a cell's last one included (a state with an empty cell).
                3 => {
                    grid.eliminate((rng.next() % 81) as usize, (rng.next() % 9) as usize);
                }
                _ => {
                    let count = 1 + rng.next() % 6;
                    rng.thin(&mut grid, count);
                }
            }
            let changed = (0..9).filter(|&d| links.plane(d) != grid.plane(d)).count();
            partial += usize::from((1..9).contains(&changed));
            links.rebuild(&grid);
            if round % 3 == 0 {
                for digit in 0..9 {
                    links.clusters(digit);
                }
            }
            assert_eq!(
                snapshot(&links),
                snapshot(&Links::new(&grid)),
                "round {round}"
            );
        }
        // Most rebuilds kept some digits' links: the comparison is of partial rebuilds.
        assert!(partial > 1500, "{partial} partial rebuilds");
    }

    #[test]
    fn conjugate_pairs_are_found_once_per_cell_pair() {
        // Digit 1 only in r1c1 and r1c2 within row 1 and box 1: one link, two houses.
        let mut g = Grid::empty();
        for cell in [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20] {
            g.eliminate(cell, 0);
        }
        let links = Links::new(&g);
        let pairs = links.strong_links(0);
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].a, pairs[0].b), (0, 1));
        assert_eq!(pairs[0].houses, (1 << 0) | (1 << 18));
        assert_eq!(links.strong_partners(0, 0), Bits81::cell(1));
        assert_eq!(links.strong_partners(0, 1), Bits81::cell(0));
        assert!(links.strong_partners(1, 0).is_empty());
        // r1c2 and column 1 below box 1.
        assert_eq!(links.weak_partners(0, 0).count(), 7);
        let clusters = links.clusters(0).as_slice();
        assert_eq!(clusters.len(), 1);
        assert_eq!(clusters[0], [Bits81::cell(0), Bits81::cell(1)]);
    }

    #[test]
    fn pair_indices_cover_the_36_pairs_once() {
        let mut seen = [false; 36];
        for d1 in 0..9 {
            for d2 in d1 + 1..9 {
                let index = pair_index((1 << d1) | (1 << d2));
                assert!(!seen[index]);
                seen[index] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn cache_follows_the_grid_state() {
        let mut g = Grid::empty();
        g.eliminate(0, 4);
        for d in 2..9 {
            g.eliminate(40, d);
        }
        assert_eq!(with_links(&g, |l| l.bivalue()), Bits81::cell(40));
        g.eliminate(40, 1);
        g.eliminate(41, 0);
        let bivalue = with_links(&g, |l| {
            // A nested call works on its own copy.
            let inner = with_links(&g, |inner| inner.mask(40));
            assert_eq!(inner, 1);
            l.bivalue()
        });
        assert!(bivalue.is_empty());
    }

    #[test]
    fn chain_links_print_in_gnpx_notation() {
        let w = ChainLink::weak((cell_at(1, 7), 1), (cell_at(1, 5), 1));
        let s = ChainLink::strong((cell_at(1, 5), 1), (cell_at(5, 5), 1));
        assert_eq!(
            format!("{w} => {s}"),
            "[W r2c8/+2 -> r2c6/-2] => [S r2c6/-2 -> r6c6/+2]"
        );
    }
}
