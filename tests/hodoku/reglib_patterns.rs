//! HoDoKu's regression library, single-digit patterns, wings, colouring and simple chains: every
//! library line must be reproduced by one of our steps with exactly HoDoKu's eliminations.
//!
//! Dual 2-String Kites (0404) and dual Empty Rectangles (0405) are two patterns sharing their box
//! cells; we find each half as its own step, so those lines must be the union of two of our steps
//! sharing at least two pattern cells. Two 0404 lines (836, 838) pair kites of two different
//! digits on the same cells (HoDoKu's dual search does not compare digits); each half is a kite of
//! ours, so the union check does not compare digits either.

use sudoku_grader::core::CandidateSet;
use sudoku_grader::techniques::step::Step;

use crate::common::hodoku::{self, concludes_as_hodoku, our_steps};
use crate::common::reglib::RegLibCase;

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

/// Duals must be two of `steps`; any other line one step with HoDoKu's exact result.
fn reproduces(case: &RegLibCase, steps: &[Step]) -> bool {
    if is_dual(&case.code) {
        return dual_reproduced(steps, &case.eliminations);
    }
    concludes_as_hodoku(case, steps)
}

#[test]
fn patterns_wings_coloring_and_chains_reproduce_hodoku_library() {
    hodoku::assert_reproduces_library(
        "single-digit patterns, wings, colouring and chains",
        170,
        |case| {
            let categories = ["04", "05", "0701", "0702", "0703", "08"];
            hodoku::technique_among(&case.code, &categories)
        },
        our_steps,
        |case, _, steps| reproduces(case, steps),
    );
}
