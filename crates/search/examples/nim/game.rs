//! Subtraction Nim as a [`yomi_search::Game`]: a pile of stones, each move
//! takes 1, 2 or 3, and whoever takes the last stone wins. A pile of `n`
//! stones is lost for the side to move exactly when `n % 4 == 0`, and the
//! winning move takes `n % 4`, so every strategy's answer can be checked by
//! hand. This file is the whole implementation a new game needs; the
//! example's `main.rs` plays it, and the crate's tests reuse it.

use std::fmt;
use yomi_search::{Game, Outcome, PositionError, Seat};

/// A position: the stones left, the plies played, and the winner once the
/// pile is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    stones: u32,
    ply: u32,
    /// Who took the last stone, once the pile is empty.
    last: Option<Seat>,
}

impl Nim {
    /// A pile of `stones` with the first player to move.
    pub fn pile(stones: u32) -> Nim {
        Nim {
            stones,
            ply: 0,
            last: None,
        }
    }
}

/// What `--position` and openings files show and read: the stones left.
impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} stones", self.stones)
    }
}

impl Game for Nim {
    /// How many stones a move takes; `Display` is the number, so
    /// `parse_move`'s default (the legal move whose text matches) reads it.
    type Move = u32;

    fn name() -> &'static str {
        "nim"
    }

    fn initial() -> Self {
        Nim::pile(10)
    }

    fn to_move(&self) -> Seat {
        (self.ply % 2) as Seat
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        if self.last.is_none() {
            moves.extend((1..=3).filter(|&k| k <= self.stones));
        }
    }

    fn play(&mut self, mv: u32) {
        self.stones -= mv;
        if self.stones == 0 {
            self.last = Some(self.to_move());
        }
        self.ply += 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        // The side to move after the last stone was taken has lost.
        self.last.map(|_| Outcome::Loss)
    }

    /// Stones and side to move: transposition tables and tree reuse work.
    fn hash(&self) -> Option<u64> {
        Some(u64::from(self.stones) << 1 | u64::from(self.ply % 2))
    }

    /// A heuristic for depth-limited searches: piles that are a multiple of
    /// four are bad for the side to move.
    fn evaluate(&self) -> i32 {
        if self.stones.is_multiple_of(4) {
            -100
        } else {
            100
        }
    }

    /// A pile size, e.g. `21`.
    fn parse_position(text: &str) -> Result<Self, PositionError> {
        let stones = text
            .trim()
            .parse()
            .map_err(|_| PositionError::Invalid(format!("'{text}' is not a number of stones")))?;
        Ok(Nim::pile(stones))
    }
}
