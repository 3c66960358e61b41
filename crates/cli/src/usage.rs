//! Usage errors: a bad value, file or name given by the user. `main` maps
//! them to exit code 2 (other failures exit 1), so every command reports a
//! user's mistake the same way.

use std::fmt;

/// A user error (bad value, bad file, unknown name): exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Wraps a message as a [`UsageError`].
pub fn usage(msg: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(UsageError(msg.into()))
}

/// True when `err` (or anything in its chain) is a [`UsageError`].
pub fn is_usage(err: &anyhow::Error) -> bool {
    err.downcast_ref::<UsageError>().is_some()
}
