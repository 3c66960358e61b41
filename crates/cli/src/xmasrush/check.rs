//! `yomi xmasrush check`: random games with every invariant checked each turn.

use super::LeagueArg;
use anyhow::Result;
use clap::Args;
use rayon::prelude::*;
use std::time::Instant;
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::player::Player;
use yomi_xmasrush::referee::{EndReason, RefereeOptions, play_game};

/// Arguments of `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Games to play.
    #[arg(long, default_value_t = 10_000)]
    games: u32,
    /// First seed.
    #[arg(long, default_value_t = 0)]
    seed: i64,
    #[command(flatten)]
    league: LeagueArg,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
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
    let options = RefereeOptions {
        league,
        check_invariants: true,
        ..Default::default()
    };
    let results: Vec<(EndReason, u8, [i32; 2])> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let seed = args.seed + i64::from(i);
                let build = |s: u64| {
                    Player::builtin(
                        BotSpec::parse("random")
                            .expect("known")
                            .build(s)
                            .expect("valid"),
                        league,
                    )
                };
                let mut players = [build(seed as u64 * 2), build(seed as u64 * 2 + 1)];
                let (r, _) = play_game(
                    &mut players,
                    ["random".into(), "random".into()],
                    seed,
                    options,
                )?;
                pb.inc(1);
                Ok((r.reason, r.turns, r.scores))
            })
            .collect::<Result<_>>()
    })?;
    pb.finish_and_clear();
    let count = |e: EndReason| results.iter().filter(|r| r.0 == e).count();
    let (max_turns, deadlock, all_quests) = (
        count(EndReason::MaxTurns),
        count(EndReason::Deadlock),
        count(EndReason::AllQuests),
    );
    let mean_turns =
        results.iter().map(|r| f64::from(r.1)).sum::<f64>() / results.len().max(1) as f64;
    let mean_score = results
        .iter()
        .map(|r| f64::from(r.2[0] + r.2[1]) / 2.0)
        .sum::<f64>()
        / results.len().max(1) as f64;
    let secs = t0.elapsed().as_secs_f64();
    if args.json {
        println!(
            "{}",
            serde_json::json!({"games": results.len(), "invariant_violations": 0, "max_turns": max_turns,
                "deadlock": deadlock, "all_quests": all_quests, "mean_turns": mean_turns,
                "mean_score": mean_score, "seconds": secs})
        );
    } else {
        println!(
            "{} games, every invariant held each turn: {max_turns} reached 150 turns, {deadlock} deadlocks, \
             {all_quests} finished all quests; mean {mean_turns:.1} turns, mean score {mean_score:.2}; {secs:.1} s",
            results.len()
        );
    }
    Ok(())
}
