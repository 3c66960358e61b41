//! # yomi-search
//!
//! Generic game-search library: the [`Game`] and [`SimultaneousGame`] traits
//! and strategies over them: [`Random`], [`Minimax`] (the reference),
//! [`AlphaBeta`] (iterative deepening, transposition table),
//! [`FlatMonteCarlo`], [`Mcts`] (UCT), [`Duct`] (decoupled UCT with UCB1,
//! Exp3 or regret matching) and [`SoftmaxSearch`] (Monte Carlo Softmax Search
//! with a batched evaluator). No CLI dependencies; everything randomized takes
//! a seed and is reproducible.

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
pub use game::{EVAL_LIMIT, Game, MoveError, Outcome, PositionError, Seat, SimultaneousGame};
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
