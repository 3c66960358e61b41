//! Winograd F(3x3, 3x3): a 3x3 convolution on 3x3 output tiles with 25 products instead of 81.
//!
//! Contract: a 9x9 board is exactly 3 x 3 tiles of 3 x 3, so the transform wastes nothing.
//! With the evaluation points 0, 1, -1, 2 and infinity, the input and output transforms
//! (`B^T`, `A^T`) have small integer entries (exact in f32) and only the kernel transform
//! `G` has fractions; it is done once, in f64, when the network is built. For each output
//! tile, `Y = A^T [(G g G^T) . (B^T d B)] A` equals the direct correlation of the 5 x 5
//! input patch `d` with the kernel `g` (checked against the direct sum in the tests).
//!
//! Activations here are NHWC: `[sample][square][channel]` with the channel count padded to a
//! multiple of [`LANES`] (padded channels hold zeros), so each transform works on [`LANES`]
//! channels at a time with plain fixed-size arrays, which the compiler turns into vector code.

/// Channels processed together by the transforms; channel counts are padded to a multiple.
pub const LANES: usize = 8;

/// A group of [`LANES`] channels.
pub type Lane = [f32; LANES];

/// Rounds a channel count up to a multiple of [`LANES`].
pub fn padded(channels: usize) -> usize {
    channels.div_ceil(LANES) * LANES
}

/// The kernel transform `G` (5 x 3) for the points 0, 1, -1, 2, infinity.
const G: [[f64; 3]; 5] = [
    [0.5, 0.0, 0.0],
    [-0.5, -0.5, -0.5],
    [-1.0 / 6.0, 1.0 / 6.0, -1.0 / 6.0],
    [1.0 / 6.0, 1.0 / 3.0, 2.0 / 3.0],
    [0.0, 0.0, 1.0],
];

/// `G g G^T` of one 3x3 kernel (row-major), as 25 values in `[row][column]` order.
pub fn kernel_transform(g: &[f32]) -> [f64; 25] {
    let mut tmp = [[0.0f64; 3]; 5]; // G g
    for (i, row) in tmp.iter_mut().enumerate() {
        for (c, value) in row.iter_mut().enumerate() {
            *value = (0..3).map(|k| G[i][k] * g[k * 3 + c] as f64).sum();
        }
    }
    let mut out = [0.0f64; 25];
    for i in 0..5 {
        for j in 0..5 {
            out[i * 5 + j] = (0..3).map(|k| tmp[i][k] * G[j][k]).sum();
        }
    }
    out
}

/// `B^T x` for a column of 5 lanes.
#[inline(always)]
fn bt(x: &[Lane; 5]) -> [Lane; 5] {
    let mut t = [[0.0; LANES]; 5];
    for l in 0..LANES {
        let (x0, x1, x2, x3, x4) = (x[0][l], x[1][l], x[2][l], x[3][l], x[4][l]);
        t[0][l] = 2.0 * (x0 - x2) - x1 + x3;
        t[1][l] = x3 - 2.0 * x1 - x2;
        t[2][l] = 2.0 * x1 - 3.0 * x2 + x3;
        t[3][l] = x3 - x1;
        t[4][l] = 2.0 * (x1 - x3) - x2 + x4;
    }
    t
}

/// `A^T m` for a column of 5 lanes.
#[inline(always)]
fn at(m: &[Lane; 5]) -> [Lane; 3] {
    let mut y = [[0.0; LANES]; 3];
    for l in 0..LANES {
        let (m0, m1, m2, m3, m4) = (m[0][l], m[1][l], m[2][l], m[3][l], m[4][l]);
        y[0][l] = m0 + m1 + m2 + m3;
        y[1][l] = m1 - m2 + 2.0 * m3;
        y[2][l] = m1 + m2 + 4.0 * m3 + m4;
    }
    y
}

/// `B^T d B` of one 5x5 patch of lanes, `d[row][column]`.
#[inline(always)]
pub fn input_tile(d: &[[Lane; 5]; 5]) -> [[Lane; 5]; 5] {
    // Columns first: tmp[i][v] = (B^T d)[i][v].
    let mut tmp = [[[0.0; LANES]; 5]; 5];
    for v in 0..5 {
        let column = [d[0][v], d[1][v], d[2][v], d[3][v], d[4][v]];
        let t = bt(&column);
        for i in 0..5 {
            tmp[i][v] = t[i];
        }
    }
    let mut out = [[[0.0; LANES]; 5]; 5];
    for i in 0..5 {
        out[i] = bt(&tmp[i]);
    }
    out
}

/// `A^T m A` of one 5x5 tile of lanes: the 3x3 outputs.
#[inline(always)]
pub fn output_tile(m: &[[Lane; 5]; 5]) -> [[Lane; 3]; 3] {
    let mut tmp = [[[0.0; LANES]; 5]; 3]; // (A^T m)[a][j]
    for j in 0..5 {
        let column = [m[0][j], m[1][j], m[2][j], m[3][j], m[4][j]];
        let y = at(&column);
        for a in 0..3 {
            tmp[a][j] = y[a];
        }
    }
    [at(&tmp[0]), at(&tmp[1]), at(&tmp[2])]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One tile through the three transforms equals the direct correlation.
    #[test]
    fn one_tile_equals_direct_correlation() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            ((seed >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        };
        let g: Vec<f32> = (0..9).map(|_| next()).collect();
        let mut d = [[[0.0f32; LANES]; 5]; 5];
        for row in d.iter_mut() {
            for lane in row.iter_mut() {
                for v in lane.iter_mut() {
                    *v = next();
                }
            }
        }
        let u = kernel_transform(&g);
        let v = input_tile(&d);
        let mut m = [[[0.0f32; LANES]; 5]; 5];
        for i in 0..5 {
            for j in 0..5 {
                for l in 0..LANES {
                    m[i][j][l] = u[i * 5 + j] as f32 * v[i][j][l];
                }
            }
        }
        let y = output_tile(&m);
        for a in 0..3 {
            for b in 0..3 {
                for l in 0..LANES {
                    let want: f32 = (0..3)
                        .flat_map(|r| (0..3).map(move |c| (r, c)))
                        .map(|(r, c)| g[r * 3 + c] * d[a + r][b + c][l])
                        .sum();
                    assert!((y[a][b][l] - want).abs() < 1e-5, "{a},{b},{l}");
                }
            }
        }
    }
}
