//! `yomi shogi tune`: fits the weights of the Control evaluation to the
//! quiet positions of `yomi shogi dataset` rows (library:
//! `yomi_shogi_train::fitting`).

use crate::args::Threads;
use crate::files::write_atomic;
use crate::progress::bar;
use crate::usage::usage;
use anyhow::Result;
use std::path::PathBuf;
use std::time::Instant;
use yomi_shogi_engine::eval::features::Family;
use yomi_shogi_train::fitting::{DataOptions, TuneData, TuneError};
use yomi_shogi_train::tune::{EpochLoss, TuneOptions};
use yomi_shogi_train::tune_scales::SCALE_GROUPS;

/// Arguments of `yomi shogi tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// A Parquet file, or a folder of `*.parquet` shards (as `yomi shogi dataset` writes).
    #[arg(long)]
    data: PathBuf,
    /// The fitted weights file to write (then `setoption name EvalFile value FILE` with
    /// `Evaluation Control`, or copy it over crates/shogi-engine/data/control.weights).
    #[arg(long)]
    out: PathBuf,
    /// Start from this weights file instead of the hand-set starting point.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Passes of full-batch gradient descent (0 writes the starting weights).
    #[arg(long, default_value_t = 300)]
    epochs: usize,
    /// Adam step size, cp per step.
    #[arg(long, default_value_t = 2.0)]
    lr: f64,
    /// Target mix: 1 = the game result only, 0 = sigmoid(search score / K) only.
    #[arg(long, default_value_t = 0.7)]
    lambda: f64,
    /// Sigmoid scale K in cp; 0 fits it to the starting weights first (keeps the
    /// evaluation's scale, and so the search's margins, where they were).
    #[arg(long, default_value_t = 0.0)]
    k: f64,
    /// L2 penalty per non-material weight w: the loss gains l2 * (w / K)^2.
    #[arg(long, default_value_t = 1e-3)]
    l2: f64,
    /// Fit only these feature families, comma-separated (material, hand, control,
    /// placement, king, tempo, open-hand); the others keep their starting weights.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Fit one scale per group of weights (hand, control by side, placement by king,
    /// king, tempo, open-hand, defended, attacked, king-ring; material stays) instead of
    /// every weight: the starting weights keep their shape. --only is then refused.
    #[arg(long)]
    scales: bool,
    /// Adam step size of --scales, in scale units.
    #[arg(long, default_value_t = 0.02)]
    scale_lr: f64,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    val: f64,
    /// Positions before this ply of their game are left out (the random opening).
    #[arg(long, default_value_t = 16)]
    min_ply: u32,
    #[command(flatten)]
    threads: Threads,
    /// Print one JSON summary on stdout.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi shogi tune`.
pub fn run(a: TuneArgs) -> Result<()> {
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(usage(format!("--lambda {}: expected 0..=1", a.lambda)));
    }
    if !(0.0..1.0).contains(&a.val) {
        return Err(usage(format!("--val {}: expected 0 <= val < 1", a.val)));
    }
    if !a.k.is_finite() || a.k < 0.0 {
        return Err(usage(format!(
            "--k {}: expected a finite number >= 0 (0 fits K)",
            a.k
        )));
    }
    if !a.lr.is_finite() || a.lr <= 0.0 {
        return Err(usage(format!("--lr {}: expected a finite step > 0", a.lr)));
    }
    if !a.l2.is_finite() || a.l2 < 0.0 {
        return Err(usage(format!(
            "--l2 {}: expected a finite number >= 0",
            a.l2
        )));
    }
    if a.scales && !a.only.is_empty() {
        return Err(usage("--scales fits every group: leave out --only"));
    }
    if !a.scale_lr.is_finite() || a.scale_lr <= 0.0 {
        return Err(usage(format!(
            "--scale-lr {}: expected a positive step",
            a.scale_lr
        )));
    }
    let families = a
        .only
        .iter()
        .map(|f| f.parse::<Family>().map_err(crate::usage::bad_input))
        .collect::<Result<Vec<_>>>()?;
    let pool = a.threads.pool()?;
    pool.install(|| run_in_pool(&a, families))
}

fn run_in_pool(a: &TuneArgs, families: Vec<Family>) -> Result<()> {
    let started = Instant::now();
    let options = DataOptions {
        val_fraction: a.val,
        min_ply: a.min_ply,
        lambda: a.lambda,
        k: (a.k > 0.0).then_some(a.k),
    };
    let data = match TuneData::load(&a.data, a.init.as_deref(), &options) {
        Err(e @ TuneError::NoPositions { .. }) => return Err(crate::usage::bad_input(e)),
        other => other?,
    };
    let (k, train, val) = (data.k, &data.train, &data.val);
    let opts = TuneOptions {
        epochs: a.epochs,
        lr: a.lr,
        lambda: a.lambda,
        k,
        l2: a.l2,
        families,
    };
    let start = data.losses(&data.init);
    let (start_train, start_val) = (start.train, start.val);
    eprintln!(
        "{} training and {} validation positions (quiet, ply >= {}) from {} rows; K = {k:.1}; loss {start_train:.6} / {start_val:.6} ({:.1} s)",
        train.len(),
        val.len(),
        a.min_ply,
        data.rows,
        started.elapsed().as_secs_f64()
    );
    let pb = bar(a.epochs as u64, "tune");
    let mut report = |e: EpochLoss| {
        pb.set_position(e.epoch as u64);
        pb.set_message(format!("loss {:.6} / {:.6}", e.train, e.val));
        if e.epoch.is_multiple_of(25) {
            tracing::info!(epoch = e.epoch, train = e.train, val = e.val, "tune");
        }
    };
    let fitted = data.fit(&opts, a.scales.then_some(a.scale_lr), &mut report);
    pb.finish_and_clear();
    let fitted = fitted?;
    write_atomic(&a.out, fitted.weights.to_text().as_bytes())?;
    let end = data.losses(&fitted.weights);
    let (end_train, end_val, scales) = (end.train, end.val, fitted.scales);
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "train_positions": train.len(),
                "val_positions": val.len(),
                "k": k,
                "epochs": a.epochs,
                "loss_start": {"train": start_train, "val": start_val},
                "loss_end": {"train": end_train, "val": end_val},
                "out": a.out.display().to_string(),
                "scales": scales.as_ref().map(|s| SCALE_GROUPS
                    .iter()
                    .zip(s)
                    .map(|((name, _), v)| (name.to_string(), serde_json::json!(v)))
                    .collect::<serde_json::Map<_, _>>()),
                "seconds": started.elapsed().as_secs_f64(),
            })
        );
    } else {
        let what = match &scales {
            Some(_) => format!("{} group scales", SCALE_GROUPS.len()),
            None => format!("{} weights", yomi_shogi_engine::eval::features::FEATURES),
        };
        println!(
            "fitted {what} on {} positions (K {k:.1}): loss {start_train:.6} -> {end_train:.6}, validation {start_val:.6} -> {end_val:.6}; wrote {} ({:.1} s)",
            train.len(),
            a.out.display(),
            started.elapsed().as_secs_f64()
        );
        if let Some(s) = scales {
            let parts: Vec<String> = SCALE_GROUPS
                .iter()
                .zip(s)
                .map(|((name, _), v)| format!("{name} {v:.3}"))
                .collect();
            println!("scales: {}", parts.join(", "));
        }
    }
    Ok(())
}
