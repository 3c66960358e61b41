//! End-to-end: a net trained on material-labelled positions learns material, through its
//! quantized file; a resumed run ends with the same weights as an uninterrupted one.

use super::*;
use std::ops::ControlFlow;
use yomi_shogi_engine::eval::nnue::{DEFAULT_FV_SCALE, Nnue};
use yomi_shogi_nn::train::fixture::{material, material_samples, random_positions};
use yomi_shogi_nn::train::{Dataset, TrainParams};

fn params(epochs: usize) -> TrainParams {
    TrainParams {
        epochs,
        batch: 64,
        lr: 2e-3,
        lambda: 1.0,
        warmup_fraction: 0.0,
        val_fraction: 0.1,
        chunk: 8,
        seed: 3,
        ..TrainParams::default()
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-nnue-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Pearson's correlation of `net`'s scores with the material balance over `positions`.
fn correlation(net: &Nnue, positions: &[yomi_shogi::Position]) -> f64 {
    let pairs: Vec<(f64, f64)> = positions
        .iter()
        .map(|p| (net.evaluate(p, DEFAULT_FV_SCALE) as f64, material(p) as f64))
        .collect();
    let n = pairs.len() as f64;
    let (mx, my) = pairs
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
    let cov: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let vx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let vy: f64 = pairs.iter().map(|p| (p.1 - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}

#[test]
fn learns_material_and_writes_a_net_the_engine_reads() {
    let data = Dataset::from_samples(material_samples(6000, 11), 0.1).unwrap();
    let out = temp("learn");
    let mut trainer = NnueTrainer::new(FloatNet::random(1), params(3), 0.0, &data, 2).unwrap();
    let summary = trainer
        .run(&data, &out, None, &mut |_| ControlFlow::Continue(()))
        .unwrap();
    assert!(summary.finished);
    // Against the untrained net's validation loss: the shared rows learn material within
    // the first epoch, so the epochs' own losses fall less after it.
    let p = params(3);
    let first = grad::evaluate(&FloatNet::random(1), &data.val, p.lambda, p.chunk)
        .unwrap()
        .mean();
    let last = summary.history.last().unwrap().val.unwrap().mean();
    assert!(last < 0.92 * first, "validation loss {first} -> {last}");
    // The quantized file, as the engine reads it, ranks unseen positions by material,
    // which the random start did not.
    let positions = random_positions(300, 99);
    let before = correlation(&FloatNet::random(1).quantize(), &positions);
    let after = correlation(&Nnue::read(&out.join(NNUE_FILE)).unwrap(), &positions);
    eprintln!("validation loss {first} -> {last}, correlation with material {before} -> {after}");
    assert!(
        after > 0.35 && after > before + 0.25,
        "correlation with material {before} -> {after}"
    );
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
    let data = Dataset::from_samples(material_samples(300, 12), 0.1).unwrap();
    let whole_dir = temp("whole");
    let mut whole = NnueTrainer::new(FloatNet::random(2), params(1), 0.5, &data, 1).unwrap();
    whole
        .run(&data, &whole_dir, None, &mut |_| ControlFlow::Continue(()))
        .unwrap();
    let split_dir = temp("split");
    let mut first = NnueTrainer::new(FloatNet::random(2), params(1), 0.5, &data, 2).unwrap();
    let mut steps = 0;
    let stopped = first
        .run(&data, &split_dir, None, &mut |e| {
            if let yomi_shogi_nn::train::Event::Step { .. } = e {
                steps += 1;
                if steps == 3 {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(!stopped.finished);
    let mut rest = NnueTrainer::resume(&split_dir, &data, 2).unwrap();
    assert_eq!(rest.progress().run.step, 3);
    assert_eq!(rest.progress().row_l1, 0.5);
    rest.run(&data, &split_dir, None, &mut |_| ControlFlow::Continue(()))
        .unwrap();
    assert!(rest.net() == whole.net(), "resumed weights differ");
    // Other data is refused.
    let other = Dataset::from_samples(material_samples(301, 12), 0.1).unwrap();
    let err = NnueTrainer::resume(&split_dir, &other, 1).err().unwrap();
    assert!(err.to_string().contains("other data"), "{err}");
    std::fs::remove_dir_all(&whole_dir).unwrap();
    std::fs::remove_dir_all(&split_dir).unwrap();
}

/// The L1 shrinkage of the king-relative rows leaves most of them exactly at 0 (their
/// quantized rows equal to the shared ones, so the net packs small), where training without
/// it moves every row it touches; the shared rows still learn.
#[test]
fn row_l1_keeps_king_relative_rows_at_zero() {
    use yomi_shogi_engine::eval::nnue::features::INPUTS;
    use yomi_shogi_engine::eval::nnue::file::HALF;
    let data = Dataset::from_samples(material_samples(600, 13), 0.1).unwrap();
    let moved = |row_l1: f32| {
        let out = temp(&format!("l1-{row_l1}"));
        let mut t = NnueTrainer::new(FloatNet::random(1), params(2), row_l1, &data, 2).unwrap();
        t.run(&data, &out, None, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        std::fs::remove_dir_all(&out).unwrap();
        let net = t.net();
        let own = net.ft_weight[..INPUTS * HALF]
            .chunks_exact(HALF)
            .filter(|row| row.iter().any(|&w| w != 0.0))
            .count();
        let shared =
            net.ft_weight[INPUTS * HALF..] != FloatNet::random(1).ft_weight[INPUTS * HALF..];
        (own, shared)
    };
    let (free, free_shared) = moved(0.0);
    let (shrunk, shrunk_shared) = moved(2.0);
    eprintln!("king-relative rows moved: {free} without shrinkage, {shrunk} with it");
    assert!(free > 1000, "{free} rows moved without shrinkage");
    assert!(
        shrunk * 4 < free,
        "{shrunk} rows moved with it, {free} without"
    );
    assert!(free_shared && shrunk_shared);
}
