//! Replays an SE trace from its step descriptions and checks the chain producers at each chain
//! step. Steps whose eliminations the description does not give (uniqueness, BUG, aligned
//! exclusions) end the replay of that puzzle; cycles are applied from our own hint when it
//! agrees with SE's name and difficulty (SE prints only their cells).

use std::io::{BufRead, BufReader};
use std::path::Path;

use serde_json::Value;
use sudoku_grader::core::{Grid, HOUSE_SETS, PEERS};
use sudoku_grader::oracle;
use sudoku_grader::techniques::se_chains::collect::Rec;
use sudoku_grader::techniques::se_chains::engine::Prod;
use sudoku_grader::techniques::se_chains::{best_hint, hint_name, to_step};
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

/// What a sweep saw.
#[derive(Debug, Default)]
pub struct Sweep {
    /// Puzzles read.
    pub puzzles: usize,
    /// Chain steps compared.
    pub checked: usize,
    /// Chain steps of a level above the sweep's limit, not compared (the replay stops there).
    pub skipped_level: usize,
    /// Replays stopped at a step the description cannot replay.
    pub stopped: usize,
    /// Descriptions of the disagreements (and of any step that contradicts the solution).
    pub mismatches: Vec<String>,
    /// Chain steps compared per SE name.
    pub by_name: std::collections::BTreeMap<String, usize>,
}

/// SE's cell name `G1`: column letter, row digit.
fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    let col = (b[0] - b'A') as usize;
    let row = (b[1] - b'1') as usize;
    row * 9 + col
}

/// `G1.4` → (cell, digit index).
fn cand(text: &str) -> (usize, usize) {
    let (c, d) = text.split_once('.').expect("cell.digit");
    (cell(c), d.trim().parse::<usize>().expect("digit") - 1)
}

/// The producer SE's technique name comes from, and its level.
fn producer(name: &str) -> Option<Prod> {
    Some(match name {
        "Bidirectional X-Cycle"
        | "Generalized X-Wing"
        | "Bidirectional Y-Cycle"
        | "Turbot Fish"
        | "Forcing X-Chain"
        | "Bidirectional Cycle"
        | "Forcing Chain" => Prod::Static,
        "Nishio Forcing Chains" => Prod::Nishio,
        "Cell Forcing Chains" | "Region Forcing Chains" => Prod::Multiple,
        _ if name.starts_with("Dynamic ") => {
            let level = if name.ends_with("(+ Dynamic Forcing Chains (+ Forcing Chains))") {
                5
            } else if name.ends_with("(+ Dynamic Forcing Chains)") {
                4
            } else if name.ends_with("(+ Multiple Forcing Chains)") {
                3
            } else if name.ends_with("(+ Forcing Chains)") {
                2
            } else if name.ends_with("(+)") {
                1
            } else {
                0
            };
            Prod::Dynamic(level)
        }
        _ => return None,
    })
}

fn place(grid: &mut Grid, (c, d): (usize, usize)) {
    if grid.value(c).is_none() {
        grid.place(c, d);
    }
}

/// The house of `kind` ("block", "row", "column") holding all `cells`.
fn house_of(kind: &str, cells: &[usize]) -> usize {
    let c = cells[0];
    match kind {
        "row" => c / 9,
        "column" => 9 + c % 9,
        _ => 18 + (c / 27) * 3 + (c % 9) / 3,
    }
}

fn parse_cells(list: &str) -> Vec<usize> {
    list.split(',').map(|s| cell(s.trim())).collect()
}

fn parse_digits(list: &str) -> Vec<usize> {
    list.split(',')
        .map(|s| s.trim().parse::<usize>().expect("digit") - 1)
        .collect()
}

/// The conclusion of a chain description: (cell, digit, on).
fn chain_conclusion(text: &str) -> Option<(usize, usize, bool)> {
    let body = text.split_once(": ")?.1;
    if let Some((left, right)) = body.split_once("==>") {
        let right = right.trim();
        if right.ends_with("both on & off") {
            // A contradiction: the assumption is false.
            let left = left.trim();
            let (c, on) = if let Some(c) = left.strip_suffix(" on") {
                (c, true)
            } else {
                (left.strip_suffix(" off")?, false)
            };
            let (c, d) = cand(c);
            return Some((c, d, !on));
        }
        let (c, on) = if let Some(c) = right.strip_suffix(" on") {
            (c, true)
        } else {
            (right.strip_suffix(" off")?, false)
        };
        let (c, d) = cand(c);
        return Some((c, d, on));
    }
    let body = body.trim();
    let (c, on) = if let Some(c) = body.strip_suffix(" on") {
        (c, true)
    } else {
        (body.strip_suffix(" off")?, false)
    };
    let (c, d) = cand(c);
    Some((c, d, on))
}

