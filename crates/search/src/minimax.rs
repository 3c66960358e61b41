//! Plain negamax without pruning: the reference every other search is checked against.
//!
//! It visits every node of the tree down to the depth limit (or to the end of
//! the game), so its node count is the size of the game tree: 549,946 for
//! tic-tac-toe from the empty board.

use crate::game::Game;
use crate::limits::Limits;
use crate::score::{INF, terminal_score, to_value};
use crate::strategy::{SearchReport, SearchStats, Strategy};
use std::time::Instant;

/// Options for [`Minimax`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MinimaxOptions {
    /// Depth limit in plies; `None` searches to the end of the game.
    pub depth: Option<u32>,
}

/// The result of a full minimax search.
#[derive(Clone, Debug)]
pub struct MinimaxResult<M> {
    /// Score from the side to move (see [`crate::score`]).
    pub score: i32,
    /// All moves that achieve the score, in generation order.
    pub best_moves: Vec<M>,
    /// Nodes visited, the root included.
    pub nodes: u64,
    /// Terminal positions reached (finished games).
    pub terminals: u64,
    /// True when no depth limit was hit, so the score is the game value.
    pub exact: bool,
}

/// Plain negamax.
#[derive(Clone, Debug, Default)]
pub struct Minimax {
    /// Options.
    pub options: MinimaxOptions,
}

struct Walk<M> {
    depth_limit: u32,
    nodes: u64,
    terminals: u64,
    horizon: bool,
    buffers: Vec<Vec<M>>,
}

impl<M: Copy> Walk<M> {
    fn negamax<G: Game<Move = M>>(&mut self, state: &G, ply: u32) -> i32 {
        self.nodes += 1;
        if let Some(o) = state.outcome() {
            self.terminals += 1;
            return terminal_score(o, ply);
        }
        if ply >= self.depth_limit {
            self.horizon = true;
            return state.evaluate();
        }
        let mut moves = std::mem::take(&mut self.buffers[ply as usize]);
        state.legal_moves(&mut moves);
        let mut best = -INF;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            best = best.max(-self.negamax(&child, ply + 1));
        }
        self.buffers[ply as usize] = moves;
        best
    }
}

impl Minimax {
    /// Plain negamax with these options.
    pub fn new(options: MinimaxOptions) -> Minimax {
        Minimax { options }
    }

    /// Searches `state` and returns its value, every best move and the counts.
    pub fn search<G: Game>(&self, state: &G) -> MinimaxResult<G::Move> {
        let depth_limit = self.options.depth.unwrap_or(u32::MAX);
        let cap = G::max_game_length().unwrap_or(64).min(depth_limit as usize) + 2;
        let mut walk = Walk {
            depth_limit,
            nodes: 1,
            terminals: 0,
            horizon: false,
            buffers: vec![Vec::new(); cap],
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            let score = state.outcome().map_or(0, |o| terminal_score(o, 0));
            return MinimaxResult {
                score,
                best_moves: vec![],
                nodes: 1,
                terminals: 1,
                exact: true,
            };
        }
        let mut best = -INF;
        let mut best_moves = Vec::new();
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let s = -walk.negamax(&child, 1);
            if s > best {
                best = s;
                best_moves.clear();
            }
            if s == best {
                best_moves.push(mv);
            }
        }
        MinimaxResult {
            score: best,
            best_moves,
            nodes: walk.nodes,
            terminals: walk.terminals,
            exact: !walk.horizon,
        }
    }
}

impl<G: Game> Strategy<G> for Minimax {
    fn name(&self) -> String {
        match self.options.depth {
            Some(d) => format!("minimax(depth={d})"),
            None => "minimax".into(),
        }
    }

    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        let own = self.options.depth;
        self.options.depth = limits.tighten_depth(own);
        let report = self.choose(state);
        self.options.depth = own;
        report
    }

    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        let start = Instant::now();
        let r = self.search(state);
        let best = r.best_moves[0];
        SearchReport {
            best,
            value: Some(to_value(r.score, r.exact)),
            pv: vec![best],
            root: Vec::new(),
            stats: SearchStats {
                nodes: r.nodes,
                depth: self.options.depth.unwrap_or(0),
                elapsed: start.elapsed(),
                ..SearchStats::default()
            },
        }
    }
}
