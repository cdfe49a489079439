//! Nice loops and AICs as HoDoKu 2.2 finds them (its tabling search, Trebor's tables), for the
//! HoDoKu scale's loops (the catalogue's HoDoKu search for the nice loop rungs, whose steps the
//! scale sorts in [`crate::techniques::hodoku_order`]).
//!
//! HoDoKu builds, for every candidate assumed true and assumed false, the table of everything
//! that follows from it: a breadth-first closure over direct implications, each implication
//! kept once (the first chain reaching it), at most [`MAX_TABLE_ENTRIES`] per table, with no
//! other length limit. Why this is not [`super::nice_loop`]'s search: GNPX caps chains at ten
//! links and takes the shortest step first, its groups are any two or three cells of a
//! box∩line segment and its grouped loops also run through ALS nodes; HoDoKu's tables have no
//! length cap, its groups are all of a digit's places in a segment, ALS nodes are off by
//! default, and which loops exist depends on which chain each table keeps (a chain crossing a
//! cell twice is dropped, not replaced by another).
//!
//! From the tables, in HoDoKu's order (premises cell by cell, digit by digit):
//! 1. nice loops from every "true" premise, then from every "false" premise: an implication
//!    on another candidate of the premise's cell, at least three links away, reached through
//!    other cells. `a` true ⇒ `a` false, or ⇒ `b` true: `a` goes. `a` false ⇒ `a` true: the
//!    cell's other candidates go. `a` false ⇒ `b` false: `b` goes. `a` false ⇒ `b` true closes
//!    a continuous loop: every weak link between cells removes the digit from the cells seeing
//!    both ends (the loop's own cells excepted), and a cell entered and left by strong links
//!    keeps only those two digits;
//! 2. AICs from every "false" premise `a` to a "true" candidate `b` in another cell: same digit,
//!    the cells seeing both ends lose it (HoDoKu takes only AICs removing two or more); digits
//!    differing and the ends seeing each other, each end loses the other's digit (HoDoKu takes
//!    only AICs where both are candidates).
//!
//! A chain may pass through a cell at most once (two consecutive nodes in one cell count as
//! one visit); a nice loop may come back to its start cell. Groups are used by the grouped
//! rung, which, as HoDoKu's, also reports the loops without groups its tables find.

use std::ops::ControlFlow;

use super::nodes::{mark_if_new, Mark, Marks};
use super::{is_on, node_of, state, State};
use crate::core::bits::digits;
use crate::core::{Bits81, CandidateSet, Grid, CELL_HOUSES, HOUSE_SETS, PEERS};
use crate::model::links::ChainLink;
use crate::model::links::LinkKind;
use crate::model::superlinks::{SuperLink, SuperNode};
use crate::techniques::memo;
use crate::techniques::step::Step;
use crate::techniques::{StepSink, TechniqueId};

/// HoDoKu's size of one implication table (the premise included).
pub const MAX_TABLE_ENTRIES: usize = 1000;

/// Single-candidate nodes (cell * 9 + digit); group nodes follow.
const SINGLES: usize = 729;

/// A group node: all places of a digit in one box∩line segment (two or three cells).
struct Group {
    cells: Bits81,
    digit: usize,
    box_house: usize,
    line_house: usize,
}

/// The implication graph of one grid state, each state's direct implications in HoDoKu's
/// table order.
struct Graph<'a> {
    grid: &'a Grid,
    groups: Vec<Group>,
    /// The groups' indices by digit (ascending within a digit): `of_digit[d]` is the run
    /// `group_order[group_start[d]..group_start[d + 1]]`, so a node meets only its digit's.
    group_order: Vec<u16>,
    group_start: [usize; 10],
    /// Per node: its cells and the cells seeing all of them.
    cells: Vec<Bits81>,
    sees: Vec<Bits81>,
    /// Per single node, the groups of its digit (bit `k`: the `k`-th of the digit's run of
    /// `group_order`) that its true state makes false (the group sees its cell), and those
    /// that its false state makes true (the group's box or line holds, outside the group, only
    /// this place of the digit). Found once per group while the graph is built, where each
    /// single's implications asked every group of its digit (most of a grouped graph's build).
    single_groups: Vec<[u64; 2]>,
    /// Direct implications per state (CSR: `succ[start[s]..start[s + 1]]`).
    start: Vec<u32>,
    succ: Vec<State>,
    /// One state's direct implications while the graph is built.
    out: Vec<State>,
}

/// A graph's lists without the graph, kept per thread between searches so that building the
/// next graph allocates nothing once they have grown.
#[derive(Default)]
struct GraphLists {
    groups: Vec<Group>,
    group_order: Vec<u16>,
    cells: Vec<Bits81>,
    sees: Vec<Bits81>,
    single_groups: Vec<[u64; 2]>,
    start: Vec<u32>,
    succ: Vec<State>,
    out: Vec<State>,
}

impl<'a> Graph<'a> {
    #[cfg(test)]
    fn new(grid: &'a Grid, grouped: bool) -> Graph<'a> {
        Graph::new_in(grid, grouped, GraphLists::default(), None)
    }

    /// The graph of `grid`, built in `lists` (their allocations reused). `plain`, the lists of
    /// the graph without groups of the same grid where there is one, gives each single
    /// candidate's links but those to groups (the same, in the same order).
    fn new_in(
        grid: &'a Grid,
        grouped: bool,
        lists: GraphLists,
        plain: Option<&GraphLists>,
    ) -> Graph<'a> {
        let GraphLists {
            mut groups,
            mut group_order,
            mut cells,
            mut sees,
            mut single_groups,
            mut start,
            mut succ,
            mut out,
        } = lists;
        groups.clear();
        if grouped {
            hodoku_groups(grid, &mut groups);
        }
        let nodes = SINGLES + groups.len();
        cells.clear();
        cells.resize(nodes, Bits81::EMPTY);
        for cell in 0..81 {
            for digit in 0..9 {
                if grid.candidates(cell) & (1 << digit) != 0 {
                    cells[cell * 9 + digit] = Bits81::cell(cell);
                }
            }
        }
        for (i, g) in groups.iter().enumerate() {
            cells[SINGLES + i] = g.cells;
        }
        sees.clear();
        sees.extend(cells.iter().map(|c| {
            if c.is_empty() {
                Bits81::EMPTY
            } else {
                c.iter().fold(Bits81::ALL, |acc, cell| acc & PEERS[cell])
            }
        }));
        group_order.clear();
        group_order.extend(0..groups.len() as u16);
        group_order.sort_by_key(|&g| groups[g as usize].digit);
        let mut group_start = [groups.len(); 10];
        for (k, &g) in group_order.iter().enumerate().rev() {
            group_start[groups[g as usize].digit] = k;
        }
        for d in (0..9).rev() {
            group_start[d] = group_start[d].min(group_start[d + 1]);
        }
        single_groups.clear();
        single_groups.resize(SINGLES, [0; 2]);
        for digit in 0..9 {
            let plane = grid.plane(digit);
            let run = &group_order[group_start[digit]..group_start[digit + 1]];
            // A digit has at most three groups per line: 54.
            debug_assert!(run.len() <= 64);
            for (k, &g) in run.iter().enumerate() {
                let group = &groups[g as usize];
                let visible = plane & sees[SINGLES + g as usize];
                for cell in visible.iter() {
                    single_groups[cell * 9 + digit][0] |= 1 << k;
                }
                for house in [group.box_house, group.line_house] {
                    let rest = visible & HOUSE_SETS[house];
                    if rest.is_single() {
                        let cell = rest.first().expect("one cell");
                        single_groups[cell * 9 + digit][1] |= 1 << k;
                    }
                }
            }
        }
        start.clear();
        succ.clear();
        let mut graph = Graph {
            grid,
            groups,
            group_order,
            group_start,
            cells,
            sees,
            single_groups,
            start,
            succ,
            out: Vec::new(),
        };
        for s in 0..nodes * 2 {
            graph.start.push(graph.succ.len() as u32);
            let node = node_of(s as State);
            if graph.cells[node].is_empty() {
                continue;
            }
            match plain {
                Some(plain) if node < SINGLES => {
                    let own = plain.start[s] as usize..plain.start[s + 1] as usize;
                    graph.succ.extend_from_slice(&plain.succ[own]);
                    out.clear();
                    graph.group_links(s as State, &mut out);
                }
                _ => graph.direct(s as State, &mut out),
            }
            graph.succ.extend_from_slice(&out);
        }
        graph.start.push(graph.succ.len() as u32);
        graph.out = out;
        graph
    }

