//! Monte Carlo tree search with UCB1 (UCT).
//!
//! Contract: each iteration descends the tree by UCB1, expands a leaf once it
//! has been visited `expand_threshold` times (the root always), plays one
//! random playout (optionally cut off after `cutoff` plies and scored by the
//! game's evaluation), and backs the result up. The move played is the most
//! visited root child. With `reuse_tree` the subtree of the position actually
//! reached is kept for the next decision (found by hash among the root's
//! children and grandchildren).

use crate::budget::{Budget, Clock};
use crate::game::Game;
use crate::limits::{Limits, choose_tightened};
use crate::playout::{outcome_value, random_playout};
use crate::strategy::{SearchReport, SearchStats, Strategy, Value};
use yomi_core::rng::Rng;

/// Options for [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// Iterations and/or time per decision.
    pub budget: Budget,
    /// UCB1 exploration constant (rewards are in `[0, 1]`).
    pub exploration: f64,
    /// A leaf is expanded once it has been visited this many times (10 in the
    /// classic tutorial; 1 adds one node per iteration as in plain UCT).
    pub expand_threshold: u32,
    /// Stop playouts after this many plies and score with the static evaluation.
    pub cutoff: Option<u32>,
    /// Scale for squashing the static evaluation into `[-1, 1]`.
    pub eval_scale: f64,
    /// Keep the relevant subtree between decisions.
    pub reuse_tree: bool,
    /// Seed.
    pub seed: u64,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            budget: Budget::iterations(1000),
            exploration: std::f64::consts::SQRT_2,
            expand_threshold: 10,
            cutoff: None,
            eval_scale: 100.0,
            reuse_tree: true,
            seed: 0,
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<M> {
    /// Move that leads here from the parent (None at the root).
    mv: Option<M>,
    first_child: u32,
    num_children: u32,
    visits: u32,
    /// Sum of rewards in [0, 1] for the player who made `mv`.
    reward: f64,
}

/// UCT player.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    /// Options.
    pub options: MctsOptions,
    rng: Rng,
    nodes: Vec<Node<G::Move>>,
    root_state: Option<G>,
    moves: Vec<G::Move>,
    path: Vec<u32>,
}

