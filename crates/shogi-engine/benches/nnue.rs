//! Criterion benchmark: NNUE evaluations (`cargo bench -p yomi-shogi-engine --bench nnue`)
//! along the positions of seeded random games, in order as a search meets them: from scratch
//! (`Nnue::evaluate`) and with the accumulators kept between calls (`NnueEval`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::sync::Arc;
use yomi_shogi::Position;
use yomi_shogi_engine::eval::Evaluator;
use yomi_shogi_engine::eval::nnue::{DEFAULT_FV_SCALE, Nnue, NnueEval};

fn positions(n: usize) -> Vec<Position> {
    let mut rng = yomi_search::Rng::new(9);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut p = Position::startpos();
        for _ in 0..150 {
            let legal = p.legal_moves();
            if legal.is_empty() || out.len() == n {
                break;
            }
            p.do_move(legal[rng.below(legal.len())]);
            out.push(p.clone());
        }
    }
    out
}

fn nnue(c: &mut Criterion) {
    let net = Arc::new(Nnue::random(1));
    let walk = positions(1000);
    let mut g = c.benchmark_group("nnue");
    g.throughput(Throughput::Elements(walk.len() as u64));
    g.bench_function("scratch", |b| {
        b.iter(|| {
            walk.iter()
                .map(|p| net.evaluate(p, DEFAULT_FV_SCALE))
                .sum::<i32>()
        })
    });
    let mut eval = NnueEval::new(Arc::clone(&net), DEFAULT_FV_SCALE);
    g.bench_function("kept-accumulators", |b| {
        b.iter(|| walk.iter().map(|p| eval.evaluate(p)).sum::<i32>())
    });
    g.finish();
}

criterion_group!(benches, nnue);
criterion_main!(benches);
