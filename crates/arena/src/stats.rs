//! Match statistics: score, Elo difference with a 95% confidence interval,
//! normalized Elo and likelihood of superiority, from either per-game
//! (trinomial: win/draw/loss) or per-pair (pentanomial) counts.
//!
//! Contract:
//! - Elo(s) = −400·log10(1/s − 1) for a score fraction `s` in `[0, 1]`.
//! - The confidence interval maps `s ± z·σ/√n` through Elo(·), where σ² is the
//!   variance of one unit (a game for [`Trinomial`], a pair for
//!   [`Pentanomial`]) and `n` the number of units; the reported error is half
//!   the width of that interval (it is not symmetric around the estimate).
//! - Nothing here panics or divides into a silent NaN by accident:
//!   * no games at all: score, Elo and its interval are NaN ("undefined",
//!     serialized as `null` by the report), LOS is 0.5 (no evidence either way);
//!   * a score of exactly 1 (all wins) or 0 (all losses): Elo is +∞ / −∞ and
//!     the error is +∞ (also serialized as `null`);
//!   * an interval end outside `[0, 1]` is clamped, giving an infinite end and
//!     an infinite error rather than NaN.

use std::f64::consts::LN_10;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// 800 / ln(10): converts a normalized t-value (mean excess over one standard
/// deviation) to normalized Elo, as fishtest and fastchess define nElo.
pub const NELO_SCALE: f64 = 800.0 / LN_10;

/// Elo difference for a score fraction: −400·log10(1/s − 1).
/// +∞ for `s = 1`, −∞ for `s = 0`, NaN when `s` is NaN or outside `[0, 1]`.
pub fn elo_from_score(s: f64) -> f64 {
    if !(0.0..=1.0).contains(&s) {
        return f64::NAN;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score fraction for an Elo difference: 1 / (1 + 10^(−elo/400)).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by the Chebyshev fit of Numerical Recipes' `erfcc`
/// (fractional error below 1.2e-7 everywhere), which is ample for LOS.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 { 1.0 - erfc } else { erfc - 1.0 }
}

/// Standard normal cumulative distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// An Elo estimate with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Mean score fraction in `[0, 1]` (NaN with no games).
    pub score: f64,
    /// Standard error of the mean score.
    pub stderr: f64,
    /// Elo(score).
    pub elo: f64,
    /// Elo at the lower end of the 95% score interval.
    pub lower: f64,
    /// Elo at the upper end of the 95% score interval.
    pub upper: f64,
    /// Half the interval width, (upper − lower) / 2; +∞ when an end is infinite.
    pub error: f64,
    /// Normalized Elo: (score − 0.5) / σ_game · 800/ln 10. With σ = 0 it is
    /// 0 for a score of ½ (all draws, or all pairs split) and ±∞ otherwise.
    pub nelo: f64,
    /// Half-width of the 95% nElo interval, z·se/σ_game · 800/ln 10 (NaN when σ = 0).
    pub nelo_error: f64,
}

/// Builds the estimate from a mean score, its standard error and the standard
/// deviation of one *game* (for nElo).
fn estimate(score: f64, stderr: f64, game_sigma: f64) -> EloEstimate {
    let lo_s = (score - Z95 * stderr).clamp(0.0, 1.0);
    let hi_s = (score + Z95 * stderr).clamp(0.0, 1.0);
    let (lower, upper) = (elo_from_score(lo_s), elo_from_score(hi_s));
    let error = if lower.is_infinite() || upper.is_infinite() {
        f64::INFINITY
    } else {
        (upper - lower) / 2.0
    };
    let (nelo, nelo_error) = if game_sigma > 0.0 {
        (
            (score - 0.5) / game_sigma * NELO_SCALE,
            Z95 * stderr / game_sigma * NELO_SCALE,
        )
    } else if score == 0.5 {
        (0.0, f64::NAN)
    } else {
        // Every unit scored the same, away from ½ (or no data: NaN stays NaN).
        ((score - 0.5).signum() * f64::INFINITY, f64::NAN)
    };
    EloEstimate {
        score,
        stderr,
        elo: elo_from_score(score),
        lower,
        upper,
        error,
        nelo,
        nelo_error,
    }
}

