//! FreeCell for yomi.
//!
//! * [`deal`]: Microsoft deal numbers 1..2^33-1 to boards, and ranges of them ([`DealRange`]).
//! * [`text`]: fc-solve board text, parse and print.
//! * [`moves`]: legal moves, sequence moves.
//! * [`autoplay`]: automatic moves to the foundation and their rules.
//! * [`notation`]: standard, fc-solve verbose and hex move notations.
//! * [`solve`]: the fast complete solver, the reproduction mode, shortening.
//! * [`range`]: every deal of a range solved in parallel, with its statistics.
//! * [`dataset`]: (board, move) training rows, sharded and resumable.

pub mod autoplay;
pub mod board;
pub mod card;
pub mod dataset;
pub mod deal;
pub mod error;
pub mod moves;
pub mod notation;
pub mod range;
mod slots;
pub mod solve;
pub mod text;

pub use board::{Board, Layout};
pub use card::Card;
pub use deal::{DealRange, DealRangeError, MAX_DEAL, deal_board};
pub use error::FreecellError;
pub use moves::{Loc, Move, MoveMode};
pub use solve::{SolveOptions, SolveResult, Verdict, solve};

/// The standard layout: 8 columns, 4 free cells.
pub fn layout_default() -> Layout {
    Layout::default()
}
