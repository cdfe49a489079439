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

use std::cell::{Cell, RefCell};
use std::fmt;

use crate::core::notation::{cell_name, compressed_cells, house_name};
use crate::core::{Bits81, Grid, HOUSE_SETS, INTERSECTIONS, PEERS};
use crate::model::als::{find_als, Als, MAX_ALS_CELLS};
use crate::model::links::LinkKind;

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
    /// ALS ids by entry candidate (CSR: `als_at[als_start[i]..als_start[i + 1]]`).
    als_start: Vec<u32>,
    als_at: Vec<u32>,
    /// Group link ids by entry candidate (CSR).
    group_start: Vec<u32>,
    group_at: Vec<u32>,
}

/// Builds a compressed index: `entries` yields (candidate, id) pairs.
fn build_index(entries: impl Iterator<Item = (usize, u32)> + Clone) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; CANDIDATES + 1];
    for (candidate, _) in entries.clone() {
        start[candidate + 1] += 1;
    }
    for i in 0..CANDIDATES {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut ids = vec![0u32; start[CANDIDATES] as usize];
    for (candidate, id) in entries {
        ids[fill[candidate] as usize] = id;
        fill[candidate] += 1;
    }
    (start, ids)
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
                set.digit_cells[digit]
                    .iter()
                    .map(move |cell| (candidate_index(cell, digit), id as u32))
            })
        }));
        let (group_start, group_at) = build_index(groups.iter().enumerate().flat_map(|(id, g)| {
            g.from
                .iter()
                .map(move |cell| (candidate_index(cell, g.digit as usize), id as u32))
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
    let mut groups: Vec<GroupLink> = Vec::new();
    for digit in 0..9 {
        for (house, house_set) in HOUSE_SETS.iter().enumerate() {
            let places = planes[digit] & *house_set;
            if places.count() < 3 {
                continue;
            }
            let segments = INTERSECTIONS
                .iter()
                .filter(|i| i.box_house == house || i.line_house == house)
                .map(|i| i.cells);
            for segment in segments.clone() {
                let from = places & segment;
                let to = places.and_not(segment);
                if from.is_empty() || to.is_empty() {
                    continue;
                }
                if !to.is_single() && !segments.clone().any(|s| to.is_subset_of(s)) {
                    continue;
                }
                let seen_by_to = to
                    .iter()
                    .fold(planes[digit], |acc, cell| acc & PEERS[cell])
                    .and_not(to);
                if !to.is_single() && seen_by_to.is_empty() {
                    continue;
                }
                if groups
                    .iter()
                    .any(|g| g.digit as usize == digit && g.from == from && g.to == to)
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

/// What assuming one candidate true (or false) proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// Per digit, the cells proved to hold it (a true origin included).
    pub on: [Bits81; 9],
    /// Per digit, the cells proved not to hold it (a false origin included).
    pub off: [Bits81; 9],
    /// The first candidate (cell, digit) proved both true and false; the walk stops there, so
    /// `on` and `off` are then partial.
    pub contradiction: Option<(u8, u8)>,
}

impl Evaluation {
    const EMPTY: Evaluation = Evaluation {
        on: [Bits81::EMPTY; 9],
        off: [Bits81::EMPTY; 9],
        contradiction: None,
    };
}

/// How a node was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    Origin,
    Weak,
    Strong,
    Group(u32),
    Als(u32),
}

#[derive(Clone, Copy, Debug)]
struct Parent {
    from: u16,
    via: Via,
}

/// A super-link node: a candidate or a group of one digit's candidates, true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuperNode {
    /// The cell, or the cells of a group.
    pub cells: Bits81,
    /// The digit index.
    pub digit: u8,
    /// True for `+`.
    pub on: bool,
}

impl fmt::Display for SuperNode {
    /// `r2c6/-2`, a group `r2c46/+1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { '+' } else { '-' };
        // A group spread over several rows prints its parts joined by commas.
        let cells = compressed_cells(self.cells).replace(' ', ",");
        write!(f, "{cells}/{sign}{}", self.digit + 1)
    }
}

/// One link of a ForceChain branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuperLink {
    /// Strong (false ⇒ true, or into a true group) or weak (true ⇒ false).
    pub kind: LinkKind,
    /// The premise.
    pub from: SuperNode,
    /// The conclusion.
    pub to: SuperNode,
    /// The cells of the almost locked set the link passes through (empty if none).
    pub als: Bits81,
}

impl fmt::Display for SuperLink {
    /// GNPX notation: `[S r2c6/-2 -> r6c6/+2]`, `[S (ALS:r2468c4) r2c4/-1 -> r4c4/+3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            LinkKind::Strong => 'S',
            LinkKind::Weak => 'W',
        };
        if self.als.is_empty() {
            write!(f, "[{kind} {} -> {}]", self.from, self.to)
        } else {
            write!(
                f,
                "[{kind} (ALS:{}) {} -> {}]",
                compressed_cells(self.als),
                self.from,
                self.to
            )
        }
    }
}

