//! `yomi xmasrush bot`: a CodinGame bot on stdin/stdout.

use super::LeagueArg;
use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use yomi_search::parse_duration;
use yomi_xmasrush::botio::{TURN_BUDGET, Timing, run_bot};
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
    /// (the referee allows 50 ms; the default 25 ms, answered by 35 ms at the
    /// latest, keeps a margin for a loaded machine; 40ms suits an idle one
    /// such as CodinGame's).
    #[arg(long)]
    budget: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `bot` until stdin ends.
pub fn run(args: BotArgs) -> Result<()> {
    let league = args.league.get()?;
    let spec = BotSpec::parse(&args.strategy).map_err(|e| usage(e.to_string()))?;
    let bot = spec.build(args.seed).map_err(|e| usage(e.to_string()))?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let budget = match &args.budget {
        Some(text) => parse_duration(text).map_err(|e| usage(format!("--budget: {e}")))?,
        None => TURN_BUDGET,
    };
    let timing = Timing::new(budget, !spec.fixed_iterations());
    let report = run_bot(bot, league, timing, stdin, stdout)?;
    eprintln!(
        "{} turns answered, {} by the fallback (search late)",
        report.turns, report.fallbacks
    );
    Ok(())
}
