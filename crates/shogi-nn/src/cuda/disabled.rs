//! The GPU forward and training pass in a build without the cargo feature `cuda`: the same
//! types and methods, but [`CudaNetwork::new`] and [`CudaTrainer::new`] return an error
//! saying how to get a build that has them, so callers need no `cfg` of their own.

use std::convert::Infallible;

use crate::config::NetConfig;
use crate::device::Precision;
use crate::error::NnError;
#[cfg(feature = "train")]
use crate::train::{
    grads::Grads,
    loss::{LossSums, Target},
};
use crate::weights::Weights;

/// Always an error here: this build has no CUDA support.
pub fn compile_kernels() -> Result<String, NnError> {
    Err(NnError::Runtime(
        "this build has no GPU support; rebuild with `--features cuda`".into(),
    ))
}

/// A value network evaluated on an NVIDIA GPU; this build cannot make one.
pub struct CudaNetwork {
    never: Infallible,
}

impl CudaNetwork {
    /// Always an error here: this build has no CUDA support.
    pub fn new(
        weights: &Weights,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaNetwork, NnError> {
        let _ = (weights, ordinal, precision);
        Err(NnError::Runtime(
            "this build has no GPU support; rebuild with `--features cuda` (CUDA's libraries are then loaded at run time)".into(),
        ))
    }

    /// The network's shape.
    pub fn config(&self) -> NetConfig {
        match self.never {}
    }

    /// The matrix products' precision.
    pub fn precision(&self) -> Precision {
        match self.never {}
    }

    /// The GPU's name.
    pub fn device_name(&self) -> &str {
        match self.never {}
    }

    /// Logits of 61-plane float input.
    pub fn forward(&self, _: &[f32], _: usize, _: &mut [f32]) -> Result<(), NnError> {
        match self.never {}
    }

    /// Logits of compact records.
    pub fn forward_compact(&self, _: &[u8], _: usize, _: &mut [f32]) -> Result<(), NnError> {
        match self.never {}
    }
}

/// Gradients of a value network on an NVIDIA GPU; this build cannot make one.
#[cfg(feature = "train")]
pub struct CudaTrainer {
    never: Infallible,
}

#[cfg(feature = "train")]
impl CudaTrainer {
    /// Always an error here: this build has no CUDA support.
    pub fn new(
        config: NetConfig,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaTrainer, NnError> {
        let _ = (config, ordinal, precision);
        Err(NnError::Runtime(
            "this build has no GPU support; rebuild with `--features cuda` (CUDA's libraries are then loaded at run time)".into(),
        ))
    }

    /// The GPU's name.
    pub fn device_name(&self) -> &str {
        match self.never {}
    }

    /// The mean loss's gradient and the loss sums.
    pub fn gradient(
        &mut self,
        _: &Weights,
        _: &[u8],
        _: &[Target],
        _: f32,
    ) -> Result<(Grads, LossSums), NnError> {
        match self.never {}
    }

    /// The loss sums.
    pub fn losses(
        &mut self,
        _: &Weights,
        _: &[u8],
        _: &[Target],
        _: f32,
    ) -> Result<LossSums, NnError> {
        match self.never {}
    }
}
