//! Match reports for Python: the library's report as a dict and as text.
//!
//! Contract: one class, `yomi.arena.MatchResult`, for every match the package runs (strategy
//! matches and shogi engine matches alike): `report` is the CLI's `--json` object read back by
//! Python's `json` module (infinite or undefined figures are `None`), `text` is exactly what
//! the CLI prints for the same match, so a notebook and the command line see the same numbers.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A finished match's report.
#[pyclass(module = "yomi.arena", name = "MatchResult", frozen, get_all)]
pub struct MatchResult {
    /// The report as the CLI's `--json` prints it (A's side: `wins`, `draws`, `losses`,
    /// `elo`, `elo_error`, `elo_lower`, `elo_upper`, `nelo`, `los`, `pentanomial`, ...; the
    /// SPRT fields `llr`, `sprt_result`, ... when SPRT was on; the forfeit counts and
    /// `time_control` under a clock or resign rule).
    pub report: Py<PyDict>,
    /// The report as the CLI prints it.
    pub text: String,
}

impl MatchResult {
    /// The result of a report the CLI prints (`Display`) and serializes (`--json`).
    pub fn new<R: std::fmt::Display + serde::Serialize>(
        py: Python<'_>,
        report: &R,
    ) -> PyResult<MatchResult> {
        let json =
            serde_json::to_string(report).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let dict = py
            .import("json")?
            .call_method1("loads", (json,))?
            .cast_into::<PyDict>()?;
        Ok(MatchResult {
            report: dict.unbind(),
            text: report.to_string(),
        })
    }
}

#[pymethods]
impl MatchResult {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let r = self.report.bind(py);
        let get = |k: &str| {
            r.get_item(k)
                .ok()
                .flatten()
                .map_or_else(|| "None".to_string(), |v| v.to_string())
        };
        format!(
            "MatchResult(games={}, wins={}, draws={}, losses={}, elo={})",
            get("games"),
            get("wins"),
            get("draws"),
            get("losses"),
            get("elo")
        )
    }
}
