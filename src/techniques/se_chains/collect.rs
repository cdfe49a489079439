//! Hint records, their sort (SE.md §5.8) and the two ways a producer's hints are collected:
//! the best one only (a producer at the top of the ladder yields its sorted first) or all of
//! them sorted and deduplicated (a producer running inside a nested chain, §5.5).

use std::cmp::Ordering;

/// The hint forms, for the name and the sort key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Producer 21, X pass: a cycle.
    XCycle,
    /// Producer 21, Y pass: a cycle.
    YCycle,
    /// Producer 21, XY pass: a cycle.
    XyCycle,
    /// Producer 21, X pass: a forcing chain.
    XForcing,
    /// Producer 21, XY pass: a forcing chain.
    XyForcing,
    /// A node both on and off (Nishio, dynamic).
    Contradiction,
    /// A node implied by both polarities of one candidate.
    Double,
    /// A node implied by every candidate of a cell.
    Cell,
    /// A node implied by every position of a digit in a house.
    Region,
}

impl Kind {
    /// SE's sort key (§5.8).
    pub fn sort_key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::XCycle | Kind::XForcing => 2,
            Kind::YCycle => 3,
            Kind::XyCycle | Kind::XyForcing => 4,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }
}

/// The text of a hint, made only for hints that may be shown (the running best at the top).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Rendered {
    /// What the hint concludes from what (`r3c1=9 on ⇒ r5c1=9 both on & off`).
    pub headline: String,
    /// One line per chain (branch), assumption first.
    pub chains: Vec<String>,
}

/// One hint of a chaining producer.
#[derive(Clone, Debug)]
pub struct Rec {
    /// Base + length bonus, raw.
    pub difficulty: f64,
    /// SE's complexity (flat + nested).
    pub complexity: u32,
    /// The form.
    pub kind: Kind,
    /// Generation index (ties keep SE's generation order).
    pub gen: u32,
    /// The removable candidates, as nine 81-bit planes.
    pub elims: [u128; 9],
    /// The result cell and digit of an *on* conclusion.
    pub result: Option<(u8, u8)>,
    /// Candidates whose absence from the outer grid the hint relies on (the pattern of its
    /// rule parents, §5.5); filled for nested use only.
    pub cause: [u128; 9],
    /// Identity of the chain for the nested-complexity dedup (SE's FullChain); nested use only.
    pub key: u128,
    /// Cells of the pattern (a cycle's loop), for the step.
    pub cells: u128,
    /// Text, for the top-level best only.
    pub text: Option<Box<Rendered>>,
}

/// SE's order: difficulty, complexity, sort key, then generation.
pub fn order(a: &Rec, b: &Rec) -> Ordering {
    a.difficulty
        .partial_cmp(&b.difficulty)
        .unwrap_or(Ordering::Equal)
        .then(a.complexity.cmp(&b.complexity))
        .then(a.kind.sort_key().cmp(&b.kind.sort_key()))
        .then(a.gen.cmp(&b.gen))
}

/// Collects a producer's hints.
pub struct Collector {
    /// Keep every hint (nested use) instead of the best only.
    pub all: bool,
    /// Every hint, in generation order (`all`).
    pub recs: Vec<Rec>,
    /// The best so far (not `all`).
    pub best: Option<Rec>,
    /// The next generation index.
    pub gen: u32,
}

impl Collector {
    /// A collector keeping the best hint only, or every hint.
    pub fn new(all: bool) -> Collector {
        Collector {
            all,
            recs: Vec::new(),
            best: None,
            gen: 0,
        }
    }

    /// Takes the next generation index.
    #[inline]
    pub fn next_gen(&mut self) -> u32 {
        self.gen += 1;
        self.gen - 1
    }

    /// Whether a hint of this difficulty, complexity and form (generated now) could still be
    /// taken: always when collecting all; else when it sorts before the best so far. A hint
    /// whose flat complexity already loses loses with its nested chains added too.
    #[inline]
    pub fn may_take(&self, difficulty: f64, complexity: u32, kind: Kind) -> bool {
        if self.all {
            return true;
        }
        match &self.best {
            None => true,
            Some(best) => {
                difficulty < best.difficulty
                    || (difficulty == best.difficulty
                        && (complexity < best.complexity
                            || (complexity == best.complexity
                                && kind.sort_key() < best.kind.sort_key())))
            }
        }
    }

    /// Adds a hint (its elimination map must not be empty).
    pub fn push(&mut self, rec: Rec) {
        if self.all {
            self.recs.push(rec);
        } else if self
            .best
            .as_ref()
            .is_none_or(|best| order(&rec, best) == Ordering::Less)
        {
            self.best = Some(rec);
        }
    }

    /// Every hint, stable-sorted, later duplicates (equal elimination maps) dropped.
    pub fn sorted(mut self) -> Vec<Rec> {
        self.recs.sort_by(order);
        let mut out: Vec<Rec> = Vec::with_capacity(self.recs.len());
        for rec in self.recs {
            if !out.iter().any(|o| o.elims == rec.elims) {
                out.push(rec);
            }
        }
        out
    }
}

/// A small 128-bit mixing hash (SE's FullChain identity: the targets and their ancestries).
#[derive(Clone, Copy)]
pub struct Hash128(u64, u64);

impl Default for Hash128 {
    fn default() -> Self {
        Hash128::new()
    }
}

impl Hash128 {
    /// A fresh hash.
    pub fn new() -> Hash128 {
        Hash128(0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F)
    }

    /// Mixes one word in.
    #[inline]
    pub fn add(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x100_0000_01B3).rotate_left(29);
        self.1 = (self.1 ^ w.rotate_left(17))
            .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
            .rotate_left(31);
    }

    /// The value.
    pub fn value(self) -> u128 {
        (self.0 as u128) << 64 | self.1 as u128
    }
}
