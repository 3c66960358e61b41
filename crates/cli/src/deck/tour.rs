//! The deck builder's part of `yomi tour`: a generated catalogue, the greedy baseline against
//! VDS under the service's time budget, and an exact proof on a smaller catalogue.

use crate::show::section;
use anyhow::Result;
use std::time::Duration;
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::report::Report;
use yomi_deck::solve::{exact, greedy, vds};

/// Prints the demonstration (about one second).
pub fn tour() -> Result<()> {
    section(
        "Deck builder: 2,000 owned pieces, best 16-piece deck under a cost cap, one leader",
        "yomi deck generate --pieces 2000 --out cat.json && yomi deck solve cat.json --time 300ms",
    );
    let inst = generate(&GenerateOptions {
        pieces: 2000,
        seed: 1,
        ..Default::default()
    });
    let g = greedy::solve(&inst);
    let v = vds::solve(
        &inst,
        &vds::VdsOptions {
            time_limit: Duration::from_millis(300),
            ..Default::default()
        },
    );
    println!(
        "   greedy (the baseline): {} in {:.1} ms; vds: {} in {:.0} ms",
        g.objective,
        g.elapsed.as_secs_f64() * 1e3,
        v.objective,
        v.elapsed.as_secs_f64() * 1e3
    );
    let report = Report::new(&inst, &v);
    let leader = report.leader.clone().unwrap_or_default();
    println!(
        "   deck: {} (leader {leader}), cost {} of {}",
        report.selected.join(" "),
        report.total_cost,
        inst.request.cost_cap.unwrap_or(0)
    );
    section(
        "Deck builder: an exact proof of optimality on 60 pieces",
        "yomi deck generate --pieces 60 --out small.json && yomi deck solve small.json --solver exact",
    );
    let small = generate(&GenerateOptions {
        pieces: 60,
        seed: 1,
        ..Default::default()
    });
    let e = exact::solve(&small, &exact::ExactOptions::default());
    let status = if e.proven_optimal {
        "proven optimal"
    } else {
        "not proven"
    };
    println!(
        "   60 pieces: optimum {} ({status}, {} nodes, {:.2} s); greedy found {}",
        e.objective,
        e.iterations,
        e.elapsed.as_secs_f64(),
        greedy::solve(&small).objective
    );
    Ok(())
}
