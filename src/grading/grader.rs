//! The grading loop: apply the first step found going down the ladder, restart from the top,
//! stop when solved or when nothing fires.

use std::cell::Cell;
use std::fmt;

use crate::core::notation::cell_name;
use crate::core::Grid;
use crate::scales::ladder::{Found, Ladder, RatingRule, SinglesOrder};
use crate::scales::se::SeRating;
use crate::scales::singles_queue::SinglesQueue;
use crate::techniques::singles::{first_single_at_top, OneOpen, SinglesPass};
use crate::techniques::step::{Step, StepDifficulty, WrongDeduction};
use crate::techniques::{se, se_chains, trace};
use crate::techniques::{Flavour, Premise, TechniqueId};
use crate::timing::{NoTiming, TimingHook};

/// What grading a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradeOutcome {
    /// Whether the ladder solved the puzzle (false = stuck).
    pub solved: bool,
    /// Number of steps applied.
    pub steps: u32,
    /// The puzzle's rating by the ladder's rule: GNPX, the maximum difficulty of the techniques
    /// used; HoDoKu, the level (1 Easy … 5 Extreme). 0 when no step was needed.
    pub rating: u8,
    /// Sum of the rungs' scores over all steps (HoDoKu's score; 0 on GNPX scales).
    pub score: u32,
    /// The hardest technique used: of those at the maximum difficulty, the first used (GNPX
    /// scales) or the last in ladder order (HoDoKu); see `RatingRule::names_first_at_top`.
    pub hardest: Option<TechniqueId>,
    /// Steps applied per technique, indexed by `TechniqueId`.
    pub counts: [u32; TechniqueId::COUNT],
    /// Sudoku Explainer's ER/EP/ED of the path, on a ladder rated by
    /// [`RatingRule::SeErEpEd`] (then `rating` is ER in tenths); `None` on the others.
    pub se: Option<SeRating>,
    /// The work Sudoku Explainer's chain engine did on the puzzle (0 on a ladder without its
    /// chains); see [`Ladder::chain_work_limit`].
    pub chain_work: u64,
    /// Whether grading gave up at the ladder's chain work limit (then `solved` is false, and
    /// the path is what was found before).
    pub gave_up: bool,
}

/// A step that disagreed with the puzzle's solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyFailure {
    /// 1-based index of the failing step in the path.
    pub step_number: u32,
    /// The technique that produced it.
    pub technique: TechniqueId,
    /// The wrong placement or elimination.
    pub wrong: WrongDeduction,
    /// The digit index the solution has in the wrong deduction's cell.
    pub solution_digit: u8,
}

impl fmt::Display for VerifyFailure {
    /// `step 12 (x-wing) eliminated r1c5#3, but the solution has r1c5=3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.wrong.placement {
            "placed"
        } else {
            "eliminated"
        };
        let cell = cell_name(self.wrong.cell);
        write!(
            f,
            "step {} ({}) {verb} {cell}#{}, but the solution has {cell}={}",
            self.step_number,
            self.technique.id(),
            self.wrong.digit + 1,
            self.solution_digit + 1,
        )
    }
}

/// A question the grading loop asks once, just before it first tries the rung at index `at`:
/// whether to go on. `evaluate` asks the oracle there, so that a puzzle without exactly one
/// solution stops before the ladder's expensive rungs, while one the basic rungs solve never
/// pays for the oracle.
pub struct Gate<'a, T> {
    /// Index of the first rung behind the gate.
    pub at: usize,
    /// Asked once, with the grid as the rungs before the gate left it (and the timing hook, to
    /// time what it runs); `false` stops grading there, stuck.
    pub pass: &'a mut dyn FnMut(&Grid, &mut T) -> bool,
    /// The premises a pass establishes (the oracle's unique solution): held from the gate on.
    pub grants: Premise,
}

thread_local! {
    /// The HoDoKu singles queue of this thread's last puzzle, whose buffers the next reuses.
    static QUEUE: Cell<Option<SinglesQueue>> = const { Cell::new(None) };
    /// The step buffer of this thread's last puzzle, whose lists (a chain's links, an ALS
    /// step's sets) the next reuses: a new buffer per puzzle allocated them again.
    static STEP: Cell<Option<Step>> = const { Cell::new(None) };
}

