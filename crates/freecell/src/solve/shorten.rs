//! Solution shortening and replay verification.
//!
//! The redundancy pass works on an explicit move list: a card moved X→Y and
//! later Y→Z (nothing else moving it in between) becomes X→Z when that is
//! still legal; a move undone later (X→Y, Y→X) disappears with its undo; a
//! move that can be dropped without breaking the rest is dropped. Every
//! candidate edit is accepted only if the whole list still replays to a
//! solved board, so the result is valid and never longer.

use super::Step;
use crate::board::Board;
use crate::card::Card;
use crate::error::FreecellError;
use crate::moves::{Loc, Move, apply, apply_unchecked, is_legal, moved_card};

/// Replays `steps` from `start` with full legality checks; returns the final
/// board or the first illegal step (as `(index, error)`).
pub fn replay(start: &Board, steps: &[Step]) -> Result<Board, (usize, FreecellError)> {
    let mut b = start.clone();
    for (i, s) in steps.iter().enumerate() {
        apply(&mut b, s.mv).map_err(|e| (i, e))?;
    }
    Ok(b)
}

/// True when `steps` replay legally from `start` to a solved board.
pub fn solves(start: &Board, steps: &[Step]) -> bool {
    let mut b = start.clone();
    for s in steps {
        if !is_legal(&b, s.mv) {
            return false;
        }
        apply_unchecked(&mut b, s.mv);
    }
    b.is_solved()
}

/// Removes redundant moves until no edit applies. `steps` must solve `start`.
///
/// The passes after the first only look again at the moves whose verdict an
/// edit can have changed: a move's verdict depends on the board before it
/// and on the moves up to the furthest one its checks looked at (its
/// "reach"), and an edit changes neither for the moves before it whose reach
/// ends before it. The result is the same as rescanning every move in every
/// pass.
pub fn remove_redundant(start: &Board, steps: &[Step]) -> Vec<Step> {
    let mut w = Work::new(start, steps.to_vec());
    while w.pass() {}
    w.cur
}

/// The move list being shortened and what the passes know about it, all
/// indexed by step.
struct Work {
    cur: Vec<Step>,
    /// Boards before each step, and after the last.
    boards: Vec<Board>,
    /// The card each step moves.
    cards: Vec<Card>,
    /// The next step that moves the same card.
    same_card: Vec<Option<usize>>,
    /// Furthest step the last look at each step depended on.
    reach: Vec<usize>,
    /// Steps to look at in this pass.
    todo: Vec<bool>,
    /// Steps to look at in the next pass.
    again: Vec<bool>,
}

impl Work {
    fn new(start: &Board, cur: Vec<Step>) -> Work {
        let (boards, cards) = trace(start, &cur);
        let n = cur.len();
        let mut w = Work {
            cur,
            boards,
            cards,
            same_card: Vec::with_capacity(n),
            reach: vec![0; n],
            todo: vec![true; n],
            again: vec![false; n],
        };
        w.link_cards();
        w
    }

    /// Recomputes `same_card` from `cards`, last step first.
    fn link_cards(&mut self) {
        let mut last = [None; 64];
        self.same_card.clear();
        self.same_card.resize(self.cards.len(), None);
        for (i, c) in self.cards.iter().enumerate().rev() {
            self.same_card[i] = last[c.0 as usize & 63].replace(i);
        }
    }

    /// Looks at every step marked to do, in order, making each edit found;
    /// true when the next pass has something to look at.
    fn pass(&mut self) -> bool {
        let mut i = 0;
        while i < self.cur.len() {
            if !self.todo[i] {
                i += 1;
                continue;
            }
            match self.look(i) {
                Ok(reach) => {
                    self.reach[i] = reach;
                    self.todo[i] = false;
                    i += 1;
                }
                // the edited steps from i on are looked at again, i first
                Err((edit, rejoins)) => self.make(i, edit, rejoins),
            }
        }
        std::mem::swap(&mut self.todo, &mut self.again);
        self.todo.iter().any(|&t| t)
    }

