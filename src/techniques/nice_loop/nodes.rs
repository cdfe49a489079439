//! The node graph of the nice loop search: single candidates, box∩line groups and ALS nodes
//! of one grid state, their cells and what each state links to.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::core::bits::{digits, nine_bit_count};
use crate::core::{
    houses_holding, Bits81, CandidateSet, Grid, CELL_HOUSES, HOUSE_SETS, INTERSECTIONS, PEERS,
};
use crate::model::links::{LinkKind, Links};
use crate::model::superlinks::{SuperLink, SuperNode};

/// Single-candidate nodes (digit * 81 + cell); group nodes follow, four per digit and
/// segment (729 + (digit * 54 + segment) * 4 + k): the segment's three cells taken two at a
/// time (k = 0, 1, 2: without its first, second, third cell) or all three (k = 3).
pub(super) const SINGLES: usize = 729;
/// Single and group nodes; ALS nodes follow (ALS_BASE + set * 9 + digit: the set's places
/// of the digit, false when all are, true when one is).
pub(super) const ALS_BASE: usize = SINGLES + 9 * 54 * 4;
/// Most ALS nodes' sets (keeps states within `u16`).
const MAX_LOOP_ALS: usize = 3000;
/// Words of a bit per group node.
const GROUP_WORDS: usize = (ALS_BASE - SINGLES).div_ceil(64);

/// The segment cells (by position 0..3) of group kind `k`.
const GROUP_KINDS: [u8; 4] = [0b110, 0b101, 0b011, 0b111];

/// A group node's cells, the cells seeing all of them and the houses holding all of them
/// (bit `h`: house `h`), the same for every digit.
#[derive(Clone, Copy)]
struct GroupShape {
    cells: Bits81,
    sees: Bits81,
    houses: u32,
}

/// Per segment (`INTERSECTIONS`) and group kind ([`GROUP_KINDS`]): the group's shape, so that a
/// node graph only tests which groups a digit fills.
static GROUP_SHAPES: [[GroupShape; 4]; 54] = group_shapes();

const fn group_shapes() -> [[GroupShape; 4]; 54] {
    let empty = GroupShape {
        cells: Bits81::EMPTY,
        sees: Bits81::EMPTY,
        houses: 0,
    };
    let mut out = [[empty; 4]; 54];
    let mut seg = 0;
    while seg < 54 {
        let inter = &INTERSECTIONS[seg];
        let mut k = 0;
        while k < 4 {
            let (mut cells, mut sees) = (0u128, crate::core::bits::ALL_CELLS);
            // The segment's cells in increasing order: position `i` is the `i`-th lowest.
            let (mut cell, mut position) = (0, 0);
            while cell < 81 {
                if inter.cells.contains(cell) {
                    if GROUP_KINDS[k] & (1 << position) != 0 {
                        cells |= 1 << cell;
                        sees &= PEERS[cell].0;
                    }
                    position += 1;
                }
                cell += 1;
            }
            let mut houses = 0u32;
            let mut h = 0;
            while h < 27 {
                if cells & !HOUSE_SETS[h].0 == 0 {
                    houses |= 1 << h;
                }
                h += 1;
            }
            out[seg][k] = GroupShape {
                cells: Bits81(cells),
                sees: Bits81(sees),
                houses,
            };
            k += 1;
        }
        seg += 1;
    }
    out
}

/// Per cell: its three houses (bit `h`: house `h`).
static CELL_HOUSE_MASKS: [u32; 81] = cell_house_masks();

const fn cell_house_masks() -> [u32; 81] {
    let mut out = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let houses = CELL_HOUSES[cell];
        out[cell] = 1 << houses[0] | 1 << houses[1] | 1 << houses[2];
        cell += 1;
    }
    out
}

/// Per cell: the segments (bit `i`: `INTERSECTIONS[i]`) sharing its box or its line. A group
/// (two or three cells of one segment) all of whose cells see a cell lies in one of them: a
/// cell outside a segment's box and line sees at most one of its cells, through the other line.
static NEAR_SEGMENTS: [u64; 81] = near_segments();

