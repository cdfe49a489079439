//! Grading: the solving loop ([`grader`]), the evaluation of one record ([`evaluate`]), the
//! `find` filter ([`find`]) and the [`sink::Sink`] every consumer of evaluations implements.

pub mod evaluate;
pub mod find;
pub mod fuzz;
pub mod grader;
pub mod sink;
