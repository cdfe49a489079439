//! Which of producer 21's layered searches can find anything, decided for all of them at once
//! from the reachability of its static implication graph (one grid, all three passes).
//!
//! A forcing-chain search from a node is a breadth-first search that visits every node it can
//! reach and stops at the first instance of the opposite node: it yields a hint exactly when
//! the opposite node is reachable. A cycle search from `A on` closes a cycle only through an
//! off node that implies `A on` and that `A on` reaches, so such an off node must lie in `A
//! on`'s strongly connected component. Searches that fail these tests make no hint, and draw
//! no generation index (a hint's index is drawn when its closing node is met), so skipping
//! them leaves every collected hint and its order unchanged.
//!
//! The cycle test needs no graph: every rule link has its converse in the same pass (R1/R3
//! in a bivalue cell, R2/R4 between the two positions of a house), so an on node has an off
//! predecessor in its component exactly when it has one at all, i.e. when its cell is
//! bivalue (passes with R3) or its digit has exactly two positions in one of its houses
//! (passes with R4). The X pass never leaves a digit, so its forcing tests come from a
//! closure on 81-bit cell planes per digit (Warshall over the cells with a conjugate); only
//! the XY pass builds a graph (one Tarjan pass and a bit-set union per component edge,
//! [`crate::model::components`]), and that over on nodes only: an on node leads to the on
//! nodes its off successors imply (most off nodes imply nothing), which is all its forcing
//! and cycle tests need.

use crate::core::{HOUSE_SETS, PEERS};
use crate::model::components::Components;

use super::nodes::{cell_of, digit_of, exactly_two, is_on, node, opposite, Cands, Links, Rules};
use super::nodes::{NODES, NONE};

/// The reachability facts of one grid under the three passes' rules (buffers reused).
#[derive(Default)]
pub struct Reach {
    /// The X pass, per digit `d` and cell `x` (entry `d·81 + x`, written for the digit's
    /// candidates only): the cells that share a house with `x` where `d` has exactly these
    /// two positions (R4 from `x off`, R2 back from them).
    conj: Vec<u128>,
    /// Per digit, the cells with at least one such partner.
    conj_any: [u128; 9],
    /// The bivalue cells (R3).
    bivalue: u128,
    /// Per digit, the cells whose X-pass forcing search from `on` meets `off`.
    x_on: [u128; 9],
    /// Per digit, the cells whose X-pass forcing search from `off` meets `on`.
    x_off: [u128; 9],
    /// Per digit, the cells whose `on` node lies on an X-pass cycle with another on node.
    x_cycle: [u128; 9],
    /// Per digit, the plane its X-pass facts (`conj`, `conj_any`, `x_on`, `x_off`,
    /// `x_cycle`) were computed for: a digit's facts depend on its plane alone, and most
    /// steps between two searches leave most planes as they were.
    x_planes: Option<[u128; 9]>,
    // The XY pass's graph and its reach sets:
    /// Dense id of each candidate's on node (entries of non-candidates and of off nodes are
    /// stale: the rules lead to candidates only, so they are never read).
    dense: Vec<u16>,
    /// On node of each dense id.
    nodes: Vec<u16>,
    /// The graph's components and what each reaches (dense ids).
    components: Components,
    /// Each dense node's successors as bits of dense ids, a row of `words` words a node.
    rows: Vec<u64>,
}

impl Reach {
    /// The facts of `grid` for every pass (`links` built on `grid`).
    pub fn build(&mut self, grid: &Cands, links: &Links) {
        self.build_x(grid);
        self.build_xy(grid, links);
    }

    /// The XY pass's forcing facts (the graph of `links`, built on `grid`): needed only by
    /// [`Reach::forcing_possible`] under [`Rules::XY`], so a caller that skips the XY pass
    /// skips this, the costly half of [`Reach::build`].
    pub fn build_xy(&mut self, grid: &Cands, links: &Links) {
        self.build_graph(grid, links, Rules::XY);
    }

