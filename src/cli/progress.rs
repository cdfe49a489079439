//! Progress on stderr while a batch runs: an indicatif bar on a terminal, plain lines once a
//! second otherwise (`--progress` into a log file), nothing with `--no-progress`.
//!
//! [`Progress`] is a sink of the stream, so it moves when a puzzle's row is written, not when
//! a chunk is read. How far the run is comes from the line of the last row written against
//! the inputs' line count, which a thread of its own counts while grading starts (regular
//! files only: a pipe has no total, and then the bar is a counter). The ETA divides the lines
//! left by a rate smoothed over the last seconds, which a stalled run lets decay instead of
//! freezing. A ticker thread redraws twice a second, so the elapsed time moves while a hard
//! puzzle holds the rows back. Time comes from a [`Clock`] and the bar draws on an indicatif
//! draw target, both replaceable, so the tests drive it with a clock and a terminal of their
//! own.

use std::fs::File;
use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex, OnceLock, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::output::{self, note};
use sudoku_grader::batch::{Sink, Stop};
use sudoku_grader::grading::evaluate::Evaluation;
use sudoku_grader::input::encoding::utf8_input;
use sudoku_grader::input::reader::{count_lines, decompressed};

/// The bar redraws at most this often for finished puzzles (terminals cannot show more).
const DRAW_INTERVAL: Duration = Duration::from_millis(50);
/// The ticker's redraw interval while no puzzle finishes.
const TICK: Duration = Duration::from_millis(500);
/// How often plain progress lines are printed.
const LINE_INTERVAL: Duration = Duration::from_secs(1);
/// The rate is sampled no more often than this: shorter samples are mostly noise, since rows
/// leave the reorder buffer in bursts.
const SAMPLE_INTERVAL: Duration = Duration::from_secs(1);
/// Time constant (seconds) of the rate's exponential smoothing: the ETA follows a change of
/// pace within a few of these, and a single slow puzzle moves it little.
const SMOOTHING_S: f64 = 10.0;

/// Where the progress display takes the time from: the time since the run started.
pub trait Clock: Send {
    /// Time since the run started.
    fn now(&self) -> Duration;
}

/// The real clock.
struct WallClock(Instant);

impl Clock for WallClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// The inputs' total number of lines, once counted; never set when an input is not a regular
/// file or cannot be counted.
pub type LineTotal = Arc<OnceLock<u64>>;

/// Counts the lines of `paths` (decompressed and transcoded as the reader sees them) on a
/// thread of its own; the total appears in the returned cell when every input is counted.
fn count_in_background(paths: &[PathBuf]) -> LineTotal {
    let total = LineTotal::default();
    let regular = paths
        .iter()
        .all(|p| p.as_os_str() != "-" && std::fs::metadata(p).is_ok_and(|m| m.is_file()));
    if !regular {
        return total;
    }
    let (paths, cell) = (paths.to_vec(), Arc::clone(&total));
    // A thread that cannot start leaves the bar without a total: a counter, not a failure.
    let _ = std::thread::Builder::new()
        .name("sgrade line count".into())
        .spawn(move || {
            let mut sum = 0;
            for path in &paths {
                let lines = File::open(path)
                    .and_then(decompressed)
                    .and_then(utf8_input)
                    .and_then(count_lines);
                match lines {
                    Ok(lines) => sum += lines,
                    Err(_) => return,
                }
            }
            let _ = cell.set(sum);
        });
    total
}

/// How far a run is: rows and lines done, and the smoothed rate of lines.
#[derive(Debug, Default)]
struct Meter {
    /// Rows taken.
    rows: u64,
    /// Lines of the inputs finished before the current one.
    lines_before: u64,
    /// The line of the last row of the current input.
    line: u64,
    /// The current input's name.
    source: String,
    /// Lines per second, smoothed; `None` before the first sample.
    rate: Option<f64>,
    /// When the rate was last sampled, and the lines done then.
    sampled: (Duration, u64),
}

impl Meter {
    /// One more row, of `line` in `source`. A line number that does not grow starts another
    /// input (the same file may be given twice).
    fn record(&mut self, source: &str, line: u64) {
        if line <= self.line || source != self.source {
            self.lines_before += self.line;
            self.line = 0;
            if source != self.source {
                self.source = source.to_string();
            }
        }
        self.line = line;
        self.rows += 1;
    }

    /// Lines done over all inputs.
    fn done(&self) -> u64 {
        self.lines_before + self.line
    }

