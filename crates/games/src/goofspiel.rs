//! Goofspiel (the game of pure strategy) with `n` cards and a fixed prize order.
//!
//! Both players hold cards 1..=n and bid one card at once for the current
//! prize (prizes come in increasing order, so the game has no chance nodes);
//! the higher bid takes the prize, a tie discards it. The player with more
//! prize points wins. The game is symmetric, so its value is 0.

use std::fmt;
use yomi_search::{Seat, SimultaneousGame};

/// Largest supported number of cards.
pub const MAX_CARDS: u8 = 13;

/// A Goofspiel position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Goofspiel {
    n: u8,
    /// Bit `k` set: card `k+1` still in hand.
    hands: [u16; 2],
    /// Prize points won so far.
    points: [u16; 2],
    /// Rounds played; the current prize is `round + 1`.
    round: u8,
}

/// A card count outside 1..=13 ([`Goofspiel::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("goofspiel needs 1 to {MAX_CARDS} cards, got {0}")]
pub struct CardCountError(pub u8);

/// A bid: the card value 1..=n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card(pub u8);

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Goofspiel {
    /// A new game with `n` cards each (1..=13).
    pub fn new(n: u8) -> Result<Goofspiel, CardCountError> {
        if !(1..=MAX_CARDS).contains(&n) {
            return Err(CardCountError(n));
        }
        let full = (1u16 << n) - 1;
        Ok(Goofspiel {
            n,
            hands: [full, full],
            points: [0, 0],
            round: 0,
        })
    }

    /// Prize points won so far by each player.
    pub fn points(&self) -> [u16; 2] {
        self.points
    }
}

impl fmt::Display for Goofspiel {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "prize {} of {}, points {}-{}",
            self.round + 1,
            self.n,
            self.points[0],
            self.points[1]
        )
    }
}

impl SimultaneousGame for Goofspiel {
    type Action = Card;

    fn name() -> &'static str {
        "goofspiel"
    }

    fn initial() -> Self {
        Goofspiel::new(5).expect("5 cards is valid")
    }

    fn actions(&self, player: Seat, actions: &mut Vec<Card>) {
        actions.clear();
        let mut h = self.hands[player];
        while h != 0 {
            actions.push(Card(h.trailing_zeros() as u8 + 1));
            h &= h - 1;
        }
    }

    fn apply(&mut self, a0: Card, a1: Card) {
        debug_assert!(self.hands[0] >> (a0.0 - 1) & 1 == 1 && self.hands[1] >> (a1.0 - 1) & 1 == 1);
        self.hands[0] &= !(1 << (a0.0 - 1));
        self.hands[1] &= !(1 << (a1.0 - 1));
        let prize = self.round as u16 + 1;
        match a0.0.cmp(&a1.0) {
            std::cmp::Ordering::Greater => self.points[0] += prize,
            std::cmp::Ordering::Less => self.points[1] += prize,
            std::cmp::Ordering::Equal => {}
        }
        self.round += 1;
    }

    fn is_terminal(&self) -> bool {
        self.round == self.n
    }

    fn returns(&self) -> [f64; 2] {
        let diff = self.points[0] as f64 - self.points[1] as f64;
        if self.is_terminal() {
            // Not f64::signum: it maps a drawn 0.0 to 1.0.
            let s = if diff > 0.0 {
                1.0
            } else if diff < 0.0 {
                -1.0
            } else {
                0.0
            };
            [s, -s]
        } else {
            // Heuristic: the share of all prize points the lead represents.
            let total = (self.n as f64) * (self.n as f64 + 1.0) / 2.0;
            [diff / total, -diff / total]
        }
    }
}
