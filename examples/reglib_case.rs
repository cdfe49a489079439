//! Shows one case of HoDoKu's regression library next to what a technique finds there.
//!
//! `cargo run --release --example reglib_case -- LINE TECHNIQUE_ID [LIBRARY]`
//! (LIBRARY defaults to `../shared/corpora/techniques/hodoku_reglib-1.3.txt`).

use sudoku_grader::core::notation::{elimination_names, placement_names};
use sudoku_grader::explain::describe;
#[path = "../tests/common/reglib.rs"]
#[allow(dead_code)]
mod reglib;
use reglib::parse_line;
use sudoku_grader::techniques::TechniqueId;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: reglib_case LINE TECHNIQUE_ID [LIBRARY]";
    let line: usize = args.get(1).and_then(|a| a.parse().ok()).ok_or(usage)?;
    let technique = args
        .get(2)
        .and_then(|a| TechniqueId::from_id(a))
        .ok_or(usage)?;
    let library = args
        .get(3)
        .map(String::as_str)
        .unwrap_or("../shared/corpora/techniques/hodoku_reglib-1.3.txt");
    let text = std::fs::read_to_string(library).map_err(|e| format!("{library}: {e}"))?;
    let source = text.lines().nth(line - 1).ok_or("no such line")?;
    let case = parse_line(source, line)
        .map_err(|e| e.to_string())?
        .ok_or("not a test case")?;
    println!(
        "HoDoKu {} expects: {:?} {:?}",
        case.code,
        elimination_names(&case.eliminations),
        placement_names(&case.placements)
    );
    println!("state: {}", case.grid.candidates_string());
    for step in technique.find_all(&case.grid) {
        println!("found: {}", describe(&step));
    }
    Ok(())
}
