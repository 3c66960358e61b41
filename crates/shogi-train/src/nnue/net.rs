//! The `halfKP 256x2-32-32` network in floating point, as the trainer holds it, and its
//! quantization to (and from) YaneuraOu's integer file ([`Nnue`]).
//!
//! Contract: the float network computes, for each perspective (side to move first), the
//! accumulator `b + Σ W[f]` over its 38 active HalfKP features, clips it to [0, 1],
//! then two affine layers each clipped to [0, 1], and an output `y`; the evaluation in
//! the engine's units is `y * OUTPUT_SCALE`. [`FloatNet::quantize`] maps it onto the
//! integer network the engine and YaneuraOu run: accumulator values scaled by 127 (`i16`),
//! hidden and output weights by 64 (`i8`, the 6-bit weight scale), biases by `127 * 64`
//! (`i32`); so the integer evaluation divided by `FV_SCALE` 16 approximates the float one
//! (exactly up to rounding and to the clipping of weights beyond `±127/64`, which the
//! optimizer never lets happen: [`WEIGHT_LIMIT`]). [`FloatNet::from_nnue`] is the inverse
//! map, so training can continue from any `nn.bin`.

use yomi_core::Rng;
use yomi_shogi::Position;
use yomi_shogi_engine::eval::nnue::features::{self, FE_END, INPUTS, PIECES};
use yomi_shogi_engine::eval::nnue::file::{HALF, HIDDEN, Layer};
use yomi_shogi_engine::eval::nnue::{DEFAULT_FV_SCALE, Nnue};

/// The accumulator's and activations' integer scale (1.0 = 127).
const ACT: f32 = 127.0;
/// The hidden weights' integer scale (6 bits).
const WEIGHT: f32 = 64.0;
/// Engine evaluation units per unit of the float output: `127 * 64 / FV_SCALE`.
pub const OUTPUT_SCALE: f32 = ACT * WEIGHT / DEFAULT_FV_SCALE as f32;
/// The largest hidden or output weight an `i8` holds at the 6-bit scale.
pub const WEIGHT_LIMIT: f32 = 127.0 / WEIGHT;
/// The largest feature-transformer weight or bias (the `i16` accumulator of 38 features
/// and a bias cannot overflow below it).
pub const FT_LIMIT: f32 = 32767.0 / ACT / (PIECES as f32 + 1.0);

/// Rows of the float feature transformer: the file's, then the shared (factor) rows.
pub const FT_ROWS: usize = INPUTS + FE_END;

/// The trainable parameters, in float (row-major like the file: one row per output).
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// Feature transformer weights, `[FT_ROWS][HALF]`: the file's rows, then the shared ones.
    pub ft_weight: Vec<f32>,
    /// Accumulator biases, `[HALF]`.
    pub ft_bias: Vec<f32>,
    /// 512 -> 32 weights, `[HIDDEN][2 * HALF]`.
    pub l1_weight: Vec<f32>,
    /// 512 -> 32 biases.
    pub l1_bias: Vec<f32>,
    /// 32 -> 32 weights.
    pub l2_weight: Vec<f32>,
    /// 32 -> 32 biases.
    pub l2_bias: Vec<f32>,
    /// 32 -> 1 weights.
    pub out_weight: Vec<f32>,
    /// The output bias.
    pub out_bias: Vec<f32>,
}

/// Names of the parameter tensors, in [`FloatNet::tensors`] order.
pub const TENSORS: [&str; 8] = [
    "ft.weight",
    "ft.bias",
    "l1.weight",
    "l1.bias",
    "l2.weight",
    "l2.bias",
    "out.weight",
    "out.bias",
];

impl FloatNet {
    /// Every parameter 0 (the optimizer's moments start so).
    pub fn zeros() -> FloatNet {
        let shapes = FloatNet::shapes();
        let z = |i: usize| vec![0.0; shapes[i]];
        FloatNet {
            ft_weight: z(0),
            ft_bias: z(1),
            l1_weight: z(2),
            l1_bias: z(3),
            l2_weight: z(4),
            l2_bias: z(5),
            out_weight: z(6),
            out_bias: z(7),
        }
    }

