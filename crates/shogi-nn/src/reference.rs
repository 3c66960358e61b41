//! The naive forward pass: the definition of the network and the test oracle.
//!
//! Contract: [`forward`] computes, for each sample, exactly the network described in the
//! crate docs by direct 3x3 convolution with zero padding, accumulating in f64 so that its
//! own rounding is far below the 1e-4 tolerance the fast path is held to. It is slow on
//! purpose (no reordering, no blocking) so that it is easy to check by reading.

use crate::features::{INPUT_LEN, SQUARES};
use crate::weights::{Conv, Weights};

/// Logits of `batch` encoded positions (`input` holds `batch * INPUT_LEN` floats).
///
/// # Panics
/// If `input.len() != batch * INPUT_LEN` or the weights are inconsistent (see
/// [`Weights::check`]).
pub fn forward(weights: &Weights, input: &[f32], batch: usize) -> Vec<f32> {
    assert_eq!(input.len(), batch * INPUT_LEN, "input length");
    input
        .chunks_exact(INPUT_LEN)
        .map(|sample| forward_one(weights, sample))
        .collect()
}

/// Logit of one encoded position.
pub fn forward_one(weights: &Weights, input: &[f32]) -> f32 {
    let mut x: Vec<f64> = input.iter().map(|&v| v as f64).collect();
    x = relu(conv3x3(&weights.convs[0], &x));
    for group in 0..weights.config.residual_groups() {
        let first = 1 + 3 * group;
        let skip = x.clone();
        let a = relu(conv3x3(&weights.convs[first], &x));
        let b = relu(conv3x3(&weights.convs[first + 1], &a));
        let mut c = conv3x3(&weights.convs[first + 2], &b);
        for (c, s) in c.iter_mut().zip(&skip) {
            *c += s;
        }
        x = relu(c);
    }
    let logit = weights.fc_bias as f64
        + weights
            .fc_weight
            .iter()
            .zip(&x)
            .map(|(&w, &v)| w as f64 * v)
            .sum::<f64>();
    logit as f32
}

/// Direct convolution, CHW in and out, padding 1.
fn conv3x3(conv: &Conv, x: &[f64]) -> Vec<f64> {
    assert_eq!(x.len(), conv.in_ch * SQUARES);
    let mut y = vec![0.0; conv.out_ch * SQUARES];
    for o in 0..conv.out_ch {
        for row in 0..9i32 {
            for col in 0..9i32 {
                let mut sum = conv.bias[o] as f64;
                for i in 0..conv.in_ch {
                    for dr in -1..=1i32 {
                        for dc in -1..=1i32 {
                            let (r, c) = (row + dr, col + dc);
                            if !(0..9).contains(&r) || !(0..9).contains(&c) {
                                continue;
                            }
                            let w = conv.weight[((o * conv.in_ch + i) * 3 + (dr + 1) as usize) * 3
                                + (dc + 1) as usize];
                            sum += w as f64 * x[i * SQUARES + (r * 9 + c) as usize];
                        }
                    }
                }
                y[o * SQUARES + (row * 9 + col) as usize] = sum;
            }
        }
    }
    y
}

fn relu(mut x: Vec<f64>) -> Vec<f64> {
    for v in &mut x {
        *v = v.max(0.0);
    }
    x
}
