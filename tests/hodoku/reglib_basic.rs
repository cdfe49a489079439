//! HoDoKu's regression library, foundation techniques: every line for singles, locked
//! candidates and naked/hidden subsets (and the uniqueness family) must be reproduced exactly by
//! our finders.

use crate::common::hodoku::{self, concludes_as_hodoku, our_steps};

#[test]
fn foundation_techniques_reproduce_hodoku_library() {
    hodoku::assert_reproduces_library(
        "foundation",
        300,
        |case| hodoku::technique_among(&case.code, &["00", "01", "02", "06"]),
        our_steps,
        |case, _, steps| concludes_as_hodoku(case, steps),
    );
}
