//! Producers 23–27 (SE.md §5.4): per cell and candidate, the on and off propagations, their
//! contradictions and double forcings, the region chains, and after the cell's candidates its
//! cell chains, in SE's generation order.

use std::borrow::Cow;

use crate::core::HOUSE_SETS;

use super::bonus::{difficulty, dynamic_base};
use super::collect::{Collector, Hash128, Kind, Rec, Rendered};
use super::engine::{Engine, Pool, Prod, Prop, NOT_KEPT};
use super::nodes::{brc_houses, cell_of, digit_of, is_on, node, Cands, NodeSet, CAUSE_CELL, NONE};
use super::text::{node_name, path_text, prop_path};

/// Propagation slots of one depth: 9 on runs, the off run, 8 region branches.
const SLOTS: usize = 18;
const OFF_RUN: usize = 9;
const BRANCH: usize = 10;
/// A region branch slot naming a run of `Pool::kept` instead of `Pool::props`.
const KEPT: usize = 1 << 15;

/// One instance a hint's chains end in: a node of a propagation, or its clash instance.
#[derive(Clone, Copy)]
pub struct Target<'a> {
    /// The propagation.
    pub prop: &'a Prop,
    /// The node.
    pub node: u16,
    /// Whether it is the unstored instance of the propagation's clash.
    pub clash: bool,
}

impl<'a> Target<'a> {
    fn stored(prop: &'a Prop, node: u16) -> Target<'a> {
        Target {
            prop,
            node,
            clash: false,
        }
    }

    /// The instance's ancestor set.
    pub fn anc(&self) -> Cow<'a, NodeSet> {
        if self.clash {
            Cow::Borrowed(&self.prop.clash.as_ref().expect("clash").anc)
        } else {
            self.prop.anc_of(self.node)
        }
    }

    /// The instance's ancestor count.
    pub fn count(&self) -> u32 {
        if self.clash {
            self.prop.clash.as_ref().expect("clash").anc.count()
        } else {
            self.prop.anc_count(self.node)
        }
    }
}

/// The base difficulty of a producer.
pub fn base(prod: Prod) -> f64 {
    match prod {
        Prod::Static => 7.0,
        Prod::Nishio => 7.5,
        Prod::Multiple => 8.0,
        Prod::Dynamic(level) => dynamic_base(level),
    }
}

