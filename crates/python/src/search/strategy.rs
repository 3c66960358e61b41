//! Strategies by spec string (`alphabeta:depth=9`, `mcts:iterations=1000,c=1.4`, `random`...),
//! the same specs as the CLI's `--a`/`--b`/`--first`.
//!
//! Contract: a `Strategy` is built for one game (`StrategySpec::build`) with an optional seed
//! mixed into the spec's own (same spec, game and seed: same choices); `choose` runs
//! `Strategy::choose_within` off the GIL under optional per-move limits that only tighten the
//! spec's own budget, and returns the library's report (`SearchResult`).

use super::dynamic::{DynStrategy, value_parts};
use super::game::{PyGame, kind};
use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Mutex;
use yomi_search::{Limits, SearchReport, StrategySpec};

/// One decision: the move, the root value and the statistics behind it.
#[pyclass(module = "yomi.search", name = "SearchResult", frozen, get_all)]
pub struct SearchResult {
    /// The move chosen, in the game's notation.
    pub r#move: String,
    /// The root value as text (`draw`, `win in 3 plies`, `score +35`, `expected +0.25`), or
    /// `None` when the strategy estimates none.
    pub value_text: Option<String>,
    /// `"exact"`, `"score"` or `"expected"`, or `None`.
    pub value_kind: Option<&'static str>,
    /// The value from the side to move: exact +1/0/-1, a score in centi-units, or an
    /// expected result in [-1, 1]; `None` when not estimated.
    pub value: Option<f64>,
    /// Plies to the end with best play, for exact values.
    pub plies: Option<u32>,
    /// Principal variation starting with `move`.
    pub pv: Vec<String>,
    /// Root statistics `(move, visits or playouts, mean value)` where the strategy keeps them.
    pub root: Vec<(String, u64, f64)>,
    /// Positions visited.
    pub nodes: u64,
    /// Iterations or playouts (0 when not applicable).
    pub iterations: u64,
    /// Deepest fully searched depth (alpha-beta) or deepest tree depth.
    pub depth: u32,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl From<SearchReport<String>> for SearchResult {
    fn from(r: SearchReport<String>) -> SearchResult {
        let (value_kind, value, plies) = value_parts(r.value);
        SearchResult {
            r#move: r.best,
            value_text: r.value.map(|v| v.to_string()),
            value_kind,
            value,
            plies,
            pv: r.pv,
            root: r.root,
            nodes: r.stats.nodes,
            iterations: r.stats.iterations,
            depth: r.stats.depth,
            seconds: r.stats.elapsed.as_secs_f64(),
        }
    }
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move='{}', value={:?}, pv={:?}, nodes={}, iterations={}, depth={}, seconds={:.3})",
            self.r#move,
            self.value_text.as_deref().unwrap_or("None"),
            self.pv,
            self.nodes,
            self.iterations,
            self.depth,
            self.seconds
        )
    }
}

/// A strategy built from a spec for one game; it keeps its state (an MCTS tree, a
/// transposition table) between calls until `new_game()`.
#[pyclass(module = "yomi.search", name = "Strategy")]
pub struct PyStrategy {
    inner: Mutex<Box<dyn DynStrategy>>,
    spec: String,
}

/// Parses `spec` (`ValueError` with the library's message).
fn parse_spec(spec: &str) -> PyResult<StrategySpec> {
    StrategySpec::parse(spec).map_err(value_error)
}

/// The per-move limits of `choose`.
fn limits(time: Option<f64>, nodes: Option<u64>, depth: Option<u32>) -> PyResult<Limits> {
    if nodes == Some(0) || depth == Some(0) {
        return Err(PyValueError::new_err(
            "nodes and depth limits must be at least 1",
        ));
    }
    Ok(Limits {
        time: crate::errors::optional_seconds("time", time)?,
        nodes,
        depth,
        clock: None,
    })
}

fn build(spec: &str, game: &Bound<'_, PyAny>, seed: Option<u64>) -> PyResult<Box<dyn DynStrategy>> {
    let parsed = parse_spec(spec)?;
    let state = match game.cast::<PyGame>() {
        Ok(g) => g.borrow().inner.boxed_clone(),
        Err(_) => super::dynamic::new_state(kind(&game.extract::<String>()?)?, None)
            .map_err(value_error)?,
    };
    state.strategy(&parsed, seed).map_err(value_error)
}

fn run(
    py: Python<'_>,
    strategy: &mut dyn DynStrategy,
    game: &PyGame,
    limits: &Limits,
) -> PyResult<SearchResult> {
    let state = game.inner.boxed_clone();
    let report = py
        .detach(|| strategy.choose(state.as_ref(), limits))
        .map_err(PyValueError::new_err)?;
    Ok(report.into())
}

#[pymethods]
impl PyStrategy {
    /// Builds `spec` for `game` (a name or a `Game`); `seed` is mixed into the spec's own
    /// seed, as the arena and `yomi play` do.
    #[new]
    #[pyo3(signature = (spec, game, seed = None))]
    fn new(spec: &str, game: &Bound<'_, PyAny>, seed: Option<u64>) -> PyResult<PyStrategy> {
        Ok(PyStrategy {
            inner: Mutex::new(build(spec, game, seed)?),
            spec: spec.to_string(),
        })
    }

    /// The strategy's description with its parameters, e.g. `alphabeta(tt=16MB)`.
    #[getter]
    fn name(&self) -> String {
        self.inner.lock().unwrap_or_else(|p| p.into_inner()).name()
    }

    /// The game it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .kind()
            .name()
    }

    /// Chooses a move for `state` (GIL released). `time` (seconds), `nodes` and `depth` only
    /// tighten the spec's own budget. `ValueError` when `state` is over or another game's.
    #[pyo3(signature = (state, time = None, nodes = None, depth = None))]
    fn choose(
        &self,
        py: Python<'_>,
        state: &PyGame,
        time: Option<f64>,
        nodes: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<SearchResult> {
        let limits = limits(time, nodes, depth)?;
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        run(py, inner.as_mut(), state, &limits)
    }

    /// Forgets game-specific state (search tree, transposition table) before a new game.
    fn new_game(&self) {
        self.inner
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .new_game()
    }

    fn __repr__(&self) -> String {
        format!("Strategy('{}', game='{}')", self.spec, self.game())
    }
}

/// Chooses a move for `state` with a fresh strategy built from `spec` (see `Strategy`).
#[pyfunction]
#[pyo3(signature = (state, spec, seed = None, time = None, nodes = None, depth = None))]
pub fn choose(
    py: Python<'_>,
    state: &Bound<'_, PyGame>,
    spec: &str,
    seed: Option<u64>,
    time: Option<f64>,
    nodes: Option<u64>,
    depth: Option<u32>,
) -> PyResult<SearchResult> {
    let limits = limits(time, nodes, depth)?;
    let mut strategy = build(spec, state.as_any(), seed)?;
    run(py, strategy.as_mut(), &state.borrow(), &limits)
}

/// The spec in its normal form (name resolved, parameters sorted), e.g. `ab:depth=3` ->
/// `alphabeta:depth=3`; `ValueError` with the library's message when it is not a valid spec.
#[pyfunction]
pub fn parse_strategy(spec: &str) -> PyResult<String> {
    Ok(parse_spec(spec)?.to_string())
}

/// Every strategy a spec can name, with its parameters: `[(name, parameters), ...]`.
#[pyfunction]
pub fn strategies() -> Vec<(&'static str, &'static str)> {
    yomi_search::spec::STRATEGIES.to_vec()
}