const fn near_segments() -> [u64; 81] {
    let mut out = [0u64; 81];
    let mut cell = 0;
    while cell < 81 {
        let houses = CELL_HOUSES[cell];
        let mut seg = 0;
        while seg < 54 {
            let inter = &INTERSECTIONS[seg];
            let mut k = 0;
            while k < 3 {
                let house = houses[k] as usize;
                if inter.box_house == house || inter.line_house == house {
                    out[cell] |= 1 << seg;
                }
                k += 1;
            }
            seg += 1;
        }
        cell += 1;
    }
    out
}

/// The next graph's [`Nodes::id`].
static GRAPH_IDS: AtomicU64 = AtomicU64::new(0);

/// A search state: node * 2 + polarity (1 = true).
/// (u16 holds 729 candidates plus every group and ALS node, GNPX's or HoDoKu's, both polarities.)
pub(super) type State = u16;

/// How the breadth-first search numbered `run` reached a state: its parent and its links from
/// the start.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Mark {
    pub(super) run: u32,
    pub(super) parent: State,
    pub(super) depth: u16,
}

/// A mark slot no state of a graph has: nodes number under 30,000 (the singles, the groups
/// and at most [`MAX_LOOP_ALS`] sets of nine; HoDoKu's graphs have no ALS nodes), so their
/// states stay below it.
pub(super) const NO_STATE: State = State::MAX;

/// Marks `to` as reached by `mark` unless the search numbered `mark.run` reached it already,
/// and says whether it was new, with no branch on which (most links of the searches reach a
/// state already reached, unpredictably): a reached state's mark goes to [`NO_STATE`]'s slot.
#[inline(always)]
pub(super) fn mark_if_new(marks: &mut [Mark; 1 << 16], to: State, mark: Mark) -> bool {
    let new = marks[usize::from(to)].run != mark.run;
    marks[usize::from(if new { to } else { NO_STATE })] = mark;
    new
}

/// The breadth-first searches' marks, one per possible [`State`] (a `u16`, so that no index
/// needs a bounds check and a reached state is written in one place: 512 KiB, laid out once per
/// owner). Each search has a number, and a mark of an older one reads as unreached, so no search
/// clears the last one's marks.
pub(super) struct Marks {
    marks: Box<[Mark; 1 << 16]>,
    run: u32,
}

impl Default for Marks {
    fn default() -> Marks {
        Marks {
            marks: vec![Mark::default(); 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is the array's"),
            run: 0,
        }
    }
}

impl Marks {
    /// Marks whose next search is numbered `run + 1` (tests reach the end of the numbering).
    #[cfg(test)]
    pub(super) fn after_run(run: u32) -> Marks {
        Marks {
            run,
            ..Marks::default()
        }
    }

    /// Starts a search: its number, and the marks to write it into.
    #[inline]
    pub(super) fn begin(&mut self) -> (u32, &mut [Mark; 1 << 16]) {
        if self.run == u32::MAX {
            self.restart();
        }
        self.run += 1;
        (self.run, &mut self.marks)
    }

    /// The mark of `s` (of the last search that reached it).
    #[inline]
    pub(super) fn of(&self, s: State) -> Mark {
        self.marks[usize::from(s)]
    }

