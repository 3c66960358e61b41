//! What a solve reports to people and programs: the deck, its objective, every constraint with
//! its slack, and the solver's statistics. Contract: `Report::new` derives everything from the
//! instance and the solution (no solver internals), so every solver is reported alike.

use crate::diagnose::Infeasibility;
use crate::model::{Instance, LeaderRule};
use crate::solve::Solution;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

/// One constraint of the request, measured on the deck.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ConstraintReport {
    /// Which constraint (`size`, `cost`, `group`, `attribute:god`, `must_include`, `leader`).
    pub name: String,
    /// The deck's value (size, total cost, largest group count, pieces of the attribute, ...).
    pub value: f64,
    /// The limit (K, cap, group limit, minimum, ...).
    pub limit: f64,
    /// How far the deck is inside the limit (negative = violated).
    pub slack: f64,
}

/// A solved request, ready to print as text or JSON.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Objective per the independent checker (0 when infeasible).
    pub objective: f64,
    /// Selected piece ids, in index order.
    pub selected: Vec<String>,
    /// Selected piece names, aligned with `selected`.
    pub names: Vec<String>,
    /// The leader's id, when the request has a leader.
    pub leader: Option<String>,
    /// Whether the deck meets every constraint.
    pub feasible: bool,
    /// Whether the solver proved the objective optimal.
    pub proven_optimal: bool,
    /// Proven upper bound, when the solver has one.
    pub bound: Option<f64>,
    /// Relative gap between bound and objective, when known.
    pub gap: Option<f64>,
    /// Total cost of the deck.
    pub total_cost: i64,
    /// Every constraint of the request with its slack.
    pub constraints: Vec<ConstraintReport>,
    /// Why the deck is not feasible, when it is not.
    pub violations: Vec<String>,
    /// Solver iterations (moves for local search, nodes for branch and bound).
    pub iterations: u64,
    /// Wall time in seconds.
    pub time_s: f64,
}

