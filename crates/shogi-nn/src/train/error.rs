//! Typed errors of training.
//!
//! Contract: a message names the file and what is wrong, so a person holding the
//! checkpoint can act on it.

use std::path::PathBuf;

use thiserror::Error;

use crate::error::NnError;

/// Anything that can go wrong training or checkpointing.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A file or folder could not be read or written.
    #[error("{action} {path}")]
    Io {
        /// What was being done (`reading`, `writing`, ...).
        action: &'static str,
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The data as a whole cannot be trained on (no rows, an empty split, a bad SFEN).
    #[error("dataset: {0}")]
    Data(String),
    /// A training parameter is out of range.
    #[error("training parameter: {0}")]
    Params(String),
    /// A checkpoint is missing, torn or does not match this run.
    #[error("checkpoint {path}: {message}")]
    Checkpoint {
        /// The checkpoint file or folder.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The loss stopped being a finite number (a learning rate far too large): the run
    /// stops before the step is applied and writes nothing more.
    #[error(
        "training diverged at step {step}: the batch loss is {loss}; nothing was written for this run since the last checkpoint (try a smaller --lr)"
    )]
    Diverged {
        /// The step whose loss was not finite (1-based).
        step: u64,
        /// The loss (NaN or infinite).
        loss: f64,
    },
    /// Building, loading or saving the network failed.
    #[error(transparent)]
    Network(#[from] NnError),
}

impl TrainError {
    /// An [`TrainError::Io`] for `path`, for use with `map_err`.
    pub fn io(
        action: &'static str,
        path: &std::path::Path,
    ) -> impl FnOnce(std::io::Error) -> TrainError {
        let path = path.to_path_buf();
        move |source| TrainError::Io {
            action,
            path,
            source,
        }
    }
}
