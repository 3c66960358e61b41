//! The solvers measured side by side in one run (`yomi deck bench`): VDS on a large generated
//! catalogue at a short budget against its own long run; the exact solver against HiGHS (with
//! the cargo feature `highs`) on smaller generated instances; VDS on literature instances
//! against their best-known values. Greedy's gap is reported on each.
//!
//! Contract: [`run`] returns one row per seed (and per literature file) in the order given;
//! an objective is NaN when the solver found no feasible deck; gaps are relative shortfalls
//! ([`gap`]). Timings make the figures vary from run to run, the layout never does.

use crate::generate::{GenerateOptions, generate};
use crate::literature::best_known;
use crate::load::{CsvFiles, Format, LoadError, load};
use crate::solve::{Solution, exact, greedy, vds};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

/// What to measure.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchOptions {
    /// Pieces of the large generated catalogue.
    pub pieces: usize,
    /// Seeds of the generated instances.
    pub seeds: Vec<u64>,
    /// VDS budget under test on the large catalogue.
    pub short: Duration,
    /// VDS budget of the reference run.
    pub long: Duration,
    /// Pieces of the instances for the exact solvers (0 skips that section).
    pub exact_pieces: usize,
    /// Time limit of each exact solve.
    pub exact_time: Duration,
    /// Literature MDP files.
    pub mdp: Vec<PathBuf>,
    /// VDS budget on the literature files.
    pub mdp_time: Duration,
}

/// VDS at the short budget against the long run, on one generated catalogue.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LargeRow {
    /// Seed of the catalogue.
    pub seed: u64,
    /// Greedy's objective.
    pub greedy: f64,
    /// VDS at the short budget.
    pub vds_short: f64,
    /// VDS at the long budget.
    pub vds_long: f64,
    /// The short run's gap to the better of the two runs.
    pub short_gap: f64,
    /// Greedy's gap to the better of the two runs.
    pub greedy_gap: f64,
}

/// The exact solver (and HiGHS) on one generated instance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactRow {
    /// Seed of the instance.
    pub seed: u64,
    /// The exact solver's objective.
    pub objective: f64,
    /// The exact solver's seconds.
    pub exact_s: f64,
    /// Whether the exact solver proved optimality within its limit.
    pub exact_proven: bool,
    /// HiGHS's seconds (`None` without the `highs` feature).
    pub mip_s: Option<f64>,
    /// Whether HiGHS proved optimality.
    pub mip_proven: Option<bool>,
    /// HiGHS's own relative gap.
    pub mip_gap: Option<f64>,
    /// Greedy's gap to the exact objective.
    pub greedy_gap: f64,
}

/// VDS and greedy on one literature file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MdpRow {
    /// The file's stem.
    pub instance: String,
    /// The best-known value, when the instance is listed ([`best_known`]).
    pub best_known: Option<f64>,
    /// VDS's objective.
    pub vds: f64,
    /// VDS's gap to the best-known value.
    pub vds_gap: Option<f64>,
    /// Greedy's objective.
    pub greedy: f64,
    /// Greedy's gap to the best-known value.
    pub greedy_gap: Option<f64>,
}

/// Every section's rows.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchReport {
    /// VDS short against long, one row per seed.
    pub large: Vec<LargeRow>,
    /// Exact against HiGHS, one row per seed (empty when `exact_pieces` is 0).
    pub exact: Vec<ExactRow>,
    /// The literature files, in the order given.
    pub mdp: Vec<MdpRow>,
}

/// Why the bench could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// No catalogue to measure.
    #[error("--pieces and --seeds must not be zero or empty")]
    NothingToMeasure,
    /// A literature file that cannot be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// HiGHS failed.
    #[cfg(feature = "highs")]
    #[error("running HiGHS")]
    Mip(#[source] crate::solve::mip::MipError),
}

/// Relative shortfall of `value` against `reference`.
pub fn gap(value: f64, reference: f64) -> f64 {
    (reference - value) / reference.abs().max(1e-9)
}

/// A solution's objective, NaN when it is not feasible.
fn objective(sol: &Solution) -> f64 {
    if sol.feasible {
        sol.objective
    } else {
        f64::NAN
    }
}

/// One timed solve of a bench run, as [`BenchOptions::steps`] lists it and [`run_with`]
/// announces it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// What is solved, e.g. `vds 60s on 4000 pieces, seed 1`.
    pub label: String,
    /// Its time limit: the most it takes (greedy solves and loading take no time worth
    /// counting; the exact section runs the exact solver, then HiGHS when built in).
    pub limit: Duration,
}

impl BenchOptions {
    /// Every timed solve [`run`] makes, in order, with its time limit; their sum bounds
    /// the run's time (a solve that proves optimality early takes less).
    pub fn steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        for &seed in &self.seeds {
            for budget in [self.short, self.long] {
                steps.push(Step {
                    label: format!("vds {budget:?} on {} pieces, seed {seed}", self.pieces),
                    limit: budget,
                });
            }
        }
        if self.exact_pieces > 0 {
            for &seed in &self.seeds {
                steps.push(Step {
                    label: format!("exact on {} pieces, seed {seed}", self.exact_pieces),
                    limit: self.exact_time,
                });
                if cfg!(feature = "highs") {
                    steps.push(Step {
                        label: format!("HiGHS on {} pieces, seed {seed}", self.exact_pieces),
                        limit: self.exact_time,
                    });
                }
            }
        }
        for path in &self.mdp {
            steps.push(Step {
                label: format!("vds {:?} on {}", self.mdp_time, path.display()),
                limit: self.mdp_time,
            });
        }
        steps
    }
}

