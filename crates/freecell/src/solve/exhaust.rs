//! Exhaustive depth-first search with exact canonical keys.
//!
//! Used as the fallback of the fast mode: it either finds a solution or
//! visits every reachable state (up to column/cell order), which proves the
//! deal unsolvable. Keys are the full canonical encoding, not a hash, so a
//! collision cannot fake a proof. Children are tried best estimate first so
//! that solvable deals end quickly.

use super::hash::{EXACT_KEY_LEN, exact_key};
use super::heuristic::estimate;
use super::{Outcome, Step};
use crate::autoplay::run_auto_moves;
use crate::board::Board;
use crate::moves::{Move, MoveMode, apply_unchecked, legal_moves};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

struct Frame {
    children: Vec<(u32, Board, Vec<Step>)>,
    path_len: usize,
}

/// Searches every state reachable from `start` (at most `limit` states),
/// until `stop` is raised ([`Outcome::Stopped`], looked at every
/// [`super::STOP_EVERY`] states taken). Returns the outcome and the number of
/// distinct states visited.
pub fn search(
    start: &Board,
    mode: MoveMode,
    auto: bool,
    limit: usize,
    stop: &AtomicBool,
) -> (Outcome, usize) {
    let mut root = start.clone();
    let mut first = Vec::new();
    if auto {
        run_auto_moves(&mut root, &mut first);
    }
    let mut path: Vec<Step> = first.iter().map(|&mv| Step { mv, auto: true }).collect();
    if root.is_solved() {
        return (Outcome::Solved(path), 1);
    }
    let mut seen: HashSet<[u8; EXACT_KEY_LEN]> = HashSet::new();
    seen.insert(exact_key(&root));
    let mut stack = vec![expand(&root, mode, auto, &mut seen, path.len())];
    // Counted per child taken, not read off `seen`, which grows by several
    // states at a time and could step over every multiple of the interval.
    let mut taken = 0usize;
    while let Some(top) = stack.last_mut() {
        let Some((_, child, steps)) = top.children.pop() else {
            stack.pop();
            continue;
        };
        path.truncate(top.path_len);
        path.extend_from_slice(&steps);
        if child.is_solved() {
            return (Outcome::Solved(path), seen.len());
        }
        if seen.len() >= limit {
            return (Outcome::Limit, seen.len());
        }
        taken += 1;
        if taken.is_multiple_of(super::STOP_EVERY) && stop.load(Ordering::Relaxed) {
            return (Outcome::Stopped, seen.len());
        }
        let frame = expand(&child, mode, auto, &mut seen, path.len());
        stack.push(frame);
    }
    (Outcome::Exhausted, seen.len())
}

/// Generates the unseen children of `b`, marks them seen, and orders them so
/// that the most promising is popped first.
fn expand(
    b: &Board,
    mode: MoveMode,
    auto: bool,
    seen: &mut HashSet<[u8; EXACT_KEY_LEN]>,
    path_len: usize,
) -> Frame {
    let mut moves: Vec<Move> = Vec::new();
    legal_moves(b, mode, &mut moves);
    let mut children = Vec::with_capacity(moves.len());
    for m in moves {
        let mut child = b.clone();
        apply_unchecked(&mut child, m);
        let mut autos = Vec::new();
        if auto {
            run_auto_moves(&mut child, &mut autos);
        }
        if !seen.insert(exact_key(&child)) {
            continue;
        }
        let mut steps = vec![Step { mv: m, auto: false }];
        steps.extend(autos.into_iter().map(|mv| Step { mv, auto: true }));
        children.push((estimate(&child), child, steps));
    }
    children.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
    Frame { children, path_len }
}
