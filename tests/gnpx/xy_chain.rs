//! GNPX v5.84's XY-Chain on the `gnpx584` scale: consecutive bivalue cells are joined by a
//! conjugate pair on their shared digit, and a step removes one candidate (the first cell seeing
//! both ends). Checked against the puzzles' solutions and against our full XY-Chain, which also
//! links cells that merely see each other.

use std::ops::ControlFlow;

use sudoku_grader::core::Grid;
use sudoku_grader::grading::grader::grade;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::model::links::{ChainLink, LinkKind};
use sudoku_grader::oracle;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::{Flavour, TechniqueId};

use crate::common;

/// Every XY-Chain step GNPX v5.84's search finds in `grid`, in its order.
fn gnpx584_steps(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    let _ = TechniqueId::XyChain.info().finder_for(Flavour::Gnpx584)(grid, &mut |step| {
        steps.push(step.clone());
        ControlFlow::Continue(())
    });
    steps
}

/// The cells of each house (rows, columns, boxes), built here from coordinates.
fn houses() -> Vec<Vec<usize>> {
    let mut houses = Vec::new();
    for i in 0..9 {
        houses.push((0..9).map(|j| i * 9 + j).collect());
        houses.push((0..9).map(|j| j * 9 + i).collect());
        houses.push(
            (0..9)
                .map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3)
                .collect(),
        );
    }
    houses
}

fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// Whether `a` and `b` are the only two places of `digit` in some house they share.
fn conjugate(grid: &Grid, houses: &[Vec<usize>], a: usize, b: usize, digit: usize) -> bool {
    houses.iter().any(|house| {
        house.contains(&a)
            && house.contains(&b)
            && house
                .iter()
                .filter(|&&c| grid.candidates(c) & (1 << digit) != 0)
                .count()
                == 2
    })
}

/// The links between cells of a bivalue chain (the links inside a cell join its two digits).
fn cell_links(step: &Step) -> impl Iterator<Item = &ChainLink> {
    step.chain.iter().filter(|l| l.from.cell != l.to.cell)
}

/// Whether `digit` is a candidate of `cell`.
fn grid_has(grid: &Grid, cell: usize, digit: usize) -> bool {
    grid.candidates(cell) & (1 << digit) != 0
}

/// Puzzles of GNPX v5.84's own rated file (first 81 characters of each line; BOM dropped).
fn gnpx_sample(count: usize) -> Option<Vec<String>> {
    let path = common::shared_file("corpora/gnpx/generated/sample_1_20000.txt")?;
    let text = std::fs::read_to_string(path).unwrap();
    Some(
        text.trim_start_matches('\u{feff}')
            .lines()
            .filter(|l| l.len() >= 81)
            .take(count)
            .map(|l| l[..81].to_string())
            .collect(),
    )
}

