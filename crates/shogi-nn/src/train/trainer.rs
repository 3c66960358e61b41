//! The training loop: shuffled mini-batches, parallel gradients, AdamW, validation and
//! checkpoints.
//!
//! Contract: epoch `e` visits the training positions in the order of a Fisher-Yates
//! shuffle seeded by `(seed, e)` (replayable, so a checkpoint only needs the epoch and the
//! batch within it), cut into batches of `batch` positions (the last may be shorter). A
//! batch's gradient is the mean over its positions, computed in chunks of `chunk` positions
//! in parallel and summed in chunk order: the result does not depend on the thread count.
//! On a GPU ([`Trainer::use_gpu`]) the batch is one pass and `chunk` is unused.
//! After each epoch the validation loss is computed and a checkpoint written; at the end
//! `net.safetensors` holds the trained weights. A batch loss that is not finite stops the
//! run with [`TrainError::Diverged`] before its step is applied; weights that are not
//! finite are never saved (checkpoints and the net refuse them, [`Weights::check`]).

use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

use rayon::prelude::*;

use crate::cuda::CudaTrainer;
use crate::device::Precision;
use crate::features::{INPUT_LEN, encode};
use crate::train::backprop::{Prepared, to_square_major};
use crate::train::checkpoint::{self, PROGRESS_FORMAT, Progress};
use crate::train::data::{Dataset, Sample};
use crate::train::epochs::{self, Fit, LoopState};
pub use crate::train::epochs::{Event, Summary, epoch_order};
use crate::train::error::TrainError;
use crate::train::grads::Grads;
use crate::train::loss::{LossSums, sample_loss};
use crate::train::on_gpu;
use crate::train::optim::AdamW;
use crate::train::params::TrainParams;
use crate::weights::Weights;

/// The final network's file name in the output folder.
pub const NET_FILE: &str = "net.safetensors";

/// A training run in progress: weights, optimizer state and where it stands.
pub struct Trainer {
    weights: Weights,
    opt: AdamW,
    progress: Progress,
    pool: rayon::ThreadPool,
    /// Where gradients are computed when not on the CPU pool.
    gpu: Option<Box<CudaTrainer>>,
}

impl Trainer {
    /// A fresh run from `weights` on `data`; `threads` = 0 uses every core.
    pub fn new(
        weights: Weights,
        params: TrainParams,
        data: &Dataset,
        threads: usize,
    ) -> Result<Trainer, TrainError> {
        params.validate()?;
        weights.check()?;
        if data.train.len() > u32::MAX as usize {
            return Err(TrainError::Data(format!(
                "{} training positions; at most {} are supported",
                data.train.len(),
                u32::MAX
            )));
        }
        let progress = Progress {
            format: PROGRESS_FORMAT.into(),
            channels: weights.config.channels,
            layers: weights.config.layers,
            run: LoopState::new(params, data.train.len()),
            data_fingerprint: data.fingerprint,
            train_rows: data.train.len(),
            val_rows: data.val.len(),
            weights_hash: 0,
            optimizer_hash: 0,
        };
        Ok(Trainer {
            opt: AdamW::new(&weights),
            weights,
            progress,
            pool: pool(threads)?,
            gpu: None,
        })
    }

    /// Continues the run checkpointed in `dir`, with the parameters recorded there; refuses
    /// data other than the data it was started on.
    pub fn resume(dir: &Path, data: &Dataset, threads: usize) -> Result<Trainer, TrainError> {
        let (weights, opt, progress) = checkpoint::load(dir)?;
        if progress.data_fingerprint != data.fingerprint
            || progress.train_rows != data.train.len()
            || progress.val_rows != data.val.len()
        {
            return Err(TrainError::Checkpoint {
                path: dir.join(checkpoint::PROGRESS_FILE),
                message: format!(
                    "was made on other data ({} training and {} validation positions, fingerprint {:016x}); this data has {} and {} (fingerprint {:016x})",
                    progress.train_rows,
                    progress.val_rows,
                    progress.data_fingerprint,
                    data.train.len(),
                    data.val.len(),
                    data.fingerprint
                ),
            });
        }
        Ok(Trainer {
            weights,
            opt,
            progress,
            pool: pool(threads)?,
            gpu: None,
        })
    }

    /// Computes gradients and validation losses on GPU `ordinal` from now on (cargo
    /// feature `cuda`), its products at `precision`; returns the GPU's name. The weights
    /// stay on the CPU, where the optimizer runs. The GPU sums in another order than the
    /// CPU, so a run gives the same weights only when resumed on the same kind of GPU.
    pub fn use_gpu(&mut self, ordinal: usize, precision: Precision) -> Result<&str, TrainError> {
        let gpu = CudaTrainer::new(self.weights.config, ordinal, precision)?;
        Ok(self.gpu.insert(Box::new(gpu)).device_name())
    }

