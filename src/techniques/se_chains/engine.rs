//! SE's "doChaining" propagation (SE.md §5.3) over bitboard node sets, with ancestor sets kept
//! per node as bit sets (complexity = popcount, §5.6, §8.3), and the engine that owns the
//! propagation buffers of every nesting depth and the memo of inner searches.

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::core::HOUSE_SETS;

use super::nodes::{
    cell_of, digit_of, is_on, node, off_to_on_into, opposite, Cands, NodeSet, Rules, BRC_HOUSES,
    CAUSE_CELL, CAUSE_NONE, CELL_BIT, HOUSE_OTHERS, NODES, NONE, PEER_SEGMENTS,
};

/// What a chaining producer is (SE.md §3, §5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prod {
    /// Producer 21, static cycles and forcing chains.
    Static,
    /// Producer 23.
    Nishio,
    /// Producer 24, static cell and region chains.
    Multiple,
    /// Producers 25 (level 0), 26 (level 1) and 27a–27d (levels 2–5).
    Dynamic(u8),
}

impl Prod {
    /// Whether the grid loses each processed off node's candidate.
    pub fn dynamic(self) -> bool {
        matches!(self, Prod::Nishio | Prod::Dynamic(_))
    }

    /// The nesting level.
    pub fn level(self) -> u8 {
        match self {
            Prod::Dynamic(level) => level,
            _ => 0,
        }
    }

    /// The implication rules of its propagation.
    pub fn rules(self) -> Rules {
        match self {
            Prod::Nishio => Rules::X,
            _ => Rules::XY,
        }
    }
}

/// The grid's facts that chains never change: what is placed and which cells are open.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fixed {
    /// Placed cells of each digit.
    pub placed: [u128; 9],
    /// Cells without a value.
    pub empty: u128,
    /// Open cells of each house (derived from `empty`, counted once per grid).
    pub open: [u32; 27],
    /// Placed cells of each digit, counted (derived from `placed`).
    pub placed_count: [u32; 9],
}

impl Fixed {
    /// The fixed facts of a grid given its placed planes and open cells.
    pub fn new(placed: [u128; 9], empty: u128) -> Fixed {
        let mut open = [0u32; 27];
        for (house, n) in open.iter_mut().enumerate() {
            *n = (empty & HOUSE_SETS[house].0).count_ones();
        }
        Fixed {
            placed,
            empty,
            open,
            placed_count: placed.map(u128::count_ones),
        }
    }
}

/// A node made by both polarities clashing: the instance that was not stored.
#[derive(Clone, Copy, Debug)]
pub struct Clash {
    /// The on node.
    pub on: u16,
    /// The off node.
    pub off: u16,
    /// Whether the new (unstored) instance is the on one.
    pub new_on: bool,
    /// Ancestors of the new instance.
    pub anc: NodeSet,
    /// The new instance's first parent.
    pub parent: u16,
    /// The new instance's cause (an on instance made by R3 or R4).
    pub cause: u8,
}

impl Clash {
    /// The clash met when `parent` implies `new` (on when `new_on`) whose opposite is already
    /// stored; `anc` is the new instance's ancestors without itself.
    #[inline]
    fn of(new: u16, new_on: bool, parent: u16, cause: u8, mut anc: NodeSet) -> Clash {
        anc.insert(new);
        let (on, off) = if new_on {
            (new, opposite(new))
        } else {
            (opposite(new), new)
        };
        Clash {
            on,
            off,
            new_on,
            anc,
            parent,
            cause,
        }
    }
}

/// A `Prop::count` entry to be counted again.
const DIRTY: u32 = u32::MAX;

/// What a propagation keeps of one stored node.
#[derive(Clone, Debug)]
struct Info {
    /// Size of its ancestor set, kept as the sets grow (a node's set is its first parent's
    /// plus itself); `DIRTY` once further parents joined it, counted when first asked (most
    /// such nodes never are); not kept for a static run.
    count: Cell<u32>,
    /// Offset of its further parents in `Prop::extra`.
    extra_at: u32,
    /// First parent (`NONE` for an assumption).
    parent: u16,
    /// Length of its first-parent path (0 for an assumption): one less than its ancestor
    /// count in a static run, a lower bound of it in any run.
    depth: u16,
    /// How many further parents it has.
    extra_len: u16,
    /// `CAUSE_*` or an R4 house.
    cause: u8,
}

impl Default for Info {
    fn default() -> Info {
        Info::root(0, CAUSE_NONE)
    }
}

impl Info {
    /// An assumption's record.
    #[inline]
    fn root(extra_at: u32, cause: u8) -> Info {
        Info {
            count: Cell::new(1),
            extra_at,
            parent: NONE,
            depth: 0,
            extra_len: 0,
            cause,
        }
    }

