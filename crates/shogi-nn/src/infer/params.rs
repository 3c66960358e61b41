//! Tunables of the fast forward pass, in one place.

/// Samples one worker pushes through all layers at a time (8 measured best of 4, 8, 16, 32:
/// the transformed inputs and products of a chunk, 2 x 25 x 64 x 72 floats, stay in L2).
pub const CHUNK_SAMPLES: usize = 8;

/// Below this many samples per worker a batch is not split across threads: handing work to
/// another thread costs more than it saves.
pub const MIN_SAMPLES_PER_THREAD: usize = 2;
