//! ONNX Runtime (feature `ort`) computes the same logits as the fast forward.
//!
//! Needs the ONNX Runtime shared library: set `ORT_DYLIB_PATH` (e.g. to the
//! `onnxruntime/capi/libonnxruntime.so.*` of `pip install onnxruntime`). Without it the
//! test prints why and passes without checking anything.
#![cfg(feature = "ort")]

use std::path::PathBuf;

use yomi_shogi_nn::features::{INPUT_LEN, encode};
use yomi_shogi_nn::ort_runtime::OrtNetwork;
use yomi_shogi_nn::sample::random_positions;
use yomi_shogi_nn::{NetConfig, Network, Weights};

/// Without the library the test cannot compare anything: it says so, and fails where
/// `YOMI_REQUIRE_ORT` is set (CI, which installs the library).
fn skip(why: String) {
    assert!(
        std::env::var_os("YOMI_REQUIRE_ORT").is_none(),
        "YOMI_REQUIRE_ORT is set but {why}"
    );
    eprintln!("skipped: {why}");
}

#[test]
fn onnx_runtime_agrees_with_the_fast_forward() {
    let Some(library) = std::env::var_os("ORT_DYLIB_PATH")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
    else {
        skip("ORT_DYLIB_PATH is not set (pip install onnxruntime, then point it at onnxruntime/capi/libonnxruntime.so.*)".into());
        return;
    };
    if !library.exists() {
        skip(format!(
            "ORT_DYLIB_PATH={} does not exist (from {})",
            library.display(),
            std::env::current_dir().map_or("?".into(), |d| d.display().to_string())
        ));
        return;
    }
    let mut weights = Weights::random(
        NetConfig {
            channels: 16,
            layers: 7,
        },
        4,
    )
    .unwrap();
    for (i, conv) in weights.convs.iter_mut().enumerate() {
        conv.bias
            .iter_mut()
            .enumerate()
            .for_each(|(j, b)| *b = 0.01 * ((i + j) % 5) as f32 - 0.02);
    }
    weights.fc_bias = 0.3;
    let positions = random_positions(11, 8);
    let mut input = vec![0.0; positions.len() * INPUT_LEN];
    for (p, chunk) in positions.iter().zip(input.chunks_exact_mut(INPUT_LEN)) {
        encode(p, chunk);
    }
    let ours = Network::with_threads(weights.clone(), 2).unwrap();
    let theirs = OrtNetwork::new(&weights, Some(&library), 1).unwrap();
    for batch in [1, 11] {
        let mut a = vec![0.0; batch];
        let mut b = vec![0.0; batch];
        ours.forward(&input[..batch * INPUT_LEN], batch, &mut a);
        theirs
            .forward(&input[..batch * INPUT_LEN], batch, &mut b)
            .unwrap();
        let scale = a.iter().fold(1.0f32, |m, v| m.max(v.abs()));
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            assert!(
                (x - y).abs() <= 1e-4 * scale,
                "batch {batch} sample {i}: ours {x}, ONNX Runtime {y}"
            );
        }
    }
    // A wrong-sized call is an error, not a crash.
    let mut out = vec![0.0; 2];
    assert!(theirs.forward(&input[..INPUT_LEN], 2, &mut out).is_err());
}
