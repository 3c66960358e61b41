//! `yomi xmasrush export`: one Rust file to submit on CodinGame.

use super::BotChoiceArgs;
use crate::files::write_atomic;
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;
use yomi_xmasrush::export::{ExportOptions, codingame_source};

/// Arguments of `export`.
#[derive(Args)]
pub struct ExportArgs {
    #[command(flatten)]
    choice: BotChoiceArgs,
    /// The file to write (stdout if absent).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs `export`.
pub fn run(args: ExportArgs) -> Result<()> {
    let c = &args.choice;
    c.spec()?;
    let options = ExportOptions {
        spec: c.strategy.clone(),
        league: c.league.get()?,
        seed: c.seed,
        budget: c.budget()?,
    };
    let source = codingame_source(&options).context("--strategy")?;
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
