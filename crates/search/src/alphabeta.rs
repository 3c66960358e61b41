//! Alpha-beta (negamax, fail-soft) with optional iterative deepening and a
//! transposition table.
//!
//! Contract: with the same depth and no budget cut, every variant (fixed
//! depth or iterative, with or without a table) returns the same root score
//! as plain [`crate::Minimax`] at that depth; when the search reaches the end
//! of the game in every line the score is the exact game value and the report
//! says so. Move ordering: the table's move first, then the game's own order.

use crate::budget::{Budget, Clock};
use crate::game::Game;
use crate::limits::Limits;
use crate::score::{INF, PROVEN, score_from_node, score_to_node, terminal_score, to_value};
use crate::strategy::{SearchReport, SearchStats, Strategy};
use crate::tt::{Bound, Entry, TranspositionTable};

/// Options for [`AlphaBeta`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaBetaOptions {
    /// Maximum depth in plies; `None` = until the game's end or the budget runs out.
    pub depth: Option<u32>,
    /// Deepen one ply at a time (required for node and time budgets).
    pub iterative: bool,
    /// Transposition table size in MB; 0 disables it.
    pub tt_megabytes: usize,
    /// Node and time limits (iterations are ignored).
    pub budget: Budget,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            depth: None,
            iterative: true,
            tt_megabytes: 16,
            budget: Budget::default(),
        }
    }
}

/// Result of [`AlphaBeta::search`].
#[derive(Clone, Debug)]
pub struct AlphaBetaResult<M> {
    /// Root score from the side to move.
    pub score: i32,
    /// Principal variation; its first move is the best move.
    pub pv: Vec<M>,
    /// Nodes visited over all iterations.
    pub nodes: u64,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// True when the score is the exact game value.
    pub exact: bool,
}

/// Alpha-beta searcher. Keeps its transposition table between moves of a game.
#[derive(Debug)]
pub struct AlphaBeta<M> {
    /// Options.
    pub options: AlphaBetaOptions,
    tt: Option<TranspositionTable>,
    nodes: u64,
    horizon: u64,
    aborted: bool,
    buffers: Vec<Vec<M>>,
    pv: Vec<Vec<M>>,
}

impl<M: Copy> AlphaBeta<M> {
    /// A searcher with these options.
    pub fn new(options: AlphaBetaOptions) -> Self {
        let tt = (options.tt_megabytes > 0)
            .then(|| TranspositionTable::with_megabytes(options.tt_megabytes));
        AlphaBeta {
            options,
            tt,
            nodes: 0,
            horizon: 0,
            aborted: false,
            buffers: Vec::new(),
            pv: Vec::new(),
        }
    }

    fn ensure_ply(&mut self, ply: usize) {
        while self.buffers.len() <= ply + 1 {
            self.buffers.push(Vec::new());
            self.pv.push(Vec::new());
        }
    }

    /// Searches `state` (not terminal) under the options and returns the result.
    pub fn search<G: Game<Move = M>>(&mut self, state: &G) -> AlphaBetaResult<M> {
        let clock = Clock::start(self.options.budget);
        self.nodes = 0;
        self.aborted = false;
        let max_depth = self.options.depth.unwrap_or(u32::MAX).max(1);
        let first = if self.options.iterative { 1 } else { max_depth };
        let mut best: Option<AlphaBetaResult<M>> = None;
        let mut depth = first;
        loop {
            let horizon_before = self.horizon;
            let score = self.negamax(state, depth, 0, -INF, INF, &clock);
            if self.aborted {
                break;
            }
            // A proven root score is final: a shorter win (or longer defence)
            // would have shown up at the shallower depths already searched.
            let exact = self.horizon == horizon_before || crate::score::is_proven(score);
            let pv = self.pv[0].clone();
            best = Some(AlphaBetaResult {
                score,
                pv,
                nodes: self.nodes,
                depth,
                exact,
            });
            if exact || depth >= max_depth || clock.out_of_nodes_or_time(self.nodes) {
                break;
            }
            depth += 1;
        }
        let mut result = best.unwrap_or_else(|| {
            // Budget ran out inside the first iteration: fall back to the first legal move.
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            AlphaBetaResult {
                score: 0,
                pv: moves.first().copied().into_iter().collect(),
                nodes: 0,
                depth: 0,
                exact: false,
            }
        });
        result.nodes = self.nodes;
        result
    }