    /// The graph's lists, for the next graph to be built in.
    fn into_lists(self) -> GraphLists {
        GraphLists {
            groups: self.groups,
            group_order: self.group_order,
            cells: self.cells,
            sees: self.sees,
            single_groups: self.single_groups,
            start: self.start,
            succ: self.succ,
            out: self.out,
        }
    }

    fn digit_of(&self, node: usize) -> usize {
        if node < SINGLES {
            node % 9
        } else {
            self.groups[node - SINGLES].digit
        }
    }

    /// The node's first cell (HoDoKu's cell of a node).
    fn cell_of(&self, node: usize) -> usize {
        self.cells[node].first().unwrap_or(0)
    }

    /// The groups of `digit`, with their indices, in index order.
    fn groups_of(&self, digit: usize) -> impl Iterator<Item = (usize, &Group)> + '_ {
        self.group_order[self.group_start[digit]..self.group_start[digit + 1]]
            .iter()
            .map(|&g| (g as usize, &self.groups[g as usize]))
    }

    /// Calls `visit` with the index of each group of `digit` in `picked` (bit `k`: the `k`-th
    /// of the digit's groups), in index order.
    #[inline]
    fn groups_in(&self, digit: usize, picked: u64, mut visit: impl FnMut(usize)) {
        let run = &self.group_order[self.group_start[digit]..self.group_start[digit + 1]];
        let mut rest = picked;
        while rest != 0 {
            visit(usize::from(run[rest.trailing_zeros() as usize]));
            rest &= rest - 1;
        }
    }

    /// Whether state `s` implies anything.
    #[inline]
    fn has_successors(&self, s: State) -> bool {
        self.start[s as usize + 1] > self.start[s as usize]
    }

    fn successors(&self, s: State) -> &[State] {
        &self.succ[self.start[s as usize] as usize..self.start[s as usize + 1] as usize]
    }

    /// A single candidate's links to groups, appended to `out` (each once; no group state is
    /// in the list before them): true, to the groups seeing its cell, false; false, to the
    /// groups whose box or line holds, outside the group, only this place of the digit, true.
    /// The last of its direct implications ([`Graph::direct`]).
    #[inline]
    fn group_links(&self, from: State, out: &mut Vec<State>) {
        let node = node_of(from);
        let on = is_on(from);
        self.groups_in(node % 9, self.single_groups[node][usize::from(!on)], |g| {
            out.push(state(SINGLES + g, !on));
        });
    }

    /// The direct implications of state `from`, in HoDoKu's table order.
    fn direct(&self, from: State, out: &mut Vec<State>) {
        out.clear();
        let push = |out: &mut Vec<State>, s: State| {
            if !out.contains(&s) {
                out.push(s);
            }
        };
        let node = node_of(from);
        let digit = self.digit_of(node);
        let plane = self.grid.plane(digit);
        if node < SINGLES {
            let cell = node / 9;
            let mask = self.grid.candidates(cell);
            if is_on(from) {
                // The cell's other candidates, then the digit's places in row, column, box.
                // Each state once, at its first place: the cell's other candidates are distinct,
                // and a peer met in a second house is left out by the mask of those met.
                for d in digits(mask).filter(|&d| d != digit) {
                    out.push(state(cell * 9 + d, false));
                }
                let mut met = Bits81::cell(cell);
                for &house in &CELL_HOUSES[cell] {
                    let places = (plane & HOUSE_SETS[house as usize]).and_not(met);
                    met |= places;
                    for peer in places.iter() {
                        out.push(state(peer * 9 + digit, false));
                    }
                }
                self.group_links(from, out);
            } else {
                if mask.count_ones() == 2 {
                    let other = (mask & !(1 << digit)).trailing_zeros() as usize;
                    push(out, state(cell * 9 + other, true));
                }
                for &house in &CELL_HOUSES[cell] {
                    let places = plane & HOUSE_SETS[house as usize];
                    if places.count() == 2 {
                        let partner = places.and_not(Bits81::cell(cell)).first().unwrap();
                        push(out, state(partner * 9 + digit, true));
                    }
                }
                self.group_links(from, out);
            }
        } else {
            let me = &self.groups[node - SINGLES];
            let visible = plane & self.sees[node];
            if is_on(from) {
                for cell in visible.iter() {
                    push(out, state(cell * 9 + digit, false));
                }
                for (j, other) in self.groups_of(digit) {
                    if SINGLES + j != node
                        && !other.cells.intersects(me.cells)
                        && (other.line_house == me.line_house || other.box_house == me.box_house)
                    {
                        push(out, state(SINGLES + j, false));
                    }
                }
            } else {
                for house in [me.box_house, me.line_house] {
                    let rest = visible & HOUSE_SETS[house];
                    if rest.count() == 1 {
                        push(out, state(rest.first().unwrap() * 9 + digit, true));
                    }
                }
                // The only other group of a house holding every other place of the digit.
                for house in [me.line_house, me.box_house] {
                    let mut others = self.groups_of(digit).filter(|(j, other)| {
                        SINGLES + j != node
                            && !other.cells.intersects(me.cells)
                            && (other.line_house == house || other.box_house == house)
                    });
                    if let (Some((j, other)), None) = (others.next(), others.next()) {
                        let rest = (plane & HOUSE_SETS[house]).and_not(me.cells | other.cells);
                        if rest.is_empty() {
                            push(out, state(SINGLES + j, true));
                        }
                    }
                }
            }
        }
    }
}

/// HoDoKu's group nodes, appended to `groups`: per row, digit and box, then per column, digit
/// and box, the digit's places in the segment when there are two or three.
fn hodoku_groups(grid: &Grid, groups: &mut Vec<Group>) {
    for line_house in 0..18 {
        for digit in 0..9 {
            let places = grid.plane(digit) & HOUSE_SETS[line_house];
            for box_house in 18..27 {
                let cells = places & HOUSE_SETS[box_house];
                if cells.count() >= 2 {
                    groups.push(Group {
                        cells,
                        digit,
                        box_house,
                        line_house,
                    });
                }
            }
        }
    }
}

