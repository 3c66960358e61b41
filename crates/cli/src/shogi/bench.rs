//! `yomi shogi bench`: the engine's fixed search workload (library:
//! `yomi_shogi_engine::bench`): nodes (a fingerprint of search behaviour)
//! and nodes per second.

use anyhow::{Result, bail};
use yomi_shogi_engine::bench::{BENCH_DEPTH, BENCH_POSITIONS, run};
use yomi_shogi_engine::eval::EvalKind;

/// Arguments of `yomi shogi bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every position (1-60).
    #[arg(long, default_value_t = BENCH_DEPTH)]
    depth: i32,
    /// Transposition table size in MB (a fresh table per position).
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Evaluation: Classic or Material.
    #[arg(long, default_value = "Classic")]
    eval: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi shogi bench`.
pub fn run_bench(a: BenchArgs) -> Result<()> {
    if !(1..=60).contains(&a.depth) {
        bail!("--depth {} is outside 1..=60", a.depth);
    }
    let eval: EvalKind = a.eval.parse().map_err(anyhow::Error::msg)?;
    let report = run(&BENCH_POSITIONS, a.depth, a.hash.max(1), eval);
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
