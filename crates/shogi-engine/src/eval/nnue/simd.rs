//! The arithmetic of the NNUE layers, with AVX-512 VNNI or AVX2 where the
//! CPU has them (asked at run time on each call; the standard library caches
//! the answer) and portable Rust elsewhere.
//!
//! Contract: [`affine`] (portable: the reference) and [`affine_aligned`]
//! (VNNI, AVX2 or portable) return each row's `bias + Σ w[i] · x[i]` for inputs
//! whose length is a multiple of 32, exactly: with inputs at most 127 (the clipped activations)
//! each `u8 × i8` pair sum stays within `i16` (|2 · 127 · 128| < 32,768), so
//! AVX2's saturating pairwise multiply-add never saturates. [`update`] gives
//! an accumulator minus and plus feature rows, each lane wrapping in `i16`.
//! The aligned forms read [`super::lanes`] types with aligned loads.

use super::lanes::{Bytes32, Lanes};

/// An affine layer's outputs: `out[o] = bias[o] + Σ w[o][i] · x[i]`, rows of `x.len()`
/// weights, `x` in 0..=127 and `x.len()` a multiple of 32, in portable Rust: the
/// reference that the from-scratch [`super::Nnue::evaluate`] uses and that
/// [`affine_aligned`] is tested against.
pub fn affine(w: &[i8], bias: &[i32], x: &[u8], out: &mut [i32]) {
    debug_assert!(w.len() == x.len() * out.len() && bias.len() == out.len());
    for (o, y) in out.iter_mut().enumerate() {
        *y = bias[o] + portable(&w[o * x.len()..(o + 1) * x.len()], x);
    }
}

/// [`affine`] over aligned chunks: `w` holds the rows one after another, each
/// `x.len()` chunks of 32 `i8` weights (stored as bytes), `x` the input's chunks.
#[inline]
#[allow(unsafe_code)]
pub fn affine_aligned(w: &[Bytes32], bias: &[i32], x: &[Bytes32], out: &mut [i32]) {
    assert!(w.len() == x.len() * out.len() && bias.len() == out.len());
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512vnni")
            && std::arch::is_x86_feature_detected!("avx512vl")
        {
            // SAFETY: the CPU has AVX-512 VNNI and VL (checked just above), which imply
            // AVX2; the lengths agree (asserted), and every chunk is 32 bytes on a
            // 32-byte boundary, as the aligned loads need.
            unsafe { vnni::affine_aligned(w, bias, x, out) };
            return;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above); the lengths agree (asserted),
            // and every chunk is 32 bytes on a 32-byte boundary, as the aligned loads need.
            unsafe { avx2::affine_aligned(w, bias, x, out) };
            return;
        }
    }
    let w: &[i8] = bytemuck::cast_slice(w);
    let x: &[u8] = bytemuck::cast_slice(x);
    affine(w, bias, x, out);
}

/// `out = prev - Σ sub + Σ add`, each lane wrapping in `i16` (YaneuraOu's accumulator
/// arithmetic): one pass over the accumulator however many rows change.
#[inline]
#[allow(unsafe_code)]
pub fn update(prev: &Lanes, out: &mut Lanes, sub: &[&Lanes], add: &[&Lanes]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above); `Lanes` are 512 bytes on a
            // 64-byte boundary, as the aligned loads and stores need.
            unsafe { avx2::update(prev, out, sub, add) };
            return;
        }
    }
    update_portable(prev, out, sub, add);
}

/// [`update`] in portable Rust.
fn update_portable(prev: &Lanes, out: &mut Lanes, sub: &[&Lanes], add: &[&Lanes]) {
    *out = *prev;
    for row in sub {
        for (v, &w) in out.0.iter_mut().zip(&row.0) {
            *v = v.wrapping_sub(w);
        }
    }
    for row in add {
        for (v, &w) in out.0.iter_mut().zip(&row.0) {
            *v = v.wrapping_add(w);
        }
    }
}

