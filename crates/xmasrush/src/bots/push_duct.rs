//! `duct` (the default implementation): decoupled UCT over the push
//! decisions, specialised for Xmas Rush.
//!
//! Contract: a node holds each player's statistics over its 28 pushes
//! ([`Arm`]s, allocated the first time the node is selected from); its
//! children are keyed by the joint push in one hash table and created when
//! first reached, one per iteration. An iteration descends from the root,
//! both players selecting by the policy at every node and the pair being
//! simulated (pushes, then quick walks for both); at a new child it plays
//! `turns - 1` random push pairs and evaluates, then backs up the evaluation
//! (in [0, 1], player 1 gets its complement) along the path. Nodes, arms and
//! the table live in vectors reused between searches: after the first few
//! searches nothing is allocated. The move is the root's most visited push.
//! Same seed and an iteration limit: the same search, move for move.

use super::arms::{Arm, most_visited, nth_set_bit, select, update};
use super::children::Children;
use super::limit::Limit;
use super::matrix::{random_pairs, simulate_pair};
use crate::action::Push;
use crate::eval::evaluate_with;
use crate::params::EvalWeights;
use crate::reach::Bfs;
use crate::state::State;
use yomi_core::Rng;
use yomi_core::cache::prefetch;
use yomi_search::SelectionPolicy;

const NONE: u32 = u32::MAX;
const K: usize = Push::COUNT;

/// Options of [`PushDuct`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PushDuctOptions {
    /// Selection policy of both players.
    pub policy: SelectionPolicy,
    /// Turn pairs past a new leaf + 1 (as `mcts`: 2 = one random pair).
    pub turns: u32,
    /// Nodes at most; past it the tree stops growing (iterations go on).
    pub max_nodes: usize,
    /// The evaluation's weights.
    pub weights: EvalWeights,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// Times selected from (the sum of each player's arm visits).
    visits: u32,
    /// Offset of the 2 x 28 arms in `PushDuct::arms`, or `NONE` before the first selection.
    arms: u32,
    /// Each player's arms never played, as bit masks: UCB1 draws among them
    /// for the node's first 28 selections without reading the arms (which are
    /// then mostly out of cache).
    unvisited: [u32; 2],
}

/// A fresh node.
const LEAF: Node = Node {
    visits: 0,
    arms: NONE,
    unvisited: [(1 << K) - 1; 2],
};

#[derive(Clone, Copy, Debug)]
struct Step {
    node: u32,
    pick: [u8; 2],
    prob: [f64; 2],
}

/// The specialised DUCT searcher.
#[derive(Clone, Debug)]
pub struct PushDuct {
    /// Options.
    pub options: PushDuctOptions,
    rng: Rng,
    bfs: Bfs,
    nodes: Vec<Node>,
    arms: Vec<Arm>,
    children: Children,
    path: Vec<Step>,
    /// Iterations of the last search.
    pub iterations: u64,
    /// Turn pairs simulated by the last search (tree steps and playouts).
    pub simulations: u64,
}

impl PushDuct {
    /// A searcher seeded with `seed`.
    pub fn new(options: PushDuctOptions, seed: u64) -> PushDuct {
        // Keys are `node * 784 + joint` in a u32.
        let options = PushDuctOptions {
            max_nodes: options
                .max_nodes
                .clamp(1, (u32::MAX as usize) / (K * K) - 1),
            ..options
        };
        PushDuct {
            options,
            rng: Rng::new(seed),
            bfs: Bfs::new(),
            nodes: Vec::new(),
            arms: Vec::new(),
            children: Children::new(),
            path: Vec::new(),
            iterations: 0,
            simulations: 0,
        }
    }

