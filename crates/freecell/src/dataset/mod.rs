//! Training-dataset generation: one row per (board, move) step of a
//! verified, shortened solution.
//!
//! Deals are grouped into shards of consecutive deal numbers
//! ([`yomi_core::shard`], the plan every dataset job shares). A shard is
//! written whole or not at all ([`yomi_core::files`]), after a small
//! statistics file, so an interrupted run resumes by skipping the shards
//! already present, and `--shard i/n` workers (a cluster job array) each
//! take every n-th shard; the shards of all workers simply concatenate.
//! The options a directory was made with are recorded there on the first run
//! ([`manifest`], [`MANIFEST_FILE`]) and a rerun with other options (deals,
//! shard size, format, free cells, any solver option) is refused naming
//! them, so shards made two ways never mix.

mod jsonl;
#[cfg(feature = "parquet")]
mod parquet_out;

use crate::board::{Board, Layout};
use crate::deal::{DealRange, deal_board};
use crate::error::FreecellError;
use crate::notation::{hex, standard};
use crate::solve::{SolveOptions, Verdict, solve};
use crate::text::format_board;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use yomi_core::files;
use yomi_core::manifest::{Manifest, ManifestError};
pub use yomi_core::shard::{Shard, WorkerShare, plan};

/// Rows of the numeric board encoding: longest possible column of a
/// Microsoft deal (6 dealt cards under a 13-card run).
pub const TENSOR_ROWS: usize = 19;
/// Length of [`encode_board`]'s output: 4 free cells, 4 foundations
/// (C, D, H, S ranks), then 8 columns × 19 slots, column-major, deepest
/// card first. Cards are coded 1..=52 (Microsoft order AC AD AH AS 2C ...),
/// 0 is empty.
pub const TENSOR_LEN: usize = 4 + 4 + 8 * TENSOR_ROWS;

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Apache Parquet (snappy-compressed; cargo feature `parquet`, on by default).
    #[cfg(feature = "parquet")]
    Parquet,
    /// JSON Lines.
    Jsonl,
}

impl Format {
    /// File extension.
    pub fn ext(self) -> &'static str {
        match self {
            #[cfg(feature = "parquet")]
            Format::Parquet => "parquet",
            Format::Jsonl => "jsonl",
        }
    }
}

/// One dataset row.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Row {
    /// Microsoft deal number.
    pub deal: u64,
    /// Index of the move in the solution (0-based).
    pub step: u32,
    /// The board before the move, fc-solve text (full form).
    pub board: String,
    /// The board before the move, [`encode_board`].
    pub tensor: Vec<u8>,
    /// The move, hex code.
    pub move_hex: String,
    /// The move, standard notation.
    pub move_std: String,
    /// True for an automatic move to the foundation.
    pub auto: bool,
    /// Moves left including this one.
    pub remaining: u32,
}

/// Fixed-size numeric encoding of a standard (8 columns, <= 4 cells) board.
pub fn encode_board(b: &Board) -> Result<Vec<u8>, FreecellError> {
    if b.ncols() != 8 || b.ncells() > 4 {
        return Err(FreecellError::Layout(
            "the tensor encoding needs 8 columns and at most 4 free cells".into(),
        ));
    }
    let mut v = vec![0u8; TENSOR_LEN];
    for (i, c) in b.cells().iter().enumerate() {
        v[i] = if c.is_none() { 0 } else { c.index() as u8 + 1 };
    }
    v[4..8].copy_from_slice(&b.foundations());
    for col in 0..8 {
        let cards = b.col(col);
        if cards.len() > TENSOR_ROWS {
            return Err(FreecellError::Layout(format!(
                "column {} has {} cards, more than {TENSOR_ROWS}",
                col + 1,
                cards.len()
            )));
        }
        for (k, c) in cards.iter().enumerate() {
            v[8 + col * TENSOR_ROWS + k] = c.index() as u8 + 1;
        }
    }
    Ok(v)
}

