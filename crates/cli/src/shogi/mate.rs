//! `yomi shogi mate`: the df-pn mate solver on one position (library:
//! `yomi_shogi_engine::mate`).

use super::{PositionArgs, load};
use anyhow::Result;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome};

/// Arguments of `yomi shogi mate`.
#[derive(clap::Args, Debug)]
pub struct MateArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Give up after this long (e.g. `10s`); no limit by default.
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    /// Give up after this many nodes.
    #[arg(long, default_value_t = 50_000_000)]
    nodes: u64,
    /// Transposition table size in MB (at most 65536).
    #[arg(long, default_value_t = 256, value_parser = crate::args::table_mb, allow_hyphen_values = true)]
    hash: usize,
    /// Return the first mate found without proving its length minimal (faster; the line
    /// may be longer than the shortest mate)
    #[arg(long)]
    any_length: bool,
}

/// Runs `yomi shogi mate`.
pub fn run_mate(a: MateArgs) -> Result<()> {
    let pos = load(&a.pos)?;
    let mut solver = Dfpn::new(DfpnOptions {
        max_nodes: a.nodes,
        time_limit: a.time,
        table_mb: a.hash.max(1),
        shortest: !a.any_length,
    });
    let stop = AtomicBool::new(false);
    let r = solver.solve(&pos, &stop);
    let secs = r.time.as_secs_f64();
    let (result, moves) = match &r.outcome {
        MateOutcome::Mate(line) => ("mate", line.iter().map(|m| m.to_string()).collect()),
        MateOutcome::NoMate => ("nomate", Vec::new()),
        MateOutcome::Unknown => ("unknown", Vec::new()),
    };
    if a.pos.json {
        println!(
            "{}",
            serde_json::json!({
                "sfen": pos.to_sfen(), "result": result, "length": moves.len(),
                "moves": moves, "shortest": solver.proven_shortest(),
                "nodes": r.nodes, "seconds": secs,
                "proof_nodes": r.proof_nodes, "proof_seconds": r.proof_time.as_secs_f64(),
            })
        );
        return Ok(());
    }
    match result {
        "mate" => {
            let proof = if solver.proven_shortest() {
                "shortest, proved"
            } else if a.any_length {
                "the first mate found, length not minimised"
            } else {
                "not proved shortest"
            };
            println!("mate in {} ({proof}): {}", moves.len(), moves.join(" "));
        }
        "nomate" => println!("no mate by continuous checks"),
        _ => println!("unknown: the node or time budget ran out"),
    }
    println!(
        "nodes {}  time {secs:.3} s  {:.0} nodes/s  (first proof: {} nodes, {:.3} s)",
        r.nodes,
        r.nodes as f64 / secs.max(1e-9),
        r.proof_nodes,
        r.proof_time.as_secs_f64()
    );
    Ok(())
}
