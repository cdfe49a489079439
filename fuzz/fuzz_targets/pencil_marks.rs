//! The pencil-mark loader on any 729-character state.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sudoku_grader::grading::fuzz::load_pencil_marks(data);
});
