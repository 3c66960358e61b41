//! Whole runs: learning a synthetic target, the same weights for any thread count, and a
//! resumed run ending exactly where an uninterrupted one does.

use std::ops::ControlFlow;

use super::temp_dir;
use crate::config::NetConfig;
use crate::train::checkpoint::{self, PROGRESS_FILE, WEIGHTS_FILE};
use crate::train::data::Dataset;
use crate::train::fixture::material_samples;
use crate::train::params::TrainParams;
use crate::train::trainer::{NET_FILE, Summary, Trainer, evaluate};
use crate::train::{Event, TrainError};
use crate::weights::Weights;

fn small(channels: usize, layers: usize, seed: u64) -> Weights {
    Weights::random(NetConfig { channels, layers }, seed).unwrap()
}

fn run(
    trainer: &mut Trainer,
    data: &Dataset,
    out: &std::path::Path,
    stop_after_steps: Option<u64>,
) -> Summary {
    let mut observer = |e: Event| match e {
        Event::Step { step, .. } if Some(step) == stop_after_steps => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    };
    trainer.run(data, out, None, &mut observer).unwrap()
}

#[test]
fn two_hundred_steps_learn_the_material_balance() {
    // Target: sigmoid(material / 600) from the side to move's view, a function of the piece
    // and hand planes that the network has to discover.
    let data = Dataset::from_samples(material_samples(384, 7), 0.0).unwrap();
    let params = TrainParams {
        epochs: 16,
        batch: 32,
        lr: 3e-3,
        weight_decay: 0.0,
        warmup_fraction: 0.05,
        ..TrainParams::default()
    };
    let w = small(8, 4, 3);
    let before = evaluate(&w, &data.train, 1.0, 32).unwrap().mean();
    let out = temp_dir("learn");
    let mut trainer = Trainer::new(w, params, &data, 0).unwrap();
    let summary = run(&mut trainer, &data, &out, None);
    assert!(summary.finished);
    assert_eq!(summary.steps, 16 * 12);
    let after = evaluate(trainer.weights(), &data.train, 1.0, 32)
        .unwrap()
        .mean();
    // Measured: 0.0376 -> 0.0090, a factor 4.2 in 192 steps.
    assert!(
        after * 3.0 < before,
        "loss {before:.5} -> {after:.5}: expected at least a factor 3"
    );
    // The last epoch's running training loss is recorded and also fell.
    let first = summary.history.first().unwrap().train.mean();
    let last = summary.history.last().unwrap().train.mean();
    assert!(last * 3.0 < first, "{first} -> {last}");
    assert_eq!(
        Weights::load(out.join(NET_FILE)).unwrap(),
        *trainer.weights()
    );
    std::fs::remove_dir_all(out).unwrap();
}

fn quick_params() -> TrainParams {
    TrainParams {
        epochs: 3,
        batch: 16,
        lr: 2e-3,
        val_fraction: 0.2,
        seed: 9,
        chunk: 5,
        ..TrainParams::default()
    }
}

#[test]
fn the_thread_count_does_not_change_the_weights_and_the_seed_does() {
    let data = Dataset::from_samples(material_samples(90, 5), 0.2).unwrap();
    let mut finals = Vec::new();
    for (threads, seed) in [(1, 9), (2, 9), (2, 10)] {
        let out = temp_dir(&format!("threads-{threads}-{seed}"));
        let params = TrainParams {
            seed,
            ..quick_params()
        };
        let mut t = Trainer::new(small(4, 4, 1), params, &data, threads).unwrap();
        run(&mut t, &data, &out, None);
        finals.push(t.weights().clone());
        std::fs::remove_dir_all(out).unwrap();
    }
    assert_eq!(finals[0], finals[1], "1 and 2 threads differ");
    assert_ne!(finals[1], finals[2], "the shuffle seed has no effect");
}

