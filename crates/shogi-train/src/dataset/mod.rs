//! `yomi shogi dataset`: self-play positions labelled with the engine's
//! search score and the game result, written as sharded, resumable Parquet
//! ([`crate::rows`]).
//!
//! Contract: game `g` of a dataset is a pure function of the options, the
//! seed and `g` (see [`crate::selfplay`]), so any split of the games over
//! workers (`--shard i/n`, [`yomi_core::shard`]) produces the same rows.
//! Shards of `shard_size` consecutive games are written to a temporary name
//! and renamed when complete, with a statistics file written first, so an
//! interrupted run resumes by skipping complete shards ([`open`]). The
//! directory's `dataset.json` records the options; resuming with other
//! options is refused. Rows are deduplicated by position key within a shard
//! (the first occurrence is kept); positions repeated across shards are rare
//! after the random opening plies and are left in. Each worker's run ends
//! with `summary-i-of-n.json` ([`RunSummary`]).

mod summary;

pub use summary::RunSummary;

use crate::rows::{self, Row, RowsError};
use crate::selfplay::{SelfPlayOptions, play_game};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;
use yomi_core::shard::{Shard, WorkerShare, plan};
use yomi_shogi::Position;
use yomi_shogi::StartLine;

/// Why a dataset could not be written.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    /// The output directory could not be created.
    #[error("creating {}", path.display())]
    Create {
        /// The directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A shard's data file could not be written.
    #[error(transparent)]
    Rows(#[from] RowsError),
    /// Reading or writing a file failed.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The directory holds a dataset made with other options.
    #[error(
        "{path} was made with other options ({theirs}); use another --out directory or the same options ({ours})"
    )]
    Mismatch {
        /// The existing `dataset.json`.
        path: String,
        /// Its options.
        theirs: String,
        /// The options of this run.
        ours: String,
    },
}

fn io(path: &Path, e: impl std::fmt::Display) -> DatasetError {
    DatasetError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// What a dataset is made of; stored as `dataset.json` and compared on resume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DatasetSpec {
    /// Games in the whole dataset (all workers).
    pub games: u64,
    /// Games per shard.
    pub shard_size: u64,
    /// Master seed.
    pub seed: u64,
    /// Search depth.
    pub depth: i32,
    /// Random plies after the start line (up to).
    pub random_plies: u32,
    /// Ply limit.
    pub max_plies: u32,
    /// Evaluation name.
    pub eval: String,
    /// Number of start lines (0 = the start position).
    pub openings: usize,
    /// A hash of the start lines' text (0 when none).
    pub openings_hash: u64,
}

/// Statistics of finished shards.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShardStats {
    /// Games played.
    pub games: u64,
    /// Rows written.
    pub rows: u64,
    /// Positions dropped as duplicates within their shard.
    pub duplicates: u64,
    /// Games won by Black, by White, drawn.
    pub black_wins: u64,
    /// Games won by White.
    pub white_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Plies over all games.
    pub plies: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall seconds spent on the shard(s).
    pub seconds: f64,
}

impl ShardStats {
    /// Adds another shard's statistics.
    pub fn merge(&mut self, o: &ShardStats) {
        self.games += o.games;
        self.rows += o.rows;
        self.duplicates += o.duplicates;
        self.black_wins += o.black_wins;
        self.white_wins += o.white_wins;
        self.draws += o.draws;
        self.plies += o.plies;
        self.nodes += o.nodes;
        self.seconds += o.seconds;
    }
}

/// The data file of a shard.
pub fn shard_path(dir: &Path, s: &Shard) -> PathBuf {
    dir.join(format!("shard-{:06}.parquet", s.number))
}

fn stats_path(dir: &Path, s: &Shard) -> PathBuf {
    dir.join(format!("shard-{:06}.stats.json", s.number))
}

