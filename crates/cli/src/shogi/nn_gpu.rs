//! `yomi shogi nn bench --device cuda[:N]`: the GPU forward's throughput from compact
//! records (what the engine sends) and from 61-plane floats, beside the CPU forward on the
//! same machine, after checking the GPU's logits against the CPU's.

use super::nn::{Timing, time_batches};
use anyhow::{Context, Result};
use std::path::Path;
use std::time::Duration;
use yomi_shogi::Position;
use yomi_shogi_nn::features::{COMPACT_LEN, encode_compact};
use yomi_shogi_nn::{CudaNetwork, Network, Precision};

/// What the GPU bench needs from the command line.
pub(super) struct GpuBench {
    pub ordinal: usize,
    pub precision: Precision,
    pub seconds: Duration,
    pub json: bool,
}

/// Writes the batch and the CPU logits (`--save-batch`).
pub(super) fn save_batch(path: &Path, input: &[f32], logits: &[f32]) -> Result<()> {
    yomi_shogi_nn::sample::save_batch(path, input, logits)
        .with_context(|| format!("--save-batch {}", path.display()))
}

/// Times the GPU forward on `positions` (already encoded in `input`, with the CPU's
/// logits `cpu_logits`) and the CPU forward beside it.
pub(super) fn bench(
    s: &GpuBench,
    cpu: &Network,
    positions: &[Position],
    input: &[f32],
    cpu_logits: &[f32],
) -> Result<()> {
    let batch = positions.len();
    let gpu = CudaNetwork::new(cpu.weights(), s.ordinal, s.precision)
        .with_context(|| format!("--device cuda:{}", s.ordinal))?;
    let mut compact = vec![0u8; batch * COMPACT_LEN];
    for (pos, chunk) in positions.iter().zip(compact.chunks_exact_mut(COMPACT_LEN)) {
        encode_compact(pos, chunk);
    }
    let mut out = vec![0.0; batch];
    gpu.forward_compact(&compact, batch, &mut out)?;
    let scale = cpu_logits.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    let max_diff = out
        .iter()
        .zip(cpu_logits)
        .map(|(g, c)| (g - c).abs())
        .fold(0.0f32, f32::max);
    let tolerance = match s.precision {
        Precision::F32 => 1e-4,
        Precision::Tf32 => 2e-2,
    } * scale;
    if max_diff > tolerance {
        anyhow::bail!(
            "the GPU's logits differ from the CPU's by {max_diff:.3e} (allowed {tolerance:.1e})"
        );
    }
    let mut failure = None;
    let mut timed = |f: &mut dyn FnMut() -> Result<(), yomi_shogi_nn::NnError>| {
        time_batches(s.seconds, batch, || {
            if let Err(e) = f() {
                failure.get_or_insert(e);
            }
        })
    };
    let from_compact = timed(&mut || gpu.forward_compact(&compact, batch, &mut out));
    let from_floats = timed(&mut || gpu.forward(input, batch, &mut out));
    if let Some(e) = failure {
        return Err(e).context("GPU forward");
    }
    let mut cpu_out = vec![0.0; batch];
    let on_cpu = time_batches(s.seconds, batch, || cpu.forward(input, batch, &mut cpu_out));
    report(
        s,
        &gpu,
        cpu,
        batch,
        max_diff,
        [from_compact, from_floats, on_cpu],
    );
    Ok(())
}

fn report(
    s: &GpuBench,
    gpu: &CudaNetwork,
    cpu: &Network,
    batch: usize,
    max_diff: f32,
    [compact, floats, on_cpu]: [Timing; 3],
) {
    let config = gpu.config();
    if s.json {
        println!(
            "{}",
            serde_json::json!({
                "device": format!("cuda:{}", s.ordinal), "gpu": gpu.device_name(),
                "precision": s.precision.to_string(), "channels": config.channels,
                "layers": config.layers, "batch": batch,
                "max_abs_logit_diff_vs_cpu": max_diff,
                "gpu_from_compact": compact.json(), "gpu_from_floats": floats.json(),
                "cpu": on_cpu.json(), "cpu_threads": cpu.threads(),
                "gpu_over_cpu": compact.positions_per_second / on_cpu.positions_per_second,
            })
        );
        return;
    }
    println!(
        "network {}x{} batch {batch} on {} ({}), logits within {max_diff:.2e} of the CPU's",
        config.layers,
        config.channels,
        gpu.device_name(),
        s.precision
    );
    println!("  GPU from compact records: {}", compact.line());
    println!("  GPU from 61-plane floats: {}", floats.line());
    println!(
        "  CPU, {} threads:          {}",
        cpu.threads(),
        on_cpu.line()
    );
    println!(
        "  GPU / CPU: {:.1}x",
        compact.positions_per_second / on_cpu.positions_per_second
    );
}