/// The portable sum: 16 lanes of `i32`, which the compiler vectorizes.
fn portable(w: &[i8], x: &[u8]) -> i32 {
    let mut lanes = [0i32; 16];
    for (w, x) in w.chunks_exact(16).zip(x.chunks_exact(16)) {
        for k in 0..16 {
            lanes[k] += w[k] as i16 as i32 * x[k] as i16 as i32;
        }
    }
    lanes.iter().sum()
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Bytes32, Lanes};
    use std::arch::x86_64::*;

    /// [`super::update`] with AVX2: each half of the accumulator (128 lanes) held in
    /// eight registers while every row is added or taken off, then stored once.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    pub unsafe fn update(prev: &Lanes, out: &mut Lanes, sub: &[&Lanes], add: &[&Lanes]) {
        for half in 0..2 {
            let at = half * 128;
            // SAFETY (every load and store below): lanes `at + 16k..at + 16k + 16` of a
            // `Lanes`, 32 bytes on a 32-byte boundary (the type is 64-byte aligned).
            let mut v: [__m256i; 8] = std::array::from_fn(|k| unsafe {
                _mm256_load_si256(prev.0.as_ptr().add(at + 16 * k).cast())
            });
            for row in sub {
                for (k, v) in v.iter_mut().enumerate() {
                    let w = unsafe { _mm256_load_si256(row.0.as_ptr().add(at + 16 * k).cast()) };
                    *v = _mm256_sub_epi16(*v, w);
                }
            }
            for row in add {
                for (k, v) in v.iter_mut().enumerate() {
                    let w = unsafe { _mm256_load_si256(row.0.as_ptr().add(at + 16 * k).cast()) };
                    *v = _mm256_add_epi16(*v, w);
                }
            }
            for (k, v) in v.iter().enumerate() {
                unsafe { _mm256_store_si256(out.0.as_mut_ptr().add(at + 16 * k).cast(), *v) };
            }
        }
    }

    /// [`super::affine_aligned`] with AVX2: `vpmaddubsw` multiplies and adds pairs into
    /// `i16`, `vpmaddwd` by ones widens them into `i32` (see [`super::rows`]).
    ///
    /// # Safety
    /// The CPU must have AVX2; `w.len() == x.len() * out.len()`, `bias.len() == out.len()`.
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    pub unsafe fn affine_aligned(w: &[Bytes32], bias: &[i32], x: &[Bytes32], out: &mut [i32]) {
        let ones = _mm256_set1_epi16(1);
        // SAFETY: the CPU has AVX2 (this function's contract), which `rows` and these
        // intrinsics need; the lengths are the caller's.
        unsafe {
            super::rows(w, bias, x, out, |sum, xv, wv| {
                _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_maddubs_epi16(xv, wv), ones))
            })
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod vnni {
    use super::Bytes32;
    use std::arch::x86_64::*;

    /// [`super::affine_aligned`] with AVX-512 VNNI on 256-bit registers: `vpdpbusd`
    /// multiplies four `u8 × i8` pairs and adds them into an `i32` lane in one
    /// instruction, exactly (no `i16` step), where AVX2 needs three (see [`super::rows`]).
    ///
    /// # Safety
    /// The CPU must have AVX-512 VNNI and VL; `w.len() == x.len() * out.len()`,
    /// `bias.len() == out.len()`.
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512vnni")]
    #[allow(unsafe_code)]
    pub unsafe fn affine_aligned(w: &[Bytes32], bias: &[i32], x: &[Bytes32], out: &mut [i32]) {
        // SAFETY: the CPU has AVX-512 VNNI and VL (this function's contract), which imply the
        // AVX2 that `rows` needs; the lengths are the caller's.
        unsafe {
            super::rows(w, bias, x, out, |sum, xv, wv| {
                _mm256_dpbusd_epi32(sum, xv, wv)
            })
        }
    }
}

