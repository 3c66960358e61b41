//! `yomi freecell`: Microsoft deals, solving, range statistics and the
//! training-dataset generator (library: yomi-freecell).

use crate::usage;

/// Writes a line to stdout; a closed pipe (`| head`) ends the program
/// quietly instead of panicking like `println!` would.
macro_rules! outln {
    ($($t:tt)*) => { emit(format!($($t)*) + "\n") };
}
/// Writes to stdout (see [`outln!`]).
macro_rules! out {
    ($($t:tt)*) => { emit(format!($($t)*)) };
}

fn emit(s: String) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(s.as_bytes()).and_then(|_| stdout.flush())
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(0);
    }
}
use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use yomi_freecell::dataset::{self, Format, Stats};
use yomi_freecell::notation::{fcs_verbose, hex, standard};
use yomi_freecell::solve::reproduce::Params;
use yomi_freecell::solve::{Shorten, SolverMode};
use yomi_freecell::text::{format_board, parse_board};
use yomi_freecell::{Board, Layout, MoveMode, SolveOptions, Verdict, deal_board, solve};

/// FreeCell: deals, solver, statistics and datasets.
#[derive(Args)]
pub struct FreecellArgs {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Print Microsoft deal N (or every deal of A..B) in fc-solve's board text.
    Deal {
        /// Deal number 1..8589934591, or a range A..B.
        deals: String,
        /// Print the Foundations/Freecells lines and `: ` column prefixes.
        #[arg(long)]
        full: bool,
        /// Free cells (the columns of a Microsoft deal are always 8).
        #[arg(long, default_value_t = 4)]
        cells: usize,
    },
    /// Solve a deal number or a board file; the solution is verified by replay.
    Solve {
        /// Deal number, or a file in fc-solve's board text.
        target: String,
        #[command(flatten)]
        solver: SolverArgs,
        /// Columns of a board file.
        #[arg(long, default_value_t = 8)]
        cols: usize,
        /// Print the board after every move.
        #[arg(long)]
        show: bool,
        /// Move notation for the text output.
        #[arg(long, value_enum, default_value = "standard")]
        notation: Notation,
        /// JSON result on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Solve every deal of A..B in parallel: solved count, mean length, time.
    Range {
        /// Deal range A..B.
        deals: String,
        #[command(flatten)]
        solver: SolverArgs,
        /// Worker threads (0: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// JSON result on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Generate the (board, move) training dataset, sharded and resumable.
    Dataset {
        /// Deal range A..B.
        #[arg(long, default_value = "1..32000")]
        deals: String,
        /// Output directory.
        #[arg(long)]
        out: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "parquet")]
        format: FormatArg,
        /// Deals per shard file.
        #[arg(long, default_value_t = 1000)]
        shard_size: u64,
        /// This worker's part of the shards, `i/n` (0-based i), e.g. a
        /// cluster array task index.
        #[arg(long, default_value = "0/1")]
        shard: String,
        #[command(flatten)]
        solver: SolverArgs,
        /// Worker threads (0: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// JSON summary on stdout.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Clone)]
struct SolverArgs {
    /// Solver: fast (guided search over compound moves, then complete
    /// best-first and exhaustive proof) or reproduce
    /// (cost-bounded DFS of the published dataset method).
    #[arg(long, value_enum, default_value = "fast")]
    mode: ModeArg,
    /// Report sequence moves or single-card moves.
    #[arg(long, value_enum, default_value = "sequence")]
    moves: MovesArg,
    /// Shortening: none, redundant-move removal, or deep (plus a binary
    /// search on the move limit).
    #[arg(long, value_enum, default_value = "redundant")]
    shorten: ShortenArg,
    /// Do not make safe moves to the foundations automatically.
    #[arg(long)]
    no_auto: bool,
    /// Free cells.
    #[arg(long, default_value_t = 4)]
    cells: usize,
    /// States stored by the best-first stage (after the guided stages).
    #[arg(long, default_value_t = 100_000)]
    node_limit: usize,
    /// Weight of the path length in the best-first priority (higher: shorter
    /// solutions, lower: faster).
    #[arg(long, default_value_t = 3)]
    g_weight: u32,
    /// States visited by the exhaustive stage before "intractable".
    #[arg(long, default_value_t = 30_000_000)]
    exhaust_limit: usize,
    /// Reproduce mode: a0 a1 a2 a3 delta retries max-moves, comma-separated.
    #[arg(long, default_value = "1500,2000,1000,1000,1000,20,120")]
    reproduce: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Fast,
    Reproduce,
}
#[derive(Clone, Copy, ValueEnum)]
enum MovesArg {
    Atomic,
    Sequence,
}
#[derive(Clone, Copy, ValueEnum)]
enum ShortenArg {
    None,
    Redundant,
    Deep,
}
#[derive(Clone, Copy, ValueEnum)]
enum Notation {
    Standard,
    Verbose,
    Hex,
}
#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Parquet,
    Jsonl,
}

impl SolverArgs {
    fn options(&self) -> Result<SolveOptions> {
        let v: Vec<u64> = self
            .reproduce
            .split(',')
            .map(|x| x.trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                usage(format!(
                    "--reproduce `{}`: expected 7 comma-separated integers",
                    self.reproduce
                ))
            })?;
        if v.len() != 7 {
            return Err(usage(format!(
                "--reproduce `{}`: expected 7 values, got {}",
                self.reproduce,
                v.len()
            )));
        }
        Ok(SolveOptions {
            solver: match self.mode {
                ModeArg::Fast => SolverMode::Fast,
                ModeArg::Reproduce => SolverMode::Reproduce,
            },
            moves: match self.moves {
                MovesArg::Atomic => MoveMode::Atomic,
                MovesArg::Sequence => MoveMode::Sequence,
            },
            auto: !self.no_auto,
            node_limit: self.node_limit,
            g_weight: self.g_weight,
            exhaust_limit: self.exhaust_limit,
            shorten: match self.shorten {
                ShortenArg::None => Shorten::None,
                ShortenArg::Redundant => Shorten::Redundant,
                ShortenArg::Deep => Shorten::Deep,
            },
            reproduce: Params {
                a0: v[0],
                a1: v[1],
                a2: v[2],
                a3: v[3],
                delta: v[4],
                retries: v[5] as u32,
                max_moves: v[6] as u32,
                ..Params::default()
            },
            ..SolveOptions::default()
        })
    }
}

