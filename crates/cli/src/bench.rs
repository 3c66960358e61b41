//! `yomi bench`: runs `yomi_games::bench::workload` (fixed positions, depths,
//! iteration counts and seeds, whose node count changes only when search
//! behaviour changes) and prints each item's nodes and speed and the totals.

use serde::Serialize;
use std::time::Instant;
use yomi_games::bench::{BenchItem, workload};

/// Arguments of `yomi bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct BenchReport {
    items: Vec<BenchItem>,
    total_nodes: u64,
    total_time_ms: f64,
    nps: f64,
}

/// Runs `yomi bench`.
pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let items = workload();
    let total_nodes: u64 = items.iter().map(|i| i.nodes).sum();
    let total_time_ms = start.elapsed().as_secs_f64() * 1000.0;
    let report = BenchReport {
        total_nodes,
        total_time_ms,
        nps: total_nodes as f64 / (total_time_ms / 1000.0),
        items,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!(
        "{:<48} {:>12} {:>10} {:>10} {:>14}",
        "item", "nodes", "iters", "ms", "nodes/s"
    );
    for i in &report.items {
        println!(
            "{:<48} {:>12} {:>10} {:>10.1} {:>14.0}",
            i.name, i.nodes, i.iterations, i.time_ms, i.nps
        );
    }
    println!("\nNodes searched  : {}", report.total_nodes);
    println!("Time (ms)       : {:.0}", report.total_time_ms);
    println!("Nodes/second    : {:.0}", report.nps);
    Ok(())
}