    fn negamax<G: Game<Move = M>>(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        clock: &Clock,
    ) -> i32 {
        self.nodes += 1;
        self.ensure_ply(ply);
        self.pv[ply].clear();
        if self.nodes & 1023 == 0 && clock.out_of_nodes_or_time(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if depth == 0 {
            if let Some(o) = state.outcome() {
                return terminal_score(o, ply as u32);
            }
            self.horizon += 1;
            return state.evaluate();
        }
        let key = state.hash();
        let mut tt_index = None;
        if let (Some(tt), Some(key)) = (&self.tt, key)
            && let Some(e) = tt.probe(key)
        {
            tt_index = e.best.map(usize::from);
            if ply > 0 && (e.complete || e.depth as u32 >= depth.min(255)) {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    if !e.complete {
                        self.horizon += 1;
                    }
                    return s;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return state.outcome().map_or(0, |o| terminal_score(o, ply as u32));
        }
        // Search order: the table's move first, then generation order. Indices
        // refer to generation order, which is what the table stores.
        let tt_index = tt_index.filter(|&i| i < moves.len());
        let order = |k: usize| match tt_index {
            Some(t) if k == 0 => t,
            Some(t) if k <= t => k - 1,
            _ => k,
        };
        let alpha_orig = alpha;
        let horizon_before = self.horizon;
        let mut best = -INF;
        let mut best_index = None;
        for i in 0..moves.len() {
            let mv_index = order(i);
            let mv = moves[mv_index];
            let mut child = state.clone();
            child.play(mv);
            // Principal variation search: later moves get a null window first
            // and a full re-search only when they might beat the best so far.
            let mut s;
            if i == 0 {
                s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, clock);
            } else {
                s = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, clock);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, clock);
                }
            }
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if s > best {
                best = s;
                best_index = Some(mv_index);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(mv);
                head[ply].extend_from_slice(&tail[0]);
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if let (Some(tt), Some(key)) = (&mut self.tt, key) {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(Entry {
                key,
                score: to_tt(best, ply),
                depth: depth.min(255) as u8,
                bound,
                complete: self.horizon == horizon_before,
                best: best_index.and_then(|i| u16::try_from(i).ok()),
            });
        }
        best
    }
}

/// Proven scores are stored relative to the node so they stay valid when the
/// same position is reached at another ply.
fn to_tt(score: i32, ply: usize) -> i32 {
    score_to_node(score, ply, PROVEN)
}

fn from_tt(score: i32, ply: usize) -> i32 {
    score_from_node(score, ply, PROVEN)
}

impl<G: Game> Strategy<G> for AlphaBeta<G::Move> {
    fn name(&self) -> String {
        let o = &self.options;
        let mut parts = Vec::new();
        if let Some(d) = o.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(t) = o.budget.time {
            parts.push(format!("time={}ms", t.as_millis()));
        }
        if let Some(n) = o.budget.nodes {
            parts.push(format!("nodes={n}"));
        }
        parts.push(format!("tt={}MB", o.tt_megabytes));
        if !o.iterative {
            parts.push("id=false".into());
        }
        format!("alphabeta({})", parts.join(", "))
    }

    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        let clock = Clock::start(Budget::default());
        let r = self.search(state);
        SearchReport {
            best: r.pv[0],
            value: Some(to_value(r.score, r.exact)),
            pv: r.pv,
            root: Vec::new(),
            stats: SearchStats {
                nodes: r.nodes,
                iterations: 0,
                depth: r.depth,
                elapsed: clock.elapsed(),
            },
        }
    }

    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        let own = self.options;
        self.options.budget = limits.tighten(own.budget);
        self.options.depth = limits.tighten_depth(own.depth);
        let report = self.choose(state);
        self.options = own;
        report
    }

    fn new_game(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }
}