    /// The current weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Where the run stands.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Trains until every epoch is done or `observer` answers `Break`, checkpointing into
    /// `out` after every epoch, every `checkpoint_every` (if given) and when stopped; at the
    /// end writes `out/net.safetensors` (the loop: [`epochs::run`]).
    pub fn run(
        &mut self,
        data: &Dataset,
        out: &Path,
        checkpoint_every: Option<Duration>,
        observer: &mut dyn FnMut(Event) -> ControlFlow<()>,
    ) -> Result<Summary, TrainError> {
        let mut state = self.progress.run.clone();
        let summary = epochs::run(self, &mut state, data, out, checkpoint_every, observer);
        self.progress.run = state;
        summary
    }
}

impl Fit for Trainer {
    type Gradient = Grads;

    fn gradient(
        &mut self,
        batch: &[&Sample],
        p: &TrainParams,
    ) -> Result<(Grads, LossSums), TrainError> {
        match &mut self.gpu {
            Some(gpu) => on_gpu::batch_gradient(gpu, &self.weights, batch, p.lambda),
            None => {
                let w = &self.weights;
                self.pool
                    .install(|| batch_gradient(w, batch, p.lambda, p.chunk))
            }
        }
    }

    fn apply(&mut self, g: &Grads, lr: f32, p: &TrainParams) {
        self.opt.step(&mut self.weights, g, lr, p);
    }

    fn validate(&mut self, val: &[Sample], p: &TrainParams) -> Result<LossSums, TrainError> {
        match &mut self.gpu {
            Some(gpu) => on_gpu::evaluate(gpu, &self.weights, val, p.lambda),
            None => {
                let w = &self.weights;
                self.pool.install(|| evaluate(w, val, p.lambda, p.chunk))
            }
        }
    }

    fn checkpoint(&mut self, out: &Path, state: &LoopState) -> Result<(), TrainError> {
        self.progress.run = state.clone();
        checkpoint::save(out, &self.weights, &self.opt, &mut self.progress)
    }

    fn finish(&mut self, out: &Path) -> Result<(), TrainError> {
        self.weights.save(out.join(NET_FILE))?;
        Ok(())
    }
}

fn pool(threads: usize) -> Result<rayon::ThreadPool, TrainError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TrainError::Params(format!("threads = {threads}: {e}")))
}

/// Square-major network input of `samples` (see [`to_square_major`]).
fn encode_chunk(samples: &[&Sample]) -> Result<Vec<f32>, TrainError> {
    let mut chw = vec![0.0f32; samples.len() * INPUT_LEN];
    for (s, out) in samples.iter().zip(chw.chunks_exact_mut(INPUT_LEN)) {
        encode(&s.position()?, out);
    }
    Ok(to_square_major(&chw, samples.len()))
}

/// The mean loss over `batch` and its gradient, computed in chunks of `chunk` positions on
/// the current rayon pool and summed in chunk order.
pub fn batch_gradient(
    w: &Weights,
    batch: &[&Sample],
    lambda: f32,
    chunk: usize,
) -> Result<(Grads, LossSums), TrainError> {
    let prepared = Prepared::new(w);
    let scale = 1.0 / batch.len().max(1) as f32;
    let parts = batch
        .par_chunks(chunk.max(1))
        .map(|c| {
            let tape = prepared.forward(encode_chunk(c)?, c.len());
            let mut sums = LossSums::default();
            let dlogits: Vec<f32> = tape
                .logits()
                .iter()
                .zip(c)
                .map(|(&x, s)| {
                    let (l, d) = sample_loss(x, s.target, lambda);
                    sums += l;
                    d * scale
                })
                .collect();
            let mut g = Grads::zeros_like(w);
            prepared.backward(&tape, &dlogits, &mut g);
            Ok((g, sums))
        })
        .collect::<Result<Vec<_>, TrainError>>()?;
    let mut total = Grads::zeros_like(w);
    let mut sums = LossSums::default();
    for (g, s) in &parts {
        total.add(g);
        sums += *s;
    }
    Ok((total, sums))
}

/// The losses of `w` over `samples` (no gradient), in chunks on the current rayon pool.
pub fn evaluate(
    w: &Weights,
    samples: &[Sample],
    lambda: f32,
    chunk: usize,
) -> Result<LossSums, TrainError> {
    let prepared = Prepared::new(w);
    let refs: Vec<&Sample> = samples.iter().collect();
    let parts = refs
        .par_chunks(chunk.max(1))
        .map(|c| {
            let tape = prepared.forward(encode_chunk(c)?, c.len());
            let mut sums = LossSums::default();
            for (&x, s) in tape.logits().iter().zip(c) {
                sums += sample_loss(x, s.target, lambda).0;
            }
            Ok(sums)
        })
        .collect::<Result<Vec<_>, TrainError>>()?;
    let mut total = LossSums::default();
    for s in parts {
        total += s;
    }
    Ok(total)
}