    /// The record of a node whose first parent is `parent`, this record's node (a dirty
    /// parent count stays dirty).
    #[inline]
    fn child(&self, parent: u16, extra_at: u32, cause: u8) -> Info {
        let c = self.count.get();
        Info {
            count: Cell::new(if c == DIRTY { DIRTY } else { c + 1 }),
            extra_at,
            parent,
            depth: self.depth + 1,
            extra_len: 0,
            cause,
        }
    }
}

/// One propagation's results: the nodes, in order, with parents, causes and ancestor sets.
pub struct Prop {
    /// Stored nodes (both polarities).
    pub set: NodeSet,
    /// Cells of each digit whose off node is stored, and whose on node is, kept in step with
    /// `set` by the dynamic propagation only (it tests a whole house segment against them).
    off_at: [u128; 9],
    on_at: [u128; 9],
    /// Positions of each digit in each house of the working grid, kept in step with `work`
    /// by the dynamic propagation (R4's test).
    house_count: [[u8; 27]; 9],
    /// Whether the run was static: no node has further parents, so a node's ancestors are
    /// its first-parent path, counted by `depth`, and `anc` is not kept.
    pub tree: bool,
    /// Ancestor sets of the stored nodes (each itself included), in the order the nodes
    /// were stored; not kept for a static run, nor for a node of `lazy`. Stored densely
    /// (`anc_at` gives a node's place) rather than by node id, so that a run touches only
    /// as many sets as it stores, in one block: a pool keeps many runs whole
    /// (`Pool::kept`), and a set per node id made each of them a 268 KB block, written
    /// when made and scattered over by every run.
    anc: Vec<NodeSet>,
    /// Place of each stored node's set in `anc`.
    anc_at: Vec<u16>,
    /// Off nodes made by an on node's R1/R2 links: one parent, never a further one, so
    /// their ancestor set is their parent's plus themselves and is not stored (most nodes of
    /// a run are such off nodes, and few of their sets are ever read).
    pub lazy: NodeSet,
    /// Each stored node's parents, cause, depth and ancestor count, one record a node (a
    /// node is stored with one write instead of one per field, and one bounds check).
    info: Vec<Info>,
    /// Further parents (hidden parents, rule parents), flat.
    pub extra: Vec<u16>,
    /// Nested chain of each advanced node: (identity, full complexity); sized on the first
    /// advanced node (a level-0 run never has one, and most propagations are level 0).
    pub nested: Vec<(u128, u32)>,
    /// Nodes with a nested chain.
    pub nested_set: NodeSet,
    /// On nodes in insertion order (the on queue).
    pub ons: Vec<u16>,
    /// Off nodes in insertion order (the off queue).
    pub offs: Vec<u16>,
    /// The contradiction that stopped the run, if any.
    pub clash: Option<Clash>,
    /// The working grid.
    pub work: Cands,
}

impl Prop {
    fn new() -> Prop {
        Prop {
            set: NodeSet::EMPTY,
            off_at: [0; 9],
            on_at: [0; 9],
            house_count: [[0; 27]; 9],
            tree: false,
            anc: Vec::new(),
            anc_at: vec![0; NODES],
            lazy: NodeSet::EMPTY,
            info: vec![Info::default(); NODES],
            extra: Vec::with_capacity(1024),
            nested: Vec::new(),
            nested_set: NodeSet::EMPTY,
            ons: Vec::with_capacity(729),
            offs: Vec::with_capacity(729),
            clash: None,
            work: Cands {
                planes: [0; 9],
                masks: [0; 81],
            },
        }
    }

    fn reset(&mut self, start: &Cands) {
        self.clear_nodes(false);
        self.off_at = [0; 9];
        self.on_at = [0; 9];
        self.lazy = NodeSet::EMPTY;
        self.work.copy_from(start);
    }

    /// Empties the stored nodes, their queues and the clash for a new run (`tree`: a static
    /// run, whose ancestors are first-parent paths; it keeps no working grid, so what only
    /// the dynamic propagation keeps in step, `off_at`, `on_at`, `lazy` and `work`, is left
    /// as it is).
    fn clear_nodes(&mut self, tree: bool) {
        self.set = NodeSet::EMPTY;
        self.tree = tree;
        self.anc.clear();
        self.extra.clear();
        self.nested_set = NodeSet::EMPTY;
        self.ons.clear();
        self.offs.clear();
        self.clash = None;
    }

