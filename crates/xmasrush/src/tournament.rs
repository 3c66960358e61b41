//! Matches between built-in bots: pairs of games on one seed with seats
//! swapped, Elo with a 95% interval from the pair statistics, and SPRT, using
//! yomi-arena's statistics.
//!
//! Contract: [`run_pairing`] plays `pairs` seeds (`base_seed + i`), each
//! twice with seats swapped, in parallel on `threads` (results folded in seed
//! order, so the report does not depend on scheduling). Built-in bots are
//! not disqualified for slowness; their longest answer is reported.
//! [`field_table`] pools a round robin's pairings per bot: its score and
//! Elo against the field with a 95% interval.

use crate::bots::{BotSpec, SpecError};
use crate::league::League;
use crate::player::Player;
use crate::referee::{RefereeOptions, play_game};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use yomi_arena::{Pentanomial, SprtConfig};

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
    /// Log-likelihood ratio of SPRT(elo0, elo1) on the pairs.
    pub llr: f64,
    /// SPRT verdict.
    pub sprt: String,
    /// Longest answer of A and B after the first turn, in milliseconds.
    pub max_answer_ms: [f64; 2],
    /// Mean simulations per push turn of A and B.
    pub mean_push_simulations: [f64; 2],
}

impl PairingReport {
    /// Whether this report is A against B played with `options` (the same
    /// games: seeds, count and league), so a rerun can take it instead of
    /// playing them again.
    pub fn is_for(&self, a: &str, b: &str, options: &PairingOptions) -> bool {
        self.a == a
            && self.b == b
            && self.games == 2 * options.pairs
            && self.seed == options.base_seed
            && self.league == options.league.name()
    }

    /// The report with its SPRT recomputed for `options.sprt`.
    pub fn with_sprt(mut self, options: &PairingOptions) -> PairingReport {
        let sprt = SprtConfig::new(options.sprt.0, options.sprt.1);
        self.llr = sprt.llr_pentanomial(&self.pentanomial);
        self.sprt = sprt.decide(self.llr).to_string();
        self
    }
}

/// One pairing's settings.
#[derive(Clone, Copy, Debug)]
pub struct PairingOptions {
    /// Seeds, each played twice.
    pub pairs: u32,
    /// First seed.
    pub base_seed: i64,
    /// Worker threads.
    pub threads: usize,
    /// League.
    pub league: League,
    /// SPRT hypotheses (Elo).
    pub sprt: (f64, f64),
}

/// Plays A against B.
pub fn run_pairing(a: &str, b: &str, options: PairingOptions) -> Result<PairingReport, SpecError> {
    let (sa, sb) = (BotSpec::parse(a)?, BotSpec::parse(b)?);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()
        .expect("thread pool");
    type Game = (f64, u64, u64, u64, u64, u64);
    let games: Vec<[Game; 2]> = pool.install(|| {
        (0..options.pairs)
            .into_par_iter()
            .map(|i| {
                let seed = options.base_seed + i64::from(i);
                let one = |a_first: bool| -> Game {
                    let bot_seed = seed as u64 * 2 + u64::from(a_first);
                    let pa =
                        Player::builtin(sa.build(bot_seed).expect("validated"), options.league);
                    let pb =
                        Player::builtin(sb.build(bot_seed ^ 1).expect("validated"), options.league);
                    let mut players = if a_first { [pa, pb] } else { [pb, pa] };
                    let ref_opts = RefereeOptions {
                        league: options.league,
                        ..Default::default()
                    };
                    let (r, _) = play_game(&mut players, ["a".into(), "b".into()], seed, ref_opts)
                        .expect("the rules keep their invariants");
                    let (ia, ib) = if a_first { (0, 1) } else { (1, 0) };
                    let points = if a_first {
                        r.points0()
                    } else {
                        1.0 - r.points0()
                    };
                    let sims = |p: usize| r.push_simulations[p].iter().sum::<u64>();
                    let n = |p: usize| r.push_simulations[p].len() as u64;
                    (
                        points,
                        r.max_answer_us[ia],
                        r.max_answer_us[ib],
                        sims(ia) / n(ia).max(1),
                        sims(ib) / n(ib).max(1),
                        1,
                    )
                };
                [one(true), one(false)]
            })
            .collect()
    });
    let mut penta = Pentanomial::default();
    let mut wdl = [0u32; 3];
    let mut max = [0u64; 2];
    let mut sims = [0u64; 2];
    let mut counted = 0u64;
    for pair in &games {
        let half = |p: f64| (p * 2.0).round() as u32;
        penta.add_pair(half(pair[0].0), half(pair[1].0));
        for g in pair {
            wdl[match half(g.0) {
                2 => 0,
                1 => 1,
                _ => 2,
            }] += 1;
            max[0] = max[0].max(g.1);
            max[1] = max[1].max(g.2);
            sims[0] += g.3;
            sims[1] += g.4;
            counted += g.5;
        }
    }
    let elo = penta.elo();
    let sprt = SprtConfig::new(options.sprt.0, options.sprt.1);
    let llr = sprt.llr_pentanomial(&penta);
    Ok(PairingReport {
        a: a.into(),
        b: b.into(),
        seed: options.base_seed,
        league: options.league.name().into(),
        games: 2 * options.pairs,
        wdl,
        pentanomial: penta,
        score: elo.score,
        elo: elo.elo,
        elo_error: elo.error,
        llr,
        sprt: sprt.decide(llr).to_string(),
        max_answer_ms: [max[0] as f64 / 1000.0, max[1] as f64 / 1000.0],
        mean_push_simulations: [
            sims[0] as f64 / counted.max(1) as f64,
            sims[1] as f64 / counted.max(1) as f64,
        ],
    })
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
