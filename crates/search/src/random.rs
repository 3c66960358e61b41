//! The uniformly random player: the baseline every other strategy must beat.

use crate::game::Game;
use crate::strategy::{SearchReport, SearchStats, Strategy};
use std::time::Instant;
use yomi_core::rng::Rng;

/// Picks a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct Random {
    seed: u64,
    rng: Rng,
}

impl Random {
    /// A random player whose choices are determined by `seed`.
    pub fn new(seed: u64) -> Random {
        Random {
            seed,
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> Strategy<G> for Random {
    fn name(&self) -> String {
        format!("random(seed={})", self.seed)
    }

    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        let start = Instant::now();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "choose called on a finished game");
        let mv = moves[self.rng.below(moves.len())];
        SearchReport::just(
            mv,
            SearchStats {
                nodes: 1,
                elapsed: start.elapsed(),
                ..SearchStats::default()
            },
        )
    }
}
