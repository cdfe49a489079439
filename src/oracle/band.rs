//! The band solver: per-digit candidate bands, propagation as bit operations, and a
//! guess-or-negate search on an explicit stack.
//!
//! Design (after the ideas JCZSolve and tdoku publish; written from the descriptions):
//! - `cand[3d + b]`: digit `d`'s candidates in band `b` (27 bits, see [`super::tables`]), placed
//!   cells included, so a solved cell is a bit in exactly one digit's band.
//! - A band word is *updated* only when it changed since its last update (`dirty`). An update
//!   keeps the mini-rows on some placement of the digit in the band (locked candidates, one
//!   table lookup), takes every row left with one cell as that digit's cell (hidden singles in
//!   rows; boxes follow because a box with one cell leaves that cell's row single after the
//!   lookup), clears those columns in the two other bands, and clears newly solved cells from
//!   the other eight digits.
//! - When no band changes, naked singles and empty cells come from a bit-sliced count of the
//!   nine digits per band; then the columns' direction, per digit: hidden singles in columns and
//!   locked candidates in stacks (the same permutation rule, bands as rows, one lookup a stack).
//!   Without the columns' pass royle17 took 2.6× the instructions (more guesses). The pass
//!   looks only at the digits whose words changed since it last did (`since_columns`): on the
//!   others it would find nothing again (top1465 −10% instructions, kaggle −6.6%).
//! - Branching on a bivalue cell when there is one (else a cell with the fewest candidates),
//!   the one with the most unsolved peers ([`State::branch`]; in long searches the last of the
//!   band with the most unsolved cells): guess its first digit, and on failure (or after a
//!   first solution) continue with that digit eliminated, which is again propagated. Guesses
//!   live on a per-thread `Vec` that is reused, so a solve allocates nothing once the thread
//!   has solved one puzzle; no `unsafe`.
//! - After [`TEMPLATE_CHECK_AFTER`] guesses, every node also checks that each digit still has a
//!   template (nine cells, one per row, column and box). Propagation sees only rows, columns,
//!   boxes and band/stack patterns; a grid whose contradiction lies in one digit's whole plane
//!   is otherwise proved empty by exhausting the other digits' guesses. The grader fuzz target
//!   found one: a 729-bit grid whose digit 5 is a checkerboard (r + c odd), which no template
//!   fits (nine odd r + c sum to an odd number, the rows' and columns' indices to 72); it took
//!   26 s to say `none`. Each node then also keeps in every house only the candidates that
//!   some assignment of distinct digits to its cells uses ([`State::filter_houses`], naked
//!   and hidden subsets of every size, propagated again until nothing changes): a column with
//!   five cells holding four digits took 1.2 s otherwise, and a band whose naked subsets lead
//!   from box to row to box to an empty house 71 s. From then on, too, a
//!   guess takes a digit's two places in a row where no cell is bivalue
//!   ([`State::branch_on_pairs`]), and every 16th guess a node checks that every class of
//!   digits can be spread over each band and stack ([`State::classes_fit_bands`]; a fuzzed grid
//!   whose rows keep one parity per cell took 8 s without it) and probes: each candidate is
//!   placed and propagated, and dropped if that fails ([`State::probe`]; random grids whose
//!   rows keep digits of one parity took up to 2.9 s without it). Real puzzles never make that
//!   many guesses, so they pay nothing.

use super::tables::{BAND, KEEP, KEEP_MINI, ROW, SHRINK, SPREAD};
use crate::core::bits::{nonzero_cells, set_bits};
use crate::core::{Grid, CELLS, CELL_HOUSE_BITS, HOUSE_CELLS, ORDERS_OF_THREE};

/// The search state: 32 words, copied once per guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Candidates (and placed cells) of digit `d` in band `b` at index `3 * d + b`.
    cand: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Bit `3 * d + b`: that band word changed since its last update.
    dirty: u32,
    /// Bit `3 * d + b`: that band word changed since the columns' pass last looked at digit
    /// `d` ([`State::columns`] reads nothing but a digit's three words and the unsolved cells
    /// among them, so on a digit whose words are as it left them it finds nothing again).
    since_columns: u32,
}

/// A guess to undo: the state before it, and the candidate it tried.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    band: u8,
    digit: u8,
    bit: u32,
}

impl State {
    /// The solver's state for `grid`: its candidates plus its placed digits.
    pub(super) fn from_grid(grid: &Grid) -> State {
        let mut cand = [0u32; 27];
        for digit in 0..9 {
            let plane = grid.plane(digit).0 | grid.placed(digit).0;
            for b in 0..3 {
                cand[3 * digit + b] = (plane >> (27 * b)) as u32 & BAND;
            }
        }
        let unsolved = grid.unsolved().0;
        State {
            cand,
            unsolved: [0, 1, 2].map(|b| (unsolved >> (27 * b)) as u32 & BAND),
            dirty: ALL_WORDS,
            since_columns: ALL_WORDS,
        }
    }

    /// The solver's state for a puzzle given as 81 values (0 = empty, 1..=9 = given digit): the
    /// state [`State::from_grid`] makes of `Grid::from_givens(values)`, without building the
    /// grid (each digit's candidates are the open cells that see none of its givens, plus its
    /// givens). `None` where two equal givens share a house (`Grid::from_givens` refuses
    /// those).
    pub(super) fn from_givens(values: &[u8; CELLS]) -> Option<State> {
        // The given cells of each band as a word, found with no branch per cell
        // ([`nonzero_cells`]), then the givens alone, one by one.
        let given_cells = nonzero_cells(values).0;
        let given = [0, 1, 2].map(|b| (given_cells >> (27 * b)) as u32 & BAND);
        // Per digit: its givens by band, and the houses holding them ([`CELL_HOUSE_BITS`]: bit
        // per row, 9 + column, 18 + box); two equal givens in a house share a bit.
        let mut placed = [[0u32; 3]; 9];
        let (mut houses, mut clash) = ([0u32; 9], 0);
        for (b, &word) in given.iter().enumerate() {
            for k in set_bits(word) {
                let cell = 27 * b + k;
                let digit = usize::from(values[cell]) - 1;
                let bits = CELL_HOUSE_BITS[cell];
                clash |= houses[digit] & bits;
                houses[digit] |= bits;
                placed[digit][b] |= 1 << k;
            }
        }
        if clash != 0 {
            return None;
        }
        // A digit's candidates: the open cells in none of its givens' houses (a given's own
        // cell is in them, but it is not open), and its givens.
        let unsolved = given.map(|word| !word & BAND);
        let mut cand = [0u32; 27];
        for digit in 0..9 {
            let (rows, boxes) = (houses[digit], houses[digit] >> 18);
            let in_columns = (houses[digit] >> 9 & 0x1FF) * SPREAD;
            for b in 0..3 {
                let in_rows = ROWS_OF[(rows >> (3 * b) & 7) as usize];
                let in_boxes = BOXES_OF[(boxes >> (3 * b) & 7) as usize];
                let seen = in_columns | in_rows | in_boxes;
                cand[3 * digit + b] = (unsolved[b] & !seen) | placed[digit][b];
            }
        }
        Some(State {
            cand,
            unsolved,
            dirty: ALL_WORDS,
            since_columns: ALL_WORDS,
        })
    }

