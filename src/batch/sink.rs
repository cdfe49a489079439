//! Where the stream's evaluations go. [`grade_stream`](super::grade_stream) pushes each
//! evaluation, in input order, into a [`Sink`], the way ripgrep's searcher pushes each match into
//! the `Sink` its printers implement. The row writer, the summary, the `find` filter
//! ([`Found`]), progress and the verification stop ([`StopAtWrongStep`]) are sinks, and they
//! compose: a tuple of sinks is a tee (each evaluation goes to every member, in order), an
//! `Option` of a sink is a sink that may be off, a `&mut` sink lends one without giving it away,
//! and a filter wraps the sink it passes rows on to.

use std::fmt;
use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::grading::evaluate::{Evaluation, Verdict};
use crate::grading::find::Needs;
use crate::grading::grader::VerifyFailure;

/// Takes the evaluations of a stream, one at a time, in input order.
pub trait Sink {
    /// Takes one evaluation of the input named `source`. `Break` stops the stream after it,
    /// with the reason.
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>>;

    /// Every evaluation of a chunk has been taken: what was written may be flushed. Not called
    /// for a chunk that a `Break` cut short.
    fn chunk_done(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Why a sink stopped the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Under `--verify`, a step disagreed with the puzzle's solution.
    WrongStep {
        /// The input's name.
        source: String,
        /// 1-based line number.
        line: u64,
        /// The puzzle (canonical text).
        puzzle: String,
        /// The wrong step.
        failure: VerifyFailure,
    },
}

impl fmt::Display for Stop {
    /// `verification failed: in.txt: line 7: step 12 (x-wing) eliminated …  [puzzle …]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::WrongStep {
                source,
                line,
                puzzle,
                failure,
            } => write!(
                f,
                "verification failed: {source}: line {line}: {failure} [puzzle {puzzle}]"
            ),
        }
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        (**self).evaluation(source, evaluation)
    }

    fn chunk_done(&mut self) -> io::Result<()> {
        (**self).chunk_done()
    }
}

/// A sink that may be off (`None` takes everything and does nothing).
impl<S: Sink> Sink for Option<S> {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        match self {
            Some(sink) => sink.evaluation(source, evaluation),
            None => Ok(ControlFlow::Continue(())),
        }
    }

    fn chunk_done(&mut self) -> io::Result<()> {
        match self {
            Some(sink) => sink.chunk_done(),
            None => Ok(()),
        }
    }
}

/// Tuples of sinks are tees: each evaluation goes to the members in order, until one breaks
/// (the members after it do not see that evaluation); chunk ends go to all, in order.
macro_rules! tee {
    ($($member:ident),+) => {
        impl<$($member: Sink),+> Sink for ($($member,)+) {
            fn evaluation(
                &mut self,
                source: &str,
                evaluation: &Evaluation,
            ) -> io::Result<ControlFlow<Stop>> {
                #[allow(non_snake_case)]
                let ($($member,)+) = self;
                $(
                    if let ControlFlow::Break(stop) = $member.evaluation(source, evaluation)? {
                        return Ok(ControlFlow::Break(stop));
                    }
                )+
                Ok(ControlFlow::Continue(()))
            }

            fn chunk_done(&mut self) -> io::Result<()> {
                #[allow(non_snake_case)]
                let ($($member,)+) = self;
                $($member.chunk_done()?;)+
                Ok(())
            }
        }
    };
}

tee!(A, B);
tee!(A, B, C);
tee!(A, B, C, D);
tee!(A, B, C, D, E);

/// A closure as a sink (chunk ends ignored), for tests and one-off consumers.
pub struct FnSink<F>(pub F);

impl<F> Sink for FnSink<F>
where
    F: FnMut(&str, &Evaluation) -> io::Result<ControlFlow<Stop>>,
{
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        (self.0)(source, evaluation)
    }
}

/// Stops the stream at the first step that failed verification (`--verify`), after the sinks
/// before it in a tee have taken that row.
#[derive(Clone, Copy, Debug, Default)]
pub struct StopAtWrongStep;

impl Sink for StopAtWrongStep {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        Ok(match &evaluation.verdict {
            Verdict::WrongStep { failure, .. } => ControlFlow::Break(Stop::WrongStep {
                source: source.to_string(),
                line: evaluation.line,
                puzzle: evaluation.puzzle.clone(),
                failure: failure.clone(),
            }),
            _ => ControlFlow::Continue(()),
        })
    }
}

/// The `find` filter: passes the graded puzzles that match its [`Needs`] on to `inner`, counts
/// them, and notes each row that could not be graded on `notes` (stderr) rather than dropping
/// it silently.
pub struct Found<'a, S, W> {
    needs: &'a Needs,
    inner: S,
    notes: W,
    found: u64,
}

impl<'a, S: Sink, W: Write> Found<'a, S, W> {
    /// A filter by `needs` in front of `inner`, with notes to `notes`.
    pub fn new(needs: &'a Needs, inner: S, notes: W) -> Self {
        Found {
            needs,
            inner,
            notes,
            found: 0,
        }
    }

    /// Graded puzzles passed on so far.
    pub fn count(&self) -> u64 {
        self.found
    }
}

impl<S: Sink, W: Write> Sink for Found<'_, S, W> {
    fn evaluation(
        &mut self,
        source: &str,
        evaluation: &Evaluation,
    ) -> io::Result<ControlFlow<Stop>> {
        match evaluation.outcome() {
            Some(outcome) if self.needs.matches(outcome) => {
                self.found += 1;
                self.inner.evaluation(source, evaluation)
            }
            Some(_) => Ok(ControlFlow::Continue(())),
            None => {
                writeln!(self.notes, "sgrade: {source}: {}", evaluation.message())?;
                Ok(ControlFlow::Continue(()))
            }
        }
    }

    fn chunk_done(&mut self) -> io::Result<()> {
        self.inner.chunk_done()
    }
}
