//! The training pass on an NVIDIA GPU: the loss and its gradient for a batch, and the
//! losses alone for validation.
//!
//! Contract: [`CudaTrainer::gradient`] returns what the CPU trainer's `batch_gradient`
//! returns for the same weights and positions (the mean loss's gradient, shaped like
//! [`Grads`], and the loss sums), up to float rounding: the GPU sums in another order.
//! Weights are uploaded at every call (the optimizer runs on the CPU, and a 13 x 64
//! network is 2 MB); positions travel as compact records. On one GPU the same call gives
//! the same bits (no atomics: `col2im` is a gather), so a resumed run replays.
//!
//! How: the same decomposition as [`crate::train::backprop`], in the forward's layout
//! (rows x channels, row = sample * 81 + square): a convolution is im2col + GEMM + the
//! bias/residual/ReLU kernel, and its backward `dK = dZ^T col`, `db = 1^T dZ` (a GEMM with
//! a row of ones), `dcol = dZ K`, `dX = col2im(dcol)`. Each layer's output is kept; its
//! window matrix is rebuilt in the backward instead of kept (one cheap kernel against 48 MB
//! a layer at batch 256).

use cudarc::driver::{CudaFunction, CudaSlice, PushKernelArg};

use super::gpu::{
    Gpu, Layout, Shape, bias_residual_relu, cuda_err, grid, guarded, im2col, row_gemm, zeros,
};
use crate::config::NetConfig;
use crate::device::Precision;
use crate::error::NnError;
use crate::features::{COMPACT_LEN, INPUT_LEN, PLANES, SQUARES};
use crate::im2col::{add_from_fc_square_major, add_from_tap_major, fc_square_major, tap_major};
use crate::train::grads::Grads;
use crate::train::loss::{LossSums, Target, sample_loss};
use crate::weights::Weights;

/// Whether convolution `i` closes a residual group (as the CPU backward).
fn closes_group(i: usize) -> bool {
    i > 0 && i % 3 == 0
}

/// One convolution's parameters and gradients on the GPU.
struct Layer {
    in_ch: usize,
    /// `[out][tap * in + c]` (the im2col column order).
    weight: CudaSlice<f32>,
    bias: CudaSlice<f32>,
    weight_grad: CudaSlice<f32>,
    bias_grad: CudaSlice<f32>,
}

/// Activations and their gradients for up to `capacity` samples.
struct Buffers {
    capacity: usize,
    compact: CudaSlice<u8>,
    input: CudaSlice<f32>,
    /// `out[i]`: the output of convolution `i` (after ReLU and residual).
    out: Vec<CudaSlice<f32>>,
    col: CudaSlice<f32>,
    dcol: CudaSlice<f32>,
    d: CudaSlice<f32>,
    dx: CudaSlice<f32>,
    skip: CudaSlice<f32>,
    ones: CudaSlice<f32>,
    logits: CudaSlice<f32>,
    dlogits: CudaSlice<f32>,
}

/// Gradients of a value network computed on an NVIDIA GPU (see the module docs).
pub struct CudaTrainer {
    gpu: Gpu,
    config: NetConfig,
    kernels: Kernels,
    layers: Vec<Layer>,
    /// The fully connected weights in the rows' order, and their gradient.
    fc: CudaSlice<f32>,
    fc_grad: CudaSlice<f32>,
    buffers: Option<Buffers>,
}

struct Kernels {
    expand: CudaFunction,
    im2col: CudaFunction,
    epilogue: CudaFunction,
    relu_grad: CudaFunction,
    add: CudaFunction,
    col2im: CudaFunction,
}

