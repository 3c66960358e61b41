//! Staged move picking for the main search: the table move before any
//! generation, then the captures, the killers, the quiet moves, and last
//! the losing captures, each group generated and scored only when the ones
//! before it failed to cut the node off.
//!
//! Contract: [`StagedPicker`] yields every legal move of the position that
//! [`is_dominated`] does not drop exactly once (the table move and killers
//! only when legal there), in the order [`crate::search::order`] scores
//! them: table move, good captures (best first), killers, quiet moves (best
//! first), losing captures (best first). Moves within a stage with equal
//! scores may come in any order. Most nodes of an alpha-beta search are
//! cut off by their first move or two, so most never generate quiet moves.

use crate::search::check::CheckInfo;
use crate::search::dominated::is_dominated;
use crate::search::order::{
    BAD_CAPTURE, GOOD_CAPTURE, KILLER, OrderStats, TT_MOVE, capture_score, is_capture, quiet_score,
};
use std::cmp::Reverse;
use yomi_shogi::{Move, MoveList, Position, generate_captures, generate_quiets, is_legal};

/// Moves of a sorted range handed out by selection before the rest is
/// sorted (as [`crate::search::order::MovePicker`]).
const SELECT_FIRST: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    TableMove,
    Captures,
    GoodCaptures,
    Killers(usize),
    Quiets,
    PickQuiets,
    BadCaptures,
    Done,
}

/// A lazily generated, scored move sequence; its scored moves live on the
/// search's shared `(move, score)` stack from [`StagedPicker::start`] on.
pub struct StagedPicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    start: usize,
    /// The captures' range on the stack; `capture_next` is the first one
    /// not handed out yet.
    capture_next: usize,
    capture_end: usize,
    quiet_next: usize,
    quiet_end: usize,
    /// How many moves were handed out (zero at the end: no legal move).
    yielded: usize,
    /// Set by [`StagedPicker::skip_quiets`].
    skip_quiets: bool,
}

impl StagedPicker {
    /// A picker for the position whose scored moves go on top of `stack`.
    pub fn new(stack: &[(Move, i32)], tt_move: Move, killers: [Move; 2]) -> StagedPicker {
        let start = stack.len();
        StagedPicker {
            stage: Stage::TableMove,
            tt_move,
            killers,
            start,
            capture_next: start,
            capture_end: start,
            quiet_next: start,
            quiet_end: start,
            yielded: 0,
            skip_quiets: false,
        }
    }

    /// Hands out no further quiet move (killers included): the node has
    /// tried as many moves as late move pruning allows.
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// Where this picker's moves begin on the stack (truncate to it when done).
    pub fn start(&self) -> usize {
        self.start
    }

    /// Moves handed out so far.
    pub fn yielded(&self) -> usize {
        self.yielded
    }

    /// The next move and its ordering score, generating the next group of
    /// moves when the current one is exhausted.
    pub fn next(
        &mut self,
        stack: &mut Vec<(Move, i32)>,
        pos: &Position,
        stats: &OrderStats<'_>,
    ) -> Option<(Move, i32)> {
        let found = self.advance(stack, pos, stats);
        self.yielded += found.is_some() as usize;
        found
    }

