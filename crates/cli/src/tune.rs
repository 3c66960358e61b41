//! `yomi tune sweep` and `yomi tune spsa`: parameter tuning of built-in
//! strategies of any game, Xmas Rush bots and USI engines (library:
//! `yomi_arena::tune`, with the contests of yomi-xmasrush and
//! yomi-shogi-match). Journals, the JSON result and its SVG chart go to
//! `--out DIR`; a rerun with the same settings continues.

use crate::arena::ClockArgs;
use crate::args::Threads;
use crate::games::{GameKind, with_game};
use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::time::Duration;
use yomi_arena::tune::{
    self, Contest, SpsaConfig, SpsaParam, SpsaSchedule, StrategyContest, StrategyContestError,
    SweepConfig, SweepValues, chart,
};
use yomi_arena::{MatchConfig, SprtConfig};
use yomi_shogi_match::tune::EngineContest;
use yomi_shogi_match::{MatchError, ShogiMatchConfig};
use yomi_xmasrush::tournament::TournamentError;
use yomi_xmasrush::tune::BotContest;

/// Arguments of `yomi tune`.
#[derive(clap::Args)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: TuneCommand,
}

#[derive(clap::Subcommand)]
enum TuneCommand {
    /// One parameter over a list of values, each against a fixed reference: Elo and its
    /// 95% interval per value, the best value and its margin, a chart.
    Sweep(SweepArgs),
    /// SPSA (fishtest's schedule) over several numeric parameters, then the tuned values
    /// against the start values (SPRT), a chart of every parameter's trajectory.
    Spsa(SpsaArgs),
}

