//! Solves every position of `data/tsume.txt` with the df-pn solver and
//! prints one tab-separated row per problem: recorded length, found length
//! (or the outcome), whether it was proved shortest, nodes and microseconds
//! in all, then nodes and microseconds until the first proof (what a solver
//! that does not minimise the length spends).
//! Run with `cargo run --release -p yomi-shogi-engine --example tsume_bench
//! [-- FILE [--any-length]]`; FILE (same format) replaces the built-in
//! `data/tsume.txt`; `--any-length` skips the proof of minimal length.

use std::sync::atomic::AtomicBool;
use yomi_shogi::Position;
use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome};

fn main() {
    let stop = AtomicBool::new(false);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let any_length = args.iter().any(|a| a == "--any-length");
    let file = args.iter().find(|a| !a.starts_with("--"));
    let mut solver = Dfpn::new(DfpnOptions {
        max_nodes: 10_000_000,
        time_limit: None,
        table_mb: 64,
        shortest: !any_length,
    });
    let (mut nodes, mut micros, mut proof_nodes, mut proof_micros) = (0u64, 0u128, 0u64, 0u128);
    println!("recorded\tfound\tshortest\tnodes\tmicros\tproof_nodes\tproof_micros\tsfen");
    let text = match file {
        Some(path) => std::fs::read_to_string(path).expect("the problem file is readable"),
        None => include_str!("../data/tsume.txt").to_string(),
    };
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let sfen = fields[fields.len() - 1];
        let pos = Position::from_sfen(sfen).expect("the data file holds valid SFENs");
        solver.clear();
        let r = solver.solve(&pos, &stop);
        let found = match &r.outcome {
            MateOutcome::Mate(l) => l.len().to_string(),
            MateOutcome::NoMate => "nomate".to_string(),
            MateOutcome::Unknown => "unknown".to_string(),
        };
        nodes += r.nodes;
        micros += r.time.as_micros();
        proof_nodes += r.proof_nodes;
        proof_micros += r.proof_time.as_micros();
        println!(
            "{}\t{found}\t{}\t{}\t{}\t{}\t{}\t{sfen}",
            fields[0],
            solver.proven_shortest(),
            r.nodes,
            r.time.as_micros(),
            r.proof_nodes,
            r.proof_time.as_micros()
        );
    }
    println!("total\t\t\t{nodes}\t{micros}\t{proof_nodes}\t{proof_micros}\t");
}