/// Runs every section.
pub fn run(opts: &BenchOptions) -> Result<BenchReport, BenchError> {
    run_with(opts, &mut |_, _| {})
}

/// Runs every section, calling `progress(step, done)` before each timed solve of
/// [`BenchOptions::steps`] (`done` false) and after it (`done` true).
pub fn run_with(
    opts: &BenchOptions,
    progress: &mut dyn FnMut(&Step, bool),
) -> Result<BenchReport, BenchError> {
    if opts.pieces == 0 || opts.seeds.is_empty() {
        return Err(BenchError::NothingToMeasure);
    }
    let steps = opts.steps();
    let mut next = steps.iter();
    // Runs `f` as the next listed step.
    let mut timed = |f: &mut dyn FnMut()| {
        let step = next.next();
        if let Some(s) = step {
            progress(s, false);
        }
        f();
        if let Some(s) = step {
            progress(s, true);
        }
    };
    let vds_with = |time: Duration| vds::VdsOptions {
        time_limit: time,
        ..Default::default()
    };
    let mut large = Vec::new();
    for &seed in &opts.seeds {
        let inst = generate(&GenerateOptions {
            pieces: opts.pieces,
            seed,
            ..Default::default()
        });
        let g = objective(&greedy::solve(&inst));
        let (mut short, mut long) = (f64::NAN, f64::NAN);
        timed(&mut || short = objective(&vds::solve(&inst, &vds_with(opts.short))));
        timed(&mut || long = objective(&vds::solve(&inst, &vds_with(opts.long))));
        let best = long.max(short);
        large.push(LargeRow {
            seed,
            greedy: g,
            vds_short: short,
            vds_long: long,
            short_gap: gap(short, best),
            greedy_gap: gap(g, best),
        });
    }
    let mut exact_rows = Vec::new();
    let exact_seeds: &[u64] = if opts.exact_pieces > 0 {
        &opts.seeds
    } else {
        &[]
    };
    for &seed in exact_seeds {
        let inst = generate(&GenerateOptions {
            pieces: opts.exact_pieces,
            seed,
            ..Default::default()
        });
        let mut e = None;
        timed(&mut || {
            e = Some(exact::solve(
                &inst,
                &exact::ExactOptions {
                    time_limit: opts.exact_time,
                    ..Default::default()
                },
            ))
        });
        let e = e.expect("the exact solve ran");
        let mut figures = None;
        if cfg!(feature = "highs") {
            timed(&mut || figures = Some(mip(&inst, opts.exact_time)));
        }
        let (mip_s, mip_proven, mip_gap) = figures.unwrap_or(Ok((None, None, None)))?;
        exact_rows.push(ExactRow {
            seed,
            objective: objective(&e),
            exact_s: e.elapsed.as_secs_f64(),
            exact_proven: e.proven_optimal,
            mip_s,
            mip_proven,
            mip_gap,
            greedy_gap: gap(objective(&greedy::solve(&inst)), e.objective),
        });
    }
    let mut mdp_rows = Vec::new();
    for path in &opts.mdp {
        let inst = load(path, Format::Mdp, &CsvFiles::default())?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let best = best_known(&name).map(|b| b.value);
        let mut v = f64::NAN;
        timed(&mut || v = objective(&vds::solve(&inst, &vds_with(opts.mdp_time))));
        let g = objective(&greedy::solve(&inst));
        mdp_rows.push(MdpRow {
            instance: name,
            best_known: best,
            vds: v,
            vds_gap: best.map(|b| gap(v, b)),
            greedy: g,
            greedy_gap: best.map(|b| gap(g, b)),
        });
    }
    Ok(BenchReport {
        large,
        exact: exact_rows,
        mdp: mdp_rows,
    })
}

/// HiGHS's (seconds, proven, gap) on an instance; `None`s without the `highs` feature.
type MipFigures = (Option<f64>, Option<bool>, Option<f64>);

/// HiGHS on the same instance: (seconds, proven, gap).
#[cfg(feature = "highs")]
fn mip(inst: &crate::Instance, limit: Duration) -> Result<MipFigures, BenchError> {
    let opts = crate::solve::mip::MipOptions {
        time_limit: limit,
        ..Default::default()
    };
    let sol = crate::solve::mip::solve(inst, &opts).map_err(BenchError::Mip)?;
    Ok((
        Some(sol.elapsed.as_secs_f64()),
        Some(sol.proven_optimal),
        sol.gap(),
    ))
}

/// Without HiGHS: no figures.
#[cfg(not(feature = "highs"))]
fn mip(_inst: &crate::Instance, _limit: Duration) -> Result<MipFigures, BenchError> {
    Ok((None, None, None))
}
