//! The training loss of one position and its derivative with respect to the logit.
//!
//! Contract: with `p = sigmoid(logit)`, the score loss is the seed's
//! `(p - sigmoid(score / SCORE_SCALE))^2`, the result loss is the binary cross-entropy
//! `-(y ln p + (1 - y) ln(1 - p))` with `y = (result + 1) / 2`, computed from the logit so
//! that it stays finite for any logit, and the loss is `lambda * score + (1 - lambda) *
//! result`. [`sample_loss`] returns the three values and `d loss / d logit`.

use std::ops::AddAssign;

use serde::{Deserialize, Serialize};

use crate::train::params::SCORE_SCALE;

/// What a position is trained toward.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Search score in centipawns from the side to move's view.
    pub score: i32,
    /// Game result from the side to move's view: 1 win, 0 draw, -1 loss.
    pub result: i8,
}

/// Loss totals over some positions (divide by `count` for means).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LossSums {
    /// Sum of the mixed loss.
    pub total: f64,
    /// Sum of the score loss (L2 of win probabilities).
    pub score: f64,
    /// Sum of the result loss (binary cross-entropy).
    pub result: f64,
    /// Positions summed.
    pub count: u64,
}

impl LossSums {
    /// Mean mixed loss (0 when empty).
    pub fn mean(&self) -> f64 {
        self.total / self.count.max(1) as f64
    }

    /// Mean score loss.
    pub fn mean_score(&self) -> f64 {
        self.score / self.count.max(1) as f64
    }

    /// Mean result loss.
    pub fn mean_result(&self) -> f64 {
        self.result / self.count.max(1) as f64
    }
}

impl AddAssign for LossSums {
    fn add_assign(&mut self, o: LossSums) {
        self.total += o.total;
        self.score += o.score;
        self.result += o.result;
        self.count += o.count;
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The loss of one position (as a one-position [`LossSums`]) and its derivative with
/// respect to `logit`, for the mix `lambda` (1 = score loss only, 0 = result loss only).
pub fn sample_loss(logit: f32, target: Target, lambda: f32) -> (LossSums, f32) {
    let x = logit as f64;
    let lambda = lambda as f64;
    let p = sigmoid(x);
    let t = sigmoid(target.score as f64 / SCORE_SCALE);
    let score = (p - t) * (p - t);
    let d_score = 2.0 * (p - t) * p * (1.0 - p);
    let y = (target.result as f64 + 1.0) / 2.0;
    let result = x.max(0.0) - x * y + (-x.abs()).exp().ln_1p();
    let d_result = p - y;
    let sums = LossSums {
        total: lambda * score + (1.0 - lambda) * result,
        score,
        result,
        count: 1,
    };
    (sums, (lambda * d_score + (1.0 - lambda) * d_result) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_match_their_definitions() {
        let target = Target {
            score: 300,
            result: 1,
        };
        let (l, _) = sample_loss(0.2, target, 0.25);
        let p = 1.0 / (1.0 + (-0.2f64).exp());
        let t = 1.0 / (1.0 + (-0.5f64).exp());
        assert!((l.score - (p - t) * (p - t)).abs() < 1e-9);
        assert!((l.result + p.ln()).abs() < 1e-6);
        assert!((l.total - (0.25 * l.score + 0.75 * l.result)).abs() < 1e-12);
        // A draw is y = 1/2: the cross-entropy is smallest at logit 0.
        let draw = Target {
            score: 0,
            result: 0,
        };
        assert!(sample_loss(0.0, draw, 0.0).0.result < sample_loss(0.3, draw, 0.0).0.result);
    }

    #[test]
    fn the_derivative_matches_finite_differences_and_stays_finite() {
        for &(score, result) in &[(300, 1), (-1200, -1), (0, 0), (3000, -1)] {
            let target = Target { score, result };
            for &lambda in &[1.0f32, 0.0, 0.4] {
                for &x in &[-3.0f32, -0.4, 0.0, 0.7, 2.5] {
                    let (_, d) = sample_loss(x, target, lambda);
                    let h = 1e-3;
                    let up = sample_loss(x + h, target, lambda).0.total;
                    let down = sample_loss(x - h, target, lambda).0.total;
                    let numeric = (up - down) / (2.0 * h as f64);
                    assert!(
                        (numeric - d as f64).abs() < 1e-3,
                        "{score} {result} {lambda} {x}: {numeric} vs {d}"
                    );
                }
            }
        }
        let (l, d) = sample_loss(
            80.0,
            Target {
                score: 0,
                result: -1,
            },
            0.0,
        );
        assert!(l.result.is_finite() && (l.result - 80.0).abs() < 1e-6 && d.is_finite());
    }
}
