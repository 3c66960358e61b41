//! Fast batched inference on the CPU.
//!
//! Contract: [`Network::forward`] returns, for every sample, the reference forward's logit
//! within 1e-4 relative; for a given thread count the result is deterministic (a sample's
//! logit does not depend on which other samples share its batch). Work is split into one
//! contiguous block of samples per thread; each thread pushes its block through the whole
//! network a few samples at a time (see [`params`]) with buffers allocated once, when the
//! network is built, so `forward` allocates nothing. A [`Network`] is `Send + Sync`; calls
//! from several threads at once are correct and take turns on the per-thread buffers.

mod chunk;
pub mod params;
mod prepared;
mod sgemm;
mod winograd;

use std::sync::Mutex;

use rayon::prelude::*;
use yomi_shogi::Position;

use crate::config::NetConfig;
use crate::error::NnError;
use crate::features::{INPUT_LEN, encode};
use crate::weights::Weights;
use chunk::Scratch;
use params::{CHUNK_SAMPLES, MIN_SAMPLES_PER_THREAD};
use prepared::Prepared;

/// A value network ready to evaluate batches.
pub struct Network {
    weights: Weights,
    prepared: Prepared,
    pool: Option<rayon::ThreadPool>,
    scratch: Vec<Mutex<Scratch>>,
}

impl Network {
    /// A network using every core the process may use.
    pub fn new(weights: Weights) -> Result<Network, NnError> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Network::with_threads(weights, cores)
    }

    /// A network that splits batches over `threads` threads (1 = the calling thread only).
    pub fn with_threads(weights: Weights, threads: usize) -> Result<Network, NnError> {
        weights.check()?;
        if threads == 0 {
            return Err(NnError::Config("threads = 0; expected at least 1".into()));
        }
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("yomi-nn-{i}"))
                    .build()
                    .map_err(|e| NnError::Config(format!("cannot start {threads} threads: {e}")))?,
            )
        } else {
            None
        };
        let prepared = Prepared::new(&weights);
        let scratch = (0..threads)
            .map(|_| Mutex::new(Scratch::new(&prepared)))
            .collect();
        Ok(Network {
            weights,
            prepared,
            pool,
            scratch,
        })
    }

    /// The network's shape.
    pub fn config(&self) -> NetConfig {
        self.weights.config
    }

    /// The parameters it evaluates with.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Threads a large batch is split over.
    pub fn threads(&self) -> usize {
        self.scratch.len()
    }

    /// Writes the logits of `batch` encoded positions (`input`: `batch * INPUT_LEN` floats,
    /// each as [`encode`] writes it) into `out[..batch]`.
    ///
    /// # Panics
    /// If `input.len() != batch * INPUT_LEN` or `out.len() < batch` (caller sizing bugs).
    pub fn forward(&self, input: &[f32], batch: usize, out: &mut [f32]) {
        assert_eq!(
            input.len(),
            batch * INPUT_LEN,
            "input must hold batch x INPUT_LEN floats"
        );
        assert!(
            out.len() >= batch,
            "out holds {} < {batch} logits",
            out.len()
        );
        let out = &mut out[..batch];
        let parts = self.threads().min(batch / MIN_SAMPLES_PER_THREAD).max(1);
        if parts == 1 || self.pool.is_none() {
            self.run_part(0, input, out);
            return;
        }
        let mut blocks = Vec::with_capacity(parts);
        let (mut input, mut out) = (input, out);
        for t in 0..parts {
            let len = batch * (t + 1) / parts - batch * t / parts;
            let (head_in, rest_in) = input.split_at(len * INPUT_LEN);
            let (head_out, rest_out) = out.split_at_mut(len);
            blocks.push((t, head_in, head_out));
            (input, out) = (rest_in, rest_out);
        }
        if let Some(pool) = &self.pool {
            pool.install(|| {
                blocks
                    .into_par_iter()
                    .for_each(|(t, input, out)| self.run_part(t, input, out));
            });
        }
    }

    /// Logits of `positions`, encoded here (allocates; use [`Network::forward`] with a
    /// reused buffer in a hot loop).
    pub fn evaluate(&self, positions: &[Position]) -> Vec<f32> {
        let mut input = vec![0.0; positions.len() * INPUT_LEN];
        for (pos, chunk) in positions.iter().zip(input.chunks_exact_mut(INPUT_LEN)) {
            encode(pos, chunk);
        }
        let mut out = vec![0.0; positions.len()];
        self.forward(&input, positions.len(), &mut out);
        out
    }

    fn run_part(&self, part: usize, input: &[f32], out: &mut [f32]) {
        // A poisoned lock only means another call panicked mid-batch; the buffers hold no
        // state between calls, so they are still fine to use.
        let mut scratch = self.scratch[part]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for (input, out) in input
            .chunks(CHUNK_SAMPLES * INPUT_LEN)
            .zip(out.chunks_mut(CHUNK_SAMPLES))
        {
            scratch.forward(&self.prepared, input, out);
        }
    }
}
