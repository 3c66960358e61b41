//! [`Termination`]: how a shogi game ended.
//!
//! Contract: a termination names the event that ended the game, seen from
//! the side to move after the last move played: that side is checkmated,
//! resigned, declared, played the illegal move, ran out of time, or was
//! the one whose engine stopped. The winner follows from the termination,
//! the side to move and (for repetition and declaration) the rules; the
//! game's [`yomi_search::Outcome`] says it. [`crate::ShogiGame::termination`]
//! gives the termination of a game its rules ended; the other variants are
//! for the events a match adds (resignation, time, illegal move,
//! interruption). `Display` and `FromStr` use the lowercase English words
//! below (`"perpetual check"`), and round-trip.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move has no legal move (in shogi that is always a loss).
    Checkmate,
    /// The side to move resigned.
    Resignation,
    /// Fourfold repetition without perpetual check: a draw.
    Repetition,
    /// Fourfold repetition in which one side checked on every move of the
    /// cycle: the checking side loses.
    PerpetualCheck,
    /// The side to move declared an entering-king win (a draw under the
    /// 24-point rule with 24 to 30 points).
    Declaration,
    /// The side to move played an illegal move (or declared falsely) and lost.
    IllegalMove,
    /// The side to move ran out of time and lost.
    TimeUp,
    /// The maximum number of plies was reached: a draw.
    PlyLimit,
    /// The game was stopped without a result by the rules (an engine crashed,
    /// never started or aborted).
    Interrupted,
}

/// Every termination, in declaration order.
pub const TERMINATIONS: [Termination; 9] = [
    Termination::Checkmate,
    Termination::Resignation,
    Termination::Repetition,
    Termination::PerpetualCheck,
    Termination::Declaration,
    Termination::IllegalMove,
    Termination::TimeUp,
    Termination::PlyLimit,
    Termination::Interrupted,
];

impl Termination {
    /// The English words `Display` writes and `FromStr` reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Repetition => "repetition",
            Termination::PerpetualCheck => "perpetual check",
            Termination::Declaration => "declaration",
            Termination::IllegalMove => "illegal move",
            Termination::TimeUp => "time up",
            Termination::PlyLimit => "ply limit",
            Termination::Interrupted => "interrupted",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that is not the name of a [`Termination`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "'{0}' is not a game termination (checkmate, resignation, repetition, perpetual check, declaration, illegal move, time up, ply limit, interrupted)"
)]
pub struct ParseTerminationError(pub String);

impl FromStr for Termination {
    type Err = ParseTerminationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TERMINATIONS
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| ParseTerminationError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for t in TERMINATIONS {
            assert_eq!(t.to_string().parse::<Termination>(), Ok(t));
        }
        assert_eq!(
            "perpetual check".parse::<Termination>(),
            Ok(Termination::PerpetualCheck)
        );
        let e = "draw".parse::<Termination>().unwrap_err();
        assert!(e.to_string().contains("'draw'"), "{e}");
    }
}
