//! Nice loops and AICs, on the link model of [`crate::model::links`]: from a false candidate a strong
//! link (conjugate pair, bivalue cell) makes its partner true; from a true candidate a weak
//! link (same digit in a house, same cell) makes its partner false. Grouped nice loops add
//! group nodes (a digit's places in one box∩line segment, two or three cells) as GNPX's
//! grouped links do: a group is true when one of its cells is, false when all are; a house
//! whose places of the digit outside a false node form one group makes that group true, and
//! a true node makes false every place and group of the digit seeing all of its cells. Then,
//! in a second search, ALS nodes (GNPX's ALS links, sets of 2 to 5 cells): a true node seeing
//! all of a set's places of digit x makes them false, which locks the set, so each of its other
//! digits y is true somewhere in its places of y (a group-like true node). A continuous loop
//! through a set entered by x and left by y locks it on its other digits as well.
//!
//! A breadth-first search from each candidate, assumed false and assumed true, over
//! (candidate, polarity) states records a shortest alternating chain to each state. What a
//! chain from `s` to `t` proves:
//! - `s` false ⇒ `t` true (an AIC): `s` or `t` is true, so every candidate weakly linked to both
//!   is false; with `t` = `s` (a discontinuous loop with two strong links), `s` is true.
//! - `s` false ⇒ `t` true with `t` weakly linked to `s`: a continuous loop. Every link holds
//!   both ways round, so each weak link is a conjugate pair: the digit leaves every cell seeing
//!   both its ends, and a weak link inside a cell leaves the cell with its two digits.
//! - `s` true ⇒ `s` false, or `s` true ⇒ `t` true with `t` weakly linked to `s`
//!   (discontinuous loops with two weak links, or a weak and a strong link): `s` is false.
//! - `s` false ⇒ `t` false with `t` strongly linked to `s`: `s` is true.
//!
//! Chains have at most [`MAX_LOOP_LINKS`] links (GNPX's NiceLoop cap); steps come out shortest
//! first. Placements and candidate contradictions start from single candidates; AICs and
//! continuous loops may also start from groups. A grouped step uses at least one group (the
//! others are plain nice loops); steps of the ALS search use at least one ALS node, start from
//! single candidates and come after all steps without one.

pub mod hodoku;
pub mod text;

use std::ops::ControlFlow;

use super::{StepSink, TechniqueId};
use crate::core::{Bits81, CandidateSet, Grid, CELL_HOUSES, HOUSE_SETS, INTERSECTIONS, PEERS};
use crate::model::links::{with_links, ChainLink, LinkKind, Links};
use crate::model::superlinks::{SuperLink, SuperNode};
use crate::techniques::step::Step;

/// GNPX's NiceLoop cap on the links of one loop or chain.
pub const MAX_LOOP_LINKS: usize = 10;

/// Single-candidate nodes (digit * 81 + cell); group nodes follow, four per digit and
/// segment (729 + (digit * 54 + segment) * 4 + k): the segment's three cells taken two at a
/// time (k = 0, 1, 2: without its first, second, third cell) or all three (k = 3).
const SINGLES: usize = 729;
/// Single and group nodes; ALS nodes follow (ALS_BASE + set * 9 + digit: the set's places
/// of the digit, false when all are, true when one is).
const ALS_BASE: usize = SINGLES + 9 * 54 * 4;
/// Most ALS nodes' sets (keeps states within `u16`).
const MAX_LOOP_ALS: usize = 3000;

/// The segment cells (by position 0..3) of group kind `k`.
const GROUP_KINDS: [u8; 4] = [0b110, 0b101, 0b011, 0b111];

/// A search state: node * 2 + polarity (1 = true).
/// (u16 holds 729 candidates plus every group and ALS node, GNPX's or HoDoKu's, both polarities.)
pub(super) type State = u16;

/// The state of `node` with polarity `on`.
pub(super) fn state(node: usize, on: bool) -> State {
    (node * 2 + usize::from(on)) as State
}

/// The node of a state.
pub(super) fn node_of(s: State) -> usize {
    s as usize / 2
}

/// Whether a state is the node assumed true.
pub(super) fn is_on(s: State) -> bool {
    s & 1 == 1
}

fn digit_of(node: usize) -> usize {
    if node < SINGLES {
        node / 81
    } else if node >= ALS_BASE {
        (node - ALS_BASE) % 9
    } else {
        (node - SINGLES) / (54 * 4)
    }
}

