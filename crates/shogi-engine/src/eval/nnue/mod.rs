//! NNUE evaluation in YaneuraOu's classic `halfKP 256x2-32-32` format: its
//! `nn.bin` files ([`file`]), its HalfKP features ([`features`]) and its
//! integer forward pass.
//!
//! Contract: [`Nnue::evaluate`] gives exactly the score YaneuraOu v8.30's
//! NNUE edition prints for the same net, position and `FV_SCALE` (its `eval`
//! command): the two perspectives' `i16` accumulators (wrapping sums of the
//! active features' rows on the biases), the side to move's half first, each
//! clamped to 0..127; two hidden layers of `clamp((bias + Σ w·x) >> 6, 0,
//! 127)`; the output divided by `FV_SCALE`, truncated toward zero and clamped
//! to ±27,000. It recomputes both accumulators from scratch for each call.

pub mod features;
pub mod file;

pub use file::{Nnue, NnueFileError};

use crate::eval::Evaluator;
use crate::params::EVAL_LIMIT;
use features::PIECES;
use file::{HALF, HIDDEN, Layer};
use std::sync::Arc;
use yomi_shogi::Position;

/// YaneuraOu's default `FV_SCALE`: the output's divisor.
pub const DEFAULT_FV_SCALE: i32 = 16;
/// The largest score YaneuraOu's evaluation returns.
const SCORE_LIMIT: i32 = 27_000;
/// Hidden layers shift their sums by this many bits (the weights' scale).
const WEIGHT_SCALE_BITS: u32 = 6;

impl Nnue {
    /// One perspective's accumulator: the biases plus the active features' rows.
    fn accumulate(&self, pos: &Position, view: yomi_shogi::Color, out: &mut [i16; HALF]) {
        out.copy_from_slice(&self.ft_bias);
        let mut active = [0usize; PIECES];
        let n = features::active(pos, view, &mut active);
        for &f in &active[..n] {
            let row = &self.ft_weight[f * HALF..(f + 1) * HALF];
            for (a, &w) in out.iter_mut().zip(row) {
                *a = a.wrapping_add(w);
            }
        }
    }

    /// The score of `pos` for the side to move (see the module contract).
    ///
    /// ```
    /// use yomi_shogi::Position;
    /// use yomi_shogi_engine::eval::nnue::{DEFAULT_FV_SCALE, Nnue};
    ///
    /// let net = Nnue::random(1);
    /// let score = net.evaluate(&Position::startpos(), DEFAULT_FV_SCALE);
    /// assert!(score.abs() <= 27_000);
    /// assert_eq!(Nnue::zeroed().evaluate(&Position::startpos(), DEFAULT_FV_SCALE), 0);
    /// ```
    pub fn evaluate(&self, pos: &Position, fv_scale: i32) -> i32 {
        let us = pos.side_to_move();
        let mut acc = [[0i16; HALF]; 2];
        self.accumulate(pos, us, &mut acc[0]);
        self.accumulate(pos, us.flip(), &mut acc[1]);
        let mut input = [0u8; 2 * HALF];
        for (x, &a) in input.iter_mut().zip(acc.iter().flatten()) {
            *x = a.clamp(0, 127) as u8;
        }
        let mut h1 = [0u8; HIDDEN];
        hidden(&self.l1, &input, &mut h1);
        let mut h2 = [0u8; HIDDEN];
        hidden(&self.l2, &h1, &mut h2);
        let out = affine(&self.out, &h2, 0);
        (out / fv_scale.max(1)).clamp(-SCORE_LIMIT, SCORE_LIMIT)
    }
}

/// Output `o` of an affine layer: its bias plus the row's dot product.
#[inline]
fn affine(layer: &Layer, input: &[u8], o: usize) -> i32 {
    let row = &layer.weight[o * layer.inputs..(o + 1) * layer.inputs];
    layer.bias[o]
        + row
            .iter()
            .zip(input)
            .map(|(&w, &x)| w as i32 * x as i32)
            .sum::<i32>()
}

/// An affine layer followed by the clipped ReLU of the weights' scale.
fn hidden(layer: &Layer, input: &[u8], out: &mut [u8; HIDDEN]) {
    for (o, y) in out.iter_mut().enumerate() {
        *y = (affine(layer, input, o) >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
    }
}

/// An [`Evaluator`] over a loaded net (shared, so threads and games reuse one copy).
#[derive(Clone, Debug)]
pub struct NnueEval {
    net: Arc<Nnue>,
    fv_scale: i32,
}

impl NnueEval {
    /// Scores with `net`, its output divided by `fv_scale` (1..=128 as YaneuraOu takes it).
    pub fn new(net: Arc<Nnue>, fv_scale: i32) -> NnueEval {
        NnueEval {
            net,
            fv_scale: fv_scale.clamp(1, 128),
        }
    }
}

impl Evaluator for NnueEval {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.net
            .evaluate(pos, self.fv_scale)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    fn name(&self) -> &'static str {
        "NNUE"
    }
}
