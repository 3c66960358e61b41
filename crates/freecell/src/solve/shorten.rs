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

fn moved_cards(start: &Board, steps: &[Step]) -> Vec<Card> {
    let mut b = start.clone();
    steps
        .iter()
        .map(|s| {
            let c = moved_card(&b, s.mv).unwrap_or(Card::NONE);
            apply_unchecked(&mut b, s.mv);
            c
        })
        .collect()
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

fn one_pass(start: &Board, mut cur: Vec<Step>) -> Vec<Step> {
    let mut i = 0;
    while i < cur.len() {
        let cards = moved_cards(start, &cur);
        let mi = cur[i].mv;
        if mi.to == Loc::Found {
            i += 1;
            continue;
        }
        let c = cards[i];
        let next = (i + 1..cur.len()).find(|&j| cards[j] == c && cur[j].mv.count == mi.count);
        if let Some(j) = next {
            let mj = cur[j].mv;
            let mut tried: Vec<Vec<Step>> = Vec::new();
            if mj.to == mi.from {
                let mut v = cur.clone();
                v.remove(j);
                v.remove(i);
                tried.push(v);
            }
            let merged = Step {
                mv: Move {
                    from: mi.from,
                    to: mj.to,
                    count: mi.count,
                },
                auto: false,
            };
            if merged.mv.from != merged.mv.to {
                let mut v = cur.clone();
                v[i] = merged;
                v.remove(j);
                tried.push(v);
                let mut v = cur.clone();
                v[j] = merged;
                v.remove(i);
                tried.push(v);
            }
            if let Some(v) = tried.into_iter().find(|v| solves(start, v)) {
                cur = v;
                continue;
            }
        }
        let mut v = cur.clone();
        v.remove(i);
        if solves(start, &v) {
            cur = v;
            continue;
        }
        i += 1;
    }
    cur
}
