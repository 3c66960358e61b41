//! `yomi xmasrush`: CodinGame's Xmas Rush — local matches with built-in or
//! external bots, a CodinGame bot on stdin/stdout, replay pages, the
//! invariant check, round robins and search speed (library: yomi-xmasrush).

mod arena;
mod bench;
mod bot;
mod check;
mod export;
mod play;
mod tour;
mod view;

pub use tour::tour;

use crate::usage::usage;
use anyhow::Result;
use clap::{Args, Subcommand};
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_xmasrush::League;
use yomi_xmasrush::botio::TURN_BUDGET;
use yomi_xmasrush::bots::BotSpec;

/// Xmas Rush: referee, bots, replays.
#[derive(Args)]
pub struct XmasrushArgs {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play one game between built-in bots (SPEC) or programs (cmd:PROGRAM); write a JSON replay.
    Play(play::PlayArgs),
    /// Be a CodinGame bot: read the referee's input on stdin, answer on stdout.
    Bot(bot::BotArgs),
    /// Turn a JSON replay into a self-contained HTML page.
    View(view::ViewArgs),
    /// Random games with every invariant checked each turn.
    Check(check::CheckArgs),
    /// Round robin of built-in bots: Elo with 95% intervals and SPRT.
    Arena(arena::ArenaArgs),
    /// One Rust source file to submit on CodinGame (std only).
    Export(export::ExportArgs),
    /// Simulations per push turn of a searching bot on fixed positions.
    Bench(bench::BenchArgs),
}

/// The `--league` option shared by the subcommands.
#[derive(Args, Clone)]
pub(crate) struct LeagueArg {
    /// League rules: wood2, wood1, bronze, silver, gold or legend.
    #[arg(long, default_value = "legend")]
    league: String,
}

/// What a CodinGame bot plays, for `bot` and `export`.
#[derive(Args, Clone)]
pub(crate) struct BotChoiceArgs {
    /// Strategy spec (`duct`, `combo`, `duct:policy=exp3`, ...).
    #[arg(long, default_value = "duct")]
    strategy: String,
    #[command(flatten)]
    league: LeagueArg,
    /// Thinking time per turn after the first, counted from the input's arrival
    /// (the referee allows 50 ms; the default 25 ms, answered by 35 ms at the
    /// latest, keeps a margin for a loaded machine; 40ms suits an idle one
    /// such as CodinGame's).
    #[arg(long)]
    budget: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
}

impl BotChoiceArgs {
    fn spec(&self) -> Result<BotSpec> {
        BotSpec::parse(&self.strategy).map_err(|e| usage(format!("--strategy: {e}")))
    }

    fn budget(&self) -> Result<Duration> {
        match &self.budget {
            Some(text) => parse_duration(text).map_err(|e| usage(format!("--budget: {e}"))),
            None => Ok(TURN_BUDGET),
        }
    }
}

impl LeagueArg {
    pub(crate) fn get(&self) -> Result<League> {
        Ok(League::parse(&self.league)?)
    }
}

/// Runs `yomi xmasrush`.
pub fn run(args: XmasrushArgs) -> Result<()> {
    match args.cmd {
        Cmd::Play(a) => play::run(a),
        Cmd::Bot(a) => bot::run(a),
        Cmd::View(a) => view::run(a),
        Cmd::Check(a) => check::run(a),
        Cmd::Arena(a) => arena::run(a),
        Cmd::Export(a) => export::run(a),
        Cmd::Bench(a) => bench::run(a),
    }
}
