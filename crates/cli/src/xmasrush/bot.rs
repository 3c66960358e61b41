//! `yomi xmasrush bot`: a CodinGame bot on stdin/stdout.

use super::LeagueArg;
use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use yomi_xmasrush::botio::run_bot;
use yomi_xmasrush::bots::BotSpec;

/// Arguments of `bot`.
#[derive(Args)]
pub struct BotArgs {
    /// Strategy spec (`combo`, `duct:policy=exp3`, ...).
    #[arg(long, default_value = "combo")]
    strategy: String,
    #[command(flatten)]
    league: LeagueArg,
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
    let turns = run_bot(bot.as_mut(), league, stdin, stdout)?;
    eprintln!("{turns} turns answered");
    Ok(())
}
