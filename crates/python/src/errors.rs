//! Library errors as Python exceptions.
//!
//! Contract: bad input (a malformed SFEN, deal number, spec...) is a `ValueError` whose message
//! is the library's own `Display` text, so Python users read the same words as CLI users.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A `ValueError` with the error's own message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}
