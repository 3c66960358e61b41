//! The result of a match: counts, Elo estimate, LOS, SPRT state and a few
//! figures about the games, as a serializable struct with a readable
//! multi-line `Display`.
//!
//! Contract: every count and estimate is from player A's side and covers the
//! pairs the match kept (all of them, or the prefix up to the SPRT decision).
//! Elo and its interval come from the pentanomial (per-pair) variance, since
//! games are always paired. Floating-point figures that are infinite or
//! undefined (all wins, no games; see [`crate::stats`]) serialize as JSON
//! `null`; `Display` writes them as `+inf`, `-inf` or `undefined`.

use crate::adjudicate::ResignRule;
use crate::config::MatchConfig;
use crate::sprt::{EloModel, SprtConfig, SprtResult};
use crate::stats::Trinomial;
use crate::tally::Tally;
use std::fmt;
use std::time::Duration;

fn finite_or_null<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    if v.is_finite() {
        s.serialize_f64(*v)
    } else {
        s.serialize_none()
    }
}

/// SPRT state at the end of a match.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SprtReport {
    /// Log-likelihood ratio of H1 against H0 (pentanomial model).
    #[serde(serialize_with = "finite_or_null")]
    pub llr: f64,
    /// ln(β/(1−α)).
    pub lower_bound: f64,
    /// ln((1−β)/α).
    pub upper_bound: f64,
    /// Decision.
    pub sprt_result: SprtResult,
    /// Elo scale of the hypotheses.
    pub elo_model: EloModel,
    /// H0's Elo.
    pub elo0: f64,
    /// H1's Elo.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
    /// True when the decision came before all scheduled games were played.
    pub stopped_early: bool,
}

/// Everything a match found out, from A's side.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchReport {
    /// Name of player A (as its first game's player reported it).
    pub a_name: String,
    /// Name of player B.
    pub b_name: String,
    /// Games counted.
    pub games: u32,
    /// Pairs counted (games / 2).
    pub pairs: u32,
    /// Games scheduled.
    pub games_scheduled: u32,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// A's score fraction in [0, 1] (null with no games).
    #[serde(serialize_with = "finite_or_null")]
    pub score: f64,
    /// Elo difference A − B (null when infinite or undefined).
    #[serde(serialize_with = "finite_or_null")]
    pub elo: f64,
    /// Half-width of the 95% Elo interval from the per-pair variance.
    #[serde(serialize_with = "finite_or_null")]
    pub elo_error: f64,
    /// Lower end of the 95% Elo interval.
    #[serde(serialize_with = "finite_or_null")]
    pub elo_lower: f64,
    /// Upper end of the 95% Elo interval.
    #[serde(serialize_with = "finite_or_null")]
    pub elo_upper: f64,
    /// Half-width of the 95% interval if games were independent (trinomial variance), for comparison.
    #[serde(serialize_with = "finite_or_null")]
    pub elo_error_trinomial: f64,
    /// Normalized Elo (pentanomial).
    #[serde(serialize_with = "finite_or_null")]
    pub nelo: f64,
    /// Half-width of the 95% normalized-Elo interval.
    #[serde(serialize_with = "finite_or_null")]
    pub nelo_error: f64,
    /// Likelihood of superiority of A, in [0, 1] (pentanomial).
    pub los: f64,
    /// Pair counts by A's points in the pair: [0, ½, 1, 1½, 2].
    pub pentanomial: [u32; 5],
    /// Fraction of games drawn.
    #[serde(serialize_with = "finite_or_null")]
    pub draw_ratio: f64,
    /// Mean game length in plies, opening included.
    #[serde(serialize_with = "finite_or_null")]
    pub mean_plies: f64,
    /// Draws adjudicated by the ply limit.
    pub adjudicated_draws: u32,
    /// Games A lost by returning an illegal move.
    pub a_illegal_moves: u32,
    /// Games B lost by returning an illegal move.
    pub b_illegal_moves: u32,
    /// A's mean time per move, milliseconds.
    #[serde(serialize_with = "finite_or_null")]
    pub a_ms_per_move: f64,
    /// B's mean time per move, milliseconds.
    #[serde(serialize_with = "finite_or_null")]
    pub b_ms_per_move: f64,
    /// Match seed.
    pub seed: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Wall time of the match, seconds.
    pub elapsed_s: f64,
    /// SPRT state, when SPRT was on (its fields appear at the top level in JSON).
    #[serde(flatten)]
    pub sprt: Option<SprtReport>,
}

