//! Solvers and their shared incremental state. Contract: `State` keeps, for every piece, the
//! sum of its per-piece score and its pair scores with the current deck (`gain`), so the
//! objective change of adding, removing or swapping is O(1) given one pair score.

pub mod exact;
pub mod greedy;
mod leader;
#[cfg(feature = "highs")]
pub mod mip;
mod swap;
mod tabu;
pub mod vds;

use crate::model::{Deck, Instance, LeaderRule, check};
use std::time::Duration;

/// A solver's answer.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The deck found.
    pub deck: Deck,
    /// Objective per the independent checker (0 when infeasible).
    pub objective: f64,
    /// Whether the checker accepted the deck.
    pub feasible: bool,
    /// Why not, when infeasible (human-readable).
    pub violations: Vec<String>,
    /// Local-search iterations (improving moves applied).
    pub iterations: u64,
    /// Wall time spent.
    pub elapsed: Duration,
    /// Best proven upper bound on the optimum, when the solver computes one.
    pub bound: Option<f64>,
    /// Whether the solver proved `objective` optimal (exact solvers that finished).
    pub proven_optimal: bool,
}

impl Solution {
    /// Relative gap (bound - objective) / max(|objective|, 1e-9) when a bound is known.
    pub fn gap(&self) -> Option<f64> {
        self.bound
            .map(|b| ((b - self.objective) / self.objective.abs().max(1e-9)).max(0.0))
    }

    pub(crate) fn from_state(state: &State, iterations: u64, elapsed: Duration) -> Self {
        Self::from_deck(state.inst, state.deck(), iterations, elapsed)
    }

    /// Checks `deck` with the independent checker and wraps it.
    pub(crate) fn from_deck(
        inst: &Instance,
        deck: Deck,
        iterations: u64,
        elapsed: Duration,
    ) -> Self {
        let (objective, feasible, violations) = match check(inst, &deck) {
            Ok(objective) => (objective, true, Vec::new()),
            Err(v) => (0.0, false, v.iter().map(|x| format!("{x:?}")).collect()),
        };
        Solution {
            deck,
            objective,
            feasible,
            violations,
            iterations,
            elapsed,
            bound: None,
            proven_optimal: false,
        }
    }
}

/// Incremental deck state.
#[derive(Clone)]
pub(crate) struct State<'a> {
    pub inst: &'a Instance,
    pub in_deck: Vec<bool>,
    pub selected: Vec<usize>,
    /// gain[i] = score_i + sum of R[i][j] over j in the deck.
    pub gain: Vec<f64>,
    pub objective: f64,
    pub cost: i64,
    pub group_count: Vec<usize>,
    /// (membership, minimum, current count): attribute minimums and "a leader-eligible piece".
    pub reqs: Vec<(Vec<bool>, usize, usize)>,
    pub locked: Vec<bool>,
}

impl<'a> State<'a> {
    pub fn new(inst: &'a Instance) -> Self {
        let n = inst.pieces.len();
        let req = &inst.request;
        let mut reqs: Vec<(Vec<bool>, usize, usize)> = req
            .attributes
            .iter()
            .map(|a| {
                (
                    inst.pieces.iter().map(|p| p.attribute == a.name).collect(),
                    a.minimum,
                    0,
                )
            })
            .collect();
        if req.leader == LeaderRule::Chosen {
            reqs.push((
                inst.pieces.iter().map(|p| p.leader_eligible).collect(),
                1,
                0,
            ));
        }
        let mut locked = vec![false; n];
        for &m in &req.must_include {
            if m < n {
                locked[m] = true;
            }
        }
        if let LeaderRule::Fixed(f) = req.leader
            && f < n
        {
            locked[f] = true;
        }
        let groups = inst.group_of.iter().copied().max().map_or(0, |g| g + 1);
        State {
            inst,
            in_deck: vec![false; n],
            selected: Vec::new(),
            gain: inst.pieces.iter().map(|p| p.score).collect(),
            objective: 0.0,
            cost: 0,
            group_count: vec![0; groups],
            reqs,
            locked,
        }
    }

    pub fn n(&self) -> usize {
        self.in_deck.len()
    }

    pub fn cap(&self) -> i64 {
        self.inst.request.cost_cap.unwrap_or(i64::MAX / 4)
    }

    fn limit(&self) -> usize {
        self.inst.request.group_limit.max(1)
    }

    pub fn add(&mut self, a: usize) {
        debug_assert!(!self.in_deck[a]);
        self.objective += self.gain[a];
        self.in_deck[a] = true;
        self.selected.push(a);
        self.cost += self.inst.pieces[a].cost;
        self.group_count[self.inst.group_of[a]] += 1;
        for r in &mut self.reqs {
            r.2 += usize::from(r.0[a]);
        }
        for &(j, s) in &self.inst.adjacency[a] {
            self.gain[j] += s;
        }
    }

    pub fn remove(&mut self, o: usize) {
        debug_assert!(self.in_deck[o]);
        self.in_deck[o] = false;
        self.objective -= self.gain[o];
        if let Some(pos) = self.selected.iter().position(|&x| x == o) {
            self.selected.swap_remove(pos);
        }
        self.cost -= self.inst.pieces[o].cost;
        self.group_count[self.inst.group_of[o]] -= 1;
        for r in &mut self.reqs {
            r.2 -= usize::from(r.0[o]);
        }
        for &(j, s) in &self.inst.adjacency[o] {
            self.gain[j] -= s;
        }
    }

    /// Objective change of swapping `o` out and `a` in, given r_oa = R[o][a].
    pub fn swap_delta(&self, o: usize, a: usize, r_oa: f64) -> f64 {
        self.gain[a] - r_oa - self.gain[o]
    }

    /// Whether adding `a` keeps group limits and stays under `cap`.
    pub fn can_add(&self, a: usize, cap: i64) -> bool {
        !self.in_deck[a]
            && self.cost + self.inst.pieces[a].cost <= cap
            && self.group_count[self.inst.group_of[a]] < self.limit()
    }

    /// Whether swapping `o` out for `a` keeps every constraint that holds now (cost under `cap`).
    pub fn can_swap(&self, o: usize, a: usize, cap: i64) -> bool {
        if self.locked[o] || self.in_deck[a] || !self.in_deck[o] {
            return false;
        }
        let p = &self.inst.pieces;
        if self.cost - p[o].cost + p[a].cost > cap {
            return false;
        }
        let (go, ga) = (self.inst.group_of[o], self.inst.group_of[a]);
        if go != ga && self.group_count[ga] >= self.limit() {
            return false;
        }
        self.reqs
            .iter()
            .all(|(m, min, count)| !m[o] || m[a] || *count > *min)
    }

    /// Remaining requirement deficit (pieces still needed for attribute/leader minimums).
    pub fn deficit(&self) -> usize {
        self.reqs
            .iter()
            .map(|(_, min, c)| min.saturating_sub(*c))
            .sum()
    }

    pub fn deck(&self) -> Deck {
        deck_of(self.inst, self.selected.clone())
    }
}

/// A deck from selected indices (sorted), with the leader the rule asks for.
pub(crate) fn deck_of(inst: &Instance, mut selected: Vec<usize>) -> Deck {
    selected.sort_unstable();
    let leader = match inst.request.leader {
        LeaderRule::None => None,
        LeaderRule::Fixed(f) => Some(f),
        LeaderRule::Chosen => selected
            .iter()
            .copied()
            .find(|&i| inst.pieces[i].leader_eligible),
    };
    Deck { selected, leader }
}