/// One premise's table: the states it implies in breadth-first order, each with the state
/// whose implication first reached it.
struct Table {
    /// The states in the order reached, `order[..len]` (the premise first): an array, so that
    /// appending below its length needs neither a bounds check nor a capacity check.
    order: Box<[State; MAX_TABLE_ENTRIES]>,
    len: usize,
    /// The states of the premise's own cell the table reached, in the order reached (a nice
    /// loop ends in its start cell: its ends, without a pass over the whole order).
    own: [State; 18],
    own_len: usize,
    /// Per state: whether and how the current table reached it (the tables are numbered
    /// searches of [`Marks`]).
    marks: Marks,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            order: Box::new([0; MAX_TABLE_ENTRIES]),
            len: 0,
            own: [0; 18],
            own_len: 0,
            marks: Marks::default(),
        }
    }
}

impl Table {
    /// The states of the table, in the order reached (the premise first).
    fn order(&self) -> &[State] {
        &self.order[..self.len]
    }

    /// The states of single candidates in the premise's cell that the table reached (the
    /// premise excepted), in the order reached.
    fn own_cell(&self) -> &[State] {
        &self.own[..self.own_len]
    }

    /// Makes this the table of `premise` on `graph`.
    #[inline]
    fn fill(&mut self, graph: &Graph<'_>, premise: State) {
        self.fill_capped(graph, premise, MAX_TABLE_ENTRIES);
    }

    /// [`Table::fill`] with at most `cap` (at most [`MAX_TABLE_ENTRIES`]) states: tests cut
    /// tables short with a small one.
    #[inline(always)]
    fn fill_capped(&mut self, graph: &Graph<'_>, premise: State, cap: usize) {
        debug_assert!((1..=MAX_TABLE_ENTRIES).contains(&cap));
        // The marks of earlier tables (of any graph) are stale, of older searches, so they
        // need no clearing.
        let (run, reached) = self.marks.begin();
        let order = &mut *self.order;
        order[0] = premise;
        let mut len = 1;
        // The states of the premise's cell's single candidates: 18 from the cell's first
        // (nine digits, two polarities). Premises are single candidates.
        debug_assert!(node_of(premise) < SINGLES);
        let own_first = (node_of(premise) / 9 * 18) as State;
        let (own, mut own_len) = (&mut self.own, 0);
        reached[usize::from(premise)] = Mark {
            run,
            depth: 0,
            parent: premise,
        };
        let mut next = 0;
        'expand: while next < len {
            let from = order[next];
            next += 1;
            let depth = reached[usize::from(from)].depth + 1;
            let mark = Mark {
                run,
                depth,
                parent: from,
            };
            for &to in graph.successors(from) {
                // Written at every link and counted only for a new state: no branch.
                let new = mark_if_new(reached, to, mark);
                order[len] = to;
                own[own_len] = to;
                own_len += usize::from(new) & usize::from(to.wrapping_sub(own_first) < 18);
                len += usize::from(new);
                if len == cap {
                    break 'expand;
                }
            }
        }
        self.len = len;
        self.own_len = own_len;
    }

    /// The links from the premise to `s`, a state of the table.
    fn depth(&self, s: State) -> u16 {
        self.marks.of(s).depth
    }

    /// The chain from the premise to `end`.
    fn chain(&self, end: State, path: &mut Vec<State>) {
        path.clear();
        path.push(end);
        let mut at = end;
        while at != self.order[0] {
            at = self.marks.of(at).parent;
            path.push(at);
        }
        path.reverse();
    }
}

/// Which premises' tables ([`Table::fill`]) can hold a step's end: for a true premise, a state
/// of its own cell reached first at a depth above two (the only ends [`nice_loops_of`] takes);
/// for a false one, see [`LoopEnds::find_false`].
///
/// Which true premises those are needs no depth. From a true premise `a` (a candidate of cell `c`)
/// links alternate between true states (a true state's links lead to false ones) and false
/// states (leading to true ones). So `c`'s false states of other digits are one link away and
/// no other state of `c` is two away (a false state's link to a true one in `c`, from a
/// bivalue `c`, leads back to `a`): the ends are the states of `c` but those, and each is at
/// least three links away. Of those, a true state of `c` links to `a` false, so `a`'s table
/// has an end exactly when `a` reaches `a` false at all. That is answered for every premise at
/// once from the graph's strongly connected components (every state of a component reaches
/// the same states): where `a` and `a` false share one, yes; where `a` false's was closed
/// after `a`'s in Tarjan's search (which closes a component after every component it
/// reaches), no; the others by one bit per premise (128 a pass) carried down the components
/// in topological order. A table stops at [`MAX_TABLE_ENTRIES`] states and reachability does
/// not, so a premise found not to reach `a` false has a table with no end.
struct LoopEnds {
    /// Per state, Tarjan's record of it ([`Visit`]): of this search where its number is above
    /// `base`, of an earlier one (so stale, needing no clearing) otherwise.
    visits: Box<[Visit; 1 << 16]>,
    base: u32,
    /// The components, in the order closed: their states one after the other
    /// (`members[member_start[k]..member_start[k + 1]]`).
    members: Vec<State>,
    member_start: Vec<u32>,
    /// The search's states visited and in no closed component yet, and the states being
    /// expanded, each with the position of its next link and the end of its links.
    open: Vec<State>,
    calls: Vec<(State, u32, u32)>,
    /// The premises whose answer needs a pass, and per component, the premises of the pass
    /// under way that reach it (bit per premise).
    unsettled: Vec<usize>,
    reached_by: Vec<u128>,
    /// The first and the last component the last spread covered (`reached_by` holds its rows
    /// from the one to the other).
    covered: (usize, usize),
    /// Per single node, whether its true premise's table can have an end (bit per node).
    may: [u64; SINGLES.div_ceil(64)],
    /// Per single node, whether its false premise's table can have a nice loop's or an AIC's
    /// end ([`LoopEnds::find_false`]).
    may_false: [u64; SINGLES.div_ceil(64)],
}

/// Tarjan's record of a state: its visit number, the least visit number it reaches through
/// states not in a closed component, and its component ([`OPEN`] until closed).
#[derive(Clone, Copy, Debug, Default)]
struct Visit {
    number: u32,
    low: u32,
    component: u32,
}

/// A state's component while Tarjan's search has not closed it.
const OPEN: u32 = u32::MAX;

impl Default for LoopEnds {
    fn default() -> LoopEnds {
        LoopEnds {
            visits: vec![Visit::default(); 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is the array's"),
            base: 0,
            members: Vec::new(),
            member_start: Vec::new(),
            open: Vec::new(),
            calls: Vec::new(),
            unsettled: Vec::new(),
            reached_by: Vec::new(),
            covered: (1, 0),
            may: [0; SINGLES.div_ceil(64)],
            may_false: [0; SINGLES.div_ceil(64)],
        }
    }
}

impl LoopEnds {
    /// Finds the premises of `graph` whose tables can have an end.
    fn find(&mut self, graph: &Graph<'_>) {
        self.may = [0; SINGLES.div_ceil(64)];
        self.components(graph);
        let visits = &*self.visits;
        let component = |s: State| visits[usize::from(s)].component;
        self.unsettled.clear();
        for premise in (0..SINGLES).filter(|&n| !graph.cells[n].is_empty()) {
            let (from, to) = (
                component(state(premise, true)),
                component(state(premise, false)),
            );
            if from == to {
                self.may[premise / 64] |= 1 << (premise % 64);
            } else if to < from {
                self.unsettled.push(premise);
            }
        }
        let unsettled = std::mem::take(&mut self.unsettled);
        for chunk in unsettled.chunks(128) {
            self.pass(graph, chunk);
        }
        self.unsettled = unsettled;
    }

