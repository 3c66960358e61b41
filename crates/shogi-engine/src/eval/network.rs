//! The value network of `yomi-shogi-nn` as an engine evaluator.
//!
//! Contract: the network's logit is turned into centipawns as
//! `round(CP_PER_LOGIT × logit)` clamped to ±[`NETWORK_CP_LIMIT`], the
//! inverse of the training target `sigmoid(score / 600)`, so network and
//! hand-written scores share one scale (and one set of temperatures and
//! margins). One network is shared (`Arc`) by every evaluator built from it.

use crate::eval::Evaluator;
use crate::eval::batch::BatchEvaluator;
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;
use yomi_shogi::Position;
use yomi_shogi_nn::features::{COMPACT_LEN, encode_compact};
use yomi_shogi_nn::{CudaNetwork, INPUT_LEN, Network, NnError, Weights, encode};

/// Centipawns per unit of logit (the training scale: target sigmoid(cp / 600)).
pub const CP_PER_LOGIT: f32 = 600.0;

/// Largest magnitude of a network score (a win probability of about 99.4%
/// already; beyond it the logit carries no usable information).
pub const NETWORK_CP_LIMIT: i32 = 3000;

/// The network's logit as a centipawn score.
pub fn logit_to_cp(logit: f32) -> i32 {
    if logit.is_nan() {
        return 0;
    }
    ((logit * CP_PER_LOGIT).round() as i32).clamp(-NETWORK_CP_LIMIT, NETWORK_CP_LIMIT)
}

/// The network shipped in the binary (`data/network.safetensors`; how it
/// was made: `data/network.md`).
pub const BUILTIN_NETWORK: &[u8] = include_bytes!("../../data/network.safetensors");

/// Why a network could not be loaded.
#[derive(Debug, Error)]
pub enum NetworkLoadError {
    /// The network built into the binary does not read (a broken build).
    #[error("built-in network: {0}")]
    Builtin(NnError),
    /// A weights file could not be read, or the network not built.
    #[error(transparent)]
    Network(#[from] NnError),
    /// The NNUE net built into the binary does not unpack (a broken build).
    #[error("built-in NNUE net: {0}")]
    BuiltinNnue(#[from] crate::eval::nnue::pack::PackError),
}

/// The built-in network's weights.
pub fn builtin_weights() -> Result<Weights, NetworkLoadError> {
    Weights::from_bytes(BUILTIN_NETWORK).map_err(NetworkLoadError::Builtin)
}

/// Loads the network of `path` (`None`: the built-in one), using every core.
pub fn load(path: Option<&Path>) -> Result<Arc<Network>, NetworkLoadError> {
    let weights = match path {
        Some(p) => Weights::load(p)?,
        None => builtin_weights()?,
    };
    Ok(Network::new(weights).map(Arc::new)?)
}

/// A network evaluator (one position at a time, or batches).
pub struct NetworkEval {
    net: Arc<Network>,
    input: Vec<f32>,
    logits: Vec<f32>,
}

impl NetworkEval {
    /// An evaluator over the shared `net`.
    pub fn new(net: Arc<Network>) -> NetworkEval {
        NetworkEval {
            net,
            input: Vec::new(),
            logits: Vec::new(),
        }
    }
}

impl Evaluator for NetworkEval {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.input.resize(INPUT_LEN, 0.0);
        encode(pos, &mut self.input);
        let mut out = [0.0f32];
        self.net.forward(&self.input, 1, &mut out);
        logit_to_cp(out[0])
    }

    fn name(&self) -> &'static str {
        "Network"
    }
}

