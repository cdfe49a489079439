//! HoDoKu's regression library, Sue de Coq (1101): every library line must be reproduced by one
//! of our steps with exactly HoDoKu's eliminations.

use crate::common;

use crate::common::reglib::RegLibCase;
use sudoku_grader::techniques::TechniqueId;

fn technique_for(code: &str) -> Option<TechniqueId> {
    (code == "1101").then_some(TechniqueId::SueDeCoq)
}

fn reproduces(case: &RegLibCase, technique: TechniqueId) -> bool {
    technique
        .find_all(&case.grid)
        .iter()
        .any(|step| step.eliminations == case.eliminations)
}

#[test]
fn sue_de_coq_reproduces_hodoku_library() {
    let Some((checked, failures)) = common::check_reglib(technique_for, reproduces) else {
        return;
    };
    assert!(checked >= 30, "only {checked} cases found");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
