//! `yomi.freecell`: Microsoft deals, boards in fc-solve's text, legal moves, the solver (the
//! same library calls and defaults as `yomi freecell solve`) and the (board, move) dataset.
//!
//! Contract: moves are strings in standard notation (`5a`, `b2`, `8h`, `37v3`); verdicts are
//! the library's (`solved`, `unsolvable`, `intractable`); a deal number outside
//! `1..=MAX_DEAL`, malformed board or move text and bad solver options raise `ValueError`
//! with the library's message. Solving and dataset generation run without the GIL.

mod board;
mod dataset;
mod solve;

use pyo3::prelude::*;

/// Fills the `yomi.freecell` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<solve::SolveResult>()?;
    m.add_function(wrap_pyfunction!(board::deal, m)?)?;
    m.add_function(wrap_pyfunction!(board::deal_range, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::dataset, m)?)?;
    m.add("MAX_DEAL", yomi_freecell::MAX_DEAL)?;
    m.add("TENSOR_LEN", yomi_freecell::dataset::TENSOR_LEN)?;
    m.add("TENSOR_ROWS", yomi_freecell::dataset::TENSOR_ROWS)?;
    m.add("MAX_DATASET_DEALS", dataset::MAX_DATASET_DEALS)?;
    Ok(())
}
