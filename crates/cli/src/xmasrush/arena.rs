//! `yomi xmasrush arena`: round robin of built-in bots with seats swapped on
//! each seed; Elo with 95% intervals and SPRT per pairing (library:
//! `yomi_xmasrush::tournament`, on yomi-arena's runner).

use super::LeagueArg;

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use yomi_arena::SprtConfig;
use yomi_xmasrush::tournament::{
    PairingReport, RoundRobin, TournamentError, field_table, run_round_robin,
};

/// Arguments of `arena`.
#[derive(Args)]
pub struct ArenaArgs {
    /// Bots, separated by `;` (specs contain commas): `greedy;minmax1;mcts;duct;combo`.
    #[arg(long, default_value = "random;greedy;minmax1;mcts;duct;combo")]
    bots: String,
    /// Seeds per pairing, each played twice with seats swapped.
    #[arg(long, default_value_t = 10, value_parser = crate::args::count::<u32>(yomi_xmasrush::tournament::PAIRS), allow_hyphen_values = true)]
    pairs: u32,
    /// First seed (a Java long, as CodinGame's `seed` parameter; may be negative).
    #[arg(long, default_value_t = 1, value_parser = crate::args::long_seed, allow_hyphen_values = true)]
    seed: i64,
    /// Worker threads (0: all cores; at most 1024).
    #[arg(long, default_value_t = 1, value_parser = crate::args::threads, allow_hyphen_values = true)]
    threads: usize,
    /// SPRT hypotheses elo0,elo1 of each pairing's verdict.
    #[arg(long, default_value = "0,50")]
    sprt: SprtConfig,
    #[command(flatten)]
    league: LeagueArg,
    /// Journal every finished pair of games to this file (JSON lines); a
    /// rerun with the same file, bots, pairs, seed and league continues
    /// where it stopped.
    #[arg(long)]
    out: Option<PathBuf>,
    /// JSON lines on stdout.
    #[arg(long)]
    json: bool,
}

/// Runs `arena`.
pub fn run(args: ArenaArgs) -> Result<()> {
    let bots: Vec<String> = args
        .bots
        .split(';')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let rr = RoundRobin {
        stop_early: false,
        bots: bots.clone(),
        pairs: args.pairs,
        base_seed: args.seed,
        threads: args.threads,
        league: args.league.get()?,
        sprt: args.sprt,
        journal: args.out.clone(),
    };
    let (e0, e1) = (args.sprt.elo0, args.sprt.elo1);
    let json = args.json;
    let print = move |r: &PairingReport| {
        if json {
            println!(
                "{}",
                serde_json::to_string(r).expect("a report of numbers and strings serializes")
            );
        } else {
            println!(
                "{:<28} vs {:<28} {:>4} games  +{} ={} -{}  score {:.3}  Elo {}  SPRT({e0},{e1}) {} (LLR {:.2})  max answer {:.1}/{:.1} ms",
                r.a,
                r.b,
                r.games,
                r.wdl[0],
                r.wdl[1],
                r.wdl[2],
                r.score,
                r.elo_text(),
                r.sprt,
                r.llr,
                r.max_answer_ms[0],
                r.max_answer_ms[1]
            );
        }
    };
    let reports = run_round_robin(&rr, &print, &|_| {}).map_err(|e| match e {
        TournamentError::Spec { .. }
        | TournamentError::TooFewBots(_)
        | TournamentError::NoPairs => crate::usage::bad_input(e),
        TournamentError::Arena(a) => crate::arena::arena_error(a),
        e => anyhow::Error::new(e),
    })?;
    let table = field_table(&bots, &reports);
    if args.json {
        println!("{}", serde_json::json!({ "field": table }));
    } else {
        println!("\nagainst the field (pairs pooled; Elo against the average opponent, 95%):");
        for row in &table {
            println!(
                "  {:<28} {:>5} games  score {:.3}  Elo {}",
                row.bot,
                row.games,
                row.score,
                row.elo_text()
            );
        }
    }
    Ok(())
}