impl BatchEvaluator for NetworkEval {
    fn evaluate_batch(&mut self, positions: &[Position], out: &mut [i32]) {
        let n = positions.len();
        if n == 0 {
            return;
        }
        self.input.resize(n * INPUT_LEN, 0.0);
        for (p, chunk) in positions.iter().zip(self.input.chunks_exact_mut(INPUT_LEN)) {
            encode(p, chunk);
        }
        self.logits.resize(n, 0.0);
        self.net.forward(&self.input, n, &mut self.logits);
        for (o, &l) in out.iter_mut().zip(&self.logits) {
            *o = logit_to_cp(l);
        }
    }

    fn name(&self) -> &'static str {
        "Network"
    }
}

/// A batch evaluator on a GPU: positions go as compact records, logits come back.
/// Should the GPU fail mid-game, the error is written to stderr once and every later
/// batch is evaluated by the CPU copy of the same network, so the game goes on.
pub struct GpuNetworkEval {
    gpu: Arc<CudaNetwork>,
    cpu: NetworkEval,
    compact: Vec<u8>,
    logits: Vec<f32>,
    failed: bool,
}

impl GpuNetworkEval {
    /// An evaluator sending batches to `gpu`, with `cpu` (the same weights) as fallback.
    pub fn new(gpu: Arc<CudaNetwork>, cpu: Arc<Network>) -> GpuNetworkEval {
        GpuNetworkEval {
            gpu,
            cpu: NetworkEval::new(cpu),
            compact: Vec::new(),
            logits: Vec::new(),
            failed: false,
        }
    }
}

impl BatchEvaluator for GpuNetworkEval {
    fn evaluate_batch(&mut self, positions: &[Position], out: &mut [i32]) {
        let n = positions.len();
        if n == 0 {
            return;
        }
        if !self.failed {
            self.compact.resize(n * COMPACT_LEN, 0);
            for (p, chunk) in positions
                .iter()
                .zip(self.compact.chunks_exact_mut(COMPACT_LEN))
            {
                encode_compact(p, chunk);
            }
            self.logits.resize(n, 0.0);
            match self.gpu.forward_compact(&self.compact, n, &mut self.logits) {
                Ok(()) => {
                    for (o, &l) in out.iter_mut().zip(&self.logits) {
                        *o = logit_to_cp(l);
                    }
                    return;
                }
                Err(e) => {
                    eprintln!("GPU evaluation failed ({e}); evaluating on the CPU from now on");
                    self.failed = true;
                }
            }
        }
        self.cpu.evaluate_batch(positions, out);
    }

    fn name(&self) -> &'static str {
        "Network (GPU)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi_nn::{NetConfig, Weights};

    #[test]
    fn batch_and_single_agree_and_the_scale_is_the_training_one() {
        let w = Weights::random(
            NetConfig {
                channels: 8,
                layers: 4,
            },
            3,
        )
        .unwrap();
        let net = Arc::new(Network::with_threads(w, 1).unwrap());
        let mut e = NetworkEval::new(net.clone());
        let mut positions = vec![Position::startpos()];
        for m in ["7g7f", "3c3d", "8h2b+"] {
            let mut p = positions.last().unwrap().clone();
            let mv = p.parse_usi(m).unwrap();
            p.do_move(mv);
            positions.push(p);
        }
        let mut batch = vec![0; positions.len()];
        e.evaluate_batch(&positions, &mut batch);
        for (p, &b) in positions.iter().zip(&batch) {
            assert_eq!(Evaluator::evaluate(&mut e, p), b);
            let logit = net.evaluate(std::slice::from_ref(p))[0];
            assert_eq!(b, logit_to_cp(logit));
        }
        assert_eq!(logit_to_cp(0.5), 300);
        let builtin = builtin_weights().unwrap();
        assert!(builtin.config.layers >= 4);
        let net = load(None).unwrap();
        let v = net.evaluate(&[Position::startpos()])[0];
        assert!(v.is_finite() && v.abs() < 2.0, "start position logit {v}");
        assert_eq!(logit_to_cp(-100.0), -NETWORK_CP_LIMIT);
        assert_eq!(logit_to_cp(f32::NAN), 0);
    }
}
