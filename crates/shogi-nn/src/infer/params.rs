//! Tunables of the fast forward pass, in one place.

/// Samples one worker pushes through all layers at a time. Measured with the gemm crate
/// (positions per CPU-second, batch 256, 13x64): 4 beat 8 by about 6% and 16 by about 3%;
/// a chunk's transformed inputs and products (2 x 25 x 64 x 36 floats) stay in L2.
pub const CHUNK_SAMPLES: usize = 4;

/// Below this many samples per worker a batch is not split across threads: handing work to
/// another thread costs more than it saves.
pub const MIN_SAMPLES_PER_THREAD: usize = 2;
