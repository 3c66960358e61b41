//! `yomi.search.SimultaneousGame` and `choose_simultaneous`: the simultaneous-move games
//! (Goofspiel, rock-paper-scissors) and Decoupled UCT by its spec (`duct:policy=rm,gamma=0.05`).
//!
//! Contract: a game is picked by name ([`SimultaneousKind`]) and every later call goes through
//! [`DynSim`], whose one generic implementation forwards to the library's `SimultaneousGame`;
//! actions cross the boundary as their `Display` text. `choose_simultaneous` builds the options
//! with `StrategySpec::duct_options` and runs `Duct::choose_until` on a copy of the state off
//! the GIL, stopped by Ctrl-C; the same spec, state and seed give the same decision.

use crate::errors::{seat, value_error};
use crate::interrupt::run_stoppable;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::fmt::Display;
use std::sync::atomic::AtomicBool;
use yomi_games::{Goofspiel, MatrixGame, SimultaneousKind};
use yomi_search::{Duct, DuctOptions, Seat, SimultaneousGame, StrategySpec};

/// What Decoupled UCT decided for one player.
pub struct Decision {
    action: String,
    strategy: Vec<(String, u64, f64)>,
    value: f64,
    iterations: u64,
    tree_nodes: usize,
    seconds: f64,
}

/// A state of some simultaneous-move game, with the joint actions played on it.
trait DynSim: Send + Sync {
    fn kind(&self) -> SimultaneousKind;
    fn actions(&self, player: Seat) -> Vec<String>;
    /// Plays the joint action given as text; on error the state is unchanged.
    fn apply_text(&mut self, a0: &str, a1: &str) -> PyResult<()>;
    fn is_terminal(&self) -> bool;
    fn returns(&self) -> [f64; 2];
    fn render(&self) -> String;
    fn history(&self) -> &[(String, String)];
    fn boxed_clone(&self) -> Box<dyn DynSim>;
    fn choose(&self, options: DuctOptions, player: Seat, stop: &AtomicBool) -> Decision;
}

struct Sim<G: SimultaneousGame> {
    kind: SimultaneousKind,
    state: G,
    history: Vec<(String, String)>,
}

impl<G: SimultaneousGame + Display> Sim<G> {
    /// The legal action of `player` written `text`.
    fn action(&self, player: Seat, text: &str) -> PyResult<G::Action> {
        let mut legal = Vec::new();
        self.state.actions(player, &mut legal);
        let text = text.trim();
        legal
            .iter()
            .copied()
            .find(|a| a.to_string().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                let names: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
                PyValueError::new_err(format!(
                    "'{}' is not a legal action of player {player}; legal: {}",
                    yomi_core::text::excerpt(text),
                    names.join(", ")
                ))
            })
    }
}

impl<G: SimultaneousGame + Display> DynSim for Sim<G> {
    fn kind(&self) -> SimultaneousKind {
        self.kind
    }
    fn actions(&self, player: Seat) -> Vec<String> {
        let mut legal = Vec::new();
        if !self.state.is_terminal() {
            self.state.actions(player, &mut legal);
        }
        legal.iter().map(|a| a.to_string()).collect()
    }
    fn apply_text(&mut self, a0: &str, a1: &str) -> PyResult<()> {
        if self.state.is_terminal() {
            return Err(PyValueError::new_err("the game is over"));
        }
        let (x, y) = (self.action(0, a0)?, self.action(1, a1)?);
        self.state.apply(x, y);
        self.history.push((x.to_string(), y.to_string()));
        Ok(())
    }
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }
    fn returns(&self) -> [f64; 2] {
        self.state.returns()
    }
    fn render(&self) -> String {
        self.state.to_string()
    }
    fn history(&self) -> &[(String, String)] {
        &self.history
    }
    fn boxed_clone(&self) -> Box<dyn DynSim> {
        Box::new(Sim {
            kind: self.kind,
            state: self.state.clone(),
            history: self.history.clone(),
        })
    }
    fn choose(&self, options: DuctOptions, player: Seat, stop: &AtomicBool) -> Decision {
        let d = Duct::<G>::new(options).choose_until(&self.state, player, stop);
        Decision {
            action: d.action.to_string(),
            strategy: d
                .strategy
                .iter()
                .map(|(a, visits, p)| (a.to_string(), *visits, *p))
                .collect(),
            value: d.value,
            iterations: d.iterations,
            tree_nodes: d.tree_nodes,
            seconds: d.elapsed.as_secs_f64(),
        }
    }
}

fn boxed<G: SimultaneousGame + Display>(kind: SimultaneousKind, state: G) -> Box<dyn DynSim> {
    Box::new(Sim {
        kind,
        state,
        history: Vec::new(),
    })
}

