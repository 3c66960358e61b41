//! Best-swap scans for the local searches. Contract: `SwapScan::best` returns exactly the `keep`
//! best swaps (one piece out, one in) that keep every constraint under the given cap and pass
//! the caller's filter, as a full O(K·n) scan would (ties may be broken differently).
//!
//! Why not the full scan: the delta of a swap is `gain[in] − R[out][in] − gain[out]` with
//! `R ≥ 0`, so for one piece out no candidate can beat `gain[in] − gain[out]`. Walking the
//! outside pieces by decreasing gain stops as soon as that ceiling falls below the worst swap
//! kept; a short candidate list of the highest gains usually suffices, and only when it runs
//! out does the scan fall back to every outside piece. On thousands of pieces this is an order
//! of magnitude fewer evaluations.

use super::State;

/// Reusable buffers of a scan.
pub(super) struct SwapScan {
    /// One row of pair scores (of the piece going out); all zeros between uses.
    row: Vec<f64>,
    /// Outside pieces by decreasing gain (the candidate list).
    order: Vec<(f64, usize)>,
}

/// Size of the candidate list per requested swap.
const CANDIDATES_PER_KEEP: usize = 16;
/// Smallest candidate list.
const MIN_CANDIDATES: usize = 48;

impl SwapScan {
    /// Buffers for an instance of `n` pieces.
    pub fn new(n: usize) -> Self {
        SwapScan {
            row: vec![0.0; n],
            order: Vec::new(),
        }
    }

    /// The `keep` best feasible swaps under `cap` that `allow(out, in, delta)` accepts, best
    /// first, as (delta, out, in).
    pub fn best(
        &mut self,
        s: &State,
        cap: i64,
        keep: usize,
        allow: impl Fn(usize, usize, f64) -> bool,
    ) -> Vec<(f64, usize, usize)> {
        let mut top: Vec<(f64, usize, usize)> = Vec::with_capacity(keep + 1);
        self.order.clear();
        self.order.extend(
            (0..s.n())
                .filter(|&a| !s.in_deck[a])
                .map(|a| (s.gain[a], a)),
        );
        let short = (CANDIDATES_PER_KEEP * keep).max(MIN_CANDIDATES);
        let by_gain = |x: &(f64, usize), y: &(f64, usize)| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1));
        if self.order.len() > short {
            self.order.select_nth_unstable_by(short, by_gain);
        }
        let listed = short.min(self.order.len());
        self.order[..listed].sort_unstable_by(by_gain);
        for idx in 0..s.selected.len() {
            let o = s.selected[idx];
            if s.locked[o] {
                continue;
            }
            for &(j, r) in &s.inst.adjacency[o] {
                self.row[j] += r;
            }
            let mut exhausted = true;
            for &(gain_a, a) in &self.order[..listed] {
                let floor = if top.len() == keep {
                    top[keep - 1].0
                } else {
                    f64::NEG_INFINITY
                };
                if gain_a - s.gain[o] <= floor {
                    exhausted = false;
                    break;
                }
                consider(s, cap, keep, &allow, &mut top, o, a, self.row[a]);
            }
            if exhausted && listed < self.order.len() {
                for &(_, a) in &self.order[listed..] {
                    consider(s, cap, keep, &allow, &mut top, o, a, self.row[a]);
                }
            }
            for &(j, _) in &s.inst.adjacency[o] {
                self.row[j] = 0.0;
            }
        }
        top
    }
}

/// Inserts the swap (o out, a in) into `top` if it is among the `keep` best and allowed.
#[allow(clippy::too_many_arguments)]
#[inline]
fn consider(
    s: &State,
    cap: i64,
    keep: usize,
    allow: &impl Fn(usize, usize, f64) -> bool,
    top: &mut Vec<(f64, usize, usize)>,
    o: usize,
    a: usize,
    r_oa: f64,
) {
    let d = s.swap_delta(o, a, r_oa);
    if (top.len() < keep || d > top[top.len() - 1].0) && s.can_swap(o, a, cap) && allow(o, a, d) {
        let pos = top.iter().position(|t| d > t.0).unwrap_or(top.len());
        top.insert(pos, (d, o, a));
        top.truncate(keep);
    }
}
