//! The bitboard core: cell sets, geometry, candidate sets, the grid and the text forms of its
//! coordinates ([`notation`]). Knows nothing of techniques.

pub mod bits;
pub mod candidates;
pub mod geometry;
pub mod grid;
pub mod notation;
#[cfg(test)]
pub(crate) mod test_support;

pub use bits::Bits81;
pub use candidates::CandidateSet;
pub use geometry::*;
pub use grid::{Conflict, Grid, ALL_DIGITS};
