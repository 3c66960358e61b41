//! The training forward pass, which keeps every activation, and the hand-written backward
//! pass.
//!
//! Contract: [`Prepared::forward`] computes the same logits as
//! [`reference::forward`](crate::reference::forward) (within float rounding), keeping the
//! output of every layer in a [`Tape`]; [`Prepared::backward`] adds to a [`Grads`] the
//! gradient of `sum_n dlogits[n] * logit[n]` with respect to every parameter. Activations
//! are square-major (`[sample][square][channel]`, see [`im2col`](crate::im2col)); a
//! convolution is `relu(im2col(x) * K^T + b)` with `K` the tap-major kernel, so its backward
//! is `dK += dZ^T * col`, `db += column sums of dZ`, `dX = col2im(dZ * K)`, with ReLU letting
//! the gradient through where the layer's output is positive and a residual sum sending it
//! to both branches. The forward keeps every `col` for the backward instead of rebuilding it.

use crate::features::{INPUT_LEN, PLANES, SQUARES};
use crate::im2col::{
    add_from_fc_square_major, add_from_tap_major, col2im, fc_square_major, im2col, tap_major,
};
use crate::train::gemm::{Mat, gemm};
use crate::train::grads::Grads;
use crate::weights::Weights;

/// Whether convolution `i` closes a residual group (adds the group's input before its ReLU).
fn closes_group(i: usize) -> bool {
    i > 0 && i.is_multiple_of(3)
}

/// Reorders `samples` CHW inputs (`INPUT_LEN` floats each, as
/// [`encode`](crate::features::encode) writes them) to square-major.
pub fn to_square_major(chw: &[f32], samples: usize) -> Vec<f32> {
    assert_eq!(chw.len(), samples * INPUT_LEN, "input length");
    let mut out = vec![0.0; chw.len()];
    for (src, dst) in chw
        .chunks_exact(INPUT_LEN)
        .zip(out.chunks_exact_mut(INPUT_LEN))
    {
        for plane in 0..PLANES {
            for s in 0..SQUARES {
                dst[s * PLANES + plane] = src[plane * SQUARES + s];
            }
        }
    }
    out
}

/// Every layer's output from one forward pass over a chunk of samples.
pub struct Tape {
    samples: usize,
    /// `acts[0]` is the input, `acts[i + 1]` the output of convolution `i` (after its ReLU
    /// and, for a group's last convolution, the residual sum).
    acts: Vec<Vec<f32>>,
    /// `cols[i]`: the window matrix of convolution `i`'s input.
    cols: Vec<Vec<f32>>,
    logits: Vec<f32>,
}

impl Tape {
    /// The logits of the chunk, one per sample.
    pub fn logits(&self) -> &[f32] {
        &self.logits
    }
}

/// A network ready for training passes: the weights, the kernels reordered tap-major and
/// the head reordered square-major.
pub struct Prepared<'a> {
    weights: &'a Weights,
    /// Each kernel as `[out][ky][kx][in]`.
    kernels: Vec<Vec<f32>>,
    /// `fc_weight` with index `square * C + channel` instead of `channel * 81 + square`.
    fc_square_major: Vec<f32>,
}

