//! SPSA as fishtest runs it: several numeric parameters moved together by
//! the result of games between two perturbed copies of the player.
//!
//! Contract: the budget is `pairs` game pairs, played in steps of `batch`
//! pairs. Before step `s`, with `k` pairs already played (the iteration
//! count, from 1 at the first pair), each parameter `i` has
//! `c_k = c_i / k^γ` and `a_k = a_i / (A + k)^α`, where `c_i = C_END·N^γ`,
//! `a_i = R_END·C_END²·(A + N)^α`, `N = pairs` and `A = a_ratio·N`
//! (fishtest's schedule). A sign `δ_i = ±1` is drawn from the seed and the
//! step; θ⁺ = θ + c_k·δ and θ⁻ = θ − c_k·δ, each clamped to the bounds and
//! rounded for whole-number parameters, play `batch` seat-swapped pairs
//! (θ⁺ as A); with `r` = A's wins − losses, `θ_i ← clamp(θ_i + a_k/c_k·r·δ_i)`.
//! Every step is appended to the journal (yomi-arena's format: the run's
//! identity first, then one line per step), so a stopped run continues
//! exactly where it stopped; a journal of other settings is refused naming
//! the field. Nothing but the journal depends on threads: with players that
//! depend only on their seed, the trajectory is the same on any number of
//! threads. An optional confirmation bout (the tuned values against the
//! start, with SPRT) ends the run.

use super::param::{SpsaParam, format_value, with_values};
use super::{Bout, BoutResult, Contest};
use crate::config::MatchProgress;
use crate::journal::{JournalError, RecordJournal};
use crate::sprt::{SprtConfig, SprtResult};
use crate::stats::Pentanomial;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;
use yomi_core::{Rng, derive_seed};

/// The format tag of an SPSA journal.
pub const JOURNAL_FORMAT: &str = "yomi spsa journal 1";

/// fishtest's schedule constants.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaSchedule {
    /// A as a fraction of the budget N (fishtest: 0.1).
    pub a_ratio: f64,
    /// Decay of the learning rate (fishtest: 0.602).
    pub alpha: f64,
    /// Decay of the perturbation (fishtest: 0.101).
    pub gamma: f64,
}

impl Default for SpsaSchedule {
    fn default() -> SpsaSchedule {
        SpsaSchedule {
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
        }
    }
}

/// What an SPSA run tunes and how.
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// The tuned player's spec; the parameters are set in it.
    pub base: String,
    /// The parameters.
    pub params: Vec<SpsaParam>,
    /// Budget N in game pairs.
    pub pairs: u64,
    /// Pairs per step (one δ, one update).
    pub batch: u64,
    /// The schedule's constants.
    pub schedule: SpsaSchedule,
    /// Seed of the signs and of every bout.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The run's journal.
    pub journal: Option<PathBuf>,
    /// Pairs of the confirmation bout (tuned against start); 0: none.
    pub confirm_pairs: u64,
    /// The confirmation's SPRT.
    pub confirm_sprt: SprtConfig,
    /// The confirmation's journal.
    pub confirm_journal: Option<PathBuf>,
}

/// Why an SPSA run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum SpsaError<E: std::error::Error + 'static> {
    /// A bout failed, or a spec does not make a player.
    #[error(transparent)]
    Contest(E),
    /// The journal cannot be used.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The settings cannot make a run.
    #[error("{0}")]
    Settings(String),
}

/// One step, as journaled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationRecord {
    /// Step number, from 0.
    pub step: u64,
    /// Pairs played before it.
    pub pairs_before: u64,
    /// The signs δ.
    pub delta: Vec<i8>,
    /// The values θ⁺ played.
    pub plus: Vec<f64>,
    /// The values θ⁻ played.
    pub minus: Vec<f64>,
    /// θ⁺'s games against θ⁻.
    pub result: BoutResult,
    /// θ after the update.
    pub theta: Vec<f64>,
}

/// The confirmation bout's verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Confirmation {
    /// The tuned spec.
    pub tuned: String,
    /// The start spec.
    pub start: String,
    /// The tuned player's games against the start.
    pub result: BoutResult,
    /// Elo of tuned over start (null when infinite).
    pub elo: Option<f64>,
    /// 95% interval.
    pub elo_lower: Option<f64>,
    /// Upper end.
    pub elo_upper: Option<f64>,
    /// The SPRT's LLR.
    pub llr: f64,
    /// `H1 accepted`, `H0 accepted` or `continue` (bout ended undecided).
    pub sprt: String,
    /// Whether the tuned values are kept: H1, or an undecided bout whose
    /// interval lies above 0. Otherwise the start values stay.
    pub accepted: bool,
}

