//! Which single-candidate starts can make a step at all, found for every start of a digit at
//! once, so that the per-start searches run only from those.
//!
//! The per-start search ([`super::LoopSearch`]) is a breadth-first search from one state; most
//! starts of most states find nothing, and a grid state has hundreds of them. What a start's
//! search takes depends on the chain it finds (whether it uses a group, which candidates a loop
//! eliminates) but only when some reached state meets a test that depends on nothing but the
//! start, the reached state and its depth: the reached state is the start's own other
//! polarity, a candidate weakly or strongly linked to it, or a candidate sharing a victim with
//! it. Depth is the length of a shortest chain, the same whichever order a search goes in, so
//! one breadth-first pass carrying a bit per start (a digit's 81 cells: one `u128` per state)
//! finds every start's depths at once, and each reached state's tests become a few
//! bit-operations over the starts that reached it at that level. A start none of whose reached
//! states meets the tests is skipped: its search would take nothing.

use super::nodes::{digit_of, is_on, node_of, state, Nodes, State, SINGLES};
use super::Adjacency;
use crate::core::bits::nine_bit_count;
use crate::core::{Bits81, PEERS};

/// No step from this start's search.
pub(super) const NO_STEP: u8 = u8::MAX;

/// Per single-candidate node: the least length of a step its search from the node assumed
/// false (`off`) or assumed true (`on`) could take ([`NO_STEP`] if none).
pub(super) struct Bounds {
    pub(super) off: [u8; SINGLES],
    pub(super) on: [u8; SINGLES],
}

/// One state's rows of starts (bit per start), at [`SEEN`], [`FRONT`] and [`NEXT`], and a fourth
/// word, unused, that makes the record 64 bytes. The rows are kept together, so that the pass's
/// reads of a state's rows fetch one cache line: the pass is bound by those fetches more than by
/// its instructions (three separate arrays of rows ran 1.5–2% slower on gnpx top1465). An array
/// of integers, so that the table below is zeroed by the allocator.
type Rows = [u128; 4];
/// The starts that reached the state.
const SEEN: usize = 0;
/// The starts that reached it at the level under way.
const FRONT: usize = 1;
/// The starts reaching it at the next level.
const NEXT: usize = 2;

/// One [`Rows`] per possible state. Indexed by a [`State`] (a `u16`), so no index needs a
/// bounds check; the pages a graph never reaches are never touched (the rows are zeroed lazily
/// by the allocator).
type StateRows = Box<[Rows; 1 << 16]>;

/// A [`StateRows`] with every row clear.
fn state_rows() -> StateRows {
    vec![[0u128; 4]; 1 << 16]
        .into_boxed_slice()
        .try_into()
        .expect("the length is the array's")
}

/// The breadth-first pass carrying one bit per start: per state, the starts that reached it,
/// the starts reaching it at the level under way and those reaching it at the next.
pub(super) struct MultiSearch {
    rows: StateRows,
    active: Vec<State>,
    touched: Vec<State>,
    dirty: Vec<State>,
    /// Per state, the state the pass takes a link to it for: itself, or the sink for a false
    /// single candidate that leads nowhere ([`MultiSearch::sink_dead_ends`]).
    target: Box<[State; 1 << 16]>,
    /// Whether a start whose least length is known stops travelling, and whether the states
    /// that lead nowhere go to the sink (always, but in the reference pass the tests compare
    /// with).
    settle: bool,
    use_sink: bool,
}

impl Default for MultiSearch {
    fn default() -> MultiSearch {
        MultiSearch {
            rows: state_rows(),
            active: Vec::new(),
            touched: Vec::new(),
            dirty: Vec::new(),
            target: vec![0; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is the array's"),
            settle: true,
            use_sink: true,
        }
    }
}

impl MultiSearch {
    /// A pass in which every start travels to the end through every state (the reference of
    /// the settling and of the sink).
    #[cfg(test)]
    pub(super) fn reference() -> MultiSearch {
        MultiSearch {
            settle: false,
            use_sink: false,
            ..MultiSearch::default()
        }
    }

    /// Every single start's least step length, for chains of at most `max_links` links (the
    /// per-start search's depth) on `nodes`.
    pub(super) fn bounds(
        &mut self,
        nodes: &Nodes<'_>,
        adjacency: &mut Adjacency,
        max_links: usize,
    ) -> Bounds {
        debug_assert!(nodes.cells.len() * 2 < self.rows.len());
        let sink = self.sink_dead_ends(nodes, adjacency);
        let mut bounds = Bounds {
            off: [NO_STEP; SINGLES],
            on: [NO_STEP; SINGLES],
        };
        for digit in 0..9 {
            let starts = nodes.grid.plane(digit);
            if starts.is_empty() {
                continue;
            }
            for on in [false, true] {
                let lengths = if on {
                    &mut bounds.on[digit * 81..][..81]
                } else {
                    &mut bounds.off[digit * 81..][..81]
                };
                let lengths: &mut [u8; 81] = lengths.try_into().expect("81 lengths");
                self.run(nodes, adjacency, digit, starts, on, max_links, lengths);
            }
        }
        self.rows[sink as usize][SEEN] = 0;
        bounds
    }

