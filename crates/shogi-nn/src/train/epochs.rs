//! The one training loop of yomi's trainers (the value network's here, the NNUE's in
//! `yomi-shogi-train`): epochs of shuffled batches, the learning-rate schedule, validation,
//! checkpoints and the observer's events, over any model that implements [`Fit`].
//!
//! Contract: epoch `e` visits the training positions in the order of [`epoch_order`]
//! `(seed, e)`, cut into batches of `batch` positions (the last may be shorter); step `t`
//! uses [`learning_rate`] `(t, total_steps)`. A batch loss that is not finite stops the run
//! with [`TrainError::Diverged`] before its step is applied or anything is written. After
//! every epoch the validation loss is computed (when positions are held out), the model's
//! [`Fit::end_of_epoch`] runs, and a checkpoint is written; a checkpoint is also written
//! every `checkpoint_every` and when the observer answers `Break`. [`LoopState`] is all the
//! loop keeps, so a checkpoint of it and the model resumes the run exactly.

use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::train::checkpoint::EpochRecord;
use crate::train::data::{Dataset, Sample};
use crate::train::error::TrainError;
use crate::train::loss::LossSums;
use crate::train::params::TrainParams;
use crate::train::schedule::learning_rate;

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

/// What a call to [`run`] did.
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

/// Where the loop stands; checkpoints keep it (flattened into their progress files).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoopState {
    /// Everything that determines the result.
    pub params: TrainParams,
    /// The epoch in progress (0-based); equals `params.epochs` when training is over.
    pub epoch: usize,
    /// Batches of the epoch in progress already applied.
    pub batch_in_epoch: u64,
    /// Optimizer steps taken.
    pub step: u64,
    /// Optimizer steps of the whole run.
    pub total_steps: u64,
    /// Training losses of the epoch in progress so far.
    pub epoch_loss: LossSums,
    /// One record per finished epoch.
    pub history: Vec<EpochRecord>,
}

impl LoopState {
    /// The start of a run of `params` over `train_rows` training positions.
    pub fn new(params: TrainParams, train_rows: usize) -> LoopState {
        let per_epoch = train_rows.div_ceil(params.batch) as u64;
        LoopState {
            total_steps: per_epoch * params.epochs as u64,
            params,
            epoch: 0,
            batch_in_epoch: 0,
            step: 0,
            epoch_loss: LossSums::default(),
            history: Vec::new(),
        }
    }
}

/// A model the loop can train.
pub trait Fit {
    /// A batch's gradient.
    type Gradient;
    /// The mean loss gradient of `batch` and the batch's losses.
    fn gradient(
        &mut self,
        batch: &[&Sample],
        p: &TrainParams,
    ) -> Result<(Self::Gradient, LossSums), TrainError>;
    /// Applies one optimizer step of learning rate `lr`.
    fn apply(&mut self, g: &Self::Gradient, lr: f32, p: &TrainParams);
    /// The losses over the validation positions.
    fn validate(&mut self, val: &[Sample], p: &TrainParams) -> Result<LossSums, TrainError>;
    /// Writes a checkpoint of the model and `state` into `out`.
    fn checkpoint(&mut self, out: &Path, state: &LoopState) -> Result<(), TrainError>;
    /// After every epoch's validation, before its checkpoint (the NNUE writes its net).
    fn end_of_epoch(&mut self, _out: &Path) -> Result<(), TrainError> {
        Ok(())
    }
    /// Once every epoch is done (the value network writes its net).
    fn finish(&mut self, _out: &Path) -> Result<(), TrainError> {
        Ok(())
    }
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

/// Trains `fit` until every epoch is done or `observer` answers `Break` (see the module
/// contract).
pub fn run<F: Fit>(
    fit: &mut F,
    state: &mut LoopState,
    data: &Dataset,
    out: &Path,
    checkpoint_every: Option<Duration>,
    observer: &mut dyn FnMut(Event) -> ControlFlow<()>,
) -> Result<Summary, TrainError> {
    let p = state.params.clone();
    let n = data.train.len();
    let per_epoch = n.div_ceil(p.batch) as u64;
    let mut samples = 0u64;
    let mut train_time = Duration::ZERO;
    let mut last_checkpoint = Instant::now();
    let summary = |state: &LoopState, finished: bool, samples: u64, time: Duration| Summary {
        finished,
        steps: state.step,
        samples,
        train_seconds: time.as_secs_f64(),
        history: state.history.clone(),
    };
    let checkpoint =
        |fit: &mut F, state: &LoopState, observer: &mut dyn FnMut(Event) -> ControlFlow<()>| {
            fit.checkpoint(out, state)?;
            let _ = observer(Event::Checkpoint { step: state.step });
            Ok::<(), TrainError>(())
        };
    while state.epoch < p.epochs {
        let order = epoch_order(n, p.seed, state.epoch);
        for b in state.batch_in_epoch..per_epoch {
            let start = Instant::now();
            let lo = b as usize * p.batch;
            let batch: Vec<&Sample> = order[lo..(lo + p.batch).min(n)]
                .iter()
                .map(|&i| &data.train[i as usize])
                .collect();
            let (grad, loss) = fit.gradient(&batch, &p)?;
            // A diverged run stops here, before the step is applied and before anything
            // is checkpointed or saved: weights that are not finite are never written.
            if !loss.mean().is_finite() {
                return Err(TrainError::Diverged {
                    step: state.step + 1,
                    loss: loss.mean(),
                });
            }
            let lr = learning_rate(&p, state.step, state.total_steps);
            fit.apply(&grad, lr, &p);
            train_time += start.elapsed();
            samples += batch.len() as u64;
            state.step += 1;
            state.batch_in_epoch = b + 1;
            state.epoch_loss += loss;
            let flow = observer(Event::Step {
                step: state.step,
                total_steps: state.total_steps,
                epoch: state.epoch,
                loss: loss.mean(),
                lr,
            });
            let due = checkpoint_every.is_some_and(|d| last_checkpoint.elapsed() >= d);
            if flow.is_break() || due {
                checkpoint(fit, state, observer)?;
                last_checkpoint = Instant::now();
            }
            if flow.is_break() {
                return Ok(summary(state, false, samples, train_time));
            }
        }
        let val = if data.val.is_empty() {
            None
        } else {
            Some(fit.validate(&data.val, &p)?)
        };
        let record = EpochRecord {
            epoch: state.epoch,
            step: state.step,
            lr: learning_rate(&p, state.step.saturating_sub(1), state.total_steps),
            train: state.epoch_loss,
            val,
        };
        state.history.push(record.clone());
        state.epoch += 1;
        state.batch_in_epoch = 0;
        state.epoch_loss = LossSums::default();
        fit.end_of_epoch(out)?;
        checkpoint(fit, state, observer)?;
        last_checkpoint = Instant::now();
        if observer(Event::Epoch(&record)).is_break() && state.epoch < p.epochs {
            return Ok(summary(state, false, samples, train_time));
        }
    }
    fit.finish(out)?;
    Ok(summary(state, true, samples, train_time))
}
