//! The fuzz targets' bodies (`sudoku_grader::grading::fuzz`, run at length by `cargo fuzz` from
//! `fuzz/`) over a fixed seed corpus, on stable Rust: the shipped corpora, the hostile-input
//! classes of issue 16, and inputs made by a seeded generator. A smoke pass: the long runs and
//! their counts are in `results/reliability.md`.

use sudoku_grader::grading::fuzz::{
    grade_candidates, load_pencil_marks, read_and_parse, sweep_candidates, Graded, Ladders,
};

use crate::common;

/// A small seeded generator (xorshift64*).
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// `len` bytes, mostly puzzle characters, line ends, separators and quotes.
    fn text(&mut self, len: usize) -> Vec<u8> {
        const ALPHABET: &[u8] = b"123456789.0-.....\n\r, \t\"#\xEF\xBB\xBF\x00\xE9\xFF";
        (0..len)
            .map(|_| {
                let r = self.next();
                if r.is_multiple_of(16) {
                    (r >> 8) as u8
                } else {
                    ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                }
            })
            .collect()
    }

    fn raw(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| (self.next() >> 24) as u8).collect()
    }
}

fn shipped() -> Vec<Vec<u8>> {
    files_in(&common::project_root().join("corpora"))
}

/// The bytes of every file in `dir`, in name order.
fn files_in(dir: &std::path::Path) -> Vec<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// The inputs a long fuzz run found to fail, kept here once fixed
/// (`tests/soundness/fuzz_regressions/TARGET/`, each a file of the fuzzer's bytes).
fn regressions(target: &str) -> Vec<Vec<u8>> {
    files_in(
        &common::project_root()
            .join("tests/soundness/fuzz_regressions")
            .join(target),
    )
}

/// The hostile-input classes: lone CRs, UTF-16 without a BOM (both orders), a quoted line end,
/// NULs, a mid-file BOM, Latin-1, a line longer than the reader holds.
fn hostile() -> Vec<Vec<u8>> {
    let p = "4....9.5.23..58.67...4.7.........3253.2....8.5.1...7.....89....9......7..1.72..46";
    let le: Vec<u8> = format!("{p}\r\n{p}\n")
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let be: Vec<u8> = format!("{p}\n")
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    vec![
        format!("{p}\r{p}\r{p}").into_bytes(),
        le,
        be,
        format!("id,puzzle,note\n1,{p},\"a\nb\"\n2,{p},\"open\n").into_bytes(),
        [
            p.as_bytes(),
            b"\x00\n\xEF\xBB\xBF",
            p.as_bytes(),
            b" caf\xE9\n# \xE9\n",
        ]
        .concat(),
        [vec![b'7'; 70_000], b"\n".to_vec(), p.as_bytes().to_vec()].concat(),
    ]
}

#[test]
fn reader_and_parser_seeds() {
    let mut records = 0;
    let found = regressions("reader");
    assert!(!found.is_empty());
    for input in shipped().iter().chain(&hostile()).chain(&found) {
        records += read_and_parse(input);
    }
    let mut bytes = Bytes(16);
    for n in 0..3_000 {
        let input = if n % 3 == 0 {
            bytes.raw(n % 400)
        } else {
            bytes.text(n % 900)
        };
        records += read_and_parse(&input);
    }
    assert!(records > 3_000, "{records} records");
}

#[test]
fn pencil_mark_loader_seeds() {
    let mut bytes = Bytes(729);
    let mut loaded = 0;
    for n in 0..3_000 {
        loaded += usize::from(load_pencil_marks(&bytes.raw(1 + n % 200)));
    }
    // Some inputs load, some conflict: both paths are taken.
    assert!(loaded > 100 && loaded < 3_000, "{loaded} of 3000 loaded");
}

#[test]
fn grader_on_candidate_grids_seeds() {
    let ladders = Ladders::default();
    let mut bytes = Bytes(81);
    let (mut checked, mut steps, mut not_unique) = (0, 0, 0);
    for n in 0..8u32 {
        let mut input = bytes.raw(2 + (n as usize % 100));
        // Half are a seed's start with random removals (one solution), half any grid; a
        // third of the bits kept in the second kind, so that some grids have a solution.
        input[0] = (n % 8) as u8;
        if n % 2 == 1 {
            for b in &mut input[2..] {
                *b |= (bytes.next() >> 20) as u8;
            }
        }
        match grade_candidates(&input, &ladders) {
            Graded::Checked(n) => {
                checked += 1;
                steps += n;
            }
            Graded::NotUnique => not_unique += 1,
            Graded::NoGrid => {}
        }
    }
    assert!(
        checked >= 3 && steps > 100,
        "{checked} grids, {steps} steps"
    );
    assert!(not_unique > 0);
}

#[test]
fn sweep_on_seed_starts_seeds() {
    let mut bytes = Bytes(97);
    let mut steps = 0;
    for n in 0..4u8 {
        let mut input = bytes.raw(1 + (n as usize * 37 % 100));
        input[0] = n;
        steps += sweep_candidates(&input).expect("a seed's start with its solution kept");
    }
    assert!(steps > 1_000, "{steps} steps");
    assert_eq!(sweep_candidates(&[]), None);
}

/// Inputs the grader target's runs found: a wrong `unique-rectangle-4` step on a pencil-mark
/// state (`wrong-step-*`), a grid without a solution whose digit 5 has no template, which the
/// oracle took 26 s to prove (`no-template-*`; `oracle::band` has its own test), two grids on
/// whose later states HoDoKu's ALS-Chain search ran for over ten minutes, now bounded
/// (`als-chain-*`; `techniques::als::hodoku` has its own test), two grids without a solution
/// that the oracle took 1.2 s and 31.9 s to prove empty before it checked that every house can
/// match its cells to distinct digits (`no-matching-*`; `oracle::band` has its own test), a
/// wide-open grid on which
/// Sudoku Explainer's nested chains run to the target's chain work limit (`se-chain-limit-*`;
/// the grader's own test shows the limit), and inputs that were slow when the target swept
/// every technique too. Each makes a grid and gets its
/// status (the body checks it against the oracle, and every step under `--verify`).
#[test]
fn grader_inputs_found_by_fuzzing() {
    let ladders = Ladders::default();
    let found = regressions("grader");
    assert!(!found.is_empty());
    for input in found {
        let graded = grade_candidates(&input, &ladders);
        assert_ne!(graded, Graded::NoGrid, "{input:02x?}");
    }
}

/// Inputs a long run found slow, as the sweep's bytes (`fuzz_regressions/sweep/`, the grader
/// target's inputs of the time with the seed byte halved and the scale byte dropped): a seed's
/// start with every candidate kept, and three thinned starts of 110–114 candidates. They took
/// minutes each in the fuzz build (38 s in release, 36 of them SE's nested chains, level 5),
/// as SE's nested chains collect every hint of a whole start before yielding one; the sweep
/// now runs those only on grids of at most
/// [`sudoku_grader::grading::fuzz::HEAVY_SWEEP_CANDIDATES`] candidates, and these pass in a
/// fraction of a second.
#[test]
fn sweep_inputs_found_slow_by_fuzzing() {
    let found = regressions("sweep");
    assert!(!found.is_empty());
    for input in found {
        let started = std::time::Instant::now();
        assert!(matches!(sweep_candidates(&input), Some(n) if n > 0));
        eprintln!("{input:02x?}: {:?}", started.elapsed());
    }
}
