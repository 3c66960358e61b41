//! `yomi party fit` (the R² table and coefficients; library: `yomi_party::model`) and
//! `yomi party search` (hill climbing on the model, verified by simulation; library:
//! `yomi_party::{search, verify}`).

use super::read_data;
use crate::usage::usage;
use anyhow::{Context, Result};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Instant;
use yomi_core::parse_seed;
use yomi_party::PartyError;
use yomi_party::dataset::meta_path;
use yomi_party::features::Features;
use yomi_party::model::{self, Model};
use yomi_party::search;
use yomi_party::split::{DEFAULT_TRAIN, TrainSplit};
use yomi_party::verify::{Verified, Verifier};

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub(super) struct FitArgs {
    /// Dataset CSV written by `yomi party dataset`.
    #[arg(long)]
    data: PathBuf,
    /// Training rows, as a count (9000) or a share of the dataset (0.9 or 90%); the rest are
    /// held out.
    #[arg(long, default_value_t = DEFAULT_TRAIN, value_parser = parse_train)]
    train: TrainSplit,
    /// Ridge penalties tried by leave-one-out CV (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "0.1,1,10")]
    alphas: Vec<f64>,
    /// Coefficients listed at each end.
    #[arg(long, default_value_t = 10)]
    top: usize,
    /// Include every set's full coefficient vector in the JSON (for scripts/check_ridge.py).
    #[arg(long)]
    coefficients: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub(super) struct SearchArgs {
    /// Dataset CSV written by `yomi party dataset` (its .meta.json gives the profile and opponents).
    #[arg(long)]
    data: PathBuf,
    /// Feature set of the model ("all", "P+M+PM", ...).
    #[arg(long, default_value = "all")]
    features: String,
    /// Hill-climbing starts (1 to 1000000).
    #[arg(long, default_value_t = 200, value_parser = crate::args::count::<usize>(yomi_party::search::STARTS), allow_hyphen_values = true)]
    starts: usize,
    /// Found parties to verify by simulation.
    #[arg(long, default_value_t = 3)]
    verify: usize,
    /// Games per opponent when verifying.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Seed of the search and of the fresh opponents.
    #[arg(long, default_value_t = 7, allow_hyphen_values = true, value_parser = parse_seed)]
    seed: u64,
    /// Ridge penalties tried by leave-one-out CV (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "0.1,1,10")]
    alphas: Vec<f64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `--train`: a count or a share ([`TrainSplit`]'s grammar and message).
fn parse_train(text: &str) -> Result<TrainSplit, String> {
    text.parse().map_err(|e: PartyError| match e {
        PartyError::Params(m) => m,
        e => e.to_string(),
    })
}

#[derive(Serialize)]
struct FitReport {
    data: String,
    profile: Option<String>,
    train: usize,
    /// `--train` as given (`90%` by default), which `train` resolves.
    train_split: String,
    test: usize,
    alphas: Vec<f64>,
    table: Vec<model::R2Row>,
    largest: Vec<(String, f64)>,
    smallest: Vec<(String, f64)>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sets: Vec<model::CoefSet>,
}

pub(super) fn fit(args: FitArgs) -> Result<()> {
    let (dex, data, meta) = read_data(&args.data)?;
    let n = data.parties.len();
    let train = args
        .train
        .rows(n, &args.data.display().to_string())
        .map_err(|e| match e {
            PartyError::Params(m) => usage(m),
            e => e.into(),
        })?;
    let t = Instant::now();
    let table = model::r2_table(&dex, &data, train, &args.alphas)?;
    let feats = Features::new(&dex);
    let all = yomi_party::features::Group::ALL;
    let full = Model::train(&feats, &data, 0..train, &all, &args.alphas)?;
    let (largest, smallest) = model::extremes(&feats, &full, args.top);
    let sets = if args.coefficients {
        model::coefficient_sets(&feats, &data, train, &args.alphas)?
    } else {
        Vec::new()
    };
    tracing::info!("fits took {:.2} s", t.elapsed().as_secs_f64());
    let report = FitReport {
        data: args.data.display().to_string(),
        profile: meta.map(|m| m.profile),
        train,
        train_split: args.train.to_string(),
        test: data.parties.len() - train,
        alphas: args.alphas.clone(),
        table,
        largest,
        smallest,
        sets,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!(
        "{} ({}), {} training / {} held-out parties (--train {})",
        report.data,
        report.profile.as_deref().unwrap_or("profile unknown"),
        report.train,
        report.test,
        report.train_split
    );
    println!(
        "{:<16} {:>8} {:>6} {:>9} {:>9} {:>9}",
        "features", "count", "alpha", "R2 test", "R2 train", "2017"
    );
    for r in &report.table {
        println!(
            "{:<16} {:>8} {:>6} {:>9.3} {:>9.3} {:>9.3}",
            r.set, r.features, r.alpha, r.r2_test, r.r2_train, r.original
        );
    }
    println!("\nlargest coefficients (all five groups):");
    for (n, c) in &report.largest {
        println!("  {c:+.4}  {n}");
    }
    println!("smallest coefficients:");
    for (n, c) in &report.smallest {
        println!("  {c:+.4}  {n}");
    }
    Ok(())
}

#[derive(Serialize)]
struct SearchReport {
    profile: String,
    features: String,
    alpha: f64,
    starts: usize,
    distinct_optima: usize,
    games_per_opponent: usize,
    found: Vec<Verified>,
    best_random: Verified,
}

pub(super) fn search_cmd(args: SearchArgs) -> Result<()> {
    let (dex, data, meta) = read_data(&args.data)?;
    let meta = meta.ok_or_else(|| {
        usage(format!(
            "{} is missing; search needs the dataset's profile and seed",
            meta_path(&args.data).display()
        ))
    })?;
    if args.starts == 0 || args.games == 0 {
        return Err(usage("--starts and --games must be at least 1"));
    }
    let groups = model::parse_set(&args.features).map_err(|e| usage(format!("--features: {e}")))?;
    let feats = Features::new(&dex);
    let n = data.parties.len();
    let m = Model::train(&feats, &data, 0..n, &groups, &args.alphas)?;
    let found = search::search(&dex, &m, args.starts, args.seed, meta.learnset);
    let verifier = Verifier::new(&dex, &m, &feats, &meta, args.seed, args.games);
    let pb = crate::progress::bar((args.verify.min(found.len()) + 1) as u64, "verifying");
    let mut verified = Vec::new();
    for (k, f) in found.iter().take(args.verify).enumerate() {
        verified.push(verifier.verify(&f.party, k as u64, None));
        pb.inc(1);
    }
    let (bi, &bs) = data
        .scores
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .context("empty dataset")?;
    let best_random = verifier.verify(&data.parties[bi], 999_999, Some(bs));
    pb.finish_and_clear();
    let report = SearchReport {
        profile: dex.profile.clone(),
        features: model::set_name(&groups),
        alpha: m.fit.alpha,
        starts: args.starts,
        distinct_optima: found.len(),
        games_per_opponent: args.games,
        found: verified,
        best_random,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!(
        "{} starts -> {} distinct local optima (model {} features, alpha {}, profile {})",
        report.starts, report.distinct_optima, report.features, report.alpha, report.profile
    );
    println!(
        "simulated: {} games against each of {} opponents",
        args.games, meta.opponents
    );
    println!(
        "{:>9} {:>9} {:>9} {:>9}  party",
        "predicted", "dataset", "sim opps", "sim fresh"
    );
    let row = |v: &Verified, tag: &str| -> Result<()> {
        println!(
            "{:>9.3} {:>9} {:>9.3} {:>9.3}  {}{tag}",
            v.predicted,
            v.dataset_score
                .map_or("-".to_string(), |s| format!("{s:.3}")),
            v.simulated_vs_dataset_opponents,
            v.simulated_vs_fresh_opponents,
            v.party
        );
        Ok(())
    };
    for v in &report.found {
        row(v, "")?;
    }
    row(&report.best_random, "  (best of the random parties)")?;
    Ok(())
}