impl<'a> Prepared<'a> {
    /// Prepares `weights` (which must pass [`Weights::check`]).
    pub fn new(weights: &'a Weights) -> Prepared<'a> {
        Prepared {
            weights,
            kernels: weights
                .convs
                .iter()
                .map(|conv| tap_major(&conv.weight, conv.in_ch))
                .collect(),
            fc_square_major: fc_square_major(&weights.fc_weight, weights.config.channels),
        }
    }

    /// The forward pass over `samples` square-major inputs (see [`to_square_major`]).
    pub fn forward(&self, input: Vec<f32>, samples: usize) -> Tape {
        assert_eq!(input.len(), samples * INPUT_LEN, "input length");
        let w = self.weights;
        let c = w.config.channels;
        let rows = samples * SQUARES;
        let mut acts = Vec::with_capacity(w.convs.len() + 1);
        acts.push(input);
        let mut cols = Vec::with_capacity(w.convs.len());
        for (i, conv) in w.convs.iter().enumerate() {
            let width = conv.in_ch * 9;
            let mut col = vec![0.0; rows * width];
            im2col(&acts[i], conv.in_ch, &mut col);
            let mut z = vec![0.0; rows * c];
            for row in z.chunks_exact_mut(c) {
                row.copy_from_slice(&conv.bias);
            }
            gemm(
                Mat::new(&col, rows, width),
                Mat::new(&self.kernels[i], c, width).t(),
                1.0,
                &mut z,
            );
            cols.push(col);
            if closes_group(i) {
                for (v, s) in z.iter_mut().zip(&acts[i - 2]) {
                    *v += s;
                }
            }
            for v in &mut z {
                *v = v.max(0.0);
            }
            acts.push(z);
        }
        let last = &acts[w.convs.len()];
        let logits = last
            .chunks_exact(SQUARES * c)
            .map(|a| {
                w.fc_bias
                    + a.iter()
                        .zip(&self.fc_square_major)
                        .map(|(x, y)| x * y)
                        .sum::<f32>()
            })
            .collect();
        Tape {
            samples,
            acts,
            cols,
            logits,
        }
    }

    /// Adds to `grads` the gradient of `sum_n dlogits[n] * logit_n` over the tape's samples.
    pub fn backward(&self, tape: &Tape, dlogits: &[f32], grads: &mut Grads) {
        assert_eq!(dlogits.len(), tape.samples, "one derivative per sample");
        let w = self.weights;
        let layers = w.convs.len();
        let c = w.config.channels;
        let rows = tape.samples * SQUARES;

        // The head: logit = fc . flatten(last) + bias.
        let last = &tape.acts[layers];
        let mut d = vec![0.0f32; rows * c];
        let mut fc_grad = vec![0.0f32; c * SQUARES];
        for (n, &dl) in dlogits.iter().enumerate() {
            let a = &last[n * SQUARES * c..][..SQUARES * c];
            let dn = &mut d[n * SQUARES * c..][..SQUARES * c];
            for (j, (g, x)) in fc_grad.iter_mut().zip(a).enumerate() {
                *g += dl * x;
                dn[j] = dl * self.fc_square_major[j];
            }
        }
        add_from_fc_square_major(&mut grads.groups[2 * layers], &fc_grad, c);
        grads.groups[2 * layers + 1][0] += dlogits.iter().sum::<f32>();

        // The convolutions, last first. `d` holds d loss / d acts[i + 1] on entry.
        let mut skip: Option<(usize, Vec<f32>)> = None;
        let mut kernel_grad = Vec::new();
        let mut dcol = Vec::new();
        for i in (0..layers).rev() {
            let conv = &w.convs[i];
            let width = conv.in_ch * 9;
            for (dv, &out) in d.iter_mut().zip(&tape.acts[i + 1]) {
                if out <= 0.0 {
                    *dv = 0.0;
                }
            }
            if closes_group(i) {
                skip = Some((i - 2, d.clone()));
            }
            let bias = grads.conv_bias(i);
            for row in d.chunks_exact(c) {
                for (b, v) in bias.iter_mut().zip(row) {
                    *b += v;
                }
            }
            kernel_grad.resize(c * width, 0.0);
            gemm(
                Mat::new(&d, rows, c).t(),
                Mat::new(&tape.cols[i], rows, width),
                0.0,
                &mut kernel_grad,
            );
            add_from_tap_major(grads.conv_weight(i), &kernel_grad, conv.in_ch);
            if i == 0 {
                break;
            }
            dcol.resize(rows * width, 0.0);
            gemm(
                Mat::new(&d, rows, c),
                Mat::new(&self.kernels[i], c, width),
                0.0,
                &mut dcol,
            );
            let mut dx = vec![0.0f32; rows * conv.in_ch];
            col2im(&dcol, conv.in_ch, &mut dx);
            if let Some((target, s)) = &skip
                && *target == i
            {
                for (x, v) in dx.iter_mut().zip(s) {
                    *x += v;
                }
                skip = None;
            }
            d = dx;
        }
    }
}
