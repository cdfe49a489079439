//! Reporting: the run summary ([`summary`]), reading result CSVs back ([`stats`]), the HTML
//! report ([`html`]) and two ratings of one corpus compared ([`compare`]).

pub mod compare;
pub mod html;
pub mod stats;
pub mod summary;
