//! Greedy baseline: start from the must-include pieces, then repeatedly add the piece with the
//! best marginal gain (gain per unit cost when there is no cardinality) that keeps the cost cap
//! and group limits and still leaves room to meet the attribute/leader minimums.

use super::{Solution, State};
use crate::model::Instance;
use std::time::Instant;

/// Runs the greedy construction.
pub fn solve(inst: &Instance) -> Solution {
    if super::leader::needs_split(inst) {
        // The baseline with a leader table: the greedy deck for each of a few likely leaders.
        return super::leader::best_over_leaders(inst, 8, std::time::Duration::MAX, |sub, _| {
            solve(sub)
        });
    }
    let start = Instant::now();
    let state = build(inst);
    Solution::from_state(&state, 0, start.elapsed())
}

/// The gain-driven deck; if it gets stuck short of K, a cheapest-first construction that
/// serves the attribute/leader minimums first (a feasible start for local search).
pub(crate) fn build(inst: &Instance) -> State<'_> {
    let hints = Hints::new(inst);
    let s = build_with(inst, false, None, &hints);
    match inst.request.k {
        Some(k) if s.selected.len() < k => {
            let cheap = build_with(inst, true, None, &hints);
            if cheap.selected.len() == k { cheap } else { s }
        }
        _ => s,
    }
}

/// Orderings of the pieces shared by many constructions on one instance.
pub(crate) struct Hints {
    /// Every piece by increasing cost.
    by_cost: Vec<usize>,
    /// Pieces always considered besides the deck's neighbours: the best own scores, the
    /// cheapest pieces, and the cheapest members of each minimum requirement.
    extra: Vec<usize>,
    /// The best own score among pieces not in `extra` (a non-neighbour's whole gain).
    outside_score: f64,
}

impl Hints {
    /// Computes the orderings (O(n log n)).
    pub fn new(inst: &Instance) -> Self {
        let n = inst.pieces.len();
        let mut by_cost: Vec<usize> = (0..n).collect();
        by_cost.sort_by_key(|&i| (inst.pieces[i].cost, i));
        let mut by_score: Vec<usize> = (0..n).collect();
        by_score.sort_by(|&a, &b| inst.pieces[b].score.total_cmp(&inst.pieces[a].score));
        let mut extra: Vec<usize> = by_score.iter().take(32).copied().collect();
        let outside_score = by_score
            .get(32)
            .map_or(f64::NEG_INFINITY, |&i| inst.pieces[i].score);
        extra.extend(by_cost.iter().take(64));
        for (members, _, _) in &State::new(inst).reqs {
            extra.extend(by_cost.iter().filter(|&&i| members[i]).take(32));
        }
        extra.sort_unstable();
        extra.dedup();
        Hints {
            by_cost,
            extra,
            outside_score,
        }
    }
}

/// The gain-driven deck grown around `seed` (after the required pieces), for restarts that
/// explore other regions; `None` when the seed cannot join or the deck gets stuck short of K.
pub(crate) fn build_around<'a>(
    inst: &'a Instance,
    seed: usize,
    hints: &Hints,
) -> Option<State<'a>> {
    let s = build_with(inst, false, Some(seed), hints);
    let complete = inst.request.k.is_none_or(|k| s.selected.len() == k);
    (complete && s.in_deck[seed]).then_some(s)
}

fn build_with<'a>(
    inst: &'a Instance,
    cheap: bool,
    seed: Option<usize>,
    hints: &Hints,
) -> State<'a> {
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
    // Candidates: neighbours of the deck plus the hint pieces; a piece outside them has only
    // its own score as gain, so it can win only when no candidate fits (then all are scanned).
    let mut listed = vec![false; s.n()];
    let mut cands: Vec<usize> = Vec::new();
    let mut note = |cands: &mut Vec<usize>, a: usize| {
        if !listed[a] {
            listed[a] = true;
            cands.push(a);
        }
    };
    for &a in &hints.extra {
        note(&mut cands, a);
    }
    for &d in &s.selected {
        for &(j, _) in &inst.adjacency[d] {
            note(&mut cands, j);
        }
    }
    let mut free: Vec<i64> = Vec::new();
    loop {
        if k.is_some_and(|k| s.selected.len() >= k) {
            break;
        }
        let slots_after = k.map(|k| k - s.selected.len() - 1);
        // Cheapest costs outside the deck, to keep room for the slots still to fill.
        let slots = slots_after.unwrap_or(0);
        free.clear();
        free.extend(
            hints
                .by_cost
                .iter()
                .filter(|&&i| !s.in_deck[i])
                .take(slots + 1)
                .map(|&i| inst.pieces[i].cost),
        );
        let slots = slots.min(free.len());
        let reserve_all: i64 = free.iter().take(slots).sum();
        let reserve_next: i64 = free.iter().sum();
        let value_of = |a: usize| -> Option<(f64, f64, f64)> {
            if !s.can_add(a, cap) {
                return None;
            }
            let c = inst.pieces[a].cost;
            let reserve = match free.get(slots.saturating_sub(1)) {
                Some(&limit) if slots > 0 && c <= limit => reserve_next - c,
                _ => reserve_all,
            };
            if s.cost + c + reserve > cap {
                return None;
            }
            let helps = s.reqs.iter().filter(|(m, min, c)| m[a] && c < min).count();
            if let Some(slots) = slots_after
                && s.deficit() - helps > slots
            {
                return None;
            }
            Some(match k {
                _ if cheap => (helps as f64, -(c as f64), s.gain[a]),
                Some(_) => (s.gain[a], 0.0, 0.0),
                None => (s.gain[a] / c.max(1) as f64, 0.0, 0.0),
            })
        };
        let pick = |range: &mut dyn Iterator<Item = usize>| {
            let mut best: Option<((f64, f64, f64), usize)> = None;
            for a in range {
                if let Some(value) = value_of(a)
                    && best.is_none_or(|(v, b)| value > v || (value == v && a < b))
                {
                    best = Some((value, a));
                }
            }
            best
        };
        // The short list is exact when its winner beats any outsider's own score.
        let best = match pick(&mut cands.iter().copied()) {
            Some(b) if !cheap && k.is_some() && b.0.0 >= hints.outside_score => Some(b),
            _ => pick(&mut (0..s.n())),
        };
        match best {
            Some((_, a)) => {
                s.add(a);
                for &(j, _) in &inst.adjacency[a] {
                    note(&mut cands, j);
                }
            }
            None => break,
        }
    }
    s
}
