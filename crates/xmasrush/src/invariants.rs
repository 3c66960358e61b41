//! The invariants every reachable [`State`] keeps, checked each turn by the
//! referee with `check_invariants` (a rules bug, never a player's fault).
//!
//! Contract: [`State::check_invariants`] returns the first broken rule as an
//! [`InvariantViolation`]: players on the board, scores equal to quests
//! done, items of undealt quests absent, gone items only for completed
//! quests, at most one item per tile, and every dealt item either in play or
//! collected. Kept apart from `state.rs` because no bot needs it (the
//! CodinGame export leaves it out).

use crate::state::{GONE, State};
use crate::tile::CELLS;

impl State {
    /// Checks the invariants every reachable state keeps; the first violation found.
    pub fn check_invariants(&self) -> Result<(), InvariantViolation> {
        for p in 0..2 {
            if self.pos[p] as usize >= CELLS {
                return Err(InvariantViolation::OffBoard {
                    player: p,
                    at: self.pos[p],
                });
            }
            let done = self.done[p].count_ones() as i8;
            if self.score[p] != done {
                return Err(InvariantViolation::Score {
                    player: p,
                    score: self.score[p],
                    done,
                });
            }
        }
        let mut per_tile = [0u8; CELLS + 2];
        for (id, &loc) in self.items.iter().enumerate() {
            let (owner, name) = (id / 12, (id % 12) as u8);
            let q = self.quests as usize;
            if !self.deck[..q].contains(&name) {
                // Not dealt in this league (Wood): never on the board.
                if loc != GONE {
                    return Err(InvariantViolation::UndealtItem { item: id, at: loc });
                }
                continue;
            }
            if loc == GONE {
                let completed =
                    (0..q).any(|i| self.deck[i] == name && self.done[owner] >> i & 1 == 1);
                if !completed {
                    return Err(InvariantViolation::Vanished { item: id });
                }
                continue;
            }
            if loc as usize >= CELLS + 2 {
                return Err(InvariantViolation::ImpossibleLocation { item: id, at: loc });
            }
            per_tile[loc as usize] += 1;
            if per_tile[loc as usize] > 1 {
                return Err(InvariantViolation::SharedLocation { at: loc });
            }
        }
        let on = self.items.iter().filter(|&&l| l != GONE).count();
        let collected = (self.done[0].count_ones() + self.done[1].count_ones()) as usize;
        if on + collected != 2 * self.quests as usize {
            return Err(InvariantViolation::ItemCount {
                on,
                collected,
                expected: 2 * self.quests as usize,
            });
        }
        Ok(())
    }
}

/// A rule every reachable [`State`] keeps, found broken by [`State::check_invariants`]
/// (a rules bug, never a player's fault).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvariantViolation {
    /// A player stands outside the board.
    #[error("player {player} off the board at {at}")]
    OffBoard {
        /// The player, 0 or 1.
        player: usize,
        /// The cell index held.
        at: u8,
    },
    /// A score that is not the number of quests done.
    #[error("player {player} score {score} but {done} quests done")]
    Score {
        /// The player, 0 or 1.
        player: usize,
        /// The score held.
        score: i8,
        /// Quests done.
        done: i8,
    },
    /// An item of a quest never dealt in this league lies somewhere.
    #[error("item {item} is not dealt but lies at {at}")]
    UndealtItem {
        /// Item id.
        item: usize,
        /// Its location.
        at: u8,
    },
    /// An item is gone although its quest is not done.
    #[error("item {item} vanished without its quest done")]
    Vanished {
        /// Item id.
        item: usize,
    },
    /// An item at a location that is neither a cell nor a hand.
    #[error("item {item} at impossible location {at}")]
    ImpossibleLocation {
        /// Item id.
        item: usize,
        /// Its location.
        at: u8,
    },
    /// Two items on one location.
    #[error("two items on location {at}")]
    SharedLocation {
        /// The location.
        at: u8,
    },
    /// Items in play and collected do not add up to the quests dealt.
    #[error("{on} items in play + {collected} collected != {expected}")]
    ItemCount {
        /// Items on the board or in a hand.
        on: usize,
        /// Items collected.
        collected: usize,
        /// Two players' quests.
        expected: usize,
    },
}
