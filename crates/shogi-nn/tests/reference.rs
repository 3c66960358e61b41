//! The reference forward on networks small enough to work out by hand.

use yomi_shogi::Position;
use yomi_shogi_nn::features::{INPUT_LEN, ONES_PLANE, encode};
use yomi_shogi_nn::reference::forward;
use yomi_shogi_nn::{NetConfig, Weights};

fn zero(config: NetConfig) -> Weights {
    let mut w = Weights::random(config, 0).unwrap();
    for conv in &mut w.convs {
        conv.weight.fill(0.0);
        conv.bias.fill(0.0);
    }
    w.fc_weight.fill(1.0);
    w
}

fn startpos_input() -> Vec<f32> {
    let mut x = vec![0.0; INPUT_LEN];
    encode(&Position::startpos(), &mut x);
    x
}

/// Index of kernel tap (row offset dr, column offset dc) from input channel `i` to output `o`.
fn tap(in_ch: usize, o: usize, i: usize, dr: i32, dc: i32) -> usize {
    ((o * in_ch + i) * 3 + (dr + 1) as usize) * 3 + (dc + 1) as usize
}

#[test]
fn zero_padding_cuts_off_taps_that_leave_the_board() {
    let config = NetConfig {
        channels: 1,
        layers: 1,
    };
    let mut w = zero(config);
    // Read the ones plane through the up-left tap: only cells with row >= 1 and
    // column >= 1 see a 1, so 8 x 8 = 64 cells, each ReLU(1 - 0.25).
    w.convs[0].weight[tap(61, 0, ONES_PLANE, -1, -1)] = 1.0;
    w.convs[0].bias[0] = -0.25;
    w.fc_bias = 0.5;
    let got = forward(&w, &startpos_input(), 1)[0];
    assert!((got - (64.0 * 0.75 + 0.5)).abs() < 1e-5, "{got}");
}

#[test]
fn relu_clips_negative_activations() {
    let config = NetConfig {
        channels: 1,
        layers: 1,
    };
    let mut w = zero(config);
    // Own pawns (plane 0, 9 cells) with weight -1 and bias 0.5: those 9 cells clip to 0,
    // the other 72 give 0.5.
    w.convs[0].weight[tap(61, 0, 0, 0, 0)] = -1.0;
    w.convs[0].bias[0] = 0.5;
    let got = forward(&w, &startpos_input(), 1)[0];
    assert!((got - 72.0 * 0.5).abs() < 1e-5, "{got}");
}

#[test]
fn residual_group_adds_its_input_before_the_last_relu() {
    let config = NetConfig {
        channels: 2,
        layers: 4,
    };
    for (last_bias, want_cell) in [(-0.5f32, 0.5f32), (-3.0, 0.0)] {
        let mut w = zero(config);
        // Layer 0 gives 1 everywhere; the group's convolutions are zero but for the last
        // bias, so the group outputs relu(1 + last_bias) on every cell of both channels.
        w.convs[0].bias.fill(1.0);
        w.convs[3].bias.fill(last_bias);
        let got = forward(&w, &startpos_input(), 1)[0];
        let want = want_cell * 81.0 * 2.0;
        assert!(
            (got - want).abs() < 1e-4,
            "bias {last_bias}: {got} vs {want}"
        );
    }
}

#[test]
fn batch_is_the_samples_one_by_one() {
    let w = Weights::random(
        NetConfig {
            channels: 3,
            layers: 4,
        },
        9,
    )
    .unwrap();
    let a = startpos_input();
    let mut b = vec![0.0; INPUT_LEN];
    encode(
        &Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
            .unwrap(),
        &mut b,
    );
    let both: Vec<f32> = a.iter().chain(&b).copied().collect();
    let got = forward(&w, &both, 2);
    assert_eq!(got, vec![forward(&w, &a, 1)[0], forward(&w, &b, 1)[0]]);
    assert_ne!(got[0], got[1]);
}
