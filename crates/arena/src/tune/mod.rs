//! Parameter tuning on the one match runner: a sweep of one parameter
//! against a fixed reference ([`sweep`]), SPSA over several ([`spsa`]), and
//! their charts ([`chart`]).
//!
//! Contract: the tuner knows players only as spec texts (built-in
//! strategies `NAME[:k=v,...]`, engines `usi:PATH[,Option=Value...]`); a
//! [`Contest`] plays a [`Bout`] (seat-swapped pairs of A's spec against B's)
//! through [`crate::run_pairs`] and returns A's tally, so the same tuner
//! serves every game: [`StrategyContest`] for built-in strategies of any
//! [`Game`], and the Xmas Rush and shogi crates their own. Every random
//! step takes its seed from the tuner's seed; with players whose answers
//! depend only on their seed (fixed iterations or nodes, no clock), the
//! same seed gives the same result on any number of threads.

pub mod chart;
pub mod param;
pub mod spsa;
pub mod sweep;

pub use param::{Kind, ParamError, SpsaParam, SweepValues, format_value, with_values};
pub use spsa::{IterationRecord, SpsaConfig, SpsaError, SpsaReport, SpsaSchedule, run_spsa};
pub use sweep::{SweepConfig, SweepError, SweepPoint, SweepReport, run_sweep};

use crate::config::{MatchConfig, MatchJournal, MatchProgress};
use crate::error::ArenaError;
use crate::stats::{EloEstimate, Pentanomial, Trinomial};
use crate::strategy_match::run_clocked_match;
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;
use std::path::PathBuf;
use yomi_search::{Game, SpecError, StrategySpec};

/// Pair counts the tuner's flags accept (per sweep value, SPSA budget,
/// SPSA batch, confirmation).
pub const PAIRS: yomi_core::limits::Bounds =
    yomi_core::limits::Bounds::new("pairs", 1, u32::MAX as u64 / 2);

/// One match the tuner asks for: `pairs` seat-swapped pairs, seeded, on
/// `threads` workers, with an optional SPRT stop and journal.
#[derive(Clone, Debug)]
pub struct Bout {
    /// Pairs of games (two games each, seats swapped).
    pub pairs: u64,
    /// The match's seed.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Stop once this test decides.
    pub sprt: Option<crate::SprtConfig>,
    /// Keep every finished pair here; the same bout continues it.
    pub journal: Option<PathBuf>,
}

impl Bout {
    /// Games of the bout, as a match runner counts them (two a pair; the
    /// pair bounds keep it far below `u32::MAX`).
    pub fn games(&self) -> u32 {
        u32::try_from(self.pairs.saturating_mul(2)).unwrap_or(u32::MAX - 1)
    }
}

/// What a bout found, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoutResult {
    /// A's wins, draws and losses.
    pub wdl: [u32; 3],
    /// Pairs by A's points (0, ½, 1, 1½, 2).
    pub pentanomial: [u32; 5],
}

impl BoutResult {
    /// From the runner's counts.
    pub fn new(trinomial: Trinomial, pentanomial: Pentanomial) -> BoutResult {
        BoutResult {
            wdl: [trinomial.wins, trinomial.draws, trinomial.losses],
            pentanomial: pentanomial.0,
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wdl.iter().sum()
    }

    /// A's Elo over B with its 95% interval (per-pair variance).
    pub fn elo(&self) -> EloEstimate {
        Pentanomial(self.pentanomial).elo()
    }

    /// Wins minus losses: the signal SPSA follows.
    pub fn net_wins(&self) -> f64 {
        f64::from(self.wdl[0]) - f64::from(self.wdl[2])
    }
}

/// Plays bouts between two players given as spec texts.
pub trait Contest: Sync {
    /// Why a bout could not be played (a bad spec, an engine that does not
    /// start, the runner's errors).
    type Error: std::error::Error + Send + Sync + 'static;

    /// What identifies the contest in a tuner's journal (the game, the
    /// clock, openings...): a rerun with another contest is refused.
    fn describe(&self) -> serde_json::Value;

    /// Checks that `spec` makes a player, before anything is played.
    fn check(&self, spec: &str) -> Result<(), Self::Error>;

    /// Plays `bout` of `a` against `b`; `progress` is the runner's.
    fn play(
        &self,
        a: &str,
        b: &str,
        bout: &Bout,
        progress: &(dyn Fn(&MatchProgress) + Sync),
    ) -> Result<BoutResult, Self::Error>;
}

/// Why a bout of built-in strategies could not be played.
#[derive(Debug, thiserror::Error)]
pub enum StrategyContestError {
    /// A spec does not make a strategy of this game.
    #[error("spec '{spec}': {reason}")]
    Spec {
        /// The spec.
        spec: String,
        /// Why (part of the message, so not a `source()`).
        reason: SpecError,
    },
    /// The runner refused or failed.
    #[error(transparent)]
    Arena(#[from] ArenaError),
}

/// Bouts between built-in strategies of `G` under a match configuration
/// whose openings, ply limit, clock and resign rule every bout keeps (its
/// games, seed, threads, SPRT and journal come from the bout).
pub struct StrategyContest<G: Game> {
    base: MatchConfig,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> StrategyContest<G> {
    /// A contest under `base`'s openings, ply limit, clock and resign rule.
    pub fn new(base: MatchConfig) -> StrategyContest<G> {
        StrategyContest {
            base,
            game: PhantomData,
        }
    }

    fn factory(&self, spec: &str) -> Result<crate::PlayerFactory<G>, StrategyContestError> {
        let bad = |reason| StrategyContestError::Spec {
            spec: yomi_core::text::excerpt(spec),
            reason,
        };
        let parsed: StrategySpec = spec.parse().map_err(bad)?;
        crate::spec_factory(&parsed).map_err(bad)
    }
}

impl<G: Game> Contest for StrategyContest<G> {
    type Error = StrategyContestError;

    fn describe(&self) -> serde_json::Value {
        let b = &self.base;
        serde_json::json!({
            "game": G::name(),
            "openings": crate::opening::describe_openings(&b.openings),
            "max_plies": b.max_plies,
            "control": b.clock.map(|c| c.to_string()),
            "tolerance_ms": u64::try_from(b.tolerance.as_millis()).unwrap_or(u64::MAX),
            "resign": b.resign.map(|r| r.to_string()),
        })
    }

    fn check(&self, spec: &str) -> Result<(), StrategyContestError> {
        self.factory(spec).map(|_| ())
    }

    fn play(
        &self,
        a: &str,
        b: &str,
        bout: &Bout,
        progress: &(dyn Fn(&MatchProgress) + Sync),
    ) -> Result<BoutResult, StrategyContestError> {
        let (fa, fb) = (self.factory(a)?, self.factory(b)?);
        let games = bout.games();
        let cfg = MatchConfig {
            games,
            threads: bout.threads,
            seed: bout.seed,
            sprt: bout.sprt,
            journal: bout.journal.as_ref().map(|path| MatchJournal {
                path: path.clone(),
                players: [a.to_string(), b.to_string()],
            }),
            ..self.base.clone()
        };
        let report = run_clocked_match(&fa, &fb, &cfg, progress)?.report;
        let p = report.pentanomial;
        Ok(BoutResult {
            wdl: [report.wins, report.draws, report.losses],
            pentanomial: p,
        })
    }
}
