//! Decoupled UCT for simultaneous-move games.
//!
//! Contract: every tree node keeps separate statistics for each player's
//! actions; each player selects its own action with its own policy (UCB1,
//! Exp3 or regret matching) as if the other's choice were part of the
//! environment, and the joint action picks the child. Returns are in
//! `[-1, 1]` per player and are rescaled to `[0, 1]` for the policies. The
//! reported mixed strategy is the visit distribution (UCB1), the visit
//! distribution with the exploration mass removed (Exp3), or the average
//! strategy (regret matching); the move is the most visited action or a
//! sample from that mixed strategy.

use crate::budget::{Budget, Clock};
use crate::game::{Seat, SimultaneousGame};
use std::sync::atomic::{AtomicBool, Ordering};
use yomi_core::rng::Rng;

/// How one player picks its action at a node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SelectionPolicy {
    /// UCB1 with this exploration constant.
    Ucb1 {
        /// Exploration constant.
        c: f64,
    },
    /// Exp3 with exploration rate `gamma` (η = γ / K).
    Exp3 {
        /// Exploration rate in (0, 1].
        gamma: f64,
    },
    /// Regret matching with exploration rate `gamma`.
    RegretMatching {
        /// Exploration rate in [0, 1].
        gamma: f64,
    },
}

impl SelectionPolicy {
    /// The names [`SelectionPolicy::named`] takes, for messages.
    pub const NAMES: &'static str = "ucb1, exp3 or rm";

    /// The policy called `name` (`ucb1` with exploration constant `c`,
    /// `exp3` or `rm` with exploration rate `gamma`), or `None` for another
    /// name: the one reading of a policy name for every spec that takes one.
    ///
    /// ```
    /// use yomi_search::SelectionPolicy;
    /// assert_eq!(SelectionPolicy::named("rm", 1.4, 0.1), Some(SelectionPolicy::RegretMatching { gamma: 0.1 }));
    /// assert_eq!(SelectionPolicy::named("greedy", 1.4, 0.1), None);
    /// ```
    pub fn named(name: &str, c: f64, gamma: f64) -> Option<SelectionPolicy> {
        match name {
            "ucb1" => Some(SelectionPolicy::Ucb1 { c }),
            "exp3" => Some(SelectionPolicy::Exp3 { gamma }),
            "rm" => Some(SelectionPolicy::RegretMatching { gamma }),
            _ => None,
        }
    }
}

/// How the final action is chosen from the root statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalChoice {
    /// The most visited action.
    MostVisited,
    /// An action sampled from the reported mixed strategy.
    Sample,
}

/// Options for [`Duct`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuctOptions {
    /// Iterations and/or time per decision.
    pub budget: Budget,
    /// Selection policy of each player.
    pub policies: [SelectionPolicy; 2],
    /// Final choice rule.
    pub final_choice: FinalChoice,
    /// Stop playouts after this many joint moves and use [`SimultaneousGame::returns`].
    pub cutoff: Option<u32>,
    /// Seed.
    pub seed: u64,
}

impl Default for DuctOptions {
    fn default() -> Self {
        let p = SelectionPolicy::Ucb1 {
            c: std::f64::consts::SQRT_2,
        };
        DuctOptions {
            budget: Budget::iterations(10_000),
            policies: [p, p],
            final_choice: FinalChoice::MostVisited,
            cutoff: None,
            seed: 0,
        }
    }
}

/// Per-action statistics of one player at one node.
#[derive(Clone, Copy, Debug, Default)]
struct ActionStats {
    visits: f64,
    reward: f64,
    /// `reward / visits`, kept by the update so UCB1 divides once per action, not twice.
    mean: f64,
    /// Exp3: cumulative importance-weighted reward; regret matching: cumulative regret.
    score: f64,
    /// Regret matching: cumulative strategy (for the average strategy).
    strategy: f64,
}

#[derive(Clone, Debug)]
struct Node {
    /// Offsets into `Duct::stats` for player 0 and 1.
    stats: [u32; 2],
    counts: [u32; 2],
    /// Offset into `Duct::children` (n0 * n1 entries).
    children: u32,
    visits: u32,
    /// Actions of player 0 and 1 never played here: UCB1 scans for them only
    /// while some are left.
    unplayed: [u32; 2],
}