    /// The first edit that applies at step `i` and whether it rejoins the
    /// old trajectory (`Err`), or the reach of the look (`Ok`).
    fn look(&self, i: usize) -> Result<usize, (Edit, bool)> {
        let cur = &self.cur;
        let mi = cur[i].mv;
        if mi.to == Loc::Found {
            return Ok(i);
        }
        let mut next = self.same_card[i];
        while let Some(j) = next
            && cur[j].mv.count != mi.count
        {
            next = self.same_card[j];
        }
        // without a later move of the card, the whole rest was looked at
        let mut reach = next.unwrap_or(cur.len() - 1);
        // candidate edits of the tail cur[i..], checked without copying it
        let tail = &cur[i..];
        let mut try_edit = |e: Edit| {
            let (met, seen) = e.check(&self.boards, i, tail);
            reach = reach.max(i + seen);
            met.map(|met| (e, met))
        };
        if let Some(j) = next {
            let (mj, j) = (cur[j].mv, j - i);
            let merged = Step {
                mv: Move {
                    from: mi.from,
                    to: mj.to,
                    count: mi.count,
                },
                auto: false,
            };
            if mj.to == mi.from
                && let Some(found) = try_edit(Edit {
                    skip: [0, j],
                    put: None,
                    horizon: j,
                })
            {
                return Err(found);
            }
            if merged.mv.from != merged.mv.to {
                for e in [
                    Edit {
                        skip: [j, j],
                        put: Some((0, merged)),
                        horizon: j,
                    },
                    Edit {
                        skip: [0, 0],
                        put: Some((j, merged)),
                        horizon: j,
                    },
                ] {
                    if let Some(found) = try_edit(e) {
                        return Err(found);
                    }
                }
            }
        }
        // a plain drop can only work when the card's next move (if any)
        // takes it home: otherwise that move would start from the wrong place
        if next.is_none_or(|j| cur[j].mv.to == Loc::Found) {
            let drop = Edit {
                skip: [0, 0],
                put: None,
                horizon: tail.len() - 1,
            };
            if let Some(found) = try_edit(drop) {
                return Err(found);
            }
        }
        Ok(reach)
    }

    /// Makes `edit` at step `i`: when it `rejoins` the old trajectory after
    /// its horizon, only the steps and boards up to there change, else the
    /// whole tail. The new steps are to be looked at in this pass, earlier
    /// steps whose looks reached the edit in the next.
    fn make(&mut self, i: usize, edit: Edit, rejoins: bool) {
        let end = if rejoins {
            i + edit.horizon + 1
        } else {
            self.cur.len()
        };
        let seg = edit.apply(&self.cur[i..end]);
        let (b2, c2) = trace(&self.boards[i], &seg);
        let n = seg.len();
        self.cur.splice(i..end, seg);
        // the board after the segment is unchanged when it rejoins, and
        // the new final board otherwise
        let keep_last = if rejoins { n } else { n + 1 };
        let bend = if rejoins { end } else { end + 1 };
        self.boards.splice(i..bend, b2.into_iter().take(keep_last));
        self.cards.splice(i..end, c2);
        self.link_cards();
        for k in 0..i {
            if self.reach[k] >= i {
                self.again[k] = true;
            }
        }
        // reaches past the segment shift with it (it only ever shrinks)
        let shrink = end - i - n;
        self.reach.splice(i..end, std::iter::repeat_n(0, n));
        for r in &mut self.reach[i + n..] {
            // (steps not looked at yet hold 0, and will be looked at)
            *r = r.saturating_sub(shrink);
        }
        self.todo.splice(i..end, std::iter::repeat_n(true, n));
        self.again.splice(i..end, std::iter::repeat_n(false, n));
    }
}

/// Boards before each step (and after the last) and the card each step moves.
fn trace(start: &Board, steps: &[Step]) -> (Vec<Board>, Vec<Card>) {
    let mut boards = Vec::with_capacity(steps.len() + 1);
    let mut cards = Vec::with_capacity(steps.len());
    let mut b = start.clone();
    for s in steps {
        cards.push(moved_card(&b, s.mv).unwrap_or(Card::NONE));
        boards.push(b.clone());
        apply_unchecked(&mut b, s.mv);
    }
    boards.push(b);
    (boards, cards)
}

/// An edit of a move list: steps to leave out and one step to replace.
#[derive(Clone, Copy)]
struct Edit {
    skip: [usize; 2],
    put: Option<(usize, Step)>,
    /// The last step the edit touches.
    horizon: usize,
}

impl Edit {
    fn step(&self, k: usize, s: Step) -> Option<Step> {
        if self.skip.contains(&k) {
            return None;
        }
        match self.put {
            Some((at, r)) if at == k => Some(r),
            _ => Some(s),
        }
    }

