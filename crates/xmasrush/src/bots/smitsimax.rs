//! `smitsimax` (the 2018 runner-up's method): one independent tree per
//! player, each over that player's own pushes only.
//!
//! Contract: an iteration walks both trees in step from their roots. At each
//! depth each tree selects its player's push at its current node (by the
//! policy, UCB1 by default), the joint pair is simulated (pushes, then quick
//! walks for both), and each tree moves to its child along its own push. The
//! first time either tree reaches a node it did not have, the tree phase
//! ends: `turns - 1` random push pairs are played and the position is
//! evaluated. Each tree backs up its own player's reward (player 0's
//! evaluation, player 1's complement) along its own path. The move is my
//! tree's most visited root push (the bot skips what the deadlock guard
//! forbids, as `duct` does). Same seed and an iteration limit: the same
//! search.

use super::Bot;
use super::arms::most_visited_where;
use super::duct::Effort;
use super::matrix::{DeadlockGuard, random_pairs, simulate_pair};
use super::own_tree::OwnTree;
use crate::action::{Action, Push};
use crate::eval::evaluate;
use crate::reach::Bfs;
use crate::state::State;
use crate::walker::greedy_walk;
use std::time::Duration;
use yomi_core::Rng;
use yomi_search::SelectionPolicy;

/// Options of [`Smitsimax`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmitsimaxOptions {
    /// Selection policy in both trees.
    pub policy: SelectionPolicy,
    /// Turn pairs past a new node + 1 (2 = one random pair).
    pub turns: u32,
    /// Nodes per tree at most.
    pub max_nodes: usize,
}

#[derive(Clone, Copy, Debug)]
struct Step {
    node: [u32; 2],
    pick: [u8; 2],
    prob: [f64; 2],
}

/// The two-tree searcher.
#[derive(Clone, Debug)]
pub struct Smitsimax {
    /// Options.
    pub options: SmitsimaxOptions,
    trees: [OwnTree; 2],
    rng: Rng,
    bfs: Bfs,
    path: Vec<Step>,
    /// Iterations of the last search.
    pub iterations: u64,
    /// Turn pairs simulated by the last search.
    pub simulations: u64,
}

impl Smitsimax {
    /// A searcher seeded with `seed`.
    pub fn new(options: SmitsimaxOptions, seed: u64) -> Smitsimax {
        Smitsimax {
            options,
            trees: [OwnTree::new(), OwnTree::new()],
            rng: Rng::new(seed),
            bfs: Bfs::new(),
            path: Vec::new(),
            iterations: 0,
            simulations: 0,
        }
    }

    /// Player `p`'s tree after the last search.
    pub fn tree(&self, p: usize) -> &OwnTree {
        &self.trees[p]
    }

    /// Searches the PUSH decision `state` until `limit`; returns seat `me`'s push.
    pub fn search(&mut self, state: &State, me: usize, limit: super::limit::Limit) -> Push {
        for t in &mut self.trees {
            t.reset(Push::COUNT, self.options.max_nodes);
        }
        self.iterations = 0;
        self.simulations = 0;
        if state.over {
            return Push::from_index(0);
        }
        while !limit.reached(self.iterations, 1) {
            self.iterate(state);
            self.iterations += 1;
        }
        Push::from_index(self.trees[me].best())
    }

    fn iterate(&mut self, root: &State) {
        let policy = self.options.policy;
        let mut s = *root;
        let mut at = [0u32; 2];
        self.path.clear();
        while !s.over {
            let (i0, p0) = self.trees[0].select(at[0], policy, &mut self.rng);
            let (i1, p1) = self.trees[1].select(at[1], policy, &mut self.rng);
            self.path.push(Step {
                node: at,
                pick: [i0 as u8, i1 as u8],
                prob: [p0, p1],
            });
            let pushes = [Push::from_index(i0), Push::from_index(i1)];
            simulate_pair(&mut s, pushes, &mut self.bfs, true);
            self.simulations += 1;
            let mut leaf = false;
            for (p, i) in [(0, i0), (1, i1)] {
                match self.trees[p].child(at[p], i) {
                    Some((c, created)) => {
                        at[p] = c;
                        leaf |= created;
                    }
                    None => leaf = true,
                }
            }
            if leaf {
                let pairs = self.options.turns.saturating_sub(1);
                self.simulations += random_pairs(&mut s, pairs, &mut self.rng, &mut self.bfs);
                break;
            }
        }
        let v0 = evaluate(&s, 0);
        for step in self.path.iter().rev() {
            for (p, reward) in [(0, v0), (1, 1.0 - v0)] {
                self.trees[p].update(
                    step.node[p],
                    policy,
                    step.pick[p] as usize,
                    step.prob[p],
                    reward,
                );
            }
        }
    }
}

/// The `smitsimax` bot: [`Smitsimax`] on PUSH turns, the greedy walker on MOVE turns.
#[derive(Clone, Debug)]
pub struct SmitsimaxBot {
    search: Smitsimax,
    effort: Effort,
    bfs: Bfs,
    sims: u64,
    iterations: u64,
    guard: DeadlockGuard,
}

impl SmitsimaxBot {
    /// A smitsimax bot.
    pub fn new(options: SmitsimaxOptions, effort: Effort, seed: u64) -> SmitsimaxBot {
        SmitsimaxBot {
            search: Smitsimax::new(options, seed),
            effort,
            bfs: Bfs::new(),
            sims: 0,
            iterations: 0,
            guard: DeadlockGuard::default(),
        }
    }
}

impl Bot for SmitsimaxBot {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        if !state.push_turn() {
            (self.sims, self.iterations) = (0, 0);
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        let mut push = self.search.search(state, me, self.effort.limit(budget));
        if self.guard.avoid(state, me, push) {
            let allowed = |i| !self.guard.avoid(state, me, Push::from_index(i));
            if let Some(i) = most_visited_where(self.search.tree(me).root(), allowed) {
                push = Push::from_index(i);
            }
        }
        self.guard.played(push);
        (self.sims, self.iterations) = (self.search.simulations, self.search.iterations);
        Action::Push(push)
    }

    fn simulations(&self) -> u64 {
        self.sims
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}
