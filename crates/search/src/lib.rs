//! # yomi-search
//!
//! Generic game-search library: the [`Game`] and [`SimultaneousGame`] traits
//! and strategies over them: [`Random`], [`Minimax`] (the reference),
//! [`AlphaBeta`] (iterative deepening, transposition table),
//! [`FlatMonteCarlo`], [`Mcts`] (UCT), [`Duct`] (decoupled UCT with UCB1,
//! Exp3 or regret matching) and [`SoftmaxSearch`] (Monte Carlo Softmax Search
//! with a batched evaluator). No CLI dependencies; everything randomized takes
//! a seed and is reproducible.
//!
//! A game is a type implementing [`Game`]; every strategy then plays it, built
//! from the same specs the CLI and the arena take. A complete worked example
//! (subtraction Nim with every strategy, the solver and the conformance
//! battery) is `examples/nim` (`cargo run -p yomi-search --example nim`).
//!
//! ```
//! use yomi_search::{Game, Limits, Outcome, Seat, StrategySpec, solve, SolveOptions};
//!
//! /// Take 1 or 2 from a pile; whoever takes the last one wins.
//! #[derive(Clone, Debug, PartialEq)]
//! struct Pile(u8, Seat);
//! impl std::fmt::Display for Pile {
//!     fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, "{}", self.0) }
//! }
//! impl Game for Pile {
//!     type Move = u8;
//!     fn name() -> &'static str { "pile" }
//!     fn initial() -> Self { Pile(7, 0) }
//!     fn to_move(&self) -> Seat { self.1 }
//!     fn legal_moves(&self, m: &mut Vec<u8>) { m.clear(); m.extend((1..=2).filter(|&k| k <= self.0)); }
//!     fn play(&mut self, k: u8) { self.0 -= k; self.1 ^= 1; }
//!     fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then_some(Outcome::Loss) }
//! }
//!
//! // 7 stones: take 1, leaving a multiple of 3.
//! let mut ab = "alphabeta:depth=10".parse::<StrategySpec>()?.build::<Pile>(None)?;
//! assert_eq!(ab.choose_within(&Pile::initial(), &Limits::NONE).best, 1);
//! assert_eq!(solve(&Pile::initial(), &SolveOptions::default()).best_moves, vec![1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod alphabeta;
pub mod budget;
pub mod conformance;
pub mod duct;
pub mod flat_mc;
pub mod game;
pub mod limits;
pub mod mcts;
pub mod minimax;
pub mod perft;
pub mod playout;
pub mod random;
pub mod score;
pub mod softmax;
pub mod solve;
pub mod spec;
pub mod strategy;
pub mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions};
pub use budget::Budget;
pub use duct::{Duct, DuctOptions, FinalChoice, SelectionPolicy};
pub use flat_mc::{FlatMonteCarlo, FlatMonteCarloOptions};
pub use game::{
    EVAL_LIMIT, Game, MoveError, OpeningError, Outcome, PositionError, Seat, SimultaneousGame,
};
pub use limits::{ClockState, Limits, PerMove};
pub use mcts::{Mcts, MctsOptions};
pub use minimax::{Minimax, MinimaxOptions};
pub use playout::{BatchEvaluator, RolloutEvaluator, StaticEvaluator};
pub use random::Random;
pub use softmax::{SoftmaxOptions, SoftmaxSearch};
pub use solve::{Solution, SolveOptions, solve};
pub use spec::{SpecError, StrategySpec};
pub use strategy::{SearchReport, SearchStats, Strategy, Value};
/// The generator in [`Game::random_move`]'s signature, from yomi-core (re-exported so a
/// game implementation needs only this crate).
pub use yomi_core::Rng;
