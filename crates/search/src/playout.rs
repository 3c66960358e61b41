//! Random playouts and leaf evaluators shared by the Monte Carlo strategies.
//!
//! Values are in `[-1, 1]` from the point of view of the side to move in the
//! state being evaluated: +1 won, 0 drawn, -1 lost.

use crate::game::{Game, Outcome};
use yomi_core::rng::Rng;

/// Maps a static evaluation in centi-units to `[-1, 1]`.
#[inline]
pub fn squash(eval: i32, scale: f64) -> f64 {
    (eval as f64 / scale).tanh()
}

/// Value of a terminal outcome in `[-1, 1]`.
#[inline]
pub fn outcome_value(o: Outcome) -> f64 {
    o.sign() as f64
}

/// Plays uniformly random moves from `state` until the game ends or `cutoff`
/// plies have been played, then scores the final position (exactly when
/// terminal, by the game's static evaluation squashed with `scale` otherwise).
/// Returns the value for the side to move in `state` and the plies played.
/// `moves` is a scratch buffer, reused to avoid allocation.
pub fn random_playout<G: Game>(
    state: &G,
    rng: &mut Rng,
    moves: &mut Vec<G::Move>,
    cutoff: Option<u32>,
    scale: f64,
) -> (f64, u32) {
    let mut s = state.clone();
    let mut plies = 0u32;
    let limit = cutoff.unwrap_or(u32::MAX);
    loop {
        if plies >= limit {
            let v = match s.outcome() {
                Some(o) => outcome_value(o),
                None => squash(s.evaluate(), scale),
            };
            return (if plies.is_multiple_of(2) { v } else { -v }, plies);
        }
        let Some(mv) = s.random_move(rng, moves) else {
            let v = s.outcome().map_or(0.0, outcome_value);
            return (if plies.is_multiple_of(2) { v } else { -v }, plies);
        };
        s.play(mv);
        plies += 1;
    }
}

/// Evaluates many positions in one call, so a neural network can batch them.
///
/// Returned values are in `[-1, 1]`, each from the point of view of the side
/// to move in the corresponding state, one per state, in order.
pub trait BatchEvaluator<G: Game>: Send {
    /// Evaluates `states` (never terminal) and returns one value per state.
    fn evaluate(&mut self, states: &[G]) -> Vec<f64>;

    /// Short description for reports.
    fn name(&self) -> String;
}

/// The game's static evaluation squashed into `[-1, 1]` by `tanh(eval / scale)`.
#[derive(Clone, Debug)]
pub struct StaticEvaluator {
    /// Centi-units that map to tanh(1) ≈ 0.76.
    pub scale: f64,
}

impl<G: Game> BatchEvaluator<G> for StaticEvaluator {
    fn evaluate(&mut self, states: &[G]) -> Vec<f64> {
        states
            .iter()
            .map(|s| squash(s.evaluate(), self.scale))
            .collect()
    }
    fn name(&self) -> String {
        format!("static(scale={})", self.scale)
    }
}

/// The mean of `playouts` random playouts per state (seeded).
#[derive(Clone, Debug)]
pub struct RolloutEvaluator {
    /// Playouts per state.
    pub playouts: u32,
    rng: Rng,
}

impl RolloutEvaluator {
    /// `playouts` random playouts per state, drawn from a generator seeded by `seed`.
    pub fn new(playouts: u32, seed: u64) -> RolloutEvaluator {
        RolloutEvaluator {
            playouts: playouts.max(1),
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> BatchEvaluator<G> for RolloutEvaluator {
    fn evaluate(&mut self, states: &[G]) -> Vec<f64> {
        let mut buf = Vec::new();
        states
            .iter()
            .map(|s| {
                let total: f64 = (0..self.playouts)
                    .map(|_| random_playout(s, &mut self.rng, &mut buf, None, 1.0).0)
                    .sum();
                total / self.playouts as f64
            })
            .collect()
    }
    fn name(&self) -> String {
        format!("rollout(playouts={})", self.playouts)
    }
}
