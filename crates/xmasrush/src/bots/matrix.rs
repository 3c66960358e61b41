//! One turn pair forward from a PUSH decision, and the 28x28 push matrix.
//!
//! Contract: [`simulate_pair`] resolves both pushes, plays the MOVE turn that
//! follows with the given walker for both players, and leaves the state at
//! the next PUSH decision point (or over). [`PushMatrix`] holds, for every
//! pair of pushes, seat `me`'s evaluation after that pair with greedy walks;
//! same-line pairs (nothing happens) are left out of worst cases, and rows
//! the deadline did not leave time for are never chosen.

use crate::action::Push;
use crate::eval::evaluate;
use crate::reach::{Bfs, open_masks};
use crate::state::{MAX_STALE, State};
use crate::walker::{greedy_walk, quick_walk};
use std::time::Instant;

/// Plays up to `pairs` turn pairs of uniformly random pushes for both seats
/// (quick walks), stopping when the game ends; returns the pairs simulated.
/// The playout tail every push search shares.
pub fn random_pairs(state: &mut State, pairs: u32, rng: &mut yomi_core::Rng, bfs: &mut Bfs) -> u64 {
    let mut done = 0;
    for _ in 0..pairs {
        if state.over {
            break;
        }
        let a = Push::from_index(rng.below(Push::COUNT));
        let b = Push::from_index(rng.below(Push::COUNT));
        simulate_pair(state, [a, b], bfs, true);
        done += 1;
    }
    done
}

/// Resolves `pushes` (by seat), then the MOVE turn with `quick` or greedy walks.
pub fn simulate_pair(state: &mut State, pushes: [Push; 2], bfs: &mut Bfs, quick: bool) {
    state.resolve_pushes(pushes);
    if !state.begin_turn() {
        return;
    }
    state.collect();
    let walks = if quick {
        // Both walks on one board: its open masks once.
        let open = open_masks(state);
        [quick_walk(state, 0, &open), quick_walk(state, 1, &open)]
    } else {
        [greedy_walk(state, 0, bfs), greedy_walk(state, 1, bfs)]
    };
    state.resolve_moves(walks);
    if state.begin_turn() {
        state.collect();
    }
}

/// Whether two pushes collide (same orientation and line: nothing happens).
pub fn collide(a: Push, b: Push) -> bool {
    a.is_horizontal() == b.is_horizontal() && a.line() == b.line()
}

/// Evaluations of every push pair, from one seat's view.
#[derive(Clone, Debug)]
pub struct PushMatrix {
    /// `value[mine][theirs]` in [0, 1] for seat `me`.
    pub value: [[f64; Push::COUNT]; Push::COUNT],
}

impl PushMatrix {
    /// Fills the matrix for seat `me` at a PUSH decision point. Rows (my
    /// pushes) not started before `deadline` stay missing (at least one row is
    /// filled) and are never chosen by [`PushMatrix::worst`].
    pub fn build(state: &State, me: usize, bfs: &mut Bfs, deadline: Option<Instant>) -> PushMatrix {
        let mut value = [[f64::NAN; Push::COUNT]; Push::COUNT];
        for (a, row) in value.iter_mut().enumerate() {
            if a > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            for (b, v) in row.iter_mut().enumerate() {
                let (mine, theirs) = (Push::from_index(a), Push::from_index(b));
                if collide(mine, theirs) {
                    *v = 0.0;
                    continue;
                }
                let mut s = *state;
                let pushes = if me == 0 {
                    [mine, theirs]
                } else {
                    [theirs, mine]
                };
                simulate_pair(&mut s, pushes, bfs, false);
                *v = evaluate(&s, me);
            }
        }
        PushMatrix { value }
    }

    /// Worst case of my push `a` over the opponent's non-colliding pushes
    /// (-infinity for a row left missing by the deadline).
    pub fn worst(&self, a: usize) -> f64 {
        if self.value[a][0].is_nan() && self.value[a][1].is_nan() {
            return f64::NEG_INFINITY;
        }
        (0..Push::COUNT)
            .filter(|&b| !collide(Push::from_index(a), Push::from_index(b)))
            .map(|b| self.value[a][b])
            .fold(f64::INFINITY, f64::min)
    }
}

/// Remembers my recent pushes, to step out of a deadlock: while the stale
/// counter is up (the last `stale` push turns both players pushed the same
/// line), a player that is not ahead avoids every line it pushed in that
/// streak, because the opponent's choice is likely to be the same again and
/// ten such turns end the game at the current scores. (Avoiding only the
/// last line was not enough: two DUCT bots alternated between two rows,
/// colliding on each, until the deadlock.)
#[derive(Clone, Copy, Debug, Default)]
pub struct DeadlockGuard {
    /// My last pushes, most recent first.
    recent: [Option<Push>; MAX_STALE as usize],
}

impl DeadlockGuard {
    /// Whether `push` should be skipped now for seat `me`.
    pub fn avoid(&self, state: &State, me: usize, push: Push) -> bool {
        let streak = (state.stale as usize).min(self.recent.len());
        state.score[me] <= state.score[1 - me]
            && self.recent[..streak]
                .iter()
                .flatten()
                .any(|&l| collide(l, push))
    }

    /// Records the push played.
    pub fn played(&mut self, push: Push) {
        self.recent.rotate_right(1);
        self.recent[0] = Some(push);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::League;
    use crate::sim::start;
    use crate::tile::Dir;

    #[test]
    fn the_guard_avoids_the_lines_of_the_current_streak_when_not_ahead() {
        let mut s = start(1, League::Legend);
        let mut g = DeadlockGuard::default();
        let (r3, r4, c2) = (
            Push::new(3, Dir::Right),
            Push::new(4, Dir::Left),
            Push::new(2, Dir::Down),
        );
        g.played(c2);
        g.played(r3);
        g.played(r4);
        s.stale = 0;
        assert!(!g.avoid(&s, 0, r4), "no streak");
        s.stale = 2;
        // Both directions of rows 3 and 4; not column 2 (before the streak) nor row 3 as a column.
        assert!(g.avoid(&s, 0, Push::new(4, Dir::Right)));
        assert!(g.avoid(&s, 0, Push::new(3, Dir::Left)));
        assert!(!g.avoid(&s, 0, c2));
        assert!(!g.avoid(&s, 0, Push::new(3, Dir::Up)));
        s.stale = 3;
        assert!(g.avoid(&s, 0, c2));
        s.score = [1, 0];
        assert!(!g.avoid(&s, 0, r4), "ahead: no need to leave");
        assert!(g.avoid(&s, 1, r4), "the other seat is behind");
    }
}
