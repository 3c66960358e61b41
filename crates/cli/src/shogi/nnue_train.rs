//! `yomi shogi nnue train` and `yomi shogi nnue convert` (libraries:
//! `yomi_shogi_train::nnue`, `yomi_shogi_train::packed`, `yomi_shogi::record::packed`):
//! training a YaneuraOu-format NNUE net on dataset rows or YaneuraOu `.bin` records, and
//! moving data between the two formats.

use crate::args::Threads;
use crate::progress::bar;
use crate::shogi::train::epoch_line;
use crate::usage::usage;
use anyhow::{Context, Result};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use yomi_core::{parse_duration, parse_seed};
use yomi_shogi_engine::eval::nnue::{Nnue, NnueFileError};
use yomi_shogi_nn::train::{Event, Sample, TrainParams};
use yomi_shogi_train::nnue::{FloatNet, NNUE_FILE, NnueTrainer, checkpoint};
use yomi_shogi_train::samples::{self, is_bin, quiet_sample};
use yomi_shogi_train::{packed, rows};

/// Arguments of `yomi shogi nnue train`.
#[derive(clap::Args, Debug)]
pub struct NnueTrainArgs {
    /// Training data: a YaneuraOu `.bin` file (PackedSfenValue records), a Parquet file, or
    /// a folder of `*.parquet` shards (as `yomi shogi dataset` writes).
    #[arg(long)]
    data: PathBuf,
    /// Output folder: the checkpoint (state.safetensors, progress.json) and nn.bin, the
    /// quantized net, rewritten after every epoch.
    #[arg(long)]
    out: PathBuf,
    /// Start from this net (YaneuraOu's nn.bin, halfKP 256x2-32-32) instead of random weights.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Positions per optimizer step (1 to 65536).
    #[arg(long, default_value_t = 8192, value_parser = crate::args::count::<usize>(yomi_shogi_train::nnue::BATCH))]
    batch: usize,
    /// Peak learning rate (linear warm-up, then cosine decay).
    #[arg(long, default_value_t = 1e-3)]
    lr: f32,
    /// Loss mix: 1 = L2 on sigmoid(eval / 600) against sigmoid(score / 600) only, 0 =
    /// cross-entropy on the game result only.
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// AdamW weight decay of the three small layers' weights.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.05)]
    val: f64,
    /// Train and validate on quiet positions (as `yomi shogi train --quiet`).
    #[arg(long)]
    quiet: bool,
    /// Positions per gradient chunk, the unit of parallel work (the weights depend on it, not
    /// on --threads).
    #[arg(long, default_value_t = 64, value_parser = crate::args::count::<usize>(yomi_shogi_train::nnue::BATCH))]
    chunk: usize,
    /// Seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1, value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Also write a checkpoint this often, besides after every epoch.
    #[arg(long, default_value = "10m", value_parser = parse_duration)]
    checkpoint_every: Duration,
    /// Continue the run checkpointed in --out, with the settings recorded there.
    #[arg(long)]
    resume: bool,
    #[command(flatten)]
    threads: Threads,
    /// Print one JSON summary on stdout.
    #[arg(long)]
    json: bool,
}

/// Arguments of `yomi shogi nnue convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// The data to read: a YaneuraOu `.bin` file, or a Parquet file or folder of shards.
    #[arg(long)]
    from: PathBuf,
    /// The file to write: `.bin` for YaneuraOu's records, otherwise one Parquet file; the
    /// other format than --from's.
    #[arg(long)]
    to: PathBuf,
}

