//! The loss of a batch and its gradient: dense for the small layers, sparse (one row per
//! feature some position used) for the feature transformer.
//!
//! Contract: the evaluation `e` (engine units) of a position is read as the logit
//! `e / SCORE_SCALE` of `yomi-shogi-nn`'s loss ([`sample_loss`]: the `lambda` blend of
//! the score's win probability and the game result), averaged over the batch. A batch is
//! cut into chunks of `chunk` positions computed in parallel; dense gradients are summed
//! in chunk order and the feature rows are summed in (feature, position) order, so the
//! gradient does not depend on the thread count. The clipped ReLUs pass gradient only
//! strictly inside (0, 1).

use crate::nnue::net::{FT_ROWS, Features, FloatNet, OUTPUT_SCALE, Tape};
use rayon::prelude::*;
use yomi_shogi_engine::eval::nnue::features::PIECES;
use yomi_shogi_engine::eval::nnue::file::{HALF, HIDDEN};
use yomi_shogi_nn::train::loss::sample_loss;
use yomi_shogi_nn::train::params::SCORE_SCALE;
use yomi_shogi_nn::train::{LossSums, Sample, TrainError};

/// Gradients of a batch: every tensor but the feature transformer's weights densely, those
/// as the rows some position touched.
#[derive(Clone, Debug, PartialEq)]
pub struct Gradient {
    /// Dense gradients of tensors 1.. of [`FloatNet::tensors`] (index 0, the feature
    /// weights, is left empty: see `rows`).
    pub dense: [Vec<f32>; 8],
    /// The feature rows touched, ascending.
    pub rows: Vec<u32>,
    /// Their gradients, `rows.len() * HALF`.
    pub row_grads: Vec<f32>,
}

/// One chunk's share.
struct Part {
    dense: [Vec<f32>; 8],
    /// (feature, slot) per active feature of each perspective of each position.
    touches: Vec<(u32, u32)>,
    /// Accumulator gradients, one `HALF` block per slot.
    slots: Vec<f32>,
    loss: LossSums,
}

fn zero_dense() -> [Vec<f32>; 8] {
    let shapes = FloatNet::shapes();
    std::array::from_fn(|i| {
        if i == 0 {
            Vec::new()
        } else {
            vec![0.0; shapes[i]]
        }
    })
}

/// The evaluation of a forward pass as the loss's logit.
fn logit(tape: &Tape) -> f32 {
    tape.output * OUTPUT_SCALE / SCORE_SCALE as f32
}

/// Mean loss of `batch` and its gradient, in chunks of `chunk` on the current rayon pool.
pub fn batch_gradient(
    net: &FloatNet,
    batch: &[&Sample],
    lambda: f32,
    chunk: usize,
) -> Result<(Gradient, LossSums), TrainError> {
    let scale = 1.0 / batch.len().max(1) as f32;
    let parts = batch
        .par_chunks(chunk.max(1))
        .map(|c| chunk_gradient(net, c, lambda, scale))
        .collect::<Result<Vec<_>, _>>()?;
    let mut dense = zero_dense();
    let mut loss = LossSums::default();
    for p in &parts {
        for (total, part) in dense.iter_mut().zip(&p.dense) {
            total.iter_mut().zip(part).for_each(|(t, g)| *t += g);
        }
        loss += p.loss;
    }
    // Slots are numbered across parts in order: the part holding slot `s` is the last
    // whose first slot is at most `s`.
    let mut firsts = Vec::with_capacity(parts.len());
    let mut first = 0u32;
    for p in &parts {
        firsts.push(first);
        first += (p.slots.len() / HALF) as u32;
    }
    let slot = |s: u32| -> &[f32] {
        let k = firsts.partition_point(|&f| f <= s) - 1;
        &parts[k].slots[(s - firsts[k]) as usize * HALF..][..HALF]
    };
    // A counting sort of the touches by feature row: stable, and the touches come in
    // slot order, so each row's slots stay in slot order (the fixed summation order).
    let mut starts = vec![0u32; FT_ROWS + 1];
    for p in &parts {
        for &(f, _) in &p.touches {
            starts[f as usize + 1] += 1;
        }
    }
    for i in 0..FT_ROWS {
        starts[i + 1] += starts[i];
    }
    let mut next = starts.clone();
    let mut by_row = vec![0u32; starts[FT_ROWS] as usize];
    for (p, &base) in parts.iter().zip(&firsts) {
        for &(f, s) in &p.touches {
            let at = &mut next[f as usize];
            by_row[*at as usize] = s + base;
            *at += 1;
        }
    }
    let rows: Vec<u32> = (0..FT_ROWS as u32)
        .filter(|&f| starts[f as usize + 1] > starts[f as usize])
        .collect();
    // Each touched row sums its slots; rows in parallel.
    let mut row_grads = vec![0f32; rows.len() * HALF];
    row_grads
        .par_chunks_exact_mut(HALF)
        .zip(rows.par_iter())
        .for_each(|(out, &f)| {
            let range = starts[f as usize] as usize..starts[f as usize + 1] as usize;
            for &s in &by_row[range] {
                out.iter_mut().zip(slot(s)).for_each(|(r, g)| *r += g);
            }
        });
    Ok((
        Gradient {
            dense,
            rows,
            row_grads,
        },
        loss,
    ))
}

