//! `yomi freecell dataset`: the sharded, resumable (board, move) dataset (library:
//! `yomi_freecell::dataset`).

use super::{FormatArg, SolverArgs, deal_range};
use crate::args::Threads;
use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::time::Instant;
use yomi_core::manifest::ManifestError;
use yomi_core::shard::WorkerShare;
use yomi_freecell::Layout;
use yomi_freecell::dataset::{self, Format, Summary};

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
    let range = deal_range(deals)?;
    let opts = sa.options()?;
    if sa.cells > 4 {
        return Err(usage(
            "dataset: the hex and tensor encodings need at most 4 free cells",
        ));
    }
    if shard_size == 0 {
        return Err(usage("--shard-size must be at least 1"));
    }
    let share: WorkerShare = shard.parse().map_err(|e| usage(format!("{e}")))?;
    let layout = Layout {
        cols: 8,
        cells: sa.cells,
    };
    let format = match format {
        FormatArg::Parquet => Format::Parquet,
        FormatArg::Jsonl => Format::Jsonl,
    };
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    // Refuses a directory made with other options before anything is written to it.
    let manifest = dataset::manifest(range, shard_size, format, layout, &opts);
    dataset::check_manifest(&out, &manifest).map_err(|e| match e {
        ManifestError::Mismatch { .. } => crate::usage::bad_input(e),
        e => anyhow::Error::new(e),
    })?;
    let plan = dataset::resume(&out, range, shard_size, share, format);
    let skipped = plan.skipped();
    if skipped > 0 {
        tracing::info!("resuming: {skipped} finished shards skipped");
    }
    let pool = threads.pool()?;
    let pb = crate::progress::bar(plan.deals_left(), "dataset");
    let t0 = Instant::now();
    let mut total = plan.done.clone();
    for s in &plan.todo {
        let st =
            pool.install(|| dataset::run_shard(&out, s, format, layout, &opts, &|_v| pb.inc(1)))?;
        total.merge(&st);
    }
    pb.finish_and_clear();
    let wall = t0.elapsed().as_secs_f64();
    let summary = Summary::new(range, share, format, &plan, total, wall);
    let path = dataset::summary_path(&out, share);
    let text = serde_json::to_string_pretty(&summary)?;
    crate::files::write_atomic(&path, text.as_bytes())?;
    if json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "{} deals: {} solved, {} unsolvable {:?}, {} intractable; mean length {:.2}, max {}; {} rows in {} shards ({} resumed) under {}; {wall:.1} s",
            summary.deals,
            summary.solved,
            summary.unsolvable.len(),
            summary.unsolvable,
            summary.intractable.len(),
            summary.mean_length,
            summary.max_length,
            summary.rows,
            summary.shards,
            skipped,
            out.display()
        );
        println!("summary written to {}", path.display());
    }
    Ok(())
}
