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
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::cuda::CudaTrainer;
use crate::device::Precision;
use crate::features::{INPUT_LEN, encode};
use crate::train::backprop::{Prepared, to_square_major};
use crate::train::checkpoint::{self, EpochRecord, PROGRESS_FORMAT, Progress};
use crate::train::data::{Dataset, Sample};
use crate::train::error::TrainError;
use crate::train::grads::Grads;
use crate::train::loss::{LossSums, sample_loss};
use crate::train::on_gpu;
use crate::train::optim::AdamW;
use crate::train::params::TrainParams;
use crate::train::schedule::learning_rate;
use crate::weights::Weights;

/// The final network's file name in the output folder.
pub const NET_FILE: &str = "net.safetensors";

/// What the loop reports to its observer.
#[derive(Debug)]
pub enum Event<'a> {
    /// After every optimizer step.
    Step {
        /// Steps taken so far.
        step: u64,
        /// Steps of the whole run.
        total_steps: u64,
        /// The epoch in progress (0-based).
        epoch: usize,
        /// Mean loss of the batch just applied.
        loss: f64,
        /// Learning rate of that step.
        lr: f32,
    },
    /// After an epoch's validation (its checkpoint is already written).
    Epoch(&'a EpochRecord),
    /// A checkpoint was written at this step.
    Checkpoint {
        /// Steps taken.
        step: u64,
    },
}

/// What a call to [`Trainer::run`] did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Whether every epoch is done (false when the observer stopped the run).
    pub finished: bool,
    /// Steps taken in all (this call and earlier ones).
    pub steps: u64,
    /// Positions trained on during this call.
    pub samples: u64,
    /// Seconds spent in this call's training steps (validation and checkpoints excluded).
    pub train_seconds: f64,
    /// Every finished epoch.
    pub history: Vec<EpochRecord>,
}

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
        let per_epoch = data.train.len().div_ceil(params.batch) as u64;
        let progress = Progress {
            format: PROGRESS_FORMAT.into(),
            channels: weights.config.channels,
            layers: weights.config.layers,
            epoch: 0,
            batch_in_epoch: 0,
            step: 0,
            total_steps: per_epoch * params.epochs as u64,
            epoch_loss: LossSums::default(),
            history: Vec::new(),
            data_fingerprint: data.fingerprint,
            train_rows: data.train.len(),
            val_rows: data.val.len(),
            weights_hash: 0,
            optimizer_hash: 0,
            params,
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
    /// end writes `out/net.safetensors`.
    pub fn run(
        &mut self,
        data: &Dataset,
        out: &Path,
        checkpoint_every: Option<Duration>,
        observer: &mut dyn FnMut(Event) -> ControlFlow<()>,
    ) -> Result<Summary, TrainError> {
        let p = self.progress.params.clone();
        let n = data.train.len();
        let per_epoch = n.div_ceil(p.batch) as u64;
        let mut samples = 0u64;
        let mut train_time = Duration::ZERO;
        let mut last_checkpoint = Instant::now();
        while self.progress.epoch < p.epochs {
            let order = epoch_order(n, p.seed, self.progress.epoch);
            for b in self.progress.batch_in_epoch..per_epoch {
                let start = Instant::now();
                let lo = b as usize * p.batch;
                let batch: Vec<&Sample> = order[lo..(lo + p.batch).min(n)]
                    .iter()
                    .map(|&i| &data.train[i as usize])
                    .collect();
                let (grads, loss) = match &mut self.gpu {
                    Some(gpu) => on_gpu::batch_gradient(gpu, &self.weights, &batch, p.lambda)?,
                    None => self
                        .pool
                        .install(|| batch_gradient(&self.weights, &batch, p.lambda, p.chunk))?,
                };
                // A diverged run stops here, before the step is applied and before
                // anything is checkpointed or saved: NaN weights are never written.
                if !loss.mean().is_finite() {
                    return Err(TrainError::Diverged {
                        step: self.progress.step + 1,
                        loss: loss.mean(),
                    });
                }
                let lr = learning_rate(&p, self.progress.step, self.progress.total_steps);
                self.opt.step(&mut self.weights, &grads, lr, &p);
                train_time += start.elapsed();
                samples += batch.len() as u64;
                self.progress.step += 1;
                self.progress.batch_in_epoch = b + 1;
                self.progress.epoch_loss += loss;
                let flow = observer(Event::Step {
                    step: self.progress.step,
                    total_steps: self.progress.total_steps,
                    epoch: self.progress.epoch,
                    loss: loss.mean(),
                    lr,
                });
                let due = checkpoint_every.is_some_and(|d| last_checkpoint.elapsed() >= d);
                if flow.is_break() || due {
                    self.checkpoint(out, observer)?;
                    last_checkpoint = Instant::now();
                }
                if flow.is_break() {
                    return Ok(self.summary(false, samples, train_time));
                }
            }
            let val = match &mut self.gpu {
                _ if data.val.is_empty() => None,
                Some(gpu) => Some(on_gpu::evaluate(gpu, &self.weights, &data.val, p.lambda)?),
                None => Some(
                    self.pool
                        .install(|| evaluate(&self.weights, &data.val, p.lambda, p.chunk))?,
                ),
            };
            let record = EpochRecord {
                epoch: self.progress.epoch,
                step: self.progress.step,
                lr: learning_rate(
                    &p,
                    self.progress.step.saturating_sub(1),
                    self.progress.total_steps,
                ),
                train: self.progress.epoch_loss,
                val,
            };
            self.progress.history.push(record.clone());
            self.progress.epoch += 1;
            self.progress.batch_in_epoch = 0;
            self.progress.epoch_loss = LossSums::default();
            self.checkpoint(out, observer)?;
            last_checkpoint = Instant::now();
            if observer(Event::Epoch(&record)).is_break() && self.progress.epoch < p.epochs {
                return Ok(self.summary(false, samples, train_time));
            }
        }
        let net = out.join(NET_FILE);
        self.weights.save(&net)?;
        Ok(self.summary(true, samples, train_time))
    }

    fn checkpoint(
        &mut self,
        out: &Path,
        observer: &mut dyn FnMut(Event) -> ControlFlow<()>,
    ) -> Result<(), TrainError> {
        checkpoint::save(out, &self.weights, &self.opt, &mut self.progress)?;
        let _ = observer(Event::Checkpoint {
            step: self.progress.step,
        });
        Ok(())
    }

    fn summary(&self, finished: bool, samples: u64, train_time: Duration) -> Summary {
        Summary {
            finished,
            steps: self.progress.step,
            samples,
            train_seconds: train_time.as_secs_f64(),
            history: self.progress.history.clone(),
        }
    }
}

fn pool(threads: usize) -> Result<rayon::ThreadPool, TrainError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TrainError::Params(format!("threads = {threads}: {e}")))
}

/// The visiting order of epoch `epoch`: a Fisher-Yates shuffle of `0..n` driven by
/// SplitMix64 seeded from `(seed, epoch)`.
pub fn epoch_order(n: usize, seed: u64, epoch: usize) -> Vec<u32> {
    let mut state = seed ^ (epoch as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut order: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        let j = ((next() as u128 * (i as u128 + 1)) >> 64) as usize;
        order.swap(i, j);
    }
    order
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
