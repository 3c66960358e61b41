//! Typed errors of book reading, each naming the line it comes from.
//!
//! Contract: a message names its cause once: the OS error behind
//! [`BookError::Io`] is its `source()` (print the chain), the errors of our
//! own parsers are part of the message and no `source()`.

use thiserror::Error;
use yomi_shogi::openings::StartLineError;
use yomi_shogi::{MoveError, SfenError};

/// Why a book could not be read.
#[derive(Debug, Error)]
pub enum BookError {
    /// The file could not be read.
    #[error("cannot read book {path}")]
    Io {
        /// The path given.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The first line names a book format other than [`super::HEADER`].
    #[error(
        "book line {line}: unknown format '{text}' (expected '{}')",
        super::HEADER
    )]
    Header {
        /// 1-based line number.
        line: usize,
        /// The header as given (quoted).
        text: String,
    },
    /// No position at all (an empty file, or only comments).
    #[error("book line {lines}: no position in the book (expected 'sfen <position>' lines)")]
    Empty {
        /// How many lines the text has (the line the reader stopped at).
        lines: usize,
    },
    /// A `sfen` line that is not a valid position.
    #[error("book line {line}: bad sfen: {reason}")]
    Sfen {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: SfenError,
    },
    /// A move line before any `sfen` line.
    #[error("book line {line}: a move line comes before any 'sfen' line")]
    MoveBeforeSfen {
        /// 1-based line number.
        line: usize,
    },
    /// A move that is not USI notation, or not legal in the line's position
    /// (a ponder move: after the move).
    #[error("book line {line}: {reason}")]
    Move {
        /// 1-based line number.
        line: usize,
        /// What is wrong (it quotes the text).
        reason: MoveError,
    },
    /// A number field that does not parse, or a negative count.
    #[error("book line {line}: {field} '{text}' is not {expected}")]
    Number {
        /// 1-based line number.
        line: usize,
        /// Which field (value, depth, count).
        field: &'static str,
        /// The text (quoted).
        text: String,
        /// What the field takes (`an integer`, `a count of 0 or more`).
        expected: &'static str,
    },
    /// A game line that is not a start position and legal moves.
    #[error("game line {line}: {reason}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: StartLineError,
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
