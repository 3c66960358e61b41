//! How well evaluators predict a dataset's search scores: the training loss
//! (mean squared difference of win probabilities, sigmoid(cp / 600)) of the
//! Control, Classic and Material evaluations and of a network file (a value network's
//! `.safetensors` or an NNUE `nn.bin`, at `FV_SCALE` 16; `builtin-nnue` for the net built
//! into the binary), and how often each gets the sign of the score right, on the rows of
//! Parquet shards.
//!
//! `cargo run --release -p yomi-shogi-train --example eval_fit -- NET SHARD.parquet...`

use std::error::Error;
use std::path::Path;
use std::sync::Arc;
use yomi_shogi::Position;
use yomi_shogi_engine::eval::nnue::{DEFAULT_FV_SCALE, Nnue, pack};
use yomi_shogi_engine::eval::{Evaluation, Evaluator, LoadedEval, network};
use yomi_shogi_train::rows;

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / 600.0).exp())
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (net_path, shards) = args
        .split_first()
        .ok_or("usage: eval_fit NET SHARD.parquet...")?;
    let nnue = |net: Arc<Nnue>| LoadedEval::Nnue {
        net,
        fv_scale: DEFAULT_FV_SCALE,
    };
    let (net_name, net) = if net_path == "builtin-nnue" {
        ("NNUE", nnue(pack::builtin()?))
    } else if net_path.ends_with(".bin") {
        ("NNUE", nnue(Arc::new(Nnue::read(Path::new(net_path))?)))
    } else {
        (
            "Network",
            LoadedEval::network(network::load(Some(Path::new(net_path)))?),
        )
    };
    let mut evals: Vec<(&str, Box<dyn Evaluator>)> = Vec::new();
    for e in Evaluation::HAND_WRITTEN {
        evals.push((e.name(), e.builtin()?.evaluator()));
    }
    evals.push((net_name, net.evaluator()));
    let mut loss = vec![0.0f64; evals.len()];
    let mut sign = vec![0u64; evals.len()];
    let mut n = 0u64;
    for shard in shards {
        for r in rows::read(Path::new(shard))? {
            let pos = Position::from_sfen(&r.sfen)?;
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
