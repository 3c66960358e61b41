//! The one match runner: pairs of games played in parallel, folded in pair
//! order, with an optional SPRT stop and an optional journal; how a pair is
//! played is the caller's ([`PairSource`]).
//!
//! Contract: the outcome depends only on what the source returns for each
//! pair, not on the number of threads or on scheduling: pairs are handed
//! out in index order and folded into the statistics as an unbroken prefix.
//! With SPRT, the test is checked after each pair joins that prefix; the
//! match keeps exactly the prefix at which the LLR first crosses a bound.
//! Pairs already running at that moment finish but are not counted, so the
//! decision point is the same on every run. A kept pair is given to
//! [`PairSource::keep`] (e.g. to write its game records) and then journaled
//! before it is counted, so a pair in the journal is never played again;
//! pairs read back from a journal are counted without being played. The
//! first error (the lowest pair's, among those the match would keep)
//! stops the match; a panicking pair stops the other workers and the
//! panic is passed on to the caller once they have stopped. A raised
//! `cancel` flag (an interrupted caller) starts no further pair and fails
//! the run with [`ArenaError::Stopped`]; the pairs being played finish.

use crate::config::MatchProgress;
use crate::error::ArenaError;
use crate::journal::{Journal, JournalError};
use crate::play::PairRecord;
use crate::sprt::{SprtConfig, SprtResult};
use crate::tally::Tally;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::any::Any;
use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How the pairs of one match are played: the runner asks for pair `p`
/// (games `2p` and `2p + 1`) and folds what comes back.
pub trait PairSource: Sync {
    /// The match's own data of each game, journaled with it.
    type Extra: Clone + Send + Serialize + DeserializeOwned;
    /// What a played pair carries to [`PairSource::keep`] beyond its
    /// record (e.g. the games' record text); never journaled.
    type Attachment: Send;
    /// The match's own totals over the pairs it keeps.
    type Totals: Default + Send;
    /// Why a pair could not be played or kept.
    type Error: From<ArenaError> + From<JournalError> + Send;

    /// The players' names (for reports and the journal's header).
    fn names(&self) -> Result<[String; 2], Self::Error>;

    /// What identifies this match in a journal: a JSON object whose
    /// `format` field names the kind of match; a rerun continues a journal
    /// only when every field is equal.
    fn journal_header(&self, names: &[String; 2]) -> serde_json::Value;

    /// Plays pair `pair`.
    fn play_pair(&self, pair: u64) -> Result<Played<Self>, Self::Error>;

    /// Called in pair order for every newly played pair the match keeps,
    /// before it is journaled; an error stops the match.
    fn keep(
        &self,
        pair: u64,
        record: &PairRecord<Self::Extra>,
        attachment: Self::Attachment,
    ) -> Result<(), Self::Error> {
        let _ = (pair, record, attachment);
        Ok(())
    }

    /// Folds a kept pair (played now or read back from the journal) into
    /// the match's own totals, in pair order.
    fn fold(&self, totals: &mut Self::Totals, pair: u64, record: &PairRecord<Self::Extra>) {
        let _ = (totals, pair, record);
    }
}

/// A played pair: its record and what it carries to [`PairSource::keep`].
pub type Played<S> = (
    PairRecord<<S as PairSource>::Extra>,
    <S as PairSource>::Attachment,
);

/// What the runner is asked to do.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Pairs scheduled.
    pub pairs: u64,
    /// Worker threads, each playing one pair at a time; 0 = one per core.
    pub threads: usize,
    /// Stop early when this test reaches a decision.
    pub sprt: Option<SprtConfig>,
    /// Journal file (its header from [`PairSource::journal_header`]).
    pub journal: Option<PathBuf>,
}

/// What a finished (or SPRT-stopped) run found.
#[derive(Clone, Debug)]
pub struct RunOutcome<T> {
    /// Totals over the kept pairs.
    pub tally: Tally,
    /// The source's own totals over the kept pairs.
    pub totals: T,
    /// The players' names.
    pub names: [String; 2],
    /// Worker threads used.
    pub threads: usize,
    /// Wall time of the run.
    pub elapsed: Duration,
}

/// Shared bookkeeping of the workers.
struct Board<S: PairSource> {
    /// Finished pairs not yet folded (they finished ahead of an earlier pair).
    pending: BTreeMap<u64, Played<S>>,
    /// Number of leading pairs that are all finished.
    frontier: u64,
    tally: Tally,
    totals: S::Totals,
    /// Prefix length at which the SPRT reached a decision.
    decided_at: Option<u64>,
    /// The failure with the lowest pair index, if any.
    error: Option<(u64, S::Error)>,
    /// A pair's panic, passed on once all workers have stopped.
    panic: Option<Box<dyn Any + Send>>,
    journal: Option<Journal<S::Extra>>,
}

impl<S: PairSource> Board<S> {
    /// Counts the next pair of the prefix; checks the SPRT.
    fn count(
        &mut self,
        source: &S,
        pair: u64,
        record: &PairRecord<S::Extra>,
        sprt: Option<SprtConfig>,
    ) {
        self.tally.add_pair(record);
        source.fold(&mut self.totals, pair, record);
        if let Some(c) = sprt
            && c.decide(c.llr_pentanomial(&self.tally.pentanomial)) != SprtResult::Continue
        {
            self.decided_at.get_or_insert(pair + 1);
        }
    }

