//! Variable depth search hill climbing. From the greedy deck: apply the best improving feasible
//! move (add when there is no cardinality, else swap); when none exists, try chains of improving
//! swaps under a cost cap relaxed by `relax`, at most `depth` long, whose last state must meet
//! the real cap and beat the start (the 10-10-10 -> 20-5-5 kind of move). At a local optimum
//! the best deck is perturbed by random feasible swaps, seeded, until the time or restart limit.

use super::tabu::{self, TabuWalk};
use super::{Solution, State, greedy};
use crate::model::Instance;
use std::time::{Duration, Instant};
use yomi_search::Rng;

/// VDS settings.
#[derive(Debug, Clone)]
pub struct VdsOptions {
    /// RNG seed for perturbations.
    pub seed: u64,
    /// Wall-clock budget.
    pub time_limit: Duration,
    /// Stop after this many perturbation rounds (for reproducible runs).
    pub max_restarts: Option<u64>,
    /// Maximum chain length (1 = plain swap hill climbing).
    pub depth: usize,
    /// Cost cap relaxation allowed inside a chain.
    pub relax: i64,
    /// Candidates tried at each intermediate level of a chain.
    pub branching: usize,
    /// Steps of the tabu walk that follows each perturbation (0 = plain iterated climbing).
    pub tabu_steps: usize,
    /// Rounds without a new best before a restart (alternately a fresh deck or a strong kick).
    pub restart_after: u64,
}

impl Default for VdsOptions {
    fn default() -> Self {
        VdsOptions {
            seed: 1,
            time_limit: Duration::from_secs(1),
            max_restarts: None,
            depth: 3,
            relax: 10,
            branching: 4,
            tabu_steps: 60,
            restart_after: 25,
        }
    }
}

const EPS: f64 = 1e-9;

/// Runs VDS; never worse than greedy (it starts from the greedy deck and keeps the best).
pub fn solve(inst: &Instance, opts: &VdsOptions) -> Solution {
    let start = Instant::now();
    let g = greedy::build(inst);
    if crate::model::check(inst, &g.deck()).is_err() {
        return Solution::from_state(&g, 0, start.elapsed());
    }
    let n = g.n();
    let mut scratch = vec![0.0; n];
    let mut tabu_until = vec![0; n];
    let mut rng = Rng::new(opts.seed);
    let mut cur = g;
    let mut iterations = climb(&mut cur, opts, &mut scratch);
    let mut best = cur.clone();
    let mut round = 0u64;
    let mut stale = 0u64;
    while start.elapsed() < opts.time_limit && opts.max_restarts.is_none_or(|m| round < m) {
        round += 1;
        if stale > 0 && stale % opts.restart_after == 0 {
            // Diversify: alternately grow a fresh deck around a random piece, or jump back to
            // the best deck with a strong kick.
            let fresh = (stale / opts.restart_after) % 2 == 1;
            match fresh
                .then(|| greedy::build_around(inst, rng.below(n)))
                .flatten()
            {
                Some(s) => cur = s,
                None => {
                    cur = best.clone();
                    let strength = 2 + cur.selected.len() as u64 / 4;
                    perturb(&mut cur, strength, &mut rng);
                }
            }
        } else {
            perturb(&mut cur, 1 + rng.below(2) as u64, &mut rng);
        }
        let walk = TabuWalk::for_state(&cur, opts.tabu_steps);
        if let Some(better) = tabu::walk(&mut cur, walk, &mut rng, &mut scratch, &mut tabu_until) {
            cur = better;
        }
        iterations += climb(&mut cur, opts, &mut scratch);
        if cur.objective > best.objective + EPS {
            best = cur.clone();
            stale = 0;
        } else {
            stale += 1;
        }
    }
    Solution::from_state(&best, iterations, start.elapsed())
}

