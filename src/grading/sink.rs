//! Where a stream of evaluations goes. [`grade_stream`](crate::batch::grade_stream) pushes each
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
    /// The run was interrupted (a signal): the rows finished before it were passed on.
    Interrupted,
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
            Stop::Interrupted => write!(f, "interrupted"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::evaluate::evaluate;
    use crate::input::reader::Record;
    use crate::scales::ladder::Ladder;
    use crate::techniques::step::WrongDeduction;
    use crate::techniques::TechniqueId;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn evaluation(line: u64, puzzle: &str) -> Evaluation {
        let record = Record {
            line,
            puzzle: puzzle.to_string(),
            column: 1,
            extra: String::new(),
            error: None,
        };
        evaluate(record, Some(&Ladder::gnpx_v4()), false)
    }

    fn wrong_step(line: u64) -> Evaluation {
        let failure = VerifyFailure {
            step_number: 3,
            technique: TechniqueId::HiddenSingle,
            wrong: WrongDeduction {
                cell: 0,
                digit: 0,
                placement: true,
            },
            solution_digit: 4,
        };
        let mut evaluation = evaluation(line, EASY);
        evaluation.verdict = Verdict::WrongStep {
            failure,
            solution: [0; 81],
        };
        evaluation
    }

    /// Records the lines it takes.
    #[derive(Default)]
    struct Lines(Vec<u64>, u32);

    impl Sink for Lines {
        fn evaluation(&mut self, _: &str, e: &Evaluation) -> io::Result<ControlFlow<Stop>> {
            self.0.push(e.line);
            Ok(ControlFlow::Continue(()))
        }
        fn chunk_done(&mut self) -> io::Result<()> {
            self.1 += 1;
            Ok(())
        }
    }

    #[test]
    fn a_tee_feeds_its_members_in_order_until_one_stops() {
        let (mut before, mut after) = (Lines::default(), Lines::default());
        let mut tee = (&mut before, StopAtWrongStep, None::<Lines>, &mut after);
        let flow = tee.evaluation("in.txt", &evaluation(1, EASY)).unwrap();
        assert!(flow.is_continue());
        let ControlFlow::Break(stop) = tee.evaluation("in.txt", &wrong_step(2)).unwrap() else {
            panic!("the wrong step stops the stream");
        };
        tee.chunk_done().unwrap();
        assert_eq!((before.0, before.1), (vec![1, 2], 1));
        assert_eq!((after.0, after.1), (vec![1], 1));
        assert_eq!(
            stop.to_string(),
            format!(
                "verification failed: in.txt: line 2: step 3 (hidden-single) placed r1c1#1, but \
                 the solution has r1c1=5 [puzzle {EASY}]"
            )
        );
    }

    #[test]
    fn found_passes_matching_rows_and_notes_ungraded_ones() {
        let ladder = Ladder::gnpx_v4();
        let singles = Needs::new("singles", false, &ladder).unwrap();
        let pairs = Needs::new("naked-pair", false, &ladder).unwrap();
        let rows = [evaluation(1, EASY), evaluation(2, &EASY[..80])];
        let mut notes = Vec::new();
        let mut found = Found::new(&singles, Lines::default(), &mut notes);
        for row in &rows {
            assert!(found.evaluation("in.txt", row).unwrap().is_continue());
        }
        found.chunk_done().unwrap();
        assert_eq!(found.count(), 1);
        assert_eq!((&found.inner.0, found.inner.1), (&vec![1], 1));
        assert_eq!(
            String::from_utf8(notes).unwrap(),
            "sgrade: in.txt: line 2: expected 81 or 729 cells, found 80\n"
        );
        let mut none = Found::new(&pairs, Lines::default(), io::sink());
        assert!(none.evaluation("in.txt", &rows[0]).unwrap().is_continue());
        assert_eq!((none.count(), none.inner.0.len()), (0, 0));
    }
}
