//! Agreement with GNPX: the examples of its seed pages, its ForceChain and Kraken fish forms
//! and notation, GNPX v5.84's XY-Chain search, and its ratings.
//!
//! Modules:
//! - `seed_fish`: the seed pages' fish examples through `sgrade explain`.
//! - `seed_patterns`: the seed pages' XY-Wing and Skyscraper examples.
//! - `force_chain`: ForceChain against seed 004 (forms, titles, link notation, shared cache).
//! - `kraken`: Kraken fish on GNPX's ladder, its chains per fin, its text and JSON.
//! - `xy_chain`: GNPX v5.84's XY-Chain rules on the `gnpx584` scale.
//! - `ratings`: difficulty and method-name agreement with GNPX v5.84's rated samples.

#[path = "../common/mod.rs"]
mod common;

mod force_chain;
mod kraken;
mod ratings;
mod seed_fish;
mod seed_patterns;
mod xy_chain;
