//! Round robins between built-in bots on yomi-arena's one runner: every
//! pairing plays seeds `base_seed + i`, each twice with seats swapped; Elo
//! with a 95% interval from the pair statistics, and SPRT, per pairing; and
//! each bot's pooled result against the field.
//!
//! Contract: [`run_round_robin`] numbers the pairs of all pairings one
//! after another (pairing `k` of bots `i < j` in order, then its seeds), so
//! the runner plays them in parallel on `threads` and folds them in order:
//! the reports do not depend on scheduling, and each pairing's report is
//! handed to the caller as soon as its last pair is counted. With a journal
//! file every finished pair is kept there ([`yomi_arena::journal`]) and a
//! rerun with the same bots, pairs, seed and league continues where it
//! stopped. Built-in bots are not disqualified for slowness; their longest
//! answer is reported. [`field_table`] pools a round robin's pairings per
//! bot: its score and Elo against the field with a 95% interval.

use crate::bots::{BotSpec, SpecError};
use crate::league::League;
use crate::player::Player;
use crate::referee::{InvariantError, RefereeOptions, play_game};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;
use yomi_arena::{
    ArenaError, EloText, GameRecord, JournalError, MatchProgress, PairRecord, PairSource,
    Pentanomial, Schedule, SprtConfig, Tally, run_pairs,
};
use yomi_search::Outcome;

/// The pair counts `yomi xmasrush arena --pairs` accepts: at least one pair of games per
/// pairing, so a rating has games behind it.
pub const PAIRS: yomi_core::limits::Bounds =
    yomi_core::limits::Bounds::new("pairs", 1, u32::MAX as u64);

/// The format tag of a round robin's journal.
pub const JOURNAL_FORMAT: &str = "yomi xmasrush round robin journal 1";

/// The result of A against B.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PairingReport {
    /// Spec of A.
    pub a: String,
    /// Spec of B.
    pub b: String,
    /// First seed.
    pub seed: i64,
    /// League (its [`League::name`]).
    pub league: String,
    /// Games played.
    pub games: u32,
    /// A's wins, draws, losses.
    pub wdl: [u32; 3],
    /// Pair counts by A's points (0, ½, 1, 1½, 2).
    pub pentanomial: Pentanomial,
    /// A's score fraction.
    pub score: f64,
    /// Elo of A over B.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub elo_error: f64,
    /// Lower end of the 95% interval.
    pub elo_lower: f64,
    /// Upper end of the 95% interval.
    pub elo_upper: f64,
    /// Log-likelihood ratio of SPRT(elo0, elo1) on the pairs.
    pub llr: f64,
    /// SPRT verdict.
    pub sprt: String,
    /// Longest answer of A and B after the first turn, in milliseconds.
    pub max_answer_ms: [f64; 2],
    /// Mean simulations per push turn of A and B.
    pub mean_push_simulations: [f64; 2],
}

/// A round robin's settings.
#[derive(Clone, Debug)]
pub struct RoundRobin {
    /// The bots' specs.
    pub bots: Vec<String>,
    /// Seeds per pairing, each played twice.
    pub pairs: u32,
    /// First seed.
    pub base_seed: i64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// League.
    pub league: League,
    /// SPRT hypotheses of every pairing's verdict (reported; the run stops
    /// early only with `stop_early` and two bots).
    pub sprt: SprtConfig,
    /// With two bots: stop as soon as the SPRT decides (as `yomi arena
    /// --sprt` does); ignored with more bots, whose pairings all play out.
    pub stop_early: bool,
    /// Keep finished pairs in this journal file; a rerun continues it.
    pub journal: Option<PathBuf>,
}

/// Why a round robin could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A bot spec does not parse or build.
    #[error("bot '{spec}': {reason}")]
    Spec {
        /// The spec.
        spec: String,
        /// Why (part of the message, so not a `source()`).
        reason: SpecError,
    },
    /// Fewer than two bots.
    #[error("a round robin needs at least two bots, got {0}")]
    TooFewBots(usize),
    /// No seeds per pairing.
    #[error("--pairs must be at least 1")]
    NoPairs,
    /// The runner refused the match (threads, SPRT settings, journal).
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// A game broke the rules' invariants (a referee bug).
    #[error("seed {seed}: {reason}")]
    Invariant {
        /// The game's seed.
        seed: i64,
        /// What broke (part of the message, so not a `source()`).
        reason: InvariantError,
    },
}

