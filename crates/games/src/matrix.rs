//! One-shot zero-sum matrix games (rock-paper-scissors and a biased variant)
//! as simultaneous-move games with a known mixed equilibrium, for testing
//! Decoupled UCT's selection policies.

use std::fmt;
use yomi_search::{Seat, SimultaneousGame};

/// A one-shot matrix game: both players pick a row/column at once.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixGame {
    /// Payoff to player 0 for (row, column), already scaled into `[-1, 1]`.
    payoff: &'static [[f64; 3]; 3],
    played: Option<(u8, u8)>,
}

/// Rock, paper or scissors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand(pub u8);

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(["rock", "paper", "scissors"][self.0 as usize])
    }
}

static RPS: [[f64; 3]; 3] = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]];
/// Rock beating scissors pays double (scaled by 1/2): the equilibrium is (1/4, 1/2, 1/4).
static BIASED_RPS: [[f64; 3]; 3] = [[0.0, -0.5, 1.0], [0.5, 0.0, -0.5], [-1.0, 0.5, 0.0]];

impl MatrixGame {
    /// Plain rock-paper-scissors; the unique equilibrium is uniform, value 0.
    pub fn rps() -> MatrixGame {
        MatrixGame {
            payoff: &RPS,
            played: None,
        }
    }

    /// Biased rock-paper-scissors; the unique equilibrium is (1/4, 1/2, 1/4), value 0.
    pub fn biased_rps() -> MatrixGame {
        MatrixGame {
            payoff: &BIASED_RPS,
            played: None,
        }
    }

    /// Payoff to player 0 when the players pick `row` and `col`.
    pub fn payoff(&self, row: usize, col: usize) -> f64 {
        self.payoff[row][col]
    }

    /// How much a best response gains against `strategy` played by either
    /// seat (0 at an exact equilibrium of these symmetric games).
    pub fn exploitability(&self, strategy: &[f64; 3]) -> f64 {
        // Best pure reply of player 1 to player 0 playing `strategy`, and vice versa.
        let vs_row = (0..3)
            .map(|c| -(0..3).map(|r| strategy[r] * self.payoff[r][c]).sum::<f64>())
            .fold(f64::MIN, f64::max);
        let vs_col = (0..3)
            .map(|r| (0..3).map(|c| strategy[c] * self.payoff[r][c]).sum::<f64>())
            .fold(f64::MIN, f64::max);
        vs_row.max(vs_col)
    }
}

impl fmt::Display for MatrixGame {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.played {
            None => f.write_str("not played"),
            Some((r, c)) => write!(f, "{} vs {}", Hand(r), Hand(c)),
        }
    }
}

impl SimultaneousGame for MatrixGame {
    type Action = Hand;

    fn name() -> &'static str {
        "rps"
    }

    fn initial() -> Self {
        MatrixGame::rps()
    }

    fn actions(&self, _player: Seat, actions: &mut Vec<Hand>) {
        actions.clear();
        if self.played.is_none() {
            actions.extend((0..3).map(Hand));
        }
    }

    fn apply(&mut self, a0: Hand, a1: Hand) {
        self.played = Some((a0.0, a1.0));
    }

    fn is_terminal(&self) -> bool {
        self.played.is_some()
    }

    fn returns(&self) -> [f64; 2] {
        match self.played {
            Some((r, c)) => {
                let p = self.payoff[r as usize][c as usize];
                [p, -p]
            }
            None => [0.0, 0.0],
        }
    }
}
