//! The network on an NVIDIA GPU (cargo feature `cuda`).
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
//! are expanded on the GPU, 200 times less to copy than the 61-plane floats. The three small
//! kernels (`kernels.cu`) are compiled once per network by NVRTC for the GPU at hand.
//! Buffers grow to the power of two above the largest batch seen and are reused; one batch
//! runs at a time (a mutex), on one stream.
//!
//! `unsafe` is allowed in this module alone: kernel launches and cuBLAS calls are foreign
//! calls whose buffer sizes the compiler cannot check; each block says why it is in bounds.
#![allow(unsafe_code)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use cudarc::cublas::sys::{cublasMath_t, cublasOperation_t, cublasSetMathMode};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg,
};

use crate::config::NetConfig;
use crate::device::Precision;
use crate::error::NnError;
use crate::features::{COMPACT_LEN, INPUT_LEN, PLANES, SQUARES};
use crate::weights::Weights;

const KERNELS: &str = include_str!("kernels.cu");
/// Threads per block of the elementwise kernels.
const BLOCK: u32 = 256;
/// Most blocks of one elementwise launch (grid-stride loops cover the rest).
const MAX_BLOCKS: u64 = 1 << 16;

/// A CUDA failure as an [`NnError`]: what was being done, and the library's words.
fn cuda_err(what: &str, e: impl std::fmt::Display) -> NnError {
    NnError::Runtime(format!("CUDA {what}: {e}"))
}

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

/// The libraries the forward loads, each with what it is for.
fn check_libraries() -> Result<(), NnError> {
    // SAFETY: each probe only opens and closes the shared library.
    let found = unsafe {
        [
            (
                "libcuda (the NVIDIA driver)",
                cudarc::driver::sys::is_culib_present(),
            ),
            (
                "libcublas (cuBLAS)",
                cudarc::cublas::sys::is_culib_present(),
            ),
            ("libnvrtc (NVRTC)", cudarc::nvrtc::sys::is_culib_present()),
        ]
    };
    let missing: Vec<&str> = found.iter().filter(|f| !f.1).map(|f| f.0).collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(NnError::Runtime(format!(
        "CUDA: cannot load {} (add the folders holding them to LD_LIBRARY_PATH; pip's nvidia-cublas and nvidia-cuda-nvrtc wheels carry the last two)",
        missing.join(", ")
    )))
}

/// Compiles the kernels with the NVRTC found on the library path, for the default target
/// (no GPU needed): a check that this machine's NVRTC accepts them. Returns their PTX.
pub fn compile_kernels() -> Result<String, NnError> {
    // SAFETY: only opens and closes the library.
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err(NnError::Runtime(
            "CUDA: cannot load libnvrtc (NVRTC); add its folder to LD_LIBRARY_PATH (pip's nvidia-cuda-nvrtc wheel carries it)".into(),
        ));
    }
    cudarc::nvrtc::compile_ptx(KERNELS)
        .map(|ptx| ptx.to_src())
        .map_err(|e| cuda_err("kernel compilation (NVRTC)", e))
}

