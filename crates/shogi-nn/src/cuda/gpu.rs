//! What the GPU forward and the GPU training pass share: finding the CUDA libraries, one
//! stream with the compiled kernels and a cuBLAS handle per user, uploads, launch grids,
//! row-major matrix products and the launches of the two kernels both passes use. (The
//! weights' reorderings are the CPU trainer's, `crate::im2col`: same layout.)
//!
//! Contract: nothing here panics on a missing library, GPU or kernel compiler; each is an
//! [`NnError::Runtime`] whose text starts with `CUDA`. [`row_gemm`] computes `c = a * b +
//! beta * c` for row-major matrices as the CPU trainer's GEMM does, either operand possibly
//! read transposed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use cudarc::cublas::sys::{cublasMath_t, cublasOperation_t, cublasSetMathMode};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr, DevicePtrMut,
    DeviceRepr, LaunchConfig, PushKernelArg, ValidAsZeroBits,
};

use crate::device::Precision;
use crate::error::NnError;
use crate::features::{INPUT_LEN, SQUARES};
pub(crate) use crate::gemm_plan::Shape;
use crate::gemm_plan::plan;

const KERNELS: &str = include_str!("kernels.cu");
/// Threads per block of the elementwise kernels.
pub(crate) const BLOCK: u32 = 256;
/// Most blocks of one elementwise launch (grid-stride loops cover the rest).
pub(crate) const MAX_BLOCKS: u64 = 1 << 16;

/// A CUDA failure as an [`NnError`]: what was being done, and the library's words.
pub(crate) fn cuda_err(what: &str, e: impl std::fmt::Display) -> NnError {
    NnError::Runtime(format!("CUDA {what}: {e}"))
}

/// The libraries the GPU code loads, each with what it is for.
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

/// What every GPU user holds: the device's one stream, the compiled kernels and a cuBLAS
/// handle set to the requested precision.
pub(crate) struct Gpu {
    pub(crate) name: String,
    pub(crate) stream: Arc<CudaStream>,
    module: Arc<CudaModule>,
    pub(crate) blas: CudaBlas,
}

impl Gpu {
    /// Opens GPU `ordinal`, compiles the kernels for it and sets cuBLAS to `precision`.
    /// Call through [`guarded`].
    pub(crate) fn open(ordinal: usize, precision: Precision) -> Result<Gpu, NnError> {
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
        let name = ctx.name().unwrap_or_else(|_| format!("GPU {ordinal}"));
        let stream = ctx.new_stream().map_err(|e| cuda_err("stream", e))?;
        let ptx = cudarc::nvrtc::Ptx::from_src(compile_kernels()?);
        let module = ctx
            .load_module(ptx)
            .map_err(|e| cuda_err("loading the kernels", e))?;
        let blas = CudaBlas::new(stream.clone()).map_err(|e| cuda_err("cuBLAS", e))?;
        let mode = match precision {
            Precision::F32 => cublasMath_t::CUBLAS_DEFAULT_MATH,
            Precision::Tf32 => cublasMath_t::CUBLAS_TF32_TENSOR_OP_MATH,
        };
        // SAFETY: the handle is alive (owned by `blas`) and the mode a valid enumerator.
        unsafe { cublasSetMathMode(*blas.handle(), mode) }
            .result()
            .map_err(|e| cuda_err("cuBLAS math mode", e))?;
        Ok(Gpu {
            name,
            stream,
            module,
            blas,
        })
    }

    /// Kernel `name` of `kernels.cu`.
    pub(crate) fn function(&self, name: &str) -> Result<CudaFunction, NnError> {
        self.module
            .load_function(name)
            .map_err(|e| cuda_err(&format!("kernel {name}"), e))
    }

    /// A copy of `host` on the GPU.
    pub(crate) fn upload(&self, host: &[f32]) -> Result<CudaSlice<f32>, NnError> {
        self.stream
            .clone_htod(host)
            .map_err(|e| cuda_err("upload", e))
    }

    /// `n` zeroed floats on the GPU (for the training pass, feature `train`).
    #[cfg_attr(not(feature = "train"), allow(dead_code))]
    pub(crate) fn zeros(&self, n: usize) -> Result<CudaSlice<f32>, NnError> {
        zeros(&self.stream, n)
    }
}

/// `n` zeroed values on `stream`'s GPU.
pub(crate) fn zeros<T: DeviceRepr + ValidAsZeroBits>(
    stream: &Arc<CudaStream>,
    n: usize,
) -> Result<CudaSlice<T>, NnError> {
    stream
        .alloc_zeros::<T>(n)
        .map_err(|e| cuda_err(&format!("allocating {n} values"), e))
}

/// Runs `start` once the CUDA libraries are found. cudarc panics where a symbol is missing
/// from a library that loaded (an older CUDA than it was built for); that is an environment
/// problem, reported as an error.
pub(crate) fn guarded<T>(start: impl FnOnce() -> Result<T, NnError>) -> Result<T, NnError> {
    check_libraries()?;
    catch_unwind(AssertUnwindSafe(start)).unwrap_or_else(|panic| {
        let msg = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown failure".into());
        Err(NnError::Runtime(format!("CUDA: {msg}")))
    })
}

/// A grid-stride launch over `total` elements.
pub(crate) fn grid(total: u64) -> LaunchConfig {
    let blocks = total.div_ceil(u64::from(BLOCK)).clamp(1, MAX_BLOCKS) as u32;
    LaunchConfig {
        grid_dim: (blocks, 1, 1),
        block_dim: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    }
}