    /// The strongly connected components of `graph`'s states (Tarjan's search, without
    /// recursion) into `visits` and `members`.
    fn components(&mut self, graph: &Graph<'_>) {
        let states = graph.start.len() - 1;
        debug_assert!(states <= 1 << 16);
        if self.base > u32::MAX - (1 << 17) {
            self.visits.fill(Visit::default());
            self.base = 0;
        }
        let LoopEnds {
            visits,
            base,
            members,
            member_start,
            open,
            calls,
            ..
        } = self;
        let (start, succ) = (&graph.start[..], &graph.succ[..]);
        members.clear();
        member_start.clear();
        member_start.push(0);
        let mut number = *base;
        for root in 0..states as State {
            if visits[usize::from(root)].number > *base || graph.cells[node_of(root)].is_empty() {
                continue;
            }
            number += 1;
            visits[usize::from(root)] = Visit {
                number,
                low: number,
                component: OPEN,
            };
            open.push(root);
            calls.push((root, start[usize::from(root)], start[usize::from(root) + 1]));
            while let Some(&(v, first, end)) = calls.last() {
                let v = usize::from(v);
                // The state's links from `first`, until one leads to a state not yet visited
                // that has links of its own (expanded next, this state's place kept).
                let mut low = visits[v].low;
                let mut next = first;
                let mut descend = None;
                while next < end {
                    let w = succ[next as usize];
                    next += 1;
                    let seen = visits[usize::from(w)];
                    if seen.number <= *base {
                        number += 1;
                        let (first, end) = (start[usize::from(w)], start[usize::from(w) + 1]);
                        if first == end {
                            // A state with no links (most false states) is a component of
                            // its own, closed at once.
                            visits[usize::from(w)] = Visit {
                                number,
                                low: number,
                                component: (member_start.len() - 1) as u32,
                            };
                            members.push(w);
                            member_start.push(members.len() as u32);
                            continue;
                        }
                        visits[usize::from(w)] = Visit {
                            number,
                            low: number,
                            component: OPEN,
                        };
                        descend = Some((w, first, end));
                        break;
                    } else if seen.component == OPEN {
                        low = low.min(seen.number);
                    }
                }
                visits[v].low = low;
                if let Some(call) = descend {
                    if let Some(top) = calls.last_mut() {
                        top.1 = next;
                    }
                    open.push(call.0);
                    calls.push(call);
                    continue;
                }
                calls.pop();
                let Visit {
                    number: own, low, ..
                } = visits[v];
                if let Some(&(u, _, _)) = calls.last() {
                    let parent = &mut visits[usize::from(u)];
                    parent.low = parent.low.min(low);
                }
                if low == own {
                    let k = (member_start.len() - 1) as u32;
                    loop {
                        let w = open.pop().expect("a component's states are open");
                        visits[usize::from(w)].component = k;
                        members.push(w);
                        if usize::from(w) == v {
                            break;
                        }
                    }
                    member_start.push(members.len() as u32);
                }
            }
        }
        *base = number;
    }

    /// One pass for up to 128 `premises` (bit `i`: `premises[i]`), each of whose false state's
    /// component was closed before its true state's.
    fn pass(&mut self, graph: &Graph<'_>, premises: &[usize]) {
        // Bits flow only to components closed before their premise's: those down to the first
        // false state's are all this pass reads.
        let first = premises
            .iter()
            .map(|&p| self.component(state(p, false)))
            .min()
            .unwrap_or(0);
        self.spread(graph, premises, true, first);
        for (i, &premise) in premises.iter().enumerate() {
            if self.reaches(state(premise, false), i) {
                self.may[premise / 64] |= 1 << (premise % 64);
            }
        }
    }

    /// Finds the false premises of `graph` (of candidates with a strong link) whose tables can
    /// have an end: a nice loop's (a state of the premise's cell but the premise and, in a
    /// bivalue cell, the other digit true, which is one link away) or an AIC's on one digit (a
    /// true place of the digit in another cell that [`aics_of`] takes, the depth aside). An
    /// AIC on two digits ends in a peer, true on a digit of the premise's cell, which links to
    /// that digit false there: a loop's end state, reached too. Each table holds only states
    /// its premise reaches, so a premise reaching none of those has no end. They are found as
    /// [`LoopEnds::find`]'s, one bit per premise down the components (which must be `graph`'s:
    /// [`LoopEnds::find`] first). Most false premises (some 97% on kaggle) reach none, and
    /// their tables are not filled.
    fn find_false(&mut self, graph: &Graph<'_>) {
        self.may_false = [0; SINGLES.div_ceil(64)];
        let mut premises = std::mem::take(&mut self.unsettled);
        premises.clear();
        premises.extend(
            (0..SINGLES)
                .filter(|&n| !graph.cells[n].is_empty() && graph.has_successors(state(n, false))),
        );
        let grid = graph.grid;
        for chunk in premises.chunks(128) {
            self.spread(graph, chunk, false, 0);
            for (i, &premise) in chunk.iter().enumerate() {
                let reaches = |s: State| self.reaches(s, i);
                if reaches_loop_end(grid, premise, reaches)
                    || reaches_same_digit_aic_end(grid, premise, reaches)
                {
                    self.may_false[premise / 64] |= 1 << (premise % 64);
                }
            }
        }
        self.unsettled = premises;
    }

    /// A state's component.
    #[inline]
    fn component(&self, s: State) -> usize {
        self.visits[usize::from(s)].component as usize
    }

    /// Carries one bit per premise (at most 128; bit `i`: `premises[i]`), assumed `on` (true)
    /// or false, down the components: afterwards [`LoopEnds::reaches`] says which of them reach
    /// a state, for the states of components from `down_to` up.
    fn spread(&mut self, graph: &Graph<'_>, premises: &[usize], on: bool, down_to: usize) {
        debug_assert!(premises.len() <= 128);
        let last = premises
            .iter()
            .map(|&p| self.component(state(p, on)))
            .max()
            .unwrap_or(0);
        let LoopEnds {
            visits,
            members,
            member_start,
            reached_by,
            ..
        } = self;
        let component = |s: State| visits[usize::from(s)].component as usize;
        if reached_by.len() <= last {
            reached_by.resize(last + 1, 0);
        }
        reached_by[down_to..=last].fill(0);
        self.covered = (down_to, last);
        for (i, &premise) in premises.iter().enumerate() {
            reached_by[component(state(premise, on))] |= 1 << i;
        }
        // A component reaches only components closed before it: the last closed first.
        for k in (down_to..=last).rev() {
            let bits = reached_by[k];
            if bits == 0 {
                continue;
            }
            for &s in &members[member_start[k] as usize..member_start[k + 1] as usize] {
                for &to in graph.successors(s) {
                    reached_by[component(to)] |= bits;
                }
            }
        }
    }

    /// Whether the `i`-th premise of the last [`LoopEnds::spread`] reaches `s` (whose component
    /// is one that spread covered, or was closed after every premise's it spread from).
    #[inline]
    fn reaches(&self, s: State, i: usize) -> bool {
        let k = self.component(s);
        let (first, last) = self.covered;
        debug_assert!(k >= first);
        k <= last && self.reached_by[k] >> i & 1 != 0
    }

    /// Whether the true premise of single node `premise` can have a nice loop's end.
    fn may_end(&self, premise: usize) -> bool {
        self.may[premise / 64] >> (premise % 64) & 1 != 0
    }

