//! `yomi shogi train`: supervised training of the value network on the Parquet rows of
//! `yomi shogi dataset` (library: `yomi_shogi_nn::train`).

use crate::args::{NetworkDevice, Threads};
use crate::progress::bar;
use crate::usage::usage;
use anyhow::{Context, Result};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use yomi_core::{parse_duration, parse_seed};
use yomi_shogi::Position;
use yomi_shogi_engine::tune::quiet_leaf;
use yomi_shogi_nn::train::checkpoint::{self, EpochRecord};
use yomi_shogi_nn::train::loss::Target;
use yomi_shogi_nn::train::{Dataset, Event, NET_FILE, Sample, TrainParams, Trainer};
use yomi_shogi_nn::{Device, NetConfig, Weights};

/// Arguments of `yomi shogi train`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// A Parquet file, or a folder of `*.parquet` shards (as `yomi shogi dataset` writes).
    #[arg(long)]
    data: PathBuf,
    /// Output folder: checkpoint (checkpoint.safetensors, optimizer.safetensors,
    /// progress.json) and, at the end, net.safetensors.
    #[arg(long)]
    out: PathBuf,
    /// Channels of every convolution of a new network.
    #[arg(long, default_value_t = 64)]
    channels: usize,
    /// Convolution layers of a new network (1 + a multiple of 3).
    #[arg(long, default_value_t = 13)]
    layers: usize,
    /// Start from these weights (safetensors) instead of a random network.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Positions per optimizer step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Peak learning rate (linear warm-up, then cosine decay).
    #[arg(long, default_value_t = 1e-3)]
    lr: f32,
    /// Loss mix: 1 = L2 on sigmoid(score / 600) only, 0 = cross-entropy on the result only.
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// AdamW weight decay (kernels and head weights).
    #[arg(long, default_value_t = 1e-4)]
    weight_decay: f32,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.05)]
    val: f64,
    /// Also train on every training position mirrored left-right (files 1-9 exchanged; the
    /// rules are symmetric, so the label is the same). A resumed run must use it too.
    #[arg(long)]
    mirror: bool,
    /// Train and validate on quiet positions, the ones a search evaluates statically: a
    /// position whose side to move has a capture that wins material by static exchange is
    /// replaced by the position those captures lead to (as `yomi shogi tune` does), with the
    /// same label; positions in check are left out. A resumed run must use it too (the data
    /// fingerprint refuses a mismatch).
    #[arg(long)]
    quiet: bool,
    /// Positions per gradient chunk, the unit of parallel work (the weights depend on it, not
    /// on --threads).
    #[arg(long, default_value_t = 16)]
    chunk: usize,
    /// Seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1, value_parser = parse_seed)]
    seed: u64,
    /// Also write a checkpoint this often, besides after every epoch (an interrupted run
    /// loses at most this much work).
    #[arg(long, default_value = "10m", value_parser = parse_duration)]
    checkpoint_every: Duration,
    /// Continue the run checkpointed in --out, with the settings recorded there.
    #[arg(long)]
    resume: bool,
    #[command(flatten)]
    threads: Threads,
    /// Where gradients are computed (--device cpu|cuda[:N], --precision f32|tf32); the
    /// optimizer and the weights stay on the CPU.
    #[command(flatten)]
    net_device: NetworkDevice,
    /// Print one JSON summary on stdout.
    #[arg(long)]
    json: bool,
}

impl TrainArgs {
    fn params(&self) -> TrainParams {
        TrainParams {
            epochs: self.epochs,
            batch: self.batch,
            lr: self.lr,
            lambda: self.lambda,
            weight_decay: self.weight_decay,
            val_fraction: self.val,
            seed: self.seed,
            chunk: self.chunk,
            ..TrainParams::default()
        }
    }
}

