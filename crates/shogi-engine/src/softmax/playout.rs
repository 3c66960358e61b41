//! One playout of Monte Carlo Softmax Search: descend by sampling
//! `softmax(q / T_select)` among the selectable children, stop at a node to
//! expand, expand it (all children at once, queued for evaluation), and,
//! when the evaluations return, back up along the path.
//!
//! Contract: a node being expanded is marked [`EXPANDING`] and every node
//! on its path carries one pending mark (virtual loss) until its batch
//! returns, so concurrent playouts spread over different leaves; complete
//! nodes are never entered. Repetitions (against the game and the path) and
//! positions without moves become exact leaves at once.

use super::SoftmaxOptions;
use super::backup::backup;
use super::pipeline::Batch;
use super::tree::{COMPLETE, EXACT, EXPANDED, EXPANDING, NONE, Tree};
use crate::params::{DRAW_SCORE, EVAL_LIMIT};
use crate::score::{MATE, PERPETUAL, mate_in};
use crate::search::see::see;
use yomi_core::Rng;
use yomi_shogi::rules::Declaration;
use yomi_shogi::{DeclarationRule, Move, MoveList, Position, generate_captures};

/// The small quiescence of a leaf: what the side to move gains at best by
/// recapturing on the square of the move `m` that led to `pos` (static
/// exchange, 0 when it cannot or should not), so a static score right after
/// a capture does not count a piece the opponent wins straight back.
pub fn recapture_gain(pos: &Position, m: Move, list: &mut MoveList) -> i32 {
    generate_captures(pos, list);
    list.iter()
        .filter(|c| c.to() == m.to())
        .map(|&c| see(pos, c))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// A queued expansion: the node, its path from the root (root first, the
/// node last) and where its children's positions sit in the batch.
pub struct Request {
    /// Root-to-node path.
    pub path: Vec<u32>,
    /// First position of the node's children in the batch.
    pub start: usize,
}

/// What a playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A node was expanded and its children queued.
    Queued,
    /// The playout ended at an exact or frozen node, already backed up.
    Resolved,
    /// Every way down is being expanded or complete.
    Blocked,
    /// The arena is full.
    Full,
}

/// The game before the root: keys and check flags, oldest first, root last.
pub struct Prefix {
    /// Position keys.
    pub keys: Vec<u64>,
    /// Whether the side to move was in check there.
    pub checks: Vec<bool>,
}

/// Per-search scratch of the playout loop.
pub struct Walker<'a> {
    /// Options.
    pub opts: &'a SoftmaxOptions,
    /// Entering-king rule.
    pub declaration: DeclarationRule,
    /// The root position.
    pub root: &'a Position,
    /// Random source of the selection.
    pub rng: Rng,
    keys: Vec<u64>,
    checks: Vec<bool>,
    prefix_len: usize,
    weights: Vec<f64>,
    captures: MoveList,
    /// Deepest path seen (plies).
    pub seldepth: usize,
}