    /// Stores `n` with first parent `parent`.
    #[inline]
    fn add(&mut self, n: u16, parent: u16, cause: u8) {
        self.set.insert(n);
        let at = if is_on(n) {
            &mut self.on_at
        } else {
            &mut self.off_at
        };
        at[digit_of(n)] |= CELL_BIT[cell_of(n)];
        let u = n as usize;
        let extra_at = self.extra.len() as u32;
        let at = self.anc.len();
        self.anc_at[u] = at as u16;
        if parent == NONE {
            self.info[u] = Info::root(extra_at, cause);
            self.anc.push(NodeSet::EMPTY);
        } else {
            let p = parent as usize;
            self.info[u] = self.info[p].child(parent, extra_at, cause);
            // Copied in place (one move of the set, not two through a local); `n` is new,
            // so it is not among its parent's ancestors. A lazy parent's set is its own
            // parent's plus itself.
            let from = if self.lazy.contains(parent) {
                self.anc_at[self.info[p].parent as usize] as usize
            } else {
                self.anc_at[p] as usize
            };
            self.anc.extend_from_within(from..from + 1);
            if self.lazy.contains(parent) {
                self.anc[at].insert(parent);
            }
        }
        self.anc[at].insert(n);
        if is_on(n) {
            self.ons.push(n);
        } else {
            self.offs.push(n);
        }
    }

    /// Stores the off node `n` made by the on node `parent`'s R1/R2 links (see `lazy`).
    #[inline]
    fn add_lazy(&mut self, n: u16, cell: usize, digit: usize, parent: u16) {
        self.set.insert(n);
        self.off_at[digit] |= CELL_BIT[cell];
        self.lazy.insert(n);
        self.info[n as usize] = self.info[parent as usize].child(parent, 0, CAUSE_NONE);
        self.offs.push(n);
    }

    /// The on node `parent` implies the off node `q` (R1/R2): stores it, or records the clash
    /// when its on twin is stored; returns whether the run stops.
    #[inline]
    fn off_from_on(&mut self, q: u16, parent: u16) -> bool {
        if self.set.contains(opposite(q)) {
            let anc = self.anc_of(parent).into_owned();
            self.clash = Some(Clash::of(q, false, parent, CAUSE_NONE, anc));
            return true;
        }
        if !self.set.contains(q) {
            self.add_lazy(q, cell_of(q), digit_of(q), parent);
        }
        false
    }

    /// Stores `n` of a static run (no ancestor set: see `tree`).
    #[inline]
    fn add_tree(&mut self, n: u16, parent: u16, cause: u8) {
        self.set.insert(n);
        self.info[n as usize] = if parent == NONE {
            Info::root(0, cause)
        } else {
            self.info[parent as usize].child(parent, 0, cause)
        };
        if is_on(n) {
            self.ons.push(n);
        } else {
            self.offs.push(n);
        }
    }

    /// The ancestor count of a stored node (SE's complexity share of a target).
    #[inline]
    pub fn anc_count(&self, n: u16) -> u32 {
        if self.tree {
            u32::from(self.info[n as usize].depth) + 1
        } else {
            let c = self.info[n as usize].count.get();
            if c != DIRTY {
                return c;
            }
            let c = self.anc_of(n).count();
            self.info[n as usize].count.set(c);
            c
        }
    }

    /// The ancestor set of a stored node (itself included): its first-parent path in a
    /// static run.
    #[inline]
    pub fn anc_of(&self, n: u16) -> std::borrow::Cow<'_, NodeSet> {
        if self.tree {
            let mut set = NodeSet::EMPTY;
            let mut at = n;
            while at != NONE {
                set.insert(at);
                at = self.info[at as usize].parent;
            }
            std::borrow::Cow::Owned(set)
        } else if self.lazy.contains(n) {
            let mut set = self.anc[self.anc_at[self.info[n as usize].parent as usize] as usize];
            set.insert(n);
            std::borrow::Cow::Owned(set)
        } else {
            std::borrow::Cow::Borrowed(&self.anc[self.anc_at[n as usize] as usize])
        }
    }

    /// Adds a further parent to the node stored last-but-none (`n`, just added); call
    /// [`Prop::recount`] once its parents are all in.
    #[inline]
    fn add_parent(&mut self, n: u16, p: u16) {
        self.extra.push(p);
        self.info[n as usize].extra_len += 1;
        let at = self.anc_at[n as usize] as usize;
        // A lazy parent's set is its own parent's plus itself.
        let from = if self.lazy.contains(p) {
            self.anc[at].insert(p);
            self.anc_at[self.info[p as usize].parent as usize] as usize
        } else {
            self.anc_at[p as usize] as usize
        };
        // Both sets borrowed in place (`from` was stored before `n`, so it comes first).
        let (lo, hi) = self.anc.split_at_mut(at);
        hi[0].union_with(&lo[from]);
    }

    /// Marks the count of `n` for counting again if further parents joined its set.
    #[inline]
    fn recount(&mut self, n: u16) {
        if self.info[n as usize].extra_len > 0 {
            self.info[n as usize].count.set(DIRTY);
        }
    }

    /// The further parents of a stored node.
    pub fn extras(&self, n: u16) -> &[u16] {
        let info = &self.info[n as usize];
        let at = info.extra_at as usize;
        &self.extra[at..at + info.extra_len as usize]
    }

    /// First parent of a stored node (`NONE` for an assumption).
    #[inline]
    pub fn parent(&self, n: u16) -> u16 {
        self.info[n as usize].parent
    }

    /// Cause of a stored node (`CAUSE_*` or an R4 house).
    #[inline]
    pub fn cause(&self, n: u16) -> u8 {
        self.info[n as usize].cause
    }

    /// Whether the on node `n` (or, with `off`, its off twin) is stored.
    #[inline]
    pub fn has(&self, n: u16) -> bool {
        self.set.contains(n)
    }
}

