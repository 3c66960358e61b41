//! Move-level pruning: which moves of a node are skipped without a search.
//!
//! Contract: [`Worker::prunable`] only reads (the position, the history
//! tables); the caller applies it to a node not in check once one move has
//! a score above a mated one. Quiet moves without check: late move
//! pruning, continuation-history pruning, futility and SEE at the depth
//! the move would get after its reduction (as Stockfish does, so they act
//! deep in the tree); captures, pawn promotions and checks: capture
//! futility, then SEE against a margin growing with depth and capture
//! history (YaneuraOu's rules).

use crate::params::{
    CAPTURE_FUTILITY_BASE, CAPTURE_FUTILITY_HISTORY_DIV, CAPTURE_FUTILITY_MAX_DEPTH,
    CAPTURE_FUTILITY_PER_DEPTH, CONT_PRUNE_MARGIN, CONT_PRUNE_MAX_DEPTH, FUTILITY_BASE,
    FUTILITY_MAX_DEPTH, FUTILITY_PER_DEPTH, LMR_DEPTH_HISTORY_DIV, PIECE_VALUE, SEE_QUIET_MARGIN,
    SEE_TACTICAL_HISTORY_DIV, SEE_TACTICAL_MARGIN,
};
use crate::search::history::piece_to;
use crate::search::order::MovePicker;
use crate::search::see::see_ge;
use crate::search::worker::Worker;
use yomi_shogi::Move;

/// What the pruning reads of its node, fixed for the node's move loop.
pub(super) struct PruneContext {
    /// The node's remaining depth.
    pub depth: i32,
    /// The static eval rose since our previous move.
    pub improving: bool,
    /// The node's static evaluation.
    pub static_eval: i32,
    /// Continuation-history keys of the moves one, two and four plies back.
    pub prev: [u16; 3],
    /// Late move pruning: quiet moves past this count are skipped.
    pub lmp_limit: i32,
}

/// How the search classes a move at its node.
#[derive(Clone, Copy)]
pub(super) struct MoveClass {
    /// It takes a piece.
    pub capture: bool,
    /// Neither a capture nor a pawn's promotion.
    pub quiet: bool,
    /// It checks the enemy king.
    pub gives_check: bool,
}

impl Worker<'_> {
    /// True when `m`, the `move_count`-th move of the node with ordering
    /// score `order`, is skipped against the current `alpha`.
    pub(super) fn prunable(
        &self,
        ctx: &PruneContext,
        m: Move,
        order: i32,
        move_count: usize,
        class: MoveClass,
        alpha: i32,
    ) -> bool {
        let PruneContext {
            depth,
            improving,
            static_eval,
            prev,
            ..
        } = *ctx;
        let MoveClass {
            capture,
            quiet,
            gives_check,
        } = class;
        let side = self.pos.side_to_move();
        // The reduction the move would get: pruning looks at the depth it
        // would be searched to.
        let r = self.s.lmr[depth.min(63) as usize][move_count.min(63)] + !improving as i32;
        if quiet && !gives_check {
            if move_count as i32 > ctx.lmp_limit {
                return true;
            }
            let pt = piece_to(&self.pos, m);
            let cont = self.continuation(prev, pt);
            if depth - 1 - r < CONT_PRUNE_MAX_DEPTH && cont < CONT_PRUNE_MARGIN * depth {
                return true;
            }
            let stat = cont + 2 * self.s.history.get(side, m);
            let lmr_depth = (depth - 1 - r + stat / LMR_DEPTH_HISTORY_DIV).max(0);
            if lmr_depth <= FUTILITY_MAX_DEPTH
                && static_eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha
            {
                return true;
            }
            if !see_ge(&self.pos, m, SEE_QUIET_MARGIN * lmr_depth * lmr_depth) {
                return true;
            }
        } else {
            let hist = if quiet {
                0
            } else {
                self.s.captures.get(&self.pos, m)
            };
            if capture && !gives_check {
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
                    return true;
                }
            }
            let margin = (SEE_TACTICAL_MARGIN * depth + hist / SEE_TACTICAL_HISTORY_DIV).max(0);
            // The ordering already found a capture's SEE non-negative unless
            // it marked it losing.
            let may_lose = !capture || MovePicker::is_bad_capture(order);
            if may_lose && !see_ge(&self.pos, m, -margin) {
                return true;
            }
        }
        false
    }

    /// The two continuation-history scores (one and two plies back, keys
    /// `prev`) of a move with [`piece_to`] index `pt`.
    #[inline(always)]
    pub(super) fn continuation(&self, prev: [u16; 3], pt: u16) -> i32 {
        let pt = usize::from(pt);
        i32::from(self.s.cont.row(prev[0])[pt]) + i32::from(self.s.cont.row(prev[1])[pt])
    }
}
