//! How well evaluators predict a dataset's search scores: the training loss
//! (mean squared difference of win probabilities, sigmoid(cp / 600)) of the
//! Control, Classic and Material evaluations and of a network file (a value network's
//! `.safetensors` or an NNUE `nn.bin`, at `FV_SCALE` 16; `builtin-nnue` for the net built
//! into the binary), and how often each gets the sign of the score right, on the rows of
//! Parquet shards. Two more figures say how an evaluation behaves inside a search:
//! - `mover`: the mean of the scores of two consecutive game positions, each from its side
//!   to move (0 for an evaluation that agrees with itself across the move played; a
//!   positive figure favours whoever is to move, which stand-pat and null-move cuts act on);
//! - `spread`: the mean change of the score, from the parent's view, over a position's legal
//!   moves (the first 40), the siblings a search compares and prunes on with margins in cp.
//!
//! Scores beyond ±2000 and positions in check are left out of both.
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
    let m = evals.len();
    let (mut loss, mut sign, mut n) = (vec![0.0f64; m], vec![0u64; m], 0u64);
    let (mut mover, mut score_mover, mut pairs) = (vec![0.0f64; m], 0.0f64, 0u64);
    let (mut spread, mut siblings) = (vec![0.0f64; m], 0u64);
    let in_range = |v: &[f64]| v.iter().all(|x| x.abs() < 2000.0);
    for shard in shards {
        let mut last: Option<(i64, i32, Vec<f64>, f64)> = None;
        for r in rows::read(Path::new(shard))? {
            let pos = Position::from_sfen(&r.sfen)?;
            let target = sigmoid(r.score as f64);
            let v: Vec<f64> = evals
                .iter_mut()
                .map(|(_, e)| e.evaluate(&pos) as f64)
                .collect();
            for k in 0..m {
                loss[k] += (sigmoid(v[k]) - target).powi(2);
                sign[k] += ((v[k] > 0.0) == (r.score > 0)) as u64;
            }
            n += 1;
            let usable = in_range(&v) && !pos.in_check();
            let score = r.score as f64;
            if let Some((game, ply, before, before_score)) = &last
                && (*game, *ply + 1) == (r.game, r.ply)
                && usable
                && in_range(before)
                && in_range(&[score, *before_score])
            {
                (0..m).for_each(|k| mover[k] += (before[k] + v[k]) / 2.0);
                score_mover += (before_score + score) / 2.0;
                pairs += 1;
            }
            if usable {
                for &mv in pos.legal_moves().as_slice().iter().take(40) {
                    let mut child = pos.clone();
                    child.do_move(mv);
                    for (k, (_, e)) in evals.iter_mut().enumerate() {
                        spread[k] += (-(e.evaluate(&child) as f64) - v[k]).abs().min(3000.0);
                    }
                    siblings += 1;
                }
            }
            last = Some((r.game, r.ply, v, score));
        }
    }
    let mean = |sum: f64, count: u64| sum / count.max(1) as f64;
    println!(
        "  scores: mover {:+.0} (the dataset's own)",
        mean(score_mover, pairs)
    );
    for (k, (name, _)) in evals.iter().enumerate() {
        println!(
            "{name:>8}: loss {:.5}  sign agreement {:.3}  mover {:+.0}  spread {:.0}  ({n} rows)",
            loss[k] / n as f64,
            sign[k] as f64 / n as f64,
            mean(mover[k], pairs),
            mean(spread[k], siblings),
        );
    }
    Ok(())
}