/// Cached hints of an inner producer on one grid: what a nested chain needs of them.
#[derive(Clone, Debug)]
pub struct Inner {
    /// Candidates whose absence (from the outer start grid) the hint relies on.
    pub cause: [u128; 9],
    /// What it removes.
    pub elims: [u128; 9],
    /// (identity, full complexity) of a chaining hint.
    pub nested: Option<(u128, u32)>,
}

/// The propagation buffers of one nesting depth.
#[derive(Default)]
pub struct Pool {
    /// Propagations, grown on demand; boxed, so that moving a kept run into a slot
    /// (`std::mem::swap` in the main loop) moves a pointer, not a 2 KB record.
    pub props: Vec<Box<Prop>>,
    /// Node sets of the on runs (one on assumption) already made by the search running at
    /// this depth, by candidate (`cell·9 + digit`); valid where `known` has the cell.
    pub on_sets: Vec<NodeSet>,
    /// Cells of each digit whose on run's set is in `on_sets`.
    pub known: [u128; 9],
    /// Whole on runs made as region branches, kept until the main loop reaches their cell
    /// (it would make the same run again): `kept_at[cell·9 + digit]` is the run's index in
    /// `kept`, or [`NOT_KEPT`].
    pub kept_at: Vec<u16>,
    /// The kept runs' propagations (grown on demand up to [`KEPT_MAX`]), boxed as `props`.
    pub kept: Vec<Box<Prop>>,
    /// Indices of `kept` holding no run.
    pub free: Vec<u16>,
}

/// A `Pool::kept_at` entry without a kept run.
pub const NOT_KEPT: u16 = u16::MAX;

/// The most runs a pool keeps (each propagation's buffers are a few hundred KB, mostly
/// untouched); a branch beyond them runs in a branch slot as its set only is kept.
pub const KEPT_MAX: usize = 96;

impl Pool {
    /// Makes sure `n` propagations exist.
    pub fn ensure(&mut self, n: usize) {
        while self.props.len() < n {
            self.props.push(Box::new(Prop::new()));
        }
        if self.on_sets.is_empty() {
            self.on_sets = vec![NodeSet::EMPTY; crate::core::CELLS * 9];
            self.kept_at = vec![NOT_KEPT; crate::core::CELLS * 9];
        }
    }

    /// Forgets every kept run (a new search, on another grid).
    pub fn release_all(&mut self) {
        self.kept_at.fill(NOT_KEPT);
        self.free.clear();
        self.free.extend(0..self.kept.len() as u16);
    }

    /// A free `kept` index for a run of candidate `c`, or `None` when all are taken.
    pub fn keep(&mut self, c: usize) -> Option<usize> {
        let k = match self.free.pop() {
            Some(k) => k as usize,
            None if self.kept.len() < KEPT_MAX => {
                self.kept.push(Box::new(Prop::new()));
                self.kept.len() - 1
            }
            None => return None,
        };
        self.kept_at[c] = k as u16;
        Some(k)
    }

    /// The kept run of candidate `c`, taken out of the keep (its index is free again).
    pub fn take_kept(&mut self, c: usize) -> Option<usize> {
        let k = self.kept_at[c];
        if k == NOT_KEPT {
            return None;
        }
        self.kept_at[c] = NOT_KEPT;
        self.free.push(k);
        Some(k as usize)
    }
}

/// Memo of inner chaining searches: (producer, exact candidate planes) → sorted hints.
pub type Memo = HashMap<(Prod, [u128; 9]), Rc<Vec<Inner>>>;