/// Hill climbs to a VDS local optimum; returns the number of moves applied.
fn climb(s: &mut State, opts: &VdsOptions, scratch: &mut [f64]) -> u64 {
    let mut moves = 0;
    let cap = s.cap();
    loop {
        if s.inst.request.k.is_none()
            && let Some(a) = best_add(s, cap)
        {
            s.add(a);
            moves += 1;
            continue;
        }
        let best = swaps(s, cap, scratch, 1).into_iter().next();
        if let Some((d, o, a)) = best
            && d > EPS
        {
            s.remove(o);
            s.add(a);
            moves += 1;
            continue;
        }
        if opts.depth > 1 && deep(s, opts, scratch, 1, s.objective) {
            moves += 1;
            continue;
        }
        return moves;
    }
}

fn best_add(s: &State, cap: i64) -> Option<usize> {
    (0..s.n())
        .filter(|&a| s.can_add(a, cap) && s.gain[a] >= 0.0)
        .max_by(|&x, &y| s.gain[x].total_cmp(&s.gain[y]))
}

/// The `keep` best feasible swaps under `cap`, best first, as (delta, out, in).
fn swaps(s: &State, cap: i64, scratch: &mut [f64], keep: usize) -> Vec<(f64, usize, usize)> {
    best_swaps(s, cap, scratch, keep, |_, _, _| true)
}

/// The `keep` best feasible swaps under `cap` that `allow(out, in, delta)` accepts, best first.
/// `scratch` must be all zeros (it holds one row of pair scores at a time).
pub(super) fn best_swaps(
    s: &State,
    cap: i64,
    scratch: &mut [f64],
    keep: usize,
    allow: impl Fn(usize, usize, f64) -> bool,
) -> Vec<(f64, usize, usize)> {
    let mut top: Vec<(f64, usize, usize)> = Vec::with_capacity(keep + 1);
    for idx in 0..s.selected.len() {
        let o = s.selected[idx];
        if s.locked[o] {
            continue;
        }
        for &(j, r) in &s.inst.adjacency[o] {
            scratch[j] += r;
        }
        for (a, &r_oa) in scratch.iter().enumerate() {
            if s.in_deck[a] {
                continue;
            }
            let d = s.swap_delta(o, a, r_oa);
            if (top.len() < keep || d > top[top.len() - 1].0)
                && s.can_swap(o, a, cap)
                && allow(o, a, d)
            {
                let pos = top.iter().position(|t| d > t.0).unwrap_or(top.len());
                top.insert(pos, (d, o, a));
                top.truncate(keep);
            }
        }
        for &(j, _) in &s.inst.adjacency[o] {
            scratch[j] = 0.0;
        }
    }
    top
}

/// One VDS chain step at `level`: improving relaxed swaps, ending in a really feasible state
/// better than `base`. Applies the chain and returns true on success; restores `s` otherwise.
fn deep(s: &mut State, opts: &VdsOptions, scratch: &mut [f64], level: usize, base: f64) -> bool {
    let real = s.cap();
    if level > 1 {
        // The chain may end here if the state is really feasible; else one real swap must fix it.
        if s.cost <= real && s.objective > base + EPS {
            return true;
        }
        if let Some((d, o, a)) = swaps(s, real, scratch, 1).into_iter().next()
            && s.objective + d > base + EPS
            && s.cost - s.inst.pieces[o].cost + s.inst.pieces[a].cost <= real
        {
            s.remove(o);
            s.add(a);
            return true;
        }
    }
    if level >= opts.depth {
        return false;
    }
    let relaxed = real.saturating_add(opts.relax);
    let cands = swaps(s, relaxed, scratch, opts.branching);
    for (d, o, a) in cands {
        if d <= EPS {
            break;
        }
        s.remove(o);
        s.add(a);
        if deep(s, opts, scratch, level + 1, base) {
            return true;
        }
        s.remove(a);
        s.add(o);
    }
    false
}

/// Applies `count` random feasible swaps (bounded attempts), ignoring their score.
fn perturb(s: &mut State, count: u64, rng: &mut Rng) {
    let cap = s.cap();
    let mut done = 0;
    let mut tries = 0;
    while done < count && tries < 50 * count && !s.selected.is_empty() {
        tries += 1;
        let o = s.selected[rng.below(s.selected.len())];
        let a = rng.below(s.n());
        if s.can_swap(o, a, cap) {
            s.remove(o);
            s.add(a);
            done += 1;
        }
    }
}
