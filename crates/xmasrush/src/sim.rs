//! [`State`] as a [`yomi_search::SimultaneousGame`], so the generic
//! decoupled-UCT strategies of yomi-search run on the full game.
//!
//! Contract: a node is a decision point (a turn begun and its start
//! collection done). PUSH turns offer the 28 pushes; MOVE turns offer `PASS`
//! and one shortest walk to every other cell reachable within 20 steps
//! (a walk's lockstep collection is then exact for that walk). Returns are
//! the sign of the score difference at the end, and a scaled score
//! difference before it.

use crate::action::{Action, Path, Push};
use crate::league::League;
use crate::reach::Bfs;
use crate::setup::initial_state;
use crate::state::State;
use yomi_search::{Seat, SimultaneousGame};

/// The initial state of `seed` at its first decision point.
pub fn start(seed: i64, league: League) -> State {
    let mut s = initial_state(seed, league);
    if s.begin_turn() {
        s.collect();
    }
    s
}

/// Writes `player`'s actions at a decision point into `out` (cleared first), using `bfs`.
pub fn actions_into(state: &State, player: Seat, bfs: &mut Bfs, out: &mut Vec<Action>) {
    out.clear();
    if state.over {
        return;
    }
    if state.push_turn() {
        out.extend(Push::all().map(Action::Push));
        return;
    }
    out.push(Action::Move(Path::EMPTY));
    bfs.run(state, state.pos[player]);
    for &c in &bfs.cells()[1..] {
        if let Some(path) = bfs.path_to(c) {
            out.push(Action::Move(path));
        }
    }
}

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
