//! HoDoKu's regression library, single-digit patterns, wings, colouring and simple chains: every
//! library line must be reproduced by one of our steps with exactly HoDoKu's eliminations.
//!
//! Dual 2-String Kites (0404) and dual Empty Rectangles (0405) are two patterns sharing their box
//! cells; we find each half as its own step, so those lines must be the union of two of our steps
//! sharing at least two pattern cells. Two 0404 lines (836, 838) pair kites of two different
//! digits on the same cells (HoDoKu's dual search does not compare digits); each half is a kite of
//! ours, so the union check does not compare digits either.

use crate::common;

use crate::common::reglib::RegLibCase;
use sudoku_grader::core::CandidateSet;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

/// HoDoKu code → our technique.
fn technique_for(code: &str) -> Option<TechniqueId> {
    Some(match code {
        "0400" => TechniqueId::Skyscraper,
        "0401" | "0404" => TechniqueId::TwoStringKite,
        "0402" | "0405" => TechniqueId::EmptyRectangle,
        "0403" => TechniqueId::TurbotFish,
        "0500" => TechniqueId::ColorTrap,
        "0501" => TechniqueId::ColorWrap,
        "0502" => TechniqueId::MultiColor1,
        "0503" => TechniqueId::MultiColor2,
        "0701" => TechniqueId::XChain,
        "0702" => TechniqueId::XyChain,
        "0703" => TechniqueId::RemotePair,
        "0800" => TechniqueId::XyWing,
        "0801" => TechniqueId::XyzWing,
        "0803" => TechniqueId::WWing,
        _ => return None,
    })
}

fn is_dual(code: &str) -> bool {
    code == "0404" || code == "0405"
}

/// Whether two of `steps` sharing at least two pattern cells together eliminate `wanted`.
fn dual_reproduced(steps: &[Step], wanted: &CandidateSet) -> bool {
    steps.iter().enumerate().any(|(i, a)| {
        steps[i + 1..].iter().any(|b| {
            let mut union = a.eliminations;
            union.union_with(&b.eliminations);
            a.eliminations != b.eliminations && (a.cells & b.cells).count() >= 2 && union == *wanted
        })
    })
}

fn reproduces(case: &RegLibCase, technique: TechniqueId) -> bool {
    let steps = technique.find_all(&case.grid);
    if is_dual(&case.code) {
        return dual_reproduced(&steps, &case.eliminations);
    }
    steps
        .iter()
        .any(|step| step.eliminations == case.eliminations && step.placements == case.placements)
}

#[test]
fn patterns_wings_coloring_and_chains_reproduce_hodoku_library() {
    let Some((checked, failures)) = common::check_reglib(technique_for, reproduces) else {
        return;
    };
    assert!(checked >= 170, "only {checked} cases found");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