    /// Folds the pace since the last sample into the smoothed rate, at most once a
    /// [`SAMPLE_INTERVAL`].
    fn sample(&mut self, now: Duration) {
        let (at, lines) = self.sampled;
        let span = now.saturating_sub(at);
        if span < SAMPLE_INTERVAL {
            return;
        }
        let dt = span.as_secs_f64();
        let pace = (self.done() - lines) as f64 / dt;
        let weight = 1.0 - (-dt / SMOOTHING_S).exp();
        self.rate = Some(match self.rate {
            None => pace,
            Some(rate) => rate + weight * (pace - rate),
        });
        self.sampled = (now, self.done());
    }

    /// Time left for the lines left of `total` at the smoothed rate; `None` before the first
    /// sample or while nothing moves.
    fn eta(&self, total: u64) -> Option<Duration> {
        let rate = self.rate.filter(|&rate| rate > 0.0)?;
        let left = total.saturating_sub(self.done()) as f64;
        Some(Duration::from_secs_f64((left / rate).min(1e9)))
    }

    /// The line shown while the run goes: `42% 4210 puzzles · 52.1/s · 1m 20s · ETA 1m 50s`
    /// (no percent nor ETA without a total).
    fn text(&self, now: Duration, total: Option<u64>) -> String {
        let mut text = String::new();
        if let Some(total) = total {
            let percent = (self.done() as f64 * 100.0 / total.max(1) as f64).min(100.0);
            text.push_str(&format!("{:>3}% ", percent.floor() as u32));
        }
        text.push_str(&puzzles(self.rows));
        if self.rows > 0 {
            text.push_str(&format!(" · {}/s", rate_text(self.rows, now)));
        }
        text.push_str(&format!(" · {}", duration_text(now)));
        if let Some(total) = total {
            match self.eta(total) {
                Some(eta) => text.push_str(&format!(" · ETA {}", duration_text(eta))),
                None => text.push_str(" · ETA …"),
            }
        }
        text
    }

    /// The final line: `10000 puzzles in 3m 12s (52.1 puzzles/s)`.
    fn final_text(&self, now: Duration) -> String {
        format!(
            "{} in {} ({} puzzles/s)",
            puzzles(self.rows),
            duration_text(now),
            rate_text(self.rows, now)
        )
    }
}

/// `1 puzzle`, `7 puzzles`.
fn puzzles(count: u64) -> String {
    if count == 1 {
        "1 puzzle".into()
    } else {
        format!("{count} puzzles")
    }
}

/// Rows per second with three significant digits or so: `52.1`, `1156`, `0.42`.
fn rate_text(rows: u64, elapsed: Duration) -> String {
    let rate = rows as f64 / elapsed.as_secs_f64().max(1e-3);
    if rate >= 100.0 {
        format!("{rate:.0}")
    } else if rate >= 10.0 {
        format!("{rate:.1}")
    } else {
        format!("{rate:.2}")
    }
}

/// `17ms`, `4.2s`, `12s`, `3m 05s`, `2h 07m`.
pub fn duration_text(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds < 1.0 {
        format!("{:.0}ms", seconds * 1000.0)
    } else if seconds < 10.0 {
        format!("{seconds:.1}s")
    } else if seconds < 60.0 {
        format!("{seconds:.0}s")
    } else if seconds < 3600.0 {
        let s = seconds as u64;
        format!("{}m {:02}s", s / 60, s % 60)
    } else {
        let m = seconds as u64 / 60;
        format!("{}h {:02}m", m / 60, m % 60)
    }
}

/// How progress is shown.
enum Display {
    /// Terminal: a bar once the total is known (`with_total`), a counter before.
    Bar {
        /// The indicatif bar.
        bar: ProgressBar,
        /// Whether the bar has its total (and its bar style).
        with_total: bool,
    },
    /// Not a terminal: one line per interval.
    Lines {
        /// When the last line was printed.
        last: Option<Duration>,
    },
}

/// What the sink and the ticker share.
struct State {
    meter: Meter,
    display: Display,
    clock: Box<dyn Clock>,
    total: LineTotal,
    /// When the display was last drawn.
    drawn: Option<Duration>,
}

impl State {
    /// Redraws with the time `now`.
    fn draw(&mut self, now: Duration) {
        self.drawn = Some(now);
        self.meter.sample(now);
        let total = self.total.get().copied();
        let text = self.meter.text(now, total);
        match &mut self.display {
            Display::Bar { bar, with_total } => {
                if let (Some(total), false) = (total, *with_total) {
                    bar.set_style(bar_style());
                    bar.set_length(total);
                    *with_total = true;
                }
                // Each call draws (rate-limited): the position last, so that what stays on the
                // screen shows both.
                bar.set_message(text);
                if *with_total {
                    bar.set_position(self.meter.done().min(bar.length().unwrap_or(u64::MAX)));
                }
            }
            Display::Lines { last } => {
                if last.is_some_and(|last| now.saturating_sub(last) < LINE_INTERVAL) {
                    return;
                }
                *last = Some(now);
                note!("sgrade: {text}");
            }
        }
    }
}

