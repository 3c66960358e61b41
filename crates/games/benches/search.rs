//! Criterion benchmarks of the search library on Connect Four and tic-tac-toe.
//! Run: `cargo bench -p yomi-games --bench search`

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use yomi_games::{Connect4, TicTacToe};
use yomi_search::*;

fn benches(c: &mut Criterion) {
    let start = Connect4::initial();
    c.bench_function("connect4 perft 7", |b| {
        b.iter(|| perft::perft(black_box(&start), 7))
    });
    c.bench_function("tictactoe minimax full tree", |b| {
        b.iter(|| {
            Minimax::new(MinimaxOptions::default())
                .search(black_box(&TicTacToe::initial()))
                .score
        })
    });
    c.bench_function("connect4 alphabeta depth 8 tt 16MB", |b| {
        b.iter(|| {
            let mut ab = AlphaBeta::new(AlphaBetaOptions {
                depth: Some(8),
                iterative: true,
                tt_megabytes: 16,
                budget: Budget::default(),
            });
            ab.search(black_box(&start)).score
        })
    });
    c.bench_function("connect4 mcts 10k iterations", |b| {
        b.iter(|| {
            let mut m = Mcts::<Connect4>::new(MctsOptions {
                budget: Budget::iterations(10_000),
                ..MctsOptions::default()
            });
            m.choose(black_box(&start)).best
        })
    });
}

criterion_group! {
    name = search;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(search);
