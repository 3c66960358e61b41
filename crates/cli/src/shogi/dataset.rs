//! `yomi shogi dataset`: self-play positions labelled with the engine's
//! search score and the game result, as sharded, resumable Parquet
//! (library: `yomi_shogi_train::dataset`).

use crate::args::Threads;
use crate::usage::usage;
use anyhow::Result;
use std::path::PathBuf;
use std::time::Instant;
use yomi_core::parse_seed;
use yomi_core::shard::WorkerShare;
use yomi_shogi::openings::parse_openings;
use yomi_shogi_engine::eval::Evaluation;
use yomi_shogi_train::dataset::{self, DatasetSpec, RunSummary};
use yomi_shogi_train::selfplay::SelfPlayOptions;

/// Arguments of `yomi shogi dataset`.
#[derive(clap::Args, Debug)]
pub struct DatasetArgs {
    /// Output directory (created; an interrupted run resumes there).
    #[arg(long)]
    out: PathBuf,
    /// Games in the whole dataset (all workers together).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Games per shard file.
    #[arg(long, default_value_t = 100)]
    shard_size: u64,
    /// This worker's share, i/n: every n-th shard from the i-th (job arrays).
    #[arg(long, default_value = "0/1")]
    shard: String,
    /// Search depth of every move and label (plies).
    #[arg(long, default_value_t = 4)]
    depth: i32,
    /// Random plies after the opening: 0..=N, drawn per game.
    #[arg(long, default_value_t = 16)]
    random_plies: u32,
    /// Ply limit of a game (a draw when reached).
    #[arg(long, default_value_t = 320)]
    max_plies: u32,
    /// Start lines (one a line: SFEN/`position` lines or USI moves from the start), used in turn.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Evaluation of the self-play engine (Control, Classic or Material).
    #[arg(long, default_value = "Control")]
    eval: String,
    /// Master seed (game g uses a seed derived from it and g).
    #[arg(long, default_value_t = 1, allow_hyphen_values = true, value_parser = parse_seed)]
    seed: u64,
    #[command(flatten)]
    threads: Threads,
    /// Print one JSON summary.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi shogi dataset`.
pub fn run(a: DatasetArgs) -> Result<()> {
    let share: WorkerShare = a.shard.parse().map_err(|e| usage(format!("{e}")))?;
    if a.games == 0 || a.shard_size == 0 {
        return Err(usage("--games and --shard-size must be at least 1"));
    }
    if !(1..=32).contains(&a.depth) {
        return Err(usage(format!("--depth {}: expected 1..=32", a.depth)));
    }
    if a.max_plies < 2 || a.max_plies > yomi_shogi::game::MAX_PLIES_CAP {
        return Err(usage(format!(
            "--max-plies {}: expected 2..={}",
            a.max_plies,
            yomi_shogi::game::MAX_PLIES_CAP
        )));
    }
    let eval = Evaluation::parse_hand_written(&a.eval).map_err(crate::usage::bad_input)?;
    let (starts, openings_hash) = match &a.openings {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| usage(format!("cannot read openings file {}: {e}", p.display())))?;
            let starts = parse_openings(&text)
                .map_err(|e| usage(format!("openings file {}: {e}", p.display())))?;
            (starts, yomi_core::fnv1a(text.as_bytes()))
        }
        None => (Vec::new(), 0),
    };
    let opts = SelfPlayOptions {
        depth: a.depth,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        eval: eval.builtin()?,
        ..SelfPlayOptions::default()
    };
    let spec = DatasetSpec {
        games: a.games,
        shard_size: a.shard_size,
        seed: a.seed,
        depth: a.depth,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        eval: eval.name().to_string(),
        openings: starts.len(),
        openings_hash,
    };
    let resume = dataset::open(&a.out, &spec, share)?;
    let skipped = resume.skipped();
    if skipped > 0 {
        tracing::info!("resuming: {skipped} finished shards skipped");
    }
    let mut total = resume.done.clone();
    let todo = &resume.todo;
    let pool = a.threads.pool()?;
    let pb = crate::progress::bar(todo.iter().map(|s| s.len()).sum(), "self-play games");
    let t0 = Instant::now();
    for s in todo {
        let st =
            pool.install(|| dataset::run_shard(&a.out, s, &opts, a.seed, &starts, &|| pb.inc(1)))?;
        total.merge(&st);
    }
    pb.finish_and_clear();
    let summary = RunSummary {
        dir: a.out.clone(),
        share,
        spec,
        shards: resume.shards.len(),
        skipped,
        total,
        seconds: t0.elapsed().as_secs_f64(),
    };
    summary.write()?;
    let (total, wall) = (&summary.total, summary.seconds);
    if a.json {
        println!("{}", summary.to_json());
    } else {
        println!(
            "{} games ({} Black wins, {} White wins, {} draws), {} plies; {} rows ({} duplicates dropped) in {} shards ({} resumed) under {}; {wall:.1} s",
            total.games,
            total.black_wins,
            total.white_wins,
            total.draws,
            total.plies,
            total.rows,
            total.duplicates,
            summary.shards,
            skipped,
            a.out.display()
        );
    }
    Ok(())
}