/// Total hints the memo may hold before it is cleared.
const MEMO_LIMIT: usize = 400_000;

/// The chain engine: buffers per depth, the memo, the fixed facts of the grid.
pub struct Engine {
    /// Buffers of each depth.
    pub pools: Vec<Pool>,
    /// Inner search memo.
    pub memo: Memo,
    /// Hints held by the memo.
    pub memo_hints: usize,
    /// The grid's fixed facts.
    pub fixed: Fixed,
    /// Scratch list of the level-1 producers' hints.
    pub l1: Vec<Inner>,
    /// Buffers of producer 21's layered searches.
    pub bfs: super::cycles::Bfs,
    /// Producer 21's implication lists of the grid it searches (one depth at a time: the
    /// layered searches run no inner search).
    pub links: super::nodes::Links,
    /// Producer 21's reachability facts of the same grid.
    pub reach: super::reach::Reach,
    /// Per-node complexity sums of the region chains' pruning, one buffer per depth.
    pub sums: Vec<Vec<u32>>,
    /// The implication lists of the grid a Multiple Forcing Chains search runs on (static
    /// runs only; that search runs no inner search, so one buffer serves every depth).
    pub links_static: super::nodes::Links,
    /// Per depth: the grid the house counts were made for, and the counts
    /// ([`Engine::house_counts`]).
    counts: Vec<Option<GridCounts>>,
    /// The puzzle's chain work so far, every depth: a unit per propagation, per fixpoint's run
    /// of the level-1 producers, and per candidate of a producer-21 search's grid.
    pub work: u64,
    /// The work a puzzle may take; past it every propagation stops at its assumptions.
    pub work_limit: u64,
    /// Whether the puzzle's work passed `work_limit`: what was found since is not SE's.
    pub gave_up: bool,
}

/// A grid's candidate planes and the positions of each digit in each of its houses.
type GridCounts = ([u128; 9], [[u8; 27]; 9]);

impl Engine {
    /// An engine without buffers.
    pub fn new() -> Engine {
        Engine {
            pools: Vec::new(),
            memo: HashMap::new(),
            memo_hints: 0,
            fixed: Fixed::default(),
            l1: Vec::new(),
            bfs: super::cycles::Bfs::default(),
            links: super::nodes::Links::default(),
            reach: super::reach::Reach::default(),
            sums: Vec::new(),
            links_static: super::nodes::Links::default(),
            counts: Vec::new(),
            work: 0,
            work_limit: u64::MAX,
            gave_up: false,
        }
    }

    /// Counts `units` of chain work; `false` once the puzzle's limit is passed (and from then
    /// on), when the caller stops.
    #[inline]
    fn spend(&mut self, units: u64) -> bool {
        if self.gave_up {
            return false;
        }
        self.work += units;
        self.gave_up = self.work > self.work_limit;
        !self.gave_up
    }

    /// Takes the buffers of `depth` (give them back with [`Engine::give_pool`]).
    pub fn take_pool(&mut self, depth: usize, n: usize) -> Pool {
        while self.pools.len() <= depth {
            self.pools.push(Pool::default());
        }
        let mut pool = std::mem::take(&mut self.pools[depth]);
        pool.ensure(n);
        pool
    }

    /// Gives buffers back.
    pub fn give_pool(&mut self, depth: usize, pool: Pool) {
        self.pools[depth] = pool;
    }

    /// Stores an inner search's hints, clearing the memo when it is full.
    pub fn remember(&mut self, key: (Prod, [u128; 9]), hints: Rc<Vec<Inner>>) {
        if self.memo_hints + hints.len() > MEMO_LIMIT {
            self.memo.clear();
            self.memo_hints = 0;
        }
        self.memo_hints += hints.len().max(1);
        self.memo.insert(key, hints);
    }

    /// Positions of each digit in each house of `start`, counted once per grid and depth
    /// (the propagations of one search all start from its grid).
    fn house_counts(&mut self, depth: usize, start: &Cands) -> &[[u8; 27]; 9] {
        if self.counts.len() <= depth {
            self.counts.resize(depth + 1, None);
        }
        let slot = &mut self.counts[depth];
        if slot
            .as_ref()
            .is_none_or(|(planes, _)| *planes != start.planes)
        {
            let mut counts = [[0u8; 27]; 9];
            for (d, row) in counts.iter_mut().enumerate() {
                for (h, n) in row.iter_mut().enumerate() {
                    *n = (start.planes[d] & HOUSE_SETS[h].0).count_ones() as u8;
                }
            }
            *slot = Some((start.planes, counts));
        }
        &slot.as_ref().expect("just filled").1
    }

