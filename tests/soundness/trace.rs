//! The explanations switch (`techniques::trace`) hides nothing but explanations. Grading with
//! no one looking at the steps (explanations off) takes the same path as grading with an
//! observer (explanations on), on every scale. ForceChain's finders give the same steps either
//! way, except the branches, which are there when traced and absent when not; SE's chain
//! finders and HoDoKu's forcing chains and nets the same steps except their texts and proofs.

use sudoku_grader::core::Grid;
use sudoku_grader::grading::grader::{grade, GradeOutcome};
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::trace;

use crate::common;

/// The outcome and final grid of grading `grid`, with every step and the grid before it when
/// `observed` (tracing on), or with no observer (tracing off).
fn graded(grid: &Grid, scale: Scale, observed: bool) -> (GradeOutcome, Grid, Vec<(Step, Grid)>) {
    let mut grid = grid.clone();
    let mut steps = Vec::new();
    let outcome = if observed {
        grade(&mut grid, &scale.ladder(), None, &mut |step, at| {
            steps.push((step.clone(), at.clone()))
        })
        .expect("no verification asked")
    } else {
        common::grade_unobserved(&mut grid, &scale.ladder())
    };
    (outcome, grid, steps)
}

#[test]
fn grading_unobserved_takes_the_same_path() {
    let (Some(hard), Some(easy)) = (
        common::shared_grids("corpora/top1465.txt", 0, 12),
        common::shared_grids("corpora/royle17.txt", 0, 60),
    ) else {
        eprintln!("skipped: ../shared/corpora (top1465, royle17) not found");
        return;
    };
    for scale in Scale::ALL {
        for grid in hard.iter().chain(&easy) {
            let (outcome, end, _) = graded(grid, scale, true);
            let (unobserved, unobserved_end, _) = graded(grid, scale, false);
            assert_eq!(
                outcome,
                unobserved,
                "{} {}",
                scale.name(),
                grid.values_string()
            );
            assert_eq!(end, unobserved_end, "{}", scale.name());
        }
    }
}

/// `steps` with what only explains them removed: ForceChain's branches, SE chain texts and
/// HoDoKu forcing proofs' premises and chains.
fn without_explanations(mut steps: Vec<Step>) -> Vec<Step> {
    for step in &mut steps {
        for conclusion in &mut step.force {
            conclusion.branches.clear();
        }
        if let Some(se) = step.se_chain.as_mut() {
            se.headline.clear();
            se.chains.clear();
        }
        if let Some(proof) = step.forcing.as_mut() {
            proof.premises.clear();
            proof.chains.clear();
        }
    }
    steps
}

/// Whether `step` carries an explanation (a conclusion's branch, an SE chain's text, a forcing
/// proof's chains).
fn explained(step: &Step) -> bool {
    step.force.iter().any(|c| !c.branches.is_empty())
        || step
            .se_chain
            .as_ref()
            .is_some_and(|se| !se.chains.is_empty())
        || step.forcing.as_ref().is_some_and(|p| !p.chains.is_empty())
}

/// On the states where grading top1465[..count] on `scale` took a step `of_kind` picks, the
/// finder of that step gives the same steps with explanations off apart from the explanations,
/// which it makes only when they are on; and grading those puzzles unobserved takes the same
/// path.
fn differ_only_in_explanations(scale: Scale, count: usize, of_kind: fn(&Step) -> bool) {
    let Some(hard) = common::shared_grids("corpora/top1465.txt", 0, count) else {
        eprintln!("skipped: ../shared/corpora/top1465.txt not found");
        return;
    };
    let mut states = Vec::new();
    for grid in &hard {
        let (outcome, end, steps) = graded(grid, scale, true);
        if steps.iter().any(|(step, _)| of_kind(step)) {
            let (unobserved, unobserved_end, _) = graded(grid, scale, false);
            assert_eq!((outcome, end), (unobserved, unobserved_end));
        }
        states.extend(
            steps
                .into_iter()
                .filter(|(step, _)| of_kind(step))
                .map(|(step, at)| (step.technique, at)),
        );
    }
    assert!(states.len() >= 20, "{}", states.len());
    let mut made = 0;
    for (technique, at) in &states {
        let on = technique.find_all(at);
        let off = {
            let _off = trace::explanations_wanted_while(false);
            technique.find_all(at)
        };
        made += on.iter().filter(|s| explained(s)).count();
        assert!(
            !off.iter().any(explained),
            "{technique:?}: an explanation made with explanations off"
        );
        assert_eq!(without_explanations(on), off, "{technique:?}");
    }
    assert!(made > 0, "no explanation made with explanations on");
    assert!(
        trace::explanations_wanted(),
        "the guard put the switch back on"
    );
}

#[test]
fn untraced_force_chains_differ_only_in_their_branches() {
    differ_only_in_explanations(Scale::Gnpx, 300, |step| !step.force.is_empty());
}

#[test]
fn unexplained_se_chains_differ_only_in_their_texts() {
    differ_only_in_explanations(Scale::Se, 20, |step| step.se_chain.is_some());
}

#[test]
fn unexplained_forcing_chains_differ_only_in_their_proofs() {
    differ_only_in_explanations(Scale::Hodoku, 40, |step| step.forcing.is_some());
}
