//! `yomi freecell range`: solve a range of deals in parallel and report
//! verdicts, lengths and speed.

use super::{SolverArgs, parse_range};
use crate::args::Threads;
use crate::usage::usage;
use anyhow::{Context, Result};
use rayon::prelude::*;
use std::time::Instant;
use yomi_freecell::dataset::Stats;
use yomi_freecell::{Layout, MoveMode, Verdict, deal_board, solve};

/// `yomi freecell range`.
pub(super) fn range_cmd(deals: &str, sa: &SolverArgs, threads: &Threads, json: bool) -> Result<()> {
    let (a, b) = parse_range(deals)?;
    let opts = sa.options()?;
    let layout = Layout {
        cols: 8,
        cells: sa.cells,
    };
    let pool = threads.pool()?;
    let pb = crate::progress::bar(b - a + 1, "solving");
    let t0 = Instant::now();
    let results: Vec<(u64, Verdict, usize, f64)> = pool.install(|| {
        (a..=b)
            .into_par_iter()
            .map(|n| {
                let board = deal_board(n, layout).map_err(|e| usage(e.to_string()))?;
                let r = solve(&board, &opts).with_context(|| format!("deal {n}"))?;
                pb.inc(1);
                Ok((n, r.verdict, r.steps.len(), r.seconds))
            })
            .collect::<Result<_>>()
    })?;
    pb.finish_and_clear();
    let wall = t0.elapsed().as_secs_f64();
    let mut stats = Stats::default();
    for &(n, v, len, secs) in &results {
        stats.deals += 1;
        stats.solve_seconds += secs;
        match v {
            Verdict::Solved => {
                stats.solved += 1;
                stats.total_len += len as u64;
                stats.max_len = stats.max_len.max(len as u64);
            }
            Verdict::Unsolvable => stats.unsolvable.push(n),
            Verdict::Intractable => stats.intractable.push(n),
        }
    }
    let workers = pool.current_num_threads();
    let per_core = stats.deals as f64 / stats.solve_seconds.max(1e-9);
    if json {
        outln!(
            "{}",
            serde_json::json!({
                "first": a, "last": b, "deals": stats.deals, "solved": stats.solved,
                "unsolvable": stats.unsolvable, "intractable": stats.intractable,
                "mean_length": stats.mean_len(), "max_length": stats.max_len,
                "move_mode": opts.moves, "solver": opts.solver,
                "wall_seconds": wall, "threads": workers,
                "solver_seconds": stats.solve_seconds, "deals_per_second_per_core": per_core,
            })
        );
    } else {
        outln!(
            "deals {a}..{b}: {} solved, {} proven unsolvable {:?}, {} intractable {:?}",
            stats.solved,
            stats.unsolvable.len(),
            stats.unsolvable,
            stats.intractable.len(),
            stats.intractable
        );
        outln!(
            "mean length {:.2} ({} moves), max {}; {wall:.2} s wall on {workers} threads, {per_core:.0} deals/s per core",
            stats.mean_len(),
            match opts.moves {
                MoveMode::Atomic => "single-card",
                MoveMode::Sequence => "sequence",
            },
            stats.max_len
        );
    }
    Ok(())
}
