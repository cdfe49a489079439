//! The bodies of the fuzz targets (`fuzz/fuzz_targets/`), as library functions so that a stable
//! test runs them over a fixed seed corpus and a stable driver can run them at length where
//! `cargo fuzz` (nightly) is not at hand. Each panics on a broken invariant, which is what a
//! fuzzer reports; none may hang.
//!
//! - [`read_and_parse`]: any bytes through the UTF-16 detection, the line reader and the puzzle
//!   parser (and `solve`'s fast path: the givens read without a grid, the oracle from them).
//! - [`load_pencil_marks`]: any 729-character state through the pencil-mark loader.
//! - [`grade_candidates`]: any candidate grid through the oracle and the grader: a grid without
//!   exactly one solution is never reported unique, and with one every step of the grading path
//!   agrees with it.
//! - [`sweep_candidates`]: a seed puzzle's start thinned at random through every catalogued
//!   technique: the first steps (up to 64 each) each finds agree with the solution. A target
//!   of its own, as it costs some 60 times the grading path an input.

use std::io::Cursor;
use std::ops::ControlFlow;

use crate::core::{CandidateSet, Grid, CELLS};
use crate::grading::evaluate::{Evaluator, Status, Verdict};
use crate::input::encoding::utf8_input;
use crate::input::puzzle::{given_digits_of_text, givens_of_text, parse_puzzle, PuzzleFormat};
use crate::input::reader::{Record, RecordReader, ECHO_CHARS, MAX_LINE};
use crate::oracle::{self, SolutionCount};
use crate::scales::ladder::Ladder;
use crate::techniques::{Premise, TechniqueId, TechniqueInfo, CATALOGUE};

/// Reads `data` as an input file: every record in line order, no record longer than the reader
/// holds, an error record's echo cut, and every puzzle text parsed without a panic (a parsed
/// puzzle's canonical text parses again, to the same grid for 81 characters; `solve`'s fast
/// path reads the same givens and its oracle gives the same answer). Returns the number of
/// records.
pub fn read_and_parse(data: &[u8]) -> usize {
    let input = utf8_input(Cursor::new(data.to_vec())).expect("reading memory cannot fail");
    let mut reader = RecordReader::new(input);
    let (mut records, mut last_line) = (0, 0);
    loop {
        let record = match reader.next_record() {
            Ok(Some(record)) => record,
            Ok(None) => break,
            // A file the reader refuses whole (a CSV header without a puzzle column) ends
            // with its reason; memory cannot fail to read otherwise.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => break,
            Err(e) => panic!("reading memory failed: {e}"),
        };
        assert!(record.line > last_line, "lines out of order");
        last_line = record.line;
        records += 1;
        if record.error.is_some() {
            // The echo: at most ECHO_CHARS characters and a note of the length.
            assert!(record.puzzle.chars().count() <= ECHO_CHARS + 40);
            continue;
        }
        // CSV re-quotes the other fields, which can double their quotes.
        assert!(record.puzzle.len() <= MAX_LINE && record.extra.len() <= 2 * MAX_LINE + 16);
        let parsed = parse_puzzle(&record.puzzle, record.column);
        if let Ok(puzzle) = &parsed {
            let again = parse_puzzle(&puzzle.canonical, 1).expect("canonical text parses");
            if puzzle.format == PuzzleFormat::Givens {
                assert_eq!(again.grid, puzzle.grid, "canonical text is the same grid");
            }
        }
        // `sgrade solve`'s fast path reads exactly the texts the parser reads as givens, to the
        // same digits, and the oracle started from those digits answers as from the grid.
        let givens = parsed
            .as_ref()
            .ok()
            .filter(|puzzle| puzzle.format == PuzzleFormat::Givens)
            .map(|puzzle| crate::symmetry::givens_of(&puzzle.grid));
        let fast = givens_of_text(&record.puzzle);
        assert_eq!(fast, givens, "the fast path reads {:?}", record.puzzle);
        // `sgrade solve`'s own path reads the digits of any text of digits and marks, and the
        // givens' oracle refuses exactly those the parser refuses (two equal givens in a house).
        if let Some(values) = given_digits_of_text(&record.puzzle) {
            let solved = oracle::solve_givens(&values);
            match (&parsed, fast) {
                (Ok(puzzle), Some(_)) => assert_eq!(solved, Some(oracle::solve(&puzzle.grid))),
                _ => assert_eq!(solved, None, "the givens' oracle takes {:?}", record.puzzle),
            }
        }
    }
    records
}

