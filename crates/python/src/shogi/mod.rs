//! `yomi.shogi`: boards, records, the engine's evaluation, the df-pn mate solver and the
//! network encoders.
//!
//! Contract: functions over positions take `Board` objects; batch functions take a sequence of
//! boards (or SFEN strings) and return one numpy array, filled without the GIL.

mod board;
mod dataset;
mod encode;
mod engine;
mod record;
mod solve;

use pyo3::prelude::*;

/// Fills the `yomi.shogi` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<record::Record>()?;
    m.add_class::<solve::MateResult>()?;
    m.add_class::<engine::Engine>()?;
    m.add_function(wrap_pyfunction!(engine::run_match, m)?)?;
    m.add_function(wrap_pyfunction!(board::move_to_usi, m)?)?;
    m.add_function(wrap_pyfunction!(solve::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(solve::mate, m)?)?;
    m.add_function(wrap_pyfunction!(solve::perft, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::read_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::write_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode_batch, m)?)?;
    m.add_function(wrap_pyfunction!(encode::move_label, m)?)?;
    m.add_function(wrap_pyfunction!(encode::move_labels, m)?)?;
    m.add("STARTPOS", yomi_shogi::STARTPOS)?;
    m.add("PLANES", yomi_shogi_nn::PLANES)?;
    m.add("MOVE_LABELS", yomi_shogi_nn::policy::MOVE_LABELS)?;
    Ok(())
}
