//! `yomi xmasrush play`: one refereed game, built-in bots or external programs.

use super::LeagueArg;
use crate::files::write_atomic;
use crate::usage::usage;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use yomi_core::parse_duration;
use yomi_xmasrush::player::Player;
use yomi_xmasrush::referee::{RefereeOptions, TimeLimits, play_game};

/// Arguments of `play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Player 0: a strategy spec (`combo`, `mcts:time=40ms`) or `cmd:PROGRAM` (run with sh -c).
    #[arg(long)]
    a: String,
    /// Player 1, as `--a`.
    #[arg(long)]
    b: String,
    /// Game seed (a Java long, as CodinGame's `seed` parameter; may be negative).
    #[arg(long, default_value_t = 0, value_parser = crate::args::long_seed, allow_hyphen_values = true)]
    seed: i64,
    #[command(flatten)]
    league: LeagueArg,
    /// Time limit of the first answer (external programs).
    #[arg(long, default_value = "1s")]
    first_limit: String,
    /// Time limit of later answers (external programs; built-in bots use it as their budget).
    #[arg(long, default_value = "50ms")]
    turn_limit: String,
    /// Write the JSON replay here.
    #[arg(long)]
    replay: Option<PathBuf>,
    /// JSON result on stdout.
    #[arg(long)]
    json: bool,
}

/// Runs `play`.
pub fn run(args: PlayArgs) -> Result<()> {
    let league = args.league.get()?;
    let limits = TimeLimits {
        first: parse_duration(&args.first_limit)
            .map_err(|e| usage(format!("--first-limit: {e}")))?,
        turn: parse_duration(&args.turn_limit).map_err(|e| usage(format!("--turn-limit: {e}")))?,
    };
    let mut players = [
        Player::from_spec(&args.a, args.seed as u64, league)?,
        Player::from_spec(&args.b, args.seed as u64 ^ 1, league)?,
    ];
    let options = RefereeOptions {
        league,
        limits,
        check_invariants: true,
        record: args.replay.is_some(),
    };
    let (result, replay) = play_game(
        &mut players,
        [args.a.clone(), args.b.clone()],
        args.seed,
        options,
    )?;
    if let Some(path) = &args.replay {
        let text = serde_json::to_string(&replay)?;
        write_atomic(path, text.as_bytes())?;
    }
    if args.json {
        println!("{}", serde_json::to_string(&result)?);
    } else {
        println!(
            "{} {} : {} {}  ({:?}, {} game turns)",
            args.a, result.scores[0], result.scores[1], args.b, result.reason, result.turns
        );
        for p in 0..2 {
            if let Some(why) = &result.disqualified[p] {
                println!("player {p} disqualified: {why}");
            }
        }
        if let Some(path) = &args.replay {
            eprintln!("replay written to {}", path.display());
        }
    }
    Ok(())
}