    /// A seeded random start: uniform weights of scale `1 / sqrt(fan-in)` (the
    /// accumulator's fan-in is the 38 active features), accumulator biases at 0.5 so
    /// that the clipped units start in their linear range, other biases 0.
    ///
    /// The feature transformer starts in its shared rows alone, the king-relative rows at
    /// 0: a row only training touches moves away from its piece's shared row, so a
    /// (king square, piece) pair the data never showed evaluates as the piece does on any
    /// king square instead of as random noise (search reaches such pairs all the time).
    pub fn random(seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        let mut uniform = |n: usize, scale: f32| -> Vec<f32> {
            (0..n)
                .map(|_| ((rng.unit() * 2.0 - 1.0) as f32) * scale)
                .collect()
        };
        let fan = |n: usize| 1.0 / (n as f32).sqrt();
        let mut ft_weight = vec![0.0; INPUTS * HALF];
        ft_weight.extend(uniform(FE_END * HALF, fan(PIECES)));
        FloatNet {
            ft_weight,
            ft_bias: vec![0.5; HALF],
            l1_weight: uniform(HIDDEN * 2 * HALF, fan(2 * HALF)),
            l1_bias: vec![0.0; HIDDEN],
            l2_weight: uniform(HIDDEN * HIDDEN, fan(HIDDEN)),
            l2_bias: vec![0.0; HIDDEN],
            out_weight: uniform(HIDDEN, fan(HIDDEN)),
            out_bias: vec![0.0],
        }
    }

    /// The float network an integer one stands for (see the module contract).
    pub fn from_nnue(net: &Nnue) -> FloatNet {
        let weights = |l: &Layer| l.weight.iter().map(|&w| w as f32 / WEIGHT).collect();
        let biases = |l: &Layer| l.bias.iter().map(|&b| b as f32 / (ACT * WEIGHT)).collect();
        let mut ft_weight: Vec<f32> = net.ft_weight.iter().map(|&w| w as f32 / ACT).collect();
        ft_weight.resize(FT_ROWS * HALF, 0.0);
        FloatNet {
            ft_weight,
            ft_bias: net.ft_bias.iter().map(|&b| b as f32 / ACT).collect(),
            l1_weight: weights(&net.l1),
            l1_bias: biases(&net.l1),
            l2_weight: weights(&net.l2),
            l2_bias: biases(&net.l2),
            out_weight: weights(&net.out),
            out_bias: biases(&net.out),
        }
    }

    /// The integer network (rounding to nearest, clamping to the integer types).
    pub fn quantize(&self) -> Nnue {
        let q16 = |x: f32| (x * ACT).round().clamp(-32768.0, 32767.0) as i16;
        let layer = |inputs: usize, w: &[f32], b: &[f32]| Layer {
            inputs,
            bias: b
                .iter()
                .map(|&x| {
                    (x * ACT * WEIGHT)
                        .round()
                        .clamp(i32::MIN as f32, i32::MAX as f32) as i32
                })
                .collect(),
            weight: w
                .iter()
                .map(|&x| (x * WEIGHT).round().clamp(-128.0, 127.0) as i8)
                .collect(),
        };
        let shared = &self.ft_weight[INPUTS * HALF..];
        let ft_weight = self.ft_weight[..INPUTS * HALF]
            .chunks_exact(HALF)
            .enumerate()
            .flat_map(|(row, w)| {
                let factor = &shared[(row % FE_END) * HALF..][..HALF];
                w.iter().zip(factor).map(|(&a, &b)| q16(a + b))
            })
            .collect();
        Nnue {
            ft_bias: self.ft_bias.iter().map(|&x| q16(x)).collect(),
            ft_weight,
            l1: layer(2 * HALF, &self.l1_weight, &self.l1_bias),
            l2: layer(HIDDEN, &self.l2_weight, &self.l2_bias),
            out: layer(HIDDEN, &self.out_weight, &self.out_bias),
        }
    }

    /// Every tensor, in [`TENSORS`] order.
    pub fn tensors(&self) -> [&[f32]; 8] {
        [
            &self.ft_weight,
            &self.ft_bias,
            &self.l1_weight,
            &self.l1_bias,
            &self.l2_weight,
            &self.l2_bias,
            &self.out_weight,
            &self.out_bias,
        ]
    }

    /// Every tensor, mutable, in [`TENSORS`] order.
    pub fn tensors_mut(&mut self) -> [&mut [f32]; 8] {
        [
            &mut self.ft_weight,
            &mut self.ft_bias,
            &mut self.l1_weight,
            &mut self.l1_bias,
            &mut self.l2_weight,
            &mut self.l2_bias,
            &mut self.out_weight,
            &mut self.out_bias,
        ]
    }

    /// The element count each tensor must have.
    pub fn shapes() -> [usize; 8] {
        [
            FT_ROWS * HALF,
            HALF,
            HIDDEN * 2 * HALF,
            HIDDEN,
            HIDDEN * HIDDEN,
            HIDDEN,
            HIDDEN,
            1,
        ]
    }