const NONE: u32 = u32::MAX;

/// The decision for one player at the root.
#[derive(Clone, Debug)]
pub struct DuctDecision<A> {
    /// The action to play.
    pub action: A,
    /// The player's actions with their visit counts and mixed-strategy probabilities.
    pub strategy: Vec<(A, u64, f64)>,
    /// Mean return of the root for this player, in `[-1, 1]`.
    pub value: f64,
    /// Iterations run.
    pub iterations: u64,
    /// Tree nodes built.
    pub tree_nodes: usize,
    /// Wall time.
    pub elapsed: std::time::Duration,
}

/// Decoupled UCT searcher.
#[derive(Clone, Debug)]
pub struct Duct<G: SimultaneousGame> {
    /// Options.
    pub options: DuctOptions,
    rng: Rng,
    nodes: Vec<Node>,
    stats: Vec<ActionStats>,
    children: Vec<u32>,
    actions: [Vec<G::Action>; 2],
    probs: Vec<f64>,
    root_return: f64,
}

impl<G: SimultaneousGame> Duct<G> {
    /// A searcher with these options.
    pub fn new(options: DuctOptions) -> Self {
        Duct {
            options,
            rng: Rng::new(options.seed),
            nodes: Vec::new(),
            stats: Vec::new(),
            children: Vec::new(),
            actions: [Vec::new(), Vec::new()],
            probs: Vec::new(),
            root_return: 0.0,
        }
    }

    /// A new leaf; its statistics and child slots come with [`Duct::expand`].
    fn add_node(&mut self) -> u32 {
        self.nodes.push(Node {
            stats: [NONE; 2],
            counts: [0; 2],
            children: NONE,
            visits: 0,
            unplayed: [0; 2],
        });
        (self.nodes.len() - 1) as u32
    }

    /// Gives `node` (at `state`) its statistics and child slots, the first
    /// time it is selected from: most leaves are reached once (by the
    /// playout that created them) and never need them, which keeps the
    /// search's memory, and its cache misses, small.
    fn expand(&mut self, node: usize, state: &G) {
        if self.nodes[node].children != NONE {
            return;
        }
        let mut n = self.nodes[node].clone();
        for p in 0..2 {
            state.actions(p, &mut self.actions[p]);
            n.stats[p] = self.stats.len() as u32;
            n.counts[p] = self.actions[p].len() as u32;
            n.unplayed[p] = n.counts[p];
            self.stats.extend(std::iter::repeat_n(
                ActionStats::default(),
                self.actions[p].len(),
            ));
        }
        n.children = self.children.len() as u32;
        self.children.extend(std::iter::repeat_n(
            NONE,
            (n.counts[0] * n.counts[1]) as usize,
        ));
        self.nodes[node] = n;
    }

    /// Fills `self.probs` with the policy's current distribution (Exp3 / RM).
    fn policy_probs(&mut self, policy: SelectionPolicy, off: usize, k: usize) {
        self.probs.clear();
        let s = &self.stats[off..off + k];
        match policy {
            SelectionPolicy::Exp3 { gamma } => {
                let eta = gamma / k as f64;
                let max = s.iter().map(|a| a.score).fold(f64::NEG_INFINITY, f64::max);
                let total: f64 = s.iter().map(|a| (eta * (a.score - max)).exp()).sum();
                self.probs.extend(s.iter().map(|a| {
                    (1.0 - gamma) * (eta * (a.score - max)).exp() / total + gamma / k as f64
                }));
            }
            SelectionPolicy::RegretMatching { gamma } => {
                let pos: f64 = s.iter().map(|a| a.score.max(0.0)).sum();
                self.probs.extend(s.iter().map(|a| {
                    let m = if pos > 0.0 {
                        a.score.max(0.0) / pos
                    } else {
                        1.0 / k as f64
                    };
                    (1.0 - gamma) * m + gamma / k as f64
                }));
            }
            SelectionPolicy::Ucb1 { .. } => unreachable!("UCB1 is deterministic"),
        }
    }