impl From<JournalError> for TournamentError {
    fn from(e: JournalError) -> TournamentError {
        TournamentError::Arena(ArenaError::Journal(e))
    }
}

/// What the journal keeps of each game beyond its record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameFigures {
    /// Longest answer of A and B after the first turn, microseconds.
    pub max_answer_us: [u64; 2],
    /// Mean simulations per push turn of A and B.
    pub push_simulations: [u64; 2],
}

/// A pairing's totals while its pairs are folded.
#[derive(Clone, Debug, Default)]
pub struct PairingTotals {
    tally: Tally,
    max_answer_us: [u64; 2],
    push_simulations: [u64; 2],
}

struct Source<'a> {
    rr: &'a RoundRobin,
    specs: Vec<BotSpec>,
    /// The pairings, as indices into `specs`, in play order.
    pairings: Vec<(usize, usize)>,
    on_pairing: &'a (dyn Fn(&PairingReport) + Sync),
}

impl Source<'_> {
    /// Pairing and seed of global pair `pair`.
    fn locate(&self, pair: u64) -> (usize, i64) {
        let per = u64::from(self.rr.pairs);
        let k = (pair / per) as usize;
        (k, self.rr.base_seed.wrapping_add((pair % per) as i64))
    }

    fn report(&self, k: usize, t: &PairingTotals) -> PairingReport {
        let (i, j) = self.pairings[k];
        let penta = t.tally.pentanomial;
        let elo = penta.elo();
        let llr = self.rr.sprt.llr_pentanomial(&penta);
        let games = t.tally.trinomial.games();
        let tri = t.tally.trinomial;
        PairingReport {
            a: self.rr.bots[i].clone(),
            b: self.rr.bots[j].clone(),
            seed: self.rr.base_seed,
            league: self.rr.league.name().into(),
            games,
            wdl: [tri.wins, tri.draws, tri.losses],
            pentanomial: penta,
            score: elo.score,
            elo: elo.elo,
            elo_error: elo.error,
            elo_lower: elo.lower,
            elo_upper: elo.upper,
            llr,
            sprt: self.rr.sprt.decide(llr).to_string(),
            max_answer_ms: t.max_answer_us.map(|us| us as f64 / 1000.0),
            mean_push_simulations: t
                .push_simulations
                .map(|s| s as f64 / f64::from(games.max(1))),
        }
    }
}

