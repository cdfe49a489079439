//! GNPX v5's Sue de Coq extensions (SueDeCoqEx1/Ex2 and their finned forms).
//!
//! A *stem* is a set of n ≥ 2 unsolved cells of one house holding n + k digits (k = 1: an ALS,
//! k = 2: an AALS); *leaves* are ALSs (one-cell sets included) disjoint from the stem, each
//! sharing restricted common candidates with it (RCCs, as GNPX defines them: one house holds
//! every place of the digit in both sets, so at most one of them holds it). A leaf can lack only one of its digits, so the stem holds at most
//! one of a leaf's RCCs whenever the leaf has two. The stem must leave out k of its digits;
//! when the leaves force exactly that many out, every set is pinned down and digits leave the
//! cells that see all their places in the pattern. GNPX rates Ex1 and its finned form 5, Ex2
//! and its finned form 6. Sets are GNPX's: up to five cells, and "pure" ([`Als::is_pure`]).

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

use super::{StepSink, TechniqueId};
use crate::core::bits;
use crate::core::notation::{compressed_cells, digit_list};
use crate::core::{Bits81, CandidateSet, Grid, HOUSE_SETS};
use crate::model::als::{for_each_locked_set_in_house, Als};
use crate::techniques::als::{linked_als_table, AlsFlavor, AlsTable, IndexRows, Neighbour};
use crate::techniques::memo;
use crate::techniques::step::{with_kept_step, Step};
use crate::techniques::text::eliminated_cells;

/// GNPX's cap on the cells of a stem or a leaf in these methods.
const MAX_SET_CELLS: usize = 5;

/// An AALS stem with, per digit, the cells seeing every place of the digit in it, and its rows
/// of the ALS table's index (to find its leaves in every state's table while it lasts).
#[derive(Clone, Copy)]
struct PatternSet {
    set: Als,
    sees: [Bits81; 9],
    rows: IndexRows,
}

impl PatternSet {
    fn new(set: Als) -> PatternSet {
        PatternSet {
            sees: set.digit_sees(),
            rows: IndexRows::of(&set),
            set,
        }
    }

    fn part(&self) -> Part<'_> {
        Part {
            set: &self.set,
            sees: &self.sees,
        }
    }
}

/// A set of a pattern as the finders read it: a leaf or an ALS stem in the ALS table, an AALS
/// stem in its house's list ([`SdcTable::aals_by_house`]).
#[derive(Clone, Copy)]
struct Part<'a> {
    set: &'a Als,
    /// Per digit, the cells seeing every place of the digit in the set.
    sees: &'a [Bits81; 9],
}

/// An AALS stem: where it lies in [`SdcTable::aals_by_house`] (house, place in its list), and
/// where its leaves sharing at least one RCC with it lie in [`SdcTable::links`].
struct AalsStem {
    at: (u8, u16),
    links: (u32, u32),
}

/// The leaves and stems of one grid state, with the buffers a build works in: a table is
/// rebuilt in place for the next state, so that building allocates nothing once its buffers
/// have grown.
///
/// The leaves, the ALS stems and their links are the sets and RCC neighbours of the ALS
/// table's GNPX v5.84 flavour, read in place in the table this one holds: copying them (a set
/// and its `sees` are some 300 bytes, a state has hundreds) was most of the cost of a build
/// after the searches.
#[derive(Default)]
struct SdcTable {
    /// The ALS table of the same grid: its sets are the leaves, in its order.
    als: Option<Rc<AlsTable>>,
    /// The ALS stems: the indices of the leaves of two cells or more, in leaf order.
    als_stems: Vec<u32>,
    aals_stems: Vec<AalsStem>,
    /// Every AALS stem's linked leaves (leaf index, RCC digits) in leaf order, stem after stem.
    links: Vec<Neighbour>,
    /// Per house, its pure AALS in the search's order, and the grid they are of
    /// ([`SdcTable::update_aals_by_house`]).
    aals_by_house: [Vec<PatternSet>; 27],
    aals_of: Option<([Bits81; 9], Bits81)>,
    /// A changed house's sets kept from its last list, while its new one is made (work space).
    kept_aals: Vec<PatternSet>,
    /// The AALS stems' (size, house, place in its list), read size by size (work space).
    stem_order: Vec<(u8, u8, u16)>,
}

