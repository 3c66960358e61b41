//! The random-battle experiment as numpy data: `generate_dataset` (what `yomi party dataset`
//! computes, without writing files), `load_dataset` (a CSV that command wrote), and the
//! binary pair-relation features (`yomi_party::features`).
//!
//! Contract: `generate_dataset` validates its sizes with the library's `Meta::validate`
//! before allocating, derives opponents, parties and games from the seed exactly as
//! `yomi_party::dataset::run` does (so its scores equal the CSV's for the same options),
//! runs without the GIL in chunks of `yomi_party::dataset::CHUNK` parties and stops on
//! Ctrl-C between chunks. Feature matrices are `uint8` 0/1, one row per party, columns in
//! the library's layout (`feature_names`).

use super::battle::Party;
use super::dex;
use crate::errors::value_error;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use std::path::Path;
use std::sync::atomic::Ordering;
use yomi_core::rng::derive_seed;
use yomi_party::dataset::{CHUNK, Meta, read_meta};
use yomi_party::experiment::{self, Dataset as LibDataset};
use yomi_party::features::Features;
use yomi_party::{Dex, model};

/// Scored random parties: the experiment's output.
#[pyclass(module = "yomi.party", name = "Dataset", frozen)]
pub struct Dataset {
    pub(crate) data: LibDataset,
    pub(crate) profile: String,
    /// The run's parameters (None for a CSV without its `.meta.json`).
    pub(crate) meta: Option<Meta>,
}

/// The 0/1 feature rows of `parties` as an `n x features` matrix.
fn feature_matrix(d: &Dex, parties: &[yomi_party::Party]) -> (Vec<u8>, usize) {
    let feats = Features::new(d);
    let p = feats.len();
    let mut x = vec![0u8; parties.len() * p];
    for (r, party) in parties.iter().enumerate() {
        for i in feats.active(party) {
            x[r * p + i] = 1;
        }
    }
    (x, p)
}

fn to_matrix<'py>(py: Python<'py>, x: Vec<u8>, n: usize, p: usize) -> Bound<'py, PyArray2<u8>> {
    numpy::ndarray::Array2::from_shape_vec((n, p), x)
        .expect("n * p elements")
        .into_pyarray(py)
}

#[pymethods]
impl Dataset {
    /// Number of parties.
    fn __len__(&self) -> usize {
        self.data.parties.len()
    }

    /// The feature matrix `X` (`uint8`, parties x 435 for the built-in data).
    #[getter(X)]
    fn x<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let d = dex(&self.profile)?;
        let (x, p) = feature_matrix(d, &self.data.parties);
        Ok(to_matrix(py, x, self.data.parties.len(), p))
    }

    /// The target `y`: each party's score (wins + draws/2) / games, in [0, 1].
    #[getter]
    fn y<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.data.scores.clone().into_pyarray(py)
    }

    /// The parties, in generation order.
    #[getter]
    fn parties(&self) -> Vec<Party> {
        self.data
            .parties
            .iter()
            .map(|&party| Party {
                party,
                profile: self.profile.clone(),
            })
            .collect()
    }

    /// The rules profile.
    #[getter]
    fn profile(&self) -> &str {
        &self.profile
    }

    /// The run's parameters as a dict (`profile`, `parties`, `opponents`, `games`, `seed`,
    /// `learnset`), or None when unknown (a CSV without `.meta.json`).
    #[getter]
    fn meta<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
        let Some(m) = &self.meta else { return Ok(None) };
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("profile", &m.profile)?;
        dict.set_item("parties", m.parties)?;
        dict.set_item("opponents", m.opponents)?;
        dict.set_item("games", m.games)?;
        dict.set_item("seed", m.seed)?;
        dict.set_item("learnset", m.learnset)?;
        Ok(Some(dict))
    }

    fn __repr__(&self) -> String {
        format!(
            "Dataset(parties={}, profile='{}')",
            self.data.parties.len(),
            self.profile
        )
    }
}

