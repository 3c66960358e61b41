//! `yomi shogi train`: supervised training of the value network on the Parquet rows of
//! `yomi shogi dataset` (libraries: `yomi_shogi_nn::train`, the data through
//! `yomi_shogi_train::samples`).

use crate::args::{NetworkDevice, Threads};
use crate::progress::bar;

use anyhow::{Context, Result};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use yomi_core::{parse_duration, parse_seed};
use yomi_shogi_nn::train::checkpoint::{self, EpochRecord};
use yomi_shogi_nn::train::epochs::LoopState;
use yomi_shogi_nn::train::{Dataset, Event, NET_FILE, Sample, TrainParams, Trainer};
use yomi_shogi_nn::{Device, NetConfig, Weights};
use yomi_shogi_train::samples::{self, quiet_sample};

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
    /// Positions per optimizer step (1 to 16384).
    #[arg(long, default_value_t = 256, value_parser = crate::args::count::<usize>(yomi_shogi_nn::bench::BATCH))]
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
    #[command(flatten)]
    prep: Preparation,
    /// Positions per gradient chunk, the unit of parallel work (the weights depend on it, not
    /// on --threads).
    #[arg(long, default_value_t = 16)]
    chunk: usize,
    /// Seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1, value_parser = parse_seed, allow_hyphen_values = true)]
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
        resumed_params(&a.out, checkpoint::read_progress(&a.out)?.run.params)
    } else {
        checked_params(a.params())?
    };
    let data = load_data(&a.data, params.val_fraction, &a.prep)?;
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
            .map_err(crate::usage::bad_input)?,
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
    let state = trainer.progress().run.clone();
    let epochs = state.params.epochs;
    let summary = with_progress_bar(&state, |observer| {
        trainer.run(&data, &a.out, Some(a.checkpoint_every), observer)
    })?;
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
                "history": history_json(&summary.history),
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

/// Recorded settings of a resumed run, said on stderr (both trainers resume alike).
pub(crate) fn resumed_params(out: &Path, p: TrainParams) -> TrainParams {
    eprintln!(
        "resuming {} with its recorded settings: epochs {}, batch {}, lr {}, lambda {}, weight decay {}, val {}, seed {}",
        out.display(),
        p.epochs,
        p.batch,
        p.lr,
        p.lambda,
        p.weight_decay,
        p.val_fraction,
        p.seed
    );
    p
}

/// The settings of a new run, refused as bad usage when out of range.
pub(crate) fn checked_params(p: TrainParams) -> Result<TrainParams> {
    p.validate().map_err(crate::usage::bad_input)?;
    Ok(p)
}

/// How the training positions are prepared from the rows, shared by `yomi shogi train`
/// and `yomi shogi nnue train`. A resumed run must prepare them alike (the data
/// fingerprint refuses a mismatch).
#[derive(clap::Args, Debug)]
pub(crate) struct Preparation {
    /// Also train on every training position mirrored left-right (files 1-9 exchanged; the
    /// rules are symmetric, so the label is the same). A resumed run must use it too.
    #[arg(long)]
    mirror: bool,
    /// Train and validate on quiet positions, the ones a search evaluates statically: a
    /// position whose side to move has a capture that wins material by static exchange is
    /// replaced by the position those captures lead to (as `yomi shogi tune` does), with the
    /// same label; positions in check are left out. A resumed run must use it too.
    #[arg(long)]
    quiet: bool,
}

/// The training positions of `data` (dataset rows or YaneuraOu `.bin` records), prepared
/// as `prep` asks, with a line on stderr saying how many.
pub(crate) fn load_data(data: &Path, val_fraction: f64, prep: &Preparation) -> Result<Dataset> {
    let started = Instant::now();
    let prepare = |s: Sample| if prep.quiet { quiet_sample(s) } else { Some(s) };
    let mut loaded = samples::load_prepared(data, val_fraction, prepare)
        .with_context(|| format!("loading {}", data.display()))?;
    if prep.mirror {
        loaded.mirror_training();
    }
    eprintln!(
        "{} training and {} validation positions from {} ({:.1} s)",
        loaded.train.len(),
        loaded.val.len(),
        data.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(loaded)
}

/// Runs `train` with an observer that shows a progress bar from where `state` stands, with
/// a smoothed loss, and says each finished epoch on stderr.
pub(crate) fn with_progress_bar<R>(
    state: &LoopState,
    train: impl FnOnce(&mut dyn FnMut(Event) -> ControlFlow<()>) -> R,
) -> R {
    let epochs = state.params.epochs;
    let pb = bar(state.total_steps, "training");
    pb.set_position(state.step);
    let mut smoothed: Option<f64> = None;
    let out = train(&mut |e: Event| {
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
    });
    pb.finish_and_clear();
    out
}

/// The per-epoch records of `--json`.
pub(crate) fn history_json(history: &[EpochRecord]) -> Vec<serde_json::Value> {
    history
        .iter()
        .map(|r| {
            serde_json::json!({
                "epoch": r.epoch + 1,
                "step": r.step,
                "lr": r.lr,
                "train_loss": r.train.mean(),
                "train_score_loss": r.train.mean_score(),
                "train_result_loss": r.train.mean_result(),
                "val_loss": r.val.map(|v| v.mean()),
                "val_score_loss": r.val.map(|v| v.mean_score()),
                "val_result_loss": r.val.map(|v| v.mean_result()),
            })
        })
        .collect()
}

pub(crate) fn epoch_line(r: &EpochRecord, epochs: usize) -> String {
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
