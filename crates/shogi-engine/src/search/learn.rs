//! What a node teaches the move-ordering statistics once its best move is
//! known: killers, the butterfly and continuation histories of quiet moves,
//! the capture history.
//!
//! Contract: a reward and the punishments that go with it use the same
//! depth; the bonuses and their bounds are in [`crate::params`].

use crate::params::{
    CAPTURE_BONUS_MAX, CAPTURE_BONUS_OFFSET, CAPTURE_BONUS_PER_DEPTH, CAPTURE_MALUS_MAX,
    CAPTURE_MALUS_OFFSET, CAPTURE_MALUS_PER_DEPTH, CONT4_WEIGHT_PERCENT, QUIET_BONUS_MAX,
    QUIET_BONUS_OFFSET, QUIET_BONUS_PER_DEPTH,
};
use crate::search::ThreadState;
use crate::search::history::piece_to;
use crate::search::worker::Worker;
use yomi_shogi::Move;

impl Worker<'_> {
    /// A quiet move was the best of its node: it becomes a killer, and it
    /// gains history (butterfly and the continuations) while the quiet
    /// moves tried before it lose as much.
    pub(super) fn reward_quiet(
        &mut self,
        ply: usize,
        prev: [u16; 3],
        m: Move,
        depth: i32,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let side = self.pos.side_to_move();
        let bonus = (QUIET_BONUS_PER_DEPTH * depth - QUIET_BONUS_OFFSET).min(QUIET_BONUS_MAX);
        let credit = |s: &mut ThreadState, q: Move, b: i32| {
            s.history.update(side, q, b);
            let pt = piece_to(&self.pos, q);
            s.cont.update(prev[0], pt, b);
            s.cont.update(prev[1], pt, b);
            s.cont.update(prev[2], pt, b * CONT4_WEIGHT_PERCENT / 100);
        };
        credit(self.s, m, bonus);
        for &q in tried {
            credit(self.s, q, -bonus);
        }
    }

    /// The capture `m` cut off at `depth`: its capture history rises.
    pub(super) fn reward_capture(&mut self, m: Move, depth: i32) {
        let bonus = (CAPTURE_BONUS_PER_DEPTH * depth - CAPTURE_BONUS_OFFSET).min(CAPTURE_BONUS_MAX);
        self.s.captures.update(&self.pos, m, bonus);
    }

    /// The captures `tried` before the move that cut off at `depth` failed:
    /// their capture history falls (harder than a reward raises it).
    pub(super) fn punish_captures(&mut self, depth: i32, tried: &[Move]) {
        let malus = (CAPTURE_MALUS_PER_DEPTH * depth - CAPTURE_MALUS_OFFSET).min(CAPTURE_MALUS_MAX);
        for &c in tried {
            self.s.captures.update(&self.pos, c, -malus);
        }
    }
}
