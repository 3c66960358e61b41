//! The learning-rate schedule: linear warm-up, then cosine decay.
//!
//! Contract: over `total` steps, step `t` (0-based) gets `lr * (t + 1) / warm` during the
//! first `warm = round(warmup_fraction * total)` steps, then follows a half cosine from `lr`
//! down to `lr * final_lr_fraction` at the last step.

use crate::train::params::TrainParams;

/// Learning rate of step `step` of a `total`-step run.
pub fn learning_rate(p: &TrainParams, step: u64, total: u64) -> f32 {
    let total = total.max(1);
    let warm = ((p.warmup_fraction as f64 * total as f64).round() as u64).min(total);
    let lr = p.lr as f64;
    if step < warm {
        return (lr * (step + 1) as f64 / warm as f64) as f32;
    }
    let span = (total - warm).saturating_sub(1).max(1);
    let progress = ((step - warm) as f64 / span as f64).min(1.0);
    let floor = p.final_lr_fraction as f64;
    let cosine = 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
    (lr * (floor + (1.0 - floor) * cosine)) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warms_up_peaks_and_decays_to_the_floor() {
        let p = TrainParams {
            lr: 1e-2,
            warmup_fraction: 0.1,
            final_lr_fraction: 0.05,
            ..TrainParams::default()
        };
        let total = 100;
        assert!((learning_rate(&p, 0, total) - 1e-3).abs() < 1e-9);
        assert!((learning_rate(&p, 9, total) - 1e-2).abs() < 1e-9);
        assert!((learning_rate(&p, 10, total) - 1e-2).abs() < 1e-9);
        assert!((learning_rate(&p, 99, total) - 5e-4).abs() < 1e-9);
        let mid = learning_rate(&p, 10 + 89 / 2, total) as f64;
        assert!((mid - 1e-2 * (0.05 + 0.95 * 0.5)).abs() < 2e-4, "{mid}");
        for t in 10..99 {
            assert!(learning_rate(&p, t + 1, total) <= learning_rate(&p, t, total));
        }
    }
}
