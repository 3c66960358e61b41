//! Quiescence search: a mate-in-one scan where the table has nothing, stand
//! pat, then captures with non-negative SEE (delta-pruned); in check, every
//! evasion. Results go to the table at depth 0.

use crate::mate::quick_mate;
use crate::params::{DELTA_MARGIN, capture_gain};
use crate::score::{INFINITE, MAX_PLY, mate_in, mated_in, to_tt};
use crate::search::check::CheckInfo;
use crate::search::dominated::is_dominated;
use crate::search::order::{MovePicker, capture_see_ok};
use crate::search::worker::{Worker, table_cutoff};
use crate::tt::{Bound, TtEntry};
use yomi_shogi::{Move, MoveList, generate_captures, generate_legal};

impl Worker<'_> {
    /// Quiescence: a mate-in-one scan without a table entry, stand pat,
    /// then captures with non-negative SEE; in check, every evasion.
    pub fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let idx = self.root_index + ply;
        let in_check = self.path[idx].in_check;
        if ply >= MAX_PLY - 1 {
            return self.ply_limit_eval(in_check);
        }
        let key = self.pos.key();
        let tt = self.tt.probe(key);
        let tt_move = tt.map_or(Move::NONE, |e| e.mv);
        if let Some(s) = tt.and_then(|e| table_cutoff(&e, ply, alpha, beta)) {
            return s;
        }
        let mut list = MoveList::new();
        // Made when first needed: most nodes stand pat or prune every capture.
        let mut checks: Option<CheckInfo> = None;
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
            if tt.is_none() {
                // Mate in one at the horizon (as YaneuraOu's quiescence). A
                // table hit means this was looked at before.
                let info = checks.insert(CheckInfo::new(&self.pos));
                if let Some(m) = quick_mate(&mut self.pos, info) {
                    let score = mate_in(ply + 1);
                    self.store_q(key, m, score, 0, Bound::Exact, ply);
                    return score;
                }
            }
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
        list.retain(|m| !is_dominated(&self.pos, m));
        let mut picker = MovePicker::new_quiescence(
            &mut self.moves,
            &self.pos,
            &list,
            tt_move,
            &self.s.captures,
        );
        let mut best_move = Move::NONE;
        let alpha_in = alpha;
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
            let gives_check = checks
                .get_or_insert_with(|| CheckInfo::new(&self.pos))
                .gives_check(&self.pos, m);
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
        self.tt.store(
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
