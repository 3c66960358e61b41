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

use crate::params::{
    CAPTURE_BONUS_MAX, CAPTURE_BONUS_OFFSET, CAPTURE_BONUS_PER_DEPTH, CAPTURE_FUTILITY_BASE,
    CAPTURE_FUTILITY_HISTORY_DIV, CAPTURE_FUTILITY_MAX_DEPTH, CAPTURE_FUTILITY_PER_DEPTH,
    CAPTURE_MALUS_MAX, CAPTURE_MALUS_OFFSET, CAPTURE_MALUS_PER_DEPTH, CONT_PRUNE_MARGIN,
    CONT_PRUNE_MAX_DEPTH, FUTILITY_BASE, FUTILITY_MAX_DEPTH, FUTILITY_PER_DEPTH, IIR_MIN_DEPTH,
    LMP_BASE, LMP_SCALE, LMR_CUT_NODE, LMR_DEPTH_HISTORY_DIV, LMR_HISTORY_DIV, NULL_MOVE_BASE_R,
    NULL_MOVE_DEPTH_DIV, NULL_MOVE_EVAL_DIV, NULL_MOVE_MIN_DEPTH, PIECE_VALUE, RFP_MARGIN,
    RFP_MAX_DEPTH, SEE_QUIET_MARGIN, SEE_TACTICAL_HISTORY_DIV, SEE_TACTICAL_MARGIN,
    SINGULAR_MARGIN, SINGULAR_MIN_DEPTH,
};
use crate::score::{INFINITE, MATE_IN_MAX_PLY, MAX_PLY, from_tt, mate_in, mated_in, to_tt};
use crate::search::Searcher;
use crate::search::check::CheckInfo;
use crate::search::dominated::is_dominated;
use crate::search::history::{NO_PIECE_TO, piece_to};
use crate::search::mate1::quick_mate;
use crate::search::order::{MovePicker, OrderStats, capture_see_ok, is_capture};
use crate::search::see::see;
use crate::search::worker::{NodeKind, PathEntry, Worker, table_cutoff};
use crate::tt::{Bound, TtEntry};
use yomi_shogi::rules::Declaration;
use yomi_shogi::types::Kind;
use yomi_shogi::{Move, MoveList, generate_legal};

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
        // A singular-extension search (one move excluded) asks a different
        // question from the table's: it neither reads nor writes entries.
        let excluded = self.excluded[ply];
        let tt = if excluded == Move::NONE {
            self.s.tt.probe(key)
        } else {
            None
        };
        let tt_move = tt.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tt {
            if !pv_node && e.depth >= depth {
                if let Some(s) = table_cutoff(&e, ply, alpha, beta) {
                    return s;
                }
            }
        }
        let static_eval = if in_check {
            -INFINITE
        } else if excluded != Move::NONE {
            self.evals[ply]
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

        if !in_check && !pv_node && excluded == Move::NONE {
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
                self.path.push(PathEntry {
                    key: self.pos.key(),
                    in_check: false,
                    since_null: 0,
                    pt: NO_PIECE_TO,
                });
                let score = -self.search(-beta, -beta + 1, depth - r, ply + 1, kind.child(), true);
                self.path.pop();
                self.pos.undo_null_move();
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
        let depth = if depth >= IIR_MIN_DEPTH && tt_move == Move::NONE && excluded == Move::NONE {
            depth - 1
        } else {
            depth
        };
        let mut list = MoveList::new();
        generate_legal(&self.pos, &mut list);
        if list.is_empty() {
            return mated_in(ply);
        }
        list.retain(|m| !is_dominated(&self.pos, m));
        let checks = CheckInfo::new(&self.pos);
        if !in_check && excluded == Move::NONE {
            if let Some(m) = quick_mate(&mut self.pos, &list, &checks) {
                let score = mate_in(ply + 1);
                if pv_node {
                    self.pv_len[ply + 1] = ply + 1;
                    self.update_pv(ply, m);
                }
                self.s.tt.store(
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
        let mut picker = MovePicker::new(
            &mut self.moves,
            &self.pos,
            &list,
            tt_move,
            self.killers[ply],
            &OrderStats {
                history: &self.s.history,
                captures: &self.s.captures,
                cont: [self.s.cont.row(prev[0]), self.s.cont.row(prev[1])],
            },
        );
        let side = self.pos.side_to_move();
        let lmp_limit = (LMP_BASE + depth * depth * LMP_SCALE / 2) / (2 - improving as i32);
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count: usize = 0;
        let mut quiets = [Move::NONE; 64];
        let mut quiet_count = 0;
        let mut captures = [Move::NONE; 32];
        let mut capture_count = 0;
        while let Some((m, order)) = picker.next(&mut self.moves) {
            if m == excluded {
                continue;
            }
            move_count += 1;
            let capture = is_capture(&self.pos, m);
            // As YaneuraOu: only a pawn's promotion counts as tactical; other
            // promotions are pruned and reduced like any quiet move.
            let quiet = !capture
                && !(m.is_promotion()
                    && self.pos.piece_on(m.from()).kind_unchecked() == Kind::Pawn);
            let gives_check = checks.gives_check(&self.pos, m);
            if !in_check && best > -MATE_IN_MAX_PLY {
                if quiet && !gives_check {
                    if move_count as i32 > lmp_limit {
                        continue;
                    }
                    // Futility, history and SEE pruning look at the depth
                    // the move would be searched to after its reduction
                    // (as Stockfish does), so they act deep in the tree.
                    let pt = piece_to(&self.pos, m);
                    let cont = self.continuation(prev, pt);
                    let r =
                        self.s.lmr[depth.min(63) as usize][move_count.min(63)] + !improving as i32;
                    if depth - 1 - r < CONT_PRUNE_MAX_DEPTH && cont < CONT_PRUNE_MARGIN * depth {
                        continue;
                    }
                    let stat = cont + 2 * self.s.history.get(side, m);
                    let lmr_depth = (depth - 1 - r + stat / LMR_DEPTH_HISTORY_DIV).max(0);
                    if lmr_depth <= FUTILITY_MAX_DEPTH
                        && static_eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha
                    {
                        continue;
                    }
                    if see(&self.pos, m) < SEE_QUIET_MARGIN * lmr_depth * lmr_depth {
                        continue;
                    }
                } else {
                    // Captures, pawn promotions and checks (YaneuraOu's
                    // rules): futility for a capture without check, then
                    // SEE against a margin growing with depth and with the
                    // capture's history.
                    let hist = if quiet {
                        0
                    } else {
                        self.s.captures.get(&self.pos, m)
                    };
                    if capture && !gives_check {
                        let r = self.s.lmr[depth.min(63) as usize][move_count.min(63)]
                            + !improving as i32;
                        let lmr_depth = (depth - 1 - r).max(0);
                        let victim = self.pos.piece_on(m.to()).kind_unchecked();
                        if lmr_depth <= CAPTURE_FUTILITY_MAX_DEPTH
                            && static_eval
                                + CAPTURE_FUTILITY_BASE
                                + CAPTURE_FUTILITY_PER_DEPTH * lmr_depth
                                + PIECE_VALUE[victim as usize]
                                + hist / CAPTURE_FUTILITY_HISTORY_DIV
                                <= alpha
                        {
                            continue;
                        }
                    }
                    let margin =
                        (SEE_TACTICAL_MARGIN * depth + hist / SEE_TACTICAL_HISTORY_DIV).max(0);
                    // The ordering already found a capture's SEE non-negative
                    // unless it marked it losing.
                    let may_lose = !capture || MovePicker::is_bad_capture(order);
                    if may_lose && see(&self.pos, m) < -margin {
                        continue;
                    }
                }
            }
            let extension = match self.singular(m, tt, tt_move, excluded, depth, ply, beta, kind) {
                Singular::Multicut(score) => {
                    self.moves.truncate(picker.start());
                    return score;
                }
                Singular::Extend(e) => e,
                Singular::NotTried => {
                    let extend = pv_node
                        && gives_check
                        && (!capture || capture_see_ok(&self.pos, m))
                        && (capture || see(&self.pos, m) >= 0);
                    extend as i32
                }
            };
            if self.aborted {
                self.moves.truncate(picker.start());
                return 0;
            }
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
                            let bonus = (CAPTURE_BONUS_PER_DEPTH * depth - CAPTURE_BONUS_OFFSET)
                                .min(CAPTURE_BONUS_MAX);
                            self.s.captures.update(&self.pos, m, bonus);
                        } else {
                            self.reward_quiet(ply, prev, m, depth, &quiets[..quiet_count]);
                        }
                        let malus = (CAPTURE_MALUS_PER_DEPTH * depth - CAPTURE_MALUS_OFFSET)
                            .min(CAPTURE_MALUS_MAX);
                        for &c in &captures[..capture_count] {
                            self.s.captures.update(&self.pos, c, -malus);
                        }
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
        if excluded != Move::NONE {
            // Every move but the excluded one was pruned or there was none.
            return if move_count == 0 { alpha } else { best };
        }
        if self.rep_dep >= idx {
            let bound = if best >= beta {
                Bound::Lower
            } else if pv_node && best_move != Move::NONE {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.s.tt.store(
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

    /// The two continuation-history scores (one and two plies back, keys
    /// `prev`) of a move with [`piece_to`] index `pt`.
    #[inline(always)]
    fn continuation(&self, prev: [u16; 2], pt: u16) -> i32 {
        let pt = usize::from(pt);
        i32::from(self.s.cont.row(prev[0])[pt]) + i32::from(self.s.cont.row(prev[1])[pt])
    }

    /// A quiet move caused a cut-off: it becomes a killer, and it gains
    /// history (butterfly and both continuations) while the quiet moves
    /// tried before it lose as much.
    fn reward_quiet(&mut self, ply: usize, prev: [u16; 2], m: Move, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let side = self.pos.side_to_move();
        let bonus = (depth * depth * 16).min(4_000);
        let credit = |s: &mut Searcher, q: Move, b: i32| {
            s.history.update(side, q, b);
            let pt = piece_to(&self.pos, q);
            s.cont.update(prev[0], pt, b);
            s.cont.update(prev[1], pt, b);
        };
        credit(self.s, m, bonus);
        for &q in tried {
            credit(self.s, q, -bonus);
        }
    }
}

/// What the singular-extension test decided for one move.
enum Singular {
    /// The test does not apply to this move.
    NotTried,
    /// Extend (1), keep (0) or reduce (negative) the move's depth.
    Extend(i32),
    /// Even without the table move the node fails high: return this score.
    Multicut(i32),
}

impl Worker<'_> {
    /// Singular extension: the table move `m`, with a lower bound from a
    /// search nearly as deep, is tested against the node's other moves by
    /// a reduced null-window search below that bound with `m` excluded. If
    /// every other move fails low, `m` is singular and gets one more ply;
    /// if the other moves alone beat `beta`, the node is cut at once
    /// (multi-cut); if only the table score beats `beta`, `m` loses a ply.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        m: Move,
        tt: Option<TtEntry>,
        tt_move: Move,
        excluded: Move,
        depth: i32,
        ply: usize,
        beta: i32,
        kind: NodeKind,
    ) -> Singular {
        let Some(e) = tt else {
            return Singular::NotTried;
        };
        if m != tt_move
            || excluded != Move::NONE
            || depth < SINGULAR_MIN_DEPTH
            || e.depth < depth - 3
            || !matches!(e.bound, Bound::Lower | Bound::Exact)
        {
            return Singular::NotTried;
        }
        let tt_score = from_tt(e.score, ply);
        if tt_score.abs() >= MATE_IN_MAX_PLY {
            return Singular::NotTried;
        }
        let singular_beta = tt_score - SINGULAR_MARGIN * depth;
        self.excluded[ply] = m;
        let v = self.search(
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            kind,
            false,
        );
        self.excluded[ply] = Move::NONE;
        if v < singular_beta {
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::Multicut(singular_beta)
        } else if tt_score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }
}
