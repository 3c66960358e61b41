//! `yomi shogi nn`: the value network's tools (library: `yomi-shogi-nn`): `bench`, the fast
//! batched forward's throughput (positions/s and ms per batch), and `init`, a seeded random
//! network written as safetensors.

use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use yomi_search::parse_duration;
use yomi_shogi_nn::sample::random_positions;
use yomi_shogi_nn::{INPUT_LEN, NetConfig, Network, Weights, encode};

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
        Some(path) => Weights::load(path).with_context(|| "--weights".to_string())?,
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
    let (mut batches, mut best) = (0u64, f64::INFINITY);
    let start = Instant::now();
    while batches == 0 || start.elapsed() < a.seconds {
        let t = Instant::now();
        net.forward(&input, a.batch, &mut out);
        best = best.min(t.elapsed().as_secs_f64());
        batches += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let positions_per_second = (batches as f64 * a.batch as f64) / secs;
    let ms_per_batch = secs * 1000.0 / batches as f64;
    // A checksum of the last logits: the same network and batch must print the same value.
    let checksum: f64 = out.iter().map(|&v| v as f64).sum();
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "channels": config.channels, "layers": config.layers, "batch": a.batch,
                "threads": net.threads(), "batches": batches, "seconds": secs,
                "positions_per_second": positions_per_second, "ms_per_batch": ms_per_batch,
                "best_ms_per_batch": best * 1000.0, "logit_sum": checksum,
            })
        );
    } else {
        println!(
            "network {}x{} batch {} threads {}: {:.0} positions/s, {:.2} ms per batch (best {:.2}), {} batches in {:.2} s, logit sum {:.4}",
            config.layers,
            config.channels,
            a.batch,
            net.threads(),
            positions_per_second,
            ms_per_batch,
            best * 1000.0,
            batches,
            secs,
            checksum
        );
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
