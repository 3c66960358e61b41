//! Typed errors of training.
//!
//! Contract: a message names the file (and, for a bad row, the row number within it) and
//! what is wrong, so a person holding the dataset or checkpoint can act on it.

use std::path::PathBuf;

use thiserror::Error;

use crate::error::NnError;

/// Anything that can go wrong reading data, training or checkpointing.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A file or folder could not be read or written.
    #[error("{action} {path}: {source}")]
    Io {
        /// What was being done (`reading`, `writing`, ...).
        action: &'static str,
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A Parquet file could not be opened or decoded.
    #[error("{path}: {message}")]
    Parquet {
        /// The file concerned.
        path: PathBuf,
        /// What the reader reported.
        message: String,
    },
    /// One row of a dataset file holds a value training cannot use.
    #[error("{path}, row {row}: {message}")]
    BadRow {
        /// The file concerned.
        path: PathBuf,
        /// The 0-based row number within that file.
        row: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The data as a whole cannot be trained on (no files, no rows, empty split, ...).
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
    /// Building, loading or saving the network failed.
    #[error(transparent)]
    Network(#[from] NnError),
}

impl TrainError {
    /// An [`TrainError::Io`] for `path`, for use with `map_err`.
    pub(crate) fn io(
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
