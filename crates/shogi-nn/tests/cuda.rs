//! The GPU forward (feature `cuda`) computes the CPU forward's logits, from floats and from
//! compact records, at every batch size, and the GPU training pass the CPU backward's
//! gradients and losses; without a GPU each fails with an error, not a panic.
//!
//! Set `YOMI_REQUIRE_GPU=1` where a GPU must be found (then any failure to start is a test
//! failure); elsewhere the test checks the error and says it skipped the comparison. The
//! kernels' compilation needs only NVRTC (no GPU): `YOMI_REQUIRE_NVRTC=1` makes a missing
//! NVRTC a failure (CI installs pip's nvidia-cuda-nvrtc and sets it).
#![cfg(feature = "cuda")]

#[cfg(feature = "train")]
use yomi_shogi::Position;
#[cfg(feature = "train")]
use yomi_shogi_nn::cuda::CudaTrainer;
use yomi_shogi_nn::cuda::compile_kernels;
use yomi_shogi_nn::features::{COMPACT_LEN, INPUT_LEN, encode, encode_compact};
use yomi_shogi_nn::sample::random_positions;
#[cfg(feature = "train")]
use yomi_shogi_nn::train::{Sample, loss::Target, trainer::batch_gradient};
use yomi_shogi_nn::{CudaNetwork, NetConfig, Network, NnError, Precision, Weights};

fn weights() -> Weights {
    let mut w = Weights::random(
        NetConfig {
            channels: 32,
            layers: 7,
        },
        5,
    )
    .unwrap();
    // A visible bias, so that dropping it anywhere shows.
    w.fc_bias = 0.25;
    w
}

fn start(w: &Weights, precision: Precision) -> Option<CudaNetwork> {
    match CudaNetwork::new(w, 0, precision) {
        Ok(net) => Some(net),
        Err(e) => {
            assert!(
                std::env::var_os("YOMI_REQUIRE_GPU").is_none(),
                "YOMI_REQUIRE_GPU is set but the GPU forward failed to start: {e}"
            );
            assert!(matches!(e, NnError::Runtime(_)), "{e:?}");
            assert!(e.to_string().contains("CUDA"), "{e}");
            eprintln!("skipped the comparison: {e}");
            None
        }
    }
}

#[test]
fn the_kernels_compile_with_nvrtc() {
    match compile_kernels() {
        Ok(ptx) => {
            for name in [
                "yomi_expand",
                "yomi_im2col",
                "yomi_bias_residual_relu",
                "yomi_relu_grad",
                "yomi_add",
                "yomi_col2im",
            ] {
                assert!(ptx.contains(&format!(".entry {name}")), "{name} missing");
            }
        }
        Err(e) => {
            assert!(
                std::env::var_os("YOMI_REQUIRE_NVRTC").is_none(),
                "YOMI_REQUIRE_NVRTC is set but: {e}"
            );
            assert!(e.to_string().contains("libnvrtc"), "{e}");
            eprintln!("skipped: {e}");
        }
    }
}

#[test]
fn gpu_logits_match_the_cpu_forward_at_every_batch_size() {
    let w = weights();
    let Some(gpu) = start(&w, Precision::F32) else {
        return;
    };
    let cpu = Network::with_threads(w.clone(), 1).unwrap();
    eprintln!("GPU: {}", gpu.device_name());
    // Growing, shrinking and growing again: buffers are resized and reused.
    for batch in [1, 300, 7, 1030] {
        let positions = random_positions(batch, batch as u64);
        let mut input = vec![0.0; batch * INPUT_LEN];
        let mut compact = vec![0u8; batch * COMPACT_LEN];
        for (i, pos) in positions.iter().enumerate() {
            encode(pos, &mut input[i * INPUT_LEN..(i + 1) * INPUT_LEN]);
            encode_compact(pos, &mut compact[i * COMPACT_LEN..(i + 1) * COMPACT_LEN]);
        }
        let mut want = vec![0.0; batch];
        cpu.forward(&input, batch, &mut want);
        let scale = want.iter().fold(1.0f32, |m, v| m.max(v.abs()));
        let (mut from_floats, mut from_compact) = (vec![9.0; batch], vec![9.0; batch]);
        gpu.forward(&input, batch, &mut from_floats).unwrap();
        gpu.forward_compact(&compact, batch, &mut from_compact)
            .unwrap();
        for i in 0..batch {
            assert!(
                (from_floats[i] - want[i]).abs() <= 1e-4 * scale,
                "batch {batch} sample {i}: GPU {} vs CPU {}",
                from_floats[i],
                want[i]
            );
            assert_eq!(from_floats[i], from_compact[i], "batch {batch} sample {i}");
        }
    }
    let mut out = [0.0f32; 2];
    assert!(gpu.forward(&[0.0; 5], 1, &mut out).is_err(), "short input");
    assert!(
        gpu.forward_compact(&[0; COMPACT_LEN], 2, &mut out).is_err(),
        "short input"
    );
}

