//! # yomi-shogi
//!
//! The shogi rules core: 81-square bitboards, perft-exact legal move
//! generation (promotions, drops, nifu, uchifuzume, pins, evasions),
//! make/unmake with an incremental Zobrist key, SFEN and USI notation, a board
//! diagram, and the game-ending rules (checkmate, sennichite with perpetual
//! check, entering-king declaration, maximum game length) with a typed
//! [`Termination`]. [`ShogiGame`] implements [`yomi_search::Game`] so every
//! generic strategy can play shogi. [`record`] reads and writes game records
//! (CSA and KIF) and [`openings`] opening lines (`startpos moves ...`).
//!
//! ```
//! use yomi_shogi::{Position, perft};
//! let mut pos = Position::startpos();
//! assert_eq!(perft(&mut pos, 3), 25_470);
//! let m = pos.parse_usi("7g7f").unwrap();
//! pos.do_move(m);
//! assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! ```

pub mod attacks;
pub mod bitboard;
mod diagram;
pub mod error;
pub mod game;
pub mod hand;
pub mod movegen;
mod movelist;
pub mod openings;
pub mod perft;
pub mod position;
pub mod record;
pub mod rules;
pub mod sfen;
pub mod termination;
pub mod types;
pub mod usi;
mod zobrist;

pub use bitboard::Bitboard;
pub use error::{MoveError, SfenError};
pub use game::{GameOptions, ShogiGame};
pub use hand::Hand;
pub use movegen::{
    MAX_MOVES, MoveList, count_legal, generate_board_to, generate_captures, generate_checks,
    generate_legal, generate_quiets, generate_to, has_legal_move, is_legal,
};
pub use openings::StartLine;
pub use perft::{divide, perft, perft_lists};
pub use position::Position;
pub use rules::{DeclarationRule, Repetition};
pub use sfen::STARTPOS;
pub use termination::Termination;
pub use types::{Color, Kind, Move, Piece, Square};