impl MatchReport {
    /// W/D/L counts.
    pub fn trinomial(&self) -> Trinomial {
        Trinomial {
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
        }
    }

    /// Builds the report from the totals of the kept pairs.
    pub fn from_tally(
        tally: &Tally,
        names: [String; 2],
        cfg: &MatchConfig,
        threads: usize,
        elapsed: Duration,
    ) -> MatchReport {
        let (tri, penta) = (tally.trinomial, tally.pentanomial);
        let (plies, adjudicated, illegal) = (tally.plies, tally.adjudicated, tally.illegal);
        let (moves, time) = (tally.moves, tally.time);
        let games = tri.games();
        let est = penta.elo();
        let ms_per_move = |s: usize| time[s].as_secs_f64() * 1e3 / moves[s] as f64;
        let sprt = cfg.sprt.map(|c: SprtConfig| {
            let llr = c.llr_pentanomial(&penta);
            let sprt_result = c.decide(llr);
            SprtReport {
                llr,
                lower_bound: c.lower_bound(),
                upper_bound: c.upper_bound(),
                sprt_result,
                elo_model: c.model,
                elo0: c.elo0,
                elo1: c.elo1,
                alpha: c.alpha,
                beta: c.beta,
                stopped_early: sprt_result != SprtResult::Continue && games < cfg.scheduled_games(),
            }
        });
        let [a_name, b_name] = names;
        MatchReport {
            a_name,
            b_name,
            games,
            pairs: penta.pairs(),
            games_scheduled: cfg.scheduled_games(),
            wins: tri.wins,
            draws: tri.draws,
            losses: tri.losses,
            score: est.score,
            elo: est.elo,
            elo_error: est.error,
            elo_lower: est.lower,
            elo_upper: est.upper,
            elo_error_trinomial: tri.elo().error,
            nelo: est.nelo,
            nelo_error: est.nelo_error,
            los: penta.los(),
            pentanomial: penta.0,
            draw_ratio: tri.draws as f64 / games as f64,
            mean_plies: plies as f64 / games as f64,
            adjudicated_draws: adjudicated,
            a_illegal_moves: illegal[0],
            b_illegal_moves: illegal[1],
            a_ms_per_move: ms_per_move(0),
            b_ms_per_move: ms_per_move(1),
            seed: cfg.seed,
            threads,
            elapsed_s: elapsed.as_secs_f64(),
            sprt,
        }
    }
}

/// Writes a signed figure, or `+inf` / `-inf` / `undefined`.
struct Num(f64, usize);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            v if v.is_nan() => f.write_str("undefined"),
            v if v == f64::INFINITY => f.write_str("+inf"),
            v if v == f64::NEG_INFINITY => f.write_str("-inf"),
            v => write!(f, "{:+.*}", self.1, v),
        }
    }
}

