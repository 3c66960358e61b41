//! The recursive part of the search: principal variation search and
//! quiescence, on one [`Worker`] that owns the position and the path.
//!
//! Repetition and the table: a repetition found at a node refers to an
//! earlier position of the path (or of the game). The score it produces is
//! only valid for paths through that earlier position, so every node tracks
//! the shallowest path index any repetition below it referred to
//! (`rep_dep`), and stores its result in the transposition table only when
//! that index is at or below its own: the repetition then lies wholly inside
//! its subtree and holds on any path that reaches it.

use crate::params::{
    DELTA_MARGIN, DRAW_SCORE, FUTILITY_BASE, FUTILITY_MAX_DEPTH, FUTILITY_PER_DEPTH, IIR_MIN_DEPTH,
    LMP_BASE, LMP_MAX_DEPTH, LMP_SCALE, LMR_HISTORY_DIV, NULL_MOVE_BASE_R, NULL_MOVE_DEPTH_DIV,
    NULL_MOVE_EVAL_DIV, NULL_MOVE_MIN_DEPTH, RFP_MARGIN, RFP_MAX_DEPTH, SEE_CAPTURE_MARGIN,
    SEE_PRUNE_MAX_DEPTH, SEE_QUIET_MARGIN, capture_gain,
};
use crate::score::{
    INFINITE, MATE_IN_MAX_PLY, MAX_PLY, PERPETUAL, from_tt, mate_in, mated_in, to_tt,
};
use crate::search::check::CheckInfo;
use crate::search::history::{NO_PIECE_TO, piece_to};
use crate::search::order::{MovePicker, capture_see_ok, is_capture};
use crate::search::see::see;
use crate::search::{Control, Limits, Searcher};
use crate::tt::{Bound, TtEntry};
use yomi_shogi::rules::Declaration;
use yomi_shogi::{Move, MoveList, Piece, Position, generate_captures, generate_legal};

/// How far back (in plies) repetitions are looked for.
const REPETITION_WINDOW: usize = 32;

/// One position on the game-plus-search path.
#[derive(Clone, Copy, Debug)]
pub(super) struct PathEntry {
    pub key: u64,
    pub in_check: bool,
    /// Plies since the last null move (repetitions never look past one).
    pub since_null: u16,
    /// The move that led here as a continuation-history index
    /// ([`piece_to`]); [`NO_PIECE_TO`] for a null move or a game position.
    pub pt: u16,
}

/// The state of one running search.
pub(super) struct Worker<'a> {
    pub s: &'a mut Searcher,
    pub pos: Position,
    pub path: Vec<PathEntry>,
    pub root_index: usize,
    pub control: &'a Control,
    pub node_limit: u64,
    pub hard_ms: Option<u64>,
    /// Limits other than `stop` apply only once depth 1 is complete.
    pub limits_armed: bool,
    pub nodes: u64,
    pub seldepth: usize,
    pub aborted: bool,
    pub root_depth: i32,
    pub killers: [[Move; 2]; MAX_PLY + 2],
    pub pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    pub moves: Vec<(Move, i32)>,
    pub rep_dep: usize,
    /// Static evaluation by ply (`-INFINITE` where in check), for `improving`.
    pub evals: [i32; MAX_PLY + 2],
}