fn chunk_gradient(
    net: &FloatNet,
    samples: &[&Sample],
    lambda: f32,
    scale: f32,
) -> Result<Part, TrainError> {
    let mut part = Part {
        dense: zero_dense(),
        touches: Vec::with_capacity(samples.len() * 4 * PIECES),
        slots: Vec::with_capacity(samples.len() * 2 * HALF),
        loss: LossSums::default(),
    };
    for s in samples {
        let feats = Features::of(&s.position()?);
        let tape = net.forward(&feats);
        let (l, dlogit) = sample_loss(logit(&tape), s.target, lambda);
        part.loss += l;
        let d_out = dlogit * scale * OUTPUT_SCALE / SCORE_SCALE as f32;
        backward(net, &tape, d_out, &mut part.dense, &mut |view, dacc| {
            let slot = (part.slots.len() / HALF) as u32;
            part.slots.extend_from_slice(dacc);
            part.touches
                .extend(feats.active[view].iter().map(|&f| (f, slot)));
        });
    }
    Ok(part)
}

/// Back-propagates `d_out` (d loss / d output) through one tape into `dense`, handing
/// each perspective's accumulator gradient to `rows`.
fn backward(
    net: &FloatNet,
    t: &Tape,
    d_out: f32,
    dense: &mut [Vec<f32>; 8],
    rows: &mut dyn FnMut(usize, &[f32; HALF]),
) {
    let inside = |z: f32| z > 0.0 && z < 1.0;
    let [_, ft_b, l1_w, l1_b, l2_w, l2_b, out_w, out_b] = dense;
    out_b[0] += d_out;
    let mut dz2 = [0f32; HIDDEN];
    for j in 0..HIDDEN {
        out_w[j] += d_out * t.h2[j];
        if inside(t.z2[j]) {
            dz2[j] = d_out * net.out_weight[j];
        }
    }
    let mut dh1 = [0f32; HIDDEN];
    for (j, &d) in dz2.iter().enumerate() {
        if d == 0.0 {
            continue;
        }
        l2_b[j] += d;
        let row = &net.l2_weight[j * HIDDEN..][..HIDDEN];
        let grow = &mut l2_w[j * HIDDEN..][..HIDDEN];
        for i in 0..HIDDEN {
            grow[i] += d * t.h1[i];
            dh1[i] += d * row[i];
        }
    }
    let mut dh0 = [0f32; 2 * HALF];
    for j in 0..HIDDEN {
        if !inside(t.z1[j]) || dh1[j] == 0.0 {
            continue;
        }
        let d = dh1[j];
        l1_b[j] += d;
        let row = &net.l1_weight[j * 2 * HALF..][..2 * HALF];
        let grow = &mut l1_w[j * 2 * HALF..][..2 * HALF];
        for i in 0..2 * HALF {
            grow[i] += d * t.h0[i];
            dh0[i] += d * row[i];
        }
    }
    for view in 0..2 {
        let mut dacc = [0f32; HALF];
        for i in 0..HALF {
            if inside(t.acc[view][i]) {
                dacc[i] = dh0[view * HALF + i];
            }
        }
        ft_b.iter_mut().zip(&dacc).for_each(|(b, d)| *b += d);
        rows(view, &dacc);
    }
}