/// Where the branches of a ForceChain conclusion start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stem {
    /// Every candidate of a cell (ForceChain_Cell).
    Cell(u8),
    /// Every place of a digit in a house (ForceChain_House).
    House {
        /// The house (0..27).
        house: u8,
        /// The digit index.
        digit: u8,
    },
    /// Each fin of a Kraken fish assumed true (the fins are the step's `fins`).
    Fins {
        /// The fish's digit index.
        digit: u8,
    },
    /// One candidate assumed true (ForceChain_Contradiction).
    Candidate {
        /// The cell.
        cell: u8,
        /// The digit index.
        digit: u8,
    },
    /// One candidate assumed true, then false (ForceChain_Both).
    Both {
        /// The cell.
        cell: u8,
        /// The digit index.
        digit: u8,
    },
}

/// One result of a ForceChain step: a candidate proved true or false, and the branches that
/// prove it (one per stem candidate; two, to the true and the false node, for a contradiction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForceConclusion {
    /// The cell concluded about.
    pub cell: u8,
    /// The digit index.
    pub digit: u8,
    /// True: the digit is placed; false: it is eliminated.
    pub truth: bool,
    /// The stem the branches start from.
    pub stem: Stem,
    /// The branches.
    pub branches: Vec<Vec<SuperLink>>,
}

/// Joins a branch's links with ` => `.
pub fn branch_text(links: &[SuperLink]) -> String {
    links
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(" => ")
}

/// `row2#1`, `col4#7`, `box5#3`: a ForceChain_House stem as GNPX names it.
fn house_stem(house: usize, digit: usize) -> String {
    let name = house_name(house);
    let kind = match &name[..1] {
        "r" => "row",
        "c" => "col",
        _ => "box",
    };
    format!("{kind}{}#{}", &name[1..], digit + 1)
}

/// The title line of one ForceChain result after the technique's `title`:
/// `ForceChain_House(row2#1) r6c6#2 is true`.
pub fn force_title(title: &str, conclusion: &ForceConclusion) -> String {
    let stem = match conclusion.stem {
        Stem::House { house, digit } => format!("({})", house_stem(house as usize, digit as usize)),
        Stem::Both { cell, digit } => format!("({}#{})", cell_name(cell as usize), digit + 1),
        _ => String::new(),
    };
    format!(
        "{title}{stem} {}#{} is {}",
        cell_name(conclusion.cell as usize),
        conclusion.digit + 1,
        if conclusion.truth { "true" } else { "false" }
    )
}

/// A stem's name: a cell `r1c2`, a house stem `row2#1`, a candidate `r1c2#5`, a Kraken fish's
/// `fins` with the digit `r45c9#4`.
pub fn stem_name(stem: Stem, fins: Bits81) -> String {
    match stem {
        Stem::Cell(cell) => cell_name(cell as usize),
        Stem::House { house, digit } => house_stem(house as usize, digit as usize),
        Stem::Candidate { cell, digit } | Stem::Both { cell, digit } => {
            format!("{}#{}", cell_name(cell as usize), digit + 1)
        }
        Stem::Fins { digit } => format!("{}#{}", compressed_cells(fins), digit + 1),
    }
}

/// Evaluations of one origin polarity, cached per candidate for one state.
struct EvaluationCache {
    evaluations: Vec<Evaluation>,
    /// Which candidates are evaluated (729 bits).
    done: [u128; 6],
}

