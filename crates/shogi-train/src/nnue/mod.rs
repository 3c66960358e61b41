//! Training YaneuraOu-format NNUE nets (`halfKP 256x2-32-32`) on the CPU
//! (`yomi shogi nnue train`).
//!
//! Contract: [`NnueTrainer`] fits a [`FloatNet`] to the same labelled positions, loss and
//! schedule as the value network's trainer (`yomi_shogi_nn::train`: a [`Dataset`] of
//! SFENs with search scores and results, split by game; `lambda` blends the score's win
//! probability `sigmoid(eval / 600)` and the result), by mini-batch Adam with sparse
//! feature-transformer updates ([`optim`]), clipping the weights so the quantized file is
//! faithful ([`net`]). Data comes from `yomi shogi dataset` Parquet rows or YaneuraOu
//! `.bin` files (`crate::samples`). Same data, parameters and seed give the same weights
//! whatever the thread count; checkpoints ([`checkpoint`]) resume a run exactly.
//!
//! [`Dataset`]: yomi_shogi_nn::train::Dataset

pub mod checkpoint;
pub mod grad;
pub mod net;
pub mod optim;
pub mod trainer;

pub use net::FloatNet;

/// Positions per step (and per chunk) the trainer accepts: a batch's sparse gradient holds
/// 152 (feature, slot) pairs and two 256-float slots per position.
pub const BATCH: yomi_core::limits::Bounds = yomi_core::limits::Bounds::new("positions", 1, 65_536);
pub use trainer::{NNUE_FILE, NnueTrainer, validate_row_l1};

#[cfg(test)]
mod tests;