/// Mean and variance of a discrete distribution given as counts at score points.
fn mean_var(points: &[f64], counts: &[u32]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().map(|&c| c as f64).sum();
    if n == 0.0 {
        return (f64::NAN, f64::NAN, 0.0);
    }
    let mean = points
        .iter()
        .zip(counts)
        .map(|(x, &c)| x * c as f64)
        .sum::<f64>()
        / n;
    let var = points
        .iter()
        .zip(counts)
        .map(|(x, &c)| c as f64 * (x - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var, n)
}

/// LOS from a mean score and its standard error by the normal approximation:
/// Φ((s − 0.5)/se); 0.5 with no data, 0 or 1 when the variance is zero.
fn los_normal(score: f64, stderr: f64) -> f64 {
    if score.is_nan() {
        0.5
    } else if stderr > 0.0 {
        normal_cdf((score - 0.5) / stderr)
    } else if score > 0.5 {
        1.0
    } else if score < 0.5 {
        0.0
    } else {
        0.5
    }
}

/// Per-game counts from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Trinomial {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Trinomial {
    /// Score points of a loss, a draw and a win.
    pub const POINTS: [f64; 3] = [0.0, 0.5, 1.0];

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Counts in the order of [`Trinomial::POINTS`].
    pub fn counts(&self) -> [u32; 3] {
        [self.losses, self.draws, self.wins]
    }

    /// Mean score fraction (NaN with no games).
    pub fn score(&self) -> f64 {
        mean_var(&Self::POINTS, &self.counts()).0
    }

    /// Variance of one game's score around the mean (NaN with no games).
    pub fn variance(&self) -> f64 {
        mean_var(&Self::POINTS, &self.counts()).1
    }

    /// Elo with a 95% interval from the per-game variance (games treated as independent).
    pub fn elo(&self) -> EloEstimate {
        let (mean, var, n) = mean_var(&Self::POINTS, &self.counts());
        let se = if n > 0.0 { (var / n).sqrt() } else { f64::NAN };
        estimate(mean, se, var.sqrt())
    }

    /// Likelihood of superiority by the classic formula ½·(1 + erf((W − L)/√(2(W + L)))),
    /// which ignores draws; 0.5 when there are no decisive games.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }
}

/// Counts of game pairs (same opening, seats swapped) by the pair's total
/// points for one player: index 0 = 0 points (two losses), 1 = ½ (loss and
/// draw), 2 = 1 (two draws, or a win and a loss), 3 = 1½ (win and draw),
/// 4 = 2 (two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Pair score as a fraction of the 2 points a pair is worth, per bucket.
    pub const POINTS: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

    /// Adds one pair given the two games' points in half-points (0 loss, 1 draw, 2 win).
    pub fn add_pair(&mut self, first_half_points: u32, second_half_points: u32) {
        let bucket = (first_half_points + second_half_points) as usize;
        assert!(bucket < 5, "half-points must be 0, 1 or 2 per game");
        self.0[bucket] += 1;
    }

    /// Adds another set of counts.
    pub fn merge(&mut self, other: &Pentanomial) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }

    /// Number of pairs.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean score fraction (NaN with no pairs); equal to the trinomial score of the same games.
    pub fn score(&self) -> f64 {
        mean_var(&Self::POINTS, &self.0).0
    }

    /// Variance of one pair's score fraction around the mean (NaN with no pairs).
    pub fn variance(&self) -> f64 {
        mean_var(&Self::POINTS, &self.0).1
    }

    /// Elo with a 95% interval from the per-pair variance: the two games of a
    /// pair are correlated through their shared opening, so the pair is the
    /// independent unit. nElo uses √2·σ_pair as the per-game deviation.
    pub fn elo(&self) -> EloEstimate {
        let (mean, var, n) = mean_var(&Self::POINTS, &self.0);
        let se = if n > 0.0 { (var / n).sqrt() } else { f64::NAN };
        estimate(mean, se, (2.0 * var).sqrt())
    }

    /// Likelihood of superiority Φ((s − 0.5)/se) with the per-pair standard
    /// error; 0.5 with no pairs.
    pub fn los(&self) -> f64 {
        let (mean, var, n) = mean_var(&Self::POINTS, &self.0);
        los_normal(mean, if n > 0.0 { (var / n).sqrt() } else { f64::NAN })
    }
}
