//! Large batches of encoded positions, written to memory with non-temporal stores.
//!
//! Contract: [`BatchWriter::encode`] and [`BatchWriter::encode_u8`] write exactly what
//! [`encode`] and [`encode_u8`] write for each position, one position after another; only the
//! way the bytes reach memory differs. A batch of 100,000 float32 encodings is 2.0 GB, far
//! more than any cache, so ordinary stores first read every line they write. Here a few
//! positions are encoded into a small block that stays in the cache and the block is then
//! streamed out 32 bytes at a time with AVX2's non-temporal stores, which skip that read
//! (100,000 positions into a warm array: 0.079-0.080 s against 0.083-0.088 s in Rust, 0.080 s
//! against 0.095-0.101 s through `yomi.shogi.encode_batch`). Everything else is encoded in
//! place as usual: batches under [`STREAM_FROM`] positions, which a caller reads again soon
//! and which streaming would push out of the caches; CPUs without AVX2 (16-byte SSE
//! non-temporal stores were slower than plain ones, 0.109 s); and the bytes of [`encode_u8`],
//! for which streaming measured slower.

use crate::features::{INPUT_LEN, encode, encode_u8};
use yomi_shogi::Position;

/// Positions encoded into the cached block before it is streamed out (316 KB of floats;
/// 1 to 8 measured, 4 and 8 the fastest).
const STAGE: usize = 4;

/// The smallest float32 batch that is streamed (80 MB). Streaming leaves the batch out of
/// the caches, which only pays when it would not stay there anyway: through
/// `yomi.shogi.encode_batch`, encoding a batch and then reading it (`out.sum()`) took
/// 124-172 µs streamed against 85-89 µs for 64 positions, 1.9 against 1.7 ms for 1,024,
/// the same (7.5-8.6 against 7.6 ms) for 4,096 and 28 against 32 ms for 16,384.
pub const STREAM_FROM: usize = 4096;

/// Encodes a batch of positions into its output buffer, possibly block by block; keeps its
/// cached block between calls, so a caller encoding block after block allocates it once.
///
/// ```
/// use yomi_shogi::Position;
/// use yomi_shogi_nn::features::{INPUT_LEN, encode};
/// use yomi_shogi_nn::stream::BatchWriter;
///
/// let positions = vec![Position::startpos(); 5];
/// let mut out = vec![0.0f32; 5 * INPUT_LEN];
/// BatchWriter::for_batch(positions.len()).encode(&positions, &mut out);
/// let mut one = vec![0.0f32; INPUT_LEN];
/// encode(&positions[4], &mut one);
/// assert_eq!(&out[4 * INPUT_LEN..], &one[..]);
/// ```
pub struct BatchWriter {
    stage: Vec<f32>,
    /// Whether float32 blocks are streamed: the batch is at least [`STREAM_FROM`]
    /// positions and the CPU has AVX2.
    stream: bool,
}

impl BatchWriter {
    /// A writer for a batch of `positions` in all (whatever the blocks it is given).
    pub fn for_batch(positions: usize) -> BatchWriter {
        BatchWriter {
            stage: Vec::new(),
            stream: positions >= STREAM_FROM && streaming::available(),
        }
    }

    /// Writes the float32 encoding of each of `positions` into consecutive
    /// [`INPUT_LEN`] chunks of `out`.
    ///
    /// # Panics
    /// If `out` holds fewer than `positions.len() * INPUT_LEN` values (a caller's sizing bug).
    pub fn encode(&mut self, positions: &[Position], out: &mut [f32]) {
        if !self.stream {
            in_place(positions, out, encode);
            return;
        }
        let out = &mut out[..positions.len() * INPUT_LEN];
        self.stage.resize(STAGE * INPUT_LEN, 0.0);
        for (block, dst) in positions
            .chunks(STAGE)
            .zip(out.chunks_mut(STAGE * INPUT_LEN))
        {
            let src = &mut self.stage[..dst.len()];
            in_place(block, src, encode);
            streaming::copy(dst, src);
        }
        streaming::finish();
    }

    /// [`BatchWriter::encode`] for the bytes of [`encode_u8`], always written in place with
    /// ordinary stores: a quarter of the floats' memory, for which streaming measured slower
    /// (100,000 positions from Python: 0.038 s against 0.030 s).
    ///
    /// # Panics
    /// If `out` holds fewer than `positions.len() * INPUT_LEN` values.
    pub fn encode_u8(&mut self, positions: &[Position], out: &mut [u8]) {
        in_place(positions, out, encode_u8);
    }
}

/// Each of `positions` encoded by `encode` into consecutive [`INPUT_LEN`] chunks of `out`.
fn in_place<T>(positions: &[Position], out: &mut [T], encode: fn(&Position, &mut [T])) {
    let out = &mut out[..positions.len() * INPUT_LEN];
    for (pos, chunk) in positions.iter().zip(out.chunks_exact_mut(INPUT_LEN)) {
        encode(pos, chunk);
    }
}

