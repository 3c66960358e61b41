//! The weights rearranged for the fast path: Winograd-transformed kernels, padded channels,
//! and the fully connected layer reordered to NHWC.
//!
//! Contract: [`Prepared::new`] is a pure function of the weights; padded input and output
//! channels get zero kernels and zero biases, so padded activations stay exactly zero.

use super::winograd::{kernel_transform, padded};
use crate::features::SQUARES;
use crate::weights::{Conv, Weights};

/// One convolution ready for the Winograd product.
pub struct Layer {
    /// Input channels, padded.
    pub cp_in: usize,
    /// Output channels, padded.
    pub cp_out: usize,
    /// `u[xi][in][out]`: 25 matrices `cp_in x cp_out`, the transformed kernels.
    pub u: Vec<f32>,
    /// One bias per padded output channel.
    pub bias: Vec<f32>,
}

/// The whole network in fast-path form.
pub struct Prepared {
    /// The convolutions, input one first.
    pub layers: Vec<Layer>,
    /// Fully connected weights in NHWC order, `[square][padded channel]`.
    pub fc_weight: Vec<f32>,
    /// Output bias.
    pub fc_bias: f32,
}

impl Prepared {
    /// Rearranges checked weights (see `Weights::check`).
    pub fn new(weights: &Weights) -> Prepared {
        let layers: Vec<Layer> = weights.convs.iter().map(layer).collect();
        let c = weights.config.channels;
        let cp = padded(c);
        let mut fc_weight = vec![0.0; SQUARES * cp];
        for ch in 0..c {
            for sq in 0..SQUARES {
                fc_weight[sq * cp + ch] = weights.fc_weight[ch * SQUARES + sq];
            }
        }
        Prepared {
            layers,
            fc_weight,
            fc_bias: weights.fc_bias,
        }
    }
}

fn layer(conv: &Conv) -> Layer {
    let (cp_in, cp_out) = (padded(conv.in_ch), padded(conv.out_ch));
    let mut u = vec![0.0; 25 * cp_in * cp_out];
    for o in 0..conv.out_ch {
        for i in 0..conv.in_ch {
            let g = &conv.weight[(o * conv.in_ch + i) * 9..(o * conv.in_ch + i + 1) * 9];
            for (xi, value) in kernel_transform(g).into_iter().enumerate() {
                u[(xi * cp_in + i) * cp_out + o] = value as f32;
            }
        }
    }
    let mut bias = vec![0.0; cp_out];
    bias[..conv.out_ch].copy_from_slice(&conv.bias);
    Layer {
        cp_in,
        cp_out,
        u,
        bias,
    }
}
