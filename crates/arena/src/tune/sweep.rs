//! A sweep: one parameter of a player spec set to each of a list of values,
//! each value playing a fixed reference; Elo with its 95% interval per
//! value, and the best value with how sure that is.
//!
//! Contract: value `v` plays as `with_values(base, [(param, v)])` against
//! `reference` in a bout of `pairs` pairs with the sweep's seed (the same
//! openings and player seeds for every value, so values differ by the
//! parameter, not by luck of the draw). With a journal directory, each
//! value's bout is journaled in `value-<v>.jsonl` there, so a stopped sweep
//! rerun with the same settings replays nothing it finished, and a value
//! added later is simply played. The best value is the highest Elo (ties:
//! the earlier value); its margin over the runner-up comes with a 95%
//! interval and the probability that it is really better, from the two
//! bouts' per-pair score variances (independent bouts against the same
//! reference).

use super::param::{SweepValues, format_value, with_values};
use super::{Bout, BoutResult, Contest};
use crate::config::MatchProgress;
use crate::stats::Pentanomial;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;

/// What a sweep plays.
#[derive(Clone, Debug)]
pub struct SweepConfig {
    /// The swept player's spec; the parameter is set in it.
    pub base: String,
    /// The spec key or USI option swept.
    pub param: String,
    /// The values, in the order played.
    pub values: SweepValues,
    /// The fixed opponent's spec.
    pub reference: String,
    /// Pairs of games per value.
    pub pairs: u64,
    /// Seed of every value's bout.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Directory of the per-value journals, if any.
    pub journal_dir: Option<PathBuf>,
}

/// Why a sweep could not be run.
#[derive(Debug, thiserror::Error)]
pub enum SweepError<E: std::error::Error + 'static> {
    /// A bout failed, or a spec does not make a player.
    #[error(transparent)]
    Contest(E),
    /// The journal directory cannot be made.
    #[error("journal directory {path}")]
    Dir {
        /// The directory.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// No pairs to play.
    #[error("a sweep needs at least one pair per value")]
    NoPairs,
}

/// One value's result against the reference.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The value.
    pub value: f64,
    /// The spec it played as.
    pub spec: String,
    /// A's (this value's) games against the reference.
    pub result: BoutResult,
    /// Score fraction.
    pub score: f64,
    /// Elo over the reference (null when infinite).
    pub elo: Option<f64>,
    /// 95% interval of that Elo (null ends are infinite).
    pub elo_lower: Option<f64>,
    /// Upper end.
    pub elo_upper: Option<f64>,
    /// Standard error of the score (per-pair variance).
    pub score_stderr: f64,
}

impl SweepPoint {
    fn new(value: f64, spec: String, result: BoutResult) -> SweepPoint {
        let e = Pentanomial(result.pentanomial).elo();
        let finite = |x: f64| x.is_finite().then_some(x);
        SweepPoint {
            value,
            spec,
            result,
            score: e.score,
            elo: finite(e.elo),
            elo_lower: finite(e.lower),
            elo_upper: finite(e.upper),
            score_stderr: e.stderr,
        }
    }

    /// Elo, with ±∞ for a perfect or null score (for ordering).
    pub fn elo_or_infinite(&self) -> f64 {
        self.elo.unwrap_or(if self.score > 0.5 {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        })
    }
}

/// How sure the best value is: its margin over the runner-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Margin {
    /// The runner-up's value.
    pub runner_up: f64,
    /// Score fraction difference (best − runner-up), each against the reference.
    pub score_difference: f64,
    /// 95% interval of that difference.
    pub score_difference_lower: f64,
    /// Upper end.
    pub score_difference_upper: f64,
    /// Elo difference (best − runner-up), null when either is infinite.
    pub elo_difference: Option<f64>,
    /// Probability that the best is really better than the runner-up
    /// (normal approximation of the score difference).
    pub probability_better: f64,
}

/// A finished sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepReport {
    /// The swept spec.
    pub base: String,
    /// The parameter.
    pub param: String,
    /// The opponent.
    pub reference: String,
    /// Pairs per value.
    pub pairs: u64,
    /// The seed.
    pub seed: u64,
    /// Every value's result, in the order given.
    pub points: Vec<SweepPoint>,
    /// The value with the highest Elo.
    pub best: f64,
    /// Its margin over the runner-up (none with a single value).
    pub margin: Option<Margin>,
}

/// Standard normal CDF.
fn phi(x: f64) -> f64 {
    0.5 * (1.0 + crate::stats::erf(x / std::f64::consts::SQRT_2))
}

