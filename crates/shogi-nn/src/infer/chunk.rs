//! One worker's pass of a few samples through the whole network.
//!
//! Contract: [`Scratch::forward`] writes the logits of up to `CHUNK_SAMPLES` samples, equal
//! to the reference forward up to float rounding, using only the buffers allocated once in
//! [`Scratch::new`]. Activations are NHWC with padded channels (see [`super::winograd`]);
//! a tile is `sample * 9 + tile_row * 3 + tile_column`.

use super::params::CHUNK_SAMPLES;
use super::prepared::{Layer, Prepared};
use super::sgemm::sgemm;
use super::winograd::{LANES, Lane, input_tile, output_tile};
use crate::features::{INPUT_LEN, PLANES, SQUARES};

/// The per-worker buffers: transformed inputs and products, and NHWC activations.
pub struct Scratch {
    v: Vec<f32>,
    m: Vec<f32>,
    x: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Scratch {
    /// Buffers for chunks of up to `CHUNK_SAMPLES` samples of the given network.
    pub fn new(net: &Prepared) -> Scratch {
        let widest = net.layers.iter().map(|l| l.cp_in.max(l.cp_out)).max();
        let widest = widest.unwrap_or(LANES);
        let tiles = CHUNK_SAMPLES * 9;
        let act = CHUNK_SAMPLES * SQUARES * widest;
        Scratch {
            v: vec![0.0; tiles * 25 * widest],
            m: vec![0.0; tiles * 25 * widest],
            x: vec![0.0; act],
            a: vec![0.0; act],
            b: vec![0.0; act],
        }
    }

    /// Logits of `out.len()` samples whose encodings are `input` (`out.len() * INPUT_LEN`).
    pub fn forward(&mut self, net: &Prepared, input: &[f32], out: &mut [f32]) {
        let samples = out.len();
        debug_assert!(samples <= CHUNK_SAMPLES);
        let Scratch { v, m, x, a, b } = self;
        let first = &net.layers[0];
        to_nhwc(input, samples, first.cp_in, a);
        conv(first, a, samples, v, m, None, x);
        for group in net.layers[1..].chunks_exact(3) {
            conv(&group[0], x, samples, v, m, None, a);
            conv(&group[1], a, samples, v, m, None, b);
            conv(&group[2], b, samples, v, m, Some(&x[..]), a);
            std::mem::swap(x, a);
        }
        let cp = net.layers.last().map_or(LANES, |l| l.cp_out);
        for (s, logit) in out.iter_mut().enumerate() {
            let act = &x[s * SQUARES * cp..(s + 1) * SQUARES * cp];
            let dot: f32 = net.fc_weight.iter().zip(act).map(|(w, v)| w * v).sum();
            *logit = net.fc_bias + dot;
        }
    }
}

/// CHW samples (61 planes) to NHWC with `cp` channels, the padding zero.
fn to_nhwc(input: &[f32], samples: usize, cp: usize, dst: &mut [f32]) {
    let dst = &mut dst[..samples * SQUARES * cp];
    dst.fill(0.0);
    for (sample, out) in input[..samples * INPUT_LEN]
        .chunks_exact(INPUT_LEN)
        .zip(dst.chunks_exact_mut(SQUARES * cp))
    {
        for plane in 0..PLANES {
            for sq in 0..SQUARES {
                out[sq * cp + plane] = sample[plane * SQUARES + sq];
            }
        }
    }
}

/// `dst = relu(conv(src) + bias + skip)` for a chunk, NHWC in and out.
///
/// On x86-64 CPUs with AVX2 and FMA the same code is compiled a second time with those
/// features (8 floats a vector instead of SSE2's 4), picked at run time.
#[allow(unsafe_code)]
fn conv(
    layer: &Layer,
    src: &[f32],
    samples: usize,
    v: &mut [f32],
    m: &mut [f32],
    skip: Option<&[f32]>,
    dst: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: `conv_avx2` only differs from `conv_portable` in being compiled for AVX2
        // and FMA, and the running CPU has both (checked just above).
        unsafe { conv_avx2(layer, src, samples, v, m, skip, dst) };
        return;
    }
    conv_portable(layer, src, samples, v, m, skip, dst);
}

