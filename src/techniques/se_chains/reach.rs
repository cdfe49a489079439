//! Which of producer 21's layered searches can find anything, decided for all of them at once
//! from the reachability of its static implication graph (one graph per pass).
//!
//! A forcing-chain search from a node is a breadth-first search that visits every node it can
//! reach and stops at the first instance of the opposite node: it yields a hint exactly when
//! the opposite node is reachable. A cycle search from `A on` closes a cycle only through an
//! off node that implies `A on` and that `A on` reaches, so such an off node must lie in `A
//! on`'s strongly connected component. Searches that fail these tests make no hint, and draw
//! no generation index (a hint's index is drawn when its closing node is met), so skipping
//! them leaves every collected hint and its order unchanged. On the hardest grids most
//! searches find nothing and each of them would have walked the whole graph; the test costs
//! one Tarjan pass and a bit-set union per component edge.

use super::nodes::{is_on, node, opposite, Cands, Links, Rules, NODES, NONE};

/// The reachability facts of one grid under one pass's rules (buffers reused).
#[derive(Default)]
pub struct Reach {
    /// Dense id of each candidate's nodes (entries of non-candidates are stale: the rules
    /// lead to candidates only, so they are never read).
    dense: Vec<u16>,
    /// Node of each dense id.
    nodes: Vec<u16>,
    /// Strongly connected component of each dense id.
    comp: Vec<u32>,
    /// 64-bit words of a dense node set.
    words: usize,
    /// Every component's reachable nodes (itself included), `words` words each; only the
    /// words `span` names are written (the others hold stale data and are never read).
    reach: Vec<u64>,
    /// First and last word of each component's reach set that can be non-zero (dense ids
    /// go digit by digit, and the X pass never leaves a digit, so its sets stay narrow).
    span: Vec<(u32, u32)>,
    /// The component a component's set was last merged into (each merged once).
    merged: Vec<u32>,
    /// Whether `reach` is kept (the Y pass needs the components only).
    keep_reach: bool,
    /// Whether an on node (dense id) has an off predecessor in its own component.
    cyclic: Vec<bool>,
    /// Tarjan's visit number of each dense id (`UNSEEN`, or `DONE` once its component is
    /// closed, so that closed nodes never lower a `low`).
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    /// Tarjan's call stack: (dense id, next edge, end of its edges).
    call: Vec<(u32, u32, u32)>,
    /// Start of each dense node's successors in `adj` (one extra entry closing the last).
    adj_at: Vec<u32>,
    /// The successors as dense ids, flat.
    adj: Vec<u32>,
}

const UNSEEN: u32 = 0;
const DONE: u32 = u32::MAX;