    /// `cand[i] &= mask`, marking the word dirty when that removed something.
    #[inline(always)]
    fn clear(&mut self, i: usize, mask: u32) {
        let old = self.cand[i];
        let new = old & mask;
        self.cand[i] = new;
        self.dirty |= ((new != old) as u32) << i;
    }

    /// Updates digit `d` in band `b` (see the module notes); false on a contradiction.
    #[inline(always)]
    fn update_band(&mut self, i: usize) -> bool {
        let (d, b) = (i / 3, i % 3);
        let a = self.cand[i];
        let pattern = SHRINK[(a & 0x1FF) as usize] as usize
            | (SHRINK[(a >> 9 & 0x1FF) as usize] as usize) << 3
            | (SHRINK[(a >> 18) as usize] as usize) << 6;
        let keep = KEEP[pattern];
        if keep == 0 {
            return false;
        }
        let a = a & keep;
        self.cand[i] = a;
        // Rows of the band with one cell left (every row has at least one after `KEEP`).
        let mut single = 0;
        for r in 0..3 {
            let row = a & ROW[r];
            if row & (row - 1) == 0 {
                single |= row;
            }
        }
        let columns = (single | single >> 9 | single >> 18) & 0x1FF;
        // No test of whether any row is down to one cell: it was the solver's second most
        // mispredicted branch (one update in three has one), and with none the tests below
        // clear nothing (measured: `solve` 4–9% less CPU on every corpus, 2% more
        // instructions; clearing these two words by arithmetic too was no better).
        let clear = !(columns * SPREAD);
        let (b1, b2) = OTHER_BANDS[b];
        for j in [3 * d + b1, 3 * d + b2] {
            if self.cand[j] & !clear != 0 {
                self.cand[j] &= clear;
                self.dirty |= 1 << j;
            }
        }
        let new = single & self.unsolved[b];
        if new != 0 {
            self.unsolved[b] &= !new;
            for other in 0..9 {
                self.clear(3 * other + b, !new);
            }
            // The digit keeps its own new cells.
            self.cand[i] = a;
            self.dirty &= !(1 << i);
        }
        true
    }