/// [`conv_portable`] compiled with AVX2 and FMA enabled.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn conv_avx2(
    layer: &Layer,
    src: &[f32],
    samples: usize,
    v: &mut [f32],
    m: &mut [f32],
    skip: Option<&[f32]>,
    dst: &mut [f32],
) {
    conv_portable(layer, src, samples, v, m, skip, dst);
}

/// The convolution itself; inlined into each instruction-set variant.
#[inline(always)]
fn conv_portable(
    layer: &Layer,
    src: &[f32],
    samples: usize,
    v: &mut [f32],
    m: &mut [f32],
    skip: Option<&[f32]>,
    dst: &mut [f32],
) {
    let (cin, cout) = (layer.cp_in, layer.cp_out);
    let tiles = samples * 9;
    input_transform(src, samples, cin, v);
    for xi in 0..25 {
        sgemm(
            (tiles, cin, cout),
            &v[xi * cin..],
            25 * cin,
            &layer.u[xi * cin * cout..(xi + 1) * cin * cout],
            cout,
            &mut m[xi * cout..],
            25 * cout,
        );
    }
    output_transform(m, samples, layer, skip, dst);
}

/// Writes `v[tile][xi][channel]`, the transformed 5x5 input patch of every tile.
#[inline(always)]
fn input_transform(src: &[f32], samples: usize, cp: usize, v: &mut [f32]) {
    let zero: Lane = [0.0; LANES];
    for s in 0..samples {
        let board = &src[s * SQUARES * cp..(s + 1) * SQUARES * cp];
        for tile in 0..9 {
            let (ty, tx) = (tile / 3, tile % 3);
            let out = &mut v[(s * 9 + tile) * 25 * cp..(s * 9 + tile + 1) * 25 * cp];
            for c0 in (0..cp).step_by(LANES) {
                let mut d = [[zero; 5]; 5];
                for (u, row) in d.iter_mut().enumerate() {
                    let r = (3 * ty + u).wrapping_sub(1);
                    if r >= 9 {
                        continue;
                    }
                    for (w, lane) in row.iter_mut().enumerate() {
                        let c = (3 * tx + w).wrapping_sub(1);
                        if c < 9 {
                            *lane = lane_at(board, (r * 9 + c) * cp + c0);
                        }
                    }
                }
                let t = input_tile(&d);
                for (xi, lane) in t.iter().flatten().enumerate() {
                    let to: &mut Lane = (&mut out[xi * cp + c0..xi * cp + c0 + LANES])
                        .try_into()
                        .unwrap();
                    *to = *lane;
                }
            }
        }
    }
}

/// The [`LANES`] floats of `data` from `at` on, as one fixed-size value.
#[inline(always)]
fn lane_at(data: &[f32], at: usize) -> Lane {
    let mut lane = [0.0; LANES];
    lane.copy_from_slice(&data[at..at + LANES]);
    lane
}

/// From the products `m[tile][xi][channel]`, writes `relu(A^T m A + bias (+ skip))` NHWC.
#[inline(always)]
fn output_transform(
    m: &[f32],
    samples: usize,
    layer: &Layer,
    skip: Option<&[f32]>,
    dst: &mut [f32],
) {
    let cp = layer.cp_out;
    for s in 0..samples {
        for tile in 0..9 {
            let (ty, tx) = (tile / 3, tile % 3);
            let prod = &m[(s * 9 + tile) * 25 * cp..(s * 9 + tile + 1) * 25 * cp];
            for c0 in (0..cp).step_by(LANES) {
                let mut t = [[[0.0; LANES]; 5]; 5];
                for (xi, lane) in t.iter_mut().flatten().enumerate() {
                    *lane = lane_at(prod, xi * cp + c0);
                }
                let y = output_tile(&t);
                let bias = lane_at(&layer.bias, c0);
                for (a, row) in y.iter().enumerate() {
                    for (b, lane) in row.iter().enumerate() {
                        let at = (s * SQUARES + (3 * ty + a) * 9 + 3 * tx + b) * cp + c0;
                        let out: &mut Lane = (&mut dst[at..at + LANES]).try_into().unwrap();
                        match skip {
                            Some(skip) => {
                                let skip = lane_at(skip, at);
                                for l in 0..LANES {
                                    out[l] = (lane[l] + bias[l] + skip[l]).max(0.0);
                                }
                            }
                            None => {
                                for l in 0..LANES {
                                    out[l] = (lane[l] + bias[l]).max(0.0);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
