//! Exact branch and bound. Contract: when it finishes within its limits the deck it returns is
//! optimal (`proven_optimal`); when a limit stops it, `bound` is a proven upper bound on the
//! optimum (the largest bound of any subtree left unexplored), so the reported gap is honest.
//!
//! Depth-first over include/exclude decisions, started from a VDS incumbent. The bound at a
//! node with chosen set S, free candidates F and r slots left is
//! `f(S) + max { Σ_{j∈T} u_j : T ⊆ F, |T| = r, group limits, Σ cost ≤ cap left }`, where
//! `u_j = p_j + Σ_{i∈S} R_ij + ½·(sum of the r−1 largest R_jk, k ∈ F)`: each pair inside T is
//! counted half from each end, and no end can see more than its r−1 best partners. The knapsack
//! is relaxed by a Lagrange multiplier (any λ ≥ 0 gives a valid bound; a short bisection on
//! the subgradient finds a good one), the group limits are kept exactly (greedy on a partition
//! matroid). Attribute and leader minimums prune by counting.

use super::{Solution, State, deck_of, leader, vds};
use crate::model::Instance;
use std::time::{Duration, Instant};

/// Exact solver settings.
#[derive(Debug, Clone)]
pub struct ExactOptions {
    /// Wall-clock budget for the whole solve (warm start included).
    pub time_limit: Duration,
    /// Stop after this many nodes (for reproducible tests); `None` = no limit.
    pub node_limit: Option<u64>,
    /// Time given to VDS for the starting incumbent.
    pub warm_start: Duration,
    /// Seed for the VDS warm start.
    pub seed: u64,
    /// Only decks scoring above this are of interest (prunes more; `None` = any deck).
    pub cutoff: Option<f64>,
}

impl Default for ExactOptions {
    fn default() -> Self {
        ExactOptions {
            time_limit: Duration::from_secs(60),
            node_limit: None,
            warm_start: Duration::from_millis(100),
            seed: 1,
            cutoff: None,
        }
    }
}

/// Relative tolerance under which a bound cannot beat the incumbent.
const TOL: f64 = 1e-9;
/// Multiplier trials per node for the knapsack relaxation (each one is a valid bound).
const LAGRANGE_STEPS: usize = 10;
const FREE: u8 = 0;
const IN: u8 = 1;
const OUT: u8 = 2;

/// Runs branch and bound; see the module contract.
pub fn solve(inst: &Instance, opts: &ExactOptions) -> Solution {
    if leader::needs_split(inst) {
        return solve_per_leader(inst, opts);
    }
    solve_one(inst, opts)
}

/// With a leader table: one search per candidate leader, each pruned by the best deck so far.
fn solve_per_leader(inst: &Instance, opts: &ExactOptions) -> Solution {
    let start = Instant::now();
    let mut best: Option<Solution> = None;
    let (mut proven, mut open_bound, mut nodes) = (true, f64::NEG_INFINITY, 0);
    for (i, l) in leader::candidates(inst).into_iter().enumerate() {
        let sub = inst.with_fixed_leader(l);
        let left = opts.time_limit.saturating_sub(start.elapsed());
        let sub_opts = ExactOptions {
            time_limit: left,
            warm_start: if i == 0 {
                opts.warm_start
            } else {
                Duration::ZERO
            },
            cutoff: best.as_ref().map(|b| b.objective).or(opts.cutoff),
            // Out of time: one node gives this leader's root bound for the gap.
            node_limit: if left.is_zero() {
                Some(1)
            } else {
                opts.node_limit
            },
            seed: opts.seed,
        };
        let sol = solve_one(&sub, &sub_opts);
        nodes += sol.iterations;
        if !sol.proven_optimal {
            proven = false;
            open_bound = open_bound.max(sol.bound.unwrap_or(f64::INFINITY));
        }
        if sol.feasible && best.as_ref().is_none_or(|b| sol.objective > b.objective) {
            best = Some(Solution::from_deck(inst, sol.deck, 0, Duration::ZERO));
        }
    }
    let mut sol = best.unwrap_or_else(|| {
        let mut s = Solution::from_deck(inst, deck_of(inst, Vec::new()), 0, Duration::ZERO);
        s.violations = vec![if proven {
            "proven infeasible: no deck meets every constraint".into()
        } else {
            "no feasible deck found before the limit".into()
        }];
        s
    });
    sol.iterations = nodes;
    sol.elapsed = start.elapsed();
    sol.proven_optimal = proven;
    sol.bound = Some(if proven {
        sol.objective
    } else {
        open_bound.max(sol.objective)
    });
    sol
}

