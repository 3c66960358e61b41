//! Typed errors of the crate.
//!
//! Contract: every message says what was wrong and where (which file, which tensor,
//! which setting), in words a person holding the file can act on; nothing here panics
//! on a malformed file or a bad configuration.

use std::path::PathBuf;

use thiserror::Error;

/// Anything that can go wrong building, loading or saving a network.
#[derive(Debug, Error)]
pub enum NnError {
    /// The network shape is not one this crate can build.
    #[error("invalid network configuration: {0}")]
    Config(String),
    /// Reading or writing a file failed.
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
    /// The bytes are not a safetensors file, or not one written in this crate's layout.
    #[error("not a yomi-shogi-nn safetensors file: {0}")]
    Format(String),
    /// One tensor is missing, unexpected, or has the wrong type or shape.
    #[error("tensor '{name}': {problem}")]
    Tensor {
        /// The tensor's name in the file.
        name: String,
        /// What is wrong with it.
        problem: String,
    },
    /// An external runtime (ONNX Runtime, feature `ort`) could not be loaded or failed.
    #[error("{0}")]
    Runtime(String),
}

impl NnError {
    /// Prefixes a file name to a format or tensor error, so a message read from a log says
    /// which file it was about.
    pub(crate) fn in_file(self, path: &std::path::Path) -> NnError {
        match self {
            NnError::Format(msg) => NnError::Format(format!("{}: {msg}", path.display())),
            NnError::Tensor { name, problem } => NnError::Tensor {
                name,
                problem: format!("{problem} (in {})", path.display()),
            },
            other => other,
        }
    }
}
