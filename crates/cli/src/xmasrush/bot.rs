//! `yomi xmasrush bot`: a CodinGame bot on stdin/stdout.

use super::LeagueArg;
use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use yomi_search::parse_duration;
use yomi_xmasrush::botio::{FIRST_BUDGET, TURN_BUDGET, run_bot};
use yomi_xmasrush::bots::BotSpec;

/// Arguments of `bot`.
#[derive(Args)]
pub struct BotArgs {
    /// Strategy spec (`combo`, `duct:policy=exp3`, ...).
    #[arg(long, default_value = "combo")]
    strategy: String,
    #[command(flatten)]
    league: LeagueArg,
    /// Thinking time per turn after the first, counted from the input's arrival
    /// (the referee allows 50 ms; the default 20 ms keeps a margin for a loaded
    /// machine, 40ms suits an idle one such as CodinGame's).
    #[arg(long)]
    budget: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `bot` until stdin ends.
pub fn run(args: BotArgs) -> Result<()> {
    let league = args.league.get()?;
    let mut bot = BotSpec::parse(&args.strategy)
        .and_then(|s| s.build(args.seed))
        .map_err(|e| usage(e.to_string()))?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let budget = match &args.budget {
        Some(text) => parse_duration(text).map_err(|e| usage(format!("--budget: {e}")))?,
        None => TURN_BUDGET,
    };
    let turns = run_bot(bot.as_mut(), league, (FIRST_BUDGET, budget), stdin, stdout)?;
    eprintln!("{turns} turns answered");
    Ok(())
}