    /// SE's static doChaining (Multiple Forcing Chains: no candidate leaves the grid, no
    /// advanced node) from the assumptions `on0`/`off0` on `start`, reading the implication
    /// lists `self.links` built on `start`. Nothing is removed, so no node gets hidden
    /// parents and the ancestors of a node are its first-parent path (`Prop::tree`).
    fn propagate_static(&self, p: &mut Prop, on0: &[u16], off0: &[u16]) {
        p.clear_nodes(true);
        for &n in on0.iter().chain(off0) {
            p.add_tree(n, NONE, CAUSE_NONE);
        }
        let links = &self.links_static;
        let (mut hon, mut hoff) = (0usize, 0usize);
        loop {
            if hon < p.ons.len() {
                let n = p.ons[hon];
                hon += 1;
                for &q in links.on_to_off(n, Rules::XY) {
                    if p.set.contains(opposite(q)) {
                        let anc = p.anc_of(n).into_owned();
                        p.clash = Some(Clash::of(q, false, n, CAUSE_NONE, anc));
                        return;
                    }
                    if !p.set.contains(q) {
                        p.add_tree(q, n, CAUSE_NONE);
                    }
                }
            } else if hoff < p.offs.len() {
                let n = p.offs[hoff];
                hoff += 1;
                for &(q, cause) in links.off_to_on(n, Rules::XY) {
                    if p.set.contains(opposite(q)) {
                        let anc = p.anc_of(n).into_owned();
                        p.clash = Some(Clash::of(q, true, n, cause, anc));
                        return;
                    }
                    if !p.set.contains(q) {
                        p.add_tree(q, n, cause);
                    }
                }
            } else {
                break;
            }
        }
    }

    /// A run past the puzzle's work limit: its assumptions alone, a well-formed run whose
    /// hints are thrown away (`best_hint` yields none once the puzzle gave up). Out of line,
    /// so that `propagate`'s hot body is laid out as without the limit.
    #[cold]
    #[inline(never)]
    fn stopped_run(p: &mut Prop, start: &Cands, prod: Prod, on0: &[u16], off0: &[u16]) {
        if prod == Prod::Multiple {
            p.clear_nodes(true);
            for &n in on0.iter().chain(off0) {
                p.add_tree(n, NONE, CAUSE_NONE);
            }
        } else {
            p.reset(start);
            for &n in on0.iter().chain(off0) {
                p.add(n, NONE, CAUSE_NONE);
            }
        }
    }

    /// SE's doChaining from the assumptions `on0`/`off0` on `start` (§5.3), at `depth`.
    pub fn propagate(
        &mut self,
        depth: usize,
        p: &mut Prop,
        start: &Cands,
        prod: Prod,
        on0: &[u16],
        off0: &[u16],
    ) {
        if !self.spend(1) {
            return Self::stopped_run(p, start, prod, on0, off0);
        }
        if prod == Prod::Multiple {
            return self.propagate_static(p, on0, off0);
        }
        p.reset(start);
        p.house_count = *self.house_counts(depth, start);
        for &n in on0 {
            p.add(n, NONE, CAUSE_NONE);
        }
        for &n in off0 {
            p.add(n, NONE, CAUSE_NONE);
        }
        let rules = prod.rules();
        let dynamic = prod.dynamic();
        let level = prod.level();
        let (mut hon, mut hoff) = (0usize, 0usize);
        let mut onbuf = [(0u16, 0u8); 4];
        loop {
            if hon < p.ons.len() {
                let n = p.ons[hon];
                hon += 1;
                // R1 then R2 (`on_to_off`'s order) walked here: processing an on node leaves
                // the cell's mask and the digit's plane as they are, so both are read once.
                let (cell, digit) = (cell_of(n), digit_of(n));
                let plane = p.work.planes[digit];
                let mut mask = if rules.y {
                    p.work.masks[cell] & !(1 << digit)
                } else {
                    0
                };
                while mask != 0 {
                    let d = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    if p.off_from_on(node(cell, d, false), n) {
                        return;
                    }
                }
                let segments = &PEER_SEGMENTS[cell];
                let peers = plane & (segments[0] | segments[1] | segments[2]);
                if peers & p.on_at[digit] == 0 {
                    // No peer's on node is stored, so R2 meets no clash and only the peers
                    // whose off node is new do anything: walk just those, in P(x)'s order.
                    let fresh = !p.off_at[digit];
                    for &segment in segments {
                        let mut bits = plane & segment & fresh;
                        while bits != 0 {
                            let y = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            p.add_lazy(node(y, digit, false), y, digit, n);
                        }
                    }
                } else {
                    for &segment in segments {
                        let mut bits = plane & segment;
                        while bits != 0 {
                            let y = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            if p.off_from_on(node(y, digit, false), n) {
                                return;
                            }
                        }
                    }
                }
            } else if hoff < p.offs.len() {
                let n = p.offs[hoff];
                hoff += 1;
                let (cell, digit) = (cell_of(n), digit_of(n));
                // Its consequences are read before its candidate leaves the working grid.
                let ons = if p.work.masks[cell] >> digit & 1 == 1 {
                    let ons = off_to_on_counted(p, rules, cell, digit, &mut onbuf);
                    if dynamic {
                        p.work.remove(cell, digit);
                        for &h in &BRC_HOUSES[cell] {
                            p.house_count[digit][h as usize] -= 1;
                        }
                    }
                    ons
                } else {
                    // Not a candidate (no propagation stores such a node: kept exact anyway).
                    off_to_on_into(&p.work, rules, n, &mut onbuf)
                };
                for &(q, cause) in ons {
                    let clash = p.set.contains(opposite(q));
                    if !clash && p.set.contains(q) {
                        continue;
                    }
                    // The hidden parents (§5.1): what the chain removed that made the rule
                    // apply, the node's own candidate excepted (it is the first parent).
                    let gone = hidden_parents(start, &p.work, n, q, cause);
                    if clash {
                        let mut anc = p.anc_of(n).into_owned();
                        for h in gone_nodes(gone, q, cause) {
                            anc.union_with(&p.anc_of(h));
                        }
                        p.clash = Some(Clash::of(q, true, n, cause, anc));
                        return;
                    }
                    p.add(q, n, cause);
                    for h in gone_nodes(gone, q, cause) {
                        p.add_parent(q, h);
                    }
                    p.recount(q);
                }
            } else if level >= 1 {
                if !self.advanced(depth, p, start, level) {
                    break;
                }
            } else {
                break;
            }
        }
    }

