//! Ridge regression with an unpenalized intercept and exact leave-one-out
//! cross-validation over a grid of penalties — what scikit-learn's `RidgeCV`
//! (default `gcv_mode`, `fit_intercept=True`) computes.
//!
//! Contract: one symmetric eigendecomposition per fit. With `Xc`, `yc` the
//! centered data and `Xcᵀ Xc = V diag(s) Vᵀ`, each penalty α gives
//! `β = V diag(1/(s+α)) Vᵀ Xcᵀ yc`, hat-matrix diagonal
//! `h = 1/n + Σᵢ (Xc V)²ᵢ/(sᵢ+α)` (the `1/n` is the unpenalized intercept),
//! and LOO errors `(yc - Xc β) / (1 - h)`. The penalty with the smallest mean
//! squared LOO error wins; ties go to the earlier penalty (scikit-learn keeps
//! the first strict improvement). Intercept = `ȳ - x̄·β`.

use crate::error::PartyError;
use nalgebra::{DMatrix, DVector, SymmetricEigen};

/// scikit-learn's default `RidgeCV` penalties.
pub const DEFAULT_ALPHAS: [f64; 3] = [0.1, 1.0, 10.0];

/// A fitted ridge model.
#[derive(Clone, Debug, PartialEq)]
pub struct RidgeFit {
    /// The chosen penalty.
    pub alpha: f64,
    /// Coefficients, one per column.
    pub coef: Vec<f64>,
    /// Intercept (unpenalized).
    pub intercept: f64,
    /// Mean squared leave-one-out error for each penalty of the grid.
    pub loo_mse: Vec<f64>,
}

impl RidgeFit {
    /// Prediction for one row.
    pub fn predict_row(&self, row: &[f64]) -> f64 {
        self.intercept + row.iter().zip(&self.coef).map(|(a, b)| a * b).sum::<f64>()
    }
}

/// Fits ridge regression with LOO selection of `alphas` on row-major `x`
/// (`n` rows of `p` values) and targets `y`.
pub fn fit(
    x: &[f64],
    n: usize,
    p: usize,
    y: &[f64],
    alphas: &[f64],
) -> Result<RidgeFit, PartyError> {
    if n < 2 || p == 0 || x.len() != n * p || y.len() != n {
        return Err(PartyError::Params(format!(
            "ridge needs n >= 2 rows of p >= 1 values (n={n}, p={p})"
        )));
    }
    if alphas.is_empty() || alphas.iter().any(|a| !(a.is_finite() && *a > 0.0)) {
        return Err(PartyError::Params(
            "alphas must be positive and finite".into(),
        ));
    }
    let nf = n as f64;
    let mut mean = vec![0.0; p];
    for r in 0..n {
        for (m, v) in mean.iter_mut().zip(&x[r * p..(r + 1) * p]) {
            *m += v;
        }
    }
    mean.iter_mut().for_each(|m| *m /= nf);
    let ymean = y.iter().sum::<f64>() / nf;
    let xc = DMatrix::from_fn(n, p, |i, j| x[i * p + j] - mean[j]);
    let yc = DVector::from_iterator(n, y.iter().map(|v| v - ymean));
    let gram = xc.tr_mul(&xc);
    let eig = SymmetricEigen::new(gram);
    let s: Vec<f64> = eig.eigenvalues.iter().map(|v| v.max(0.0)).collect();
    let v = eig.eigenvectors;
    let q = v.tr_mul(&xc.tr_mul(&yc));
    let z = &xc * &v;
    let z2 = z.map(|e| e * e);
    let mut best: Option<(f64, usize)> = None;
    let mut loo_mse = Vec::with_capacity(alphas.len());
    for (k, &a) in alphas.iter().enumerate() {
        let d = DVector::from_iterator(p, s.iter().map(|si| 1.0 / (si + a)));
        let dq = d.component_mul(&q);
        let resid = &yc - &z * &dq;
        let h = z2.clone() * &d;
        let mse = (0..n)
            .map(|j| (resid[j] / (1.0 - (h[j] + 1.0 / nf))).powi(2))
            .sum::<f64>()
            / nf;
        loo_mse.push(mse);
        if best.is_none_or(|(b, _)| mse < b) {
            best = Some((mse, k));
        }
    }
    let (_, k) = best.ok_or_else(|| PartyError::Params("no alpha".into()))?;
    let alpha = alphas[k];
    let d = DVector::from_iterator(p, s.iter().map(|si| 1.0 / (si + alpha)));
    let beta = &v * d.component_mul(&q);
    let coef: Vec<f64> = beta.iter().copied().collect();
    let intercept = ymean - mean.iter().zip(&coef).map(|(m, c)| m * c).sum::<f64>();
    if !intercept.is_finite() || coef.iter().any(|c| !c.is_finite()) {
        return Err(PartyError::Params(
            "ridge fit produced non-finite coefficients".into(),
        ));
    }
    Ok(RidgeFit {
        alpha,
        coef,
        intercept,
        loo_mse,
    })
}

/// Coefficient of determination `1 - SS_res / SS_tot` (scikit-learn's `r2_score`).
pub fn r2(y: &[f64], pred: &[f64]) -> f64 {
    let m = y.iter().sum::<f64>() / y.len() as f64;
    let ss_res: f64 = y.iter().zip(pred).map(|(a, b)| (a - b).powi(2)).sum();
    let ss_tot: f64 = y.iter().map(|a| (a - m).powi(2)).sum();
    1.0 - ss_res / ss_tot
}
