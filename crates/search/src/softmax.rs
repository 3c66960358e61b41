//! Monte Carlo Softmax Search.
//!
//! Contract: a node's value is `V(n) = Σ π_c q_c` where `q_c` is child `c`'s
//! value seen from `n`'s side to move and `π = softmax(q / T_backup)`. A
//! playout descends by sampling children with `softmax(q / T_select)`; an
//! unexpanded node expands *all* its children and evaluates the non-terminal
//! ones in one call of a [`BatchEvaluator`]. Terminal results are exact and
//! propagate as proofs: a node with a child proven lost for the opponent is a
//! proven win, a node whose children are all proven takes their maximum, and
//! proven subtrees are not descended into again. With `T_backup → 0` the
//! backup is a max, so a fully proven root carries the minimax value.

use crate::budget::{Budget, Clock};
use crate::game::Game;
use crate::limits::{Limits, choose_tightened};
use crate::playout::{BatchEvaluator, outcome_value};
use crate::strategy::{SearchReport, SearchStats, Strategy, Value};
use yomi_core::rng::Rng;

/// Options for [`SoftmaxSearch`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftmaxOptions {
    /// Playouts (iterations) and/or time per decision.
    pub budget: Budget,
    /// Backup temperature (0 = hard max, i.e. minimax over the tree).
    pub t_backup: f64,
    /// Selection temperature for sampling the descent.
    pub t_select: f64,
    /// Seed.
    pub seed: u64,
}

