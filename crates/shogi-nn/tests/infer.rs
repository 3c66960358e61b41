//! The fast forward against the reference, on random weights and positions.

use yomi_shogi::{MoveList, Position, generate_legal};
use yomi_shogi_nn::features::{INPUT_LEN, encode};
use yomi_shogi_nn::reference;
use yomi_shogi_nn::{NetConfig, Network, Weights};

/// A tiny seeded generator for the test's own choices.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Positions from seeded random playouts: both sides to move, captures in hand, promotions.
fn positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        let plies = 10 + rng.next() % 80;
        for _ in 0..plies {
            let mut list = MoveList::new();
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[(rng.next() % list.len() as u64) as usize];
            pos.do_move(m);
        }
        out.push(pos);
    }
    out
}

/// Random weights with non-zero biases everywhere, so bias handling is exercised.
fn weights(config: NetConfig, seed: u64) -> Weights {
    let mut w = Weights::random(config, seed).unwrap();
    let mut rng = Lcg(seed ^ 0xABCD);
    for conv in &mut w.convs {
        for b in &mut conv.bias {
            *b = (rng.next() % 2001) as f32 / 10000.0 - 0.1;
        }
    }
    w.fc_bias = 0.25;
    w
}

fn encoded(positions: &[Position]) -> Vec<f32> {
    let mut input = vec![0.0; positions.len() * INPUT_LEN];
    for (p, chunk) in positions.iter().zip(input.chunks_exact_mut(INPUT_LEN)) {
        encode(p, chunk);
    }
    input
}

/// Within 1e-4 of the reference, relative to the batch's largest logit (a logit near zero
/// has no meaningful relative error of its own).
fn assert_close(got: &[f32], want: &[f32], what: &str) {
    let scale = want.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-4 * scale,
            "{what}: sample {i}: fast {g} vs reference {w}"
        );
    }
    assert_eq!(got.len(), want.len());
}

#[test]
fn small_networks_match_the_reference_for_every_batch_size_and_thread_count() {
    let config = NetConfig {
        channels: 8,
        layers: 7,
    };
    let w = weights(config, 11);
    let all = positions(13, 5);
    let input = encoded(&all);
    let want = reference::forward(&w, &input, all.len());
    // The logits must differ between positions, or this test could not see a mix-up.
    assert!(want.iter().any(|&v| (v - want[0]).abs() > 1e-3));
    for threads in [1, 2, 3] {
        let net = Network::with_threads(w.clone(), threads).unwrap();
        for batch in [1, 2, 3, 5, 7, 13] {
            let mut out = vec![f32::NAN; batch];
            net.forward(&input[..batch * INPUT_LEN], batch, &mut out);
            assert_close(
                &out,
                &want[..batch],
                &format!("{threads} threads, batch {batch}"),
            );
        }
    }
}

#[test]
fn the_seed_network_matches_the_reference() {
    let w = weights(NetConfig::default(), 1);
    let all = positions(5, 9);
    let input = encoded(&all);
    let want = reference::forward(&w, &input, all.len());
    let net = Network::with_threads(w, 2).unwrap();
    let mut out = vec![0.0; all.len()];
    net.forward(&input, all.len(), &mut out);
    assert_close(&out, &want, "64 x 13");
    assert_close(&net.evaluate(&all), &want, "evaluate");
}

#[test]
fn arbitrary_inputs_match_the_reference() {
    // Not only 0/1 planes: negative and fractional inputs through a non-seed shape.
    let w = weights(
        NetConfig {
            channels: 5,
            layers: 4,
        },
        3,
    );
    let mut rng = Lcg(17);
    let batch = 9;
    let input: Vec<f32> = (0..batch * INPUT_LEN)
        .map(|_| (rng.next() % 2001) as f32 / 1000.0 - 1.0)
        .collect();
    let want = reference::forward(&w, &input, batch);
    let net = Network::with_threads(w, 2).unwrap();
    let mut out = vec![0.0; batch];
    net.forward(&input, batch, &mut out);
    assert_close(&out, &want, "random inputs");
}

#[test]
fn a_logit_does_not_depend_on_its_batch_neighbours() {
    let w = weights(
        NetConfig {
            channels: 8,
            layers: 4,
        },
        2,
    );
    let all = positions(10, 3);
    let net = Network::with_threads(w, 2).unwrap();
    let together = net.evaluate(&all);
    for (i, p) in all.iter().enumerate() {
        let alone = net.evaluate(std::slice::from_ref(p));
        assert_eq!(alone[0].to_bits(), together[i].to_bits(), "sample {i}");
    }
}

#[test]
fn zero_threads_is_refused() {
    let w = Weights::random(
        NetConfig {
            channels: 2,
            layers: 1,
        },
        1,
    )
    .unwrap();
    assert!(Network::with_threads(w, 0).is_err());
}

#[test]
fn network_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Network>();
}

#[test]
fn an_empty_batch_gives_no_logits() {
    let w = weights(
        NetConfig {
            channels: 4,
            layers: 1,
        },
        1,
    );
    let net = Network::with_threads(w, 2).unwrap();
    assert!(net.evaluate(&[]).is_empty());
    let mut out = [7.0f32; 1];
    net.forward(&[], 0, &mut out);
    assert_eq!(out, [7.0], "nothing written past the batch");
}
