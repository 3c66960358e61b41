//! Running a match: pairs in parallel on a local rayon pool, aggregated in
//! pair order, with an optional SPRT stop.
//!
//! Contract: the report depends only on the players, the configuration and
//! the seed, not on the number of threads or on scheduling, provided the
//! players are deterministic given their seeds (time-limited searches are
//! not). Pairs are handed out in index order; results are folded into the
//! statistics as an unbroken prefix of pairs. With SPRT, the test is checked
//! after each pair joins that prefix; the match keeps exactly the prefix at
//! which the LLR first crosses a bound. Pairs already running at that moment
//! finish but are not counted, so the decision point is the same on every run.

use crate::config::{MatchConfig, MatchProgress, PlayerFactory, Side, player_seed};
use crate::error::ArenaError;
use crate::opening::OpeningBook;
use crate::play::{PairRecord, play_pair};
use crate::report::MatchReport;
use crate::sprt::SprtResult;
use crate::tally::Tally;
use std::any::Any;
use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use yomi_search::{Game, Outcome};

/// Shared bookkeeping of the workers.
struct Board {
    /// Finished pairs not yet folded (they finished ahead of an earlier pair).
    pending: BTreeMap<usize, PairRecord>,
    /// Number of leading pairs that are all finished.
    frontier: usize,
    /// Totals of the kept pairs: the finished prefix, cut at the SPRT decision.
    tally: Tally,
    /// Player names from pair 0.
    names: Option<[String; 2]>,
    /// Prefix length at which the SPRT reached a decision.
    decided_at: Option<usize>,
    /// The failure with the lowest pair index, if any.
    error: Option<(u64, ArenaError)>,
    /// A player's panic, passed on once all workers have stopped.
    panic: Option<Box<dyn Any + Send>>,
    progress: MatchProgress,
}

/// Plays a match of A against B and reports from A's side.
///
/// `progress` is called (one call at a time, from worker threads) after every
/// finished pair; keep it quick, workers wait for it. Errors come only from
/// the configuration (bad openings, SPRT settings, ply limit) or from a
/// random opening that cannot be drawn; a panicking player panics the caller
/// (once the other workers have stopped).
pub fn run_match<G: Game>(
    a: &PlayerFactory<G>,
    b: &PlayerFactory<G>,
    cfg: &MatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<MatchReport, ArenaError> {
    let start = Instant::now();
    if let Some(sprt) = &cfg.sprt {
        sprt.validate()?;
    }
    let book = OpeningBook::<G>::prepare(&cfg.openings, cfg.seed)?;
    if let Some(max_plies) = cfg.max_plies {
        if max_plies as usize <= book.max_plies() {
            return Err(ArenaError::MaxPliesTooSmall {
                max_plies,
                opening_plies: book.max_plies(),
            });
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .map_err(|e| ArenaError::ThreadPool {
            threads: cfg.threads,
            reason: e.to_string(),
        })?;
    let threads = pool.current_num_threads();
    let total_pairs = (cfg.scheduled_games() / 2) as usize;

    let board = Mutex::new(Board {
        pending: BTreeMap::new(),
        frontier: 0,
        tally: Tally::default(),
        names: None,
        decided_at: None,
        error: None,
        panic: None,
        progress: MatchProgress {
            games_done: 0,
            games_total: cfg.scheduled_games(),
            wins: 0,
            draws: 0,
            losses: 0,
            llr: cfg.sprt.map(|_| 0.0),
        },
    });
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let worker = || {
        while !stop.load(Ordering::Relaxed) {
            let pair = next.fetch_add(1, Ordering::Relaxed);
            if pair >= total_pairs as u64 {
                break;
            }
            // A panicking player stops the other workers before the panic is
            // passed on, instead of letting them finish a long match first.
            let played = panic::catch_unwind(AssertUnwindSafe(|| {
                book.for_pair(pair)
                    .map(|o| play_pair(a, b, &o, cfg.seed, pair, cfg.max_plies))
            }));
            let mut board = board
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match played {
                Err(payload) => {
                    board.panic.get_or_insert(payload);
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(Err(e)) => {
                    if board.error.as_ref().is_none_or(|(p, _)| pair < *p) {
                        board.error = Some((pair, e));
                    }
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(Ok(record)) => {
                    record_pair(&mut board, pair as usize, record, cfg);
                    if board.decided_at.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    progress(&board.progress);
                }
            }
        }
    };
    pool.scope(|s| {
        for _ in 0..threads.min(total_pairs) {
            s.spawn(|_| worker());
        }
    });

    let mut board = board
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(payload) = board.panic.take() {
        panic::resume_unwind(payload);
    }
    let kept = board.decided_at.unwrap_or(total_pairs);
    if let Some((pair, e)) = board.error {
        if (pair as usize) < kept {
            return Err(e);
        }
    }
    let names = board.names.unwrap_or_else(|| {
        [
            a(player_seed(cfg.seed, 0, Side::A)).name(),
            b(player_seed(cfg.seed, 0, Side::B)).name(),
        ]
    });
    Ok(MatchReport::from_tally(
        &board.tally,
        names,
        cfg,
        threads,
        start.elapsed(),
    ))
}

/// Stores a finished pair, updates the progress counts and extends the
/// finished prefix, checking the SPRT at every new prefix length.
fn record_pair(board: &mut Board, pair: usize, record: PairRecord, cfg: &MatchConfig) {
    for g in &record.games {
        board.progress.games_done += 1;
        match g.result {
            Outcome::Win => board.progress.wins += 1,
            Outcome::Draw => board.progress.draws += 1,
            Outcome::Loss => board.progress.losses += 1,
        }
    }
    board.pending.insert(pair, record);
    while let Some(rec) = board.pending.remove(&board.frontier) {
        board.frontier += 1;
        if board.decided_at.is_some() {
            continue; // finished after the decision: not counted
        }
        if board.names.is_none() {
            board.names = Some(rec.names.clone());
        }
        board.tally.add_pair(&rec);
        if let Some(sprt) = &cfg.sprt {
            let llr = sprt.llr_pentanomial(&board.tally.pentanomial);
            board.progress.llr = Some(llr);
            if sprt.decide(llr) != SprtResult::Continue {
                board.decided_at = Some(board.frontier);
            }
        }
    }
}
