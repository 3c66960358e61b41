//! # yomi-games
//!
//! Small reference games for the search library: tic-tac-toe and Connect Four
//! (alternating, bitboards), Goofspiel and matrix games (simultaneous moves,
//! with known equilibria for testing).

pub mod bench;
pub mod connect4;
pub mod goofspiel;
pub mod matrix;
pub mod tictactoe;

pub use connect4::Connect4;
pub use goofspiel::Goofspiel;
pub use matrix::MatrixGame;
pub use tictactoe::TicTacToe;

/// Finalizer of SplitMix64: spreads a position key over all 64 bits so it can
/// index a transposition table directly.
#[inline]
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