/// Loss totals of `net` over `samples`, in chunks on the current rayon pool.
pub fn evaluate(
    net: &FloatNet,
    samples: &[Sample],
    lambda: f32,
    chunk: usize,
) -> Result<LossSums, TrainError> {
    let parts = samples
        .par_chunks(chunk.max(1))
        .map(|c| {
            let mut sums = LossSums::default();
            for s in c {
                let tape = net.forward(&Features::of(&s.position()?));
                sums += sample_loss(logit(&tape), s.target, lambda).0;
            }
            Ok(sums)
        })
        .collect::<Result<Vec<_>, TrainError>>()?;
    let mut total = LossSums::default();
    for p in parts {
        total += p;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi_nn::train::loss::Target;

    fn samples() -> Vec<Sample> {
        let mut pos = yomi_shogi::Position::startpos();
        let mut rng = yomi_core::Rng::new(9);
        let mut out = Vec::new();
        for i in 0..24 {
            let moves = pos.legal_moves();
            pos.do_move(moves[rng.below(moves.len())]);
            out.push(Sample {
                sfen: pos.to_sfen().into_boxed_str(),
                target: Target {
                    score: (i * 37 % 400) - 200,
                    result: [1, 0, -1][i as usize % 3],
                },
                game: 0,
            });
        }
        out
    }

    /// Each analytic derivative equals the loss's finite difference, for a weight of every
    /// layer (a feature row included): a wrong back-propagation fails here.
    #[test]
    fn gradient_matches_finite_differences() {
        let data = samples();
        let refs: Vec<&Sample> = data.iter().collect();
        let net = FloatNet::random(4);
        let lambda = 0.7;
        let (g, _) = batch_gradient(&net, &refs, lambda, 5).unwrap();
        let loss = |n: &FloatNet| evaluate(n, &data, lambda, 7).unwrap().mean();
        let row = g.rows[g.rows.len() / 2] as usize;
        let checks: [(usize, usize, f32); 8] = [
            (0, row * HALF + 3, g.row_grads[g.rows.len() / 2 * HALF + 3]),
            (1, 5, g.dense[1][5]),
            (2, 40, g.dense[2][40]),
            (3, 2, g.dense[3][2]),
            (4, 33, g.dense[4][33]),
            (5, 7, g.dense[5][7]),
            (6, 11, g.dense[6][11]),
            (7, 0, g.dense[7][0]),
        ];
        for (tensor, index, analytic) in checks {
            let h = 1e-3f32;
            let mut plus = net.clone();
            plus.tensors_mut()[tensor][index] += h;
            let mut minus = net.clone();
            minus.tensors_mut()[tensor][index] -= h;
            let numeric = ((loss(&plus) - loss(&minus)) / (2.0 * h as f64)) as f32;
            let tol = 1e-3 + 0.05 * numeric.abs().max(analytic.abs());
            assert!(
                (numeric - analytic).abs() <= tol,
                "{}[{index}]: analytic {analytic}, numeric {numeric}",
                crate::nnue::net::TENSORS[tensor]
            );
        }
        // The same gradient on one thread's order of chunks and another's.
        let (again, _) = batch_gradient(&net, &refs, lambda, 5).unwrap();
        assert_eq!(again, g);
    }
}
