//! The root: iterative deepening, aspiration windows, multi-PV, the soft
//! time limit and what is reported.
//!
//! Contract: a mate in one (found by [`crate::mate::mate_in_one`]) is
//! played without searching; otherwise every finished iteration reports one [`SearchInfo`] per PV
//! line; the result's move is the best of the last iteration, or of the
//! interrupted one where a move already beat it there (its first move is
//! always the previous best, so an interrupted iteration never makes the
//! choice worse than the last finished one).

use crate::params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH, ROOT_LMR_MIN_MOVE};
use crate::score::{INFINITE, MATE, MATE_IN_MAX_PLY, MAX_PLY, mate_in, usi_score};
use crate::search::history::NO_PIECE_TO;
use crate::search::order::{MovePicker, OrderStats, is_capture};
use crate::search::worker::{NodeKind, Worker};
use crate::search::{Control, GameHistory, Limits, Nodes, ThreadState};
use crate::tt::{Bound, TranspositionTable, TtEntry};
use std::cmp::Reverse;
use std::fmt::Write;
use yomi_shogi::{Move, Position};

/// One line of search progress (a USI `info` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Iteration depth.
    pub depth: i32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: usize,
    /// PV line number, from 1.
    pub multipv: usize,
    /// Score in cp or mate (see [`crate::score`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Table use in per mille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }

    /// The USI `info ...` line (without newline).
    pub fn to_usi(&self) -> String {
        let mut s = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv",
            self.depth,
            self.seldepth,
            self.multipv,
            usi_score(self.score),
            self.nodes,
            self.nps(),
            self.hashfull,
            self.time_ms
        );
        for m in &self.pv {
            let _ = write!(s, " {m}");
        }
        s
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// Best move, or [`Move::NONE`] when the root has no legal move.
    pub best: Move,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score of the best move (side to move's view).
    pub score: i32,
    /// Last completed iteration.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds used.
    pub time_ms: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

struct RootMove {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
}

pub(super) fn run(
    s: &mut ThreadState,
    tt: &TranspositionTable,
    game: &GameHistory,
    limits: &Limits,
    control: &Control,
    report: &mut dyn FnMut(&SearchInfo),
    nodes: &Nodes<'_>,
) -> SearchResult {
    let root = game.position.clone();
    let legal = root.legal_moves();
    if legal.is_empty() {
        return SearchResult {
            best: Move::NONE,
            ponder: None,
            score: -MATE,
            depth: 0,
            nodes: 0,
            time_ms: control.elapsed_ms(),
            pv: Vec::new(),
        };
    }
    if let Some(m) = crate::mate::mate_in_one(&mut root.clone()) {
        // A mate in one needs no search (and is reported as one).
        let info = SearchInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: mate_in(1),
            nodes: 1,
            time_ms: control.elapsed_ms(),
            hashfull: tt.hashfull(),
            pv: vec![m],
        };
        report(&info);
        return SearchResult {
            best: m,
            ponder: None,
            score: mate_in(1),
            depth: 1,
            nodes: 1,
            time_ms: info.time_ms,
            pv: vec![m],
        };
    }
    let mut w = Worker::new(s, tt, *nodes, root.clone(), &game.earlier, control, limits);
    let mut root_moves = initial_order(&mut w, &legal);
    let multipv = limits.multipv.clamp(1, root_moves.len());
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 8)
        .clamp(1, MAX_PLY as i32 - 8);
    let mut completed = 0;
    let mut best_changes = 0.0f64;
    let mut last_best = root_moves[0].mv;
    let mut last_score = -INFINITE;
    for depth in 1..=max_depth {
        w.root_depth = depth;
        for pv_idx in 0..multipv {
            let prev = root_moves[pv_idx].score;
            let mut delta = ASPIRATION_DELTA;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && prev.abs() < 5_000 {
                (prev - delta, prev + delta)
            } else {
                (-INFINITE, INFINITE)
            };
            loop {
                let score = root_search(&mut w, &mut root_moves, alpha, beta, depth, pv_idx);
                root_moves[pv_idx..].sort_by_key(|m| Reverse(m.score));
                if w.aborted {
                    break;
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break;
                }
                delta += delta;
            }
            root_moves[..=pv_idx].sort_by_key(|m| Reverse(m.score));
            if w.aborted {
                break;
            }
        }
        if w.aborted {
            break;
        }
        completed = depth;
        w.limits_armed = true;
        let time_ms = control.elapsed_ms();
        let hashfull = w.tt.hashfull();
        for (i, rm) in root_moves.iter().take(multipv).enumerate() {
            report(&SearchInfo {
                depth,
                seldepth: w.seldepth,
                multipv: i + 1,
                score: rm.score,
                nodes: w.total_nodes(),
                time_ms,
                hashfull,
                pv: rm.pv.clone(),
            });
        }
        // Soft limits: decided between iterations.
        best_changes *= 0.5;
        if root_moves[0].mv != last_best {
            best_changes += 1.0;
            last_best = root_moves[0].mv;
        }
        let score = root_moves[0].score;
        if limits.nodes.is_some_and(|n| w.total_nodes() >= n) {
            break;
        }
        if let (Some(plan), Some(clock)) = (limits.time, control.clock_ms()) {
            let forced = root_moves.len() == 1;
            let mate_found = score.abs() >= MATE_IN_MAX_PLY && depth > 2 * (MATE - score.abs()) + 2;
            let dropped = last_score != -INFINITE && score < last_score - 60;
            let factor = (1.0 + best_changes) * if dropped { 1.4 } else { 1.0 };
            let target = (plan.soft_ms as f64 * factor).min(plan.hard_ms as f64);
            if forced || mate_found || clock as f64 >= target {
                break;
            }
        }
        last_score = score;
    }
    let best = &root_moves[0];
    let mut pv = best.pv.clone();
    if pv.is_empty() {
        pv.push(best.mv);
    }
    let ponder = match pv.get(1) {
        Some(&m) => Some(m),
        None => ponder_from_table(&mut w, best.mv),
    };
    SearchResult {
        best: best.mv,
        ponder,
        score: best.score,
        depth: completed,
        // This thread's own (the threads' sum is taken once all have stopped).
        nodes: w.nodes,
        time_ms: control.elapsed_ms(),
        pv,
    }
}