    /// The float evaluation of `pos` in engine units, from the side to move's view.
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let feats = Features::of(pos);
        self.forward(&feats).output * OUTPUT_SCALE
    }

    /// The forward pass, keeping what the backward pass needs.
    pub fn forward(&self, feats: &Features) -> Tape {
        let mut acc = [[0f32; HALF]; 2];
        for (a, list) in acc.iter_mut().zip(&feats.active) {
            a.copy_from_slice(&self.ft_bias);
            for &f in list.iter() {
                let row = &self.ft_weight[f as usize * HALF..][..HALF];
                for (x, &w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
        }
        let mut h0 = [0f32; 2 * HALF];
        for (h, &a) in h0.iter_mut().zip(acc.iter().flatten()) {
            *h = a.clamp(0.0, 1.0);
        }
        let z1 = affine::<{ 2 * HALF }>(&self.l1_weight, &self.l1_bias, &h0);
        let h1 = z1.map(|z| z.clamp(0.0, 1.0));
        let z2 = affine::<HIDDEN>(&self.l2_weight, &self.l2_bias, &h1);
        let h2 = z2.map(|z| z.clamp(0.0, 1.0));
        let output = self.out_bias[0]
            + self
                .out_weight
                .iter()
                .zip(&h2)
                .map(|(w, h)| w * h)
                .sum::<f32>();
        Tape {
            acc,
            h0,
            z1,
            h1,
            z2,
            h2,
            output,
        }
    }
}

/// A dense layer `W x + b` with `HIDDEN` outputs.
fn affine<const N: usize>(w: &[f32], b: &[f32], x: &[f32; N]) -> [f32; HIDDEN] {
    let mut out = [0f32; HIDDEN];
    for (o, (row, &bias)) in out.iter_mut().zip(w.chunks_exact(N).zip(b)) {
        *o = bias + row.iter().zip(x).map(|(w, x)| w * x).sum::<f32>();
    }
    out
}

/// The active feature rows of both perspectives, side to move first: each piece's own row
/// and its shared row.
#[derive(Clone, Debug)]
pub struct Features {
    /// Feature rows per perspective.
    pub active: [Vec<u32>; 2],
}

impl Features {
    /// The features of `pos` as the engine numbers them.
    pub fn of(pos: &Position) -> Features {
        let us = pos.side_to_move();
        let list = |view| {
            let mut out = [0usize; PIECES];
            let n = features::active(pos, view, &mut out);
            let own = out[..n].iter().map(|&f| f as u32);
            let shared = out[..n].iter().map(|&f| (INPUTS + f % FE_END) as u32);
            own.chain(shared).collect()
        };
        Features {
            active: [list(us), list(us.flip())],
        }
    }
}

/// What one forward pass computed.
#[derive(Clone, Debug)]
pub struct Tape {
    /// The two accumulators before clipping (side to move first).
    pub acc: [[f32; HALF]; 2],
    /// Their clipped values, concatenated.
    pub h0: [f32; 2 * HALF],
    /// First hidden layer before clipping.
    pub z1: [f32; HIDDEN],
    /// After clipping.
    pub h1: [f32; HIDDEN],
    /// Second hidden layer before clipping.
    pub z2: [f32; HIDDEN],
    /// After clipping.
    pub h2: [f32; HIDDEN],
    /// The output (times [`OUTPUT_SCALE`]: engine units).
    pub output: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh net has only its shared rows: moving a king without anything else changing
    /// leaves the evaluation as it was (the king is no feature of its own, only the index
    /// of the others'), while moving a piece changes it.
    #[test]
    fn fresh_net_starts_in_the_shared_rows() {
        let net = FloatNet::random(7);
        assert!(net.ft_weight[..INPUTS * HALF].iter().all(|&w| w == 0.0));
        assert!(net.ft_weight[INPUTS * HALF..].iter().any(|&w| w != 0.0));
        let base = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let king_moved = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B3K1R1/LNSG1GSNL b - 1";
        let pawn_moved = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
        let eval = |sfen: &str| net.evaluate(&Position::from_sfen(sfen).unwrap());
        assert_eq!(eval(base), eval(king_moved));
        assert_ne!(eval(base), eval(pawn_moved));
    }

    /// An integer net and the float net it stands for evaluate alike (the integer one
    /// floors its activations at each layer), and quantizing again gives the same file.
    #[test]
    fn quantized_evaluation_follows_the_float_one() {
        let int = FloatNet::random(3).quantize();
        let float = FloatNet::from_nnue(&int);
        let mut pos = Position::startpos();
        let mut rng = Rng::new(5);
        let mut worst = 0f32;
        let mut spread = 0f32;
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.do_move(moves[rng.below(moves.len())]);
            let f = float.evaluate(&pos);
            let i = int.evaluate(&pos, DEFAULT_FV_SCALE) as f32;
            worst = worst.max((f - i).abs());
            spread = spread.max(f.abs());
        }
        assert!(
            worst < 8.0 && spread > 20.0,
            "worst gap {worst}, largest score {spread}"
        );
        assert_eq!(FloatNet::from_nnue(&int).quantize(), int);
    }
}