/// A finished (or confirmed) SPSA run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaReport {
    /// The tuned spec.
    pub base: String,
    /// The parameters as given.
    pub params: Vec<SpsaParam>,
    /// Pairs played.
    pub pairs: u64,
    /// The seed.
    pub seed: u64,
    /// θ before the first step.
    pub start: Vec<f64>,
    /// θ after the last step.
    pub theta: Vec<f64>,
    /// The values a player is given for θ (rounded, clamped).
    pub tuned: Vec<f64>,
    /// The spec with the tuned values.
    pub tuned_spec: String,
    /// Every step.
    pub history: Vec<IterationRecord>,
    /// The confirmation bout, if one was played.
    pub confirmation: Option<Confirmation>,
}

/// The journal's first line.
#[derive(Serialize)]
struct Header<'a> {
    format: &'static str,
    base: &'a str,
    params: Vec<String>,
    pairs: u64,
    batch: u64,
    a_ratio: f64,
    alpha: f64,
    gamma: f64,
    seed: u64,
    contest: serde_json::Value,
}

/// The step sizes before a step, `k` pairs counted from 1.
fn gains(p: &SpsaParam, s: &SpsaSchedule, n: u64, k: u64) -> (f64, f64) {
    let (n, k) = (n as f64, k as f64);
    let big_a = s.a_ratio * n;
    let c = p.c_end * n.powf(s.gamma);
    let a = p.r_end * p.c_end * p.c_end * (big_a + n).powf(s.alpha);
    (c / k.powf(s.gamma), a / (big_a + k).powf(s.alpha))
}

/// The signs of step `step`.
fn signs(seed: u64, step: u64, n: usize) -> Vec<i8> {
    let mut rng = Rng::new(derive_seed(derive_seed(seed, 0x5350_5341), step));
    (0..n)
        .map(|_| if rng.next_u64() >> 63 == 0 { 1 } else { -1 })
        .collect()
}

fn spec_of(base: &str, params: &[SpsaParam], values: &[f64]) -> String {
    let pairs: Vec<(&str, f64)> = params
        .iter()
        .zip(values)
        .map(|(p, &v)| (p.name.as_str(), v))
        .collect();
    with_values(base, &pairs)
}

/// What one step plays and how θ moves with its result.
struct Step {
    delta: Vec<i8>,
    plus: Vec<f64>,
    minus: Vec<f64>,
    /// a_k / c_k per parameter.
    rate: Vec<f64>,
}

impl Step {
    fn new(cfg: &SpsaConfig, theta: &[f64], step: u64, pairs_before: u64) -> Step {
        let delta = signs(cfg.seed, step, cfg.params.len());
        let k = pairs_before + 1;
        let (mut plus, mut minus, mut rate) = (vec![], vec![], vec![]);
        for ((p, &t), &d) in cfg.params.iter().zip(theta).zip(&delta) {
            let (c_k, a_k) = gains(p, &cfg.schedule, cfg.pairs, k);
            plus.push(p.playable(t + c_k * f64::from(d)));
            minus.push(p.playable(t - c_k * f64::from(d)));
            rate.push(a_k / c_k);
        }
        Step {
            delta,
            plus,
            minus,
            rate,
        }
    }

    fn update(&self, cfg: &SpsaConfig, theta: &mut [f64], result: &BoutResult) {
        let r = result.net_wins();
        for (i, p) in cfg.params.iter().enumerate() {
            let moved = theta[i] + self.rate[i] * r * f64::from(self.delta[i]);
            theta[i] = moved.clamp(p.min, p.max);
        }
    }
}

