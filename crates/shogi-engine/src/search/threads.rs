//! Lazy SMP: several threads search the same root at once, sharing only the
//! transposition table, and vote on the move.
//!
//! Contract: with helpers ([`crate::search::Searcher::set_threads`]), the main
//! thread runs the ordinary search under the caller's limits and [`Control`]
//! (time, `stop`, ponder, node and depth limits, reports; a node limit counts
//! every thread's nodes, as far as the helpers have added them); each helper runs the
//! same iterative deepening with its own histories, killers and evaluator but
//! no limits, under a control of its own that is stopped as soon as the main
//! thread returns, so no helper outlives the call. Helpers report nothing;
//! their nodes are added to the main thread's in every report and in the
//! result. The move played is chosen by Stockfish's vote, which YaneuraOu also
//! uses: each thread's last completed iteration votes for its move with
//! `(score - lowest score + 14) * depth`, a proven mate wins outright, and the
//! main thread's result stands on ties and with MultiPV. With no helpers the
//! search is the single-threaded one, unchanged.

use crate::score::MATE_IN_MAX_PLY;
use crate::search::root::{self, SearchInfo, SearchResult};
use crate::search::{Control, GameHistory, Limits, Nodes, ThreadState};
use crate::tt::TranspositionTable;
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;

/// Runs the main thread and the helpers (see the module contract).
pub(super) fn run(
    main: &mut ThreadState,
    helpers: &mut [ThreadState],
    tt: &TranspositionTable,
    game: &GameHistory,
    limits: &Limits,
    control: &Control,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let helper_control = Control::new(false);
    let helper_nodes = AtomicU64::new(0);
    let helper_limits = Limits {
        multipv: 1,
        ..Limits::default()
    };
    let adds = Nodes {
        add_to: Some(&helper_nodes),
        others: None,
    };
    std::thread::scope(|scope| {
        let running: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .map(|(i, h)| {
                let (hc, hl) = (&helper_control, &helper_limits);
                std::thread::Builder::new()
                    .name(format!("search-helper-{}", i + 1))
                    .spawn_scoped(scope, move || {
                        root::run(h, tt, game, hl, hc, &mut |_| {}, &adds)
                    })
            })
            .collect();
        let reads = Nodes {
            add_to: None,
            others: Some(&helper_nodes),
        };
        // A helper that could not be started is simply not there.
        let main_result = root::run(main, tt, game, limits, control, report, &reads);
        helper_control.stop();
        let mut results = Vec::with_capacity(running.len());
        for handle in running.into_iter().flatten() {
            match handle.join() {
                Ok(r) => results.push(r),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        let total = main_result.nodes + results.iter().map(|r| r.nodes).sum::<u64>();
        let mut chosen = if limits.multipv > 1 {
            main_result
        } else {
            vote(main_result, results)
        };
        chosen.nodes = total;
        chosen
    })
}

/// The result the threads' vote picks (the main thread's is first and wins ties).
fn vote(main: SearchResult, helpers: Vec<SearchResult>) -> SearchResult {
    let mut all = vec![main];
    all.extend(
        helpers
            .into_iter()
            .filter(|r| r.depth > 0 && r.best != yomi_shogi::Move::NONE),
    );
    let lowest = all.iter().map(|r| r.score).min().unwrap_or(0);
    let mut votes: HashMap<yomi_shogi::Move, i64> = HashMap::new();
    for r in &all {
        *votes.entry(r.best).or_default() +=
            i64::from(r.score - lowest + 14) * i64::from(r.depth.max(1));
    }
    let mut best = 0;
    for (i, r) in all.iter().enumerate().skip(1) {
        let b = &all[best];
        let better = if b.score.abs() >= MATE_IN_MAX_PLY {
            // A proven result: only a better mate replaces it.
            r.score > b.score
        } else {
            r.score >= MATE_IN_MAX_PLY
                || (r.score > -MATE_IN_MAX_PLY && votes[&r.best] > votes[&b.best])
        };
        if better {
            best = i;
        }
    }
    all.swap_remove(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::Move;

    fn result(best: u16, score: i32, depth: i32) -> SearchResult {
        SearchResult {
            best: Move(best),
            ponder: None,
            score,
            depth,
            nodes: 0,
            time_ms: 0,
            pv: vec![Move(best)],
        }
    }

    #[test]
    fn the_vote_weighs_score_and_depth_and_prefers_mates() {
        // Two helpers agree on move 2 at the main thread's depth: they outvote it.
        let r = vote(
            result(1, 50, 10),
            vec![result(2, 40, 10), result(2, 45, 10)],
        );
        assert_eq!(r.best, Move(2));
        // One shallower helper does not.
        let r = vote(result(1, 50, 10), vec![result(2, 60, 4)]);
        assert_eq!(r.best, Move(1));
        // A helper's mate wins; the main thread's mate is kept against a plain score.
        let r = vote(result(1, 50, 10), vec![result(3, MATE_IN_MAX_PLY + 5, 3)]);
        assert_eq!(r.best, Move(3));
        let r = vote(
            result(1, MATE_IN_MAX_PLY + 5, 10),
            vec![result(2, 900, 12), result(2, 900, 12)],
        );
        assert_eq!(r.best, Move(1));
        // A helper with no completed iteration has no vote.
        let r = vote(result(1, 0, 1), vec![result(2, 500, 0)]);
        assert_eq!(r.best, Move(1));
    }
}
