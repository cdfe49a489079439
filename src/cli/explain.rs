//! `sgrade explain`: one puzzle's solution path, step by step.

use std::process::ExitCode;

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use clap::Args;

use sudoku_grader::core::notation::cell_name;
use sudoku_grader::core::Grid;
use sudoku_grader::explain::{describe, details, step_json};
use sudoku_grader::grading::evaluate::{Evaluator, Observer, Verdict};
use sudoku_grader::grading::grader::GradeOutcome;
use sudoku_grader::input::encoding::utf8_input;
use sudoku_grader::input::puzzle::parse_puzzle;
use sudoku_grader::input::reader::{decompressed, LineRole, Record, RecordReader};
use sudoku_grader::oracle::{self, SolutionCount};
use sudoku_grader::scales::ladder::Ladder;
use sudoku_grader::scales::se::SeRating;
use sudoku_grader::scales::RatingRule;
use sudoku_grader::techniques::se::{format_difficulty, se_name};
use sudoku_grader::techniques::se_chains;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::timing::NoTiming;

use super::output::{note, Output};
use super::{ladder_for, Format, ScaleArg, TechniqueArgs, EXIT_NOT_ALL_UNIQUE, EXIT_VERIFY_FAILED};

/// Arguments of `sgrade explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The puzzle: 81 characters (givens) or 729 (pencil marks), alone or followed by its label
    /// (a whole line of a puzzle file, as `grade` reads it); or a puzzle file (plain,
    /// compressed or CSV), whose first puzzle or `--line N` is explained; `-`: stdin.
    // `-` marks an empty cell, so a puzzle may start with one: not an option.
    #[arg(allow_hyphen_values = true)]
    puzzle: String,
    /// With a file or `-`: explain the puzzle on this line (1-based, as `grade`'s `line`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    line: Option<u64>,
    /// With --all: list at most N steps of each technique (0: every step); the counts come
    /// first, and a line says what was cut.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT)]
    limit: usize,
    /// Rating scale: its technique order and rating rule.
    #[arg(long, value_enum, default_value_t = ScaleArg::Gnpx)]
    scale: ScaleArg,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// Output format.
    #[arg(long, visible_alias = "output-format", value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List every step each enabled technique finds in the starting state instead of solving.
    #[arg(long)]
    all: bool,
}

/// A step's SE difficulty (as serate prints it) and SE name, for `--scale se`.
fn se_label(step: &Step) -> Option<(String, &'static str)> {
    let difficulty = step.difficulty?;
    Some((format_difficulty(difficulty.0), se_name(step)))
}

/// `--all` lists at most this many steps of a technique unless `--limit` says otherwise: one
/// pencil-mark state can hold a hundred thousand chain steps.
const DEFAULT_LIMIT: usize = 20;

