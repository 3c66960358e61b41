//! Shogi players for yomi-arena's tuner: USI engines (the tuned values as
//! `setoption` lines at every game's start) and built-in strategies, in
//! clocked matches on the one runner.
//!
//! Contract: a bout is [`run_shogi_match`] with the contest's clock,
//! openings, ply limit, declaration rule and resign rule, and the bout's
//! pairs, seed, threads, SPRT and journal. A tuned value reaches an engine
//! the way every option of an engine spec does: `usi:PATH,Name=Value` sends
//! `setoption name Name value Value` before `isready` in every game (each
//! game starts a fresh engine, so nothing carries over between values).

use crate::matches::{MatchError, ShogiMatchConfig, run_shogi_match};
use crate::player::PlayerSpec;
use yomi_arena::MatchProgress;
use yomi_arena::tune::{Bout, BoutResult, Contest};

/// Bouts between shogi players under one match configuration.
pub struct EngineContest {
    /// Clock, openings, ply limit, declaration, resign rule, handshake; its
    /// games, seed, threads, SPRT and journal are replaced by each bout's.
    pub base: ShogiMatchConfig,
}

fn player(spec: &str) -> Result<PlayerSpec, MatchError> {
    spec.parse().map_err(|reason| MatchError::Player {
        spec: yomi_core::text::excerpt(spec),
        reason: Box::new(reason),
    })
}

impl Contest for EngineContest {
    type Error = MatchError;

    fn describe(&self) -> serde_json::Value {
        let b = &self.base;
        serde_json::json!({
            "game": "shogi",
            "control": b.control().to_string(),
            "openings": yomi_arena::opening::describe_openings(&b.arena.openings),
            "max_plies": b.max_plies(),
            "declaration": format!("{:?}", b.declaration),
            "tolerance_ms": u64::try_from(b.arena.tolerance.as_millis()).unwrap_or(u64::MAX),
            "resign": b.arena.resign.map(|r| r.to_string()),
        })
    }

    fn check(&self, spec: &str) -> Result<(), MatchError> {
        player(spec).map(|_| ())
    }

    fn play(
        &self,
        a: &str,
        b: &str,
        bout: &Bout,
        progress: &(dyn Fn(&MatchProgress) + Sync),
    ) -> Result<BoutResult, MatchError> {
        let (pa, pb) = (player(a)?, player(b)?);
        let mut cfg = self.base.clone();
        cfg.arena.games = bout.games();
        cfg.arena.seed = bout.seed;
        cfg.arena.threads = bout.threads;
        cfg.arena.sprt = bout.sprt;
        cfg.arena.journal = bout.journal.as_ref().map(|path| yomi_arena::MatchJournal {
            path: path.clone(),
            players: [a.to_string(), b.to_string()],
        });
        let r = run_shogi_match(&pa, &pb, &cfg, progress)?.report;
        Ok(BoutResult {
            wdl: [r.wins, r.draws, r.losses],
            pentanomial: r.pentanomial,
        })
    }
}