#[cfg(target_arch = "x86_64")]
mod streaming {
    use std::arch::x86_64::{__m256i, _mm_sfence, _mm256_loadu_si256, _mm256_stream_si256};

    /// True when the CPU has AVX2 (asked at run time; the standard library caches it).
    pub fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    /// `dst.copy_from_slice(src)`, the 32-byte-aligned middle of `dst` written with
    /// non-temporal stores. Call [`finish`] before anything else reads `dst`.
    ///
    /// # Panics
    /// If the lengths differ, or where [`available`] is false.
    #[allow(unsafe_code)]
    pub fn copy<T: Copy>(dst: &mut [T], src: &[T]) {
        assert!(dst.len() == src.len() && available());
        // SAFETY: the CPU has AVX2 (asserted just above) and the lengths agree.
        unsafe { copy_avx2(dst, src) }
    }

    /// Orders the streamed stores before any later store, as readers on other threads
    /// (numpy's, after the call returns) need.
    #[allow(unsafe_code)]
    pub fn finish() {
        // SAFETY: `sfence` is part of SSE, which every x86-64 CPU has; it only orders stores.
        unsafe { _mm_sfence() }
    }

    /// # Safety
    /// The CPU must have AVX2; `dst` and `src` must have the same length.
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    unsafe fn copy_avx2<T: Copy>(dst: &mut [T], src: &[T]) {
        let len = std::mem::size_of_val(dst);
        let d = dst.as_mut_ptr().cast::<u8>();
        let s = src.as_ptr().cast::<u8>();
        let head = (d as usize).wrapping_neg() % 32;
        let head = head.min(len);
        let body = (len - head) / 32 * 32;
        // SAFETY (all three parts): `dst` and `src` are distinct slices of `len` bytes (one is
        // borrowed mutably); the head covers bytes `0..head`, the body `head..head + body` in
        // 32-byte steps starting on a 32-byte boundary of `dst` (the stream store's
        // requirement; loads from `src` are unaligned), and the tail the rest, `len` in all.
        unsafe {
            std::ptr::copy_nonoverlapping(s, d, head);
            let mut i = head;
            while i < head + body {
                let v = _mm256_loadu_si256(s.add(i).cast::<__m256i>());
                _mm256_stream_si256(d.add(i).cast::<__m256i>(), v);
                i += 32;
            }
            std::ptr::copy_nonoverlapping(s.add(i), d.add(i), len - i);
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod streaming {
    pub fn available() -> bool {
        false
    }
    pub fn copy<T: Copy>(dst: &mut [T], src: &[T]) {
        dst.copy_from_slice(src);
    }
    pub fn finish() {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::random_positions;

    /// Every position of odd-sized batches, at every offset of the output against a 32-byte
    /// boundary, equals its own encoding, and nothing past the batch is written: in place (a
    /// small batch), and streamed wherever this CPU can.
    #[test]
    fn batches_equal_the_encodings_one_by_one() {
        let positions = random_positions(11, 5);
        let mut one = vec![0.0f32; INPUT_LEN];
        let mut one_u8 = vec![0u8; INPUT_LEN];
        let mut writers = vec![BatchWriter::for_batch(11)];
        assert!(!writers[0].stream);
        if streaming::available() {
            writers.push(BatchWriter::for_batch(STREAM_FROM));
            assert!(writers[1].stream);
        }
        for writer in &mut writers {
            for n in [0, 1, 3, 4, 5, 11] {
                for offset in 0..9 {
                    let mut out = vec![-1.0f32; offset + n * INPUT_LEN + 3];
                    writer.encode(&positions[..n], &mut out[offset..]);
                    let mut bytes = vec![255u8; offset + n * INPUT_LEN + 3];
                    writer.encode_u8(&positions[..n], &mut bytes[offset..]);
                    assert!(out[..offset].iter().all(|&v| v == -1.0));
                    assert!(out[offset + n * INPUT_LEN..].iter().all(|&v| v == -1.0));
                    assert!(bytes[offset + n * INPUT_LEN..].iter().all(|&v| v == 255));
                    for (i, pos) in positions[..n].iter().enumerate() {
                        encode(pos, &mut one);
                        encode_u8(pos, &mut one_u8);
                        let at = offset + i * INPUT_LEN;
                        let mode = if writer.stream {
                            "streamed"
                        } else {
                            "in place"
                        };
                        assert_eq!(
                            &out[at..at + INPUT_LEN],
                            &one[..],
                            "{mode}: n {n} offset {offset} item {i}"
                        );
                        assert_eq!(&bytes[at..at + INPUT_LEN], &one_u8[..]);
                    }
                }
            }
        }
    }
}
