//! One player's statistics over its pushes at one tree node, and the three
//! selection rules of the push trees (`duct`, `smitsimax`, `mcts`): UCB1,
//! Exp3 and regret matching, on rewards in [0, 1].
//!
//! Contract (the formulas, with `k` arms, `N` the node's visits):
//! - UCB1 plays an unvisited arm first (uniformly among them), else the
//!   first arm maximising `mean + c * sqrt(ln N / n)`; it draws with
//!   probability 1.
//! - Exp3 draws from `p_i = (1 - γ) e^{η s_i} / Σ_j e^{η s_j} + γ / k` with
//!   `η = γ / k`, where `s_i` sums `r / p_i` over the arm's plays.
//! - Regret matching draws from `p_i = (1 - γ) R_i⁺ / Σ_j R_j⁺ + γ / k`
//!   (uniform when no regret is positive); after a play of arm `i` with
//!   probability `p` and reward `r`, every `R_j` gains `x̂_j - r` with
//!   `x̂_i = r / p` and `x̂_j = 0` for the others.
//!
//! The same formulas as yomi-search's generic `Duct`, on compact arrays:
//! nothing is allocated.

use crate::action::Push;
use yomi_core::Rng;
use yomi_search::SelectionPolicy;

/// Statistics of one arm (one push of one player at one node).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arm {
    /// Plays.
    pub visits: u32,
    /// Mean reward of the plays, in [0, 1].
    pub mean: f32,
    /// `1 / sqrt(visits)` (a huge number before the first play), kept so that
    /// UCB1 costs one multiply-add per arm instead of a square root.
    inv_sqrt: f32,
    /// Exp3: importance-weighted reward sum; regret matching: cumulative regret.
    pub score: f64,
}

/// `inv_sqrt` of an unplayed arm: any exploration bonus makes it win, and a
/// zero bonus (c = 0 or a node's first play) gives 0 rather than NaN.
const UNPLAYED: f32 = 1e30;

impl Default for Arm {
    fn default() -> Self {
        Arm::new(0, 0.0, 0.0)
    }
}

impl Arm {
    /// An arm played `visits` times with this mean and score.
    pub fn new(visits: u32, mean: f32, score: f64) -> Arm {
        Arm {
            visits,
            mean,
            inv_sqrt: inv_sqrt(visits),
            score,
        }
    }
}

fn inv_sqrt(visits: u32) -> f32 {
    if visits == 0 {
        UNPLAYED
    } else {
        (visits as f32).sqrt().recip()
    }
}

/// Picks an arm of `arms` (at most [`Push::COUNT`]) at a node visited `total`
/// times; returns its index and the probability it was drawn with.
pub fn select(policy: SelectionPolicy, arms: &[Arm], total: u32, rng: &mut Rng) -> (usize, f64) {
    match policy {
        SelectionPolicy::Ucb1 { c } => (select_ucb1(arms, total, c, rng), 1.0),
        _ => {
            let mut probs = [0.0f64; Push::COUNT];
            let probs = &mut probs[..arms.len()];
            distribution(policy, arms, probs);
            let i = sample(probs, rng);
            (i, probs[i])
        }
    }
}

/// UCB1's choice (see the module contract).
pub fn select_ucb1(arms: &[Arm], total: u32, c: f64, rng: &mut Rng) -> usize {
    // UCB1 plays every arm once before any twice, so a node selected from at
    // least `k` times has no unplayed arm: the scan for them is skipped.
    let unvisited = if (total as usize) < arms.len() {
        arms.iter().filter(|a| a.visits == 0).count()
    } else {
        0
    };
    if unvisited == 0 {
        let scale = (c * f64::from(total.max(1)).ln().sqrt()) as f32;
        let mut best = (0usize, f32::NEG_INFINITY);
        for (i, a) in arms.iter().enumerate() {
            let v = a.mean + scale * a.inv_sqrt;
            if v > best.1 {
                best = (i, v);
            }
        }
        return best.0;
    }
    let pick = rng.below(unvisited);
    arms.iter()
        .enumerate()
        .filter(|(_, a)| a.visits == 0)
        .nth(pick)
        .map_or(0, |(i, _)| i)
}

