//! `duct`: yomi-search's decoupled UCT on the push decisions.
//!
//! Contract: [`PushGame`] is Xmas Rush seen at PUSH decision points only (a
//! node's joint action is the two pushes; the MOVE turn after it is played by
//! quick walks for both), as a [`SimultaneousGame`] whose returns are the
//! evaluation rescaled to [-1, 1]. [`DuctBot`] runs [`Duct`] on it with
//! UCB1, Exp3 or regret matching and plays the most visited push.

use super::Bot;
use super::matrix::simulate_pair;
use crate::action::{Action, Push};
use crate::eval::evaluate;
use crate::league::League;
use crate::reach::Bfs;
use crate::sim::start;
use crate::state::State;
use crate::walker::greedy_walk;
use std::time::Duration;
use yomi_search::budget::Budget;
use yomi_search::{Duct, DuctOptions, FinalChoice, Seat, SelectionPolicy, SimultaneousGame};

/// Xmas Rush at its PUSH decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushGame(pub State);

impl SimultaneousGame for PushGame {
    type Action = Push;

    fn name() -> &'static str {
        "xmasrush-push"
    }

    fn initial() -> Self {
        PushGame(start(0, League::Legend))
    }

    fn actions(&self, _player: Seat, actions: &mut Vec<Push>) {
        actions.clear();
        if !self.0.over {
            actions.extend(Push::all());
        }
    }

    fn apply(&mut self, a0: Push, a1: Push) {
        let mut bfs = Bfs::new();
        simulate_pair(&mut self.0, [a0, a1], &mut bfs, true);
    }

    fn is_terminal(&self) -> bool {
        self.0.over
    }

    fn returns(&self) -> [f64; 2] {
        let v = 2.0 * evaluate(&self.0, 0) - 1.0;
        [v, -v]
    }
}

/// Decoupled UCT over pushes.
#[derive(Clone, Debug)]
pub struct DuctBot {
    duct: Duct<PushGame>,
    time: Duration,
    bfs: Bfs,
    sims: u64,
}

impl DuctBot {
    /// A DUCT bot with `policy` for both players, playouts of `turns - 1` pairs past the tree.
    pub fn new(policy: SelectionPolicy, turns: u32, time: Duration, seed: u64) -> DuctBot {
        let options = DuctOptions {
            budget: Budget::time(time),
            policies: [policy, policy],
            final_choice: FinalChoice::MostVisited,
            cutoff: Some(turns.saturating_sub(1)),
            seed,
        };
        DuctBot {
            duct: Duct::new(options),
            time,
            bfs: Bfs::new(),
            sims: 0,
        }
    }
}

impl Bot for DuctBot {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        if !state.push_turn() {
            self.sims = 0;
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        self.duct.options.budget = Budget::time(self.time.min(budget));
        let d = self.duct.choose(&PushGame(*state), me);
        // Counted as iterations: each simulates at least one turn pair (more in deeper tree
        // paths and the playout), so this is a lower bound.
        self.sims = d.iterations;
        Action::Push(d.action)
    }

    fn simulations(&self) -> u64 {
        self.sims
    }
}
