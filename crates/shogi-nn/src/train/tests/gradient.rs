//! The hand-written backward pass against finite differences of the reference forward.

use super::refs;
use crate::config::NetConfig;
use crate::features::{INPUT_LEN, encode};
use crate::reference;
use crate::train::backprop::{Prepared, to_square_major};
use crate::train::fixture::{material_samples, random_positions};
use crate::train::grads::{group_names, param_slices_mut};
use crate::train::loss::{Target, sample_loss};
use crate::train::trainer::batch_gradient;
use crate::weights::Weights;
use yomi_shogi::Position;

/// Mean loss of `w` over the samples by the reference forward (f64 inside).
fn reference_loss(w: &Weights, input: &[f32], targets: &[Target], lambda: f32) -> f64 {
    let logits = reference::forward(w, input, targets.len());
    logits
        .iter()
        .zip(targets)
        .map(|(&x, &t)| sample_loss(x, t, lambda).0.total)
        .sum::<f64>()
        / targets.len() as f64
}

/// Encoded CHW inputs of SFENs.
fn inputs(sfens: &[&str]) -> Vec<f32> {
    let mut out = vec![0.0; sfens.len() * INPUT_LEN];
    for (s, chunk) in sfens.iter().zip(out.chunks_exact_mut(INPUT_LEN)) {
        encode(&Position::from_sfen(s).unwrap(), chunk);
    }
    out
}

#[test]
fn the_training_forward_equals_the_reference_forward() {
    let w = Weights::random(
        NetConfig {
            channels: 8,
            layers: 7,
        },
        5,
    )
    .unwrap();
    let positions = random_positions(5, 11);
    let sfens: Vec<String> = positions.iter().map(|p| p.to_sfen()).collect();
    let sfens: Vec<&str> = sfens.iter().map(String::as_str).collect();
    let chw = inputs(&sfens);
    let want = reference::forward(&w, &chw, sfens.len());
    let tape = Prepared::new(&w).forward(to_square_major(&chw, sfens.len()), sfens.len());
    for (got, want) in tape.logits().iter().zip(&want) {
        assert!(
            (got - want).abs() <= 1e-4 * want.abs().max(1.0),
            "{got} vs {want}"
        );
    }
    // The logits differ between positions: the test is not comparing constants.
    assert!(want.iter().any(|&x| (x - want[0]).abs() > 1e-3), "{want:?}");
}

/// The network's loss in f64 throughout, parameters given as f64 groups (group order of
/// [`group_names`]): the finite-difference oracle. It is checked against the crate's
/// reference forward below, so it is the same network.
fn loss_f64(
    groups: &[Vec<f64>],
    config: NetConfig,
    input: &[f32],
    targets: &[Target],
    lambda: f64,
) -> f64 {
    let c = config.channels;
    let conv = |layer: usize, x: &[f64]| -> Vec<f64> {
        let in_ch = config.in_channels(layer);
        let (w, b) = (&groups[2 * layer], &groups[2 * layer + 1]);
        let mut y = vec![0.0; c * 81];
        for o in 0..c {
            for r in 0..9i32 {
                for col in 0..9i32 {
                    let mut sum = b[o];
                    for i in 0..in_ch {
                        for ky in 0..3i32 {
                            for kx in 0..3i32 {
                                let (rr, cc) = (r + ky - 1, col + kx - 1);
                                if (0..9).contains(&rr) && (0..9).contains(&cc) {
                                    sum += w[((o * in_ch + i) * 3 + ky as usize) * 3 + kx as usize]
                                        * x[i * 81 + (rr * 9 + cc) as usize];
                                }
                            }
                        }
                    }
                    y[o * 81 + (r * 9 + col) as usize] = sum;
                }
            }
        }
        y
    };
    let relu = |v: Vec<f64>| v.into_iter().map(|x| x.max(0.0)).collect::<Vec<f64>>();
    let mut total = 0.0;
    for (sample, t) in input.chunks_exact(INPUT_LEN).zip(targets) {
        let x0: Vec<f64> = sample.iter().map(|&v| v as f64).collect();
        let mut x = relu(conv(0, &x0));
        for g in 0..config.residual_groups() {
            let a = relu(conv(1 + 3 * g, &x));
            let b = relu(conv(2 + 3 * g, &a));
            let sum: Vec<f64> = conv(3 + 3 * g, &b)
                .iter()
                .zip(&x)
                .map(|(p, q)| p + q)
                .collect();
            x = relu(sum);
        }
        let fc = &groups[2 * config.layers];
        let logit =
            groups[2 * config.layers + 1][0] + fc.iter().zip(&x).map(|(w, v)| w * v).sum::<f64>();
        let p = 1.0 / (1.0 + (-logit).exp());
        let target = 1.0 / (1.0 + (-(t.score as f64) / 600.0).exp());
        let y = (t.result as f64 + 1.0) / 2.0;
        let bce = logit.max(0.0) - logit * y + (-logit.abs()).exp().ln_1p();
        total += lambda * (p - target) * (p - target) + (1.0 - lambda) * bce;
    }
    total / targets.len() as f64
}

