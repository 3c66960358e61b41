//! Statistical calibration: simulated matches with a known true strength
//! check that the 95% interval covers the truth about 95% of the time and
//! that the SPRT's error rates stay near alpha and beta.

use yomi_arena::stats::{elo_from_score, score_from_elo};
use yomi_arena::{EloModel, Pentanomial, SprtConfig, SprtResult};
use yomi_core::Rng;

const BASE: [f64; 5] = [0.05, 0.2, 0.5, 0.2, 0.05];

/// Tilts BASE exponentially so its mean pair score is `mean`.
fn distribution(mean: f64) -> [f64; 5] {
    let tilted = |lambda: f64| {
        let w: Vec<f64> = BASE
            .iter()
            .zip(Pentanomial::POINTS)
            .map(|(q, a)| q * (lambda * a).exp())
            .collect();
        let z: f64 = w.iter().sum();
        let p: [f64; 5] = std::array::from_fn(|i| w[i] / z);
        p
    };
    let (mut lo, mut hi) = (-50.0, 50.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        let m: f64 = tilted(mid)
            .iter()
            .zip(Pentanomial::POINTS)
            .map(|(p, a)| p * a)
            .sum();
        if m < mean { lo = mid } else { hi = mid }
    }
    tilted(lo)
}

fn draw_pair(rng: &mut Rng, p: &[f64; 5]) -> usize {
    let mut u = rng.unit();
    for (i, &q) in p.iter().enumerate() {
        if u < q {
            return i;
        }
        u -= q;
    }
    4
}

#[test]
fn pentanomial_interval_covers_the_true_elo_about_95_percent_of_the_time() {
    let true_elo = 30.0;
    let p = distribution(score_from_elo(true_elo));
    let mut rng = Rng::new(2024);
    let (trials, mut covered) = (2000, 0);
    for _ in 0..trials {
        let mut counts = Pentanomial::default();
        for _ in 0..300 {
            counts.0[draw_pair(&mut rng, &p)] += 1;
        }
        let e = counts.elo();
        covered += (e.lower <= true_elo && true_elo <= e.upper) as u32;
    }
    let rate = covered as f64 / trials as f64;
    eprintln!("coverage of the 95% interval: {rate}");
    // Binomial sd at 95% over 2000 trials is 0.5%; allow about 3 sd.
    assert!((0.935..=0.965).contains(&rate), "coverage {rate}");
    assert!((elo_from_score(score_from_elo(true_elo)) - true_elo).abs() < 1e-9);
}

/// Runs one SPRT to a decision on pairs drawn from `p`, checking every pair.
fn run_sprt(cfg: &SprtConfig, p: &[f64; 5], rng: &mut Rng) -> SprtResult {
    let mut counts = Pentanomial::default();
    for _ in 0..200_000 {
        counts.0[draw_pair(rng, p)] += 1;
        let d = cfg.decide(cfg.llr_pentanomial(&counts));
        if d != SprtResult::Continue {
            return d;
        }
    }
    SprtResult::Continue
}

#[test]
fn sprt_error_rates_stay_near_alpha_and_beta() {
    for model in [EloModel::Logistic, EloModel::Normalized] {
        let cfg = SprtConfig {
            model,
            ..SprtConfig::new(0.0, 25.0)
        };
        // Truth at the hypotheses, expressed as the mean pair score. For the
        // normalized model convert nElo to a score through the pair deviation
        // of the distribution (which barely changes with the tilt).
        let mean_for = |elo: f64| match model {
            EloModel::Logistic => score_from_elo(elo),
            EloModel::Normalized => {
                let sd = {
                    let m: f64 = BASE
                        .iter()
                        .zip(Pentanomial::POINTS)
                        .map(|(q, a)| q * a)
                        .sum();
                    BASE.iter()
                        .zip(Pentanomial::POINTS)
                        .map(|(q, a)| q * (a - m).powi(2))
                        .sum::<f64>()
                        .sqrt()
                };
                0.5 + elo / yomi_arena::stats::NELO_SCALE * std::f64::consts::SQRT_2 * sd
            }
        };
        let mut rng = Rng::new(77);
        let runs = 300;
        let under_h0 = distribution(mean_for(0.0));
        let false_pos = (0..runs)
            .filter(|_| run_sprt(&cfg, &under_h0, &mut rng) == SprtResult::H1)
            .count();
        let under_h1 = distribution(mean_for(25.0));
        let false_neg = (0..runs)
            .filter(|_| run_sprt(&cfg, &under_h1, &mut rng) == SprtResult::H0)
            .count();
        eprintln!(
            "{model}: false positives {false_pos}/{runs}, false negatives {false_neg}/{runs}"
        );
        // Nominal 5% each (15 of 300); allow sampling noise but not a broken test.
        assert!(
            false_pos <= 30,
            "{model}: {false_pos}/{runs} false positives"
        );
        assert!(
            false_neg <= 30,
            "{model}: {false_neg}/{runs} false negatives"
        );
    }
}
