//! Solver throughput on a fixed set of deals (the whole 1..32000 range is
//! measured with `yomi freecell range 1..32000`, see README).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use yomi_freecell::{Layout, MoveMode, SolveOptions, deal_board, solve};

fn bench(c: &mut Criterion) {
    let boards: Vec<_> = (1..=50)
        .map(|d| deal_board(d, Layout::default()).unwrap())
        .collect();
    c.bench_function("solve deals 1..50 (sequence)", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(solve(board, &SolveOptions::default()).unwrap());
            }
        })
    });
    let atomic = SolveOptions {
        moves: MoveMode::Atomic,
        ..SolveOptions::default()
    };
    c.bench_function("solve deals 1..50 (atomic)", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(solve(board, &atomic).unwrap());
            }
        })
    });
    let d = deal_board(11982, Layout::default()).unwrap();
    c.bench_function("prove 11982 unsolvable", |b| {
        b.iter(|| black_box(solve(&d, &SolveOptions::default()).unwrap()))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
