//! Tabu walk used by VDS to leave a local optimum. Contract: every step applies the best swap
//! that keeps every constraint (even a worsening one) among moves not made tabu by recent
//! steps, unless the move would beat the best deck seen (aspiration); the best deck met on the
//! walk is returned. Tenures are randomized (seeded) so walks from one deck differ.

use super::State;
use super::swap::SwapScan;
use yomi_core::Rng;

/// Walk settings.
#[derive(Debug, Clone, Copy)]
pub(super) struct TabuWalk {
    /// Steps to take.
    pub steps: usize,
    /// Base tenure of a piece that left the deck (it may not come back for this many steps).
    pub out_tenure: usize,
    /// Base tenure of a piece that joined (it may not leave for this many steps).
    pub in_tenure: usize,
}

impl TabuWalk {
    /// Tenures scaled to the instance: a removed piece is kept out longer than a new piece is
    /// kept in, since there are many more outside candidates than deck slots.
    pub fn for_state(s: &State, steps: usize) -> Self {
        let k = s.selected.len().max(1);
        let outside = s.n().saturating_sub(k).max(1);
        TabuWalk {
            steps,
            out_tenure: (outside / 4).clamp(1, 15),
            in_tenure: (k / 4).clamp(1, 8),
        }
    }
}

/// Walks from `s` (left at the walk's end); returns the best state met, if better than the start.
pub(super) fn walk<'a>(
    s: &mut State<'a>,
    walk: TabuWalk,
    rng: &mut Rng,
    scan: &mut SwapScan,
    tabu_until: &mut [usize],
) -> Option<State<'a>> {
    tabu_until.iter_mut().for_each(|t| *t = 0);
    let cap = s.cap();
    let mut best_value = s.objective;
    let mut best: Option<State<'a>> = None;
    for step in 1..=walk.steps {
        let current = s.objective;
        let allowed = |o: usize, a: usize, d: f64| {
            (tabu_until[o] < step && tabu_until[a] < step) || current + d > best_value + 1e-9
        };
        let Some((_, o, a)) = scan.best(s, cap, 1, allowed).into_iter().next() else {
            break;
        };
        s.remove(o);
        s.add(a);
        tabu_until[o] = step + walk.out_tenure + rng.below(walk.out_tenure + 1);
        tabu_until[a] = step + walk.in_tenure + rng.below(walk.in_tenure + 1);
        if s.objective > best_value + 1e-9 {
            best_value = s.objective;
            best = Some(s.clone());
        }
    }
    best
}
