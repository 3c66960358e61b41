//! Output files written whole or not at all.
//!
//! Contract: [`write_atomic`] is [`yomi_core::files::write_atomic`] (a
//! temporary sibling renamed over `path` once complete) with the path in the
//! error, so an interrupted run never leaves a half-written page, replay,
//! report or source.

use anyhow::{Context, Result};
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file beside it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    yomi_core::files::write_atomic(path, bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}