/// A finished shard's statistics, or `None` when it is not complete.
pub fn finished(dir: &Path, s: &Shard) -> Option<ShardStats> {
    if !shard_path(dir, s).exists() {
        return None;
    }
    let text = std::fs::read_to_string(stats_path(dir, s)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Records `spec` in `dir/dataset.json`, or checks it equals the one there.
pub fn check_spec(dir: &Path, spec: &DatasetSpec) -> Result<(), DatasetError> {
    let path = dir.join("dataset.json");
    let ours = serde_json::to_string(spec).map_err(|e| io(&path, e))?;
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let theirs: Result<DatasetSpec, _> = serde_json::from_str(&text);
            match theirs {
                Ok(t) if &t == spec => Ok(()),
                _ => Err(DatasetError::Mismatch {
                    path: path.display().to_string(),
                    theirs: text.trim().to_string(),
                    ours,
                }),
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            yomi_core::files::write_atomic(&path, ours.as_bytes()).map_err(|e| io(&path, e))
        }
        Err(e) => Err(io(&path, e)),
    }
}

/// The seed of game `g` under master seed `seed` (SplitMix64 of both).
pub fn game_seed(seed: u64, g: u64) -> u64 {
    let mut z = seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays the shard's games (in parallel on the current rayon pool) and
/// returns its rows, deduplicated, in game order, with statistics.
pub fn shard_rows(
    s: &Shard,
    opts: &SelfPlayOptions,
    seed: u64,
    starts: &[StartLine],
    progress: &(dyn Fn() + Sync),
) -> (Vec<Row>, ShardStats) {
    let t0 = Instant::now();
    let startpos = StartLine {
        start: Position::startpos(),
        moves: Vec::new(),
    };
    let games: Vec<_> = (s.first..=s.last)
        .into_par_iter()
        .map(|g| {
            let start = if starts.is_empty() {
                &startpos
            } else {
                &starts[(g % starts.len() as u64) as usize]
            };
            let game = play_game(opts, start, game_seed(seed, g));
            progress();
            (g, game)
        })
        .collect();
    let mut stats = ShardStats::default();
    let mut seen = HashSet::new();
    let mut rows = Vec::new();
    for (g, game) in games {
        stats.games += 1;
        stats.plies += game.plies as u64;
        stats.nodes += game.nodes;
        match game.winner {
            Some(yomi_shogi::Color::Black) => stats.black_wins += 1,
            Some(yomi_shogi::Color::White) => stats.white_wins += 1,
            None => stats.draws += 1,
        }
        for smp in game.samples {
            if !seen.insert(smp.key) {
                stats.duplicates += 1;
                continue;
            }
            rows.push(Row {
                sfen: smp.sfen,
                score: smp.score,
                result: smp.result,
                ply: smp.ply as i32,
                game: g as i64,
                depth: opts.depth,
            });
        }
    }
    stats.rows = rows.len() as u64;
    stats.seconds = t0.elapsed().as_secs_f64();
    (rows, stats)
}

/// Plays and writes one shard atomically (statistics first, then the data
/// file, whose presence marks the shard complete).
pub fn run_shard(
    dir: &Path,
    s: &Shard,
    opts: &SelfPlayOptions,
    seed: u64,
    starts: &[StartLine],
    progress: &(dyn Fn() + Sync),
) -> Result<ShardStats, DatasetError> {
    let (rows, stats) = shard_rows(s, opts, seed, starts, progress);
    let sp = stats_path(dir, s);
    let json = serde_json::to_string_pretty(&stats).map_err(|e| io(&sp, e))?;
    yomi_core::files::write_atomic(&sp, json.as_bytes()).map_err(|e| io(&sp, e))?;
    yomi_core::files::replace_with(
        &shard_path(dir, s),
        |p| rows::write(p, &rows).map_err(DatasetError::from),
        io,
    )?;
    Ok(stats)
}

/// Where a worker's share of a dataset stands: its shards, the finished ones' statistics
/// and the ones still to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Resume {
    /// Every shard of this worker's share, in order.
    pub shards: Vec<Shard>,
    /// The statistics of the finished shards, merged.
    pub done: ShardStats,
    /// The shards still to play, in order.
    pub todo: Vec<Shard>,
}

impl Resume {
    /// Finished shards skipped.
    pub fn skipped(&self) -> usize {
        self.shards.len() - self.todo.len()
    }
}

/// Opens the dataset directory `dir` for worker `share`: creates it if needed, records
/// `spec` there or checks it is the one recorded ([`check_spec`]), and finds which of the
/// share's shards are finished.
pub fn open(dir: &Path, spec: &DatasetSpec, share: WorkerShare) -> Result<Resume, DatasetError> {
    std::fs::create_dir_all(dir).map_err(|source| DatasetError::Create {
        path: dir.to_path_buf(),
        source,
    })?;
    check_spec(dir, spec)?;
    let shards = match spec.games {
        0 => Vec::new(),
        n => plan(0, n - 1, spec.shard_size, share),
    };
    let mut done = ShardStats::default();
    let mut todo = Vec::new();
    for s in &shards {
        match finished(dir, s) {
            Some(st) => done.merge(&st),
            None => todo.push(*s),
        }
    }
    Ok(Resume { shards, done, todo })
}

#[cfg(test)]
mod tests;
