//! The network on an NVIDIA GPU (cargo feature `cuda`): the forward here, the training
//! pass in `train.rs` ([`CudaTrainer`]), what both share in `gpu.rs`.
//!
//! Contract: [`CudaNetwork`] computes the logits of [`crate::Network`] for the same weights:
//! within 1e-4 relative in [`Precision::F32`], within about 1e-2 in [`Precision::Tf32`].
//! The CUDA libraries (the driver's `libcuda`, cuBLAS and NVRTC, e.g. those of the PyPI
//! `nvidia-*` wheels PyTorch installs) are found at run time on the library path; nothing
//! CUDA is needed to build. A missing library, GPU or kernel compiler is an [`NnError`],
//! never a panic.
//!
//! How: activations live on the GPU as rows x channels, row = sample * 81 + square, so each
//! 3x3 convolution is one im2col kernel, one cuBLAS GEMM `[rows, 9 in] x [9 in, out]` and
//! one fused kernel for bias, residual and ReLU; the fully connected layer is one more GEMM.
//! Positions travel as 96-byte compact records ([`crate::features::encode_compact`]) and
//! are expanded on the GPU, 200 times less to copy than the 61-plane floats. The small
//! kernels (`kernels.cu`, three for the forward and three more for training) are compiled
//! once per network by NVRTC for the GPU at hand. Buffers grow to the power of two above the largest batch seen and are reused; one batch
//! runs at a time (a mutex), on one stream.
//!
//! `unsafe` is allowed in this module alone: kernel launches and cuBLAS calls are foreign
//! calls whose buffer sizes the compiler cannot check; each block says why it is in bounds.
#![allow(unsafe_code)]

mod gpu;
#[cfg(feature = "train")]
mod train;

pub use gpu::compile_kernels;
#[cfg(feature = "train")]
pub use train::CudaTrainer;

use std::sync::{Arc, Mutex};

use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, PushKernelArg};

use crate::config::NetConfig;
use crate::device::Precision;
use crate::error::NnError;
use crate::features::{COMPACT_LEN, INPUT_LEN, PLANES, SQUARES};
use crate::im2col::{fc_square_major, tap_major};
use crate::weights::Weights;
use gpu::{
    Gpu, Layout, Shape, bias_residual_relu, cuda_err, grid, guarded, im2col, row_gemm, zeros,
};

/// One convolution's parameters on the GPU.
struct Layer {
    in_ch: usize,
    out_ch: usize,
    /// `[out][tap * in + c]`, tap = ky * 3 + kx (the im2col column order).
    weight: CudaSlice<f32>,
    bias: CudaSlice<f32>,
}

/// Device buffers sized for `capacity` samples.
struct Buffers {
    capacity: usize,
    compact: CudaSlice<u8>,
    input: CudaSlice<f32>,
    col: CudaSlice<f32>,
    act: [CudaSlice<f32>; 3],
    logits: CudaSlice<f32>,
}

/// What one batch mutates: the cuBLAS handle and the buffers.
struct Work {
    blas: CudaBlas,
    buffers: Option<Buffers>,
}

/// A value network evaluated on an NVIDIA GPU.
pub struct CudaNetwork {
    config: NetConfig,
    precision: Precision,
    device_name: String,
    stream: Arc<CudaStream>,
    expand: CudaFunction,
    im2col: CudaFunction,
    epilogue: CudaFunction,
    layers: Vec<Layer>,
    /// `[square][c]`: the CHW-ordered fully connected weights in the rows' order.
    fc_weight: CudaSlice<f32>,
    fc_bias: f32,
    work: Mutex<Work>,
}

