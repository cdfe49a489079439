//! Progress reporting on stderr: an indicatif bar on a terminal, plain periodic lines otherwise
//! (`--progress` into a log file), nothing with `--no-progress`. [`Progress`] is a sink of the
//! stream: it counts the rows and redraws after each chunk.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::output::note;
use sudoku_grader::batch::{Sink, Stop};
use sudoku_grader::grading::evaluate::Evaluation;

/// How often plain progress lines are printed.
const LINE_INTERVAL: Duration = Duration::from_secs(1);

/// A progress display fed with the bytes read (counted by the input reader) and the rows done.
pub struct Progress {
    display: Display,
    /// Input bytes consumed so far, shared with the reader that counts them.
    consumed: Arc<AtomicU64>,
    /// Rows taken so far.
    rows: u64,
}

/// How progress is shown.
enum Display {
    /// Terminal: a bar (with percent and ETA when the total is known) or a spinner.
    Bar(ProgressBar),
    /// Not a terminal: one line per interval.
    Lines {
        /// Total input bytes, when every input is a file.
        total: Option<u64>,
        /// When the run started.
        started: Instant,
        /// When the last line was printed.
        last: Instant,
    },
}

impl Progress {
    /// A display if one is wanted: `forced` (`--progress`) or stderr is a terminal, and not
    /// `disabled`. `consumed` is where the input reader counts the bytes it read.
    pub fn new(
        forced: bool,
        disabled: bool,
        total: Option<u64>,
        consumed: Arc<AtomicU64>,
    ) -> Option<Progress> {
        if disabled || !(forced || io::stderr().is_terminal()) {
            return None;
        }
        let display = Display::new(total);
        Some(Progress {
            display,
            consumed,
            rows: 0,
        })
    }

    /// Removes the bar, or prints the final plain line.
    pub fn finish(self) {
        self.display.finish(self.rows);
    }
}

/// Counts rows; redraws after each chunk.
impl Sink for Progress {
    fn evaluation(
        &mut self,
        _source: &str,
        _evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        self.rows += 1;
        Ok(ControlFlow::Continue(()))
    }

    fn chunk_done(&mut self) -> io::Result<()> {
        self.display
            .update(self.consumed.load(Ordering::Relaxed), self.rows);
        Ok(())
    }
}

impl Display {
    /// A bar on a terminal, plain lines otherwise.
    fn new(total: Option<u64>) -> Display {
        if !io::stderr().is_terminal() {
            let now = Instant::now();
            return Display::Lines {
                total,
                started: now,
                last: now,
            };
        }
        let bar = match total {
            Some(bytes) => ProgressBar::new(bytes).with_style(
                ProgressStyle::with_template("{bar:40} {percent:>3}% {msg} ETA {eta}")
                    .expect("valid progress template"),
            ),
            None => ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {msg}").expect("valid progress template"),
            ),
        };
        bar.set_draw_target(ProgressDrawTarget::stderr());
        Display::Bar(bar)
    }

    /// Reports `bytes` of input consumed and `rows` finished.
    fn update(&mut self, bytes: u64, rows: u64) {
        match self {
            Display::Bar(bar) => {
                let rate = rows as f64 / bar.elapsed().as_secs_f64().max(1e-9);
                bar.set_position(bytes);
                bar.set_message(format!("{rows} puzzles, {rate:.0}/s"));
            }
            Display::Lines {
                total,
                started,
                last,
            } => {
                if last.elapsed() < LINE_INTERVAL {
                    return;
                }
                *last = Instant::now();
                let elapsed = started.elapsed().as_secs_f64().max(1e-9);
                let mut line = format!("sgrade: {rows} puzzles, {:.0}/s", rows as f64 / elapsed);
                if let Some(total) = total.filter(|&t| t > 0) {
                    let done = bytes as f64 / total as f64;
                    let eta = if done > 0.0 {
                        elapsed * (1.0 - done) / done
                    } else {
                        0.0
                    };
                    line.push_str(&format!(", {:.0}%, ETA {eta:.0} s", done * 100.0));
                }
                note!("{line}");
            }
        }
    }

    /// Removes the bar, or prints the final plain line.
    fn finish(self, rows: u64) {
        match self {
            Display::Bar(bar) => bar.finish_and_clear(),
            Display::Lines { started, .. } => {
                let elapsed = started.elapsed().as_secs_f64().max(1e-9);
                note!(
                    "sgrade: {rows} puzzles, {:.0}/s, done",
                    rows as f64 / elapsed
                );
            }
        }
    }
}
