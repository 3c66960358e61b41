//! `yomi xmasrush check`: random games with every invariant checked each turn (library:
//! `yomi_xmasrush::check`).

use super::LeagueArg;
use anyhow::Result;
use clap::Args;
use std::time::Instant;
use yomi_xmasrush::check::check_games;

/// Arguments of `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Games to play.
    #[arg(long, default_value_t = 10_000, value_parser = crate::args::count::<u32>(yomi_xmasrush::check::GAMES), allow_hyphen_values = true)]
    games: u32,
    /// First seed (a Java long, as CodinGame's `seed` parameter; may be negative).
    #[arg(long, default_value_t = 0, value_parser = crate::args::long_seed, allow_hyphen_values = true)]
    seed: i64,
    #[command(flatten)]
    league: LeagueArg,
    /// Worker threads (0: all cores; at most 1024).
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads, allow_hyphen_values = true)]
    threads: usize,
    /// JSON summary on stdout.
    #[arg(long)]
    json: bool,
}

/// Runs `check`.
pub fn run(args: CheckArgs) -> Result<()> {
    let league = args.league.get()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let pb = crate::progress::bar(u64::from(args.games), "games");
    let t0 = Instant::now();
    let r = pool.install(|| check_games(args.seed, args.games, league, &|| pb.inc(1)))?;
    pb.finish_and_clear();
    let (max_turns, deadlock, all_quests) = (r.max_turns, r.deadlock, r.all_quests);
    let (mean_turns, mean_score) = (r.mean_turns, r.mean_score);
    let secs = t0.elapsed().as_secs_f64();
    if args.json {
        println!(
            "{}",
            serde_json::json!({"games": r.games, "invariant_violations": 0, "max_turns": max_turns,
                "deadlock": deadlock, "all_quests": all_quests, "mean_turns": mean_turns,
                "mean_score": mean_score, "seconds": secs})
        );
    } else {
        println!(
            "{} games, every invariant held each turn: {max_turns} reached 150 turns, {deadlock} deadlocks, \
             {all_quests} finished all quests; mean {mean_turns:.1} turns, mean score {mean_score:.2}; {secs:.1} s",
            r.games
        );
    }
    Ok(())
}
