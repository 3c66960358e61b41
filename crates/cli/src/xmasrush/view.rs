//! `yomi xmasrush view`: a replay as a self-contained HTML page.

use crate::files::write_atomic;
use crate::usage::{BadInput, usage};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use yomi_xmasrush::replay::Replay;
use yomi_xmasrush::view::render_html;

/// Arguments of `view`.
#[derive(Args)]
pub struct ViewArgs {
    /// A replay written by `yomi xmasrush play --replay`.
    replay: PathBuf,
    /// The page to write.
    #[arg(long, default_value = "game.html")]
    out: PathBuf,
}

/// Runs `view`.
pub fn run(args: ViewArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.replay)
        .with_bad_input_context(|| format!("cannot read {}", args.replay.display()))?;
    let replay: Replay = serde_json::from_str(&text)
        .map_err(|e| usage(format!("{} is not a replay: {e}", args.replay.display())))?;
    write_atomic(&args.out, render_html(&replay).as_bytes())?;
    eprintln!(
        "{} frames written to {}",
        replay.frames.len(),
        args.out.display()
    );
    Ok(())
}