/// The vector forms' shared loop: `out[o] = bias[o] + Σ_j step(x[j], w[o][j])` summed over
/// eight `i32` lanes, four rows at a time (each input chunk loaded once for four rows), the
/// rows left over one by one. Inlined into each form, so it runs with that form's features.
///
/// # Safety
/// The CPU must have AVX2 and what `step` uses; `w.len() == x.len() * out.len()`,
/// `bias.len() == out.len()`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn rows(
    w: &[Bytes32],
    bias: &[i32],
    x: &[Bytes32],
    out: &mut [i32],
    step: impl Fn(
        std::arch::x86_64::__m256i,
        std::arch::x86_64::__m256i,
        std::arch::x86_64::__m256i,
    ) -> std::arch::x86_64::__m256i,
) {
    use std::arch::x86_64::*;
    let n = x.len();
    // SAFETY (every intrinsic below): the CPU has AVX2 (the contract); every load reads a
    // `Bytes32`, 32 bytes on a 32-byte boundary; the store writes the 16 bytes of `lanes`.
    unsafe {
        let load = |c: &Bytes32| _mm256_load_si256(c.0.as_ptr().cast());
        let mut o = 0;
        while o + 4 <= out.len() {
            let mut sums = [_mm256_setzero_si256(); 4];
            let rows = &w[o * n..(o + 4) * n];
            for (j, xs) in x.iter().enumerate() {
                let xv = load(xs);
                for (r, sum) in sums.iter_mut().enumerate() {
                    *sum = step(*sum, xv, load(&rows[r * n + j]));
                }
            }
            // Horizontal sums of the four, side by side: [s0, s1, s2, s3].
            let a = _mm256_hadd_epi32(sums[0], sums[1]);
            let b = _mm256_hadd_epi32(sums[2], sums[3]);
            let ab = _mm256_hadd_epi32(a, b);
            let four = _mm_add_epi32(_mm256_castsi256_si128(ab), _mm256_extracti128_si256(ab, 1));
            let mut lanes = [0i32; 4];
            _mm_storeu_si128(lanes.as_mut_ptr().cast(), four);
            for r in 0..4 {
                out[o + r] = bias[o + r] + lanes[r];
            }
            o += 4;
        }
        while o < out.len() {
            let mut sum = _mm256_setzero_si256();
            for (j, xs) in x.iter().enumerate() {
                sum = step(sum, load(xs), load(&w[o * n + j]));
            }
            let half = _mm_add_epi32(
                _mm256_castsi256_si128(sum),
                _mm256_extracti128_si256(sum, 1),
            );
            let quad = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0b01_00_11_10));
            let pair = _mm_add_epi32(quad, _mm_shuffle_epi32(quad, 0b10_11_00_01));
            out[o] = bias[o] + _mm_cvtsi128_si32(pair);
            o += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type AlignedPath = fn(&[Bytes32], &[i32], &[Bytes32], &mut [i32]);

    /// [`affine_aligned`] as dispatched, and each vector form this CPU can run
    /// called directly, so that a machine with VNNI still checks the AVX2 form.
    fn aligned_paths() -> Vec<AlignedPath> {
        let mut paths: Vec<AlignedPath> = vec![affine_aligned];
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: only called on a CPU with AVX2 (checked just above).
                paths.push(|w, b, x, o| unsafe { avx2::affine_aligned(w, b, x, o) });
            }
            if std::arch::is_x86_feature_detected!("avx512vnni")
                && std::arch::is_x86_feature_detected!("avx512vl")
            {
                // SAFETY: only called on a CPU with AVX-512 VNNI and VL (checked just above).
                paths.push(|w, b, x, o| unsafe { vnni::affine_aligned(w, b, x, o) });
            }
        }
        paths
    }

    #[test]
    fn every_path_gives_the_exact_sums() {
        let mut rng = yomi_core::Rng::new(11);
        for len in [32, 64, 512] {
            for _ in 0..100 {
                let rows = 1 + rng.below(4);
                let w: Vec<i8> = (0..len * rows)
                    .map(|_| (rng.below(256) as i32 - 128) as i8)
                    .collect();
                let x: Vec<u8> = (0..len).map(|_| rng.below(128) as u8).collect();
                let bias: Vec<i32> = (0..rows).map(|_| rng.below(1000) as i32 - 500).collect();
                let want: Vec<i32> = (0..rows)
                    .map(|o| {
                        let row = &w[o * len..(o + 1) * len];
                        bias[o]
                            + row
                                .iter()
                                .zip(&x)
                                .map(|(&a, &b)| a as i32 * b as i32)
                                .sum::<i32>()
                    })
                    .collect();
                let mut got = vec![0; rows];
                affine(&w, &bias, &x, &mut got);
                assert_eq!(got, want);
                let chunks = |b: &[u8]| -> Vec<Bytes32> {
                    b.chunks(32)
                        .map(|c| Bytes32(c.try_into().unwrap()))
                        .collect()
                };
                let wb: Vec<u8> = w.iter().map(|&v| v as u8).collect();
                for path in aligned_paths() {
                    got.fill(0);
                    path(&chunks(&wb), &bias, &chunks(&x), &mut got);
                    assert_eq!(got, want);
                }
            }
        }
        // The extremes, four rows and one left over: every pair at its largest and
        // smallest, where a saturating `i16` step would show.
        let x = [Bytes32([127; 32]); 16];
        for (w, want) in [(-128i8, -128 * 127 * 512), (127, 127 * 127 * 512)] {
            let rows = vec![Bytes32([w as u8; 32]); 16 * 5];
            for path in aligned_paths() {
                let mut y = [0; 5];
                path(&rows, &[0; 5], &x, &mut y);
                assert_eq!(y, [want; 5]);
            }
            let mut y = [0];
            affine(&[w; 512], &[0], bytemuck::cast_slice(&x), &mut y);
            assert_eq!(y, [want]);
        }
    }

    #[test]
    fn an_update_takes_off_and_adds_rows_wrapping() {
        let mut rng = yomi_core::Rng::new(13);
        let row = |rng: &mut yomi_core::Rng| {
            let mut l = Lanes::ZERO;
            l.0.iter_mut()
                .for_each(|v| *v = rng.below(65536) as u16 as i16);
            l
        };
        for (subs, adds) in [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (38, 38)] {
            let prev = row(&mut rng);
            let sub: Vec<Lanes> = (0..subs).map(|_| row(&mut rng)).collect();
            let add: Vec<Lanes> = (0..adds).map(|_| row(&mut rng)).collect();
            let mut want = prev;
            for r in &sub {
                for (a, &w) in want.0.iter_mut().zip(&r.0) {
                    *a = a.wrapping_sub(w);
                }
            }
            for r in &add {
                for (a, &w) in want.0.iter_mut().zip(&r.0) {
                    *a = a.wrapping_add(w);
                }
            }
            let sub: Vec<&Lanes> = sub.iter().collect();
            let add: Vec<&Lanes> = add.iter().collect();
            let mut got = Lanes::ZERO;
            update(&prev, &mut got, &sub, &add);
            assert_eq!(got, want);
            update_portable(&prev, &mut got, &sub, &add);
            assert_eq!(got, want);
        }
    }
}
