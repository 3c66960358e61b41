//! The NNUE training loop: epochs of shuffled batches, validation after each epoch,
//! checkpoints, and the quantized net written as YaneuraOu's `nn.bin`.
//!
//! Contract: the loop is the value network's (`yomi_shogi_nn::train::Trainer`): the same
//! parameters ([`TrainParams`]), shuffle ([`epoch_order`]), learning-rate schedule
//! ([`learning_rate`]), loss and observer events; a diverged loss stops it before the step
//! is applied or anything is written. After every epoch (and every `checkpoint_every`, and
//! when the observer stops it) it checkpoints into `out`; after every epoch it also writes
//! `out/nn.bin`, the quantized net of that moment, atomically. A resumed run continues
//! exactly where the checkpoint stands and refuses other data (by fingerprint).

use crate::nnue::checkpoint::{self, PROGRESS_FORMAT, Progress};
use crate::nnue::grad::{batch_gradient, evaluate};
use crate::nnue::net::FloatNet;
use crate::nnue::optim::Adam;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};
use yomi_shogi_nn::train::checkpoint::EpochRecord;
use yomi_shogi_nn::train::schedule::learning_rate;
use yomi_shogi_nn::train::trainer::epoch_order;
use yomi_shogi_nn::train::{Dataset, Event, LossSums, Sample, Summary, TrainError, TrainParams};

/// The quantized net's file name in the output folder.
pub const NNUE_FILE: &str = "nn.bin";

/// An NNUE training run in progress.
pub struct NnueTrainer {
    net: FloatNet,
    opt: Adam,
    progress: Progress,
    pool: rayon::ThreadPool,
}

fn pool(threads: usize) -> Result<rayon::ThreadPool, TrainError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TrainError::Params(format!("threads = {threads}: {e}")))
}

impl NnueTrainer {
    /// A fresh run from `net` on `data`; `threads` = 0 uses every core.
    pub fn new(
        net: FloatNet,
        params: TrainParams,
        data: &Dataset,
        threads: usize,
    ) -> Result<NnueTrainer, TrainError> {
        params.validate()?;
        if data.train.len() > u32::MAX as usize {
            return Err(TrainError::Data(format!(
                "{} training positions; at most {} are supported",
                data.train.len(),
                u32::MAX
            )));
        }
        let per_epoch = data.train.len().div_ceil(params.batch) as u64;
        Ok(NnueTrainer {
            net,
            opt: Adam::new(),
            progress: Progress {
                format: PROGRESS_FORMAT.into(),
                total_steps: per_epoch * params.epochs as u64,
                params,
                epoch: 0,
                batch_in_epoch: 0,
                step: 0,
                epoch_loss: LossSums::default(),
                history: Vec::new(),
                data_fingerprint: data.fingerprint,
                train_rows: data.train.len(),
                val_rows: data.val.len(),
                state_hash: 0,
            },
            pool: pool(threads)?,
        })
    }

    /// Continues the run checkpointed in `dir`; refuses other data than it started on.
    pub fn resume(dir: &Path, data: &Dataset, threads: usize) -> Result<NnueTrainer, TrainError> {
        let (net, opt, progress) = checkpoint::load(dir)?;
        if progress.data_fingerprint != data.fingerprint
            || progress.train_rows != data.train.len()
            || progress.val_rows != data.val.len()
        {
            return Err(TrainError::Checkpoint {
                path: dir.join(checkpoint::PROGRESS_FILE),
                message: format!(
                    "was started on other data ({} training and {} validation positions, fingerprint {:016x}; these are {}, {} and {:016x})",
                    progress.train_rows,
                    progress.val_rows,
                    progress.data_fingerprint,
                    data.train.len(),
                    data.val.len(),
                    data.fingerprint
                ),
            });
        }
        Ok(NnueTrainer {
            net,
            opt,
            progress,
            pool: pool(threads)?,
        })
    }

    /// The float weights as they stand.
    pub fn net(&self) -> &FloatNet {
        &self.net
    }

    /// Where the run stands.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Trains until every epoch is done or `observer` answers `Break` (see the module
    /// contract for what is written into `out`).
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
                let (grad, loss) = self
                    .pool
                    .install(|| batch_gradient(&self.net, &batch, p.lambda, p.chunk))?;
                if !loss.mean().is_finite() {
                    return Err(TrainError::Diverged {
                        step: self.progress.step + 1,
                        loss: loss.mean(),
                    });
                }
                let lr = learning_rate(&p, self.progress.step, self.progress.total_steps);
                let (net, opt) = (&mut self.net, &mut self.opt);
                self.pool.install(|| opt.step(net, &grad, lr, &p));
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
            let val = if data.val.is_empty() {
                None
            } else {
                Some(
                    self.pool
                        .install(|| evaluate(&self.net, &data.val, p.lambda, p.chunk))?,
                )
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
            self.write_net(out)?;
            self.checkpoint(out, observer)?;
            last_checkpoint = Instant::now();
            if observer(Event::Epoch(&record)).is_break() && self.progress.epoch < p.epochs {
                return Ok(self.summary(false, samples, train_time));
            }
        }
        Ok(self.summary(true, samples, train_time))
    }

    fn write_net(&self, out: &Path) -> Result<(), TrainError> {
        let path = out.join(NNUE_FILE);
        std::fs::create_dir_all(out).map_err(|source| TrainError::Io {
            action: "creating",
            path: out.to_path_buf(),
            source,
        })?;
        self.net
            .quantize()
            .write(&path)
            .map_err(|e| TrainError::Checkpoint {
                path,
                message: e.to_string(),
            })
    }

    fn checkpoint(
        &mut self,
        out: &Path,
        observer: &mut dyn FnMut(Event) -> ControlFlow<()>,
    ) -> Result<(), TrainError> {
        checkpoint::save(out, &self.net, &self.opt, &mut self.progress)?;
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
