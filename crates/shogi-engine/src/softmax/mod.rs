//! Monte Carlo Softmax Search for shogi with a batched evaluator.
//!
//! Contract: a node's value is the softmax-weighted mean of its children's
//! values (seen from the node) at the backup temperature, exact results
//! (mate, repetition, declaration) propagating as in minimax (see
//! `backup.rs`); a playout samples children at the selection temperature
//! and expands a node by evaluating all its children at once. Expansions of
//! many playouts are gathered into batches (pending marks steer concurrent
//! playouts apart) and evaluated inline or on an evaluator thread, while the
//! search goes on with the next batch. With [`SoftmaxOptions::pipelined`]
//! off, a batch is applied before the next one is built, so the search is a
//! pure function of the options and seed whatever evaluates it; with
//! `t_backup = 0` and a depth limit it computes the depth-limited minimax
//! value. The tree (compact nodes, no positions stored) is kept between
//! moves when the new root is a descendant of the old one, and never grows
//! past the `USI_Hash` budget.

mod backup;
mod pipeline;
mod playout;
mod run;
mod tree;

pub use backup::{Backed, backup, one_ply_longer};
pub use tree::{NODE_BYTES, Node};

use crate::eval::BatchEvaluator;
use crate::params::{SOFTMAX_BATCH, SOFTMAX_T_BACKUP, SOFTMAX_T_SELECT, SOFTMAX_VIRTUAL_LOSS};
use crate::score::MATE_IN_MAX_PLY;
use crate::search::{Control, SearchInfo};
use pipeline::Pipeline;
use playout::Request;
use std::collections::VecDeque;
use tree::{EXACT, EXPANDED, Tree};
use yomi_shogi::{DeclarationRule, Move, Position};

/// Settings of the softmax search.
#[derive(Clone, Debug, PartialEq)]
pub struct SoftmaxOptions {
    /// Backup temperature in cp (0 = minimax backup).
    pub t_backup: f32,
    /// Selection temperature in cp (0 = always the best child).
    pub t_select: f32,
    /// cp off a child's selection value per pending playout.
    pub virtual_loss: f32,
    /// Positions per evaluator batch.
    pub batch: usize,
    /// Evaluate on a thread of its own.
    pub threaded: bool,
    /// Keep building the next batch while one is evaluated.
    pub pipelined: bool,
    /// Check for a mate in one before expanding a node.
    pub mate_in_one: bool,
    /// Add a leaf's recapture gain on the last move's square to its score
    /// (the seed's small quiescence, by static exchange).
    pub leaf_recapture: bool,
    /// Expand no node at this ply or deeper (0 = no limit).
    pub max_ply: usize,
    /// Seed of the selection sampling.
    pub seed: u64,
}

impl Default for SoftmaxOptions {
    fn default() -> Self {
        SoftmaxOptions {
            t_backup: SOFTMAX_T_BACKUP,
            t_select: SOFTMAX_T_SELECT,
            virtual_loss: SOFTMAX_VIRTUAL_LOSS,
            batch: SOFTMAX_BATCH,
            threaded: true,
            pipelined: true,
            mate_in_one: true,
            leaf_recapture: true,
            max_ply: 0,
            seed: 0,
        }
    }
}

/// Counters of one search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SoftmaxStats {
    /// Playouts started (expansions, resolved leaves and blocked walks).
    pub playouts: u64,
    /// Positions evaluated.
    pub evaluations: u64,
    /// Batches evaluated.
    pub batches: u64,
    /// Walks that found every way down busy.
    pub blocked: u64,
    /// Nodes in the tree at the end.
    pub tree_nodes: usize,
    /// Nodes kept from the previous search.
    pub reused_nodes: usize,
}

impl SoftmaxStats {
    /// Mean positions per batch.
    pub fn mean_batch(&self) -> f64 {
        self.evaluations as f64 / self.batches.max(1) as f64
    }
}

/// A batch handed to the pipeline: its expansions and when it left.
struct InFlight {
    requests: Vec<Request>,
    sent: std::time::Instant,
}

/// The softmax searcher: options, evaluator pipeline and the tree kept
/// across moves.
pub struct SoftmaxSearcher {
    /// Settings.
    pub options: SoftmaxOptions,
    pipe: Option<Pipeline>,
    threaded: bool,
    in_flight: VecDeque<InFlight>,
    /// Moving average of a batch's round trip (ms), measured while searching.
    batch_ms: f64,
    searching: bool,
    tree: Tree,
    root: Option<Position>,
    declaration: DeclarationRule,
    /// Counters of the last search.
    pub stats: SoftmaxStats,
}

impl Drop for SoftmaxSearcher {
    /// Waits for the evaluator thread to finish its last batches and drops the
    /// evaluator here. Left detached, that thread could still be running a GPU batch
    /// or freeing the network while the process exits, and CUDA's exit handlers
    /// crash then (seen on an H200: `yomi shogi bench --search softmax --device cuda`
    /// with a 13x64 network exited with SIGSEGV in libcublasLt after its results).
    fn drop(&mut self) {
        if let Some(p) = self.pipe.take() {
            drop(p.stop());
        }
    }
}