impl CudaTrainer {
    /// A trainer for networks of shape `config` on GPU `ordinal`, its products at
    /// `precision`.
    pub fn new(
        config: NetConfig,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaTrainer, NnError> {
        config.validate()?;
        guarded(|| CudaTrainer::build(config, ordinal, precision))
    }

    fn build(
        config: NetConfig,
        ordinal: usize,
        precision: Precision,
    ) -> Result<CudaTrainer, NnError> {
        let gpu = Gpu::open(ordinal, precision)?;
        let kernels = Kernels {
            expand: gpu.function("yomi_expand")?,
            im2col: gpu.function("yomi_im2col")?,
            epilogue: gpu.function("yomi_bias_residual_relu")?,
            relu_grad: gpu.function("yomi_relu_grad")?,
            add: gpu.function("yomi_add")?,
            col2im: gpu.function("yomi_col2im")?,
        };
        let c = config.channels;
        let mut layers = Vec::with_capacity(config.layers);
        for i in 0..config.layers {
            let in_ch = config.in_channels(i);
            layers.push(Layer {
                in_ch,
                weight: gpu.zeros(c * 9 * in_ch)?,
                bias: gpu.zeros(c)?,
                weight_grad: gpu.zeros(c * 9 * in_ch)?,
                bias_grad: gpu.zeros(c)?,
            });
        }
        Ok(CudaTrainer {
            fc: gpu.zeros(c * SQUARES)?,
            fc_grad: gpu.zeros(c * SQUARES)?,
            gpu,
            config,
            kernels,
            layers,
            buffers: None,
        })
    }

    /// The GPU's name as the driver reports it.
    pub fn device_name(&self) -> &str {
        &self.gpu.name
    }

    /// The mean loss's gradient over the positions `compact` (`targets.len()` records of
    /// [`crate::features::encode_compact`]) and their loss sums, for the mix `lambda`.
    pub fn gradient(
        &mut self,
        w: &Weights,
        compact: &[u8],
        targets: &[Target],
        lambda: f32,
    ) -> Result<(Grads, LossSums), NnError> {
        let batch = targets.len();
        let logits = self.forward(w, compact, batch)?;
        let mut sums = LossSums::default();
        let scale = 1.0 / batch.max(1) as f32;
        let dlogits: Vec<f32> = logits
            .iter()
            .zip(targets)
            .map(|(&x, &t)| {
                let (l, d) = sample_loss(x, t, lambda);
                sums += l;
                d * scale
            })
            .collect();
        let mut grads = Grads::zeros_like(w);
        if batch > 0 {
            self.backward(&dlogits, &mut grads)?;
        }
        Ok((grads, sums))
    }

    /// The loss sums of `w` over the positions `compact`, no gradient.
    pub fn losses(
        &mut self,
        w: &Weights,
        compact: &[u8],
        targets: &[Target],
        lambda: f32,
    ) -> Result<LossSums, NnError> {
        let logits = self.forward(w, compact, targets.len())?;
        let mut sums = LossSums::default();
        for (&x, &t) in logits.iter().zip(targets) {
            sums += sample_loss(x, t, lambda).0;
        }
        Ok(sums)
    }

    /// Uploads `w`, runs the forward over `batch` positions keeping every layer's output,
    /// and returns the logits.
    fn forward(&mut self, w: &Weights, compact: &[u8], batch: usize) -> Result<Vec<f32>, NnError> {
        if w.config != self.config {
            return Err(NnError::Config(format!(
                "the GPU trainer was made for {} x {} networks, not {} x {}",
                self.config.layers, self.config.channels, w.config.layers, w.config.channels
            )));
        }
        if compact.len() != batch * COMPACT_LEN {
            return Err(NnError::Runtime(format!(
                "GPU training: {} bytes of positions for a batch of {batch}",
                compact.len()
            )));
        }
        if batch == 0 {
            return Ok(Vec::new());
        }
        self.upload_weights(w)?;
        self.ensure_buffers(batch)?;
        let CudaTrainer {
            gpu,
            config,
            kernels,
            layers,
            fc,
            buffers,
            ..
        } = self;
        let b = buffers.as_mut().expect("just sized");
        let stream = &gpu.stream;
        stream
            .memcpy_htod(compact, &mut b.compact)
            .map_err(|e| cuda_err("input copy", e))?;
        let samples = batch as i64;
        let mut launch = stream.launch_builder(&kernels.expand);
        launch.arg(&b.compact).arg(&mut b.input).arg(&samples);
        // SAFETY: writes batch * INPUT_LEN floats of `input`, reads batch * 96 bytes of
        // `compact`; both hold `capacity >= batch` samples.
        unsafe { launch.launch(grid((batch * INPUT_LEN) as u64)) }
            .map_err(|e| cuda_err("expand kernel", e))?;
        let rows = batch * SQUARES;
        let c = config.channels;
        for (i, layer) in layers.iter().enumerate() {
            window(gpu, kernels, b, i, layer.in_ch, rows)?;
            let width = 9 * layer.in_ch;
            row_gemm(
                &gpu.blas,
                (&b.col, Shape::new(rows, width)),
                (&layer.weight, Shape::new(c, width).t()),
                0.0,
                &mut b.out[i],
            )?;
            let (before, after) = b.out.split_at_mut(i);
            let residual = closes_group(i).then(|| &before[i - 3]);
            bias_residual_relu(
                stream,
                &kernels.epilogue,
                &mut after[0],
                &layer.bias,
                residual,
                rows,
            )?;
        }
        row_gemm(
            &gpu.blas,
            (&b.out[layers.len() - 1], Shape::new(batch, SQUARES * c)),
            (&*fc, Shape::new(SQUARES * c, 1)),
            0.0,
            &mut b.logits,
        )?;
        let mut logits = vec![0.0f32; batch];
        stream
            .memcpy_dtoh(&b.logits.slice(..batch), &mut logits)
            .and_then(|()| stream.synchronize())
            .map_err(|e| cuda_err("logits copy", e))?;
        for v in &mut logits {
            *v += w.fc_bias;
        }
        Ok(logits)
    }

    /// The backward of the last [`forward`](Self::forward): adds the gradient of `sum_n
    /// dlogits[n] * logit_n` to `grads`.
    fn backward(&mut self, dlogits: &[f32], grads: &mut Grads) -> Result<(), NnError> {
        let CudaTrainer {
            gpu,
            config,
            kernels,
            layers,
            fc,
            fc_grad,
            buffers,
        } = self;
        let b = buffers.as_mut().expect("a forward came first");
        let (stream, blas) = (&gpu.stream, &gpu.blas);
        let batch = dlogits.len();
        let rows = batch * SQUARES;
        let c = config.channels;
        stream
            .memcpy_htod(dlogits, &mut b.dlogits)
            .map_err(|e| cuda_err("gradient copy", e))?;
        // The head: d = dlogits fc^T (an outer product), dfc = dlogits^T last.
        let (dl, fc_shape) = (Shape::new(batch, 1), Shape::new(SQUARES * c, 1));
        row_gemm(blas, (&b.dlogits, dl), (&*fc, fc_shape.t()), 0.0, &mut b.d)?;
        row_gemm(
            blas,
            (&b.dlogits, dl.t()),
            (&b.out[layers.len() - 1], Shape::new(batch, SQUARES * c)),
            0.0,
            fc_grad,
        )?;
        let total = (rows * c) as i64;
        let mut skip_target = None;
        for i in (0..layers.len()).rev() {
            let layer = &mut layers[i];
            let mut launch = stream.launch_builder(&kernels.relu_grad);
            launch.arg(&mut b.d).arg(&b.out[i]).arg(&total);
            // SAFETY: rows x channels floats of two buffers sized for capacity rows.
            unsafe { launch.launch(grid(total as u64)) }
                .map_err(|e| cuda_err("ReLU gradient kernel", e))?;
            if closes_group(i) {
                stream
                    .memcpy_dtod(&b.d, &mut b.skip)
                    .map_err(|e| cuda_err("residual gradient copy", e))?;
                // Reaches the output of convolution i - 3, the input of convolution i - 2.
                skip_target = Some(i - 2);
            }
            let width = 9 * layer.in_ch;
            row_gemm(
                blas,
                (&b.ones, Shape::new(1, rows)),
                (&b.d, Shape::new(rows, c)),
                0.0,
                &mut layer.bias_grad,
            )?;
            window(gpu, kernels, b, i, layer.in_ch, rows)?;
            row_gemm(
                blas,
                (&b.d, Shape::new(rows, c).t()),
                (&b.col, Shape::new(rows, width)),
                0.0,
                &mut layer.weight_grad,
            )?;
            if i == 0 {
                break;
            }
            row_gemm(
                blas,
                (&b.d, Shape::new(rows, c)),
                (&layer.weight, Shape::new(c, width)),
                0.0,
                &mut b.dcol,
            )?;
            let (rows64, cin) = (rows as i64, layer.in_ch as i32);
            let mut launch = stream.launch_builder(&kernels.col2im);
            launch.arg(&b.dcol).arg(&mut b.dx).arg(&rows64).arg(&cin);
            // SAFETY: reads rows x 9 in floats of dcol, writes rows x in of dx (in = c).
            unsafe { launch.launch(grid((rows * layer.in_ch) as u64)) }
                .map_err(|e| cuda_err("col2im kernel", e))?;
            if skip_target == Some(i) {
                let mut launch = stream.launch_builder(&kernels.add);
                launch.arg(&mut b.dx).arg(&b.skip).arg(&total);
                // SAFETY: rows x channels floats of two buffers sized for capacity rows.
                unsafe { launch.launch(grid(total as u64)) }
                    .map_err(|e| cuda_err("residual add kernel", e))?;
                skip_target = None;
            }
            std::mem::swap(&mut b.d, &mut b.dx);
        }
        self.download_grads(dlogits, grads)
    }

    /// Copies `w` into the GPU's parameter buffers, in the kernels' orders.
    fn upload_weights(&mut self, w: &Weights) -> Result<(), NnError> {
        let stream = &self.gpu.stream;
        for (layer, conv) in self.layers.iter_mut().zip(&w.convs) {
            let tap = tap_major(&conv.weight, conv.in_ch);
            stream
                .memcpy_htod(&tap, &mut layer.weight)
                .and_then(|()| stream.memcpy_htod(&conv.bias, &mut layer.bias))
                .map_err(|e| cuda_err("weights upload", e))?;
        }
        let fc = fc_square_major(&w.fc_weight, self.config.channels);
        stream
            .memcpy_htod(&fc, &mut self.fc)
            .map_err(|e| cuda_err("weights upload", e))
    }

    /// Adds the GPU's gradient buffers (and the head bias's, `sum dlogits`) to `grads`,
    /// back in the file's orders.
    fn download_grads(&self, dlogits: &[f32], grads: &mut Grads) -> Result<(), NnError> {
        let stream = &self.gpu.stream;
        let fetch = |s: &CudaSlice<f32>| {
            stream
                .clone_dtoh(s)
                .map_err(|e| cuda_err("gradient download", e))
        };
        for (i, layer) in self.layers.iter().enumerate() {
            let tap = fetch(&layer.weight_grad)?;
            add_from_tap_major(grads.conv_weight(i), &tap, layer.in_ch);
            for (g, v) in grads.conv_bias(i).iter_mut().zip(fetch(&layer.bias_grad)?) {
                *g += v;
            }
        }
        let fc = fetch(&self.fc_grad)?;
        let layers = self.layers.len();
        add_from_fc_square_major(&mut grads.groups[2 * layers], &fc, self.config.channels);
        grads.groups[2 * layers + 1][0] += dlogits.iter().sum::<f32>();
        Ok(())
    }

    /// Buffers for at least `batch` samples (the power of two above, reused after).
    fn ensure_buffers(&mut self, batch: usize) -> Result<(), NnError> {
        if self.buffers.as_ref().is_some_and(|b| b.capacity >= batch) {
            return Ok(());
        }
        self.buffers = None; // free the old ones first
        let capacity = batch.next_power_of_two();
        let rows = capacity * SQUARES;
        let c = self.config.channels;
        let gpu = &self.gpu;
        let act = rows * c;
        let mut out = Vec::with_capacity(self.layers.len());
        for _ in 0..self.layers.len() {
            out.push(gpu.zeros(act)?);
        }
        self.buffers = Some(Buffers {
            capacity,
            compact: zeros(&gpu.stream, capacity * COMPACT_LEN)?,
            input: gpu.zeros(capacity * INPUT_LEN)?,
            out,
            col: gpu.zeros(rows * 9 * PLANES.max(c))?,
            dcol: gpu.zeros(rows * 9 * c)?,
            d: gpu.zeros(act)?,
            dx: gpu.zeros(act)?,
            skip: gpu.zeros(act)?,
            ones: gpu.upload(&vec![1.0f32; rows])?,
            logits: gpu.zeros(capacity)?,
            dlogits: gpu.zeros(capacity)?,
        });
        Ok(())
    }
}

/// Fills `b.col` with the windows of convolution `i`'s input (`cin` channels) over `rows`
/// rows: the CHW input for the first convolution, the previous output after.
fn window(
    gpu: &Gpu,
    kernels: &Kernels,
    b: &mut Buffers,
    i: usize,
    cin: usize,
    rows: usize,
) -> Result<(), NnError> {
    let source = if i == 0 {
        (&b.input, Layout::Chw)
    } else {
        (&b.out[i - 1], Layout::Rows)
    };
    im2col(&gpu.stream, &kernels.im2col, source, cin, rows, &mut b.col)
}