    /// Whether the false premise of single node `premise` can have a nice loop's or an AIC's
    /// end ([`LoopEnds::find_false`]).
    fn may_end_false(&self, premise: usize) -> bool {
        self.may_false[premise / 64] >> (premise % 64) & 1 != 0
    }
}

/// Whether the false premise of single node `premise` reaches (`reaches`) a state that can end
/// one of its nice loops: a state of its cell but itself and, in a bivalue cell, the other
/// digit true (one link away).
fn reaches_loop_end(grid: &Grid, premise: usize, reaches: impl Fn(State) -> bool) -> bool {
    let (cell, digit) = (premise / 9, premise % 9);
    let mask = grid.candidates(cell);
    let partner = if mask.count_ones() == 2 {
        (mask & !(1 << digit)).trailing_zeros() as usize
    } else {
        9
    };
    reaches(state(premise, true))
        || digits(mask).filter(|&d| d != digit).any(|d| {
            reaches(state(cell * 9 + d, false))
                || (d != partner && reaches(state(cell * 9 + d, true)))
        })
}

/// Whether the false premise of single node `premise` reaches its digit true in another cell
/// where two or more of the digit's places see both (an AIC's end, [`aics_of`]).
fn reaches_same_digit_aic_end(
    grid: &Grid,
    premise: usize,
    reaches: impl Fn(State) -> bool,
) -> bool {
    let (cell, digit) = (premise / 9, premise % 9);
    let plane = grid.plane(digit);
    plane.and_not(Bits81::cell(cell)).iter().any(|end| {
        reaches(state(end * 9 + digit, true)) && (PEERS[cell] & PEERS[end] & plane).has_several()
    })
}

/// HoDoKu's rule against lassos: no node's cell is a cell of a node before the previous one
/// (a nice loop's start cell excepted).
fn crosses_itself(graph: &Graph<'_>, path: &[State], nice_loop: bool) -> bool {
    let start_cell = graph.cell_of(node_of(path[0]));
    let mut visited = Bits81::EMPTY;
    let mut last: Option<usize> = None;
    for &s in path {
        let node = node_of(s);
        if visited.contains(graph.cell_of(node)) {
            return true;
        }
        if let Some(last) = last {
            if !nice_loop || graph.cell_of(last) != start_cell {
                visited |= graph.cells[last];
            }
        }
        last = Some(node);
    }
    false
}

/// Nice loops and AICs without groups, in HoDoKu's order.
pub fn nice_loops(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, TechniqueId::NiceLoop, false, sink)
}

/// Nice loops and AICs with HoDoKu's groups, in HoDoKu's order.
pub fn grouped_nice_loops(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, TechniqueId::GroupedNiceLoop, true, sink)
}

fn search(
    grid: &Grid,
    technique: TechniqueId,
    grouped: bool,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    // Taken out whole (a nested search, from a sink, makes its own): leaving a default `Work`
    // behind would lay out a new table of every state's records at every call.
    let mut work = WORK.with(|w| w.borrow_mut().take()).unwrap_or_default();
    // The grouped rung mostly runs on the grid the plain one has just found nothing on: its
    // single candidates' links are the plain graph's and the links to groups.
    let planes = *grid.planes();
    let flow = if grouped {
        let plain = (memo::enabled() && work.plain_of == Some(planes)).then_some(&work.plain);
        let graph = Graph::new_in(grid, true, std::mem::take(&mut work.lists), plain);
        let flow = search_in(&graph, technique, &mut work, sink);
        work.lists = graph.into_lists();
        flow
    } else {
        let graph = Graph::new_in(grid, false, std::mem::take(&mut work.plain), None);
        let flow = search_in(&graph, technique, &mut work, sink);
        work.plain = graph.into_lists();
        work.plain_of = Some(planes);
        flow
    };
    WORK.with(|w| *w.borrow_mut() = Some(work));
    flow
}

/// What a search keeps between calls (per thread), so that once warm it allocates nothing but
/// the AICs it finds beyond the most found before.
#[derive(Default)]
struct Work {
    /// The grouped graph's lists, and the plain graph's with the candidates of its grid.
    lists: GraphLists,
    plain: GraphLists,
    plain_of: Option<[Bits81; 9]>,
    table: Table,
    /// The chain of the step being made.
    path: Vec<State>,
    /// The nice-loop step being made (`None` before the first search).
    step: Option<Step>,
    /// The AICs found, `aics[..aics_len]`; the steps after them are kept for their lists.
    aics: Vec<Step>,
    /// Which true premises' tables can hold a nice loop's end.
    ends: LoopEnds,
}

thread_local! {
    static WORK: std::cell::RefCell<Option<Box<Work>>> = const { std::cell::RefCell::new(None) };
}