impl SoftmaxSearcher {
    /// A searcher with a tree of at most `hash_mb` MB.
    pub fn new(options: SoftmaxOptions, eval: Box<dyn BatchEvaluator>, hash_mb: usize) -> Self {
        let threaded = options.threaded;
        SoftmaxSearcher {
            options,
            pipe: Some(Pipeline::start(eval, threaded)),
            threaded,
            in_flight: VecDeque::new(),
            batch_ms: 0.0,
            searching: false,
            tree: Tree::new(hash_mb.max(1) << 20),
            root: None,
            declaration: DeclarationRule::Points27,
            stats: SoftmaxStats::default(),
        }
    }

    /// Waits for every batch still being evaluated and applies it (a search
    /// returns without waiting; its last batches finish in the background).
    pub fn settle(&mut self) {
        while self.pipe.as_ref().is_some_and(|p| p.outstanding() > 0) {
            self.wait_one();
        }
    }

    /// Replaces the evaluator (the tree is dropped: its values came from the old one).
    pub fn set_evaluator(&mut self, eval: Box<dyn BatchEvaluator>) {
        self.settle();
        if let Some(p) = self.pipe.take() {
            drop(p.finish());
        }
        self.threaded = self.options.threaded;
        self.pipe = Some(Pipeline::start(eval, self.threaded));
        self.clear();
    }

    /// Restarts the pipeline when [`SoftmaxOptions::threaded`] changed.
    fn match_pipeline_mode(&mut self) {
        if self.threaded != self.options.threaded {
            self.settle();
            if let Some(p) = self.pipe.take() {
                self.threaded = self.options.threaded;
                self.pipe = Some(Pipeline::start(p.finish(), self.threaded));
            }
        }
    }

    /// Sets the tree budget (a change drops the tree).
    pub fn resize(&mut self, hash_mb: usize) {
        let before = self.tree.capacity();
        self.tree.set_capacity_bytes(hash_mb.max(1) << 20);
        if self.tree.capacity() != before {
            self.clear();
        }
    }

    /// Sets the entering-king rule (a change drops the tree).
    pub fn set_declaration_rule(&mut self, rule: DeclarationRule) {
        if self.declaration != rule {
            self.declaration = rule;
            self.clear();
        }
    }

    /// Forgets the tree (a new game).
    pub fn clear(&mut self) {
        self.settle();
        self.tree.reset();
        self.root = None;
    }

    /// The root's value (cp, side to move) and whether it is proven.
    pub fn root_value(&mut self) -> (f32, bool) {
        self.settle();
        let r = &self.tree.nodes[0];
        (r.value, r.has(EXACT))
    }

    /// The root's children: move, value from the root's view, visits.
    pub fn root_children(&mut self) -> Vec<(Move, f32, u32)> {
        self.settle();
        let r = self.tree.nodes[0];
        self.tree.nodes[r.children()]
            .iter()
            .map(|c| (c.mv, -c.value, c.visits))
            .collect()
    }

    /// Finds the node of `pos` among the old root's descendants (two plies
    /// at most) and makes it the root, or starts a fresh tree.
    fn reuse(&mut self, pos: &Position) -> usize {
        let found = self.root.as_ref().and_then(|old| {
            if old.key() == pos.key() {
                return Some(0);
            }
            let nodes = &self.tree.nodes;
            for c in nodes[0].children() {
                let mut p1 = old.clone();
                p1.do_move(nodes[c].mv);
                if p1.key() == pos.key() {
                    return Some(c as u32);
                }
                for g in nodes[c].children() {
                    let mut p2 = p1.clone();
                    p2.do_move(nodes[g].mv);
                    if p2.key() == pos.key() {
                        return Some(g as u32);
                    }
                }
            }
            None
        });
        match found {
            Some(n) => {
                self.tree.reroot(n);
                if self.tree.nodes.len() > self.tree.capacity() / 2 {
                    // A subtree that big would leave too little room to search.
                    self.tree.reset();
                    return 0;
                }
                self.tree.nodes.len() - 1
            }
            None => {
                self.tree.reset();
                0
            }
        }
    }

    fn best_child(&self) -> Option<&Node> {
        let r = self.tree.nodes[0];
        self.tree.nodes[r.children()]
            .iter()
            .max_by(|a, b| (-a.value).total_cmp(&-b.value))
    }

    fn pv(&self) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut n = 0usize;
        while pv.len() < 64 {
            let node = self.tree.nodes[n];
            if !node.has(EXPANDED) || node.count == 0 {
                break;
            }
            let best = node
                .children()
                .max_by(|&a, &b| (-self.tree.nodes[a].value).total_cmp(&-self.tree.nodes[b].value));
            let Some(b) = best else { break };
            pv.push(self.tree.nodes[b].mv);
            n = b;
        }
        pv
    }

    fn info(&self, seldepth: usize, control: &Control) -> SearchInfo {
        let pv = self.pv();
        let v = self.tree.nodes[0].value;
        SearchInfo {
            depth: pv.len() as i32,
            seldepth,
            multipv: 1,
            score: score_of(v),
            nodes: self.stats.evaluations,
            time_ms: control.elapsed_ms(),
            hashfull: self.tree.permille(),
            pv,
        }
    }
}

/// A node value as an engine score (cp, or a mate score when proven).
fn score_of(v: f32) -> i32 {
    let r = v.round() as i32;
    if r.abs() >= MATE_IN_MAX_PLY {
        r
    } else {
        r.clamp(-(MATE_IN_MAX_PLY - 1), MATE_IN_MAX_PLY - 1)
    }
}

#[cfg(test)]
mod tests;