    /// Sends the links to the false single candidates that lead nowhere to one sink state,
    /// which no start ever reaches, and returns it. Such a state has no successor, and it
    /// meets only two tests: the strong-link test, which needs a strong link (a successor),
    /// and, from a start assumed true, being the start's own false state. That one is met at
    /// the same length by the true node linking to it, at the level before: a node whose link
    /// makes the start false is weakly linked to the start, and true states lie at even depths
    /// from a true start, past the first. Most of the graph's links go to such states (three in
    /// four in the nice-loop graph without groups, on top1465): the pass still walks those
    /// links, but never makes their ends states of its own (listed, tested or expanded). The
    /// per-start searches keep them.
    fn sink_dead_ends(&mut self, nodes: &Nodes<'_>, adjacency: &mut Adjacency) -> State {
        let states = nodes.cells.len() * 2;
        let sink = states as State;
        for (s, target) in self.target[..states].iter_mut().enumerate() {
            *target = s as State;
        }
        if self.use_sink {
            for digit in 0..9 {
                for cell in nodes.grid.plane(digit) {
                    let off = state(digit * 81 + cell, false);
                    adjacency.expand(nodes, off);
                    if adjacency.of(off).is_empty() {
                        self.target[off as usize] = sink;
                    }
                }
            }
        }
        // Every start counts as having reached the sink already, so it never becomes a state
        // of the pass (its row is cleared when the pass ends).
        self.rows[sink as usize][SEEN] = !0;
        sink
    }

    /// One digit's starts assumed `on` (or off), each bit of `starts` a start: their least step
    /// lengths into `lengths` (by cell).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        nodes: &Nodes<'_>,
        adjacency: &mut Adjacency,
        digit: usize,
        starts: Bits81,
        on: bool,
        max_links: usize,
        lengths: &mut [u8; 81],
    ) {
        let tests = Tests::new(nodes, digit, on);
        let target = &*self.target;
        // The starts whose least length is known: a test at depth `d` gives `d` or `d + 1`,
        // so every length found by level `d` is at most `d + 1` and no later level gives a
        // smaller one: such a start's bit need not travel on (the lengths stay those of the
        // full pass; a unit test compares the two). So the settled starts after a level are
        // those with any length found so far.
        let mut settled = 0u128;
        // The lists and rows are worked on as locals, so that their lengths and pointers stay
        // in registers while the rows are written. Each list has room for every state of the
        // graph once, and one more: an entry is written at every step and counted only when it
        // belongs, so that whether it does is no branch (the pass's tests of whether a state
        // was newly reached were its most mispredicted branches: gnpx top1465 ran 7% faster).
        let (mut active, mut touched, mut dirty) = (
            std::mem::take(&mut self.active),
            std::mem::take(&mut self.touched),
            std::mem::take(&mut self.dirty),
        );
        let room = nodes.cells.len() * 2 + 1;
        for list in [&mut active, &mut touched, &mut dirty] {
            if list.len() < room {
                list.resize(room, 0);
            }
        }
        let rows = &mut *self.rows;
        let (mut active_len, mut dirty_len) = (0, 0);
        for cell in starts {
            let s = state(digit * 81 + cell, on);
            rows[s as usize][SEEN] = 1 << cell;
            rows[s as usize][FRONT] = 1 << cell;
            active[active_len] = s;
            dirty[dirty_len] = s;
            (active_len, dirty_len) = (active_len + 1, dirty_len + 1);
        }
        for d in 1..=max_links {
            // Only states carrying an unsettled start go on (and get expanded).
            let mut touched_len = 0;
            for &from in &active[..active_len] {
                let bits = std::mem::take(&mut rows[from as usize][FRONT]) & !settled;
                if bits == 0 {
                    continue;
                }
                adjacency.expand(nodes, from);
                for &to in adjacency.of(from) {
                    let to = target[to as usize];
                    let row = &mut rows[to as usize][NEXT];
                    touched[touched_len] = to;
                    touched_len += usize::from(*row == 0);
                    *row |= bits;
                }
            }
            // Every front row is empty now (each active state's was taken above).
            active_len = 0;
            let mut found = 0u128;
            for &to in &touched[..touched_len] {
                let t = to as usize;
                let state = &mut rows[t];
                let reached = std::mem::take(&mut state[NEXT]) & !state[SEEN];
                active[active_len] = to;
                active_len += usize::from(reached != 0);
                dirty[dirty_len] = to;
                dirty_len += usize::from(reached != 0) & usize::from(state[SEEN] == 0);
                state[SEEN] |= reached;
                state[FRONT] = reached;
                if reached != 0 {
                    found |= tests.record(to, d, Bits81(reached), lengths).0;
                }
            }
            if active_len == 0 {
                break;
            }
            if self.settle {
                settled |= found;
            }
        }
        for &s in &active[..active_len] {
            rows[s as usize][FRONT] = 0;
        }
        for &s in &dirty[..dirty_len] {
            rows[s as usize][SEEN] = 0;
        }
        (self.active, self.touched, self.dirty) = (active, touched, dirty);
    }
}

