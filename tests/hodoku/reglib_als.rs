//! HoDoKu's regression library, almost-locked-set techniques (0901 ALS-XZ, 0902 ALS-XY-Wing,
//! 0903 ALS-Chain, 0904 Death Blossom): every library line must be reproduced by one of our
//! steps with exactly HoDoKu's eliminations.
//!
//! The only disagreements are GNPX's caps: sets of at most 5 cells and chains of at most 5
//! sets. HoDoKu's lines listed in [`BEYOND_GNPX_CAPS`] need larger sets (up to 6 cells) or
//! longer chains (6–7 sets); each must be reproduced with those caps lifted.

use std::ops::ControlFlow;

use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::{als, TechniqueId};

use crate::common::hodoku::{self, eliminates_as_hodoku, our_steps};
use crate::common::reglib::RegLibCase;

/// Library lines whose HoDoKu step uses a set of 6 cells (0902 1435 1440, 0903 1452, 0904
/// 1471) or a chain of 6–7 sets (0903 1453 1454 1455 1459).
const BEYOND_GNPX_CAPS: &[usize] = &[1435, 1440, 1452, 1453, 1454, 1455, 1459, 1471];

/// Whether the technique, with sets up to `cells` cells and chains up to `sets` sets, finds a
/// step with the case's eliminations.
fn found_with_caps(case: &RegLibCase, technique: TechniqueId, cells: usize, sets: usize) -> bool {
    let mut found = false;
    let mut check = |step: &Step| {
        found = step.eliminations == case.eliminations;
        if found {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let _ = match technique {
        TechniqueId::AlsXz => als::als_xz_capped(&case.grid, cells, &mut check),
        TechniqueId::AlsXyWing => als::als_xy_wing_capped(&case.grid, cells, &mut check),
        TechniqueId::AlsChain => als::als_chain_capped(&case.grid, cells, 4, sets, &mut check),
        _ => als::death_blossom_capped(&case.grid, cells, &mut check),
    };
    found
}

/// Reproduced with GNPX's caps, or (only) with them lifted for the lines beyond them.
fn reproduces(case: &RegLibCase, technique: TechniqueId, steps: &[Step]) -> bool {
    let with_gnpx_caps = eliminates_as_hodoku(case, steps);
    if BEYOND_GNPX_CAPS.contains(&case.line) {
        !with_gnpx_caps && found_with_caps(case, technique, 6, 7)
    } else {
        with_gnpx_caps
    }
}

#[test]
fn als_techniques_reproduce_hodoku_library() {
    hodoku::assert_reproduces_library(
        "almost locked sets",
        60,
        |case| hodoku::technique_among(&case.code, &["09"]),
        our_steps,
        |case, &technique, steps| reproduces(case, technique, steps),
    );
}
