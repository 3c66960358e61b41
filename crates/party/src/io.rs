//! Dataset files: CSV (party, score, then the 435 feature columns) for any
//! tool, and NPZ (`X` u1 n×435, `y` f8, `feature_names`, `parties`) for
//! Python. Writes are atomic: a temporary file renamed into place.
//!
//! Contract: reading a CSV re-parses every party (so a bad row names its
//! line) and checks that its feature columns agree with the party.

use crate::data::Dex;
use crate::error::PartyError;
use crate::experiment::Dataset;
use crate::features::Features;
use crate::npz::{NpyArray, write_npz};
use crate::party::Party;
use std::fs;
use std::io::Write;
use std::path::Path;

fn io_err(path: &Path, source: std::io::Error) -> PartyError {
    PartyError::Io {
        path: path.display().to_string(),
        err: source,
    }
}

/// Writes `path` whole or not at all ([`yomi_core::files::write_streamed`]).
pub fn write_atomic(
    path: &Path,
    f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), PartyError> {
    yomi_core::files::write_streamed(path, f).map_err(|e| io_err(path, e))
}

/// Writes the dataset as CSV.
pub fn write_csv(path: &Path, dex: &Dex, data: &Dataset) -> Result<(), PartyError> {
    let feats = Features::new(dex);
    write_atomic(path, |w| {
        write!(w, "party,score")?;
        for n in feats.names() {
            write!(w, ",{n}")?;
        }
        writeln!(w)?;
        let mut row = vec![b'0'; feats.len()];
        for (p, s) in data.parties.iter().zip(&data.scores) {
            row.fill(b'0');
            for i in feats.active(p) {
                row[i] = b'1';
            }
            write!(w, "{},{}", p.format(dex), s)?;
            for &c in &row {
                w.write_all(&[b',', c])?;
            }
            writeln!(w)?;
        }
        Ok(())
    })
}

/// Reads a dataset CSV written by [`write_csv`].
pub fn read_csv(path: &Path, dex: &Dex) -> Result<Dataset, PartyError> {
    let bytes = fs::read(path).map_err(|e| io_err(path, e))?;
    let bad = |line: usize, reason: String| PartyError::BadDataset {
        path: path.display().to_string(),
        line,
        reason,
    };
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        bad(
            line,
            format!("byte {}: not UTF-8 text (is this a dataset CSV?)", at + 1),
        )
    })?;
    let feats = Features::new(dex);
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.next().ok_or_else(|| bad(1, "empty file".into()))?;
    let cols: Vec<&str> = header.split(',').collect();
    if cols.len() < 2 || cols[0] != "party" || cols[1] != "score" {
        return Err(bad(1, "header must start with party,score".into()));
    }
    let has_features = cols.len() > 2;
    if has_features && cols[2..] != feats.names().iter().map(String::as_str).collect::<Vec<_>>()[..]
    {
        return Err(bad(
            1,
            format!(
                "feature columns differ from this data file's {} features",
                feats.len()
            ),
        ));
    }
    let mut data = Dataset {
        parties: Vec::new(),
        scores: Vec::new(),
    };
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let mut it = line.split(',');
        let spec = it.next().unwrap_or("");
        let party = Party::parse(dex, spec).map_err(|e| bad(i + 1, e.to_string()))?;
        let score: f64 = it
            .next()
            .and_then(|s| s.trim().parse().ok())
            .filter(|s: &f64| s.is_finite())
            .ok_or_else(|| bad(i + 1, "score is not a number".into()))?;
        if !(0.0..=1.0).contains(&score) {
            return Err(bad(
                i + 1,
                format!("score {score} is outside [0, 1] (a score is the share of points won)"),
            ));
        }
        if has_features {
            let vals: Vec<&str> = it.collect();
            if vals.len() != feats.len() {
                return Err(bad(
                    i + 1,
                    format!("{} feature values, expected {}", vals.len(), feats.len()),
                ));
            }
            let mut expect = vec!["0"; feats.len()];
            for k in feats.active(&party) {
                expect[k] = "1";
            }
            if let Some(k) = (0..vals.len()).find(|&k| vals[k].trim() != expect[k]) {
                return Err(bad(
                    i + 1,
                    format!("feature {} disagrees with the party", feats.names()[k]),
                ));
            }
        }
        data.parties.push(party);
        data.scores.push(score);
    }
    if data.parties.is_empty() {
        return Err(bad(0, "no rows".into()));
    }
    Ok(data)
}

/// Writes the dataset as NPZ: `X` (u1, n×features), `y` (f8), `feature_names`, `parties`.
pub fn write_npz_dataset(path: &Path, dex: &Dex, data: &Dataset) -> Result<(), PartyError> {
    let feats = Features::new(dex);
    let n = data.parties.len();
    let mut x = vec![0u8; n * feats.len()];
    for (r, p) in data.parties.iter().enumerate() {
        for i in feats.active(p) {
            x[r * feats.len() + i] = 1;
        }
    }
    let names: Vec<String> = feats.names().to_vec();
    let specs: Vec<String> = data.parties.iter().map(|p| p.format(dex)).collect();
    write_atomic(path, |w| {
        write_npz(
            w,
            &[
                ("X", NpyArray::U8(&x, vec![n, feats.len()])),
                ("y", NpyArray::F64(&data.scores, vec![n])),
                ("feature_names", NpyArray::Str(&names)),
                ("parties", NpyArray::Str(&specs)),
            ],
        )
    })
}