/// A simultaneous-move game (`simultaneous_games()`): both players choose an action at once.
#[pyclass(module = "yomi.search", name = "SimultaneousGame")]
pub struct PySimGame {
    inner: Box<dyn DynSim>,
}

#[pymethods]
impl PySimGame {
    /// The start of game `name` (`goofspiel`, `rps`, `biased_rps`); `cards` (1-13, default 5)
    /// only for Goofspiel.
    #[new]
    #[pyo3(signature = (name, cards = None))]
    fn new(name: &str, cards: Option<u8>) -> PyResult<Self> {
        let kind: SimultaneousKind = name.parse().map_err(value_error)?;
        let inner = match kind {
            SimultaneousKind::Goofspiel => boxed(
                kind,
                Goofspiel::new(cards.unwrap_or(5)).map_err(value_error)?,
            ),
            _ if cards.is_some() => {
                return Err(PyValueError::new_err(format!(
                    "cards= is for goofspiel, not {}",
                    kind.name()
                )));
            }
            SimultaneousKind::Rps => boxed(kind, MatrixGame::rps()),
            SimultaneousKind::BiasedRps => boxed(kind, MatrixGame::biased_rps()),
        };
        Ok(PySimGame { inner })
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// Player `player`'s legal actions (empty once the game is over).
    fn actions(&self, player: usize) -> PyResult<Vec<String>> {
        Ok(self.inner.actions(seat(player)?))
    }

    /// Plays the joint action (`a0` for player 0, `a1` for player 1); `ValueError`, state
    /// unchanged, when either is not legal or the game is over.
    fn apply(&mut self, a0: &str, a1: &str) -> PyResult<()> {
        self.inner.apply_text(a0, a1)
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// `[player 0, player 1]` in [-1, 1]: final once over, the game's estimate before.
    fn returns(&self) -> [f64; 2] {
        self.inner.returns()
    }

    /// The joint actions played so far, as `(player 0, player 1)`.
    fn history(&self) -> Vec<(String, String)> {
        self.inner.history().to_vec()
    }

    /// An independent copy.
    fn clone(&self) -> PySimGame {
        PySimGame {
            inner: self.inner.boxed_clone(),
        }
    }

    fn __copy__(&self) -> PySimGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PySimGame {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "SimultaneousGame('{}', {})",
            self.inner.kind().name(),
            self.inner.render()
        )
    }
}

/// Decoupled UCT's decision for one player.
#[pyclass(module = "yomi.search", name = "DuctResult", frozen, get_all)]
pub struct DuctResult {
    /// The action chosen.
    pub action: String,
    /// Each legal action with its visits at the root and its probability in the mixed strategy.
    pub strategy: Vec<(String, u64, f64)>,
    /// The root's mean return for the player, in [-1, 1].
    pub value: f64,
    /// Iterations run.
    pub iterations: u64,
    /// Tree nodes built.
    pub tree_nodes: usize,
    /// Wall time, seconds.
    pub seconds: f64,
}

#[pymethods]
impl DuctResult {
    fn __repr__(&self) -> String {
        format!(
            "DuctResult(action='{}', value={:.3}, iterations={}, seconds={:.3})",
            self.action, self.value, self.iterations, self.seconds
        )
    }
}

/// Decoupled UCT's decision for `player` at `state`, by a `duct` spec (releases the GIL; Ctrl-C
/// stops it); `seed` is mixed into the spec's own.
#[pyfunction]
#[pyo3(signature = (state, spec = "duct", player = 0, seed = None))]
pub fn choose_simultaneous(
    py: Python<'_>,
    state: &PySimGame,
    spec: &str,
    player: usize,
    seed: Option<u64>,
) -> PyResult<DuctResult> {
    let player = seat(player)?;
    let options = StrategySpec::parse(spec)
        .and_then(|s| s.duct_options(seed))
        .map_err(value_error)?;
    if state.inner.is_terminal() {
        return Err(PyValueError::new_err("the game is over: nothing to choose"));
    }
    let game = state.inner.boxed_clone();
    let d = run_stoppable(py, |stop| game.choose(options, player, stop))?;
    Ok(DuctResult {
        action: d.action,
        strategy: d.strategy,
        value: d.value,
        iterations: d.iterations,
        tree_nodes: d.tree_nodes,
        seconds: d.seconds,
    })
}

/// Every simultaneous-move game as `(name, aliases, about)`.
#[pyfunction]
pub fn simultaneous_games() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
    SimultaneousKind::ALL
        .iter()
        .map(|k| (k.name(), k.aliases().to_vec(), k.about()))
        .collect()
}
