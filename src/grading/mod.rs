//! Grading: the solving loop ([`grader`]), the evaluation of one record ([`evaluate`]) and the
//! `find` filter ([`find`]).

pub mod evaluate;
pub mod find;
pub mod grader;
