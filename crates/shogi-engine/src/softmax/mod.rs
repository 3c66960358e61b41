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
mod tree;

pub use backup::{Backed, backup, one_ply_longer};
pub use tree::{NODE_BYTES, Node};

use crate::eval::BatchEvaluator;
use crate::params::{SOFTMAX_BATCH, SOFTMAX_T_BACKUP, SOFTMAX_T_SELECT, SOFTMAX_VIRTUAL_LOSS};
use crate::score::{MATE_IN_MAX_PLY, mate_in};
use crate::search::{Control, GameHistory, Limits, SearchInfo, SearchResult};
use pipeline::{Batch, Pipeline};
use playout::{Outcome, Prefix, Request, Walker, apply};
use std::collections::VecDeque;
use tree::{COMPLETE, EXACT, EXPANDED, Tree};
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

/// The softmax searcher: options, evaluator and the tree kept across moves.
pub struct SoftmaxSearcher {
    /// Settings.
    pub options: SoftmaxOptions,
    eval: Option<Box<dyn BatchEvaluator>>,
    tree: Tree,
    root: Option<Position>,
    declaration: DeclarationRule,
    /// Counters of the last search.
    pub stats: SoftmaxStats,
}

impl SoftmaxSearcher {
    /// A searcher with a tree of at most `hash_mb` MB.
    pub fn new(options: SoftmaxOptions, eval: Box<dyn BatchEvaluator>, hash_mb: usize) -> Self {
        SoftmaxSearcher {
            options,
            eval: Some(eval),
            tree: Tree::new(hash_mb.max(1) << 20),
            root: None,
            declaration: DeclarationRule::Points27,
            stats: SoftmaxStats::default(),
        }
    }

    /// Replaces the evaluator (the tree is dropped: its values came from the old one).
    pub fn set_evaluator(&mut self, eval: Box<dyn BatchEvaluator>) {
        self.eval = Some(eval);
        self.clear();
    }

    /// Sets the tree budget (takes effect at once by dropping the tree).
    pub fn resize(&mut self, hash_mb: usize) {
        self.tree.set_capacity_bytes(hash_mb.max(1) << 20);
        self.clear();
    }

    /// Sets the entering-king rule.
    pub fn set_declaration_rule(&mut self, rule: DeclarationRule) {
        self.declaration = rule;
        self.clear();
    }

    /// Forgets the tree (a new game).
    pub fn clear(&mut self) {
        self.tree.reset();
        self.root = None;
    }

    /// The root's value (cp, side to move) and whether it is proven.
    pub fn root_value(&self) -> (f32, bool) {
        let r = &self.tree.nodes[0];
        (r.value, r.has(EXACT))
    }