/// Runs `yomi shogi train`.
pub fn run(a: TrainArgs) -> Result<()> {
    let params = if a.resume {
        let p = checkpoint::read_progress(&a.out)?.params;
        eprintln!(
            "resuming {} with its recorded settings: epochs {}, batch {}, lr {}, lambda {}, weight decay {}, val {}, seed {}",
            a.out.display(),
            p.epochs,
            p.batch,
            p.lr,
            p.lambda,
            p.weight_decay,
            p.val_fraction,
            p.seed
        );
        p
    } else {
        let p = a.params();
        p.validate().map_err(|e| usage(e.to_string()))?;
        p
    };
    let started = Instant::now();
    let quiet = a.quiet;
    let prepare = |s: Sample| if quiet { quiet_sample(s) } else { Some(s) };
    let mut data = Dataset::load_prepared(&a.data, params.val_fraction, prepare)
        .with_context(|| format!("loading {}", a.data.display()))?;
    if a.mirror {
        data.mirror_training();
    }
    eprintln!(
        "{} training and {} validation positions from {} ({:.1} s)",
        data.train.len(),
        data.val.len(),
        a.data.display(),
        started.elapsed().as_secs_f64()
    );
    let mut trainer = if a.resume {
        Trainer::resume(&a.out, &data, a.threads.threads)?
    } else {
        let weights = match &a.init {
            Some(path) => Weights::load(path)?,
            None => Weights::random(
                NetConfig {
                    channels: a.channels,
                    layers: a.layers,
                },
                params.seed,
            )
            .map_err(|e| usage(e.to_string()))?,
        };
        Trainer::new(weights, params, &data, a.threads.threads)?
    };
    if let Device::Cuda(ordinal) = a.net_device.device {
        let name = trainer
            .use_gpu(ordinal, a.net_device.precision)
            .with_context(|| format!("--device cuda:{ordinal}"))?;
        eprintln!("gradients on {name} ({})", a.net_device.precision);
    }
    let config = trainer.weights().config;
    let progress = trainer.progress();
    let (epochs, total) = (progress.params.epochs, progress.total_steps);
    let pb = bar(total, "training");
    pb.set_position(progress.step);
    let mut smoothed: Option<f64> = None;
    let mut observer = |e: Event| {
        match e {
            Event::Step {
                step, epoch, loss, ..
            } => {
                let s = smoothed.map_or(loss, |m| 0.98 * m + 0.02 * loss);
                smoothed = Some(s);
                pb.set_position(step);
                pb.set_message(format!("epoch {}/{epochs} loss {s:.5}", epoch + 1));
            }
            Event::Epoch(r) => pb.suspend(|| eprintln!("{}", epoch_line(r, epochs))),
            Event::Checkpoint { .. } => {}
        }
        ControlFlow::Continue(())
    };
    let summary = trainer.run(&data, &a.out, Some(a.checkpoint_every), &mut observer)?;
    pb.finish_and_clear();
    let rate = summary.samples as f64 / summary.train_seconds.max(1e-9);
    let net = a.out.join(NET_FILE);
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "net": net.display().to_string(),
                "channels": config.channels,
                "layers": config.layers,
                "finished": summary.finished,
                "steps": summary.steps,
                "train_positions": data.train.len(),
                "val_positions": data.val.len(),
                "samples_trained": summary.samples,
                "train_seconds": summary.train_seconds,
                "samples_per_second": rate,
                "device": a.net_device.device.to_string(),
                "history": summary.history.iter().map(|r| serde_json::json!({
                    "epoch": r.epoch + 1,
                    "step": r.step,
                    "lr": r.lr,
                    "train_loss": r.train.mean(),
                    "train_score_loss": r.train.mean_score(),
                    "train_result_loss": r.train.mean_result(),
                    "val_loss": r.val.map(|v| v.mean()),
                    "val_score_loss": r.val.map(|v| v.mean_score()),
                    "val_result_loss": r.val.map(|v| v.mean_result()),
                })).collect::<Vec<_>>(),
            })
        );
    } else {
        println!(
            "{}x{} network trained: {} steps, {} positions in {:.1} s ({rate:.0} positions/s)",
            config.layers, config.channels, summary.steps, summary.samples, summary.train_seconds
        );
        if let Some(r) = summary.history.last() {
            println!("{}", epoch_line(r, epochs));
        }
        println!("weights: {}", net.display());
    }
    Ok(())
}

/// The quiet position `s` resolves to, labelled as `s` (from its own side
/// to move's view); `None` for positions in check on the way.
fn quiet_sample(s: Sample) -> Option<Sample> {
    let pos = Position::from_sfen(&s.sfen).ok()?;
    let leaf = quiet_leaf(&pos)?;
    if leaf == pos {
        return Some(s);
    }
    let target = if leaf.side_to_move() == pos.side_to_move() {
        s.target
    } else {
        Target {
            score: -s.target.score,
            result: -s.target.result,
        }
    };
    Some(Sample {
        sfen: leaf.to_sfen().into(),
        target,
        game: s.game,
    })
}

fn epoch_line(r: &EpochRecord, epochs: usize) -> String {
    let val = match r.val {
        Some(v) => format!(
            "val {:.5} (score {:.5}, result {:.4})",
            v.mean(),
            v.mean_score(),
            v.mean_result()
        ),
        None => "no validation set".into(),
    };
    format!(
        "epoch {}/{epochs}: train {:.5} (score {:.5}, result {:.4}), {val}, lr {:.2e}",
        r.epoch + 1,
        r.train.mean(),
        r.train.mean_score(),
        r.train.mean_result(),
        r.lr
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(sfen: &str, score: i32, result: i8) -> Sample {
        Sample {
            sfen: sfen.into(),
            target: Target { score, result },
            game: 3,
        }
    }

    #[test]
    fn quiet_samples_resolve_winning_captures_and_drop_checks() {
        // Quiet already: kept as it is.
        let quiet = "8k/9/4g4/4p4/9/9/9/4R4/K8 b - 1";
        assert_eq!(
            quiet_sample(sample(quiet, 120, 1)),
            Some(sample(quiet, 120, 1))
        );
        // Black's rook takes the undefended rook on 5e; White is then to move
        // in the quiet position reached, so the label turns to White's view.
        let free_rook = "8k/9/9/9/4r4/9/9/4R4/K8 b - 1";
        let got = quiet_sample(sample(free_rook, 700, 1)).unwrap();
        let leaf = Position::from_sfen(&got.sfen).unwrap();
        assert_eq!(leaf.side_to_move(), yomi_shogi::Color::White);
        assert_eq!(got.sfen.split(' ').next(), Some("8k/9/9/9/4R4/9/9/9/K8"));
        assert_eq!(
            (got.target.score, got.target.result, got.game),
            (-700, -1, 3)
        );
        // In check: left out.
        assert_eq!(
            quiet_sample(sample("r7k/9/9/9/9/9/9/9/K8 b - 1", 0, 0)),
            None
        );
    }
}
