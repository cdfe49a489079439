//! Progress reporting on stderr: an indicatif bar on a terminal, plain periodic lines otherwise
//! (`--progress` into a log file), nothing with `--no-progress`.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often plain progress lines are printed.
const LINE_INTERVAL: Duration = Duration::from_secs(1);

/// A progress display fed with bytes read and rows done.
pub enum Progress {
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
    /// A display if one is wanted: `forced` (`--progress`) or stderr is a terminal, and not `disabled`.
    pub fn new(forced: bool, disabled: bool, total: Option<u64>) -> Option<Progress> {
        if disabled || !(forced || io::stderr().is_terminal()) {
            return None;
        }
        if !io::stderr().is_terminal() {
            let now = Instant::now();
            return Some(Progress::Lines {
                total,
                started: now,
                last: now,
            });
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
        Some(Progress::Bar(bar))
    }

    /// Reports `bytes` of input consumed and `rows` finished.
    pub fn update(&mut self, bytes: u64, rows: u64) {
        match self {
            Progress::Bar(bar) => {
                let rate = rows as f64 / bar.elapsed().as_secs_f64().max(1e-9);
                bar.set_position(bytes);
                bar.set_message(format!("{rows} puzzles, {rate:.0}/s"));
            }
            Progress::Lines {
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
                eprintln!("{line}");
            }
        }
    }

    /// Removes the bar, or prints the final plain line.
    pub fn finish(self, rows: u64) {
        match self {
            Progress::Bar(bar) => bar.finish_and_clear(),
            Progress::Lines { started, .. } => {
                let elapsed = started.elapsed().as_secs_f64().max(1e-9);
                eprintln!(
                    "sgrade: {rows} puzzles, {:.0}/s, done",
                    rows as f64 / elapsed
                );
            }
        }
    }
}