impl EvaluationCache {
    fn new() -> EvaluationCache {
        EvaluationCache {
            evaluations: vec![Evaluation::EMPTY; CANDIDATES],
            done: [0; 6],
        }
    }
}

/// The super links of one state, the cached evaluations and the scratch of the last walk.
pub struct ForceEngine {
    links: SuperLinks,
    /// Evaluations from a true origin, then from a false one.
    cache: [EvaluationCache; 2],
    parents: Vec<Parent>,
    queue: Vec<u16>,
}

thread_local! {
    static ENGINE: RefCell<Option<Box<ForceEngine>>> = const { RefCell::new(None) };
    static EVALUATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Evaluations run on this thread so far, from either polarity (cache hits and the walks that
/// print branches excluded): for benchmarks.
pub fn evaluations_run() -> u64 {
    EVALUATIONS.with(|n| n.get())
}

/// Drops this thread's engine and its cached evaluations (benchmarks measure cold states).
pub fn forget_evaluations() {
    ENGINE.with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = None;
        }
    });
}

/// Runs `f` with the force engine of `grid`, rebuilding the thread's engine (and dropping its
/// cached evaluations) only when the grid's candidates changed since the last call. A nested call
/// builds its own engine.
pub fn with_force_engine<R>(grid: &Grid, f: impl FnOnce(&mut ForceEngine) -> R) -> R {
    ENGINE.with(|slot| match slot.try_borrow_mut() {
        Ok(mut slot) => {
            let engine = match slot.as_mut() {
                Some(engine) if engine.links.planes == *grid.planes() => engine,
                _ => slot.insert(Box::new(ForceEngine::new(grid))),
            };
            f(engine)
        }
        Err(_) => f(&mut ForceEngine::new(grid)),
    })
}

impl ForceEngine {
    /// An engine for `grid` with nothing evaluated yet.
    pub fn new(grid: &Grid) -> ForceEngine {
        ForceEngine {
            links: SuperLinks::new(grid),
            cache: [EvaluationCache::new(), EvaluationCache::new()],
            parents: vec![
                Parent {
                    from: 0,
                    via: Via::Origin
                };
                NODES
            ],
            queue: vec![0; NODES],
        }
    }

    /// The state's super links.
    pub fn links(&self) -> &SuperLinks {
        &self.links
    }

    /// What assuming `digit` true in `cell` proves (cached for this state).
    pub fn evaluate(&mut self, cell: usize, digit: usize) -> Evaluation {
        self.evaluate_assuming(cell, digit, true)
    }

    /// What assuming `digit` in `cell` true (`on`) or false proves (cached per polarity for this
    /// state).
    pub fn evaluate_assuming(&mut self, cell: usize, digit: usize, on: bool) -> Evaluation {
        let index = candidate_index(cell, digit);
        let (word, bit) = (index / 128, 1u128 << (index % 128));
        let polarity = usize::from(!on);
        if self.cache[polarity].done[word] & bit == 0 {
            EVALUATIONS.with(|n| n.set(n.get() + 1));
            let evaluation = self.walk(cell, digit, on);
            let cache = &mut self.cache[polarity];
            cache.evaluations[index] = evaluation;
            cache.done[word] |= bit;
        }
        self.cache[polarity].evaluations[index]
    }

    /// The branch from `cell`#`digit` assumed true to `target` (as the walk reached it), or
    /// `None` when the walk does not reach it.
    pub fn branch(
        &mut self,
        cell: usize,
        digit: usize,
        target: (usize, usize, bool),
    ) -> Option<Vec<SuperLink>> {
        self.branches(cell, digit, &[target]).pop().flatten()
    }

    /// The branches from `cell`#`digit` assumed true to each of `targets`, from one walk.
    pub fn branches(
        &mut self,
        cell: usize,
        digit: usize,
        targets: &[(usize, usize, bool)],
    ) -> Vec<Option<Vec<SuperLink>>> {
        self.branches_assuming(cell, digit, true, targets)
    }