/// The start-and-end tests of [`super::Scan::scan`] for one digit's starts of one polarity,
/// as masks over the starts (by cell).
struct Tests<'n, 'g> {
    nodes: &'n Nodes<'g>,
    digit: usize,
    on: bool,
    plane: Bits81,
}

impl<'n, 'g> Tests<'n, 'g> {
    fn new(nodes: &'n Nodes<'g>, digit: usize, on: bool) -> Tests<'n, 'g> {
        Tests {
            nodes,
            digit,
            on,
            plane: nodes.grid.plane(digit),
        }
    }

    /// The starts (a mask by cell) weakly linked to `node`, which is not a start's own node.
    fn weakly_linked(&self, node: usize) -> Bits81 {
        if digit_of(node) == self.digit {
            // A start's cell sees all of the node's (and is none of them: `sees` holds no cell
            // of its node).
            self.nodes.sees[node]
        } else if node < SINGLES {
            Bits81::cell(node % 81)
        } else {
            Bits81::EMPTY
        }
    }

    /// Records into `lengths` the steps the starts in `reached` could take at state `to`, which
    /// they reach first at depth `d`: each test of the per-start scan, without the chain.
    /// Returns the starts given a length.
    fn record(&self, to: State, d: usize, reached: Bits81, lengths: &mut [u8; 81]) -> Bits81 {
        let node = node_of(to);
        let cell = node % 81;
        let own = node < SINGLES && digit_of(node) == self.digit;
        let mut given = Bits81::EMPTY;
        let mut take = |starts: Bits81, length: usize| {
            let starts = reached & starts;
            given |= starts;
            for c in starts.iter() {
                lengths[c] = lengths[c].min(length as u8);
            }
        };
        if self.on {
            // Assumed true: the start's own false state, or a true node weakly linked to it.
            if own && !is_on(to) {
                take(Bits81::cell(cell), d);
            }
            if is_on(to) && d >= 2 {
                take(self.weakly_linked(node), d + 1);
            }
            return given;
        }
        if is_on(to) {
            // Assumed false: the start's own true state (a placement)…
            if own {
                take(Bits81::cell(cell), d);
            }
            if d < 3 {
                return given;
            }
            // …a true node weakly linked to the start (a continuous loop)…
            let others = if own {
                reached.and_not(Bits81::cell(cell))
            } else {
                reached
            };
            let linked = self.weakly_linked(node) & others;
            take(linked, d + 1);
            // …or a true node sharing a victim with the start (an AIC), the start's state
            // before the end's.
            take(self.shared_victims(node, cell) & others, d);
        } else if node < SINGLES && d >= 2 {
            // A false candidate strongly linked to the start: the start is true.
            let strong = if own {
                self.nodes.links.strong_partners(self.digit, cell)
            } else if nine_bit_count(self.nodes.links.mask(cell)) == 2 {
                Bits81::cell(cell)
            } else {
                Bits81::EMPTY
            };
            take(strong, d + 1);
        }
        given
    }

    /// The starts (by cell) with a candidate weakly linked to both the start and `node` (true),
    /// whose state comes after the start's false one (`cell`: the node's cell if a single).
    fn shared_victims(&self, node: usize, cell: usize) -> Bits81 {
        let digit = digit_of(node);
        if digit == self.digit {
            // Places of the digit seeing the whole node; a start sees one of them.
            let victims = self.plane & self.nodes.sees[node];
            let reach = victims
                .iter()
                .fold(Bits81::EMPTY, |acc, victim| acc | PEERS[victim]);
            if node < SINGLES {
                // Only starts of lower cells come before the end.
                reach & Bits81((1u128 << cell) - 1)
            } else {
                reach
            }
        } else if node < SINGLES && digit > self.digit {
            // Another digit's candidate: in the start's cell, a third candidate of the cell;
            // in a peer, the end's digit in the start's cell or the start's in the end's.
            let same_cell = if nine_bit_count(self.nodes.grid.candidates(cell)) >= 3 {
                Bits81::cell(cell)
            } else {
                Bits81::EMPTY
            };
            let peers = if self.plane.contains(cell) {
                PEERS[cell]
            } else {
                PEERS[cell] & self.nodes.grid.plane(digit)
            };
            same_cell | peers
        } else {
            Bits81::EMPTY
        }
    }
}