    /// The X pass's forcing facts and the partners of R4, digit by digit. From `x on` the
    /// X rules lead to the off nodes of `x`'s peers and from each to the on nodes of its
    /// partners, so the on cells reached form the reflexive-transitive closure of "the
    /// partners of a peer"; `x off` is met when a reached cell sees `x`, and from `x off`
    /// the search starts at `x`'s partners. Also the bit planes of
    /// [`Reach::cycle_possible`] (every pass).
    pub fn build_x(&mut self, grid: &Cands) {
        if self.conj.len() < 9 * 81 {
            self.conj.resize(9 * 81, 0);
        }
        self.bivalue = 0;
        for (c, &mask) in grid.masks.iter().enumerate() {
            if exactly_two(mask as u128) {
                self.bivalue |= 1u128 << c;
            }
        }
        // Each cell's reached cells, rows of the digit's candidates only.
        let mut row = [0u128; 81];
        let before = self.x_planes.replace(grid.planes);
        for d in 0..9 {
            let plane = grid.planes[d];
            if before.is_some_and(|planes| planes[d] == plane) {
                continue;
            }
            let conj = &mut self.conj[d * 81..(d + 1) * 81];
            let mut cells = plane;
            while cells != 0 {
                let x = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                conj[x] = 0;
            }
            let mut any = 0u128;
            for house in HOUSE_SETS.iter() {
                let two = plane & house.0;
                if exactly_two(two) {
                    let (a, b) = (
                        two.trailing_zeros() as usize,
                        127 - two.leading_zeros() as usize,
                    );
                    conj[a] |= 1u128 << b;
                    conj[b] |= 1u128 << a;
                    any |= two;
                }
            }
            self.conj_any[d] = any;
            let mut cells = plane;
            while cells != 0 {
                let x = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let mut r = 1u128 << x;
                // Only peers with a partner lead anywhere (`any` lies inside `plane`).
                let mut peers = PEERS[x].0 & any;
                while peers != 0 {
                    let p = peers.trailing_zeros() as usize;
                    peers &= peers - 1;
                    r |= conj[p];
                }
                row[x] = r;
            }
            // Warshall: only cells with a partner are ever reached, so only they can be
            // intermediate.
            let mut ks = any;
            while ks != 0 {
                let k = ks.trailing_zeros() as usize;
                ks &= ks - 1;
                let (rk, bit) = (row[k], 1u128 << k);
                let mut is = plane;
                while is != 0 {
                    let i = is.trailing_zeros() as usize;
                    is &= is - 1;
                    if row[i] & bit != 0 {
                        row[i] |= rk;
                    }
                }
            }
            let (mut on, mut off) = (0u128, 0u128);
            let mut cells = plane;
            while cells != 0 {
                let x = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if row[x] & PEERS[x].0 & plane != 0 {
                    on |= 1u128 << x;
                }
                let mut ys = conj[x];
                while ys != 0 {
                    let y = ys.trailing_zeros() as usize;
                    ys &= ys - 1;
                    if row[y] >> x & 1 == 1 {
                        off |= 1u128 << x;
                        break;
                    }
                }
            }
            self.x_on[d] = on;
            self.x_off[d] = off;
            // A cycle through `x on` returns to it through another on node, so the two reach
            // each other (the on cells reached are partners, inside `any`).
            let mut cyc = 0u128;
            let mut xs = any;
            while xs != 0 {
                let x = xs.trailing_zeros() as usize;
                xs &= xs - 1;
                let mut zs = row[x] & any & !(1u128 << x);
                while zs != 0 {
                    let z = zs.trailing_zeros() as usize;
                    zs &= zs - 1;
                    if row[z] >> x & 1 == 1 {
                        cyc |= 1u128 << x;
                        break;
                    }
                }
            }
            self.x_cycle[d] = cyc;
        }
    }

