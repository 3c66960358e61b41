//! NNUE training checkpoints: the float weights and Adam moments in one safetensors file
//! (readable from Python with `safetensors.numpy.load_file`), and the progress as JSON.
//!
//! Contract: [`save`] writes `state.safetensors` (tensors named as
//! [`TENSORS`](crate::nnue::net::TENSORS), then the same names prefixed `m.` and `v.`; the
//! step in the metadata) and `progress.json` ([`Progress`]) through the value network's
//! checkpoint writer ([`write_set`]: each to a temporary file renamed into place, the
//! progress last); the progress records a hash of the state file,
//! so [`load`] refuses a pair from different steps instead of resuming from it. A progress
//! file of another format (the value network's, say) is refused by name.

use crate::nnue::net::{FloatNet, TENSORS};
use crate::nnue::optim::Adam;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use yomi_shogi_nn::train::TrainError;
use yomi_shogi_nn::train::checkpoint::{hash, write_set};
use yomi_shogi_nn::train::epochs::LoopState;

/// The weights and moments of a checkpoint.
pub const STATE_FILE: &str = "state.safetensors";
/// Its progress.
pub const PROGRESS_FILE: &str = "progress.json";
/// The `format` value of an NNUE progress file.
pub const PROGRESS_FORMAT: &str = "yomi-shogi-nnue-train-progress";

/// Where an NNUE run stands (with the state file, enough to continue it exactly).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Always [`PROGRESS_FORMAT`].
    pub format: String,
    /// Where the training loop stands (its fields sit at the top level of the file).
    #[serde(flatten)]
    pub run: LoopState,
    /// Fingerprint of the training data.
    pub data_fingerprint: u64,
    /// Training positions.
    pub train_rows: usize,
    /// Validation positions.
    pub val_rows: usize,
    /// FNV-1a hash of the state file written with this progress.
    pub state_hash: u64,
    /// The king-relative rows' L1 shrinkage ([`Adam::step`]); 0 in files from before it.
    #[serde(default)]
    pub row_l1: f32,
}

fn bad(path: &Path, message: impl Into<String>) -> TrainError {
    TrainError::Checkpoint {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

fn le_bytes(x: &[f32]) -> Vec<u8> {
    x.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn state_bytes(net: &FloatNet, opt: &Adam, path: &Path) -> Result<Vec<u8>, TrainError> {
    use safetensors::tensor::{Dtype, TensorView};
    let mut tensors = Vec::new();
    for (prefix, n) in [("", net), ("m.", &opt.m), ("v.", &opt.v)] {
        for (name, t) in TENSORS.iter().zip(n.tensors()) {
            tensors.push((format!("{prefix}{name}"), t.len(), le_bytes(t)));
        }
    }
    let views = tensors
        .iter()
        .map(|(name, len, data)| {
            TensorView::new(Dtype::F32, vec![*len], data)
                .map(|v| (name.clone(), v))
                .map_err(|e| bad(path, format!("building tensor {name}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let meta = HashMap::from([("step".to_string(), opt.step.to_string())]);
    safetensors::serialize(views, Some(meta)).map_err(|e| bad(path, e.to_string()))
}

/// Writes a checkpoint into `dir` (created if needed), filling in `progress.state_hash`.
pub fn save(
    dir: &Path,
    net: &FloatNet,
    opt: &Adam,
    progress: &mut Progress,
) -> Result<(), TrainError> {
    let state_path = dir.join(STATE_FILE);
    let state = state_bytes(net, opt, &state_path)?;
    progress.state_hash = hash(&state);
    let progress_path = dir.join(PROGRESS_FILE);
    let json =
        serde_json::to_vec_pretty(progress).map_err(|e| bad(&progress_path, e.to_string()))?;
    write_set(dir, &[(STATE_FILE, &state), (PROGRESS_FILE, &json)])
}

/// Reads the progress file of the checkpoint in `dir`.
pub fn read_progress(dir: &Path) -> Result<Progress, TrainError> {
    let path = dir.join(PROGRESS_FILE);
    let json = fs::read(&path).map_err(TrainError::io("reading", &path))?;
    let value: serde_json::Value =
        serde_json::from_slice(&json).map_err(|e| bad(&path, e.to_string()))?;
    let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
    if format != PROGRESS_FORMAT {
        return Err(bad(
            &path,
            format!("format {format:?}, expected {PROGRESS_FORMAT:?} (not an NNUE training run)"),
        ));
    }
    serde_json::from_value(value).map_err(|e| bad(&path, e.to_string()))
}

/// Reads the checkpoint in `dir`, checking that its files belong together.
pub fn load(dir: &Path) -> Result<(FloatNet, Adam, Progress), TrainError> {
    use safetensors::tensor::{Dtype, SafeTensors};
    let progress = read_progress(dir)?;
    let path: PathBuf = dir.join(STATE_FILE);
    let bytes = fs::read(&path).map_err(TrainError::io("reading", &path))?;
    if hash(&bytes) != progress.state_hash {
        return Err(bad(
            &path,
            format!(
                "does not match {PROGRESS_FILE} (step {}): the checkpoint was interrupted while being written",
                progress.run.step
            ),
        ));
    }
    let st = SafeTensors::deserialize(&bytes).map_err(|e| bad(&path, e.to_string()))?;
    let shapes = FloatNet::shapes();
    let mut nets = [FloatNet::zeros(), FloatNet::zeros(), FloatNet::zeros()];
    for (prefix, net) in ["", "m.", "v."].iter().zip(nets.iter_mut()) {
        for ((name, t), &len) in TENSORS.iter().zip(net.tensors_mut()).zip(&shapes) {
            let full = format!("{prefix}{name}");
            let view = st
                .tensor(&full)
                .map_err(|e| bad(&path, format!("tensor {full}: {e}")))?;
            if view.dtype() != Dtype::F32 || view.data().len() != 4 * len {
                return Err(bad(
                    &path,
                    format!("tensor {full}: expected {len} f32 values"),
                ));
            }
            for (x, b) in t.iter_mut().zip(view.data().chunks_exact(4)) {
                *x = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            }
        }
    }
    let [net, m, v] = nets;
    Ok((
        net,
        Adam {
            m,
            v,
            step: progress.run.step,
        },
        progress,
    ))
}
