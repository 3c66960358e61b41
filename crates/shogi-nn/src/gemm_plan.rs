//! Row-major matrix products expressed as column-major BLAS calls (cuBLAS's convention),
//! kept apart from the GPU code so that the mapping is tested in every build.
//!
//! Contract: for row-major `a` (logical `m x k`) and `b` (logical `k x n`), each stored
//! `rows x cols` and possibly read transposed, [`plan`] gives the call `C = op(A) op(B)` of
//! a column-major GEMM that leaves the row-major `m x n` product in `c` (`ldc = n`) when
//! `A` is `b`'s storage and `B` is `a`'s. Why: a row-major buffer read column-major is its
//! transpose, so the product asked for is `c^T = b^T a^T`.

#![cfg_attr(not(feature = "cuda"), allow(dead_code))]

/// A row-major `rows x cols` matrix stored at the start of a buffer, read as is or
/// transposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) transposed: bool,
}

impl Shape {
    /// A row-major `rows x cols` matrix read as is.
    pub(crate) fn new(rows: usize, cols: usize) -> Shape {
        Shape {
            rows,
            cols,
            transposed: false,
        }
    }

    /// The same storage read transposed.
    pub(crate) fn t(self) -> Shape {
        Shape {
            transposed: !self.transposed,
            ..self
        }
    }

    /// Logical shape after transposition.
    pub(crate) fn logical(self) -> (usize, usize) {
        if self.transposed {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        }
    }

    /// Floats the storage spans.
    pub(crate) fn stored(self) -> usize {
        self.rows * self.cols
    }
}

/// A column-major GEMM call `C (m x n) = op(A) (m x k) * op(B) (k x n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ColumnMajorCall {
    /// `op(A) = A^T`.
    pub(crate) trans_a: bool,
    /// `op(B) = B^T`.
    pub(crate) trans_b: bool,
    pub(crate) m: usize,
    pub(crate) n: usize,
    pub(crate) k: usize,
    pub(crate) lda: usize,
    pub(crate) ldb: usize,
    pub(crate) ldc: usize,
}

/// The call computing the row-major `a * b` with `A` = `b`'s storage and `B` = `a`'s (see
/// the module docs); an error when the inner dimensions differ.
pub(crate) fn plan(a: Shape, b: Shape) -> Result<ColumnMajorCall, String> {
    let (m, k) = a.logical();
    let (k2, n) = b.logical();
    if k != k2 {
        return Err(format!("inner dimensions differ: {m} x {k} by {k2} x {n}"));
    }
    // Read column-major, `b`'s storage is `b^T` when not transposed: exactly the operand
    // wanted, no op; when transposed it is `b` itself, so op = transpose. The leading
    // dimension is always the stored row length. The same holds for `a`.
    Ok(ColumnMajorCall {
        trans_a: b.transposed,
        trans_b: a.transposed,
        m: n,
        n: m,
        k,
        lda: b.cols,
        ldb: a.cols,
        ldc: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference column-major GEMM (BLAS semantics, beta = 0).
    fn sgemm(call: ColumnMajorCall, a: &[f32], b: &[f32], c: &mut [f32]) {
        let ColumnMajorCall {
            trans_a,
            trans_b,
            m,
            n,
            k,
            lda,
            ldb,
            ldc,
        } = call;
        // BLAS requires each leading dimension to cover the rows of the stored matrix.
        assert!(lda >= if trans_a { k } else { m }.max(1), "lda {call:?}");
        assert!(ldb >= if trans_b { n } else { k }.max(1), "ldb {call:?}");
        assert!(ldc >= m.max(1), "ldc {call:?}");
        for j in 0..n {
            for i in 0..m {
                let mut sum = 0.0;
                for l in 0..k {
                    let x = if trans_a {
                        a[l + i * lda]
                    } else {
                        a[i + l * lda]
                    };
                    let y = if trans_b {
                        b[j + l * ldb]
                    } else {
                        b[l + j * ldb]
                    };
                    sum += x * y;
                }
                c[i + j * ldc] = sum;
            }
        }
    }

    /// Element (i, j) of a row-major matrix read through `s`.
    fn at(data: &[f32], s: Shape, i: usize, j: usize) -> f32 {
        if s.transposed {
            data[j * s.cols + i]
        } else {
            data[i * s.cols + j]
        }
    }

    #[test]
    fn every_product_the_gpu_makes_comes_out_row_major() {
        // Shapes of the training pass (outer products, row sums, a column-vector head)
        // beside general ones, each read in every transposition.
        for (m, k, n) in [(5, 3, 4), (1, 7, 3), (6, 1, 5), (4, 6, 1), (1, 1, 1)] {
            for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
                let sa = if ta {
                    Shape::new(k, m).t()
                } else {
                    Shape::new(m, k)
                };
                let sb = if tb {
                    Shape::new(n, k).t()
                } else {
                    Shape::new(k, n)
                };
                let a: Vec<f32> = (0..m * k).map(|i| (i * 7 % 11) as f32 - 5.0).collect();
                let b: Vec<f32> = (0..k * n).map(|i| (i * 5 % 13) as f32 - 6.0).collect();
                let call = plan(sa, sb).unwrap();
                let mut c = vec![f32::NAN; m * n];
                sgemm(call, &b, &a, &mut c);
                for i in 0..m {
                    for j in 0..n {
                        let want: f32 = (0..k).map(|l| at(&a, sa, i, l) * at(&b, sb, l, j)).sum();
                        assert_eq!(c[i * n + j], want, "{m}x{k}x{n} {ta} {tb} at ({i}, {j})");
                    }
                }
            }
        }
        assert!(plan(Shape::new(2, 3), Shape::new(2, 3)).is_err());
    }
}