/// Runs SPSA (see the module contract), resuming from the journal;
/// `on_step` sees every step (replayed ones too), `progress` the current
/// bout's runner progress.
pub fn run_spsa<C: Contest>(
    contest: &C,
    cfg: &SpsaConfig,
    on_step: &dyn Fn(&IterationRecord, &SpsaConfig),
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<SpsaReport, SpsaError<C::Error>> {
    if cfg.params.is_empty() {
        return Err(SpsaError::Settings(
            "SPSA needs at least one parameter".into(),
        ));
    }
    for (i, p) in cfg.params.iter().enumerate() {
        if cfg.params[..i]
            .iter()
            .any(|q| q.name.eq_ignore_ascii_case(&p.name))
        {
            return Err(SpsaError::Settings(format!(
                "parameter {} is given twice",
                p.name
            )));
        }
    }
    if cfg.pairs == 0 || cfg.batch == 0 {
        return Err(SpsaError::Settings(
            "--pairs and --batch must be at least 1".into(),
        ));
    }
    let s = &cfg.schedule;
    let sane = |v: f64| v.is_finite() && v >= 0.0;
    if !(sane(s.a_ratio) && sane(s.alpha) && sane(s.gamma)) {
        return Err(SpsaError::Settings(format!(
            "A ratio {}, alpha {} and gamma {} must be finite and not negative",
            s.a_ratio, s.alpha, s.gamma
        )));
    }
    if cfg.confirm_pairs > 0 {
        cfg.confirm_sprt
            .validate()
            .map_err(|e| SpsaError::Settings(format!("confirmation SPRT: {e}")))?;
    }
    let start: Vec<f64> = cfg.params.iter().map(|p| p.start).collect();
    // The start and both corners of the box, before the first game: a
    // bound the player refuses fails now, not hours in.
    let lows: Vec<f64> = cfg.params.iter().map(|p| p.playable(p.min)).collect();
    let highs: Vec<f64> = cfg.params.iter().map(|p| p.playable(p.max)).collect();
    for values in [&start, &lows, &highs] {
        contest
            .check(&spec_of(&cfg.base, &cfg.params, values))
            .map_err(SpsaError::Contest)?;
    }
    let mut theta = start.clone();
    let mut history = Vec::new();
    let mut journal = None;
    if let Some(path) = &cfg.journal {
        let header = Header {
            format: JOURNAL_FORMAT,
            base: &cfg.base,
            params: cfg.params.iter().map(|p| p.to_string()).collect(),
            pairs: cfg.pairs,
            batch: cfg.batch,
            a_ratio: cfg.schedule.a_ratio,
            alpha: cfg.schedule.alpha,
            gamma: cfg.schedule.gamma,
            seed: cfg.seed,
            contest: contest.describe(),
        };
        let (j, done) = RecordJournal::<IterationRecord>::open(path, &header, "an SPSA step")?;
        journal = Some(j);
        for (line, record) in done {
            // Replaying from the results (not copying θ) proves the journal
            // is this run's: the same signs and the same arithmetic.
            let before = history.len() as u64 * cfg.batch;
            let step = Step::new(cfg, &theta, history.len() as u64, before);
            if record.step != history.len() as u64 || record.delta != step.delta {
                return Err(JournalError::Malformed {
                    path: path.display().to_string(),
                    line,
                    reason: format!("step {} is not this run's next step", record.step),
                }
                .into());
            }
            step.update(cfg, &mut theta, &record.result);
            // The recomputed values, not the text's: JSON need not give
            // back the last bit of a float, the arithmetic does.
            let record = IterationRecord {
                plus: step.plus,
                minus: step.minus,
                theta: theta.clone(),
                ..record
            };
            on_step(&record, cfg);
            history.push(record);
        }
    }
    let steps = cfg.pairs.div_ceil(cfg.batch);
    while (history.len() as u64) < steps {
        let s = history.len() as u64;
        let before = s * cfg.batch;
        let pairs = cfg.batch.min(cfg.pairs - before);
        let step = Step::new(cfg, &theta, s, before);
        let bout = Bout {
            pairs,
            seed: derive_seed(cfg.seed, s),
            threads: cfg.threads,
            sprt: None,
            journal: None,
        };
        let result = contest
            .play(
                &spec_of(&cfg.base, &cfg.params, &step.plus),
                &spec_of(&cfg.base, &cfg.params, &step.minus),
                &bout,
                progress,
            )
            .map_err(SpsaError::Contest)?;
        step.update(cfg, &mut theta, &result);
        let record = IterationRecord {
            step: s,
            pairs_before: before,
            delta: step.delta,
            plus: step.plus,
            minus: step.minus,
            result,
            theta: theta.clone(),
        };
        if let Some(j) = journal.as_mut() {
            j.append(&record)?;
        }
        on_step(&record, cfg);
        history.push(record);
    }
    let tuned: Vec<f64> = cfg
        .params
        .iter()
        .zip(&theta)
        .map(|(p, &t)| p.playable(t))
        .collect();
    let tuned_spec = spec_of(&cfg.base, &cfg.params, &tuned);
    let confirmation = if cfg.confirm_pairs > 0 {
        Some(confirm(contest, cfg, &tuned_spec, progress)?)
    } else {
        None
    };
    Ok(SpsaReport {
        base: cfg.base.clone(),
        params: cfg.params.clone(),
        pairs: cfg.pairs,
        seed: cfg.seed,
        start,
        theta,
        tuned,
        tuned_spec,
        history,
        confirmation,
    })
}

/// The tuned values against the start values, stopped by the SPRT.
fn confirm<C: Contest>(
    contest: &C,
    cfg: &SpsaConfig,
    tuned: &str,
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<Confirmation, SpsaError<C::Error>> {
    let start: Vec<f64> = cfg.params.iter().map(|p| p.start).collect();
    let start = spec_of(&cfg.base, &cfg.params, &start);
    cfg.confirm_sprt
        .validate()
        .map_err(|e| SpsaError::Settings(format!("confirmation SPRT: {e}")))?;
    let bout = Bout {
        pairs: cfg.confirm_pairs,
        seed: derive_seed(cfg.seed, u64::MAX),
        threads: cfg.threads,
        sprt: Some(cfg.confirm_sprt),
        journal: cfg.confirm_journal.clone(),
    };
    let result = contest
        .play(tuned, &start, &bout, progress)
        .map_err(SpsaError::Contest)?;
    let penta = Pentanomial(result.pentanomial);
    let e = penta.elo();
    let llr = cfg.confirm_sprt.llr_pentanomial(&penta);
    let verdict = cfg.confirm_sprt.decide(llr);
    let finite = |x: f64| x.is_finite().then_some(x);
    let accepted = match verdict {
        SprtResult::H1 => true,
        SprtResult::H0 => false,
        SprtResult::Continue => e.lower > 0.0,
    };
    Ok(Confirmation {
        tuned: tuned.to_string(),
        start,
        result,
        elo: finite(e.elo),
        elo_lower: finite(e.lower),
        elo_upper: finite(e.upper),
        llr,
        sprt: verdict.to_string(),
        accepted,
    })
}

/// One line per step for logs: the step, its result and θ.
pub fn step_line(r: &IterationRecord, cfg: &SpsaConfig) -> String {
    let [w, d, l] = r.result.wdl;
    let theta: Vec<String> = cfg
        .params
        .iter()
        .zip(&r.theta)
        .map(|(p, &t)| format!("{}={}", p.name, format_value((t * 1000.0).round() / 1000.0)))
        .collect();
    format!(
        "step {:>5}  pairs {:>6}  +{w} ={d} -{l}  {}",
        r.step,
        r.pairs_before + r.result.games() as u64 / 2,
        theta.join(" ")
    )
}

impl fmt::Display for SpsaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "SPSA of {} over {} pairs in {} steps (seed {})",
            self.base,
            self.pairs,
            self.history.len(),
            self.seed
        )?;
        writeln!(
            f,
            "{:>12} {:>10} {:>12} {:>10}",
            "parameter", "start", "theta", "tuned"
        )?;
        for (i, p) in self.params.iter().enumerate() {
            writeln!(
                f,
                "{:>12} {:>10} {:>12.4} {:>10}",
                p.name,
                format_value(self.start[i]),
                self.theta[i],
                format_value(self.tuned[i])
            )?;
        }
        write!(f, "tuned: {}", self.tuned_spec)?;
        if let Some(c) = &self.confirmation {
            let [w, d, l] = c.result.wdl;
            let elo = match (c.elo, c.elo_lower, c.elo_upper) {
                (Some(e), Some(lo), Some(hi)) => format!("{e:+.1} [{lo:+.1}, {hi:+.1}]"),
                (Some(e), _, _) => format!("{e:+.1}"),
                _ => "unbounded".to_string(),
            };
            write!(
                f,
                "\nconfirmation, tuned vs start: {} games +{w} ={d} -{l}, Elo {elo}, SPRT {} (LLR {:.2}): {}",
                c.result.games(),
                c.sprt,
                c.llr,
                if c.accepted {
                    "the tuned values are kept"
                } else {
                    "not confirmed, the start values stay"
                }
            )?;
        }
        Ok(())
    }
}
