//! `yomi freecell range`: solve a range of deals in parallel and report
//! verdicts, lengths and speed (library: `yomi_freecell::range`).

use super::{SolverArgs, deal_range};
use crate::args::Threads;
use anyhow::Result;
use std::time::Instant;
use yomi_freecell::range::solve_range;
use yomi_freecell::{Layout, MoveMode};

/// `yomi freecell range`.
pub(super) fn range_cmd(deals: &str, sa: &SolverArgs, threads: &Threads, json: bool) -> Result<()> {
    let range = deal_range(deals)?;
    let opts = sa.options()?;
    let layout = Layout {
        cols: 8,
        cells: sa.cells,
    };
    let pool = threads.pool()?;
    let pb = crate::progress::bar(range.len(), "solving");
    let t0 = Instant::now();
    let stats = pool.install(|| solve_range(range, layout, &opts, &|| pb.inc(1)))?;
    pb.finish_and_clear();
    let wall = t0.elapsed().as_secs_f64();
    let (a, b) = (range.first(), range.last());
    let workers = pool.current_num_threads();
    let per_core = stats.deals as f64 / stats.solve_seconds.max(1e-9);
    if json {
        println!(
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
        println!(
            "deals {a}..{b}: {} solved, {} proven unsolvable {:?}, {} intractable {:?}",
            stats.solved,
            stats.unsolvable.len(),
            stats.unsolvable,
            stats.intractable.len(),
            stats.intractable
        );
        println!(
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
