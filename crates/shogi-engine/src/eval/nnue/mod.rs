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
//! to ±27,000. It recomputes both accumulators from scratch for each call;
//! [`NnueEval`] keeps them between calls and gives the same scores.

pub mod features;
pub mod file;
pub mod lanes;
pub mod pack;
mod refresh;
mod simd;
mod stack;

pub use file::{Nnue, NnueFileError};

use crate::eval::Evaluator;
use crate::params::EVAL_LIMIT;
use features::PIECES;
use file::{HALF, HIDDEN, Layer};
use lanes::{Bytes32, Lanes};
use std::sync::Arc;
use yomi_shogi::{Move, Piece, Position};

/// YaneuraOu's default `FV_SCALE`: the output's divisor.
pub const DEFAULT_FV_SCALE: i32 = 16;
/// The largest score YaneuraOu's evaluation returns.
const SCORE_LIMIT: i32 = 27_000;
/// Hidden layers shift their sums by this many bits (the weights' scale).
const WEIGHT_SCALE_BITS: u32 = 6;

impl Nnue {
    /// The first layer's row of feature `f`.
    #[inline]
    fn row(&self, f: usize) -> &Lanes {
        self.ft_weight.row(f)
    }

    /// The accumulators' biases.
    fn bias_lanes(&self) -> Lanes {
        let mut lanes = Lanes::ZERO;
        lanes.0.copy_from_slice(&self.ft_bias);
        lanes
    }

    /// One perspective's accumulator: the biases plus the active features' rows, one by
    /// one (wrapping, as YaneuraOu's `i16` sums do): the reference the kept accumulators
    /// are checked against.
    fn accumulate(&self, pos: &Position, view: yomi_shogi::Color, out: &mut Lanes) {
        *out = self.bias_lanes();
        let mut active = [0usize; PIECES];
        let n = features::active(pos, view, &mut active);
        for &f in &active[..n] {
            for (a, &w) in out.0.iter_mut().zip(&self.row(f).0) {
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
        let (mut ours, mut theirs) = (Lanes::ZERO, Lanes::ZERO);
        self.accumulate(pos, us, &mut ours);
        self.accumulate(pos, us.flip(), &mut theirs);
        self.forward([&ours, &theirs], fv_scale)
    }

    /// The layers after the accumulators (side to move's first), over the file's
    /// row-major layers: the reference [`Hidden`] is checked against.
    fn forward(&self, acc: [&Lanes; 2], fv_scale: i32) -> i32 {
        let input = clipped(acc);
        let input: &[u8] = bytemuck::cast_slice(&input);
        let mut h1 = [0u8; HIDDEN];
        hidden(&self.l1, input, &mut h1);
        let mut h2 = [0u8; HIDDEN];
        hidden(&self.l2, &h1, &mut h2);
        let mut out = [0i32];
        simd::affine(&self.out.weight, &self.out.bias, &h2, &mut out);
        scaled(out[0], fv_scale)
    }
}

/// The output's score: divided by `FV_SCALE`, truncated toward zero, clamped.
fn scaled(out: i32, fv_scale: i32) -> i32 {
    (out / fv_scale.max(1)).clamp(-SCORE_LIMIT, SCORE_LIMIT)
}

/// The first hidden layer's input: both accumulators clipped to 0..=127.
#[inline]
fn clipped(acc: [&Lanes; 2]) -> [Bytes32; 2 * HALF / 32] {
    let mut input = [Bytes32([0; 32]); 2 * HALF / 32];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut input);
    // Half by half over fixed-size arrays: a loop the compiler vectorizes.
    for (half, acc) in bytes.chunks_exact_mut(HALF).zip(acc) {
        for (x, &a) in half.iter_mut().zip(acc.0.iter()) {
            *x = a.clamp(0, 127) as u8;
        }
    }
    input
}

/// The clipped ReLU of the weights' scale.
#[inline]
fn clip(sums: &[i32; HIDDEN]) -> Bytes32 {
    let mut out = Bytes32([0; 32]);
    for (y, &s) in out.0.iter_mut().zip(sums) {
        *y = (s >> WEIGHT_SCALE_BITS).clamp(0, 127) as u8;
    }
    out
}

/// An affine layer followed by the clipped ReLU of the weights' scale.
fn hidden(layer: &Layer, input: &[u8], out: &mut [u8; HIDDEN]) {
    let mut sums = [0i32; HIDDEN];
    simd::affine(&layer.weight, &layer.bias, input, &mut sums);
    *out = clip(&sums).0;
}

/// The layers after the accumulators with their weights in aligned chunks
/// ([`simd::affine_aligned`]): what [`NnueEval`] runs, the same sums as
/// [`Nnue::forward`]. A copy of 17 KB per evaluator, which also keeps each
/// search thread's layers in its own core's cache.
#[derive(Clone, Debug)]
struct Hidden {
    l1: Vec<Bytes32>,
    l2: Vec<Bytes32>,
    out: Vec<Bytes32>,
}

impl Hidden {
    fn new(net: &Nnue) -> Hidden {
        let chunks = |w: &[i8]| -> Vec<Bytes32> {
            w.chunks_exact(32)
                .map(|c| Bytes32(std::array::from_fn(|i| c[i] as u8)))
                .collect()
        };
        Hidden {
            l1: chunks(&net.l1.weight),
            l2: chunks(&net.l2.weight),
            out: chunks(&net.out.weight),
        }
    }

