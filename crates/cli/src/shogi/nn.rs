//! `yomi shogi nn`: the value network's tools (library: `yomi-shogi-nn`, its `bench`
//! module for the timings): `bench`, the fast batched forward's throughput (positions/s and
//! ms per batch), on a GPU beside the CPU (`--device cuda[:N]`, a build with `--features
//! cuda`) or beside ONNX Runtime on the same weights and batch (`--ort`, a build with
//! `--features ort`), and `init`, a seeded random network written as safetensors.

use crate::args::NetworkDevice;
use crate::usage::{BadInput, usage};
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_shogi_nn::bench::{BenchBatch, GpuReport, Timing, gpu_bench, time_batches};
use yomi_shogi_nn::{CudaNetwork, Device, NetConfig, Network, Precision, Weights};

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
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
}

#[derive(clap::Args, Debug)]
struct BenchArgs {
    #[command(flatten)]
    net: NetSource,
    /// Positions per forward call (1 to 16384).
    #[arg(long, default_value_t = 256, value_parser = crate::args::count::<usize>(yomi_shogi_nn::bench::BATCH), allow_hyphen_values = true)]
    batch: usize,
    /// How long to keep calling forward (after one warm-up batch).
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    seconds: Duration,
    /// Threads a batch is split over (default and 0: every core; at most 1024).
    #[arg(long, value_parser = crate::args::threads, allow_hyphen_values = true)]
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
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
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
    let weights = match &a.net.weights {
        Some(path) => Weights::load(path).with_bad_input_context(|| "--weights")?,
        None => random_weights(a.net.channels, a.net.layers, a.net.seed)?,
    };
    let config = weights.config;
    // 0 asks for every core, as everywhere else: the network's default.
    let net = match a.threads.filter(|&t| t > 0) {
        Some(t) => {
            Network::with_threads(weights, t).map_err(|e| usage(format!("--threads: {e}")))?
        }
        None => Network::new(weights)?,
    };
    let batch = BenchBatch::new(&net, a.batch);
    if let Some(path) = &a.save_batch {
        yomi_shogi_nn::sample::save_batch(path, &batch.input, &batch.logits)
            .with_context(|| format!("--save-batch {}", path.display()))?;
    }
    if let Device::Cuda(ordinal) = a.net_device.device {
        let precision = a.net_device.precision;
        let gpu = CudaNetwork::new(net.weights(), ordinal, precision)
            .with_context(|| format!("--device cuda:{ordinal}"))?;
        let report = gpu_bench(&gpu, &net, &batch, a.seconds)?;
        print_gpu(&report, &gpu, &net, ordinal, precision, a.batch, a.json);
        return Ok(());
    }
    if a.ort {
        return compare_with_ort(&a, &net, &batch.input);
    }
    let mut out = batch.logits.clone();
    let timing = time_batches(a.seconds, a.batch, || {
        net.forward(&batch.input, a.batch, &mut out)
    });
    // A checksum of the last logits: the same network and batch must print the same value.
    let checksum: f64 = out.iter().map(|&v| v as f64).sum();
    if a.json {
        let mut report = timing_json(&timing);
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

/// A [`Timing`] as the bench's JSON prints it.
fn timing_json(t: &Timing) -> serde_json::Value {
    serde_json::json!({
        "batches": t.batches, "seconds": t.seconds,
        "positions_per_second": t.positions_per_second,
        "ms_per_batch": t.ms_per_batch, "best_ms_per_batch": t.best_ms,
    })
}

/// Prints the GPU bench (`--device cuda[:N]`).
fn print_gpu(
    r: &GpuReport,
    gpu: &CudaNetwork,
    cpu: &Network,
    ordinal: usize,
    precision: Precision,
    batch: usize,
    json: bool,
) {
    let config = gpu.config();
    let (compact, floats, on_cpu) = (&r.from_compact, &r.from_floats, &r.cpu);
    let max_diff = r.max_diff;
    if json {
        println!(
            "{}",
            serde_json::json!({
                "device": format!("cuda:{ordinal}"), "gpu": gpu.device_name(),
                "precision": precision.to_string(), "channels": config.channels,
                "layers": config.layers, "batch": batch,
                "max_abs_logit_diff_vs_cpu": max_diff,
                "gpu_from_compact": timing_json(compact), "gpu_from_floats": timing_json(floats),
                "cpu": timing_json(on_cpu), "cpu_threads": cpu.threads(),
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
        precision
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
    let report = yomi_shogi_nn::bench::ort_bench(
        net,
        &ort,
        input,
        a.batch,
        a.rounds,
        a.seconds,
        |round, ours, theirs| {
            if !a.json {
                println!("round {round}: yomi   {}", ours.line());
                println!("round {round}: ORT    {}", theirs.line());
            }
        },
    )?;
    let (ours_median, ort_median) = (report.yomi_median(), report.ort_median());
    let (max_diff, scale) = (report.max_diff, report.scale);
    if a.json {
        let list: Vec<_> = report
            .rounds
            .iter()
            .map(|(o, t)| serde_json::json!({"yomi": timing_json(o), "ort": timing_json(t)}))
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
            report.rounds.len(),
            ours_median / ort_median
        );
    }
    report.check()?;
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