#[test]
fn a_resumed_run_ends_with_the_same_weights_as_an_uninterrupted_one() {
    let data = Dataset::from_samples(material_samples(90, 5), 0.2).unwrap();
    assert!(!data.val.is_empty());
    let straight = temp_dir("straight");
    let mut t = Trainer::new(small(4, 4, 1), quick_params(), &data, 2).unwrap();
    let whole = run(&mut t, &data, &straight, None);
    let want = t.weights().clone();

    // Stopped mid-epoch (step 7 of 5 per epoch is in epoch 1), then again at an epoch's end.
    let per_epoch = data.train.len().div_ceil(16) as u64;
    let resumed = temp_dir("resumed");
    let mut t = Trainer::new(small(4, 4, 1), quick_params(), &data, 1).unwrap();
    let part = run(&mut t, &data, &resumed, Some(per_epoch + 2));
    assert!(!part.finished);
    let mut t = Trainer::resume(&resumed, &data, 2).unwrap();
    assert_eq!(t.progress().run.step, per_epoch + 2);
    let part = run(&mut t, &data, &resumed, Some(2 * per_epoch));
    assert!(!part.finished);
    let mut t = Trainer::resume(&resumed, &data, 1).unwrap();
    let last = run(&mut t, &data, &resumed, None);
    assert!(last.finished);
    assert_eq!(*t.weights(), want);
    assert_eq!(last.history, whole.history);
    assert!(
        Weights::load(straight.join(NET_FILE)).unwrap()
            == Weights::load(resumed.join(NET_FILE)).unwrap()
    );
    assert_eq!(whole.history.len(), 3);
    assert!(whole.history.iter().all(|r| r.val.is_some()));

    // Other data is refused, and so is a torn checkpoint.
    let other = Dataset::from_samples(material_samples(91, 5), 0.2).unwrap();
    let err = Trainer::resume(&resumed, &other, 1).err().unwrap();
    assert!(err.to_string().contains("other data"), "{err}");
    let saved = std::fs::read(resumed.join(WEIGHTS_FILE)).unwrap();
    small(4, 4, 2).save(resumed.join(WEIGHTS_FILE)).unwrap();
    let err = checkpoint::load(&resumed).err().unwrap();
    assert!(
        matches!(&err, TrainError::Checkpoint { message, .. } if message.contains("interrupted")),
        "{err}"
    );
    std::fs::write(resumed.join(WEIGHTS_FILE), saved).unwrap();
    checkpoint::load(&resumed).unwrap();
    std::fs::remove_file(resumed.join(PROGRESS_FILE)).unwrap();
    assert!(Trainer::resume(&resumed, &data, 1).is_err());
    std::fs::remove_dir_all(straight).unwrap();
    std::fs::remove_dir_all(resumed).unwrap();
}

/// A learning rate far too large makes the loss NaN: the run stops with an error before
/// the step is applied, saves no network and leaves no checkpoint with NaN weights (it
/// used to log "train NaN", finish and save weights that were 99.9% NaN).
#[test]
fn a_diverging_run_stops_with_an_error_and_writes_no_nan_weights() {
    let data = Dataset::from_samples(material_samples(128, 5), 0.0).unwrap();
    let params = TrainParams {
        epochs: 4,
        batch: 32,
        lr: 1e19,
        ..TrainParams::default()
    };
    let out = temp_dir("diverge");
    let mut trainer = Trainer::new(small(4, 4, 1), params, &data, 1).unwrap();
    let mut observer = |_: Event| ControlFlow::Continue(());
    let err = trainer.run(&data, &out, None, &mut observer).unwrap_err();
    let TrainError::Diverged { step, loss } = err else {
        panic!("expected Diverged, got {err:?}");
    };
    assert!(step >= 1 && !loss.is_finite(), "{step} {loss}");
    assert!(err_text(step, loss).contains("try a smaller --lr"));
    assert!(!out.join(NET_FILE).exists(), "a network was saved");
    if out.join(WEIGHTS_FILE).exists() {
        // A checkpoint of an earlier epoch holds finite weights (they load).
        Weights::load(out.join(WEIGHTS_FILE)).unwrap();
    }
    let _ = std::fs::remove_dir_all(&out);
}

fn err_text(step: u64, loss: f64) -> String {
    TrainError::Diverged { step, loss }.to_string()
}

/// Weights with a NaN are refused when saved and when read, naming the tensor.
#[test]
fn weights_that_are_not_finite_are_refused() {
    let mut w = small(4, 4, 2);
    w.fc_bias = 0.123_456_7;
    let mut bytes = w.to_bytes().unwrap();
    let pattern = 0.123_456_7f32.to_le_bytes();
    let at = bytes.windows(4).rposition(|b| b == pattern).unwrap();
    bytes[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    let e = Weights::from_bytes(&bytes).unwrap_err().to_string();
    assert!(
        e.starts_with("tensor 'fc.bias': 1 of 1 values are not finite"),
        "{e}"
    );
    w.convs[0].weight[3] = f32::INFINITY;
    let e = w.to_bytes().unwrap_err().to_string();
    assert!(
        e.contains("conv0.weight") && e.contains("not finite"),
        "{e}"
    );
}