/// What every tuning run plays: the game, its match settings, where results go.
#[derive(clap::Args)]
struct ContestArgs {
    /// The game: tictactoe, connect4, shogi (built-in strategies, or USI engines as
    /// `usi:PATH[,Option=Value...]`) or xmasrush (its bots: `duct`, `mcts:turns=2`, ...).
    game: String,
    /// Directory of the journals, the JSON result and the SVG chart (a rerun with the
    /// same settings continues; other settings are refused).
    #[arg(long)]
    out: PathBuf,
    /// Seed of every match the tuner plays.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    #[command(flatten)]
    threads: Threads,
    /// Random plies that make up each pair's opening (not Xmas Rush: its seeds are its openings).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// File of openings, one per line (as `yomi arena --openings`).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Adjudicate a game as a draw after this many plies.
    #[arg(long)]
    max_plies: Option<u32>,
    #[command(flatten)]
    clock: ClockArgs,
    /// Shogi: entering-king rule: `27` (CSA, default), `24` or `none`.
    #[arg(long, default_value = "27")]
    declaration: String,
    /// Xmas Rush league: wood2, wood1, bronze, silver, gold or legend.
    #[arg(long, default_value = "legend")]
    league: String,
    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct SweepArgs {
    #[command(flatten)]
    contest: ContestArgs,
    /// The swept player's spec (e.g. `mcts`, `mcts:iterations=2000`, `usi:./engine`).
    #[arg(long)]
    base: String,
    /// The spec key (or USI option) swept, e.g. `turns`.
    #[arg(long)]
    param: String,
    /// The values: `1..10`, `0.5..2:0.25` or `1,2,4,8`.
    #[arg(long)]
    values: SweepValues,
    /// The fixed opponent's spec.
    #[arg(long)]
    reference: String,
    /// Pairs of games per value (two games each, seats swapped).
    #[arg(long, default_value_t = 100, value_parser = crate::args::count::<u64>(tune::PAIRS), allow_hyphen_values = true)]
    pairs: u64,
}

#[derive(clap::Args)]
struct SpsaArgs {
    #[command(flatten)]
    contest: ContestArgs,
    /// The tuned player's spec; the parameters are set in it.
    #[arg(long)]
    base: String,
    /// A parameter as fishtest writes it: `NAME,int|float,START,MIN,MAX[,C_END,R_END]`
    /// (e.g. `turns,int,4,1,10`); repeat for each parameter.
    #[arg(long = "param", required = true)]
    params: Vec<SpsaParam>,
    /// Budget: game pairs in all (fishtest's iterations).
    #[arg(long, default_value_t = 1000, value_parser = crate::args::count::<u64>(tune::PAIRS), allow_hyphen_values = true)]
    pairs: u64,
    /// Pairs per step (one perturbation, one update); default: one per worker thread.
    #[arg(long, value_parser = crate::args::count::<u64>(tune::PAIRS), allow_hyphen_values = true)]
    batch: Option<u64>,
    /// fishtest's A as a fraction of the budget.
    #[arg(long, default_value_t = 0.1)]
    a_ratio: f64,
    /// Decay exponent of the learning rate.
    #[arg(long, default_value_t = 0.602)]
    alpha: f64,
    /// Decay exponent of the perturbation.
    #[arg(long, default_value_t = 0.101)]
    gamma: f64,
    /// Pairs of the confirmation match, tuned against start (0: none).
    #[arg(long, default_value_t = 200)]
    confirm_pairs: u64,
    /// The confirmation's SPRT `elo0,elo1[,alpha,beta[,model]]`.
    #[arg(long, default_value = "0,10")]
    confirm_sprt: SprtConfig,
}

/// A contest's error as the CLI reports it: bad specs and settings are the
/// user's input (exit code 2), the rest runtime failures (1).
trait Failure {
    fn into_cli(self) -> anyhow::Error;
}

impl Failure for StrategyContestError {
    fn into_cli(self) -> anyhow::Error {
        match self {
            StrategyContestError::Arena(e) => crate::arena::arena_error(e),
            e => crate::usage::bad_input(e),
        }
    }
}

impl Failure for TournamentError {
    fn into_cli(self) -> anyhow::Error {
        match self {
            TournamentError::Arena(e) => crate::arena::arena_error(e),
            TournamentError::Invariant { .. } => anyhow::Error::new(self),
            e => crate::usage::bad_input(e),
        }
    }
}

impl Failure for MatchError {
    fn into_cli(self) -> anyhow::Error {
        crate::shogi::usi_arena::match_error(self)
    }
}

/// Runs `body` with the contest the game and its flags make.
macro_rules! with_contest {
    ($args:expr, $specs:expr, $c:ident => $body:expr) => {{
        let args: &ContestArgs = $args;
        if args.game == "xmasrush" {
            if args.clock.any() || args.openings.is_some() || args.max_plies.is_some() {
                return Err(usage(
                    "xmasrush: clocks, openings and ply limits are the bots' own (time=40ms in a spec; seeds are the openings)",
                ));
            }
            let league = yomi_xmasrush::League::parse(&args.league).map_err(crate::usage::bad_input)?;
            let $c = BotContest { league };
            $body
        } else {
            let kind: GameKind = args.game.parse().map_err(|_| {
                usage(format!(
                    "unknown game '{}'; valid: {}, xmasrush",
                    yomi_core::text::excerpt(&args.game),
                    GameKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
                ))
            })?;
            let base = match_config(args, matches!(kind, GameKind::Shogi))?;
            let engines = $specs.iter().any(|s: &&str| s.starts_with("usi:"));
            if matches!(kind, GameKind::Shogi) && (engines || args.clock.any()) {
                let $c = EngineContest { base: shogi_config(args, base)? };
                $body
            } else {
                if args.declaration != "27" {
                    return Err(usage("--declaration is for shogi matches with engines or a clock"));
                }
                with_game!(kind, G => {
                    let $c = StrategyContest::<G>::new(base);
                    $body
                })
            }
        }
    }};
}

fn match_config(args: &ContestArgs, shogi: bool) -> Result<MatchConfig> {
    Ok(MatchConfig {
        openings: crate::arena::openings(args.openings.as_deref(), args.opening_plies)?,
        max_plies: args.max_plies,
        clock: args
            .clock
            .control(false, shogi.then_some(Duration::from_secs(1)))?,
        tolerance: args.clock.time_margin.unwrap_or(Duration::ZERO),
        resign: args.clock.resign,
        ..MatchConfig::new(2)
    })
}

fn shogi_config(args: &ContestArgs, arena: MatchConfig) -> Result<ShogiMatchConfig> {
    Ok(ShogiMatchConfig {
        arena,
        declaration: crate::shogi::usi_arena::declaration(&args.declaration)?,
        records: None,
        record_format: Default::default(),
        handshake: Duration::from_secs(10),
    })
}

/// Writes `report` as pretty JSON and `svg` beside it, each atomically,
/// then prints it (one JSON object with `json`, else its text and where
/// the files went).
fn finish<R: serde::Serialize + std::fmt::Display>(
    dir: &Path,
    stem: &str,
    report: &R,
    svg: &str,
    json: bool,
) -> Result<()> {
    let (json_path, svg_path) = (
        dir.join(format!("{stem}.json")),
        dir.join(format!("{stem}.svg")),
    );
    crate::files::write_atomic(&json_path, serde_json::to_string_pretty(report)?.as_bytes())?;
    crate::files::write_atomic(&svg_path, svg.as_bytes())?;
    if json {
        println!("{}", serde_json::to_string(report)?);
    } else {
        println!("{report}");
        println!("wrote {} and {}", json_path.display(), svg_path.display());
    }
    Ok(())
}

fn make_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))
}

