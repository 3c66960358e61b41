//! A fixed search workload: YaneuraOu's four benchmark positions searched
//! to a fixed depth with a fresh table each.
//!
//! Contract: the node count depends only on the search and evaluation code
//! (same build, same count on any machine and any load), so a change in it
//! means search behaviour changed; the time and nodes/s are measurements.

use crate::eval::LoadedEval;
use crate::search::{Control, GameHistory, Limits, Searcher};
use std::time::{Duration, Instant};
use yomi_shogi::{Move, Position};

/// YaneuraOu's default `bench` positions (source/benchmark.cpp): near the
/// opening, two sharp middle games, and the move-generation "festival".
pub const BENCH_POSITIONS: [&str; 4] = [
    "lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
    "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
    "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
];

/// Default bench depth.
pub const BENCH_DEPTH: i32 = 8;

/// The outcome of one bench position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The position searched.
    pub sfen: String,
    /// Best move found.
    pub best: Move,
    /// Its score.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// The whole bench.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Depth every position was searched to.
    pub depth: i32,
    /// One line per position.
    pub lines: Vec<BenchLine>,
}

impl BenchReport {
    /// Total nodes (the behaviour fingerprint).
    pub fn nodes(&self) -> u64 {
        self.lines.iter().map(|l| l.nodes).sum()
    }

    /// Total time.
    pub fn time(&self) -> Duration {
        self.lines.iter().map(|l| l.time).sum()
    }

    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        (self.nodes() as f64 / self.time().as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches each of `positions` to `depth` with a fresh `hash_mb` table.
pub fn run(positions: &[&str], depth: i32, hash_mb: usize, eval: &LoadedEval) -> BenchReport {
    let mut lines = Vec::new();
    for &sfen in positions {
        let pos = Position::from_sfen(sfen).expect("bench positions are valid SFEN");
        let mut searcher = Searcher::new(hash_mb, eval);
        let limits = Limits {
            depth: Some(depth),
            multipv: 1,
            ..Limits::default()
        };
        let control = Control::new(false);
        let start = Instant::now();
        let r = searcher.search(&GameHistory::new(pos), &limits, &control, &mut |_| {});
        lines.push(BenchLine {
            sfen: sfen.to_string(),
            best: r.best,
            score: r.score,
            nodes: r.nodes,
            time: start.elapsed(),
        });
    }
    BenchReport { depth, lines }
}

/// One bench position searched by Monte Carlo Softmax Search.
#[derive(Clone, Debug, PartialEq)]
pub struct SoftmaxBenchLine {
    /// The position searched.
    pub sfen: String,
    /// Best move found.
    pub best: Move,
    /// Its score.
    pub score: i32,
    /// The search's counters (playouts, evaluations, batches...).
    pub stats: crate::softmax::SoftmaxStats,
    /// Time taken.
    pub time: Duration,
}

impl SoftmaxBenchLine {
    /// Positions evaluated per second.
    pub fn evals_per_s(&self) -> f64 {
        self.stats.evaluations as f64 / self.time.as_secs_f64().max(1e-9)
    }

    /// Playouts per second.
    pub fn playouts_per_s(&self) -> f64 {
        self.stats.playouts as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Searches each of `positions` for `time` (or until `evaluations`
/// positions were evaluated, whichever comes first) with a fresh tree,
/// evaluating with `eval`. The numbers depend on the machine and the
/// evaluator's speed (with `time` only); with an evaluation budget and
/// `pipelined = false` the best moves are a function of the options.
pub fn run_softmax(
    positions: &[&str],
    time: Option<Duration>,
    evaluations: Option<u64>,
    eval: &LoadedEval,
    options: &crate::softmax::SoftmaxOptions,
) -> Vec<SoftmaxBenchLine> {
    let mut out = Vec::new();
    for &sfen in positions {
        let pos = Position::from_sfen(sfen).expect("bench positions are valid SFEN");
        let mut s =
            crate::softmax::SoftmaxSearcher::new(options.clone(), eval.batch_evaluator(), 1024);
        let ms = time.map(|t| t.as_millis() as u64);
        let limits = Limits {
            nodes: evaluations,
            time: ms.map(|ms| crate::time::TimePlan {
                soft_ms: ms,
                hard_ms: ms,
            }),
            multipv: 1,
            ..Limits::default()
        };
        let control = Control::new(false);
        let start = Instant::now();
        let r = s.search(&GameHistory::new(pos), &limits, &control, &mut |_| {});
        let elapsed = start.elapsed();
        out.push(SoftmaxBenchLine {
            sfen: sfen.to_string(),
            best: r.best,
            score: r.score,
            stats: s.stats.clone(),
            time: elapsed,
        });
    }
    out
}