/// Cells seeing every cell of `cells` (none for an empty set).
fn sees_of(cells: Bits81) -> Bits81 {
    if cells.is_empty() {
        Bits81::EMPTY
    } else {
        cells
            .iter()
            .fold(Bits81::ALL, |acc, cell| acc & PEERS[cell])
    }
}

/// The nodes of one grid state: each node's cells, the cells seeing all of them and the houses
/// holding all of them.
struct Nodes<'a> {
    grid: &'a Grid,
    links: &'a Links,
    grouped: bool,
    cells: Vec<Bits81>,
    sees: Vec<Bits81>,
    houses: Vec<u32>,
    /// Per house and box∩line partner house: the segment index (u8::MAX if none).
    segment: [[u8; 27]; 27],
    /// Whether ALS nodes exist.
    with_als: bool,
    /// Per digit, the group nodes that exist.
    groups: [Vec<u16>; 9],
    /// Per digit and cell: the ALS nodes of that digit whose places all see the cell.
    als_entries: Vec<Vec<u16>>,
    /// Per ALS node: the set's cells (its other digits' nodes are `node - digit + d`).
    als_cells: Vec<Bits81>,
    /// Per ALS set: its digits.
    als_digits: Vec<u16>,
}

impl<'a> Nodes<'a> {
    fn new(grid: &'a Grid, links: &'a Links, grouped: bool, with_als: bool) -> Nodes<'a> {
        let mut sets = Vec::new();
        if with_als {
            crate::model::als::find_als(grid, 2, crate::model::als::MAX_ALS_CELLS, &mut sets);
            sets.truncate(MAX_LOOP_ALS);
        }
        let total = ALS_BASE + 9 * sets.len();
        let mut cells = vec![Bits81::EMPTY; total];
        let mut als_cells = vec![Bits81::EMPTY; 9 * sets.len()];
        for (i, set) in sets.iter().enumerate() {
            for d in 0..9 {
                cells[ALS_BASE + i * 9 + d] = set.digit_cells[d];
                als_cells[i * 9 + d] = set.cells;
            }
        }
        let als_digits: Vec<u16> = sets.iter().map(|s| s.digits).collect();
        for digit in 0..9 {
            for cell in grid.plane(digit) {
                cells[digit * 81 + cell] = Bits81::cell(cell);
            }
            if grouped {
                for (seg, inter) in INTERSECTIONS.iter().enumerate() {
                    let seg_cells: Vec<usize> = inter.cells.iter().collect();
                    for (k, kind) in GROUP_KINDS.iter().enumerate() {
                        let group: Bits81 = (0..3)
                            .filter(|i| kind & (1 << i) != 0)
                            .map(|i| seg_cells[i])
                            .collect();
                        if group.is_subset_of(grid.plane(digit)) {
                            cells[SINGLES + (digit * 54 + seg) * 4 + k] = group;
                        }
                    }
                }
            }
        }
        let sees = cells.iter().map(|&c| sees_of(c)).collect();
        let houses = cells
            .iter()
            .map(|c| match c.first() {
                None => 0,
                Some(first) => CELL_HOUSES[first]
                    .iter()
                    .filter(|&&h| c.is_subset_of(HOUSE_SETS[h as usize]))
                    .fold(0u32, |m, &h| m | 1 << h),
            })
            .collect();
        let mut segment = [[u8::MAX; 27]; 27];
        for (seg, inter) in INTERSECTIONS.iter().enumerate() {
            segment[inter.line_house][inter.box_house] = seg as u8;
            segment[inter.box_house][inter.line_house] = seg as u8;
        }
        let mut als_entries = vec![Vec::new(); 9 * 81];
        for node in ALS_BASE..total {
            let digit = digit_of(node);
            let sees: Bits81 = sees_of(cells[node]);
            for cell in (grid.plane(digit) & sees).and_not(als_cells[node - ALS_BASE]) {
                als_entries[digit * 81 + cell].push(node as u16);
            }
        }
        let mut groups: [Vec<u16>; 9] = Default::default();
        for (digit, list) in groups.iter_mut().enumerate() {
            let first = SINGLES + digit * 216;
            list.extend(
                (first..first + 216)
                    .filter(|&g| !cells[g].is_empty())
                    .map(|g| g as u16),
            );
        }
        Nodes {
            grid,
            links,
            grouped,
            with_als,
            groups,
            als_entries,
            als_cells,
            als_digits,
            cells,
            sees,
            houses,
            segment,
        }
    }

    /// Successors of a state: weak links from a true node, strong links from a false one.
    fn successors(&self, from: State, out: &mut Vec<State>) {
        out.clear();
        let node = node_of(from);
        let digit = digit_of(node);
        let cells = self.cells[node];
        let plane = self.grid.plane(digit);
        let single = node < SINGLES;
        if is_on(from) {
            for peer in (plane & self.sees[node]).and_not(cells) {
                out.push(state(digit * 81 + peer, false));
            }
            if self.grouped {
                for &g in &self.groups[digit] {
                    let g = g as usize;
                    let group = self.cells[g];
                    if !group.intersects(cells) && group.is_subset_of(self.sees[node]) {
                        out.push(state(g, false));
                    }
                }
            }
            if let Some(first) = cells.first() {
                // An ALS whose places of the digit all see the node loses the digit.
                for &a in &self.als_entries[digit * 81 + first] {
                    let a = a as usize;
                    if single
                        || (self.cells[a].is_subset_of(self.sees[node])
                            && !self.als_cells[a - ALS_BASE].intersects(cells))
                    {
                        out.push(state(a, false));
                    }
                }
            }
            if single {
                let cell = node % 81;
                let mask = self.links.mask(cell) & !(1 << digit);
                for d in (0..9).filter(|d| mask & (1 << d) != 0) {
                    out.push(state(d * 81 + cell, false));
                }
            }
        } else {
            let houses = self.houses[node];
            for house in (0..27).filter(|h| houses & (1 << h) != 0) {
                let rest = (plane & HOUSE_SETS[house]).and_not(cells);
                if rest.count() == 1 {
                    let to = state(digit * 81 + rest.first().unwrap(), true);
                    if !out.contains(&to) {
                        out.push(to);
                    }
                } else if self.grouped && rest.count() >= 2 {
                    if let Some(g) = self.group_of(digit, house, rest) {
                        let to = state(g, true);
                        if !out.contains(&to) {
                            out.push(to);
                        }
                    }
                }
            }
            if node >= ALS_BASE {
                // The set, without this digit, is locked: each other digit is in it.
                let set = (node - ALS_BASE) / 9;
                let others = self.als_digits[set] & !(1 << digit);
                for d in (0..9).filter(|d| others & (1 << d) != 0) {
                    out.push(state(ALS_BASE + set * 9 + d, true));
                }
            }
            if single {
                let cell = node % 81;
                let mask = self.links.mask(cell);
                if mask.count_ones() == 2 {
                    let other = (mask & !(1 << digit)).trailing_zeros() as usize;
                    out.push(state(other * 81 + cell, true));
                }
            }
        }
    }

    /// The group node whose cells are exactly `rest` (places of `digit` in `house`), if any.
    fn group_of(&self, digit: usize, house: usize, rest: Bits81) -> Option<usize> {
        let first = rest.first()?;
        let other = CELL_HOUSES[first]
            .iter()
            .map(|&h| h as usize)
            .find(|&h| h != house && self.segment[house][h] != u8::MAX)?;
        let seg = self.segment[house][other] as usize;
        let base = SINGLES + (digit * 54 + seg) * 4;
        (base..base + 4).find(|&g| self.cells[g] == rest)
    }

    /// Whether nodes `a` and `b` are weakly linked (at most one true).
    fn weakly_linked(&self, a: usize, b: usize) -> bool {
        if a == b {
            return false;
        }
        if digit_of(a) == digit_of(b) {
            !self.cells[a].intersects(self.cells[b]) && self.cells[b].is_subset_of(self.sees[a])
        } else {
            a < SINGLES && b < SINGLES && a % 81 == b % 81
        }
    }

    /// Candidates weakly linked to both nodes `a` and `b` (one of which is true).
    fn seen_by_both(&self, a: usize, b: usize) -> CandidateSet {
        let (da, db) = (digit_of(a), digit_of(b));
        let mut out = CandidateSet::EMPTY;
        if da == db {
            out.planes[da] = (self.grid.plane(da) & self.sees[a] & self.sees[b])
                .and_not(self.cells[a] | self.cells[b]);
        } else if a < SINGLES && b < SINGLES {
            let (ca, cb) = (a % 81, b % 81);
            if ca == cb {
                for d in 0..9 {
                    if d != da && d != db && self.grid.candidates(ca) & (1 << d) != 0 {
                        out.insert(ca, d);
                    }
                }
            } else if PEERS[ca].contains(cb) {
                if self.grid.candidates(cb) & (1 << da) != 0 {
                    out.insert(cb, da);
                }
                if self.grid.candidates(ca) & (1 << db) != 0 {
                    out.insert(ca, db);
                }
            }
        }
        out
    }

    /// The super-link notation of the link from state `a` to state `b`.
    fn super_link(&self, a: State, b: State) -> SuperLink {
        let node = |s: State| SuperNode {
            cells: self.cells[node_of(s)],
            digit: digit_of(node_of(s)) as u8,
            on: is_on(s),
        };
        SuperLink {
            kind: if is_on(a) {
                LinkKind::Weak
            } else {
                LinkKind::Strong
            },
            from: node(a),
            to: node(b),
            // A link inside an ALS (its places of one digit false, so another digit true).
            als: if node_of(a) >= ALS_BASE
                && (node_of(a) - ALS_BASE) / 9 == (node_of(b).max(ALS_BASE) - ALS_BASE) / 9
                && node_of(b) >= ALS_BASE
            {
                self.als_cells[node_of(a) - ALS_BASE]
            } else {
                Bits81::EMPTY
            },
        }
    }
}

