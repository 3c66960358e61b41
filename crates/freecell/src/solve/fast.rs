//! Weighted best-first search (f = g·wg + h) over canonical states.
//!
//! Duplicate detection uses the 64-bit canonical hash with the best depth
//! seen; a state reached again more cheaply is reopened so that solutions
//! stay short. The search is complete on its own terms: it ends with a
//! solution, with an empty open list, or at its node limit.

use super::hash::canon_hash;
use super::heuristic::{Weights, estimate_with};
use super::{Outcome, Step};
use crate::autoplay::run_auto_moves;
use crate::board::Board;
use crate::moves::{Move, MoveMode, apply_unchecked, legal_moves};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Parameters of the best-first search.
#[derive(Clone, Copy, Debug)]
pub struct BestFirst {
    /// Weight of the path length g (in tenths of a move per move); larger
    /// favours shorter solutions, smaller favours speed.
    pub g_weight: u32,
    /// Most states stored before giving up.
    pub node_limit: usize,
    /// Solutions longer than this are not searched (a move bound for the
    /// shortening pass); `u16::MAX` for none.
    pub max_len: u16,
    /// Heuristic weights.
    pub weights: Weights,
}

struct Node {
    board: Board,
    parent: u32,
    steps: u32,
    nsteps: u8,
    g: u16,
    hash: u64,
}

/// Identity hasher for keys that are already hashes.
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);
impl std::hash::Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}
pub(crate) type IdMap<V> = HashMap<u64, V, std::hash::BuildHasherDefault<IdHasher>>;

/// Runs the search from `start`, until `stop` is raised ([`Outcome::Stopped`],
/// looked at every [`super::STOP_EVERY`] expansions).
pub fn search(
    start: &Board,
    mode: MoveMode,
    auto: bool,
    p: BestFirst,
    stop: &AtomicBool,
) -> (Outcome, usize) {
    let mut root = start.clone();
    let mut steps: Vec<Step> = Vec::new();
    let mut first = Vec::new();
    if auto {
        run_auto_moves(&mut root, &mut first);
    }
    steps.extend(first.iter().map(|&mv| Step { mv, auto: true }));
    if root.is_solved() {
        return (Outcome::Solved(steps), 1);
    }
    let mut nodes = vec![Node {
        board: root.clone(),
        parent: u32::MAX,
        steps: 0,
        nsteps: steps.len() as u8,
        g: steps.len() as u16,
        hash: canon_hash(&root),
    }];
    let mut seen: IdMap<u16> = IdMap::default();
    seen.insert(canon_hash(&root), nodes[0].g);
    let mut open = BinaryHeap::new();
    open.push((Reverse(0u32), 0u32));
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    let mut autos: Vec<Move> = Vec::with_capacity(16);
    let mut expanded = 0usize;
    while let Some((_, idx)) = open.pop() {
        expanded += 1;
        if expanded.is_multiple_of(super::STOP_EVERY) && stop.load(Ordering::Relaxed) {
            return (Outcome::Stopped, nodes.len());
        }
        let (board, g) = {
            let n = &nodes[idx as usize];
            if seen.get(&n.hash).is_some_and(|&best| best < n.g) {
                continue;
            }
            (n.board.clone(), n.g)
        };
        moves.clear();
        legal_moves(&board, mode, &mut moves);
        for &m in &moves {
            let mut child = board.clone();
            apply_unchecked(&mut child, m);
            autos.clear();
            if auto {
                run_auto_moves(&mut child, &mut autos);
            }
            let cg = g + 1 + autos.len() as u16;
            if cg > p.max_len {
                continue;
            }
            let at = steps.len() as u32;
            steps.push(Step { mv: m, auto: false });
            steps.extend(autos.iter().map(|&mv| Step { mv, auto: true }));
            let nsteps = (steps.len() as u32 - at) as u8;
            if child.is_solved() {
                let mut path = Vec::new();
                path.extend_from_slice(&steps[at as usize..]);
                let mut cur = idx;
                while cur != u32::MAX {
                    let n = &nodes[cur as usize];
                    path.extend(
                        steps[n.steps as usize..(n.steps + n.nsteps as u32) as usize]
                            .iter()
                            .rev(),
                    );
                    cur = n.parent;
                }
                // the child's own steps were pushed in order; fix the order
                let own = nsteps as usize;
                path[..own].reverse();
                path.reverse();
                return (Outcome::Solved(path), nodes.len());
            }
            let h = canon_hash(&child);
            match seen.get_mut(&h) {
                Some(best) if *best <= cg => {
                    steps.truncate(at as usize);
                    continue;
                }
                Some(best) => *best = cg,
                None => {
                    seen.insert(h, cg);
                }
            }
            let f = cg as u32 * p.g_weight + estimate_with(&child, &p.weights);
            open.push((Reverse(f), nodes.len() as u32));
            nodes.push(Node {
                board: child,
                parent: idx,
                steps: at,
                nsteps,
                g: cg,
                hash: h,
            });
            if nodes.len() >= p.node_limit {
                return (Outcome::Limit, nodes.len());
            }
        }
    }
    (Outcome::Exhausted, nodes.len())
}
