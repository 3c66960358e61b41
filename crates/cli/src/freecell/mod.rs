//! `yomi freecell`: Microsoft deals, solving, range statistics and the
//! training-dataset generator (library: yomi-freecell).

use crate::args::Threads;
use crate::usage::usage;

mod dataset;
mod range;
mod solve;
mod tour;

use dataset::dataset_cmd;
use range::range_cmd;
use solve::solve_cmd;
pub use tour::tour;

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use std::path::PathBuf;
use yomi_freecell::solve::reproduce::Params;
use yomi_freecell::solve::{Shorten, SolverMode};
use yomi_freecell::text::format_board;
use yomi_freecell::{DealRange, Layout, MoveMode, SolveOptions, deal_board};

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
        /// One JSON object a deal (JSON Lines): the deal number, its board text and
        /// its columns as card names, bottom card first.
        #[arg(long)]
        json: bool,
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
        #[command(flatten)]
        threads: Threads,
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
        #[command(flatten)]
        threads: Threads,
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
    /// Do not make moves to the foundations automatically.
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
    /// Seed of the fast mode's exploring search (same seed, same solutions).
    #[arg(long, default_value_t = 0, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    /// With --moves atomic (fast mode): guided searches with this many
    /// seeds, keeping the solution with the fewest single-card moves.
    #[arg(long, default_value_t = yomi_freecell::solve::ATOMIC_TRIES, value_parser = crate::args::count::<u32>(yomi_freecell::solve::ATOMIC_TRIES_BOUNDS), allow_hyphen_values = true)]
    atomic_tries: u32,
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
        let reproduce: Params = self
            .reproduce
            .parse()
            .map_err(|e| usage(format!("--reproduce {e}")))?;
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
            reproduce,
            seed: self.seed,
            atomic_tries: self.atomic_tries,
            ..SolveOptions::default()
        })
    }
}

/// Runs `yomi freecell ...`.
pub fn run(args: FreecellArgs) -> Result<()> {
    match args.cmd {
        Cmd::Deal {
            deals,
            full,
            cells,
            json,
        } => {
            let range = deal_range(&deals)?;
            if range.len() > 1_000_000 {
                return Err(usage("deal: at most 1,000,000 deals at once"));
            }
            let layout = Layout { cols: 8, cells };
            let mut out = String::new();
            for n in range.deals() {
                let board = deal_board(n, layout)?;
                if json {
                    let columns: Vec<Vec<String>> = board
                        .columns()
                        .map(|c| c.iter().map(|card| card.to_string()).collect())
                        .collect();
                    let line = serde_json::json!({
                        "deal": n,
                        "board": format_board(&board, full),
                        "columns": columns,
                    });
                    out.push_str(&format!("{line}\n"));
                    continue;
                }
                if !range.is_single() {
                    out.push_str(&format!("# deal {n}\n"));
                }
                out.push_str(&format_board(&board, full));
                if !range.is_single() {
                    out.push('\n');
                }
            }
            print!("{out}");
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
        } => range_cmd(&deals, &solver, &threads, json),
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
            &deals, out, format, shard_size, &shard, &solver, &threads, json,
        ),
    }
}

/// The deal number or range of a positional argument or `--deals`.
fn deal_range(text: &str) -> Result<DealRange> {
    Ok(text.parse::<DealRange>()?)
}