/// Applies a non-chain step from its description; false when it cannot.
fn apply_plain(grid: &mut Grid, technique: &str, text: &str) -> bool {
    let body = match text.split_once(": ") {
        Some((_, b)) => b,
        None => return false,
    };
    match technique {
        "Hidden Single" => {
            let (c, rest) = body.split_once(": ").unwrap();
            let d = rest
                .split_whitespace()
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
                - 1;
            place(grid, (cell(c), d));
            true
        }
        "Naked Single" => {
            let (c, rest) = body.split_once(": ").unwrap();
            place(grid, (cell(c), rest.trim().parse::<usize>().unwrap() - 1));
            true
        }
        "Pointing" | "Claiming" => {
            // Cells D5,E5: 4 in block and row
            let rest = body.strip_prefix("Cells ").unwrap();
            let (cells, rest) = rest.split_once(": ").unwrap();
            let cells = parse_cells(cells);
            let mut words = rest.split_whitespace();
            let d = words.next().unwrap().parse::<usize>().unwrap() - 1;
            let kinds: Vec<&str> = words.filter(|w| *w != "in" && *w != "and").collect();
            let h1 = HOUSE_SETS[house_of(kinds[0], &cells)];
            let h2 = HOUSE_SETS[house_of(kinds[1], &cells)];
            for c in (h2 & grid.plane(d)).and_not(h1) {
                grid.eliminate(c, d);
            }
            true
        }
        "Naked Pair" | "Naked Triplet" | "Naked Quad" => {
            let rest = body.strip_prefix("Cells ").unwrap();
            let (cells, rest) = rest.split_once(": ").unwrap();
            let cells = parse_cells(cells);
            let (digits, kind) = rest.split_once(" in ").unwrap();
            let house = HOUSE_SETS[house_of(kind.trim(), &cells)];
            for d in parse_digits(digits) {
                for c in house & grid.plane(d) {
                    if !cells.contains(&c) {
                        grid.eliminate(c, d);
                    }
                }
            }
            true
        }
        "Hidden Pair" | "Hidden Triplet" | "Hidden Quad" => {
            let rest = body.strip_prefix("Cells ").unwrap();
            let (cells, rest) = rest.split_once(": ").unwrap();
            let cells = parse_cells(cells);
            let (digits, _) = rest.split_once(" in ").unwrap();
            let digits = parse_digits(digits);
            for &c in &cells {
                for d in 0..9 {
                    if !digits.contains(&d) {
                        grid.eliminate(c, d);
                    }
                }
            }
            true
        }
        "X-Wing" | "Swordfish" | "Jellyfish" => {
            // Cells C2,H2,C8,H8: 2 in 2 columns and 2 rows
            let rest = body.strip_prefix("Cells ").unwrap();
            let (cells, rest) = rest.split_once(": ").unwrap();
            let cells = parse_cells(cells);
            let mut words = rest.split_whitespace();
            let d = words.next().unwrap().parse::<usize>().unwrap() - 1;
            let base_is_columns = rest.contains("columns and");
            let mut base = sudoku_grader::core::Bits81::EMPTY;
            let mut cover = sudoku_grader::core::Bits81::EMPTY;
            for &c in &cells {
                let (row, col) = (HOUSE_SETS[c / 9], HOUSE_SETS[9 + c % 9]);
                if base_is_columns {
                    base |= col;
                    cover |= row;
                } else {
                    base |= row;
                    cover |= col;
                }
            }
            for c in (cover & grid.plane(d)).and_not(base) {
                grid.eliminate(c, d);
            }
            true
        }
        "XY-Wing" | "XYZ-Wing" => {
            // Cells A8,B7,D8 on value 3
            let rest = body.strip_prefix("Cells ").unwrap();
            let (cells, value) = rest.split_once(" on value ").unwrap();
            let cells = parse_cells(cells);
            let z = value.trim().parse::<usize>().unwrap() - 1;
            let holders: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| grid.has_candidate(c, z))
                .collect();
            let mut seen = grid.plane(z);
            for &c in &holders {
                seen &= PEERS[c];
            }
            for c in seen {
                if !cells.contains(&c) {
                    grid.eliminate(c, z);
                }
            }
            true
        }
        "Direct Hidden Pair" | "Direct Hidden Triplet" => {
            let rest = body.strip_prefix("Cells ").unwrap();
            let (cells, rest) = rest.split_once(": ").unwrap();
            let cells = parse_cells(cells);
            let (digits, kind) = rest.split_once(" in ").unwrap();
            let digits = parse_digits(digits);
            let house = HOUSE_SETS[house_of(kind.trim(), &cells)];
            let set: sudoku_grader::core::Bits81 = cells.iter().copied().collect();
            for d in 0..9 {
                if digits.contains(&d) {
                    continue;
                }
                let there = house & grid.plane(d);
                if there.count() > 1 && there.and_not(set).count() == 1 {
                    place(grid, (there.and_not(set).first().unwrap(), d));
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

/// Replays the first `n` traces of `path`, comparing chain steps up to `max_level`.
pub fn sweep(path: &Path, n: usize, max_level: u8) -> Sweep {
    let file = std::fs::File::open(path).expect("trace file");
    let reader = BufReader::new(flate2::read::MultiGzDecoder::new(file));
    let mut out = Sweep::default();
    for line in reader.lines().take(n) {
        let line = line.expect("trace line");
        let trace: Value = serde_json::from_str(&line).expect("trace json");
        out.puzzles += 1;
        let puzzle = trace["puzzle"].as_str().unwrap();
        let mut values = [0u8; 81];
        for (i, ch) in puzzle.bytes().take(81).enumerate() {
            if ch.is_ascii_digit() && ch != b'0' {
                values[i] = ch - b'0';
            }
        }
        let Ok(mut grid) = Grid::from_givens(&values) else {
            continue;
        };
        let Some(solution) = oracle::solve(&grid).solution else {
            continue;
        };
        for step in trace["steps"].as_array().unwrap() {
            let technique = step["technique"].as_str().unwrap();
            let text = step["text"].as_str().unwrap();
            let Some(prod) = producer(technique) else {
                if !apply_plain(&mut grid, technique, text) {
                    out.stopped += 1;
                    break;
                }
                continue;
            };
            if prod.level() > max_level {
                out.skipped_level += 1;
                break;
            }
            let difficulty = step["difficulty"].as_f64().unwrap();
            out.checked += 1;
            let found: Option<Rec> = best_hint(&grid, prod);
            let conclusion = chain_conclusion(text);
            let cycle = technique.contains("Cycle") || technique == "Generalized X-Wing";
            let agrees = found.as_ref().is_some_and(|rec| {
                let same_conclusion = cycle
                    || match conclusion {
                        Some((c, d, true)) => rec.result == Some((c as u8, d as u8)),
                        Some((c, d, false)) => rec.result.is_none() && rec.elims[d] >> c & 1 == 1,
                        None => false,
                    };
                rec.difficulty == difficulty && hint_name(prod, rec) == technique && same_conclusion
            });
            if !agrees {
                out.mismatches.push(format!(
                    "{puzzle} step {}: SE {technique} {difficulty} {text} (cx {}); ours {}",
                    step["step"],
                    step["complexity"],
                    found.as_ref().map_or("none".to_string(), |r| format!(
                        "{} {} cx {} result {:?} elims {}",
                        hint_name(prod, r),
                        r.difficulty,
                        r.complexity,
                        r.result,
                        r.elims.iter().map(|p| p.count_ones()).sum::<u32>()
                    )),
                ));
                break;
            }
            // Apply SE's conclusion (ours for a cycle, which agrees).
            let rec = found.unwrap();
            *out.by_name.entry(technique.to_string()).or_default() += 1;
            let mut step = Step::new(TechniqueId::SeForcingChains);
            to_step(TechniqueId::SeForcingChains, prod, &rec, &mut step);
            if let Some(wrong) = step.check_against(&solution) {
                out.mismatches
                    .push(format!("{puzzle}: unsound {technique} step: {wrong:?}"));
                break;
            }
            if let Some((c, d)) = rec.result {
                place(&mut grid, (c as usize, d as usize));
            } else {
                for (d, &plane) in rec.elims.iter().enumerate() {
                    for c in 0..81 {
                        if plane >> c & 1 == 1 {
                            grid.eliminate(c, d);
                        }
                    }
                }
            }
        }
    }
    out
}