#[test]
fn gnpx584_xy_chain_steps_agree_with_the_solution_and_gnpx_rules() {
    let Some(puzzles) = gnpx_sample(2500) else {
        return;
    };
    let houses = houses();
    let ladder = Scale::Gnpx584.ladder();
    let xy_rung = ladder
        .rungs()
        .iter()
        .position(|r| r.technique == TechniqueId::XyChain)
        .expect("the gnpx584 ladder has XY-Chain");
    let (mut gnpx_steps, mut taken, mut only_ours) = (0, 0, 0);
    for puzzle in &puzzles {
        let mut grid = parse_puzzle(puzzle, 1).unwrap().grid;
        let solution = oracle::solve(&grid).solution.expect("a unique solution");
        let outcome = grade(&mut grid, &ladder, Some(&solution), &mut |step, before| {
            // States where every rung before XY-Chain found nothing: the rung's search ran.
            let rung = ladder
                .rungs()
                .iter()
                .position(|r| r.technique == step.technique)
                .unwrap();
            if rung < xy_rung {
                return;
            }
            let steps = gnpx584_steps(before);
            for s in &steps {
                gnpx_steps += 1;
                let removed: Vec<(usize, usize)> = s.eliminations.iter().collect();
                assert_eq!(removed.len(), 1, "{puzzle}: one elimination a step");
                let (x, z) = removed[0];
                assert_ne!(
                    solution[x] as usize,
                    z,
                    "{puzzle}: r{}c{} holds {}",
                    x / 9 + 1,
                    x % 9 + 1,
                    z + 1
                );
                let first = s.chain.first().unwrap();
                let last = s.chain.last().unwrap();
                // The start's z is assumed false; the end's z comes out true.
                assert_eq!((first.from.digit as usize, first.from.on), (z, false));
                assert_eq!((last.to.digit as usize, last.to.on), (z, true));
                let (start, end) = (first.from.cell as usize, last.to.cell as usize);
                assert!(
                    sees(x, start) && sees(x, end),
                    "{puzzle}: r{}c{}",
                    x / 9 + 1,
                    x % 9 + 1
                );
                // GNPX removes z from the first cell (in index order) seeing both ends.
                let first_x = (0..81)
                    .find(|&c| grid_has(before, c, z) && sees(c, start) && sees(c, end))
                    .unwrap();
                assert_eq!(x, first_x, "{puzzle}");
                for link in cell_links(s) {
                    let (a, b, d) = (
                        link.from.cell as usize,
                        link.to.cell as usize,
                        link.from.digit as usize,
                    );
                    assert!(
                        conjugate(before, &houses, a, b, d),
                        "{puzzle}: r{}c{}-r{}c{} is not a conjugate pair of {}",
                        a / 9 + 1,
                        a % 9 + 1,
                        b / 9 + 1,
                        b % 9 + 1,
                        d + 1
                    );
                }
                for node in s.chain.iter().flat_map(|l| [l.from, l.to]) {
                    assert_eq!(
                        before.candidates(node.cell as usize).count_ones(),
                        2,
                        "{puzzle}"
                    );
                }
            }
            if step.technique == TechniqueId::XyChain {
                taken += 1;
                assert_eq!(
                    step.eliminations, steps[0].eliminations,
                    "{puzzle}: the first step"
                );
            }
            // Our full XY-Chain also links cells that merely see each other: count the states
            // where it finds chains, each through such a link, and GNPX v5.84's search none.
            let ours = TechniqueId::XyChain.find_all(before);
            let through_a_weak_link = |s: &Step| {
                cell_links(s).any(|l| {
                    l.kind == LinkKind::Weak
                        && !conjugate(
                            before,
                            &houses,
                            l.from.cell as usize,
                            l.to.cell as usize,
                            l.from.digit as usize,
                        )
                })
            };
            if steps.is_empty() && !ours.is_empty() && ours.iter().all(through_a_weak_link) {
                only_ours += 1;
            }
        });
        assert!(outcome.is_ok(), "{puzzle}: {outcome:?}");
    }
    assert!(
        gnpx_steps >= 200 && taken >= 50 && only_ours >= 100,
        "too few XY-Chain states: {gnpx_steps} GNPX steps, {taken} taken, {only_ours} ours only"
    );
}

/// GNPX v5.84 rates this puzzle (sample_1_20000 line 33) XY-Chain. Where the gnpx584 path first
/// runs its XY-Chain rung, our full XY-Chain finds r2c6 … r5c6 (#5 leaves r4c6); its link
/// r7c3–r6c3 on 9 is no conjugate pair (column 3 holds 9 in r5c3, r6c3 and r7c3; box 4 in five
/// cells), and no chain of conjugate-linked bivalue cells exists there at all (an exhaustive
/// search outside the project found none), so GNPX v5.84's search finds nothing.
const GNPX_XY_CHAIN: &str =
    "1.59....7..4.8.2...2...7.95..3.....4.6.....3.2.....5..35.4...6...6.1.8..8....69.3";

#[test]
fn gnpx584_xy_chain_skips_chains_through_cells_that_only_see_each_other() {
    let ladder = Scale::Gnpx584.ladder();
    let rung = |t: TechniqueId| {
        ladder
            .rungs()
            .iter()
            .position(|r| r.technique == t)
            .unwrap()
    };
    let mut grid = parse_puzzle(GNPX_XY_CHAIN, 1).unwrap().grid;
    let mut states = Vec::new();
    grade(&mut grid, &ladder, None, &mut |step, before| {
        states.push((step.technique, before.clone()))
    })
    .unwrap();
    // The first state where every rung before XY-Chain found nothing.
    let (taken, state) = states
        .iter()
        .find(|(t, _)| rung(*t) >= rung(TechniqueId::XyChain))
        .expect("the path reaches the XY-Chain rung");
    assert_ne!(*taken, TechniqueId::XyChain);
    assert!(gnpx584_steps(state).is_empty());
    let ours = TechniqueId::XyChain.find_all(state);
    let r4c6_5 = ours
        .iter()
        .find(|s| s.eliminations.iter().any(|e| e == (3 * 9 + 5, 4)))
        .expect("our XY-Chain removes 5 from r4c6");
    let houses = houses();
    assert!(cell_links(r4c6_5).any(|l| l.from.cell == 6 * 9 + 2
        && l.to.cell == 5 * 9 + 2
        && l.from.digit == 8
        && !conjugate(state, &houses, 6 * 9 + 2, 5 * 9 + 2, 8)));
}
