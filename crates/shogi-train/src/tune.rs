//! Fitting the `Control` evaluation's weights ([`ControlWeights`]) to
//! labelled positions (Texel's method): the evaluation is linear in its
//! weights, so a position is reduced once to its sparse feature counts and
//! the weights are fitted by gradient descent (Adam) on the squared error
//! between `sigmoid(eval / K)` and the target, a mix of the game result
//! and `sigmoid(search score / K)`.
//!
//! Only quiet positions teach a static evaluation. A position where the
//! side to move has a capture that wins material by static exchange is
//! first resolved ([`quiet_leaf`]: the best such capture is played, for
//! either side in turn, until none is left) and the quiet position reached
//! is fitted to the original label. Positions in check (before or along the
//! way) are left out, as are positions with a decided search score.
//!
//! Contract: [`fit`] is deterministic for the same samples and options
//! (the gradient is summed in a fixed chunk order, whatever the thread
//! count), and returns the weights of the epoch with the lowest validation
//! loss.

use rayon::prelude::*;
use yomi_shogi::{Color, Position};
use yomi_shogi_engine::eval::ControlWeights;
use yomi_shogi_engine::eval::features::{self, FEATURES, Family, MAT};
use yomi_shogi_engine::search::order::is_capture;
use yomi_shogi_engine::search::see::{see, see_ge};

/// Search scores at or beyond this magnitude (cp) are decided games, not
/// evaluations: such positions are left out.
pub const DECIDED_SCORE: i32 = 2000;

/// One position reduced to its features.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneSample {
    /// `(feature, count)`, Black's counts positive (see [`features::extract`]).
    pub features: Vec<(u16, i16)>,
    /// Target win probability for Black.
    pub target: f32,
}

/// How a fit runs.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOptions {
    /// Passes of full-batch gradient descent.
    pub epochs: usize,
    /// Adam's step size (cp per step) at the start; it decays along a
    /// cosine to a twentieth of this by the last epoch.
    pub lr: f64,
    /// Weight of the game result in the target (1 = result only, 0 = the
    /// search score only).
    pub lambda: f64,
    /// Scale of the sigmoid: `p = 1 / (1 + exp(-eval / k))`.
    pub k: f64,
    /// L2 penalty pulling every non-material weight to 0: the loss gains
    /// `l2 * (w / k)²` per weight, in the units of the squared error.
    pub l2: f64,
    /// The feature families whose weights move (empty: all); the others
    /// keep their starting values.
    pub families: Vec<Family>,
}

impl Default for TuneOptions {
    fn default() -> Self {
        TuneOptions {
            epochs: 300,
            lr: 2.0,
            lambda: 0.7,
            k: 600.0,
            l2: 1e-3,
            families: Vec::new(),
        }
    }
}

/// True when `pos` is quiet: the side to move is not in check and has no
/// capture that wins material by static exchange.
pub fn is_quiet(pos: &Position) -> bool {
    if pos.in_check() {
        return false;
    }
    !pos.legal_moves()
        .as_slice()
        .iter()
        .any(|&m| is_capture(pos, m) && see_ge(pos, m, 1))
}

/// Longest run of winning captures [`quiet_leaf`] follows.
pub const MAX_RESOLVE_PLIES: usize = 12;

/// The quiet position `pos` resolves to: while the side to move has a
/// capture that wins material by static exchange, the one that wins most
/// is played. `None` when a side is in check on the way, or the captures
/// go on past [`MAX_RESOLVE_PLIES`].
pub fn quiet_leaf(pos: &Position) -> Option<Position> {
    let mut pos = pos.clone();
    for _ in 0..=MAX_RESOLVE_PLIES {
        if pos.in_check() {
            return None;
        }
        let best = pos
            .legal_moves()
            .as_slice()
            .iter()
            .filter(|&&m| is_capture(&pos, m) && see_ge(&pos, m, 1))
            .map(|&m| (see(&pos, m), m))
            .max_by_key(|&(v, _)| v);
        match best {
            None => return Some(pos),
            Some((_, m)) => {
                pos.do_move(m);
            }
        }
    }
    None
}

/// The sample of `pos` with a score and result from the side to move's
/// view (its features those of its [`quiet_leaf`]), or `None` when the
/// position does not teach (in check, decided).
pub fn sample(pos: &Position, score: i32, result: i8, lambda: f64, k: f64) -> Option<TuneSample> {
    if score.abs() >= DECIDED_SCORE {
        return None;
    }
    let leaf = quiet_leaf(pos)?;
    let result_p = (result as f64 + 1.0) / 2.0;
    let score_p = sigmoid(score as f64 / k);
    let mut t = lambda * result_p + (1.0 - lambda) * score_p;
    if pos.side_to_move() == Color::White {
        t = 1.0 - t;
    }
    Some(TuneSample {
        features: sparse_features(&leaf),
        target: t as f32,
    })
}

