//! Errors talking to an engine process.

use thiserror::Error;

/// Why a USI engine could not be used.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The executable could not be started.
    #[error("cannot start engine {path}")]
    Spawn {
        /// The path given.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Writing to the engine failed (it has probably exited).
    #[error("engine {name}: cannot write '{line}'")]
    Write {
        /// Engine name.
        name: String,
        /// The line being sent.
        line: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The engine closed its output (it exited or crashed).
    #[error("engine {name} exited while {doing}")]
    Exited {
        /// Engine name.
        name: String,
        /// What the client was waiting for.
        doing: String,
    },
    /// The engine did not answer in time during the handshake.
    #[error("engine {name} did not answer '{waiting_for}' within {ms} ms")]
    Timeout {
        /// Engine name.
        name: String,
        /// The reply awaited.
        waiting_for: String,
        /// The limit.
        ms: u128,
    },
    /// A malformed engine spec.
    #[error("bad engine spec '{spec}': {reason}")]
    Spec {
        /// The text.
        spec: String,
        /// What is wrong.
        reason: String,
    },
}
