//! `yomi shogi nnue train` and `yomi shogi nnue convert` (libraries:
//! `yomi_shogi_train::nnue`, `yomi_shogi_train::packed`, `yomi_shogi::record::packed`):
//! training a YaneuraOu-format NNUE net on dataset rows or YaneuraOu `.bin` records, and
//! moving data between the two formats.

use crate::args::Threads;
use crate::shogi::train::{
    Preparation, checked_params, epoch_line, history_json, load_data, resumed_params,
    with_progress_bar,
};
use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::time::Duration;
use yomi_core::{parse_duration, parse_seed};
use yomi_shogi_engine::eval::nnue::{Nnue, NnueFileError};
use yomi_shogi_nn::train::TrainParams;
use yomi_shogi_train::nnue::{FloatNet, NNUE_FILE, NnueTrainer, checkpoint, validate_row_l1};
use yomi_shogi_train::packed::{self, is_bin};
use yomi_shogi_train::rows;

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
    #[command(flatten)]
    prep: Preparation,
    /// L1 shrinkage of the king-relative feature rows toward their piece's shared row, per
    /// unit learning rate (0 to 1000; 0: none): fights overfitting on small data and leaves
    /// most rows shared, so the net packs small (`yomi shogi nnue pack`).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    row_l1: f32,
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
        let progress = checkpoint::read_progress(&a.out)?;
        eprintln!("resumed row L1: {}", progress.row_l1);
        resumed_params(&a.out, progress.run.params)
    } else {
        checked_params(a.params())?
    };
    let init = match (&a.init, a.resume) {
        (Some(path), false) => Some(Nnue::read(path).map_err(|e| match e {
            NnueFileError::Io { .. } => usage(e.to_string()),
            e => usage(format!("{}: {e}", path.display())),
        })?),
        _ => None,
    };
    if !a.resume {
        validate_row_l1(a.row_l1).map_err(crate::usage::bad_input)?;
    }
    let data = load_data(&a.data, params.val_fraction, &a.prep)?;
    let mut trainer = if a.resume {
        NnueTrainer::resume(&a.out, &data, a.threads.threads)?
    } else {
        let net = match &init {
            Some(net) => FloatNet::from_nnue(net),
            None => FloatNet::random(params.seed),
        };
        NnueTrainer::new(net, params, a.row_l1, &data, a.threads.threads)?
    };
    let state = trainer.progress().run.clone();
    let epochs = state.params.epochs;
    let summary = with_progress_bar(&state, |observer| {
        trainer.run(&data, &a.out, Some(a.checkpoint_every), observer)
    })?;
    let threads = trainer.threads();
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
                "history": history_json(&summary.history),
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