    /// Propagates until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                self.since_columns |= self.dirty;
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.update_band(i) {
                    return false;
                }
            }
            if self.unsolved == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                Some(true) => continue,
                Some(false) => {}
                None => return false,
            }
            match self.columns() {
                Some(true) => continue,
                Some(false) => return true,
                None => return false,
            }
        }
    }

    /// Places every naked single (by keeping only that cell in its row for the digit; the band
    /// update does the rest). Some(progress), None when an unsolved cell has no candidate.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                continue;
            }
            let (mut ones, mut twos) = (0u32, 0u32);
            for d in 0..9 {
                let p = self.cand[3 * d + b];
                twos |= ones & p;
                ones |= p;
            }
            if unsolved & !ones != 0 {
                return None;
            }
            let mut singles = unsolved & !twos;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let row = ROW[(bit.trailing_zeros() / 9) as usize];
                // An earlier single of this batch may have taken the cell's last digit.
                let d = (0..9).find(|&d| self.cand[3 * d + b] & bit != 0)?;
                self.clear(3 * d + b, !(row & !bit));
                progress = true;
            }
        }
        Some(progress)
    }

    /// The columns' direction, which the band updates do not see: hidden singles in columns,
    /// and locked candidates in stacks (a digit takes one mini-column, column × band, per band
    /// and per column of a stack, so a mini-column on no such placement is cleared: [`KEEP_MINI`]
    /// with bands as rows). Some(progress), None when a column or stack has no room for a digit.
    fn columns(&mut self) -> Option<bool> {
        let before = self.dirty;
        for d in 0..9 {
            // A digit whose words are as the last pass left them gives nothing (see
            // `since_columns`): most passes follow one whose steps touched a few digits.
            if self.since_columns >> (3 * d) & 7 == 0 {
                continue;
            }
            let (mut present, mut multi) = ([0u32; 3], [0u32; 3]);
            for b in 0..3 {
                let a = self.cand[3 * d + b];
                let (r0, r1, r2) = (a & 0x1FF, a >> 9 & 0x1FF, a >> 18);
                present[b] = r0 | r1 | r2;
                multi[b] = (r0 & r1) | (r2 & (r0 | r1));
            }
            let [p0, p1, p2] = present;
            let some = p0 | p1 | p2;
            if some != 0x1FF {
                return None;
            }
            let several = multi[0] | multi[1] | multi[2] | (p0 & p1) | (p2 & (p0 | p1));
            let lone = some & !several;
            let mut allowed = [0u32; 3];
            for s in 0..3 {
                let shift = 3 * s;
                let pattern = (p0 >> shift & 7) | (p1 >> shift & 7) << 3 | (p2 >> shift & 7) << 6;
                let keep = KEEP_MINI[pattern as usize] as u32;
                if keep == 0 {
                    return None;
                }
                for b in 0..3 {
                    allowed[b] |= (keep >> (3 * b) & 7) << shift;
                }
            }
            for b in 0..3 {
                let i = 3 * d + b;
                // Lone columns whose cell lies in this band and is not placed yet.
                let mut singles = self.cand[i] & (lone * SPREAD) & self.unsolved[b];
                let mut keep = allowed[b] * SPREAD;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    keep &= !(ROW[(bit.trailing_zeros() / 9) as usize] & !bit);
                }
                // Usually nothing to clear: a predictable branch beats `clear`'s arithmetic.
                if self.cand[i] & !keep != 0 {
                    self.cand[i] &= keep;
                    self.dirty |= 1 << i;
                }
            }
        }
        self.since_columns = 0;
        Some(self.dirty != before)
    }

    /// The cell to branch on: (band, bit, first digit). A bivalue cell when there is one: the
    /// one with the most unsolved peers (a guess there, and its negation, bear on the most
    /// cells), ties going to the one whose two digits have the most places among those peers,
    /// then to the last. Against the last bivalue cell of the band with the most unsolved cells
    /// (the rule before), searches made 31% fewer guesses on top1465, 30% on royle17 and 21% on
    /// kaggle and qqwing (`results/oracle_speed.md`); a search that counts to two
    /// explores both sides of every guess, so the cell, not the digit tried first, sets the
    /// tree's size. Searches past [`TEMPLATE_CHECK_AFTER`] guesses take
    /// [`State::branch_in_fullest_band`]'s cell instead.
    fn branch(&self) -> (usize, u32, usize) {
        let pairs = self.bivalue_cells();
        if pairs != [0; 3] {
            // The bivalue cells with the most unsolved peers (band * 27 + cell), in order.
            let (mut most, mut ties, mut tied) = (0, [0u8; CELLS], 0);
            for (b, &band_pairs) in pairs.iter().enumerate() {
                for i in set_bits(band_pairs) {
                    let unsolved = peers_among(&self.unsolved, b, i);
                    if unsolved > most {
                        (most, tied) = (unsolved, 0);
                    }
                    if unsolved == most {
                        ties[tied] = (27 * b + i) as u8;
                        tied += 1;
                    }
                }
            }
            let (mut pick, mut most_places) = (ties[0] as usize, 0);
            if tied > 1 {
                for &tie in &ties[..tied] {
                    let places = self.digit_places_near(tie as usize / 27, tie as usize % 27);
                    if places >= most_places {
                        (pick, most_places) = (tie as usize, places);
                    }
                }
            }
            return self.first_digit(pick / 27, 1 << (pick % 27));
        }
        self.fewest_candidates_cell()
    }

    /// The guess where no cell is bivalue (rare): the first unsolved cell with the fewest
    /// candidates.
    fn fewest_candidates_cell(&self) -> (usize, u32, usize) {
        let mut best = (0usize, 0u32, 10u32);
        for b in 0..3 {
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let n = (0..9).filter(|&d| self.cand[3 * d + b] & bit != 0).count() as u32;
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        self.first_digit(best.0, best.1)
    }

    /// The guess after [`TEMPLATE_CHECK_AFTER`] guesses: [`State::branch_in_fullest_band`]'s
    /// bivalue cell if there is one, else the first place of a digit with two places left in a
    /// row of a band (a binary guess too, where a cell would have three candidates or more).
    /// Grids that make that many guesses have few bivalue cells and many candidates; on one the
    /// fuzz target found (many solutions, no bivalue cell) finding two solutions took 1.8 s.
    fn branch_on_pairs(&self) -> (usize, u32, usize) {
        let first = self.branch_in_fullest_band();
        let candidates = (0..9)
            .filter(|&d| self.cand[3 * d + first.0] & first.1 != 0)
            .count();
        if candidates <= 2 {
            return first;
        }
        for d in 0..9 {
            for b in 0..3 {
                let open = self.cand[3 * d + b] & self.unsolved[b];
                for row in ROW {
                    let places = open & row;
                    if places.count_ones() == 2 {
                        return (b, places & places.wrapping_neg(), d);
                    }
                }
            }
        }
        first
    }

    /// The branch of long searches: the last bivalue cell of the band with the most unsolved
    /// cells (else the cell with the fewest candidates, as [`State::branch`]), the rule all the pathological grids of
    /// `results/reliability.md` were measured with. Real puzzles never search that long; on the
    /// slowest random grids of `examples/oracle_stress` (seed 20261205) the unsolved-peers rule
    /// took 0.46 s where this one takes 0.36 s, so long searches keep it.
    fn branch_in_fullest_band(&self) -> (usize, u32, usize) {
        let pairs = self.bivalue_cells();
        // The first of the bands with the most unsolved cells, among those with a bivalue cell.
        let band = (0..3)
            .filter(|&b| pairs[b] != 0)
            .max_by_key(|&b| (self.unsolved[b].count_ones(), std::cmp::Reverse(b)));
        match band {
            Some(b) => self.first_digit(b, 1 << (31 - pairs[b].leading_zeros())),
            None => self.fewest_candidates_cell(),
        }
    }

    /// The unsolved cells with two candidates, per band.
    fn bivalue_cells(&self) -> [u32; 3] {
        let mut pairs = [0u32; 3];
        for (b, pairs) in pairs.iter_mut().enumerate() {
            let (mut ones, mut twos, mut more) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let p = self.cand[3 * d + b];
                more |= twos & p;
                twos |= ones & p;
                ones |= p;
            }
            *pairs = self.unsolved[b] & twos & !more;
        }
        pairs
    }

    /// How many places the digits of cell `i` of band `b` have among its peers (and the cell).
    fn digit_places_near(&self, b: usize, i: usize) -> u32 {
        (0..9)
            .filter(|&d| self.cand[3 * d + b] >> i & 1 != 0)
            .map(|d| {
                let open: [u32; 3] =
                    std::array::from_fn(|band| self.cand[3 * d + band] & self.unsolved[band]);
                peers_among(&open, b, i)
            })
            .sum()
    }

    fn first_digit(&self, b: usize, bit: u32) -> (usize, u32, usize) {
        let d = (0..9)
            .find(|&d| self.cand[3 * d + b] & bit != 0)
            .expect("an unsolved cell after propagation has candidates");
        (b, bit, d)
    }

    /// Takes `d` for the cell `bit` of band `b`.
    #[inline]
    fn place(&mut self, b: usize, bit: u32, d: usize) {
        let row = ROW[(bit.trailing_zeros() / 9) as usize];
        for other in 0..9 {
            self.clear(3 * other + b, !bit);
        }
        let i = 3 * d + b;
        self.cand[i] = (self.cand[i] & !row) | bit;
        self.dirty |= 1 << i;
    }

    /// The checks of a long search (past [`TEMPLATE_CHECK_AFTER`] guesses), after
    /// [`State::propagate`]: every house filtered to its matchings and propagated again until
    /// neither changes anything, then every digit's templates, then (if `probe`) the digit
    /// classes of every band and stack and probing, and all again while probing removes
    /// something; false on a contradiction.
    fn check_deeply(&mut self, probe: bool) -> bool {
        loop {
            if !self.filter_houses() {
                return false;
            }
            // `propagate` leaves nothing dirty, so only the filtering's removals are.
            if self.dirty == 0 {
                if !self.every_digit_has_a_template() {
                    return false;
                }
                if !probe {
                    return true;
                }
                if !self.classes_fit_bands() {
                    return false;
                }
                match self.probe() {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
            if !self.propagate() {
                return false;
            }
        }
    }

    /// Failed-literal probing: every candidate whose placement propagates to a contradiction
    /// is removed (then the rest is propagated); Some(whether it removed any), None on a
    /// contradiction. Propagation and the house and template checks each look at one house or
    /// one digit at a time; a contradiction spread over several houses and digits is found by
    /// guessing, again in every branch above it. Examples are random "parity" grids
    /// (`examples/oracle_stress`) whose rows keep digits of one parity: the worst of 2 million
    /// took 2.9 s to prove empty, after 344,750 guesses; probing proves it in 8 ms. It
    /// costs one propagation per candidate, so it runs only now and then
    /// ([`PROBE_EVERY`]).
    fn probe(&mut self) -> Option<bool> {
        let mut removed = false;
        for b in 0..3 {
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                for d in 0..9 {
                    if self.cand[3 * d + b] & bit == 0 {
                        continue;
                    }
                    let mut trial = *self;
                    trial.place(b, bit, d);
                    if !trial.propagate() {
                        self.clear(3 * d + b, !bit);
                        removed = true;
                    }
                }
            }
        }
        if removed && !self.propagate() {
            return None;
        }
        Some(removed)
    }

    /// Whether every class of digits can be spread over each band and each stack: a class S
    /// (a set of digits) fills |S| cells of every row and every box, so in a band the cells of
    /// S in each mini-row (row ∩ box) must number between the mini-row's cells whose
    /// candidates all lie in S and those holding any digit of S, with each row's and each
    /// box's counts summing to |S| (a 3 × 3 transportation problem); likewise for columns in
    /// a stack. Each house's matching and each digit's templates see one house or one digit;
    /// this sees a class across the three houses of a band. A grid the grader fuzz target
    /// found, whose rows keep digits of one parity, has no solution because odd digits cannot
    /// be spread so over one of its bands; without this check the search took 8 s to exhaust
    /// its open rows. The classes holding digit 1 are checked (a class's complement fills the
    /// rest of each mini-row, so it fits exactly when the class does).
    fn classes_fit_bands(&self) -> bool {
        let masks = self.cell_masks();
        // The three cells of each mini-row (band-wise: [band][row in band][box in band]) and
        // mini-column (stack-wise: [stack][column in stack][box in stack]).
        let mini = |transpose: bool, group: usize, line: usize, part: usize| -> [u16; 3] {
            std::array::from_fn(|i| {
                let (row, col) = (3 * group + line, 3 * part + i);
                let cell = if transpose {
                    col * 9 + row
                } else {
                    row * 9 + col
                };
                masks[cell]
            })
        };
        for class in (1u16..0x1FF).step_by(2) {
            let size = class.count_ones() as u8;
            for transpose in [false, true] {
                for group in 0..3 {
                    let (mut lo, mut hi) = ([[0u8; 3]; 3], [[0u8; 3]; 3]);
                    for line in 0..3 {
                        for part in 0..3 {
                            for mask in mini(transpose, group, line, part) {
                                lo[line][part] += u8::from(mask & !class == 0);
                                hi[line][part] += u8::from(mask & class != 0);
                            }
                        }
                    }
                    if !transportable(&lo, &hi, size) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether every digit still has a template: nine of its cells, one per row, column and
    /// box ([`band_column_triples`] per band, then one column per band in each stack).
    fn every_digit_has_a_template(&self) -> bool {
        (0..9).all(|d| {
            let [t0, t1, t2] = [0, 1, 2].map(|b| band_column_triples(self.cand[3 * d + b]));
            set_bits(t0).any(|a| {
                set_bits(t1).any(|b| {
                    let (a, b) = ([a / 9, a / 3 % 3, a % 3], [b / 9, b / 3 % 3, b % 3]);
                    // Per stack the bands take distinct columns, so the third band's are fixed.
                    (0..3).all(|s| a[s] != b[s])
                        && t2 >> ((3 - a[0] - b[0]) * 9 + (3 - a[1] - b[1]) * 3 + (3 - a[2] - b[2]))
                            & 1
                            != 0
                })
            })
        })
    }

    /// Keeps in every house only the candidates some assignment of distinct digits to all of
    /// its cells uses (a perfect matching of cells to digits; Régin's filtering for
    /// all-different); false when a house has no such assignment. Propagation looks at one cell
    /// or one digit of a house at a time, so it sees neither k cells of a house holding fewer
    /// than k digits between them (Hall's condition broken: a seeded run of the grader target
    /// made a grid whose column has five cells with four digits, no cell bivalue anywhere) nor
    /// the naked subsets that lead to such a house: the libFuzzer grader target found a grid
    /// whose box 9 holds four cells of even digits only, so the row through its other three
    /// has five cells of odd digits and its box 8 five cells of even ones. Without the
    /// filtering the search re-proved that in every branch of the other bands' guesses (71 s).
    /// Candidates removed are marked dirty for [`State::propagate`].
    fn filter_houses(&mut self) -> bool {
        let mut masks = self.cell_masks();
        for house in &HOUSE_CELLS {
            let cells = house.map(|cell| masks[cell as usize]);
            let Some(kept) = matched_candidates(&cells) else {
                return false;
            };
            for (i, &cell) in house.iter().enumerate() {
                let cell = cell as usize;
                let mut removed = masks[cell] & !kept[i];
                if removed == 0 {
                    continue;
                }
                masks[cell] &= kept[i];
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                while removed != 0 {
                    let d = removed.trailing_zeros() as usize;
                    removed &= removed - 1;
                    self.clear(3 * d + b, !bit);
                }
            }
        }
        true
    }

    /// Each cell's candidates (placed digits included), bit per digit.
    fn cell_masks(&self) -> [u16; CELLS] {
        let mut masks = [0u16; CELLS];
        for d in 0..9 {
            for b in 0..3 {
                let mut rest = self.cand[3 * d + b];
                while rest != 0 {
                    masks[27 * b + rest.trailing_zeros() as usize] |= 1 << d;
                    rest &= rest - 1;
                }
            }
        }
        masks
    }

    /// Digit index per cell; meaningful once every cell is placed.
    fn solution(&self) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        for d in 0..9 {
            for b in 0..3 {
                let mut rest = self.cand[3 * d + b];
                while rest != 0 {
                    out[27 * b + rest.trailing_zeros() as usize] = d as u8;
                    rest &= rest - 1;
                }
            }
        }
        out
    }
}

/// Finds `cell` of a house (its cells' candidate masks `cells`) a digit, moving cells matched
/// before to other digits where needed (`owner`: the cell each digit is matched to, 9 for none;
/// `seen`: the digits tried on this path).
fn augment(cells: &[u16; 9], cell: usize, owner: &mut [u8; 9], seen: &mut u16) -> bool {
    let mut free = cells[cell] & !*seen;
    while free != 0 {
        let d = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << d;
        if owner[d] == 9 || augment(cells, owner[d] as usize, owner, seen) {
            owner[d] = cell as u8;
            return true;
        }
    }
    false
}

/// The candidates of a house's cells (`cells`: their candidate masks) that some perfect
/// matching of cells to digits uses, or None when there is no perfect matching. One matching
/// is found by augmenting paths; another candidate (cell c, digit d) with d matched to cell c'
/// lies on one exactly when c' reaches c by candidates to matched digits (an alternating cycle
/// swaps them), read from the transitive closure of that relation on the nine cells.
fn matched_candidates(cells: &[u16; 9]) -> Option<[u16; 9]> {
    // The cell each digit is matched to (9: none yet).
    let mut owner = [9u8; 9];
    if !(0..9).all(|cell| augment(cells, cell, &mut owner, &mut 0)) {
        return None;
    }
    // Cell c reaches cell c' when c holds the digit matched to c'.
    let mut reach = [0u16; 9];
    for (c, &mask) in cells.iter().enumerate() {
        for d in set_bits(u32::from(mask)) {
            reach[c] |= 1 << owner[d];
        }
    }
    for k in 0..9 {
        for c in 0..9 {
            if reach[c] >> k & 1 != 0 {
                reach[c] |= reach[k];
            }
        }
    }
    let mut kept = [0u16; 9];
    for (c, &mask) in cells.iter().enumerate() {
        for d in set_bits(u32::from(mask)) {
            let mate = owner[d] as usize;
            if mate == c || reach[mate] >> c & 1 != 0 {
                kept[c] |= 1 << d;
            }
        }
    }
    Some(kept)
}

/// Every band word dirty.
const ALL_WORDS: u32 = (1 << 27) - 1;

/// For three bits (one per row of a band), the band's cells in those rows.
const ROWS_OF: [u32; 8] = unions_of(ROW);

/// For three bits (one per box of a band), the band's cells in those boxes.
const BOXES_OF: [u32; 8] = unions_of([0x7 * SPREAD, (0x7 << 3) * SPREAD, (0x7 << 6) * SPREAD]);

/// For each set of the three `parts` (bit `i`: part `i`), their union.
const fn unions_of(parts: [u32; 3]) -> [u32; 8] {
    let mut table = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut i = 0;
        while i < 3 {
            if m & (1 << i) != 0 {
                table[m] |= parts[i];
            }
            i += 1;
        }
        m += 1;
    }
    table
}

/// Guesses after which each node also checks every digit's templates
/// ([`State::every_digit_has_a_template`], some thousands of operations). No real puzzle makes
/// that many: 2026-12-05, over every corpus in `../shared/corpora` (some 200,000 puzzles), the
/// most was 1,466 (one of forum_hardest_1106), 1,209 on royle17, 142 on top1465.
const TEMPLATE_CHECK_AFTER: u32 = 2048;

/// In a long search, every how many guesses a node also probes ([`State::probe`]). Measured on
/// 100,000 grids of `examples/oracle_stress` (seed 777): probing at every node took 10.4 s and
/// left the slowest at 0.30 s; every 16th guess 9.3 s (as without probing) and 0.21 s (0.47 s
/// without).
const PROBE_EVERY: u32 = 16;

/// Whether some counts `x[r][c]`, each between `lo[r][c]` and `hi[r][c]`, make every row and
/// every column of the 3 × 3 table sum to `size`. Rows 0 and 1 are chosen (two free counts
/// each, the third fixed by the row's sum) and row 2 follows from the columns' sums, which then
/// make its own sum right.
fn transportable(lo: &[[u8; 3]; 3], hi: &[[u8; 3]; 3], size: u8) -> bool {
    let size = i32::from(size);
    let within = |x: i32, r: usize, c: usize| i32::from(lo[r][c]) <= x && x <= i32::from(hi[r][c]);
    // Rows and columns whose bounds cannot reach the sum end it at once (the usual case).
    for i in 0..3 {
        let (row_lo, row_hi) = (0..3).fold((0, 0), |(l, h), j| {
            (l + i32::from(lo[i][j]), h + i32::from(hi[i][j]))
        });
        let (col_lo, col_hi) = (0..3).fold((0, 0), |(l, h), j| {
            (l + i32::from(lo[j][i]), h + i32::from(hi[j][i]))
        });
        if row_lo > size || row_hi < size || col_lo > size || col_hi < size {
            return false;
        }
    }
    let range = |r: usize, c: usize| i32::from(lo[r][c])..=i32::from(hi[r][c]);
    for x00 in range(0, 0) {
        for x01 in range(0, 1) {
            let x02 = size - x00 - x01;
            if !within(x02, 0, 2) {
                continue;
            }
            for x10 in range(1, 0) {
                for x11 in range(1, 1) {
                    let x12 = size - x10 - x11;
                    if within(x12, 1, 2)
                        && within(size - x00 - x10, 2, 0)
                        && within(size - x01 - x11, 2, 1)
                        && within(size - x02 - x12, 2, 2)
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The column triples a digit's band word `a` can give its three cells in the band, one per
/// row: columns `i`, `3 + j`, `6 + k` (one per stack, so one cell per box) as bit
/// `9 * i + 3 * j + k`, set where some order of the rows has each row's candidate there.
fn band_column_triples(a: u32) -> u32 {
    let rows = [a & 0x1FF, a >> 9 & 0x1FF, a >> 18 & 0x1FF];
    let mut triples = 0;
    for t in 0..27 {
        let columns = [t / 9, 3 + t / 3 % 3, 6 + t % 3];
        if ORDERS_OF_THREE
            .iter()
            .any(|order| (0..3).all(|r| rows[r] >> columns[order[r] as usize] & 1 != 0))
        {
            triples |= 1 << t;
        }
    }
    triples
}

/// The cells of each box of a band (box = column / 3).
const BOX_IN_BAND: [u32; 3] = [0x7 * SPREAD, (0x7 << 3) * SPREAD, (0x7 << 6) * SPREAD];

/// How many of `cells` (per band) lie in the row, column or box of cell `i` of band `b`, the
/// cell itself included: those of its row and box in its band (its column's there lie in its
/// box) and those of its column in the other two bands.
fn peers_among(cells: &[u32; 3], b: usize, i: usize) -> u32 {
    let c = i % 9;
    let column = SPREAD << c;
    let near = ROW[i / 9] | BOX_IN_BAND[c / 3];
    // One count: the other bands' column cells moved (to bits 0, 9, 18 and 1, 10, 19) above
    // the band's 27 bits (`count_ones` is a dozen instructions without a POPCNT target).
    let (first, second) = OTHER_BANDS[b];
    let outside = (cells[first] & column) >> c | (cells[second] & column) >> c << 1;
    (u64::from(cells[b] & near) | u64::from(outside) << 27).count_ones()
}

const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

thread_local! {
    /// The guess stack, kept per thread so that a solve allocates nothing once it has grown.
    static STACK: std::cell::RefCell<Vec<Frame>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Counts the solutions of `state` up to `limit`; the first one found goes to `first`.
pub(super) fn count(state: State, limit: u32, first: &mut [u8; CELLS]) -> u32 {
    search(state, limit, first).found
}

/// The guesses a count of the solutions of `state` up to two makes.
pub(super) fn guesses(state: State) -> u32 {
    search(state, 2, &mut [0; CELLS]).guesses
}

/// [`run`] on the thread's guess stack.
fn search(state: State, limit: u32, first: &mut [u8; CELLS]) -> Search {
    STACK.with(|stack| match stack.try_borrow_mut() {
        Ok(mut stack) => run(state, limit, first, &mut stack),
        // Only reachable if a solve ran inside another on one thread; a fresh stack is correct.
        Err(_) => run(state, limit, first, &mut Vec::new()),
    })
}

/// What a search did: the solutions it found (up to its limit) and the guesses it made.
#[derive(Debug)]
struct Search {
    found: u32,
    guesses: u32,
}

fn run(mut state: State, limit: u32, first: &mut [u8; CELLS], stack: &mut Vec<Frame>) -> Search {
    stack.clear();
    let mut found = 0;
    let mut guesses = 0u32;
    loop {
        if state.propagate()
            && (guesses < TEMPLATE_CHECK_AFTER || {
                // Probing costs some hundreds of propagations: every 16th guess, and at the
                // bottom of the stack (the negations of the first guess), where a removal
                // prunes the most.
                let probe = stack.is_empty() || guesses.is_multiple_of(PROBE_EVERY);
                state.check_deeply(probe)
            })
        {
            if state.unsolved == [0; 3] {
                found += 1;
                if found == 1 {
                    *first = state.solution();
                }
                if found >= limit {
                    return Search { found, guesses };
                }
            } else {
                let (b, bit, d) = if guesses < TEMPLATE_CHECK_AFTER {
                    state.branch()
                } else {
                    state.branch_on_pairs()
                };
                guesses = guesses.saturating_add(1);
                stack.push(Frame {
                    state,
                    band: b as u8,
                    digit: d as u8,
                    bit,
                });
                state.place(b, bit, d);
                continue;
            }
        }
        // Dead end or a solution counted: negate the latest guess.
        let Some(frame) = stack.pop() else {
            return Search { found, guesses };
        };
        state = frame.state;
        state.clear(3 * frame.digit as usize + frame.band as usize, !frame.bit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::Xorshift;
    use crate::core::PEERS;

    /// Whether the digit plane `rows` (nine 9-bit rows) has a template, by the definition: a
    /// cell per row, no column and no box twice.
    fn has_template(rows: &[u32; 9], row: usize, columns: u32, boxes: u32) -> bool {
        row == 9
            || set_bits(rows[row] & !columns).any(|c| {
                let b = 1 << (row / 3 * 3 + c / 3);
                boxes & b == 0 && has_template(rows, row + 1, columns | 1 << c, boxes | b)
            })
    }

    /// Nine random bits, each set with probability `keep` / 9.
    fn nine_bits(rng: &mut Xorshift, keep: u64) -> u16 {
        (0..9).fold(0, |bits, i| bits | u16::from(rng.next() % 9 < keep) << i)
    }

    /// A state whose digit 0 has the plane `rows` and every other digit every cell.
    fn with_digit_plane(rows: &[u32; 9]) -> State {
        let mut cand = [BAND; 27];
        for b in 0..3 {
            cand[b] = rows[3 * b] | rows[3 * b + 1] << 9 | rows[3 * b + 2] << 18;
        }
        State {
            cand,
            unsolved: [BAND; 3],
            dirty: 0,
            since_columns: ALL_WORDS,
        }
    }

    /// The branch cell by its definition on the grid's geometry: of the unsolved cells with two
    /// candidates, the one with the most unsolved cells among its peers, then the most places
    /// of its two digits among them (the cell counted in both), then the last.
    /// Also says whether another cell had as many unsolved peers.
    fn branch_by_the_definition(state: &State) -> Option<((usize, u32, usize), bool)> {
        let at = |d: usize, cell: usize| state.cand[3 * d + cell / 27] >> (cell % 27) & 1 != 0;
        let unsolved = |cell: usize| state.unsolved[cell / 27] >> (cell % 27) & 1 != 0;
        let (mut best, mut peers) = (None, Vec::new());
        for cell in (0..CELLS).filter(|&cell| unsolved(cell)) {
            let digits: Vec<usize> = (0..9).filter(|&d| at(d, cell)).collect();
            if digits.len() != 2 {
                continue;
            }
            let near: Vec<usize> = PEERS[cell]
                .iter()
                .chain([cell])
                .filter(|&c| unsolved(c))
                .collect();
            let places = digits
                .iter()
                .map(|&d| near.iter().filter(|&&c| at(d, c)).count())
                .sum::<usize>();
            let score = (near.len(), places);
            peers.push(near.len());
            if best.is_none_or(|(s, _)| score >= s) {
                best = Some((score, (cell / 27, 1 << (cell % 27), digits[0])));
            }
        }
        let most = peers.iter().max();
        best.map(|(_, pick)| (pick, peers.iter().filter(|&p| Some(p) == most).count() > 1))
    }

    /// The states the search tests start from: each puzzle of the sample with one to four
    /// givens left out (so that its search guesses), then twice more thinned at random.
    fn sample_starts(rng: &mut Xorshift, mut visit: impl FnMut(State, &mut Xorshift)) {
        let text = include_str!("../../corpora/royle17_sample.txt");
        let puzzles = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'));
        for puzzle in puzzles {
            let mut puzzle = puzzle.as_bytes()[..81].to_vec();
            for _ in 0..1 + rng.next() % 4 {
                puzzle[(rng.next() % 81) as usize] = b'.';
            }
            let puzzle = std::str::from_utf8(&puzzle).expect("the sample is ASCII");
            let mut grid = crate::core::test_support::grid(puzzle);
            for _ in 0..3 {
                visit(State::from_grid(&grid), rng);
                rng.thin(&mut grid, 6);
            }
        }
    }

    /// Takes the branch's guess, or refuses it, at random.
    fn guess_or_refuse(state: &mut State, (b, bit, d): (usize, u32, usize), rng: &mut Xorshift) {
        if rng.next().is_multiple_of(2) {
            state.place(b, bit, d);
        } else {
            state.clear(3 * d + b, !bit);
        }
    }

    /// The columns' pass skips the digits whose words are as it last left them: every
    /// propagation still ends where a pass over all nine digits finds nothing more (and, the
    /// rules being eliminations, at the one state the full passes reach), along searches from
    /// [`sample_starts`] whose guesses are taken or refused at random.
    #[test]
    fn skipping_unchanged_digits_in_the_columns_pass_reaches_the_full_fixpoint() {
        let (mut fixpoints, mut contradictions) = (0, 0);
        sample_starts(&mut Xorshift(0xBB67_AE85_84CA_A73B), |mut state, rng| {
            for _ in 0..6 {
                if !state.propagate() {
                    contradictions += 1;
                    return;
                }
                let mut full = state;
                full.since_columns = ALL_WORDS;
                assert!(
                    full.propagate(),
                    "a full pass finds a contradiction: {state:?}"
                );
                assert_eq!(full.cand, state.cand, "a full pass finds more");
                fixpoints += 1;
                if state.unsolved == [0; 3] {
                    return;
                }
                let branch = state.branch();
                guess_or_refuse(&mut state, branch, rng);
            }
        });
        assert!(
            fixpoints > 1_000 && contradictions > 20,
            "{fixpoints} fixpoints, {contradictions} contradictions"
        );
    }

    /// On real puzzles (royle17's, a few givens left out), thinned at random and searched a few
    /// guesses deep, the branch takes the cell the definition names.
    #[test]
    fn the_branch_cell_has_the_most_unsolved_peers() {
        let (mut compared, mut tied) = (0, 0);
        sample_starts(&mut Xorshift(0x6A09_E667_F3BC_C908), |mut state, rng| {
            for _ in 0..4 {
                if !state.propagate() || state.unsolved == [0; 3] {
                    return;
                }
                let Some((expected, tie)) = branch_by_the_definition(&state) else {
                    return;
                };
                assert_eq!(state.branch(), expected, "{state:?}");
                compared += 1;
                tied += usize::from(tie);
                guess_or_refuse(&mut state, expected, rng);
            }
        });
        assert!(
            compared > 500 && tied > 150,
            "{compared} states, {tied} tied on peers"
        );
    }

    #[test]
    fn templates_are_found_as_by_the_definition() {
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut with, mut without) = (0, 0);
        for n in 0..4000 {
            // Densities from a third to all but a ninth of the cells.
            let keep = 3 + n % 6;
            let rows: [u32; 9] = std::array::from_fn(|_| u32::from(nine_bits(&mut rng, keep)));
            let expected = has_template(&rows, 0, 0, 0);
            assert_eq!(
                with_digit_plane(&rows).every_digit_has_a_template(),
                expected,
                "{rows:03x?}"
            );
            if expected {
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(
            with > 500 && without > 500,
            "{with} with, {without} without"
        );
    }

    /// The grid of 729 bits, `pattern` repeated (the fuzz targets' any-grid inputs).
    fn bits_state(pattern: &[u8]) -> State {
        let mut set = crate::core::CandidateSet::EMPTY;
        for i in 0..CELLS * 9 {
            if pattern[i / 8 % pattern.len()] & (1 << (i % 8)) != 0 {
                set.insert(i / 9, i % 9);
            }
        }
        State::from_grid(&Grid::from_candidates(&set).expect("a grid"))
    }

    /// Found by a seeded random run of the grader target's body (input `83 bd 2e db fe`): a
    /// grid with many solutions and no bivalue cell, where finding two took 589,364 guesses
    /// (1.8 s) on cells of three candidates and more; guessing a digit's two places in a row
    /// once the search is long finds them in 3,171. Another input of that run, with no
    /// solution, took 74,900 (0.3 s); the houses' matching filter ends it at the 2,048th.
    #[test]
    fn long_searches_guess_on_pairs() {
        let mut first = [0; CELLS];
        let many = run(
            bits_state(&[0x2e, 0xdb, 0xfe]),
            2,
            &mut first,
            &mut Vec::new(),
        );
        assert_eq!(many.found, 2);
        assert!(many.guesses < 20_000, "{many:?}");
        let none = [0x9f, 0xfb, 0x86, 0x5f, 0x79, 0x75, 0x5d, 0xb8, 0x75];
        let none = run(bits_state(&none), 2, &mut first, &mut Vec::new());
        assert_eq!(none.found, 0);
        assert!(none.guesses <= 4096, "{none:?}");
    }

    /// Found by a seeded run of the grader target's body (input `95 ba fd 55 15 7d f3`): a grid
    /// without a solution, no bivalue cell, whose column 2 has five cells holding only the
    /// digits 2, 4, 6 and 8. Without the houses' matching filter the search proved it empty
    /// after 396,098 guesses (1.2 s).
    #[test]
    fn a_house_without_a_matching_ends_the_search() {
        let mut first = [0; CELLS];
        let search = run(
            bits_state(&[0xfd, 0x55, 0x15, 0x7d, 0xf3]),
            2,
            &mut first,
            &mut Vec::new(),
        );
        assert_eq!(search.found, 0);
        assert!(search.guesses <= 4096, "{search:?}");
        // Found by the grader fuzz target (libFuzzer) the same day, also without a solution:
        // 31.9 s without the check.
        let pattern = [
            0xff, 0xff, 0xff, 0xff, 0xfe, 0x2e, 0xff, 0xff, 0x0b, 0xff, 0xfe, 0xb1, 0xff, 0x89,
            0xf6, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
            0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x55, 0xd6, 0xd4, 0xff, 0xff, 0x55, 0x55, 0x55, 0x55, 0xff, 0xff, 0xfe, 0x2e,
        ];
        let search = run(bits_state(&pattern), 2, &mut first, &mut Vec::new());
        assert_eq!(search.found, 0);
        assert!(search.guesses <= 4096, "{search:?}");
    }

    /// The houses' matching check agrees with Hall's condition tested by its definition (no k
    /// cells of a house holding fewer than k digits) on random candidate masks.
    #[test]
    fn house_matchings_are_found_as_by_halls_condition() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let (mut with, mut without) = (0, 0);
        for n in 0..3000 {
            let keep = 2 + n % 5;
            let cells: [u16; 9] = std::array::from_fn(|_| nine_bits(&mut rng, keep));
            let hall = (1u32..512).all(|subset| {
                let union = (0..9)
                    .filter(|&c| subset >> c & 1 != 0)
                    .fold(0u16, |u, c| u | cells[c]);
                union.count_ones() >= subset.count_ones()
            });
            let mut owner = [9u8; 9];
            let matched = (0..9).all(|cell| augment(&cells, cell, &mut owner, &mut 0));
            assert_eq!(matched, hall, "{cells:03x?}");
            if hall {
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(
            with > 300 && without > 300,
            "{with} with, {without} without"
        );
    }

    /// The houses' filtering keeps a candidate exactly when some perfect matching of the
    /// house's cells to digits uses it (by the definition: the other eight cells can still be
    /// matched to the other eight digits), on random candidate masks.
    #[test]
    fn house_filtering_keeps_what_some_matching_uses() {
        fn matchable(cells: &[u16], used: u16) -> bool {
            match cells.split_first() {
                None => true,
                Some((&first, rest)) => {
                    set_bits(u32::from(first & !used)).any(|d| matchable(rest, used | 1 << d))
                }
            }
        }
        let mut rng = Xorshift(0x5851_F42D_4C95_7F2D);
        let (mut pruned, mut kept_all, mut none) = (0, 0, 0);
        for n in 0..3000 {
            let keep = 2 + n % 6;
            let cells: [u16; 9] = std::array::from_fn(|_| nine_bits(&mut rng, keep));
            let expected: [u16; 9] = std::array::from_fn(|c| {
                (0..9)
                    .filter(|&d| cells[c] >> d & 1 != 0)
                    .filter(|&d| {
                        let mut rest = cells;
                        rest[c] = 1 << d;
                        matchable(&rest, 0)
                    })
                    .fold(0, |m, d| m | 1 << d)
            });
            match matched_candidates(&cells) {
                None => {
                    assert_eq!(expected, [0; 9], "{cells:03x?}");
                    none += 1;
                }
                Some(kept) => {
                    assert_eq!(kept, expected, "{cells:03x?}");
                    if kept == cells {
                        kept_all += 1;
                    } else {
                        pruned += 1;
                    }
                }
            }
        }
        assert!(
            pruned > 300 && kept_all > 300 && none > 300,
            "{pruned} pruned, {kept_all} unchanged, {none} without a matching"
        );
    }

    /// The search on a grader fuzz target's any-grid input kept in
    /// `tests/soundness/fuzz_regressions/grader/`: the bytes after the two leading ones,
    /// repeated over the 729 bits.
    fn search_fuzz_regression(name: &str) -> Search {
        let path = format!(
            "{}/tests/soundness/fuzz_regressions/grader/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let bytes = std::fs::read(path).unwrap();
        run(bits_state(&bytes[2..]), 2, &mut [0; CELLS], &mut Vec::new())
    }

    /// Found by the libFuzzer grader target (input `ff ff 52 26 …`): no solution, because box
    /// 9 holds four cells of even digits only, so the three others of row 8 with its two odd
    /// cells in box 7 make five odd cells and leave row 8's box 8 cells even, and box 8 then
    /// has five cells of four even digits. Without the houses' filtering the search re-proved
    /// that under every guess in bands 1 and 2 (71 s).
    #[test]
    fn naked_subsets_across_houses_end_the_search() {
        let search = search_fuzz_regression("no-matching-ffff5226");
        assert_eq!(search.found, 0);
        assert!(search.guesses <= 4096, "{search:?}");
    }

    /// Found by the grader fuzz target: 729 bits whose digit 5 is a checkerboard (r + c odd),
    /// which no template fits; the other digits leave so much room that the search proved it
    /// empty only after millions of guesses (26 s).
    #[test]
    fn a_digit_without_a_template_ends_the_search() {
        let pattern = [0x2B, 0xFE, 0x2E, 0xFB, 0xDF, 0xFE, 0x2E, 0xFB, 0xDF];
        let mut first = [0; CELLS];
        let search = run(bits_state(&pattern), 2, &mut first, &mut Vec::new());
        assert_eq!(search.found, 0);
        // Without the check: millions of guesses. With it, none after the check starts.
        assert!(search.guesses <= 4096, "{search:?}");
    }

    /// The slowest of 2 million random "parity" grids of `examples/oracle_stress` (seed
    /// 20261205), one row of 81 marks per line: no solution, which the search proved after
    /// 344,750 guesses (2.9 s) before nodes probed ([`State::probe`]); now the first probe,
    /// at the 2,048th guess, proves it.
    const PARITY_GRID: [&str; 9] = [
        "123.5.7.9.23456789.234.67..1.345678912.456789.234567891234567.91..456789123.567.9",
        ".2.4.6.8.1.3.5.7.9.2.4.6.8.1.3.5.7.9.2.4.6.8.123.5.7.9.2.456.8.1.345.7.9.2.4.6.8.",
        "1234567891234567891234567891234567891234567891234567891234567891234.67891.34..789",
        ".2.4.6.8.1.345.7.9.2.4.6.8.1.3.5.7.9.2.4.6.8.1.3.5.7.9.2.4.6.891.3.5.7.9.2.4.6.8.",
        "12345678.1234567.91234567891234567891.3.567.91234567891.3.5.7.9123456789123456789",
        ".2.4.6.8.1.3.5.7.9.2.4.6.8.1.3.5.7.9.2.4.6.8.1.3.5.7.9.2.4.6.8.1.3.5.7.9.2.4.678.",
        "1234567891234.67891.3.5.7.9123456789.23.5678912.456789123456789123456789123456789",
        ".2.4.6.8.1.3.567.9.2.4.6.8.1.3.567.9.2.4.6.8.1.3.567.912.45678.1.3456789.2.4.6.8.",
        "1234567891.34567891.3.5.7.912345678.1234567.912345678912.456789.2345678.1.3.5.7.9",
    ];

    /// The state of a 729-mark grid (a digit or `.` per cell and digit).
    fn marks_state(marks: &str) -> State {
        let mut set = crate::core::CandidateSet::EMPTY;
        for (i, ch) in marks.bytes().enumerate() {
            if ch != b'.' {
                set.insert(i / 9, (ch - b'1') as usize);
            }
        }
        State::from_grid(&Grid::from_candidates(&set).expect("a grid"))
    }

    #[test]
    fn probing_ends_a_search_spread_over_houses_and_digits() {
        let search = run(
            marks_state(&PARITY_GRID.concat()),
            2,
            &mut [0; CELLS],
            &mut Vec::new(),
        );
        assert_eq!(search.found, 0);
        assert!(search.guesses <= 4096, "{search:?}");
    }

    /// Probing removes only candidates no solution uses, and the band check rejects no grid
    /// with a solution: on grids around a known solution (extra candidates at random
    /// densities) every candidate of the solution stays, and some grids lose others.
    #[test]
    fn probing_keeps_the_candidates_of_a_solution() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
        let mut pruned = 0;
        for n in 0..300 {
            // A solution: the pattern grid with its digits, rows and columns shuffled.
            let mut digits: Vec<usize> = (0..9).collect();
            for i in (1..9).rev() {
                digits.swap(i, rng.next() as usize % (i + 1));
            }
            let solution: [usize; CELLS] = std::array::from_fn(|cell| {
                let (r, c) = (cell / 9, cell % 9);
                digits[(r * 3 + r / 3 + c) % 9]
            });
            let keep = 3 + n % 5;
            let mut set = crate::core::CandidateSet::EMPTY;
            for (cell, &digit) in solution.iter().enumerate() {
                set.insert(cell, digit);
                for other in 0..9 {
                    if rng.next() % 9 < keep {
                        set.insert(cell, other);
                    }
                }
            }
            let mut state = State::from_grid(&Grid::from_candidates(&set).expect("a grid"));
            assert!(state.propagate());
            let before = state;
            assert!(state.classes_fit_bands(), "grid {n}");
            assert!(state.probe().is_some(), "grid {n}");
            for (cell, &digit) in solution.iter().enumerate() {
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                assert!(
                    state.cand[3 * digit + b] & bit != 0,
                    "grid {n}, cell {cell}"
                );
            }
            if state != before {
                pruned += 1;
            }
        }
        assert!(pruned > 30, "{pruned} grids pruned");
    }

    /// Found by the libFuzzer grader target (input `ff ff 52 26 9f ff …`): no solution, because
    /// in one band the odd digits cannot be spread over the mini-rows (rows keep one parity per
    /// cell, alternating), which the search proved only after exhausting two open rows (8 s,
    /// 7.8 s with probing). The band check ends it at the first check.
    #[test]
    fn digit_classes_that_no_band_can_hold_end_the_search() {
        let search = search_fuzz_regression("odd-digits-band-1b09ba1c");
        assert_eq!(search.found, 0);
        assert!(search.guesses <= 4096, "{search:?}");
    }

    /// [`transportable`] against trying every table of counts, on random bounds.
    #[test]
    fn transport_tables_are_found_as_by_trying_every_one() {
        let mut rng = Xorshift(0x7A5C_0FFE_E123_4567);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..3000 {
            let mut lo = [[0u8; 3]; 3];
            let mut hi = [[0u8; 3]; 3];
            for r in 0..3 {
                for c in 0..3 {
                    let (a, b) = ((rng.next() % 4) as u8, (rng.next() % 4) as u8);
                    (lo[r][c], hi[r][c]) = (a.min(b), a.max(b));
                }
            }
            let size = (1 + rng.next() % 8) as u8;
            // Every table of counts 0..=3 whose rows sum to `size` (a row's first two counts
            // fix its third): 16 per row, so 4,096 tables rather than all 4^9 (which took 11 s
            // in some builds of this test).
            let rows: Vec<Vec<[u8; 3]>> = (0..3)
                .map(|r| {
                    (0..16u8)
                        .filter_map(|code| {
                            let (a, b) = (code % 4, code / 4);
                            let row = [a, b, size.checked_sub(a + b)?];
                            (row[2] <= 3
                                && (0..3).all(|c| lo[r][c] <= row[c] && row[c] <= hi[r][c]))
                            .then_some(row)
                        })
                        .collect()
                })
                .collect();
            let exists = rows[0].iter().any(|r0| {
                rows[1].iter().any(|r1| {
                    rows[2]
                        .iter()
                        .any(|r2| (0..3).all(|c| r0[c] + r1[c] + r2[c] == size))
                })
            });
            assert_eq!(
                transportable(&lo, &hi, size),
                exists,
                "{lo:?} {hi:?} {size}"
            );
            if exists {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 100 && no > 100, "{yes} feasible, {no} not");
    }
}
