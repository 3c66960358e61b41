//! Sequential probability ratio test settings and decisions.
//!
//! Contract: an [`SprtConfig`] tests H0 "the Elo difference is `elo0`" against
//! H1 "it is `elo1`" (`elo0 < elo1`) with false-positive rate `alpha` and
//! false-negative rate `beta`. The LLR (see [`crate::gsprt`]) is compared with
//! the Wald bounds ln(β/(1−α)) and ln((1−β)/α): at or below the lower bound H0
//! is accepted, at or above the upper bound H1, otherwise the test goes on.
//! Elo in the hypotheses is either logistic (classic Elo, the score model of
//! [`crate::stats::score_from_elo`]) or normalized (nElo, score excess in
//! units of the per-game standard deviation). Empty buckets count as 0.001
//! observations so that one-sided early results keep a finite LLR.

use crate::gsprt;
use crate::stats::{NELO_SCALE, Pentanomial, Trinomial, score_from_elo};
use std::fmt;
use std::str::FromStr;

/// Which Elo scale the SPRT hypotheses are stated in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    /// Classic (logistic) Elo: expected score 1/(1 + 10^(−elo/400)).
    #[default]
    Logistic,
    /// Normalized Elo: (score − ½)/σ_game · 800/ln 10.
    Normalized,
}

impl fmt::Display for EloModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EloModel::Logistic => "logistic",
            EloModel::Normalized => "normalized",
        })
    }
}

impl FromStr for EloModel {
    type Err = SprtError;
    fn from_str(s: &str) -> Result<Self, SprtError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "logistic" => Ok(EloModel::Logistic),
            "normalized" | "normalised" => Ok(EloModel::Normalized),
            other => Err(SprtError::UnknownModel(other.to_string())),
        }
    }
}

/// What is wrong with SPRT settings.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// Not 2 or 4 (or 5 with a model) comma-separated values.
    #[error("expected 'elo0,elo1[,alpha,beta[,model]]' (e.g. '0,5' or '0,5,0.05,0.05'), got '{0}'")]
    Shape(String),
    /// A value is not a finite number.
    #[error("SPRT {field} '{text}' is not a number")]
    NotANumber {
        /// Which value (elo0, elo1, alpha, beta).
        field: &'static str,
        /// The text given.
        text: String,
    },
    /// The hypotheses are not ordered.
    #[error("SPRT elo0 ({elo0}) must be less than elo1 ({elo1})")]
    Order {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// alpha or beta outside (0, 1).
    #[error("SPRT {name} must be strictly between 0 and 1, got {value}")]
    Probability {
        /// "alpha" or "beta".
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// alpha + beta ≥ 1 makes the bounds cross.
    #[error("SPRT alpha + beta must be below 1, got {alpha} + {beta}")]
    Sum {
        /// alpha.
        alpha: f64,
        /// beta.
        beta: f64,
    },
    /// The model name is unknown.
    #[error("unknown SPRT Elo model '{0}'; valid models: logistic, normalized")]
    UnknownModel(String),
}

/// SPRT settings: hypotheses (in Elo of `model`) and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
    /// Scale the hypotheses are stated in.
    pub model: EloModel,
}

/// The state of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum SprtResult {
    /// The LLR reached the lower bound: A is not `elo1` stronger (H0 holds).
    #[serde(rename = "H0 accepted")]
    H0,
    /// The LLR reached the upper bound: A is at least about `elo1` stronger (H1 holds).
    #[serde(rename = "H1 accepted")]
    H1,
    /// Neither bound reached.
    #[serde(rename = "continue")]
    Continue,
}

impl fmt::Display for SprtResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtResult::H0 => "H0 accepted",
            SprtResult::H1 => "H1 accepted",
            SprtResult::Continue => "continue",
        })
    }
}

/// Count used in place of an empty bucket.
const EMPTY_BUCKET: f64 = 1e-3;

fn regularized(counts: &[u32]) -> Vec<f64> {
    if counts.iter().all(|&c| c == 0) {
        return vec![0.0; counts.len()];
    }
    counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_BUCKET } else { c as f64 })
        .collect()
}

impl SprtConfig {
    /// Settings with the usual α = β = 0.05 and the logistic model.
    pub fn new(elo0: f64, elo1: f64) -> SprtConfig {
        SprtConfig {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic,
        }
    }

    /// Checks ordering and ranges.
    pub fn validate(&self) -> Result<(), SprtError> {
        for (field, v) in [
            ("elo0", self.elo0),
            ("elo1", self.elo1),
            ("alpha", self.alpha),
            ("beta", self.beta),
        ] {
            if !v.is_finite() {
                return Err(SprtError::NotANumber {
                    field,
                    text: v.to_string(),
                });
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(SprtError::Order {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::Probability { name, value });
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err(SprtError::Sum {
                alpha: self.alpha,
                beta: self.beta,
            });
        }
        Ok(())
    }

    /// ln(β/(1−α)): accept H0 at or below.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// ln((1−β)/α): accept H1 at or above.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision for a log-likelihood ratio.
    pub fn decide(&self, llr: f64) -> SprtResult {
        if llr >= self.upper_bound() {
            SprtResult::H1
        } else if llr <= self.lower_bound() {
            SprtResult::H0
        } else {
            SprtResult::Continue
        }
    }

    /// LLR from pair counts (the paired-games model).
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        let counts = regularized(&p.0);
        match self.model {
            EloModel::Logistic => gsprt::llr_logistic(
                &Pentanomial::POINTS,
                &counts,
                score_from_elo(self.elo0),
                score_from_elo(self.elo1),
            ),
            // A pair's σ is 1/√2 of a game's, so t per pair = √2 · nElo / scale.
            EloModel::Normalized => {
                let k = std::f64::consts::SQRT_2 / NELO_SCALE;
                gsprt::llr_normalized(&Pentanomial::POINTS, &counts, self.elo0 * k, self.elo1 * k)
            }
        }
    }

    /// LLR from per-game counts (games treated as independent).
    pub fn llr_trinomial(&self, t: &Trinomial) -> f64 {
        let counts = regularized(&t.counts());
        match self.model {
            EloModel::Logistic => gsprt::llr_logistic(
                &Trinomial::POINTS,
                &counts,
                score_from_elo(self.elo0),
                score_from_elo(self.elo1),
            ),
            EloModel::Normalized => gsprt::llr_normalized(
                &Trinomial::POINTS,
                &counts,
                self.elo0 / NELO_SCALE,
                self.elo1 / NELO_SCALE,
            ),
        }
    }
}

impl FromStr for SprtConfig {
    type Err = SprtError;

    /// Parses `elo0,elo1[,alpha,beta[,model]]`, e.g. `0,5` or `-2,3,0.05,0.1,normalized`.
    fn from_str(text: &str) -> Result<Self, SprtError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if !matches!(parts.len(), 2 | 4 | 5) {
            return Err(SprtError::Shape(text.to_string()));
        }
        let num = |field: &'static str, s: &str| -> Result<f64, SprtError> {
            s.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| SprtError::NotANumber {
                    field,
                    text: s.to_string(),
                })
        };
        let mut cfg = SprtConfig::new(num("elo0", parts[0])?, num("elo1", parts[1])?);
        if parts.len() >= 4 {
            cfg.alpha = num("alpha", parts[2])?;
            cfg.beta = num("beta", parts[3])?;
        }
        if parts.len() == 5 {
            cfg.model = parts[4].parse()?;
        }
        cfg.validate()?;
        Ok(cfg)
    }
}