/// Turns `data` into a 729-character pencil-mark state (each byte picks a mark: empty, the
/// digit of its position, or any digit) and loads it. Every candidate of the grid was in the
/// state, and its canonical text loads again to a state with no candidate the first lacks and
/// the same solution count. (Not always the same grid: loading places the cells the text shows
/// with one candidate, and the first load leaves peers of its placements with one.) Returns
/// whether it loaded.
pub fn load_pencil_marks(data: &[u8]) -> bool {
    if data.is_empty() {
        return false;
    }
    let text: String = (0..729)
        .map(|i| {
            let byte = data[i % data.len()].wrapping_add((i / data.len()) as u8);
            match byte % 4 {
                0 | 1 => '.',
                2 => (b'1' + (i % 9) as u8) as char,
                _ => (b'0' + byte / 4 % 10) as char,
            }
        })
        .collect();
    let Ok(puzzle) = parse_puzzle(&text, 1) else {
        return false;
    };
    assert_eq!(puzzle.format, PuzzleFormat::PencilMarks);
    let mut marked = CandidateSet::EMPTY;
    for (i, ch) in text.bytes().enumerate() {
        if (b'1'..=b'9').contains(&ch) {
            marked.insert(i / 9, (ch - b'1') as usize);
        }
    }
    for (cell, digit) in puzzle.grid.pencil_marks().iter() {
        assert!(
            marked.contains(cell, digit),
            "r{cell}#{digit} was not marked"
        );
    }
    let count = oracle::solve(&puzzle.grid).count;
    let Ok(again) = parse_puzzle(&puzzle.canonical, 1) else {
        // Found by this target: the first load can leave two peers with the same single
        // candidate, so the canonical text does not load ("givens conflict"). Both say the
        // state is no puzzle; what must hold is that it had no solution.
        assert_eq!(count, SolutionCount::None, "{}", puzzle.canonical);
        return true;
    };
    let first = puzzle.grid.pencil_marks();
    for (cell, digit) in again.grid.pencil_marks().iter() {
        assert!(first.contains(cell, digit), "r{cell}#{digit} came back");
    }
    assert_eq!(oracle::solve(&again.grid).count, count);
    true
}

/// The ladders [`grade_candidates`] grades with: one per scale, built once.
pub struct Ladders(Vec<Ladder>);

impl Default for Ladders {
    fn default() -> Self {
        Ladders(vec![
            Ladder::gnpx_v4(),
            crate::scales::Scale::Gnpx584.ladder(),
            crate::scales::Scale::Hodoku.ladder(),
            crate::scales::Scale::Se
                .ladder()
                .with_chain_work_limit(Some(FUZZ_CHAIN_WORK_LIMIT)),
        ])
    }
}

/// The chain work limit of the `se` ladder [`grade_candidates`] grades with: far below the
/// default, so that no input spends more than a fraction of a second in SE's chains in release
/// (2–4 million units a second), where the forum's hardest puzzles take up to 7.4 million
/// (results/reliability.md). A grid given up at the limit is still checked: its status, and
/// every step taken before.
pub const FUZZ_CHAIN_WORK_LIMIT: u64 = 300_000;

/// Puzzles whose solutions [`seed_start`] keeps while it removes other candidates.
const SEEDS: [&str; 4] = [
    "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
];

/// The most steps of one technique [`sweep_candidates`] checks in one grid.
const SWEEP_STEPS: usize = 64;

/// The most candidates (placed cells counting one) of a grid on which [`sweep_candidates`]
/// sweeps the techniques whose work before their first step grows steeply with the candidates
/// (measured on seed starts and their random thinnings, release build, one loaded core;
/// results/reliability.md):
///
/// - Sudoku Explainer's nested forcing chains (levels 2–5): each is one SE producer that
///   collects every hint of its level to yield the best, nesting a chain search in every
///   implication. Level 5: about 20 ms at 120 candidates, 0.1–0.9 s at 150–160, 1–7 s at
///   200–260, 70 s at 290 (a seed's whole start: the inputs a long run found slow).
/// - Franken, Mutant and Endo-finned/Cannibalistic fish of size 4 to 7, which enumerate
///   base and cover sets among 27 houses: 0.2–0.8 s to the first step of a whale or a
///   leviathan at 200 candidates; with a bound of 120, 0.2–0.5 s of CPU for three inputs of
///   110–114 candidates that a fuzz run found (26 s to over 60 s each in the instrumented
///   build on the loaded machine: `tests/soundness/fuzz_regressions/grader/`).
///
/// SE's ladder reaches the nested chains only on states no lesser chain solves, and the
/// complex fish of size 5 and more are off the GNPX scales' default ladders (jellyfish are
/// on); the sweep keeps them to grids of this size
/// (random inputs: 11 ms of CPU each on average, the slowest of 600 about 70 ms), so that no
/// fuzz input takes more than a fraction of a second.
pub const HEAVY_SWEEP_CANDIDATES: u32 = 100;

