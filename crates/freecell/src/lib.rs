//! FreeCell for yomi.
//!
//! * [`deal`]: Microsoft deal numbers 1..2^33-1 to boards, and ranges of them ([`DealRange`]).
//! * [`text`]: fc-solve board text, parse and print.
//! * [`moves`]: legal moves, sequence moves.
//! * [`autoplay`]: automatic moves to the foundation and their rules.
//! * [`notation`]: standard, fc-solve verbose and hex move notations.
//! * [`solve`](mod@solve): the fast complete solver, the reproduction mode, shortening.
//! * [`range`]: every deal of a range solved in parallel, with its statistics.
//! * [`dataset`]: (board, move) training rows, sharded and resumable.
//!
//! Deal a Microsoft deal by number, solve it, and replay the solution:
//!
//! ```
//! use yomi_freecell::solve::shorten::replay;
//! use yomi_freecell::text::format_board;
//! use yomi_freecell::{Layout, Loc, SolveOptions, Verdict, deal_board, notation, solve};
//!
//! let board = deal_board(1, Layout::default())?; // 8 columns, 4 free cells
//! // Deal 1's first column, deepest card first, as every FreeCell program deals it.
//! assert_eq!(format_board(&board, false).lines().next(), Some("JD KD 2S 4C 3S 6D 6S"));
//!
//! let result = solve(&board, &SolveOptions::default())?;
//! assert_eq!(result.verdict, Verdict::Solved);
//! assert!(result.steps.len() <= result.raw_len); // shortened, never lengthened
//! // Every card goes home once, by a move of the solution or an automatic one.
//! assert_eq!(result.steps.iter().filter(|s| s.mv.to == Loc::Found).count(), 52);
//! // The solution replays legally from the deal to the solved board.
//! assert!(replay(&board, &result.steps).map_err(|(_, e)| e)?.is_solved());
//! let text: Vec<String> = result.steps.iter().map(|s| notation::standard(s.mv)).collect();
//! println!("{} moves: {}", text.len(), text.join(" "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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
pub use solve::{SolveOptions, SolveResult, Verdict, solve, solve_until};

/// The standard layout: 8 columns, 4 free cells.
pub fn layout_default() -> Layout {
    Layout::default()
}