    /// Adds the advanced nodes of §5.5 at a fixpoint; returns whether any was added.
    fn advanced(&mut self, depth: usize, p: &mut Prop, start: &Cands, level: u8) -> bool {
        // Each fixpoint runs the four level-1 producers on the whole working grid: a unit.
        if !self.spend(1) {
            return false;
        }
        let mut gone = [0u128; 9];
        for (d, g) in gone.iter_mut().enumerate() {
            *g = start.planes[d] & !p.work.planes[d];
        }
        let work = p.work.clone();
        // The level-1 producers, each on its own.
        for which in 0..4 {
            let mut l1 = std::mem::take(&mut self.l1);
            l1.clear();
            super::level1::hints(which, &work, &self.fixed, &gone, &mut l1);
            let added = self.add_advanced(p, &gone, &l1);
            self.l1 = l1;
            if let Some(added) = added {
                return added;
            }
        }
        let chains: &[Prod] = match level {
            1 => &[],
            2 => &[Prod::Static],
            3 => &[Prod::Static, Prod::Multiple],
            4 => &[Prod::Dynamic(0)],
            _ => &[Prod::Dynamic(0), Prod::Dynamic(2)],
        };
        for &prod in chains {
            let hints = self.inner_hints(depth + 1, &work, prod);
            if let Some(added) = self.add_advanced(p, &gone, &hints) {
                return added;
            }
        }
        false
    }

    /// Adds the eliminations of the usable hints (those with rule parents); `None` when no
    /// hint is usable (the next producer is tried).
    fn add_advanced(&mut self, p: &mut Prop, gone: &[u128; 9], hints: &[Inner]) -> Option<bool> {
        let mut usable = false;
        let mut added = false;
        for hint in hints {
            let mut parents = [0u128; 9];
            let mut any = false;
            for d in 0..9 {
                parents[d] = hint.cause[d] & gone[d];
                any |= parents[d] != 0;
            }
            if !any {
                continue;
            }
            usable = true;
            // Eliminations cell by cell, digits ascending (SE's hash order replaced, §5.5).
            let cells = hint.elims.iter().fold(0u128, |a, &b| a | b);
            let mut cs = cells;
            while cs != 0 {
                let cell = cs.trailing_zeros() as usize;
                cs &= cs - 1;
                for d in 0..9 {
                    if hint.elims[d] >> cell & 1 == 0 {
                        continue;
                    }
                    let q = node(cell, d, false);
                    if p.set.contains(q) {
                        continue;
                    }
                    let mut first = true;
                    for (pd, &plane) in parents.iter().enumerate() {
                        let mut bits = plane;
                        while bits != 0 {
                            let pc = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let parent = node(pc, pd, false);
                            debug_assert!(p.set.contains(parent));
                            if first {
                                p.add(q, parent, CAUSE_NONE);
                                first = false;
                            } else {
                                p.add_parent(q, parent);
                            }
                        }
                    }
                    p.recount(q);
                    if let Some(nested) = hint.nested {
                        if p.nested.is_empty() {
                            p.nested.resize(NODES, (0, 0));
                        }
                        p.nested[q as usize] = nested;
                        p.nested_set.insert(q);
                    }
                    added = true;
                }
            }
        }
        usable.then_some(added)
    }