/// Producer `prod` (Nishio, Multiple or Dynamic) on `grid`, into `out`.
pub fn search(engine: &mut Engine, depth: usize, grid: &Cands, prod: Prod, out: &mut Collector) {
    let mut pool = engine.take_pool(depth, SLOTS);
    let mut draft = Draft {
        wanted: crate::techniques::trace::explanations_wanted(),
        ..Draft::default()
    };
    // The branch sets kept by `regions` are this grid's: none is known yet.
    pool.known = [0; 9];
    pool.release_all();
    if prod == Prod::Multiple {
        // Producer 21 built the same lists on this grid (at the top, it ran just before
        // on the same grid): taken from there instead of built again.
        if engine.links.is_for(grid) {
            std::mem::swap(&mut engine.links, &mut engine.links_static);
        }
        engine.links_static.build(grid);
    }
    let min = if prod == Prod::Multiple { 3 } else { 2 };
    let mut digits = [0usize; 9];
    for x in 0..81 {
        let mask = grid.masks[x];
        let count = mask.count_ones() as usize;
        if count < min {
            // Runs kept for this cell's candidates are of no further use: a branch comes
            // after its house's first position, which the main loop has passed.
            let mut m = mask;
            while m != 0 {
                pool.take_kept(x * 9 + m.trailing_zeros() as usize);
                m &= m - 1;
            }
            continue;
        }
        let mut m = mask;
        for slot in digits.iter_mut().take(count) {
            *slot = m.trailing_zeros() as usize;
            m &= m - 1;
        }
        for (i, &d) in digits[..count].iter().enumerate() {
            {
                // The on run was made already when it was a region branch of an earlier
                // cell (the same run on the same grid): it is taken as it is.
                if let Some(k) = pool.take_kept(x * 9 + d) {
                    let Pool { props, kept, .. } = &mut pool;
                    std::mem::swap(&mut props[i], &mut kept[k]);
                } else {
                    let on = &mut pool.props[i];
                    engine.propagate(depth, on, grid, prod, &[node(x, d, true)], &[]);
                }
                // Only contradictions and double chains read the off run, and Multiple
                // Forcing Chains has neither (a static run changes nothing else).
                if prod != Prod::Multiple {
                    let off = &mut pool.props[OFF_RUN];
                    engine.propagate(depth, off, grid, prod, &[], &[node(x, d, false)]);
                }
            }
            let on = &pool.props[i];
            let off = &pool.props[OFF_RUN];
            if prod != Prod::Multiple {
                if let Some(clash) = &on.clash {
                    let targets = [
                        clash_target(on, clash.on, clash.new_on),
                        clash_target(on, clash.off, !clash.new_on),
                    ];
                    let mut elims = [0u128; 9];
                    elims[d] = 1u128 << x;
                    emit(
                        grid,
                        prod,
                        Kind::Contradiction,
                        &targets,
                        elims,
                        None,
                        [0; 9],
                        out,
                        &mut draft,
                        Headline::Clash(node(x, d, true), clash.on),
                    );
                }
                if let Some(clash) = &off.clash {
                    let targets = [
                        clash_target(off, clash.on, clash.new_on),
                        clash_target(off, clash.off, !clash.new_on),
                    ];
                    let (elims, result) = place(grid, x, d);
                    emit(
                        grid,
                        prod,
                        Kind::Contradiction,
                        &targets,
                        elims,
                        result,
                        [0; 9],
                        out,
                        &mut draft,
                        Headline::Clash(node(x, d, false), clash.on),
                    );
                }
            }
            if matches!(prod, Prod::Dynamic(_)) && count >= 3 {
                for &n in &on.ons {
                    if off.set.contains(n) {
                        let targets = [Target::stored(on, n), Target::stored(off, n)];
                        let (elims, result) = place(grid, cell_of(n), digit_of(n));
                        emit(
                            grid,
                            prod,
                            Kind::Double,
                            &targets,
                            elims,
                            result,
                            [0; 9],
                            out,
                            &mut draft,
                            Headline::Double(node(x, d, true), n),
                        );
                    }
                }
                for &n in &on.offs {
                    if off.set.contains(n) {
                        let targets = [Target::stored(on, n), Target::stored(off, n)];
                        let mut elims = [0u128; 9];
                        elims[digit_of(n)] = 1u128 << cell_of(n);
                        emit(
                            grid,
                            prod,
                            Kind::Double,
                            &targets,
                            elims,
                            None,
                            [0; 9],
                            out,
                            &mut draft,
                            Headline::Double(node(x, d, true), n),
                        );
                    }
                }
            }
            if prod != Prod::Nishio {
                regions(
                    engine, depth, &mut pool, grid, prod, x, d, i, out, &mut draft,
                );
            }
        }
        if prod != Prod::Nishio {
            let runs = &pool.props[..count];
            let mut cause = [0u128; 9];
            for plane in cause.iter_mut() {
                *plane |= 1u128 << x;
            }
            for pass in 0..2 {
                let list = if pass == 0 {
                    &runs[0].ons
                } else {
                    &runs[0].offs
                };
                for &n in list {
                    if runs[1..].iter().all(|r| r.set.contains(n)) {
                        // On the stack: a cell has at most 9 candidates.
                        let mut targets = [Target::stored(&runs[0], n); 9];
                        for (t, r) in targets.iter_mut().zip(runs) {
                            *t = Target::stored(r, n);
                        }
                        let targets = &targets[..count];
                        let (elims, result) = if is_on(n) {
                            place(grid, cell_of(n), digit_of(n))
                        } else {
                            let mut e = [0u128; 9];
                            e[digit_of(n)] = 1u128 << cell_of(n);
                            (e, None)
                        };
                        emit(
                            grid,
                            prod,
                            Kind::Cell,
                            targets,
                            elims,
                            result,
                            cause,
                            out,
                            &mut draft,
                            Headline::Cell(x as u8, n),
                        );
                    }
                }
            }
        }
    }
    engine.give_pool(depth, pool);
    // The text of the hint taken, made from its draft (the best is this search's).
    if let Some(best) = out.best.as_mut() {
        if draft.gen == Some(best.gen) {
            best.text = Some(Box::new(draft.render()));
        }
    }
}