    /// [`Nnue::forward`] over these layers.
    #[inline]
    fn forward(&self, net: &Nnue, acc: [&Lanes; 2], fv_scale: i32) -> i32 {
        let input = clipped(acc);
        let mut sums = [0i32; HIDDEN];
        simd::affine_aligned(&self.l1, &net.l1.bias, &input, &mut sums);
        let h1 = clip(&sums);
        simd::affine_aligned(&self.l2, &net.l2.bias, std::slice::from_ref(&h1), &mut sums);
        let h2 = clip(&sums);
        let mut out = [0i32];
        simd::affine_aligned(
            &self.out,
            &net.out.bias,
            std::slice::from_ref(&h2),
            &mut out,
        );
        scaled(out[0], fv_scale)
    }
}

/// An [`Evaluator`] over a loaded net (shared, so threads and games reuse
/// one copy), keeping its accumulators along the search's line ([`stack`])
/// and, for positions off it, per king square ([`refresh`]).
#[derive(Clone)]
pub struct NnueEval {
    net: Arc<Nnue>,
    hidden: Hidden,
    fv_scale: i32,
    line: Box<stack::Line>,
}

impl NnueEval {
    /// Scores with `net`, its output divided by `fv_scale` (1..=128 as YaneuraOu takes it).
    pub fn new(net: Arc<Nnue>, fv_scale: i32) -> NnueEval {
        NnueEval {
            hidden: Hidden::new(&net),
            net,
            fv_scale: fv_scale.clamp(1, 128),
            line: Box::default(),
        }
    }
}

impl Evaluator for NnueEval {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let acc = self.line.accumulators(&self.net, pos);
        self.hidden
            .forward(&self.net, acc, self.fv_scale)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    fn name(&self) -> &'static str {
        "NNUE"
    }

    fn played(&mut self, pos: &Position, m: Move, captured: Piece) {
        self.line.push(pos, m, captured);
    }

    fn played_null(&mut self, pos: &Position) {
        self.line.push_null(pos);
    }

    fn unplayed(&mut self) {
        self.line.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_accumulators_give_the_scores_of_fresh_ones_along_games() {
        let net = Arc::new(Nnue::random(3));
        let mut eval = NnueEval::new(Arc::clone(&net), DEFAULT_FV_SCALE);
        let mut rng = yomi_core::Rng::new(5);
        let mut checked = 0;
        for _ in 0..20 {
            let mut pos = Position::startpos();
            let mut line = Vec::new();
            for _ in 0..160 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                let captured = pos.do_move(m);
                line.push((m, captured));
                assert_eq!(eval.evaluate(&pos), net.evaluate(&pos, DEFAULT_FV_SCALE));
                checked += 1;
                // Now and then step back a few plies, as a search does.
                if rng.below(8) == 0 {
                    for _ in 0..rng.below(4).min(line.len()) {
                        let (m, c) = line.pop().unwrap();
                        pos.undo_move(m, c);
                        assert_eq!(eval.evaluate(&pos), net.evaluate(&pos, DEFAULT_FV_SCALE));
                    }
                }
            }
        }
        assert!(checked > 2000);
    }

