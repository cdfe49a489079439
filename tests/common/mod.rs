//! Shared helpers for integration tests: locating `../shared` corpora (skipping cleanly when it
//! is absent) and the project's own `corpora/`.
#![allow(dead_code)]

use std::path::PathBuf;

pub mod reglib;

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
pub fn hodoku_library() -> Option<Vec<reglib::RegLibCase>> {
    let path = shared_file("corpora/techniques/hodoku_reglib-1.3.txt")?;
    let text = std::fs::read_to_string(path).expect("readable library");
    Some(reglib::parse_library(&text).expect("valid library"))
}

/// Runs HoDoKu's regression library against our finders: every case whose code `technique_for`
/// maps must be reproduced (`reproduces`), and fail cases (`-x`) must find nothing. Returns the
/// number of cases checked and one line per failure; `None` when `../shared` is absent.
#[allow(dead_code)]
pub fn check_reglib(
    technique_for: fn(&str) -> Option<sudoku_grader::techniques::TechniqueId>,
    reproduces: fn(&reglib::RegLibCase, sudoku_grader::techniques::TechniqueId) -> bool,
) -> Option<(usize, Vec<String>)> {
    check_reglib_cases(|case| technique_for(&case.code), reproduces)
}

/// [`check_reglib`] with the technique chosen per case (code and variant): `None` skips it.
#[allow(dead_code)]
pub fn check_reglib_cases(
    technique_for: impl Fn(&reglib::RegLibCase) -> Option<sudoku_grader::techniques::TechniqueId>,
    reproduces: fn(&reglib::RegLibCase, sudoku_grader::techniques::TechniqueId) -> bool,
) -> Option<(usize, Vec<String>)> {
    let cases = hodoku_library()?;
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let Some(technique) = technique_for(case) else {
            continue;
        };
        checked += 1;
        let ok = if case.is_fail_case() {
            technique.find_all(&case.grid).is_empty()
        } else {
            reproduces(case, technique)
        };
        if !ok {
            let found: Vec<String> = technique
                .find_all(&case.grid)
                .iter()
                .map(|s| format!("{:?}", s.eliminations))
                .collect();
            failures.push(format!(
                "line {} ({} {}) wants {:?}; found {found:?}",
                case.line,
                case.code,
                technique.id(),
                case.eliminations
            ));
        }
    }
    Some((checked, failures))
}
