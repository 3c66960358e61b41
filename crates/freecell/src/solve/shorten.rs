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
pub fn remove_redundant(start: &Board, steps: &[Step]) -> Vec<Step> {
    let mut cur: Vec<Step> = steps.to_vec();
    loop {
        let before = cur.len();
        cur = one_pass(start, cur);
        if cur.len() >= before {
            return cur;
        }
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

fn one_pass(start: &Board, mut cur: Vec<Step>) -> Vec<Step> {
    // Edits at step i only change what follows, so candidates are checked
    // by replaying from the cached board before step i.
    let (mut boards, mut cards) = trace(start, &cur);
    let mut i = 0;
    while i < cur.len() {
        let mi = cur[i].mv;
        if mi.to == Loc::Found {
            i += 1;
            continue;
        }
        let c = cards[i];
        let next = (i + 1..cur.len()).find(|&j| cards[j] == c && cur[j].mv.count == mi.count);
        // candidate edits of the tail cur[i..], checked without copying it
        let tail = &cur[i..];
        let mut accepted: Option<(Edit, bool)> = None;
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
            let mut tried: [Option<Edit>; 3] = [None; 3];
            if mj.to == mi.from {
                tried[0] = Some(Edit {
                    skip: [0, j],
                    put: None,
                    horizon: j,
                });
            }
            if merged.mv.from != merged.mv.to {
                tried[1] = Some(Edit {
                    skip: [j, j],
                    put: Some((0, merged)),
                    horizon: j,
                });
                tried[2] = Some(Edit {
                    skip: [0, 0],
                    put: Some((j, merged)),
                    horizon: j,
                });
            }
            accepted = tried
                .into_iter()
                .flatten()
                .find_map(|e| e.check(&boards, i, tail).map(|met| (e, met)));
        }
        // a plain drop can only work when the card's next move (if any)
        // takes it home: otherwise that move would start from the wrong place
        let home_next = next.is_none_or(|j| cur[j].mv.to == Loc::Found);
        if accepted.is_none() && home_next {
            let drop = Edit {
                skip: [0, 0],
                put: None,
                horizon: tail.len() - 1,
            };
            accepted = drop.check(&boards, i, tail).map(|met| (drop, met));
        }
        match accepted {
            Some((e, true)) => {
                // the edited moves rejoin the old trajectory after the
                // horizon: only the boards up to there change
                let end = i + e.horizon + 1;
                let seg = e.apply(&cur[i..end]);
                let (b2, c2) = trace(&boards[i], &seg);
                let n = seg.len();
                cur.splice(i..end, seg);
                boards.splice(i..end, b2.into_iter().take(n));
                cards.splice(i..end, c2);
            }
            Some((e, false)) => {
                let tail = e.apply(&cur[i..]);
                cur.truncate(i);
                cur.extend(tail);
                let (b2, c2) = trace(&boards[i], &cur[i..]);
                boards.truncate(i);
                boards.extend(b2);
                cards.truncate(i);
                cards.extend(c2);
            }
            None => i += 1,
        }
    }
    cur
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
    fn check(&self, boards: &[Board], i: usize, tail: &[Step]) -> Option<bool> {
        let mut b = boards[i].clone();
        for (k, &s) in tail.iter().enumerate() {
            if let Some(s) = self.step(k, s) {
                if !is_legal(&b, s.mv) {
                    return None;
                }
                apply_unchecked(&mut b, s.mv);
            }
            if k == self.horizon && k + 1 < tail.len() && b == boards[i + k + 1] {
                return Some(true);
            }
        }
        b.is_solved().then_some(false)
    }

    fn apply(&self, steps: &[Step]) -> Vec<Step> {
        steps
            .iter()
            .enumerate()
            .filter_map(|(k, &s)| self.step(k, s))
            .collect()
    }
}
