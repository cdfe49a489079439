//! Reporting: the run summary ([`summary`]), reading result CSVs back ([`stats`]) and the HTML
//! report ([`html`]).

pub mod html;
pub mod stats;
pub mod summary;