/// The bar's look once the total is known: the bar, then the meter's text.
fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{wide_bar} {msg}").expect("valid progress template")
}

/// The look before: a spinner and the meter's text.
fn counter_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {msg}").expect("valid progress template")
}

/// A progress display, fed with every row written.
pub struct Progress {
    state: Arc<Mutex<State>>,
    /// Stops the ticker (by being dropped) and joins it.
    ticker: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
    /// The final line was drawn.
    finished: bool,
}

/// A run that ends in an error clears the bar, so that the error is not written into it.
impl Drop for Progress {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        output::set_bar(None);
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Display::Bar { bar, .. } = &state.display {
            bar.finish_and_clear();
        }
    }
}

impl Progress {
    /// A display if one is wanted: `forced` (`--progress`) or stderr is a terminal, and not
    /// `disabled`; its total is the line count of `paths` (when they are all files).
    pub fn new(forced: bool, disabled: bool, paths: &[PathBuf]) -> Option<Progress> {
        if disabled || !(forced || io::stderr().is_terminal()) {
            return None;
        }
        let display = if io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                .with_style(counter_style());
            // Notes printed while the bar is up (find's rows that could not be graded) go
            // above it instead of through it.
            output::set_bar(Some(bar.clone()));
            Display::Bar {
                bar,
                with_total: false,
            }
        } else {
            Display::Lines { last: None }
        };
        let clock = Box::new(WallClock(Instant::now()));
        let mut progress = Progress::with(display, clock, count_in_background(paths));
        progress.start_ticker();
        Some(progress)
    }

    /// A display on `display`, timed by `clock`, whose total appears in `total`; drawn at once.
    fn with(display: Display, clock: Box<dyn Clock>, total: LineTotal) -> Progress {
        let mut state = State {
            meter: Meter::default(),
            display,
            clock,
            total,
            drawn: None,
        };
        let now = state.clock.now();
        state.draw(now);
        Progress {
            state: Arc::new(Mutex::new(state)),
            ticker: None,
            finished: false,
        }
    }

    /// Redraws every [`TICK`] until [`Progress::finish`], so that the elapsed time and the ETA
    /// move while no row is written.
    fn start_ticker(&mut self) {
        let (stop, stopped) = mpsc::channel::<()>();
        let state = Arc::clone(&self.state);
        let ticker = std::thread::Builder::new()
            .name("sgrade progress".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                    let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
                    let now = state.clock.now();
                    state.draw(now);
                }
            });
        // Without a ticker the display still moves with every row.
        self.ticker = ticker.ok().map(|handle| (stop, handle));
    }

    /// Stops the ticker and leaves the final line: the count, the time and the rate; or, when
    /// `summary_follows` (whose first line says the same), clears the bar.
    pub fn finish(mut self, summary_follows: bool) {
        if let Some((stop, handle)) = self.ticker.take() {
            drop(stop);
            let _ = handle.join();
        }
        self.finished = true;
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let now = state.clock.now();
        let text = state.meter.final_text(now);
        match &state.display {
            Display::Bar { bar, .. } if summary_follows => {
                output::set_bar(None);
                bar.finish_and_clear();
            }
            Display::Bar { bar, .. } => {
                output::set_bar(None);
                bar.set_style(
                    ProgressStyle::with_template("{msg}").expect("valid progress template"),
                );
                bar.finish_with_message(format!("sgrade: {text}"));
            }
            Display::Lines { .. } => note!("sgrade: {text}"),
        }
    }
}

