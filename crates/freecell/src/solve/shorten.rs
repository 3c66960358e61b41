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
use crate::moves::{Loc, Move, apply, apply_unchecked, check, moved_card};

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
        if check(&b, s.mv).is_err() {
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
        let mut accepted: Option<Vec<Step>> = None;
        if let Some(j) = next {
            let mj = cur[j].mv;
            let merged = Step {
                mv: Move {
                    from: mi.from,
                    to: mj.to,
                    count: mi.count,
                },
                auto: false,
            };
            let mut tried: Vec<Vec<Step>> = Vec::new();
            if mj.to == mi.from {
                let mut v = cur[i..].to_vec();
                v.remove(j - i);
                v.remove(0);
                tried.push(v);
            }
            if merged.mv.from != merged.mv.to {
                let mut v = cur[i..].to_vec();
                v[0] = merged;
                v.remove(j - i);
                tried.push(v);
                let mut v = cur[i..].to_vec();
                v[j - i] = merged;
                v.remove(0);
                tried.push(v);
            }
            accepted = tried.into_iter().find(|v| solves(&boards[i], v));
        }
        if accepted.is_none() {
            let v = cur[i + 1..].to_vec();
            if solves(&boards[i], &v) {
                accepted = Some(v);
            }
        }
        match accepted {
            Some(tail) => {
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