impl<G: Game> Mcts<G> {
    /// A player with these options.
    pub fn new(options: MctsOptions) -> Self {
        Mcts {
            options,
            rng: Rng::new(options.seed),
            nodes: Vec::new(),
            root_state: None,
            moves: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Nodes currently in the tree.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    fn new_node(mv: Option<G::Move>) -> Node<G::Move> {
        Node {
            mv,
            first_child: NONE,
            num_children: 0,
            visits: 0,
            reward: 0.0,
        }
    }

    fn expand(&mut self, idx: usize, state: &G) {
        state.legal_moves(&mut self.moves);
        let first = self.nodes.len() as u32;
        for i in 0..self.moves.len() {
            let mv = self.moves[i];
            self.nodes.push(Self::new_node(Some(mv)));
        }
        self.nodes[idx].first_child = first;
        self.nodes[idx].num_children = self.moves.len() as u32;
    }

    fn select_child(&mut self, idx: usize) -> usize {
        let n = &self.nodes[idx];
        let (first, count) = (n.first_child as usize, n.num_children as usize);
        let log_n = (n.visits.max(1) as f64).ln();
        let c = self.options.exploration;
        // Unvisited children first, in random order so no move is favoured.
        let unvisited = (first..first + count)
            .filter(|&i| self.nodes[i].visits == 0)
            .count();
        if unvisited > 0 {
            let k = self.rng.below(unvisited);
            return (first..first + count)
                .filter(|&i| self.nodes[i].visits == 0)
                .nth(k)
                .expect("k < unvisited");
        }
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for i in first..first + count {
            let ch = &self.nodes[i];
            let v = ch.visits as f64;
            let score = ch.reward / v + c * (log_n / v).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One iteration; returns the plies stepped through (tree and playout).
    fn iterate(&mut self, root: &G) -> u64 {
        let mut state = root.clone();
        let mut idx = 0usize;
        self.path.clear();
        self.path.push(0);
        let mut steps = 0u64;
        loop {
            let n = &self.nodes[idx];
            if n.num_children == 0 {
                let expandable = state.outcome().is_none()
                    && (idx == 0 || n.visits >= self.options.expand_threshold);
                if !expandable {
                    break;
                }
                self.expand(idx, &state);
            }
            idx = self.select_child(idx);
            state.play(self.nodes[idx].mv.expect("children have moves"));
            self.path.push(idx as u32);
            steps += 1;
            if self.nodes[idx].visits == 0 {
                break;
            }
        }
        // Value for the side to move at the leaf.
        let value = match state.outcome() {
            Some(o) => outcome_value(o),
            None => {
                let (v, plies) = random_playout(
                    &state,
                    &mut self.rng,
                    &mut self.moves,
                    self.options.cutoff,
                    self.options.eval_scale,
                );
                steps += plies as u64;
                v
            }
        };
        // The leaf's mover is the other side: its reward is (1 - value) / 2; alternate upward.
        let mut reward = (1.0 - value) * 0.5;
        for &i in self.path.iter().rev() {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.reward += reward;
            reward = 1.0 - reward;
        }
        steps
    }

    /// Keeps the subtree rooted at the node reached from the old root by the
    /// game's actual moves, if `state` is within two plies of it.
    fn try_reuse(&mut self, state: &G) -> bool {
        let (Some(old), Some(target)) = (self.root_state.as_ref(), state.hash()) else {
            return false;
        };
        if self.nodes.is_empty() {
            return false;
        }
        if old.hash() == Some(target) {
            return true;
        }
        let mut found = None;
        let root = &self.nodes[0];
        'search: for c in root.first_child..root.first_child.saturating_add(root.num_children) {
            let cn = &self.nodes[c as usize];
            let mut s1 = old.clone();
            s1.play(cn.mv.expect("child move"));
            if s1.hash() == Some(target) {
                found = Some(c);
                break;
            }
            for g in cn.first_child..cn.first_child.saturating_add(cn.num_children) {
                let mut s2 = s1.clone();
                s2.play(self.nodes[g as usize].mv.expect("child move"));
                if s2.hash() == Some(target) {
                    found = Some(g);
                    break 'search;
                }
            }
        }
        let Some(new_root) = found else { return false };
        // Copy the subtree breadth-first into a fresh arena; children stay contiguous.
        let mut fresh = Vec::with_capacity(self.nodes.len() / 4);
        let mut root_node = self.nodes[new_root as usize].clone();
        root_node.mv = None;
        fresh.push(root_node);
        let mut head = 0;
        while head < fresh.len() {
            let (first, count) = (fresh[head].first_child, fresh[head].num_children);
            if count > 0 {
                let new_first = fresh.len() as u32;
                for c in first..first + count {
                    fresh.push(self.nodes[c as usize].clone());
                }
                fresh[head].first_child = new_first;
            }
            head += 1;
        }
        self.nodes = fresh;
        true
    }
}

impl<G: Game> Strategy<G> for Mcts<G> {
    fn name(&self) -> String {
        let o = &self.options;
        let mut parts = Vec::new();
        if let Some(n) = o.budget.iterations {
            parts.push(format!("iterations={n}"));
        }
        if let Some(t) = o.budget.time {
            parts.push(format!("time={}ms", t.as_millis()));
        }
        parts.push(format!("c={}", o.exploration));
        parts.push(format!("expand={}", o.expand_threshold));
        if let Some(d) = o.cutoff {
            parts.push(format!("cutoff={d}"));
        }
        parts.push(format!("seed={}", o.seed));
        format!("mcts({})", parts.join(", "))
    }

    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        choose_tightened(self, |s| &mut s.options.budget, state, limits)
    }

    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        let clock = Clock::start(self.options.budget);
        let reused = self.options.reuse_tree && self.try_reuse(state);
        if !reused {
            self.nodes.clear();
            self.nodes.push(Self::new_node(None));
        }
        self.root_state = Some(state.clone());
        let (mut iterations, mut steps) = (0u64, 0u64);
        let budget = self.options.budget;
        let check_time = budget.time.is_some();
        loop {
            if budget.iterations.is_some_and(|n| iterations >= n)
                || (check_time && iterations % 64 == 0 && clock.exhausted(iterations, steps))
                || budget.is_unlimited() && iterations >= 1000
            {
                break;
            }
            steps += self.iterate(state);
            iterations += 1;
        }
        if self.nodes[0].num_children == 0 {
            self.expand(0, state);
        }
        let root = &self.nodes[0];
        let children = root.first_child as usize..(root.first_child + root.num_children) as usize;
        let mean = |n: &Node<G::Move>| {
            if n.visits == 0 {
                0.0
            } else {
                2.0 * n.reward / n.visits as f64 - 1.0
            }
        };
        let best = children
            .clone()
            .max_by(|&a, &b| {
                let (na, nb) = (&self.nodes[a], &self.nodes[b]);
                na.visits
                    .cmp(&nb.visits)
                    .then(mean(na).total_cmp(&mean(nb)))
            })
            .expect("the root of a non-terminal state has children");
        let best_node = &self.nodes[best];
        let best_mv = best_node.mv.expect("child move");
        let mut pv = vec![best_mv];
        let mut cur = best;
        while self.nodes[cur].num_children > 0 {
            let n = &self.nodes[cur];
            let next = (n.first_child..n.first_child + n.num_children)
                .max_by_key(|&c| self.nodes[c as usize].visits);
            match next {
                Some(c) if self.nodes[c as usize].visits > 0 => {
                    pv.push(self.nodes[c as usize].mv.expect("child move"));
                    cur = c as usize;
                }
                _ => break,
            }
        }
        SearchReport {
            best: best_mv,
            value: Some(Value::Expected(mean(best_node))),
            pv,
            root: children
                .map(|i| {
                    (
                        self.nodes[i].mv.expect("child move"),
                        self.nodes[i].visits as u64,
                        mean(&self.nodes[i]),
                    )
                })
                .collect(),
            stats: SearchStats {
                nodes: steps,
                iterations,
                depth: 0,
                elapsed: clock.elapsed(),
            },
        }
    }

    fn new_game(&mut self) {
        self.nodes.clear();
        self.root_state = None;
    }
}