/// What happened to one deal.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, Default)]
pub struct Stats {
    /// Deals attempted.
    pub deals: u64,
    /// Deals solved.
    pub solved: u64,
    /// Deals proven unsolvable (their numbers).
    pub unsolvable: Vec<u64>,
    /// Deals left undecided (their numbers).
    pub intractable: Vec<u64>,
    /// Sum of solution lengths.
    pub total_len: u64,
    /// Longest solution.
    pub max_len: u64,
    /// Rows written.
    pub rows: u64,
    /// Solver CPU seconds summed over deals.
    pub solve_seconds: f64,
}

impl Stats {
    /// Counts one deal: its verdict, the solution's length (solved deals) and solver time.
    pub fn record(&mut self, deal: u64, verdict: Verdict, length: usize, seconds: f64) {
        self.deals += 1;
        self.solve_seconds += seconds;
        match verdict {
            Verdict::Solved => {
                self.solved += 1;
                self.total_len += length as u64;
                self.max_len = self.max_len.max(length as u64);
            }
            Verdict::Unsolvable => self.unsolvable.push(deal),
            Verdict::Intractable => self.intractable.push(deal),
        }
    }

    /// Adds another shard's statistics.
    pub fn merge(&mut self, o: &Stats) {
        self.deals += o.deals;
        self.solved += o.solved;
        self.unsolvable.extend_from_slice(&o.unsolvable);
        self.intractable.extend_from_slice(&o.intractable);
        self.total_len += o.total_len;
        self.max_len = self.max_len.max(o.max_len);
        self.rows += o.rows;
        self.solve_seconds += o.solve_seconds;
    }
    /// Mean solution length of the solved deals.
    pub fn mean_len(&self) -> f64 {
        if self.solved == 0 {
            0.0
        } else {
            self.total_len as f64 / self.solved as f64
        }
    }
}

/// Solves one deal dealt on `layout` and returns its rows (empty unless solved) and verdict.
pub fn deal_rows(
    deal: u64,
    layout: Layout,
    opts: &SolveOptions,
) -> Result<(Vec<Row>, Verdict, f64), FreecellError> {
    let start = deal_board(deal, layout)?;
    let r = solve(&start, opts)?;
    let mut rows = Vec::with_capacity(r.steps.len());
    let mut b = start;
    let n = r.steps.len() as u32;
    for (i, s) in r.steps.iter().enumerate() {
        rows.push(Row {
            deal,
            step: i as u32,
            board: format_board(&b, true),
            tensor: encode_board(&b)?,
            move_hex: hex(s.mv, &b)?,
            move_std: standard(s.mv),
            auto: s.auto,
            remaining: n - i as u32,
        });
        crate::moves::apply(&mut b, s.mv)?;
    }
    Ok((rows, r.verdict, r.seconds))
}