    /// Searches the PUSH decision `state` until `limit`; returns seat `me`'s
    /// push (the first push if the game is over: there is nothing to search).
    pub fn search(&mut self, state: &State, me: usize, limit: Limit) -> Push {
        if state.over {
            return Push::from_index(0);
        }
        self.nodes.clear();
        self.arms.clear();
        self.children.clear();
        self.nodes.push(LEAF);
        self.iterations = 0;
        self.simulations = 0;
        while !limit.reached(self.iterations, 1) {
            self.iterate(state);
            self.iterations += 1;
        }
        Push::from_index(most_visited(self.root_arms(me)))
    }

    /// Seat `p`'s arms at the root after a search (28, in push order).
    pub fn root_arms(&self, p: usize) -> &[Arm] {
        let off = self.nodes[0].arms as usize;
        &self.arms[off + p * K..off + (p + 1) * K]
    }

    /// Nodes in the tree after the last search.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    fn arms_of(&mut self, node: u32) -> usize {
        let n = &mut self.nodes[node as usize];
        if n.arms == NONE {
            n.arms = self.arms.len() as u32;
            self.arms.resize(self.arms.len() + 2 * K, Arm::default());
        }
        n.arms as usize
    }

    /// Player `p`'s arm at `node` (arms at `off`, selected from `total` times).
    fn pick(&mut self, node: u32, p: usize, off: usize, total: u32) -> (usize, f64) {
        let policy = self.options.policy;
        if matches!(policy, SelectionPolicy::Ucb1 { .. }) && (total as usize) < K {
            // UCB1 plays each arm once first, so the node's first 28
            // selections draw among the unplayed arms: the same draw as
            // `select_ucb1`, from the mask.
            let mask = self.nodes[node as usize].unvisited[p];
            let pick = nth_set_bit(mask, self.rng.below(mask.count_ones() as usize));
            // The arm is next read by the backup, after the playout.
            prefetch(&self.arms[off + p * K + pick]);
            return (pick, 1.0);
        }
        let arms = &self.arms[off + p * K..off + (p + 1) * K];
        select(policy, arms, total, &mut self.rng)
    }

    fn iterate(&mut self, root: &State) {
        let policy = self.options.policy;
        let mut s = *root;
        let mut node = 0u32;
        self.path.clear();
        while !s.over {
            let off = self.arms_of(node);
            let total = self.nodes[node as usize].visits;
            let (i0, p0) = self.pick(node, 0, off, total);
            let (i1, p1) = self.pick(node, 1, off, total);
            self.path.push(Step {
                node,
                pick: [i0 as u8, i1 as u8],
                prob: [p0, p1],
            });
            // The table's slot (mostly out of cache) loads during the simulation.
            let key = node * (K * K) as u32 + (i0 * K + i1) as u32;
            self.children.prefetch(key);
            let pushes = [Push::from_index(i0), Push::from_index(i1)];
            simulate_pair(&mut s, pushes, &mut self.bfs, true);
            self.simulations += 1;
            match self.children.get(key) {
                Some(child) => node = child,
                None => {
                    if self.nodes.len() < self.options.max_nodes {
                        let child = self.nodes.len() as u32;
                        self.nodes.push(LEAF);
                        self.children.insert(key, child);
                    }
                    self.playout(&mut s);
                    break;
                }
            }
        }
        let v0 = evaluate_with(&s, 0, &self.options.weights);
        for step in self.path.iter().rev() {
            let n = &mut self.nodes[step.node as usize];
            n.visits += 1;
            n.unvisited[0] &= !(1 << step.pick[0]);
            n.unvisited[1] &= !(1 << step.pick[1]);
            let off = n.arms as usize;
            for (p, reward) in [(0, v0), (1, 1.0 - v0)] {
                let arms = &mut self.arms[off + p * K..off + (p + 1) * K];
                update(policy, arms, step.pick[p] as usize, step.prob[p], reward);
            }
        }
    }

    fn playout(&mut self, s: &mut State) {
        let pairs = self.options.turns.saturating_sub(1);
        self.simulations += random_pairs(s, pairs, &mut self.rng, &mut self.bfs);
    }
}
