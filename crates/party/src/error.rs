//! Typed errors of the party crate: bad data files, bad party specs, bad
//! datasets and failed numerical fits.

use thiserror::Error;

/// Everything that can go wrong in `yomi-party`.
#[derive(Debug, Error)]
pub enum PartyError {
    /// The data file is malformed or inconsistent.
    #[error("data file: {0}")]
    Data(String),
    /// A rules profile name that the data file does not define.
    #[error("unknown rules profile {0:?} (known: {1})")]
    UnknownProfile(String, String),
    /// A party spec that cannot be parsed or breaks the party rules.
    #[error("party spec {spec:?}: {reason}")]
    BadParty {
        /// The offending spec.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A dataset file that cannot be read.
    #[error("dataset {path}, line {line}: {reason}")]
    BadDataset {
        /// File path.
        path: String,
        /// 1-based line number (0 when not line-specific).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// An I/O failure, with the path involved.
    #[error("cannot access {path}: {err}")]
    Io {
        /// File path.
        path: String,
        /// Underlying error (shown in the message, so not chained as a source).
        err: std::io::Error,
    },
    /// Invalid parameters for a fit, an experiment or a search.
    #[error("invalid parameters: {0}")]
    Params(String),
}
