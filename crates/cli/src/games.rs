//! The games the generic commands (`play`, `solve`, `arena`, `bench`) know,
//! and how each reads a position from the command line.

use crate::usage::usage;
use yomi_games::{Connect4, TicTacToe};
use yomi_search::Game;

/// An alternating game the CLI can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameKind {
    /// Tic-tac-toe; positions as 9 cells row by row, e.g. `XO.X.O...`.
    #[value(name = "tictactoe", alias = "ttt")]
    TicTacToe,
    /// Connect Four 7x6; positions as the columns played, e.g. `4453`.
    #[value(name = "connect4", alias = "c4")]
    Connect4,
    /// Shogi; positions as SFEN or `startpos` (material-only evaluation for now).
    Shogi,
}

/// A game with a command-line position syntax.
pub trait CliGame: Game {
    /// What a `--position` looks like for this game.
    const POSITION_HELP: &'static str;
    /// Reads a position; the error says what is wrong.
    fn parse_position(text: &str) -> Result<Self, String>;
}

impl CliGame for TicTacToe {
    const POSITION_HELP: &'static str = "9 cells row by row with X, O and . (e.g. XO.X.O...)";
    fn parse_position(text: &str) -> Result<Self, String> {
        TicTacToe::from_text(text).map_err(|e| e.to_string())
    }
}

impl CliGame for Connect4 {
    const POSITION_HELP: &'static str = "the columns played so far, 1-7 (e.g. 4453)";
    fn parse_position(text: &str) -> Result<Self, String> {
        Connect4::from_moves(text).map_err(|e| e.to_string())
    }
}

impl CliGame for yomi_shogi::ShogiGame {
    const POSITION_HELP: &'static str = "an SFEN (board side hands [move]) or startpos";
    fn parse_position(text: &str) -> Result<Self, String> {
        yomi_shogi::ShogiGame::from_sfen(text).map_err(|e| e.to_string())
    }
}

/// Runs `$body` with the type alias `$g` bound to the game named by `$kind`.
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::TicTacToe => {
                type $g = yomi_games::TicTacToe;
                $body
            }
            $crate::games::GameKind::Connect4 => {
                type $g = yomi_games::Connect4;
                $body
            }
            $crate::games::GameKind::Shogi => {
                type $g = yomi_shogi::ShogiGame;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// Reads `--position` (or the start position when absent) with a clear error.
pub fn position<G: CliGame>(text: Option<&str>) -> anyhow::Result<G> {
    match text {
        None => Ok(G::initial()),
        Some(t) => G::parse_position(t).map_err(|e| {
            usage(format!(
                "bad --position for {}: {e}\nexpected {}",
                G::name(),
                G::POSITION_HELP
            ))
        }),
    }
}