    /// The components of the graph of `links` (built on `grid`) under `rules` and what
    /// each reaches.
    fn build_graph(&mut self, grid: &Cands, links: &Links, rules: Rules) {
        if self.dense.len() < NODES {
            self.dense.resize(NODES, NONE);
        }
        self.nodes.clear();
        for (d, &plane) in grid.planes.iter().enumerate() {
            let mut cells = plane;
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let on = node(cell, d, true);
                self.dense[on as usize] = self.nodes.len() as u16;
                self.nodes.push(on);
            }
        }
        let count = self.nodes.len();
        // The on graph as rows of dense ids (an on node leads to the on nodes of its off
        // successors), read by the component search and the merges.
        let words = count.div_ceil(64).max(1);
        self.rows.clear();
        self.rows.resize(count * words, 0);
        let dense = &self.dense;
        for (i, &n) in self.nodes.iter().enumerate() {
            let row = &mut self.rows[i * words..][..words];
            for &k in links.on_to_off(n, rules) {
                for &(q, _) in links.off_to_on(k, rules) {
                    let q = usize::from(dense[q as usize]);
                    row[q / 64] |= 1 << (q % 64);
                }
            }
        }
        self.components.find(count, &self.rows, words);
    }

    /// Per digit, the cells whose off node implies an on node under `rules` (R3: a bivalue
    /// cell; R4: a house where the digit has two positions), for the grid of
    /// [`Reach::build_x`].
    pub fn strong(&self, rules: Rules, grid: &Cands) -> [u128; 9] {
        let mut planes = [0u128; 9];
        for (d, plane) in planes.iter_mut().enumerate() {
            if rules.x {
                *plane |= self.conj_any[d];
            }
            if rules.y {
                *plane |= self.bivalue & grid.planes[d];
            }
        }
        planes
    }

    /// Whether the forcing-chain search from `start` under `rules` (a pass with R4: X or
    /// XY) can reach the opposite node. Under XY, read off the on graph: `x off` is
    /// reached from `x on` only through an on node `u` with `u ⇒ x off`, and by the rules'
    /// contraposition (R1, R2 are symmetric) those are the on nodes of `x on`'s own off
    /// successors; `x on` is reached from `x off` only through one of its on successors.
    #[inline]
    pub fn forcing_possible(&self, rules: Rules, links: &Links, start: u16) -> bool {
        debug_assert!(rules.x, "the Y pass has no forcing chains");
        if !rules.y {
            let plane = if is_on(start) {
                &self.x_on
            } else {
                &self.x_off
            };
            return plane[digit_of(start)] >> cell_of(start) & 1 == 1;
        }
        if is_on(start) {
            let row = self.row(start);
            links
                .on_to_off(start, rules)
                .iter()
                .any(|&k| row(opposite(k)))
        } else {
            let target = opposite(start);
            links
                .off_to_on(start, rules)
                .iter()
                .any(|&(v, _)| self.row(v)(target))
        }
    }

    /// Membership in the reach set of the on node `from`'s component.
    #[inline]
    fn row(&self, from: u16) -> impl Fn(u16) -> bool + '_ {
        let closure = self.components.closure(
            self.components
                .component(self.dense[from as usize] as usize),
        );
        move |on: u16| closure.contains(self.dense[on as usize] as usize)
    }

    /// Whether the cycle search from `a_on` (a candidate of the grid) under `rules` can
    /// close a cycle. A cycle search closes a cycle only along a directed cycle of the
    /// pass's graph through `a_on` and at least one other on node (its on nodes are
    /// distinct, `a_on` excepted, and it is at least four links long), so `a_on` and that
    /// on node reach each other: under X, that is read off the per-digit closure; under Y
    /// and XY, off the XY graph's components (a Y cycle is an XY cycle too), so
    /// [`Reach::build_xy`] must have run for them. (The test is necessary, not sufficient:
    /// SE's isParent test may still reject every closing.)
    #[inline]
    pub fn cycle_possible(&self, rules: Rules, a_on: u16) -> bool {
        let (x, d) = (cell_of(a_on), digit_of(a_on));
        if !rules.y {
            return self.x_cycle[d] >> x & 1 == 1;
        }
        let mut cells = self.bivalue;
        if rules.x {
            cells |= self.conj_any[d];
        }
        cells >> x & 1 == 1
            && self.components.size(
                self.components
                    .component(self.dense[a_on as usize] as usize),
            ) >= 2
    }

    /// The Y pass's weaker cycle test, without the XY graph: `a_on`'s cell is bivalue (a Y
    /// cycle leaves its start through R1 and returns through R3). When the XY pass cannot
    /// run, building the graph for the Y pass's searches alone costs more than the searches
    /// it would skip.
    #[inline]
    pub fn y_cycle_start(&self, a_on: u16) -> bool {
        self.bivalue >> cell_of(a_on) & 1 == 1
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

    /// The candidates of a puzzle, with every `thin`-th candidate (scanning cells and
    /// digits) removed where its cell keeps two: sparser grids, with the bivalue cells and
    /// two-position houses that the inner grids of nested chains have.
    fn cands(puzzle: &str, thin: usize) -> Cands {
        let mut values = [0u8; CELLS];
        for (v, ch) in values.iter_mut().zip(puzzle.bytes()) {
            *v = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        let mut cands = Cands::from_grid(&Grid::from_givens(&values).expect("valid givens"));
        let mut k = 0;
        for cell in 0..CELLS {
            for digit in 0..9 {
                if cands.has(cell, digit) && cands.masks[cell].count_ones() > 2 {
                    k += 1;
                    if thin > 0 && k % thin == 0 {
                        cands.remove(cell, digit);
                    }
                }
            }
        }
        cands
    }

    #[test]
    fn forcing_and_cycle_tests_agree_with_a_plain_search() {
        let puzzles = [
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ];
        let (mut forcing, mut cycles) = ([0; 2], 0);
        for puzzle in puzzles {
            for thin in [0, 5, 3, 2] {
                let (f, c) = agree(&cands(puzzle, thin));
                forcing = [forcing[0] + f[0], forcing[1] + f[1]];
                cycles += c;
            }
        }
        // Both answers occur in each pass (the grids are not all one way).
        assert!(
            forcing[0] > 0 && forcing[1] > 0 && cycles > 0,
            "{forcing:?} {cycles}"
        );
    }

    /// How many forcing and cycle searches are possible on `cands` (after checking each
    /// answer against a plain search).
    fn agree(cands: &Cands) -> ([u32; 2], u32) {
        let mut links = Links::default();
        links.build(cands);
        let mut reach = Reach::default();
        reach.build(cands, &links);
        let (mut forcing, mut cycles) = ([0; 2], 0);
        for rules in [Rules::X, Rules::Y, Rules::XY] {
            // What each candidate's on node reaches, searched once.
            let on_reach: Vec<Vec<bool>> = (0..CELLS * 9)
                .map(|c| {
                    let on = node(c / 9, c % 9, true);
                    if cands.has(c / 9, c % 9) {
                        reachable(&links, rules, on)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
            for cell in 0..CELLS {
                for digit in 0..9 {
                    if !cands.has(cell, digit) {
                        continue;
                    }
                    let (on, off) = (node(cell, digit, true), node(cell, digit, false));
                    for start in [on, off] {
                        if !rules.x {
                            break;
                        }
                        let seen = reachable(&links, rules, start);
                        let possible = reach.forcing_possible(rules, &links, start);
                        assert_eq!(
                            possible,
                            seen[opposite(start) as usize],
                            "{rules:?} {start}"
                        );
                        forcing[rules.y as usize] += possible as u32;
                    }
                    // A cycle through `on` and another on node: one it reaches that reaches
                    // it (exact under X and XY; under Y the test reads the XY graph, so it
                    // may say yes where the Y graph alone has no such cycle).
                    let seen = &on_reach[on as usize >> 1];
                    let closable = (0..NODES as u16).any(|q| {
                        is_on(q)
                            && q != on
                            && seen[q as usize]
                            && on_reach[q as usize >> 1][on as usize]
                    });
                    let possible = reach.cycle_possible(rules, on);
                    if rules.x {
                        assert_eq!(possible, closable, "{rules:?} {on}");
                    } else {
                        assert!(possible || !closable, "{rules:?} {on}");
                    }
                    cycles += closable as u32;
                }
            }
        }
        (forcing, cycles)
    }
}