/// The last table built on this thread, keyed by candidate planes: the four methods run on
/// one state in a row and share it.
type CachedTable = Option<([Bits81; 9], Rc<SdcTable>)>;

thread_local! {
    static TABLE: RefCell<CachedTable> = const { RefCell::new(None) };
}

/// The table of `grid` (built once per state, in the last table's buffers when no finder
/// holds it any more).
fn sdc_table(grid: &Grid) -> Rc<SdcTable> {
    TABLE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((planes, table)) = cache.as_ref() {
            if planes == grid.planes() {
                return Rc::clone(table);
            }
        }
        let mut table = match cache.take() {
            Some((_, table)) => table,
            None => Rc::new(SdcTable::default()),
        };
        match Rc::get_mut(&mut table) {
            Some(buffers) => buffers.rebuild(grid),
            None => {
                let mut fresh = SdcTable::default();
                fresh.rebuild(grid);
                table = Rc::new(fresh);
            }
        }
        *cache = Some((*grid.planes(), Rc::clone(&table)));
        table
    })
}

impl SdcTable {
    /// Makes this the table of `grid`.
    ///
    /// The leaves (GNPX v5.84's pure sets of one to five cells, found house by house and sorted
    /// by size: smaller leaves first, so steps with small sets come out first) and the ALS
    /// stems' links (leaves sharing an RCC, all places of the digit in both sets in one house,
    /// sets disjoint) are, by the same definitions and in the same order, the sets and RCC
    /// neighbours of the ALS table's GNPX v5.84 flavour: read off that table, which is updated
    /// from the last state's instead of searched again (a test compares the two with this
    /// table's own search). Only the AALS stems are searched here.
    fn rebuild(&mut self, grid: &Grid) {
        // Let go of the last state's ALS table first, so that the ALS table's update can
        // reuse its buffers.
        self.als = None;
        let als = linked_als_table(grid, MAX_SET_CELLS, AlsFlavor::Gnpx584);
        // The ALS stems are the leaves of two cells or more, in the same order.
        self.als_stems.clear();
        self.als_stems.extend(
            (0..als.sets.len() as u32).filter(|&i| als.sets[i as usize].cells.count() >= 2),
        );
        self.update_aals_by_house(grid);
        // By size, then in the search's order (house by house, each house's list in order):
        // each set's size read once into a list of (size, house, place), then a pass over
        // that list per size (four passes over every house's list, each counting every set's
        // cells, cost more; sorting the list more still).
        self.links.clear();
        let mut stems = std::mem::take(&mut self.aals_stems);
        stems.clear();
        let mut order = std::mem::take(&mut self.stem_order);
        order.clear();
        for (house, list) in self.aals_by_house.iter().enumerate() {
            for (i, stem) in list.iter().enumerate() {
                order.push((stem.set.cells.count() as u8, house as u8, i as u16));
            }
        }
        let by_size = (2..=MAX_SET_CELLS as u8)
            .flat_map(|size| order.iter().filter(move |&&(cells, _, _)| cells == size));
        for &(_, house, i) in by_size {
            let (house, i) = (usize::from(house), usize::from(i));
            let stem = &self.aals_by_house[house][i];
            let from = self.links.len() as u32;
            // GNPX's RCC: one house holds every place of the digit in both sets, which are
            // disjoint: the ALS table's RCC partners of its flavour, for a set not in it.
            als.for_each_rcc_partner(&stem.set, &stem.rows, |leaf, rccs| {
                self.links.push(Neighbour::new(leaf as u32, rccs));
            });
            stems.push(AalsStem {
                at: (house as u8, i as u16),
                links: (from, self.links.len() as u32),
            });
        }
        self.aals_stems = stems;
        self.stem_order = order;
        self.als = Some(als);
    }

    /// The ALS table the leaves are read from.
    fn als(&self) -> &AlsTable {
        self.als
            .as_deref()
            .expect("a built table holds its ALS table")
    }

