//! Shared helpers for integration tests: locating `../shared` corpora (skipping cleanly when it
//! is absent) and the project's own `corpora/`.
#![allow(dead_code)]

use std::path::PathBuf;

/// The project root.
pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/<relative>` when it exists; otherwise prints why the test is skipped and returns None.
pub fn shared_file(relative: &str) -> Option<PathBuf> {
    let shared = std::env::var_os("SGRADE_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| project_root().join("..").join("shared"));
    let path = shared.join(relative);
    if path.exists() {
        Some(path)
    } else {
        eprintln!(
            "SKIPPED: {} not found (../shared is only on the developers' and CI machines)",
            path.display()
        );
        None
    }
}

/// `corpora/<relative>` of the project.
pub fn corpus(relative: &str) -> PathBuf {
    project_root().join("corpora").join(relative)
}

/// The cases of HoDoKu's regression library in `../shared`, or None (skipping) without it.
pub fn hodoku_library() -> Option<Vec<sudoku_grader::reglib::RegLibCase>> {
    let path = shared_file("corpora/techniques/hodoku_reglib-1.3.txt")?;
    let text = std::fs::read_to_string(path).expect("readable library");
    Some(sudoku_grader::reglib::parse_library(&text).expect("valid library"))
}