    /// Replays the edited `tail` (the steps from `i` on) from `boards[i]`,
    /// the boards along the unedited moves. `Some(true)`: legal up to the
    /// horizon and back on the old trajectory there, so the rest is known to
    /// work; `Some(false)`: legal and solving by a full replay; `None`: not.
    /// Also returns the last step of `tail` the verdict depended on.
    fn check(&self, boards: &[Board], i: usize, tail: &[Step]) -> (Option<bool>, usize) {
        // most edits fail at their first move: tried on the cached board
        // before it is copied (unless the horizon comes first, as for an
        // undo right after its move)
        let first = (0..tail.len()).find_map(|k| self.step(k, tail[k]).map(|s| (k, s)));
        if let Some((k, s)) = first
            && k <= self.horizon
            && !is_legal(&boards[i], s.mv)
        {
            return (None, k);
        }
        let mut b = boards[i].clone();
        for (k, &s) in tail.iter().enumerate() {
            if let Some(s) = self.step(k, s) {
                if !is_legal(&b, s.mv) {
                    return (None, k);
                }
                apply_unchecked(&mut b, s.mv);
            }
            if k == self.horizon && k + 1 < tail.len() && b == boards[i + k + 1] {
                return (Some(true), k);
            }
        }
        (b.is_solved().then_some(false), tail.len() - 1)
    }

    fn apply(&self, steps: &[Step]) -> Vec<Step> {
        steps
            .iter()
            .enumerate()
            .filter_map(|(k, &s)| self.step(k, s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain algorithm: every pass looks at every step again.
    fn rescan_all(start: &Board, steps: &[Step]) -> Vec<Step> {
        let mut cur = steps.to_vec();
        loop {
            let mut w = Work::new(start, cur.clone());
            w.again.fill(false);
            let mut i = 0;
            let mut edited = false;
            while i < w.cur.len() {
                match w.look(i) {
                    Ok(_) => i += 1,
                    Err((e, rejoins)) => {
                        w.make(i, e, rejoins);
                        edited = true;
                    }
                }
            }
            if !edited {
                return w.cur;
            }
            cur = w.cur;
        }
    }

    /// Looking again only where an edit can have changed the verdict gives
    /// exactly what rescanning everything gives, on unshortened solutions
    /// padded with detours.
    #[test]
    fn worklist_passes_equal_full_rescans() {
        use crate::solve::{Shorten, SolveOptions, solve};
        let opts = SolveOptions {
            shorten: Shorten::None,
            ..SolveOptions::default()
        };
        let (mut edits, mut repassed) = (0, 0);
        for deal in 1..=60 {
            let b = crate::deal::deal_board(deal, crate::board::Layout::default()).unwrap();
            let raw = solve(&b, &opts).unwrap().steps;
            // a detour through a free cell after every tenth move, kept where
            // it replays, gives the passes more to find
            let mut padded = Vec::new();
            for (k, &s) in raw.iter().enumerate() {
                padded.push(s);
                if k % 10 == 9
                    && let Ok(now) = replay(&b, &padded)
                    && let Some(cell) = now.cells().iter().position(|c| c.is_none())
                    && let Some(c) = (0..8u8).find(|&c| now.col_len(c as usize) > 0)
                {
                    let cell = Loc::Cell(cell as u8);
                    let out = Step {
                        mv: Move::one(Loc::Col(c), cell),
                        auto: false,
                    };
                    let back = Step {
                        mv: Move::one(cell, Loc::Col(c)),
                        auto: false,
                    };
                    let mut trial = padded.clone();
                    trial.extend([out, back]);
                    trial.extend_from_slice(&raw[k + 1..]);
                    if solves(&b, &trial) {
                        padded.extend([out, back]);
                    }
                }
            }
            let mut w = Work::new(&b, padded.clone());
            while w.pass() {
                repassed += 1;
            }
            let fast = w.cur;
            assert_eq!(fast, remove_redundant(&b, &padded));
            let slow = rescan_all(&b, &padded);
            assert_eq!(fast, slow, "deal {deal}");
            assert!(solves(&b, &fast));
            edits += padded.len() - fast.len();
        }
        assert!(edits > 450, "only {edits} moves removed");
        assert!(repassed > 40, "only {repassed} second passes");
    }
}