/// The most steps of one of the heavy techniques ([`HEAVY_SWEEP_CANDIDATES`]) the sweep
/// checks: a large complex fish costs milliseconds a step even on a small grid.
const HEAVY_SWEEP_STEPS: usize = 8;

/// How many steps of `info`'s finder the sweep checks on a grid of `candidates` candidates
/// (`None`: it does not run it there).
fn swept(info: &TechniqueInfo, candidates: u32) -> Option<usize> {
    use TechniqueId::{SeNested2, SeNested3, SeNested4, SeNested5};
    let nested = matches!(
        info.technique,
        SeNested2 | SeNested3 | SeNested4 | SeNested5
    );
    let complex_fish = matches!(
        info.group,
        Some("fish-franken" | "fish-mutant" | "fish-endo-cannibal")
    ) && ["jellyfish", "squirmbag", "whale", "leviathan"]
        .iter()
        .any(|size| info.id.ends_with(size));
    match (nested || complex_fish, candidates <= HEAVY_SWEEP_CANDIDATES) {
        (false, _) => Some(SWEEP_STEPS),
        (true, true) => Some(HEAVY_SWEEP_STEPS),
        (true, false) => None,
    }
}

/// What [`grade_candidates`] did with a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Graded {
    /// The bytes made no grid (a cell without candidates conflicting on load).
    NoGrid,
    /// The grid has no solution or several: its status said so.
    NotUnique,
    /// The grid has one solution; this many steps were checked against it.
    Checked(usize),
}

/// Whether bit `i` of `bits` is set, the bytes repeated as far as needed (all set when empty).
fn bit(bits: &[u8], i: usize) -> bool {
    bits.is_empty() || bits[i / 8 % bits.len()] & (1 << (i % 8)) != 0
}

/// Seed puzzle `seed`'s start ([`SEEDS`], taken round) with candidates other than its
/// solution's removed where `bits` say, and that solution: one solution always remains, often
/// a harder state than any real puzzle's. `None` where conflicting singles make no grid.
fn seed_start(seed: u8, bits: &[u8]) -> Option<(Grid, [u8; CELLS])> {
    let start = parse_puzzle(SEEDS[seed as usize % SEEDS.len()], 1)
        .expect("seed")
        .grid;
    let solution = oracle::solve(&start).solution.expect("seeds are unique");
    let mut set = CandidateSet::EMPTY;
    for (i, (cell, digit)) in start.pencil_marks().iter().enumerate() {
        if digit == solution[cell] as usize || bit(bits, i) {
            set.insert(cell, digit);
        }
    }
    Some((Grid::from_candidates(&set).ok()?, solution))
}

/// The grid of any 729 `bits` (`None`: a cell without candidates, or conflicting singles).
fn any_grid(bits: &[u8]) -> Option<Grid> {
    let mut set = CandidateSet::EMPTY;
    for i in 0..CELLS * 9 {
        if bit(bits, i) {
            set.insert(i / 9, i % 9);
        }
    }
    Grid::from_candidates(&set).ok()
}