impl SweepReport {
    fn new(cfg: &SweepConfig, points: Vec<SweepPoint>) -> SweepReport {
        let mut order: Vec<usize> = (0..points.len()).collect();
        // Stable: among equal Elo the earlier value stays first.
        order.sort_by(|&i, &j| {
            points[j]
                .elo_or_infinite()
                .total_cmp(&points[i].elo_or_infinite())
        });
        let best = &points[order[0]];
        let margin = order.get(1).map(|&r| {
            let ru = &points[r];
            let d = best.score - ru.score;
            let se = (best.score_stderr.powi(2) + ru.score_stderr.powi(2)).sqrt();
            let probability_better = if se > 0.0 {
                phi(d / se)
            } else if d > 0.0 {
                1.0
            } else {
                0.5
            };
            Margin {
                runner_up: ru.value,
                score_difference: d,
                score_difference_lower: d - 1.96 * se,
                score_difference_upper: d + 1.96 * se,
                elo_difference: best.elo.zip(ru.elo).map(|(a, b)| a - b),
                probability_better,
            }
        });
        SweepReport {
            base: cfg.base.clone(),
            param: cfg.param.clone(),
            reference: cfg.reference.clone(),
            pairs: cfg.pairs,
            seed: cfg.seed,
            best: best.value,
            points,
            margin,
        }
    }
}

/// Plays the sweep (see the module contract). `on_point` gets each value's
/// result as soon as its bout ends; `progress` the runner's progress with
/// the value's index.
pub fn run_sweep<C: Contest>(
    contest: &C,
    cfg: &SweepConfig,
    on_point: &dyn Fn(&SweepPoint),
    progress: &(dyn Fn(usize, &MatchProgress) + Sync),
) -> Result<SweepReport, SweepError<C::Error>> {
    if cfg.pairs == 0 {
        return Err(SweepError::NoPairs);
    }
    let specs: Vec<String> = cfg
        .values
        .0
        .iter()
        .map(|&v| with_values(&cfg.base, &[(&cfg.param, v)]))
        .collect();
    // Every spec is checked before the first game, so a bad value costs nothing.
    for spec in specs.iter().chain(std::iter::once(&cfg.reference)) {
        contest.check(spec).map_err(SweepError::Contest)?;
    }
    if let Some(dir) = &cfg.journal_dir {
        std::fs::create_dir_all(dir).map_err(|source| SweepError::Dir {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let mut points = Vec::with_capacity(specs.len());
    for (i, (spec, &value)) in specs.iter().zip(&cfg.values.0).enumerate() {
        let bout = Bout {
            pairs: cfg.pairs,
            seed: cfg.seed,
            threads: cfg.threads,
            sprt: None,
            journal: cfg
                .journal_dir
                .as_ref()
                .map(|d| d.join(format!("value-{}.jsonl", format_value(value)))),
        };
        let result = contest
            .play(spec, &cfg.reference, &bout, &|p| progress(i, p))
            .map_err(SweepError::Contest)?;
        let point = SweepPoint::new(value, spec.clone(), result);
        on_point(&point);
        points.push(point);
    }
    Ok(SweepReport::new(cfg, points))
}

impl fmt::Display for SweepPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [w, d, l] = self.result.wdl;
        let elo = match (self.elo, self.elo_lower, self.elo_upper) {
            (Some(e), Some(lo), Some(hi)) => format!("{e:+7.1} [{lo:+.1}, {hi:+.1}]"),
            (Some(e), _, _) => format!("{e:+7.1} (interval unbounded)"),
            (None, _, _) if self.score > 0.5 => "   +inf".to_string(),
            (None, _, _) => "   -inf".to_string(),
        };
        write!(
            f,
            "{:>10}  {:>5} games  +{w} ={d} -{l}  score {:.3}  Elo {elo}",
            format_value(self.value),
            self.result.games(),
            self.score
        )
    }
}

impl fmt::Display for SweepReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "sweep of {} in {} against {} ({} pairs a value, seed {})",
            self.param, self.base, self.reference, self.pairs, self.seed
        )?;
        writeln!(f, "{:>10}", self.param)?;
        for p in &self.points {
            let mark = if p.value == self.best {
                "  <- best"
            } else {
                ""
            };
            writeln!(f, "{p}{mark}")?;
        }
        write!(f, "best: {}={}", self.param, format_value(self.best))?;
        if let Some(m) = &self.margin {
            write!(
                f,
                "; over the runner-up {}={}: score {:+.3} [{:+.3}, {:+.3}]",
                self.param,
                format_value(m.runner_up),
                m.score_difference,
                m.score_difference_lower,
                m.score_difference_upper
            )?;
            if let Some(e) = m.elo_difference {
                write!(f, ", {e:+.1} Elo")?;
            }
            write!(f, ", P(better) {:.2}", m.probability_better)?;
        }
        Ok(())
    }
}
