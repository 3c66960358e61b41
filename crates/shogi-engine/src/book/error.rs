//! Typed errors of book reading, each naming the line it comes from.

use thiserror::Error;
use yomi_shogi::openings::StartLineError;
use yomi_shogi::{MoveError, SfenError};

/// Why a book could not be read.
#[derive(Debug, Error)]
pub enum BookError {
    /// The file could not be read.
    #[error("cannot read book {path}: {source}")]
    Io {
        /// The path given.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A `sfen` line that is not a valid position.
    #[error("book line {line}: bad sfen: {source}")]
    Sfen {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        source: SfenError,
    },
    /// A move line before any `sfen` line.
    #[error("book line {line}: a move line comes before any 'sfen' line")]
    MoveBeforeSfen {
        /// 1-based line number.
        line: usize,
    },
    /// A move that is not USI notation.
    #[error("book line {line}: {source}")]
    Move {
        /// 1-based line number.
        line: usize,
        /// What is wrong (it quotes the text).
        source: MoveError,
    },
    /// A number field that does not parse.
    #[error("book line {line}: {field} '{text}' is not an integer")]
    Number {
        /// 1-based line number.
        line: usize,
        /// Which field (value, depth, count).
        field: &'static str,
        /// The text.
        text: String,
    },
    /// A game line that is not a start position and legal moves.
    #[error("game line {line}: {source}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        source: StartLineError,
    },
    /// A game record line that cannot be replayed.
    #[error("game line {line}: {reason}")]
    Record {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}
