//! The ridge fit (`yomi_party::ridge::fit`, scikit-learn's `RidgeCV` with exact leave-one-out
//! penalty selection), the party-strength model on a dataset (`yomi_party::model::Model`) and
//! hill-climbing party search on it (`yomi_party::search::search`), as `yomi party fit` /
//! `yomi party search` call them.
//!
//! Contract: shapes and sizes are checked before anything is allocated (at most
//! `MAX_RIDGE_FEATURES` columns: the fit forms a columns x columns matrix); fits run without
//! the GIL; a search is a function of its seed and returns distinct local optima, best first.

use super::battle::Party;
use super::dataset::Dataset;
use super::dex;
use crate::errors::value_error;
use numpy::{AllowTypeChange, IntoPyArray, PyArray1, PyArrayLike1, PyArrayLike2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yomi_party::features::Features;
use yomi_party::model::{self, Model as LibModel};
use yomi_party::ridge::{self, DEFAULT_ALPHAS, RidgeFit as LibFit};

/// Most columns `ridge_fit` accepts (its Gram matrix is columns² floats: 128 MiB here).
const MAX_RIDGE_FEATURES: usize = 4096;

/// A fitted ridge model: the chosen penalty, coefficients and intercept.
#[pyclass(module = "yomi.party", name = "RidgeFit", frozen)]
pub struct RidgeFit {
    fit: LibFit,
}

fn predict_rows(fit: &LibFit, x: &PyArrayLike2<'_, f64, AllowTypeChange>) -> PyResult<Vec<f64>> {
    let x = x.as_array();
    if x.ncols() != fit.coef.len() {
        return Err(PyValueError::new_err(format!(
            "X has {} columns, the fit has {} coefficients",
            x.ncols(),
            fit.coef.len()
        )));
    }
    Ok(x.rows()
        .into_iter()
        .map(|row| fit.intercept + row.iter().zip(&fit.coef).map(|(a, b)| a * b).sum::<f64>())
        .collect())
}

#[pymethods]
impl RidgeFit {
    /// The penalty chosen by leave-one-out cross-validation.
    #[getter]
    fn alpha(&self) -> f64 {
        self.fit.alpha
    }

    /// Coefficients, one per column of `X`.
    #[getter]
    fn coef<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.fit.coef.clone().into_pyarray(py)
    }

    /// The (unpenalized) intercept.
    #[getter]
    fn intercept(&self) -> f64 {
        self.fit.intercept
    }

    /// Mean squared leave-one-out error of each penalty tried, in `alphas` order.
    #[getter]
    fn loo_mse(&self) -> Vec<f64> {
        self.fit.loo_mse.clone()
    }

    /// Predictions `intercept + X @ coef` for the rows of `X`.
    #[allow(non_snake_case)]
    fn predict<'py>(
        &self,
        py: Python<'py>,
        X: PyArrayLike2<'py, f64, AllowTypeChange>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(predict_rows(&self.fit, &X)?.into_pyarray(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "RidgeFit(alpha={}, intercept={}, coefficients={})",
            self.fit.alpha,
            self.fit.intercept,
            self.fit.coef.len()
        )
    }
}

/// Ridge regression with an unpenalized intercept, the penalty picked from `alphas` by exact
/// leave-one-out error (what scikit-learn's `RidgeCV(alphas)` computes). `X` is `n x p`
/// (any numeric array or nested list: the dataset's `uint8` matrix as it is), `y` has `n`
/// values.
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (X, y, alphas = DEFAULT_ALPHAS.to_vec()))]
pub fn ridge_fit(
    py: Python<'_>,
    X: PyArrayLike2<'_, f64, AllowTypeChange>,
    y: PyArrayLike1<'_, f64, AllowTypeChange>,
    alphas: Vec<f64>,
) -> PyResult<RidgeFit> {
    let (x, y) = (X.as_array(), y.as_array());
    let (n, p) = x.dim();
    if y.len() != n {
        return Err(PyValueError::new_err(format!(
            "X has {n} rows but y has {} values",
            y.len()
        )));
    }
    if p > MAX_RIDGE_FEATURES {
        return Err(PyValueError::new_err(format!(
            "X has {p} columns, more than the {MAX_RIDGE_FEATURES} ridge_fit accepts"
        )));
    }
    let flat: Vec<f64> = x.iter().copied().collect();
    let ys: Vec<f64> = y.iter().copied().collect();
    let fit = py
        .detach(move || ridge::fit(&flat, n, p, &ys, &alphas))
        .map_err(value_error)?;
    Ok(RidgeFit { fit })
}

/// The party-strength model: a ridge fit of the scores over some feature groups.
#[pyclass(module = "yomi.party", name = "Model", frozen)]
pub struct Model {
    model: LibModel,
    profile: String,
    learnset: bool,
}

