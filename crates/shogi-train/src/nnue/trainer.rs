//! The NNUE training loop: epochs of shuffled batches, validation after each epoch,
//! checkpoints, and the quantized net written as YaneuraOu's `nn.bin`.
//!
//! Contract: the loop is the value network's, [`epochs::run`]: the same parameters
//! ([`TrainParams`]), shuffle, learning-rate schedule, loss and observer events; a diverged
//! loss stops it before the step is applied or anything is written. After every epoch (and
//! every `checkpoint_every`, and when the observer stops it) it checkpoints into `out`;
//! after every epoch it also writes `out/nn.bin`, the quantized net of that moment,
//! atomically. A resumed run continues exactly where the checkpoint stands and refuses
//! other data (by fingerprint).

use crate::nnue::checkpoint::{self, PROGRESS_FORMAT, Progress};
use crate::nnue::grad::{Gradient, batch_gradient, evaluate};
use crate::nnue::net::FloatNet;
use crate::nnue::optim::Adam;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;
use yomi_shogi_nn::train::epochs::{self, Fit, LoopState};
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

/// Refuses a king-relative rows' L1 shrinkage outside 0 to 1000 (NaN and infinities
/// included).
pub fn validate_row_l1(row_l1: f32) -> Result<(), TrainError> {
    if (0.0..=1e3).contains(&row_l1) {
        Ok(())
    } else {
        Err(TrainError::Params(format!(
            "row L1 = {row_l1}: must be from 0 to 1000"
        )))
    }
}

impl NnueTrainer {
    /// A fresh run from `net` on `data`, shrinking the king-relative rows by `row_l1` (see
    /// [`Adam::step`]; 0: not at all); `threads` = 0 uses every core.
    pub fn new(
        net: FloatNet,
        params: TrainParams,
        row_l1: f32,
        data: &Dataset,
        threads: usize,
    ) -> Result<NnueTrainer, TrainError> {
        params.validate()?;
        validate_row_l1(row_l1)?;
        if data.train.len() > u32::MAX as usize {
            return Err(TrainError::Data(format!(
                "{} training positions; at most {} are supported",
                data.train.len(),
                u32::MAX
            )));
        }
        Ok(NnueTrainer {
            net,
            opt: Adam::new(),
            progress: Progress {
                format: PROGRESS_FORMAT.into(),
                run: LoopState::new(params, data.train.len()),
                data_fingerprint: data.fingerprint,
                train_rows: data.train.len(),
                val_rows: data.val.len(),
                state_hash: 0,
                row_l1,
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

    /// Threads computing gradients.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
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
        let mut state = self.progress.run.clone();
        let summary = epochs::run(self, &mut state, data, out, checkpoint_every, observer);
        self.progress.run = state;
        summary
    }
}

impl Fit for NnueTrainer {
    type Gradient = Gradient;

    fn gradient(
        &mut self,
        batch: &[&Sample],
        p: &TrainParams,
    ) -> Result<(Gradient, LossSums), TrainError> {
        let net = &self.net;
        self.pool
            .install(|| batch_gradient(net, batch, p.lambda, p.chunk))
    }

    fn apply(&mut self, g: &Gradient, lr: f32, p: &TrainParams) {
        let (net, opt, row_l1) = (&mut self.net, &mut self.opt, self.progress.row_l1);
        self.pool.install(|| opt.step(net, g, lr, p, row_l1));
    }

    fn validate(&mut self, val: &[Sample], p: &TrainParams) -> Result<LossSums, TrainError> {
        let net = &self.net;
        self.pool.install(|| evaluate(net, val, p.lambda, p.chunk))
    }

    fn checkpoint(&mut self, out: &Path, state: &LoopState) -> Result<(), TrainError> {
        self.progress.run = state.clone();
        checkpoint::save(out, &self.net, &self.opt, &mut self.progress)
    }

    fn end_of_epoch(&mut self, out: &Path) -> Result<(), TrainError> {
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
}
