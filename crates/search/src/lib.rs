//! # yomi-search
//!
//! Generic game-search library: the [`Game`] and [`SimultaneousGame`] traits
//! and strategies over them. No CLI dependencies; everything randomized takes
//! a seed.

pub mod game;
pub mod rng;
pub mod strategy;

pub use game::{EVAL_LIMIT, Game, Outcome, Seat, SimultaneousGame};
pub use rng::Rng;
pub use strategy::{SearchReport, SearchStats, Strategy, Value};
