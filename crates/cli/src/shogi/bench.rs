//! `yomi shogi bench`: the engine's fixed search workload (library:
//! `yomi_shogi_engine::bench`): nodes (a fingerprint of search behaviour)
//! and nodes per second; with `--search softmax`, the playouts, evaluated
//! positions and batch fill of Monte Carlo Softmax Search per position.

use crate::args::NetworkDevice;
use crate::usage::{BadInput, usage};
use anyhow::{Context, Result, bail};
use std::path::PathBuf;
use yomi_core::parse_duration;
use yomi_shogi_engine::bench::{BENCH_DEPTH, BENCH_POSITIONS, run, run_softmax};
use yomi_shogi_engine::engine::SearchKind;
use yomi_shogi_engine::eval::{Evaluation, LoadedEval};
use yomi_shogi_engine::softmax::SoftmaxOptions;

/// Arguments of `yomi shogi bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search: AlphaBeta (fixed depth, node-count fingerprint) or Softmax (fixed time).
    #[arg(long, default_value = "AlphaBeta")]
    search: String,
    /// Search depth for every position (1-60; alpha-beta).
    #[arg(long, default_value_t = BENCH_DEPTH)]
    depth: i32,
    /// Transposition table size in MB (at most 65536; a fresh table per position; alpha-beta).
    #[arg(long, default_value_t = 64, value_parser = crate::args::table_mb, allow_hyphen_values = true)]
    hash: usize,
    /// Evaluation: Control, Classic, Material, NNUE (the built-in net, or --nnue), or
    /// Network (the built-in network; softmax, ignored with --weights).
    #[arg(long, default_value = "Control")]
    eval: String,
    /// The NNUE net for --eval NNUE (YaneuraOu's halfKP 256x2-32-32 nn.bin; alpha-beta);
    /// without it, the net built into yomi.
    #[arg(long)]
    nnue: Option<PathBuf>,
    /// The NNUE output's divisor, as YaneuraOu's USI option FV_SCALE (1 to 128).
    #[arg(long, default_value_t = yomi_shogi_engine::eval::nnue::DEFAULT_FV_SCALE, value_parser = clap::value_parser!(i32).range(1..=128))]
    fv_scale: i32,
    /// A yomi-shogi-nn network file to evaluate with (softmax).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Time per position (softmax).
    #[arg(long, default_value = "2s")]
    time: String,
    /// Stop each position after this many evaluated positions instead of a time
    /// (softmax; batches are then applied one at a time, so the result is reproducible).
    #[arg(long)]
    evaluations: Option<u64>,
    /// Where the network evaluates batches (softmax).
    #[command(flatten)]
    net_device: NetworkDevice,
    /// Positions per evaluator batch (softmax).
    #[arg(long, default_value_t = yomi_shogi_engine::params::SOFTMAX_BATCH, value_parser = crate::args::count::<usize>(yomi_shogi_nn::bench::BATCH))]
    batch: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi shogi bench`.
pub fn run_bench(a: BenchArgs) -> Result<()> {
    let search = a
        .search
        .parse::<SearchKind>()
        .map_err(crate::usage::bad_input)?;
    if search == SearchKind::Softmax {
        return run_softmax_bench(&a);
    }
    if let Some(w) = &a.weights {
        // Not silently ignored: the alpha-beta bench evaluates with --eval only.
        return Err(crate::usage::usage(format!(
            "--weights {} is read by --search softmax only (the alpha-beta bench evaluates with --eval)",
            w.display()
        )));
    }
    if !(1..=60).contains(&a.depth) {
        bail!("--depth {} is outside 1..=60", a.depth);
    }
    let (eval, loaded) = alpha_beta_eval(&a)?;
    let report = run(&BENCH_POSITIONS, a.depth, a.hash.max(1), &loaded);
    if a.json {
        let lines: Vec<_> = report
            .lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "sfen": l.sfen, "best": l.best.to_string(), "score": l.score,
                    "nodes": l.nodes, "time_ms": l.time.as_millis() as u64,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "depth": report.depth, "eval": eval.name(), "nodes": report.nodes(),
                "time_ms": report.time().as_millis() as u64, "nps": report.nps(),
                "positions": lines,
            })
        );
        return Ok(());
    }
    for (i, l) in report.lines.iter().enumerate() {
        println!(
            "position {}: best {} score {} nodes {} time {:.3}s",
            i + 1,
            l.best,
            l.score,
            l.nodes,
            l.time.as_secs_f64()
        );
    }
    println!(
        "depth {} ({}): {} nodes in {:.3}s = {} nodes/s",
        report.depth,
        eval.name(),
        report.nodes(),
        report.time().as_secs_f64(),
        report.nps()
    );
    Ok(())
}

/// The alpha-beta bench's evaluation: a hand-written one, or NNUE with its net (the
/// built-in one without --nnue).
fn alpha_beta_eval(a: &BenchArgs) -> Result<(Evaluation, LoadedEval)> {
    let nnue = a.eval.trim().eq_ignore_ascii_case(Evaluation::Nnue.name());
    match (&a.nnue, nnue) {
        (Some(path), true) => {
            let net = crate::shogi::nnue::read_net(path)?;
            let loaded = LoadedEval::Nnue {
                net: std::sync::Arc::new(net),
                fv_scale: a.fv_scale,
            };
            Ok((Evaluation::Nnue, loaded))
        }
        (None, true) => {
            let net = yomi_shogi_engine::eval::nnue::pack::builtin().context("the built-in net")?;
            let loaded = LoadedEval::Nnue {
                net,
                fv_scale: a.fv_scale,
            };
            Ok((Evaluation::Nnue, loaded))
        }
        (Some(path), false) => Err(usage(format!(
            "--nnue {} is read with --eval NNUE only",
            path.display()
        ))),
        (None, false) => {
            let eval = Evaluation::parse_hand_written(&a.eval)
                .map_err(|e| usage(format!("{e}, or NNUE")))?;
            Ok((eval, eval.builtin()?))
        }
    }
}

fn network_on(net: std::sync::Arc<yomi_shogi_nn::Network>, a: &BenchArgs) -> Result<LoadedEval> {
    let d = a.net_device;
    LoadedEval::network_on(net, d.device, d.precision)
        .with_context(|| format!("--device {}", d.device))
}

fn run_softmax_bench(a: &BenchArgs) -> Result<()> {
    let time = parse_duration(&a.time).map_err(|e| usage(format!("--time: {e}")))?;
    if !(1..=4096).contains(&a.batch) {
        return Err(usage(format!("--batch {}: expected 1..=4096", a.batch)));
    }
    let (eval, eval_name) = match &a.weights {
        Some(p) => {
            let net = yomi_shogi_engine::eval::network::load(Some(p))
                .with_bad_input_context(|| format!("--weights {}", p.display()))?;
            (
                network_on(net, a)?,
                format!("Network on {}", a.net_device.device),
            )
        }
        None if a.eval.trim().eq_ignore_ascii_case("network") => {
            let net = yomi_shogi_engine::eval::network::load(None)?;
            (
                network_on(net, a)?,
                format!("Network (built in) on {}", a.net_device.device),
            )
        }
        None => {
            let e = Evaluation::parse_hand_written(&a.eval).map_err(crate::usage::bad_input)?;
            (e.builtin()?, e.name().to_string())
        }
    };
    let options = SoftmaxOptions {
        batch: a.batch,
        pipelined: a.evaluations.is_none(),
        ..SoftmaxOptions::default()
    };
    let time = if a.evaluations.is_some() {
        None
    } else {
        Some(time)
    };
    let lines = run_softmax(&BENCH_POSITIONS, time, a.evaluations, &eval, &options);
    let total = |f: &dyn Fn(&yomi_shogi_engine::bench::SoftmaxBenchLine) -> f64| -> f64 {
        lines.iter().map(f).sum()
    };
    let secs = total(&|l| l.time.as_secs_f64()).max(1e-9);
    let evals = total(&|l| l.stats.evaluations as f64);
    let playouts = total(&|l| l.stats.playouts as f64);
    let batches = total(&|l| l.stats.batches as f64).max(1.0);
    if a.json {
        let per: Vec<_> = lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "sfen": l.sfen, "best": l.best.to_string(), "score": l.score,
                    "playouts": l.stats.playouts, "evaluations": l.stats.evaluations,
                    "batches": l.stats.batches, "mean_batch": l.stats.mean_batch(),
                    "blocked": l.stats.blocked, "tree_nodes": l.stats.tree_nodes,
                    "time_ms": l.time.as_millis() as u64,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "search": "Softmax", "eval": eval_name, "batch": a.batch,
                "evaluations_per_s": evals / secs, "playouts_per_s": playouts / secs,
                "mean_batch": evals / batches, "positions": per,
            })
        );
        return Ok(());
    }
    for (i, l) in lines.iter().enumerate() {
        println!(
            "position {}: best {} score {} playouts {} evaluations {} batches {} (mean {:.1}) tree {} nodes, {:.2}s",
            i + 1,
            l.best,
            l.score,
            l.stats.playouts,
            l.stats.evaluations,
            l.stats.batches,
            l.stats.mean_batch(),
            l.stats.tree_nodes,
            l.time.as_secs_f64()
        );
    }
    println!(
        "softmax ({eval_name}, batch {}): {:.0} evaluations/s, {:.0} playouts/s, mean batch {:.1} positions (a batch closes once it holds at least {}; an expansion adds all its children)",
        a.batch,
        evals / secs,
        playouts / secs,
        evals / batches,
        a.batch
    );
    Ok(())
}