    /// The sorted hints of an inner chaining producer on `grid`, memoized by the exact grid.
    pub fn inner_hints(&mut self, depth: usize, grid: &Cands, prod: Prod) -> Rc<Vec<Inner>> {
        let key = (prod, grid.planes);
        if let Some(hints) = self.memo.get(&key) {
            return Rc::clone(hints);
        }
        let mut out = super::collect::Collector::new(true);
        self.search(depth, grid, prod, &mut out);
        let hints: Vec<Inner> = out
            .sorted()
            .into_iter()
            .map(|rec| Inner {
                cause: rec.cause,
                elims: rec.elims,
                nested: Some((rec.key, rec.complexity)),
            })
            .collect();
        let hints = Rc::new(hints);
        // A search cut short by the work limit is not the grid's: never kept.
        if !self.gave_up {
            self.remember(key, Rc::clone(&hints));
        }
        hints
    }

    /// Runs producer `prod` on `grid` at `depth`, into `out`.
    pub fn search(
        &mut self,
        depth: usize,
        grid: &Cands,
        prod: Prod,
        out: &mut super::collect::Collector,
    ) {
        match prod {
            // Producer 21 builds its implication lists and reachability over the whole grid:
            // a unit per candidate, as many as a dynamic search's propagations.
            Prod::Static => {
                if self.spend(grid.planes.iter().map(|p| u64::from(p.count_ones())).sum()) {
                    super::cycles::search(self, grid, out)
                }
            }
            _ => super::hints::search(self, depth, grid, prod, out),
        }
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// [`super::nodes::off_to_on`] for a candidate (cell, digit) of the working grid, R4 read
/// from the propagation's house counts (a house has two positions when its count is 2)
/// instead of a two-bit test of the house's 81-bit positions.
#[inline]
fn off_to_on_counted<'b>(
    p: &Prop,
    rules: Rules,
    cell: usize,
    digit: usize,
    buf: &'b mut [(u16, u8); 4],
) -> &'b [(u16, u8)] {
    let mut k = 0;
    if rules.y {
        let other = p.work.masks[cell] & !(1 << digit);
        if other != 0 && other & (other - 1) == 0 {
            buf[k] = (
                node(cell, other.trailing_zeros() as usize, true),
                CAUSE_CELL,
            );
            k += 1;
        }
    }
    if rules.x {
        let counts = &p.house_count[digit];
        let mut first = usize::MAX;
        for (j, &h) in BRC_HOUSES[cell].iter().enumerate() {
            if counts[h as usize] == 2 {
                let there = p.work.planes[digit] & HOUSE_OTHERS[cell][j];
                let y = there.trailing_zeros() as usize;
                if first != y {
                    if first == usize::MAX {
                        first = y;
                    }
                    buf[k] = (node(y, digit, true), h);
                    k += 1;
                }
            }
        }
    }
    &buf[..k]
}

/// The candidates (as a plane of cells, for one digit or one cell's digits) whose removal made
/// R3 or R4 give `q`, excluding the off node `n` being processed.
#[inline]
fn hidden_parents(start: &Cands, work: &Cands, n: u16, q: u16, cause: u8) -> u128 {
    let (ncell, ndigit) = (cell_of(n), digit_of(n));
    if cause == CAUSE_CELL {
        // Digits of the cell, as a mask in the low bits.
        let cell = cell_of(q);
        (start.masks[cell] & !work.masks[cell] & !(1 << ndigit)) as u128
    } else {
        let d = digit_of(q);
        start.planes[d] & !work.planes[d] & HOUSE_SETS[cause as usize].0 & !(1u128 << ncell)
    }
}

/// The hidden parents as off nodes, in cell-digit order.
#[inline]
fn gone_nodes(gone: u128, q: u16, cause: u8) -> impl Iterator<Item = u16> {
    let mut bits = gone;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let b = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(if cause == CAUSE_CELL {
            node(cell_of(q), b, false)
        } else {
            node(b, digit_of(q), false)
        })
    })
}
