//! HoDoKu's regression library, foundation techniques: every line for singles, locked
//! candidates and naked/hidden subsets must be reproduced exactly by our finders.

use crate::common;

use crate::common::reglib::RegLibCase;
use sudoku_grader::techniques::TechniqueId;

/// HoDoKu code → our technique (codes we implement in the foundation ladder).
fn technique_for(code: &str) -> Option<TechniqueId> {
    Some(match code {
        "0000" => TechniqueId::FullHouse,
        "0002" => TechniqueId::HiddenSingle,
        "0003" => TechniqueId::NakedSingle,
        "0100" => TechniqueId::LockedCandidatesPointing,
        "0101" => TechniqueId::LockedCandidatesClaiming,
        "0110" => TechniqueId::LockedPair,
        "0111" => TechniqueId::LockedTriple,
        "0200" => TechniqueId::NakedPair,
        "0201" => TechniqueId::NakedTriple,
        "0202" => TechniqueId::NakedQuad,
        "0210" => TechniqueId::HiddenPair,
        "0211" => TechniqueId::HiddenTriple,
        "0212" => TechniqueId::HiddenQuad,
        "0600" => TechniqueId::UniqueRectangle1,
        "0601" => TechniqueId::UniqueRectangle2,
        "0602" => TechniqueId::UniqueRectangle3,
        "0603" => TechniqueId::UniqueRectangle4,
        "0604" => TechniqueId::UniqueRectangle5,
        "0605" => TechniqueId::UniqueRectangle6,
        "0606" => TechniqueId::HiddenRectangle,
        "0607" => TechniqueId::AvoidableRectangle1,
        "0608" => TechniqueId::AvoidableRectangle2,
        "0610" => TechniqueId::BugPlusOne,
        _ => return None,
    })
}

fn reproduces(case: &RegLibCase, technique: TechniqueId) -> bool {
    technique
        .find_all(&case.grid)
        .iter()
        .any(|step| step.eliminations == case.eliminations && step.placements == case.placements)
}

#[test]
fn foundation_techniques_reproduce_hodoku_library() {
    let Some((checked, failures)) = common::check_reglib(technique_for, reproduces) else {
        return;
    };
    assert!(checked >= 300, "only {checked} foundation cases found");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases failed: {failures:#?}",
        failures.len()
    );
}
