//! `yomi deck generate`: a synthetic themed instance as JSON, to stdout or atomically to a file
//! (then a one-line summary: pieces, themes, pairs, path; `--json` prints it as JSON).

use crate::files::write_atomic;
use crate::usage::usage;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;
use yomi_deck::formats::write_json;
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::tables::write_csv;

/// Parses `name:minimum` (e.g. `god:10`) for the request's attribute minimum, with the
/// library's grammar and messages.
pub fn parse_attribute(s: &str) -> Result<(String, usize), String> {
    match yomi_deck::request::parse_attribute(s) {
        Ok(Some(a)) => Ok((a.name, a.minimum)),
        Ok(None) => Err(format!(
            "{s} asks for no minimum: use NAME:MINIMUM, e.g. god:10"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// What `yomi deck generate` wrote.
#[derive(serde::Serialize)]
struct Summary<'a> {
    pieces: usize,
    themes: usize,
    pairs: usize,
    seed: u64,
    /// The JSON file, or the directory of the CSV tables.
    out: &'a str,
    format: &'a str,
}

/// Generates and writes the instance (JSON to `out` or stdout, or CSV tables into `csv_dir`),
/// then, when written to a file, prints the summary (`json`: as one JSON object).
pub fn run(
    opts: &GenerateOptions,
    out: Option<&Path>,
    csv_dir: Option<&Path>,
    json: bool,
) -> Result<()> {
    opts.validate()?;
    if json && out.is_none() && csv_dir.is_none() {
        return Err(usage(
            "--json prints the summary of a written file: give --out FILE or --csv DIR (without them the instance itself goes to stdout)",
        ));
    }
    let inst = generate(opts);
    let (path, format) = if let Some(dir) = csv_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let (pieces, pairs, _) = write_csv(&inst);
        write_atomic(&dir.join("pieces.csv"), pieces.as_bytes())?;
        write_atomic(&dir.join("pairs.csv"), pairs.as_bytes())?;
        (dir, "csv")
    } else {
        let text = write_json(&inst);
        match out {
            None => {
                let mut stdout = crate::exit::stdout();
                stdout.write_all(text.as_bytes())?;
                stdout.write_all(b"\n")?;
                return Ok(());
            }
            Some(path) => write_atomic(path, text.as_bytes())?,
        }
        (out.expect("written to a file"), "json")
    };
    let shown = path.display().to_string();
    let summary = Summary {
        pieces: inst.pieces.len(),
        themes: opts.theme_count(),
        pairs: inst.adjacency.iter().map(Vec::len).sum::<usize>() / 2,
        seed: opts.seed,
        out: &shown,
        format,
    };
    if json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "wrote {} pieces ({} themes, {} scored pairs, seed {}) to {} ({})",
            summary.pieces,
            summary.themes,
            summary.pairs,
            summary.seed,
            summary.out,
            summary.format
        );
    }
    Ok(())
}
