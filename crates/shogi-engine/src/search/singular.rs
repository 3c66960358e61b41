//! Singular extension: whether the table move is the node's only good
//! move, tested by searching the node again without it.
//!
//! Contract: the test search excludes the table move through
//! `Worker::excluded` (such a search neither reads nor writes the table)
//! and restores it; its verdict is an extension, a reduction, or a
//! multi-cut score the node returns at once.

use crate::params::{SINGULAR_MARGIN, SINGULAR_MIN_DEPTH};
use crate::score::{MATE_IN_MAX_PLY, from_tt};
use crate::search::worker::{NodeKind, Worker};
use crate::tt::{Bound, TtEntry};
use yomi_shogi::Move;

/// What the singular-extension test decided for one move.
pub(super) enum Singular {
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
    pub(super) fn singular(
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