    /// The branches from `cell`#`digit` assumed true (`on`) or false to each of `targets`, from
    /// one walk.
    pub fn branches_assuming(
        &mut self,
        cell: usize,
        digit: usize,
        on: bool,
        targets: &[(usize, usize, bool)],
    ) -> Vec<Option<Vec<SuperLink>>> {
        let evaluation = self.walk(cell, digit, on);
        targets
            .iter()
            .map(|&(t_cell, t_digit, t_on)| {
                let reached = if t_on {
                    evaluation.on[t_digit].contains(t_cell)
                } else {
                    evaluation.off[t_digit].contains(t_cell)
                };
                reached.then(|| self.trace(node_id(t_cell, t_digit, t_on)))
            })
            .collect()
    }

    /// The links of the last walk from its origin to `node`.
    fn trace(&self, mut node: usize) -> Vec<SuperLink> {
        let mut links = Vec::new();
        loop {
            let parent = self.parents[node];
            let to = plain_node(node);
            let from = plain_node(parent.from as usize);
            match parent.via {
                Via::Origin => break,
                Via::Weak => links.push(SuperLink {
                    kind: LinkKind::Weak,
                    from,
                    to,
                    als: Bits81::EMPTY,
                }),
                Via::Strong => links.push(SuperLink {
                    kind: LinkKind::Strong,
                    from,
                    to,
                    als: Bits81::EMPTY,
                }),
                Via::Group(id) => {
                    let group = self.links.groups[id as usize];
                    let entry = SuperNode {
                        cells: group.from,
                        digit: group.digit,
                        on: false,
                    };
                    let target_group = SuperNode {
                        cells: group.to,
                        digit: group.digit,
                        on: true,
                    };
                    if to.on {
                        links.push(SuperLink {
                            kind: LinkKind::Strong,
                            from: entry,
                            to,
                            als: Bits81::EMPTY,
                        });
                    } else {
                        links.push(SuperLink {
                            kind: LinkKind::Weak,
                            from: target_group,
                            to,
                            als: Bits81::EMPTY,
                        });
                        links.push(SuperLink {
                            kind: LinkKind::Strong,
                            from: entry,
                            to: target_group,
                            als: Bits81::EMPTY,
                        });
                    }
                }
                Via::Als(id) => {
                    let set = &self.links.als[id as usize];
                    links.push(SuperLink {
                        kind: if to.on {
                            LinkKind::Strong
                        } else {
                            LinkKind::Weak
                        },
                        from: SuperNode {
                            cells: set.digit_cells[from.digit as usize],
                            ..from
                        },
                        to,
                        als: set.cells,
                    });
                }
            }
            node = parent.from as usize;
        }
        links.reverse();
        links
    }

    /// The breadth-first walk from `cell`#`digit` assumed true (`on`) or false; fills
    /// `parents`.
    fn walk(&mut self, cell: usize, digit: usize, on: bool) -> Evaluation {
        let links = &self.links;
        let mut walk = Walk {
            evaluation: Evaluation::EMPTY,
            parents: &mut self.parents,
            queue: &mut self.queue,
            tail: 0,
        };
        let origin = node_id(cell, digit, on);
        walk.reach(cell, digit, on, origin, Via::Origin);
        let mut head = 0;
        while head < walk.tail && walk.evaluation.contradiction.is_none() {
            let node = walk.queue[head] as usize;
            head += 1;
            let (c, d, on) = node_parts(node);
            if on {
                let off = walk.evaluation.off[d];
                for peer in (PEERS[c] & links.planes[d]).and_not(off) {
                    walk.reach(peer, d, false, node, Via::Weak);
                }
                let mut others = links.masks[c] & !(1 << d);
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    if !walk.evaluation.off[e].contains(c) {
                        walk.reach(c, e, false, node, Via::Weak);
                    }
                }
                continue;
            }
            for partner in links.strong[d][c].and_not(walk.evaluation.on[d]) {
                walk.reach(partner, d, true, node, Via::Strong);
            }
            let mask = links.masks[c];
            let rest = mask & !(1 << d);
            if rest != 0 && rest & (rest - 1) == 0 {
                let e = rest.trailing_zeros() as usize;
                if !walk.evaluation.on[e].contains(c) {
                    walk.reach(c, e, true, node, Via::Strong);
                }
            }
            let index = candidate_index(c, d);
            let groups = links.group_start[index] as usize..links.group_start[index + 1] as usize;
            for &id in &links.group_at[groups] {
                let group = &links.groups[id as usize];
                if !group.from.is_subset_of(walk.evaluation.off[d]) {
                    continue;
                }
                if group.to.is_single() {
                    let target = group.to.first().unwrap();
                    if !walk.evaluation.on[d].contains(target) {
                        walk.reach(target, d, true, node, Via::Group(id));
                    }
                } else {
                    for target in group.seen_by_to.and_not(walk.evaluation.off[d]) {
                        walk.reach(target, d, false, node, Via::Group(id));
                    }
                }
            }
            let sets = links.als_start[index] as usize..links.als_start[index + 1] as usize;
            for &id in &links.als_at[sets] {
                let set = &links.als[id as usize];
                if !set.digit_cells[d].is_subset_of(walk.evaluation.off[d]) {
                    continue;
                }
                let mut others = set.digits & !(1 << d);
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let single = links.als_single[id as usize][e];
                    if single != u8::MAX && !walk.evaluation.on[e].contains(single as usize) {
                        walk.reach(single as usize, e, true, node, Via::Als(id));
                    }
                    let seen = links.als_seen[id as usize][e].and_not(walk.evaluation.off[e]);
                    for target in seen {
                        walk.reach(target, e, false, node, Via::Als(id));
                    }
                }
            }
        }
        walk.evaluation
    }
}

