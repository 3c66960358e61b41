//! # yomi-games
//!
//! Small reference games for the search library: tic-tac-toe and Connect Four
//! (alternating, bitboards), Goofspiel and matrix games (simultaneous moves,
//! with known equilibria for testing); and the game registry ([`registry`]),
//! the one list of games the generic commands drive.
//!
//! ```
//! use yomi_games::Connect4;
//! use yomi_search::{Game, Limits, StrategySpec};
//!
//! // The first player has three in a row on the bottom: column 4 wins.
//! let pos = Connect4::from_moves("112233")?;
//! let mut ab = "alphabeta:depth=4".parse::<StrategySpec>()?.build::<Connect4>(None)?;
//! assert_eq!(ab.choose_within(&pos, &Limits::NONE).best.to_string(), "4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bench;
pub mod connect4;
pub mod goofspiel;
pub mod matrix;
pub mod registry;
pub mod simultaneous;
pub mod tictactoe;

pub use connect4::Connect4;
pub use goofspiel::Goofspiel;
pub use matrix::MatrixGame;
pub use registry::{GameKind, UnknownGame};
pub use simultaneous::{SimultaneousKind, UnknownSimultaneousGame};
pub use tictactoe::TicTacToe;

/// Finalizer of SplitMix64: spreads a position key over all 64 bits so it can
/// index a transposition table directly.
#[inline]
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The Rust snippets of the workspace's README, compiled and run as doc
/// tests so the README cannot drift from the library.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
