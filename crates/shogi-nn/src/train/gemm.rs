//! Row-major single-precision matrix products for training.
//!
//! Contract: [`gemm`] computes `c = a * b + beta * c` for row-major buffers, where either
//! operand may be read transposed without a copy. It goes through nalgebra's safe strided
//! views, which hand these sizes to matrixmultiply's blocked `sgemm` (single-threaded and
//! deterministic: the same inputs give the same bits).

use nalgebra::{DMatrixView, DMatrixViewMut, Dyn};

/// A row-major `rows x cols` matrix in `data`, read as is or transposed.
#[derive(Clone, Copy)]
pub(crate) struct Mat<'a> {
    data: &'a [f32],
    rows: usize,
    cols: usize,
    transposed: bool,
}

impl<'a> Mat<'a> {
    /// The row-major matrix `rows x cols` stored in `data` (exactly `rows * cols` floats).
    pub(crate) fn new(data: &'a [f32], rows: usize, cols: usize) -> Mat<'a> {
        assert_eq!(data.len(), rows * cols, "matrix buffer length");
        Mat {
            data,
            rows,
            cols,
            transposed: false,
        }
    }

    /// The same buffer read as the transposed matrix.
    pub(crate) fn t(self) -> Mat<'a> {
        Mat {
            transposed: !self.transposed,
            ..self
        }
    }

    /// Logical shape (after transposition).
    fn shape(&self) -> (usize, usize) {
        if self.transposed {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        }
    }

    fn view(&self) -> DMatrixView<'a, f32, Dyn, Dyn> {
        if self.transposed {
            DMatrixView::from_slice_with_strides(self.data, self.cols, self.rows, 1, self.cols)
        } else {
            DMatrixView::from_slice_with_strides(self.data, self.rows, self.cols, self.cols, 1)
        }
    }
}

/// `c = a * b + beta * c`, `c` row-major `m x n` with `(m, k) = a.shape()`, `(k, n) =
/// b.shape()`. With `beta == 0` the old contents of `c` are never read.
pub(crate) fn gemm(a: Mat, b: Mat, beta: f32, c: &mut [f32]) {
    let (m, k) = a.shape();
    let (k2, n) = b.shape();
    assert_eq!(k, k2, "inner dimensions");
    assert_eq!(c.len(), m * n, "output buffer length");
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        c.iter_mut().for_each(|x| *x *= beta);
        return;
    }
    if m <= SMALL || n <= SMALL || k <= SMALL {
        return small_gemm(a, b, beta, c, (m, k, n));
    }
    let mut cv = DMatrixViewMut::from_slice_with_strides_mut(c, m, n, n, 1);
    cv.gemm(1.0, &a.view(), &b.view(), beta);
}

/// nalgebra hands a product to matrixmultiply only when every dimension exceeds this; its
/// own fallback for smaller ones mis-indexes strided row-major views, so those are done
/// here instead.
const SMALL: usize = 5;

/// The plain triple loop, for products with a dimension of at most [`SMALL`].
fn small_gemm(a: Mat, b: Mat, beta: f32, c: &mut [f32], (m, k, n): (usize, usize, usize)) {
    let at = |i: usize, l: usize| {
        if a.transposed {
            a.data[l * a.cols + i]
        } else {
            a.data[i * a.cols + l]
        }
    };
    let bt = |l: usize, j: usize| {
        if b.transposed {
            b.data[j * b.cols + l]
        } else {
            b.data[l * b.cols + j]
        }
    };
    for i in 0..m {
        for j in 0..n {
            let sum: f32 = (0..k).map(|l| at(i, l) * bt(l, j)).sum();
            let old = if beta == 0.0 {
                0.0
            } else {
                beta * c[i * n + j]
            };
            c[i * n + j] = sum + old;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(a: &[f32], at: bool, b: &[f32], bt: bool, m: usize, k: usize, n: usize) -> Vec<f32> {
        let ga = |i: usize, j: usize| if at { a[j * m + i] } else { a[i * k + j] };
        let gb = |i: usize, j: usize| if bt { b[j * k + i] } else { b[i * n + j] };
        let mut c = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                c[i * n + j] = (0..k).map(|l| ga(i, l) * gb(l, j)).sum();
            }
        }
        c
    }

    #[test]
    fn every_transposition_matches_the_naive_product() {
        for (m, k, n) in [(13, 9, 11), (3, 9, 11), (13, 4, 11), (13, 9, 2)] {
            let a: Vec<f32> = (0..m * k)
                .map(|i| ((i * 7 % 17) as f32 - 8.0) / 5.0)
                .collect();
            let b: Vec<f32> = (0..k * n)
                .map(|i| ((i * 5 % 13) as f32 - 6.0) / 3.0)
                .collect();
            for (at, bt) in [(false, false), (true, false), (false, true), (true, true)] {
                let ma = if at {
                    Mat::new(&a, k, m).t()
                } else {
                    Mat::new(&a, m, k)
                };
                let mb = if bt {
                    Mat::new(&b, n, k).t()
                } else {
                    Mat::new(&b, k, n)
                };
                let mut c = vec![1.0; m * n];
                gemm(ma, mb, 1.0, &mut c);
                let want = naive(&a, at, &b, bt, m, k, n);
                for (x, w) in c.iter().zip(&want) {
                    assert!(
                        (x - (w + 1.0)).abs() < 1e-4,
                        "{at} {bt}: {x} vs {}",
                        w + 1.0
                    );
                }
            }
        }
    }
}
