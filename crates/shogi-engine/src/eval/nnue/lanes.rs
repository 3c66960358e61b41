//! Aligned storage for the NNUE arithmetic: the accumulators, the feature
//! transformer's rows and the hidden layers' bytes, each aligned so that the
//! AVX2 code reads and writes them with aligned 32-byte loads and stores.
//!
//! Contract: these types only fix where the values lie in memory; each reads
//! and writes as the plain array or slice it wraps. Why it matters: a load
//! the compiler cannot prove aligned is split in two 16-byte halves under the
//! x86-64 tuning the workspace builds for, which cost the engine about a
//! tenth of its nodes per second with NNUE (measured with the global tuning
//! flag that stops the split); YaneuraOu aligns its weights the same way.

use super::file::HALF;
use bytemuck::{Pod, Zeroable};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// 256 `i16` lanes on a cache line boundary: one perspective's accumulator,
/// or one feature's row of the feature transformer.
#[derive(Clone, Copy, PartialEq, Eq, Pod, Zeroable)]
#[repr(C, align(64))]
pub struct Lanes(pub [i16; HALF]);

impl Lanes {
    /// All lanes zero.
    pub const ZERO: Lanes = Lanes([0; HALF]);
}

impl fmt::Debug for Lanes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lanes({:?}, ..)", &self.0[..8])
    }
}

/// The feature transformer's weights: one [`Lanes`] row per feature, also seen
/// as one flat feature-major `[i16]` (the file's order) through `Deref`.
#[derive(Clone, PartialEq, Eq)]
pub struct FtWeights(Vec<Lanes>);

impl FtWeights {
    /// `rows` rows of zeros.
    pub fn zeroed(rows: usize) -> FtWeights {
        FtWeights(vec![Lanes::ZERO; rows])
    }

    /// Feature `f`'s row.
    #[inline]
    pub fn row(&self, f: usize) -> &Lanes {
        &self.0[f]
    }
}

impl Deref for FtWeights {
    type Target = [i16];
    fn deref(&self) -> &[i16] {
        bytemuck::cast_slice(&self.0)
    }
}

impl DerefMut for FtWeights {
    fn deref_mut(&mut self) -> &mut [i16] {
        bytemuck::cast_slice_mut(&mut self.0)
    }
}

impl FromIterator<i16> for FtWeights {
    /// Rows from a flat feature-major sequence; a last partial row is padded with zeros.
    fn from_iter<I: IntoIterator<Item = i16>>(iter: I) -> FtWeights {
        let flat: Vec<i16> = iter.into_iter().collect();
        FtWeights(
            flat.chunks(HALF)
                .map(|c| {
                    let mut row = Lanes::ZERO;
                    row.0[..c.len()].copy_from_slice(c);
                    row
                })
                .collect(),
        )
    }
}

impl fmt::Debug for FtWeights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FtWeights({} rows)", self.0.len())
    }
}

/// 32 bytes on a 32-byte boundary: a chunk of a layer's input or of one of its rows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Pod, Zeroable)]
#[repr(C, align(32))]
pub struct Bytes32(pub [u8; 32]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_aligned_and_the_flat_view_is_feature_major() {
        let w: FtWeights = (0..3 * HALF as i32).map(|i| i as i16).collect();
        assert_eq!(w.len(), 3 * HALF);
        assert_eq!(w.row(2).0[5], (2 * HALF + 5) as i16);
        assert_eq!(w[HALF + 7], (HALF + 7) as i16);
        for f in 0..3 {
            assert_eq!(w.row(f) as *const Lanes as usize % 64, 0);
        }
        let padded: FtWeights = [1i16, 2, 3].into_iter().collect();
        assert_eq!(&padded[..4], &[1, 2, 3, 0]);
    }
}
