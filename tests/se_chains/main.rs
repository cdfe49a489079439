//! SE's chain producers on states from serate's own traces (`../shared/reference/se/
//! se121_traces`): each trace's path is replayed from the descriptions of its steps, and at
//! every chain step the producer SE used must yield a hint of the same difficulty (raw f64),
//! name and conclusion. Skips cleanly without `../shared`.

#[path = "../common/mod.rs"]
mod common;

mod acceptance;
mod replay;

use replay::{sweep, Sweep};

/// The first `n` traces of a set, every chain step checked.
fn check(set: &str, n: usize, max_level: u8) -> Option<Sweep> {
    let path = common::shared_file(&format!("reference/se/se121_traces/{set}.jsonl.gz"))?;
    let result = sweep(&path, n, max_level);
    eprintln!("{set}: {result:?}");
    for line in result.mismatches.iter().take(20) {
        eprintln!("  {line}");
    }
    Some(result)
}

#[test]
fn trace_chain_steps_match_se_on_hodoku_exemplars() {
    if let Some(result) = check("hodoku_exemplars", 400, 1) {
        assert!(result.checked > 50, "{result:?}");
        assert!(result.mismatches.is_empty(), "{result:?}");
    }
}

/// A wider sweep over every trace set (slow tier: `cargo test --release --test se_chains --
/// --ignored`).
#[test]
#[ignore = "slow: every trace of every set"]
fn trace_chain_steps_match_se_everywhere() {
    let sets = [
        "hodoku_exemplars",
        "kaggle_radcliffe_4000",
        "qqwing_levels",
        "se_exchange_subset",
        "sudocue_almostdn",
        "sudocue_noponies",
        "sudocue_snow2005",
    ];
    let mut bad = 0;
    for set in sets {
        if let Some(result) = check(set, usize::MAX, 5) {
            bad += result.mismatches.len();
        }
    }
    assert_eq!(bad, 0);
}

/// Puzzles of SE.md §9 whose first step is a nested chain, with what the spec says of that
/// step: the level, SE's name, the complexity and ED. No earlier chaining producer may fire.
const NESTED_FIRST_STEPS: [(&str, &str, u8, &str, u32, &str); 3] = [
    (
        "B4",
        "1.......7.2.4...6...3...5...9..4........62.4....9..8....5.....3.6.2...8.7....1...",
        1,
        "Dynamic Contradiction Forcing Chains (+)",
        154,
        "10.1",
    ),
    (
        "B1",
        "..6.......3...7..11.7.............9.3....6..5.5.8..2....3..5..6...2...4..4..9.8..",
        2,
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        43,
        "10.2",
    ),
    (
        "B2",
        "........5..8..79...6..1..4....1.2.7.4...7...3.7.6......3..2..6...5...8..9.......7",
        2,
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        92,
        "10.4",
    ),
];

fn grid_of(puzzle: &str) -> sudoku_grader::core::Grid {
    let mut values = [0u8; 81];
    for (i, ch) in puzzle.bytes().enumerate() {
        if ch.is_ascii_digit() {
            values[i] = ch - b'0';
        }
    }
    sudoku_grader::core::Grid::from_givens(&values).expect("valid puzzle")
}

/// SE's printout of a difficulty (§2.3).
fn printed(x: f64) -> String {
    let w = ((x + 0.05) * 10.0).trunc() as i64;
    format!("{}.{}", w / 10, w % 10)
}

#[test]
fn nested_first_steps_of_the_spec_puzzles() {
    use sudoku_grader::techniques::se_chains::engine::Prod;
    use sudoku_grader::techniques::se_chains::{best_hint, hint_name};
    for (id, puzzle, level, name, complexity, ed) in NESTED_FIRST_STEPS {
        let grid = grid_of(puzzle);
        let lower = [Prod::Static, Prod::Nishio, Prod::Multiple, Prod::Dynamic(0)];
        for prod in lower.into_iter().chain((1..level).map(Prod::Dynamic)) {
            assert!(best_hint(&grid, prod).is_none(), "{id}: {prod:?} fired");
        }
        let started = std::time::Instant::now();
        let rec = best_hint(&grid, Prod::Dynamic(level)).expect("a nested hint");
        eprintln!("{id}: level {level} in {:?}", started.elapsed());
        assert_eq!(hint_name(Prod::Dynamic(level), &rec), name, "{id}");
        assert_eq!(rec.complexity, complexity, "{id}");
        assert_eq!(printed(rec.difficulty), ed, "{id}");
    }
}

#[test]
fn a_chain_step_names_its_hint_complexity_and_chains() {
    use sudoku_grader::techniques::TechniqueId;
    let (_, puzzle, ..) = NESTED_FIRST_STEPS[0];
    let grid = grid_of(puzzle);
    let step = TechniqueId::SeDynamicPlus
        .find_first(&grid)
        .expect("B4's first step");
    let info = step.technique.info();
    let line = (info.text.line)(&step);
    assert!(
        line.starts_with("Dynamic Contradiction Forcing Chains (+) (complexity 154): "),
        "{line}"
    );
    assert!(line.contains("both on & off → "), "{line}");
    let chains = (info.text.details)(&step);
    // A contradiction shows the on and the off chain, each from the assumption.
    assert_eq!(chains.len(), 2, "{chains:?}");
    let assumption = line.split(": ").nth(1).unwrap().split(' ').next().unwrap();
    assert!(
        chains.iter().all(|c| c.starts_with(assumption)),
        "{chains:?}"
    );
    let mut json = serde_json::Map::new();
    (info.text.extras)(&step, &mut json);
    assert_eq!(json["se_chain"]["complexity"], 154);
    assert_eq!(
        sudoku_grader::techniques::se_chains::se_name(&step),
        Some("Dynamic Contradiction Forcing Chains (+)")
    );
    assert_eq!(
        step.difficulty.map(|d| printed(d.0)),
        Some("10.1".to_string())
    );
    assert!(step.placements.is_empty() && step.eliminations.count() == 1);
}