    /// The root's children: move, value from the root's view, visits.
    pub fn root_children(&self) -> Vec<(Move, f32, u32)> {
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

    /// Searches the last position of `game` until `control` stops it, the
    /// limits pass (`nodes` counts evaluated positions; `depth` is the
    /// deepest ply expanded), the root is proven, or the tree is full.
    pub fn search(
        &mut self,
        game: &GameHistory,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let root = game.position.clone();
        let legal = root.legal_moves();
        self.stats = SoftmaxStats::default();
        if legal.is_empty() {
            return SearchResult {
                best: Move::NONE,
                ponder: None,
                score: -crate::score::MATE,
                depth: 0,
                nodes: 0,
                time_ms: control.elapsed_ms(),
                pv: Vec::new(),
            };
        }
        if let Some(m) = crate::mate::mate_in_one(&mut root.clone()) {
            return SearchResult {
                best: m,
                ponder: None,
                score: mate_in(1),
                depth: 1,
                nodes: 0,
                time_ms: control.elapsed_ms(),
                pv: vec![m],
            };
        }
        self.stats.reused_nodes = self.reuse(&root);
        self.root = Some(root.clone());
        let mut opts = self.options.clone();
        if let Some(d) = limits.depth {
            opts.max_ply = d.max(1) as usize;
        }
        let batch_size = opts.batch.max(1);
        let mut prefix = Prefix {
            keys: game.earlier.iter().map(|e| e.0).collect(),
            checks: game.earlier.iter().map(|e| e.1).collect(),
        };
        prefix.keys.push(root.key());
        prefix.checks.push(root.in_check());
        let seed = opts.seed ^ root.key();
        let eval = self.eval.take().expect("the evaluator is always put back");
        let mut pipe = Pipeline::start(eval, opts.threaded);
        let mut walker = Walker::new(&opts, self.declaration, &root, prefix, seed);
        let mut building = Batch {
            positions: Vec::with_capacity(batch_size + 600),
            scores: Vec::new(),
        };
        let mut requests: Vec<Request> = Vec::new();
        let mut in_flight: VecDeque<Vec<Request>> = VecDeque::new();
        let max_in_flight = if opts.pipelined { 2 } else { 1 };
        let mut last_report = 0u64;
        let mut full = false;
        loop {
            // Take back whatever is evaluated.
            while let Some(b) = pipe.take(false) {
                take_back(b, &mut in_flight, &mut self.tree, &mut self.stats, &opts);
            }
            let stop = control.is_stopped()
                || full
                || self.tree.nodes[0].has(COMPLETE)
                || limits.nodes.is_some_and(|n| self.stats.evaluations >= n)
                || limits
                    .time
                    .zip(control.clock_ms())
                    .is_some_and(|(t, ms)| ms >= t.soft_ms);
            if stop && !control.is_pondering() || control.is_stopped() {
                break;
            }
            if stop {
                // Pondering on a finished tree: wait for ponderhit or stop.
                std::thread::sleep(std::time::Duration::from_millis(1));
                continue;
            }
            if building.positions.len() >= batch_size {
                if in_flight.len() < max_in_flight {
                    submit(&mut pipe, &mut building, &mut requests, &mut in_flight);
                    if !opts.pipelined {
                        wait_one(
                            &mut pipe,
                            &mut in_flight,
                            &mut self.tree,
                            &mut self.stats,
                            &opts,
                        );
                    }
                } else {
                    wait_one(
                        &mut pipe,
                        &mut in_flight,
                        &mut self.tree,
                        &mut self.stats,
                        &opts,
                    );
                }
                continue;
            }
            self.stats.playouts += 1;
            match walker.playout(&mut self.tree, &mut building, &mut requests) {
                Outcome::Queued | Outcome::Resolved => {}
                Outcome::Full => full = true,
                Outcome::Blocked => {
                    self.stats.blocked += 1;
                    if !building.positions.is_empty() && in_flight.len() < max_in_flight {
                        submit(&mut pipe, &mut building, &mut requests, &mut in_flight);
                        if !opts.pipelined {
                            wait_one(
                                &mut pipe,
                                &mut in_flight,
                                &mut self.tree,
                                &mut self.stats,
                                &opts,
                            );
                        }
                    } else if pipe.outstanding() > 0 {
                        wait_one(
                            &mut pipe,
                            &mut in_flight,
                            &mut self.tree,
                            &mut self.stats,
                            &opts,
                        );
                    } else {
                        // Nothing queued or in flight and nothing selectable: the
                        // tree cannot grow (proven or frozen everywhere).
                        break;
                    }
                }
            }
            let now = control.elapsed_ms();
            if now >= last_report + 1000 {
                last_report = now;
                report(&self.info(walker.seldepth, control));
            }
        }
        // Finish what is queued so the tree is consistent for reuse.
        if !building.positions.is_empty() {
            submit(&mut pipe, &mut building, &mut requests, &mut in_flight);
        }
        while pipe.outstanding() > 0 {
            wait_one(
                &mut pipe,
                &mut in_flight,
                &mut self.tree,
                &mut self.stats,
                &opts,
            );
        }
        let seldepth = walker.seldepth;
        self.eval = Some(pipe.finish());
        self.stats.tree_nodes = self.tree.nodes.len();
        let info = self.info(seldepth, control);
        report(&info);
        let best = self.best_child().map(|c| c.mv).unwrap_or(legal[0]);
        let ponder = info.pv.get(1).copied();
        SearchResult {
            best,
            ponder,
            score: info.score,
            depth: info.depth,
            nodes: self.stats.evaluations,
            time_ms: control.elapsed_ms(),
            pv: if info.pv.is_empty() {
                vec![best]
            } else {
                info.pv
            },
        }
    }
}

/// Hands the batch being built (and its requests) to the pipeline.
fn submit(
    pipe: &mut Pipeline,
    building: &mut Batch,
    requests: &mut Vec<Request>,
    in_flight: &mut VecDeque<Vec<Request>>,
) {
    in_flight.push_back(std::mem::take(requests));
    let cap = building.positions.capacity();
    pipe.submit(std::mem::replace(
        building,
        Batch {
            positions: Vec::with_capacity(cap),
            scores: Vec::new(),
        },
    ));
}

/// Waits for the oldest batch in flight and applies it.
fn wait_one(
    pipe: &mut Pipeline,
    in_flight: &mut VecDeque<Vec<Request>>,
    tree: &mut Tree,
    stats: &mut SoftmaxStats,
    opts: &SoftmaxOptions,
) {
    if let Some(b) = pipe.take(true) {
        take_back(b, in_flight, tree, stats, opts);
    }
}

/// Applies an evaluated batch (the oldest in flight).
fn take_back(
    b: Batch,
    in_flight: &mut VecDeque<Vec<Request>>,
    tree: &mut Tree,
    stats: &mut SoftmaxStats,
    opts: &SoftmaxOptions,
) {
    let reqs = in_flight.pop_front().unwrap_or_default();
    stats.evaluations += b.positions.len() as u64;
    stats.batches += 1;
    apply(tree, &b, &reqs, opts.t_backup);
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
