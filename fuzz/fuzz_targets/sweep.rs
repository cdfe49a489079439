//! Every catalogued technique on a seed puzzle's thinned start: its first steps sound.
#![no_main]

use sudoku_grader::grading::fuzz::sweep_candidates;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sweep_candidates(data);
});