/// Index of the `n`-th set bit of `mask` (counted from 0, lowest first): the
/// `n`-th unplayed arm when `mask` marks the unplayed ones. `mask` has more
/// than `n` bits set.
pub fn nth_set_bit(mut mask: u32, n: usize) -> usize {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// Writes the Exp3 or regret-matching distribution over `arms` into `probs`
/// (same length). UCB1 has none: it is given as uniform.
pub fn distribution(policy: SelectionPolicy, arms: &[Arm], probs: &mut [f64]) {
    let k = arms.len() as f64;
    match policy {
        SelectionPolicy::Exp3 { gamma } => {
            let eta = gamma / k;
            let max = arms
                .iter()
                .map(|a| a.score)
                .fold(f64::NEG_INFINITY, f64::max);
            let mut total = 0.0;
            for (p, a) in probs.iter_mut().zip(arms) {
                *p = (eta * (a.score - max)).exp();
                total += *p;
            }
            for p in probs.iter_mut() {
                *p = (1.0 - gamma) * *p / total + gamma / k;
            }
        }
        SelectionPolicy::RegretMatching { gamma } => {
            let positive: f64 = arms.iter().map(|a| a.score.max(0.0)).sum();
            for (p, a) in probs.iter_mut().zip(arms) {
                let m = if positive > 0.0 {
                    a.score.max(0.0) / positive
                } else {
                    1.0 / k
                };
                *p = (1.0 - gamma) * m + gamma / k;
            }
        }
        SelectionPolicy::Ucb1 { .. } => probs.fill(1.0 / k),
    }
}

/// Draws an index from the distribution `probs`.
pub fn sample(probs: &[f64], rng: &mut Rng) -> usize {
    let mut u = rng.unit();
    for (i, &p) in probs.iter().enumerate() {
        if u < p {
            return i;
        }
        u -= p;
    }
    probs.len() - 1
}

/// Records a play of arm `i` (drawn with probability `prob`) that returned `reward`.
pub fn update(policy: SelectionPolicy, arms: &mut [Arm], i: usize, prob: f64, reward: f64) {
    let a = &mut arms[i];
    a.visits += 1;
    a.mean += (reward as f32 - a.mean) / a.visits as f32;
    a.inv_sqrt = inv_sqrt(a.visits);
    match policy {
        SelectionPolicy::Ucb1 { .. } => {}
        SelectionPolicy::Exp3 { .. } => a.score += reward / prob,
        SelectionPolicy::RegretMatching { .. } => {
            for (j, arm) in arms.iter_mut().enumerate() {
                let xhat = if j == i { reward / prob } else { 0.0 };
                arm.score += xhat - reward;
            }
        }
    }
}

/// The most played arm (ties: the higher mean, then the first).
pub fn most_visited(arms: &[Arm]) -> usize {
    most_visited_where(arms, |_| true).unwrap_or(0)
}

/// The most played arm among those `allowed` (ties: the higher mean, then the first).
pub fn most_visited_where(arms: &[Arm], allowed: impl Fn(usize) -> bool) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, a) in arms.iter().enumerate().filter(|&(i, _)| allowed(i)) {
        best = match best {
            Some(b)
                if !(a.visits > arms[b].visits
                    || (a.visits == arms[b].visits && a.mean > arms[b].mean)) =>
            {
                Some(b)
            }
            _ => Some(i),
        };
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arm(visits: u32, mean: f32, score: f64) -> Arm {
        Arm::new(visits, mean, score)
    }

    #[test]
    fn ucb1_takes_unvisited_arms_first_then_the_bound() {
        let mut rng = Rng::new(1);
        let arms = [arm(3, 0.9, 0.0), arm(0, 0.0, 0.0), arm(2, 0.1, 0.0)];
        assert_eq!(select_ucb1(&arms, 5, 0.4, &mut rng), 1);
        // N = 10: arm 0 mean 0.5, n = 5 -> 0.5 + 0.4 sqrt(ln 10 / 5) = 0.7714;
        // arm 1 mean 0.3, n = 1 -> 0.3 + 0.4 sqrt(ln 10) = 0.9070; arm 2 mean 0.6, n = 4 -> 0.9035.
        let arms = [arm(5, 0.5, 0.0), arm(1, 0.3, 0.0), arm(4, 0.6, 0.0)];
        assert_eq!(select_ucb1(&arms, 10, 0.4, &mut rng), 1);
        // With c = 0.3: 0.7036, 0.7552, 0.8276 -> 2; with c = 0.6: 0.9072, 1.2105, 1.0552 -> 1.
        assert_eq!(select_ucb1(&arms, 10, 0.3, &mut rng), 2);
        assert_eq!(select_ucb1(&arms, 10, 0.6, &mut rng), 1);
    }

    #[test]
    fn exp3_and_regret_matching_distributions_match_hand_computation() {
        let mut p = [0.0; 2];
        // Exp3, k = 2, gamma = 0.2, eta = 0.1, scores 10 and 0:
        // e^1 / (e^1 + 1) = 0.731059; p0 = 0.8 * 0.731059 + 0.1 = 0.684847.
        distribution(
            SelectionPolicy::Exp3 { gamma: 0.2 },
            &[arm(0, 0.0, 10.0), arm(0, 0.0, 0.0)],
            &mut p,
        );
        assert!((p[0] - 0.684_847).abs() < 1e-6, "{p:?}");
        assert!((p[0] + p[1] - 1.0).abs() < 1e-12);
        // Regret matching, k = 3, gamma = 0.3, regrets 3, -1, 1: 0.7 * (3/4, 0, 1/4) + 0.1.
        let mut p = [0.0; 3];
        distribution(
            SelectionPolicy::RegretMatching { gamma: 0.3 },
            &[arm(0, 0.0, 3.0), arm(0, 0.0, -1.0), arm(0, 0.0, 1.0)],
            &mut p,
        );
        for (got, want) in p.iter().zip([0.625, 0.1, 0.275]) {
            assert!((got - want).abs() < 1e-12, "{p:?}");
        }
        // No positive regret: uniform.
        distribution(
            SelectionPolicy::RegretMatching { gamma: 0.3 },
            &[arm(0, 0.0, -3.0), arm(0, 0.0, 0.0), arm(0, 0.0, -1.0)],
            &mut p,
        );
        assert!(p.iter().all(|&x| (x - 1.0 / 3.0).abs() < 1e-12), "{p:?}");
    }

    #[test]
    fn updates_keep_means_and_scores_as_the_formulas_say() {
        let rm = SelectionPolicy::RegretMatching { gamma: 0.1 };
        let mut arms = [Arm::default(); 3];
        update(rm, &mut arms, 1, 0.25, 0.5);
        // x̂ = (0, 2, 0); R_j += x̂_j - 0.5.
        assert_eq!(
            arms.map(|a| a.score),
            [-0.5, 1.5, -0.5],
            "regret after one play"
        );
        update(rm, &mut arms, 1, 0.5, 1.0);
        assert_eq!(arms.map(|a| a.score), [-1.5, 2.5, -1.5]);
        assert_eq!(arms[1].visits, 2);
        assert!((arms[1].mean - 0.75).abs() < 1e-7);
        let exp3 = SelectionPolicy::Exp3 { gamma: 0.1 };
        let mut arms = [Arm::default(); 2];
        update(exp3, &mut arms, 0, 0.4, 0.2);
        update(exp3, &mut arms, 0, 0.5, 0.6);
        assert!((arms[0].score - 1.7).abs() < 1e-12);
        assert_eq!(arms[1], Arm::default());
        assert_eq!(most_visited(&arms), 0);
        assert_eq!(most_visited_where(&arms, |i| i != 0), Some(1));
        assert_eq!(most_visited_where(&arms, |_| false), None);
    }

    #[test]
    fn nth_set_bit_counts_from_the_lowest() {
        let mask = 0b1011_0100u32;
        let want: Vec<usize> = (0..32).filter(|i| mask >> i & 1 == 1).collect();
        for (n, &i) in want.iter().enumerate() {
            assert_eq!(nth_set_bit(mask, n), i);
        }
        assert_eq!(nth_set_bit((1 << 28) - 1, 27), 27);
    }

    #[test]
    fn sampling_follows_the_distribution() {
        let mut rng = Rng::new(7);
        let probs = [0.1, 0.6, 0.3];
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[sample(&probs, &mut rng)] += 1;
        }
        for (c, p) in counts.iter().zip(probs) {
            assert!((f64::from(*c) / 30_000.0 - p).abs() < 0.015, "{counts:?}");
        }
    }
}
