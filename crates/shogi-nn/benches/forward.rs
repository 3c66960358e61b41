//! Criterion benchmark: the fast forward of the seed's network (13 layers x 64 channels,
//! seeded random weights) at batch 1, 16 and 256 on every core, and the reference forward
//! of one position for scale (`cargo bench -p yomi-shogi-nn --bench forward`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use yomi_shogi_nn::sample::random_positions;
use yomi_shogi_nn::{INPUT_LEN, NetConfig, Network, Weights, encode, reference};

fn forward(c: &mut Criterion) {
    let weights = Weights::random(NetConfig::default(), 1).unwrap();
    let positions = random_positions(256, 1);
    let mut input = vec![0.0; positions.len() * INPUT_LEN];
    for (pos, chunk) in positions.iter().zip(input.chunks_exact_mut(INPUT_LEN)) {
        encode(pos, chunk);
    }
    let net = Network::new(weights.clone()).unwrap();
    let mut g = c.benchmark_group("forward-13x64");
    g.sample_size(10);
    for batch in [1usize, 16, 256] {
        let mut out = vec![0.0; batch];
        g.throughput(Throughput::Elements(batch as u64));
        g.bench_function(format!("network/batch{batch}"), |b| {
            b.iter(|| net.forward(black_box(&input[..batch * INPUT_LEN]), batch, &mut out))
        });
    }
    g.throughput(Throughput::Elements(1));
    g.bench_function("reference/batch1", |b| {
        b.iter(|| reference::forward(&weights, black_box(&input[..INPUT_LEN]), 1))
    });
    g.finish();
}

criterion_group!(benches, forward);
criterion_main!(benches);
