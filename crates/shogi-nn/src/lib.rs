//! Shogi neural evaluator: the seed's value network and its inference.
//!
//! - [`features`]: the 61-plane, side-to-move encoding of a position (`[plane][row][column]`).
//! - [`config`]: width and depth ([`NetConfig`], the seed's 13 layers of 64 channels).
//! - [`weights`]: the parameters ([`Weights`]), seeded He initialisation and the safetensors
//!   file layout, documented there so PyTorch users can load and train the same network.
//! - [`reference`](mod@reference): the naive forward pass that defines the network and
//!   serves as the oracle.
//! - [`sample`]: seeded random positions for benchmarks and tests.
//! - [`bench`](mod@bench): the forward's throughput on one batch, on the CPU, a GPU beside it, or
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
//!
//! Encode positions, and evaluate them with a small seeded network:
//!
//! ```
//! use yomi_shogi::Position;
//! use yomi_shogi_nn::{INPUT_LEN, NetConfig, Network, SQUARES, Weights, encode, reference};
//!
//! let start = Position::startpos();
//! let mut after = start.clone();
//! after.do_move(start.parse_usi("7g7f")?); // now White to move
//!
//! // The planes are seen from the side to move: its king (plane 7, kinds P L N S B R G K)
//! // stands on row 8, column 4 in both positions; the opponent's (plane 21) on row 0.
//! let mut planes = vec![0.0f32; INPUT_LEN];
//! for pos in [&start, &after] {
//!     encode(pos, &mut planes);
//!     assert_eq!(planes[7 * SQUARES + 8 * 9 + 4], 1.0);
//!     assert_eq!(planes[21 * SQUARES + 4], 1.0);
//! }
//!
//! // A tiny network (4 layers of 8 channels), seeded: the same seed, the same weights.
//! let config = NetConfig { channels: 8, layers: 4 };
//! let weights = Weights::random(config, 7)?;
//! assert_eq!(Weights::from_bytes(&weights.to_bytes()?)?, weights); // safetensors round trip
//! let net = Network::with_threads(weights.clone(), 1)?;
//! let logits = net.evaluate(&[start.clone(), after.clone()]);
//! assert_eq!(logits.len(), 2);
//!
//! // The fast forward agrees with the naive reference that defines the network.
//! let mut input = vec![0.0f32; 2 * INPUT_LEN];
//! encode(&start, &mut input[..INPUT_LEN]);
//! encode(&after, &mut input[INPUT_LEN..]);
//! for (fast, slow) in logits.iter().zip(reference::forward(&weights, &input, 2)) {
//!     assert!((fast - slow).abs() < 1e-4, "{fast} vs {slow}");
//!     let win = 1.0 / (1.0 + (-fast).exp()); // the side to move's win probability
//!     assert!(win > 0.0 && win < 1.0);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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
pub mod policy;
pub mod reference;
pub mod sample;
pub mod stream;
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
