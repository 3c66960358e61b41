//! An [`Evaluation`] made ready to evaluate: [`LoadedEval`], what the searchers are built
//! from.
//!
//! Contract: the hand-written evaluations load from the binary alone
//! ([`LoadedEval::hand_written`]); `Control` may carry weights of its own (a weights file);
//! the network holds its weights, shared (`Arc`) by every evaluator built from it, and,
//! when its batches go to a GPU, the GPU's copy too. [`LoadedEval::evaluation`] names what
//! was loaded, so the choice is never stored twice. What a file or device that cannot be
//! used turns into is the caller's decision (the USI loop falls back and says so).

use super::network::{self, GpuNetworkEval, NetworkEval, NetworkLoadError};
use super::nnue::{Nnue, NnueEval};
use super::{BatchEvaluator, Classic, ControlEval, ControlWeights, Evaluation, Evaluator};
use super::{Material, OneByOne};
use std::fmt;
use std::sync::Arc;
use yomi_shogi_nn::{CudaNetwork, Device, Network, NnError, Precision};

/// An evaluation with its data loaded.
#[derive(Clone)]
pub enum LoadedEval {
    /// [`Evaluation::Classic`].
    Classic,
    /// [`Evaluation::Material`].
    Material,
    /// [`Evaluation::Control`] with its weights (the built-in ones, or a file's).
    Control(Arc<ControlWeights>),
    /// [`Evaluation::Nnue`]: the net, shared by every evaluator built from it, and the
    /// output's divisor (`FV_SCALE`).
    Nnue {
        /// The net.
        net: Arc<Nnue>,
        /// `FV_SCALE`.
        fv_scale: i32,
    },
    /// [`Evaluation::Network`]: the weights on the CPU, which evaluates single positions
    /// (and batches, unless a GPU takes them, or should the GPU fail).
    Network {
        /// The network on the CPU.
        cpu: Arc<Network>,
        /// Its copy on a GPU, which evaluates the batches.
        gpu: Option<Arc<CudaNetwork>>,
    },
}

impl Default for LoadedEval {
    /// The default evaluation ([`Evaluation::Control`]) with the built-in weights.
    fn default() -> Self {
        LoadedEval::Control(ControlWeights::builtin())
    }
}

impl fmt::Debug for LoadedEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadedEval::Network { cpu, gpu } => f
                .debug_struct("Network")
                .field("config", &cpu.config())
                .field("gpu", &gpu.as_ref().map(|g| g.device_name().to_string()))
                .finish(),
            other => f.write_str(other.evaluation().name()),
        }
    }
}

impl Evaluation {
    /// This evaluation with the data built into the binary: the built-in `Control`
    /// weights, the built-in network on the CPU (using every core), the built-in NNUE net
    /// at the default `FV_SCALE`.
    pub fn builtin(self) -> Result<LoadedEval, NetworkLoadError> {
        match LoadedEval::hand_written(self) {
            Some(loaded) => Ok(loaded),
            None if self == Evaluation::Nnue => Ok(LoadedEval::Nnue {
                net: crate::eval::nnue::pack::builtin()?,
                fv_scale: crate::eval::nnue::DEFAULT_FV_SCALE,
            }),
            None => network::load(None).map(LoadedEval::network),
        }
    }
}

impl LoadedEval {
    /// A hand-written evaluation with its built-in weights; `None` for the network, which
    /// has weights to load ([`Evaluation::builtin`], [`network::load`]).
    pub fn hand_written(evaluation: Evaluation) -> Option<LoadedEval> {
        match evaluation {
            Evaluation::Control => Some(LoadedEval::default()),
            Evaluation::Classic => Some(LoadedEval::Classic),
            Evaluation::Material => Some(LoadedEval::Material),
            Evaluation::Network | Evaluation::Nnue => None,
        }
    }

    /// The network `net`, evaluating on the CPU.
    pub fn network(net: Arc<Network>) -> LoadedEval {
        LoadedEval::Network {
            cpu: net,
            gpu: None,
        }
    }

    /// The network `net` evaluating its batches on `device` (a GPU: its own copy of the
    /// weights, made here; fails where the GPU cannot be used).
    pub fn network_on(
        net: Arc<Network>,
        device: Device,
        precision: Precision,
    ) -> Result<LoadedEval, NnError> {
        let gpu = match device {
            Device::Cpu => None,
            Device::Cuda(ordinal) => Some(Arc::new(CudaNetwork::new(
                net.weights(),
                ordinal,
                precision,
            )?)),
        };
        Ok(LoadedEval::Network { cpu: net, gpu })
    }

    /// The evaluation this is.
    pub fn evaluation(&self) -> Evaluation {
        match self {
            LoadedEval::Classic => Evaluation::Classic,
            LoadedEval::Material => Evaluation::Material,
            LoadedEval::Control(_) => Evaluation::Control,
            LoadedEval::Network { .. } => Evaluation::Network,
            LoadedEval::Nnue { .. } => Evaluation::Nnue,
        }
    }

    /// A per-position evaluator.
    pub fn evaluator(&self) -> Box<dyn Evaluator> {
        match self {
            LoadedEval::Classic => Box::new(Classic),
            LoadedEval::Material => Box::new(Material),
            LoadedEval::Control(w) => Box::new(ControlEval::new(Arc::clone(w))),
            LoadedEval::Network { cpu, .. } => Box::new(NetworkEval::new(Arc::clone(cpu))),
            LoadedEval::Nnue { net, fv_scale } => {
                Box::new(NnueEval::new(Arc::clone(net), *fv_scale))
            }
        }
    }

    /// A batch evaluator (the GPU's, where there is one).
    pub fn batch_evaluator(&self) -> Box<dyn BatchEvaluator> {
        match self {
            LoadedEval::Network { cpu, gpu: None } => Box::new(NetworkEval::new(Arc::clone(cpu))),
            LoadedEval::Network { cpu, gpu: Some(g) } => {
                Box::new(GpuNetworkEval::new(Arc::clone(g), Arc::clone(cpu)))
            }
            hand => Box::new(OneByOne(hand.evaluator())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::Position;

    #[test]
    fn each_evaluation_loads_as_itself_and_scores_as_its_evaluator() {
        let pos = Position::from_sfen(
            "lnsgk1snl/1r4gb1/p1pppp2p/6pR1/1p7/2P6/PP1PPPP1P/1BG6/LNS1KGSNL b P 11",
        )
        .unwrap();
        for e in Evaluation::ALL {
            let loaded = e.builtin().unwrap();
            assert_eq!(loaded.evaluation(), e);
            assert_eq!(LoadedEval::hand_written(e).is_some(), e.is_hand_written());
            let mut single = loaded.evaluator();
            let mut batch = loaded.batch_evaluator();
            let mut out = [0];
            batch.evaluate_batch(std::slice::from_ref(&pos), &mut out);
            assert_eq!(out[0], single.evaluate(&pos), "{e}");
            assert_eq!(single.name(), e.name());
        }
        // Classic and Control disagree here, so the right evaluator was built.
        let score = |e: Evaluation| e.builtin().unwrap().evaluator().evaluate(&pos);
        assert_ne!(score(Evaluation::Classic), score(Evaluation::Control));
        assert_ne!(score(Evaluation::Material), score(Evaluation::Control));
        assert_ne!(score(Evaluation::Nnue), score(Evaluation::Control));
        assert_eq!(format!("{:?}", LoadedEval::default()), "Control");
    }
}