/// SE's producer 1 (pass A or B, by `technique`) on `grid`: its first single written into
/// `step`, the step its finder yields first, without building that step in the finder's buffer
/// and copying it here; the grader then places the digit rather than applying the step. Most
/// of an easy puzzle's steps on the SE scale are these.
#[inline]
fn se_single(technique: TechniqueId, grid: &Grid, step: &mut Step) -> Found {
    match se::basic::first_single(technique, grid) {
        Some(single) => {
            step.set_single(technique, single.cell, single.digit, 1 << single.house);
            step.difficulty = Some(StepDifficulty(single.difficulty));
            Found::Placement {
                cell: single.cell,
                digit: single.digit,
            }
        }
        None => Found::Nothing,
    }
}

/// Every premise some rung of `ladder` rests on.
pub fn premises_of(ladder: &Ladder) -> Premise {
    ladder.rungs().iter().fold(Premise::NONE, |all, rung| {
        all.union(rung.technique.premise())
    })
}

/// Grades `grid` in place with `ladder`, every rung enabled: the caller vouches for every
/// [`Premise`] (an 81-character puzzle known to have one solution). With `solution` (digit
/// index per cell), every step is checked against it and the first wrong one is returned as an
/// error. `on_step` sees each step and the grid before it is applied.
pub fn grade(
    grid: &mut Grid,
    ladder: &Ladder,
    solution: Option<&[u8; 81]>,
    on_step: &mut dyn FnMut(&Step, &Grid),
) -> Result<GradeOutcome, VerifyFailure> {
    grade_timed(
        grid,
        ladder,
        Premise::ALL,
        solution,
        Some(on_step),
        &mut NoTiming,
        None,
    )
}

