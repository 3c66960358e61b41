//! One worker's pass of a few samples through the whole network.
//!
//! Contract: [`Scratch::forward`] writes the logits of up to `CHUNK_SAMPLES` samples, equal
//! to the reference forward up to float rounding, using only the buffers allocated once in
//! [`Scratch::new`].

use super::im2col::{Source, conv3x3};
use super::params::CHUNK_SAMPLES;
use crate::features::{INPUT_LEN, PLANES, SQUARES};
use crate::weights::Weights;

/// The per-worker buffers: the im2col matrix and three activations.
pub struct Scratch {
    col: Vec<f32>,
    x: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Scratch {
    /// Buffers for chunks of up to `CHUNK_SAMPLES` samples of the given network.
    pub fn new(weights: &Weights) -> Scratch {
        let c = weights.config.channels;
        let n = CHUNK_SAMPLES * SQUARES;
        let act = c * n;
        Scratch {
            col: vec![0.0; c.max(PLANES) * 9 * n],
            x: vec![0.0; act],
            a: vec![0.0; act],
            b: vec![0.0; act],
        }
    }

    /// Logits of `out.len()` samples whose encodings are `input` (`out.len() * INPUT_LEN`).
    pub fn forward(&mut self, weights: &Weights, input: &[f32], out: &mut [f32]) {
        let samples = out.len();
        debug_assert!(samples <= CHUNK_SAMPLES);
        let n = samples * SQUARES;
        let c = weights.config.channels;
        let act = c * n;
        let Scratch { col, x, a, b } = self;
        let (mut x, mut a, b) = (&mut x[..act], &mut a[..act], &mut b[..act]);
        let input = Source {
            data: input,
            channel_stride: SQUARES,
            sample_stride: INPUT_LEN,
        };
        conv3x3(&weights.convs[0], input, samples, col, x);
        relu(x);
        for group in weights.convs[1..].chunks_exact(3) {
            conv3x3(&group[0], chunk_source(x, n), samples, col, a);
            relu(a);
            conv3x3(&group[1], chunk_source(a, n), samples, col, b);
            relu(b);
            conv3x3(&group[2], chunk_source(b, n), samples, col, a);
            for (v, skip) in a.iter_mut().zip(x.iter()) {
                *v = (*v + skip).max(0.0);
            }
            std::mem::swap(&mut x, &mut a);
        }
        for (s, logit) in out.iter_mut().enumerate() {
            let mut sum = 0.0f32;
            for ch in 0..c {
                let w = &weights.fc_weight[ch * SQUARES..(ch + 1) * SQUARES];
                let v = &x[ch * n + s * SQUARES..ch * n + (s + 1) * SQUARES];
                sum += w.iter().zip(v).map(|(w, v)| w * v).sum::<f32>();
            }
            *logit = weights.fc_bias + sum;
        }
    }
}

/// A chunk activation: `n` floats per channel, 81 per sample.
fn chunk_source(data: &[f32], n: usize) -> Source<'_> {
    Source {
        data,
        channel_stride: n,
        sample_stride: SQUARES,
    }
}

fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}
