//! Checkpoints: weights, optimizer state and progress, written so that a crash never
//! leaves a checkpoint that looks valid but is not.
//!
//! Contract: [`save`] writes, in folder `dir`, `checkpoint.safetensors` (the weights, in
//! the crate's layout), `optimizer.safetensors` (AdamW moments, see
//! [`AdamW::to_bytes`]) and `progress.json` ([`Progress`]), each through a temporary file
//! and a rename, `progress.json` last. The progress file records a hash of the two others,
//! so [`load`] refuses a set whose files come from different steps (a write interrupted
//! between renames) instead of resuming from it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use yomi_core::Fnv;

use crate::train::epochs::LoopState;
use crate::train::error::TrainError;
use crate::train::loss::LossSums;
use crate::train::optim::AdamW;
use crate::weights::Weights;

/// Weights file of a checkpoint.
pub const WEIGHTS_FILE: &str = "checkpoint.safetensors";
/// Optimizer-state file of a checkpoint.
pub const OPTIMIZER_FILE: &str = "optimizer.safetensors";
/// Progress file of a checkpoint.
pub const PROGRESS_FILE: &str = "progress.json";
/// The `format` value of a progress file.
pub const PROGRESS_FORMAT: &str = "yomi-shogi-nn-train-progress";

/// The summary of one finished epoch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EpochRecord {
    /// 0-based epoch number.
    pub epoch: usize,
    /// Optimizer steps taken when the epoch ended.
    pub step: u64,
    /// Learning rate of the epoch's last step.
    pub lr: f32,
    /// Losses of the training batches of the epoch, as they were computed during it.
    pub train: LossSums,
    /// Losses on the validation set after the epoch (none when nothing is held out).
    pub val: Option<LossSums>,
}

/// Where a run stands: enough, with the weights and optimizer state, to continue it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Always [`PROGRESS_FORMAT`].
    pub format: String,
    /// Network width.
    pub channels: usize,
    /// Network depth.
    pub layers: usize,
    /// Where the training loop stands (its fields sit at the top level of the file).
    #[serde(flatten)]
    pub run: LoopState,
    /// Fingerprint of the dataset rows (see [`Dataset`](crate::train::Dataset)).
    pub data_fingerprint: u64,
    /// Training positions.
    pub train_rows: usize,
    /// Validation positions.
    pub val_rows: usize,
    /// FNV-1a hash of the weights file written with this progress.
    pub weights_hash: u64,
    /// FNV-1a hash of the optimizer file written with this progress.
    pub optimizer_hash: u64,
}

/// Writes a checkpoint of `weights`, `opt` and `progress` into `dir` (created if needed).
/// The hashes in `progress` are filled in here.
pub fn save(
    dir: &Path,
    weights: &Weights,
    opt: &AdamW,
    progress: &mut Progress,
) -> Result<(), TrainError> {
    let weights_bytes = weights.to_bytes()?;
    let opt_bytes = opt
        .to_bytes(weights.convs.len())
        .map_err(|e| TrainError::Checkpoint {
            path: dir.join(OPTIMIZER_FILE),
            message: e.to_string(),
        })?;
    progress.weights_hash = hash(&weights_bytes);
    progress.optimizer_hash = hash(&opt_bytes);
    let json = serde_json::to_vec_pretty(progress).map_err(|e| TrainError::Checkpoint {
        path: dir.join(PROGRESS_FILE),
        message: e.to_string(),
    })?;
    write_set(
        dir,
        &[
            (WEIGHTS_FILE, &weights_bytes),
            (OPTIMIZER_FILE, &opt_bytes),
            (PROGRESS_FILE, &json),
        ],
    )
}

/// Writes the files of a checkpoint into `dir` (created if needed): each to a synced
/// temporary file first, then all renamed into place in the order given (the progress file
/// last, so a progress file is never newer than what it describes).
pub fn write_set(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), TrainError> {
    fs::create_dir_all(dir).map_err(TrainError::io("creating", dir))?;
    let mut temps = Vec::new();
    for (name, bytes) in files {
        let tmp = yomi_core::files::temp_path(&dir.join(name));
        write_synced(&tmp, bytes)?;
        temps.push((tmp, dir.join(name)));
    }
    for (tmp, path) in temps {
        fs::rename(&tmp, &path).map_err(TrainError::io("renaming onto", &path))?;
    }
    Ok(())
}

/// Reads only the progress file of the checkpoint in `dir` (for its settings, before the
/// data is loaded).
pub fn read_progress(dir: &Path) -> Result<Progress, TrainError> {
    let path = dir.join(PROGRESS_FILE);
    let json = fs::read(&path).map_err(TrainError::io("reading", &path))?;
    let progress: Progress = serde_json::from_slice(&json).map_err(|e| TrainError::Checkpoint {
        path: path.clone(),
        message: e.to_string(),
    })?;
    if progress.format != PROGRESS_FORMAT {
        return Err(TrainError::Checkpoint {
            path,
            message: format!("format {:?}, expected {PROGRESS_FORMAT:?}", progress.format),
        });
    }
    Ok(progress)
}

/// Reads the checkpoint in `dir`, checking that its three files belong together.
pub fn load(dir: &Path) -> Result<(Weights, AdamW, Progress), TrainError> {
    let read = |name: &str| -> Result<(PathBuf, Vec<u8>), TrainError> {
        let path = dir.join(name);
        let bytes = fs::read(&path).map_err(TrainError::io("reading", &path))?;
        Ok((path, bytes))
    };
    let bad = |path: &Path, message: String| TrainError::Checkpoint {
        path: path.to_path_buf(),
        message,
    };
    let progress = read_progress(dir)?;
    let (weights_path, weights_bytes) = read(WEIGHTS_FILE)?;
    let (opt_path, opt_bytes) = read(OPTIMIZER_FILE)?;
    for (path, bytes, want) in [
        (&weights_path, &weights_bytes, progress.weights_hash),
        (&opt_path, &opt_bytes, progress.optimizer_hash),
    ] {
        if hash(bytes) != want {
            return Err(bad(
                path,
                format!(
                    "does not match {PROGRESS_FILE} (step {}): the checkpoint was interrupted while being written",
                    progress.run.step
                ),
            ));
        }
    }
    let weights =
        Weights::from_bytes(&weights_bytes).map_err(|e| bad(&weights_path, e.to_string()))?;
    let opt = AdamW::from_bytes(&opt_bytes, &weights).map_err(|e| bad(&opt_path, e.to_string()))?;
    if opt.t != progress.run.step {
        return Err(bad(
            &opt_path,
            format!(
                "optimizer at step {}, progress at step {}",
                opt.t, progress.run.step
            ),
        ));
    }
    Ok((weights, opt, progress))
}

/// The FNV-1a hash a progress file records of each file written with it.
pub fn hash(bytes: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.write(bytes);
    h.finish()
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    let mut file = fs::File::create(path).map_err(TrainError::io("creating", path))?;
    file.write_all(bytes)
        .map_err(TrainError::io("writing", path))?;
    file.sync_all().map_err(TrainError::io("flushing", path))
}
