//! Convolution as one matrix product: the 3x3 neighbourhoods laid out as columns.
//!
//! Contract: [`conv3x3`] computes exactly the reference convolution (padding 1, bias) for a
//! chunk of samples, with activations stored `[channel][sample * 81 + square]` (so one
//! channel of the whole chunk is one contiguous row) and the kernel in its file layout
//! `[out][in * 9]`, which is already the left matrix of the product.

use super::sgemm::sgemm;
use crate::features::SQUARES;
use crate::weights::Conv;

/// Where a chunk's source activations live: `value(channel, sample, square) =
/// data[channel * channel_stride + sample * sample_stride + square]`.
#[derive(Clone, Copy)]
pub struct Source<'a> {
    /// The floats.
    pub data: &'a [f32],
    /// Distance between channels.
    pub channel_stride: usize,
    /// Distance between samples.
    pub sample_stride: usize,
}

/// Fills `col` (`in_ch * 9` rows of `samples * 81`) with the shifted, zero-padded copies of
/// the source: row `i * 9 + tap` holds channel `i` read at offset `(tap / 3 - 1, tap % 3 - 1)`.
pub fn im2col(src: Source<'_>, in_ch: usize, samples: usize, col: &mut [f32]) {
    let n = samples * SQUARES;
    for ci in 0..in_ch {
        for tap in 0..9 {
            let (dr, dc) = (tap / 3, tap % 3); // offsets + 1
            let row = &mut col[(ci * 9 + tap) * n..(ci * 9 + tap + 1) * n];
            for s in 0..samples {
                let base = ci * src.channel_stride + s * src.sample_stride;
                let plane = &src.data[base..base + SQUARES];
                let dst = &mut row[s * SQUARES..(s + 1) * SQUARES];
                for r in 0..9 {
                    let out = &mut dst[r * 9..r * 9 + 9];
                    let sr = r + dr;
                    if !(1..=9).contains(&sr) {
                        out.fill(0.0);
                        continue;
                    }
                    let line = &plane[(sr - 1) * 9..(sr - 1) * 9 + 9];
                    match dc {
                        0 => {
                            out[0] = 0.0;
                            out[1..].copy_from_slice(&line[..8]);
                        }
                        1 => out.copy_from_slice(line),
                        _ => {
                            out[..8].copy_from_slice(&line[1..]);
                            out[8] = 0.0;
                        }
                    }
                }
            }
        }
    }
}

/// `dst[o][j] = bias[o] + sum over (i, tap) of weight[o][i * 9 + tap] * col[i * 9 + tap][j]`
/// for a chunk of `samples`; `col` is scratch of at least `in_ch * 9 * samples * 81` floats.
pub fn conv3x3(conv: &Conv, src: Source<'_>, samples: usize, col: &mut [f32], dst: &mut [f32]) {
    let n = samples * SQUARES;
    let k = conv.in_ch * 9;
    im2col(src, conv.in_ch, samples, col);
    for (o, row) in dst[..conv.out_ch * n].chunks_exact_mut(n).enumerate() {
        row.fill(conv.bias[o]);
    }
    sgemm(conv.out_ch, k, n, &conv.weight, &col[..k * n], 1.0, dst);
}