impl Report {
    /// Measures `sol` against the request of `inst`.
    pub fn new(inst: &Instance, sol: &Solution) -> Self {
        let deck = &sol.deck;
        let req = &inst.request;
        let pieces = &inst.pieces;
        let total_cost: i64 = deck.selected.iter().map(|&i| pieces[i].cost).sum();
        let mut constraints = Vec::new();
        let mut push = |name: String, value: f64, limit: f64, slack: f64| {
            constraints.push(ConstraintReport {
                name,
                value,
                limit,
                slack,
            })
        };
        let size = deck.selected.len() as f64;
        if let Some(k) = req.k {
            let off = (size - k as f64).abs();
            push(
                "size".into(),
                size,
                k as f64,
                if off == 0.0 { 0.0 } else { -off },
            );
        }
        if let Some(cap) = req.cost_cap {
            push(
                "cost".into(),
                total_cost as f64,
                cap as f64,
                (cap - total_cost) as f64,
            );
        }
        let mut groups: HashMap<usize, usize> = HashMap::new();
        for &i in &deck.selected {
            *groups.entry(inst.group_of[i]).or_default() += 1;
        }
        let most = groups.values().copied().max().unwrap_or(0) as f64;
        let limit = req.group_limit.max(1) as f64;
        let shared_groups = inst.group_of.iter().copied().max().map_or(0, |g| g + 1) < pieces.len();
        if shared_groups {
            push("group".into(), most, limit, limit - most);
        }
        for a in &req.attributes {
            let count = deck
                .selected
                .iter()
                .filter(|&&i| pieces[i].attribute == a.name)
                .count() as f64;
            let min = a.minimum as f64;
            push(format!("attribute:{}", a.name), count, min, count - min);
        }
        if !req.must_include.is_empty() {
            let have = req
                .must_include
                .iter()
                .filter(|m| deck.selected.contains(m))
                .count() as f64;
            let need = req.must_include.len() as f64;
            push("must_include".into(), have, need, have - need);
        }
        if req.leader != LeaderRule::None {
            let ok = deck
                .leader
                .is_some_and(|l| deck.selected.contains(&l) && pieces[l].leader_eligible);
            let v = f64::from(u8::from(ok));
            push("leader".into(), v, 1.0, v - 1.0);
        }
        Report {
            objective: sol.objective,
            selected: deck
                .selected
                .iter()
                .map(|&i| pieces[i].id.clone())
                .collect(),
            names: deck
                .selected
                .iter()
                .map(|&i| pieces[i].name.clone())
                .collect(),
            leader: deck.leader.map(|l| pieces[l].id.clone()),
            feasible: sol.feasible,
            proven_optimal: sol.proven_optimal,
            bound: sol.bound,
            gap: sol.gap(),
            total_cost,
            constraints,
            violations: sol.violations.clone(),
            iterations: sol.iterations,
            time_s: sol.elapsed.as_secs_f64(),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = match (self.feasible, self.proven_optimal) {
            (false, _) => "INFEASIBLE",
            (true, true) => "optimal (proven)",
            (true, false) => "feasible",
        };
        writeln!(f, "objective   {} ({status})", self.objective)?;
        if let Some(b) = self.bound {
            let gap = self.gap.unwrap_or(0.0) * 100.0;
            writeln!(f, "bound       {b} (gap {gap:.3}%)")?;
        }
        writeln!(
            f,
            "deck        {} pieces, cost {}",
            self.selected.len(),
            self.total_cost
        )?;
        for (id, name) in self.selected.iter().zip(&self.names) {
            let mark = if self.leader.as_ref() == Some(id) {
                " (leader)"
            } else {
                ""
            };
            if name.is_empty() {
                writeln!(f, "  {id}{mark}")?;
            } else {
                writeln!(f, "  {id:<12} {name}{mark}")?;
            }
        }
        writeln!(f, "constraints")?;
        for c in &self.constraints {
            let state = if c.slack < 0.0 { "VIOLATED" } else { "ok" };
            writeln!(
                f,
                "  {:<18} {:>8} limit {:>8} slack {:>8}  {state}",
                c.name, c.value, c.limit, c.slack
            )?;
        }
        for v in &self.violations {
            writeln!(f, "violation   {v}")?;
        }
        write!(
            f,
            "solver      {:.3} s, {} iterations",
            self.time_s, self.iterations
        )
    }
}

/// A request found infeasible before any solving ([`crate::diagnose`]): what `yomi deck solve`
/// prints instead of a [`Report`], as text ([`fmt::Display`]) or JSON (its fields).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct InfeasibleReport {
    /// Always `None` (JSON `null`): there is no deck.
    pub objective: Option<f64>,
    /// Always empty.
    pub selected: Vec<String>,
    /// Always false.
    pub feasible: bool,
    /// Always false.
    pub proven_optimal: bool,
    /// Always true: the diagnosis proves no deck can meet the request.
    pub proven_infeasible: bool,
    /// Each reason the request cannot be met, in the diagnosis's order.
    pub reasons: Vec<String>,
}

impl InfeasibleReport {
    /// The report of the diagnosis `reasons`.
    pub fn new(reasons: &[Infeasibility]) -> Self {
        InfeasibleReport {
            objective: None,
            selected: Vec::new(),
            feasible: false,
            proven_optimal: false,
            proven_infeasible: true,
            reasons: reasons.iter().map(ToString::to_string).collect(),
        }
    }
}

impl fmt::Display for InfeasibleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "INFEASIBLE request")?;
        for r in &self.reasons {
            write!(f, "\n  {r}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_json;

    #[test]
    fn an_infeasible_request_reports_its_reasons() {
        // Two pieces cannot make a deck of three.
        let inst =
            parse_json(r#"{"pieces": [{"id": "a"}, {"id": "b"}], "request": {"k": 3}}"#).unwrap();
        let reasons = crate::diagnose(&inst);
        assert!(!reasons.is_empty());
        let r = InfeasibleReport::new(&reasons);
        let text = r.to_string();
        assert!(text.starts_with("INFEASIBLE request\n  "), "{text}");
        assert_eq!(text.lines().count(), 1 + reasons.len());
        assert_eq!(r.reasons[0], reasons[0].to_string());
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["objective"], serde_json::Value::Null);
        assert_eq!(v["proven_infeasible"], true);
        assert_eq!(v["feasible"], false);
    }
}