/// The region chains of (x, d) (§5.4, item 2): houses where x is d's first position.
#[allow(clippy::too_many_arguments)]
fn regions(
    engine: &mut Engine,
    depth: usize,
    pool: &mut Pool,
    grid: &Cands,
    prod: Prod,
    x: usize,
    d: usize,
    run: usize,
    out: &mut Collector,
    draft: &mut Draft,
) {
    for house in brc_houses(x) {
        let positions = grid.planes[d] & HOUSE_SETS[house].0;
        if positions.count_ones() < 2 || positions.trailing_zeros() as usize != x {
            continue;
        }
        // Branch slots: the cell's own on run, then fresh runs for the other positions. The
        // targets are the nodes of every branch; at the top, a target whose complexity so far
        // plus 2 per branch still to run (a target has itself and its branch's assumption as
        // ancestors) cannot beat the best is dropped, and once none is left the remaining
        // branches are not run.
        let n = positions.count_ones() as usize;
        // The targets are common to every branch, and pruning only drops some, so when the
        // branches' node sets share nothing the house gives no hint: test that first, from
        // the branch sets this search already made (a branch is the on run of one position,
        // asked again by each house that holds it and by nothing else) and making the rest
        // into their branch slots, where the run below finds them. Most houses stop here
        // (the branches' sets share the house's other off nodes until the last branch).
        // A branch made here is kept whole (`Pool::kept`) for the branch runs below and for
        // the main loop at its cell; when the keep is full it runs in its branch slot.
        let mut all = pool.props[run].set;
        let mut made = 0u32;
        let mut bits = positions & !(1u128 << x);
        let mut j = 0;
        while bits != 0 {
            let y = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = y * 9 + d;
            if pool.known[d] >> y & 1 == 0 {
                let assume = [node(y, d, true)];
                let slot = match pool.keep(c) {
                    Some(k) => &mut pool.kept[k],
                    None => {
                        made |= 1 << j;
                        &mut pool.props[BRANCH + j]
                    }
                };
                engine.propagate(depth, slot, grid, prod, &assume, &[]);
                pool.on_sets[c] = slot.set;
                pool.known[d] |= 1u128 << y;
            }
            all = all.and(&pool.on_sets[c]);
            if all.0.iter().all(|&w| w == 0) {
                break;
            }
            j += 1;
        }
        if all.0.iter().all(|&w| w == 0) {
            continue;
        }
        let limit = out.complexity_limit(difficulty_fn(prod), Kind::Region);
        // The targets are the nodes of `all` (every branch's set, as the test above left
        // it) whose complexity fits: pruning only drops nodes of it, so it starts there
        // rather than from the cell's own run.
        let mut common = all;
        // The per-node sums live in the engine, one buffer per depth (a fresh 1458-entry
        // array per region was a measurable memset); only the entries of the common nodes
        // are read, so only those are cleared.
        if engine.sums.len() <= depth {
            engine.sums.resize_with(depth + 1, Vec::new);
        }
        let mut sums = std::mem::take(&mut engine.sums[depth]);
        sums.resize(super::nodes::NODES, 0);
        // Where each branch's run is: a slot of `props`, or (`KEPT` set) of `kept`.
        let mut slots = [0usize; 9];
        slots[0] = run;
        if let Some(limit) = limit {
            for t in common.iter() {
                sums[t as usize] = 0;
            }
            prune(
                &pool.props[run],
                &mut common,
                &mut sums,
                2 * (n as u32 - 1),
                limit,
            );
        }
        let mut k = 1;
        let mut bits = positions & !(1u128 << x);
        let mut next = BRANCH;
        while bits != 0 {
            if common.0.iter().all(|&w| w == 0) {
                break;
            }
            let y = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let at = pool.kept_at[y * 9 + d];
            let slot = if at != NOT_KEPT {
                KEPT | at as usize
            } else {
                if made >> (next - BRANCH) & 1 == 0 {
                    engine.propagate(
                        depth,
                        &mut pool.props[next],
                        grid,
                        prod,
                        &[node(y, d, true)],
                        &[],
                    );
                }
                next
            };
            let prop = prop_at(pool, slot);
            common = common.and(&prop.set);
            if let Some(limit) = limit {
                let rest = 2 * (n - 1 - k) as u32;
                prune(prop, &mut common, &mut sums, rest, limit);
            }
            slots[k] = slot;
            next += 1;
            k += 1;
        }
        engine.sums[depth] = sums;
        if k < n {
            continue;
        }
        let mut cause = [0u128; 9];
        cause[d] = HOUSE_SETS[house].0;
        let own = &pool.props[run];
        for pass in 0..2 {
            let list = if pass == 0 { &own.ons } else { &own.offs };
            for &t in list {
                if common.contains(t) {
                    // On the stack: a house has at most 9 positions.
                    let mut targets = [Target::stored(own, t); 9];
                    for (target, &s) in targets.iter_mut().zip(&slots[..n]) {
                        *target = Target::stored(prop_at(pool, s), t);
                    }
                    let targets = &targets[..n];
                    let (elims, result) = if is_on(t) {
                        place(grid, cell_of(t), digit_of(t))
                    } else {
                        let mut e = [0u128; 9];
                        e[digit_of(t)] = 1u128 << cell_of(t);
                        (e, None)
                    };
                    emit(
                        grid,
                        prod,
                        Kind::Region,
                        targets,
                        elims,
                        result,
                        cause,
                        out,
                        draft,
                        Headline::Region(d as u8, house as u8, t),
                    );
                }
            }
        }
    }
}

