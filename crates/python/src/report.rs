//! Match reports for Python: the library's report as text and as a dict.
//!
//! Contract: `text` is exactly what the CLI prints for the same match (the report's `Display`),
//! `to_dict()` is its `--json` form read back by Python's `json` module, so a notebook and the
//! command line see the same numbers.

use pyo3::prelude::*;

/// A finished match's report.
#[pyclass(module = "yomi.arena", name = "MatchReport", frozen)]
pub struct Report {
    /// What the CLI prints.
    #[pyo3(get)]
    pub text: String,
    /// The CLI's `--json` output.
    #[pyo3(get)]
    pub json: String,
}

impl Report {
    /// The report of anything the CLI prints and serializes.
    pub fn new<R: std::fmt::Display + serde::Serialize>(report: &R) -> PyResult<Report> {
        Ok(Report {
            text: report.to_string(),
            json: serde_json::to_string(report).map_err(crate::errors::value_error)?,
        })
    }
}

#[pymethods]
impl Report {
    /// The report as a dict (the CLI's `--json` fields).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("MatchReport({:?})", self.text.lines().next().unwrap_or(""))
    }
}
