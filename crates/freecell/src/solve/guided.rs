//! Guided best-first search over compound moves (see [`super::compound`]):
//! the fast mode's first stage.
//!
//! Compound moves keep the branching factor small and every step purposeful,
//! so most deals are solved after a few hundred states with solutions that
//! are already short (f = g·wg + h, g counting ordinary moves). The restricted
//! move set is not complete and hashes are not exact, so this search never
//! proves anything: when it runs out of states or moves, the caller falls
//! back to the complete stages.

use super::compound::{CompoundList, compounds};
use super::fast::IdMap;
use super::hash::{cells_hash, column_hash};
use super::heuristic::{Weights, column_term, combine};
use super::{Outcome, Step};
use crate::board::{Board, MAX_COLS};
use crate::moves::{Loc, Move, apply_unchecked, is_safe_to_found, run_auto_moves};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Parameters of the guided search.
#[derive(Clone, Copy, Debug)]
pub struct Guided {
    /// Include the room-making moves (to empty columns and free cells).
    pub full: bool,
    /// Weight of the path length (tenths of a move per move).
    pub g_weight: u32,
    /// Most states stored before giving up.
    pub node_limit: usize,
    /// Heuristic weights.
    pub weights: Weights,
}

struct Node {
    board: Board,
    parent: u32,
    /// First of this node's steps in the shared step list.
    steps: u32,
    nsteps: u16,
    g: u16,
    hash: u64,
}

/// Runs the search from `start`; `auto` makes safe foundation moves after
/// every compound move. Returns the outcome and the number of states stored.
pub fn search(start: &Board, auto: bool, p: Guided) -> (Outcome, usize) {
    let mut root = start.clone();
    let mut autos: Vec<Move> = Vec::with_capacity(16);
    if auto {
        run_auto_moves(&mut root, &mut autos);
    }
    let mut steps: Vec<Step> = autos.iter().map(|&mv| Step { mv, auto: true }).collect();
    if root.is_solved() {
        return (Outcome::Solved(steps), 1);
    }
    // most searches end within a thousand states: reserve that much at once
    let room = p.node_limit.min(1024);
    let mut seen: IdMap<u16> = IdMap::with_capacity_and_hasher(room, Default::default());
    let root_shares = Shares::of(&root, &p.weights);
    let root_hash = root_shares.hash(&root);
    let mut shares = Vec::with_capacity(room);
    shares.push(root_shares);
    seen.insert(root_hash, 0);
    let mut nodes = vec![Node {
        board: root,
        parent: u32::MAX,
        steps: 0,
        nsteps: steps.len() as u16,
        g: 0,
        hash: root_hash,
    }];
    nodes.reserve(room);
    steps.reserve(room * 3);
    let mut open = BinaryHeap::with_capacity(room);
    open.push((Reverse(0u32), 0u32));
    let mut list = CompoundList::default();
    while let Some((_, idx)) = open.pop() {
        let node = &nodes[idx as usize];
        if seen.get(&node.hash).is_some_and(|&best| best < node.g) {
            continue; // reached again more cheaply since it was queued
        }
        let board = node.board.clone();
        let g = node.g;
        list.clear();
        compounds(&board, p.full, &mut list);
        let parent = shares[idx as usize];
        // a single move straight back leads to the grandparent: known, and
        // reached more cheaply, so it is skipped before being built
        let came_by = {
            let n = &nodes[idx as usize];
            (n.nsteps == 1).then(|| steps[n.steps as usize].mv)
        };
        for k in 0..list.len() {
            let ms = list.get(k);
            if let ([m], Some(last)) = (ms, came_by)
                && m.from == last.to
                && m.to == last.from
                && m.count == last.count
            {
                continue;
            }
            let mut child = board.clone();
            for &m in ms {
                apply_unchecked(&mut child, m);
            }
            autos.clear();
            if auto {
                auto_moves_after(&board, &mut child, ms, &mut autos);
            }
            let cg = g.saturating_add(ms.len() as u16);
            let changed = touched(ms) | touched(&autos);
            let child_shares = parent.child(&board, &child, changed, &p.weights);
            let h = child_shares.hash(&child);
            match seen.get_mut(&h) {
                Some(best) if *best <= cg => continue,
                Some(best) => *best = cg,
                None => {
                    seen.insert(h, cg);
                }
            }
            let at = steps.len() as u32;
            steps.extend(ms.iter().map(|&mv| Step { mv, auto: false }));
            steps.extend(autos.iter().map(|&mv| Step { mv, auto: true }));
            let id = nodes.len() as u32;
            shares.push(child_shares);
            nodes.push(Node {
                board: child,
                parent: idx,
                steps: at,
                nsteps: (steps.len() as u32 - at) as u16,
                g: cg,
                hash: h,
            });
            let child = &nodes[id as usize].board;
            if child.is_solved() {
                return (Outcome::Solved(path_to(&nodes, &steps, id)), nodes.len());
            }
            if nodes.len() >= p.node_limit {
                return (Outcome::Limit, nodes.len());
            }
            let f = cg as u32 * p.g_weight + combine(child, child_shares.term_sum, &p.weights);
            open.push((Reverse(f), id));
        }
    }
    (Outcome::Exhausted, nodes.len())
}