/// The record `explain` works on: the argument as a line of text, or the first puzzle (or line
/// `--line`) of the file it names, or of stdin for `-`.
fn read_record(args: &ExplainArgs) -> Result<Record, String> {
    let name = args.puzzle.as_str();
    let input: Option<Box<dyn Read + Send>> = if name == "-" {
        Some(Box::new(io::stdin()))
    } else if Path::new(name).is_file() {
        let file = File::open(name).map_err(|e| format!("cannot open {name}: {e}"))?;
        Some(Box::new(file))
    } else {
        None
    };
    let Some(input) = input else {
        if args.line.is_some() {
            return Err(format!(
                "--line needs a puzzle file or `-`, and {name:?} is no file"
            ));
        }
        // The argument is the line itself: the reader splits the puzzle from its label.
        let mut reader = RecordReader::new(name.trim().as_bytes());
        let record = reader.next_record().map_err(|e| e.to_string())?;
        return record.ok_or_else(|| "no puzzle given".to_string());
    };
    let input = decompressed(input)
        .and_then(utf8_input)
        .map_err(|e| format!("{name}: {e}"))?;
    let mut reader = RecordReader::new(input);
    if let Some(line) = args.line {
        reader.watch_line(line);
    }
    while let Some(record) = reader.next_record().map_err(|e| format!("{name}: {e}"))? {
        match args.line {
            None => return Ok(record),
            Some(line) if record.line == line => return Ok(record),
            Some(line) if record.line > line => break,
            Some(_) => {}
        }
    }
    let Some(line) = args.line else {
        return Err(format!("{name}: no puzzle line"));
    };
    // Say what the line is: a header or a record's second line looks like a puzzle line.
    let what = match reader.line_role() {
        Some(LineRole::Header) => format!("line {line} is the CSV header"),
        Some(LineRole::RepeatedHeader) => format!("line {line} repeats the CSV header"),
        Some(LineRole::InsideRecord(first)) => format!(
            "line {line} is inside the record that starts on line {first} (a quoted field \
             spans lines; --line {first} explains it)"
        ),
        Some(LineRole::Comment) => format!("line {line} is a comment"),
        Some(LineRole::Blank) => format!("line {line} is blank"),
        None if reader.lines_read() < line => {
            format!("past the end (the input has {} lines)", reader.lines_read())
        }
        // Only a stray NUL line (UTF-16 line ends) is left.
        None => return Err(format!("{name}: no puzzle on line {line}")),
    };
    Err(format!("{name}: no puzzle on line {line}: {what}"))
}

