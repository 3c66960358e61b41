//! `yomi.deck`: solve a deck-building request as `yomi deck solve` does.
//!
//! Contract: an instance is the JSON instance format of the CLI (`pieces`, `pairs`,
//! `leader_pairs`, `request`), given as JSON text or as Python objects whose tables may be
//! lists of row dicts, dicts of columns or DataFrame-like objects (`to_dict("records")`); it
//! is read by `yomi_deck::formats::parse_json`, so a malformed one raises `ValueError` with
//! the library's message. A request the library's diagnosis proves infeasible gives a report
//! with its reasons, as the CLI prints it.

mod convert;
mod solve;

use pyo3::prelude::*;

/// Fills the `yomi.deck` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<solve::DeckReport>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::diagnose, m)?)?;
    Ok(())
}
