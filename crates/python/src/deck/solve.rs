//! Solving a request with the CLI's solvers and reporting it as the CLI prints it.
//!
//! Contract: the instance is read, the request overrides applied (as `--k`, `--cost-cap`,
//! `--attribute`, `--must-include`, `--leader` apply them), diagnosed, and solved by the
//! chosen library solver with `yomi deck solve`'s defaults; the report is
//! `yomi_deck::report::Report` (or `InfeasibleReport` when the diagnosis finds reasons), as
//! text (what the CLI prints) and as JSON (what `--json` prints). The solve runs off the GIL.

use super::convert::{to_json, to_python};
use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;
use yomi_deck::Instance;
use yomi_deck::formats::parse_json;
use yomi_deck::report::{InfeasibleReport, Report};
use yomi_deck::request::{LeaderSpec, PieceRequest, parse_attribute};
use yomi_deck::solve::{exact, greedy, vds};

/// What a solve found, in the CLI's two forms.
#[pyclass(module = "yomi.deck", name = "DeckReport", frozen, get_all)]
pub struct DeckReport {
    /// Whether the deck meets every constraint.
    pub feasible: bool,
    /// Whether the solver proved the objective optimal.
    pub proven_optimal: bool,
    /// Whether the diagnosis proved before solving that no deck meets the request.
    pub proven_infeasible: bool,
    /// The objective (`None` when the request was proven infeasible).
    pub objective: Option<f64>,
    /// Selected piece ids, in index order.
    pub selected: Vec<String>,
    /// The leader's id, when the deck has one.
    pub leader: Option<String>,
    /// Why the request is infeasible (the library's diagnosis), else empty.
    pub reasons: Vec<String>,
    /// The report as `yomi deck solve` prints it.
    pub text: String,
    /// The report as `yomi deck solve --json` prints it.
    pub json: String,
}

#[pymethods]
impl DeckReport {
    /// The JSON report as Python objects (objective, selected, names, leader, feasible,
    /// proven_optimal, bound, gap, total_cost, constraints, violations, iterations, time_s;
    /// or objective, selected, feasible, proven_optimal, proven_infeasible, reasons).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "DeckReport(feasible={}, proven_optimal={}, objective={}, selected={:?})",
            py_bool(self.feasible),
            py_bool(self.proven_optimal),
            self.objective.map_or("None".to_string(), |o| o.to_string()),
            self.selected
        )
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// Reads `instance` (JSON text or Python objects) and applies the overrides.
fn read_instance(
    instance: &Bound<'_, PyAny>,
    k: Option<usize>,
    cost_cap: Option<i64>,
    attribute: Option<&str>,
    must_include: Option<Vec<String>>,
    leader: Option<&str>,
) -> PyResult<Instance> {
    let text = match instance.extract::<String>() {
        Ok(text) => text,
        Err(_) => to_json(instance, "", 0)?.to_string(),
    };
    let mut inst = parse_json(&text).map_err(value_error)?;
    let attributes = attribute
        .map(|a| parse_attribute(a).map_err(|e| PyValueError::new_err(format!("attribute: {e}"))))
        .transpose()?;
    let asked = PieceRequest {
        k,
        cost_cap,
        attributes: attributes.map(|a| a.into_iter().collect()),
        must_include: must_include.map(|ids| ids.into_iter().filter(|i| !i.is_empty()).collect()),
        leader: leader.map(LeaderSpec::parse),
        group_limit: None,
    };
    asked.apply(&mut inst).map_err(value_error)?;
    Ok(inst)
}

fn infeasible(reasons: &[yomi_deck::Infeasibility]) -> PyResult<DeckReport> {
    let r = InfeasibleReport::new(reasons);
    Ok(DeckReport {
        feasible: false,
        proven_optimal: false,
        proven_infeasible: true,
        objective: None,
        selected: Vec::new(),
        leader: None,
        reasons: r.reasons.clone(),
        text: r.to_string(),
        // Through a JSON value, as the CLI prints it: the same key order.
        json: serde_json::to_value(&r).map_err(value_error)?.to_string(),
    })
}

