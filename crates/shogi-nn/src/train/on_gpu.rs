//! The trainer's GPU path: labelled positions to compact records, then the batch gradient
//! and the validation losses through [`CudaTrainer`].
//!
//! Contract: the same values as the CPU path's `batch_gradient` and `evaluate` up to float
//! rounding (the GPU sums in another order); a position that does not parse is the same
//! [`TrainError::Data`] as on the CPU.

use crate::cuda::CudaTrainer;
use crate::features::{COMPACT_LEN, encode_compact};
use crate::train::data::Sample;
use crate::train::error::TrainError;
use crate::train::grads::Grads;
use crate::train::loss::{LossSums, Target};
use crate::weights::Weights;

/// Validation positions per GPU pass: enough to fill the GPU; a 13 x 64 network's buffers
/// take about 1.5 GB at this size (they are sized for the largest pass and kept).
const EVAL_CHUNK: usize = 2048;

/// Compact records and targets of `samples`.
fn compact<'a>(
    samples: impl ExactSizeIterator<Item = &'a Sample>,
) -> Result<(Vec<u8>, Vec<Target>), TrainError> {
    let mut bytes = vec![0u8; samples.len() * COMPACT_LEN];
    let mut targets = Vec::with_capacity(samples.len());
    for (s, out) in samples.zip(bytes.chunks_exact_mut(COMPACT_LEN)) {
        encode_compact(&s.position()?, out);
        targets.push(s.target);
    }
    Ok((bytes, targets))
}

/// The mean loss over `batch` and its gradient, on the GPU.
pub(crate) fn batch_gradient(
    gpu: &mut CudaTrainer,
    w: &Weights,
    batch: &[&Sample],
    lambda: f32,
) -> Result<(Grads, LossSums), TrainError> {
    let (bytes, targets) = compact(batch.iter().copied())?;
    Ok(gpu.gradient(w, &bytes, &targets, lambda)?)
}

/// The losses of `w` over `samples`, on the GPU.
pub(crate) fn evaluate(
    gpu: &mut CudaTrainer,
    w: &Weights,
    samples: &[Sample],
    lambda: f32,
) -> Result<LossSums, TrainError> {
    let mut total = LossSums::default();
    for chunk in samples.chunks(EVAL_CHUNK) {
        let (bytes, targets) = compact(chunk.iter())?;
        total += gpu.losses(w, &bytes, &targets, lambda)?;
    }
    Ok(total)
}
