//! The strongly connected components of an implication graph and each component's closure:
//! the nodes its nodes imply, directly or not, themselves included. Two searches read these:
//! Sudoku Explainer's chain producer 21 (which of its layered searches can find anything) and
//! HoDoKu's forcing chains and nets (each premise's closed table).
//!
//! The graph is given as rows of node bits (a node's row: the nodes it implies). Tarjan's
//! search, on an explicit stack, completes a component after every component it reaches, so a
//! component's closure is its nodes and the closures, already made, of the components its
//! nodes lead to. A node already in the closure being made is passed over: what put it there
//! was a closure, which holds the node's closure too (or it is a node of the component). The
//! search passes over the links to complete components a word at a time (they cannot lower an
//! open node's `low`): most links, once the search is under way. A closure is kept over the
//! span of words it can be non-zero in (graphs whose ids go digit by digit keep most closures
//! within a few words), so merges read and write only those words.

/// The components of one graph and their closures, with the search's lists (kept between
/// graphs for their allocations).
#[derive(Default)]
pub struct Components {
    /// Component of each node.
    comp: Vec<u32>,
    /// How many nodes each component holds.
    size: Vec<u32>,
    /// 64-bit words of a node set.
    words: usize,
    /// Every component's closure, `words` words each, in the order they complete; only the
    /// words `span` names are meaningful (the others are zero or stale and never read).
    reach: Vec<u64>,
    /// First and last word of each component's closure that can be non-zero.
    span: Vec<(u32, u32)>,
    /// Tarjan's visit number of each node ([`UNSEEN`] before).
    index: Vec<u32>,
    low: Vec<u32>,
    /// The nodes of the components not complete yet, in visiting order.
    stack: Vec<u32>,
    /// The depth-first path: each node with the word of its row being read and that word's
    /// links not followed yet.
    path: Vec<(u32, u32, u64)>,
    /// The nodes whose component is complete, as bits.
    complete: Vec<u64>,
}

/// A component's closure: membership by node.
pub struct Closure<'a> {
    /// The closure's words (all of them; only `lo..=hi` are meaningful).
    words: &'a [u64],
    lo: u32,
    hi: u32,
}

impl Closure<'_> {
    /// Whether the closure holds `node`.
    #[inline]
    pub fn contains(&self, node: usize) -> bool {
        let w = (node / 64) as u32;
        self.lo <= w && w <= self.hi && self.words[node / 64] >> (node % 64) & 1 == 1
    }

    /// The closure's nodes in increasing order.
    pub fn nodes(&self) -> impl Iterator<Item = usize> + '_ {
        (self.lo as usize..=self.hi as usize).flat_map(move |w| {
            let mut bits = self.words[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let node = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    node
                })
            })
        })
    }
}

/// A node the search has not reached.
const UNSEEN: u32 = u32::MAX;

/// The component of a node whose component is not complete.
const OPEN: u32 = u32::MAX;

impl Components {
    /// The components and closures of the graph of `count` nodes whose node `n` implies the
    /// nodes of bits `rows[n * words..][..words]` (`words`: at least `count` bits; no node
    /// implies a node past `count`).
    pub fn find(&mut self, count: usize, rows: &[u64], words: usize) {
        debug_assert!(words * 64 >= count && rows.len() >= count * words);
        self.words = words;
        for list in [&mut self.index, &mut self.comp] {
            list.clear();
            list.resize(count, UNSEEN);
        }
        self.low.clear();
        self.low.resize(count, 0);
        self.stack.clear();
        self.path.clear();
        self.span.clear();
        self.size.clear();
        self.reach.clear();
        self.complete.clear();
        self.complete.resize(words, 0);
        let mut visited = 0;
        for root in 0..count {
            if self.index[root] != UNSEEN {
                continue;
            }
            self.enter(root, &mut visited, rows);
            while let Some(&(node, w, bits)) = self.path.last() {
                let (node, mut w, mut bits) = (node as usize, w as usize, bits);
                while bits == 0 && w + 1 < words {
                    w += 1;
                    bits = rows[node * words + w] & !self.complete[w];
                }
                if bits != 0 {
                    let next = w * 64 + bits.trailing_zeros() as usize;
                    *self.path.last_mut().expect("a node") =
                        (node as u32, w as u32, bits & (bits - 1));
                    if self.index[next] == UNSEEN {
                        self.enter(next, &mut visited, rows);
                    } else if self.comp[next] == OPEN {
                        self.low[node] = self.low[node].min(self.index[next]);
                    }
                    continue;
                }
                self.path.pop();
                if let Some(&(parent, _, _)) = self.path.last() {
                    let parent = parent as usize;
                    self.low[parent] = self.low[parent].min(self.low[node]);
                }
                if self.low[node] == self.index[node] {
                    self.complete(node, rows);
                }
            }
        }
    }

    /// Puts `node` on the search's path and stack.
    fn enter(&mut self, node: usize, visited: &mut u32, rows: &[u64]) {
        self.index[node] = *visited;
        self.low[node] = *visited;
        *visited += 1;
        self.stack.push(node as u32);
        let first = rows[node * self.words] & !self.complete[0];
        self.path.push((node as u32, 0, first));
    }

