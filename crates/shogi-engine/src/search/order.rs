//! Move ordering: the transposition-table move, then captures by victim
//! value plus capture history, with losing captures (negative SEE) moved
//! behind the quiet moves, killer moves, and quiet moves by twice their
//! butterfly history plus their continuation histories.
//!
//! Contract: [`MovePicker`] yields every move of the list it was given
//! exactly once, best-scored first (the first few by selection, so a
//! cut-off after them costs no sort; then the rest sorted once). The root
//! and quiescence use it; inner main-search nodes use the staged picker
//! (`picker.rs`), which generates by stage but scores with the same
//! [`capture_score`] and [`quiet_score`].

use crate::params::{
    CAPTURE_ORDER_VALUE_SCALE, PIECE_VALUE, QUIET_CHECK_BONUS, QUIET_CHECK_SEE_MARGIN, capture_gain,
};
use crate::search::check::CheckInfo;
use crate::search::history::{CaptureHistory, History, piece_to};
use crate::search::see::see_ge;
use std::cmp::Reverse;
use yomi_shogi::{Color, Move, Position};

/// Ordering score of the table move.
pub(super) const TT_MOVE: i32 = 1 << 30;
/// Base ordering score of a capture SEE does not find losing.
pub(super) const GOOD_CAPTURE: i32 = 1 << 28;
/// Ordering score of the second killer (the first gets one more).
pub(super) const KILLER: i32 = 1 << 26;
const QUIET_PROMOTION: i32 = 1 << 20;
/// Base ordering score of a losing capture (behind every quiet move).
pub(super) const BAD_CAPTURE: i32 = -(1 << 28);
/// Moves handed out by selection before the rest is sorted.
const SELECT_FIRST: usize = 3;

/// True when `m` captures a piece.
#[inline(always)]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    !m.is_drop() && !pos.piece_on(m.to()).is_empty()
}

/// SEE of a capture, skipped (reported as 0) when the victim is worth at
/// least the attacker, where the first exchange alone cannot lose.
#[inline]
pub fn capture_see_ok(pos: &Position, m: Move) -> bool {
    let victim = pos.piece_on(m.to()).kind_unchecked();
    let attacker = pos.piece_on(m.from()).kind_unchecked();
    capture_gain(victim) >= PIECE_VALUE[attacker as usize] || see_ge(pos, m, 0)
}

/// The statistics the ordering of a main-search node reads.
pub struct OrderStats<'a> {
    /// Butterfly history of quiet moves.
    pub history: &'a History,
    /// Capture history.
    pub captures: &'a CaptureHistory,
    /// Continuation-history rows of the moves one, two and four plies back.
    pub cont: [&'a [i16]; 3],
}

/// A scored move range on a shared stack, handed out best first.
///
/// The moves live in the search's one `Vec<(Move, i32)>` (pushed at the
/// node, truncated when the node returns), so a node costs no array
/// initialisation.
pub struct MovePicker {
    start: usize,
    end: usize,
    next: usize,
}

impl MovePicker {
    /// Scores `list` for the main search, pushing it onto `stack`.
    pub fn new(
        stack: &mut Vec<(Move, i32)>,
        pos: &Position,
        list: &[Move],
        tt_move: Move,
        killers: [Move; 2],
        stats: &OrderStats<'_>,
    ) -> MovePicker {
        let start = stack.len();
        let side = pos.side_to_move();
        let checks = CheckInfo::new(pos);
        for &m in list {
            let s = if m == tt_move {
                TT_MOVE
            } else if is_capture(pos, m) {
                capture_score(pos, m, stats.captures)
            } else if m == killers[0] {
                KILLER + 1
            } else if m == killers[1] {
                KILLER
            } else {
                quiet_score(pos, side, m, stats, &checks)
            };
            stack.push((m, s));
        }
        MovePicker {
            start,
            end: stack.len(),
            next: start,
        }
    }