impl<'a> Worker<'a> {
    pub fn new(
        s: &'a mut Searcher,
        pos: Position,
        earlier: &[(u64, bool)],
        control: &'a Control,
        limits: &Limits,
    ) -> Worker<'a> {
        let mut path: Vec<PathEntry> = Vec::with_capacity(earlier.len() + MAX_PLY + 2);
        for (i, &(key, in_check)) in earlier.iter().enumerate() {
            path.push(PathEntry {
                key,
                in_check,
                since_null: i.min(u16::MAX as usize) as u16,
                pt: NO_PIECE_TO,
            });
        }
        let root_index = path.len();
        path.push(PathEntry {
            key: pos.key(),
            in_check: pos.in_check(),
            since_null: root_index.min(u16::MAX as usize) as u16,
            pt: NO_PIECE_TO,
        });
        Worker {
            s,
            pos,
            path,
            root_index,
            control,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            hard_ms: limits.time.map(|t| t.hard_ms),
            limits_armed: false,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 1,
            killers: [[Move::NONE; 2]; MAX_PLY + 2],
            pv: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            moves: Vec::with_capacity(16_384),
            rep_dep: usize::MAX,
            evals: [-INFINITE; MAX_PLY + 2],
        }
    }

    /// Counts a node and polls the stop conditions every 256 nodes.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && !self.aborted {
            if self.control.is_stopped() {
                self.aborted = true;
            } else if self.limits_armed {
                if self.nodes >= self.node_limit {
                    self.aborted = true;
                } else if let (Some(hard), Some(clock)) = (self.hard_ms, self.control.clock_ms()) {
                    self.aborted = clock >= hard;
                }
            }
        }
        self.aborted
    }

    /// Plays `m` and records the new position on the path.
    #[inline]
    pub fn play(&mut self, m: Move, gives_check: bool) -> Piece {
        let since = self
            .path
            .last()
            .map_or(0, |e| e.since_null.saturating_add(1));
        let pt = piece_to(&self.pos, m);
        let captured = self.pos.do_move(m);
        self.path.push(PathEntry {
            key: self.pos.key(),
            in_check: gives_check,
            since_null: since,
            pt,
        });
        captured
    }

    /// Takes back `m`.
    #[inline]
    pub fn unplay(&mut self, m: Move, captured: Piece) {
        self.path.pop();
        self.pos.undo_move(m, captured);
    }

    /// The repetition verdict for the position at path index `idx`, from
    /// its side to move's view: a draw, or a perpetual-check win or loss.
    /// Records the earlier occurrence in `rep_dep`.
    #[inline]
    fn repetition(&mut self, idx: usize) -> Option<i32> {
        let now = self.path[idx];
        let reach = (now.since_null as usize).min(REPETITION_WINDOW).min(idx);
        let mut back = 4;
        while back <= reach {
            let i = idx - back;
            if self.path[i].key == now.key {
                self.rep_dep = self.rep_dep.min(i);
                // Positions i+2, i+4, .., idx have our side to move: the
                // opponent's moves of the cycle led to them.
                let they_checked = (i + 2..=idx).step_by(2).all(|j| self.path[j].in_check);
                let we_checked = (i + 1..idx).step_by(2).all(|j| self.path[j].in_check);
                return Some(match (they_checked, we_checked) {
                    (true, false) => PERPETUAL,
                    (false, true) => -PERPETUAL,
                    _ => DRAW_SCORE,
                });
            }
            back += 2;
        }
        None
    }

    /// The continuation-history keys of the moves one and two plies before
    /// the position at path index `idx`.
    #[inline(always)]
    fn prev_moves(&self, idx: usize) -> [u16; 2] {
        let two = if idx > 0 {
            self.path[idx - 1].pt
        } else {
            NO_PIECE_TO
        };
        [self.path[idx].pt, two]
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Principal variation search; `rep_dep` bookkeeping around the body.
    pub fn search(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
        after_null: bool,
    ) -> i32 {
        let saved = std::mem::replace(&mut self.rep_dep, usize::MAX);
        let v = self.search_body(alpha, beta, depth, ply, pv_node, after_null);
        self.rep_dep = self.rep_dep.min(saved);
        v
    }

    fn search_body(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
        after_null: bool,
    ) -> i32 {
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
            return if in_check {
                0
            } else {
                self.s.eval.evaluate(&self.pos)
            };
        }
        let key = self.pos.key();
        let tt = self.s.tt.probe(key);
        let tt_move = tt.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tt {
            if !pv_node && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let fits = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if fits {
                    return s;
                }
            }
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
            if depth <= RFP_MAX_DEPTH
                && static_eval - RFP_MARGIN * (depth - improving as i32) >= beta
                && beta.abs() < MATE_IN_MAX_PLY
            {
                return static_eval;
            }
            if !after_null
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
                let score = -self.search(-beta, -beta + 1, depth - r, ply + 1, false, true);
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
        let depth = if depth >= IIR_MIN_DEPTH && tt_move == Move::NONE {
            depth - 1
        } else {
            depth
        };
        let mut list = MoveList::new();
        generate_legal(&self.pos, &mut list);
        if list.is_empty() {
            return mated_in(ply);
        }
        let prev = self.prev_moves(idx);
        let mut picker = MovePicker::new(
            &mut self.moves,
            &self.pos,
            &list,
            tt_move,
            self.killers[ply],
            &self.s.history,
            [self.s.cont.row(prev[0]), self.s.cont.row(prev[1])],
        );
        let side = self.pos.side_to_move();
        let checks = CheckInfo::new(&self.pos);
        let lmp_limit = (LMP_BASE + depth * depth * LMP_SCALE / 2) / (2 - improving as i32);
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count: usize = 0;
        let mut quiets = [Move::NONE; 64];
        let mut quiet_count = 0;
        while let Some((m, order)) = picker.next(&mut self.moves) {
            move_count += 1;
            let capture = is_capture(&self.pos, m);
            let quiet = !capture && !m.is_promotion();
            let gives_check = checks.gives_check(&self.pos, m);
            if !in_check && best > -MATE_IN_MAX_PLY {
                if quiet && !gives_check {
                    if !pv_node
                        && depth <= FUTILITY_MAX_DEPTH
                        && static_eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha
                    {
                        continue;
                    }
                    if !pv_node && depth <= LMP_MAX_DEPTH && move_count as i32 > lmp_limit {
                        continue;
                    }
                    if depth <= SEE_PRUNE_MAX_DEPTH && see(&self.pos, m) < SEE_QUIET_MARGIN * depth
                    {
                        continue;
                    }
                } else if capture
                    && depth <= SEE_PRUNE_MAX_DEPTH
                    && MovePicker::is_bad_capture(order)
                    && see(&self.pos, m) < SEE_CAPTURE_MARGIN * depth * depth
                {
                    continue;
                }
            }
            let extend = pv_node
                && gives_check
                && ply < 2 * self.root_depth as usize
                && (!capture || capture_see_ok(&self.pos, m))
                && (capture || see(&self.pos, m) >= 0);
            let new_depth = depth - 1 + extend as i32;
            let captured = self.play(m, gives_check);
            let mut score;
            if move_count == 1 {
                score = -self.search(-beta, -alpha, new_depth, ply + 1, pv_node, false);
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !in_check && !gives_check {
                    r = self.s.lmr[depth.min(63) as usize][move_count.min(63)];
                    r -= pv_node as i32;
                    r += !improving as i32;
                    // `m` is played: its key is on the path (the position
                    // itself no longer has the piece on its origin).
                    let pt = usize::from(self.path[idx + 1].pt);
                    let stat = self.s.history.get(side, m)
                        + i32::from(self.s.cont.row(prev[0])[pt])
                        + i32::from(self.s.cont.row(prev[1])[pt]);
                    r -= stat / LMR_HISTORY_DIV;
                    if m == self.killers[ply][0] || m == self.killers[ply][1] {
                        r -= 1;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, false);
                if score > alpha && r > 0 {
                    score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, false);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
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
                        if !capture {
                            self.reward_quiet(ply, prev, m, depth, &quiets[..quiet_count]);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if !capture && quiet_count < quiets.len() {
                quiets[quiet_count] = m;
                quiet_count += 1;
            }
        }
        self.moves.truncate(picker.start());
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

    /// Quiescence: stand pat, then captures with non-negative SEE; in
    /// check, every evasion.
    pub fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let idx = self.root_index + ply;
        let in_check = self.path[idx].in_check;
        if ply >= MAX_PLY - 1 {
            return if in_check {
                0
            } else {
                self.s.eval.evaluate(&self.pos)
            };
        }
        let key = self.pos.key();
        let tt = self.s.tt.probe(key);
        let tt_move = tt.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tt {
            let s = from_tt(e.score, ply);
            let fits = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
                Bound::None => false,
            };
            if fits {
                return s;
            }
        }
        let mut list = MoveList::new();
        let stand_pat;
        let mut best;
        if in_check {
            generate_legal(&self.pos, &mut list);
            if list.is_empty() {
                return mated_in(ply);
            }
            stand_pat = -INFINITE;
            best = -INFINITE;
        } else {
            stand_pat = match tt {
                Some(e) => e.eval,
                None => self.s.eval.evaluate(&self.pos),
            };
            if stand_pat >= beta {
                if tt.is_none() {
                    self.store_q(key, Move::NONE, stand_pat, stand_pat, Bound::Lower, ply);
                }
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            generate_captures(&self.pos, &mut list);
        }
        let mut picker = MovePicker::new_quiescence(&mut self.moves, &self.pos, &list, tt_move);
        let mut best_move = Move::NONE;
        let alpha_in = alpha;
        let checks = CheckInfo::new(&self.pos);
        while let Some((m, _)) = picker.next(&mut self.moves) {
            if !in_check {
                let victim = self.pos.piece_on(m.to()).kind_unchecked();
                if stand_pat + capture_gain(victim) + DELTA_MARGIN < alpha && !m.is_promotion() {
                    continue;
                }
                if !capture_see_ok(&self.pos, m) {
                    continue;
                }
            }
            let gives_check = checks.gives_check(&self.pos, m);
            let captured = self.play(m, gives_check);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.unplay(m, captured);
            if self.aborted {
                self.moves.truncate(picker.start());
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        self.moves.truncate(picker.start());
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = if in_check { 0 } else { stand_pat };
        self.store_q(key, best_move, best, eval, bound, ply);
        best
    }

    fn store_q(&mut self, key: u64, mv: Move, score: i32, eval: i32, bound: Bound, ply: usize) {
        self.s.tt.store(
            key,
            TtEntry {
                mv,
                score: to_tt(score, ply),
                eval,
                depth: 0,
                bound,
            },
        );
    }
}
