//! Every tunable of training in one place.
//!
//! Contract: [`TrainParams`] holds everything that changes the trained weights (the thread
//! count does not, so it is not here); [`TrainParams::validate`] refuses values training
//! cannot run with, naming the parameter.

use serde::{Deserialize, Serialize};

use crate::train::error::TrainError;

/// Scores are mapped to win probabilities as `sigmoid(score / SCORE_SCALE)` (the seed's 600;
/// the engine reads a logit back as `SCORE_SCALE * logit` centipawns).
pub const SCORE_SCALE: f64 = 600.0;

/// Everything that determines a training run's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainParams {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per optimizer step.
    pub batch: usize,
    /// Peak learning rate (after warm-up).
    pub lr: f32,
    /// Loss mix: 1 = score loss only, 0 = result loss only.
    pub lambda: f32,
    /// Decoupled (AdamW) weight decay on kernels and head weights, per unit learning rate.
    pub weight_decay: f32,
    /// Fraction of all steps spent warming the learning rate up linearly from 0.
    pub warmup_fraction: f32,
    /// The cosine decay ends at `lr * final_lr_fraction`.
    pub final_lr_fraction: f32,
    /// Adam's first-moment decay.
    pub beta1: f32,
    /// Adam's second-moment decay.
    pub beta2: f32,
    /// Adam's denominator guard.
    pub epsilon: f32,
    /// Fraction of games (not positions) held out for validation.
    pub val_fraction: f64,
    /// Seed of the shuffles.
    pub seed: u64,
    /// Positions per gradient chunk: a batch is cut into chunks of this size, computed in
    /// parallel and summed in order, so results do not depend on the thread count.
    pub chunk: usize,
}

impl Default for TrainParams {
    fn default() -> TrainParams {
        TrainParams {
            epochs: 10,
            batch: 256,
            lr: 1e-3,
            lambda: 1.0,
            weight_decay: 1e-4,
            warmup_fraction: 0.02,
            final_lr_fraction: 0.01,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            val_fraction: 0.05,
            seed: 1,
            chunk: 16,
        }
    }
}

impl TrainParams {
    /// Checks every value, naming the first that is out of range.
    pub fn validate(&self) -> Result<(), TrainError> {
        let bad = |msg: String| Err(TrainError::Params(msg));
        if self.epochs == 0 {
            return bad("epochs must be at least 1".into());
        }
        if self.batch == 0 {
            return bad("batch must be at least 1".into());
        }
        if self.chunk == 0 {
            return bad("chunk must be at least 1".into());
        }
        if !(self.lr.is_finite() && self.lr > 0.0) {
            return bad(format!("lr = {}; expected a positive number", self.lr));
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            return bad(format!("lambda = {}; expected 0 to 1", self.lambda));
        }
        if !(self.weight_decay.is_finite() && self.weight_decay >= 0.0) {
            return bad(format!(
                "weight_decay = {}; expected >= 0",
                self.weight_decay
            ));
        }
        if !(0.0..1.0).contains(&self.warmup_fraction) {
            return bad(format!(
                "warmup_fraction = {}; expected 0 to 1 (exclusive)",
                self.warmup_fraction
            ));
        }
        if !(0.0..=1.0).contains(&self.final_lr_fraction) {
            return bad(format!(
                "final_lr_fraction = {}; expected 0 to 1",
                self.final_lr_fraction
            ));
        }
        if !(0.0..1.0).contains(&self.beta1) || !(0.0..1.0).contains(&self.beta2) {
            return bad(format!(
                "beta1 = {}, beta2 = {}; expected 0 to 1 (exclusive)",
                self.beta1, self.beta2
            ));
        }
        if !(self.epsilon.is_finite() && self.epsilon > 0.0) {
            return bad(format!("epsilon = {}; expected > 0", self.epsilon));
        }
        if !(0.0..1.0).contains(&self.val_fraction) {
            return bad(format!(
                "val_fraction = {}; expected 0 to 1 (exclusive)",
                self.val_fraction
            ));
        }
        Ok(())
    }
}
