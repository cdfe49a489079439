//! Input: the streaming line reader ([`reader`]), text encodings ([`encoding`]) and the
//! puzzle parser ([`puzzle`]): line → record → puzzle.

pub mod encoding;
pub mod puzzle;
pub mod reader;
