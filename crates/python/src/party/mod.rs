//! `yomi.party`: Gen-1 3v3 parties and battles, the random-battle dataset with its binary
//! pair-relation features, the ridge fit with leave-one-out penalty selection, and
//! model-guided party search (crate `yomi-party`, as `yomi party ...` wires it).
//!
//! Contract: parties are parsed with the library's spec grammar (`Species:Move/Move/Move/Move;
//! ...`) against a rules profile's data (`cartridge` or `pokeai2017`); every randomized call
//! takes a seed and is a function of it; feature matrices and targets are numpy arrays; long
//! work (dataset generation) runs without the GIL and stops on Ctrl-C.

mod battle;
mod dataset;
mod fit;

use crate::errors::value_error;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use yomi_party::Dex;

/// The embedded Gen-1 data under `profile`, loaded once per profile (only the profiles the
/// data file defines ever load, so at most a handful stay in memory).
pub(crate) fn dex(profile: &str) -> PyResult<&'static Dex> {
    static CACHE: OnceLock<Mutex<HashMap<String, &'static Dex>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(d) = map.get(profile) {
        return Ok(d);
    }
    let d: &'static Dex = Box::leak(Box::new(Dex::load(profile).map_err(value_error)?));
    map.insert(profile.to_string(), d);
    Ok(d)
}

/// Fills the `yomi.party` module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<battle::Party>()?;
    m.add_class::<battle::BattleResult>()?;
    m.add_function(wrap_pyfunction!(battle::battle, m)?)?;
    m.add_function(wrap_pyfunction!(battle::random_parties, m)?)?;
    m.add_class::<dataset::Dataset>()?;
    m.add_function(wrap_pyfunction!(dataset::generate_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::load_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::features, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::feature_names, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::feature_columns, m)?)?;
    m.add_class::<fit::RidgeFit>()?;
    m.add_function(wrap_pyfunction!(fit::ridge_fit, m)?)?;
    m.add_class::<fit::Model>()?;
    m.add_class::<fit::Found>()?;
    m.add_function(wrap_pyfunction!(fit::fit_model, m)?)?;
    m.add_function(wrap_pyfunction!(fit::search, m)?)?;
    m.add("DEFAULT_ALPHAS", yomi_party::ridge::DEFAULT_ALPHAS.to_vec())?;
    m.add("PROFILES", yomi_party::data::PROFILES.to_vec())?;
    Ok(())
}
