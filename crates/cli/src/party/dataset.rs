//! `yomi party dataset`: the random-battle experiment, resumable, written as
//! CSV (+ `.meta.json`) and optionally NPZ.

use super::load;
use crate::args::Threads;

use anyhow::{Context, Result};
use serde::Serialize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use yomi_core::parse_seed;
use yomi_party::dataset::{self as party_dataset, Meta, RunResult};
use yomi_party::io;

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub(super) struct DatasetArgs {
    /// Output CSV (party, score, 435 features); a `.meta.json` is written beside it.
    #[arg(long, default_value = "party-dataset.csv")]
    out: PathBuf,
    /// Also write an NPZ (X, y, feature_names, parties) for Python.
    #[arg(long)]
    npz: Option<PathBuf>,
    /// Rules profile: cartridge or pokeai2017.
    #[arg(long, default_value = "cartridge")]
    profile: String,
    /// Random parties to score.
    #[arg(long, default_value_t = 10_000)]
    parties: usize,
    /// Fixed random opponents.
    #[arg(long, default_value_t = 100)]
    opponents: usize,
    /// Games per (party, opponent) pair.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Base seed.
    #[arg(long, default_value_t = 2017, allow_hyphen_values = true, value_parser = parse_seed)]
    seed: u64,
    /// Draw moves from learnsets instead of from all 20 moves.
    #[arg(long)]
    learnset: bool,
    #[command(flatten)]
    threads: Threads,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct DatasetReport {
    meta: Meta,
    out: String,
    npz: Option<String>,
    battles: u64,
    seconds: f64,
    battles_per_second: f64,
    threads: usize,
    battles_per_second_per_thread: f64,
    resumed_parties: usize,
    mean_score: f64,
    best_score: f64,
    best_party: String,
}

pub(super) fn dataset(args: DatasetArgs) -> Result<()> {
    let dex = load(&args.profile)?;
    let meta = Meta {
        profile: dex.profile.clone(),
        parties: args.parties,
        opponents: args.opponents,
        games: args.games,
        seed: args.seed,
        learnset: args.learnset,
    };
    meta.validate().map_err(crate::usage::bad_input)?;
    let pool = args.threads.pool()?;
    let pb = crate::progress::bar(args.parties as u64, "battles");
    let done = AtomicUsize::new(0);
    let tick = |k: usize| {
        let d = done.fetch_add(k, Ordering::Relaxed) + k;
        if d.is_multiple_of(64) || k > 1 {
            pb.set_position(d as u64);
        }
    };
    let start = Instant::now();
    let RunResult { data, resumed } = pool
        .install(|| party_dataset::run(&dex, &meta, &args.out, &tick))
        .with_context(|| format!("writing the dataset {}", args.out.display()))?;
    if resumed > 0 {
        tracing::info!("resumed after {resumed} scored parties");
    }
    let secs = start.elapsed().as_secs_f64();
    pb.finish_and_clear();
    if let Some(npz) = &args.npz {
        io::write_npz_dataset(npz, &dex, &data).context("writing the NPZ")?;
    }
    let battles = ((args.parties - resumed) * args.opponents * args.games) as u64;
    let threads = pool.current_num_threads();
    let (bi, best) = data
        .scores
        .iter()
        .enumerate()
        .fold((0, f64::MIN), |a, (i, &s)| if s > a.1 { (i, s) } else { a });
    let report = DatasetReport {
        meta,
        out: args.out.display().to_string(),
        npz: args.npz.as_ref().map(|p| p.display().to_string()),
        battles,
        seconds: secs,
        battles_per_second: battles as f64 / secs,
        threads,
        battles_per_second_per_thread: battles as f64 / secs / threads as f64,
        resumed_parties: resumed,
        mean_score: data.scores.iter().sum::<f64>() / data.scores.len() as f64,
        best_score: best,
        best_party: data.parties[bi].format(&dex),
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} parties x {} opponents x {} game(s) under {}: {} battles in {:.2} s = {:.0} battles/s ({:.0}/s per thread, {} threads)",
            args.parties,
            args.opponents,
            args.games,
            report.meta.profile,
            battles,
            secs,
            report.battles_per_second,
            report.battles_per_second_per_thread,
            threads
        );
        println!(
            "mean score {:.4}; best {:.2}: {}",
            report.mean_score, best, report.best_party
        );
        println!(
            "wrote {}{}",
            report.out,
            report
                .npz
                .as_ref()
                .map(|p| format!(" and {p}"))
                .unwrap_or_default()
        );
    }
    Ok(())
}
