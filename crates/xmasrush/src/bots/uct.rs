//! The search of `mcts`: UCT over my own pushes, several levels deep, against
//! uniformly random opponent pushes.
//!
//! Contract: the tree holds my pushes only (the root: the candidate list I am
//! given; below it all 28). An iteration descends by UCB1 from the root; at
//! each level the opponent's push is drawn uniformly (at the root from its
//! candidate list, below from all 28) and the pair is simulated (pushes,
//! then quick walks for both). At a node just created, or at `depth` levels,
//! it plays `turns - 1` random push pairs and evaluates for me in [0, 1],
//! then backs up along the path. `depth = 1` is the root bandit.
//! The move is the most visited root candidate. Same seed and an iteration
//! limit: the same search.

use super::limit::Limit;
use super::matrix::{random_pairs, simulate_pair};
use super::own_tree::OwnTree;
use crate::action::Push;
use crate::eval::evaluate;
use crate::reach::Bfs;
use crate::state::State;
use yomi_core::Rng;
use yomi_search::SelectionPolicy;

/// Options of [`Uct`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctOptions {
    /// UCB1 exploration constant.
    pub c: f64,
    /// Turn pairs past the tree + 1 (2 = one random pair).
    pub turns: u32,
    /// Tree levels at most (1: the root only).
    pub depth: u32,
    /// Nodes at most.
    pub max_nodes: usize,
}

/// The multi-level UCT searcher.
#[derive(Clone, Debug)]
pub struct Uct {
    /// Options.
    pub options: UctOptions,
    tree: OwnTree,
    rng: Rng,
    bfs: Bfs,
    path: Vec<(u32, u8)>,
    /// Iterations of the last search.
    pub iterations: u64,
    /// Turn pairs simulated by the last search.
    pub simulations: u64,
    /// Deepest tree level an iteration selected at in the last search (1: the root).
    pub max_depth: u32,
}

impl Uct {
    /// A searcher seeded with `seed`.
    pub fn new(options: UctOptions, seed: u64) -> Uct {
        Uct {
            options,
            tree: OwnTree::new(),
            rng: Rng::new(seed),
            bfs: Bfs::new(),
            path: Vec::new(),
            iterations: 0,
            simulations: 0,
            max_depth: 0,
        }
    }

    /// The tree after the last search.
    pub fn tree(&self) -> &OwnTree {
        &self.tree
    }

    /// Picks one of `mine` (not empty) for seat `me` against `theirs` (not empty) until `limit`.
    pub fn search(
        &mut self,
        state: &State,
        me: usize,
        mine: &[Push],
        theirs: &[Push],
        limit: Limit,
    ) -> Push {
        self.tree.reset(mine.len(), self.options.max_nodes);
        self.iterations = 0;
        self.simulations = 0;
        self.max_depth = 0;
        if state.over {
            return mine[0];
        }
        while !limit.reached(self.iterations, mine.len() as u64) {
            self.iterate(state, me, mine, theirs);
            self.iterations += 1;
        }
        mine[self.tree.best()]
    }

    fn iterate(&mut self, root: &State, me: usize, mine: &[Push], theirs: &[Push]) {
        let ucb = SelectionPolicy::Ucb1 { c: self.options.c };
        let mut s = *root;
        let mut node = 0u32;
        self.path.clear();
        while !s.over {
            let (arm, _) = self.tree.select(node, ucb, &mut self.rng);
            self.path.push((node, arm as u8));
            let (my_push, opp) = if node == 0 {
                (mine[arm], theirs[self.rng.below(theirs.len())])
            } else {
                (
                    Push::from_index(arm),
                    Push::from_index(self.rng.below(Push::COUNT)),
                )
            };
            let pushes = if me == 0 {
                [my_push, opp]
            } else {
                [opp, my_push]
            };
            simulate_pair(&mut s, pushes, &mut self.bfs, true);
            self.simulations += 1;
            let next = if self.path.len() as u32 >= self.options.depth {
                None
            } else {
                self.tree.child(node, arm)
            };
            match next {
                Some((c, false)) => node = c,
                _ => {
                    self.playout(&mut s);
                    break;
                }
            }
        }
        self.max_depth = self.max_depth.max(self.path.len() as u32);
        let v = evaluate(&s, me);
        for &(node, arm) in self.path.iter().rev() {
            self.tree.update(node, ucb, arm as usize, 1.0, v);
        }
    }

    fn playout(&mut self, s: &mut State) {
        let pairs = self.options.turns.saturating_sub(1);
        self.simulations += random_pairs(s, pairs, &mut self.rng, &mut self.bfs);
    }
}