/// Branch and bound on an instance without a leader table.
fn solve_one(inst: &Instance, opts: &ExactOptions) -> Solution {
    let start = Instant::now();
    let warm = vds::solve(
        inst,
        &vds::VdsOptions {
            seed: opts.seed,
            time_limit: opts.warm_start.min(opts.time_limit),
            ..Default::default()
        },
    );
    let mut bb = Search::new(inst, start + opts.time_limit, opts.node_limit);
    if let Some(c) = opts.cutoff {
        bb.best = c;
    }
    if warm.feasible && warm.objective > bb.best {
        bb.best = warm.objective;
        bb.best_set = Some(warm.deck.selected.clone());
    }
    let proven = bb.run();
    let found = bb.best_set.clone();
    let mut sol = match found {
        Some(set) => Solution::from_deck(inst, deck_of(inst, set), bb.nodes, start.elapsed()),
        None => {
            let mut s =
                Solution::from_deck(inst, deck_of(inst, Vec::new()), bb.nodes, start.elapsed());
            s.violations = vec![if proven {
                "proven infeasible: no deck meets every constraint".into()
            } else {
                "no feasible deck found before the limit".into()
            }];
            s
        }
    };
    sol.proven_optimal = proven;
    sol.bound = Some(if proven {
        sol.objective
    } else {
        bb.open_bound.max(sol.objective)
    });
    sol
}

/// Branch-and-bound state: the include/exclude status of every piece and the incremental sums
/// of the chosen set.
struct Search<'a> {
    inst: &'a Instance,
    /// Pair scores of each piece, largest first.
    sorted_adj: Vec<Vec<(usize, f64)>>,
    /// Slots to fill in all (`None` when the size is free).
    k: Option<usize>,
    cap: i64,
    limit: usize,
    status: Vec<u8>,
    /// g[j] = p_j + Σ_{i∈S} R_ij.
    g: Vec<f64>,
    objective: f64,
    cost: i64,
    size: usize,
    group_count: Vec<usize>,
    /// Minimum-count requirements: (membership, minimum, count in S).
    reqs: Vec<(Vec<bool>, usize, usize)>,
    /// Whether each requirement is the first for its attribute: attributes partition the
    /// pieces, so those deficits add up; the leader requirement overlaps them and does not.
    disjoint: Vec<bool>,
    best: f64,
    best_set: Option<Vec<usize>>,
    nodes: u64,
    deadline: Instant,
    node_limit: Option<u64>,
    stopped: bool,
    open_bound: f64,
    scratch: Scratch,
}

/// Per-node buffers, reused.
#[derive(Default)]
struct Scratch {
    addable: Vec<bool>,
    cands: Vec<usize>,
    u: Vec<f64>,
    order: Vec<(f64, usize)>,
    taken: Vec<usize>,
    /// Per group: partners counted in the current walk, valid while `stamp` matches.
    group_seen: Vec<(u32, usize)>,
    stamp: u32,
}

impl<'a> Search<'a> {
    fn new(inst: &'a Instance, deadline: Instant, node_limit: Option<u64>) -> Self {
        let n = inst.pieces.len();
        let sorted_adj = inst
            .adjacency
            .iter()
            .map(|row| {
                // Duplicate pair lines are summed so each entry is one distinct partner.
                let mut r: Vec<(usize, f64)> = row.to_vec();
                r.sort_by_key(|e| e.0);
                r.dedup_by(|b, a| {
                    let same = a.0 == b.0;
                    if same {
                        a.1 += b.1;
                    }
                    same
                });
                r.retain(|e| e.1 > 0.0);
                r.sort_by(|a, b| b.1.total_cmp(&a.1));
                r
            })
            .collect();
        let state = State::new(inst);
        let groups = state.group_count.len();
        let mut s = Search {
            inst,
            sorted_adj,
            k: inst.request.k,
            cap: state.cap(),
            limit: inst.request.group_limit.max(1),
            status: vec![FREE; n],
            g: inst.pieces.iter().map(|p| p.score).collect(),
            objective: 0.0,
            cost: 0,
            size: 0,
            group_count: vec![0; groups],
            reqs: state.reqs.clone(),
            disjoint: (0..state.reqs.len())
                .map(|i| {
                    let attrs = &inst.request.attributes;
                    i < attrs.len() && attrs[..i].iter().all(|a| a.name != attrs[i].name)
                })
                .collect(),
            best: f64::NEG_INFINITY,
            best_set: None,
            nodes: 0,
            deadline,
            node_limit,
            stopped: false,
            open_bound: f64::NEG_INFINITY,
            scratch: Scratch {
                addable: vec![false; n],
                group_seen: vec![(0, 0); groups],
                ..Default::default()
            },
        };
        for i in 0..n {
            if state.locked[i] && s.status[i] == FREE {
                s.include(i);
            }
        }
        s
    }

