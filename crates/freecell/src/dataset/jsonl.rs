//! JSON Lines output: one [`Row`](super::Row) object per line.

use super::Row;
use crate::error::FreecellError;
use std::io::Write;
use std::path::Path;

/// Writes the rows to `path`.
pub fn write(path: &Path, rows: &[Row]) -> Result<(), FreecellError> {
    let err = |e: &dyn std::fmt::Display| FreecellError::Io(format!("{}: {e}", path.display()));
    let file = std::fs::File::create(path).map_err(|e| err(&e))?;
    let mut w = std::io::BufWriter::new(file);
    for r in rows {
        serde_json::to_writer(&mut w, r).map_err(|e| err(&e))?;
        w.write_all(b"\n").map_err(|e| err(&e))?;
    }
    w.flush().map_err(|e| err(&e))
}
