//! Built-in bots and their strategy specs (`name:key=value,...`).
//!
//! Contract: a [`Bot`] answers at a decision point of the state it is given
//! (the referee's built-in bots get the state rebuilt from the protocol text,
//! exactly what an external bot sees). Searching bots spend at most their
//! `time` per turn (more on the first turn), or exactly `iterations` search
//! iterations when the spec sets it (the same search on any machine, for
//! tests and benchmarks). The push searches: `mcts` ([`Uct`], my pushes
//! only, random replies), `duct` ([`PushDuct`]; `impl=generic` runs
//! yomi-search's `Duct`), `smitsimax` ([`Smitsimax`], one tree per player),
//! `combo` ([`Bandit`] behind filters). PUSH turns are searched, MOVE
//! turns use the greedy walker ([`crate::walker::greedy_walk`]) for every bot
//! but `random`, because once the board is fixed the walk that collects the
//! most quests is found directly.

pub mod arms;
mod bandit;
pub mod children;
mod duct;
mod greedy;
pub mod limit;
mod matrix;
mod mcts;
pub mod own_tree;
pub mod push_duct;
mod random;
pub mod smitsimax;
mod spec;
pub mod uct;

pub use bandit::{Bandit, BanditOptions};
pub use duct::{DuctBot, Effort, GenericDuctBot, PushGame};
pub use greedy::{Greedy, MinMax1};
pub use matrix::{DeadlockGuard, PushMatrix, collide, simulate_pair};
pub use mcts::{ComboBot, ComboOptions, MctsBot};
pub use push_duct::{PushDuct, PushDuctOptions};
pub use random::RandomBot;
pub use smitsimax::{Smitsimax, SmitsimaxBot, SmitsimaxOptions};
pub use spec::{BotSpec, STRATEGIES, SpecError};
pub use uct::{Uct, UctOptions};

use crate::action::Action;
use crate::state::State;
use std::time::Duration;

/// A bot that plays Xmas Rush.
pub trait Bot: Send {
    /// The action for seat `me` at this decision point, within `budget`.
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action;

    /// Simulations (one push + one move for both players) run for the last
    /// decision; 0 for bots that do not simulate.
    fn simulations(&self) -> u64 {
        0
    }

    /// Search iterations (one descent from the root and its playout) run for
    /// the last decision; 0 for bots that do not search.
    fn iterations(&self) -> u64 {
        0
    }
}
