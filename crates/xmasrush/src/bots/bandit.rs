//! The Monte Carlo push search shared by `mcts` and `combo`: UCB1 over my
//! candidate pushes at the root, the opponent's push drawn uniformly from its
//! candidates, then playouts of random pushes and quick walks for a few turn
//! pairs, scored by the evaluation in [0, 1].
//!
//! Contract: [`Bandit::search`] runs until the deadline (checked every 32
//! simulations) and returns the most visited candidate; the counters say how
//! many turn pairs were simulated.

use super::matrix::{random_pairs, simulate_pair};
use crate::action::Push;
use crate::eval::evaluate;
use crate::reach::Bfs;
use crate::state::State;
use std::time::Instant;
use yomi_core::Rng;

/// Options of a bandit search.
#[derive(Clone, Copy, Debug)]
pub struct BanditOptions {
    /// Turn pairs simulated per iteration (the root pair included).
    pub turns: u32,
    /// UCB1 exploration constant.
    pub c: f64,
}

/// Reusable search buffers.
#[derive(Clone, Debug)]
pub struct Bandit {
    /// Options.
    pub options: BanditOptions,
    rng: Rng,
    bfs: Bfs,
    visits: Vec<f64>,
    totals: Vec<f64>,
    /// Turn pairs simulated by the last search.
    pub simulations: u64,
    /// Iterations of the last search.
    pub iterations: u64,
}

impl Bandit {
    /// A searcher.
    pub fn new(options: BanditOptions, seed: u64) -> Bandit {
        Bandit {
            options,
            rng: Rng::new(seed),
            bfs: Bfs::new(),
            visits: Vec::new(),
            totals: Vec::new(),
            simulations: 0,
            iterations: 0,
        }
    }

    /// Mean value of each candidate after the last search.
    pub fn means(&self) -> Vec<f64> {
        self.totals
            .iter()
            .zip(&self.visits)
            .map(|(t, v)| if *v > 0.0 { t / v } else { 0.0 })
            .collect()
    }

    /// Picks one of `mine` for seat `me` against `theirs` before `deadline`.
    pub fn search(
        &mut self,
        state: &State,
        me: usize,
        mine: &[Push],
        theirs: &[Push],
        deadline: Instant,
    ) -> Push {
        let k = mine.len();
        self.visits.clear();
        self.visits.resize(k, 0.0);
        self.totals.clear();
        self.totals.resize(k, 0.0);
        self.simulations = 0;
        self.iterations = 0;
        let mut total_visits = 0.0f64;
        loop {
            if self.iterations.is_multiple_of(32)
                && self.iterations >= k as u64
                && Instant::now() >= deadline
            {
                break;
            }
            let i = if (self.iterations as usize) < k {
                self.iterations as usize
            } else {
                let ln = total_visits.ln();
                let c = self.options.c;
                (0..k)
                    .map(|i| {
                        (
                            i,
                            self.totals[i] / self.visits[i] + c * (ln / self.visits[i]).sqrt(),
                        )
                    })
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .expect("candidates")
                    .0
            };
            let opp = theirs[self.rng.below(theirs.len())];
            let mut s = *state;
            let pushes = if me == 0 {
                [mine[i], opp]
            } else {
                [opp, mine[i]]
            };
            simulate_pair(&mut s, pushes, &mut self.bfs, true);
            self.simulations += 1;
            let pairs = self.options.turns.saturating_sub(1);
            self.simulations += random_pairs(&mut s, pairs, &mut self.rng, &mut self.bfs);
            let v = evaluate(&s, me);
            self.visits[i] += 1.0;
            self.totals[i] += v;
            total_visits += 1.0;
            self.iterations += 1;
        }
        let best = (0..k)
            .max_by(|&a, &b| {
                self.visits[a]
                    .total_cmp(&self.visits[b])
                    .then(self.totals[a].total_cmp(&self.totals[b]))
            })
            .expect("candidates");
        mine[best]
    }
}