/// The feature counts of `pos`, one entry per feature present, by index.
pub fn sparse_features(pos: &Position) -> Vec<(u16, i16)> {
    let mut counts: Vec<(u16, i16)> = Vec::with_capacity(96);
    features::extract(pos, &mut |i, c| counts.push((i as u16, c as i16)));
    counts.sort_unstable_by_key(|&(i, _)| i);
    let mut merged: Vec<(u16, i16)> = Vec::with_capacity(counts.len());
    for (i, c) in counts {
        match merged.last_mut() {
            Some(last) if last.0 == i => last.1 += c,
            _ => merged.push((i, c)),
        }
    }
    merged.retain(|&(_, c)| c != 0);
    merged
}

#[inline]
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation (cp, Black's view) of a sample under weights `w`.
#[inline]
fn eval(s: &TuneSample, w: &[f64]) -> f64 {
    s.features
        .iter()
        .map(|&(i, c)| w[i as usize] * c as f64)
        .sum()
}

/// Mean squared error of `samples` under `w` (cp weights).
pub fn loss(samples: &[TuneSample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .par_chunks(4096)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| (sigmoid(eval(s, w) / k) - s.target as f64).powi(2))
                .sum::<f64>()
        })
        .collect::<Vec<f64>>()
        .iter()
        .sum();
    sum / samples.len() as f64
}

/// The sigmoid scale under which `w` fits `samples` best (a golden-section
/// search over 100..3000 cp): fitted once on the starting weights, it keeps
/// the evaluation's scale (and so the search's margins) where it was.
pub fn fit_k(samples: &[TuneSample], w: &[f64]) -> f64 {
    let (mut a, mut b) = (100.0f64, 3000.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(samples, w, c) < loss(samples, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// One epoch's losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochLoss {
    /// Epoch number, from 1.
    pub epoch: usize,
    /// Mean squared error on the training samples.
    pub train: f64,
    /// Mean squared error on the validation samples.
    pub val: f64,
}

/// Adam's moment estimates for a set of parameters; both fits step with it.
pub(crate) struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    eps: f64,
}

impl Adam {
    /// Moments for `n` parameters, `eps` keeping the step finite.
    pub(crate) fn new(n: usize, eps: f64) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            eps,
        }
    }

    /// Step `t` (from 1) of size `lr` against gradient `g`, for the
    /// parameters `free` accepts.
    pub(crate) fn step(
        &mut self,
        w: &mut [f64],
        g: &[f64],
        lr: f64,
        t: i32,
        free: impl Fn(usize) -> bool,
    ) {
        let (b1, b2) = (0.9f64, 0.999f64);
        for i in (0..w.len()).filter(|&i| free(i)) {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = self.m[i] / (1.0 - b1.powi(t));
            let vh = self.v[i] / (1.0 - b2.powi(t));
            w[i] -= lr * mh / (vh.sqrt() + self.eps);
        }
    }
}

/// Gradient of the training loss (plus the L2 term) at `w`.
fn gradient(samples: &[TuneSample], w: &[f64], opts: &TuneOptions) -> (Vec<f64>, f64) {
    let parts: Vec<(Vec<f64>, f64)> = samples
        .par_chunks(8192)
        .map(|chunk| {
            let mut g = vec![0.0; FEATURES];
            let mut l = 0.0;
            for s in chunk {
                let p = sigmoid(eval(s, w) / opts.k);
                let err = p - s.target as f64;
                l += err * err;
                let f = 2.0 * err * p * (1.0 - p) / opts.k;
                for &(i, c) in &s.features {
                    g[i as usize] += f * c as f64;
                }
            }
            (g, l)
        })
        .collect();
    let n = samples.len().max(1) as f64;
    let mut g = vec![0.0; FEATURES];
    let mut l = 0.0;
    for (part, pl) in parts {
        for (a, b) in g.iter_mut().zip(part) {
            *a += b;
        }
        l += pl;
    }
    for (i, gi) in g.iter_mut().enumerate() {
        *gi /= n;
        if !(MAT..MAT + 15).contains(&i) {
            *gi += 2.0 * opts.l2 * w[i] / (opts.k * opts.k);
        }
    }
    (g, l / n)
}

