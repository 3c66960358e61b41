//! Dataset rows as the value network's training positions: read through [`crate::rows`],
//! prepared (for instance made quiet), then split by game in `yomi-shogi-nn`.
//!
//! Contract: [`load`] reads one dataset file, a YaneuraOu `.bin` file ([`read_bin`]), or
//! every `*.parquet` file of a folder in name order ([`rows::files`]), keeping of each row
//! its SFEN, score, result and game; the first unreadable row stops it with an error naming its file and row. `prepare` sees every row,
//! in file order, before the split and the fingerprint
//! ([`Dataset::from_samples`]), so a resumed run must prepare its rows alike (the
//! fingerprint refuses a mismatch). [`quiet_sample`] is the preparation of
//! `yomi shogi train --quiet`: the rule the `Control` tuner applies ([`quiet_leaf`]).

use crate::rows::{self, Row, RowsError};
use crate::tune::quiet_leaf;
use rayon::prelude::*;
use std::path::Path;
use thiserror::Error;
use yomi_shogi::Position;
use yomi_shogi::record::PackedSfenError;
use yomi_shogi_nn::train::loss::Target;
use yomi_shogi_nn::train::{Dataset, Sample, TrainError};

/// Why training positions could not be loaded.
#[derive(Debug, Error)]
pub enum LoadError {
    /// A dataset file could not be listed or read.
    #[error(transparent)]
    Rows(#[from] RowsError),
    /// The rows read cannot be trained on (no training positions left after the split).
    #[error(transparent)]
    Split(#[from] TrainError),
    /// A YaneuraOu `.bin` file could not be read, or a record in it does not decode.
    #[error(transparent)]
    Packed(#[from] PackedSfenError),
}

/// The training position of a dataset row.
pub fn sample(row: Row) -> Sample {
    Sample {
        sfen: row.sfen.into_boxed_str(),
        target: Target {
            score: row.score,
            result: row.result,
        },
        game: row.game,
    }
}

/// The training positions of a YaneuraOu `.bin` file, through [`crate::packed::read_rows`]
/// (which says how games are told apart: the split by game keeps them together).
pub fn read_bin(path: &Path) -> Result<Vec<Sample>, PackedSfenError> {
    Ok(crate::packed::read_rows(path)?
        .into_iter()
        .map(sample)
        .collect())
}

/// Reads `path` (a dataset file or a folder of them) and splits it by game.
pub fn load(path: &Path, val_fraction: f64) -> Result<Dataset, LoadError> {
    load_prepared(path, val_fraction, Some)
}

/// As [`load`], each row passed through `prepare` first, which may replace it or leave it
/// out (`None`).
pub fn load_prepared(
    path: &Path,
    val_fraction: f64,
    prepare: impl Fn(Sample) -> Option<Sample> + Sync,
) -> Result<Dataset, LoadError> {
    if crate::packed::is_bin(path) {
        let samples: Vec<Sample> = read_bin(path)?.into_iter().filter_map(&prepare).collect();
        return Ok(Dataset::from_samples(samples, val_fraction)?);
    }
    let files = rows::files(path)?;
    let parts = files
        .par_iter()
        .map(|f| {
            rows::read(f).map(|rows| {
                rows.into_iter()
                    .map(sample)
                    .filter_map(&prepare)
                    .collect::<Vec<_>>()
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Dataset::from_samples(
        parts.into_iter().flatten().collect(),
        val_fraction,
    )?)
}

/// The quiet position `s` resolves to ([`quiet_leaf`]), labelled as `s` (from its own
/// side to move's view); `None` for positions in check on the way.
pub fn quiet_sample(s: Sample) -> Option<Sample> {
    let pos = Position::from_sfen(&s.sfen).ok()?;
    let leaf = quiet_leaf(&pos)?;
    if leaf == pos {
        return Some(s);
    }
    let target = if leaf.side_to_move() == pos.side_to_move() {
        s.target
    } else {
        Target {
            score: -s.target.score,
            result: -s.target.result,
        }
    };
    Some(Sample {
        sfen: leaf.to_sfen().into(),
        target,
        game: s.game,
    })
}

#[cfg(test)]
mod tests;
