//! The arena's error type: everything a match can reject before or while
//! playing, each message naming what and where.

use crate::journal::JournalError;
use crate::opening::OpeningId;
use crate::sprt::SprtError;

/// Why a match could not be run.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// A move of a given opening does not parse or is illegal in its position.
    #[error("{opening}, move {ply} ('{text}'): {reason}")]
    BadOpeningMove {
        /// The opening.
        opening: OpeningId,
        /// 1-based position of the move within the opening.
        ply: usize,
        /// The move text.
        text: String,
        /// The game's explanation.
        reason: String,
    },
    /// The start position of a given opening does not parse.
    #[error("{opening}: start position '{text}': {reason}")]
    BadOpeningStart {
        /// The opening.
        opening: OpeningId,
        /// The position text.
        text: String,
        /// The game's explanation.
        reason: String,
    },
    /// A given opening already finishes the game.
    #[error("{opening} ends the game after {plies} plies; openings must leave a game to play")]
    OpeningEndsGame {
        /// The opening.
        opening: OpeningId,
        /// Its length in plies.
        plies: usize,
    },
    /// Given openings (a list or a file) with no opening.
    #[error("no openings given (an empty list, or a file of only comments and blank lines)")]
    NoOpenings,
    /// No random opening of the requested length that leaves the game open was found.
    #[error(
        "could not draw a random {plies}-ply opening that leaves the game unfinished ({attempts} tries)"
    )]
    RandomOpeningUnavailable {
        /// Requested opening length.
        plies: u32,
        /// Attempts made.
        attempts: u32,
    },
    /// The draw-adjudication limit leaves no room after the opening.
    #[error("max_plies ({max_plies}) must exceed the opening length ({opening_plies} plies)")]
    MaxPliesTooSmall {
        /// The configured limit.
        max_plies: u32,
        /// The longest opening.
        opening_plies: usize,
    },
    /// Bad SPRT settings.
    #[error("invalid SPRT settings: {0}")]
    Sprt(SprtError),
    /// The worker threads could not be started.
    #[error("cannot start {threads} worker threads: {reason}")]
    ThreadPool {
        /// Threads requested.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
    /// The caller raised the match's stop flag ([`crate::runner::run_pairs`]'s
    /// `cancel`) before it finished.
    #[error("the match was stopped before it finished")]
    Stopped,
    /// The journal cannot be read, continued or written.
    #[error(transparent)]
    Journal(#[from] JournalError),
}

/// By hand rather than `#[from]`: the SPRT error is part of the message, so it
/// is not also a `source()` (an error names its cause once).
impl From<SprtError> for ArenaError {
    fn from(e: SprtError) -> ArenaError {
        ArenaError::Sprt(e)
    }
}
