//! `sgrade canon`: the minlex canonical form and automorphism count of every puzzle, and
//! duplicates under symmetry with `--dedup`; `sgrade shuffle`: random isomorphs.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rayon::prelude::*;

use sudoku_grader::input::puzzle::{givens_of_text, parse_puzzle, PuzzleFormat};
use sudoku_grader::input::reader::{decompressed, Record, RecordReader};
use sudoku_grader::symmetry::canon::form_text;
use sudoku_grader::symmetry::dedup::{FirstSeen, SeenForms};
use sudoku_grader::symmetry::marks::marks_text;
use sudoku_grader::symmetry::transform::Transform;
use sudoku_grader::symmetry::{givens_of, marks_of, Forms};

use super::output::{check_inputs, note, refuse_overwrite, Output};
use super::EXIT_NOT_ALL_UNIQUE;

/// Records canonicalized in parallel before their rows are written.
const CHUNK: usize = 4096;

/// `sgrade canon` options.
#[derive(Args, Debug)]
pub struct CanonArgs {
    /// Puzzle files (81- or 729-character lines, or CSV with a `puzzle` column); `-` or none:
    /// stdin.
    inputs: Vec<PathBuf>,
    /// Write the CSV here instead of stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Also print each puzzle as given (column `puzzle`).
    #[arg(long)]
    keep_original: bool,
    /// Mark every later occurrence of a canonical form `duplicate`, naming its first occurrence
    /// in `first_seen` (memory: one 128-bit key per distinct form).
    #[arg(long)]
    dedup: bool,
    /// With --dedup, leave duplicate rows out instead of marking them.
    #[arg(long, requires = "dedup")]
    drop_duplicates: bool,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_parser = super::thread_count)]
    threads: Option<usize>,
    /// Do not print the summary on stderr.
    #[arg(short, long)]
    quiet: bool,
}

/// `sgrade shuffle` options.
#[derive(Args, Debug)]
pub struct ShuffleArgs {
    /// Puzzle files (81- or 729-character lines, or CSV with a `puzzle` column); `-` or none:
    /// stdin.
    inputs: Vec<PathBuf>,
    /// Write here instead of stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Random isomorphs written per puzzle.
    #[arg(long, default_value_t = 1)]
    copies: u32,
    /// Seed of the pseudo-random transforms (the same seed gives the same isomorphs).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `sgrade shuffle`: `copies` random isomorphs (symmetry and relabelling) of every valid
/// puzzle, one 81-character line each; invalid lines are reported on stderr and skipped.
pub fn run_shuffle(args: ShuffleArgs) -> Result<ExitCode, String> {
    let inputs = checked_inputs(&args.inputs, args.output.as_ref())?;
    let mut out = open_output(args.output.as_ref())?;
    let mut invalid = 0u64;
    for (index, path) in inputs.iter().enumerate() {
        let source = path.display().to_string();
        let mut records = RecordReader::new(open_input(path)?);
        while let Some(record) = records
            .next_record()
            .map_err(|e| format!("{source}: {e}"))?
        {
            let parsed = match grid_of(&record) {
                Ok(parsed) => parsed,
                Err(message) => {
                    invalid += 1;
                    note!("sgrade: {source}:{}: {message}", record.line);
                    continue;
                }
            };
            for copy in 0..args.copies {
                // One seed per (input, line, copy), so isomorphs do not depend on chunking.
                let seed = args.seed ^ (index as u64) << 48 ^ record.line << 16 ^ copy as u64;
                let transform = Transform::random(seed.wrapping_mul(0x2545_f491_4f6c_dd1d));
                let isomorph = match &parsed {
                    Parsed::Givens(values) => form_text(&transform.apply(values)),
                    Parsed::Marks(marks) => marks_text(&transform.apply_marks(marks)),
                };
                writeln!(out, "{isomorph}").map_err(|e| format!("writing the output: {e}"))?;
            }
        }
    }
    out.flush()
        .map_err(|e| format!("writing the output: {e}"))?;
    Ok(if invalid > 0 {
        ExitCode::from(EXIT_NOT_ALL_UNIQUE)
    } else {
        ExitCode::SUCCESS
    })
}

/// The inputs (`-` when none), each checked before any output is written.
fn checked_inputs(inputs: &[PathBuf], output: Option<&PathBuf>) -> Result<Vec<PathBuf>, String> {
    let inputs = if inputs.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        inputs.to_vec()
    };
    check_inputs(&inputs)?;
    refuse_overwrite(&inputs, [("-o", output.map(PathBuf::as_path))])?;
    Ok(inputs)
}

fn open_input(path: &PathBuf) -> Result<Box<dyn BufRead>, String> {
    let raw: Box<dyn Read + Send> = if path.as_os_str() == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(path).map_err(|e| format!("{}: {e}", path.display()))?)
    };
    let input = decompressed(raw).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Box::new(BufReader::new(input)))
}

fn open_output(path: Option<&PathBuf>) -> Result<BufWriter<Output>, String> {
    Ok(BufWriter::new(Output::create(path.map(PathBuf::as_path))?))
}

/// A record's grid: its givens (0 = empty), or its pencil marks (per cell the candidate mask,
/// bit `d` = digit `d + 1`).
enum Parsed {
    Givens([u8; 81]),
    Marks([u16; 81]),
}

/// The grid of a record, or why it has none.
fn grid_of(record: &Record) -> Result<Parsed, String> {
    if let Some(error) = &record.error {
        return Err(error.clone());
    }
    let puzzle = parse_puzzle(&record.puzzle, record.column).map_err(|e| e.to_string())?;
    Ok(match puzzle.format {
        PuzzleFormat::Givens => Parsed::Givens(givens_of(&puzzle.grid)),
        PuzzleFormat::PencilMarks => Parsed::Marks(marks_of(&puzzle.grid)),
    })
}

