//! The (board, move) training dataset of a deal range, held in memory as numpy arrays.
//!
//! Contract: the rows are `yomi_freecell::dataset::range_rows`'s, the rows `yomi freecell
//! dataset` writes to its shards for the same deals and solver options (the solver is
//! deterministic for a given `seed`); Ctrl-C stops between deals. The range is capped at
//! `MAX_DATASET_DEALS` deals so that memory stays bounded (the CLI writes larger ranges to
//! disk shard by shard).

use super::board::deal_number;
use crate::errors::value_error;
use crate::interrupt::run_stoppable;
use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use yomi_freecell::dataset::{TENSOR_LEN, range_rows};
use yomi_freecell::{DealRange, Layout, MAX_DEAL, SolveOptions};

/// Most deals one `dataset` call solves (about 100 rows of 176 bytes plus text each).
pub const MAX_DATASET_DEALS: u64 = 100_000;

/// Solves deals `first..=last` (`last` defaults to `first`) and returns their training rows,
/// one per move of each verified, shortened solution, in deal and move order, as a dict:
///
/// * `tensor`: `uint8` array `(rows, TENSOR_LEN)`, the board before the move (`Board.encode`),
/// * `deal` (`uint64`), `step` (`uint32`, 0-based), `remaining` (`uint32`, moves left
///   including this one), `auto` (`bool`): arrays `(rows,)`,
/// * `move` (standard notation), `move_hex`, `board` (fc-solve text, full form): lists,
/// * `solved` (count), `unsolvable`, `intractable` (deal numbers): the deals' verdicts.
///
/// The solver runs with `yomi freecell solve`'s defaults and the given `seed` and `cells`.
#[pyfunction]
#[pyo3(signature = (first, last = None, *, cells = 4, seed = 0))]
pub fn dataset<'py>(
    py: Python<'py>,
    first: i128,
    last: Option<i128>,
    cells: usize,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let (a, b) = (deal_number(first)?, deal_number(last.unwrap_or(first))?);
    let range = DealRange::new(a, b).ok_or_else(|| {
        PyValueError::new_err(format!(
            "deals {a}..{b}: expected 1 <= first <= last <= {MAX_DEAL}"
        ))
    })?;
    if range.len() > MAX_DATASET_DEALS {
        return Err(PyValueError::new_err(format!(
            "deals {range}: at most {MAX_DATASET_DEALS} deals in one call, got {}",
            range.len()
        )));
    }
    let layout = Layout { cols: 8, cells };
    let opts = SolveOptions {
        seed,
        ..SolveOptions::default()
    };
    let (rows, stats) = run_stoppable(py, move |stop| range_rows(range, layout, &opts, stop))?
        .map_err(value_error)?;
    let n = rows.len();
    let mut tensor = Vec::with_capacity(n * TENSOR_LEN);
    let mut deal = Vec::with_capacity(n);
    let mut step = Vec::with_capacity(n);
    let mut remaining = Vec::with_capacity(n);
    let mut auto = Vec::with_capacity(n);
    let mut mv = Vec::with_capacity(n);
    let mut mv_hex = Vec::with_capacity(n);
    let mut board = Vec::with_capacity(n);
    for r in rows {
        tensor.extend_from_slice(&r.tensor);
        deal.push(r.deal);
        step.push(r.step);
        remaining.push(r.remaining);
        auto.push(r.auto);
        mv.push(r.move_std);
        mv_hex.push(r.move_hex);
        board.push(r.board);
    }
    let out = PyDict::new(py);
    let tensor: Bound<'py, PyArray1<u8>> = tensor.into_pyarray(py);
    out.set_item("tensor", tensor.reshape([n, TENSOR_LEN])?)?;
    out.set_item("deal", deal.into_pyarray(py))?;
    out.set_item("step", step.into_pyarray(py))?;
    out.set_item("remaining", remaining.into_pyarray(py))?;
    out.set_item("auto", auto.into_pyarray(py))?;
    out.set_item("move", mv)?;
    out.set_item("move_hex", mv_hex)?;
    out.set_item("board", board)?;
    out.set_item("solved", stats.solved)?;
    out.set_item("unsolvable", stats.unsolvable)?;
    out.set_item("intractable", stats.intractable)?;
    Ok(out)
}
