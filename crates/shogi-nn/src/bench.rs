//! Throughput of the value network's forward passes, for `yomi shogi nn bench`: one batch
//! of seeded random positions timed on the CPU forward, on a GPU beside the CPU (both input
//! paths, after checking the GPU's logits against the CPU's), or alternating with ONNX
//! Runtime on the same weights (cargo feature `ort`).
//!
//! Contract: every timing calls its forward at least once and then until the duration has
//! passed; a [`BenchBatch`] holds the CPU's logits of its positions, the reference the other
//! forwards are checked against. Nothing here prints: the caller reports the [`Timing`]s.

use crate::cuda::CudaNetwork;
use crate::device::Precision;
use crate::error::NnError;
use crate::features::{COMPACT_LEN, INPUT_LEN, encode, encode_compact};
use crate::infer::Network;
use crate::sample::random_positions;
use std::time::{Duration, Instant};
use yomi_core::limits::Bounds;
use yomi_shogi::Position;

/// The batch sizes a bench accepts (`--batch`): each position is 61 x 81 floats (about
/// 20 KB) of input plus its activations, so 16,384 positions is about 330 MB of input; an
/// unbounded size would overflow the allocation.
pub const BATCH: Bounds = Bounds::new("positions", 1, 16_384);

/// Throughput of repeated calls of one batch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Calls made.
    pub batches: u64,
    /// Seconds they took.
    pub seconds: f64,
    /// Positions evaluated per second.
    pub positions_per_second: f64,
    /// Mean milliseconds per call.
    pub ms_per_batch: f64,
    /// Fastest call, in milliseconds.
    pub best_ms: f64,
}

impl Timing {
    /// The one-line summary the bench prints.
    pub fn line(&self) -> String {
        format!(
            "{:.0} positions/s, {:.2} ms per batch (best {:.2}), {} batches in {:.2} s",
            self.positions_per_second, self.ms_per_batch, self.best_ms, self.batches, self.seconds
        )
    }
}

