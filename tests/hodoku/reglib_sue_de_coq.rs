//! HoDoKu's regression library, Sue de Coq (1101): every library line must be reproduced by one
//! of our steps with exactly HoDoKu's eliminations.

use crate::common::hodoku::{self, eliminates_as_hodoku, our_steps};

#[test]
fn sue_de_coq_reproduces_hodoku_library() {
    hodoku::assert_reproduces_library(
        "Sue de Coq",
        30,
        |case| hodoku::technique_among(&case.code, &["11"]),
        our_steps,
        |case, _, steps| eliminates_as_hodoku(case, steps),
    );
}
