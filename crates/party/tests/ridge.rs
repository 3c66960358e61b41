//! Ridge regression against a closed-form solution and brute-force leave-one-out.

use yomi_core::Rng;
use yomi_party::ridge::{fit, r2};

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
#[allow(clippy::needless_range_loop)]
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..n {
            let f = a[r][c] / a[c][c];
            for k in c..n {
                a[r][k] -= f * a[c][k];
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        x[r] = (b[r] - (r + 1..n).map(|k| a[r][k] * x[k]).sum::<f64>()) / a[r][r];
    }
    x
}

/// Ridge with an unpenalized intercept by the normal equations on centered data.
#[allow(clippy::needless_range_loop)]
fn closed_form(rows: &[Vec<f64>], y: &[f64], alpha: f64) -> (Vec<f64>, f64) {
    let (n, p) = (rows.len(), rows[0].len());
    let mx: Vec<f64> = (0..p)
        .map(|j| rows.iter().map(|r| r[j]).sum::<f64>() / n as f64)
        .collect();
    let my = y.iter().sum::<f64>() / n as f64;
    let mut a = vec![vec![0.0; p]; p];
    let mut b = vec![0.0; p];
    for (r, &yy) in rows.iter().zip(y) {
        for i in 0..p {
            b[i] += (r[i] - mx[i]) * (yy - my);
            for j in 0..p {
                a[i][j] += (r[i] - mx[i]) * (r[j] - mx[j]);
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += alpha;
    }
    let beta = solve(a, b);
    let icpt = my - mx.iter().zip(&beta).map(|(m, c)| m * c).sum::<f64>();
    (beta, icpt)
}

fn problem(n: usize, p: usize, seed: u64) -> (Vec<Vec<f64>>, Vec<f64>) {
    let mut rng = Rng::new(seed);
    let w: Vec<f64> = (0..p).map(|_| rng.unit() * 2.0 - 1.0).collect();
    let rows: Vec<Vec<f64>> = (0..n)
        .map(|_| (0..p).map(|_| (rng.below(2)) as f64).collect())
        .collect();
    let y = rows
        .iter()
        .map(|r| 0.3 + r.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>() + rng.unit() - 0.5)
        .collect();
    (rows, y)
}

#[test]
fn coefficients_match_the_normal_equations_and_loo_matches_refitting() {
    let (rows, y) = problem(40, 6, 1);
    let flat: Vec<f64> = rows.concat();
    let alphas = [0.1, 1.0, 10.0];
    let f = fit(&flat, 40, 6, &y, &alphas).unwrap();
    // Brute-force LOO: refit without each row, predict it.
    let brute: Vec<f64> = alphas
        .iter()
        .map(|&a| {
            (0..40)
                .map(|k| {
                    let r: Vec<Vec<f64>> = rows
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != k)
                        .map(|(_, r)| r.clone())
                        .collect();
                    let yy: Vec<f64> = y
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != k)
                        .map(|(_, v)| *v)
                        .collect();
                    let (b, c) = closed_form(&r, &yy, a);
                    let pred = c + rows[k].iter().zip(&b).map(|(x, w)| x * w).sum::<f64>();
                    (y[k] - pred).powi(2)
                })
                .sum::<f64>()
                / 40.0
        })
        .collect();
    for (got, want) in f.loo_mse.iter().zip(&brute) {
        assert!((got - want).abs() < 1e-10, "{got} vs {want}");
    }
    let best = (0..3)
        .min_by(|&i, &j| brute[i].total_cmp(&brute[j]))
        .unwrap();
    assert_eq!(f.alpha, alphas[best]);
    let (beta, icpt) = closed_form(&rows, &y, f.alpha);
    for (a, b) in f.coef.iter().zip(&beta) {
        assert!((a - b).abs() < 1e-10, "{a} vs {b}");
    }
    assert!((f.intercept - icpt).abs() < 1e-10);
}

#[test]
fn collinear_columns_and_ties_are_handled() {
    // Columns 0 and 1 always sum to 1 (like species indicators): a singular Gram matrix.
    let mut rng = Rng::new(5);
    let mut flat = Vec::new();
    let mut y = Vec::new();
    for _ in 0..30 {
        let a = rng.below(2) as f64;
        let c = rng.below(2) as f64;
        flat.extend([a, 1.0 - a, c]);
        y.push(0.5 * a + 0.2 * c + 0.1 * rng.unit());
    }
    let f = fit(&flat, 30, 3, &y, &[1.0]).unwrap();
    let rows: Vec<Vec<f64>> = flat.chunks(3).map(|c| c.to_vec()).collect();
    let (beta, _) = closed_form(&rows, &y, 1.0);
    for (a, b) in f.coef.iter().zip(&beta) {
        assert!((a - b).abs() < 1e-10);
    }
    // The same penalty twice: the earlier one is kept (a tie).
    let g = fit(&flat, 30, 3, &y, &[2.0, 2.0]).unwrap();
    assert_eq!(g.loo_mse[0], g.loo_mse[1]);
    assert_eq!(g.alpha, 2.0);
    let pred: Vec<f64> = rows.iter().map(|r| f.predict_row(r)).collect();
    assert!(r2(&y, &pred) > 0.8);
    assert!(fit(&flat, 30, 3, &y, &[-1.0]).is_err());
    assert!(fit(&flat, 31, 3, &y, &[1.0]).is_err());
}
