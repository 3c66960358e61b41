//! The random baseline: a uniform push, or a uniform reachable end cell
//! (`PASS` included) reached by a shortest walk.

use super::Bot;
use crate::action::Action;
use crate::reach::Bfs;
use crate::sim::actions_into;
use crate::state::State;
use std::time::Duration;
use yomi_core::Rng;

/// Uniformly random legal actions, seeded.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
    bfs: Bfs,
    buf: Vec<Action>,
}

impl RandomBot {
    /// A random bot with this seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
            bfs: Bfs::new(),
            buf: Vec::with_capacity(64),
        }
    }
}

impl Bot for RandomBot {
    fn act(&mut self, state: &State, me: usize, _budget: Duration) -> Action {
        actions_into(state, me, &mut self.bfs, &mut self.buf);
        self.buf[self.rng.below(self.buf.len())]
    }
}
