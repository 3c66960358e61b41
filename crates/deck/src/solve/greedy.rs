//! Greedy baseline: start from the must-include pieces, then repeatedly add the piece with the
//! best marginal gain (gain per unit cost when there is no cardinality) that keeps the cost cap
//! and group limits and still leaves room to meet the attribute/leader minimums.

use super::{Solution, State};
use crate::model::Instance;
use std::time::Instant;

/// Runs the greedy construction.
pub fn solve(inst: &Instance) -> Solution {
    let start = Instant::now();
    let state = build(inst);
    Solution::from_state(&state, 0, start.elapsed())
}

/// The gain-driven deck; if it gets stuck short of K, a cheapest-first construction that
/// serves the attribute/leader minimums first (a feasible start for local search).
pub(crate) fn build(inst: &Instance) -> State<'_> {
    let s = build_with(inst, false, None);
    match inst.request.k {
        Some(k) if s.selected.len() < k => {
            let cheap = build_with(inst, true, None);
            if cheap.selected.len() == k { cheap } else { s }
        }
        _ => s,
    }
}

/// The gain-driven deck grown around `seed` (after the required pieces), for restarts that
/// explore other regions; `None` when the seed cannot join or the deck gets stuck short of K.
pub(crate) fn build_around(inst: &Instance, seed: usize) -> Option<State<'_>> {
    let s = build_with(inst, false, Some(seed));
    let complete = inst.request.k.is_none_or(|k| s.selected.len() == k);
    (complete && s.in_deck[seed]).then_some(s)
}

fn build_with(inst: &Instance, cheap: bool, seed: Option<usize>) -> State<'_> {
    let mut s = State::new(inst);
    for i in 0..s.n() {
        if s.locked[i] {
            s.add(i);
        }
    }
    if let Some(a) = seed
        && s.can_add(a, s.cap())
        && inst.request.k.is_none_or(|k| s.selected.len() < k)
    {
        s.add(a);
    }
    let k = inst.request.k;
    let cap = s.cap();
    loop {
        if k.is_some_and(|k| s.selected.len() >= k) {
            break;
        }
        let slots_after = k.map(|k| k - s.selected.len() - 1);
        // Cheapest costs outside the deck, to keep room for the slots still to fill.
        let mut free: Vec<i64> = (0..s.n())
            .filter(|&i| !s.in_deck[i])
            .map(|i| inst.pieces[i].cost)
            .collect();
        let slots = slots_after.unwrap_or(0).min(free.len());
        if !free.is_empty() {
            let nth = slots.min(free.len() - 1);
            free.select_nth_unstable(nth);
        }
        free.truncate(slots + 1);
        free.sort_unstable();
        let reserve_all: i64 = free.iter().take(slots).sum();
        let reserve_next: i64 = free.iter().sum();
        let mut best: Option<((f64, f64, f64), usize)> = None;
        for a in 0..s.n() {
            if !s.can_add(a, cap) {
                continue;
            }
            let c = inst.pieces[a].cost;
            let reserve = match free.get(slots.saturating_sub(1)) {
                Some(&limit) if slots > 0 && c <= limit => reserve_next - c,
                _ => reserve_all,
            };
            if s.cost + c + reserve > cap {
                continue;
            }
            if let Some(slots) = slots_after {
                let helps: usize = s.reqs.iter().filter(|(m, min, c)| m[a] && c < min).count();
                if s.deficit() - helps > slots {
                    continue;
                }
            }
            let helps = s.reqs.iter().filter(|(m, min, c)| m[a] && c < min).count() as f64;
            let value = match k {
                _ if cheap => (helps, -(c as f64), s.gain[a]),
                Some(_) => (s.gain[a], 0.0, 0.0),
                None => (s.gain[a] / c.max(1) as f64, 0.0, 0.0),
            };
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, a));
            }
        }
        match best {
            Some((_, a)) => s.add(a),
            None => break,
        }
    }
    s
}