fn sweep_with<C: Contest>(c: &C, a: &SweepArgs) -> Result<()>
where
    C::Error: Failure,
{
    let out = &a.contest.out;
    make_dir(out)?;
    let cfg = SweepConfig {
        base: a.base.clone(),
        param: a.param.clone(),
        values: a.values.clone(),
        reference: a.reference.clone(),
        pairs: a.pairs,
        seed: a.contest.seed,
        threads: a.contest.threads.threads,
        journal_dir: Some(out.join("journal")),
    };
    let per_value = 2 * a.pairs;
    let bar = crate::progress::match_bar(per_value * a.values.0.len() as u64);
    let report = tune::run_sweep(
        c,
        &cfg,
        &|p| {
            bar.suspend(|| tracing::info!("{} {p}", a.param));
        },
        &|i, p| {
            bar.set_position(i as u64 * per_value + u64::from(p.games_done));
            bar.set_message(format!(
                "{}={}  +{} ={} -{}",
                a.param,
                tune::format_value(a.values.0[i]),
                p.wins,
                p.draws,
                p.losses
            ));
        },
    )
    .map_err(|e| match e {
        tune::SweepError::Contest(e) => e.into_cli(),
        e => anyhow::Error::new(e),
    })?;
    bar.finish_and_clear();
    finish(
        out,
        "sweep",
        &report,
        &chart::sweep_svg(&report),
        a.contest.json,
    )
}

fn spsa_with<C: Contest>(c: &C, a: &SpsaArgs) -> Result<()>
where
    C::Error: Failure,
{
    let out = &a.contest.out;
    make_dir(out)?;
    let threads = match a.contest.threads.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let cfg = SpsaConfig {
        base: a.base.clone(),
        params: a.params.clone(),
        pairs: a.pairs,
        batch: a.batch.unwrap_or(threads as u64),
        schedule: SpsaSchedule {
            a_ratio: a.a_ratio,
            alpha: a.alpha,
            gamma: a.gamma,
        },
        seed: a.contest.seed,
        threads,
        journal: Some(out.join("spsa.jsonl")),
        confirm_pairs: a.confirm_pairs,
        confirm_sprt: a.confirm_sprt,
        confirm_journal: Some(out.join("confirm.jsonl")),
    };
    let bar = crate::progress::match_bar(a.pairs);
    let report = tune::run_spsa(
        c,
        &cfg,
        &|r, cfg| {
            bar.set_position(r.pairs_before + u64::from(r.result.games() / 2));
            let line = tune::spsa::step_line(r, cfg);
            bar.set_message(line.clone());
            bar.suspend(|| tracing::info!("{line}"));
        },
        &|_| {},
    )
    .map_err(|e| match e {
        tune::SpsaError::Contest(e) => e.into_cli(),
        tune::SpsaError::Journal(e) => crate::arena::arena_error(e.into()),
        e => crate::usage::bad_input(e),
    })?;
    bar.finish_and_clear();
    finish(
        out,
        "spsa",
        &report,
        &chart::spsa_svg(&report),
        a.contest.json,
    )
}

/// Runs `yomi tune`.
pub fn run(args: TuneArgs) -> Result<()> {
    match args.command {
        TuneCommand::Sweep(a) => {
            let specs = [a.base.as_str(), a.reference.as_str()];
            with_contest!(&a.contest, specs, c => sweep_with(&c, &a))
        }
        TuneCommand::Spsa(a) => {
            let specs = [a.base.as_str()];
            with_contest!(&a.contest, specs, c => spsa_with(&c, &a))
        }
    }
}