/// One walk's state.
struct Walk<'a> {
    evaluation: Evaluation,
    parents: &'a mut [Parent],
    queue: &'a mut [u16],
    tail: usize,
}

impl Walk<'_> {
    /// Marks (cell, digit) proved `on` (true) or false, reached from node `from`.
    #[inline]
    fn reach(&mut self, cell: usize, digit: usize, on: bool, from: usize, via: Via) {
        let (mine, theirs) = if on {
            (&mut self.evaluation.on[digit], self.evaluation.off[digit])
        } else {
            (&mut self.evaluation.off[digit], self.evaluation.on[digit])
        };
        if mine.contains(cell) {
            return;
        }
        mine.insert(cell);
        let node = node_id(cell, digit, on);
        self.parents[node] = Parent {
            from: from as u16,
            via,
        };
        self.queue[self.tail] = node as u16;
        self.tail += 1;
        if theirs.contains(cell) && self.evaluation.contradiction.is_none() {
            self.evaluation.contradiction = Some((cell as u8, digit as u8));
        }
    }
}

#[inline]
fn node_id(cell: usize, digit: usize, on: bool) -> usize {
    candidate_index(cell, digit) + if on { 0 } else { CANDIDATES }
}

#[inline]
fn node_parts(node: usize) -> (usize, usize, bool) {
    let on = node < CANDIDATES;
    let index = node % CANDIDATES;
    (index % 81, index / 81, on)
}

