//! `yomi xmasrush export`: one Rust file to submit on CodinGame.

use super::LeagueArg;
use crate::files::write_atomic;
use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use yomi_search::parse_duration;
use yomi_xmasrush::botio::TURN_BUDGET;
use yomi_xmasrush::export::{ExportOptions, codingame_source};

/// Arguments of `export`.
#[derive(Args)]
pub struct ExportArgs {
    /// Strategy spec, as `yomi xmasrush bot --strategy`.
    #[arg(long, default_value = "duct")]
    strategy: String,
    #[command(flatten)]
    league: LeagueArg,
    /// Thinking time per turn after the first (default: the `bot` command's;
    /// CodinGame's idle servers allow more, e.g. 40ms).
    #[arg(long)]
    budget: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The file to write (stdout if absent).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs `export`.
pub fn run(args: ExportArgs) -> Result<()> {
    let budget = match &args.budget {
        Some(text) => parse_duration(text).map_err(|e| usage(format!("--budget: {e}")))?,
        None => TURN_BUDGET,
    };
    let options = ExportOptions {
        spec: args.strategy.clone(),
        league: args.league.get()?,
        seed: args.seed,
        budget,
    };
    let source = codingame_source(&options).map_err(|e| usage(format!("--strategy: {e}")))?;
    match &args.out {
        Some(path) => {
            write_atomic(path, source.as_bytes())?;
            eprintln!(
                "wrote {} ({} lines): paste it into CodinGame's Rust editor",
                path.display(),
                source.lines().count()
            );
        }
        None => print!("{source}"),
    }
    Ok(())
}
