//! The one call into a SIMD matrix multiply, behind a safe, bounds-checked function.
//!
//! Why `unsafe`: the network's time is almost all in `C x 9C` by `9C x n` products. Safe
//! Rust compiled for the baseline x86-64 target only vectorises to SSE2; `matrixmultiply`
//! picks AVX2/FMA kernels at run time and measured 70-98 GFLOP/s on one core here for
//! these shapes, several times a portable loop. Its entry point takes raw pointers, so
//! the checks that make the call sound live here, once.

/// `c = a * b + beta * c` for row-major, contiguous `a` (m x k), `b` (k x n), `c` (m x n).
///
/// # Panics
/// If a slice is shorter than its shape says.
#[allow(unsafe_code)]
pub fn sgemm(m: usize, k: usize, n: usize, a: &[f32], b: &[f32], beta: f32, c: &mut [f32]) {
    assert!(
        a.len() >= m * k,
        "lhs has {} floats, needs {m} x {k}",
        a.len()
    );
    assert!(
        b.len() >= k * n,
        "rhs has {} floats, needs {k} x {n}",
        b.len()
    );
    assert!(
        c.len() >= m * n,
        "dst has {} floats, needs {m} x {n}",
        c.len()
    );
    // SAFETY: the asserts above guarantee that every element the kernel reads (a: rows
    // 0..m with stride k, b: rows 0..k with stride n, unit column strides) and writes (c:
    // rows 0..m with stride n) lies inside the three slices; `c` is borrowed mutably, so it
    // aliases neither `a` nor `b`. The dimensions fit in isize because the slices exist.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            k as isize,
            1,
            b.as_ptr(),
            n as isize,
            1,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::sgemm;

    #[test]
    fn small_product_with_accumulation() {
        // [1 2 3; 4 5 6] x [1 0; 0 1; 1 1] = [4 5; 10 11], plus 1 x the old c.
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let b = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        let mut c = [1.0, 1.0, 1.0, 1.0];
        sgemm(2, 3, 2, &a, &b, 1.0, &mut c);
        assert_eq!(c, [5.0, 6.0, 11.0, 12.0]);
        sgemm(2, 3, 2, &a, &b, 0.0, &mut c);
        assert_eq!(c, [4.0, 5.0, 10.0, 11.0]);
    }
}