/// A board's per-column shares of the hash and of the estimate, so that a
/// child's values follow from the few columns its move touched.
#[derive(Clone, Copy)]
struct Shares {
    hash: [u64; MAX_COLS],
    term: [u32; MAX_COLS],
    hash_sum: u64,
    term_sum: u32,
}

impl Shares {
    fn of(b: &Board, w: &Weights) -> Shares {
        let f = b.foundations();
        let mut s = Shares {
            hash: [0; MAX_COLS],
            term: [0; MAX_COLS],
            hash_sum: 0,
            term_sum: 0,
        };
        for (c, col) in b.columns().enumerate() {
            s.hash[c] = column_hash(col);
            s.term[c] = column_term(col, f, w);
            s.hash_sum = s.hash_sum.wrapping_add(s.hash[c]);
            s.term_sum += s.term[c];
        }
        s
    }

    /// The shares of `child`, which differs from `parent` (whose shares
    /// these are) only in the `changed` columns, its free cells and its
    /// foundations (a foundation change moves every column's term).
    fn child(&self, parent: &Board, child: &Board, changed: u32, w: &Weights) -> Shares {
        let f = child.foundations();
        let same_found = f == parent.foundations();
        let mut s = *self;
        if same_found {
            let mut bits = changed;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let col = child.col(c);
                let h = column_hash(col);
                s.hash_sum = s.hash_sum.wrapping_sub(s.hash[c]).wrapping_add(h);
                s.hash[c] = h;
                let t = column_term(col, f, w);
                s.term_sum = s.term_sum - s.term[c] + t;
                s.term[c] = t;
            }
            return s;
        }
        for (c, col) in child.columns().enumerate() {
            if changed >> c & 1 == 1 {
                let h = column_hash(col);
                s.hash_sum = s.hash_sum.wrapping_sub(s.hash[c]).wrapping_add(h);
                s.hash[c] = h;
            }
            s.term[c] = column_term(col, f, w);
        }
        s.term_sum = s.term.iter().sum();
        s
    }

    /// The canonical hash of `b`, whose shares these are.
    fn hash(&self, b: &Board) -> u64 {
        self.hash_sum.wrapping_add(cells_hash(b))
    }
}

/// Makes the safe foundation moves of `child`, reached from `parent` (on
/// which none was left) by `moves`. While the foundations stand still only
/// the cards the moves exposed can have become safe, so only the touched
/// columns are looked at; after the first foundation change, everything.
fn auto_moves_after(parent: &Board, child: &mut Board, moves: &[Move], out: &mut Vec<Move>) {
    if child.foundations() == parent.foundations() {
        // (a dig can put cards into the cells that were never exposed)
        let cell = child
            .cells()
            .iter()
            .position(|&c| !c.is_none() && is_safe_to_found(child, c));
        let touched = touched(moves);
        let m = match cell {
            Some(i) => Move::one(Loc::Cell(i as u8), Loc::Found),
            None => {
                let first = (0..child.ncols())
                    .filter(|&c| touched >> c & 1 == 1)
                    .find(|&c| child.top(c).is_some_and(|t| is_safe_to_found(child, t)));
                let Some(c) = first else { return };
                Move::one(Loc::Col(c as u8), Loc::Found)
            }
        };
        apply_unchecked(child, m);
        out.push(m);
    }
    run_auto_moves(child, out);
}

/// Bit set of the columns that `moves` take from or put on.
fn touched(moves: &[Move]) -> u32 {
    moves.iter().fold(0, |m, mv| {
        let mut m = m;
        if let Loc::Col(c) = mv.from {
            m |= 1 << c;
        }
        if let Loc::Col(c) = mv.to {
            m |= 1 << c;
        }
        m
    })
}

/// The steps from the root to node `id`.
fn path_to(nodes: &[Node], steps: &[Step], id: u32) -> Vec<Step> {
    let mut chain = Vec::new();
    let mut cur = id;
    while cur != u32::MAX {
        chain.push(cur);
        cur = nodes[cur as usize].parent;
    }
    let mut path = Vec::new();
    for &n in chain.iter().rev() {
        let n = &nodes[n as usize];
        let from = n.steps as usize;
        path.extend_from_slice(&steps[from..from + n.nsteps as usize]);
    }
    path
}
