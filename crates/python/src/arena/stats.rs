//! Match statistics as plain functions: Elo with its 95% interval from W/D/L (trinomial) or
//! pair counts (pentanomial), LOS, Elo <-> score, and the SPRT's log-likelihood ratio.
//!
//! Contract: every figure is the library's (`yomi_arena::stats`, `yomi_arena::sprt`); counts
//! are non-negative integers below 2^32 (`ValueError` otherwise); undefined figures are NaN
//! and infinite ones ±inf, as the library returns them.

use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yomi_arena::stats::{self, EloEstimate as Estimate};
use yomi_arena::{EloModel, Pentanomial, SprtConfig, Trinomial};

/// A count given from Python.
fn count(name: &str, v: i64) -> PyResult<u32> {
    u32::try_from(v)
        .map_err(|_| PyValueError::new_err(format!("{name}={v} is out of range 0..={}", u32::MAX)))
}

fn trinomial(wins: i64, draws: i64, losses: i64) -> PyResult<Trinomial> {
    Ok(Trinomial {
        wins: count("wins", wins)?,
        draws: count("draws", draws)?,
        losses: count("losses", losses)?,
    })
}

fn pentanomial(counts: Vec<i64>) -> PyResult<Pentanomial> {
    let Ok(c) = <[i64; 5]>::try_from(counts.as_slice()) else {
        return Err(PyValueError::new_err(format!(
            "a pentanomial is 5 pair counts (0, 1/2, 1, 3/2 and 2 points), got {}",
            counts.len()
        )));
    };
    let mut p = Pentanomial::default();
    for (slot, v) in p.0.iter_mut().zip(c) {
        *slot = count("pair count", v)?;
    }
    Ok(p)
}

/// An Elo estimate with its 95% confidence interval.
#[pyclass(module = "yomi.arena", name = "EloEstimate", frozen, get_all)]
pub struct EloEstimate {
    /// Mean score fraction in [0, 1] (NaN with no games).
    pub score: f64,
    /// Standard error of the mean score.
    pub stderr: f64,
    /// Elo(score) = -400 log10(1/score - 1).
    pub elo: f64,
    /// Elo at the lower end of the 95% score interval.
    pub lower: f64,
    /// Elo at the upper end of the 95% score interval.
    pub upper: f64,
    /// Half the interval width; inf when an end is infinite.
    pub error: f64,
    /// Normalized Elo.
    pub nelo: f64,
    /// Half-width of the 95% nElo interval.
    pub nelo_error: f64,
}

impl From<Estimate> for EloEstimate {
    fn from(e: Estimate) -> EloEstimate {
        EloEstimate {
            score: e.score,
            stderr: e.stderr,
            elo: e.elo,
            lower: e.lower,
            upper: e.upper,
            error: e.error,
            nelo: e.nelo,
            nelo_error: e.nelo_error,
        }
    }
}

#[pymethods]
impl EloEstimate {
    fn __repr__(&self) -> String {
        format!(
            "EloEstimate(elo={:.2}, error={:.2}, lower={:.2}, upper={:.2}, score={:.4}, nelo={:.2})",
            self.elo, self.error, self.lower, self.upper, self.score, self.nelo
        )
    }
}

/// Elo from per-game counts, games treated as independent (trinomial variance).
#[pyfunction]
pub fn elo(wins: i64, draws: i64, losses: i64) -> PyResult<EloEstimate> {
    Ok(trinomial(wins, draws, losses)?.elo().into())
}

/// Elo from pair counts `[0, 1/2, 1, 3/2, 2 points]` (pentanomial variance), as match reports.
#[pyfunction]
pub fn elo_pentanomial(counts: Vec<i64>) -> PyResult<EloEstimate> {
    Ok(pentanomial(counts)?.elo().into())
}

/// Likelihood of superiority from W/D/L: 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))).
#[pyfunction]
pub fn los(wins: i64, draws: i64, losses: i64) -> PyResult<f64> {
    Ok(trinomial(wins, draws, losses)?.los())
}

/// Likelihood of superiority from pair counts (normal approximation), as match reports.
#[pyfunction]
pub fn los_pentanomial(counts: Vec<i64>) -> PyResult<f64> {
    Ok(pentanomial(counts)?.los())
}

/// Elo difference of a score fraction: -400 log10(1/s - 1) (NaN outside [0, 1]).
#[pyfunction]
pub fn elo_from_score(score: f64) -> f64 {
    stats::elo_from_score(score)
}

/// Expected score fraction of an Elo difference: 1 / (1 + 10^(-elo/400)).
#[pyfunction]
pub fn score_from_elo(elo: f64) -> f64 {
    stats::score_from_elo(elo)
}

/// SPRT settings: H0 `elo0` against H1 `elo1` with error rates `alpha` and `beta`, in the
/// `logistic` or `normalized` Elo model.
#[pyclass(module = "yomi.arena", name = "Sprt", frozen)]
pub struct Sprt {
    config: SprtConfig,
}

#[pymethods]
impl Sprt {
    /// Checked settings (`ValueError` with the library's message when they are not valid).
    #[new]
    #[pyo3(signature = (elo0, elo1, alpha = 0.05, beta = 0.05, model = "logistic"))]
    fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64, model: &str) -> PyResult<Sprt> {
        let config = SprtConfig {
            elo0,
            elo1,
            alpha,
            beta,
            model: model.parse::<EloModel>().map_err(value_error)?,
        };
        config.validate().map_err(value_error)?;
        Ok(Sprt { config })
    }

    /// Parses the CLI's `--sprt` text, `elo0,elo1[,alpha,beta[,model]]`.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Sprt> {
        Ok(Sprt {
            config: text.parse().map_err(value_error)?,
        })
    }

    /// H0's Elo.
    #[getter]
    fn elo0(&self) -> f64 {
        self.config.elo0
    }
    /// H1's Elo.
    #[getter]
    fn elo1(&self) -> f64 {
        self.config.elo1
    }
    /// False-positive rate.
    #[getter]
    fn alpha(&self) -> f64 {
        self.config.alpha
    }
    /// False-negative rate.
    #[getter]
    fn beta(&self) -> f64 {
        self.config.beta
    }
    /// `"logistic"` or `"normalized"`.
    #[getter]
    fn model(&self) -> String {
        self.config.model.to_string()
    }
    /// ln(beta / (1 - alpha)): H0 is accepted at or below.
    #[getter]
    fn lower_bound(&self) -> f64 {
        self.config.lower_bound()
    }
    /// ln((1 - beta) / alpha): H1 is accepted at or above.
    #[getter]
    fn upper_bound(&self) -> f64 {
        self.config.upper_bound()
    }

    /// The log-likelihood ratio of H1 against H0 from pair counts (what matches use).
    fn llr_pentanomial(&self, counts: Vec<i64>) -> PyResult<f64> {
        Ok(self.config.llr_pentanomial(&pentanomial(counts)?))
    }

    /// The log-likelihood ratio from W/D/L, games treated as independent.
    fn llr_trinomial(&self, wins: i64, draws: i64, losses: i64) -> PyResult<f64> {
        Ok(self.config.llr_trinomial(&trinomial(wins, draws, losses)?))
    }

    /// `"H0 accepted"`, `"H1 accepted"` or `"continue"` for a log-likelihood ratio.
    fn decide(&self, llr: f64) -> String {
        self.config.decide(llr).to_string()
    }

    fn __repr__(&self) -> String {
        let c = &self.config;
        format!(
            "Sprt(elo0={}, elo1={}, alpha={}, beta={}, model='{}')",
            c.elo0, c.elo1, c.alpha, c.beta, c.model
        )
    }
}