    /// Explores the whole tree; returns true when it finished (the incumbent is optimal).
    fn run(&mut self) -> bool {
        let feasible_start = self.group_count.iter().all(|&c| c <= self.limit)
            && self.cost <= self.cap
            && self.k.is_none_or(|k| self.size <= k);
        if feasible_start {
            self.node(f64::INFINITY);
        }
        !self.stopped
    }

    fn include(&mut self, j: usize) {
        let inst = self.inst;
        self.status[j] = IN;
        self.objective += self.g[j];
        self.cost += inst.pieces[j].cost;
        self.size += 1;
        self.group_count[inst.group_of[j]] += 1;
        for r in &mut self.reqs {
            r.2 += usize::from(r.0[j]);
        }
        for &(k, s) in &inst.adjacency[j] {
            self.g[k] += s;
        }
    }

    fn exclude_undo(&mut self, j: usize) {
        let inst = self.inst;
        for &(k, s) in &inst.adjacency[j] {
            self.g[k] -= s;
        }
        for r in &mut self.reqs {
            r.2 -= usize::from(r.0[j]);
        }
        self.group_count[inst.group_of[j]] -= 1;
        self.size -= 1;
        self.cost -= inst.pieces[j].cost;
        self.objective -= self.g[j];
        self.status[j] = FREE;
    }

    fn reqs_met(&self) -> bool {
        self.reqs.iter().all(|(_, min, c)| c >= min)
    }

    fn record(&mut self) {
        if self.reqs_met() && self.objective > self.best + TOL * (1.0 + self.best.abs()) {
            self.best = self.objective;
            self.best_set = Some(
                (0..self.status.len())
                    .filter(|&i| self.status[i] == IN)
                    .collect(),
            );
        }
    }

    fn beats_best(&self, ub: f64) -> bool {
        ub > self.best + TOL * (1.0 + self.best.abs())
    }

    /// One node; `parent_ub` is recorded as open if a limit stops the search here.
    fn node(&mut self, parent_ub: f64) {
        if !self.stopped {
            self.nodes += 1;
            let over_nodes = self.node_limit.is_some_and(|l| self.nodes > l);
            if over_nodes || (self.nodes.is_multiple_of(256) && Instant::now() >= self.deadline) {
                self.stopped = true;
            }
        }
        if self.stopped {
            self.open_bound = self.open_bound.max(parent_ub);
            return;
        }
        if self.k.is_none() || self.k == Some(self.size) {
            self.record();
            if self.k.is_some() {
                return;
            }
        }
        let Some((ub, branch)) = self.bound() else {
            return;
        };
        let ub = ub.min(parent_ub);
        if !self.beats_best(ub) {
            return;
        }
        self.include(branch);
        self.node(ub);
        self.exclude_undo(branch);
        self.status[branch] = OUT;
        self.node(ub);
        self.status[branch] = FREE;
    }

    /// The node's upper bound and the piece to branch on, or `None` when no completion exists
    /// (or, without a size, when adding nothing more is the only option).
    fn bound(&mut self) -> Option<(f64, usize)> {
        let inst = self.inst;
        let cap_left = self.cap - self.cost;
        let mut sc = std::mem::take(&mut self.scratch);
        sc.cands.clear();
        for j in 0..self.status.len() {
            let ok = self.status[j] == FREE
                && inst.pieces[j].cost <= cap_left
                && self.group_count[inst.group_of[j]] < self.limit;
            sc.addable[j] = ok;
            if ok {
                sc.cands.push(j);
            }
        }
        let result = self.bound_on(&mut sc, cap_left);
        for &j in &sc.cands {
            sc.addable[j] = false;
        }
        self.scratch = sc;
        result
    }