/// Runs the random-battle experiment (`yomi party dataset`, without files): `parties` random
/// parties each play `games` random-play games against each of `opponents` fixed random
/// opponents; score = (wins + draws/2) / games played. Same options, same dataset.
#[pyfunction]
#[pyo3(signature = (parties = 10_000, opponents = 100, games = 1, seed = 2017, profile = "cartridge", learnset = false))]
pub fn generate_dataset(
    py: Python<'_>,
    parties: usize,
    opponents: usize,
    games: usize,
    seed: u64,
    profile: &str,
    learnset: bool,
) -> PyResult<Dataset> {
    let d = dex(profile)?;
    let meta = Meta {
        profile: d.profile.clone(),
        parties,
        opponents,
        games,
        seed,
        learnset,
    };
    meta.validate().map_err(value_error)?;
    let cfg = meta.config();
    let done = crate::interrupt::run_stoppable(py, move |stop| {
        let opps = experiment::opponents(d, &cfg);
        let all = experiment::parties(d, &cfg);
        let stream = derive_seed(cfg.seed, 2);
        let mut scores = Vec::with_capacity(all.len());
        while scores.len() < all.len() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let lo = scores.len();
            let hi = (lo + CHUNK).min(all.len());
            scores.extend(experiment::score_all(
                d,
                &all[lo..hi],
                &opps,
                cfg.games,
                stream,
                lo as u64,
                &|_| {},
            ));
        }
        Some(LibDataset {
            parties: all,
            scores,
        })
    })?;
    let data = done.ok_or_else(|| PyKeyboardInterrupt::new_err("dataset generation stopped"))?;
    Ok(Dataset {
        data,
        profile: d.profile.clone(),
        meta: Some(meta),
    })
}

/// Reads a dataset CSV written by `yomi party dataset` (with its `.meta.json` when present,
/// which gives the profile; `cartridge` otherwise).
#[pyfunction]
pub fn load_dataset(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Dataset> {
    py.detach(|| {
        let meta = read_meta(Path::new(&path)).map_err(value_error)?;
        let profile = meta.as_ref().map_or("cartridge", |m| m.profile.as_str());
        let d = dex(profile)?;
        let data = yomi_party::io::read_csv(&path, d).map_err(value_error)?;
        Ok(Dataset {
            data,
            profile: d.profile.clone(),
            meta,
        })
    })
}

/// The feature matrix (`uint8`, one 0/1 row per party) of `parties` (`Party` objects or
/// spec strings).
#[pyfunction]
#[pyo3(signature = (parties, profile = "cartridge"))]
pub fn features<'py>(
    py: Python<'py>,
    parties: Vec<Bound<'py, PyAny>>,
    profile: &str,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let d = dex(profile)?;
    let list: Vec<yomi_party::Party> = parties
        .iter()
        .map(|p| Party::from_any(p, profile))
        .collect::<PyResult<_>>()?;
    let (x, p) = feature_matrix(d, &list);
    Ok(to_matrix(py, x, list.len(), p))
}

/// Feature names in column order ("Gengar", "Psychic", "Gengar&Jynx", ...).
#[pyfunction]
#[pyo3(signature = (profile = "cartridge"))]
pub fn feature_names(profile: &str) -> PyResult<Vec<String>> {
    Ok(Features::new(dex(profile)?).names().to_vec())
}

/// Column indices of a feature set (`"P+M+PM"`, `"all"`; groups P, M, PP, MM, PM), in
/// layout order.
#[pyfunction]
#[pyo3(signature = (groups = "all", profile = "cartridge"))]
pub fn feature_columns(groups: &str, profile: &str) -> PyResult<Vec<usize>> {
    let set = model::parse_set(groups).map_err(value_error)?;
    Ok(Features::new(dex(profile)?).columns(&set))
}