impl CudaNetwork {
    /// Uploads `weights` to GPU `ordinal` and compiles the kernels for it.
    pub fn new(
        weights: &Weights,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaNetwork, NnError> {
        weights.check()?;
        guarded(|| CudaNetwork::build(weights, ordinal, precision))
    }

    fn build(
        weights: &Weights,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaNetwork, NnError> {
        let gpu = Gpu::open(ordinal, precision)?;
        let (expand, im2col, epilogue) = (
            gpu.function("yomi_expand")?,
            gpu.function("yomi_im2col")?,
            gpu.function("yomi_bias_residual_relu")?,
        );
        let mut layers = Vec::with_capacity(weights.convs.len());
        for conv in &weights.convs {
            let (cin, cout) = (conv.in_ch, conv.out_ch);
            layers.push(Layer {
                in_ch: cin,
                out_ch: cout,
                weight: gpu.upload(&tap_major(&conv.weight, cin))?,
                bias: gpu.upload(&conv.bias)?,
            });
        }
        let channels = weights.config.channels;
        let fc_weight = gpu.upload(&fc_square_major(&weights.fc_weight, channels))?;
        Ok(CudaNetwork {
            config: weights.config,
            precision,
            device_name: gpu.name,
            fc_weight,
            fc_bias: weights.fc_bias,
            stream: gpu.stream,
            expand,
            im2col,
            epilogue,
            layers,
            work: Mutex::new(Work {
                blas: gpu.blas,
                buffers: None,
            }),
        })
    }

    /// The network's shape.
    pub fn config(&self) -> NetConfig {
        self.config
    }

    /// The matrix products' precision.
    pub fn precision(&self) -> Precision {
        self.precision
    }

    /// The GPU's name as the driver reports it.
    pub fn device_name(&self) -> &str {
        &self.device_name
    }

    /// Writes the logits of `batch` positions given as 61-plane floats (`batch *
    /// INPUT_LEN`, as [`crate::encode`] writes them) into `out[..batch]`.
    pub fn forward(&self, input: &[f32], batch: usize, out: &mut [f32]) -> Result<(), NnError> {
        check_sizes(input.len(), INPUT_LEN, batch, out.len())?;
        self.run(batch, out, |net, b| {
            net.stream
                .memcpy_htod(input, &mut b.input)
                .map_err(|e| cuda_err("input copy", e))
        })
    }

    /// Writes the logits of `batch` positions given as compact records (`batch *
    /// COMPACT_LEN` bytes of [`crate::features::encode_compact`]) into `out[..batch]`.
    pub fn forward_compact(
        &self,
        compact: &[u8],
        batch: usize,
        out: &mut [f32],
    ) -> Result<(), NnError> {
        check_sizes(compact.len(), COMPACT_LEN, batch, out.len())?;
        self.run(batch, out, |net, b| {
            net.stream
                .memcpy_htod(compact, &mut b.compact)
                .map_err(|e| cuda_err("input copy", e))?;
            let total = (batch * INPUT_LEN) as u64;
            let samples = batch as i64;
            let mut launch = net.stream.launch_builder(&net.expand);
            launch.arg(&b.compact).arg(&mut b.input).arg(&samples);
            // SAFETY: the kernel writes batch * INPUT_LEN floats and reads batch * 96
            // bytes, both within the buffers sized for at least `batch` samples.
            unsafe { launch.launch(grid(total)) }
                .map(|_| ())
                .map_err(|e| cuda_err("expand kernel", e))
        })
    }

    /// The shared body of the forwards: `upload` leaves the batch's 61-plane floats in
    /// `input`; then the convolutions, the fully connected layer and the copy back.
    fn run(
        &self,
        batch: usize,
        out: &mut [f32],
        upload: impl FnOnce(&CudaNetwork, &mut Buffers) -> Result<(), NnError>,
    ) -> Result<(), NnError> {
        if batch == 0 {
            return Ok(());
        }
        // A poisoned lock only means another call panicked mid-batch; the buffers carry no
        // state from one call to the next.
        let mut work = self.work.lock().unwrap_or_else(|p| p.into_inner());
        let Work { blas, buffers } = &mut *work;
        if buffers.as_ref().is_none_or(|b| b.capacity < batch) {
            *buffers = None; // free the old ones first
            // Rounded up: the search's batches vary by a few positions around their size.
            *buffers = Some(self.buffers(batch.next_power_of_two())?);
        }
        let b = buffers.as_mut().expect("just sized");
        upload(self, b)?;
        let rows = batch * SQUARES;
        self.conv(blas, b, 0, Source::Input, 0, None, rows)?;
        let (mut x, mut a, t) = (0, 1, 2);
        for group in 0..self.config.residual_groups() {
            let first = 1 + 3 * group;
            self.conv(blas, b, first, Source::Act(x), a, None, rows)?;
            self.conv(blas, b, first + 1, Source::Act(a), t, None, rows)?;
            self.conv(blas, b, first + 2, Source::Act(t), a, Some(x), rows)?;
            (x, a) = (a, x);
        }
        let fc_shape = Shape::new(self.config.channels * SQUARES, 1);
        let last = Shape::new(batch, self.config.channels * SQUARES);
        row_gemm(
            blas,
            (&b.act[x], last),
            (&self.fc_weight, fc_shape),
            0.0,
            &mut b.logits,
        )?;
        let out = &mut out[..batch];
        self.stream
            .memcpy_dtoh(&b.logits.slice(..batch), out)
            .and_then(|()| self.stream.synchronize())
            .map_err(|e| cuda_err("result copy", e))?;
        for v in out.iter_mut() {
            *v += self.fc_bias;
        }
        Ok(())
    }

    fn buffers(&self, capacity: usize) -> Result<Buffers, NnError> {
        let widest = self.layers.iter().map(|l| l.in_ch).max().unwrap_or(PLANES);
        let rows = capacity * SQUARES;
        let alloc = |n: usize| zeros(&self.stream, n);
        let act = rows * self.config.channels;
        Ok(Buffers {
            capacity,
            compact: zeros(&self.stream, capacity * COMPACT_LEN)?,
            input: alloc(capacity * INPUT_LEN)?,
            col: alloc(rows * 9 * widest)?,
            act: [alloc(act)?, alloc(act)?, alloc(act)?],
            logits: alloc(capacity)?,
        })
    }

    /// Convolution `index` from `src` into `act[dst]`, then bias, the residual `act[res]`
    /// if any, and ReLU.
    #[allow(clippy::too_many_arguments)]
    fn conv(
        &self,
        blas: &CudaBlas,
        b: &mut Buffers,
        index: usize,
        src: Source,
        dst: usize,
        res: Option<usize>,
        rows: usize,
    ) -> Result<(), NnError> {
        let layer = &self.layers[index];
        let cin = layer.in_ch;
        let source = match src {
            Source::Input => (&b.input, Layout::Chw),
            Source::Act(i) => (&b.act[i], Layout::Rows),
        };
        im2col(&self.stream, &self.im2col, source, cin, rows, &mut b.col)?;
        let width = 9 * cin;
        row_gemm(
            blas,
            (&b.col, Shape::new(rows, width)),
            (&layer.weight, Shape::new(layer.out_ch, width).t()),
            0.0,
            &mut b.act[dst],
        )?;
        let [a0, a1, a2] = &mut b.act;
        let (target, residual): (&mut CudaSlice<f32>, Option<&CudaSlice<f32>>) = match (dst, res) {
            (0, Some(1)) => (a0, Some(a1)),
            (0, Some(2)) => (a0, Some(a2)),
            (1, Some(0)) => (a1, Some(a0)),
            (1, Some(2)) => (a1, Some(a2)),
            (2, Some(0)) => (a2, Some(a0)),
            (2, Some(1)) => (a2, Some(a1)),
            (0, _) => (a0, None),
            (1, _) => (a1, None),
            _ => (a2, None),
        };
        bias_residual_relu(
            &self.stream,
            &self.epilogue,
            target,
            &layer.bias,
            residual,
            rows,
        )
    }
}

/// Where a convolution reads from.
#[derive(Clone, Copy)]
enum Source {
    /// The 61-plane CHW input.
    Input,
    /// Activation buffer `i` (rows x channels).
    Act(usize),
}

fn check_sizes(len: usize, per: usize, batch: usize, out: usize) -> Result<(), NnError> {
    if len != batch * per || out < batch {
        return Err(NnError::Runtime(format!(
            "forward: {len} input values and {out} outputs for a batch of {batch} ({per} values a position)"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu::{BLOCK, MAX_BLOCKS};

    #[test]
    fn launches_cover_every_element_within_the_grid_limit() {
        let small = grid(10);
        assert_eq!(small.grid_dim.0, 1);
        let exact = grid(u64::from(BLOCK) * 3);
        assert_eq!(exact.grid_dim.0, 3);
        assert_eq!(grid(u64::from(BLOCK) * 3 + 1).grid_dim.0, 4);
        assert_eq!(grid(1 << 40).grid_dim.0 as u64, MAX_BLOCKS);
        assert!(check_sizes(96 * 3, 96, 3, 3).is_ok());
        assert!(check_sizes(96 * 3, 96, 3, 2).is_err());
        assert!(check_sizes(95, 96, 1, 1).is_err());
    }
}