#[pymethods]
impl Model {
    /// The feature set, as `"P+PP+M+MM+PM"`.
    #[getter]
    fn features(&self) -> String {
        model::set_name(&self.model.groups)
    }

    /// The chosen penalty.
    #[getter]
    fn alpha(&self) -> f64 {
        self.model.fit.alpha
    }

    /// The intercept.
    #[getter]
    fn intercept(&self) -> f64 {
        self.model.fit.intercept
    }

    /// Coefficients, one per column of the model (`columns`).
    #[getter]
    fn coef<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.model.fit.coef.clone().into_pyarray(py)
    }

    /// The model's columns as indices of the full feature layout.
    #[getter]
    fn columns(&self) -> Vec<usize> {
        self.model.columns.clone()
    }

    /// The names of the model's columns.
    #[getter]
    fn names(&self) -> PyResult<Vec<String>> {
        let feats = Features::new(dex(&self.profile)?);
        Ok(self
            .model
            .columns
            .iter()
            .map(|&c| feats.names()[c].clone())
            .collect())
    }

    /// The rules profile.
    #[getter]
    fn profile(&self) -> &str {
        &self.profile
    }

    /// Predicted scores of `parties` (`Party` objects or spec strings).
    fn predict<'py>(
        &self,
        py: Python<'py>,
        parties: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let feats = Features::new(dex(&self.profile)?);
        let out: Vec<f64> = parties
            .iter()
            .map(|p| {
                Ok(self
                    .model
                    .predict(&feats, &Party::from_any(p, &self.profile)?))
            })
            .collect::<PyResult<_>>()?;
        Ok(out.into_pyarray(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "Model(features='{}', alpha={}, intercept={})",
            model::set_name(&self.model.groups),
            self.model.fit.alpha,
            self.model.fit.intercept
        )
    }
}

/// Fits the model of feature set `features` (`"all"`, `"P+M+PM"`...) on the first `train`
/// rows of `dataset` (all rows when None, as `yomi party search` does).
#[pyfunction]
#[pyo3(signature = (dataset, features = "all", alphas = DEFAULT_ALPHAS.to_vec(), train = None))]
pub fn fit_model(
    py: Python<'_>,
    dataset: &Dataset,
    features: &str,
    alphas: Vec<f64>,
    train: Option<usize>,
) -> PyResult<Model> {
    let n = dataset.data.parties.len();
    let train = train.unwrap_or(n);
    if !(2..=n).contains(&train) {
        return Err(PyValueError::new_err(format!(
            "train = {train} rows: need 2 <= train <= {n} (the dataset's rows)"
        )));
    }
    let groups = model::parse_set(features).map_err(value_error)?;
    let d = dex(&dataset.profile)?;
    let data = &dataset.data;
    let model = py
        .detach(|| {
            let feats = Features::new(d);
            LibModel::train(&feats, data, 0..train, &groups, &alphas)
        })
        .map_err(value_error)?;
    Ok(Model {
        model,
        profile: dataset.profile.clone(),
        learnset: dataset.meta.as_ref().is_some_and(|m| m.learnset),
    })
}

/// A party found by the search, with the model's prediction.
#[pyclass(module = "yomi.party", name = "Found", frozen, get_all)]
pub struct Found {
    /// The party (a local optimum of the model).
    pub party: Py<Party>,
    /// The model's predicted score.
    pub predicted: f64,
    /// Hill-climbing steps from its random start.
    pub steps: usize,
}

#[pymethods]
impl Found {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Found(party={}, predicted={}, steps={})",
            self.party.bind(py).repr()?,
            self.predicted,
            self.steps
        ))
    }
}

/// Steepest-ascent hill climbing on `model` from `starts` random parties (1..=1000000);
/// returns the distinct local optima, best first. `learnset` (default: the dataset's) keeps
/// every member to moves of its learnset.
#[pyfunction]
#[pyo3(signature = (model, starts = 200, seed = 7, learnset = None))]
pub fn search(
    py: Python<'_>,
    model: &Model,
    starts: u64,
    seed: u64,
    learnset: Option<bool>,
) -> PyResult<Vec<Found>> {
    let starts: usize = yomi_party::search::STARTS
        .check(starts)
        .map_err(value_error)?;
    let d = dex(&model.profile)?;
    let learnset = learnset.unwrap_or(model.learnset);
    let lib = &model.model;
    let found = py.detach(|| yomi_party::search::search(d, lib, starts, seed, learnset));
    found
        .into_iter()
        .map(|f| {
            Ok(Found {
                party: Py::new(
                    py,
                    Party {
                        party: f.party,
                        profile: model.profile.clone(),
                    },
                )?,
                predicted: f.predicted,
                steps: f.steps,
            })
        })
        .collect()
}
