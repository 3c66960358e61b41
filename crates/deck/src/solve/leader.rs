//! Leader-side pair scores for every solver. Contract: with a leader table, a request whose
//! leader is fixed is solved as the equivalent fixed-leader instance (leader pairs folded into
//! per-piece scores, see `Instance::with_fixed_leader`); a request whose leader is chosen is
//! solved once per candidate leader and the best deck wins, re-checked on the original
//! instance. The exact solver tries every eligible leader (pruning by the best deck so far), so
//! its proof covers the whole problem; the heuristics try the most promising few.

use super::Solution;
use crate::model::{Instance, LeaderRule};
use std::time::{Duration, Instant};

/// Whether the instance needs per-leader solving.
pub(crate) fn needs_split(inst: &Instance) -> bool {
    inst.leader_pairs.is_some() && inst.request.leader != LeaderRule::None
}

/// Leader candidates: the fixed one, or every eligible piece by decreasing potential (own
/// leader-side scores plus ordinary pair scores, the best K−1 of them).
pub(crate) fn candidates(inst: &Instance) -> Vec<usize> {
    if let LeaderRule::Fixed(l) = inst.request.leader {
        return vec![l];
    }
    let partners = inst.request.k.map_or(usize::MAX, |k| k.saturating_sub(1));
    let empty = Vec::new();
    let table = inst.leader_pairs.as_ref();
    let mut scored: Vec<(f64, usize)> = (0..inst.pieces.len())
        .filter(|&l| inst.pieces[l].leader_eligible)
        .map(|l| {
            let mut row: Vec<f64> = table
                .map_or(&empty, |t| &t[l])
                .iter()
                .map(|e| e.1)
                .collect();
            row.sort_unstable_by(|a, b| b.total_cmp(a));
            let potential = inst.pieces[l].score + row.iter().take(partners).sum::<f64>();
            (potential, l)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, l)| l).collect()
}

/// Runs `run(fixed_instance, share_of_time)` for up to `max_leaders` candidates within
/// `time_limit` and keeps the best deck, checked on `inst`.
pub(crate) fn best_over_leaders(
    inst: &Instance,
    max_leaders: usize,
    time_limit: Duration,
    mut run: impl FnMut(&Instance, Duration) -> Solution,
) -> Solution {
    let start = Instant::now();
    let leaders: Vec<usize> = candidates(inst).into_iter().take(max_leaders).collect();
    let mut best: Option<Solution> = None;
    let mut iterations = 0;
    for (i, &l) in leaders.iter().enumerate() {
        let left = time_limit.saturating_sub(start.elapsed());
        if i > 0 && left.is_zero() {
            break;
        }
        let share = left / (leaders.len() - i) as u32;
        let sub = run(&inst.with_fixed_leader(l), share);
        iterations += sub.iterations;
        let sol = Solution::from_deck(inst, sub.deck, 0, Duration::ZERO);
        let better = best
            .as_ref()
            .is_none_or(|b| sol.feasible && (!b.feasible || sol.objective > b.objective));
        if better {
            best = Some(sol);
        }
    }
    let mut sol = best.unwrap_or_else(|| {
        let mut s = Solution::from_deck(inst, Default::default(), 0, Duration::ZERO);
        s.violations = vec!["no leader-eligible piece".into()];
        s
    });
    sol.iterations = iterations;
    sol.elapsed = start.elapsed();
    sol
}