/// One row's result before deduplication.
enum Form {
    Canonical { text: String, automorphisms: u64 },
    Invalid(String),
}

fn canonical_of(record: &Record, forms: &mut Forms) -> Form {
    if let Some(error) = &record.error {
        return Form::Invalid(error.clone());
    }
    // Most lines are plain givens: their digits suffice, without the grid's candidates.
    if let Some(givens) = givens_of_text(&record.puzzle) {
        let (text, automorphisms) = forms.of_givens(&givens);
        return Form::Canonical {
            text,
            automorphisms,
        };
    }
    match parse_puzzle(&record.puzzle, record.column) {
        Err(error) => Form::Invalid(error.to_string()),
        Ok(puzzle) => {
            let marks = puzzle.format == PuzzleFormat::PencilMarks;
            let (text, automorphisms) = forms.of(&puzzle.grid, marks);
            Form::Canonical {
                text,
                automorphisms,
            }
        }
    }
}

/// Counts for the summary.
#[derive(Default)]
struct Counts {
    rows: u64,
    duplicates: u64,
    invalid: u64,
}

/// Runs `sgrade canon`.
pub fn run(args: CanonArgs) -> Result<ExitCode, String> {
    let inputs = checked_inputs(&args.inputs, args.output.as_ref())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    let mut writer = csv::Writer::from_writer(open_output(args.output.as_ref())?);
    let mut header = vec!["source", "line"];
    if args.keep_original {
        header.push("puzzle");
    }
    header.extend([
        "status",
        "canonical",
        "automorphisms",
        "first_seen",
        "message",
    ]);
    let write_error = |e: csv::Error| format!("writing the output: {e}");
    writer.write_record(&header).map_err(write_error)?;
    let mut seen = SeenForms::new();
    let mut counts = Counts::default();
    // A line number or an automorphism count as text, reused.
    let mut number = String::new();
    // An invalid row's message, reused.
    let mut why = String::new();
    for (index, path) in inputs.iter().enumerate() {
        let source = path.display().to_string();
        let mut records = RecordReader::new(open_input(path)?);
        let mut chunk = Vec::with_capacity(CHUNK);
        // A read error ends the input like its end: the records read before it get their rows
        // (the chunk under way too), and only then is the error returned, as `grade` does.
        let mut failed = None;
        while failed.is_none() {
            chunk.clear();
            while chunk.len() < CHUNK {
                match records.next_record() {
                    Ok(Some(record)) => chunk.push(record),
                    Ok(None) => break,
                    Err(e) => {
                        failed = Some(format!("{source}: {e}"));
                        break;
                    }
                }
            }
            if chunk.is_empty() {
                break;
            }
            let forms: Vec<Form> = pool.install(|| {
                chunk
                    .par_iter()
                    .map_init(Forms::default, |forms, record| canonical_of(record, forms))
                    .collect()
            });
            for (record, form) in chunk.iter().zip(forms) {
                counts.rows += 1;
                // The fields are written one by one from borrowed text: no row of owned
                // strings per puzzle.
                let (status, text, automorphisms, first_seen, message) = match &form {
                    Form::Invalid(message) => {
                        counts.invalid += 1;
                        // Worded as `grade` words the same line: `line 3: …`.
                        why.clear();
                        write!(why, "line {}: {message}", record.line)
                            .expect("writing to a String");
                        ("invalid", "", None, None, why.as_str())
                    }
                    Form::Canonical {
                        text,
                        automorphisms,
                    } => {
                        let at = FirstSeen {
                            input: index as u32,
                            line: record.line,
                        };
                        let first = if args.dedup {
                            seen.check(text.as_bytes(), at)
                        } else {
                            None
                        };
                        if first.is_some() {
                            counts.duplicates += 1;
                            if args.drop_duplicates {
                                continue;
                            }
                        }
                        let status = if first.is_some() {
                            "duplicate"
                        } else {
                            "canonical"
                        };
                        (status, text.as_str(), Some(*automorphisms), first, "")
                    }
                };
                writer.write_field(&source).map_err(write_error)?;
                number.clear();
                write!(number, "{}", record.line).expect("writing to a String");
                writer.write_field(&number).map_err(write_error)?;
                if args.keep_original {
                    writer.write_field(&record.puzzle).map_err(write_error)?;
                }
                writer.write_field(status).map_err(write_error)?;
                writer.write_field(text).map_err(write_error)?;
                number.clear();
                if let Some(count) = automorphisms {
                    write!(number, "{count}").expect("writing to a String");
                }
                writer.write_field(&number).map_err(write_error)?;
                match first_seen {
                    Some(f) => {
                        let name = inputs[f.input as usize].display();
                        writer.write_field(format!("{name}:{}", f.line))
                    }
                    None => writer.write_field(""),
                }
                .map_err(write_error)?;
                writer.write_field(message).map_err(write_error)?;
                writer.write_record(None::<&[u8]>).map_err(write_error)?;
            }
            writer
                .flush()
                .map_err(|e| format!("writing the output: {e}"))?;
        }
        if let Some(error) = failed {
            return Err(error);
        }
    }
    if !args.quiet {
        let mut line = format!("canon: {} puzzles", counts.rows);
        if args.dedup {
            line += &format!(
                ", {} distinct forms, {} duplicates",
                seen.len(),
                counts.duplicates
            );
        }
        if counts.invalid > 0 {
            line += &format!(", {} invalid", counts.invalid);
        }
        note!("{line}");
    }
    Ok(if counts.invalid > 0 {
        ExitCode::from(EXIT_NOT_ALL_UNIQUE)
    } else {
        ExitCode::SUCCESS
    })
}
