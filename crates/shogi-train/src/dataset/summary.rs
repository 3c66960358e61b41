//! The summary a worker writes at the end of its run, `summary-i-of-n.json` in the
//! dataset directory (and prints with `--json`).
//!
//! Contract: the JSON object's keys and values are those `yomi shogi dataset` has always
//! written (keys in name order, the dataset's spec nested under `spec`); the file is
//! replaced whole ([`yomi_core::files::write_atomic`]).

use super::{DatasetError, DatasetSpec, ShardStats};
use std::path::{Path, PathBuf};
use yomi_core::shard::WorkerShare;

/// What one worker's run did.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSummary {
    /// The dataset directory.
    pub dir: PathBuf,
    /// The worker's share.
    pub share: WorkerShare,
    /// What the dataset is made of.
    pub spec: DatasetSpec,
    /// Shards of the share.
    pub shards: usize,
    /// Shards found finished and skipped.
    pub skipped: usize,
    /// Statistics of every finished shard of the share, this run's and before.
    pub total: ShardStats,
    /// Wall seconds of this run.
    pub seconds: f64,
}

impl RunSummary {
    /// The summary as the JSON object written and printed.
    pub fn to_json(&self) -> serde_json::Value {
        let t = &self.total;
        serde_json::json!({
            "out": self.dir.display().to_string(), "shard": self.share.to_string(),
            "shards": self.shards, "shards_skipped": self.skipped, "spec": self.spec,
            "games": t.games, "rows": t.rows, "duplicates": t.duplicates,
            "black_wins": t.black_wins, "white_wins": t.white_wins, "draws": t.draws,
            "plies": t.plies, "nodes": t.nodes, "seconds_this_run": self.seconds,
        })
    }

    /// The summary file of the worker's share.
    pub fn path(&self) -> PathBuf {
        summary_path(&self.dir, self.share)
    }

    /// Writes the summary file (pretty-printed JSON).
    pub fn write(&self) -> Result<(), DatasetError> {
        let path = self.path();
        let io = |e: &dyn std::fmt::Display| DatasetError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let text = serde_json::to_string_pretty(&self.to_json()).map_err(|e| io(&e))?;
        yomi_core::files::write_atomic(&path, text.as_bytes())
            .map_err(|source| DatasetError::Write { path, source })
    }
}

fn summary_path(dir: &Path, share: WorkerShare) -> PathBuf {
    dir.join(format!("summary-{}-of-{}.json", share.index, share.count))
}