    /// Clears every mark and numbers the searches from the start again: past `u32::MAX` of
    /// them (some 30 million hard puzzles on one thread) every untouched mark would read as
    /// reached by the current one.
    #[cold]
    #[inline(never)]
    fn restart(&mut self) {
        self.marks.fill(Mark::default());
        self.run = 0;
    }
}

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

pub(super) fn digit_of(node: usize) -> usize {
    if node < SINGLES {
        node / 81
    } else if node >= ALS_BASE {
        (node - ALS_BASE) % 9
    } else {
        (node - SINGLES) / (54 * 4)
    }
}

/// Cells seeing every cell of `cells` (none for an empty set).
pub(super) fn sees_of(cells: Bits81) -> Bits81 {
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
pub(super) struct Nodes<'a> {
    /// This graph's number, new for every graph built (the ALS nodes added keep it), so that
    /// what was computed for one graph is not read for another.
    pub(super) id: u64,
    pub(super) grid: &'a Grid,
    pub(super) links: &'a Links,
    pub(super) grouped: bool,
    pub(super) cells: Vec<Bits81>,
    pub(super) sees: Vec<Bits81>,
    pub(super) houses: Vec<u32>,
    /// Per house and box∩line partner house: the segment index (u8::MAX if none).
    pub(super) segment: [[u8; 27]; 27],
    /// Per digit: the segments holding group nodes of it (bit `i`: `INTERSECTIONS[i]`).
    pub(super) group_segments: [u64; 9],
    /// The group nodes whose false state leads nowhere (bit `g - SINGLES`): no test is made at
    /// a false group and it is no state's parent, so no node links to it (as for the inert
    /// ALS nodes, [`Nodes::find_inert_als_nodes`]).
    group_inert_off: [u64; GROUP_WORDS],
    /// Whether ALS nodes exist.
    pub(super) with_als: bool,
    /// Per digit and cell (`digit * 81 + cell`): the ALS nodes of that digit whose places all
    /// see the cell, `als_entries[als_entry_start[i]..als_entry_start[i + 1]]` (one list, not a
    /// `Vec` per candidate: a graph is built for every state the rungs search).
    pub(super) als_entries: Vec<u16>,
    pub(super) als_entry_start: Vec<u32>,
    /// Per ALS node: the set's cells (its other digits' nodes are `node - digit + d`).
    pub(super) als_cells: Vec<Bits81>,
    /// Per ALS set: its digits.
    pub(super) als_digits: Vec<u16>,
    /// Per ALS set: the digits whose true node, and those whose false node, is inert (see
    /// [`Nodes::find_inert_als_nodes`]); no node links to them.
    als_inert_on: Vec<u16>,
    als_inert_off: Vec<u16>,
}

/// The buffers of a graph's tables, kept between graphs: a graph is built for every state the
/// nice-loop rungs search, and its tables take some 100 KB and a dozen allocations.
#[derive(Default)]
struct Tables {
    cells: Vec<Bits81>,
    sees: Vec<Bits81>,
    houses: Vec<u32>,
    als_entries: Vec<u16>,
    als_entry_start: Vec<u32>,
    als_cells: Vec<Bits81>,
    als_digits: Vec<u16>,
    als_inert_on: Vec<u16>,
    als_inert_off: Vec<u16>,
    /// [`Nodes::add_als`]' work space: the sets, each candidate's next free entry and a
    /// successor list.
    sets: Vec<crate::model::als::Als>,
    next: Vec<u32>,
    successors: Vec<State>,
}

impl Tables {
    /// The graph's tables, emptied, taken out of the kept buffers (`add_als`' work space
    /// stays). The single and group nodes' entries (`cells`, `sees` and `houses` below
    /// [`ALS_BASE`]) are kept, all empty: a graph clears those it wrote when it is dropped
    /// ([`Nodes::clear_single_and_group_nodes`]), so the next one need not clear all 2,673.
    fn take_graph(&mut self) -> Tables {
        let mut graph = Tables {
            cells: std::mem::take(&mut self.cells),
            sees: std::mem::take(&mut self.sees),
            houses: std::mem::take(&mut self.houses),
            als_entries: std::mem::take(&mut self.als_entries),
            als_entry_start: std::mem::take(&mut self.als_entry_start),
            als_cells: std::mem::take(&mut self.als_cells),
            als_digits: std::mem::take(&mut self.als_digits),
            als_inert_on: std::mem::take(&mut self.als_inert_on),
            als_inert_off: std::mem::take(&mut self.als_inert_off),
            ..Tables::default()
        };
        graph.als_entries.clear();
        graph.als_entry_start.clear();
        graph.als_cells.clear();
        graph.als_digits.clear();
        graph.als_inert_on.clear();
        graph.als_inert_off.clear();
        graph
    }
}

thread_local! {
    /// The last graph's buffers (a graph built while another lives, as in a sink that searches
    /// loops itself, gets new ones).
    static TABLES: std::cell::RefCell<Tables> = std::cell::RefCell::default();
}

#[cfg(test)]
thread_local! {
    /// Whether graphs keep their inert nodes (the reference of the test that leaving them out
    /// changes no step).
    pub(super) static KEEP_INERT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A graph gives its tables back to be reused by the next one.
impl Drop for Nodes<'_> {
    fn drop(&mut self) {
        self.clear_single_and_group_nodes();
        let _ = TABLES.try_with(|t| {
            let mut t = t.borrow_mut();
            t.cells = std::mem::take(&mut self.cells);
            t.sees = std::mem::take(&mut self.sees);
            t.houses = std::mem::take(&mut self.houses);
            t.als_entries = std::mem::take(&mut self.als_entries);
            t.als_entry_start = std::mem::take(&mut self.als_entry_start);
            t.als_cells = std::mem::take(&mut self.als_cells);
            t.als_digits = std::mem::take(&mut self.als_digits);
            t.als_inert_on = std::mem::take(&mut self.als_inert_on);
            t.als_inert_off = std::mem::take(&mut self.als_inert_off);
        });
    }
}

impl<'a> Nodes<'a> {
    pub(super) fn new(
        grid: &'a Grid,
        links: &'a Links,
        grouped: bool,
        with_als: bool,
    ) -> Nodes<'a> {
        let Tables {
            mut cells,
            mut sees,
            mut houses,
            als_entries,
            als_entry_start,
            als_cells,
            als_digits,
            als_inert_on,
            als_inert_off,
            ..
        } = TABLES.with(|t| t.borrow_mut().take_graph());
        // Buffers kept from a graph hold exactly the single and group nodes' entries, empty
        // (new ones hold nothing).
        if cells.len() != ALS_BASE {
            cells.clear();
            cells.resize(ALS_BASE, Bits81::EMPTY);
            sees.clear();
            sees.resize(ALS_BASE, Bits81::EMPTY);
            houses.clear();
            houses.resize(ALS_BASE, 0);
        }
        debug_assert!(cells.iter().chain(&sees).all(|c| c.is_empty()));
        debug_assert!(houses.iter().all(|&h| h == 0));
        for digit in 0..9 {
            let plane = grid.plane(digit);
            for cell in plane {
                let node = digit * 81 + cell;
                cells[node] = Bits81::cell(cell);
                sees[node] = PEERS[cell];
                houses[node] = CELL_HOUSE_MASKS[cell];
            }
            if grouped {
                for (seg, shapes) in GROUP_SHAPES.iter().enumerate() {
                    for (k, shape) in shapes.iter().enumerate() {
                        if shape.cells.is_subset_of(plane) {
                            let node = SINGLES + (digit * 54 + seg) * 4 + k;
                            cells[node] = shape.cells;
                            sees[node] = shape.sees;
                            houses[node] = shape.houses;
                        }
                    }
                }
            }
        }
        let mut group_segments = [0u64; 9];
        for (digit, segments) in group_segments.iter_mut().enumerate() {
            for seg in 0..54 {
                let base = SINGLES + (digit * 54 + seg) * 4;
                if cells[base..base + 4].iter().any(|g| !g.is_empty()) {
                    *segments |= 1 << seg;
                }
            }
        }
        let mut segment = [[u8::MAX; 27]; 27];
        for (seg, inter) in INTERSECTIONS.iter().enumerate() {
            segment[inter.line_house][inter.box_house] = seg as u8;
            segment[inter.box_house][inter.line_house] = seg as u8;
        }
        let mut nodes = Nodes {
            id: GRAPH_IDS.fetch_add(1, Ordering::Relaxed),
            grid,
            links,
            grouped,
            with_als: false,
            als_entries,
            als_entry_start,
            als_cells,
            als_digits,
            als_inert_on,
            als_inert_off,
            cells,
            sees,
            houses,
            segment,
            group_segments,
            group_inert_off: [0; GROUP_WORDS],
        };
        if grouped {
            nodes.find_inert_groups();
        }
        if with_als {
            nodes.add_als();
        }
        nodes
    }