    fn sample_probs(&mut self) -> usize {
        let mut u = self.rng.unit();
        for (i, &p) in self.probs.iter().enumerate() {
            if u < p {
                return i;
            }
            u -= p;
        }
        self.probs.len() - 1
    }

    /// Picks player `p`'s action index at `node`; returns (index, probability) for bandit updates.
    fn select(&mut self, node: usize, p: Seat) -> (usize, f64) {
        let (off, k) = (
            self.nodes[node].stats[p] as usize,
            self.nodes[node].counts[p] as usize,
        );
        match self.options.policies[p] {
            SelectionPolicy::Ucb1 { c } => {
                let s = &self.stats[off..off + k];
                let unvisited = self.nodes[node].unplayed[p] as usize;
                if unvisited > 0 {
                    let pick = self.rng.below(unvisited);
                    let i = s
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| a.visits == 0.0)
                        .nth(pick)
                        .expect("pick < unvisited")
                        .0;
                    return (i, 1.0);
                }
                let ln = (self.nodes[node].visits.max(1) as f64).ln();
                // The last of the largest bounds, as `Iterator::max_by` picks
                // it; they are never NaN nor -0, so `>=` orders them as
                // `total_cmp` does.
                let mut best = (0, f64::NEG_INFINITY);
                for (i, a) in s.iter().enumerate() {
                    let b = a.mean + c * (ln / a.visits).sqrt();
                    if b >= best.1 {
                        best = (i, b);
                    }
                }
                (best.0, 1.0)
            }
            policy => {
                self.policy_probs(policy, off, k);
                if let SelectionPolicy::RegretMatching { .. } = policy {
                    for i in 0..k {
                        self.stats[off + i].strategy += self.probs[i];
                    }
                }
                let i = self.sample_probs();
                (i, self.probs[i])
            }
        }
    }

    fn update(&mut self, node: usize, p: Seat, i: usize, prob: f64, reward01: f64) {
        let (off, k) = (
            self.nodes[node].stats[p] as usize,
            self.nodes[node].counts[p] as usize,
        );
        let a = &mut self.stats[off + i];
        if a.visits == 0.0 {
            self.nodes[node].unplayed[p] -= 1;
        }
        a.visits += 1.0;
        a.reward += reward01;
        a.mean = a.reward / a.visits;
        match self.options.policies[p] {
            SelectionPolicy::Ucb1 { .. } => {}
            SelectionPolicy::Exp3 { .. } => a.score += reward01 / prob,
            SelectionPolicy::RegretMatching { .. } => {
                // Sampled regret: x̂_j = r / p for the played action, 0 otherwise; R_j += x̂_j - r.
                for j in 0..k {
                    let xhat = if j == i { reward01 / prob } else { 0.0 };
                    self.stats[off + j].score += xhat - reward01;
                }
            }
        }
    }

    fn playout(&mut self, state: &mut G) -> [f64; 2] {
        let mut plies = 0u32;
        while !state.is_terminal() && self.options.cutoff.is_none_or(|c| plies < c) {
            state.actions(0, &mut self.actions[0]);
            state.actions(1, &mut self.actions[1]);
            let a0 = self.actions[0][self.rng.below(self.actions[0].len())];
            let a1 = self.actions[1][self.rng.below(self.actions[1].len())];
            state.apply(a0, a1);
            plies += 1;
        }
        state.returns()
    }

    fn iterate(&mut self, state: &mut G, node: usize) -> [f64; 2] {
        if state.is_terminal() {
            self.nodes[node].visits += 1;
            return state.returns();
        }
        self.expand(node, state);
        let (i0, p0) = self.select(node, 0);
        let (i1, p1) = self.select(node, 1);
        let n = &self.nodes[node];
        let (off0, off1) = (n.stats[0] as usize, n.stats[1] as usize);
        let slot = n.children as usize + i0 * n.counts[1] as usize + i1;
        // Actions are regenerated to map indices back to actions (cheap, and keeps nodes small).
        state.actions(0, &mut self.actions[0]);
        let a0 = self.actions[0][i0];
        state.actions(1, &mut self.actions[1]);
        let a1 = self.actions[1][i1];
        debug_assert!(off0 < self.stats.len() && off1 < self.stats.len());
        state.apply(a0, a1);
        let ret = if self.children[slot] == NONE {
            let child = self.add_node();
            self.children[slot] = child;
            let r = self.playout(state);
            self.nodes[child as usize].visits += 1;
            r
        } else {
            self.iterate(state, self.children[slot] as usize)
        };
        self.nodes[node].visits += 1;
        self.update(node, 0, i0, p0, (ret[0] + 1.0) * 0.5);
        self.update(node, 1, i1, p1, (ret[1] + 1.0) * 0.5);
        ret
    }

    /// Searches from `state` (not terminal) and returns the decision for `player`.
    pub fn choose(&mut self, state: &G, player: Seat) -> DuctDecision<G::Action> {
        self.choose_until(state, player, &AtomicBool::new(false))
    }

    /// [`Duct::choose`] that also ends, with the decision the iterations so
    /// far support, soon after `stop` is raised (looked at every 64
    /// iterations, like the clock).
    pub fn choose_until(
        &mut self,
        state: &G,
        player: Seat,
        stop: &AtomicBool,
    ) -> DuctDecision<G::Action> {
        let clock = Clock::start(self.options.budget);
        self.nodes.clear();
        self.stats.clear();
        self.children.clear();
        self.add_node();
        self.expand(0, state);
        let mut iterations = 0u64;
        let mut total = 0.0;
        let budget = self.options.budget;
        while !(budget.iterations.is_some_and(|n| iterations >= n)
            || (iterations.is_multiple_of(64)
                && iterations > 0
                && (stop.load(Ordering::Relaxed)
                    || (budget.time.is_some() && clock.exhausted(iterations, 0))))
            || (budget.is_unlimited() && iterations >= 10_000))
        {
            let mut s = state.clone();
            total += self.iterate(&mut s, 0)[player];
            iterations += 1;
        }
        self.root_return = total / iterations.max(1) as f64;
        let strategy = self.root_strategy(player);
        let mut actions = Vec::new();
        state.actions(player, &mut actions);
        let pick = match self.options.final_choice {
            FinalChoice::MostVisited => (0..strategy.len())
                .max_by_key(|&i| strategy[i].0)
                .expect("actions"),
            FinalChoice::Sample => {
                self.probs = strategy.iter().map(|s| s.1).collect();
                self.sample_probs()
            }
        };
        DuctDecision {
            action: actions[pick],
            strategy: actions
                .iter()
                .zip(&strategy)
                .map(|(&a, &(v, p))| (a, v, p))
                .collect(),
            value: self.root_return,
            iterations,
            tree_nodes: self.nodes.len(),
            elapsed: clock.elapsed(),
        }
    }

    /// (visits, probability) per action of `player` at the root.
    fn root_strategy(&self, player: Seat) -> Vec<(u64, f64)> {
        let root = &self.nodes[0];
        let (off, k) = (root.stats[player] as usize, root.counts[player] as usize);
        let s = &self.stats[off..off + k];
        let visits: f64 = s.iter().map(|a| a.visits).sum::<f64>().max(1.0);
        let probs: Vec<f64> = match self.options.policies[player] {
            SelectionPolicy::Ucb1 { .. } => s.iter().map(|a| a.visits / visits).collect(),
            SelectionPolicy::Exp3 { gamma } => {
                // Remove the uniform exploration mass, then renormalize.
                let raw: Vec<f64> = s
                    .iter()
                    .map(|a| (a.visits / visits - gamma / k as f64).max(0.0))
                    .collect();
                normalize(raw)
            }
            SelectionPolicy::RegretMatching { .. } => {
                normalize(s.iter().map(|a| a.strategy).collect())
            }
        };
        s.iter()
            .zip(probs)
            .map(|(a, p)| (a.visits as u64, p))
            .collect()
    }
}

fn normalize(v: Vec<f64>) -> Vec<f64> {
    let total: f64 = v.iter().sum();
    if total > 0.0 {
        v.iter().map(|x| x / total).collect()
    } else {
        vec![1.0 / v.len() as f64; v.len()]
    }
}