impl PairSource for Source<'_> {
    type Extra = GameFigures;
    type Attachment = ();
    type Totals = Vec<PairingTotals>;
    type Error = TournamentError;

    fn names(&self) -> Result<[String; 2], TournamentError> {
        Ok([
            format!("round robin of {} bots", self.rr.bots.len()),
            String::new(),
        ])
    }

    fn journal_header(&self, _: &[String; 2]) -> serde_json::Value {
        serde_json::json!({
            "format": JOURNAL_FORMAT,
            "bots": self.rr.bots,
            "pairs": self.rr.pairs,
            "seed": self.rr.base_seed,
            "league": self.rr.league.name(),
        })
    }

    fn play_pair(&self, pair: u64) -> Result<(PairRecord<GameFigures>, ()), TournamentError> {
        let (k, seed) = self.locate(pair);
        let (i, j) = self.pairings[k];
        let (sa, sb) = (&self.specs[i], &self.specs[j]);
        let league = self.rr.league;
        let one = |a_first: bool| -> Result<(GameRecord, GameFigures), TournamentError> {
            // Seeds are Java longs, negative ones too: the arithmetic wraps (as Java's does).
            let bot_seed = (seed as u64)
                .wrapping_mul(2)
                .wrapping_add(u64::from(a_first));
            let build = |k: usize, s: &BotSpec, seed| {
                s.build(seed).map_err(|reason| TournamentError::Spec {
                    spec: self.rr.bots[k].clone(),
                    reason,
                })
            };
            let pa = Player::builtin(build(i, sa, bot_seed)?, league);
            let pb = Player::builtin(build(j, sb, bot_seed ^ 1)?, league);
            let mut players = if a_first { [pa, pb] } else { [pb, pa] };
            let options = RefereeOptions {
                league,
                ..Default::default()
            };
            let (r, _) = play_game(&mut players, ["a".into(), "b".into()], seed, options)
                .map_err(|reason| TournamentError::Invariant { seed, reason })?;
            let (ia, ib) = if a_first { (0, 1) } else { (1, 0) };
            let points = if a_first {
                r.points0()
            } else {
                1.0 - r.points0()
            };
            let result = match (points * 2.0).round() as u32 {
                2 => Outcome::Win,
                1 => Outcome::Draw,
                _ => Outcome::Loss,
            };
            let mean_sims = |p: usize| {
                let n = r.push_simulations[p].len() as u64;
                r.push_simulations[p].iter().sum::<u64>() / n.max(1)
            };
            let index = 2 * pair + u64::from(!a_first);
            let record = GameRecord {
                index,
                a_seat: ia,
                result,
                plies: u32::from(r.turns),
                adjudication: None,
                forfeit: None,
                moves: [0; 2],
                time: [Duration::ZERO; 2],
            };
            let figures = GameFigures {
                max_answer_us: [r.max_answer_us[ia], r.max_answer_us[ib]],
                push_simulations: [mean_sims(ia), mean_sims(ib)],
            };
            Ok((record, figures))
        };
        let (g0, e0) = one(true)?;
        let (g1, e1) = one(false)?;
        Ok((
            PairRecord {
                games: [g0, g1],
                extra: [e0, e1],
            },
            (),
        ))
    }

    fn fold(&self, totals: &mut Vec<PairingTotals>, pair: u64, record: &PairRecord<GameFigures>) {
        let (k, seed) = self.locate(pair);
        if totals.len() <= k {
            totals.resize_with(k + 1, PairingTotals::default);
        }
        let t = &mut totals[k];
        t.tally.add_pair(record);
        for e in &record.extra {
            for s in 0..2 {
                t.max_answer_us[s] = t.max_answer_us[s].max(e.max_answer_us[s]);
                t.push_simulations[s] += e.push_simulations[s];
            }
        }
        if seed == self.rr.base_seed.wrapping_add(i64::from(self.rr.pairs) - 1) {
            (self.on_pairing)(&self.report(k, t));
        }
    }
}

