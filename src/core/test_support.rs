//! Helpers for unit tests of every layer: grids and candidate sets from short text.
use crate::core::{CandidateSet, Grid};

/// A grid from 81 characters of givens.
pub fn grid(text: &str) -> Grid {
    let mut values = [0u8; 81];
    for (i, ch) in text.bytes().enumerate() {
        if ch.is_ascii_digit() {
            values[i] = ch - b'0';
        }
    }
    Grid::from_givens(&values).expect("test grid has no conflicts")
}

/// An empty grid where digit 1 (index 0) stays a candidate only in `cells`.
pub fn digit_one_only_in(cells: &[usize]) -> Grid {
    let mut g = Grid::empty();
    for cell in 0..81 {
        if !cells.contains(&cell) {
            g.eliminate(cell, 0);
        }
    }
    g
}

/// An empty grid whose listed cells keep only the listed (printed, 1-based) digits.
pub fn with_cells(cells: &[(usize, &[usize])]) -> Grid {
    let mut g = Grid::empty();
    for &(cell, digits) in cells {
        for d in 0..9 {
            if !digits.contains(&(d + 1)) {
                g.eliminate(cell, d);
            }
        }
    }
    g
}

/// A candidate set from `r1c2#3`-style names.
pub fn candidates(names: &[&str]) -> CandidateSet {
    names
        .iter()
        .map(|name| {
            let b = name.as_bytes();
            let (r, c, d) = (b[1] - b'1', b[3] - b'1', b[5] - b'1');
            (r as usize * 9 + c as usize, d as usize)
        })
        .collect()
}

/// A xorshift64 generator for the randomised unit tests: the same seed gives the same sets on
/// every machine, and no dependency is needed for it.
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Removes `count` random candidates from `grid` where they are not a cell's last (a
    /// candidate already gone is left as it is): the next of a run of states for the tests that
    /// compare a memo or a pruning with the plain search, each state a little narrower.
    pub fn thin(&mut self, grid: &mut crate::core::Grid, count: u64) {
        for _ in 0..count {
            let cell = (self.next() % 81) as usize;
            let digit = (self.next() % 9) as usize;
            if grid.candidates(cell).count_ones() > 1 {
                grid.eliminate(cell, digit);
            }
        }
    }

    /// A set holding each cell with probability `density` percent.
    pub fn random_set(&mut self, density: u64) -> crate::core::Bits81 {
        let mut set = crate::core::Bits81::EMPTY;
        for cell in 0..81 {
            if self.next() % 100 < density {
                set.insert(cell);
            }
        }
        set
    }
}

/// States from `start` towards `solution` (digit index per cell), for tests that compare two
/// ways of building a technique's tables state by state: `steps` times, `per_step` random
/// candidates other than the solution's are eliminated and the state is kept. Every state keeps
/// `solution`, and each differs a little from the one before, as a grading path's do.
pub fn thinned_states(
    start: &Grid,
    solution: &[u8; 81],
    rng: &mut Xorshift,
    steps: usize,
    per_step: usize,
) -> Vec<Grid> {
    let mut grid = start.clone();
    let mut states = Vec::with_capacity(steps);
    for _ in 0..steps {
        let others: Vec<(usize, usize)> = grid
            .unsolved()
            .iter()
            .flat_map(|cell| {
                let mask = grid.candidates(cell) & !(1 << solution[cell]);
                (0..9)
                    .filter(move |d| mask >> d & 1 != 0)
                    .map(move |d| (cell, d))
            })
            .collect();
        if others.is_empty() {
            break;
        }
        for _ in 0..per_step {
            let (cell, digit) = others[(rng.next() % others.len() as u64) as usize];
            grid.eliminate(cell, digit);
        }
        states.push(grid.clone());
    }
    states
}

/// The first `count` puzzles of the shipped `corpora/royle17_sample.txt`, as grids.
pub fn royle17_sample(count: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpora/royle17_sample.txt"
    ))
    .expect("the shipped royle17 sample");
    text.lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(count)
        .map(|l| grid(&l[..81]))
        .collect()
}
