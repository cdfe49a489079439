//! GNPX's super links and the memoized forcing evaluation that ForceChain (and later Kraken
//! fish) read.
//!
//! Nodes are candidates (cell, digit) that are true (`+`) or false (`-`). From a true node the
//! weak links lead to false nodes: the digit's other places in the cell's houses and the cell's
//! other digits. From a false node the strong links lead on: the conjugate partner in a house
//! where the digit has two places, the other digit of a bivalue cell, a grouped link (a house
//! whose places of the digit split into two box∩line groups: one group all false makes the other
//! group true, and a true group makes the digit false in every cell seeing all of it) and an ALS
//! link (an almost locked set whose cells holding digit x are all false is locked on its other
//! digits: a digit held by one of its cells is true there, and every outside cell seeing all of
//! its holders of a digit loses that digit). The links are built once per grid state.
//!
//! [`ForceEngine::evaluate`] assumes one candidate true and walks the links breadth first,
//! recording per digit the cells proved true and proved false; it stops at the first candidate
//! proved both (a contradiction: the origin is false). [`ForceEngine::evaluate_assuming`] walks
//! from either polarity (a false origin starts on its strong links: `r2c4/-2`), for
//! ForceChain_Both. Results are cached per candidate and polarity for the current state, so the
//! ForceChain forms and Kraken fish cost at most one evaluation per candidate and polarity
//! together.
//! Grouped and ALS links fire when all their entry candidates are proved false, so an entry of
//! several cells may be fed by several branches (one more than a strict chain allows; the
//! printed chain shows the branch that completed the entry).

use crate::core::{Bits81, Grid, HOUSE_SETS, INTERSECTIONS, PEERS};
use crate::model::als::{find_als, Als, MAX_ALS_CELLS};

mod engine;
mod nodes;

pub use engine::{evaluations_run, forget_evaluations, with_force_engine, Evaluation, ForceEngine};
pub use nodes::{branch_text, force_title, stem_name, ForceConclusion, Stem, SuperLink, SuperNode};

/// Number of (cell, digit) candidates.
const CANDIDATES: usize = 729;
/// Number of nodes: every candidate true, then every candidate false.
const NODES: usize = 2 * CANDIDATES;

/// Index of candidate (cell, digit).
#[inline]
fn candidate_index(cell: usize, digit: usize) -> usize {
    digit * 81 + cell
}

/// A grouped strong link of one digit in one house: `from` all false makes `to` true as a group.
#[derive(Clone, Copy, Debug)]
struct GroupLink {
    digit: u8,
    from: Bits81,
    to: Bits81,
    /// Places of the digit outside `to` that see all of `to` (false once `to` is true).
    seen_by_to: Bits81,
}

/// The super links of one grid state.
pub struct SuperLinks {
    planes: [Bits81; 9],
    masks: [u16; 81],
    /// Conjugate partners per digit and cell.
    strong: [[Bits81; 81]; 9],
    als: Vec<Als>,
    /// Per ALS and digit: the only cell of the set holding the digit (`u8::MAX` if none or many).
    als_single: Vec<[u8; 9]>,
    /// Per ALS and digit: outside places of the digit that see every holder in the set.
    als_seen: Vec<[Bits81; 9]>,
    groups: Vec<GroupLink>,
    /// ALS ids by entry candidate (CSR: `als_at[als_start[i]..als_start[i + 1]]`), each with
    /// the set's holders of the candidate's digit: the cells that must all be false for the set
    /// to lock its other digits.
    als_start: Vec<u32>,
    als_at: Vec<(u32, Bits81)>,
    /// Group link ids by entry candidate (CSR), each with the link's `from` cells: those that
    /// must all be false for it to act.
    group_start: Vec<u32>,
    group_at: Vec<(u32, Bits81)>,
}

