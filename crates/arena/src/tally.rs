//! Running totals over the pairs a match keeps, folded in pair order.
//!
//! Contract: a [`Tally`] holds only counts and sums (constant size), so a
//! match of any length needs memory only for the pairs finished out of order.

use crate::config::Side;
use crate::play::{Adjudication, Forfeit, PairRecord};
use crate::stats::{Pentanomial, Trinomial};
use std::time::Duration;
use yomi_search::Outcome;

/// Totals over the kept pairs, from A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Per-game W/D/L.
    pub trinomial: Trinomial,
    /// Per-pair buckets.
    pub pentanomial: Pentanomial,
    /// Sum of game lengths in plies.
    pub plies: u64,
    /// Draws adjudicated by the ply limit.
    pub adjudicated: u32,
    /// Games ended by the resign rule.
    pub resign_adjudicated: u32,
    /// Illegal-move forfeits by A and by B.
    pub illegal: [u32; 2],
    /// Time forfeits (late or silent) by A and by B.
    pub time_losses: [u32; 2],
    /// Crash forfeits by A and by B.
    pub crashes: [u32; 2],
    /// Moves chosen by A and by B.
    pub moves: [u64; 2],
    /// Thinking time of A and of B.
    pub time: [Duration; 2],
}

impl Tally {
    /// Folds in one pair.
    pub fn add_pair<E>(&mut self, pair: &PairRecord<E>) {
        self.pentanomial
            .add_pair(pair.games[0].a_half_points(), pair.games[1].a_half_points());
        for g in &pair.games {
            match g.result {
                Outcome::Win => self.trinomial.wins += 1,
                Outcome::Draw => self.trinomial.draws += 1,
                Outcome::Loss => self.trinomial.losses += 1,
            }
            self.plies += g.plies as u64;
            match g.adjudication {
                Some(Adjudication::PlyLimit) => self.adjudicated += 1,
                Some(Adjudication::ResignRule) => self.resign_adjudicated += 1,
                None => {}
            }
            if let Some((side, kind)) = g.forfeit {
                let i = if side == Side::A { 0 } else { 1 };
                match kind {
                    Forfeit::Illegal => self.illegal[i] += 1,
                    Forfeit::Time => self.time_losses[i] += 1,
                    Forfeit::Crash => self.crashes[i] += 1,
                }
            }
            for s in 0..2 {
                self.moves[s] += g.moves[s] as u64;
                self.time[s] += g.time[s];
            }
        }
    }
}
