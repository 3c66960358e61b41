//! `Game`: a state of a registered game with OpenSpiel-like methods.
//!
//! Contract: moves are strings in the game's own notation (tic-tac-toe cells `1`-`9`, Connect
//! Four columns `1`-`7`, shogi USI); an illegal or malformed move raises `ValueError` with the
//! game's explanation and leaves the state unchanged. Values are from player 0's and player
//! 1's views in `returns()`, from the side to move in `outcome()` and `evaluate()`.

use super::dynamic::{DynGame, new_state};
use crate::errors::value_error;
use pyo3::prelude::*;
use yomi_games::GameKind;
use yomi_search::Outcome;

/// `current_player()` once the game is over (OpenSpiel's `kTerminalPlayerId`).
pub const TERMINAL_PLAYER: i64 = -4;

/// Parses a game name or alias (`ValueError` listing the valid names otherwise).
pub fn kind(name: &str) -> PyResult<GameKind> {
    name.parse::<GameKind>().map_err(value_error)
}

/// A position of one of the built-in games (`games()` lists them), with the moves played on it.
#[pyclass(module = "yomi.search", name = "Game")]
pub struct PyGame {
    pub inner: Box<dyn DynGame>,
}

#[pymethods]
impl PyGame {
    /// The start position of `name` (a name or alias: `tictactoe`/`ttt`, `connect4`/`c4`,
    /// `shogi`), or `position` in the game's notation (`Game.position_syntax`).
    #[new]
    #[pyo3(signature = (name, position = None))]
    fn new(name: &str, position: Option<&str>) -> PyResult<PyGame> {
        let inner = new_state(kind(name)?, position).map_err(value_error)?;
        Ok(PyGame { inner })
    }

    /// The game's name (`tictactoe`, `connect4`, `shogi`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// What `position` texts look like for this game.
    #[getter]
    fn position_syntax(&self) -> &'static str {
        self.inner.kind().position_syntax()
    }

    /// The legal moves in the game's notation, in generation order (empty once it is over).
    fn legal_actions(&self) -> Vec<String> {
        self.inner.legal()
    }

    /// Plays `action` (a move in the game's notation, case-insensitive); `ValueError` when it
    /// is malformed or illegal here (the state is unchanged).
    fn apply_action(&mut self, action: &str) -> PyResult<()> {
        self.inner.play_text(action).map_err(value_error)?;
        Ok(())
    }

    /// A copy with `action` played (this state is unchanged).
    fn child(&self, action: &str) -> PyResult<PyGame> {
        let mut inner = self.inner.boxed_clone();
        inner.play_text(action).map_err(value_error)?;
        Ok(PyGame { inner })
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// The seat to move (0 or 1), or -4 (`TERMINAL_PLAYER`) once the game is over.
    fn current_player(&self) -> i64 {
        if self.inner.outcome().is_some() {
            TERMINAL_PLAYER
        } else {
            self.inner.to_move() as i64
        }
    }

    /// `"win"`, `"loss"` or `"draw"` for the side to move once the game is over, else `None`.
    fn outcome(&self) -> Option<&'static str> {
        self.inner.outcome().map(|o| match o {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        })
    }

    /// `[player 0's, player 1's]` result: +1 win, -1 loss, 0 draw; `[0, 0]` while the game goes on.
    fn returns(&self) -> [f64; 2] {
        match self.inner.outcome() {
            None => [0.0, 0.0],
            Some(o) => {
                let mover = f64::from(o.sign());
                if self.inner.to_move() == 0 {
                    [mover, -mover]
                } else {
                    [-mover, mover]
                }
            }
        }
    }

    /// The game's static evaluation from the side to move (centi-units; 0 for games without one).
    fn evaluate(&self) -> i32 {
        self.inner.evaluate()
    }

    /// The moves played on this object since it was made (its copies keep them).
    fn history(&self) -> Vec<String> {
        self.inner.history().to_vec()
    }

    /// An independent copy.
    fn clone(&self) -> PyGame {
        PyGame {
            inner: self.inner.boxed_clone(),
        }
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The game's own text rendering of the position.
    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game('{}', history={:?})",
            self.inner.kind().name(),
            self.inner.history()
        )
    }
}

/// Every built-in game as `(name, aliases, about)`, in registry order.
#[pyfunction]
pub fn games() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
    GameKind::ALL
        .iter()
        .map(|k| (k.name(), k.aliases().to_vec(), k.about()))
        .collect()
}
