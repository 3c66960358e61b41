//! `greedy` (the best push for me as if the opponent did not push) and
//! `minmax1` (the best worst case over the 28x28 push matrix, same-line
//! collisions excluded, stepping out of deadlocks when not ahead). Both walk with the greedy walker.

use super::Bot;
use super::matrix::{DeadlockGuard, PushMatrix};
use crate::action::{Action, Push};
use crate::eval::evaluate;
use crate::reach::Bfs;
use crate::state::State;
use crate::walker::greedy_walk;
use std::time::{Duration, Instant};

/// One-sided greedy pushes.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    bfs: Bfs,
}

impl Bot for Greedy {
    fn act(&mut self, state: &State, me: usize, _budget: Duration) -> Action {
        if !state.push_turn() {
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        let mut best = (f64::NEG_INFINITY, Push::from_index(0));
        for mine in Push::all() {
            // My push alone: the opponent's push is ignored.
            let mut s = *state;
            s.apply_push(me, mine);
            s.collect();
            let mut t = s;
            if t.begin_turn() {
                t.collect();
                let w = greedy_walk(&t, me, &mut self.bfs);
                let mut u = t;
                let paths = if me == 0 {
                    [w, Default::default()]
                } else {
                    [Default::default(), w]
                };
                u.resolve_moves(paths);
                let v = evaluate(&u, me);
                if v > best.0 {
                    best = (v, mine);
                }
            }
        }
        Action::Push(best.1)
    }
}

/// One-ply worst case over the push matrix.
#[derive(Clone, Debug, Default)]
pub struct MinMax1 {
    bfs: Bfs,
    sims: u64,
    guard: DeadlockGuard,
}

impl Bot for MinMax1 {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        if !state.push_turn() {
            self.sims = 0;
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        let m = PushMatrix::build(state, me, &mut self.bfs, Some(Instant::now() + budget));
        self.sims = (Push::COUNT * Push::COUNT) as u64;
        let best = (0..Push::COUNT)
            .filter(|&a| !self.guard.avoid(state, me, Push::from_index(a)))
            .max_by(|&a, &b| m.worst(a).total_cmp(&m.worst(b)))
            .expect("at most one line is avoided");
        self.guard.played(Push::from_index(best));
        Action::Push(Push::from_index(best))
    }

    fn simulations(&self) -> u64 {
        self.sims
    }
}
