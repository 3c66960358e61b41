//! Solving a position: its exact game value, every move that achieves it,
//! the distance to the result, and a principal variation.
//!
//! Contract: [`solve`] runs iterative-deepening alpha-beta with a
//! transposition table until the search reaches the end of the game in every
//! line (or the time budget runs out, in which case the value is `None` and
//! only the best move found so far is listed). When the value is proven, each
//! root move is then scored exactly, so `best_moves` holds every move that
//! achieves it — for a win, only the moves that win in the fewest plies; for a
//! loss, only those that lose in the most.

use crate::alphabeta::{AlphaBeta, AlphaBetaOptions};
use crate::budget::Budget;
use crate::game::Game;
use crate::score::{WIN, is_proven, terminal_score};
use std::time::{Duration, Instant};

/// Limits of a [`solve`] call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Give up after this long (`None`: search until solved).
    pub time: Option<Duration>,
    /// Transposition table size in MB.
    pub tt_megabytes: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            time: None,
            tt_megabytes: 64,
        }
    }
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// +1 win, 0 draw, -1 loss for the side to move; `None` when not proven.
    pub value: Option<i32>,
    /// Plies to the end with best play (win: fastest, loss: slowest); `None` for draws and unproven values.
    pub plies: Option<u32>,
    /// Every move that achieves the value (only the best found so far when not proven).
    pub best_moves: Vec<M>,
    /// Principal variation.
    pub pv: Vec<M>,
    /// Nodes searched, including the per-move searches.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

impl<M> Solution<M> {
    /// `win`, `draw`, `loss` or `unknown`.
    pub fn result(&self) -> &'static str {
        match self.value {
            Some(1) => "win",
            Some(0) => "draw",
            Some(-1) => "loss",
            _ => "unknown",
        }
    }
}

/// Solves `state` (see the module contract).
pub fn solve<G: Game>(state: &G, options: &SolveOptions) -> Solution<G::Move> {
    let start = Instant::now();
    let mut solution = Solution {
        value: None,
        plies: None,
        best_moves: vec![],
        pv: vec![],
        nodes: 0,
        time: Duration::ZERO,
    };
    if let Some(o) = state.outcome() {
        let v = o.sign();
        solution.value = Some(v);
        solution.plies = (v != 0).then_some(0);
        return solution;
    }
    let mut searcher = AlphaBeta::<G::Move>::new(AlphaBetaOptions {
        depth: None,
        iterative: true,
        tt_megabytes: options.tt_megabytes,
        budget: Budget {
            time: options.time,
            ..Budget::default()
        },
    });
    let root = searcher.search(state);
    solution.nodes = root.nodes;
    solution.pv = root.pv.clone();
    if !root.exact {
        solution.best_moves.extend(root.pv.first().copied());
        solution.time = start.elapsed();
        return solution;
    }
    // Score every root move exactly (the shared table makes this cheap). A
    // proven result in d plies is matched only by moves that reach it in d,
    // which a search d-1 plies deep decides.
    if is_proven(root.score) {
        searcher.options.depth = Some((WIN - root.score.abs()).max(1) as u32 - 1);
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for &mv in &moves {
        let mut child = state.clone();
        child.play(mv);
        let score = match child.outcome() {
            Some(o) => -terminal_score(o, 0),
            None => {
                if searcher.options.depth == Some(0) {
                    continue; // only an immediate result matches, and this child is not terminal
                }
                let r = searcher.search(&child);
                solution.nodes += r.nodes;
                if !r.exact && !is_proven(root.score) {
                    continue;
                }
                -r.score
            }
        };
        // Child scores are one ply further from the root.
        let score = if is_proven(score) {
            score - score.signum()
        } else {
            score
        };
        if score == root.score {
            solution.best_moves.push(mv);
        }
    }
    let v = root.score.signum();
    solution.value = Some(v);
    solution.plies = is_proven(root.score).then(|| (WIN - root.score.abs()) as u32);
    solution.time = start.elapsed();
    solution
}
