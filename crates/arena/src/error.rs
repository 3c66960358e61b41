//! The arena's error type: everything a match can reject before or while
//! playing, each message naming what and where.

use crate::sprt::SprtError;

/// Why a match could not be run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArenaError {
    /// A move of a given opening does not parse or is illegal in its position.
    #[error("opening {index}, move {ply} ('{text}'): {reason}")]
    BadOpeningMove {
        /// Index of the opening in the list (0-based).
        index: usize,
        /// 1-based position of the move within the opening.
        ply: usize,
        /// The move text.
        text: String,
        /// The game's explanation.
        reason: String,
    },
    /// A given opening already finishes the game.
    #[error(
        "opening {index} ends the game after {plies} plies; openings must leave a game to play"
    )]
    OpeningEndsGame {
        /// Index of the opening in the list (0-based).
        index: usize,
        /// Its length in plies.
        plies: usize,
    },
    /// `Openings::List` with no openings.
    #[error("the opening list is empty")]
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
    Sprt(#[from] SprtError),
    /// The worker thread pool could not be created.
    #[error("cannot start {threads} worker threads: {reason}")]
    ThreadPool {
        /// Threads requested.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
}
