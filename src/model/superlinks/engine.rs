//! The memoized forcing evaluation: [`ForceEngine`] walks the super links from one assumed
//! candidate, caches what each origin proves, and traces the branch to any node it reached.

use std::cell::{Cell, RefCell};

use super::nodes::{SuperLink, SuperNode};
use super::{candidate_index, SuperLinks, CANDIDATES, NODES};
use crate::core::{Bits81, Grid, PEERS};
use crate::model::links::LinkKind;

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
                Some(engine) => {
                    engine.reset(grid);
                    engine
                }
                None => slot.insert(Box::new(ForceEngine::new(grid))),
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

    /// Makes this the engine of `grid`, with nothing evaluated: what `new` makes, but keeping
    /// the caches' and the walk's buffers (some 450 KB, which a new engine for every state
    /// filled again).
    fn reset(&mut self, grid: &Grid) {
        self.links = SuperLinks::new(grid);
        for cache in &mut self.cache {
            cache.done = [0; 6];
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
            for &(id, from) in &links.group_at[groups] {
                if !from.is_subset_of(walk.evaluation.off[d]) {
                    continue;
                }
                let group = &links.groups[id as usize];
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
            for &(id, holders) in &links.als_at[sets] {
                if !holders.is_subset_of(walk.evaluation.off[d]) {
                    continue;
                }
                let set = &links.als[id as usize];
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
    use crate::model::superlinks::branch_text;

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
}