/// [`search`] on `graph`, with `work`'s lists.
fn search_in(
    graph: &Graph<'_>,
    technique: TechniqueId,
    work: &mut Work,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let Work {
        table,
        path,
        step,
        aics,
        ends,
        ..
    } = work;
    let step = step.get_or_insert_with(|| Step::new(technique));
    let premises = (0..SINGLES).filter(|&n| !graph.cells[n].is_empty());
    // A true premise's table serves only its nice loops, which end in its own cell past the
    // second link; most tables reach no such state (97% on kaggle), and those are not filled.
    ends.find(graph);
    for premise in premises.clone().filter(|&p| ends.may_end(p)) {
        table.fill(graph, state(premise, true));
        nice_loops_of(graph, table, technique, (path, step), sink)?;
    }
    let mut aics_len = 0;
    // A false premise with no direct implication (a candidate in no strong link: most of
    // them) has a table of itself alone, with no end; of the others most reach no end either.
    ends.find_false(graph);
    for premise in premises.filter(|&p| ends.may_end_false(p)) {
        table.fill(graph, state(premise, false));
        nice_loops_of(graph, table, technique, (path, step), sink)?;
        aics_of(graph, table, technique, path, (aics, &mut aics_len));
    }
    for step in &aics[..aics_len] {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// The nice loops of one premise's table (`path` and `step`: buffers to fill).
fn nice_loops_of(
    graph: &Graph<'_>,
    table: &Table,
    technique: TechniqueId,
    (path, step): (&mut Vec<State>, &mut Step),
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    let premise = table.order()[0];
    let start = node_of(premise);
    let (cell, first_digit) = (start / 9, start % 9);
    let grid = graph.grid;
    for &end in table.own_cell() {
        let end_node = node_of(end);
        if table.depth(end) <= 2 {
            continue;
        }
        table.chain(end, path);
        let n = path.len() - 1;
        if graph.cell_of(node_of(path[n - 1])) == cell
            || crosses_itself(graph, path, true)
            || graph.cell_of(node_of(path[1])) == cell
        {
            continue;
        }
        let first_strong = !is_on(premise);
        let last_strong = is_on(end);
        let last_digit = end_node % 9;
        let same = first_digit == last_digit;
        chain_step(technique, graph, path, step);
        let cell_mask = grid.candidates(cell);
        if !first_strong && !last_strong && same {
            step.eliminations.insert(cell, first_digit);
        } else if first_strong && last_strong && same {
            for d in digits(cell_mask).filter(|&d| d != first_digit) {
                step.eliminations.insert(cell, d);
            }
        } else if first_strong != last_strong && !same {
            let gone = if first_strong {
                last_digit
            } else {
                first_digit
            };
            step.eliminations.insert(cell, gone);
        } else if (!first_strong && !last_strong && cell_mask.count_ones() == 2)
            || (first_strong && last_strong)
            || (first_strong != last_strong)
        {
            continuous_eliminations(graph, path, step);
        } else {
            continue;
        }
        if !step.eliminations.is_empty() {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Eliminations of a continuous loop closed in its start cell (`path` from the premise, a
/// false candidate, to another candidate of the cell, true).
fn continuous_eliminations(graph: &Graph<'_>, path: &[State], step: &mut Step) {
    let grid = graph.grid;
    let n = path.len() - 1;
    let cell_of = |i: usize| graph.cell_of(node_of(path[i]));
    let digit_of = |i: usize| graph.digit_of(node_of(path[i]));
    let start_cell = cell_of(0);
    let on_loop = path
        .iter()
        .fold(Bits81::EMPTY, |acc, &s| acc | graph.cells[node_of(s)]);
    let first_strong = !is_on(path[0]);
    let last_strong = is_on(path[n]);
    for i in 0..=n {
        let kept = if i == 0 {
            (first_strong && last_strong).then(|| (digit_of(0), digit_of(n)))
        } else if is_on(path[i])
            && i + 2 <= n
            && cell_of(i - 1) != cell_of(i)
            && !is_on(path[i + 1])
            && cell_of(i) == cell_of(i + 1)
            && is_on(path[i + 2])
            && cell_of(i + 1) != cell_of(i + 2)
        {
            Some((digit_of(i), digit_of(i + 2)))
        } else {
            None
        };
        if let Some((a, b)) = kept {
            let cell = cell_of(i);
            for d in (0..9).filter(|&d| d != a && d != b) {
                if grid.candidates(cell) & (1 << d) != 0 {
                    step.eliminations.insert(cell, d);
                }
            }
        }
        if i > 0 && !is_on(path[i]) && cell_of(i - 1) != cell_of(i) {
            let digit = digit_of(i);
            let seen = graph.sees[node_of(path[i - 1])] & graph.sees[node_of(path[i])];
            let gone = (seen & grid.plane(digit)).and_not(on_loop | Bits81::cell(start_cell));
            for c in gone.iter() {
                step.eliminations.insert(c, digit);
            }
        }
    }
}

/// The AICs of one "false" premise's table, written after `out[..len]`.
fn aics_of(
    graph: &Graph<'_>,
    table: &Table,
    technique: TechniqueId,
    path: &mut Vec<State>,
    (out, len): (&mut Vec<Step>, &mut usize),
) {
    let grid = graph.grid;
    let start = node_of(table.order()[0]);
    let (cell, digit) = (start / 9, start % 9);
    for &end in &table.order()[1..] {
        let end_node = node_of(end);
        if end_node >= SINGLES || !is_on(end) || end_node / 9 == cell {
            continue;
        }
        let (end_cell, end_digit) = (end_node / 9, end_node % 9);
        // The eliminations first: most ends make none, and a step is built only for an AIC.
        let mut eliminations = CandidateSet::EMPTY;
        if digit == end_digit {
            let seen = PEERS[cell] & PEERS[end_cell] & grid.plane(digit);
            if !seen.has_several() {
                continue;
            }
            for c in seen.iter() {
                eliminations.insert(c, digit);
            }
        } else {
            if !PEERS[cell].contains(end_cell)
                || grid.candidates(end_cell) & (1 << digit) == 0
                || grid.candidates(cell) & (1 << end_digit) == 0
            {
                continue;
            }
            eliminations.insert(cell, end_digit);
            eliminations.insert(end_cell, digit);
        }
        if table.depth(end) <= 2 {
            continue;
        }
        table.chain(end, path);
        if crosses_itself(graph, path, false) {
            continue;
        }
        // Into a step kept from an earlier search where there is one.
        if *len == out.len() {
            out.push(Step::new(technique));
        }
        let step = &mut out[*len];
        *len += 1;
        chain_step(technique, graph, path, step);
        step.eliminations = eliminations;
    }
}

/// Makes `step` the step showing the chain `path` (both notations: plain links when it has no
/// group), in place (its lists keep their allocations).
fn chain_step(technique: TechniqueId, graph: &Graph<'_>, path: &[State], step: &mut Step) {
    step.reset(technique);
    // HoDoKu sorts a loop's eliminations by digit, then cell, and removes them in that order.
    step.eliminations_by_digit = true;
    let node = |s: State| SuperNode {
        cells: graph.cells[node_of(s)],
        digit: graph.digit_of(node_of(s)) as u8,
        on: is_on(s),
    };
    let kind = |s: State| {
        if is_on(s) {
            LinkKind::Weak
        } else {
            LinkKind::Strong
        }
    };
    if path.iter().all(|&s| node_of(s) < SINGLES) {
        step.chain.extend(path.windows(2).map(|w| {
            let (a, b) = (node_of(w[0]), node_of(w[1]));
            let (from, to) = ((a / 9, a % 9), (b / 9, b % 9));
            match kind(w[0]) {
                LinkKind::Weak => ChainLink::weak(from, to),
                LinkKind::Strong => ChainLink::strong(from, to),
            }
        }));
    }
    step.group_chain.extend(path.windows(2).map(|w| SuperLink {
        kind: kind(w[0]),
        from: node(w[0]),
        to: node(w[1]),
        als: Bits81::EMPTY,
    }));
    for &s in path {
        step.cells |= graph.cells[node_of(s)];
        step.digits |= 1 << graph.digit_of(node_of(s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::digit_one_only_in;

    /// The shipped hard states, then states thinned along their solutions (at random, from
    /// `seed`) from the first `royle` puzzles of the royle17 sample.
    fn hard_and_thinned_states(seed: u64, royle: usize) -> Vec<Grid> {
        let mut rng = crate::core::test_support::Xorshift(seed);
        let mut grids: Vec<Grid> = crate::techniques::shipped_hard_states()
            .into_iter()
            .map(|(_, g)| g)
            .collect();
        for start in crate::core::test_support::royle17_sample(royle) {
            let solution = crate::oracle::solve(&start).solution.unwrap();
            grids.extend(crate::core::test_support::thinned_states(
                &start, &solution, &mut rng, 6, 8,
            ));
        }
        grids
    }

    /// HoDoKu's direct implications by their definition, as [`Graph::direct`] made them
    /// before its per-digit group lists and peer masks: every group tested, every state
    /// deduplicated by a search of the list.
    fn plain_direct(graph: &Graph<'_>, from: State) -> Vec<State> {
        let mut out = Vec::new();
        let push = |out: &mut Vec<State>, s: State| {
            if !out.contains(&s) {
                out.push(s);
            }
        };
        let node = node_of(from);
        let digit = graph.digit_of(node);
        let plane = graph.grid.plane(digit);
        let groups = graph
            .groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.digit == digit);
        if node < SINGLES {
            let cell = node / 9;
            let mask = graph.grid.candidates(cell);
            if is_on(from) {
                for d in digits(mask).filter(|&d| d != digit) {
                    push(&mut out, state(cell * 9 + d, false));
                }
                for &house in &CELL_HOUSES[cell] {
                    let places = plane & HOUSE_SETS[house as usize];
                    for peer in places.iter().filter(|&p| p != cell) {
                        push(&mut out, state(peer * 9 + digit, false));
                    }
                }
                for (i, _) in groups.filter(|(i, _)| graph.sees[SINGLES + i].contains(cell)) {
                    push(&mut out, state(SINGLES + i, false));
                }
            } else {
                if mask.count_ones() == 2 {
                    let other = (mask & !(1 << digit)).trailing_zeros() as usize;
                    push(&mut out, state(cell * 9 + other, true));
                }
                for &house in &CELL_HOUSES[cell] {
                    let places = plane & HOUSE_SETS[house as usize];
                    if places.count() == 2 {
                        let partner = places.and_not(Bits81::cell(cell)).first().unwrap();
                        push(&mut out, state(partner * 9 + digit, true));
                    }
                }
                for (i, g) in groups {
                    let visible = plane & graph.sees[SINGLES + i];
                    for house in [g.box_house, g.line_house] {
                        if visible & HOUSE_SETS[house] == Bits81::cell(cell) {
                            push(&mut out, state(SINGLES + i, true));
                        }
                    }
                }
            }
        } else {
            let me = &graph.groups[node - SINGLES];
            let visible = plane & graph.sees[node];
            let others: Vec<(usize, &Group)> = groups
                .filter(|(j, other)| SINGLES + j != node && !other.cells.intersects(me.cells))
                .collect();
            if is_on(from) {
                for cell in visible.iter() {
                    push(&mut out, state(cell * 9 + digit, false));
                }
                for &(j, other) in &others {
                    if other.line_house == me.line_house || other.box_house == me.box_house {
                        push(&mut out, state(SINGLES + j, false));
                    }
                }
            } else {
                for house in [me.box_house, me.line_house] {
                    let rest = visible & HOUSE_SETS[house];
                    if rest.count() == 1 {
                        push(&mut out, state(rest.first().unwrap() * 9 + digit, true));
                    }
                }
                for house in [me.line_house, me.box_house] {
                    let in_house: Vec<&(usize, &Group)> = others
                        .iter()
                        .filter(|(_, o)| o.line_house == house || o.box_house == house)
                        .collect();
                    if let [&(j, other)] = in_house[..] {
                        if (plane & HOUSE_SETS[house])
                            .and_not(me.cells | other.cells)
                            .is_empty()
                        {
                            push(&mut out, state(SINGLES + j, true));
                        }
                    }
                }
            }
        }
        out
    }

    /// Every state's successors, grouped graph and plain, on the shipped hard states and
    /// thinnings of them, are the definition's, in its order.
    #[test]
    fn direct_implications_are_the_definitions_in_its_order() {
        let mut rng = crate::core::test_support::Xorshift(0x100b);
        let mut checked = 0;
        for (_, state) in crate::techniques::shipped_hard_states() {
            let mut thinned = state.clone();
            for digit in 0..9 {
                for cell in thinned.plane(digit) & rng.random_set(15) {
                    if thinned.candidates(cell).count_ones() > 1 {
                        thinned.eliminate(cell, digit);
                    }
                }
            }
            for grid in [&state, &thinned] {
                for grouped in [false, true] {
                    let graph = Graph::new(grid, grouped);
                    for s in 0..graph.cells.len() * 2 {
                        if !graph.cells[node_of(s as State)].is_empty() {
                            let expected = plain_direct(&graph, s as State);
                            assert_eq!(graph.successors(s as State), &expected[..]);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 40_000, "{checked}");
    }

    #[test]
    fn grouped_graphs_from_the_plain_lists_are_those_built_anew() {
        // The grouped graph of a grid built on the plain graph's lists of that grid (its single
        // candidates' links copied, their links to groups appended) has every state's links,
        // in order, as the grouped graph built from nothing; and so on grids with groups.
        let grids = hard_and_thinned_states(0x1F83_D9AB_FB41_BD6B, 6);
        let (mut with_groups, mut links) = (0, 0);
        for grid in &grids {
            let plain = Graph::new(grid, false).into_lists();
            let shared = Graph::new_in(grid, true, GraphLists::default(), Some(&plain));
            let fresh = Graph::new(grid, true);
            assert_eq!(shared.start, fresh.start, "{}", grid.candidates_string());
            assert_eq!(shared.succ, fresh.succ, "{}", grid.candidates_string());
            with_groups += usize::from(!fresh.groups.is_empty());
            links += fresh.succ.len();
        }
        assert!(with_groups > 50 && links > 100_000, "{with_groups} {links}");
    }

    #[test]
    fn premises_passed_over_have_tables_without_ends() {
        // Hard states and royle17 starts thinned along their solutions, on both graphs: a true
        // premise whose table reaches its own cell past the second link is never passed over,
        // and one passed over has none (exactly the premises with such ends, wherever a table
        // is not cut short).
        let grids = hard_and_thinned_states(0x510E_527F_ADE6_82D1, 12);
        let (mut ends, mut table) = (LoopEnds::default(), Table::default());
        let (mut premises, mut with_ends, mut passed_over) = (0, 0, 0);
        for grid in &grids {
            for grouped in [false, true] {
                let graph = Graph::new(grid, grouped);
                ends.find(&graph);
                for premise in (0..SINGLES).filter(|&n| !graph.cells[n].is_empty()) {
                    table.fill(&graph, state(premise, true));
                    let has_end = table.own_cell().iter().any(|&end| table.depth(end) > 2);
                    assert!(
                        !has_end || ends.may_end(premise),
                        "{}",
                        grid.candidates_string()
                    );
                    if table.len < MAX_TABLE_ENTRIES {
                        assert_eq!(has_end, ends.may_end(premise));
                    }
                    premises += 1;
                    with_ends += usize::from(has_end);
                    passed_over += usize::from(!ends.may_end(premise));
                }
            }
        }
        assert!(
            premises > 20_000 && with_ends > 500 && passed_over > 10_000,
            "{premises} premises, {with_ends} with ends, {passed_over} passed over"
        );
    }

    #[test]
    fn false_premises_passed_over_have_no_steps() {
        // The states of the test above: every false premise with a strong link, its table
        // filled and searched for nice loops and AICs. The table holds every state its premise
        // reaches wherever it is not cut short, so each kind of step found (a nice loop, an AIC
        // on one digit, an AIC on two) has its end, or for two digits a state one link past
        // it, among the states the filter names, and the premise is passed over exactly when
        // the table holds none of them.
        let grids = hard_and_thinned_states(0x9B05_688C_2B3E_6C1F, 12);
        let (mut ends, mut table) = (LoopEnds::default(), Table::default());
        let (mut path, mut step) = (Vec::new(), Step::new(TechniqueId::NiceLoop));
        let mut aics = Vec::new();
        let mut held = vec![false; 1 << 16];
        // Premises; with a nice loop, an AIC on one digit, on two; passed over.
        let mut counts = [0; 5];
        for grid in &grids {
            for grouped in [false, true] {
                let graph = Graph::new(grid, grouped);
                ends.find(&graph);
                ends.find_false(&graph);
                for premise in (0..SINGLES).filter(|&n| {
                    !graph.cells[n].is_empty() && graph.has_successors(state(n, false))
                }) {
                    table.fill(&graph, state(premise, false));
                    for &s in table.order() {
                        held[usize::from(s)] = true;
                    }
                    let in_table = |s: State| held[usize::from(s)];
                    let mut loops = 0;
                    let _ = nice_loops_of(
                        &graph,
                        &table,
                        TechniqueId::NiceLoop,
                        (&mut path, &mut step),
                        &mut |_| {
                            loops += 1;
                            ControlFlow::Continue(())
                        },
                    );
                    let mut aics_len = 0;
                    aics_of(
                        &graph,
                        &table,
                        TechniqueId::NiceLoop,
                        &mut path,
                        (&mut aics, &mut aics_len),
                    );
                    let own = reaches_loop_end(grid, premise, in_table);
                    let same = reaches_same_digit_aic_end(grid, premise, in_table);
                    let text = grid.candidates_string();
                    assert!(loops == 0 || own, "{text}");
                    let mut kinds = [loops > 0, false, false];
                    for aic in &aics[..aics_len] {
                        let first = aic.group_chain.first().unwrap().from.digit;
                        let last = aic.group_chain.last().unwrap().to.digit;
                        let one_digit = first == last;
                        assert!(if one_digit { same } else { own }, "{text}");
                        kinds[if one_digit { 1 } else { 2 }] = true;
                    }
                    let kept = ends.may_end_false(premise);
                    if table.len < MAX_TABLE_ENTRIES {
                        assert_eq!(kept, own || same, "{text}");
                    }
                    assert!(kept || kinds == [false; 3], "{text}");
                    counts[0] += 1;
                    for (count, kind) in counts[1..4].iter_mut().zip(kinds) {
                        *count += usize::from(kind);
                    }
                    counts[4] += usize::from(!kept);
                    for &s in table.order() {
                        held[usize::from(s)] = false;
                    }
                }
            }
        }
        let [premises, loops, one_digit, two_digits, passed_over] = counts;
        assert!(
            premises > 10_000
                && loops > 100
                && one_digit > 100
                && two_digits > 20
                && passed_over > premises / 2,
            "{counts:?}"
        );
    }

    #[test]
    fn loop_ends_past_the_last_visit_number_are_those_of_fresh_ones() {
        // Visit numbers go on from search to search (a state's record is stale, not cleared);
        // near the end of the numbering the records are cleared and numbering starts again.
        let grids: Vec<Grid> = crate::techniques::shipped_hard_states()
            .into_iter()
            .map(|(_, g)| g)
            .take(6)
            .collect();
        let mut worn = LoopEnds {
            base: u32::MAX - (1 << 17) - 1_000,
            ..LoopEnds::default()
        };
        let mut restarts = 0;
        for grid in &grids {
            for grouped in [false, true] {
                let graph = Graph::new(grid, grouped);
                let mut fresh = LoopEnds::default();
                fresh.find(&graph);
                let before = worn.base;
                worn.find(&graph);
                restarts += usize::from(worn.base < before);
                assert_eq!(worn.may, fresh.may, "{}", grid.candidates_string());
            }
        }
        assert_eq!(restarts, 1);
    }

    #[test]
    fn tables_are_the_plain_breadth_first_search() {
        // Every premise's table on the hard states and two of Royle's starts, both graphs,
        // against a breadth-first search written from the definition (a visited list, one
        // branch per link): the same order, cut at the same entry (at the cap, which none of
        // these reaches, and at a small one, which many do), the same own-cell states, and
        // each state's depth and parent. The table is filled with no branch per link (a
        // reached state's mark goes to a spare slot): a mark overwritten, a state counted
        // twice or a cap missed fails.
        let mut table = Table::default();
        let (mut tables, mut cut) = (0, 0);
        let grids = crate::techniques::shipped_hard_states()
            .into_iter()
            .map(|(_, grid)| grid)
            .chain(crate::core::test_support::royle17_sample(2));
        for grid in grids {
            for grouped in [false, true] {
                let graph = Graph::new(&grid, grouped);
                let states = graph.start.len() - 1;
                for premise in (0..SINGLES).filter(|&n| !graph.cells[n].is_empty()) {
                    for (on, cap) in [
                        (true, MAX_TABLE_ENTRIES),
                        (false, MAX_TABLE_ENTRIES),
                        (true, 40),
                    ] {
                        let start = state(premise, on);
                        let mut seen: Vec<Option<(u16, State)>> = vec![None; states];
                        seen[usize::from(start)] = Some((0, start));
                        let mut order = vec![start];
                        let mut next = 0;
                        'search: while next < order.len() {
                            let from = order[next];
                            next += 1;
                            let depth = seen[usize::from(from)].unwrap().0 + 1;
                            for &to in graph.successors(from) {
                                if seen[usize::from(to)].is_some() {
                                    continue;
                                }
                                if order.len() == cap {
                                    break 'search;
                                }
                                seen[usize::from(to)] = Some((depth, from));
                                order.push(to);
                            }
                        }
                        table.fill_capped(&graph, start, cap);
                        assert_eq!(table.order(), &order[..]);
                        let cell = premise / 9;
                        let own: Vec<State> = order[1..]
                            .iter()
                            .copied()
                            .filter(|&s| node_of(s) < SINGLES && node_of(s) / 9 == cell)
                            .collect();
                        assert_eq!(table.own_cell(), &own[..]);
                        for &s in &order[1..] {
                            let (depth, parent) = seen[usize::from(s)].unwrap();
                            assert_eq!(table.depth(s), depth);
                            assert_eq!(table.marks.of(s).parent, parent);
                        }
                        tables += 1;
                        cut += usize::from(order.len() == cap);
                    }
                }
            }
        }
        assert!(tables > 5_000 && cut > 0, "{tables} tables, {cut} cut");
    }

    #[test]
    fn tables_past_the_last_round_are_those_of_a_fresh_table() {
        // A table whose rounds run out starts again from clean records: its tables are those
        // of a new table, record for record (a round counter left to wrap to 0 would read
        // every untouched record as reached, and the tables would end at their premise). Each
        // table's list of its premise's cell is that cell's part of its order.
        let (_, grid) = &crate::techniques::shipped_hard_states()[0];
        let graph = Graph::new(grid, true);
        let premises: Vec<State> = (0..SINGLES)
            .filter(|&n| !graph.cells[n].is_empty())
            .flat_map(|n| [state(n, true), state(n, false)])
            .filter(|&s| !graph.successors(s).is_empty())
            .take(6)
            .collect();
        assert_eq!(premises.len(), 6);
        let mut worn = Table {
            marks: Marks::after_run(u32::MAX - 2),
            ..Table::default()
        };
        let mut compared = 0;
        for &premise in &premises {
            let mut fresh = Table::default();
            fresh.fill(&graph, premise);
            worn.fill(&graph, premise);
            assert_eq!(worn.order(), fresh.order());
            assert_eq!(worn.own_cell(), fresh.own_cell());
            // The own cell's states are those of the order in that cell, in its order.
            let cell = node_of(premise) / 9;
            let own: Vec<State> = fresh.order()[1..]
                .iter()
                .copied()
                .filter(|&s| node_of(s) < SINGLES && node_of(s) / 9 == cell)
                .collect();
            assert_eq!(fresh.own_cell(), &own[..]);
            compared += fresh.order().len();
            for &s in fresh.order() {
                assert_eq!(worn.depth(s), fresh.depth(s));
                let (mut a, mut b) = (Vec::new(), Vec::new());
                worn.chain(s, &mut a);
                fresh.chain(s, &mut b);
                assert_eq!(a, b);
            }
        }
        assert!(compared > 60, "{compared} states");
    }

    #[test]
    fn groups_are_all_of_a_digits_places_in_a_segment() {
        // Digit 1 in r1c1 r1c2 r1c3 (box 1) and r2c1: one group of three in row 1 and one of
        // two in column 1 (r1c1 r2c1), never the pairs inside r1c1–r1c3.
        let g = digit_one_only_in(&[0, 1, 2, 9, 40]);
        let mut groups = Vec::new();
        hodoku_groups(&g, &mut groups);
        groups.retain(|g| g.digit == 0);
        let cells: Vec<Bits81> = groups.iter().map(|g| g.cells).collect();
        assert_eq!(
            cells,
            vec![
                [0, 1, 2].into_iter().collect::<Bits81>(),
                [0, 9].into_iter().collect::<Bits81>()
            ]
        );
        assert_eq!((groups[0].line_house, groups[0].box_house), (0, 18));
        assert_eq!((groups[1].line_house, groups[1].box_house), (9, 18));
    }
}