/// [`grade`] where only the premises in `held` are known to hold: a rung whose technique rests
/// on another ([`TechniqueId::premise`]) is skipped, as if it found nothing; with a `gate`,
/// grading stops before the gate's rung if the gate says so, and holds what it grants from
/// there on otherwise. Every technique call is reported to `timing`. Only the finders' calls
/// are timed: checking, `on_step` and applying the step are not. With [`Premise::ALL`] and
/// [`NoTiming`] this is `grade`. `on_step` is generic so that a caller pays no dynamic call per
/// step; a caller that watches nothing passes `None`, and then a single's step is not even
/// written where nothing else reads it (no solution to check it against, no SE rating to
/// record it in).
pub fn grade_timed<T: TimingHook, F: FnMut(&Step, &Grid) + ?Sized>(
    grid: &mut Grid,
    ladder: &Ladder,
    mut held: Premise,
    solution: Option<&[u8; 81]>,
    mut on_step: Option<&mut F>,
    timing: &mut T,
    gate: Option<Gate<'_, T>>,
) -> Result<GradeOutcome, VerifyFailure> {
    let mut outcome = GradeOutcome {
        solved: false,
        steps: 0,
        rating: 0,
        score: 0,
        hardest: None,
        counts: [0; TechniqueId::COUNT],
        se: (ladder.rule() == RatingRule::SeErEpEd).then(SeRating::new),
        chain_work: 0,
        gave_up: false,
    };
    let chain_work = se_chains::PuzzleWork::begin(ladder.chain_work_limit());
    let mut hardest_rung = 0usize;
    let first_at_top = ladder.rule().names_first_at_top();
    // One step buffer for the whole puzzle (and the thread's next): a finder's miss then copies
    // nothing. What it holds from an earlier step is read by nothing before a step is written.
    let mut step = STEP
        .with(Cell::take)
        .unwrap_or_else(|| Step::new(TechniqueId::FullHouse));
    // What only explains a step (ForceChain's branches, SE's chain texts, forcing proofs'
    // chains): made where something looks at the steps.
    let _explanations = trace::explanations_wanted_while(on_step.is_some());
    // Whether anything reads the step of a single found by `Rung::find_in` or the queue.
    let singles_read =
        solution.is_some() || on_step.is_some() || ladder.rule() == RatingRule::SeErEpEd;
    let mut queue = (ladder.singles_order() == SinglesOrder::Appearance).then(|| {
        match QUEUE.with(Cell::take) {
            Some(mut queue) => {
                queue.reset(grid);
                queue
            }
            None => SinglesQueue::new(grid),
        }
    });
    // Most puzzles hold every premise the ladder needs: then no rung's is looked up per step.
    let mut restricted = !held.contains(premises_of(ladder));
    let (gate_at, mut gate) = match gate {
        Some(gate) => (gate.at, Some((gate.pass, gate.grants))),
        None => (usize::MAX, None),
    };
    // The singles rungs at the top of the ladder (before any gate), which the singles scans
    // answer directly, all in one call (none where the queue finds the singles).
    let mut top_singles = [TechniqueId::FullHouse; 3];
    let scanned_singles = match queue {
        None => ladder.standard_singles_at_top().min(3).min(gate_at),
        Some(_) => 0,
    };
    for (slot, rung) in top_singles.iter_mut().zip(ladder.rungs()) {
        *slot = rung.technique;
    }
    let top_singles = &top_singles[..scanned_singles];
    // The houses with one open cell, kept across the placements of singles.
    let mut one_open = OneOpen::default();
    'solve: while !grid.is_solved() {
        // One clock read per call: a miss's end is where the next call begins.
        let mut mark = timing.mark();
        let mut singles = SinglesPass::default();
        // The first rung that finds a step, and what it found.
        let (rung_index, found) = 'found: {
            // The singles rungs at the top: all `Rung::find_in` would do on them, without its
            // call and its checks of the rung, nor a dispatch per rung (−6% of the
            // instructions grading royle17, and a third of the singles' mispredicted branches).
            let first_rung = match top_singles {
                [] => 0,
                _ => {
                    match first_single_at_top(top_singles, grid, &mut one_open, |technique, hit| {
                        mark = timing.technique_call(technique, mark, hit);
                    }) {
                        Some((position, single)) => break 'found (position, Found::Single(single)),
                        None => top_singles.len(),
                    }
                }
            };
            for (rung_index, rung) in ladder.rungs().iter().enumerate().skip(first_rung) {
                if rung_index == gate_at {
                    if let Some((pass, grants)) = gate.take() {
                        if !pass(grid, timing) {
                            break 'solve;
                        }
                        held = held.union(grants);
                        restricted = !held.contains(premises_of(ladder));
                        // What the gate ran is no technique's time.
                        mark = timing.mark();
                    }
                }
                if restricted && !held.contains(rung.technique.premise()) {
                    continue;
                }
                let found = match (&mut queue, rung.technique) {
                    (
                        Some(queue),
                        TechniqueId::FullHouse
                        | TechniqueId::NakedSingle
                        | TechniqueId::HiddenSingle,
                    ) => match queue.find_single(rung.technique, grid) {
                        // Written below where it is read, as a `Rung::find_in` single.
                        Some(single) => Found::Single(single),
                        None => Found::Nothing,
                    },
                    (None, TechniqueId::FullHouse | TechniqueId::HiddenSingle)
                        if rung.flavour == Flavour::Se && rung.preference.takes_first() =>
                    {
                        se_single(rung.technique, grid, &mut step)
                    }
                    _ => rung.find_in(grid, &mut step, &mut singles),
                };
                mark = timing.technique_call(rung.technique, mark, found != Found::Nothing);
                if found != Found::Nothing {
                    break 'found (rung_index, found);
                }
            }
            // No rung finds a step: stuck.
            break 'solve;
        };
        let rung = &ladder.rungs()[rung_index];
        let found = match found {
            Found::Single(single) => {
                // In place: the buffer keeps its `Vec` capacities for later steps.
                if singles_read {
                    step.set_single(rung.technique, single.cell, single.digit, single.houses);
                }
                Found::Placement {
                    cell: single.cell,
                    digit: single.digit,
                }
            }
            found => found,
        };
        outcome.steps += 1;
        if let Some(solution) = solution {
            if let Some(wrong) = step.check_against(solution) {
                return Err(VerifyFailure {
                    step_number: outcome.steps,
                    technique: rung.technique,
                    wrong,
                    solution_digit: solution[wrong.cell],
                });
            }
        }
        if let Some(on_step) = &mut on_step {
            on_step(&step, grid);
        }
        let changed = match found {
            // A single's step places its cell and eliminates nothing: placing it (where
            // the cell is open) is all `Step::apply` would do.
            Found::Placement { cell, digit } => {
                let open = grid.value(cell).is_none();
                if open {
                    grid.place(cell, digit);
                    one_open.placed(grid, cell);
                }
                open
            }
            _ => {
                // Eliminations leave every house's open cells as they were.
                let unsolved = grid.unsolved();
                let changed = step.apply(grid);
                if grid.unsolved() != unsolved {
                    one_open.forget();
                }
                changed
            }
        };
        if !changed {
            // A finder reported a step that changes nothing; stop rather than loop forever.
            debug_assert!(false, "{} produced an empty step", rung.technique.id());
            outcome.steps -= 1;
            break 'solve;
        }
        if let Some(queue) = &mut queue {
            match found {
                Found::Placement { cell, digit } => queue.apply_placement(cell, digit),
                _ => queue.apply(&step),
            }
        }
        outcome.counts[rung.technique as usize] += 1;
        outcome.score += u32::from(rung.score);
        if let Some(se) = &mut outcome.se {
            // Each step is worth its own difficulty; the first to reach ER names it.
            let before = se.er;
            se.record_step(&step, rung);
            if se.er != before {
                outcome.rating = u8::try_from(se.er_tenths()).unwrap_or(u8::MAX);
                outcome.hardest = Some(rung.technique);
            }
            continue 'solve;
        }
        if outcome.hardest.is_none()
            || rung.difficulty > outcome.rating
            || (!first_at_top && rung.difficulty == outcome.rating && rung_index > hardest_rung)
        {
            outcome.rating = rung.difficulty;
            outcome.hardest = Some(rung.technique);
            hardest_rung = rung_index;
        }
    }
    if let Some(queue) = queue {
        QUEUE.with(|slot| slot.set(Some(queue)));
    }
    STEP.with(|slot| slot.set(Some(step)));
    (outcome.chain_work, outcome.gave_up) = chain_work.finish();
    outcome.solved = grid.is_solved();
    if outcome.hardest.is_some() {
        outcome.rating = ladder.rule().rate(outcome.rating, outcome.score);
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::grid;
    use crate::oracle;

    #[test]
    fn easy_puzzle_is_solved_with_singles_and_verified() {
        let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let mut g = grid(p);
        let solution = oracle::solve(&g).solution.unwrap();
        let mut seen = 0;
        let outcome = grade(&mut g, &Ladder::gnpx_v4(), Some(&solution), &mut |_, _| {
            seen += 1
        })
        .unwrap();
        assert!(outcome.solved);
        assert_eq!(outcome.steps, seen);
        assert_eq!(outcome.rating, 1);
        assert_eq!(outcome.counts.iter().sum::<u32>(), outcome.steps);
        assert_eq!(
            outcome.steps as usize,
            81 - p.bytes().filter(u8::is_ascii_digit).count()
        );
    }

    #[test]
    fn rating_is_the_top_difficulty_used() {
        // top1465 #1 needs more than this ladder (GNPX's without ForceChain): it gets stuck, and
        // rates what it used.
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let ladder = Ladder::from_rungs(
            Ladder::gnpx_v4()
                .rungs()
                .iter()
                .copied()
                .filter(|r| r.technique.info().family != "force-chain")
                .collect(),
        );
        let difficulty = |t: TechniqueId| ladder.difficulty_of(t).unwrap();
        let mut g = grid(p);
        let solution = oracle::solve(&g).solution.unwrap();
        let mut used = Vec::new();
        let outcome = grade(&mut g, &ladder, Some(&solution), &mut |step, _| {
            used.push(step.technique)
        })
        .unwrap();
        assert!(!outcome.solved);
        let used_max = used.iter().map(|&t| difficulty(t)).max().unwrap();
        assert_eq!(outcome.rating, used_max);
    }

    /// The chain work limit: a puzzle that needs Sudoku Explainer's chains stops where its work
    /// passes the limit, unsolved and flagged, with every step before sound; its count is the
    /// same whatever the thread graded before (the memo starts empty); with no limit it is
    /// solved as ever, and a limit above its work changes nothing.
    #[test]
    fn se_chains_give_up_at_the_work_limit() {
        use crate::scales::Scale;
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let solution = oracle::solve(&grid(p)).solution.unwrap();
        let run = |limit: Option<u64>| {
            let ladder = Scale::Se.ladder().with_chain_work_limit(limit);
            let mut g = grid(p);
            grade(&mut g, &ladder, Some(&solution), &mut |_, _| {}).unwrap()
        };
        let free = run(None);
        assert!(free.solved && !free.gave_up);
        assert!(free.chain_work > 1_000, "{}", free.chain_work);
        // Again after other work on this thread: the same count.
        assert_eq!(run(None), free);
        assert_eq!(run(Some(free.chain_work)), free);
        let cut = run(Some(1_000));
        assert!(cut.gave_up && !cut.solved, "{cut:?}");
        assert!(cut.chain_work > 1_000 && cut.chain_work < free.chain_work);
        assert!(cut.steps < free.steps);
        // The limit is lifted once a puzzle is graded: a finder called alone runs in full.
        let mut hint = 0;
        let _ = crate::techniques::se_chains::dynamic_plus(&grid(p), &mut |_| {
            hint += 1;
            std::ops::ControlFlow::Break(())
        });
        assert_eq!(hint, 1);
    }

    #[test]
    fn gnpx_names_the_first_technique_to_reach_the_top_difficulty() {
        // A Royle 17-clue puzzle whose gnpx584 path uses several methods at difficulty 5, the
        // first of them (a swordfish) earlier on the ladder than a later one used.
        let p = "................12..3..4........35...16......27.....8.....18......27......9...6..";
        let ladder = crate::scales::Scale::Gnpx584.ladder();
        let difficulty = |t: TechniqueId| ladder.difficulty_of(t).unwrap();
        let position = |t: TechniqueId| ladder.rungs().iter().position(|r| r.technique == t);
        let mut g = grid(p);
        let mut used = Vec::new();
        let outcome = grade(&mut g, &ladder, None, &mut |step, _| {
            used.push(step.technique)
        })
        .unwrap();
        let at_top: Vec<TechniqueId> = used
            .iter()
            .copied()
            .filter(|&t| difficulty(t) == outcome.rating)
            .collect();
        let last_on_ladder = at_top.iter().copied().max_by_key(|&t| position(t));
        assert_ne!(at_top.first().copied(), last_on_ladder, "{at_top:?}");
        assert_eq!(outcome.hardest, at_top.first().copied());
    }

    /// Grading with nobody watching the steps (no `on_step`, no solution: the singles' steps
    /// are then never written) ends every puzzle of the royle17 and kaggle samples, on every
    /// scale, with the outcome and the grid of grading that watches every step.
    #[test]
    fn unwatched_grading_ends_as_watched_grading_does() {
        use crate::scales::Scale;
        let mut puzzles = Vec::new();
        for file in ["royle17_sample.txt", "kaggle_sample.csv"] {
            let path = format!("{}/corpora/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap();
            // The puzzle is the first field (of a CSV row, or the whole line).
            puzzles.extend(
                text.lines()
                    .filter_map(|l| l.split(',').next())
                    .filter(|p| p.len() == 81 && p.bytes().all(|b| b == b'.' || b.is_ascii_digit()))
                    .take(40)
                    .map(str::to_string),
            );
        }
        assert!(puzzles.len() >= 70, "{}", puzzles.len());
        for scale in Scale::ALL {
            let ladder = scale.ladder();
            let mut watched_steps = 0;
            for puzzle in &puzzles {
                let (mut watched, mut unwatched) = (grid(puzzle), grid(puzzle));
                let seen = grade(&mut watched, &ladder, None, &mut |_, _| watched_steps += 1);
                let alone = grade_timed::<_, dyn FnMut(&Step, &Grid)>(
                    &mut unwatched,
                    &ladder,
                    Premise::ALL,
                    None,
                    None,
                    &mut NoTiming,
                    None,
                );
                assert_eq!(seen.unwrap(), alone.unwrap(), "{scale:?} {puzzle}");
                assert_eq!(watched, unwatched, "{scale:?} {puzzle}");
            }
            assert!(watched_steps > 2000, "{scale:?}: {watched_steps}");
        }
    }

    /// The singles fast path ([`Rung::find_in`] through `first_single_in`) is invisible: at
    /// every state of the graded paths of the royle17 sample on every scale, each singles rung
    /// finds the step its search finds (the same `Step`, field for field, or none), with one
    /// pass shared by the state's singles rungs in ladder order as the grader shares it, and
    /// placing the reported digit is applying that step.
    #[test]
    fn the_singles_fast_path_takes_the_step_the_search_takes_at_every_state() {
        use crate::scales::ladder::{Found, Rung};
        use crate::scales::Scale;
        use crate::techniques::singles::Single;
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let puzzles: Vec<&str> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| &l[..81])
            .take(60)
            .collect();
        assert!(puzzles.len() >= 50);
        for scale in Scale::ALL {
            let ladder = scale.ladder();
            let singles: Vec<Rung> = ladder
                .rungs()
                .iter()
                .copied()
                .filter(|r| r.technique.info().family == "singles")
                .collect();
            assert_eq!(singles.len(), 3, "{scale:?}");
            let (mut states, mut placed) = (0, 0);
            let mut fast = Step::new(TechniqueId::FullHouse);
            let mut searched = Step::new(TechniqueId::FullHouse);
            for puzzle in &puzzles {
                let mut g = grid(puzzle);
                grade(&mut g, &ladder, None, &mut |_, state| {
                    states += 1;
                    let mut pass = crate::techniques::singles::SinglesPass::default();
                    for rung in &singles {
                        let found = rung.find_in(state, &mut fast, &mut pass);
                        let any = rung.search_into(state, &mut searched);
                        assert_eq!(found != Found::Nothing, any, "{:?}", rung.technique);
                        // `find_in` leaves a single's step unwritten: it is the single's.
                        if let Found::Single(single) = found {
                            let houses = single.houses;
                            fast.set_single(rung.technique, single.cell, single.digit, houses);
                        }
                        if any {
                            assert_eq!(fast, searched, "{:?}", rung.technique);
                        }
                        if let Found::Single(Single { cell, digit, .. }) = found {
                            placed += 1;
                            let (mut by_place, mut by_apply) = (state.clone(), state.clone());
                            by_place.place(cell, digit);
                            assert!(searched.apply(&mut by_apply));
                            assert_eq!(by_place, by_apply);
                        }
                    }
                })
                .unwrap();
            }
            assert!(states > 1000, "{scale:?}: {states} states");
            // Sudoku Explainer's singles have their own finders: no fast path there.
            assert_eq!(placed == 0, scale == Scale::Se, "{scale:?}: {placed}");
        }
    }

    /// SE's singles fast path ([`se_single`]) is invisible: at every state of the SE paths of
    /// the royle17 sample, each of producer 1's rungs writes the step its search takes first
    /// (field for field, or none), and placing the reported digit is applying that step.
    #[test]
    fn ses_singles_fast_path_takes_the_step_the_search_takes_at_every_state() {
        use crate::scales::ladder::Rung;
        use crate::scales::Scale;
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpora/royle17_sample.txt"
        ))
        .unwrap();
        let ladder = Scale::Se.ladder();
        let singles: Vec<Rung> = ladder
            .rungs()
            .iter()
            .copied()
            .filter(|r| {
                matches!(
                    r.technique,
                    TechniqueId::FullHouse | TechniqueId::HiddenSingle
                )
            })
            .collect();
        assert_eq!(singles.len(), 2);
        let (mut fast, mut searched) =
            (Step::new(TechniqueId::XWing), Step::new(TechniqueId::XWing));
        let (mut states, mut placed) = (0, 0);
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(60)
        {
            let mut g = grid(&line[..81]);
            grade(&mut g, &ladder, None, &mut |_, state| {
                states += 1;
                for rung in &singles {
                    let found = se_single(rung.technique, state, &mut fast);
                    let any = rung.search_into(state, &mut searched);
                    assert_eq!(found != Found::Nothing, any, "{:?}", rung.technique);
                    if let Found::Placement { cell, digit } = found {
                        placed += 1;
                        assert_eq!(fast, searched, "{:?}", rung.technique);
                        let (mut by_place, mut by_apply) = (state.clone(), state.clone());
                        by_place.place(cell, digit);
                        assert!(searched.apply(&mut by_apply));
                        assert_eq!(by_place, by_apply);
                    }
                }
            })
            .unwrap();
        }
        assert!(
            states > 1000 && placed > 1000,
            "{states} states, {placed} singles"
        );
    }

    #[test]
    fn a_wrong_solution_is_reported_with_the_step() {
        let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let mut g = grid(p);
        let mut wrong = oracle::solve(&g).solution.unwrap();
        // Corrupt one unsolved cell's digit: some step must then disagree.
        wrong[0] = (wrong[0] + 1) % 9;
        let failure = grade(&mut g, &Ladder::gnpx_v4(), Some(&wrong), &mut |_, _| {}).unwrap_err();
        assert!(failure.step_number >= 1);
    }
}
