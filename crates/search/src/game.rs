//! The two game abstractions every strategy is generic over.
//!
//! Contract:
//! - [`Game`] is an alternating two-player zero-sum game. A value of the type
//!   is a *state*; strategies copy-make (`clone` then [`Game::play`]), so states
//!   should be cheap to clone and must not allocate in `play`/`legal_moves`.
//! - Every value a game reports (outcome, evaluation) is from the point of view
//!   of the side to move in that state.
//! - [`SimultaneousGame`] is a two-player game where both players pick an
//!   action at every node and the joint action is applied at once.

use std::fmt::{Debug, Display};
use std::hash::Hash;

/// Result of a finished game, seen from the side to move in the terminal state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The side to move has won (rare: e.g. the opponent made an illegal declaration).
    Win,
    /// The side to move has lost (the usual case: the opponent just completed a line / mated).
    Loss,
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The same outcome seen from the other player.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// +1 for a win, 0 for a draw, -1 for a loss.
    pub fn sign(self) -> i32 {
        match self {
            Outcome::Win => 1,
            Outcome::Loss => -1,
            Outcome::Draw => 0,
        }
    }
}

/// Which player is to move: the first (`0`) or the second (`1`).
pub type Seat = usize;

/// An alternating two-player zero-sum game.
///
/// Implementors: tic-tac-toe and Connect Four in `yomi-games`, shogi in `yomi-shogi`.
pub trait Game: Clone + Debug + Display + Send + Sync + 'static {
    /// A move. Small and `Copy`; `Display` prints it in the game's own notation.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// Short lowercase name used on the command line (`tictactoe`, `connect4`).
    fn name() -> &'static str;

    /// The usual start position.
    fn initial() -> Self;

    /// Seat of the side to move (0 = first player).
    fn to_move(&self) -> Seat;

    /// Writes the legal moves into `moves` (which is cleared first).
    /// Must be empty exactly when [`Game::outcome`] is `Some`.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move in place. Playing an illegal move is a logic error
    /// (it may panic in debug builds); use [`Game::parse_move`] for user input.
    fn play(&mut self, mv: Self::Move);

    /// `Some(outcome)` when the game is over, seen from the side to move.
    fn outcome(&self) -> Option<Outcome>;

    /// Zobrist-style hash of the position (including the side to move), used by
    /// transposition tables. `None` when the game does not provide one.
    fn hash(&self) -> Option<u64> {
        None
    }

    /// Static heuristic evaluation from the side to move, in "centi-units"
    /// (roughly: 100 = one pawn / a clear small advantage). Must stay well within
    /// `±EVAL_LIMIT`. The default knows nothing and returns 0.
    fn evaluate(&self) -> i32 {
        0
    }

    /// Parses a move typed by a person (or read from a file) in the context of
    /// this position; the error says why it is malformed or illegal. The
    /// default finds the legal move whose `Display` matches (ignoring case).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(MoveError::GameOver);
        }
        moves
            .iter()
            .copied()
            .find(|m| m.to_string().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                MoveError::Illegal(format!(
                    "'{text}' is not a legal move here; legal moves: {}",
                    list.join(" ")
                ))
            })
    }

    /// What [`Game::parse_position`] reads, in words, for help texts and
    /// error messages (e.g. `the columns played so far, 1-7 (e.g. 4453)`).
    fn position_syntax() -> &'static str {
        "no position notation"
    }

    /// Reads a position written in the game's own notation (the CLI's
    /// `--position`, the start of an opening line). The default knows no
    /// notation and refuses every text.
    fn parse_position(text: &str) -> Result<Self, PositionError> {
        Err(PositionError::Unsupported {
            game: Self::name(),
            text: text.to_string(),
        })
    }

    /// Reads an opening line, as an openings file writes it: the position
    /// the opening starts from and the moves played from it, each checked
    /// legal where it is played. The default reads moves in the game's
    /// notation ([`Game::parse_move`]) from the initial position, separated
    /// by spaces; a game may accept more (shogi reads the USI `position`
    /// syntax, `[position] startpos|sfen ... [moves ...]`).
    fn parse_opening(text: &str) -> Result<(Self, Vec<Self::Move>), OpeningError> {
        let start = Self::initial();
        let mut state = start.clone();
        let mut moves = Vec::new();
        for (i, t) in text.split_whitespace().enumerate() {
            let mv = state.parse_move(t).map_err(|reason| OpeningError::Move {
                index: i + 1,
                text: t.to_string(),
                reason,
            })?;
            state.play(mv);
            moves.push(mv);
        }
        Ok((start, moves))
    }

    /// What claiming a win by a rule of the game would give the side to
    /// move now (shogi's entering-king declaration), or `None` when such a
    /// claim would be false. A player that claims falsely loses, as one
    /// that plays an illegal move. The default knows no such rule.
    fn claim(&self) -> Option<Outcome> {
        None
    }

    /// A uniformly random legal move, or `None` when the game is over. Random
    /// playouts call this at every ply; the default generates the legal moves
    /// into `scratch` and picks one, and a game can override it with
    /// something faster (it must stay uniform over the legal moves).
    fn random_move(
        &self,
        rng: &mut yomi_core::rng::Rng,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        self.legal_moves(scratch);
        (!scratch.is_empty()).then(|| scratch[rng.below(scratch.len())])
    }

    /// Upper bound on the number of plies any game can last, if known
    /// (used to size buffers and to stop runaway playouts).
    fn max_game_length() -> Option<usize> {
        None
    }
}

/// Why [`Game::parse_move`] refused a move text; the message says why in
/// words a person typing the move can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over: no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The text is not a move in the game's notation.
    #[error("{0}")]
    Notation(String),
    /// A well-formed move that the rules do not allow here.
    #[error("{0}")]
    Illegal(String),
}

/// Why [`Game::parse_opening`] refused an opening line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The start position is not one.
    #[error("start position: {0}")]
    Start(String),
    /// A move is malformed, or illegal where it is played.
    #[error("move {index} ('{text}'): {reason}")]
    Move {
        /// 1-based index of the move in the line.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played (part of the message, so not a `source()`).
        reason: MoveError,
    },
}

/// Why [`Game::parse_position`] refused a position text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The game has no position notation.
    #[error("{game} positions cannot be given as text ('{text}')")]
    Unsupported {
        /// The game's name.
        game: &'static str,
        /// The text given.
        text: String,
    },
    /// The text is not a position in the game's notation.
    #[error("{0}")]
    Invalid(String),
}

/// Bound on |[`Game::evaluate`]|; scores beyond it are reserved for proven results.
pub const EVAL_LIMIT: i32 = 100_000;

/// A simultaneous-move two-player game: at every node both players choose an
/// action, and the joint action is applied at once.
pub trait SimultaneousGame: Clone + Debug + Send + Sync + 'static {
    /// An action of one player.
    type Action: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// Short lowercase name used on the command line.
    fn name() -> &'static str;

    /// The usual start position.
    fn initial() -> Self;

    /// Writes `player`'s legal actions (player 0 or 1) into `actions` (cleared
    /// first). Never empty at a non-terminal node.
    fn actions(&self, player: Seat, actions: &mut Vec<Self::Action>);

    /// Applies the joint action.
    fn apply(&mut self, a0: Self::Action, a1: Self::Action);

    /// True when the game is over.
    fn is_terminal(&self) -> bool;

    /// Per-player returns, each in `[-1, 1]`: final at a terminal node, a
    /// heuristic estimate elsewhere (used when a playout is cut off).
    fn returns(&self) -> [f64; 2];
}
