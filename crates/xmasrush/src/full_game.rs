//! [`State`] as a [`yomi_search::SimultaneousGame`], so the generic
//! decoupled-UCT strategies of yomi-search run on the full game. Kept apart
//! from `sim.rs` because no bot needs it (the CodinGame export leaves it out).
//!
//! Contract: a node is a decision point of [`crate::sim`] with its actions;
//! returns are the sign of the score difference at the end, and a scaled
//! score difference before it.

use crate::action::Action;
use crate::league::League;
use crate::reach::Bfs;
use crate::sim::{actions_into, start};
use crate::state::State;
use yomi_search::{Seat, SimultaneousGame};

impl SimultaneousGame for State {
    type Action = Action;

    fn name() -> &'static str {
        "xmasrush"
    }

    /// Seed 0 of the Legend league.
    fn initial() -> Self {
        start(0, League::Legend)
    }

    fn actions(&self, player: Seat, actions: &mut Vec<Action>) {
        let mut bfs = Bfs::new();
        actions_into(self, player, &mut bfs, actions);
    }

    fn apply(&mut self, a0: Action, a1: Action) {
        self.step(a0, a1);
    }

    fn is_terminal(&self) -> bool {
        self.over
    }

    fn returns(&self) -> [f64; 2] {
        let diff = f64::from(self.score[0] - self.score[1]);
        let r = if self.over {
            diff.signum()
        } else {
            (diff / f64::from(self.quests.max(1))).clamp(-1.0, 1.0)
        };
        [r, -r]
    }
}
