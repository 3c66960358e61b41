//! `yomi deck generate`: a synthetic themed instance as JSON, to stdout or atomically to a file.

use crate::files::write_atomic;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;
use yomi_deck::formats::write_json;
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::tables::write_csv;

/// Parses `name:minimum` (e.g. `god:10`) for the request's attribute minimum.
pub fn parse_attribute(s: &str) -> Result<(String, usize), String> {
    let (name, min) = s
        .split_once(':')
        .ok_or_else(|| format!("bad attribute {s:?}: use NAME:MINIMUM, e.g. god:10"))?;
    let min: usize = min
        .parse()
        .map_err(|_| format!("bad minimum {min:?} in {s:?}"))?;
    Ok((name.to_string(), min))
}

/// Generates and writes the instance (JSON to `out` or stdout, or CSV tables into `csv_dir`).
pub fn run(opts: &GenerateOptions, out: Option<&Path>, csv_dir: Option<&Path>) -> Result<()> {
    opts.validate()?;
    let inst = generate(opts);
    if let Some(dir) = csv_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let (pieces, pairs, _) = write_csv(&inst);
        write_atomic(&dir.join("pieces.csv"), pieces.as_bytes())?;
        write_atomic(&dir.join("pairs.csv"), pairs.as_bytes())?;
        return Ok(());
    }
    let text = write_json(&inst);
    match out {
        None => {
            let mut stdout = crate::exit::stdout();
            stdout.write_all(text.as_bytes())?;
            stdout.write_all(b"\n")?;
        }
        Some(path) => write_atomic(path, text.as_bytes())?,
    }
    Ok(())
}
