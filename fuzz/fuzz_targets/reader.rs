//! The line reader and the puzzle parser on any bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sudoku_grader::grading::fuzz::read_and_parse(data);
});
