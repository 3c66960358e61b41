//! `yomi xmasrush bot`: a CodinGame bot on stdin/stdout.

use super::BotChoiceArgs;

use anyhow::Result;
use clap::Args;
use yomi_xmasrush::botio::{Timing, run_bot};

/// Arguments of `bot`.
#[derive(Args)]
pub struct BotArgs {
    #[command(flatten)]
    choice: BotChoiceArgs,
}

/// Runs `bot` until stdin ends.
pub fn run(args: BotArgs) -> Result<()> {
    let c = &args.choice;
    let (league, spec, budget) = (c.league.get()?, c.spec()?, c.budget()?);
    let bot = spec.build(c.seed).map_err(crate::usage::bad_input)?;
    let stdin = std::io::stdin().lock();
    // A referee that closes the pipe ends the bot quietly.
    let stdout = crate::exit::stdout();
    let timing = Timing::new(budget, !spec.fixed_iterations());
    let report = run_bot(bot, league, timing, stdin, stdout)?;
    eprintln!(
        "{} turns answered, {} by the fallback (search late)",
        report.turns, report.fallbacks
    );
    Ok(())
}
