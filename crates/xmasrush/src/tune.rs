//! Xmas Rush bots for yomi-arena's tuner: a bout between two bot specs is a
//! two-bot round robin ([`crate::tournament`]) on the one runner.
//!
//! Contract: a bout of `pairs` pairs with seed `s` plays the CodinGame seeds
//! `s, s + 1, ...` (as Java longs: `s` is read as a signed 64-bit number),
//! each twice with seats swapped, in `league`; with an SPRT it stops as
//! soon as the test decides; with a journal it resumes.

use crate::bots::BotSpec;
use crate::league::League;
use crate::tournament::{RoundRobin, TournamentError, run_round_robin};
use yomi_arena::tune::{Bout, BoutResult, Contest};
use yomi_arena::{EloModel, MatchProgress, SprtConfig};

/// Bouts between built-in bots.
///
/// ```
/// use yomi_arena::tune::{Bout, Contest};
/// use yomi_xmasrush::{League, tune::BotContest};
/// let contest = BotContest { league: League::Legend };
/// let bout = Bout { pairs: 1, seed: 7, threads: 1, sprt: None, journal: None };
/// let r = contest.play("greedy", "random", &bout, &|_| {})?;
/// assert_eq!(r.games(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BotContest {
    /// The league every game is played in.
    pub league: League,
}

impl Contest for BotContest {
    type Error = TournamentError;

    fn describe(&self) -> serde_json::Value {
        serde_json::json!({"game": "xmasrush", "league": self.league.name()})
    }

    fn check(&self, spec: &str) -> Result<(), TournamentError> {
        BotSpec::parse(spec)
            .and_then(|s| s.build(0).map(|_| ()))
            .map_err(|reason| TournamentError::Spec {
                spec: yomi_core::text::excerpt(spec),
                reason,
            })
    }

    fn play(
        &self,
        a: &str,
        b: &str,
        bout: &Bout,
        progress: &(dyn Fn(&MatchProgress) + Sync),
    ) -> Result<BoutResult, TournamentError> {
        let rr = RoundRobin {
            bots: vec![a.to_string(), b.to_string()],
            pairs: u32::try_from(bout.pairs).unwrap_or(u32::MAX),
            base_seed: bout.seed as i64,
            threads: bout.threads,
            league: self.league,
            // Without a test to stop on, the round robin still states one
            // in its report; the tuner reads only the counts.
            sprt: bout.sprt.unwrap_or(SprtConfig {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05,
                model: EloModel::Logistic,
            }),
            stop_early: bout.sprt.is_some(),
            journal: bout.journal.clone(),
        };
        let reports = run_round_robin(&rr, &|_| {}, progress)?;
        Ok(reports
            .first()
            .map_or_else(BoutResult::default, |r| BoutResult {
                wdl: r.wdl,
                pentanomial: r.pentanomial.0,
            }))
    }
}
