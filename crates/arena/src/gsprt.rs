//! Log-likelihood ratios for the generalized SPRT (GSPRT) on multinomial
//! match results.
//!
//! Contract: results are a discrete distribution over score points (0, ½, 1
//! per game, or 0, ¼, ½, ¾, 1 per pair). Each hypothesis H is replaced by the
//! maximum-likelihood distribution on the same points that satisfies H's
//! constraint; the LLR is `n · Σ p̂ᵢ · ln(p1ᵢ / p0ᵢ)` with p̂ the empirical
//! frequencies (M. Van den Bergh, "Comments on Normalized Elo", the method
//! fishtest and fastchess use):
//! - logistic model: H fixes the expected score `s`; the ML distribution is
//!   p̂ᵢ / (1 + θ(aᵢ − s)) with θ solving Σ p̂ᵢ(aᵢ − s)/(1 + θ(aᵢ − s)) = 0;
//! - normalized model: H fixes t = (μ − ½)/σ; the ML distribution is found by
//!   the fixed-point iteration of that paper (section 4.1).
//!
//! Entries with zero frequency take no part. Callers regularize empty
//! buckets (see [`crate::sprt`]) so both hypotheses stay reachable.

/// Solves Σ p̂ᵢ φᵢ / (1 + θ φᵢ) = 0 for θ (safeguarded Newton), over the entries with
/// p̂ᵢ > 0, on the interval where every 1 + θφᵢ stays positive. `None` when
/// the φᵢ do not straddle zero (no solution exists).
fn solve_theta(phi: &[f64], probs: &[f64]) -> Option<f64> {
    let live = || phi.iter().zip(probs).filter(|&(_, &p)| p > 0.0);
    let min = live().map(|(&f, _)| f).fold(f64::INFINITY, f64::min);
    let max = live().map(|(&f, _)| f).fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    // The sum decreases in θ, from +∞ just above −1/max to −∞ just below
    // −1/min: Newton steps inside a shrinking bracket, bisecting whenever a
    // step would leave it (so convergence is guaranteed and usually quadratic).
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    let eval = |theta: f64| {
        live().fold((0.0, 0.0), |(f, df), (&x, &p)| {
            let d = 1.0 + theta * x;
            (f + p * x / d, df - p * x * x / (d * d))
        })
    };
    let mut theta = 0.0; // lo < 0 < hi
    for _ in 0..200 {
        let (f, df) = eval(theta);
        if f == 0.0 {
            return Some(theta);
        }
        if f > 0.0 {
            lo = theta;
        } else {
            hi = theta;
        }
        let newton = theta - f / df;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if next == theta || (next - theta).abs() <= 1e-15 * (1.0 + theta.abs()) {
            return Some(next);
        }
        theta = next;
    }
    Some(theta)
}

/// Frequencies and total from counts.
fn frequencies(counts: &[f64]) -> (Vec<f64>, f64) {
    let n: f64 = counts.iter().sum();
    (counts.iter().map(|c| c / n).collect(), n)
}

/// n · Σ p̂ᵢ ln(p1ᵢ / p0ᵢ) over entries with p̂ᵢ > 0.
fn llr_of(n: f64, probs: &[f64], p0: &[f64], p1: &[f64]) -> f64 {
    let sum: f64 = (0..probs.len())
        .filter(|&i| probs[i] > 0.0)
        .map(|i| probs[i] * (p1[i].ln() - p0[i].ln()))
        .sum();
    n * sum
}

/// Maximum-likelihood distribution on `points` with mean `s`, given empirical `probs`.
fn mle_with_mean(points: &[f64], probs: &[f64], s: f64) -> Option<Vec<f64>> {
    let phi: Vec<f64> = points.iter().map(|a| a - s).collect();
    let theta = solve_theta(&phi, probs)?;
    Some(
        probs
            .iter()
            .zip(&phi)
            .map(|(p, f)| p / (1.0 + theta * f))
            .collect(),
    )
}

/// Maximum-likelihood distribution on `points` with (μ − ½)/σ = `t`.
fn mle_with_t(points: &[f64], probs: &[f64], t: f64) -> Vec<f64> {
    // Start from the observed frequencies: the answer is a reweighting of
    // them, so this is close and saves iterations over a uniform start.
    let mut p = probs.to_vec();
    for _ in 0..200 {
        let mu: f64 = points.iter().zip(&p).map(|(a, q)| a * q).sum();
        let var: f64 = points
            .iter()
            .zip(&p)
            .map(|(a, q)| q * (a - mu).powi(2))
            .sum();
        let sigma = var.sqrt();
        if sigma <= 0.0 {
            break;
        }
        let phi: Vec<f64> = points
            .iter()
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let Some(theta) = solve_theta(&phi, probs) else {
            break;
        };
        let mut change = 0.0f64;
        for i in 0..p.len() {
            let next = probs[i] / (1.0 + theta * phi[i]);
            change = change.max((next - p[i]).abs());
            p[i] = next;
        }
        if change < 1e-12 {
            break;
        }
    }
    p
}

