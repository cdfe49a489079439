//! Agreement with HoDoKu 2.2: its regression library (every line reproduced by our finders),
//! the step its `--scale hodoku` rungs choose where several exist, its forcing chains and nets,
//! and its ratings.
//!
//! Modules:
//! - `reglib_basic`, `reglib_patterns`, `reglib_fish`, `reglib_als`, `reglib_nice_loop`,
//!   `reglib_sue_de_coq`: the regression library, family by family, against our finders.
//! - `chains`: HoDoKu's simple-chain search and its choice among chains.
//! - `loops`: HoDoKu's choice among nice loops and AICs.
//! - `choices`: the other rungs that take HoDoKu's step at states of HoDoKu's own paths.
//! - `forcing`: Forcing Chain and Forcing Net at HoDoKu's states, in HoDoKu's order.
//! - `ratings`: level and score agreement with HoDoKu's ratings, brute force as last resort.

#[path = "../common/mod.rs"]
mod common;

mod chains;
mod choices;
mod forcing;
mod loops;
mod ratings;
mod reglib_als;
mod reglib_basic;
mod reglib_fish;
mod reglib_nice_loop;
mod reglib_patterns;
mod reglib_sue_de_coq;
