//! Steps sgrade finds at given solving states, for comparing its HoDoKu choices with HoDoKu's
//! own path (`scripts/hodoku_state_compare.py` drives it).
//!
//! Reads lines `GIVENS VALUES CANDIDATES TECHNIQUE` (81, 81 and 729 characters; `.` for none)
//! from stdin; prints one JSON object a line: `chosen` (the step the `hodoku` rung of
//! TECHNIQUE takes), `all` (every step TECHNIQUE finds, in scan order) and `ladder` (the step
//! the `hodoku` ladder takes at that state, singles skipped).

use std::io::{self, BufRead, Write};

use sudoku_grader::core::notation::{elimination_names, placement_names};
use sudoku_grader::core::Grid;
use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

fn describe(step: &Step) -> String {
    let mut parts = vec![step.technique.id().to_string()];
    let mut names = placement_names(&step.placements);
    names.extend(elimination_names(&step.eliminations));
    names.sort();
    parts.extend(names);
    parts.join(" ")
}

fn state(givens: &str, values: &str, candidates: &str) -> Grid {
    let mut given_values = [0u8; 81];
    for (v, ch) in given_values.iter_mut().zip(givens.bytes()) {
        *v = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    let mut grid = Grid::from_givens(&given_values).expect("givens agree");
    for (cell, ch) in values.bytes().enumerate() {
        if (b'1'..=b'9').contains(&ch) && grid.value(cell).is_none() {
            grid.place(cell, (ch - b'1') as usize);
        }
    }
    for (i, ch) in candidates.bytes().enumerate() {
        if !(b'1'..=b'9').contains(&ch) {
            grid.eliminate(i / 9, i % 9);
        }
    }
    grid
}

fn main() {
    let ladder = Scale::Hodoku.ladder();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [givens, values, candidates, technique] = fields[..] else {
            continue;
        };
        let grid = state(givens, values, candidates);
        let technique = TechniqueId::from_id(technique);
        let mut chosen = None;
        let mut all = Vec::new();
        if let Some(t) = technique {
            if let Some(rung) = ladder.rungs().iter().find(|r| r.technique == t) {
                let mut step = Step::new(t);
                if rung.find_into(&grid, &mut step) {
                    chosen = Some(describe(&step));
                }
            }
            // Every step of the finder the rung searches with.
            let finder = ladder
                .rungs()
                .iter()
                .find(|r| r.technique == t)
                .map_or(t.info().finder, |r| r.finder());
            let _ = finder(&grid, &mut |step| {
                all.push(describe(step));
                std::ops::ControlFlow::Continue(())
            });
        }
        let mut first = None;
        for rung in ladder.rungs() {
            if rung.technique.info().family == "singles" {
                continue;
            }
            let mut step = Step::new(rung.technique);
            if rung.find_into(&grid, &mut step) {
                first = Some(describe(&step));
                break;
            }
        }
        let obj = serde_json::json!({"chosen": chosen, "all": all, "ladder": first});
        writeln!(out, "{obj}").expect("stdout");
    }
}