impl NnueTrainArgs {
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

/// Runs `yomi shogi nnue train`.
pub fn train(a: NnueTrainArgs) -> Result<()> {
    let params = if a.resume {
        let p = checkpoint::read_progress(&a.out)?.run.params;
        eprintln!(
            "resuming {} with its recorded settings: epochs {}, batch {}, lr {}, lambda {}, val {}, seed {}",
            a.out.display(),
            p.epochs,
            p.batch,
            p.lr,
            p.lambda,
            p.val_fraction,
            p.seed
        );
        p
    } else {
        let p = a.params();
        p.validate().map_err(crate::usage::bad_input)?;
        p
    };
    let init = match (&a.init, a.resume) {
        (Some(path), false) => Some(Nnue::read(path).map_err(|e| match e {
            NnueFileError::Io { .. } => usage(e.to_string()),
            e => usage(format!("{}: {e}", path.display())),
        })?),
        _ => None,
    };
    let started = Instant::now();
    let quiet = a.quiet;
    let prepare = |s: Sample| if quiet { quiet_sample(s) } else { Some(s) };
    let data = samples::load_prepared(&a.data, params.val_fraction, prepare)
        .with_context(|| format!("loading {}", a.data.display()))?;
    eprintln!(
        "{} training and {} validation positions from {} ({:.1} s)",
        data.train.len(),
        data.val.len(),
        a.data.display(),
        started.elapsed().as_secs_f64()
    );
    let mut trainer = if a.resume {
        NnueTrainer::resume(&a.out, &data, a.threads.threads)?
    } else {
        let net = match &init {
            Some(net) => FloatNet::from_nnue(net),
            None => FloatNet::random(params.seed),
        };
        NnueTrainer::new(net, params, &data, a.threads.threads)?
    };
    let progress = trainer.progress();
    let (epochs, total) = (progress.run.params.epochs, progress.run.total_steps);
    let pb = bar(total, "training");
    pb.set_position(progress.run.step);
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
    let threads = if a.threads.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        a.threads.threads
    };
    let rate = summary.samples as f64 / summary.train_seconds.max(1e-9);
    let net = a.out.join(NNUE_FILE);
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "net": net.display().to_string(),
                "finished": summary.finished,
                "steps": summary.steps,
                "train_positions": data.train.len(),
                "val_positions": data.val.len(),
                "samples_trained": summary.samples,
                "train_seconds": summary.train_seconds,
                "samples_per_second": rate,
                "threads": threads,
                "history": summary.history.iter().map(|r| serde_json::json!({
                    "epoch": r.epoch + 1,
                    "step": r.step,
                    "lr": r.lr,
                    "train_loss": r.train.mean(),
                    "val_loss": r.val.map(|v| v.mean()),
                })).collect::<Vec<_>>(),
            })
        );
    } else {
        println!(
            "NNUE halfKP 256x2-32-32 trained: {} steps, {} positions in {:.1} s ({rate:.0} positions/s on {threads} threads)",
            summary.steps, summary.samples, summary.train_seconds
        );
        if let Some(r) = summary.history.last() {
            println!("{}", epoch_line(r, epochs));
        }
        println!("net: {}", net.display());
    }
    Ok(())
}

/// Runs `yomi shogi nnue convert`.
pub fn convert(a: ConvertArgs) -> Result<()> {
    if is_bin(&a.from) == is_bin(&a.to) {
        return Err(usage(format!(
            "--from {} and --to {} are the same format: one must be a YaneuraOu .bin file, the other Parquet",
            a.from.display(),
            a.to.display()
        )));
    }
    if is_bin(&a.from) {
        let rows = packed::read_rows(&a.from).map_err(|e| usage(e.to_string()))?;
        rows::write(&a.to, &rows).with_context(|| format!("writing {}", a.to.display()))?;
        println!(
            "{} records of {} written to {}",
            rows.len(),
            a.from.display(),
            a.to.display()
        );
    } else {
        let files = rows::files(&a.from).map_err(|e| usage(e.to_string()))?;
        let mut all = Vec::new();
        for f in &files {
            all.extend(rows::read(f).map_err(|e| usage(e.to_string()))?);
        }
        packed::write_rows(&a.to, &all).map_err(|e| usage(format!("{}: {e}", a.from.display())))?;
        println!(
            "{} rows of {} written to {}",
            all.len(),
            a.from.display(),
            a.to.display()
        );
    }
    Ok(())
}