impl Reach {
    /// The facts of the graph of `links` (built on `grid`) under `rules`; `keep_reach`:
    /// whether [`Reach::forcing_possible`] will be asked.
    pub fn build(&mut self, grid: &Cands, links: &Links, rules: Rules, keep_reach: bool) {
        self.keep_reach = keep_reach;
        if self.dense.len() < NODES {
            self.dense.resize(NODES, NONE);
        }
        self.nodes.clear();
        for (d, &plane) in grid.planes.iter().enumerate() {
            let mut cells = plane;
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let off = node(cell, d, false);
                let id = self.nodes.len() as u16;
                self.dense[off as usize] = id;
                self.dense[off as usize + 1] = id + 1;
                self.nodes.push(off);
                self.nodes.push(off + 1);
            }
        }
        let count = self.nodes.len();
        self.words = count.div_ceil(64).max(1);
        // The graph as dense successor lists, read by the component search and the merges.
        self.adj_at.clear();
        self.adj.clear();
        let dense = &self.dense;
        for &n in &self.nodes {
            self.adj_at.push(self.adj.len() as u32);
            if is_on(n) {
                let succ = links.on_to_off(n, rules);
                self.adj
                    .extend(succ.iter().map(|&q| u32::from(dense[q as usize])));
            } else {
                let succ = links.off_to_on(n, rules);
                self.adj
                    .extend(succ.iter().map(|&(q, _)| u32::from(dense[q as usize])));
            }
        }
        self.adj_at.push(self.adj.len() as u32);
        self.comp.clear();
        self.comp.resize(count, 0);
        self.index.clear();
        self.index.resize(count, UNSEEN);
        self.low.clear();
        self.low.resize(count, 0);
        self.stack.clear();
        self.span.clear();
        self.merged.clear();
        if keep_reach && self.reach.len() < count * self.words {
            // Components never outnumber nodes; rows are cleared as they are written.
            self.reach.resize(count * self.words, 0);
        }
        // Tarjan over local slices (the buffers taken out of `self`, so that the compiler
        // keeps their addresses in registers instead of reloading them after every store).
        let adj = std::mem::take(&mut self.adj);
        let adj_at = std::mem::take(&mut self.adj_at);
        let mut index = std::mem::take(&mut self.index);
        let mut low = std::mem::take(&mut self.low);
        let mut call = std::mem::take(&mut self.call);
        let mut next = 1u32;
        let mut comps = 0u32;
        for root in 0..count as u32 {
            if index[root as usize] != UNSEEN {
                continue;
            }
            index[root as usize] = next;
            low[root as usize] = next;
            next += 1;
            self.stack.push(root);
            call.push((root, adj_at[root as usize], adj_at[root as usize + 1]));
            while let Some(frame) = call.last_mut() {
                let (v, at, end) = *frame;
                if at < end {
                    frame.1 += 1;
                    let w = adj[at as usize];
                    let iw = index[w as usize];
                    if iw == UNSEEN {
                        index[w as usize] = next;
                        low[w as usize] = next;
                        next += 1;
                        self.stack.push(w);
                        call.push((w, adj_at[w as usize], adj_at[w as usize + 1]));
                    } else if iw < low[v as usize] {
                        // `DONE` (a closed component) never lowers it.
                        low[v as usize] = iw;
                    }
                    continue;
                }
                call.pop();
                let lv = low[v as usize];
                if let Some(&(u, _, _)) = call.last() {
                    if lv < low[u as usize] {
                        low[u as usize] = lv;
                    }
                }
                if lv == index[v as usize] {
                    self.close(v, comps, &adj, &adj_at, &mut index);
                    comps += 1;
                }
            }
        }
        self.adj = adj;
        self.adj_at = adj_at;
        self.index = index;
        self.low = low;
        self.call = call;
        // On nodes closable into a cycle: an off predecessor in the same component.
        self.cyclic.clear();
        self.cyclic.resize(count, false);
        for v in (0..count).step_by(2) {
            // Dense ids pair (off, on): the even ones are the off nodes.
            let cv = self.comp[v];
            for e in self.adj_at[v]..self.adj_at[v + 1] {
                let w = self.adj[e as usize] as usize;
                if self.comp[w] == cv {
                    self.cyclic[w] = true;
                }
            }
        }
    }

    /// Pops the component rooted at `v` as number `c` and gathers what it reaches. Tarjan
    /// closes a component after every component it reaches, so their sets are complete.
    fn close(&mut self, v: u32, c: u32, adj: &[u32], adj_at: &[u32], index: &mut [u32]) {
        let words = self.words;
        let at = self
            .stack
            .iter()
            .rposition(|&w| w == v)
            .expect("the root is on the stack");
        for i in at..self.stack.len() {
            let w = self.stack[i] as usize;
            index[w] = DONE;
            self.comp[w] = c;
        }
        self.merged.push(c);
        if !self.keep_reach {
            self.stack.truncate(at);
            return;
        }
        // The row's span first (members and the components they lead to), so that only
        // those words are cleared and written.
        let (mut lo, mut hi) = (u32::MAX, 0u32);
        for i in at..self.stack.len() {
            let u = self.stack[i] as usize;
            lo = lo.min((u / 64) as u32);
            hi = hi.max((u / 64) as u32);
            for e in adj_at[u]..adj_at[u + 1] {
                let other = self.comp[adj[e as usize] as usize];
                if other == c || self.merged[other as usize] == c {
                    continue;
                }
                self.merged[other as usize] = c;
                let (olo, ohi) = self.span[other as usize];
                lo = lo.min(olo);
                hi = hi.max(ohi);
            }
        }
        let base = c as usize * words;
        let (done, this) = self.reach.split_at_mut(base);
        let row = &mut this[lo as usize..=hi as usize];
        row.fill(0);
        for i in at..self.stack.len() {
            let w = self.stack[i] as usize;
            row[w / 64 - lo as usize] |= 1 << (w % 64);
        }
        // Each component this one leads to is merged once: the first walk marked them `c`,
        // this one unmarks each as it merges it.
        for i in at..self.stack.len() {
            let u = self.stack[i] as usize;
            for e in adj_at[u]..adj_at[u + 1] {
                let other = self.comp[adj[e as usize] as usize];
                if other == c || self.merged[other as usize] != c {
                    continue;
                }
                self.merged[other as usize] = DONE;
                let (olo, ohi) = self.span[other as usize];
                let from = other as usize * words;
                for wi in olo..=ohi {
                    row[(wi - lo) as usize] |= done[from + wi as usize];
                }
            }
        }
        self.span.push((lo, hi));
        self.stack.truncate(at);
    }

    /// Whether the forcing-chain search from `start` can reach the opposite node.
    #[inline]
    pub fn forcing_possible(&self, start: u16) -> bool {
        let c = self.comp[self.dense[start as usize] as usize] as usize;
        let t = self.dense[opposite(start) as usize] as usize;
        let (lo, hi) = self.span[c];
        let w = (t / 64) as u32;
        lo <= w && w <= hi && self.reach[c * self.words + t / 64] >> (t % 64) & 1 == 1
    }

    /// Whether the cycle search from `a_on` can close a cycle.
    #[inline]
    pub fn cycle_possible(&self, a_on: u16) -> bool {
        self.cyclic[self.dense[a_on as usize] as usize]
    }
}

