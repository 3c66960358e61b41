//! Static evaluation behind the [`Evaluator`] trait.
//!
//! Contract: an evaluator scores a position in centipawns from the side to
//! move's point of view, within ±[`crate::params::EVAL_LIMIT`], and never
//! looks at anything but the position (no history, no clock), so its score
//! may be cached in the transposition table. The search only sees the trait,
//! so a new evaluator plugs in by implementing it and adding an
//! [`Evaluation`] variant (the user's choice, `choice.rs`) and its loaded
//! form ([`LoadedEval`], `loaded.rs`).

pub mod batch;
mod choice;
mod classic;
mod control;
pub mod features;
mod loaded;
pub mod network;
pub mod nnue;

pub use batch::{BatchEvaluator, OneByOne};
pub use choice::{Evaluation, UnknownEvaluation};
pub use classic::{Classic, Material};
pub use control::{ControlEval, ControlWeights, WeightsError};
pub use loaded::LoadedEval;
pub use network::{GpuNetworkEval, NetworkEval, NetworkLoadError};

use yomi_shogi::{Move, Piece, Position};

/// A static evaluation function.
pub trait Evaluator: Send {
    /// The score of `pos` in cp for the side to move.
    fn evaluate(&mut self, pos: &Position) -> i32;
    /// Short name shown in `info string` lines and the USI option.
    fn name(&self) -> &'static str;
    /// The search played `m` (`pos` is the position after it, `captured`
    /// what it took): an evaluator that keeps state along the search's line
    /// (NNUE's accumulators) follows it. The default ignores it.
    fn played(&mut self, _pos: &Position, _m: Move, _captured: Piece) {}
    /// The search passed (a null move; `pos` is the position after it).
    fn played_null(&mut self, _pos: &Position) {}
    /// The search took back the last move it reported through
    /// [`Evaluator::played`] or [`Evaluator::played_null`].
    fn unplayed(&mut self) {}
}