/// `--all`: the count of steps per technique first, then each technique's steps, `limit` at
/// most (0: all), with a line for what was cut.
fn list_all(
    out: &mut impl Write,
    format: Format,
    found: &[(&'static str, Vec<Step>)],
    limit: usize,
    se: bool,
) -> io::Result<()> {
    let shown = |steps: &[Step]| {
        if limit == 0 {
            steps.len()
        } else {
            steps.len().min(limit)
        }
    };
    let used: Vec<_> = found
        .iter()
        .filter(|(_, steps)| !steps.is_empty())
        .collect();
    let total: usize = used.iter().map(|(_, steps)| steps.len()).sum();
    match format {
        Format::Text => {
            writeln!(
                out,
                "steps in the starting state: {total} from {} of {} techniques",
                used.len(),
                found.len()
            )?;
            let width = used.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
            for (id, steps) in &used {
                let cut = if shown(steps) < steps.len() {
                    format!("  ({} listed)", shown(steps))
                } else {
                    String::new()
                };
                writeln!(out, "  {id:<width$} {:>7}{cut}", steps.len())?;
            }
        }
        Format::Json => {
            let counts: serde_json::Map<String, serde_json::Value> = used
                .iter()
                .map(|(id, steps)| (id.to_string(), steps.len().into()))
                .collect();
            writeln!(
                out,
                "{}",
                serde_json::json!({ "counts": counts, "limit": limit })
            )?;
        }
    }
    let mut number = 0;
    for (id, steps) in used {
        for step in &steps[..shown(steps)] {
            number += 1;
            emit(out, format, step, number, se)?;
        }
        let cut = steps.len() - shown(steps);
        if cut > 0 {
            match format {
                Format::Text => writeln!(
                    out,
                    "     … {cut} more {id} steps (--limit 0 lists them all)"
                )?,
                Format::Json => writeln!(
                    out,
                    "{}",
                    serde_json::json!({ "cut": { "technique": id, "listed": shown(steps), "found": steps.len() } })
                )?,
            }
        }
    }
    Ok(())
}

fn emit(
    out: &mut impl Write,
    format: Format,
    step: &Step,
    number: usize,
    se: bool,
) -> io::Result<()> {
    let se = se.then(|| se_label(step)).flatten();
    match format {
        Format::Text => {
            match &se {
                Some((difficulty, name)) => {
                    writeln!(out, "{number:>3}. [{difficulty} {name}] {}", describe(step))?
                }
                None => writeln!(out, "{number:>3}. {}", describe(step))?,
            }
            for line in details(step) {
                writeln!(out, "     {line}")?;
            }
            Ok(())
        }
        Format::Json => {
            let mut json = step_json(step, number);
            if let (Some((difficulty, name)), Some(map)) = (se, json.as_object_mut()) {
                map.insert(
                    "se_difficulty".into(),
                    difficulty.parse::<f64>().ok().into(),
                );
                map.insert("se_name".into(), name.into());
            }
            writeln!(out, "{json}")
        }
    }
}

/// Prints the path while the evaluation runs: each step as it is applied, the warning for a
/// puzzle with several solutions before its steps; keeps the states the summary needs.
struct PathPrinter {
    format: Format,
    /// Steps printed so far.
    number: usize,
    /// With `--all`: the puzzle as read, kept to list its steps.
    start: Option<Grid>,
    keep_start: bool,
    /// The grid where grading stopped.
    end: Option<Grid>,
    /// Where the steps go.
    out: Output,
    /// The first write error (the observer cannot return one).
    failed: Option<io::Error>,
    /// Whether steps show their SE difficulty and name (`--scale se`).
    se: bool,
}

impl Observer for PathPrinter {
    fn counted(&mut self, count: SolutionCount, grid: &Grid) {
        if count == SolutionCount::Multiple {
            note!(
                "sgrade: puzzle has more than one solution; steps are shown without verification"
            );
        }
        if self.keep_start {
            self.start = Some(grid.clone());
        }
    }

    fn step(&mut self, step: &Step, _grid: &Grid) {
        self.number += 1;
        if self.failed.is_none() {
            self.failed = emit(&mut self.out, self.format, step, self.number, self.se).err();
        }
    }

    fn graded(&mut self, grid: &Grid) {
        self.end = Some(grid.clone());
    }
}

/// SE's chain work limit for `explain` of a puzzle with several solutions (unless
/// `--chain-work-limit` is given): above the most any puzzle of the forum's ER ≥ 11 sample
/// takes (some 7.7 M units), a few seconds. Such a grid is wide open, and SE's nested chains search it up
/// to the limit, which at the default (1,000,000,000) is minutes; `grade` answers `multiple`
/// at once, and SE itself does not rate such a puzzle.
pub const SEVERAL_SOLUTIONS_CHAIN_WORK_LIMIT: u64 = 10_000_000;

/// `ladder`, with its chain work limit lowered to [`SEVERAL_SOLUTIONS_CHAIN_WORK_LIMIT`] when
/// the puzzle of `record` has several solutions, its ladder has SE's chains (the only
/// techniques that count that work) and no `--chain-work-limit` was given.
fn bounded_for_several_solutions(ladder: Ladder, args: &ExplainArgs, record: &Record) -> Ladder {
    let limit = ladder.chain_work_limit();
    let has_se_chains = ladder
        .rungs()
        .iter()
        .any(|rung| rung.technique.info().family == se_chains::FAMILY);
    if args.techniques.chain_work_limit_given()
        || !has_se_chains
        || limit.is_some_and(|limit| limit <= SEVERAL_SOLUTIONS_CHAIN_WORK_LIMIT)
    {
        return ladder;
    }
    let several = parse_puzzle(&record.puzzle, record.column)
        .is_ok_and(|puzzle| oracle::solve(&puzzle.grid).count == SolutionCount::Multiple);
    if !several {
        return ladder;
    }
    note!(
        "sgrade: several solutions: SE's chains are given up after \
         {SEVERAL_SOLUTIONS_CHAIN_WORK_LIMIT} units of work (--chain-work-limit N to choose)"
    );
    ladder.with_chain_work_limit(Some(SEVERAL_SOLUTIONS_CHAIN_WORK_LIMIT))
}

/// Runs `sgrade explain`: the same evaluation as a `grade` row (every step checked against the
/// solution; a puzzle with several solutions graded unchecked), watched by a [`PathPrinter`].
pub fn run(args: ExplainArgs) -> Result<ExitCode, String> {
    let ladder = ladder_for(args.scale, &args.techniques)?;
    if Path::new(&args.puzzle).is_dir() {
        // A directory is no puzzle text either: refused as every command refuses one.
        super::output::check_inputs(&[std::path::PathBuf::from(&args.puzzle)])?;
    }
    let record = read_record(&args)?;
    let from_file = args.puzzle == "-" || Path::new(&args.puzzle).is_file();
    if from_file {
        // Say which puzzle of the file this is (stderr: stdout keeps its format).
        note!(
            "sgrade: {}: line {}: {}",
            args.puzzle,
            record.line,
            record.puzzle
        );
    }
    let ladder = bounded_for_several_solutions(ladder, &args, &record);
    // `--all` lists the start state's steps instead of grading: the oracle alone runs.
    let evaluator = Evaluator {
        ladder: (!args.all).then_some(&ladder),
        verify: true,
        grade_multiple: true,
    };
    let mut printer = PathPrinter {
        format: args.format,
        number: 0,
        start: None,
        keep_start: args.all,
        end: None,
        out: Output::stdout(),
        failed: None,
        se: ladder.rule() == RatingRule::SeErEpEd,
    };
    let se = ladder.rule() == RatingRule::SeErEpEd;
    let evaluation = evaluator.evaluate_with(record, &mut NoTiming, &mut printer);
    if let Some(error) = printer.failed.take() {
        return Err(error.to_string());
    }
    let out = &mut printer.out;
    // Explained all the same, but the exit status says it, as `grade`'s does for such a row.
    let done = if matches!(evaluation.verdict, Verdict::Multiple(_)) {
        ExitCode::from(EXIT_NOT_ALL_UNIQUE)
    } else {
        ExitCode::SUCCESS
    };
    let outcome = match &evaluation.verdict {
        Verdict::Unreadable(error) => return Ok(invalid(error, from_file)),
        Verdict::Invalid(error) => return Ok(invalid(error, from_file)),
        // One puzzle is explained: there is nothing earlier to repeat.
        Verdict::Duplicate { .. } => unreachable!("explain does not deduplicate"),
        Verdict::NoSolution => {
            note!("sgrade: puzzle has no solution");
            return Ok(ExitCode::from(EXIT_NOT_ALL_UNIQUE));
        }
        Verdict::WrongStep { failure, .. } => {
            note!(
                "sgrade: step {} ({}) disagrees with the solution at cell {}, digit {}",
                failure.step_number,
                failure.technique.id(),
                cell_name(failure.wrong.cell),
                failure.wrong.digit + 1
            );
            return Ok(ExitCode::from(EXIT_VERIFY_FAILED));
        }
        Verdict::Unique { .. } | Verdict::Multiple(None) => {
            let start = printer.start.as_ref().expect("the oracle saw the puzzle");
            let found: Vec<_> = ladder
                .rungs()
                .iter()
                .map(|rung| {
                    // Each rung under the chain work limit, as grading runs it.
                    let work = se_chains::PuzzleWork::begin(ladder.chain_work_limit());
                    let steps = rung.technique.find_all(start);
                    if work.finish().1 {
                        note!(
                            "sgrade: {} gave up at the chain work limit (--chain-work-limit): \
                             its steps are not listed",
                            rung.technique.id()
                        );
                    }
                    (rung.technique.id(), steps)
                })
                .collect();
            list_all(out, args.format, &found, args.limit, se)
                .and_then(|()| out.flush())
                .map_err(|e| e.to_string())?;
            return Ok(done);
        }
        Verdict::Solved { outcome, .. }
        | Verdict::Stuck { outcome, .. }
        | Verdict::Multiple(Some(outcome)) => outcome,
    };
    let grid = printer.end.as_ref().expect("grading ended");
    let hardest = outcome.hardest.map(|t| t.id()).unwrap_or("none");
    let rule = ladder.rule();
    let rating = match rule {
        RatingRule::MaxDifficulty => outcome.rating.to_string(),
        // Level 0 has no name (grade's `hodoku_level` is empty): a word, not a blank.
        RatingRule::HodokuLevel => match rule.label(outcome.rating) {
            label if !label.is_empty() => format!("{label} (score {})", outcome.score),
            _ if outcome.solved && outcome.steps == 0 => {
                format!("none (already solved, score {})", outcome.score)
            }
            _ => format!("none (score {})", outcome.score),
        },
        RatingRule::SeErEpEd => {
            let se = outcome.se.unwrap_or_default();
            let [er, ep, ed] = se.printed();
            let name = |n: &str| {
                if n.is_empty() {
                    "-".to_string()
                } else {
                    n.to_string()
                }
            };
            format!(
                "ER/EP/ED {er}/{ep}/{ed} ({} / {} / {})",
                name(se.er_technique),
                name(se.ep_technique),
                name(se.ed_technique)
            )
        }
    };
    let written = match args.format {
        Format::Text => {
            if outcome.solved {
                writeln!(
                    out,
                    "solved in {} steps; rating {rating} (hardest: {hardest})",
                    outcome.steps
                )
            } else if outcome.gave_up {
                writeln!(
                    out,
                    "gave up after {} steps, at the chain work limit ({} units; \
                     --chain-work-limit); rating so far {rating} (hardest: {hardest}); state: {}",
                    outcome.steps,
                    outcome.chain_work,
                    grid.candidates_string()
                )
            } else {
                writeln!(
                    out,
                    "stuck after {} steps; rating so far {rating} (hardest: {hardest}); state: {}",
                    outcome.steps,
                    grid.candidates_string()
                )
            }
        }
        Format::Json => writeln!(
            out,
            "{}",
            with_gave_up(
                outcome,
                with_se_summary(
                    outcome.se.as_ref(),
                    serde_json::json!({
                        "summary": {
                            "solved": outcome.solved,
                            "steps": outcome.steps,
                            "rating": outcome.rating,
                            "rating_label": rule.label(outcome.rating),
                            "score": outcome.score,
                            "hardest": outcome.hardest.map(|t| t.id()),
                            "state": if outcome.solved { grid.values_string() } else { grid.candidates_string() },
                        }
                    })
                )
            )
        ),
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())?;
    Ok(done)
}

/// The summary with `"gave_up": true` when grading gave up at the chain work limit (the key is
/// left out otherwise, as it was before the limit existed).
fn with_gave_up(outcome: &GradeOutcome, mut json: serde_json::Value) -> serde_json::Value {
    if let (true, Some(summary)) = (
        outcome.gave_up,
        json.get_mut("summary").and_then(|s| s.as_object_mut()),
    ) {
        summary.insert("gave_up".into(), serde_json::Value::Bool(true));
    }
    json
}

/// The summary with `--scale se`'s ER/EP/ED (numbers, one decimal as serate prints them) and
/// the names of the steps that set them, as `summary.se`; other scales' summaries unchanged.
fn with_se_summary(se: Option<&SeRating>, mut json: serde_json::Value) -> serde_json::Value {
    let (Some(se), Some(summary)) = (se, json.get_mut("summary").and_then(|s| s.as_object_mut()))
    else {
        return json;
    };
    let [er, ep, ed] = se.printed().map(|v| v.parse::<f64>().ok());
    summary.insert(
        "se".into(),
        serde_json::json!({
            "er": er, "ep": ep, "ed": ed,
            "er_technique": se.er_technique,
            "ep_technique": se.ep_technique,
            "ed_technique": se.ed_technique,
        }),
    );
    json
}

/// The text was not a puzzle: exit 1 with the reason.
fn invalid(error: &dyn std::fmt::Display, from_file: bool) -> ExitCode {
    if from_file {
        note!("sgrade: invalid puzzle: {error}");
    } else {
        // The argument may have been meant as a file name.
        note!("sgrade: invalid puzzle (and no file of that name): {error}");
    }
    ExitCode::from(EXIT_NOT_ALL_UNIQUE)
}