/// Root moves ordered like an inner node's first pick: table move, good
/// captures, the rest by history.
fn initial_order(w: &mut Worker<'_>, legal: &[Move]) -> Vec<RootMove> {
    let tt_move = w.tt.probe(w.pos.key()).map_or(Move::NONE, |e| e.mv);
    let mut picker = MovePicker::new(
        &mut w.moves,
        &w.pos,
        legal,
        tt_move,
        [Move::NONE; 2],
        &OrderStats {
            history: &w.s.history,
            captures: &w.s.captures,
            cont: [w.s.cont.row(NO_PIECE_TO); 3],
        },
    );
    let mut out = Vec::with_capacity(legal.len());
    while let Some((mv, _)) = picker.next(&mut w.moves) {
        out.push(RootMove {
            mv,
            score: -INFINITE,
            pv: vec![mv],
        });
    }
    w.moves.truncate(picker.start());
    out
}

fn root_search(
    w: &mut Worker<'_>,
    root_moves: &mut [RootMove],
    mut alpha: i32,
    beta: i32,
    depth: i32,
    pv_idx: usize,
) -> i32 {
    let mut best = -INFINITE;
    w.rep_dep = usize::MAX;
    for (i, rm) in root_moves.iter_mut().enumerate().skip(pv_idx) {
        let m = rm.mv;
        let gives_check = w.pos.gives_check(m);
        let quiet = !m.is_promotion() && !is_capture(&w.pos, m);
        let new_depth = depth - 1;
        let captured = w.play(m, gives_check);
        let score = if i == pv_idx {
            -w.search(-beta, -alpha, new_depth, 1, NodeKind::Pv, false)
        } else {
            // Late root moves (quiet, not checks) are first searched a few
            // plies shallower, as at any PV node, and again at full depth
            // only if they beat alpha.
            let r = if depth >= 3 && i >= pv_idx + ROOT_LMR_MIN_MOVE && quiet && !gives_check {
                (w.s.lmr[depth.min(63) as usize][(i - pv_idx + 1).min(63)] - 1)
                    .clamp(0, (new_depth - 1).max(0))
            } else {
                0
            };
            let mut s = -w.search(-alpha - 1, -alpha, new_depth - r, 1, NodeKind::Cut, false);
            if r > 0 && s > alpha {
                s = -w.search(-alpha - 1, -alpha, new_depth, 1, NodeKind::Cut, false);
            }
            if s > alpha && s < beta {
                -w.search(-beta, -alpha, new_depth, 1, NodeKind::Pv, false)
            } else {
                s
            }
        };
        w.unplay(m, captured);
        if w.aborted {
            return best;
        }
        if i == pv_idx || score > alpha {
            rm.score = score;
            rm.pv.clear();
            rm.pv.push(m);
            let len = w.pv_len[1].max(1);
            rm.pv.extend_from_slice(&w.pv[1][1..len]);
        } else {
            rm.score = -INFINITE;
        }
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    if pv_idx == 0 && w.rep_dep >= w.root_index && best > -INFINITE {
        let key = w.pos.key();
        let eval = if w.pos.in_check() {
            0
        } else {
            w.s.eval.evaluate(&w.pos)
        };
        let mv = root_moves
            .iter()
            .max_by_key(|r| r.score)
            .map_or(Move::NONE, |r| r.mv);
        w.tt.store(
            key,
            TtEntry {
                mv,
                score: best,
                eval,
                depth,
                bound: Bound::None,
            },
        );
    }
    best
}

/// The reply the table expects after `best` (for `bestmove ... ponder`),
/// checked for legality.
fn ponder_from_table(w: &mut Worker<'_>, best: Move) -> Option<Move> {
    let mut pos: Position = w.pos.clone();
    pos.do_move(best);
    let m = w.tt.probe(pos.key())?.mv;
    (m != Move::NONE && pos.is_legal(m)).then_some(m)
}