/// `c = a * b + beta * c` for row-major matrices (`c` is `m x n` with `(m, k)` the logical
/// shape of `a` and `(k, n)` that of `b`); the buffers must hold at least the stored sizes.
/// cuBLAS is column-major: the call is the one [`plan`] makes (tested in every build).
pub(crate) fn row_gemm<A: DevicePtr<f32>, B: DevicePtr<f32>, C: DevicePtrMut<f32>>(
    blas: &CudaBlas,
    (a, sa): (&A, Shape),
    (b, sb): (&B, Shape),
    beta: f32,
    c: &mut C,
) -> Result<(), NnError> {
    let call = plan(sa, sb).map_err(|e| NnError::Runtime(format!("CUDA GEMM: {e}")))?;
    let (m, n, k) = (call.n, call.m, call.k);
    if a.len() < sa.stored() || b.len() < sb.stored() || c.len() < m * n {
        return Err(NnError::Runtime(format!(
            "CUDA GEMM: buffers of {}, {} and {} floats for a {m} x {k} by {k} x {n} product",
            a.len(),
            b.len(),
            c.len()
        )));
    }
    if m == 0 || n == 0 || k == 0 {
        return Ok(());
    }
    let op = |t: bool| {
        if t {
            cublasOperation_t::CUBLAS_OP_T
        } else {
            cublasOperation_t::CUBLAS_OP_N
        }
    };
    let cfg = GemmConfig {
        transa: op(call.trans_a),
        transb: op(call.trans_b),
        m: call.m as i32,
        n: call.n as i32,
        k: call.k as i32,
        alpha: 1.0f32,
        lda: call.lda as i32,
        ldb: call.ldb as i32,
        beta,
        ldc: call.ldc as i32,
    };
    // SAFETY: the lengths were checked above against the stored sizes and the output.
    unsafe { blas.gemm(cfg, b, a, c) }.map_err(|e| cuda_err("GEMM", e))
}

/// How a convolution's input is laid out on the GPU.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// The 61-plane CHW float input, one `INPUT_LEN` block per sample.
    Chw,
    /// Rows (sample x square) of `cin` channels: a layer's output.
    Rows,
}

/// Launches `yomi_im2col` (`function`): `col` gets the 3x3 windows of `rows` rows of
/// `source` (`cin` channels laid out as `layout`), `rows x 9 cin` floats.
pub(crate) fn im2col(
    stream: &Arc<CudaStream>,
    function: &CudaFunction,
    (source, layout): (&CudaSlice<f32>, Layout),
    cin: usize,
    rows: usize,
    col: &mut CudaSlice<f32>,
) -> Result<(), NnError> {
    // (sample, channel, square) strides of the source.
    let strides = match layout {
        Layout::Chw => (INPUT_LEN as i64, SQUARES as i32, 1i32),
        Layout::Rows => ((SQUARES * cin) as i64, 1, cin as i32),
    };
    let per_sample = match layout {
        Layout::Chw => INPUT_LEN,
        Layout::Rows => SQUARES * cin,
    };
    if source.len() < rows / SQUARES * per_sample || col.len() < rows * 9 * cin {
        return Err(NnError::Runtime(format!(
            "CUDA im2col: buffers of {} and {} floats for {rows} rows of {cin} channels",
            source.len(),
            col.len()
        )));
    }
    let (rows64, cin32) = (rows as i64, cin as i32);
    let mut launch = stream.launch_builder(function);
    launch
        .arg(source)
        .arg(col)
        .arg(&rows64)
        .arg(&cin32)
        .arg(&strides.0)
        .arg(&strides.1)
        .arg(&strides.2);
    // SAFETY: the kernel reads rows / 81 samples of the source and writes rows * 9 * cin
    // floats of col; both lengths were checked above.
    unsafe { launch.launch(grid((rows * 9 * cin) as u64)) }
        .map(|_| ())
        .map_err(|e| cuda_err("im2col kernel", e))
}

/// Launches `yomi_bias_residual_relu` (`function`) over `rows x channels` floats of `x`:
/// `x = relu(x + bias (+ residual))`.
pub(crate) fn bias_residual_relu(
    stream: &Arc<CudaStream>,
    function: &CudaFunction,
    x: &mut CudaSlice<f32>,
    bias: &CudaSlice<f32>,
    residual: Option<&CudaSlice<f32>>,
    rows: usize,
) -> Result<(), NnError> {
    let channels = bias.len();
    let total = rows * channels;
    if x.len() < total || residual.is_some_and(|r| r.len() < total) {
        return Err(NnError::Runtime(format!(
            "CUDA bias/ReLU: a buffer under {total} floats"
        )));
    }
    let (total64, channels32) = (total as i64, channels as i32);
    let has_residual = i32::from(residual.is_some());
    let mut launch = stream.launch_builder(function);
    launch
        .arg(x)
        .arg(bias)
        // Without a residual the kernel reads nothing there; any valid pointer does.
        .arg(residual.unwrap_or(bias))
        .arg(&total64)
        .arg(&channels32)
        .arg(&has_residual);
    // SAFETY: touches `total` floats of `x` and of the residual, checked above; the bias
    // is indexed modulo its length.
    unsafe { launch.launch(grid(total as u64)) }
        .map(|_| ())
        .map_err(|e| cuda_err("bias/ReLU kernel", e))
}
