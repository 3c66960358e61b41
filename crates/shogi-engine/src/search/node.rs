//! Principal variation search on a [`Worker`]: the table, pruning,
//! reductions and extensions of one node (quiescence is `quiescence.rs`).
//!
//! Repetition and the table: a repetition found at a node refers to an
//! earlier position of the path (or of the game). The score it produces is
//! only valid for paths through that earlier position, so every node tracks
//! the shallowest path index any repetition below it referred to
//! (`rep_dep`), and stores its result in the transposition table only when
//! that index is at or below its own: the repetition then lies wholly inside
//! its subtree and holds on any path that reaches it.

use crate::mate::quick_mate;
use crate::params::{
    IIR_MIN_DEPTH, LMP_BASE, LMP_SCALE, LMR_CUT_NODE, LMR_HISTORY_DIV, NULL_MOVE_BASE_R,
    NULL_MOVE_DEPTH_DIV, NULL_MOVE_EVAL_DIV, NULL_MOVE_MIN_DEPTH, RFP_MARGIN, RFP_MAX_DEPTH,
};
use crate::score::{INFINITE, MATE_IN_MAX_PLY, MAX_PLY, mate_in, mated_in, to_tt};
use crate::search::check::CheckInfo;
use crate::search::history::NO_PIECE_TO;
use crate::search::order::{MovePicker, OrderStats, capture_see_ok, is_capture};
use crate::search::picker::StagedPicker;
use crate::search::prune::{MoveClass, PruneContext};
use crate::search::see::see_ge;
use crate::search::worker::{NodeKind, PathEntry, Worker, table_cutoff};
use crate::tt::{Bound, TtEntry};
use yomi_shogi::Move;
use yomi_shogi::rules::Declaration;
use yomi_shogi::types::Kind;