/// Fits weights from `init` on `train`, reporting each epoch's losses to
/// `progress`; returns the weights of the epoch with the lowest
/// validation loss (the last epoch's when `val` is empty).
pub fn fit(
    train: &[TuneSample],
    val: &[TuneSample],
    init: &ControlWeights,
    opts: &TuneOptions,
    progress: &mut dyn FnMut(EpochLoss),
) -> ControlWeights {
    let mut w = init.to_cp();
    let mut adam = Adam::new(FEATURES, 1e-8);
    let mut free = vec![opts.families.is_empty(); FEATURES];
    for f in &opts.families {
        for i in f.range() {
            free[i] = true;
        }
    }
    let mut best = (f64::INFINITY, w.clone());
    for epoch in 1..=opts.epochs {
        let (g, train_loss) = gradient(train, &w, opts);
        let progress_frac = (epoch - 1) as f64 / opts.epochs.max(1) as f64;
        let lr =
            opts.lr * (0.05 + 0.95 * 0.5 * (1.0 + (std::f64::consts::PI * progress_frac).cos()));
        adam.step(&mut w, &g, lr, epoch as i32, |i| free[i]);
        let val_loss = if val.is_empty() {
            train_loss
        } else {
            loss(val, &w, opts.k)
        };
        if val_loss < best.0 {
            best = (val_loss, w.clone());
        }
        progress(EpochLoss {
            epoch,
            train: train_loss,
            val: val_loss,
        });
    }
    ControlWeights::from_cp(&best.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use yomi_shogi_engine::eval::{ControlEval, Evaluator};

    const SFENS: [&str; 3] = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "ln1g3nl/1r1s1kg2/p2ppp1p1/2ps2p1p/1p7/2P1P1P2/PPSP1P2P/2G2S1R1/LN2KG1NL b Bb 1",
        "lnsgk1snl/1r4gb1/p1pppp2p/6pR1/1p7/2P6/PP1PPPP1P/1BG6/LNS1KGSNL b P 11",
    ];

    /// The sparse counts of the tuner, dotted with the weights as the
    /// evaluator applies them, give the evaluator's score (Black's view):
    /// the starting weights and seeded random ones, on positions of random
    /// games (the evaluator sums control by bit planes, the tuner square by
    /// square, so this checks one against the other).
    #[test]
    fn sparse_features_reproduce_the_evaluation() {
        let mut rng = yomi_core::Rng::new(7);
        let random: Vec<f64> = (0..features::FEATURES)
            .map(|_| (rng.below(20_001) as f64 - 10_000.0) / 97.0)
            .collect();
        for w in [ControlWeights::initial(), ControlWeights::from_cp(&random)] {
            let cp = w.effective_cp();
            let mut e = ControlEval::new(Arc::new(w));
            let mut positions: Vec<Position> = SFENS
                .iter()
                .map(|s| Position::from_sfen(s).unwrap())
                .collect();
            for seed in 0..6 {
                let mut game_rng = yomi_core::Rng::new(seed);
                let mut pos = Position::startpos();
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves.as_slice()[game_rng.below(moves.len())];
                    pos.do_move(m);
                    positions.push(pos.clone());
                }
            }
            for pos in positions {
                let s = TuneSample {
                    features: sparse_features(&pos),
                    target: 0.5,
                };
                let black = eval(&s, &cp);
                let own = e.evaluate(&pos) as f64;
                let own_black = if pos.side_to_move() == Color::Black {
                    own
                } else {
                    -own
                };
                assert!(
                    (black.clamp(-20_000.0, 20_000.0) - own_black).abs() <= 1.0,
                    "{}: {black} vs {own_black}",
                    pos.to_sfen()
                );
            }
        }
    }

    #[test]
    fn captures_that_win_material_are_not_quiet() {
        // A pawn takes a free silver.
        let pos = Position::from_sfen("4k4/9/9/9/4s4/4P4/9/9/4K4 b - 1").unwrap();
        assert!(!is_quiet(&pos));
        let pos = Position::from_sfen("4k4/9/9/4g4/4s4/4P4/9/9/4K4 b - 1").unwrap();
        // Pawn takes silver, gold retakes: still wins a silver for a pawn.
        assert!(!is_quiet(&pos));
        let pos = Position::from_sfen("4k4/9/9/9/9/4P4/9/9/4K4 b - 1").unwrap();
        assert!(is_quiet(&pos));
    }

    #[test]
    fn a_winning_capture_is_played_out_before_fitting() {
        // The pawn takes the free silver; then White has nothing to win.
        let pos = Position::from_sfen("4k4/9/9/9/4s4/4P4/9/9/4K4 b - 1").unwrap();
        let leaf = quiet_leaf(&pos).unwrap();
        assert_eq!(leaf.to_sfen(), "4k4/9/9/9/4P4/9/9/9/4K4 w S 2");
        // A position in check teaches nothing.
        let check = Position::from_sfen("4k4/9/9/9/9/9/9/4r4/4K4 b - 1").unwrap();
        assert!(quiet_leaf(&check).is_none());
    }

    /// A fit moves the weights toward what the targets say: positions where
    /// Black has an extra pawn in hand and always wins raise the hand
    /// pawn's weight.
    #[test]
    fn fitting_learns_from_the_targets() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let s = sample(&pos, 0, 1, 1.0, 600.0).unwrap();
        let train = vec![s; 64];
        let init = ControlWeights::initial();
        let before = loss(&train, &init.to_cp(), 600.0);
        let opts = TuneOptions {
            epochs: 50,
            lr: 5.0,
            ..TuneOptions::default()
        };
        let fitted = fit(&train, &[], &init, &opts, &mut |_| {});
        let after = loss(&train, &fitted.to_cp(), 600.0);
        assert!(after < before, "{after} < {before}");
        let hand_pawn = features::HAND;
        assert!(fitted.to_cp()[hand_pawn] > init.to_cp()[hand_pawn]);
    }
}
