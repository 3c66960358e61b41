//! One side of a game as a match sees it: built-in strategies and programs
//! run as processes (USI engines) alike.
//!
//! Contract: a [`Player`] is asked for a move with the game so far (start
//! position, moves, current state) and the [`Limits`] the match gives this
//! move, and answers with an [`Answer`]: a move (with the value it reported,
//! if any), a resignation, a claim of a result by rule, or a failure (an
//! illegal move text, a crash, silence). It never panics on a failure of its
//! own process; the game loop ([`crate::play`]) judges every answer, and
//! catches a panic in a player (a bug) with [`caught`], as a crash.
//! [`StrategyPlayer`] runs a [`Strategy`] under the limits (they only
//! tighten its own budget).

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use yomi_search::{Game, Limits, Outcome, Strategy, Value};

/// What a player answers when asked for a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<M> {
    /// A move, with the value the player reported for the position (from
    /// its own side), if any.
    Move {
        /// The move.
        mv: M,
        /// The reported value, used by resign adjudication.
        value: Option<Value>,
    },
    /// The player resigns.
    Resign,
    /// The player claims a result by a rule of the game (shogi's
    /// entering-king declaration), judged by [`Game::claim`].
    Claim,
    /// Something that is not a legal move (an engine's move text that does
    /// not parse or is illegal here), with why.
    Illegal(String),
    /// The player's process ended (or never started), with what happened.
    Crashed(String),
    /// No answer in time: the player was given up on, with what it failed
    /// to send.
    Silent(String),
}

/// The game as a player sees it when asked for a move.
#[derive(Clone, Copy, Debug)]
pub struct GameSoFar<'a, G: Game> {
    /// The position the game started from (before its opening moves).
    pub start: &'a G,
    /// Every move since `start`, opening included.
    pub moves: &'a [G::Move],
    /// The position now (not finished).
    pub state: &'a G,
}

/// One side of a game: a fresh one is made for every game.
pub trait Player<G: Game>: Send {
    /// The name reports and records show.
    fn name(&self) -> String;

    /// Picks a move for the side to move in `game.state`, within `limits`.
    fn think(&mut self, game: &GameSoFar<'_, G>, limits: &Limits) -> Answer<G::Move>;

    /// The game is over: `result` from this player's side.
    fn game_over(&mut self, result: Outcome) {
        let _ = result;
    }
}

/// A built-in [`Strategy`] as a player.
pub struct StrategyPlayer<G: Game> {
    strategy: Box<dyn Strategy<G>>,
}

impl<G: Game> StrategyPlayer<G> {
    /// Wraps `strategy`, telling it a new game starts.
    pub fn new(mut strategy: Box<dyn Strategy<G>>) -> StrategyPlayer<G> {
        strategy.new_game();
        StrategyPlayer { strategy }
    }
}

impl<G: Game> Player<G> for StrategyPlayer<G> {
    fn name(&self) -> String {
        self.strategy.name()
    }

    fn think(&mut self, game: &GameSoFar<'_, G>, limits: &Limits) -> Answer<G::Move> {
        let report = self.strategy.choose_within(game.state, limits);
        Answer::Move {
            mv: report.best,
            value: report.value,
        }
    }
}

/// Runs `f`; a panic in it comes back as `Err` with the panic's message
/// (the panic hook has already reported it on stderr). This is how the game
/// loop keeps a bug in one player from stopping a match: the caller gives
/// up on whatever `f` was using (the game ends, the player is dropped), so
/// nothing a panic left half-changed is used again, which is why unwind
/// safety is asserted. Built with `panic = "abort"`, a panic ends the
/// process instead.
pub fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_message(payload.as_ref()))
}

/// The message of a panic's payload (`panic!("...")` gives a `&str` or a
/// `String`).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