    /// Completes the component `root` heads (the stack from `root` up) and makes its closure:
    /// its nodes, and the closure of every other node they imply, complete already.
    fn complete(&mut self, root: usize, rows: &[u64]) {
        let words = self.words;
        let id = self.size.len() as u32;
        let first = self
            .stack
            .iter()
            .rposition(|&node| node as usize == root)
            .expect("a component's root is on the stack");
        let (done, row) = {
            let start = self.reach.len();
            self.reach.resize(start + words, 0);
            self.reach.split_at_mut(start)
        };
        let (mut lo, mut hi) = (u32::MAX, 0u32);
        for &node in &self.stack[first..] {
            let (w, bit) = (node as usize / 64, 1 << (node % 64));
            self.comp[node as usize] = id;
            row[w] |= bit;
            self.complete[w] |= bit;
            (lo, hi) = (lo.min(w as u32), hi.max(w as u32));
        }
        for &node in &self.stack[first..] {
            let links = &rows[node as usize * words..][..words];
            for (w, &word) in links.iter().enumerate() {
                let mut bits = word & !row[w];
                while bits != 0 {
                    let next = w * 64 + bits.trailing_zeros() as usize;
                    let other = self.comp[next] as usize;
                    let (olo, ohi) = self.span[other];
                    let closure = &done[other * words..][..words];
                    for wi in olo as usize..=ohi as usize {
                        row[wi] |= closure[wi];
                    }
                    (lo, hi) = (lo.min(olo), hi.max(ohi));
                    // The closure holds `next` itself.
                    bits &= !row[w];
                }
            }
        }
        self.span.push((lo, hi));
        self.size.push((self.stack.len() - first) as u32);
        self.stack.truncate(first);
    }

    /// The component of `node`.
    #[inline]
    pub fn component(&self, node: usize) -> usize {
        self.comp[node] as usize
    }

    /// How many nodes component `c` holds.
    #[inline]
    pub fn size(&self, c: usize) -> u32 {
        self.size[c]
    }

    /// Component `c`'s closure.
    #[inline]
    pub fn closure(&self, c: usize) -> Closure<'_> {
        let (lo, hi) = self.span[c];
        Closure {
            words: &self.reach[c * self.words..(c + 1) * self.words],
            lo,
            hi,
        }
    }
}

/// Every node `from` reaches, itself included, by a plain search of `rows` (as
/// [`Components::find`] reads them): the reference the tests compare closures with.
#[cfg(test)]
pub(crate) fn reached_from(count: usize, rows: &[u64], words: usize, from: usize) -> Vec<bool> {
    let mut reached = vec![false; count];
    reached[from] = true;
    let mut stack = vec![from];
    while let Some(node) = stack.pop() {
        for next in 0..count {
            if rows[node * words + next / 64] >> (next % 64) & 1 != 0 && !reached[next] {
                reached[next] = true;
                stack.push(next);
            }
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;

    #[test]
    fn closures_are_what_each_node_reaches_and_components_those_reaching_each_other() {
        // Random graphs of several sizes and densities (sparse ones mostly acyclic, dense ones
        // with large components), one `Components` reused across them as the searches do.
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let mut components = Components::default();
        let (mut graphs, mut cyclic) = (0, 0);
        for count in [1usize, 2, 5, 63, 64, 65, 130, 300] {
            for density in [0, 1, 2, 4, 10, 40] {
                let words = count.div_ceil(64);
                let mut rows = vec![0u64; count * words];
                for node in 0..count {
                    for next in (0..count).filter(|&next| next != node) {
                        if rng.next() % 200 < density {
                            rows[node * words + next / 64] |= 1 << (next % 64);
                        }
                    }
                }
                components.find(count, &rows, words);
                let reached: Vec<Vec<bool>> = (0..count)
                    .map(|n| reached_from(count, &rows, words, n))
                    .collect();
                for a in 0..count {
                    let closure = components.closure(components.component(a));
                    let nodes: Vec<usize> = closure.nodes().collect();
                    let expected: Vec<usize> = (0..count).filter(|&b| reached[a][b]).collect();
                    assert_eq!(
                        nodes, expected,
                        "{count} nodes, density {density}, node {a}"
                    );
                    for (b, &reaches) in reached[a].iter().enumerate() {
                        assert_eq!(closure.contains(b), reaches);
                        let together = reaches && reached[b][a];
                        let same = components.component(a) == components.component(b);
                        assert_eq!(same, together, "{a} and {b}");
                    }
                    let members = (0..count)
                        .filter(|&b| components.component(b) == components.component(a))
                        .count();
                    assert_eq!(components.size(components.component(a)), members as u32);
                    cyclic += usize::from(members > 1);
                }
                graphs += 1;
            }
        }
        assert_eq!(graphs, 48);
        assert!(cyclic > 1_000, "{cyclic} nodes on cycles");
    }
}
