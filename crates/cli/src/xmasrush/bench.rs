//! `yomi xmasrush bench`: simulations per push turn of a searching bot,
//! single thread, on push decisions taken from greedy games (library:
//! `yomi_xmasrush::bench`); `--rounds N` repeats the whole bench with a fresh
//! bot and reports the median and range of the per-CPU-time rates.

use crate::args::count;
use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_xmasrush::bench::{BenchReport, ROUNDS, Spread, bench, positions};
use yomi_xmasrush::bots::BotSpec;

/// Arguments of `bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Strategy spec of a searching bot.
    #[arg(long, default_value = "mcts")]
    strategy: String,
    /// Push decisions to search (from seeds 1, 2, ...).
    #[arg(long, default_value_t = 20)]
    positions: u32,
    /// Turn budget.
    #[arg(long, default_value = "50ms")]
    time: String,
    /// Rounds of the whole bench (1 to 1000), each with a fresh bot; more
    /// than one adds the median and range of the rates.
    #[arg(long, default_value_t = 1, value_parser = count::<u32>(ROUNDS), allow_hyphen_values = true)]
    rounds: u32,
    /// JSON result on stdout (one object per round, then the summary).
    #[arg(long)]
    json: bool,
}

/// Runs `bench`.
pub fn run(args: BenchArgs) -> Result<()> {
    let budget: Duration = parse_duration(&args.time).map_err(|e| usage(format!("--time: {e}")))?;
    let spec = BotSpec::parse(&args.strategy).map_err(crate::usage::bad_input)?;
    let positions = positions(args.positions);
    let mut rates = Vec::new();
    let mut iteration_rates = Vec::new();
    for round in 1..=args.rounds {
        let mut bot = spec.build(1).map_err(crate::usage::bad_input)?;
        let r = bench(bot.as_mut(), &positions, budget);
        rates.extend(r.simulations_per_50ms_cpu());
        iteration_rates.extend(r.iterations_per_50ms_cpu());
        report_round(&args, round, budget, &r);
    }
    if args.rounds > 1 {
        let (s, i) = (Spread::of(&rates), Spread::of(&iteration_rates));
        if args.json {
            let j = |s: Option<Spread>| {
                s.map(|s| serde_json::json!({"median": s.median, "min": s.min, "max": s.max}))
            };
            println!(
                "{}",
                serde_json::json!({"strategy": args.strategy, "rounds": args.rounds,
                    "simulations_per_50ms_cpu": j(s), "iterations_per_50ms_cpu": j(i)})
            );
        } else {
            let text = |s: Option<Spread>| {
                s.map_or("?".to_string(), |s| {
                    format!(
                        "median {:.0} (min {:.0}, max {:.0})",
                        s.median, s.min, s.max
                    )
                })
            };
            println!(
                "{}: {} rounds: simulations per 50 ms of CPU time {}; iterations {}",
                args.strategy,
                args.rounds,
                text(s),
                text(i)
            );
        }
    }
    Ok(())
}

/// Prints one round's result.
fn report_round(args: &BenchArgs, round: u32, budget: Duration, r: &BenchReport) {
    let (per_cpu_50ms, iterations_per_cpu_50ms) =
        (r.simulations_per_50ms_cpu(), r.iterations_per_50ms_cpu());
    let (mean, min, mean_iterations) = (
        r.mean_simulations(),
        r.min_simulations(),
        r.mean_iterations(),
    );
    let longest = r.longest;
    if args.json {
        println!(
            "{}",
            serde_json::json!({"strategy": args.strategy, "round": round, "positions": r.positions(), "budget_ms": budget.as_secs_f64() * 1000.0,
                "mean_simulations": mean, "min_simulations": min, "longest_ms": longest.as_secs_f64() * 1000.0,
                "simulations_per_50ms_cpu": per_cpu_50ms,
                "mean_iterations": mean_iterations, "iterations_per_50ms_cpu": iterations_per_cpu_50ms})
        );
    } else {
        println!(
            "{}: {} push decisions, {:.0} simulations per turn on average (min {min}) in {:?}, longest answer {:.1} ms, {} simulations ({} iterations) per 50 ms of CPU time",
            args.strategy,
            r.positions(),
            mean,
            budget,
            longest.as_secs_f64() * 1000.0,
            per_cpu_50ms.map_or("?".to_string(), |v| format!("{v:.0}")),
            iterations_per_cpu_50ms.map_or("?".to_string(), |v| format!("{v:.0}"))
        );
    }
}
