//! How well evaluators predict a dataset's search scores: the training loss
//! (mean squared difference of win probabilities, sigmoid(cp / 600)) of the
//! Control, Classic and Material evaluations and of a network file, and how often
//! each gets the sign of the score right, on the rows of Parquet shards.
//!
//! `cargo run --release -p yomi-shogi-engine --example eval_fit -- NET.safetensors SHARD.parquet...`

use std::sync::Arc;
use yomi_shogi::Position;
use yomi_shogi_engine::dataset::read_rows;
use yomi_shogi_engine::eval::{EvalKind, Evaluator, NetworkEval};

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / 600.0).exp())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (net_path, shards) = args
        .split_first()
        .ok_or("usage: eval_fit NET.safetensors SHARD.parquet...")?;
    let net = yomi_shogi_engine::eval::network::load(Some(net_path))?;
    let mut evals: Vec<(&str, Box<dyn Evaluator>)> = vec![
        ("Control", EvalKind::Control.build()),
        ("Classic", EvalKind::Classic.build()),
        ("Material", EvalKind::Material.build()),
        ("Network", Box::new(NetworkEval::new(Arc::clone(&net)))),
    ];
    let mut loss = vec![0.0f64; evals.len()];
    let mut sign = vec![0u64; evals.len()];
    let mut n = 0u64;
    for shard in shards {
        let rows = read_rows(std::path::Path::new(shard)).map_err(|e| e.to_string())?;
        for r in rows {
            let pos = Position::from_sfen(&r.sfen).map_err(|e| e.to_string())?;
            let target = sigmoid(r.score as f64);
            for (k, (_, e)) in evals.iter_mut().enumerate() {
                let v = e.evaluate(&pos) as f64;
                loss[k] += (sigmoid(v) - target).powi(2);
                sign[k] += ((v > 0.0) == (r.score > 0)) as u64;
            }
            n += 1;
        }
    }
    for (k, (name, _)) in evals.iter().enumerate() {
        println!(
            "{name:>8}: loss {:.5}  sign agreement {:.3}  ({n} rows)",
            loss[k] / n as f64,
            sign[k] as f64 / n as f64
        );
    }
    Ok(())
}
