//! Tunables of the fast forward pass, in one place.

/// Samples one worker pushes through all layers at a time. The im2col matrix of a chunk
/// (`C * 9` rows by `CHUNK_SAMPLES * 81` columns) should stay within a core's L2 cache.
pub const CHUNK_SAMPLES: usize = 8;

/// Below this many samples per worker a batch is not split across threads: handing work to
/// another thread costs more than it saves.
pub const MIN_SAMPLES_PER_THREAD: usize = 2;