/// Solves every deal of `range`, dealt on `layout`, in parallel (rayon) and returns their
/// rows in deal order with the deals' statistics (`rows` counted), without writing anything:
/// the dataset of a range held in memory, as [`run_shard`] would write it.
///
/// Contract: the same range, layout and options give the same rows whatever the number of
/// threads. Once `stop` is set the deals not yet started are skipped (neither solved nor
/// counted), so the caller that set it gets a partial result it should discard.
pub fn range_rows(
    range: DealRange,
    layout: Layout,
    opts: &SolveOptions,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<(Vec<Row>, Stats), FreecellError> {
    // Every deal of a range deals the same layout: refuse a bad one once, as it is.
    encode_board(&deal_board(range.first(), layout)?)?;
    solve_deals(range.deals(), layout, opts, &|_| {}, Some(stop))
}

/// Solves `deals` in parallel and folds their rows, in deal order, and statistics: what
/// [`range_rows`] returns and [`run_shard`] writes. `progress` hears each verdict; deals not
/// yet started once `stop` is raised are skipped.
fn solve_deals(
    deals: std::ops::RangeInclusive<u64>,
    layout: Layout,
    opts: &SolveOptions,
    progress: &(dyn Fn(Verdict) + Sync),
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Result<(Vec<Row>, Stats), FreecellError> {
    use std::sync::atomic::Ordering;
    // Per deal: its rows, verdict and solver seconds; `None` when skipped after a stop.
    type Solved = Option<(Vec<Row>, Verdict, f64, u64)>;
    let results: Vec<Solved> = deals
        .into_par_iter()
        .map(|d| {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Ok(None);
            }
            let (rows, v, t) = deal_rows(d, layout, opts)?;
            progress(v);
            Ok(Some((rows, v, t, d)))
        })
        .collect::<Result<_, FreecellError>>()?;
    let mut stats = Stats::default();
    let mut rows = Vec::new();
    for (r, v, t, d) in results.into_iter().flatten() {
        stats.record(d, v, r.len(), t);
        rows.extend(r);
    }
    stats.rows = rows.len() as u64;
    Ok((rows, stats))
}

/// The data file of shard `s` in format `f`, named by its deal range.
pub fn data_path(dir: &Path, s: &Shard, f: Format) -> PathBuf {
    dir.join(format!("deals-{:010}-{:010}.{}", s.first, s.last, f.ext()))
}

/// The statistics file of shard `s`.
pub fn stats_path(dir: &Path, s: &Shard) -> PathBuf {
    dir.join(format!("deals-{:010}-{:010}.stats.json", s.first, s.last))
}

/// Reads a finished shard's statistics, or `None` when the shard is not
/// complete (no data file or no statistics).
pub fn finished(dir: &Path, s: &Shard, f: Format) -> Option<Stats> {
    if !data_path(dir, s, f).exists() {
        return None;
    }
    let text = std::fs::read_to_string(stats_path(dir, s)).ok()?;
    serde_json::from_str(&text).ok()
}

/// One worker's part of a dataset run: its shards, those an earlier run finished (their
/// statistics) and those left to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Resume {
    /// The worker's shards, finished or not.
    pub shards: usize,
    /// The shards left to do, in order.
    pub todo: Vec<Shard>,
    /// Statistics of the finished shards, merged.
    pub done: Stats,
}

impl Resume {
    /// Shards an earlier run finished.
    pub fn skipped(&self) -> usize {
        self.shards - self.todo.len()
    }

    /// Deals in the shards left to do.
    pub fn deals_left(&self) -> u64 {
        self.todo.iter().map(|s| s.last - s.first + 1).sum()
    }
}

/// The file in a dataset directory that records the options it was made with.
pub const MANIFEST_FILE: &str = "dataset-options.txt";

/// The options a dataset is made with, named as `yomi freecell dataset` spells them: every
/// one that changes which shards exist or what they hold (the worker's `--shard i/n` does
/// not: workers of one job array share a directory).
pub fn manifest(
    range: DealRange,
    shard_size: u64,
    f: Format,
    layout: Layout,
    opts: &SolveOptions,
) -> Manifest {
    let name = |v: &dyn std::fmt::Debug| format!("{v:?}").to_lowercase();
    Manifest::new()
        .with("--deals", format!("{}..{}", range.first(), range.last()))
        .with("--shard-size", shard_size)
        .with("--format", f.ext())
        .with("--cells", layout.cells)
        .with("--mode", name(&opts.solver))
        .with("--moves", name(&opts.moves))
        .with("--shorten", name(&opts.shorten))
        .with("--no-auto", !opts.auto)
        .with("--node-limit", opts.node_limit)
        .with("--g-weight", opts.g_weight)
        .with("--exhaust-limit", opts.exhaust_limit)
        .with("--reproduce", opts.reproduce)
        .with("--seed", opts.seed)
}

/// Records `manifest` in `dir` ([`MANIFEST_FILE`]), or checks it is the one recorded there:
/// a directory made with other options is refused, naming each option that differs.
pub fn check_manifest(dir: &Path, manifest: &Manifest) -> Result<(), ManifestError> {
    manifest.check_or_record(&dir.join(MANIFEST_FILE))
}