/// Runs `yomi freecell ...`.
pub fn run(args: FreecellArgs) -> Result<()> {
    match args.cmd {
        Cmd::Deal { deals, full, cells } => {
            let (a, b) = parse_range(&deals)?;
            if b - a >= 1_000_000 {
                return Err(usage("deal: at most 1,000,000 deals at once"));
            }
            let layout = Layout { cols: 8, cells };
            let mut out = String::new();
            for n in a..=b {
                let board = deal_board(n, layout).map_err(|e| usage(e.to_string()))?;
                if a != b {
                    out.push_str(&format!("# deal {n}\n"));
                }
                out.push_str(&format_board(&board, full));
                if a != b {
                    out.push('\n');
                }
            }
            out!("{out}");
            Ok(())
        }
        Cmd::Solve {
            target,
            solver,
            cols,
            show,
            notation,
            json,
        } => solve_cmd(&target, &solver, cols, show, notation, json),
        Cmd::Range {
            deals,
            solver,
            threads,
            json,
        } => range_cmd(&deals, &solver, threads, json),
        Cmd::Dataset {
            deals,
            out,
            format,
            shard_size,
            shard,
            solver,
            threads,
            json,
        } => dataset_cmd(
            &deals, out, format, shard_size, &shard, &solver, threads, json,
        ),
    }
}

/// Parses `N` or `A..B` (also `A..=B`) within the Microsoft deal range.
fn parse_range(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        usage(format!(
            "`{s}`: expected a deal number N or a range A..B within 1..8589934591"
        ))
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
        None => (s.trim(), s.trim()),
    };
    let a: u64 = a.parse().map_err(|_| bad())?;
    let b: u64 = b.parse().map_err(|_| bad())?;
    if a == 0 || b < a || b > yomi_freecell::MAX_DEAL {
        return Err(bad());
    }
    Ok((a, b))
}

fn load_target(target: &str, cells: usize, cols: usize) -> Result<(Board, Option<u64>)> {
    let layout = Layout { cols, cells };
    if let Ok(n) = target.parse::<u64>() {
        let b = deal_board(n, layout).map_err(|e| usage(e.to_string()))?;
        return Ok((b, Some(n)));
    }
    let text =
        std::fs::read_to_string(target).with_context(|| format!("reading board file {target}"))?;
    let b = parse_board(&text, layout).map_err(|e| usage(format!("{target}: {e}")))?;
    Ok((b, None))
}

