//! `yomi deck bench`: the measurements, side by side in one run. VDS on a large
//! generated catalogue at a short budget against its own long run; the exact solver against
//! HiGHS (when built with `--features highs`) on generated instances; VDS on literature
//! instances against their best-known values. Greedy's gap is reported on each.

use anyhow::{Context, Result};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;
use yomi_deck::formats::parse_mdp;
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::literature::best_known;
use yomi_deck::solve::{Solution, exact, greedy, vds};

/// Bench settings (from the command line).
pub struct BenchOptions {
    /// Pieces of the large generated catalogue.
    pub pieces: usize,
    /// Seeds of the generated instances.
    pub seeds: Vec<u64>,
    /// VDS budget under test on the large catalogue.
    pub short: Duration,
    /// VDS budget of the reference run.
    pub long: Duration,
    /// Pieces of the instances for the exact solvers.
    pub exact_pieces: usize,
    /// Time limit of each exact solve.
    pub exact_time: Duration,
    /// Literature MDP files.
    pub mdp: Vec<PathBuf>,
    /// VDS budget on the literature files.
    pub mdp_time: Duration,
}

#[derive(Serialize)]
struct LargeRow {
    seed: u64,
    greedy: f64,
    vds_short: f64,
    vds_long: f64,
    short_gap: f64,
    greedy_gap: f64,
}

#[derive(Serialize)]
struct ExactRow {
    seed: u64,
    objective: f64,
    exact_s: f64,
    exact_proven: bool,
    mip_s: Option<f64>,
    mip_proven: Option<bool>,
    mip_gap: Option<f64>,
    greedy_gap: f64,
}

#[derive(Serialize)]
struct MdpRow {
    instance: String,
    best_known: Option<f64>,
    vds: f64,
    vds_gap: Option<f64>,
    greedy: f64,
    greedy_gap: Option<f64>,
}

/// Relative shortfall of `value` against `reference`.
fn gap(value: f64, reference: f64) -> f64 {
    (reference - value) / reference.abs().max(1e-9)
}

fn objective(sol: &Solution) -> f64 {
    if sol.feasible {
        sol.objective
    } else {
        f64::NAN
    }
}

/// Runs every section and prints a table (or JSON).
pub fn run(opts: &BenchOptions, json: bool) -> Result<()> {
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
        let short = objective(&vds::solve(&inst, &vds_with(opts.short)));
        let long = objective(&vds::solve(&inst, &vds_with(opts.long)));
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
        let e = exact::solve(
            &inst,
            &exact::ExactOptions {
                time_limit: opts.exact_time,
                ..Default::default()
            },
        );
        let (mip_s, mip_proven, mip_gap) = mip(&inst, opts.exact_time)?;
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
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let inst = parse_mdp(&text).with_context(|| format!("parsing {}", path.display()))?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let best = best_known(&name).map(|b| b.value);
        let v = objective(&vds::solve(&inst, &vds_with(opts.mdp_time)));
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
    if json {
        let v = serde_json::json!({
            "large": large, "exact": exact_rows, "mdp": mdp_rows,
            "settings": {
                "pieces": opts.pieces, "short_s": opts.short.as_secs_f64(),
                "long_s": opts.long.as_secs_f64(), "exact_pieces": opts.exact_pieces,
                "exact_time_s": opts.exact_time.as_secs_f64(), "mdp_time_s": opts.mdp_time.as_secs_f64(),
            }
        });
        println!("{v}");
        return Ok(());
    }
    println!(
        "VDS on {} generated pieces: {:?} against a {:?} run",
        opts.pieces, opts.short, opts.long
    );
    println!("  seed   greedy   vds-short   vds-long   short gap   greedy gap");
    for r in &large {
        println!(
            "  {:>4} {:>8} {:>11} {:>10} {:>10.3}% {:>11.1}%",
            r.seed,
            r.greedy,
            r.vds_short,
            r.vds_long,
            100.0 * r.short_gap,
            100.0 * r.greedy_gap
        );
    }
    if !exact_rows.is_empty() {
        println!(
            "Exact at {} generated pieces (limit {:?}); mip = HiGHS",
            opts.exact_pieces, opts.exact_time
        );
        println!(
            "  seed  optimum   exact s  proven    mip s  proven   mip gap   ratio  greedy gap"
        );
    }
    for r in &exact_rows {
        let opt =
            |v: Option<f64>, scale: f64| v.map_or("-".into(), |x| format!("{:.3}", x * scale));
        let ratio = r.mip_s.map(|m| m / r.exact_s.max(1e-9));
        println!(
            "  {:>4} {:>8} {:>9.3} {:>7} {:>8} {:>7} {:>9} {:>7} {:>10.1}%",
            r.seed,
            r.objective,
            r.exact_s,
            r.exact_proven,
            opt(r.mip_s, 1.0),
            r.mip_proven.map_or("-".into(), |p| p.to_string()),
            r.mip_gap
                .map_or("-".into(), |g| format!("{:.3}%", 100.0 * g)),
            ratio.map_or("-".into(), |x| format!("{x:.1}x")),
            100.0 * r.greedy_gap
        );
    }
    if !mdp_rows.is_empty() {
        println!("VDS on literature instances ({:?} each)", opts.mdp_time);
        println!("  instance              best known        vds    vds gap     greedy  greedy gap");
        for r in &mdp_rows {
            let pct = |g: Option<f64>| g.map_or("-".into(), |x| format!("{:.3}%", 100.0 * x));
            println!(
                "  {:<20} {:>11} {:>10.2} {:>10} {:>10.2} {:>11}",
                r.instance,
                r.best_known.map_or("-".into(), |b| b.to_string()),
                r.vds,
                pct(r.vds_gap),
                r.greedy,
                pct(r.greedy_gap)
            );
        }
    }
    Ok(())
}

/// HiGHS on the same instance: (seconds, proven, gap), or `None`s without the feature.
#[cfg(feature = "highs")]
fn mip(
    inst: &yomi_deck::Instance,
    limit: Duration,
) -> Result<(Option<f64>, Option<bool>, Option<f64>)> {
    let opts = yomi_deck::solve::mip::MipOptions {
        time_limit: limit,
        ..Default::default()
    };
    let sol = yomi_deck::solve::mip::solve(inst, &opts).context("running HiGHS")?;
    Ok((
        Some(sol.elapsed.as_secs_f64()),
        Some(sol.proven_optimal),
        sol.gap(),
    ))
}

#[cfg(not(feature = "highs"))]
fn mip(
    _inst: &yomi_deck::Instance,
    _limit: Duration,
) -> Result<(Option<f64>, Option<bool>, Option<f64>)> {
    Ok((None, None, None))
}