#[test]
fn tf32_stays_close_to_f32() {
    let w = weights();
    let Some(gpu) = start(&w, Precision::Tf32) else {
        return;
    };
    let cpu = Network::with_threads(w, 1).unwrap();
    let positions = random_positions(256, 3);
    let mut compact = vec![0u8; 256 * COMPACT_LEN];
    for (i, pos) in positions.iter().enumerate() {
        encode_compact(pos, &mut compact[i * COMPACT_LEN..(i + 1) * COMPACT_LEN]);
    }
    let want = cpu.evaluate(&positions);
    let mut got = vec![0.0; 256];
    gpu.forward_compact(&compact, 256, &mut got).unwrap();
    let scale = want.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    let worst = got
        .iter()
        .zip(&want)
        .map(|(g, w)| (g - w).abs())
        .fold(0.0f32, f32::max);
    eprintln!("tf32: largest logit difference {worst:.2e} (largest logit {scale:.3})");
    assert!(worst <= 2e-2 * scale, "tf32 off by {worst}");
}

/// The CPU trainer's samples for `n` random positions, with varied targets.
#[cfg(feature = "train")]
fn samples(n: usize, seed: u64) -> Vec<Sample> {
    random_positions(n, seed)
        .iter()
        .enumerate()
        .map(|(i, pos)| Sample {
            sfen: pos.to_sfen().into(),
            target: Target {
                score: (i as i32 * 137) % 2001 - 1000,
                result: (i % 3) as i8 - 1,
            },
            game: i as i64,
        })
        .collect()
}

// The training pass exists with the trainer (feature `train`, on by default).
#[cfg(feature = "train")]
#[test]
fn gpu_gradients_match_the_cpu_backward() {
    let w = weights();
    let trainer = match CudaTrainer::new(w.config, 0, Precision::F32) {
        Ok(t) => Some(t),
        Err(e) => {
            assert!(
                std::env::var_os("YOMI_REQUIRE_GPU").is_none(),
                "YOMI_REQUIRE_GPU is set but the GPU trainer failed to start: {e}"
            );
            assert!(e.to_string().contains("CUDA"), "{e}");
            eprintln!("skipped the comparison: {e}");
            None
        }
    };
    let Some(mut gpu) = trainer else {
        return;
    };
    // Two sizes, the larger first: the second call reuses the buffers.
    for (n, lambda) in [(300, 0.7), (37, 1.0)] {
        let data = samples(n, n as u64);
        let refs: Vec<&Sample> = data.iter().collect();
        let (want, want_loss) = batch_gradient(&w, &refs, lambda, 16).unwrap();
        let mut compact = vec![0u8; n * COMPACT_LEN];
        for (s, out) in data.iter().zip(compact.chunks_exact_mut(COMPACT_LEN)) {
            encode_compact(&Position::from_sfen(&s.sfen).unwrap(), out);
        }
        let targets: Vec<Target> = data.iter().map(|s| s.target).collect();
        let (got, got_loss) = gpu.gradient(&w, &compact, &targets, lambda).unwrap();
        assert!(
            (got_loss.total - want_loss.total).abs() <= 1e-4 * want_loss.total.abs().max(1.0),
            "loss {got_loss:?} vs {want_loss:?}"
        );
        let val = gpu.losses(&w, &compact, &targets, lambda).unwrap();
        assert!((val.total - want_loss.total).abs() <= 1e-4 * want_loss.total.abs().max(1.0));
        for (g, (a, b)) in got.groups.iter().zip(&want.groups).enumerate() {
            let scale = b.iter().fold(1e-6f32, |m, v| m.max(v.abs()));
            let worst = a
                .iter()
                .zip(b)
                .map(|(x, y)| (x - y).abs())
                .fold(0.0f32, f32::max);
            assert!(
                worst <= 1e-3 * scale,
                "batch {n}, group {g}: off by {worst} (largest {scale})"
            );
        }
    }
}
