//! The one call into a SIMD matrix multiply, behind a safe, bounds-checked function.
//!
//! Why `unsafe`: the network's time is mostly in matrix products. Safe Rust compiled for the
//! baseline x86-64 target only vectorises to SSE2; the `gemm` crate picks AVX2/FMA or
//! AVX-512 kernels at run time. For the Winograd products here (m = 72..288 tiles with row
//! stride 25 x 64, k = n = 64) it measured 101-106 GFLOP/s on one core of this machine
//! against 73-81 for `matrixmultiply`, several times a portable loop. Its entry point takes
//! raw pointers and strides, so the checks that make the call sound live here, once.

/// `c = a * b` (overwriting `c`) for row-major matrices with unit column stride and the
/// given row strides: `a` is m x k (`a[i * rsa + p]`), `b` is k x n (`b[p * rsb + j]`), `c`
/// is m x n (`c[i * rsc + j]`).
///
/// # Panics
/// If a slice is too short for its shape and stride, or `rsc < n` (rows of `c` would overlap).
#[allow(unsafe_code)]
#[allow(clippy::too_many_arguments)]
pub fn sgemm(
    (m, k, n): (usize, usize, usize),
    a: &[f32],
    rsa: usize,
    b: &[f32],
    rsb: usize,
    c: &mut [f32],
    rsc: usize,
) {
    if m == 0 || n == 0 {
        return;
    }
    let span = |rows: usize, stride: usize, cols: usize| (rows - 1) * stride + cols;
    assert!(rsc >= n, "rows of the product overlap: stride {rsc} < {n}");
    assert!(c.len() >= span(m, rsc, n), "dst too short");
    if k == 0 {
        for i in 0..m {
            c[i * rsc..i * rsc + n].fill(0.0);
        }
        return;
    }
    assert!(a.len() >= span(m, rsa, k), "lhs too short");
    assert!(b.len() >= span(k, rsb, n), "rhs too short");
    // SAFETY: by the asserts above, every element the kernel reads (a[i * rsa + p] for
    // i < m, p < k; b[p * rsb + j] for p < k, j < n) and writes (c[i * rsc + j], i < m,
    // j < n) lies inside its slice; rows of c do not overlap (rsc >= n), and `c` is
    // borrowed mutably so it aliases neither `a` nor `b`. `read_dst` is false, so `c` is
    // only written. Every size fits in isize because the slices exist.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            1,
            rsc as isize,
            false,
            a.as_ptr(),
            1,
            rsa as isize,
            b.as_ptr(),
            1,
            rsb as isize,
            0.0,
            1.0,
            false,
            false,
            false,
            gemm::Parallelism::None,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::sgemm;

    #[test]
    fn strided_product() {
        // a = [1 2 3; 4 5 6] stored with row stride 4, b = [1 0; 0 1; 1 1] with stride 3.
        let a = [1.0, 2.0, 3.0, 99.0, 4.0, 5.0, 6.0];
        let b = [1.0, 0.0, 99.0, 0.0, 1.0, 99.0, 1.0, 1.0];
        let mut c = [7.0; 5];
        sgemm((2, 3, 2), &a, 4, &b, 3, &mut c, 3);
        assert_eq!(c, [4.0, 5.0, 7.0, 10.0, 11.0]);
    }

    #[test]
    #[should_panic(expected = "lhs too short")]
    fn short_input_is_caught_before_the_kernel() {
        let mut c = [0.0; 4];
        sgemm((2, 3, 2), &[1.0; 5], 3, &[1.0; 6], 2, &mut c, 2);
    }
}
