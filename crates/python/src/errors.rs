//! Library errors as Python exceptions, and the one conversion of Python seconds.
//!
//! Contract: bad input (a malformed SFEN, deal number, spec...) is a `ValueError` whose message
//! is the library's own `Display` text, so Python users read the same words as CLI users.
//! Durations come from Python as seconds (a float, as `time.sleep` takes them); every binding
//! converts them with [`seconds`], so a negative, NaN or infinite value gets the same message
//! everywhere.

use pyo3::exceptions::PyValueError;
use pyo3::{PyErr, PyResult};
use std::time::Duration;

/// A `ValueError` with the error's own message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Seconds as a duration, or a `ValueError` naming the argument (`name=value`).
pub fn seconds(name: &str, value: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{name}={value} is not a non-negative number of seconds"
        ))
    })
}

/// [`seconds`] for an optional argument.
pub fn optional_seconds(name: &str, value: Option<f64>) -> PyResult<Option<Duration>> {
    value.map(|v| seconds(name, v)).transpose()
}

/// A two-player game's seat from a Python `player` argument, or a `ValueError` (the one check
/// of player numbers, so every binding words the mistake alike).
pub fn seat(player: usize) -> PyResult<usize> {
    if player < 2 {
        Ok(player)
    } else {
        Err(PyValueError::new_err(format!(
            "player {player} is not 0 or 1"
        )))
    }
}
