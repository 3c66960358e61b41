//! Patch extraction for 3x3 convolutions with zero padding, and its adjoint.
//!
//! Contract: activations are stored square-major, `[sample][square][channel]` (square =
//! `row * 9 + column`, the spatial order of the CHW input). [`im2col`] writes, for every
//! (sample, square) row, the `in_ch * 9` inputs of its 3x3 window ordered `[ky][kx][channel]`
//! (zero outside the board), so that each tap is one contiguous copy; a convolution is
//! `col * K^T` with the kernel reordered to `[out][ky][kx][in]` ([`tap_major`]).
//! [`col2im`] is the exact transpose: it adds each window entry back onto the square it came
//! from. The GPU pass (`crate::cuda`) keeps its activations in the same order, so it uses
//! these reorderings of the kernels and of the head ([`fc_square_major`]) too.

use crate::features::SQUARES;

/// Marks a window tap that falls off the board.
const OFF: u8 = u8::MAX;

/// `NEIGHBOURS[s][ky * 3 + kx]`: the square under tap (ky, kx) of the window centred on
/// `s`, or [`OFF`].
const NEIGHBOURS: [[u8; 9]; SQUARES] = neighbours();

const fn neighbours() -> [[u8; 9]; SQUARES] {
    let mut table = [[OFF; 9]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (row, col) = ((s / 9) as i32, (s % 9) as i32);
        let mut k = 0;
        while k < 9 {
            let (r, c) = (row + (k / 3) as i32 - 1, col + (k % 3) as i32 - 1);
            if r >= 0 && r < 9 && c >= 0 && c < 9 {
                table[s][k] = (r * 9 + c) as u8;
            }
            k += 1;
        }
        s += 1;
    }
    table
}

/// Fills `col` (`samples * 81` rows of `in_ch * 9`) from `input` (`samples * 81 * in_ch`).
pub(crate) fn im2col(input: &[f32], in_ch: usize, col: &mut [f32]) {
    let width = in_ch * 9;
    debug_assert_eq!(input.len() / in_ch * width, col.len());
    for (cell, row) in col.chunks_exact_mut(width).enumerate() {
        let (sample, s) = (cell / SQUARES, cell % SQUARES);
        for (&n, dst) in NEIGHBOURS[s].iter().zip(row.chunks_exact_mut(in_ch)) {
            if n == OFF {
                dst.fill(0.0);
            } else {
                dst.copy_from_slice(&input[(sample * SQUARES + n as usize) * in_ch..][..in_ch]);
            }
        }
    }
}

/// Overwrites `grad_input` (`samples * 81 * in_ch`) with the sum, over every window entry of
/// `grad_col`, of that entry added to the square it was read from: the adjoint of [`im2col`].
pub(crate) fn col2im(grad_col: &[f32], in_ch: usize, grad_input: &mut [f32]) {
    let width = in_ch * 9;
    debug_assert_eq!(grad_input.len() / in_ch * width, grad_col.len());
    grad_input.iter_mut().for_each(|x| *x = 0.0);
    for (cell, row) in grad_col.chunks_exact(width).enumerate() {
        let (sample, s) = (cell / SQUARES, cell % SQUARES);
        for (&n, src) in NEIGHBOURS[s].iter().zip(row.chunks_exact(in_ch)) {
            if n != OFF {
                let dst = &mut grad_input[(sample * SQUARES + n as usize) * in_ch..][..in_ch];
                for (d, v) in dst.iter_mut().zip(src) {
                    *d += v;
                }
            }
        }
    }
}

/// A `[out][in][3][3]` kernel reordered to `[out][ky][kx][in]`, the column order of
/// [`im2col`].
pub(crate) fn tap_major(weight: &[f32], in_ch: usize) -> Vec<f32> {
    let mut out = vec![0.0; weight.len()];
    for (src, dst) in weight
        .chunks_exact(in_ch * 9)
        .zip(out.chunks_exact_mut(in_ch * 9))
    {
        for i in 0..in_ch {
            for k in 0..9 {
                dst[k * in_ch + i] = src[i * 9 + k];
            }
        }
    }
    out
}