    /// Empties the entries [`Nodes::new`] wrote below [`ALS_BASE`] (the grid's candidates and
    /// the groups of `group_segments`) and drops the ALS nodes' entries, so that the buffers
    /// go back to the thread's kept tables as [`Tables::take_graph`] expects them.
    fn clear_single_and_group_nodes(&mut self) {
        if self.cells.len() < ALS_BASE {
            return;
        }
        self.cells.truncate(ALS_BASE);
        self.sees.truncate(ALS_BASE);
        self.houses.truncate(ALS_BASE);
        for digit in 0..9 {
            let singles = self.grid.plane(digit).iter().map(|cell| digit * 81 + cell);
            let segments = self.group_segments[digit];
            let groups = (0..54)
                .filter(|seg| segments >> seg & 1 != 0)
                .flat_map(|seg| {
                    let base = SINGLES + (digit * 54 + seg) * 4;
                    base..base + 4
                });
            for node in singles.chain(groups) {
                self.cells[node] = Bits81::EMPTY;
                self.sees[node] = Bits81::EMPTY;
                self.houses[node] = 0;
            }
        }
    }

    /// Marks the group nodes whose false state has no successor (`group_inert_off`).
    fn find_inert_groups(&mut self) {
        #[cfg(test)]
        if KEEP_INERT.with(std::cell::Cell::get) {
            return;
        }
        let mut successors = TABLES.with(|t| std::mem::take(&mut t.borrow_mut().successors));
        for g in SINGLES..ALS_BASE {
            if self.cells[g].is_empty() {
                continue;
            }
            successors.clear();
            self.successors(state(g, false), &mut successors);
            if successors.is_empty() {
                let i = g - SINGLES;
                self.group_inert_off[i / 64] |= 1 << (i % 64);
            }
        }
        TABLES.with(|t| t.borrow_mut().successors = successors);
    }

