//! Decision points of the full game, for searches and bots: the initial one
//! of a seed, and each player's actions at one (`full_game.rs` makes
//! [`State`] a [`yomi_search::SimultaneousGame`] with them).
//!
//! Contract: a decision point is a turn begun and its start collection done.
//! PUSH turns offer the 28 pushes; MOVE turns offer `PASS` and one shortest
//! walk to every other cell reachable within 20 steps (a walk's lockstep
//! collection is then exact for that walk).

use crate::action::{Action, Path, Push};
use crate::league::League;
use crate::reach::Bfs;
use crate::setup::initial_state;
use crate::state::State;
use yomi_search::Seat;

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