impl Worker<'_> {
    /// Principal variation search; `rep_dep` bookkeeping around the body.
    pub fn search(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        kind: NodeKind,
        after_null: bool,
    ) -> i32 {
        let saved = std::mem::replace(&mut self.rep_dep, usize::MAX);
        let v = self.search_body(alpha, beta, depth, ply, kind, after_null);
        self.rep_dep = self.rep_dep.min(saved);
        v
    }

    fn search_body(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        kind: NodeKind,
        after_null: bool,
    ) -> i32 {
        let pv_node = kind == NodeKind::Pv;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        let idx = self.root_index + ply;
        if let Some(score) = self.repetition(idx) {
            return score;
        }
        if self.pos.declaration(self.s.declaration) == Some(Declaration::Win) {
            return mate_in(ply);
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.path[idx].in_check;
        if ply >= MAX_PLY - 1 {
            return self.ply_limit_eval(in_check);
        }
        let key = self.pos.key();
        let tt = self.tt.probe(key);
        let tt_move = tt.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tt
            && !pv_node
            && e.depth >= depth
            && let Some(s) = table_cutoff(&e, ply, alpha, beta)
        {
            return s;
        }
        let static_eval = if in_check {
            -INFINITE
        } else if let Some(e) = tt {
            e.eval
        } else {
            self.s.eval.evaluate(&self.pos)
        };
        self.evals[ply] = static_eval;
        // Improving: the static eval rose since our previous move; pruning
        // is then less safe. Unknown (in check two plies ago) counts as yes.
        let improving = !in_check
            && (ply < 2 || self.evals[ply - 2] == -INFINITE || static_eval > self.evals[ply - 2]);

        if !in_check && !pv_node {
            // Reverse futility: a quiet table move would not be refuted by
            // the margin, so it is only trusted without one or after a capture.
            if depth <= RFP_MAX_DEPTH
                && static_eval - RFP_MARGIN * (depth - improving as i32) >= beta
                && beta.abs() < MATE_IN_MAX_PLY
                && (tt_move == Move::NONE || is_capture(&self.pos, tt_move))
            {
                return (2 * beta + static_eval) / 3;
            }
            // Null move only where a fail high is expected.
            if !after_null
                && kind == NodeKind::Cut
                && depth >= NULL_MOVE_MIN_DEPTH
                && static_eval >= beta
                && beta.abs() < MATE_IN_MAX_PLY
            {
                let r = NULL_MOVE_BASE_R
                    + depth / NULL_MOVE_DEPTH_DIV
                    + ((static_eval - beta) / NULL_MOVE_EVAL_DIV).min(3);
                self.pos.do_null_move();
                self.s.eval.played_null(&self.pos);
                self.path.push(PathEntry {
                    key: self.pos.key(),
                    in_check: false,
                    since_null: 0,
                    pt: NO_PIECE_TO,
                });
                let score = -self.search(-beta, -beta + 1, depth - r, ply + 1, kind.child(), true);
                self.path.pop();
                self.pos.undo_null_move();
                self.s.eval.unplayed();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_IN_MAX_PLY {
                        beta
                    } else {
                        score
                    };
                }
            }
        }

        // Internal iterative reduction: a node without a table move is
        // searched a ply shallower (it is likely new and unimportant).
        let depth = if depth >= IIR_MIN_DEPTH && tt_move == Move::NONE {
            depth - 1
        } else {
            depth
        };
        // Checks are looked up only once a second move is tried: most nodes
        // end with their first.
        let mut checks: Option<CheckInfo> = None;
        if !in_check && tt.is_none() {
            // Mate in one where the table knows nothing (as YaneuraOu).
            let info = checks.insert(CheckInfo::new(&self.pos));
            if let Some(m) = quick_mate(&mut self.pos, info) {
                let score = mate_in(ply + 1);
                if pv_node {
                    self.pv_len[ply + 1] = ply + 1;
                    self.update_pv(ply, m);
                }
                self.tt.store(
                    key,
                    TtEntry {
                        mv: m,
                        score: to_tt(score, ply),
                        eval: static_eval,
                        depth,
                        bound: Bound::Exact,
                    },
                );
                return score;
            }
        }
        let prev = self.prev_moves(idx);
        let mut picker = StagedPicker::new(&self.moves, tt_move, self.killers[ply]);
        let side = self.pos.side_to_move();
        let prune = PruneContext {
            depth,
            improving,
            static_eval,
            prev,
            lmp_limit: (LMP_BASE + depth * depth * LMP_SCALE / 2) / (2 - improving as i32),
        };
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count: usize = 0;
        let mut quiets = [Move::NONE; 64];
        let mut quiet_count = 0;
        let mut captures = [Move::NONE; 32];
        let mut capture_count = 0;
        loop {
            let stats = OrderStats {
                history: &self.s.history,
                captures: &self.s.captures,
                cont: [
                    self.s.cont.row(prev[0]),
                    self.s.cont.row(prev[1]),
                    self.s.cont.row(prev[2]),
                ],
            };
            let Some((m, order)) = picker.next(&mut self.moves, &self.pos, &stats) else {
                break;
            };
            move_count += 1;
            let capture = is_capture(&self.pos, m);
            // As YaneuraOu: only a pawn's promotion counts as tactical; other
            // promotions are pruned and reduced like any quiet move.
            let quiet = !capture
                && (!m.is_promotion()
                    || self.pos.piece_on(m.from()).kind_unchecked() != Kind::Pawn);
            let gives_check = match &checks {
                Some(info) => info.gives_check(&self.pos, m),
                None if picker.yielded() == 1 => self.pos.gives_check(m),
                None => checks
                    .insert(CheckInfo::new(&self.pos))
                    .gives_check(&self.pos, m),
            };
            let class = MoveClass {
                capture,
                quiet,
                gives_check,
            };
            if !in_check && best > -MATE_IN_MAX_PLY && move_count as i32 > prune.lmp_limit {
                // As YaneuraOu: past the move-count limit no later quiet
                // move is tried, checks included.
                picker.skip_quiets();
            }
            if !in_check
                && best > -MATE_IN_MAX_PLY
                && self.prunable(&prune, m, order, move_count, class, alpha)
            {
                continue;
            }
            // Checks that do not lose material are extended at PV nodes.
            let extension = (pv_node
                && gives_check
                && (!capture || capture_see_ok(&self.pos, m))
                && (capture || see_ge(&self.pos, m, 0))) as i32;
            let extension = if ply < 2 * self.root_depth as usize {
                extension
            } else {
                extension.min(0)
            };
            let new_depth = depth - 1 + extension;
            let captured = self.play(m, gives_check);
            let mut score;
            if move_count == 1 {
                let first = if pv_node { NodeKind::Pv } else { kind.child() };
                score = -self.search(-beta, -alpha, new_depth, ply + 1, first, false);
            } else {
                let mut r = 0;
                if depth >= 2 {
                    r = self.s.lmr[depth.min(63) as usize][move_count.min(63)];
                    r -= pv_node as i32 + gives_check as i32;
                    r += LMR_CUT_NODE * (kind == NodeKind::Cut) as i32;
                    if quiet {
                        r -= in_check as i32;
                        r += !improving as i32;
                        // `m` is played: its key is on the path (the position
                        // itself no longer has the piece on its origin).
                        let pt = self.path[idx + 1].pt;
                        let stat = self.s.history.get(side, m) + self.continuation(prev, pt);
                        r -= stat / LMR_HISTORY_DIV;
                        if m == self.killers[ply][0] || m == self.killers[ply][1] {
                            r -= 1;
                        }
                    } else {
                        // Captures, pawn promotions: reduced less than quiet
                        // moves, winning ones less still; no history term.
                        r -= 1 + !MovePicker::is_bad_capture(order) as i32;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                // A reduced search expects to fail high (a cut node); the
                // full-depth one alternates like the first move's.
                let reduced = if r > 0 { NodeKind::Cut } else { kind.child() };
                score = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, reduced, false);
                if score > alpha && r > 0 {
                    score =
                        -self.search(-alpha - 1, -alpha, new_depth, ply + 1, kind.child(), false);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(-beta, -alpha, new_depth, ply + 1, NodeKind::Pv, false);
                }
            }
            self.unplay(m, captured);
            if self.aborted {
                self.moves.truncate(picker.start());
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if capture {
                            self.reward_capture(m, depth);
                        } else {
                            self.reward_quiet(ply, prev, m, depth, &quiets[..quiet_count]);
                        }
                        self.punish_captures(depth, &captures[..capture_count]);
                        break;
                    }
                    alpha = score;
                }
            }
            if !capture && quiet_count < quiets.len() {
                quiets[quiet_count] = m;
                quiet_count += 1;
            } else if capture && capture_count < captures.len() {
                captures[capture_count] = m;
                capture_count += 1;
            }
        }
        self.moves.truncate(picker.start());
        if picker.yielded() == 0 {
            return mated_in(ply);
        }
        if best_move != Move::NONE && best < beta && !is_capture(&self.pos, best_move) {
            // A best move that raised alpha without a cut-off (a PV node)
            // teaches the history as a cut-off would.
            let mut others = 0;
            for i in 0..quiet_count {
                if quiets[i] != best_move {
                    quiets[others] = quiets[i];
                    others += 1;
                }
            }
            self.reward_quiet(ply, prev, best_move, depth, &quiets[..others]);
        }
        if self.rep_dep >= idx {
            let bound = if best >= beta {
                Bound::Lower
            } else if pv_node && best_move != Move::NONE {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                TtEntry {
                    mv: best_move,
                    score: to_tt(best, ply),
                    eval: if in_check { 0 } else { static_eval },
                    depth,
                    bound,
                },
            );
        }
        best
    }
}