    #[test]
    fn accumulators_along_the_search_line_equal_fresh_ones() {
        // A search-like walk: moves reported through `played`, take-backs
        // through `unplayed`, evaluations at most nodes, now and then one of
        // a position off the line; every score equals the from-scratch one.
        let net = Arc::new(Nnue::random(8));
        let mut eval = NnueEval::new(Arc::clone(&net), DEFAULT_FV_SCALE);
        let mut rng = yomi_core::Rng::new(21);
        let stranger = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R3P 1").unwrap();
        let (mut checked, mut kings, mut drops, mut captures, mut nulls) = (0, 0, 0, 0, 0);
        for game in 0..12 {
            let mut pos = Position::startpos();
            let mut line = Vec::new();
            for _ in 0..400 {
                let legal = pos.legal_moves();
                if legal.is_empty() || (line.len() > 6 && rng.below(3) == 0) {
                    // Back up one to three plies, as a search returns.
                    for _ in 0..(1 + rng.below(3)).min(line.len()) {
                        let (m, c) = line.pop().unwrap();
                        pos.undo_move(m, c);
                        eval.unplayed();
                    }
                } else {
                    let m = legal[rng.below(legal.len())];
                    let mover = if m.is_drop() {
                        None
                    } else {
                        pos.piece_on(m.from()).kind()
                    };
                    let captured = pos.do_move(m);
                    eval.played(&pos, m, captured);
                    line.push((m, captured));
                    kings += (mover == Some(yomi_shogi::Kind::King)) as u32;
                    drops += m.is_drop() as u32;
                    captures += !captured.is_empty() as u32;
                }
                if rng.below(4) != 0 {
                    assert_eq!(
                        eval.evaluate(&pos),
                        net.evaluate(&pos, DEFAULT_FV_SCALE)
                            .clamp(-EVAL_LIMIT, EVAL_LIMIT),
                        "game {game}: {}",
                        pos.to_sfen()
                    );
                    checked += 1;
                }
                if rng.below(20) == 0 && !pos.in_check() {
                    // A null move, evaluated and taken back.
                    pos.do_null_move();
                    eval.played_null(&pos);
                    assert_eq!(
                        eval.evaluate(&pos),
                        net.evaluate(&pos, DEFAULT_FV_SCALE)
                            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
                    );
                    pos.undo_null_move();
                    eval.unplayed();
                    nulls += 1;
                }
                if rng.below(50) == 0 {
                    assert_eq!(
                        eval.evaluate(&stranger),
                        net.evaluate(&stranger, DEFAULT_FV_SCALE)
                    );
                }
            }
            while let Some((m, c)) = line.pop() {
                pos.undo_move(m, c);
                eval.unplayed();
            }
        }
        assert!(checked > 2000 && kings > 20 && drops > 20 && captures > 50 && nulls > 50);
    }

    /// Against YaneuraOu v8.30git's own scores (recorded in
    /// `data/nnue-yaneuraou.tsv`): two seeded random nets, 1,480 positions
    /// from real games, handicaps and tsume problems, every score equal.
    #[test]
    fn scores_equal_yaneuraou_s_on_every_recorded_position() {
        let data = include_str!("../../../data/nnue-yaneuraou.tsv");
        let rows: Vec<(i32, i32, Position)> = data
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (
                    f[0].parse().unwrap(),
                    f[1].parse().unwrap(),
                    Position::from_sfen(f[2]).unwrap(),
                )
            })
            .collect();
        assert_eq!(rows.len(), 1480);
        for (seed, fv_scale, column) in [(1, 16, 0), (2, 24, 1)] {
            // The net YaneuraOu loaded, written by `yomi shogi nnue init --seed N`,
            // goes through the file format on the way.
            let net = Nnue::from_bytes(&Nnue::random(seed).to_bytes()).unwrap();
            let mut distinct = std::collections::BTreeSet::new();
            for (i, (a, b, pos)) in rows.iter().enumerate() {
                let want = if column == 0 { *a } else { *b };
                let got = net.evaluate(pos, fv_scale);
                assert_eq!(got, want, "seed {seed}, row {i}: {}", pos.to_sfen());
                distinct.insert(got);
            }
            // The nets are not degenerate: the scores vary over positions.
            assert!(
                distinct.len() > 400,
                "seed {seed}: {} distinct scores",
                distinct.len()
            );
        }
    }
}