    /// Scores captures (and evasions) for quiescence: victim value plus
    /// capture history, as in the main search.
    pub fn new_quiescence(
        stack: &mut Vec<(Move, i32)>,
        pos: &Position,
        list: &[Move],
        tt_move: Move,
        captures: &CaptureHistory,
    ) -> MovePicker {
        let start = stack.len();
        for &m in list {
            let s = if m == tt_move {
                TT_MOVE
            } else if is_capture(pos, m) {
                GOOD_CAPTURE + capture_order(pos, m, captures)
            } else {
                0
            };
            stack.push((m, s));
        }
        MovePicker {
            start,
            end: stack.len(),
            next: start,
        }
    }

    /// Where this picker's moves begin on the stack (truncate to it when done).
    pub fn start(&self) -> usize {
        self.start
    }

    /// The next best move and its ordering score.
    #[inline]
    pub fn next(&mut self, stack: &mut [(Move, i32)]) -> Option<(Move, i32)> {
        if self.next >= self.end {
            return None;
        }
        if self.next == self.start + SELECT_FIRST {
            // Past the first picks the node is likely to search many moves:
            // sort the rest once instead of selecting each (O(n log n), not
            // O(n^2); shogi nodes often have a hundred moves).
            stack[self.next..self.end].sort_unstable_by_key(|e| Reverse(e.1));
        }
        if self.next >= self.start + SELECT_FIRST {
            self.next += 1;
            return Some(stack[self.next - 1]);
        }
        let mut best = self.next;
        for i in self.next + 1..self.end {
            if stack[i].1 > stack[best].1 {
                best = i;
            }
        }
        stack.swap(self.next, best);
        let i = self.next;
        self.next += 1;
        Some(stack[i])
    }

    /// True when an ordering score marks a losing capture.
    #[inline(always)]
    pub fn is_bad_capture(score: i32) -> bool {
        score < BAD_CAPTURE / 2
    }
}

/// The main search's ordering score of a capture: its class (good, or
/// losing by SEE) plus its order within the class.
#[inline]
pub(super) fn capture_score(pos: &Position, m: Move, captures: &CaptureHistory) -> i32 {
    let mvv = capture_order(pos, m, captures);
    if capture_see_ok(pos, m) {
        GOOD_CAPTURE + mvv
    } else {
        BAD_CAPTURE + mvv
    }
}

/// The ordering score of a quiet move: promotions first, then checks that
/// SEE does not find losing, then by twice the butterfly history plus the
/// continuation histories.
#[inline]
pub(super) fn quiet_score(
    pos: &Position,
    side: Color,
    m: Move,
    stats: &OrderStats<'_>,
    checks: &CheckInfo,
) -> i32 {
    let promo = if m.is_promotion() { QUIET_PROMOTION } else { 0 };
    let pt = usize::from(piece_to(pos, m));
    let cont = stats.cont;
    // A check that does not hang the piece goes before other quiet moves
    // (as YaneuraOu and Stockfish): late move pruning stops at a count of
    // quiet moves, and a mating attack in shogi is a run of such checks.
    let check = if checks.gives_check(pos, m) && see_ge(pos, m, QUIET_CHECK_SEE_MARGIN) {
        QUIET_CHECK_BONUS
    } else {
        0
    };
    promo
        + check
        + 2 * stats.history.get(side, m)
        + i32::from(cont[0][pt])
        + i32::from(cont[1][pt])
        + i32::from(cont[2][pt])
}

/// A capture's order within its class (good or losing): the victim's
/// value, corrected by what the capture history learned of this capture,
/// the cheaper attacker first on ties.
#[inline(always)]
fn capture_order(pos: &Position, m: Move, captures: &CaptureHistory) -> i32 {
    let victim = pos.piece_on(m.to()).kind_unchecked();
    let attacker = pos.piece_on(m.from()).kind_unchecked();
    capture_gain(victim) * CAPTURE_ORDER_VALUE_SCALE + captures.get(pos, m)
        - PIECE_VALUE[attacker as usize] / 64
}