/// An Elo estimate with its 95% interval as reports write it, saying so
/// instead of printing a degenerate interval: no games, a score of 0% or
/// 100% (infinite Elo), an interval that reaches 0% or 100% (unbounded), or
/// pairs that all scored alike (no spread to estimate one from).
///
/// ```
/// use yomi_arena::report::EloText;
/// let t = |elo, error, pairs| EloText::new(elo, error, elo - error, elo + error, pairs).to_string();
/// assert_eq!(t(12.34, 30.0, 200), "+12.3 +/- 30.0 (95% [-17.7, +42.3])");
/// assert_eq!(t(-0.0, 0.0, 1), "+0.0 (every pair scored the same: no interval from 1 pair)");
/// assert_eq!(t(-190.8, f64::INFINITY, 4), "-190.8 (95% interval unbounded: not enough games)");
/// assert_eq!(t(f64::INFINITY, f64::NAN, 3), "+inf (A won every game: not enough games for an estimate)");
/// assert_eq!(t(f64::NAN, f64::NAN, 0), "undefined (no games)");
/// let short = EloText { compact: true, ..EloText::new(12.34, 30.0, -17.7, 42.3, 200) };
/// assert_eq!(short.to_string(), "+12 ± 30");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct EloText {
    /// Elo difference.
    pub elo: f64,
    /// Half-width of the interval.
    pub error: f64,
    /// Lower end.
    pub lower: f64,
    /// Upper end.
    pub upper: f64,
    /// Pairs played.
    pub pairs: u32,
    /// One-line tables: `+12 ± 30`, no interval, when there is one.
    pub compact: bool,
}

impl EloText {
    /// The text of an estimate from `pairs` pairs.
    pub fn new(elo: f64, error: f64, lower: f64, upper: f64, pairs: u32) -> EloText {
        EloText {
            elo,
            error,
            lower,
            upper,
            pairs,
            compact: false,
        }
    }
}

impl fmt::Display for EloText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // -0.0 (an even score) reads as +0.0.
        let elo = self.elo + 0.0;
        if self.pairs == 0 || elo.is_nan() {
            return f.write_str("undefined (no games)");
        }
        if elo == f64::INFINITY {
            return f.write_str("+inf (A won every game: not enough games for an estimate)");
        }
        if elo == f64::NEG_INFINITY {
            return f.write_str("-inf (A lost every game: not enough games for an estimate)");
        }
        if !self.error.is_finite() || !self.lower.is_finite() || !self.upper.is_finite() {
            return write!(
                f,
                "{} (95% interval unbounded: not enough games)",
                Num(elo, 1)
            );
        }
        if self.error == 0.0 {
            let unit = if self.pairs == 1 { "pair" } else { "pairs" };
            return write!(
                f,
                "{} (every pair scored the same: no interval from {} {unit})",
                Num(elo, 1),
                self.pairs
            );
        }
        if self.compact {
            return write!(f, "{} ± {:.0}", Num(elo, 0), self.error);
        }
        write!(
            f,
            "{} +/- {:.1} (95% [{}, {}])",
            Num(elo, 1),
            self.error,
            Num(self.lower + 0.0, 1),
            Num(self.upper + 0.0, 1)
        )
    }
}

/// Writes a per-move time given in milliseconds, in µs below one millisecond.
struct MoveTime(f64);