/// Checks d(mean loss)/d(parameter) from `batch_gradient` against central differences of
/// the f64 oracle, for a spread of parameters in every group.
fn check_gradient(lambda: f32) {
    let config = NetConfig {
        channels: 4,
        layers: 7,
    };
    let mut w = Weights::random(config, 21).unwrap();
    // Non-zero biases, so that their gradients and the ReLU masks are not trivial.
    for (i, conv) in w.convs.iter_mut().enumerate() {
        for (j, b) in conv.bias.iter_mut().enumerate() {
            *b = 0.05 * ((i * 7 + j * 3) % 5) as f32 - 0.1;
        }
    }
    w.fc_bias = 0.1;
    let mut samples = material_samples(3, 4);
    samples[1].target.result = 0;
    samples[2].target.result = -1;
    let sfens: Vec<&str> = samples.iter().map(|s| &*s.sfen).collect();
    let chw = inputs(&sfens);
    let targets: Vec<Target> = samples.iter().map(|s| s.target).collect();
    let mut groups: Vec<Vec<f64>> = param_slices_mut(&mut w)
        .iter()
        .map(|g| g.iter().map(|&v| v as f64).collect())
        .collect();
    // The oracle is the reference network.
    let oracle = loss_f64(&groups, config, &chw, &targets, lambda as f64);
    let reference = reference_loss(&w, &chw, &targets, lambda);
    assert!((oracle - reference).abs() < 1e-5, "{oracle} vs {reference}");
    // Chunks of 2: the summing of chunk gradients is exercised too.
    let (grads, _) = batch_gradient(&w, &refs(&samples), lambda, 2).unwrap();
    let names = group_names(config.layers);
    let eps = 1e-6;
    let (mut checked, mut kinks) = (0, 0);
    for (gi, name) in names.iter().enumerate() {
        let len = grads.groups[gi].len();
        for j in (0..len).step_by((len / 24).max(1)) {
            let original = groups[gi][j];
            let mut at = |delta: f64| {
                groups[gi][j] = original + delta;
                let loss = loss_f64(&groups, config, &chw, &targets, lambda as f64);
                groups[gi][j] = original;
                loss
            };
            let (up, down) = (at(eps), at(-eps));
            let base = at(0.0);
            let (forward, backward) = ((up - base) / eps, (base - down) / eps);
            let central = (up - down) / (2.0 * eps);
            let analytic = grads.groups[gi][j] as f64;
            let scale = central.abs().max(analytic.abs());
            // A ReLU switching inside [-eps, eps] makes the one-sided slopes disagree: skip
            // that parameter (rare; counted below).
            if (forward - backward).abs() > 1e-3 * scale + 1e-7 {
                kinks += 1;
                continue;
            }
            checked += 1;
            assert!(
                (central - analytic).abs() <= 1e-3 * scale + 1e-6,
                "lambda {lambda}, {name}[{j}]: finite difference {central:.6e}, backward pass {analytic:.6e}"
            );
        }
    }
    assert!(
        kinks * 50 <= checked,
        "{kinks} parameters skipped at ReLU kinks, {checked} checked"
    );
}

#[test]
fn the_gradient_of_the_score_loss_matches_finite_differences() {
    check_gradient(1.0);
}

#[test]
fn the_gradient_of_the_result_loss_matches_finite_differences() {
    check_gradient(0.0);
}

#[test]
fn the_gradient_of_the_mixed_loss_matches_finite_differences() {
    check_gradient(0.3);
}