/// Makes a candidate grid of `data` (the first byte picks the kind: even, a seed's start with
/// non-solution candidates removed where the bits say; odd, any 729 bits) and grades it under
/// `verify` and on the default path (logic first, which must give the same row) on one scale
/// (the second byte modulo 4: gnpx, gnpx584, hodoku, se with [`FUZZ_CHAIN_WORK_LIMIT`]): a
/// grid without exactly one solution must get that status, never `unique`; with one, the
/// grading path must take no wrong step.
pub fn grade_candidates(data: &[u8], ladders: &Ladders) -> Graded {
    let [kind, scale, bits @ ..] = data else {
        return Graded::NoGrid;
    };
    let grid = match kind % 2 {
        0 => seed_start(kind / 2, bits).map(|(grid, _)| grid),
        _ => any_grid(bits),
    };
    let Some(grid) = grid else {
        return Graded::NoGrid;
    };
    let ladder = &ladders.0[*scale as usize % ladders.0.len()];
    let record = Record {
        line: 1,
        puzzle: grid.candidates_string(),
        column: 1,
        extra: String::new(),
        error: None,
    };
    let evaluator = Evaluator {
        ladder: Some(ladder),
        verify: true,
        grade_multiple: false,
    };
    // The batch's default path too (logic first, the oracle at the gate past the basic rungs
    // or after the ladder): it must agree with the checked path on every grid.
    let unchecked = Evaluator {
        verify: false,
        ..evaluator
    }
    .evaluate(record.clone());
    let evaluation = evaluator.evaluate(record);
    assert_eq!(
        (unchecked.status(), unchecked.outcome()),
        (evaluation.status(), evaluation.outcome()),
        "logic first against counting first: {}",
        grid.candidates_string()
    );
    let oracle = oracle::solve(&grid);
    if oracle.solution.is_none() {
        let expected = match oracle.count {
            SolutionCount::None => Status::None,
            _ => Status::Multiple,
        };
        // Found by this body (a stable run of random grids): a grid with two peers left the
        // same single candidate is read back as givens that conflict, `invalid`, which is
        // as right as `none` (the reader's rule for 81-character puzzles too).
        let conflict = expected == Status::None
            && evaluation.status() == Status::Invalid
            && evaluation.message().to_string().contains("givens conflict");
        assert!(
            evaluation.status() == expected || conflict,
            "{:?} {}: {}",
            evaluation.status(),
            evaluation.message(),
            grid.candidates_string()
        );
        return Graded::NotUnique;
    }
    if let Verdict::WrongStep { failure, .. } = &evaluation.verdict {
        panic!("wrong step: {failure} in {}", grid.candidates_string());
    }
    assert_eq!(evaluation.status(), Status::Unique);
    Graded::Checked(evaluation.outcome().map_or(0, |o| o.steps as usize))
}

/// Makes a seed's thinned start of `data` (`seed_start`: the first byte picks the seed, the
/// rest are the bits) and runs every catalogued technique that needs no givens on
/// it: the first steps each finds (at most 64; SE's nested chains and the large complex fish
/// on grids of at most [`HEAVY_SWEEP_CANDIDATES`] candidates only, at most 8) must agree with
/// the seed's solution, the grid's only one. Returns the steps checked (`None`: too few bytes
/// or no grid). Not on any 729 bits: every technique on a wide-open grid finds millions of
/// steps (forcing nets), too slow to sweep per input.
pub fn sweep_candidates(data: &[u8]) -> Option<usize> {
    let [seed, bits @ ..] = data else {
        return None;
    };
    let (grid, solution) = seed_start(*seed, bits)?;
    let candidates = grid.pencil_marks().count();
    let mut checked = 0;
    for info in CATALOGUE {
        let Some(steps) = swept(info, candidates) else {
            continue;
        };
        if !Premise::UNIQUE_SOLUTION.contains(info.premise) {
            // Avoidable rectangles need the givens, which a candidate grid does not say.
            continue;
        }
        // The first steps of each technique only: on a start with few candidates removed the
        // forcing techniques find millions (a long run's inputs then took over a minute each).
        let mut found = 0;
        let _ = (info.finder)(&grid, &mut |step| {
            if let Some(wrong) = step.check_against(&solution) {
                panic!(
                    "{} found a wrong step ({wrong:?}) in {}",
                    info.id,
                    grid.candidates_string()
                );
            }
            found += 1;
            if found < steps {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        checked += found;
    }
    Some(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_body_takes_a_few_plain_inputs() {
        assert_eq!(
            read_and_parse(format!("{}\n\n# c\n1\n", SEEDS[0]).as_bytes()),
            2
        );
        assert_eq!(read_and_parse(b""), 0);
        assert!(!load_pencil_marks(&[]));
        load_pencil_marks(&[2, 3, 0, 1, 7]);
        let ladders = Ladders::default();
        // All candidates but the solution's kept: the seed's start, one solution.
        assert!(matches!(
            grade_candidates(&[0, 0, 0xFF], &ladders),
            Graded::Checked(n) if n > 0
        ));
        // Every candidate everywhere: many solutions.
        assert_eq!(grade_candidates(&[1, 2, 0xFF], &ladders), Graded::NotUnique);
        assert_eq!(grade_candidates(&[1], &ladders), Graded::NoGrid);
        // The whole start of seed 0: every technique's first steps.
        assert!(matches!(sweep_candidates(&[0]), Some(n) if n > 0));
    }
}
