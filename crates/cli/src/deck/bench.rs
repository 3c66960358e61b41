//! `yomi deck bench`: the solvers measured side by side (library: `yomi_deck::bench`),
//! printed as a table or one JSON object.

use crate::progress::{human, steps_bar};
use anyhow::Result;
use std::time::Duration;
use yomi_deck::bench::{BenchOptions, run_with as measure};

/// Says on stderr what the run will do and for how long at most, shows its progress there,
/// then prints a table (or JSON) on stdout.
pub fn run(opts: &BenchOptions, json: bool) -> Result<()> {
    let steps = opts.steps();
    let total: Duration = steps.iter().map(|s| s.limit).sum();
    if opts.pieces > 0 && !opts.seeds.is_empty() {
        eprintln!("{}", plan(opts, total));
    }
    let pb = steps_bar(total);
    let report = measure(opts, &mut |step, done| {
        if done {
            pb.inc(step.limit.as_millis() as u64);
        } else {
            pb.set_message(step.label.clone());
        }
    });
    pb.finish_and_clear();
    let report = report?;
    let (large, exact_rows, mdp_rows) = (&report.large, &report.exact, &report.mdp);
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
    for r in large {
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
    for r in exact_rows {
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
        for r in mdp_rows {
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

/// What a bench run will do, in one line: the sections and the most time they take.
fn plan(opts: &BenchOptions, total: Duration) -> String {
    let seeds = opts.seeds.len();
    let mut parts = vec![format!(
        "VDS {:?} and {:?} on {} pieces x {seeds} seed(s)",
        opts.short, opts.long, opts.pieces
    )];
    if opts.exact_pieces > 0 {
        let mip = if cfg!(feature = "highs") {
            " and HiGHS"
        } else {
            ""
        };
        parts.push(format!(
            "exact{mip} on {} pieces x {seeds} seed(s), up to {:?} each",
            opts.exact_pieces, opts.exact_time
        ));
    }
    if !opts.mdp.is_empty() {
        parts.push(format!(
            "VDS {:?} on {} literature file(s)",
            opts.mdp_time,
            opts.mdp.len()
        ));
    }
    format!(
        "deck bench: {}; at most {} (shorter flags: --long, --exact-time, --exact-pieces 0)",
        parts.join("; "),
        human(total)
    )
}