/// Plays the round robin (see the module contract); `on_pairing` gets each
/// pairing's report as soon as it is complete, in pairing order.
pub fn run_round_robin(
    rr: &RoundRobin,
    on_pairing: &(dyn Fn(&PairingReport) + Sync),
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<Vec<PairingReport>, TournamentError> {
    if rr.bots.len() < 2 {
        return Err(TournamentError::TooFewBots(rr.bots.len()));
    }
    if rr.pairs == 0 {
        return Err(TournamentError::NoPairs);
    }
    let specs = rr
        .bots
        .iter()
        .map(|b| {
            let spec = BotSpec::parse(b).and_then(|s| s.build(0).map(|_| s));
            spec.map_err(|reason| TournamentError::Spec {
                spec: b.clone(),
                reason,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let n = specs.len();
    let pairings: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    let source = Source {
        rr,
        specs,
        pairings,
        on_pairing,
    };
    let schedule = Schedule {
        pairs: source.pairings.len() as u64 * u64::from(rr.pairs),
        threads: rr.threads,
        sprt: (rr.stop_early && n == 2).then_some(rr.sprt),
        journal: rr.journal.clone(),
    };
    let out = run_pairs(&source, &schedule, progress, None)?;
    Ok(out
        .totals
        .iter()
        .enumerate()
        .map(|(k, t)| source.report(k, t))
        .collect())
}

/// One bot's pooled result against the rest of a round robin.
#[derive(Clone, Debug, Serialize)]
pub struct FieldRow {
    /// The bot's spec.
    pub bot: String,
    /// Games it played.
    pub games: u32,
    /// Its score fraction over them.
    pub score: f64,
    /// Elo against the average opponent (from the pooled pair statistics).
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub elo_error: f64,
    /// Lower end of the 95% interval.
    pub elo_lower: f64,
    /// Upper end of the 95% interval.
    pub elo_upper: f64,
}

impl PairingReport {
    /// The Elo estimate as a one-line table writes it ([`EloText`]).
    pub fn elo_text(&self) -> EloText {
        EloText {
            compact: true,
            ..EloText::new(
                self.elo,
                self.elo_error,
                self.elo_lower,
                self.elo_upper,
                self.pentanomial.pairs(),
            )
        }
    }
}

impl FieldRow {
    /// The Elo estimate as a one-line table writes it ([`EloText`]).
    pub fn elo_text(&self) -> EloText {
        EloText {
            compact: true,
            ..EloText::new(
                self.elo,
                self.elo_error,
                self.elo_lower,
                self.elo_upper,
                self.games / 2,
            )
        }
    }
}

/// Each bot's pairs pooled from its side (B's pairs mirrored), best score
/// first; bots without a game are left out.
pub fn field_table(bots: &[String], reports: &[PairingReport]) -> Vec<FieldRow> {
    let mut rows: Vec<FieldRow> = bots
        .iter()
        .filter_map(|bot| {
            let mut pooled = Pentanomial::default();
            for r in reports {
                if &r.a == bot {
                    pooled.merge(&r.pentanomial);
                } else if &r.b == bot {
                    let mut mirrored = r.pentanomial.0;
                    mirrored.reverse();
                    pooled.merge(&Pentanomial(mirrored));
                }
            }
            let e = pooled.elo();
            (pooled.pairs() > 0).then(|| FieldRow {
                bot: bot.clone(),
                games: 2 * pooled.pairs(),
                score: e.score,
                elo: e.elo,
                elo_error: e.error,
                elo_lower: e.lower,
                elo_upper: e.upper,
            })
        })
        .collect();
    rows.sort_by(|x, y| y.score.total_cmp(&x.score));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(a: &str, b: &str, penta: [u32; 5]) -> PairingReport {
        PairingReport {
            a: a.into(),
            b: b.into(),
            seed: 1,
            league: "legend".into(),
            games: 2 * penta.iter().sum::<u32>(),
            wdl: [0; 3],
            pentanomial: Pentanomial(penta),
            score: 0.0,
            elo: 0.0,
            elo_error: 0.0,
            elo_lower: 0.0,
            elo_upper: 0.0,
            llr: 0.0,
            sprt: String::new(),
            max_answer_ms: [0.0; 2],
            mean_push_simulations: [0.0; 2],
        }
    }

    #[test]
    fn the_field_table_pools_each_bots_pairs_from_its_side() {
        let bots: Vec<String> = ["x", "y", "z", "idle"].map(String::from).to_vec();
        let reports = [
            report("x", "y", [0, 1, 2, 3, 4]),
            report("y", "z", [0, 0, 10, 0, 0]),
            report("x", "z", [2, 2, 2, 2, 2]),
        ];
        let rows = field_table(&bots, &reports);
        let order: Vec<&str> = rows.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(order, ["x", "z", "y"], "the idle bot has no row");
        // x: pooled [2,3,4,5,6] = 50 of 80 half-points; y mirrored [4,3,2,1,0]
        // plus [0,0,10,0,0] = 30 of 80; z: 40 of 80.
        let score: Vec<f64> = rows.iter().map(|r| r.score).collect();
        assert_eq!(score, [0.625, 0.5, 0.375]);
        assert!(rows.iter().all(|r| r.games == 40));
        assert!(rows[0].elo > 80.0 && rows[0].elo < 90.0, "{}", rows[0].elo);
        assert!(rows[1].elo.abs() < 1e-9 && rows[2].elo < -80.0);
        assert!(
            rows.iter()
                .all(|r| r.elo_error > 0.0 && r.elo_error.is_finite())
        );
    }
}
