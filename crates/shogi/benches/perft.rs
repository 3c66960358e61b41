//! Criterion benchmark: perft with bulk counting, yomi-shogi next to the
//! `haitaka` crate on the same positions (`cargo bench -p yomi-shogi --bench perft`).

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn perft(c: &mut Criterion) {
    let cases = [
        ("startpos-d4", common::START, 4, 719_731u64),
        ("matsuri-d3", common::MATSURI, 3, 4_809_015),
        ("max593-d2", common::MAX593, 2, 105_677),
    ];
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, sfen, depth, nodes) in cases {
        assert_eq!(common::yomi(sfen, depth), nodes);
        assert_eq!(common::haitaka(sfen, depth), nodes);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("yomi/{name}"), |b| {
            b.iter(|| common::yomi(black_box(sfen), depth))
        });
        g.bench_function(format!("haitaka/{name}"), |b| {
            b.iter(|| common::haitaka(black_box(sfen), depth))
        });
    }
    g.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