    /// Whether group node `g`'s false state is inert ([`Nodes::find_inert_groups`]).
    fn group_inert_off(&self, g: usize) -> bool {
        let i = g - SINGLES;
        self.group_inert_off[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds the grid's ALS nodes (the graph of the ALS search: the same single and group
    /// nodes, so the grouped rung builds those once for both of its searches).
    pub(super) fn add_als(&mut self) {
        debug_assert!(!self.with_als, "the ALS nodes are added once");
        let (mut sets, mut next) = TABLES.with(|t| {
            let mut t = t.borrow_mut();
            (std::mem::take(&mut t.sets), std::mem::take(&mut t.next))
        });
        sets.clear();
        crate::model::als::find_als(self.grid, 2, crate::model::als::MAX_ALS_CELLS, &mut sets);
        sets.truncate(MAX_LOOP_ALS);
        self.with_als = true;
        self.als_cells.clear();
        self.als_cells.resize(9 * sets.len(), Bits81::EMPTY);
        for (i, set) in sets.iter().enumerate() {
            for d in 0..9 {
                let places = set.digit_cells[d];
                self.cells.push(places);
                self.sees.push(sees_of(places));
                self.houses.push(houses_holding(places));
                self.als_cells[i * 9 + d] = set.cells;
            }
        }
        self.als_digits.clear();
        self.als_digits.extend(sets.iter().map(|s| s.digits));
        // Counted per candidate, then placed in node order (each list ascending, as before).
        let entering = |nodes: &Self, node: usize| {
            let digit = digit_of(node);
            (nodes.grid.plane(digit) & nodes.sees[node]).and_not(nodes.als_cells[node - ALS_BASE])
        };
        let (mut start, mut entries) = (
            std::mem::take(&mut self.als_entry_start),
            std::mem::take(&mut self.als_entries),
        );
        start.clear();
        start.resize(9 * 81 + 1, 0);
        for node in ALS_BASE..self.cells.len() {
            let digit = digit_of(node);
            for cell in entering(self, node) {
                start[digit * 81 + cell + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        next.clone_from(&start);
        entries.clear();
        entries.resize(start[9 * 81] as usize, 0);
        for node in ALS_BASE..self.cells.len() {
            let digit = digit_of(node);
            for cell in entering(self, node) {
                let slot = &mut next[digit * 81 + cell];
                entries[*slot as usize] = node as u16;
                *slot += 1;
            }
        }
        (self.als_entries, self.als_entry_start) = (entries, start);
        let mut successors = TABLES.with(|t| std::mem::take(&mut t.borrow_mut().successors));
        self.find_inert_als_nodes(&mut successors);
        TABLES.with(|t| {
            let mut t = t.borrow_mut();
            (t.sets, t.next, t.successors) = (sets, next, successors);
        });
    }

    /// Marks the ALS nodes that no search needs, so that no node links to them.
    ///
    /// A true ALS node with no successor is inert: every test a search makes at a true node
    /// (a candidate weakly linked to it and to the start, or the start itself weakly linked to
    /// it) names a place of its digit seeing all its cells, which would be a successor; and it
    /// leads nowhere, so it is no state's parent. A false ALS node is never an end (ends and
    /// tests are single candidates there), so it is inert when nothing but inert true nodes
    /// follow it. Leaving such nodes out of the lists changes no other state's depth, parent or
    /// order, hence no bound and no step. On top1465 the graph with ALS nodes has 12% fewer
    /// links without them, and its searches run some 4% faster.
    fn find_inert_als_nodes(&mut self, successors: &mut Vec<State>) {
        let sets = self.als_digits.len();
        self.als_inert_on.clear();
        self.als_inert_on.resize(sets, 0);
        self.als_inert_off.clear();
        self.als_inert_off.resize(sets, 0);
        #[cfg(test)]
        if KEEP_INERT.with(std::cell::Cell::get) {
            return;
        }
        for set in 0..sets {
            for digit in digits(self.als_digits[set]) {
                let node = ALS_BASE + set * 9 + digit;
                // Most have a place of the digit to make false: only the others are listed.
                let places = (self.grid.plane(digit) & self.sees[node]).and_not(self.cells[node]);
                if !places.is_empty() {
                    continue;
                }
                successors.clear();
                self.successors(state(node, true), successors);
                if successors.is_empty() {
                    self.als_inert_on[set] |= 1 << digit;
                }
            }
        }
        for set in 0..sets {
            let inert_on = self.als_inert_on[set];
            if inert_on == 0 {
                continue;
            }
            for digit in digits(self.als_digits[set]) {
                if self.als_digits[set] & !(1 << digit) & !inert_on != 0 {
                    continue;
                }
                // Its locked digits all lead nowhere; the strong links of its houses may.
                successors.clear();
                self.successors(state(ALS_BASE + set * 9 + digit, false), successors);
                if successors.is_empty() {
                    self.als_inert_off[set] |= 1 << digit;
                }
            }
        }
    }

    /// Appends the successors of a state to `out`: weak links from a true node, strong links
    /// from a false one.
    #[inline(never)]
    pub(super) fn successors(&self, from: State, out: &mut Vec<State>) {
        // Where this state's list begins (a house may lead to a node another house led to).
        let at = out.len();
        let node = node_of(from);
        let digit = digit_of(node);
        let cells = self.cells[node];
        let plane = self.grid.plane(digit);
        let single = node < SINGLES;
        if is_on(from) {
            for peer in (plane & self.sees[node]).and_not(cells) {
                out.push(state(digit * 81 + peer, false));
            }
            if let (true, Some(first)) = (self.grouped, cells.first()) {
                // Groups seeing all of the node lie in segments near its first cell; they come
                // in node order (segment by segment, each segment's four kinds in turn).
                let mut near = NEAR_SEGMENTS[first] & self.group_segments[digit];
                while near != 0 {
                    let seg = near.trailing_zeros() as usize;
                    near &= near - 1;
                    let base = SINGLES + (digit * 54 + seg) * 4;
                    // The segment's four group slots tested without a branch each (which
                    // qualify follows no pattern), the qualifying ones appended at once.
                    let (mut found, mut n) = ([0 as State; 4], 0);
                    for g in base..base + 4 {
                        let group = self.cells[g];
                        found[n] = state(g, false);
                        n += usize::from(
                            !group.is_empty()
                                & !group.intersects(cells)
                                & group.is_subset_of(self.sees[node])
                                & !self.group_inert_off(g),
                        );
                    }
                    out.extend_from_slice(&found[..n]);
                }
            }
            self.als_entered(node, out);
            if single {
                let cell = node % 81;
                let mask = self.links.mask(cell) & !(1 << digit);
                for d in digits(mask) {
                    out.push(state(d * 81 + cell, false));
                }
            }
        } else {
            let mut houses = self.houses[node];
            while houses != 0 {
                let house = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                let rest = (plane & HOUSE_SETS[house]).and_not(cells);
                if rest.count() == 1 {
                    let to = state(digit * 81 + rest.first().unwrap(), true);
                    if !out[at..].contains(&to) {
                        out.push(to);
                    }
                } else if self.grouped && rest.count() >= 2 {
                    if let Some(g) = self.group_of(digit, house, rest) {
                        let to = state(g, true);
                        if !out[at..].contains(&to) {
                            out.push(to);
                        }
                    }
                }
            }
            if node >= ALS_BASE {
                // The set, without this digit, is locked: each other digit is in it.
                let set = (node - ALS_BASE) / 9;
                let others = self.als_digits[set] & !(1 << digit) & !self.als_inert_on[set];
                for d in digits(others) {
                    out.push(state(ALS_BASE + set * 9 + d, true));
                }
            }
            if single {
                let cell = node % 81;
                let mask = self.links.mask(cell);
                if nine_bit_count(mask) == 2 {
                    let other = (mask & !(1 << digit)).trailing_zeros() as usize;
                    out.push(state(other * 81 + cell, true));
                }
            }
        }
    }

    /// Appends the ALS nodes `node` (true) makes false, in [`Self::successors`]' order: the
    /// sets whose places of its digit all see it.
    pub(super) fn als_entered(&self, node: usize, out: &mut Vec<State>) {
        if !self.with_als {
            return;
        }
        let cells = self.cells[node];
        if let Some(first) = cells.first() {
            let i = digit_of(node) * 81 + first;
            let (from, to) = (self.als_entry_start[i], self.als_entry_start[i + 1]);
            for &a in &self.als_entries[from as usize..to as usize] {
                let a = a as usize;
                if node < SINGLES
                    || (self.cells[a].is_subset_of(self.sees[node])
                        && !self.als_cells[a - ALS_BASE].intersects(cells))
                        && self.als_inert_off[(a - ALS_BASE) / 9] & (1 << digit_of(a)) == 0
                {
                    out.push(state(a, false));
                }
            }
        }
    }

    /// How many successors of a true node come after its ALS nodes (its cell's other digits).
    pub(super) fn after_als_entered(&self, node: usize) -> usize {
        if node < SINGLES {
            nine_bit_count(self.links.mask(node % 81) & !(1 << digit_of(node))) as usize
        } else {
            0
        }
    }

    /// The group node whose cells are exactly `rest` (places of `digit` in `house`), if any.
    pub(super) fn group_of(&self, digit: usize, house: usize, rest: Bits81) -> Option<usize> {
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
    pub(super) fn weakly_linked(&self, a: usize, b: usize) -> bool {
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
    pub(super) fn seen_by_both(&self, a: usize, b: usize) -> CandidateSet {
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

    /// Whether a candidate is weakly linked to both nodes `a` and `b`: [`Self::seen_by_both`]
    /// is not empty (the scan asks this of most ends it meets; few make a step).
    pub(super) fn share_a_victim(&self, a: usize, b: usize) -> bool {
        let (da, db) = (digit_of(a), digit_of(b));
        if da == db {
            !(self.grid.plane(da) & self.sees[a] & self.sees[b])
                .and_not(self.cells[a] | self.cells[b])
                .is_empty()
        } else if a < SINGLES && b < SINGLES {
            let (ca, cb) = (a % 81, b % 81);
            if ca == cb {
                self.grid.candidates(ca) & !(1 << da | 1 << db) != 0
            } else {
                PEERS[ca].contains(cb)
                    && (self.grid.candidates(cb) & (1 << da) != 0
                        || self.grid.candidates(ca) & (1 << db) != 0)
            }
        } else {
            false
        }
    }

    /// The super-link notation of the link from state `a` to state `b`.
    pub(super) fn super_link(&self, a: State, b: State) -> SuperLink {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape tables give what the definitions compute: a group's cells (the kind's
    /// positions among the segment's cells in order), the cells seeing all of them and the
    /// houses holding them; a single cell's peers and houses.
    #[test]
    fn the_shape_tables_are_the_computed_shapes() {
        for (seg, inter) in INTERSECTIONS.iter().enumerate() {
            let seg_cells: Vec<usize> = inter.cells.iter().collect();
            for (k, kind) in GROUP_KINDS.iter().enumerate() {
                let group: Bits81 = (0..3)
                    .filter(|i| kind & (1 << i) != 0)
                    .map(|i| seg_cells[i])
                    .collect();
                let shape = GROUP_SHAPES[seg][k];
                assert_eq!(shape.cells, group, "segment {seg} kind {k}");
                assert_eq!(shape.sees, sees_of(group), "segment {seg} kind {k}");
                assert_eq!(
                    shape.houses,
                    houses_holding(group),
                    "segment {seg} kind {k}"
                );
                assert_eq!(shape.houses.count_ones(), 2, "a box and a line");
            }
        }
        for cell in 0..81 {
            assert_eq!(PEERS[cell], sees_of(Bits81::cell(cell)));
            assert_eq!(CELL_HOUSE_MASKS[cell], houses_holding(Bits81::cell(cell)));
        }
    }

    /// `share_a_victim` says whether `seen_by_both` is not empty, for pairs of every kind of
    /// node (singles, groups, ALS nodes) on the shipped hard states.
    #[test]
    fn sharing_a_victim_is_seen_by_both_not_empty() {
        let (mut pairs, mut shared) = (0, 0);
        for (_, grid) in crate::techniques::shipped_hard_states()
            .into_iter()
            .step_by(5)
        {
            crate::model::links::with_links(&grid, |links| {
                let nodes = Nodes::new(&grid, links, true, true);
                let listed: Vec<usize> = (0..nodes.cells.len())
                    .filter(|&n| !nodes.cells[n].is_empty())
                    .collect();
                for &a in listed.iter().step_by(11) {
                    for &b in &listed {
                        let want = !nodes.seen_by_both(a, b).is_empty();
                        assert_eq!(nodes.share_a_victim(a, b), want, "{a} {b}");
                        pairs += 1;
                        shared += usize::from(want);
                    }
                }
            });
        }
        // Both answers are common (about 3% of the pairs share one): the comparison is not
        // between constant answers.
        assert!(
            shared > 10_000 && pairs - shared > 10_000,
            "{shared} of {pairs}"
        );
    }

    /// A graph built on the buffers a dropped graph gave back (which clears only the entries
    /// it wrote) has the tables of one built on new buffers (built while another graph lives),
    /// one state after another, of every kind (with and without groups and ALS nodes).
    #[test]
    fn graphs_on_kept_buffers_are_graphs_on_new_ones() {
        let states = crate::techniques::shipped_hard_states();
        let mut compared = 0;
        for (i, (_, grid)) in states.iter().enumerate() {
            let (grouped, with_als) = (i % 3 != 0, i % 2 == 0);
            crate::model::links::with_links(grid, |links| {
                let kept = Nodes::new(grid, links, grouped, with_als);
                let new = Nodes::new(grid, links, grouped, with_als);
                assert_eq!(kept.cells, new.cells, "state {i}");
                assert_eq!(kept.sees, new.sees, "state {i}");
                assert_eq!(kept.houses, new.houses, "state {i}");
                assert_eq!(kept.group_segments, new.group_segments, "state {i}");
                compared += 1;
                // `new` is dropped first and gives its buffers back; `kept` then gives back
                // its own, which the next state's first graph takes.
                drop(new);
            });
        }
        assert!(compared > 20, "{compared} states");
    }

    #[test]
    fn every_group_seeing_a_cell_lies_in_a_near_segment() {
        let mut near = 0;
        for cell in 0..81 {
            for (seg, inter) in INTERSECTIONS.iter().enumerate() {
                let seg_cells: Vec<usize> = inter.cells.iter().collect();
                let sees_a_group = GROUP_KINDS.iter().any(|kind| {
                    let group: Bits81 = (0..3)
                        .filter(|i| kind & (1 << i) != 0)
                        .map(|i| seg_cells[i])
                        .collect();
                    group.is_subset_of(PEERS[cell])
                });
                let listed = NEAR_SEGMENTS[cell] & (1 << seg) != 0;
                if sees_a_group {
                    assert!(listed, "cell {cell} segment {seg}");
                }
                near += usize::from(listed);
            }
        }
        // Each cell: its box's three row and three column segments, and two more segments of
        // its row and of its column (the one in its box is counted already).
        assert_eq!(near, 81 * 10);
    }
}