impl<'a> Walker<'a> {
    /// A walker from `root` with the game `prefix` before it.
    pub fn new(
        opts: &'a SoftmaxOptions,
        declaration: DeclarationRule,
        root: &'a Position,
        prefix: Prefix,
        seed: u64,
    ) -> Walker<'a> {
        let prefix_len = prefix.keys.len();
        Walker {
            opts,
            declaration,
            root,
            rng: Rng::new(seed),
            keys: prefix.keys,
            checks: prefix.checks,
            prefix_len,
            weights: Vec::new(),
            captures: MoveList::new(),
            seldepth: 0,
        }
    }

    /// The verdict on a repetition of the last position on the key stack,
    /// from its side to move's view.
    fn repetition(&self) -> Option<f32> {
        let idx = self.keys.len() - 1;
        let now = self.keys[idx];
        let mut back = 4;
        while back <= idx {
            let i = idx - back;
            if self.keys[i] == now {
                let they = (i + 2..=idx).step_by(2).all(|j| self.checks[j]);
                let we = (i + 1..idx).step_by(2).all(|j| self.checks[j]);
                return Some(match (they, we) {
                    (true, false) => PERPETUAL as f32,
                    (false, true) => -PERPETUAL as f32,
                    _ => DRAW_SCORE as f32,
                });
            }
            back += 2;
        }
        None
    }

    /// A child index of `node` drawn from the selection softmax, or `None`.
    fn select(&mut self, tree: &Tree, node: u32) -> Option<u32> {
        let n = tree.nodes[node as usize];
        let t = self.opts.t_select as f64;
        let vl = self.opts.virtual_loss as f64;
        self.weights.clear();
        let mut best = f64::NEG_INFINITY;
        let mut best_i = None;
        for (k, c) in tree.nodes[n.children()].iter().enumerate() {
            if c.has(COMPLETE | EXPANDING) {
                self.weights.push(f64::NEG_INFINITY);
                continue;
            }
            let q = -c.value as f64 - vl * c.pending as f64;
            self.weights.push(q);
            if q > best {
                best = q;
                best_i = Some(k);
            }
        }
        let best_i = best_i?;
        if t <= 0.0 {
            return Some(n.first + best_i as u32);
        }
        let mut total = 0.0;
        for w in self.weights.iter_mut() {
            *w = if w.is_finite() {
                ((*w - best) / t).exp()
            } else {
                0.0
            };
            total += *w;
        }
        let mut r = self.rng.unit() * total;
        for (k, &w) in self.weights.iter().enumerate() {
            if w > 0.0 {
                if r < w {
                    return Some(n.first + k as u32);
                }
                r -= w;
            }
        }
        Some(n.first + best_i as u32)
    }

    /// Runs one playout; queues an expansion into `batch`/`requests`.
    pub fn playout(
        &mut self,
        tree: &mut Tree,
        batch: &mut Batch,
        requests: &mut Vec<Request>,
    ) -> Outcome {
        let mut pos = self.root.clone();
        let mut path = vec![0u32];
        self.keys.truncate(self.prefix_len);
        self.checks.truncate(self.prefix_len);
        let mut node = 0u32;
        while tree.nodes[node as usize].has(EXPANDED) {
            let Some(child) = self.select(tree, node) else {
                return Outcome::Blocked;
            };
            pos.do_move(tree.nodes[child as usize].mv);
            path.push(child);
            node = child;
            self.keys.push(pos.key());
            self.checks.push(pos.in_check());
            if let Some(v) = self.repetition() {
                let n = &mut tree.nodes[node as usize];
                n.value = v;
                n.flags |= EXACT | COMPLETE;
                back_up(tree, &path, self.opts.t_backup);
                return Outcome::Resolved;
            }
        }
        if tree.nodes[node as usize].has(COMPLETE | EXPANDING) {
            return Outcome::Blocked;
        }
        self.seldepth = self.seldepth.max(path.len() - 1);
        let ply = path.len() - 1;
        let exact = self.terminal(&mut pos, ply);
        if let Some(v) = exact {
            let n = &mut tree.nodes[node as usize];
            n.value = v;
            n.flags |= EXACT | COMPLETE;
            back_up(tree, &path, self.opts.t_backup);
            return Outcome::Resolved;
        }
        if self.opts.max_ply > 0 && ply >= self.opts.max_ply {
            tree.nodes[node as usize].flags |= COMPLETE;
            back_up(tree, &path, self.opts.t_backup);
            return Outcome::Resolved;
        }
        let moves = pos.legal_moves();
        if !tree.add_children(node, &moves) {
            return Outcome::Full;
        }
        let start = batch.positions.len();
        for &m in moves.iter() {
            let mut child = pos.clone();
            child.do_move(m);
            let bonus = if self.opts.leaf_recapture {
                recapture_gain(&child, m, &mut self.captures)
            } else {
                0
            };
            batch.bonus.push(bonus);
            batch.positions.push(child);
        }
        tree.nodes[node as usize].flags |= EXPANDING;
        for &p in &path {
            let n = &mut tree.nodes[p as usize];
            n.pending = n.pending.saturating_add(1);
        }
        requests.push(Request { path, start });
        Outcome::Queued
    }

    /// The exact value of a position at `ply` that needs no expansion:
    /// no legal move, a winning declaration, or (off the root) a mate in one.
    fn terminal(&self, pos: &mut Position, ply: usize) -> Option<f32> {
        if pos.legal_moves().is_empty() {
            return Some(-MATE as f32);
        }
        if ply == 0 {
            return None;
        }
        if pos.declaration(self.declaration) == Some(Declaration::Win) {
            return Some(mate_in(1) as f32);
        }
        if self.opts.mate_in_one && crate::mate::mate_in_one(pos).is_some() {
            return Some(mate_in(1) as f32);
        }
        None
    }
}

/// Applies an evaluated batch: children values, flags, pending marks and
/// the backups along every request's path.
pub fn apply(tree: &mut Tree, batch: &Batch, requests: &[Request], t_backup: f32) {
    for r in requests {
        let leaf = *r.path.last().unwrap_or(&0);
        let range = tree.nodes[leaf as usize].children();
        for (k, i) in range.enumerate() {
            let v = batch.scores[r.start + k] + batch.bonus[r.start + k];
            tree.nodes[i].value = v.clamp(-EVAL_LIMIT, EVAL_LIMIT) as f32;
        }
        let n = &mut tree.nodes[leaf as usize];
        n.flags = (n.flags & !EXPANDING) | EXPANDED;
        for &p in &r.path {
            let n = &mut tree.nodes[p as usize];
            n.pending = n.pending.saturating_sub(1);
        }
        back_up(tree, &r.path, t_backup);
    }
}

/// Recomputes values from the end of `path` up to the root.
pub fn back_up(tree: &mut Tree, path: &[u32], t_backup: f32) {
    for &p in path.iter().rev() {
        let n = tree.nodes[p as usize];
        if n.first != NONE && n.has(EXPANDED) {
            let b = backup(&tree.nodes[n.children()], t_backup);
            let n = &mut tree.nodes[p as usize];
            n.value = b.value;
            n.flags |= b.flags;
        }
        tree.nodes[p as usize].visits += 1;
    }
}