impl Default for SoftmaxOptions {
    fn default() -> Self {
        SoftmaxOptions {
            budget: Budget::iterations(1000),
            t_backup: 0.1,
            t_select: 0.2,
            seed: 0,
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<G: Game> {
    state: G,
    mv: Option<G::Move>,
    parent: u32,
    first_child: u32,
    num_children: u32,
    /// Value from this node's side to move, in [-1, 1].
    value: f64,
    proven: bool,
    visits: u32,
}

/// Monte Carlo Softmax Search with a batched evaluator.
pub struct SoftmaxSearch<G: Game, E: BatchEvaluator<G>> {
    /// Options.
    pub options: SoftmaxOptions,
    evaluator: E,
    rng: Rng,
    nodes: Vec<Node<G>>,
    moves: Vec<G::Move>,
    batch: Vec<G>,
    weights: Vec<f64>,
    scratch: Vec<f64>,
    evaluations: u64,
}

/// Softmax-weighted mean of `qs` at temperature `t` (the maximum when `t <= 0`).
pub fn softmax_value(qs: &[f64], t: f64, weights: &mut Vec<f64>) -> f64 {
    let max = qs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if t <= 0.0 {
        return max;
    }
    weights.clear();
    weights.extend(qs.iter().map(|&q| ((q - max) / t).exp()));
    let total: f64 = weights.iter().sum();
    qs.iter()
        .zip(weights.iter())
        .map(|(q, w)| q * w)
        .sum::<f64>()
        / total
}

impl<G: Game, E: BatchEvaluator<G>> SoftmaxSearch<G, E> {
    /// A searcher with these options and evaluator.
    pub fn new(options: SoftmaxOptions, evaluator: E) -> Self {
        SoftmaxSearch {
            options,
            evaluator,
            rng: Rng::new(options.seed),
            nodes: Vec::new(),
            moves: Vec::new(),
            batch: Vec::new(),
            weights: Vec::new(),
            scratch: Vec::new(),
            evaluations: 0,
        }
    }

    /// Number of evaluator calls (batches) made by the last search.
    pub fn evaluator_calls(&self) -> u64 {
        self.evaluations
    }

    fn children(&self, idx: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[idx];
        n.first_child as usize..(n.first_child + n.num_children) as usize
    }

    /// Expands every child of `idx` and evaluates the non-terminal ones in one batch.
    fn expand(&mut self, idx: usize) {
        self.nodes[idx].state.legal_moves(&mut self.moves);
        let first = self.nodes.len() as u32;
        self.batch.clear();
        let mut pending = Vec::new();
        for i in 0..self.moves.len() {
            let mv = self.moves[i];
            let mut s = self.nodes[idx].state.clone();
            s.play(mv);
            let (value, proven) = match s.outcome() {
                Some(o) => (outcome_value(o), true),
                None => {
                    pending.push(self.nodes.len());
                    self.batch.push(s.clone());
                    (0.0, false)
                }
            };
            self.nodes.push(Node {
                state: s,
                mv: Some(mv),
                parent: idx as u32,
                first_child: NONE,
                num_children: 0,
                value,
                proven,
                visits: 0,
            });
        }
        if !self.batch.is_empty() {
            let values = self.evaluator.evaluate(&self.batch);
            assert_eq!(
                values.len(),
                self.batch.len(),
                "the evaluator must return one value per state"
            );
            self.evaluations += 1;
            for (&i, v) in pending.iter().zip(values) {
                self.nodes[i].value = v.clamp(-1.0, 1.0);
            }
        }
        self.nodes[idx].first_child = first;
        self.nodes[idx].num_children = self.moves.len() as u32;
    }

    /// Recomputes `idx`'s value and proof status from its children.
    fn backup(&mut self, idx: usize) {
        let range = self.children(idx);
        let mut qs = std::mem::take(&mut self.weights);
        qs.clear();
        let mut all_proven = true;
        let mut proven_win = false;
        for c in range.clone() {
            let ch = &self.nodes[c];
            let q = -ch.value;
            qs.push(q);
            all_proven &= ch.proven;
            proven_win |= ch.proven && q >= 1.0;
        }
        let max = qs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (value, proven) = if proven_win || all_proven {
            (max, true)
        } else {
            (
                softmax_value(&qs, self.options.t_backup, &mut self.scratch),
                false,
            )
        };
        self.weights = qs;
        let n = &mut self.nodes[idx];
        n.value = value;
        n.proven = proven;
    }

    /// Samples an unproven child of `idx` with softmax(q / T_select).
    fn sample_child(&mut self, idx: usize) -> usize {
        let range = self.children(idx);
        let t = self.options.t_select.max(1e-9);
        let max = range
            .clone()
            .filter(|&c| !self.nodes[c].proven)
            .map(|c| -self.nodes[c].value)
            .fold(f64::NEG_INFINITY, f64::max);
        self.weights.clear();
        let mut total = 0.0;
        for c in range.clone() {
            let ch = &self.nodes[c];
            let w = if ch.proven {
                0.0
            } else {
                ((-ch.value - max) / t).exp()
            };
            total += w;
            self.weights.push(w);
        }
        let mut u = self.rng.unit() * total;
        let mut last = range.start;
        for (k, c) in range.enumerate() {
            if self.weights[k] > 0.0 {
                last = c;
                if u < self.weights[k] {
                    return c;
                }
                u -= self.weights[k];
            }
        }
        last
    }

    /// One playout: descend, expand one node, back values up. Returns the depth reached.
    fn iterate(&mut self) -> u32 {
        let mut idx = 0usize;
        let mut depth = 0;
        while self.nodes[idx].num_children > 0 && !self.nodes[idx].proven {
            idx = self.sample_child(idx);
            depth += 1;
        }
        if !self.nodes[idx].proven {
            self.expand(idx);
            self.nodes[idx].visits += 1;
            self.backup(idx);
        }
        let mut cur = idx;
        while cur != 0 {
            cur = self.nodes[cur].parent as usize;
            self.nodes[cur].visits += 1;
            self.backup(cur);
        }
        depth
    }

    /// Value of the root from the side to move, and whether it is proven.
    pub fn root_value(&self) -> (f64, bool) {
        (self.nodes[0].value, self.nodes[0].proven)
    }

    /// Runs the search from `state` (not terminal) and returns the best move
    /// (highest child value), the root value and whether it is proven.
    pub fn search(&mut self, state: &G) -> SearchReport<G::Move> {
        let clock = Clock::start(self.options.budget);
        self.nodes.clear();
        self.evaluations = 0;
        self.nodes.push(Node {
            state: state.clone(),
            mv: None,
            parent: NONE,
            first_child: NONE,
            num_children: 0,
            value: 0.0,
            proven: false,
            visits: 0,
        });
        let budget = self.options.budget;
        let mut iterations = 0u64;
        let mut max_depth = 0;
        loop {
            if self.nodes[0].proven && iterations > 0 {
                break;
            }
            if budget.iterations.is_some_and(|n| iterations >= n)
                || (budget.time.is_some() && clock.exhausted(iterations, 0))
                || (budget.is_unlimited() && iterations >= 1000)
            {
                break;
            }
            max_depth = max_depth.max(self.iterate());
            iterations += 1;
        }
        let range = self.children(0);
        let best = range
            .clone()
            .max_by(|&a, &b| {
                (-self.nodes[a].value)
                    .total_cmp(&-self.nodes[b].value)
                    .then(self.nodes[a].visits.cmp(&self.nodes[b].visits))
            })
            .expect("a non-terminal root has children");
        let mut pv = Vec::new();
        let mut cur = best;
        loop {
            pv.push(self.nodes[cur].mv.expect("child move"));
            if self.nodes[cur].num_children == 0 {
                break;
            }
            cur = self
                .children(cur)
                .max_by(|&a, &b| (-self.nodes[a].value).total_cmp(&-self.nodes[b].value))
                .expect("children");
        }
        let (v, proven) = self.root_value();
        let value = if proven {
            Value::Exact {
                result: v.round() as i32,
                plies: 0,
            }
        } else {
            Value::Expected(v)
        };
        SearchReport {
            best: pv[0],
            value: Some(value),
            pv,
            root: range
                .map(|c| {
                    (
                        self.nodes[c].mv.expect("child move"),
                        self.nodes[c].visits as u64,
                        -self.nodes[c].value,
                    )
                })
                .collect(),
            stats: SearchStats {
                nodes: self.nodes.len() as u64,
                iterations,
                depth: max_depth,
                elapsed: clock.elapsed(),
            },
        }
    }
}

impl<G: Game, E: BatchEvaluator<G>> Strategy<G> for SoftmaxSearch<G, E> {
    fn name(&self) -> String {
        let o = &self.options;
        let budget = match (o.budget.iterations, o.budget.time) {
            (_, Some(t)) => format!("time={}ms", t.as_millis()),
            (Some(n), None) => format!("iterations={n}"),
            _ => String::new(),
        };
        format!(
            "softmax({budget}, tb={}, ts={}, eval={}, seed={})",
            o.t_backup,
            o.t_select,
            self.evaluator.name(),
            o.seed
        )
    }

    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        choose_tightened(self, |s| &mut s.options.budget, state, limits)
    }

    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        self.search(state)
    }
}