    /// Leaf `i`.
    fn leaf(&self, i: u32) -> Part<'_> {
        let als = self.als();
        Part {
            set: &als.sets[i as usize],
            sees: &als.sees[i as usize],
        }
    }

    /// The ALS stems, each with its linked leaves (in leaf order).
    fn als_stems(&self) -> impl Iterator<Item = (Part<'_>, &[Neighbour])> {
        self.als_stems
            .iter()
            .map(|&i| (self.leaf(i), self.als().neighbours(i as usize)))
    }

    /// The AALS stems, each with its linked leaves (in leaf order).
    fn aals_stems(&self) -> impl Iterator<Item = (Part<'_>, &[Neighbour])> {
        self.aals_stems.iter().map(|stem| {
            let (house, i) = stem.at;
            let links = &self.links[stem.links.0 as usize..stem.links.1 as usize];
            (self.aals_by_house[house as usize][i as usize].part(), links)
        })
    }

    /// Brings each house's pure AALS (two to five cells, two more digits than cells, with
    /// their `sees`) to `grid`. A set depends only on its own cells' candidates, so a house
    /// none of whose cells changed since the last grid keeps its list; the others are searched
    /// again (all of them for a table of no grid, or with the finders' memos off), and there a
    /// set with no changed cell is the last list's, copied rather than tested for purity and
    /// measured again. It comes in the same place in the search's order: the search takes a
    /// house's subsets by increasing bitmask over its unsolved cells, and a cell solved (or, on
    /// another puzzle, unsolved) since is in neither of two subsets without it, so dropping (or
    /// inserting) its bit keeps their order.
    fn update_aals_by_house(&mut self, grid: &Grid) {
        let changed = match (&self.aals_of, memo::enabled()) {
            (Some((planes, unsolved)), true) => (0..9)
                .fold(*unsolved ^ grid.unsolved(), |acc, d| {
                    acc | (planes[d] ^ grid.plane(d))
                }),
            _ => Bits81::ALL,
        };
        let kept_aals = &mut self.kept_aals;
        for (house, list) in self.aals_by_house.iter_mut().enumerate() {
            if !HOUSE_SETS[house].intersects(changed) {
                continue;
            }
            // The last list's sets with no changed cell, in order; the search meets each of
            // them, and otherwise only unchanged sets that were not pure (and still are not).
            // Copied out rather than the list swapped with a spare: swapped lists would each
            // have to grow to the house's largest.
            kept_aals.clear();
            kept_aals.extend(list.iter().filter(|s| !s.set.cells.intersects(changed)));
            list.clear();
            let mut kept = kept_aals.iter().peekable();
            for_each_locked_set_in_house(grid, house, 2, 2, MAX_SET_CELLS, |set| {
                if set.cells.intersects(changed) {
                    if set.is_pure(grid) {
                        list.push(PatternSet::new(set));
                    }
                } else if let Some(same) = kept.next_if(|s| s.set.cells == set.cells) {
                    list.push(*same);
                }
            });
            debug_assert!(kept.next().is_none(), "a kept set the search did not meet");
        }
        self.aals_of = Some((*grid.planes(), grid.unsolved()));
    }
}

