//! Flat Monte Carlo search (MCS): the same number of random playouts after
//! every root move; the move with the best mean result is played.

use crate::budget::{Budget, Clock};
use crate::game::Game;
use crate::limits::{Limits, choose_tightened};
use crate::playout::random_playout;
use crate::strategy::{SearchReport, SearchStats, Strategy, Value};
use yomi_core::rng::Rng;

/// Options for [`FlatMonteCarlo`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatMonteCarloOptions {
    /// Playouts after each root move.
    pub playouts_per_move: u32,
    /// Optional wall-time limit; playouts are then spread round-robin over the moves.
    pub budget: Budget,
    /// Stop playouts after this many plies and use the static evaluation.
    pub cutoff: Option<u32>,
    /// Scale for squashing the static evaluation into `[-1, 1]`.
    pub eval_scale: f64,
    /// Seed.
    pub seed: u64,
}

impl Default for FlatMonteCarloOptions {
    fn default() -> Self {
        FlatMonteCarloOptions {
            playouts_per_move: 100,
            budget: Budget::default(),
            cutoff: None,
            eval_scale: 100.0,
            seed: 0,
        }
    }
}

/// Flat Monte Carlo player.
#[derive(Clone, Debug)]
pub struct FlatMonteCarlo {
    /// Options.
    pub options: FlatMonteCarloOptions,
    rng: Rng,
}

impl FlatMonteCarlo {
    /// A player with these options.
    pub fn new(options: FlatMonteCarloOptions) -> Self {
        FlatMonteCarlo {
            options,
            rng: Rng::new(options.seed),
        }
    }
}

impl<G: Game> Strategy<G> for FlatMonteCarlo {
    fn name(&self) -> String {
        format!(
            "flatmc(playouts={}, seed={})",
            self.options.playouts_per_move, self.options.seed
        )
    }

    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        choose_tightened(self, |s| &mut s.options.budget, state, limits)
    }

    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        let o = self.options;
        let clock = Clock::start(o.budget);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "choose called on a finished game");
        let children: Vec<G> = moves
            .iter()
            .map(|&m| {
                let mut c = state.clone();
                c.play(m);
                c
            })
            .collect();
        let mut sums = vec![0.0f64; moves.len()];
        let mut counts = vec![0u64; moves.len()];
        let mut buf = Vec::new();
        let (mut playouts, mut nodes) = (0u64, 0u64);
        'outer: for _round in 0..o.playouts_per_move {
            for (i, child) in children.iter().enumerate() {
                if o.budget.time.is_some()
                    && playouts % 64 == 0
                    && playouts > 0
                    && clock.exhausted(0, nodes)
                {
                    break 'outer;
                }
                let (v, plies) =
                    random_playout(child, &mut self.rng, &mut buf, o.cutoff, o.eval_scale);
                sums[i] -= v; // the child's value is from the opponent's side
                counts[i] += 1;
                playouts += 1;
                nodes += plies as u64 + 1;
            }
        }
        let mean = |i: usize| {
            if counts[i] == 0 {
                f64::NEG_INFINITY
            } else {
                sums[i] / counts[i] as f64
            }
        };
        let best_i = (0..moves.len()).fold(0, |b, i| if mean(i) > mean(b) { i } else { b });
        SearchReport {
            best: moves[best_i],
            value: Some(Value::Expected(mean(best_i))),
            pv: vec![moves[best_i]],
            root: (0..moves.len())
                .map(|i| (moves[i], counts[i], mean(i)))
                .collect(),
            stats: SearchStats {
                nodes,
                iterations: playouts,
                depth: 1,
                elapsed: clock.elapsed(),
            },
        }
    }
}
