//! Typed errors for SFEN and USI move input.
//!
//! Contract: every message says what was wrong and where, in words a person
//! typing a position or a move can act on; parsing never panics.

use thiserror::Error;

/// A malformed or impossible SFEN position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SfenError {
    /// Nothing to parse.
    #[error(
        "empty SFEN (expected e.g. 'startpos' or 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1')"
    )]
    Empty,
    /// Wrong number of space-separated fields.
    #[error(
        "SFEN has {0} space-separated fields; expected 3 or 4 (board, side to move, hands, optional move number)"
    )]
    FieldCount(usize),
    /// The board does not have 9 ranks.
    #[error("SFEN board has {0} ranks separated by '/'; expected 9")]
    RankCount(usize),
    /// A rank does not describe exactly 9 files.
    #[error("SFEN board rank {rank} describes {files} files; expected 9")]
    RankWidth {
        /// The rank letter (`a`..`i`).
        rank: char,
        /// How many files it described.
        files: usize,
    },
    /// Two digits in a row on a rank (`45`): a run of empty squares is one digit.
    #[error(
        "SFEN board rank {rank} has two digits in a row; a run of empty squares is written as one digit 1-9"
    )]
    Digits {
        /// The rank letter.
        rank: char,
    },
    /// An unknown character on the board.
    #[error(
        "unexpected character '{}' in SFEN board rank {rank} (pieces are PLNSGBRK, lowercase for White, '+' promotes, digits 1-9 count empty squares)",
        yomi_core::text::excerpt(&.ch.to_string())
    )]
    BoardChar {
        /// The offending character.
        ch: char,
        /// The rank letter.
        rank: char,
    },
    /// A '+' not followed by a promotable piece.
    #[error("'+' in SFEN board rank {rank} must be followed by one of P L N S B R (either case)")]
    Promotion {
        /// The rank letter.
        rank: char,
    },
    /// The side to move is neither `b` nor `w`.
    #[error("SFEN side to move must be 'b' or 'w', got '{0}'")]
    Side(String),
    /// The hands field is malformed.
    #[error("SFEN hands '{hands}': {reason}")]
    Hand {
        /// The whole hands field.
        hands: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The move number is not a positive integer.
    #[error("SFEN move number '{0}' is not a positive integer")]
    MoveNumber(String),
    /// The position is syntactically fine but cannot occur in shogi.
    #[error("impossible position: {0}")]
    Illegal(String),
}

/// A USI move that is malformed or not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not USI move notation.
    #[error("'{text}' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e): {reason}")]
    Malformed {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Well-formed, but not legal here.
    #[error("'{text}' is not legal in this position: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why the move is illegal.
        reason: String,
    },
}