/// Calls `forward` (one batch of `batch` positions) until `duration` has passed, at least once.
pub fn time_batches(duration: Duration, batch: usize, mut forward: impl FnMut()) -> Timing {
    let (mut batches, mut best) = (0u64, f64::INFINITY);
    let start = Instant::now();
    while batches == 0 || start.elapsed() < duration {
        let t = Instant::now();
        forward();
        best = best.min(t.elapsed().as_secs_f64());
        batches += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    Timing {
        batches,
        seconds,
        positions_per_second: batches as f64 * batch as f64 / seconds,
        ms_per_batch: seconds * 1000.0 / batches as f64,
        best_ms: best * 1000.0,
    }
}

/// The batch a bench runs: seeded random positions, their 61-plane encoding and the CPU
/// forward's logits of them.
#[derive(Clone, Debug)]
pub struct BenchBatch {
    /// The positions (seed 1 of [`random_positions`]).
    pub positions: Vec<Position>,
    /// Their encoding, `positions.len() * INPUT_LEN` floats.
    pub input: Vec<f32>,
    /// `net`'s logits of them.
    pub logits: Vec<f32>,
}

impl BenchBatch {
    /// `batch` positions encoded and evaluated once by `net`.
    pub fn new(net: &Network, batch: usize) -> BenchBatch {
        let positions = random_positions(batch, 1);
        let mut input = vec![0.0; batch * INPUT_LEN];
        for (pos, chunk) in positions.iter().zip(input.chunks_exact_mut(INPUT_LEN)) {
            encode(pos, chunk);
        }
        let mut logits = vec![0.0; batch];
        net.forward(&input, batch, &mut logits);
        BenchBatch {
            positions,
            input,
            logits,
        }
    }

    /// Positions in the batch.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True for a batch of no positions.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The largest absolute CPU logit, at least 1: the scale agreement is judged at.
    pub fn logit_scale(&self) -> f32 {
        self.logits.iter().fold(1.0f32, |m, v| m.max(v.abs()))
    }

    /// The largest absolute difference between `other` and the CPU's logits.
    pub fn max_diff(&self, other: &[f32]) -> f32 {
        self.logits
            .iter()
            .zip(other)
            .map(|(c, o)| (o - c).abs())
            .fold(0.0f32, f32::max)
    }
}

/// A forward that failed or disagreed with the CPU's.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The first GPU forward failed.
    #[error(transparent)]
    Nn(#[from] NnError),
    /// The GPU's logits are not the CPU's, within the precision's tolerance.
    #[error("the GPU's logits differ from the CPU's by {max_diff:.3e} (allowed {tolerance:.1e})")]
    GpuMismatch {
        /// Largest absolute difference.
        max_diff: f32,
        /// What the precision allows.
        tolerance: f32,
    },
    /// A timed GPU forward failed.
    #[error("GPU forward")]
    GpuForward(#[source] NnError),
    /// A timed ONNX Runtime forward failed.
    #[error("ONNX Runtime forward")]
    OrtForward(#[source] NnError),
    /// ONNX Runtime's logits are not the CPU's.
    #[error("ONNX Runtime and yomi disagree: max logit difference {0}")]
    OrtMismatch(f32),
}

/// The GPU's throughput from compact records (what the engine sends) and from 61-plane
/// floats, beside the CPU forward's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GpuReport {
    /// Largest difference between the GPU's and the CPU's logits.
    pub max_diff: f32,
    /// The GPU from compact records.
    pub from_compact: Timing,
    /// The GPU from 61-plane floats.
    pub from_floats: Timing,
    /// The CPU forward.
    pub cpu: Timing,
}

/// Times `gpu` on `batch` (both input paths) and `cpu` beside it, for `seconds` each, after
/// checking the GPU's logits against the batch's within the tolerance of `gpu`'s precision.
pub fn gpu_bench(
    gpu: &CudaNetwork,
    cpu: &Network,
    batch: &BenchBatch,
    seconds: Duration,
) -> Result<GpuReport, BenchError> {
    let n = batch.len();
    let mut compact = vec![0u8; n * COMPACT_LEN];
    for (pos, chunk) in batch
        .positions
        .iter()
        .zip(compact.chunks_exact_mut(COMPACT_LEN))
    {
        encode_compact(pos, chunk);
    }
    let mut out = vec![0.0; n];
    gpu.forward_compact(&compact, n, &mut out)?;
    let max_diff = batch.max_diff(&out);
    let tolerance = match gpu.precision() {
        Precision::F32 => 1e-4,
        Precision::Tf32 => 2e-2,
    } * batch.logit_scale();
    if max_diff > tolerance {
        return Err(BenchError::GpuMismatch {
            max_diff,
            tolerance,
        });
    }
    let mut failure = None;
    let mut timed = |f: &mut dyn FnMut() -> Result<(), NnError>| {
        time_batches(seconds, n, || {
            if let Err(e) = f() {
                failure.get_or_insert(e);
            }
        })
    };
    let from_compact = timed(&mut || gpu.forward_compact(&compact, n, &mut out));
    let from_floats = timed(&mut || gpu.forward(&batch.input, n, &mut out));
    if let Some(e) = failure {
        return Err(BenchError::GpuForward(e));
    }
    let mut cpu_out = vec![0.0; n];
    let on_cpu = time_batches(seconds, n, || cpu.forward(&batch.input, n, &mut cpu_out));
    Ok(GpuReport {
        max_diff,
        from_compact,
        from_floats,
        cpu: on_cpu,
    })
}

/// yomi's forward and ONNX Runtime's, alternately, round by round.
#[derive(Clone, Debug, PartialEq)]
pub struct OrtReport {
    /// Largest difference between the two forwards' logits.
    pub max_diff: f32,
    /// The largest absolute logit (at least 1).
    pub scale: f32,
    /// (yomi, ONNX Runtime) of each round.
    pub rounds: Vec<(Timing, Timing)>,
}

impl OrtReport {
    /// Median positions per second of yomi's rounds.
    pub fn yomi_median(&self) -> f64 {
        self.median(|r| r.0.positions_per_second)
    }

    /// Median positions per second of ONNX Runtime's rounds.
    pub fn ort_median(&self) -> f64 {
        self.median(|r| r.1.positions_per_second)
    }

    fn median(&self, pick: fn(&(Timing, Timing)) -> f64) -> f64 {
        let mut v: Vec<f64> = self.rounds.iter().map(pick).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }

    /// An error unless the two forwards agree to 1e-4 of the largest logit.
    pub fn check(&self) -> Result<(), BenchError> {
        if self.max_diff > 1e-4 * self.scale {
            return Err(BenchError::OrtMismatch(self.max_diff));
        }
        Ok(())
    }
}

/// Runs `net` and `ort` on `input` (`batch` positions) alternately for `rounds` rounds (at
/// least one) of `seconds` each; `on_round(k, yomi, ort)` sees each round as it ends. The
/// agreement of the two is measured first and left to [`OrtReport::check`].
#[cfg(feature = "ort")]
pub fn ort_bench(
    net: &Network,
    ort: &crate::ort_runtime::OrtNetwork,
    input: &[f32],
    batch: usize,
    rounds: usize,
    seconds: Duration,
    mut on_round: impl FnMut(usize, &Timing, &Timing),
) -> Result<OrtReport, BenchError> {
    let (mut ours_out, mut ort_out) = (vec![0.0; batch], vec![0.0; batch]);
    net.forward(input, batch, &mut ours_out);
    ort.forward(input, batch, &mut ort_out)?;
    let max_diff = ours_out
        .iter()
        .zip(&ort_out)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0f32, f32::max);
    let scale = ours_out.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    let mut done = Vec::new();
    for round in 1..=rounds.max(1) {
        let ours = time_batches(seconds, batch, || net.forward(input, batch, &mut ours_out));
        let mut failure = None;
        let theirs = time_batches(seconds, batch, || {
            if let Err(e) = ort.forward(input, batch, &mut ort_out) {
                failure = Some(e);
            }
        });
        if let Some(e) = failure {
            return Err(BenchError::OrtForward(e));
        }
        on_round(round, &ours, &theirs);
        done.push((ours, theirs));
    }
    Ok(OrtReport {
        max_diff,
        scale,
        rounds: done,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NetConfig, Weights};

    #[test]
    fn a_timing_calls_at_least_once_and_counts_positions() {
        let mut calls = 0;
        let t = time_batches(Duration::ZERO, 8, || calls += 1);
        assert_eq!((calls, t.batches), (1, 1));
        assert!((t.positions_per_second * t.seconds - 8.0).abs() < 1e-6);
        let t = time_batches(Duration::from_millis(20), 4, || {
            std::thread::sleep(Duration::from_millis(2))
        });
        assert!(t.batches >= 2 && t.seconds >= 0.02, "{t:?}");
        assert!(
            t.best_ms >= 2.0 && t.best_ms <= t.ms_per_batch + 1e-9,
            "{t:?}"
        );
        assert!(t.line().contains(&format!("{} batches", t.batches)));
    }

    #[test]
    fn a_batch_holds_the_cpu_logits_of_its_positions() {
        let weights = Weights::random(
            NetConfig {
                channels: 8,
                layers: 4,
            },
            3,
        )
        .unwrap();
        let net = Network::with_threads(weights, 1).unwrap();
        let b = BenchBatch::new(&net, 5);
        assert_eq!((b.len(), b.input.len()), (5, 5 * INPUT_LEN));
        assert_eq!(b.positions, random_positions(5, 1));
        let mut again = vec![0.0; 5];
        net.forward(&b.input, 5, &mut again);
        assert_eq!(b.max_diff(&again), 0.0);
        let mut off = again.clone();
        off[2] += 0.5;
        assert_eq!(b.max_diff(&off), 0.5);
        assert!(b.logit_scale() >= 1.0);
    }

    #[test]
    fn ort_reports_take_medians_and_check_agreement() {
        let t = |pps: f64| Timing {
            batches: 1,
            seconds: 1.0,
            positions_per_second: pps,
            ms_per_batch: 1.0,
            best_ms: 1.0,
        };
        let report = OrtReport {
            max_diff: 1e-6,
            scale: 2.0,
            rounds: vec![(t(3.0), t(30.0)), (t(1.0), t(10.0)), (t(2.0), t(20.0))],
        };
        assert_eq!((report.yomi_median(), report.ort_median()), (2.0, 20.0));
        assert!(report.check().is_ok());
        let bad = OrtReport {
            max_diff: 1e-3,
            ..report
        };
        assert!(matches!(bad.check(), Err(BenchError::OrtMismatch(d)) if d == 1e-3));
    }
}
