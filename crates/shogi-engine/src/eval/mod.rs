//! Static evaluation behind the [`Evaluator`] trait.
//!
//! Contract: an evaluator scores a position in centipawns from the side to
//! move's point of view, within ±[`crate::params::EVAL_LIMIT`], and never
//! looks at anything but the position (no history, no clock), so its score
//! may be cached in the transposition table. The search only sees the trait,
//! so a neural evaluator plugs in by implementing it and adding an
//! [`EvalKind`] variant.

pub mod batch;
mod classic;
mod control;
pub mod features;
pub mod network;

pub use batch::{BatchEvaluator, OneByOne};
pub use classic::{Classic, Material};
pub use control::{ControlEval, ControlWeights, WeightsError};
pub use network::{GpuNetworkEval, NetworkEval};

use std::fmt;
use std::str::FromStr;
use yomi_shogi::Position;

/// A static evaluation function.
pub trait Evaluator: Send {
    /// The score of `pos` in cp for the side to move.
    fn evaluate(&mut self, pos: &Position) -> i32;
    /// Short name shown in `info string` lines and the USI option.
    fn name(&self) -> &'static str;
}

/// The evaluators the engine offers (the USI `Evaluation` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EvalKind {
    /// Material, king-relative piece placement and king safety.
    Classic,
    /// Material only (board and hand).
    Material,
    /// Material, square control and piece placement relative to both
    /// kings: a linear model with fitted weights (the default).
    #[default]
    Control,
}

impl EvalKind {
    /// Every kind, in option order.
    pub const ALL: [EvalKind; 3] = [EvalKind::Control, EvalKind::Classic, EvalKind::Material];

    /// A fresh evaluator of this kind.
    pub fn build(self) -> Box<dyn Evaluator> {
        match self {
            EvalKind::Classic => Box::new(Classic),
            EvalKind::Material => Box::new(Material),
            EvalKind::Control => Box::new(ControlEval::default()),
        }
    }

    /// The option value naming this kind.
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Classic => "Classic",
            EvalKind::Material => "Material",
            EvalKind::Control => "Control",
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvalKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        EvalKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown evaluation '{s}' (Control, Classic or Material)"))
    }
}
