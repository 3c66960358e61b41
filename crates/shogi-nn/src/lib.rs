//! Shogi neural evaluator: the seed's value network and its inference.
//!
//! - [`features`]: the 61-plane, side-to-move encoding of a position (`[plane][row][column]`).
//! - [`config`]: width and depth ([`NetConfig`], the seed's 13 layers of 64 channels).
//! - [`weights`]: the parameters ([`Weights`]), seeded He initialisation and the safetensors
//!   file layout, documented there so PyTorch users can load and train the same network.
//! - [`reference`](mod@reference): the naive forward pass that defines the network and
//!   serves as the oracle.
//! - [`sample`]: seeded random positions for benchmarks and tests.
//! - [`bench`]: the forward's throughput on one batch, on the CPU, a GPU beside it, or
//!   beside ONNX Runtime (what `yomi shogi nn bench` reports).
//! - [`infer`]: the fast batched forward ([`Network`]), Winograd F(3x3,3x3) over a SIMD GEMM,
//!   split over threads.
//! - [`onnx`]: the network as an ONNX model, for ONNX Runtime side by side; with the cargo
//!   feature `ort`, `ort_runtime::OrtNetwork` runs it (library loaded at run time).
//! - [`cuda`]: the forward and the training pass on an NVIDIA GPU (cargo feature `cuda`:
//!   cuBLAS GEMMs and six NVRTC kernels, libraries loaded at run time; without the feature
//!   the constructors say how to get it); [`device`] parses where a network runs (`cpu`,
//!   `cuda:N`) and at what precision.
//! - `train` (cargo feature `train`, on by default): supervised training (hand-written
//!   backward pass, AdamW, checkpoints) on labelled positions ([`train::Dataset`]); reading
//!   them from dataset files is `yomi-shogi-train`'s. The engine, which only evaluates,
//!   builds this crate without it.
//!
//! The network: convolution 0 (3x3, 61 -> C, padding 1, bias) and ReLU, then
//! `(layers - 1) / 3` residual groups `relu(x + conv(relu(conv(relu(conv(x))))))`, then one
//! fully connected layer over the CHW-flattened C x 9 x 9 activation to a single logit;
//! `sigmoid(logit)` is the side to move's win probability.

pub mod bench;
pub mod config;
#[cfg(feature = "cuda")]
#[path = "cuda/mod.rs"]
pub mod cuda;
#[cfg(not(feature = "cuda"))]
#[path = "cuda/disabled.rs"]
pub mod cuda;
pub mod device;
pub mod error;
pub mod features;
mod gemm_plan;
// The square-major window layout shared by the trainer and the GPU forward; a build
// without the trainer uses only the kernel reorderings (with `cuda`), or nothing.
#[cfg_attr(not(feature = "train"), allow(dead_code))]
mod im2col;
pub mod infer;
pub mod onnx;
#[cfg(feature = "ort")]
pub mod ort_runtime;
pub mod reference;
pub mod sample;
#[cfg(feature = "train")]
pub mod train;
pub mod weights;

pub use config::NetConfig;
pub use cuda::CudaNetwork;
pub use device::{Device, DeviceError, Precision, PrecisionError};
pub use error::NnError;
pub use features::{INPUT_LEN, PLANES, SQUARES, encode};
pub use infer::Network;
pub use weights::{Conv, Weights};