/// The run of a region branch slot: `props[slot]`, or `kept[slot & !KEPT]` when the slot has
/// the `KEPT` bit.
#[inline]
fn prop_at(pool: &Pool, slot: usize) -> &Prop {
    if slot & KEPT != 0 {
        &pool.kept[slot & !KEPT]
    } else {
        &pool.props[slot]
    }
}

/// Adds each common node's ancestor count in `prop` to its sum and drops the nodes whose sum
/// plus `rest` exceeds `limit`.
fn prune(prop: &Prop, common: &mut NodeSet, sums: &mut [u32], rest: u32, limit: u32) {
    let snapshot = *common;
    for t in snapshot.iter() {
        sums[t as usize] += prop.anc_count(t);
        if sums[t as usize] + rest > limit {
            common.remove(t);
        }
    }
}

/// The difficulty of a `prod` hint of a complexity.
fn difficulty_fn(prod: Prod) -> impl Fn(u32) -> f64 {
    let base = base(prod);
    move |complexity| difficulty(base, complexity)
}

fn clash_target(prop: &Prop, node: u16, is_new: bool) -> Target<'_> {
    Target {
        prop,
        node,
        clash: is_new,
    }
}

/// An *on* conclusion: the cell's other candidates go, the digit is placed.
fn place(grid: &Cands, cell: usize, digit: usize) -> ([u128; 9], Option<(u8, u8)>) {
    let mut elims = [0u128; 9];
    let mut m = grid.masks[cell] & !(1 << digit);
    while m != 0 {
        let e = m.trailing_zeros() as usize;
        m &= m - 1;
        elims[e] |= 1u128 << cell;
    }
    (elims, Some((cell as u8, digit as u8)))
}

/// Rates a potential hint from its chains' targets and offers it to `out`.
#[allow(clippy::too_many_arguments)]
fn emit(
    _grid: &Cands,
    prod: Prod,
    kind: Kind,
    targets: &[Target],
    elims: [u128; 9],
    result: Option<(u8, u8)>,
    start_cause: [u128; 9],
    out: &mut Collector,
    draft: &mut Draft,
    headline: Headline,
) {
    let gen = out.next_gen();
    if elims.iter().all(|&p| p == 0) {
        return;
    }
    let base = base(prod);
    let flat: u32 = targets.iter().map(|t| t.count()).sum();
    if !out.may_take(difficulty(base, flat), flat, kind) {
        return;
    }
    // Nested chains met in the targets' ancestries, each distinct one once (§5.6).
    let mut nested = 0u32;
    let mut seen: Vec<u128> = Vec::new();
    for t in targets {
        if t.prop.nested_set == NodeSet::EMPTY {
            continue;
        }
        let anc = t.anc();
        if t.prop.nested_set.intersects(&anc) {
            for n in anc.and(&t.prop.nested_set).iter() {
                let (key, cx) = t.prop.nested[n as usize];
                if !seen.contains(&key) {
                    seen.push(key);
                    nested += cx;
                }
            }
        }
    }
    let complexity = flat + nested;
    let diff = difficulty(base, complexity);
    if nested > 0 && !out.may_take(diff, complexity, kind) {
        return;
    }
    let (cause, key) = if out.all {
        rule_cause(targets, start_cause)
    } else {
        ([0; 9], 0)
    };
    let mut cells = 0u128;
    for t in targets {
        cells |= 1u128 << cell_of(t.node);
    }
    out.push(Rec {
        difficulty: diff,
        complexity,
        kind,
        gen,
        elims,
        result,
        cause,
        key,
        cells,
        text: None,
    });
    // The running best's chains are kept as node paths (its propagations are overwritten
    // by the next runs); the text is made only for the hint finally taken, and only where
    // someone reads it (`techniques::trace`).
    if draft.wanted && !out.all && out.best.as_ref().is_some_and(|b| b.gen == gen) {
        draft.gen = Some(gen);
        draft.headline = headline;
        draft.nodes.clear();
        draft.ends.clear();
        for t in targets {
            prop_path(t.prop, t.node, t.clash, &mut draft.nodes);
            draft.ends.push(draft.nodes.len());
        }
    }
}