    fn advance(
        &mut self,
        stack: &mut Vec<(Move, i32)>,
        pos: &Position,
        stats: &OrderStats<'_>,
    ) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::Captures;
                    let m = self.tt_move;
                    if m != Move::NONE && is_legal(pos, m) && !is_dominated(pos, m) {
                        return Some((m, TT_MOVE));
                    }
                    self.tt_move = Move::NONE;
                }
                Stage::Captures => {
                    let mut list = MoveList::new();
                    generate_captures(pos, &mut list);
                    stack.truncate(self.start);
                    for &m in list.iter() {
                        if m != self.tt_move && !is_dominated(pos, m) {
                            stack.push((m, capture_score(pos, m, stats.captures)));
                        }
                    }
                    self.capture_end = stack.len();
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    let i = self.capture_next;
                    if i < self.capture_end
                        && select_best(stack, i, self.capture_end) >= GOOD_CAPTURE
                    {
                        self.capture_next += 1;
                        return Some(stack[i]);
                    }
                    self.stage = Stage::Killers(0);
                }
                Stage::Killers(_) | Stage::Quiets | Stage::PickQuiets if self.skip_quiets => {
                    self.stage = Stage::BadCaptures;
                }
                Stage::Killers(k) => {
                    if k == 2 {
                        self.stage = Stage::Quiets;
                        continue;
                    }
                    self.stage = Stage::Killers(k + 1);
                    let m = self.killers[k];
                    if m != Move::NONE
                        && m != self.tt_move
                        && (k == 0 || m != self.killers[0])
                        && !is_capture(pos, m)
                        && is_legal(pos, m)
                        && !is_dominated(pos, m)
                    {
                        return Some((m, KILLER + (k == 0) as i32));
                    }
                }
                Stage::Quiets => {
                    let mut list = MoveList::new();
                    generate_quiets(pos, &mut list);
                    stack.truncate(self.capture_end);
                    let side = pos.side_to_move();
                    let checks = CheckInfo::new(pos);
                    for &m in list.iter() {
                        if m != self.tt_move
                            && m != self.killers[0]
                            && m != self.killers[1]
                            && !is_dominated(pos, m)
                        {
                            stack.push((m, quiet_score(pos, side, m, stats, &checks)));
                        }
                    }
                    self.quiet_next = self.capture_end;
                    self.quiet_end = stack.len();
                    self.stage = Stage::PickQuiets;
                }
                Stage::PickQuiets => {
                    let i = self.quiet_next;
                    if i >= self.quiet_end {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    let first = self.capture_end;
                    if i == first + SELECT_FIRST {
                        // Past the first picks the node will likely search
                        // many moves: one sort beats selecting each.
                        stack[i..self.quiet_end].sort_unstable_by_key(|e| Reverse(e.1));
                    } else if i < first + SELECT_FIRST {
                        select_best(stack, i, self.quiet_end);
                    }
                    self.quiet_next += 1;
                    return Some(stack[i]);
                }
                Stage::BadCaptures => {
                    let i = self.capture_next;
                    if i >= self.capture_end {
                        self.stage = Stage::Done;
                        continue;
                    }
                    select_best(stack, i, self.capture_end);
                    self.capture_next += 1;
                    return Some(stack[i]);
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Swaps the best-scored move of `stack[from..end]` to `from` and returns
/// its score (`from < end`).
#[inline]
fn select_best(stack: &mut [(Move, i32)], from: usize, end: usize) -> i32 {
    let mut best = from;
    for i in from + 1..end {
        if stack[i].1 > stack[best].1 {
            best = i;
        }
    }
    stack.swap(from, best);
    stack[from].1
}

/// Checks the bad-capture threshold stays below every good score.
const _: () = assert!(BAD_CAPTURE < GOOD_CAPTURE && KILLER < GOOD_CAPTURE);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::history::{CaptureHistory, ContinuationHistory, History, NO_PIECE_TO};
    use crate::search::order::is_capture;
    use yomi_shogi::generate_legal;

    /// Everything the picker hands out at one node, with `skip` calling
    /// [`StagedPicker::skip_quiets`] after that many moves.
    fn picked(pos: &Position, tt: Move, killers: [Move; 2], skip: usize) -> Vec<(Move, i32)> {
        let (h, c, cont) = (
            History::default(),
            CaptureHistory::default(),
            ContinuationHistory::default(),
        );
        let row = cont.row(NO_PIECE_TO);
        let stats = OrderStats {
            history: &h,
            captures: &c,
            cont: [row, row, row],
        };
        let mut stack = vec![(Move::NONE, 0); 5];
        let mut picker = StagedPicker::new(&stack, tt, killers);
        let mut out = Vec::new();
        while let Some(x) = picker.next(&mut stack, pos, &stats) {
            out.push(x);
            if out.len() == skip {
                picker.skip_quiets();
            }
        }
        assert_eq!(picker.yielded(), out.len());
        stack.truncate(picker.start());
        assert_eq!(stack.len(), 5, "the picker leaves the stack below it alone");
        out
    }

    #[test]
    fn every_move_once_in_stage_order_and_doubtful_moves_only_when_legal() {
        let mut rng = yomi_core::Rng::new(5);
        for start in crate::bench::BENCH_POSITIONS {
            let mut pos = Position::from_sfen(start).unwrap();
            let mut earlier: Vec<Move> = Vec::new();
            for _ in 0..60 {
                let mut legal = MoveList::new();
                generate_legal(&pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                // Table move and killers: legal ones, or moves of earlier
                // positions (often illegal here), or nothing.
                let mut doubtful = || match rng.below(3) {
                    0 => legal[rng.below(legal.len())],
                    1 if !earlier.is_empty() => earlier[rng.below(earlier.len())],
                    _ => Move::NONE,
                };
                let (tt, killers) = (doubtful(), [doubtful(), doubtful()]);
                let out = picked(&pos, tt, killers, usize::MAX);
                let mut got: Vec<Move> = out.iter().map(|x| x.0).collect();
                let mut want: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| !is_dominated(&pos, m))
                    .collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{}", pos.to_sfen());
                // Stages: table move, good captures, killers, quiets, bad
                // captures; the scores say which, and never rise within one.
                let stage = |&(m, s): &(Move, i32)| match s {
                    TT_MOVE => 0,
                    s if s >= GOOD_CAPTURE => 1,
                    s if s >= KILLER && !is_capture(&pos, m) => 2,
                    s if s > BAD_CAPTURE / 2 => 3,
                    _ => 4,
                };
                let stages: Vec<u8> = out.iter().map(stage).collect();
                assert!(stages.is_sorted(), "{stages:?} in {}", pos.to_sfen());
                for (w, s) in out.windows(2).zip(stages.windows(2)) {
                    if s[0] == s[1] {
                        assert!(w[0].1 >= w[1].1, "{w:?} in {}", pos.to_sfen());
                    }
                }
                if want.contains(&tt) {
                    assert_eq!(out[0], (tt, TT_MOVE));
                }
                // After skip_quiets only captures come.
                let cut = 1 + rng.below(4);
                let skipped = picked(&pos, tt, killers, cut);
                assert_eq!(skipped[..cut.min(skipped.len())], out[..cut.min(out.len())]);
                for &(m, s) in &skipped[cut.min(skipped.len())..] {
                    assert!(is_capture(&pos, m) && s != TT_MOVE, "{m} after the skip");
                }
                earlier.extend(legal.iter().take(3));
                pos.do_move(legal[rng.below(legal.len())]);
            }
        }
    }
}