impl CudaNetwork {
    /// Uploads `weights` to GPU `ordinal` and compiles the kernels for it.
    pub fn new(
        weights: &Weights,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaNetwork, NnError> {
        weights.check()?;
        check_libraries()?;
        // cudarc panics where a symbol is missing from a library that loaded (an older
        // CUDA than it was built for); that is an environment problem, reported as such.
        catch_unwind(AssertUnwindSafe(|| {
            CudaNetwork::build(weights, ordinal, precision)
        }))
        .unwrap_or_else(|panic| {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown failure".into());
            Err(NnError::Runtime(format!("CUDA: {msg}")))
        })
    }

    fn build(
        weights: &Weights,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaNetwork, NnError> {
        let count = CudaContext::device_count().map_err(|e| cuda_err("devices", e))?;
        if ordinal >= count.max(0) as usize {
            return Err(NnError::Runtime(format!(
                "CUDA: no GPU {ordinal}; this machine has {count}"
            )));
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| cuda_err("context", e))?;
        // One stream only: the per-buffer events cudarc records to order several streams
        // would cost a few microseconds a launch for nothing.
        // SAFETY: no buffer of this context is ever used from another stream.
        unsafe { ctx.disable_event_tracking() };
        let device_name = ctx.name().unwrap_or_else(|_| format!("GPU {ordinal}"));
        let stream = ctx.new_stream().map_err(|e| cuda_err("stream", e))?;
        let ptx = cudarc::nvrtc::Ptx::from_src(compile_kernels()?);
        let module = ctx
            .load_module(ptx)
            .map_err(|e| cuda_err("loading the kernels", e))?;
        let function = |name: &str| {
            module
                .load_function(name)
                .map_err(|e| cuda_err(&format!("kernel {name}"), e))
        };
        let (expand, im2col, epilogue) = (
            function("yomi_expand")?,
            function("yomi_im2col")?,
            function("yomi_bias_residual_relu")?,
        );
        let blas = CudaBlas::new(stream.clone()).map_err(|e| cuda_err("cuBLAS", e))?;
        let mode = match precision {
            Precision::F32 => cublasMath_t::CUBLAS_DEFAULT_MATH,
            Precision::Tf32 => cublasMath_t::CUBLAS_TF32_TENSOR_OP_MATH,
        };
        // SAFETY: the handle is alive (owned by `blas`) and the mode a valid enumerator.
        unsafe { cublasSetMathMode(*blas.handle(), mode) }
            .result()
            .map_err(|e| cuda_err("cuBLAS math mode", e))?;
        let upload = |host: &[f32]| stream.clone_htod(host).map_err(|e| cuda_err("upload", e));
        let mut layers = Vec::with_capacity(weights.convs.len());
        for conv in &weights.convs {
            let (cin, cout) = (conv.in_ch, conv.out_ch);
            let mut w = vec![0.0f32; cout * 9 * cin];
            for o in 0..cout {
                for c in 0..cin {
                    for tap in 0..9 {
                        w[o * 9 * cin + tap * cin + c] = conv.weight[(o * cin + c) * 9 + tap];
                    }
                }
            }
            layers.push(Layer {
                in_ch: cin,
                out_ch: cout,
                weight: upload(&w)?,
                bias: upload(&conv.bias)?,
            });
        }
        let channels = weights.config.channels;
        let mut fc = vec![0.0f32; channels * SQUARES];
        for c in 0..channels {
            for sq in 0..SQUARES {
                fc[sq * channels + c] = weights.fc_weight[c * SQUARES + sq];
            }
        }
        Ok(CudaNetwork {
            config: weights.config,
            precision,
            device_name,
            fc_weight: upload(&fc)?,
            fc_bias: weights.fc_bias,
            stream,
            expand,
            im2col,
            epilogue,
            layers,
            work: Mutex::new(Work {
                blas,
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
        let k = (self.config.channels * SQUARES) as i32;
        let fc = GemmConfig {
            transa: cublasOperation_t::CUBLAS_OP_T,
            transb: cublasOperation_t::CUBLAS_OP_N,
            m: 1,
            n: batch as i32,
            k,
            alpha: 1.0f32,
            lda: k,
            ldb: k,
            beta: 0.0,
            ldc: 1,
        };
        // SAFETY: fc_weight holds k floats, act[x] batch rows of k, logits >= batch.
        unsafe { blas.gemm(fc, &self.fc_weight, &b.act[x], &mut b.logits) }
            .map_err(|e| cuda_err("fully connected GEMM", e))?;
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
        let alloc = |n: usize| {
            self.stream
                .alloc_zeros::<f32>(n)
                .map_err(|e| cuda_err(&format!("allocating {n} floats"), e))
        };
        let act = rows * self.config.channels;
        Ok(Buffers {
            capacity,
            compact: self
                .stream
                .alloc_zeros::<u8>(capacity * COMPACT_LEN)
                .map_err(|e| cuda_err("allocation", e))?,
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
        // (sample, channel, square) strides of the source.
        let (source, strides) = match src {
            Source::Input => (&b.input, (INPUT_LEN as i64, SQUARES as i32, 1i32)),
            Source::Act(i) => (&b.act[i], ((SQUARES * cin) as i64, 1, cin as i32)),
        };
        let (rows64, cin32) = (rows as i64, cin as i32);
        let mut launch = self.stream.launch_builder(&self.im2col);
        launch
            .arg(source)
            .arg(&mut b.col)
            .arg(&rows64)
            .arg(&cin32)
            .arg(&strides.0)
            .arg(&strides.1)
            .arg(&strides.2);
        // SAFETY: reads rows / 81 samples of the source, writes rows * 9 * cin floats of
        // col, which was sized for the widest layer.
        unsafe { launch.launch(grid((rows * 9 * cin) as u64)) }
            .map_err(|e| cuda_err("im2col kernel", e))?;
        let k = (9 * cin) as i32;
        let cfg = GemmConfig {
            transa: cublasOperation_t::CUBLAS_OP_T,
            transb: cublasOperation_t::CUBLAS_OP_N,
            m: layer.out_ch as i32,
            n: rows as i32,
            k,
            alpha: 1.0f32,
            lda: k,
            ldb: k,
            beta: 0.0,
            ldc: layer.out_ch as i32,
        };
        // SAFETY: weight is out x k, col rows x k, act[dst] rows x out (out = channels).
        unsafe { blas.gemm(cfg, &layer.weight, &b.col, &mut b.act[dst]) }
            .map_err(|e| cuda_err("convolution GEMM", e))?;
        let [a0, a1, a2] = &mut b.act;
        let (target, residual): (&mut CudaSlice<f32>, &CudaSlice<f32>) = match (dst, res) {
            (0, Some(1)) => (a0, a1),
            (0, Some(2)) => (a0, a2),
            (1, Some(0)) => (a1, a0),
            (1, Some(2)) => (a1, a2),
            (2, Some(0)) => (a2, a0),
            (2, Some(1)) => (a2, a1),
            // No residual: any valid pointer; the kernel does not read it.
            (0, _) => (a0, &layer.bias),
            (1, _) => (a1, &layer.bias),
            _ => (a2, &layer.bias),
        };
        let total = (rows * layer.out_ch) as i64;
        let (channels, has_residual) = (layer.out_ch as i32, i32::from(res.is_some()));
        let mut launch = self.stream.launch_builder(&self.epilogue);
        launch
            .arg(target)
            .arg(&layer.bias)
            .arg(residual)
            .arg(&total)
            .arg(&channels)
            .arg(&has_residual);
        // SAFETY: touches `total` floats of act buffers sized rows x channels.
        unsafe { launch.launch(grid(total as u64)) }
            .map(|_| ())
            .map_err(|e| cuda_err("bias/ReLU kernel", e))
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

/// A grid-stride launch over `total` elements.
fn grid(total: u64) -> LaunchConfig {
    let blocks = total.div_ceil(u64::from(BLOCK)).clamp(1, MAX_BLOCKS) as u32;
    LaunchConfig {
        grid_dim: (blocks, 1, 1),
        block_dim: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    }
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