/// Breadth-first search over (node, polarity) states from one start.
struct LoopSearch {
    parent: Vec<State>,
    depth: Vec<u8>,
    frontier: Vec<State>,
    next: Vec<State>,
    /// States in the order reached (with their depth in `depth`).
    order: Vec<State>,
    /// The last search's start.
    start: State,
    succ: Vec<State>,
}

const UNSEEN: u8 = u8::MAX;

impl LoopSearch {
    fn new(nodes: usize) -> LoopSearch {
        LoopSearch {
            parent: vec![0; nodes * 2],
            depth: vec![UNSEEN; nodes * 2],
            frontier: Vec::new(),
            next: Vec::new(),
            order: Vec::new(),
            start: 0,
            succ: Vec::with_capacity(64),
        }
    }

    fn run(&mut self, nodes: &Nodes<'_>, start: State, max_links: usize) {
        for &s in &self.order {
            self.depth[s as usize] = UNSEEN;
        }
        self.depth[self.start as usize] = UNSEEN;
        // The start is not reached again (a chain back to it is a loop, read off its ends).
        self.start = start;
        self.depth[start as usize] = 0;
        self.order.clear();
        self.frontier.clear();
        self.frontier.push(start);
        for d in 1..=max_links {
            self.next.clear();
            for i in 0..self.frontier.len() {
                let from = self.frontier[i];
                nodes.successors(from, &mut self.succ);
                for j in 0..self.succ.len() {
                    let to = self.succ[j];
                    if self.depth[to as usize] != UNSEEN {
                        continue;
                    }
                    self.depth[to as usize] = d as u8;
                    self.parent[to as usize] = from;
                    self.next.push(to);
                    self.order.push(to);
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
            if self.frontier.is_empty() {
                break;
            }
        }
    }

    /// The states from the start to `end`.
    fn path(&self, start: State, end: State) -> Vec<State> {
        let mut states = vec![end];
        let mut at = end;
        while at != start {
            at = self.parent[at as usize];
            states.push(at);
        }
        states.reverse();
        states
    }
}

/// Builds the step of a chain (`path` of states): its links in both notations.
fn chain_step(technique: TechniqueId, nodes: &Nodes<'_>, path: &[State]) -> Step {
    let mut step = Step::new(technique);
    if path.iter().all(|&s| node_of(s) < SINGLES) {
        step.chain = path
            .windows(2)
            .map(|w| {
                let (a, b) = (node_of(w[0]), node_of(w[1]));
                let (from, to) = ((a % 81, digit_of(a)), (b % 81, digit_of(b)));
                if is_on(w[0]) {
                    ChainLink::weak(from, to)
                } else {
                    ChainLink::strong(from, to)
                }
            })
            .collect();
    }
    step.group_chain = path
        .windows(2)
        .map(|w| nodes.super_link(w[0], w[1]))
        .collect();
    for &s in path {
        step.cells |= nodes.cells[node_of(s)];
        step.digits |= 1 << digit_of(node_of(s));
    }
    step
}

/// Eliminations of a continuous loop (`path` closed back to its start): every weak link of it
/// is a conjugate pair.
fn loop_eliminations(nodes: &Nodes<'_>, path: &[State]) -> CandidateSet {
    let mut out = CandidateSet::EMPTY;
    for w in path.windows(2) {
        let (a, b) = (node_of(w[0]), node_of(w[1]));
        if is_on(w[0]) {
            out.union_with(&nodes.seen_by_both(a, b));
        } else if a >= ALS_BASE && b >= ALS_BASE {
            // Through an ALS, entered by one digit and left by another: both are its in the
            // loop, so the set is locked on its other digits.
            let set = (a - ALS_BASE) / 9;
            let cells = nodes.als_cells[a - ALS_BASE];
            let others = nodes.als_digits[set] & !(1 << digit_of(a)) & !(1 << digit_of(b));
            for d in (0..9).filter(|d| others & (1 << d) != 0) {
                let holders = nodes.cells[ALS_BASE + set * 9 + d];
                out.planes[d] |= (nodes.grid.plane(d) & sees_of(holders)).and_not(cells);
            }
        }
    }
    out
}

/// A candidate proved true: as HoDoKu states it, the cell's other candidates are eliminated
/// (a naked single then places it).
fn place(grid: &Grid, step: &mut Step, cell: usize, digit: usize) {
    for d in 0..9 {
        if d != digit && grid.candidates(cell) & (1 << d) != 0 {
            step.eliminations.insert(cell, d);
        }
    }
}

/// Nice loops and AICs with at most [`MAX_LOOP_LINKS`] links.
pub fn nice_loop(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    nice_loop_capped(grid, MAX_LOOP_LINKS, false, sink)
}

/// Grouped nice loops and AICs (at least one group) with at most [`MAX_LOOP_LINKS`] links.
pub fn grouped_nice_loop(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    nice_loop_capped(grid, MAX_LOOP_LINKS, true, sink)
}

/// Nice loops and AICs (grouped or not) with at most `max_links` links (tests lift GNPX's cap).
pub fn nice_loop_capped(
    grid: &Grid,
    max_links: usize,
    grouped: bool,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let technique = if grouped {
        TechniqueId::GroupedNiceLoop
    } else {
        TechniqueId::NiceLoop
    };
    with_links(grid, |links| {
        // Grouped: box∩line groups first, then (a second search) chains through ALS nodes.
        for with_als in [false, true] {
            if with_als && !grouped {
                break;
            }
            let nodes = Nodes::new(grid, links, grouped, with_als);
            deepening(grid, links, &nodes, technique, max_links, sink)?;
        }
        ControlFlow::Continue(())
    })
}

/// Searches deepen in phases, so a short chain is found without the long searches; each phase
/// emits the steps longer than the last phase's, shortest first (a breadth-first search to a
/// smaller depth finds the same chains to the same states).
fn deepening(
    grid: &Grid,
    links: &Links,
    nodes: &Nodes<'_>,
    technique: TechniqueId,
    max_links: usize,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    {
        let mut search = LoopSearch::new(nodes.cells.len());
        let mut done = 0;
        let first = if nodes.with_als { max_links } else { 5 };
        for cap in [first, max_links] {
            let cap = cap.min(max_links);
            if cap <= done {
                continue;
            }
            let last = cap == max_links;
            nice_loop_phase(
                grid,
                links,
                nodes,
                &mut search,
                technique,
                cap,
                &mut |length, step| {
                    if length > done && (last || length <= cap) {
                        sink(step)
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            )?;
            done = cap;
        }
        ControlFlow::Continue(())
    }
}

/// One search phase: every step whose chain has at most `max_links` links (plus a closing
/// link), handed to `sink` with its length, shortest first.
fn nice_loop_phase(
    grid: &Grid,
    links: &Links,
    nodes: &Nodes<'_>,
    search: &mut LoopSearch,
    technique: TechniqueId,
    max_links: usize,
    sink: &mut dyn FnMut(usize, &Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let grouped = technique == TechniqueId::GroupedNiceLoop;
    {
        // Steps with their chain length, emitted shortest first.
        let mut found: Vec<(usize, Step)> = Vec::new();
        // A grouped step uses a group, or (in the ALS search) an ALS node.
        let least = if nodes.with_als { ALS_BASE } else { SINGLES };
        let wanted = |path: &[State]| !grouped || path.iter().any(|&s| node_of(s) >= least);
        // The ALS search starts from single candidates only (groups were tried before).
        let starts = if nodes.with_als { SINGLES } else { ALS_BASE };
        for start in (0..starts).filter(|&n| !nodes.cells[n].is_empty()) {
            let single = start < SINGLES;
            let (cell, digit) = (start % 81, digit_of(start));
            let off = state(start, false);
            let on = state(start, true);
            // Assumed false: AICs, continuous loops, placements.
            search.run(nodes, off, max_links);
            for &end in &search.order {
                let d = search.depth[end as usize] as usize;
                let end_node = node_of(end);
                if is_on(end) {
                    if end == on {
                        let path = search.path(off, end);
                        if single && wanted(&path) {
                            let mut step = chain_step(technique, nodes, &path);
                            place(grid, &mut step, cell, digit);
                            found.push((d, step));
                        }
                        continue;
                    }
                    if d < 3 {
                        continue;
                    }
                    if nodes.weakly_linked(end_node, start) {
                        let mut path = search.path(off, end);
                        path.push(off);
                        let removed = loop_eliminations(nodes, &path);
                        if !removed.is_empty() && wanted(&path) {
                            let mut step = chain_step(technique, nodes, &path);
                            step.eliminations = removed;
                            found.push((d + 1, step));
                        }
                    }
                    if end > off {
                        let removed = nodes.seen_by_both(start, end_node);
                        if !removed.is_empty() {
                            let path = search.path(off, end);
                            if wanted(&path) {
                                let mut step = chain_step(technique, nodes, &path);
                                step.eliminations = removed;
                                found.push((d, step));
                            }
                        }
                    }
                } else if single
                    && end_node < SINGLES
                    && end != off
                    && d >= 2
                    && (digit_of(end_node) == digit
                        && links.strong_partners(digit, cell).contains(end_node % 81)
                        || end_node % 81 == cell && links.mask(cell).count_ones() == 2)
                {
                    let mut path = search.path(off, end);
                    path.push(on);
                    if wanted(&path) {
                        let mut step = chain_step(technique, nodes, &path);
                        place(grid, &mut step, cell, digit);
                        found.push((d + 1, step));
                    }
                }
            }
            if !single {
                continue;
            }
            // Assumed true: contradictions eliminate the candidate.
            search.run(nodes, on, max_links);
            for &end in &search.order {
                let d = search.depth[end as usize] as usize;
                let contradiction =
                    end == off || is_on(end) && d >= 2 && nodes.weakly_linked(start, node_of(end));
                if contradiction {
                    let mut path = search.path(on, end);
                    if end != off {
                        path.push(off);
                    }
                    if wanted(&path) {
                        let mut step = chain_step(technique, nodes, &path);
                        step.eliminations.insert(cell, digit);
                        found.push((path.len() - 1, step));
                    }
                }
            }
        }
        found.sort_by_key(|(d, _)| *d);
        for (length, step) in &found {
            sink(*length, step)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells};

    #[test]
    fn aic_through_bivalue_cells_eliminates_what_sees_both_ends() {
        // r1c1 {1,2} - r1c5 {2,3} - r5c5 {1,3}: r1c1 or r5c5 is 1, so r5c1 is not.
        let g = with_cells(&[(0, &[1, 2]), (4, &[2, 3]), (40, &[1, 3])]);
        let steps = TechniqueId::NiceLoop.find_all(&g);
        let want = candidates(&["r5c1#1"]);
        let step = steps
            .iter()
            .find(|s| s.eliminations == want)
            .expect("the AIC is found");
        assert_eq!(step.chain.len(), 5);
        assert_eq!(step.chain[0].kind, crate::model::links::LinkKind::Strong);
    }

    #[test]
    fn grouped_aic_runs_through_a_box_line_group() {
        // Digit 1: row 1 only at r1c1 and in the group r1c7 r1c8; column 9 only at r2c9 and
        // r5c9. Chain: r1c1#1 false ⇒ group r1c78#1 true ⇒ r2c9#1 false (box 3) ⇒ r5c9#1 true,
        // so r1c1 or r5c9 is 1: r5c1#1 goes. Rows 3–9 keep 1 outside column 9.
        let mut cells: Vec<usize> = vec![0, 6, 7, 17, 44];
        for cell in 0..81 {
            let (row, col) = (cell / 9, cell % 9);
            if row >= 2 && col != 8 {
                cells.push(cell);
            }
        }
        let g = crate::core::test_support::digit_one_only_in(&cells);
        let steps = TechniqueId::GroupedNiceLoop.find_all(&g);
        let want = candidates(&["r5c1#1"]);
        let step = steps
            .iter()
            .find(|s| s.eliminations == want)
            .expect("the grouped AIC is found");
        assert!(step.group_chain.iter().any(|l| l.to.cells.count() == 2));
        // Without groups the chain does not exist.
        assert!(TechniqueId::NiceLoop
            .find_all(&g)
            .iter()
            .all(|s| s.eliminations != want));
    }
}