/// Builds a compressed index: `entries` yields (candidate, entry) pairs. An entry carries what
/// a walk tests before it follows the link, so that a link it does not follow costs no read of
/// the link's own record (a cache miss each: ForceChain's walks were 13% of the default scale's
/// time on top1465).
fn build_index(
    entries: impl Iterator<Item = (usize, (u32, Bits81))> + Clone,
) -> (Vec<u32>, Vec<(u32, Bits81)>) {
    let mut start = vec![0u32; CANDIDATES + 1];
    for (candidate, _) in entries.clone() {
        start[candidate + 1] += 1;
    }
    for i in 0..CANDIDATES {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut at = vec![(0u32, Bits81::EMPTY); start[CANDIDATES] as usize];
    for (candidate, entry) in entries {
        at[fill[candidate] as usize] = entry;
        fill[candidate] += 1;
    }
    (start, at)
}

impl SuperLinks {
    /// Builds the super links of `grid`.
    pub fn new(grid: &Grid) -> SuperLinks {
        let planes = *grid.planes();
        let mut masks = [0u16; 81];
        for cell in grid.unsolved() {
            masks[cell] = grid.candidates(cell);
        }
        let mut strong = [[Bits81::EMPTY; 81]; 9];
        for digit in 0..9 {
            for house in HOUSE_SETS.iter() {
                let places = planes[digit] & *house;
                if places.count() == 2 {
                    let mut it = places.iter();
                    let (a, b) = (it.next().unwrap(), it.next().unwrap());
                    strong[digit][a].insert(b);
                    strong[digit][b].insert(a);
                }
            }
        }
        // ALS links: sets of two or more cells (a one-cell set is a bivalue cell, whose links
        // are the in-cell strong links already).
        let mut als = Vec::new();
        find_als(grid, 2, MAX_ALS_CELLS, &mut als);
        let mut als_single = Vec::with_capacity(als.len());
        let mut als_seen = Vec::with_capacity(als.len());
        for set in &als {
            let mut single = [u8::MAX; 9];
            let mut seen = [Bits81::EMPTY; 9];
            for digit in 0..9 {
                let holders = set.digit_cells[digit];
                if holders.is_single() {
                    single[digit] = holders.first().unwrap() as u8;
                }
                seen[digit] = set.seen_by_all(grid, digit);
            }
            als_single.push(single);
            als_seen.push(seen);
        }
        let groups = grouped_links(&planes);
        let (als_start, als_at) = build_index(als.iter().enumerate().flat_map(|(id, set)| {
            (0..9).flat_map(move |digit| {
                let holders = set.digit_cells[digit];
                holders
                    .iter()
                    .map(move |cell| (candidate_index(cell, digit), (id as u32, holders)))
            })
        }));
        let (group_start, group_at) = build_index(groups.iter().enumerate().flat_map(|(id, g)| {
            g.from
                .iter()
                .map(move |cell| (candidate_index(cell, g.digit as usize), (id as u32, g.from)))
        }));
        SuperLinks {
            planes,
            masks,
            strong,
            als,
            als_single,
            als_seen,
            groups,
            als_start,
            als_at,
            group_start,
            group_at,
        }
    }

    /// The almost locked sets used as links.
    pub fn als(&self) -> &[Als] {
        &self.als
    }

    /// Number of grouped links.
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }
}

/// The grouped strong links of every digit and house: the places split into a part inside one
/// box∩line segment and a rest that is one cell or inside another segment of the house.
fn grouped_links(planes: &[Bits81; 9]) -> Vec<GroupLink> {
    // Each house's segments, in `INTERSECTIONS` order (a line has three, a box six), listed
    // once rather than filtered out of all 54 for every digit, house and segment.
    let mut segments_of = [[Bits81::EMPTY; 6]; 27];
    let mut counts = [0usize; 27];
    for i in &INTERSECTIONS {
        for house in [i.box_house, i.line_house] {
            segments_of[house][counts[house]] = i.cells;
            counts[house] += 1;
        }
    }
    let mut groups: Vec<GroupLink> = Vec::new();
    for digit in 0..9 {
        // The digit's links so far: a link found from two houses (a box and a line holding the
        // same places) is kept once.
        let digit_start = groups.len();
        for (house, house_set) in HOUSE_SETS.iter().enumerate() {
            let places = planes[digit] & *house_set;
            if places.count() < 3 {
                continue;
            }
            let segments = &segments_of[house][..counts[house]];
            for &segment in segments {
                let from = places & segment;
                let to = places.and_not(segment);
                if from.is_empty() || to.is_empty() {
                    continue;
                }
                if !to.is_single() && !segments.iter().any(|&s| to.is_subset_of(s)) {
                    continue;
                }
                let seen_by_to = to
                    .iter()
                    .fold(planes[digit], |acc, cell| acc & PEERS[cell])
                    .and_not(to);
                if !to.is_single() && seen_by_to.is_empty() {
                    continue;
                }
                if groups[digit_start..]
                    .iter()
                    .any(|g| g.from == from && g.to == to)
                {
                    continue;
                }
                groups.push(GroupLink {
                    digit: digit as u8,
                    from,
                    to,
                    seen_by_to,
                });
            }
        }
    }
    groups
}