/// Plans `share`'s shards of `range` in `dir` ([`plan`]) and finds those already finished
/// there ([`finished`]).
pub fn resume(
    dir: &Path,
    range: DealRange,
    shard_size: u64,
    share: WorkerShare,
    f: Format,
) -> Resume {
    let shards = plan(range.first(), range.last(), shard_size, share);
    let mut done = Stats::default();
    let mut todo = Vec::new();
    for s in &shards {
        match finished(dir, s, f) {
            Some(st) => done.merge(&st),
            None => todo.push(*s),
        }
    }
    Resume {
        shards: shards.len(),
        todo,
        done,
    }
}

/// The summary of one worker's run, written as `summary-I-of-N.json` ([`summary_path`]) and
/// printed by `yomi freecell dataset --json`. The fields are in alphabetical order, the
/// order the file has always listed them in.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Deals solved, in all (finished shards included).
    pub deals: u64,
    /// First deal of the range.
    pub first: u64,
    /// Output format.
    pub format: Format,
    /// Deals left undecided, ascending.
    pub intractable: Vec<u64>,
    /// Last deal of the range.
    pub last: u64,
    /// Longest solution.
    pub max_length: u64,
    /// Mean solution length of the solved deals.
    pub mean_length: f64,
    /// Rows written.
    pub rows: u64,
    /// Wall-clock seconds of this run.
    pub seconds_this_run: f64,
    /// The worker's share, `i/n`.
    pub shard: String,
    /// The worker's shards.
    pub shards: usize,
    /// Shards an earlier run had finished.
    pub shards_skipped: usize,
    /// Deals solved.
    pub solved: u64,
    /// Solver seconds summed over deals.
    pub solver_seconds: f64,
    /// Deals proven unsolvable, ascending.
    pub unsolvable: Vec<u64>,
}

impl Summary {
    /// The summary of a run over `range` that found `resume` and ended with `total` (the
    /// finished shards' statistics merged with this run's) after `seconds`.
    pub fn new(
        range: DealRange,
        share: WorkerShare,
        format: Format,
        resume: &Resume,
        mut total: Stats,
        seconds: f64,
    ) -> Summary {
        total.unsolvable.sort_unstable();
        total.intractable.sort_unstable();
        Summary {
            deals: total.deals,
            first: range.first(),
            format,
            mean_length: total.mean_len(),
            intractable: total.intractable,
            last: range.last(),
            max_length: total.max_len,
            rows: total.rows,
            seconds_this_run: seconds,
            shard: share.to_string(),
            shards: resume.shards,
            shards_skipped: resume.skipped(),
            solved: total.solved,
            solver_seconds: total.solve_seconds,
            unsolvable: total.unsolvable,
        }
    }
}

/// Where worker `share` writes its [`Summary`] in `dir`.
pub fn summary_path(dir: &Path, share: WorkerShare) -> PathBuf {
    dir.join(format!("summary-{}-of-{}.json", share.index, share.count))
}

fn io(e: impl std::fmt::Display, p: &Path) -> FreecellError {
    FreecellError::Io(format!("{}: {e}", p.display()))
}

/// Solves the shard's deals, dealt on `layout`, in parallel (rayon) and writes it
/// atomically. `progress` is called once per finished deal.
pub fn run_shard(
    dir: &Path,
    s: &Shard,
    f: Format,
    layout: Layout,
    opts: &SolveOptions,
    progress: &(dyn Fn(Verdict) + Sync),
) -> Result<Stats, FreecellError> {
    let (rows, stats) = solve_deals(s.first..=s.last, layout, opts, progress, None)?;
    // Statistics first: the data file's presence marks the shard complete.
    let sp = stats_path(dir, s);
    let json = serde_json::to_string_pretty(&stats).map_err(|e| io(e, &sp))?;
    files::write_atomic(&sp, json.as_bytes()).map_err(|e| io(e, &sp))?;
    files::replace_with(
        &data_path(dir, s, f),
        |p| match f {
            #[cfg(feature = "parquet")]
            Format::Parquet => parquet_out::write(p, &rows),
            Format::Jsonl => jsonl::write(p, &rows),
        },
        |p, e| io(e, p),
    )?;
    Ok(stats)
}
