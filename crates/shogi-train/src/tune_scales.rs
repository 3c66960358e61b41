//! Fitting one scale per group of `Control` weights ([`ControlWeights`])
//! instead of every weight: the hand-set weights keep their shape
//! (which square, which piece, which distance counts more) and only the
//! groups' strengths against material move.
//!
//! Why: a fit of all 5,380 weights to self-play labels overfits them (the
//! fitted control weights change sign from one square to the next); a
//! dozen scales cannot, so the same data can say whether, say, control
//! should weigh more against material than the starting weights assume.
//!
//! Contract: material keeps scale 1 (it sets the evaluation's scale, and
//! with it the search's margins); [`fit_scales`] is deterministic for the
//! same samples and options, and returns the scales of the epoch with the
//! lowest validation loss.

use crate::tune::{Adam, EpochLoss, TuneOptions, TuneSample, sigmoid};
use rayon::prelude::*;
use std::ops::Range;
use yomi_shogi_engine::eval::ControlWeights;
use yomi_shogi_engine::eval::features::{
    ATTACKED, CTRL, CTRL_LEN, DEFENDED, HAND, KING_POS, KING_RING, KP_ENEMY, KP_OWN, OPEN_HAND,
    TEMPO,
};

/// The groups whose weights [`fit_scales`] scales as one, by name.
pub const SCALE_GROUPS: [(&str, Range<usize>); 11] = [
    ("hand", HAND..CTRL),
    ("control-their", CTRL..CTRL + CTRL_LEN / 2),
    ("control-own", CTRL + CTRL_LEN / 2..KP_OWN),
    ("placement-own", KP_OWN..KP_ENEMY),
    ("placement-enemy", KP_ENEMY..KING_POS),
    ("king", KING_POS..TEMPO),
    ("tempo", TEMPO..OPEN_HAND),
    ("open-hand", OPEN_HAND..DEFENDED),
    ("defended", DEFENDED..ATTACKED),
    ("attacked", ATTACKED..KING_RING),
    ("king-ring", KING_RING..KING_RING + 4),
];

const GROUPS: usize = SCALE_GROUPS.len();

/// A sample reduced to its fixed (material) part and one sum per group,
/// all under the starting weights.
struct Reduced {
    fixed: f64,
    groups: [f64; GROUPS],
    target: f64,
}

fn reduce(samples: &[TuneSample], w0: &[f64]) -> Vec<Reduced> {
    let mut group_of = vec![usize::MAX; w0.len()];
    for (g, (_, r)) in SCALE_GROUPS.iter().enumerate() {
        for i in r.clone() {
            group_of[i] = g;
        }
    }
    samples
        .par_iter()
        .map(|s| {
            let mut r = Reduced {
                fixed: 0.0,
                groups: [0.0; GROUPS],
                target: s.target as f64,
            };
            for &(i, c) in &s.features {
                let v = w0[i as usize] * c as f64;
                match group_of[i as usize] {
                    usize::MAX => r.fixed += v,
                    g => r.groups[g] += v,
                }
            }
            r
        })
        .collect()
}

/// Loss and gradient (per scale) of `data` under scales `a`.
fn loss_grad(data: &[Reduced], a: &[f64; GROUPS], k: f64) -> (f64, [f64; GROUPS]) {
    let (l, g) = data
        .par_chunks(8192)
        .map(|chunk| {
            let mut l = 0.0;
            let mut g = [0.0; GROUPS];
            for r in chunk {
                let e = r.fixed + r.groups.iter().zip(a).map(|(x, s)| x * s).sum::<f64>();
                let p = sigmoid(e / k);
                let err = p - r.target;
                l += err * err;
                let f = 2.0 * err * p * (1.0 - p) / k;
                for (gi, x) in g.iter_mut().zip(&r.groups) {
                    *gi += f * x;
                }
            }
            (l, g)
        })
        .collect::<Vec<_>>()
        .into_iter()
        .fold((0.0, [0.0; GROUPS]), |(l, mut g), (pl, pg)| {
            for (a, b) in g.iter_mut().zip(pg) {
                *a += b;
            }
            (l + pl, g)
        });
    let n = data.len().max(1) as f64;
    (l / n, g.map(|x| x / n))
}

/// Fits one scale per [`SCALE_GROUPS`] entry on `train` (Adam, step `lr`
/// in scale units, `opts.epochs` passes, `opts.l2` pulling each scale to
/// 1), reporting each epoch to `progress`. Returns the best scales on
/// `val` and the weights they give.
pub fn fit_scales(
    train: &[TuneSample],
    val: &[TuneSample],
    init: &ControlWeights,
    opts: &TuneOptions,
    lr: f64,
    progress: &mut dyn FnMut(EpochLoss),
) -> ([f64; GROUPS], ControlWeights) {
    let w0 = init.to_cp();
    let (tr, va) = (reduce(train, &w0), reduce(val, &w0));
    let mut a = [1.0f64; GROUPS];
    let mut adam = Adam::new(GROUPS, 1e-12);
    let mut best = (f64::INFINITY, a);
    for epoch in 1..=opts.epochs {
        let (train_loss, mut g) = loss_grad(&tr, &a, opts.k);
        for (gi, ai) in g.iter_mut().zip(&a) {
            *gi += 2.0 * opts.l2 * (ai - 1.0);
        }
        adam.step(&mut a, &g, lr, epoch as i32, |_| true);
        let val_loss = if va.is_empty() {
            train_loss
        } else {
            loss_grad(&va, &a, opts.k).0
        };
        if val_loss < best.0 {
            best = (val_loss, a);
        }
        progress(EpochLoss {
            epoch,
            train: train_loss,
            val: val_loss,
        });
    }
    let a = best.1;
    let mut w = w0;
    for (g, (_, r)) in SCALE_GROUPS.iter().enumerate() {
        for i in r.clone() {
            w[i] *= a[g];
        }
    }
    (a, ControlWeights::from_cp(&w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::sample;
    use yomi_shogi::Position;
    use yomi_shogi_engine::eval::features::MAT;

    /// Positions where Black has one more pawn in hand and always wins
    /// teach a larger hand scale; material stays where it was.
    #[test]
    fn scales_follow_the_targets_and_material_stays() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let s = sample(&pos, 0, 1, 1.0, 600.0).unwrap();
        let train = vec![s; 64];
        let init = ControlWeights::initial();
        let opts = TuneOptions {
            epochs: 100,
            ..TuneOptions::default()
        };
        let (a, w) = fit_scales(&train, &[], &init, &opts, 0.05, &mut |_| {});
        assert!(a[0] > 1.2, "hand scale {}", a[0]);
        let (w0, w1) = (init.to_cp(), w.to_cp());
        assert_eq!(w0[MAT..HAND], w1[MAT..HAND]);
        assert!(w1[HAND] > w0[HAND]);
    }

    /// Every feature but material's belongs to exactly one group.
    #[test]
    fn groups_cover_every_non_material_feature_once() {
        let mut seen = vec![0; yomi_shogi_engine::eval::features::FEATURES];
        for (_, r) in SCALE_GROUPS.iter() {
            for i in r.clone() {
                seen[i] += 1;
            }
        }
        assert!(seen[HAND..].iter().all(|&n| n == 1));
        assert!(seen[..HAND].iter().all(|&n| n == 0));
    }
}
