//! Fitting the party-strength model on feature subsets and the R² table of
//! the original experiment.
//!
//! Contract: the first `train` rows of a dataset train, the rest test; the
//! table uses the same split for every feature set, so rows compare.

use crate::data::Dex;
use crate::error::PartyError;
use crate::experiment::Dataset;
use crate::features::{Features, Group};
use crate::party::Party;
use crate::ridge::{self, RidgeFit};

/// The feature sets of the original table, in its order.
pub const TABLE_SETS: [&[Group]; 7] = [
    &[Group::P],
    &[Group::M],
    &[Group::P, Group::M],
    &[Group::P, Group::PP],
    &[Group::M, Group::MM],
    &[Group::P, Group::M, Group::PM],
    &[Group::P, Group::PP, Group::M, Group::MM, Group::PM],
];

/// Test R² the 2017 experiment reported for [`TABLE_SETS`].
pub const ORIGINAL_R2: [f64; 7] = [0.388, 0.312, 0.691, 0.388, 0.383, 0.847, 0.874];

/// Display name of a feature set ("P+M+PM").
pub fn set_name(groups: &[Group]) -> String {
    groups
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join("+")
}

/// Parses "P+M+PM" (or "all").
pub fn parse_set(s: &str) -> Result<Vec<Group>, PartyError> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(Group::ALL.to_vec());
    }
    let mut out = Vec::new();
    for part in s.split('+') {
        let g = Group::parse(part).ok_or_else(|| {
            PartyError::Params(format!(
                "unknown feature group {part:?} in {s:?} (use P, M, PP, MM, PM)"
            ))
        })?;
        if !out.contains(&g) {
            out.push(g);
        }
    }
    Ok(out)
}

/// A fitted linear model of the score over some feature columns.
#[derive(Clone, Debug)]
pub struct Model {
    /// The feature groups used.
    pub groups: Vec<Group>,
    /// Feature indices (into the full layout) of the model's columns.
    pub columns: Vec<usize>,
    /// The ridge fit over those columns.
    pub fit: RidgeFit,
    /// Weight per full-layout feature (0 outside the columns).
    pub weights: Vec<f64>,
}

impl Model {
    /// Fits on the given rows of a dataset.
    pub fn train(
        feats: &Features,
        data: &Dataset,
        rows: std::ops::Range<usize>,
        groups: &[Group],
        alphas: &[f64],
    ) -> Result<Model, PartyError> {
        let columns = feats.columns(groups);
        let x = design(feats, &data.parties[rows.clone()], &columns);
        let fit = ridge::fit(&x, rows.len(), columns.len(), &data.scores[rows], alphas)?;
        let mut weights = vec![0.0; feats.len()];
        for (k, &c) in columns.iter().enumerate() {
            weights[c] = fit.coef[k];
        }
        Ok(Model {
            groups: groups.to_vec(),
            columns,
            fit,
            weights,
        })
    }

    /// Predicted score of a party.
    pub fn predict(&self, feats: &Features, party: &Party) -> f64 {
        self.fit.intercept
            + feats
                .active(party)
                .iter()
                .map(|&i| self.weights[i])
                .sum::<f64>()
    }
}

/// Row-major 0/1 design matrix of parties over the given columns.
pub fn design(feats: &Features, parties: &[Party], columns: &[usize]) -> Vec<f64> {
    let mut pos = vec![usize::MAX; feats.len()];
    for (k, &c) in columns.iter().enumerate() {
        pos[c] = k;
    }
    let p = columns.len();
    let mut x = vec![0.0; parties.len() * p];
    for (r, party) in parties.iter().enumerate() {
        for i in feats.active(party) {
            if pos[i] != usize::MAX {
                x[r * p + pos[i]] = 1.0;
            }
        }
    }
    x
}

/// One row of the R² table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct R2Row {
    /// Feature set ("P+M").
    pub set: String,
    /// Number of features.
    pub features: usize,
    /// Chosen penalty.
    pub alpha: f64,
    /// R² on the held-out rows.
    pub r2_test: f64,
    /// R² on the training rows.
    pub r2_train: f64,
    /// What the 2017 experiment reported.
    pub original: f64,
}

/// Fits every feature set of the original table on rows `..train` and tests on the rest.
pub fn r2_table(
    dex: &Dex,
    data: &Dataset,
    train: usize,
    alphas: &[f64],
) -> Result<Vec<R2Row>, PartyError> {
    let n = data.parties.len();
    if train < 2 || train >= n {
        return Err(PartyError::Params(format!(
            "need 2 <= train < rows ({n}), got train = {train}"
        )));
    }
    for (what, range) in [("training", 0..train), ("held-out", train..n)] {
        let ys = &data.scores[range];
        if ys.iter().all(|&y| y == ys[0]) {
            return Err(PartyError::Params(format!(
                "every {what} score is {}: R² is undefined for a constant target",
                ys[0]
            )));
        }
    }
    let feats = Features::new(dex);
    let mut rows = Vec::new();
    for (groups, original) in TABLE_SETS.iter().zip(ORIGINAL_R2) {
        let model = Model::train(&feats, data, 0..train, groups, alphas)?;
        let score = |r: std::ops::Range<usize>| {
            let pred: Vec<f64> = data.parties[r.clone()]
                .iter()
                .map(|p| model.predict(&feats, p))
                .collect();
            ridge::r2(&data.scores[r], &pred)
        };
        rows.push(R2Row {
            set: set_name(groups),
            features: model.columns.len(),
            alpha: model.fit.alpha,
            r2_test: score(train..n),
            r2_train: score(0..train),
            original,
        });
    }
    Ok(rows)
}

/// Feature names with their coefficients.
pub type NamedCoefs = Vec<(String, f64)>;

/// The `k` largest and `k` smallest coefficients of a model, with names.
pub fn extremes(feats: &Features, model: &Model, k: usize) -> (NamedCoefs, NamedCoefs) {
    let mut v: Vec<(String, f64)> = model
        .columns
        .iter()
        .enumerate()
        .map(|(j, &c)| (feats.names()[c].clone(), model.fit.coef[j]))
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    let top = v.iter().take(k).cloned().collect();
    let bottom = v.iter().rev().take(k).cloned().collect();
    (top, bottom)
}

/// One feature set's model with every coefficient named (`yomi party fit --coefficients`,
/// checked against scikit-learn by `scripts/check_ridge.py`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct CoefSet {
    /// Feature set ("P+M").
    pub set: String,
    /// Chosen penalty.
    pub alpha: f64,
    /// Intercept.
    pub intercept: f64,
    /// Leave-one-out mean squared error of each penalty tried.
    pub loo_mse: Vec<f64>,
    /// Feature names, in column order.
    pub names: Vec<String>,
    /// Coefficients, in column order.
    pub coef: Vec<f64>,
}

/// The models of every [`TABLE_SETS`] set fitted on the first `train` rows, with their
/// coefficients named.
pub fn coefficient_sets(
    feats: &Features,
    data: &Dataset,
    train: usize,
    alphas: &[f64],
) -> Result<Vec<CoefSet>, PartyError> {
    TABLE_SETS
        .iter()
        .map(|groups| {
            let m = Model::train(feats, data, 0..train, groups, alphas)?;
            Ok(CoefSet {
                set: set_name(groups),
                alpha: m.fit.alpha,
                intercept: m.fit.intercept,
                loo_mse: m.fit.loo_mse.clone(),
                names: m
                    .columns
                    .iter()
                    .map(|&c| feats.names()[c].clone())
                    .collect(),
                coef: m.fit.coef.clone(),
            })
        })
        .collect()
}
