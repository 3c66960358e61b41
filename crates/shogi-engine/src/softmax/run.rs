//! The search loop: playouts, batch submission, taking evaluations back,
//! the stop conditions and the result.
//!
//! Contract: the loop never waits for the evaluator while a playout could
//! still be queued and a pipeline slot is free (two batches in flight when
//! pipelined, one otherwise); it submits no batch that would not come back
//! before the soft limit (by the measured round trip) but keeps taking back
//! those in flight until then, and never waits past it. On return, batches still being
//! evaluated are left to finish in the background and are applied by the
//! next call (or by [`SoftmaxSearcher::settle`]), so `bestmove` never waits
//! for the network.

use super::pipeline::Batch;
use super::playout::{Outcome, Prefix, Request, Walker, apply};
use super::tree::COMPLETE;
use super::{InFlight, SoftmaxSearcher, SoftmaxStats};
use crate::score::{MATE, mate_in};
use crate::search::{Control, GameHistory, Limits, SearchInfo, SearchResult};
use std::time::{Duration, Instant};
use yomi_shogi::Move;

/// Slack kept for building and backing up after the last batch (ms).
const STOP_SLACK_MS: f64 = 2.0;

impl SoftmaxSearcher {
    /// Waits for the oldest batch in flight and applies it.
    pub(super) fn wait_one(&mut self) {
        let Some(b) = self.pipe.as_mut().and_then(|p| p.take(true)) else {
            return;
        };
        self.take_back(b);
    }

    /// Waits at most `limit` for the oldest batch in flight and applies it.
    fn wait_within(&mut self, limit: Option<Duration>) {
        let Some(b) = self.pipe.as_mut().and_then(|p| p.take_within(limit)) else {
            return;
        };
        self.take_back(b);
    }

    /// Applies every batch that is already back.
    fn poll(&mut self) {
        while let Some(b) = self.pipe.as_mut().and_then(|p| p.take(false)) {
            self.take_back(b);
        }
    }

    fn take_back(&mut self, b: Batch) {
        let Some(f) = self.in_flight.pop_front() else {
            return;
        };
        if self.searching {
            // Batches left from the last search waited for this one to
            // start: their round trip says nothing about the evaluator.
            let ms = f.sent.elapsed().as_secs_f64() * 1000.0;
            self.batch_ms = if self.batch_ms == 0.0 {
                ms
            } else {
                0.8 * self.batch_ms + 0.2 * ms
            };
        }
        self.stats.evaluations += b.positions.len() as u64;
        self.stats.batches += 1;
        apply(&mut self.tree, &b, &f.requests, self.options.t_backup);
    }

    /// Hands the batch being built (and its requests) to the pipeline.
    fn submit(&mut self, building: &mut Batch, requests: &mut Vec<Request>) {
        if building.positions.is_empty() {
            return;
        }
        self.in_flight.push_back(InFlight {
            requests: std::mem::take(requests),
            sent: Instant::now(),
        });
        let cap = building.positions.capacity();
        let b = std::mem::replace(building, Batch::with_capacity(cap));
        if let Some(p) = self.pipe.as_mut() {
            p.submit(b);
        }
        if !self.options.pipelined {
            self.wait_one();
        }
    }

    fn outstanding(&self) -> usize {
        self.pipe.as_ref().map_or(0, |p| p.outstanding())
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
        self.match_pipeline_mode();
        self.searching = false;
        self.settle();
        let root = game.position.clone();
        let legal = root.legal_moves();
        self.stats = SoftmaxStats::default();
        let quick = |best: Move, score: i32| SearchResult {
            best,
            ponder: None,
            score,
            depth: (best != Move::NONE) as i32,
            nodes: 0,
            time_ms: control.elapsed_ms(),
            pv: if best == Move::NONE {
                vec![]
            } else {
                vec![best]
            },
        };
        if legal.is_empty() {
            return quick(Move::NONE, -MATE);
        }
        if let Some(m) = crate::mate::mate_in_one(&mut root.clone()) {
            return quick(m, mate_in(1));
        }
        self.searching = true;
        self.stats.reused_nodes = self.reuse(&root);
        self.root = Some(root.clone());
        let mut opts = self.options.clone();
        if let Some(d) = limits.depth {
            opts.max_ply = d.max(1) as usize;
        }
        let batch_size = opts.batch.max(1);
        let max_in_flight = if opts.pipelined { 2 } else { 1 };
        let mut prefix = Prefix {
            keys: game.earlier.iter().map(|e| e.0).collect(),
            checks: game.earlier.iter().map(|e| e.1).collect(),
        };
        prefix.keys.push(root.key());
        prefix.checks.push(root.in_check());
        let mut walker = Walker::new(
            &opts,
            self.declaration,
            &root,
            prefix,
            opts.seed ^ root.key(),
        );
        let mut building = Batch::with_capacity(batch_size + 600);
        let mut requests: Vec<Request> = Vec::new();
        let mut last_report = 0u64;
        let mut full = false;
        loop {
            self.poll();
            // Milliseconds left before the soft limit (none while pondering).
            let left = limits
                .time
                .zip(control.clock_ms())
                .map(|(t, ms)| t.soft_ms as f64 - ms as f64);
            let done = full
                || self.tree.nodes[0].has(COMPLETE)
                || limits.nodes.is_some_and(|n| self.stats.evaluations >= n)
                || left.is_some_and(|l| l <= STOP_SLACK_MS);
            if control.is_stopped() || (done && !control.is_pondering()) {
                break;
            }
            if done {
                // Pondering on a finished tree: wait for ponderhit or stop.
                std::thread::sleep(std::time::Duration::from_millis(1));
                continue;
            }
            // Would one more batch come back before the limit?
            let in_time = left.is_none_or(|l| {
                l > self.batch_ms * (self.outstanding() + 1) as f64 + STOP_SLACK_MS
            });
            let wait = left.map(|l| Duration::from_micros(((l - STOP_SLACK_MS) * 1000.0) as u64));
            if building.positions.len() >= batch_size {
                if self.in_flight.len() < max_in_flight && in_time {
                    self.submit(&mut building, &mut requests);
                } else if self.outstanding() > 0 {
                    self.wait_within(wait);
                } else {
                    break;
                }
                continue;
            }
            self.stats.playouts += 1;
            match walker.playout(&mut self.tree, &mut building, &mut requests) {
                Outcome::Queued | Outcome::Resolved => {}
                Outcome::Full => full = true,
                Outcome::Blocked => {
                    self.stats.blocked += 1;
                    let can_submit = self.in_flight.len() < max_in_flight && in_time;
                    if !building.positions.is_empty() && can_submit {
                        self.submit(&mut building, &mut requests);
                    } else if self.outstanding() > 0 {
                        self.wait_within(wait);
                    } else {
                        // Nothing in flight, and nothing selectable (the tree
                        // is proven or frozen everywhere) or no time to
                        // evaluate what is queued.
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
        // What is queued goes to the evaluator and is applied next time.
        self.submit(&mut building, &mut requests);
        self.searching = false;
        let seldepth = walker.seldepth;
        self.stats.tree_nodes = self.tree.nodes.len();
        let info = self.info(seldepth, control);
        report(&info);
        let best = self.best_child().map(|c| c.mv).unwrap_or(legal[0]);
        SearchResult {
            best,
            ponder: info.pv.get(1).copied(),
            score: info.score,
            depth: info.depth,
            nodes: self.stats.evaluations,
            time_ms: control.elapsed_ms(),
            pv: if info.pv.first() == Some(&best) {
                info.pv
            } else {
                vec![best]
            },
        }
    }
}