/// GSPRT LLR of "expected score = s1" against "expected score = s0" for
/// `counts` at `points` (logistic Elo model once s0/s1 come from Elo).
/// 0 with no observations; NaN if a hypothesis lies outside the observed support.
pub fn llr_logistic(points: &[f64], counts: &[f64], s0: f64, s1: f64) -> f64 {
    let (probs, n) = frequencies(counts);
    if n <= 0.0 {
        return 0.0;
    }
    match (
        mle_with_mean(points, &probs, s0),
        mle_with_mean(points, &probs, s1),
    ) {
        (Some(p0), Some(p1)) => llr_of(n, &probs, &p0, &p1),
        _ => f64::NAN,
    }
}

/// GSPRT LLR of "t = t1" against "t = t0", t = (μ − ½)/σ being the normalized
/// score of one unit (game or pair). 0 with no observations.
pub fn llr_normalized(points: &[f64], counts: &[f64], t0: f64, t1: f64) -> f64 {
    let (probs, n) = frequencies(counts);
    if n <= 0.0 {
        return 0.0;
    }
    let p0 = mle_with_t(points, &probs, t0);
    let p1 = mle_with_t(points, &probs, t1);
    llr_of(n, &probs, &p0, &p1)
}

/// The classic normal approximation of the same LLR:
/// n·(s1 − s0)·(2·mean − s0 − s1) / (2·var). 0 when the variance is zero.
pub fn llr_normal_approx(mean: f64, var: f64, n: f64, s0: f64, s1: f64) -> f64 {
    if var <= 0.0 || n <= 0.0 {
        return 0.0;
    }
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logistic_llr_on_two_points_is_the_binomial_ratio() {
        // On {0, 1} the only distribution with mean s is (1 − s, s), so with
        // n = 100 and 60% wins: LLR = 100·[0.6·ln(0.6/0.5) + 0.4·ln(0.4/0.5)]
        //   = 100·[0.6·0.1823216 − 0.4·0.2231436] = 100·0.0201355 = 2.01355.
        let llr = llr_logistic(&[0.0, 1.0], &[40.0, 60.0], 0.5, 0.6);
        assert!((llr - 2.013_55).abs() < 1e-4, "{llr}");
        // Swapping the hypotheses negates the ratio.
        let back = llr_logistic(&[0.0, 1.0], &[40.0, 60.0], 0.6, 0.5);
        assert!((llr + back).abs() < 1e-9);
    }

    #[test]
    fn normalized_llr_on_two_points_is_the_binomial_ratio() {
        // On {0, 1}: σ = √(μ(1 − μ)) and (μ − ½)/σ = t gives μ = ½ + t/(2√(1 + t²)).
        // t0 = 0 → μ0 = 0.5; t1 = 0.2 → μ1 = 0.5 + 0.2/(2·1.0198039) = 0.5980581.
        // n = 100, 60 wins: LLR = 100·[0.6·ln(0.5980581/0.5) + 0.4·ln(0.4019419/0.5)]
        //   = 100·[0.6·0.1790798 + 0.4·(−0.2183005)] = 100·0.0201277 = 2.01277.
        let llr = llr_normalized(&[0.0, 1.0], &[40.0, 60.0], 0.0, 0.2);
        assert!((llr - 2.012_77).abs() < 1e-4, "{llr}");
    }

    #[test]
    fn mle_hits_the_constraint() {
        let points = [0.0, 0.25, 0.5, 0.75, 1.0];
        let probs = [0.05, 0.2, 0.4, 0.25, 0.1];
        let p = mle_with_mean(&points, &probs, 0.55).unwrap();
        let mean: f64 = points.iter().zip(&p).map(|(a, q)| a * q).sum();
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((mean - 0.55).abs() < 1e-9, "{mean}");
        let q = mle_with_t(&points, &probs, 0.1);
        let mu: f64 = points.iter().zip(&q).map(|(a, w)| a * w).sum();
        let var: f64 = points
            .iter()
            .zip(&q)
            .map(|(a, w)| w * (a - mu).powi(2))
            .sum();
        assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(((mu - 0.5) / var.sqrt() - 0.1).abs() < 1e-6);
    }

    #[test]
    fn exact_llr_is_close_to_the_normal_approximation_for_small_effects() {
        let points = [0.0, 0.25, 0.5, 0.75, 1.0];
        let counts = [20.0, 110.0, 240.0, 130.0, 25.0];
        let (probs, n) = frequencies(&counts);
        let mean: f64 = points.iter().zip(&probs).map(|(a, p)| a * p).sum();
        let var: f64 = points
            .iter()
            .zip(&probs)
            .map(|(a, p)| p * (a - mean).powi(2))
            .sum();
        let (s0, s1) = (0.5, 0.5 + 10.0 * std::f64::consts::LN_10 / 1600.0);
        let exact = llr_logistic(&points, &counts, s0, s1);
        let approx = llr_normal_approx(mean, var, n, s0, s1);
        assert!(
            (exact - approx).abs() < 0.02 * approx.abs().max(0.1),
            "{exact} vs {approx}"
        );
        assert_eq!(llr_logistic(&points, &[0.0; 5], s0, s1), 0.0);
    }
}