    fn bound_on(&self, sc: &mut Scratch, cap_left: i64) -> Option<(f64, usize)> {
        let r = match self.k {
            Some(k) => k - self.size,
            None => sc.cands.len(),
        };
        if sc.cands.is_empty() || r == 0 {
            return None;
        }
        if self.k.is_some() && !self.completable(sc, r, cap_left) {
            return None;
        }
        sc.u.clear();
        let partners = r.saturating_sub(1);
        let mut branch = sc.cands[0];
        let mut branch_u = f64::NEG_INFINITY;
        let groups = &self.inst.group_of;
        for &j in &sc.cands {
            let mut seen = 0;
            let mut pair = 0.0;
            // Partners of j obey the group limits too (identical forms share their pair
            // scores, so counting each form would count one partner several times).
            sc.stamp = sc.stamp.wrapping_add(1);
            let stamp = sc.stamp;
            sc.group_seen[groups[j]] = (stamp, 1);
            for &(k, s) in &self.sorted_adj[j] {
                if seen == partners {
                    break;
                }
                if !sc.addable[k] {
                    continue;
                }
                let g = groups[k];
                let used = match sc.group_seen[g] {
                    (st, c) if st == stamp => c,
                    _ => 0,
                };
                if self.group_count[g] + used < self.limit {
                    sc.group_seen[g] = (stamp, used + 1);
                    pair += s;
                    seen += 1;
                }
            }
            let u = self.g[j] + 0.5 * pair;
            if u > branch_u {
                branch_u = u;
                branch = j;
            }
            sc.u.push(u);
        }
        let mut best = f64::INFINITY;
        let (mut lo, mut hi) = (0.0f64, 0.0f64);
        for step in 0..LAGRANGE_STEPS {
            let lambda = if step == 0 {
                0.0
            } else if hi == 0.0 {
                lo.max(1e-3) * 4.0
            } else {
                0.5 * (lo + hi)
            };
            let (value, used) = self.select(sc, r, lambda);
            let h = self.objective + value + lambda * cap_left as f64;
            best = best.min(h);
            if !self.beats_best(best) || used == cap_left {
                break;
            }
            if used > cap_left {
                lo = lambda;
            } else if step == 0 {
                break;
            } else {
                hi = lambda;
            }
        }
        Some((best, branch))
    }

    /// Whether r more pieces can still meet the minimums and the cap (counting relaxations).
    fn completable(&self, sc: &mut Scratch, r: usize, cap_left: i64) -> bool {
        let inst = self.inst;
        let mut deficit = 0;
        for ((members, min, count), &disjoint) in self.reqs.iter().zip(&self.disjoint) {
            let need = min.saturating_sub(*count);
            if need > 0 {
                let avail = sc.cands.iter().filter(|&&j| members[j]).count();
                if avail < need || need > r {
                    return false;
                }
                if disjoint {
                    deficit += need;
                }
            }
        }
        if deficit > r || sc.cands.len() < r {
            return false;
        }
        sc.order.clear();
        sc.order
            .extend(sc.cands.iter().map(|&j| (inst.pieces[j].cost as f64, j)));
        if r < sc.order.len() {
            sc.order
                .select_nth_unstable_by(r - 1, |a, b| a.0.total_cmp(&b.0));
        }
        let cheapest: f64 = sc.order[..r].iter().map(|e| e.0).sum();
        cheapest <= cap_left as f64
    }

    /// Best Σ (u_j − λ c_j) over r candidates within group limits (all positive ones when the
    /// size is free); returns that sum and the cost of the chosen pieces.
    fn select(&self, sc: &mut Scratch, r: usize, lambda: f64) -> (f64, i64) {
        let inst = self.inst;
        sc.order.clear();
        for (idx, &j) in sc.cands.iter().enumerate() {
            sc.order
                .push((sc.u[idx] - lambda * inst.pieces[j].cost as f64, j));
        }
        let by_value = |a: &(f64, usize), b: &(f64, usize)| b.0.total_cmp(&a.0);
        // Only the head is needed: sort a prefix with room for group skips, and the rest only
        // if the skips use that room up.
        let mut sorted = if self.k.is_some() {
            (2 * r + 8).min(sc.order.len())
        } else {
            sc.order.len()
        };
        if sorted < sc.order.len() {
            sc.order.select_nth_unstable_by(sorted, by_value);
        }
        sc.order[..sorted].sort_unstable_by(by_value);
        sc.taken.clear();
        let (mut value, mut used, mut count) = (0.0, 0i64, 0usize);
        let mut i = 0;
        while i < sc.order.len() {
            if i == sorted {
                sc.order[sorted..].sort_unstable_by(by_value);
                sorted = sc.order.len();
            }
            let (v, j) = sc.order[i];
            i += 1;
            if count == r || (self.k.is_none() && v <= 0.0) {
                break;
            }
            let g = inst.group_of[j];
            let already = sc.taken.iter().filter(|&&t| t == g).count();
            if self.group_count[g] + already >= self.limit {
                continue;
            }
            sc.taken.push(g);
            value += v;
            used += inst.pieces[j].cost;
            count += 1;
        }
        (value, used)
    }
}