/// Places of `digit` outside `pattern` that see every place of it in `sets` (a set lacking the
/// digit adds no condition).
fn seeing_all(grid: &Grid, digit: usize, sets: &[Part<'_>], pattern: Bits81) -> Bits81 {
    sets.iter()
        .filter(|s| s.set.digits & (1 << digit) != 0)
        .fold(grid.plane(digit), |acc, s| acc & s.sees[digit])
        .and_not(pattern)
}

/// A finned form's eliminations: the fin `fin` leaves the cells outside `pattern` seeing all its
/// places in `sets`; `None` when there are none. The fin's plane is tested before a candidate set
/// is made: most patterns eliminate nothing.
fn fin_eliminations(
    grid: &Grid,
    fin: usize,
    sets: &[Part<'_>],
    pattern: Bits81,
) -> Option<CandidateSet> {
    let gone = seeing_all(grid, fin, sets, pattern);
    (!gone.is_empty()).then(|| {
        let mut eliminations = CandidateSet::EMPTY;
        eliminations.planes[fin] = gone;
        eliminations
    })
}

/// Eliminations of every digit of `digits` from the cells seeing all its places in `sets`.
fn locked_eliminations(grid: &Grid, digits: u16, sets: &[Part<'_>]) -> CandidateSet {
    let pattern = sets.iter().fold(Bits81::EMPTY, |acc, s| acc | s.set.cells);
    let mut eliminations = CandidateSet::EMPTY;
    for digit in bits::digits(digits) {
        eliminations.planes[digit] |= seeing_all(grid, digit, sets, pattern);
    }
    eliminations
}

/// The step of `technique` for a pattern (stem first), handed to the sink when it eliminates.
fn emit(
    technique: TechniqueId,
    sets: &[Part<'_>],
    rccs: &[u16],
    digits: u16,
    eliminations: &CandidateSet,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    // In the thread's kept step: a find allocates nothing.
    with_kept_step(|step| {
        step.reset(technique);
        step.als.extend(sets.iter().map(|s| s.set.cells));
        step.rcc.extend_from_slice(rccs);
        step.cells = sets.iter().fold(Bits81::EMPTY, |acc, s| acc | s.set.cells);
        step.houses = 1 << sets[0].set.house;
        step.digits = digits;
        step.eliminations = *eliminations;
        sink(step)
    })
}

/// SueDeCoqEx1: an ALS stem and a leaf with two RCCs. The stem holds at most one of them and
/// must lose one digit, so it holds exactly one and all its other digits; the leaf loses that
/// one and holds the rest. Every digit of the leaf is then placed in the pattern: it leaves the
/// cells seeing all its places there (GNPX eliminates the leaf's digits only). GNPX takes only
/// leaves no later than the stem in its ALS list, which it sorts by size first: leaves are not
/// larger than the stem here (measured: closer to GNPX's ratings on its samples).
pub fn sue_de_coq_ex1(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let table = sdc_table(grid);
    let technique = TechniqueId::SueDeCoqEx1;
    for (stem, links) in table.als_stems() {
        for &link in links {
            let rcc = link.rccs();
            if rcc.count_ones() < 2 {
                continue;
            }
            let leaf = table.leaf(link.set());
            if leaf.set.cells.count() > stem.set.cells.count() {
                continue;
            }
            let sets = [stem, leaf];
            let eliminations = locked_eliminations(grid, leaf.set.digits, &sets);
            emit(technique, &sets, &[rcc], rcc, &eliminations, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// SueDeCoqEx2: an AALS stem and two leaves with two RCCs each, all four different. The stem
/// holds at most one RCC of each leaf and must lose two digits, so it holds exactly one of
/// each; each leaf loses that one and holds its other digits. Every digit of the leaves is
/// then placed in the pattern and leaves the cells seeing all its places there.
pub fn sue_de_coq_ex2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let table = sdc_table(grid);
    let technique = TechniqueId::SueDeCoqEx2;
    for (stem, links) in table.aals_stems() {
        let doubly = |link: &&Neighbour| link.rccs().count_ones() >= 2;
        for (i, a) in links.iter().filter(doubly).enumerate() {
            for b in links.iter().filter(doubly).skip(i + 1) {
                let (rcc_a, rcc_b) = (a.rccs(), b.rccs());
                if rcc_a & rcc_b != 0 {
                    continue;
                }
                let (a, b) = (table.leaf(a.set()), table.leaf(b.set()));
                let sets = [stem, a, b];
                let eliminations = locked_eliminations(grid, a.set.digits | b.set.digits, &sets);
                let rccs = [rcc_a, rcc_b];
                emit(technique, &sets, &rccs, rcc_a | rcc_b, &eliminations, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Finned SueDeCoqEx1: an ALS stem and a leaf with one RCC x (an ALS-XZ whose first set has two
/// or more cells). A common digit f ≠ x (the fin) absent from both would lock both on their
/// other digits, x included: x in both, which the RCC forbids. So f lies in the stem or the
/// leaf and leaves the cells seeing all its places there. One step per fin digit.
pub fn finned_sue_de_coq_ex1(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let table = sdc_table(grid);
    let technique = TechniqueId::FinnedSueDeCoqEx1;
    for (stem, links) in table.als_stems() {
        for &link in links {
            let rcc = link.rccs();
            if rcc.count_ones() != 1 {
                continue;
            }
            let leaf = table.leaf(link.set());
            let sets = [stem, leaf];
            let pattern = stem.set.cells | leaf.set.cells;
            for fin in bits::digits(stem.set.digits & leaf.set.digits & !rcc) {
                let Some(eliminations) = fin_eliminations(grid, fin, &sets, pattern) else {
                    continue;
                };
                emit(technique, &sets, &[rcc], 1 << fin, &eliminations, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Finned SueDeCoqEx2: an AALS stem, a leaf A with two RCCs and a leaf B (disjoint from A)
/// with one RCC y, all three different. A digit f common to the stem and B, no RCC, absent from
/// both would lock B (y in B, so not in the stem); the stem would lack f, y and one of A's
/// RCCs: three digits, one more than it can. So f lies in the stem or B and leaves the cells
/// seeing all its places there. One step per fin digit.
pub fn finned_sue_de_coq_ex2(grid: &Grid, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let table = sdc_table(grid);
    let technique = TechniqueId::FinnedSueDeCoqEx2;
    for (stem, links) in table.aals_stems() {
        for &link_a in links {
            let rcc_a = link_a.rccs();
            if rcc_a.count_ones() != 2 {
                continue;
            }
            let a = table.leaf(link_a.set());
            for &link_b in links {
                // The link's own test first: it reads no set.
                let rcc_b = link_b.rccs();
                if rcc_b.count_ones() != 1 || rcc_a & rcc_b != 0 {
                    continue;
                }
                let b = table.leaf(link_b.set());
                if a.set.cells.intersects(b.set.cells) {
                    continue;
                }
                let sets = [stem, a, b];
                let pattern = stem.set.cells | a.set.cells | b.set.cells;
                for fin in bits::digits(stem.set.digits & b.set.digits & !(rcc_a | rcc_b)) {
                    let Some(eliminations) = fin_eliminations(grid, fin, &[stem, b], pattern)
                    else {
                        continue;
                    };
                    let rccs = [rcc_a, rcc_b];
                    emit(technique, &sets, &rccs, 1 << fin, &eliminations, sink)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// `SueDeCoqEx1 stem r1c12 / r1c5 (RCC #1) / r2c3 (RCC #2) fin #4 Eliminated: …` (GNPX's
/// name, the stem, each leaf with its RCC, a finned form's fin digit).
pub fn sue_de_coq_ex_line(step: &Step) -> String {
    let leaves = step
        .als
        .iter()
        .skip(1)
        .zip(&step.rcc)
        .map(|(&set, &rcc)| format!("{} (RCC #{})", compressed_cells(set), digit_list(rcc)))
        .collect::<Vec<_>>()
        .join(" / ");
    let fin = if matches!(
        step.technique,
        TechniqueId::FinnedSueDeCoqEx1 | TechniqueId::FinnedSueDeCoqEx2
    ) {
        format!(" fin #{}", digit_list(step.digits))
    } else {
        String::new()
    };
    format!(
        "{} stem {} / {}{fin} Eliminated: {}",
        step.technique.gnpx_label(),
        step.als
            .first()
            .map_or_else(String::new, |&s| compressed_cells(s)),
        leaves,
        eliminated_cells(&step.eliminations)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{royle17_sample, thinned_states, Xorshift};

    /// A stem's cells and its links (leaf index and RCC digits).
    type StemShape = (Bits81, Vec<Neighbour>);

    /// The table's lists as cells, links and RCCs, to compare two tables.
    fn shape(table: &SdcTable) -> (Vec<Bits81>, Vec<StemShape>) {
        let stems = table
            .als_stems()
            .chain(table.aals_stems())
            .map(|(stem, links)| (stem.set.cells, links.to_vec()))
            .collect();
        (table.als().sets.iter().map(|l| l.cells).collect(), stems)
    }

    /// On states thinned from royle17's sample puzzles towards their solutions (each a little
    /// past the one before, as a grading path's states are): the ALS stems taken from the
    /// leaves are the pure sets of two cells or more a search for them finds, in its order
    /// sorted by size; and a table rebuilt in the buffers of the previous state's equals one
    /// built fresh.
    #[test]
    fn stems_from_leaves_and_rebuilt_tables_match_fresh_ones() {
        let mut rng = Xorshift(0x5DEE_CE66_D1CE_4E5B);
        let mut reused = SdcTable::default();
        let mut states = 0;
        for start in royle17_sample(40) {
            let solution = crate::oracle::solve(&start).solution.unwrap();
            for state in &thinned_states(&start, &solution, &mut rng, 40, 3) {
                states += 1;
                let mut fresh = SdcTable::default();
                fresh.rebuild(state);
                reused.rebuild(state);
                assert_eq!(shape(&reused), shape(&fresh));
                let mut sets = Vec::new();
                crate::model::als::find_locked_sets(state, 1, 2, MAX_SET_CELLS, &mut sets);
                sets.retain(|s| s.is_pure(state));
                sets.sort_by_key(|s| s.cells.count());
                let searched: Vec<Bits81> = sets.iter().map(|s| s.cells).collect();
                let taken: Vec<Bits81> = fresh.als_stems().map(|(s, _)| s.set.cells).collect();
                assert_eq!(taken, searched);
            }
        }
        assert!(states > 1_000, "{states} states");
    }

    /// GNPX's RCC digits of two sets, by the definition: none for sets sharing a cell, else
    /// the common digits whose places in both sets lie in one house.
    fn gnpx_rccs(a: &Als, b: &Als) -> u16 {
        if a.cells.intersects(b.cells) {
            return 0;
        }
        bits::digits(a.digits & b.digits)
            .filter(|&d| crate::core::houses_holding(a.digit_cells[d] | b.digit_cells[d]) != 0)
            .fold(0, |rccs, d| rccs | 1 << d)
    }

    /// The leaves read off the ALS table are GNPX v5.84's pure sets found and sorted by size,
    /// with their `sees`; every stem's links (the ALS stems' read off the table, the AALS
    /// stems' found through its index) are the leaves sharing RCCs with it by the definition,
    /// in leaf order. On states thinned along grading paths (the ALS table updated from state
    /// to state, as when grading).
    #[test]
    fn leaves_and_stem_links_are_those_of_the_definitions() {
        let mut rng = Xorshift(0x0DDB_1A5E_5BAD_5EED);
        let (mut linked, mut aals_linked) = (0, 0);
        for start in royle17_sample(30) {
            let solution = crate::oracle::solve(&start).solution.unwrap();
            for state in &thinned_states(&start, &solution, &mut rng, 40, 3) {
                let mut table = SdcTable::default();
                table.rebuild(state);
                let mut sets = Vec::new();
                crate::model::als::find_als(state, 1, MAX_SET_CELLS, &mut sets);
                sets.retain(|s| s.is_pure(state));
                sets.sort_by_key(|s| s.cells.count());
                let leaves = &table.als().sets;
                let cells = |l: &[Als]| l.iter().map(|l| l.cells).collect::<Vec<_>>();
                assert_eq!(cells(leaves), cells(&sets));
                for (leaf, searched) in table.als().sees.iter().zip(&sets) {
                    assert_eq!(*leaf, searched.digit_sees());
                }
                let stems = table.als_stems().map(|s| (s, false));
                for ((stem, links), aals) in stems.chain(table.aals_stems().map(|s| (s, true))) {
                    let expected: Vec<Neighbour> = (0..leaves.len())
                        .filter_map(|i| {
                            let rccs = gnpx_rccs(stem.set, &leaves[i]);
                            (rccs != 0).then(|| Neighbour::new(i as u32, rccs))
                        })
                        .collect();
                    assert_eq!(links, &expected[..]);
                    linked += links.len();
                    aals_linked += if aals { links.len() } else { 0 };
                }
            }
        }
        assert!(
            linked > 10_000 && aals_linked > 5_000,
            "{linked} {aals_linked}"
        );
    }
}
