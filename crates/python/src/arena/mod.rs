//! `yomi.arena`: matches between strategy specs on the built-in games (the runner and report of
//! `yomi arena`), and the match statistics (Elo, LOS, SPRT) as plain functions.
//!
//! Contract: a match is the CLI's match for the same options (same seed, same figures), run off
//! the GIL and stopped by Ctrl-C; statistics are the library's formulas. Bad games, specs and
//! settings raise `ValueError` with the library's message.

pub(crate) mod matches;
mod stats;

use pyo3::prelude::*;

/// Fills the `yomi.arena` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<crate::report::MatchResult>()?;
    m.add_class::<stats::EloEstimate>()?;
    m.add_class::<stats::Sprt>()?;
    m.add_function(wrap_pyfunction!(matches::run_match, m)?)?;
    m.add_function(wrap_pyfunction!(stats::elo, m)?)?;
    m.add_function(wrap_pyfunction!(stats::elo_pentanomial, m)?)?;
    m.add_function(wrap_pyfunction!(stats::los, m)?)?;
    m.add_function(wrap_pyfunction!(stats::los_pentanomial, m)?)?;
    m.add_function(wrap_pyfunction!(stats::elo_from_score, m)?)?;
    m.add_function(wrap_pyfunction!(stats::score_from_elo, m)?)?;
    Ok(())
}