    fn progress(&self, schedule: &Schedule) -> MatchProgress {
        let t = self.tally.trinomial;
        MatchProgress {
            games_done: t.games(),
            games_total: u32::try_from(2 * schedule.pairs).unwrap_or(u32::MAX),
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            llr: schedule
                .sprt
                .map(|c| c.llr_pentanomial(&self.tally.pentanomial)),
        }
    }

    fn fail(&mut self, pair: u64, e: S::Error) {
        if self.error.as_ref().is_none_or(|(p, _)| pair < *p) {
            self.error = Some((pair, e));
        }
    }
}

/// Plays the scheduled pairs of `source` and folds them (see the module
/// contract). `progress` is called (one call at a time, from worker
/// threads) whenever a pair joins the counted prefix; keep it quick. Once
/// `cancel` is true no further pair starts and the run fails with
/// [`ArenaError::Stopped`].
pub fn run_pairs<S: PairSource>(
    source: &S,
    schedule: &Schedule,
    progress: &(dyn Fn(&MatchProgress) + Sync),
    cancel: Option<&AtomicBool>,
) -> Result<RunOutcome<S::Totals>, S::Error> {
    let started = Instant::now();
    if let Some(sprt) = &schedule.sprt {
        sprt.validate().map_err(ArenaError::from)?;
    }
    let names = source.names()?;
    let mut board = Board::<S> {
        pending: BTreeMap::new(),
        frontier: 0,
        tally: Tally::default(),
        totals: S::Totals::default(),
        decided_at: None,
        error: None,
        panic: None,
        journal: None,
    };
    if let Some(path) = &schedule.journal {
        let header = source.journal_header(&names);
        let (journal, done) = Journal::open(path, &header, schedule.pairs)?;
        board.journal = Some(journal);
        for record in &done {
            let pair = board.frontier;
            board.frontier += 1;
            if board.decided_at.is_none() {
                board.count(source, pair, record, schedule.sprt);
            }
        }
        if !done.is_empty() {
            progress(&board.progress(schedule));
        }
    }
    let threads = match schedule.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    tracing::info!(
        "{} against {}: {} pairs scheduled, {} from the journal, on {threads} threads",
        names[0],
        names[1],
        schedule.pairs,
        board.frontier
    );
    let first = board.frontier;
    let next = AtomicU64::new(first);
    let stop = AtomicBool::new(board.decided_at.is_some());
    let board = Mutex::new(board);
    let worker = || {
        while !stop.load(Ordering::Relaxed) {
            let pair = next.fetch_add(1, Ordering::Relaxed);
            if pair >= schedule.pairs {
                break;
            }
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                let mut b = board
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                b.fail(pair, ArenaError::Stopped.into());
                stop.store(true, Ordering::Relaxed);
                break;
            }
            // A panicking pair stops the other workers before the panic is
            // passed on, instead of letting them finish a long match first.
            let played = panic::catch_unwind(AssertUnwindSafe(|| source.play_pair(pair)));
            let mut b = board
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match played {
                Err(payload) => {
                    b.panic.get_or_insert(payload);
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(Err(e)) => {
                    b.fail(pair, e);
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(Ok(done)) => {
                    b.pending.insert(pair, done);
                    fold_prefix(&mut b, source, schedule, progress);
                    if b.decided_at.is_some() || b.error.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    };
    let wanted =
        threads.min(usize::try_from(schedule.pairs.saturating_sub(first)).unwrap_or(usize::MAX));
    let spawned = std::thread::scope(|s| {
        for i in 0..wanted {
            let spawned = std::thread::Builder::new()
                .name(format!("match-{i}"))
                .spawn_scoped(s, worker);
            if let Err(e) = spawned {
                stop.store(true, Ordering::Relaxed);
                return Err(ArenaError::ThreadPool {
                    threads,
                    reason: e.to_string(),
                });
            }
        }
        Ok(())
    });
    let mut board = board
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(payload) = board.panic.take() {
        panic::resume_unwind(payload);
    }
    spawned?;
    let kept = board.decided_at.unwrap_or(schedule.pairs);
    if let Some((pair, e)) = board.error
        && pair < kept
    {
        return Err(e);
    }
    tracing::info!(
        "{} games counted in {:.2} s{}",
        board.tally.trinomial.games(),
        started.elapsed().as_secs_f64(),
        if board.decided_at.is_some() {
            ", stopped by the SPRT"
        } else {
            ""
        }
    );
    Ok(RunOutcome {
        tally: board.tally,
        totals: board.totals,
        names,
        threads,
        elapsed: started.elapsed(),
    })
}

/// Folds every finished pair that extends the prefix: kept, journaled,
/// counted, in order.
fn fold_prefix<S: PairSource>(
    b: &mut Board<S>,
    source: &S,
    schedule: &Schedule,
    progress: &(dyn Fn(&MatchProgress) + Sync),
) {
    while let Some((record, attachment)) = {
        let f = b.frontier;
        b.pending.remove(&f)
    } {
        let pair = b.frontier;
        b.frontier += 1;
        if b.decided_at.is_some() || b.error.is_some() {
            continue; // finished after the decision (or a failure): not counted
        }
        // Kept first: a pair in the journal is never played again, so what
        // `keep` writes must already be on disk.
        let kept = source
            .keep(pair, &record, attachment)
            .and_then(|()| match b.journal.as_mut() {
                Some(j) => j.append(pair, &record).map_err(S::Error::from),
                None => Ok(()),
            });
        if let Err(e) = kept {
            b.fail(pair, e);
            continue;
        }
        b.count(source, pair, &record, schedule.sprt);
        progress(&b.progress(schedule));
    }
}
