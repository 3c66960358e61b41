//! `yomi usi`: the shogi engine's USI loop on stdin/stdout (the same loop
//! as the bare `yomi-usi` executable).

use anyhow::Result;

/// Runs the USI loop until `quit` or the end of stdin.
pub fn run() -> Result<()> {
    yomi_shogi_engine::usi::run_stdio();
    Ok(())
}
