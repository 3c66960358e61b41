//! Adam for the NNUE: lazy (sparse) on the feature transformer's rows, AdamW on the rest,
//! and the weight clipping that keeps quantization exact.
//!
//! Contract: at step `t` (1-based) every dense parameter gets `yomi-shogi-nn`'s AdamW update
//! (weight decay on the three weight matrices, not on biases); a feature row gets the same
//! Adam update without decay, but only at the steps whose batch touched it (its moments
//! stand still in between, as PyTorch's `SparseAdam` does), bias-corrected with the global
//! `t`. After the update hidden and output weights are clipped to
//! [`WEIGHT_LIMIT`](crate::nnue::net::WEIGHT_LIMIT) and the feature transformer to
//! [`FT_LIMIT`](crate::nnue::net::FT_LIMIT), so [`FloatNet::quantize`] never saturates.
//! With a `row_l1` above 0, a king-relative feature row (not a shared one) is then shrunk
//! toward 0 by `lr * row_l1` per touching step, each weight stopping at 0 (the proximal step
//! of an L1 penalty): a (king square, piece) pair keeps a difference from its piece's shared
//! row only where the data keeps asking for one, which curbs the overfitting of 32 million
//! weights to a few million positions and leaves most rows exactly shared (so the net packs
//! small: `yomi_shogi_engine::eval::nnue::pack`).

use crate::nnue::grad::Gradient;
use crate::nnue::net::{FT_LIMIT, FloatNet, WEIGHT_LIMIT};
use rayon::prelude::*;
use yomi_shogi_engine::eval::nnue::features::INPUTS;
use yomi_shogi_engine::eval::nnue::file::HALF;
use yomi_shogi_nn::train::TrainParams;

/// First and second moments of every parameter, in [`FloatNet::tensors`] layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// First moments.
    pub m: FloatNet,
    /// Second moments.
    pub v: FloatNet,
    /// Steps applied.
    pub step: u64,
}

/// Tensors (by index) whose parameters decay: the weights of the three small layers.
const DECAYED: [bool; 8] = [false, false, true, false, true, false, true, false];

struct Step {
    lr: f32,
    b1: f32,
    b2: f32,
    c1: f32,
    c2: f32,
    eps: f32,
}

impl Step {
    #[inline]
    fn apply(&self, p: &mut f32, m: &mut f32, v: &mut f32, g: f32, decay: f32, limit: f32) {
        *m = self.b1 * *m + (1.0 - self.b1) * g;
        *v = self.b2 * *v + (1.0 - self.b2) * g * g;
        let update = (*m / self.c1) / ((*v / self.c2).sqrt() + self.eps) + decay * *p;
        *p = (*p - self.lr * update).clamp(-limit, limit);
    }
}

impl Adam {
    /// Zero moments.
    pub fn new() -> Adam {
        Adam {
            m: FloatNet::zeros(),
            v: FloatNet::zeros(),
            step: 0,
        }
    }

    /// Applies one step of learning rate `lr`, with the king-relative rows' L1 shrinkage
    /// `row_l1` (see the module contract).
    pub fn step(
        &mut self,
        net: &mut FloatNet,
        g: &Gradient,
        lr: f32,
        p: &TrainParams,
        row_l1: f32,
    ) {
        self.step += 1;
        let t = self.step as i32;
        let s = Step {
            lr,
            b1: p.beta1,
            b2: p.beta2,
            c1: 1.0 - p.beta1.powi(t),
            c2: 1.0 - p.beta2.powi(t),
            eps: p.epsilon,
        };
        let params = net.tensors_mut();
        let ms = self.m.tensors_mut();
        let vs = self.v.tensors_mut();
        for (i, ((param, m), v)) in params.into_iter().zip(ms).zip(vs).enumerate().skip(1) {
            let (decay, limit) = if DECAYED[i] {
                (p.weight_decay, WEIGHT_LIMIT)
            } else if i == 1 {
                (0.0, FT_LIMIT)
            } else {
                (0.0, f32::MAX)
            };
            for (((x, m), v), &g) in param
                .iter_mut()
                .zip(m.iter_mut())
                .zip(v.iter_mut())
                .zip(&g.dense[i])
            {
                s.apply(x, m, v, g, decay, limit);
            }
        }
        // The touched rows, taken apart in one pass so they update in parallel.
        let mut owns = Vec::with_capacity(g.rows.len());
        let mut weights = Vec::with_capacity(g.rows.len());
        let mut firsts = Vec::with_capacity(g.rows.len());
        let mut seconds = Vec::with_capacity(g.rows.len());
        let rows = net
            .ft_weight
            .chunks_exact_mut(HALF)
            .zip(self.m.ft_weight.chunks_exact_mut(HALF))
            .zip(self.v.ft_weight.chunks_exact_mut(HALF));
        let mut wanted = g.rows.iter().peekable();
        for (r, ((w, m), v)) in rows.enumerate() {
            if wanted.peek().is_some_and(|&&f| f as usize == r) {
                wanted.next();
                owns.push(r < INPUTS);
                weights.push(w);
                firsts.push(m);
                seconds.push(v);
            }
        }
        let shrink = lr * row_l1;
        weights
            .into_par_iter()
            .zip(firsts)
            .zip(seconds)
            .zip(owns)
            .zip(g.row_grads.par_chunks_exact(HALF))
            .for_each(|((((w, m), v), own), grad)| {
                for i in 0..HALF {
                    s.apply(&mut w[i], &mut m[i], &mut v[i], grad[i], 0.0, FT_LIMIT);
                }
                if own && shrink > 0.0 {
                    for x in w.iter_mut() {
                        *x = x.signum() * (x.abs() - shrink).max(0.0);
                    }
                }
            });
    }
}

impl Default for Adam {
    fn default() -> Adam {
        Adam::new()
    }
}