fn plain_node(node: usize) -> SuperNode {
    let (cell, digit, on) = node_parts(node);
    SuperNode {
        cells: Bits81::cell(cell),
        digit: digit as u8,
        on,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cell_at;
    use crate::core::test_support::with_cells;

    #[test]
    fn a_true_candidate_proves_its_peers_and_cell_mates_false() {
        let g = with_cells(&[(0, &[1, 2]), (1, &[2, 3])]);
        let mut engine = ForceEngine::new(&g);
        let ev = engine.evaluate(0, 0);
        assert!(ev.on[0].contains(0));
        assert!(ev.off[1].contains(0), "in-cell weak link");
        assert!(ev.off[0].contains(cell_at(0, 5)), "weak link in the row");
        // r1c2 {2,3} holds no 1: nothing reaches it.
        assert!(!ev.on[2].contains(1));
        let ev2 = engine.evaluate(0, 1);
        assert!(ev2.off[1].contains(1));
        assert!(ev2.on[2].contains(1), "bivalue r1c2: 2 false ⇒ 3 true");
        let branch = engine.branch(0, 1, (1, 2, true)).unwrap();
        assert_eq!(
            branch_text(&branch),
            "[W r1c1/+2 -> r1c2/-2] => [S r1c2/-2 -> r1c2/+3]"
        );
        assert_eq!(evaluations_run_delta_is_cached(&mut engine), 0);
    }

    fn evaluations_run_delta_is_cached(engine: &mut ForceEngine) -> u64 {
        let before = evaluations_run();
        engine.evaluate(0, 0);
        engine.evaluate(0, 1);
        evaluations_run() - before
    }

    #[test]
    fn a_false_candidate_proves_its_strong_partners_true() {
        // r1c1 {1,2} and r1c2 {2,3}; digit 5 of row 9 only in r9c8 and r9c9 (conjugate pair).
        let mut g = with_cells(&[(0, &[1, 2]), (1, &[2, 3])]);
        for col in 0..7 {
            g.eliminate(cell_at(8, col), 4);
        }
        let mut engine = ForceEngine::new(&g);
        let before = evaluations_run();
        let ev = engine.evaluate_assuming(0, 0, false);
        assert!(ev.off[0].contains(0), "the origin is proved false");
        assert!(!ev.on[0].contains(0));
        assert!(ev.on[1].contains(0), "bivalue r1c1: 1 false ⇒ 2 true");
        assert!(ev.off[1].contains(1), "r1c1#2 true ⇒ r1c2#2 false");
        assert!(ev.on[2].contains(1), "bivalue r1c2: 2 false ⇒ 3 true");
        assert!(ev.contradiction.is_none());
        let branch = engine.branches_assuming(0, 0, false, &[(0, 1, true)]);
        assert_eq!(
            branch_text(branch[0].as_ref().unwrap()),
            "[S r1c1/-1 -> r1c1/+2]"
        );
        let r9c8 = cell_at(8, 7);
        let ev = engine.evaluate_assuming(r9c8, 4, false);
        assert!(ev.on[4].contains(cell_at(8, 8)), "conjugate partner true");
        assert!(
            ev.off[4].contains(cell_at(0, 8)),
            "then its column peers false"
        );
        let branch = engine.branches_assuming(r9c8, 4, false, &[(cell_at(0, 8), 4, false)]);
        assert_eq!(
            branch_text(branch[0].as_ref().unwrap()),
            "[S r9c8/-5 -> r9c9/+5] => [W r9c9/+5 -> r1c9/-5]"
        );
        // The true origin of the same candidate is a separate, separately cached evaluation.
        let ev_true = engine.evaluate_assuming(r9c8, 4, true);
        assert!(ev_true.on[4].contains(r9c8) && ev_true.off[4].contains(cell_at(8, 8)));
        assert_eq!(evaluations_run() - before, 3);
        engine.evaluate_assuming(0, 0, false);
        engine.evaluate_assuming(r9c8, 4, false);
        engine.evaluate(r9c8, 4);
        assert_eq!(evaluations_run() - before, 3, "cache hits run no walk");
    }

    #[test]
    fn a_false_origin_that_contradicts_is_true() {
        // r1c1 {1,2}, r1c2 {2,3}, r1c3 {2,3}: r1c1#1 false ⇒ r1c1#2 true ⇒ r1c2 and r1c3 both 3.
        let g = with_cells(&[(0, &[1, 2]), (1, &[2, 3]), (2, &[2, 3])]);
        let mut engine = ForceEngine::new(&g);
        let ev = engine.evaluate_assuming(0, 0, false);
        let (x_cell, x_digit) = ev.contradiction.expect("r1c1#1 false is contradictory");
        assert_eq!(x_digit, 2);
        assert!([1, 2].contains(&x_cell));
        assert!(engine.evaluate(0, 0).contradiction.is_none());
        let pair = engine.branches_assuming(
            0,
            0,
            false,
            &[
                (x_cell as usize, x_digit as usize, true),
                (x_cell as usize, x_digit as usize, false),
            ],
        );
        for branch in &pair {
            let branch = branch.as_ref().unwrap();
            assert_eq!(branch[0].from.to_string(), "r1c1/-1");
        }
    }

    #[test]
    fn super_links_print_in_gnpx_notation() {
        let link = SuperLink {
            kind: LinkKind::Strong,
            from: SuperNode {
                cells: Bits81::cell(cell_at(1, 3)),
                digit: 0,
                on: false,
            },
            to: SuperNode {
                cells: Bits81::cell(cell_at(3, 3)),
                digit: 2,
                on: true,
            },
            als: [1, 3, 5, 7].iter().map(|&r| cell_at(r, 3)).collect(),
        };
        assert_eq!(link.to_string(), "[S (ALS:r2468c4) r2c4/-1 -> r4c4/+3]");
    }
}
