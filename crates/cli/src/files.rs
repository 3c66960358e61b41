//! Output files written whole or not at all.
//!
//! Contract: [`write_atomic`] writes `path.tmp` and renames it over `path`,
//! so an interrupted run never leaves a half-written page, replay or source.

use anyhow::{Context, Result};
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file beside it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = Path::new(&tmp);
    std::fs::write(tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(tmp, path).with_context(|| format!("cannot write {}", path.display()))
}
