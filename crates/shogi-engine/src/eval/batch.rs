//! Evaluation of many positions at once, the interface of Monte Carlo
//! Softmax Search: a neural network is only fast when it sees a batch.
//!
//! Contract: [`BatchEvaluator::evaluate_batch`] writes, for every position,
//! the same score an [`Evaluator`] would give it alone (cp, side to move's
//! view, within ±[`crate::params::EVAL_LIMIT`]); batching changes speed,
//! never values. Any [`Evaluator`] is a batch evaluator through
//! [`OneByOne`].

use crate::eval::Evaluator;
use yomi_shogi::Position;

/// Scores a batch of positions.
pub trait BatchEvaluator: Send {
    /// Writes the score of `positions[i]` to `out[i]` (`out.len() >= positions.len()`).
    fn evaluate_batch(&mut self, positions: &[Position], out: &mut [i32]);
    /// Short name for `info string` lines.
    fn name(&self) -> &'static str;
}

/// A per-position evaluator used as a batch evaluator.
pub struct OneByOne(pub Box<dyn Evaluator>);

impl BatchEvaluator for OneByOne {
    fn evaluate_batch(&mut self, positions: &[Position], out: &mut [i32]) {
        for (p, o) in positions.iter().zip(out.iter_mut()) {
            *o = self.0.evaluate(p);
        }
    }

    fn name(&self) -> &'static str {
        self.0.name()
    }
}
