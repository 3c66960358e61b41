//! Supervised training of the value network in pure Rust.
//!
//! Contract: [`Trainer`] fits a [`Weights`](crate::Weights) to labelled positions
//! ([`Dataset`]; `yomi-shogi-train` reads them from the Parquet rows of
//! `yomi shogi dataset`) by mini-batch AdamW on
//! the loss of [`loss`]: `lambda * (sigmoid(logit) - sigmoid(score / 600))^2 + (1 - lambda) *
//! BCE(sigmoid(logit), (result + 1) / 2)`, averaged over the batch. The backward pass is
//! written by hand ([`backprop`]): convolutions as im2col + GEMM, the gradients of ReLU, the
//! residual sums and the fully connected head. Same data, parameters and seed give the same
//! weights bit for bit, whatever the thread count: a batch is cut into fixed chunks whose
//! gradients are summed in chunk order. With [`Trainer::use_gpu`] (cargo feature `cuda`)
//! the gradients and validation losses come from the GPU instead (`on_gpu`), the optimizer
//! staying on the CPU. Checkpoints ([`checkpoint`]) hold weights, optimizer
//! moments and progress, so a resumed run ends with the same weights as an uninterrupted one.

pub mod backprop;
pub mod checkpoint;
pub mod data;
pub mod epochs;
mod error;
mod gemm;
pub mod grads;
pub mod loss;
pub mod mirror;
mod on_gpu;
pub mod optim;
pub mod params;
pub mod schedule;
pub mod trainer;

/// Labelled positions for tests and examples (also the NNUE trainer's tests).
pub mod fixture;
#[cfg(test)]
mod tests;

pub use checkpoint::{EpochRecord, Progress};
pub use data::{Dataset, Sample};
pub use error::TrainError;
pub use loss::LossSums;
pub use params::TrainParams;
pub use trainer::{Event, NET_FILE, Summary, Trainer};
