//! Shortcut pass for long solutions (those found by the exhaustive stage):
//! from a board on the solution, a small best-first search looks for a
//! shorter way to any board further along the same solution, and the
//! solution is spliced. The result is kept only if it replays to a solved
//! board and is shorter.

use super::Step;
use super::fast::IdMap;
use super::hash::canon_hash;
use super::heuristic::estimate;
use super::shorten::solves;
use crate::autoplay::run_auto_moves;
use crate::board::Board;
use crate::moves::{Loc, Move, MoveMode, apply_unchecked, legal_moves};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Tries to shorten `steps` (which solve `start`) by jumping ahead along it;
/// each local search stores at most `node_limit` states.
pub fn shortcut(start: &Board, steps: &[Step], auto: bool, node_limit: usize) -> Vec<Step> {
    let mut cur: Vec<Step> = steps.to_vec();
    let mut i = 0;
    while i < cur.len() {
        let boards = trace(start, &cur);
        let mut index: IdMap<usize> = IdMap::default();
        for (k, bk) in boards.iter().enumerate() {
            index.insert(canon_hash(bk), k);
        }
        let Some((k, path)) = jump(&boards[i], i, &index, auto, node_limit) else {
            i += 1;
            continue;
        };
        if path.len() >= k - i {
            i += 1;
            continue;
        }
        // the board reached may be a permutation of boards[k]: rename the
        // columns and cells of the remaining moves accordingly
        let mut reached = boards[i].clone();
        for s in &path {
            apply_unchecked(&mut reached, s.mv);
        }
        let Some(map) = Renaming::between(&boards[k], &reached) else {
            i += 1;
            continue;
        };
        let mut next: Vec<Step> = cur[..i].to_vec();
        next.extend_from_slice(&path);
        let resume = next.len();
        next.extend(cur[k..].iter().map(|s| Step {
            mv: map.apply(s.mv),
            auto: s.auto,
        }));
        if !solves(start, &next) {
            i += 1;
            continue;
        }
        cur = next;
        i = resume;
    }
    if cur.len() < steps.len() {
        cur
    } else {
        steps.to_vec()
    }
}

fn trace(start: &Board, steps: &[Step]) -> Vec<Board> {
    let mut boards = Vec::with_capacity(steps.len() + 1);
    let mut b = start.clone();
    for s in steps {
        boards.push(b.clone());
        apply_unchecked(&mut b, s.mv);
    }
    boards.push(b);
    boards
}

/// Column and cell renaming from one board to an order-permuted copy.
struct Renaming {
    cols: Vec<u8>,
    cells: Vec<u8>,
}

impl Renaming {
    fn between(from: &Board, to: &Board) -> Option<Renaming> {
        let mut used = vec![false; to.ncols()];
        let mut cols = Vec::with_capacity(from.ncols());
        for c in 0..from.ncols() {
            let j = (0..to.ncols()).find(|&j| !used[j] && to.col(j) == from.col(c))?;
            used[j] = true;
            cols.push(j as u8);
        }
        let mut used = vec![false; to.ncells()];
        let mut cells = Vec::with_capacity(from.ncells());
        for c in 0..from.ncells() {
            let j = (0..to.ncells()).find(|&j| !used[j] && to.cells()[j] == from.cells()[c])?;
            used[j] = true;
            cells.push(j as u8);
        }
        Some(Renaming { cols, cells })
    }

    fn loc(&self, l: Loc) -> Loc {
        match l {
            Loc::Col(c) => Loc::Col(self.cols[c as usize]),
            Loc::Cell(c) => Loc::Cell(self.cells[c as usize]),
            Loc::Found => Loc::Found,
        }
    }

    fn apply(&self, m: Move) -> Move {
        Move {
            from: self.loc(m.from),
            to: self.loc(m.to),
            count: m.count,
        }
    }
}

struct Node {
    parent: u32,
    steps: Vec<Step>,
    g: u32,
}

/// Best-first from `from` (solution index `i`); returns the target index
/// with the largest saving and the moves that reach it.
fn jump(
    from: &Board,
    i: usize,
    index: &IdMap<usize>,
    auto: bool,
    limit: usize,
) -> Option<(usize, Vec<Step>)> {
    let mut nodes = vec![Node {
        parent: u32::MAX,
        steps: Vec::new(),
        g: 0,
    }];
    let mut boards = vec![from.clone()];
    let mut seen: IdMap<u32> = IdMap::default();
    seen.insert(canon_hash(from), 0);
    let mut open = BinaryHeap::new();
    open.push((Reverse(0u32), 0u32));
    let mut best: Option<(i64, usize, u32)> = None;
    let mut moves: Vec<Move> = Vec::new();
    while let Some((_, idx)) = open.pop() {
        let board = boards[idx as usize].clone();
        let g = nodes[idx as usize].g;
        moves.clear();
        legal_moves(&board, MoveMode::Sequence, &mut moves);
        for &m in &moves {
            let mut child = board.clone();
            apply_unchecked(&mut child, m);
            let mut autos = Vec::new();
            if auto {
                run_auto_moves(&mut child, &mut autos);
            }
            let cg = g + 1 + autos.len() as u32;
            let h = canon_hash(&child);
            if seen.contains_key(&h) {
                continue;
            }
            seen.insert(h, cg);
            let mut st = vec![Step { mv: m, auto: false }];
            st.extend(autos.into_iter().map(|mv| Step { mv, auto: true }));
            let id = nodes.len() as u32;
            nodes.push(Node {
                parent: idx,
                steps: st,
                g: cg,
            });
            if let Some(&k) = index.get(&h) {
                let gain = k as i64 - i as i64 - cg as i64;
                if gain > 0 && best.is_none_or(|b| gain > b.0) {
                    best = Some((gain, k, id));
                }
            }
            let solved = child.is_solved();
            if !solved {
                open.push((Reverse(cg * 10 + estimate(&child)), id));
            }
            boards.push(child);
            if nodes.len() >= limit {
                break;
            }
        }
        if nodes.len() >= limit {
            break;
        }
    }
    let (_, k, mut id) = best?;
    let mut chunks = Vec::new();
    while id != u32::MAX {
        chunks.push(std::mem::take(&mut nodes[id as usize].steps));
        id = nodes[id as usize].parent;
    }
    Some((k, chunks.into_iter().rev().flatten().collect()))
}
