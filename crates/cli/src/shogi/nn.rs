//! `yomi shogi nn`: the value network's tools (library: `yomi-shogi-nn`): `bench`, the fast
//! batched forward's throughput (positions/s and ms per batch), optionally beside ONNX
//! Runtime on the same weights and batch (`--ort`, a build with `--features ort`), and
//! `init`, a seeded random network written as safetensors.

use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use yomi_core::parse_duration;
use yomi_shogi_nn::sample::random_positions;
use yomi_shogi_nn::{Device, INPUT_LEN, NetConfig, Network, Weights, encode};

use super::nn_gpu;
use crate::args::NetworkDevice;

/// Arguments of `yomi shogi nn`.
#[derive(clap::Args, Debug)]
pub struct NnArgs {
    #[command(subcommand)]
    command: NnCommand,
}

#[derive(clap::Subcommand, Debug)]
enum NnCommand {
    /// Throughput of the batched forward: positions/s and ms per batch.
    Bench(BenchArgs),
    /// Write a seeded random network (He initialisation) as safetensors.
    Init(InitArgs),
}

/// Where the network comes from: a file, or a seeded random one of a given shape.
#[derive(clap::Args, Debug)]
struct NetSource {
    /// A yomi-shogi-nn safetensors file (overrides --channels/--layers/--seed).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Channels of a random network.
    #[arg(long, default_value_t = 64)]
    channels: usize,
    /// Convolution layers of a random network (1 + a multiple of 3).
    #[arg(long, default_value_t = 13)]
    layers: usize,
    /// Seed of a random network.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args, Debug)]
struct BenchArgs {
    #[command(flatten)]
    net: NetSource,
    /// Positions per forward call.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// How long to keep calling forward (after one warm-up batch).
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    seconds: Duration,
    /// Threads a batch is split over (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also run ONNX Runtime on the same weights and batch, alternating with ours for
    /// --rounds rounds of --seconds each (needs `cargo build -p yomi --features ort` and
    /// ORT_DYLIB_PATH naming the onnxruntime shared library, e.g. the PyPI wheel's).
    #[arg(long)]
    ort: bool,
    /// Rounds of the side-by-side comparison (with --ort).
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Where the forward runs (on a GPU both input paths are timed and the logits checked
    /// against the CPU forward).
    #[command(flatten)]
    net_device: NetworkDevice,
    /// Also write the batch and yomi's CPU logits as safetensors (`input` [B,61,9,9],
    /// `logits` [B]) for a side-by-side in another framework
    /// (crates/shogi-nn/scripts/torch_reference.py).
    #[arg(long)]
    save_batch: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct InitArgs {
    /// The file to write (atomically).
    #[arg(long)]
    out: PathBuf,
    /// Channels of every hidden convolution.
    #[arg(long, default_value_t = 64)]
    channels: usize,
    /// Convolution layers in all (1 + a multiple of 3).
    #[arg(long, default_value_t = 13)]
    layers: usize,
    /// Seed of the initialisation.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi shogi nn`.
pub fn run(args: NnArgs) -> Result<()> {
    match args.command {
        NnCommand::Bench(a) => run_bench(a),
        NnCommand::Init(a) => run_init(a),
    }
}

fn random_weights(channels: usize, layers: usize, seed: u64) -> Result<Weights> {
    Weights::random(NetConfig { channels, layers }, seed)
        .map_err(|e| usage(format!("--channels/--layers: {e}")))
}

fn run_bench(a: BenchArgs) -> Result<()> {
    if a.batch == 0 {
        return Err(usage("--batch must be at least 1"));
    }
    let weights = match &a.net.weights {
        Some(path) => Weights::load(path).map_err(|e| usage(format!("--weights: {e}")))?,
        None => random_weights(a.net.channels, a.net.layers, a.net.seed)?,
    };
    let config = weights.config;
    let net = match a.threads {
        Some(t) => {
            Network::with_threads(weights, t).map_err(|e| usage(format!("--threads: {e}")))?
        }
        None => Network::new(weights)?,
    };
    let positions = random_positions(a.batch, 1);
    let mut input = vec![0.0; a.batch * INPUT_LEN];
    for (pos, chunk) in positions.iter().zip(input.chunks_exact_mut(INPUT_LEN)) {
        encode(pos, chunk);
    }
    let mut out = vec![0.0; a.batch];
    net.forward(&input, a.batch, &mut out);
    if let Some(path) = &a.save_batch {
        nn_gpu::save_batch(path, &input, &out)?;
    }
    if let Device::Cuda(ordinal) = a.net_device.device {
        let setup = nn_gpu::GpuBench {
            ordinal,
            precision: a.net_device.precision,
            seconds: a.seconds,
            json: a.json,
        };
        return nn_gpu::bench(&setup, &net, &positions, &input, &out);
    }
    if a.ort {
        return compare_with_ort(&a, &net, &input);
    }
    let timing = time_batches(a.seconds, a.batch, || {
        net.forward(&input, a.batch, &mut out)
    });
    // A checksum of the last logits: the same network and batch must print the same value.
    let checksum: f64 = out.iter().map(|&v| v as f64).sum();
    if a.json {
        let mut report = timing.json();
        report["channels"] = config.channels.into();
        report["layers"] = config.layers.into();
        report["batch"] = a.batch.into();
        report["threads"] = net.threads().into();
        report["logit_sum"] = checksum.into();
        println!("{report}");
    } else {
        println!(
            "network {}x{} batch {} threads {}: {}, logit sum {checksum:.4}",
            config.layers,
            config.channels,
            a.batch,
            net.threads(),
            timing.line()
        );
    }
    Ok(())
}

/// Throughput of repeated calls of one batch.
#[derive(Clone, Copy, Debug)]
pub(super) struct Timing {
    batches: u64,
    seconds: f64,
    pub(super) positions_per_second: f64,
    ms_per_batch: f64,
    best_ms: f64,
}

impl Timing {
    pub(super) fn line(&self) -> String {
        format!(
            "{:.0} positions/s, {:.2} ms per batch (best {:.2}), {} batches in {:.2} s",
            self.positions_per_second, self.ms_per_batch, self.best_ms, self.batches, self.seconds
        )
    }

    pub(super) fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "batches": self.batches, "seconds": self.seconds,
            "positions_per_second": self.positions_per_second,
            "ms_per_batch": self.ms_per_batch, "best_ms_per_batch": self.best_ms,
        })
    }
}

/// Calls `forward` (one batch of `batch` positions) until `duration` has passed, at least once.
pub(super) fn time_batches(duration: Duration, batch: usize, mut forward: impl FnMut()) -> Timing {
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

#[cfg(not(feature = "ort"))]
fn compare_with_ort(_: &BenchArgs, _: &Network, _: &[f32]) -> Result<()> {
    Err(usage(
        "--ort: this yomi was built without ONNX Runtime; rebuild with `cargo build -p yomi --release --features ort` and set ORT_DYLIB_PATH",
    ))
}

/// Ours and ONNX Runtime alternately on the same batch, after checking they agree.
#[cfg(feature = "ort")]
fn compare_with_ort(a: &BenchArgs, net: &Network, input: &[f32]) -> Result<()> {
    use yomi_shogi_nn::ort_runtime::OrtNetwork;
    // ONNX Runtime's default intra-op threads (one per physical core) unless --threads.
    let ort = OrtNetwork::new(net.weights(), None, a.threads.unwrap_or(0)).context("--ort")?;
    let (mut ours_out, mut ort_out) = (vec![0.0; a.batch], vec![0.0; a.batch]);
    net.forward(input, a.batch, &mut ours_out);
    ort.forward(input, a.batch, &mut ort_out)?;
    let max_diff = ours_out
        .iter()
        .zip(&ort_out)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0f32, f32::max);
    let scale = ours_out.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    let mut rounds = Vec::new();
    for round in 1..=a.rounds.max(1) {
        let ours = time_batches(a.seconds, a.batch, || {
            net.forward(input, a.batch, &mut ours_out)
        });
        let mut failure = None;
        let theirs = time_batches(a.seconds, a.batch, || {
            if let Err(e) = ort.forward(input, a.batch, &mut ort_out) {
                failure = Some(e);
            }
        });
        if let Some(e) = failure {
            return Err(e).context("ONNX Runtime forward");
        }
        if !a.json {
            println!("round {round}: yomi   {}", ours.line());
            println!("round {round}: ORT    {}", theirs.line());
        }
        rounds.push((ours, theirs));
    }
    let median = |pick: fn(&(Timing, Timing)) -> f64| {
        let mut v: Vec<f64> = rounds.iter().map(pick).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let ours_median = median(|r| r.0.positions_per_second);
    let ort_median = median(|r| r.1.positions_per_second);
    if a.json {
        let list: Vec<_> = rounds
            .iter()
            .map(|(o, t)| serde_json::json!({"yomi": o.json(), "ort": t.json()}))
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "batch": a.batch, "threads": net.threads(), "max_abs_logit_diff": max_diff,
                "yomi_median_positions_per_second": ours_median,
                "ort_median_positions_per_second": ort_median,
                "ratio": ours_median / ort_median, "rounds": list,
            })
        );
    } else {
        println!(
            "median over {} rounds: yomi {ours_median:.0} positions/s, ONNX Runtime {ort_median:.0} positions/s, ratio {:.2}; logits agree to {max_diff:.2e} (largest {scale:.3})",
            rounds.len(),
            ours_median / ort_median
        );
    }
    if max_diff > 1e-4 * scale {
        anyhow::bail!("ONNX Runtime and yomi disagree: max logit difference {max_diff}");
    }
    Ok(())
}

fn run_init(a: InitArgs) -> Result<()> {
    let weights = random_weights(a.channels, a.layers, a.seed)?;
    weights
        .save(&a.out)
        .with_context(|| format!("--out {}", a.out.display()))?;
    let parameters: usize = weights
        .convs
        .iter()
        .map(|c| c.weight.len() + c.bias.len())
        .sum::<usize>()
        + weights.fc_weight.len()
        + 1;
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "out": a.out.display().to_string(), "channels": a.channels,
                "layers": a.layers, "seed": a.seed, "parameters": parameters,
            })
        );
    } else {
        println!(
            "wrote {} ({} layers x {} channels, seed {}, {parameters} parameters)",
            a.out.display(),
            a.layers,
            a.channels,
            a.seed
        );
    }
    Ok(())
}
