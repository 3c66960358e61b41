//! Criterion benchmark: the exact mate in one (`cargo bench -p yomi-shogi-engine --bench
//! mate_in_one`) on the positions the Python comparison with cshogi uses (a mate by drop; a
//! 207-move middlegame without one) and on 1,000 positions of seeded random games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use yomi_shogi::Position;
use yomi_shogi_engine::mate::mate_in_one;

const MATE1: &str = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
const MIDDLEGAME: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// Positions out of check from seeded random games.
fn random_positions(n: usize) -> Vec<Position> {
    let mut rng = yomi_search::Rng::new(46);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut p = Position::startpos();
        for _ in 0..200 {
            let legal = p.legal_moves();
            if legal.is_empty() || out.len() == n {
                break;
            }
            if !p.in_check() {
                out.push(p.clone());
            }
            p.do_move(legal[rng.below(legal.len())]);
        }
    }
    out
}

fn mate1(c: &mut Criterion) {
    let mut g = c.benchmark_group("mate_in_one");
    for (name, sfen, mates) in [
        ("found", MATE1, true),
        ("none-middlegame", MIDDLEGAME, false),
    ] {
        let mut pos = Position::from_sfen(sfen).unwrap();
        assert_eq!(mate_in_one(&mut pos).is_some(), mates);
        g.bench_function(name, |b| b.iter(|| mate_in_one(black_box(&mut pos))));
    }
    let mut positions = random_positions(1000);
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("random-games-1000", |b| {
        b.iter(|| {
            positions
                .iter_mut()
                .map(|p| mate_in_one(p).is_some() as u32)
                .sum::<u32>()
        })
    });
    g.finish();
}

criterion_group!(benches, mate1);
criterion_main!(benches);
