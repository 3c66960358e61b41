//! `yomi xmasrush arena`: round robin of built-in bots with seats swapped on
//! each seed; Elo with 95% intervals and SPRT per pairing.

use super::LeagueArg;
use crate::usage::usage;
use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::tournament::{PairingOptions, PairingReport, field_table, run_pairing};

/// Arguments of `arena`.
#[derive(Args)]
pub struct ArenaArgs {
    /// Bots, separated by `;` (specs contain commas): `greedy;minmax1;mcts;duct;combo`.
    #[arg(long, default_value = "random;greedy;minmax1;mcts;duct;combo")]
    bots: String,
    /// Seeds per pairing, each played twice with seats swapped.
    #[arg(long, default_value_t = 10)]
    pairs: u32,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    seed: i64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// SPRT hypotheses elo0,elo1.
    #[arg(long, default_value = "0,50")]
    sprt: String,
    #[command(flatten)]
    league: LeagueArg,
    /// Append each pairing's JSON line to this file as it finishes; a rerun
    /// with the same file takes the pairings already there (same bots,
    /// seeds, games and league) instead of playing them again.
    #[arg(long)]
    out: Option<PathBuf>,
    /// JSON lines on stdout.
    #[arg(long)]
    json: bool,
}

/// Runs `arena`.
pub fn run(args: ArenaArgs) -> Result<()> {
    let league = args.league.get()?;
    let bots: Vec<String> = args
        .bots
        .split(';')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    for b in &bots {
        BotSpec::parse(b).map_err(|e| usage(format!("bot '{b}': {e}")))?;
    }
    let (e0, e1) = args
        .sprt
        .split_once(',')
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
        .ok_or_else(|| usage(format!("--sprt wants elo0,elo1, got '{}'", args.sprt)))?;
    let options = PairingOptions {
        pairs: args.pairs,
        base_seed: args.seed,
        threads: args.threads,
        league,
        sprt: (e0, e1),
    };
    let done = match &args.out {
        Some(path) if path.exists() => read_reports(path)?,
        _ => Vec::new(),
    };
    let mut reports = Vec::new();
    for i in 0..bots.len() {
        for j in i + 1..bots.len() {
            let (a, b) = (&bots[i], &bots[j]);
            let previous = done.iter().find(|r| r.is_for(a, b, &options));
            let r = match previous {
                Some(r) => {
                    tracing::info!("{a} vs {b}: taken from --out");
                    r.clone().with_sprt(&options)
                }
                None => {
                    let r = run_pairing(a, b, options).map_err(|e| usage(e.to_string()))?;
                    if let Some(path) = &args.out {
                        append_line(path, &serde_json::to_string(&r)?)?;
                    }
                    r
                }
            };
            if args.json {
                println!("{}", serde_json::to_string(&r)?);
            } else {
                println!(
                    "{:<28} vs {:<28} {:>4} games  +{} ={} -{}  score {:.3}  Elo {:+.0} ± {:.0}  SPRT({e0},{e1}) {} (LLR {:.2})  max answer {:.1}/{:.1} ms",
                    r.a,
                    r.b,
                    r.games,
                    r.wdl[0],
                    r.wdl[1],
                    r.wdl[2],
                    r.score,
                    r.elo,
                    r.elo_error,
                    r.sprt,
                    r.llr,
                    r.max_answer_ms[0],
                    r.max_answer_ms[1]
                );
            }
            reports.push(r);
        }
    }
    let table = field_table(&bots, &reports);
    if args.json {
        println!("{}", serde_json::json!({ "field": table }));
    } else {
        println!("\nagainst the field (pairs pooled; Elo against the average opponent, 95%):");
        for row in &table {
            println!(
                "  {:<28} {:>5} games  score {:.3}  Elo {:+.0} ± {:.0}",
                row.bot, row.games, row.score, row.elo, row.elo_error
            );
        }
    }
    Ok(())
}

/// The pairing reports of an `--out` file, one JSON line each.
fn read_reports(path: &Path) -> Result<Vec<PairingReport>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            serde_json::from_str(l).map_err(|e| {
                usage(format!(
                    "{}:{}: not a pairing report ({e}); move the file away to start afresh",
                    path.display(),
                    n + 1
                ))
            })
        })
        .collect()
}

/// Appends one line and flushes it (a finished pairing survives an interrupt).
fn append_line(path: &Path, line: &str) -> Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    writeln!(f, "{line}").with_context(|| format!("cannot write {}", path.display()))
}
