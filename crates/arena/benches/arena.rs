//! Arena overhead: the cost of one SPRT check (per finished pair) and the
//! match runner's throughput with trivial players on tic-tac-toe.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use yomi_arena::{EloModel, MatchConfig, Openings, Pentanomial, SprtConfig, run_match};

fn sprt_check(c: &mut Criterion) {
    let counts = Pentanomial([31, 204, 512, 219, 34]);
    for model in [EloModel::Logistic, EloModel::Normalized] {
        let cfg = SprtConfig {
            model,
            ..SprtConfig::new(0.0, 5.0)
        };
        c.bench_function(&format!("llr_pentanomial_{model}"), |b| {
            b.iter(|| cfg.llr_pentanomial(black_box(&counts)))
        });
    }
}

fn match_throughput(c: &mut Criterion) {
    let mut group = c.benchmark_group("run_match_1000_games_ttt_random");
    group.sample_size(10);
    for threads in [1, 2] {
        let cfg = MatchConfig {
            threads,
            openings: Openings::Random { plies: 2 },
            seed: 1,
            sprt: Some(SprtConfig::new(0.0, 5.0)),
            ..MatchConfig::new(1000)
        };
        // Equal players with H0 = 0, H1 = 5 do not reach a decision in 1000
        // games, so every iteration plays them all and checks the SPRT 500 times.
        let once = run_match(
            &common::random::<common::Ttt>(),
            &common::random(),
            &cfg,
            &|_| {},
        )
        .unwrap();
        assert_eq!(once.games, 1000, "{once}");
        group.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| {
                run_match(
                    &common::random::<common::Ttt>(),
                    &common::random(),
                    &cfg,
                    &|_| {},
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, sprt_check, match_throughput);
criterion_main!(benches);