/// Every row moves the display (redrawn at most every [`DRAW_INTERVAL`]).
impl Sink for Progress {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.meter.record(source, evaluation.line);
        let now = state.clock.now();
        if state
            .drawn
            .is_none_or(|drawn| now.saturating_sub(drawn) >= DRAW_INTERVAL)
        {
            state.draw(now);
        }
        Ok(ControlFlow::Continue(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    use indicatif::TermLike;
    use sudoku_grader::grading::evaluate::Verdict;

    /// A clock the test moves by hand (milliseconds).
    #[derive(Clone, Default)]
    struct HandClock(Arc<AtomicU64>);

    impl HandClock {
        fn advance(&self, ms: u64) {
            self.0.fetch_add(ms, Ordering::SeqCst);
        }
    }

    impl Clock for HandClock {
        fn now(&self) -> Duration {
            Duration::from_millis(self.0.load(Ordering::SeqCst))
        }
    }

    /// A terminal that keeps every line drawn on it.
    #[derive(Clone, Debug, Default)]
    struct Screen(Arc<Mutex<Vec<String>>>);

    impl Screen {
        fn lines(&self) -> Vec<String> {
            self.0.lock().unwrap().clone()
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, line: &str) -> io::Result<()> {
            self.0.lock().unwrap().push(line.to_string());
            Ok(())
        }
        fn write_str(&self, text: &str) -> io::Result<()> {
            if !text.is_empty() {
                self.0.lock().unwrap().push(text.to_string());
            }
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    fn row(line: u64) -> Evaluation {
        Evaluation {
            line,
            puzzle: String::new(),
            verdict: Verdict::NoSolution,
            time_us: 0.0,
            extra: String::new(),
        }
    }

    fn bar_on(screen: &Screen) -> Display {
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        Display::Bar {
            bar: ProgressBar::with_draw_target(None, target).with_style(counter_style()),
            with_total: false,
        }
    }

    #[test]
    fn the_bar_draws_at_once_and_moves_with_every_finished_puzzle() {
        let (screen, clock) = (Screen::default(), HandClock::default());
        let total = LineTotal::default();
        total.set(4).unwrap();
        let mut progress = Progress::with(bar_on(&screen), Box::new(clock.clone()), total);
        // The first draw comes before any puzzle is done.
        let first = screen.lines();
        assert!(
            first
                .iter()
                .any(|l| l.contains("  0% 0 puzzles · 0ms · ETA")),
            "{first:?}"
        );
        for (done, line) in [(1u64, 1u64), (2, 2), (3, 4)] {
            clock.advance(1000);
            let before = screen.lines().len();
            assert!(progress
                .evaluation("a.txt", &row(line))
                .unwrap()
                .is_continue());
            let drawn = screen.lines()[before..].join("\n");
            let percent = line * 100 / 4;
            assert!(
                drawn.contains(&format!("{percent:>3}% {}", puzzles(done))),
                "after row {done}: {drawn:?}"
            );
            // The bar part grows with the lines done (100 columns, the text after it).
            assert!(drawn.contains('█'), "{drawn:?}");
        }
        let last = screen.lines().join("\n");
        assert!(last.contains("3.0s"), "elapsed time shown: {last}");
        progress.finish(false);
        let lines = screen.lines();
        let end = lines.iter().rev().find(|l| !l.trim().is_empty()).unwrap();
        assert_eq!(end.trim_end(), "sgrade: 3 puzzles in 3.0s (1.00 puzzles/s)");
    }

    #[test]
    fn rows_closer_than_the_draw_interval_are_drawn_together() {
        let (screen, clock) = (Screen::default(), HandClock::default());
        let mut progress = Progress::with(
            bar_on(&screen),
            Box::new(clock.clone()),
            LineTotal::default(),
        );
        clock.advance(100);
        assert!(progress.evaluation("-", &row(1)).unwrap().is_continue());
        let drawn = screen.lines().len();
        clock.advance(10);
        assert!(progress.evaluation("-", &row(2)).unwrap().is_continue());
        assert_eq!(screen.lines().len(), drawn, "drawn again within 10 ms");
        clock.advance(100);
        assert!(progress.evaluation("-", &row(3)).unwrap().is_continue());
        let text = screen.lines().join("\n");
        // Without a total: a counter, no percent, no ETA.
        assert!(text.contains("3 puzzles"), "{text}");
        assert!(!text.contains('%') && !text.contains("ETA"), "{text}");
    }

    #[test]
    fn the_eta_comes_from_finished_lines_and_is_smoothed() {
        let mut meter = Meter::default();
        // 10 lines a second for 20 seconds.
        for second in 1..=20u64 {
            for line in (second - 1) * 10 + 1..=second * 10 {
                meter.record("a", line);
            }
            meter.sample(Duration::from_secs(second));
        }
        let eta = meter.eta(1000).unwrap().as_secs_f64();
        assert!((eta - 80.0).abs() < 1.0, "800 lines left at 10/s: {eta}");
        // A stall of 5 s (a hard puzzle holds the rows back) raises the ETA, but not tenfold.
        meter.sample(Duration::from_secs(25));
        let stalled = meter.eta(1000).unwrap().as_secs_f64();
        assert!(
            stalled > eta * 1.2 && stalled < eta * 3.0,
            "{eta} -> {stalled}"
        );
        // A second input starts over at line 1 and adds to the lines done.
        meter.record("b", 1);
        assert_eq!(meter.done(), 201);
        meter.record("b", 1);
        assert_eq!(meter.done(), 202, "the same file given twice");
    }

    #[test]
    fn durations_read_as_a_person_would_say_them() {
        let text = |s: f64| duration_text(Duration::from_secs_f64(s));
        assert_eq!(text(0.017), "17ms");
        assert_eq!(text(4.24), "4.2s");
        assert_eq!(text(12.4), "12s");
        assert_eq!(text(185.0), "3m 05s");
        assert_eq!(text(7620.0), "2h 07m");
    }
}
