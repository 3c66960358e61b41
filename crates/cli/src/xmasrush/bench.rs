//! `yomi xmasrush bench`: simulations per push turn of a searching bot,
//! single thread, on push decisions taken from greedy games.

use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use std::time::{Duration, Instant};
use yomi_core::parse_duration;
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::reach::Bfs;
use yomi_xmasrush::sim::start;
use yomi_xmasrush::state::State;
use yomi_xmasrush::walker::greedy_walk;
use yomi_xmasrush::{Action, League, Push};

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
    /// JSON result on stdout.
    #[arg(long)]
    json: bool,
}

/// Push decisions from games where both sides push row 3 and column 3 alternately and walk greedily.
fn positions(n: u32) -> Vec<State> {
    let mut out = Vec::new();
    let mut bfs = Bfs::new();
    let mut seed = 1;
    while out.len() < n as usize {
        let mut s = start(seed, League::Legend);
        let mut k = 0usize;
        while !s.over && out.len() < n as usize {
            if s.push_turn() {
                if k % 10 == 3 {
                    out.push(s);
                }
                let a = Push::from_index(k % 28);
                let b = Push::from_index((k * 5 + 11) % 28);
                s.step(Action::Push(a), Action::Push(b));
                k += 1;
            } else {
                let (w0, w1) = (greedy_walk(&s, 0, &mut bfs), greedy_walk(&s, 1, &mut bfs));
                s.step(Action::Move(w0), Action::Move(w1));
            }
        }
        seed += 1;
    }
    out
}

/// CPU time of this thread in nanoseconds (Linux schedstat), to report speed
/// per CPU time on a machine shared with other work.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Runs `bench`.
pub fn run(args: BenchArgs) -> Result<()> {
    let budget: Duration = parse_duration(&args.time).map_err(|e| usage(format!("--time: {e}")))?;
    let spec = BotSpec::parse(&args.strategy).map_err(|e| usage(e.to_string()))?;
    let mut bot = spec.build(1).map_err(|e| usage(e.to_string()))?;
    let mut sims = Vec::new();
    let mut iterations = 0u64;
    let mut longest = Duration::ZERO;
    let mut cpu_ns: Option<u64> = Some(0);
    for s in positions(args.positions) {
        let c0 = thread_cpu_ns();
        let t = Instant::now();
        bot.act(&s, 0, budget);
        longest = longest.max(t.elapsed());
        cpu_ns = match (cpu_ns, c0, thread_cpu_ns()) {
            (Some(acc), Some(a), Some(b)) => Some(acc + b.saturating_sub(a)),
            _ => None,
        };
        sims.push(bot.simulations());
        iterations += bot.iterations();
    }
    let total: u64 = sims.iter().sum();
    // Simulations per 50 ms of CPU time actually received (the wall budget is shared on a loaded machine).
    let per_cpu_50ms = cpu_ns
        .filter(|&c| c > 0)
        .map(|c| total as f64 / c as f64 * 50e6);
    let iterations_per_cpu_50ms = cpu_ns
        .filter(|&c| c > 0)
        .map(|c| iterations as f64 / c as f64 * 50e6);
    let mean_iterations = iterations as f64 / sims.len().max(1) as f64;
    let mean = sims.iter().sum::<u64>() as f64 / sims.len().max(1) as f64;
    let min = sims.iter().copied().min().unwrap_or(0);
    if args.json {
        println!(
            "{}",
            serde_json::json!({"strategy": args.strategy, "positions": sims.len(), "budget_ms": budget.as_secs_f64() * 1000.0,
                "mean_simulations": mean, "min_simulations": min, "longest_ms": longest.as_secs_f64() * 1000.0,
                "simulations_per_50ms_cpu": per_cpu_50ms,
                "mean_iterations": mean_iterations, "iterations_per_50ms_cpu": iterations_per_cpu_50ms})
        );
    } else {
        println!(
            "{}: {} push decisions, {:.0} simulations per turn on average (min {min}) in {:?}, longest answer {:.1} ms, {} simulations ({} iterations) per 50 ms of CPU time",
            args.strategy,
            sims.len(),
            mean,
            budget,
            longest.as_secs_f64() * 1000.0,
            per_cpu_50ms.map_or("?".to_string(), |v| format!("{v:.0}")),
            iterations_per_cpu_50ms.map_or("?".to_string(), |v| format!("{v:.0}"))
        );
    }
    Ok(())
}