/// The library's diagnosis of the request: why no deck can meet it (empty when none is
/// found before solving). Takes the instance and overrides of `solve`.
#[pyfunction]
#[pyo3(signature = (instance, *, k = None, cost_cap = None, attribute = None,
    must_include = None, leader = None))]
pub fn diagnose(
    instance: &Bound<'_, PyAny>,
    k: Option<usize>,
    cost_cap: Option<i64>,
    attribute: Option<&str>,
    must_include: Option<Vec<String>>,
    leader: Option<&str>,
) -> PyResult<Vec<String>> {
    let inst = read_instance(instance, k, cost_cap, attribute, must_include, leader)?;
    Ok(yomi_deck::diagnose(&inst)
        .iter()
        .map(ToString::to_string)
        .collect())
}

/// Solves a deck-building instance and reports it as `yomi deck solve` does.
///
/// `instance`: the JSON instance format (`pieces`, `pairs`, optional `leader_pairs`,
/// `request`) as JSON text or Python objects; each table may be a list of row dicts, a dict
/// of columns or a DataFrame. `method`: `"greedy"` (best marginal gain first), `"vds"` (hill
/// climbing with variable depth search, perturbed until the time limit; the CLI's default)
/// or `"exact"` (branch and bound: proves optimality or reports the gap). `time`: seconds
/// (default 1 for vds, 60 for exact); `seed` seeds vds and exact's warm start. `k`,
/// `cost_cap`, `attribute` (`"god:10"` or `"any"`), `must_include` (piece ids) and `leader`
/// (a piece id, `"chosen"` or `"none"`) replace those parts of the instance's request, as
/// the CLI's flags do.
#[pyfunction]
#[pyo3(signature = (instance, method = "vds", *, time = None, seed = 1, k = None,
    cost_cap = None, attribute = None, must_include = None, leader = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    instance: &Bound<'_, PyAny>,
    method: &str,
    time: Option<f64>,
    seed: u64,
    k: Option<usize>,
    cost_cap: Option<i64>,
    attribute: Option<&str>,
    must_include: Option<Vec<String>>,
    leader: Option<&str>,
) -> PyResult<DeckReport> {
    if !["greedy", "vds", "exact"].contains(&method) {
        return Err(PyValueError::new_err(format!(
            "method={method:?}: expected \"greedy\", \"vds\" or \"exact\""
        )));
    }
    let time = crate::errors::optional_seconds("time", time)?;
    let inst = read_instance(instance, k, cost_cap, attribute, must_include, leader)?;
    let reasons = yomi_deck::diagnose(&inst);
    if !reasons.is_empty() {
        return infeasible(&reasons);
    }
    let method = method.to_string();
    let report = py.detach(move || {
        let sol = match method.as_str() {
            "greedy" => greedy::solve(&inst),
            "exact" => {
                let opts = exact::ExactOptions {
                    seed,
                    time_limit: time.unwrap_or(Duration::from_secs(60)),
                    ..Default::default()
                };
                exact::solve(&inst, &opts)
            }
            _ => {
                let opts = vds::VdsOptions {
                    seed,
                    time_limit: time.unwrap_or(Duration::from_secs(1)),
                    ..Default::default()
                };
                vds::solve(&inst, &opts)
            }
        };
        Report::new(&inst, &sol)
    });
    Ok(DeckReport {
        feasible: report.feasible,
        proven_optimal: report.proven_optimal,
        proven_infeasible: false,
        objective: Some(report.objective),
        selected: report.selected.clone(),
        leader: report.leader.clone(),
        reasons: Vec::new(),
        text: report.to_string(),
        json: serde_json::to_value(&report)
            .map_err(value_error)?
            .to_string(),
    })
}