/// Adds a tap-major (`[out][ky][kx][in]`) kernel gradient onto a `[out][in][3][3]` one.
pub(crate) fn add_from_tap_major(grad: &mut [f32], tap_major: &[f32], in_ch: usize) {
    for (dst, src) in grad
        .chunks_exact_mut(in_ch * 9)
        .zip(tap_major.chunks_exact(in_ch * 9))
    {
        for i in 0..in_ch {
            for k in 0..9 {
                dst[i * 9 + k] += src[k * in_ch + i];
            }
        }
    }
}

/// The fully connected weights (CHW, `channel * 81 + square`) in the square-major order of
/// the activations, `square * channels + channel`.
pub(crate) fn fc_square_major(fc: &[f32], channels: usize) -> Vec<f32> {
    let mut out = vec![0.0; channels * SQUARES];
    for ch in 0..channels {
        for s in 0..SQUARES {
            out[s * channels + ch] = fc[ch * SQUARES + s];
        }
    }
    out
}

/// Adds a square-major head gradient ([`fc_square_major`]'s order) onto a CHW one.
pub(crate) fn add_from_fc_square_major(grad: &mut [f32], square_major: &[f32], channels: usize) {
    for s in 0..SQUARES {
        for ch in 0..channels {
            grad[ch * SQUARES + s] += square_major[s * channels + ch];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_and_centre_windows_read_the_right_squares() {
        // Square 0 (row 0, column 0): only taps (1,1), (1,2), (2,1), (2,2) are on the board.
        assert_eq!(NEIGHBOURS[0], [OFF, OFF, OFF, OFF, 0, 1, OFF, 9, 10]);
        // Square 40 (the centre): the full 3x3 block around it.
        assert_eq!(NEIGHBOURS[40], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }

    #[test]
    fn col2im_is_the_transpose_of_im2col() {
        // <im2col(x), y> == <x, col2im(y)> for arbitrary x, y: the defining adjoint identity.
        let (samples, in_ch) = (2, 3);
        let x: Vec<f32> = (0..samples * SQUARES * in_ch)
            .map(|i| ((i * 37 % 101) as f32 - 50.0) / 25.0)
            .collect();
        let y: Vec<f32> = (0..samples * SQUARES * in_ch * 9)
            .map(|i| ((i * 53 % 97) as f32 - 48.0) / 24.0)
            .collect();
        let mut col = vec![f32::NAN; y.len()];
        im2col(&x, in_ch, &mut col);
        let mut back = vec![f32::NAN; x.len()];
        col2im(&y, in_ch, &mut back);
        let lhs: f64 = col
            .iter()
            .zip(&y)
            .map(|(a, b)| (*a as f64) * (*b as f64))
            .sum();
        let rhs: f64 = x
            .iter()
            .zip(&back)
            .map(|(a, b)| (*a as f64) * (*b as f64))
            .sum();
        assert!(
            (lhs - rhs).abs() < 1e-3 * lhs.abs().max(1.0),
            "{lhs} vs {rhs}"
        );
        // Channel 1 of square 0 of sample 1 sits at tap (1,1) of its own window.
        assert_eq!(
            col[SQUARES * in_ch * 9 + 4 * in_ch + 1],
            x[SQUARES * in_ch + 1]
        );
        // A window reordered with its kernel gives the same dot product.
        let kernel: Vec<f32> = (0..2 * in_ch * 9).map(|i| (i % 7) as f32 - 3.0).collect();
        let reordered = tap_major(&kernel, in_ch);
        let mut back = vec![0.0; kernel.len()];
        add_from_tap_major(&mut back, &reordered, in_ch);
        assert_eq!(back, kernel);
        assert_eq!(reordered[in_ch + 1], kernel[9 + 1], "tap 1 of channel 1");
        // The head's reordering and its gradient's way back.
        let fc: Vec<f32> = (0..in_ch * SQUARES).map(|i| i as f32).collect();
        let sm = fc_square_major(&fc, in_ch);
        assert_eq!(sm[in_ch + 2], fc[2 * SQUARES + 1], "square 1 of channel 2");
        let mut back = vec![0.0; fc.len()];
        add_from_fc_square_major(&mut back, &sm, in_ch);
        assert_eq!(back, fc);
    }
}
