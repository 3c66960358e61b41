//! `yomi freecell dataset`: the sharded, resumable (board, move) dataset.

use super::{FormatArg, SolverArgs, parse_range};
use crate::args::Threads;
use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use yomi_core::shard::WorkerShare;
use yomi_freecell::dataset::{self, Format, Stats};

#[allow(clippy::too_many_arguments)]
/// `yomi freecell dataset`.
pub(super) fn dataset_cmd(
    deals: &str,
    out: PathBuf,
    format: FormatArg,
    shard_size: u64,
    shard: &str,
    sa: &SolverArgs,
    threads: &Threads,
    json: bool,
) -> Result<()> {
    let (a, b) = parse_range(deals)?;
    let opts = sa.options()?;
    if sa.cells > 4 {
        return Err(usage(
            "dataset: the hex and tensor encodings need at most 4 free cells",
        ));
    }
    let share: WorkerShare = shard.parse().map_err(|e| usage(format!("{e}")))?;
    let (i, n) = (share.index, share.count);
    let format = match format {
        FormatArg::Parquet => Format::Parquet,
        FormatArg::Jsonl => Format::Jsonl,
    };
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let shards = dataset::plan(a, b, shard_size, share);
    let mut total = Stats::default();
    let mut todo = Vec::new();
    for s in &shards {
        match dataset::finished(&out, s, format) {
            Some(st) => total.merge(&st),
            None => todo.push(*s),
        }
    }
    let skipped = shards.len() - todo.len();
    if skipped > 0 {
        tracing::info!("resuming: {skipped} finished shards skipped");
    }
    let pool = threads.pool()?;
    let pb = crate::progress::bar(todo.iter().map(|s| s.last - s.first + 1).sum(), "dataset");
    let done = AtomicU64::new(0);
    let t0 = Instant::now();
    for s in &todo {
        let st = pool.install(|| {
            dataset::run_shard(&out, s, format, &opts, &|_v| {
                done.fetch_add(1, Ordering::Relaxed);
                pb.inc(1);
            })
        })?;
        total.merge(&st);
    }
    pb.finish_and_clear();
    let wall = t0.elapsed().as_secs_f64();
    total.unsolvable.sort_unstable();
    total.intractable.sort_unstable();
    let summary = serde_json::json!({
        "first": a, "last": b, "shard": format!("{i}/{n}"), "shards": shards.len(),
        "shards_skipped": skipped, "format": format, "deals": total.deals,
        "solved": total.solved, "unsolvable": total.unsolvable, "intractable": total.intractable,
        "mean_length": total.mean_len(), "max_length": total.max_len, "rows": total.rows,
        "seconds_this_run": wall, "solver_seconds": total.solve_seconds,
    });
    let path = out.join(format!("summary-{i}-of-{n}.json"));
    let text = serde_json::to_string_pretty(&summary)?;
    crate::files::write_atomic(&path, text.as_bytes())?;
    if json {
        outln!("{summary}");
    } else {
        outln!(
            "{} deals: {} solved, {} unsolvable {:?}, {} intractable; mean length {:.2}, max {}; {} rows in {} shards ({} resumed) under {}; {wall:.1} s",
            total.deals,
            total.solved,
            total.unsolvable.len(),
            total.unsolvable,
            total.intractable.len(),
            total.mean_len(),
            total.max_len,
            total.rows,
            shards.len(),
            skipped,
            out.display()
        );
        outln!("summary written to {}", path.display());
    }
    Ok(())
}
