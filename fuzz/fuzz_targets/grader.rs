//! The oracle and the grader on any candidate grid: statuses right, every grading step sound.
#![no_main]

use std::sync::OnceLock;

use sudoku_grader::grading::fuzz::{grade_candidates, Ladders};

static LADDERS: OnceLock<Ladders> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    grade_candidates(data, LADDERS.get_or_init(Ladders::default));
});