fn solve_cmd(
    target: &str,
    sa: &SolverArgs,
    cols: usize,
    show: bool,
    notation: Notation,
    json: bool,
) -> Result<()> {
    let opts = sa.options()?;
    let (board, deal) = load_target(target, sa.cells, cols)?;
    let r = solve(&board, &opts).context("solving")?;
    let moves: Vec<String> = r.steps.iter().map(|s| standard(s.mv)).collect();
    if json {
        let v = serde_json::json!({
            "deal": deal,
            "verdict": r.verdict.as_str(),
            "moves": moves,
            "auto": r.steps.iter().map(|s| s.auto).collect::<Vec<_>>(),
            "length": r.steps.len(),
            "length_before_shortening": r.raw_len,
            "move_mode": opts.moves,
            "solver": opts.solver,
            "decided_by": r.stage,
            "states": r.states,
            "seconds": r.seconds,
            "verified": r.verdict == Verdict::Solved,
        });
        outln!("{v}");
        return Ok(());
    }
    let name = deal.map_or_else(|| target.to_string(), |n| format!("deal {n}"));
    match r.verdict {
        Verdict::Solved => outln!(
            "{name}: solved in {} moves ({} automatic, marked *), verified by replay; {} before shortening; {} states, {:.3} s",
            r.steps.len(),
            r.steps.iter().filter(|s| s.auto).count(),
            r.raw_len,
            r.states,
            r.seconds
        ),
        Verdict::Unsolvable => outln!(
            "{name}: UNSOLVABLE (proven: all {} reachable states searched, {} free cells), {:.3} s",
            r.states,
            sa.cells,
            r.seconds
        ),
        Verdict::Intractable => outln!(
            "{name}: intractable (state limit hit after {} states, no verdict), {:.3} s",
            r.states,
            r.seconds
        ),
    }
    let mut b = board.clone();
    if show {
        out!("{}", format_board(&b, true));
    }
    let mut line = Vec::new();
    for s in &r.steps {
        let text = match notation {
            Notation::Standard => standard(s.mv),
            Notation::Verbose => fcs_verbose(s.mv),
            Notation::Hex => hex(s.mv, &b).map_err(|e| usage(e.to_string()))?,
        };
        let text = if s.auto { format!("{text}*") } else { text };
        yomi_freecell::moves::apply(&mut b, s.mv).context("replaying the solution")?;
        if show {
            outln!("\n{text}");
            out!("{}", format_board(&b, true));
        } else if matches!(notation, Notation::Verbose) {
            outln!("{text}");
        } else {
            line.push(text);
        }
    }
    if !line.is_empty() {
        outln!("{}", line.join(" "));
    }
    Ok(())
}

fn pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting worker threads")
}

fn range_cmd(deals: &str, sa: &SolverArgs, threads: usize, json: bool) -> Result<()> {
    let (a, b) = parse_range(deals)?;
    let opts = sa.options()?;
    let layout = Layout {
        cols: 8,
        cells: sa.cells,
    };
    let pool = pool(threads)?;
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

#[allow(clippy::too_many_arguments)]
fn dataset_cmd(
    deals: &str,
    out: PathBuf,
    format: FormatArg,
    shard_size: u64,
    shard: &str,
    sa: &SolverArgs,
    threads: usize,
    json: bool,
) -> Result<()> {
    let (a, b) = parse_range(deals)?;
    let opts = sa.options()?;
    if sa.cells > 4 {
        return Err(usage(
            "dataset: the hex and tensor encodings need at most 4 free cells",
        ));
    }
    let (i, n) = shard
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .filter(|&(i, n)| n >= 1 && i < n)
        .ok_or_else(|| usage(format!("--shard `{shard}`: expected i/n with 0 <= i < n")))?;
    let format = match format {
        FormatArg::Parquet => Format::Parquet,
        FormatArg::Jsonl => Format::Jsonl,
    };
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let shards = dataset::plan(a, b, shard_size, i, n);
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
    let pool = pool(threads)?;
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
    dataset::write_atomic(&path, |p| {
        std::fs::write(p, &text)
            .map_err(|e| yomi_freecell::FreecellError::Io(format!("{}: {e}", p.display())))
    })?;
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

/// A short demonstration for `yomi tour`.
pub fn tour() -> Result<()> {
    outln!("FreeCell: Microsoft deal 1 (fc-solve board text)");
    let board = deal_board(1, Layout::default())?;
    out!("{}", format_board(&board, false));
    let r = solve(&board, &SolveOptions::default())?;
    let moves: Vec<String> = r
        .steps
        .iter()
        .map(|s| {
            if s.auto {
                format!("{}*", standard(s.mv))
            } else {
                standard(s.mv)
            }
        })
        .collect();
    outln!(
        "solved in {} sequence moves (* = safe automatic move to the foundation), verified by replay, {:.3} s:",
        r.steps.len(),
        r.seconds
    );
    outln!("{}", moves.join(" "));
    let b = deal_board(11982, Layout::default())?;
    let r = solve(&b, &SolveOptions::default())?;
    outln!(
        "deal 11982: {} ({} states searched in {:.2} s)",
        r.verdict.as_str(),
        r.states,
        r.seconds
    );
    Ok(())
}
