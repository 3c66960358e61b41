//! # yomi-shogi-engine
//!
//! The shogi engine behind the `yomi-usi` executable: alpha-beta search on
//! [`yomi_shogi::Position`], evaluation behind a trait, time management, a
//! df-pn mate solver, YaneuraOu-format opening books, and the USI loop.
//! (Self-play datasets, tuning and book making are `yomi-shogi-train`'s.)

pub mod bench;
pub mod book;
pub mod engine;
pub mod eval;
pub mod mate;
pub mod memory;
mod near;
pub mod params;
pub mod score;
pub mod search;
pub mod softmax;
pub mod time;
pub mod tt;
pub mod usi;