/// What a chaining hint concludes from what, as its text's headline says it.
#[derive(Clone, Copy, Debug, Default)]
enum Headline {
    /// Not set.
    #[default]
    None,
    /// The assumption, the on node of its clash: `r1c2=5 ⇒ r4c4=3 both on & off`.
    Clash(u16, u16),
    /// The on assumption, the node both polarities imply: `r1c2=5 on & off ⇒ r4c4=3`.
    Double(u16, u16),
    /// The cell, the node all its candidates imply: `r1c2 ⇒ r4c4=3`.
    Cell(u8, u16),
    /// The digit, the house, the node all its positions imply: `5 in b1 ⇒ r4c4=3`.
    Region(u8, u8, u16),
}

impl Headline {
    fn text(self) -> String {
        use crate::core::notation::{cell_name, house_name};
        match self {
            Headline::None => String::new(),
            Headline::Clash(a, on) => format!("{} ⇒ {} both on & off", node_name(a), node_name(on)),
            Headline::Double(a, n) => format!("{} on & off ⇒ {}", node_name(a), node_name(n)),
            Headline::Cell(x, n) => format!("{} ⇒ {}", cell_name(x as usize), node_name(n)),
            Headline::Region(d, h, n) => {
                format!("{} in {} ⇒ {}", d + 1, house_name(h as usize), node_name(n))
            }
        }
    }
}

/// The running best hint's text, not yet made: its headline and each target's node path
/// ([`prop_path`]).
#[derive(Default)]
struct Draft {
    /// Whether the text is made at all ([`crate::techniques::trace::explanations_wanted`]):
    /// without it nothing is recorded and `gen` stays `None`.
    wanted: bool,
    /// Generation index of the hint it belongs to.
    gen: Option<u32>,
    headline: Headline,
    /// Every chain's path entries, one chain after another.
    nodes: Vec<u32>,
    /// End of each chain in `nodes`.
    ends: Vec<usize>,
}

impl Draft {
    fn render(&self) -> Rendered {
        let mut from = 0;
        let chains = self
            .ends
            .iter()
            .map(|&end| {
                let text = path_text(&self.nodes[from..end]);
                from = end;
                text
            })
            .collect();
        Rendered {
            headline: self.headline.text(),
            chains,
        }
    }
}

/// The pattern of a chaining hint's rule parents (§5.5): for each on node of the targets'
/// ancestries made by R3, its cell's candidates; by R4, its digit's positions in that house;
/// and the starting cell or house of a cell or region chain. Also the FullChain identity.
fn rule_cause(targets: &[Target], start_cause: [u128; 9]) -> ([u128; 9], u128) {
    let mut cause = start_cause;
    let mut hash = Hash128::new();
    for t in targets {
        hash.add(t.node as u64 | (t.clash as u64) << 16);
        let anc = t.anc();
        for (i, &w) in anc.0.iter().enumerate() {
            hash.add(w);
            // On nodes have odd ids.
            let mut ons = w & 0xAAAA_AAAA_AAAA_AAAA;
            while ons != 0 {
                let b = ons.trailing_zeros() as usize;
                ons &= ons - 1;
                let n = (i * 64 + b) as u16;
                let c = if t.clash && n == t.node {
                    t.prop.clash.as_ref().map_or(NONE as u8, |c| c.cause)
                } else {
                    t.prop.cause(n)
                };
                let (cell, d) = (cell_of(n), digit_of(n));
                if c == CAUSE_CELL {
                    for plane in cause.iter_mut() {
                        *plane |= 1u128 << cell;
                    }
                } else if (c as usize) < 27 {
                    cause[d] |= HOUSE_SETS[c as usize].0;
                }
            }
        }
    }
    (cause, hash.value())
}
