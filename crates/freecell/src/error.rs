//! Typed errors of the crate. Parse errors carry the 1-based line number and
//! the offending token so the user can find the mistake.

use thiserror::Error;

/// Everything that can go wrong in this crate.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FreecellError {
    /// A deal number outside 1..=2^33-1.
    #[error("deal {0} is out of range (1..=8589934591)")]
    DealOutOfRange(u64),
    /// An impossible layout (too many columns or cells).
    #[error("bad layout: {0}")]
    Layout(String),
    /// A board text that cannot be parsed.
    #[error("line {line}: {msg} (token `{token}`)")]
    Parse {
        /// 1-based line number (0 when the problem concerns the whole board).
        line: usize,
        /// The offending token ("" when none).
        token: String,
        /// What is wrong.
        msg: String,
    },
    /// A board whose cards are not exactly one deck.
    #[error("bad deck: {0}")]
    Deck(String),
    /// A move that is illegal in the position it is applied to.
    #[error("illegal move {mv}: {why}")]
    IllegalMove {
        /// The move in standard notation.
        mv: String,
        /// Why it is illegal.
        why: String,
    },
    /// A move text that cannot be parsed.
    #[error("bad move `{0}`: {1}")]
    MoveSyntax(String, String),
    /// A solve given up because its caller raised the stop flag.
    #[error("stopped before a verdict")]
    Stopped,
    /// I/O while writing a dataset.
    #[error("{0}")]
    Io(String),
    /// A failure while solving one deal of a range, with the deal's number.
    #[error("deal {deal}")]
    InDeal {
        /// The deal number.
        deal: u64,
        /// What failed.
        #[source]
        source: Box<FreecellError>,
    },
}

impl FreecellError {
    pub(crate) fn parse(line: usize, token: &str, msg: impl Into<String>) -> FreecellError {
        FreecellError::Parse {
            line,
            token: token.to_string(),
            msg: msg.into(),
        }
    }
}
