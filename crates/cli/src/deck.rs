//! `yomi deck`: solve deck-building instances (library: yomi-deck).

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;
use yomi_deck::formats::{parse_json, parse_mdp, parse_qkp};
use yomi_deck::solve::{exact, greedy, vds};

/// Deck builder: best deck under cost, group, attribute, must-include and leader constraints.
#[derive(Args)]
pub struct DeckArgs {
    #[command(subcommand)]
    command: DeckCommand,
}

#[derive(Subcommand)]
enum DeckCommand {
    /// Solve an instance file and print the deck.
    Solve {
        /// Instance file.
        file: PathBuf,
        /// File format.
        #[arg(long, value_enum, default_value = "json")]
        format: InstanceFormat,
        /// Solver.
        #[arg(long, value_enum, default_value = "vds")]
        solver: Solver,
        /// Time limit for vds, e.g. 500ms, 2s.
        #[arg(long, default_value = "1s", value_parser = parse_duration)]
        time: Duration,
        /// RNG seed for vds.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum InstanceFormat {
    Mdp,
    Qkp,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum Solver {
    /// Best marginal gain first (the baseline).
    Greedy,
    /// Hill climbing with variable depth search, perturbed until the time limit.
    Vds,
    /// Branch and bound: proves optimality, or reports the gap at the time limit.
    Exact,
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let (num, scale) = if let Some(v) = s.strip_suffix("ms") {
        (v, 0.001)
    } else if let Some(v) = s.strip_suffix('s') {
        (v, 1.0)
    } else {
        (s, 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 && x * scale < 1e7 => {
            Ok(Duration::from_secs_f64(x * scale))
        }
        _ => Err(format!("bad duration {s:?} (use e.g. 500ms or 2s)")),
    }
}

/// Runs `yomi deck ...`.
pub fn run(args: DeckArgs) -> Result<()> {
    match args.command {
        DeckCommand::Solve {
            file,
            format,
            solver,
            time,
            seed,
            json,
        } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let parsed = match format {
                InstanceFormat::Mdp => parse_mdp(&text),
                InstanceFormat::Qkp => parse_qkp(&text),
                InstanceFormat::Json => parse_json(&text),
            };
            let inst = parsed.with_context(|| format!("parsing {}", file.display()))?;
            let sol = match solver {
                Solver::Greedy => greedy::solve(&inst),
                Solver::Vds => {
                    let opts = vds::VdsOptions {
                        seed,
                        time_limit: time,
                        ..Default::default()
                    };
                    vds::solve(&inst, &opts)
                }
                Solver::Exact => {
                    let opts = exact::ExactOptions {
                        seed,
                        time_limit: time,
                        ..Default::default()
                    };
                    exact::solve(&inst, &opts)
                }
            };
            let ids: Vec<&str> = sol
                .deck
                .selected
                .iter()
                .map(|&i| inst.pieces[i].id.as_str())
                .collect();
            let cost: i64 = sol.deck.selected.iter().map(|&i| inst.pieces[i].cost).sum();
            if json {
                let v = serde_json::json!({
                    "objective": sol.objective,
                    "selected": ids,
                    "leader": sol.deck.leader.map(|l| inst.pieces[l].id.clone()),
                    "feasible": sol.feasible,
                    "violations": sol.violations,
                    "proven_optimal": sol.proven_optimal,
                    "bound": sol.bound,
                    "gap": sol.gap(),
                    "total_cost": cost,
                    "iterations": sol.iterations,
                    "time_s": sol.elapsed.as_secs_f64(),
                });
                println!("{v}");
            } else {
                println!("objective  {}", sol.objective);
                println!("feasible   {}", sol.feasible);
                for v in &sol.violations {
                    println!("violation  {v}");
                }
                println!("cost       {cost}");
                println!("pieces     {}", ids.join(" "));
                if let Some(l) = sol.deck.leader {
                    println!("leader     {}", inst.pieces[l].id);
                }
                println!(
                    "time       {:.3} s, {} moves",
                    sol.elapsed.as_secs_f64(),
                    sol.iterations
                );
            }
            if !sol.feasible {
                bail!("no feasible deck found");
            }
            Ok(())
        }
    }
}