/// The `i`-th successor of `n` in the graph of `links`, if any.
#[cfg(test)]
fn successor(links: &Links, rules: Rules, n: u16, i: usize) -> Option<u16> {
    if is_on(n) {
        links.on_to_off(n, rules).get(i).copied()
    } else {
        links.off_to_on(n, rules).get(i).map(|&(q, _)| q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Grid, CELLS};

    /// Nodes reachable from `start`, by a plain search over the lists.
    fn reachable(links: &Links, rules: Rules, start: u16) -> Vec<bool> {
        let mut seen = vec![false; NODES];
        let mut todo = vec![start];
        seen[start as usize] = true;
        while let Some(n) = todo.pop() {
            let mut k = 0;
            while let Some(q) = successor(links, rules, n, k) {
                k += 1;
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    todo.push(q);
                }
            }
        }
        seen
    }

    #[test]
    fn forcing_and_cycle_tests_agree_with_a_plain_search() {
        let puzzle =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let mut values = [0u8; CELLS];
        for (v, ch) in values.iter_mut().zip(puzzle.bytes()) {
            *v = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        let cands = Cands::from_grid(&Grid::from_givens(&values).expect("valid givens"));
        let mut links = Links::default();
        links.build(&cands);
        let mut reach = Reach::default();
        for rules in [Rules::X, Rules::Y, Rules::XY] {
            reach.build(&cands, &links, rules, true);
            for cell in 0..CELLS {
                for digit in 0..9 {
                    if !cands.has(cell, digit) {
                        continue;
                    }
                    let (on, off) = (node(cell, digit, true), node(cell, digit, false));
                    for start in [on, off] {
                        let seen = reachable(&links, rules, start);
                        assert_eq!(
                            reach.forcing_possible(start),
                            seen[opposite(start) as usize]
                        );
                    }
                    // A cycle through `on`: an off node it reaches that implies it.
                    let seen = reachable(&links, rules, on);
                    let closable = (0..NODES as u16).any(|q| {
                        !is_on(q)
                            && seen[q as usize]
                            && links.off_to_on(q, rules).iter().any(|&(p, _)| p == on)
                    });
                    assert_eq!(reach.cycle_possible(on), closable);
                }
            }
        }
    }
}
