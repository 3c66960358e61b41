//! The exact solver and perft over the built-in games.
//!
//! Contract: `solve` is `yomi_search::solve` (iterative-deepening alpha-beta to the end of
//! every line) on a `Game`'s position, off the GIL; `perft` counts move sequences, off the GIL,
//! with the depth bounded so a large value cannot allocate without end.

use super::game::PyGame;
use crate::errors::optional_seconds;
use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yomi_search::SolveOptions;

/// Deepest perft accepted (the library keeps one move buffer per ply).
const MAX_PERFT_DEPTH: u32 = 64;

/// What `solve` found.
#[pyclass(module = "yomi.search", name = "Solution", frozen, get_all)]
pub struct Solution {
    /// +1 win, 0 draw, -1 loss for the side to move; `None` when not proven in time.
    pub value: Option<i32>,
    /// `"win"`, `"draw"`, `"loss"` or `"unknown"`.
    pub result: &'static str,
    /// Plies to the end with best play (win: fastest, loss: slowest); `None` for draws.
    pub plies: Option<u32>,
    /// Every move that achieves the value (only the best found so far when not proven).
    pub best_moves: Vec<String>,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(result='{}', plies={}, best_moves={:?}, pv={:?}, nodes={}, seconds={:.3})",
            self.result,
            self.plies
                .map_or_else(|| "None".to_string(), |p| p.to_string()),
            self.best_moves,
            self.pv,
            self.nodes,
            self.seconds
        )
    }
}

/// Solves `state` exactly (as `yomi solve`); `time` (seconds) gives up early with an unknown
/// value; `tt_mb` sizes the transposition table (0..=65536).
#[pyfunction]
#[pyo3(signature = (state, time = None, tt_mb = 64))]
pub fn solve(py: Python<'_>, state: &PyGame, time: Option<f64>, tt_mb: u64) -> PyResult<Solution> {
    let options = SolveOptions {
        time: optional_seconds("time", time)?,
        tt_megabytes: yomi_core::limits::TABLE_MB
            .check::<usize>(tt_mb)
            .map_err(value_error)?,
    };
    let state = state.inner.boxed_clone();
    let s = py.detach(|| state.solve(&options));
    Ok(Solution {
        value: s.value,
        result: s.result(),
        plies: s.plies,
        best_moves: s.best_moves,
        pv: s.pv,
        nodes: s.nodes,
        seconds: s.time.as_secs_f64(),
    })
}

/// Number of move sequences `depth` plies long from `state` (finished games are leaves).
#[pyfunction]
pub fn perft(py: Python<'_>, state: &PyGame, depth: u32) -> PyResult<u64> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth={depth} is out of range 0..={MAX_PERFT_DEPTH}"
        )));
    }
    let state = state.inner.boxed_clone();
    Ok(py.detach(|| state.perft(depth)))
}