impl fmt::Display for MoveTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ms if !ms.is_finite() => f.write_str("n/a"),
            ms if ms < 1.0 => write!(f, "{:.2} µs", ms * 1e3),
            ms => write!(f, "{ms:.2} ms"),
        }
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Match: A = {}  vs  B = {}", self.a_name, self.b_name)?;
        writeln!(
            f,
            "Games: {} of {} ({} pairs, seats swapped)   A: {} W / {} D / {} L   score {}",
            self.games,
            self.games_scheduled,
            self.pairs,
            self.wins,
            self.draws,
            self.losses,
            if self.score.is_nan() {
                "undefined".to_string()
            } else {
                format!("{:.2}%", self.score * 100.0)
            },
        )?;
        let half_width = |e: f64| {
            if e.is_nan() {
                "undefined".to_string()
            } else if e.is_infinite() {
                "inf".to_string()
            } else {
                format!("{e:.1}")
            }
        };
        let nelo = if self.elo_error.is_finite() && self.elo_error > 0.0 {
            format!(
                "   nElo: {} +/- {}",
                Num(self.nelo, 1),
                half_width(self.nelo_error)
            )
        } else {
            String::new()
        };
        writeln!(
            f,
            "Elo: {}{nelo}   LOS: {:.2}%",
            EloText::new(
                self.elo,
                self.elo_error,
                self.elo_lower,
                self.elo_upper,
                self.pairs
            ),
            self.los * 100.0,
        )?;
        let p = self.pentanomial;
        writeln!(
            f,
            "Pairs by A's points [0, 0.5, 1, 1.5, 2]: [{}, {}, {}, {}, {}]   draw ratio {}",
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            if self.draw_ratio.is_nan() {
                "undefined".to_string()
            } else {
                format!("{:.1}%", self.draw_ratio * 100.0)
            },
        )?;
        if let Some(s) = &self.sprt {
            writeln!(
                f,
                "SPRT ({} Elo, H0: {} H1: {}, alpha {} beta {}): LLR {:.2} in ({:.2}, {:.2}) -> {}{}",
                s.elo_model,
                s.elo0,
                s.elo1,
                s.alpha,
                s.beta,
                s.llr,
                s.lower_bound,
                s.upper_bound,
                s.sprt_result,
                if s.stopped_early {
                    " (stopped early)"
                } else {
                    ""
                },
            )?;
        }
        write!(
            f,
            "Mean length {:.1} plies   time per move: A {}, B {}",
            self.mean_plies,
            MoveTime(self.a_ms_per_move),
            MoveTime(self.b_ms_per_move)
        )?;
        if self.adjudicated_draws > 0 {
            write!(f, "   {} draws adjudicated", self.adjudicated_draws)?;
        }
        if self.a_illegal_moves + self.b_illegal_moves > 0 {
            write!(
                f,
                "   illegal-move forfeits: A {}, B {}",
                self.a_illegal_moves, self.b_illegal_moves
            )?;
        }
        writeln!(f)?;
        write!(
            f,
            "{} threads, {:.2} s, seed {}",
            self.threads, self.elapsed_s, self.seed
        )
    }
}

/// A match report plus the ways games were forfeited and adjudicated: what
/// a match under a clock (or with a resign rule) is judged by.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ClockedReport {
    /// W/D/L, Elo, SPRT: the same report as every match.
    #[serde(flatten)]
    pub report: MatchReport,
    /// Games A and B lost by moving after their clock ran out (or hanging).
    pub time_losses: [u32; 2],
    /// Games A and B lost because their process exited or could not start.
    pub crashes: [u32; 2],
    /// Games A and B lost by an illegal move or a false claim.
    pub illegal_moves: [u32; 2],
    /// Games ended by the resign rule (both players' scores agreeing).
    pub resign_adjudicated: u32,
    /// The time control, as text (`none` without a clock).
    pub time_control: String,
    /// The resign rule, if any (shown in the text, not in JSON).
    #[serde(skip)]
    pub resign: Option<ResignRule>,
}

impl ClockedReport {
    /// Builds the report from the totals of the kept pairs.
    pub fn from_tally(
        tally: &Tally,
        names: [String; 2],
        cfg: &MatchConfig,
        threads: usize,
        elapsed: Duration,
    ) -> ClockedReport {
        ClockedReport {
            report: MatchReport::from_tally(tally, names, cfg, threads, elapsed),
            time_losses: tally.time_losses,
            crashes: tally.crashes,
            illegal_moves: tally.illegal,
            resign_adjudicated: tally.resign_adjudicated,
            time_control: cfg
                .clock
                .map_or_else(|| "none".to_string(), |c| c.to_string()),
            resign: cfg.resign,
        }
    }
}

impl fmt::Display for ClockedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.report)?;
        writeln!(f, "time control: {}", self.time_control)?;
        write!(
            f,
            "forfeits (A / B): time {} / {}, crash {} / {}, illegal {} / {}",
            self.time_losses[0],
            self.time_losses[1],
            self.crashes[0],
            self.crashes[1],
            self.illegal_moves[0],
            self.illegal_moves[1]
        )?;
        if let Some(rule) = self.resign {
            write!(
                f,
                "\nresign rule ({rule}): {} games adjudicated",
                self.resign_adjudicated
            )?;
        }
        Ok(())
    }
}
