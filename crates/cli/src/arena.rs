//! `yomi arena`: plays strategy A against strategy B many times in paired
//! games and reports W/D/L, Elo with its error bar, LOS and optional SPRT;
//! optionally under a clock, with resign adjudication and a journal that
//! resumes the match. Shogi matches with USI engines or shogi's own options
//! go to `shogi::usi_arena`.

use crate::args::Threads;
use crate::games::{GameKind, with_game};
use crate::usage::usage;
use std::path::PathBuf;
use std::time::Duration;
use yomi_arena::{
    ArenaError, ClockOptions, ClockedReport, JournalError, MatchConfig, MatchJournal, Openings,
    PlayerFactory, ResignRule, SprtConfig, TimeControl, run_clocked_match, spec_factory,
};
use yomi_core::{parse_duration, parse_duration_or_zero};
use yomi_search::{Game, StrategySpec};

/// Arguments of `yomi arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_parser())]
    pub game: GameKind,
    /// Player A's strategy spec (e.g. `mcts:iterations=2000`).
    #[arg(long)]
    pub a: String,
    /// Player B's strategy spec (e.g. `alphabeta:depth=6`).
    #[arg(long)]
    pub b: String,
    /// Number of games (rounded up to an even number: games come in seat-swapped pairs).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    #[command(flatten)]
    pub threads: Threads,
    /// Random plies that make up each pair's opening.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    /// File of openings, one per line: moves separated by spaces (shogi also
    /// `[position] startpos|sfen <position> [moves ...]`); `#` starts a
    /// comment (overrides --opening-plies).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Stop early by SPRT: `elo0,elo1[,alpha,beta[,logistic|normalized]]`, e.g. `0,10`.
    #[arg(long)]
    pub sprt: Option<SprtConfig>,
    /// Match seed: same seed, same games for deterministic strategies.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Adjudicate a game as a draw after this many plies.
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub clock: ClockArgs,
    /// Journal every finished pair to this file (JSON lines); rerun with the same
    /// file and settings to continue a stopped match.
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// Shogi only: USI engines (`--a usi:PATH[,Option=Value...]`), records, declaration.
    #[command(flatten)]
    pub shogi: crate::shogi::usi_arena::ShogiMatchArgs,
}

/// The clock and resign rule of a match (any game).
#[derive(clap::Args, Debug, Default)]
pub struct ClockArgs {
    /// Byoyomi per move (e.g. `200ms`, `1s`); shogi matches with engines default to byoyomi 1s.
    #[arg(long, value_parser = parse_duration)]
    pub byoyomi: Option<Duration>,
    /// Main time per side before byoyomi, or with --inc (e.g. `1m`).
    #[arg(long, value_parser = parse_duration_or_zero)]
    pub main_time: Option<Duration>,
    /// Fischer increment per move (with --main-time).
    #[arg(long, value_parser = parse_duration)]
    pub inc: Option<Duration>,
    /// A node budget per move (USI `go nodes N`; built-in strategies take it as their
    /// node or iteration limit) instead of a clock.
    #[arg(long)]
    pub nodes_per_move: Option<u64>,
    /// Lateness forgiven before a move loses on time (default 0ms).
    #[arg(long, value_parser = parse_duration_or_zero)]
    pub time_margin: Option<Duration>,
    /// Resign adjudication `MOVES,CP` (e.g. `3,1000`): the side to move loses once
    /// its last MOVES scores were all at most -CP and its opponent's last MOVES at
    /// least CP; off unless given.
    #[arg(long)]
    pub resign: Option<ResignRule>,
}

impl ClockArgs {
    /// True when any clock or resign option was given.
    pub fn any(&self) -> bool {
        self.byoyomi.is_some()
            || self.main_time.is_some()
            || self.inc.is_some()
            || self.nodes_per_move.is_some()
            || self.time_margin.is_some()
            || self.resign.is_some()
    }

    /// The time control given, if any (`ClockOptions::control`: without
    /// --byoyomi, --inc or --nodes-per-move, the byoyomi is `default_byoyomi`,
    /// zero if none, when a clock is wanted: `clocked`, or --main-time given).
    pub fn control(
        &self,
        clocked: bool,
        default_byoyomi: Option<Duration>,
    ) -> anyhow::Result<Option<TimeControl>> {
        let options = ClockOptions {
            byoyomi: self.byoyomi,
            main_time: self.main_time,
            increment: self.inc,
            nodes_per_move: self.nodes_per_move,
        };
        options
            .control(clocked, default_byoyomi)
            .map_err(|e| usage(e.to_string()))
    }
}

/// Parses a spec into a per-game player factory (exit code 2 when it is bad).
pub fn factory<G: Game>(text: &str) -> anyhow::Result<PlayerFactory<G>> {
    let spec: StrategySpec = text
        .parse()
        .map_err(|e: yomi_search::SpecError| crate::usage::bad_input(e))?;
    spec_factory(&spec).map_err(crate::usage::bad_input)
}

/// The openings of `--openings FILE` (read whole) or `--opening-plies N`.
pub fn openings(file: Option<&std::path::Path>, plies: u32) -> anyhow::Result<Openings> {
    Ok(match file {
        Some(path) => Openings::File(
            std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read openings file {}: {e}", path.display())))?,
        ),
        None => Openings::Random { plies },
    })
}

/// Builds the match configuration from the arguments; a shogi match with
/// engines (`shogi_clocked`) always has a clock, byoyomi 1 s by default.
pub fn config(args: &ArenaArgs, shogi_clocked: bool) -> anyhow::Result<MatchConfig> {
    if args.games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    if args.games % 2 == 1 {
        tracing::warn!(
            "{} games asked for: {} are played, as games come in seat-swapped pairs",
            args.games,
            u64::from(args.games) + 1
        );
    }
    let openings = openings(args.openings.as_deref(), args.opening_plies)?;
    Ok(MatchConfig {
        games: args.games,
        threads: args.threads.threads,
        openings,
        seed: args.seed,
        sprt: args.sprt,
        max_plies: args.max_plies,
        clock: args.clock.control(
            shogi_clocked,
            shogi_clocked.then_some(Duration::from_secs(1)),
        )?,
        tolerance: args.clock.time_margin.unwrap_or(Duration::ZERO),
        resign: args.clock.resign,
        journal: args.journal.as_ref().map(|path| MatchJournal {
            path: path.clone(),
            players: [args.a.clone(), args.b.clone()],
        }),
    })
}

/// A match's error as the CLI reports it: the configuration, openings and a
/// journal of another match are the user's input (exit code 2); failing to
/// read or write the journal or to start threads is a runtime failure (1).
pub fn arena_error(e: ArenaError) -> anyhow::Error {
    match e {
        ArenaError::Journal(JournalError::Io { .. })
        | ArenaError::ThreadPool { .. }
        | ArenaError::Stopped => anyhow::Error::new(e),
        e => crate::usage::bad_input(e),
    }
}

/// Runs a match of two strategy specs with a progress bar on stderr (hidden
/// when stderr is not a terminal).
pub fn match_report<G: Game>(a: &str, b: &str, cfg: &MatchConfig) -> anyhow::Result<ClockedReport> {
    let (fa, fb) = (factory::<G>(a)?, factory::<G>(b)?);
    let bar = crate::progress::match_bar(u64::from(cfg.scheduled_games()));
    let report = run_clocked_match(&fa, &fb, cfg, &|p| {
        bar.set_position(u64::from(p.games_done));
        bar.set_message(format!("+{} ={} -{}", p.wins, p.draws, p.losses));
    })
    .map_err(arena_error)?;
    bar.finish_and_clear();
    Ok(report)
}

/// Runs a match and prints its report as text or JSON: with the forfeits
/// and adjudications when a clock or a resign rule can bring them.
pub fn play_match<G: Game>(a: &str, b: &str, cfg: &MatchConfig, json: bool) -> anyhow::Result<()> {
    let r = match_report::<G>(a, b, cfg)?;
    let text = match (cfg.clock.is_some() || cfg.resign.is_some(), json) {
        (true, true) => serde_json::to_string(&r)?,
        (true, false) => r.to_string(),
        (false, true) => serde_json::to_string(&r.report)?,
        (false, false) => r.report.to_string(),
    };
    println!("{text}");
    Ok(())
}

/// Runs `yomi arena`.
pub fn run(args: ArenaArgs) -> anyhow::Result<()> {
    let shogi = matches!(args.game, GameKind::Shogi);
    if !shogi && args.shogi.any() {
        return Err(usage(
            "--records, --record-format and --declaration are for shogi matches",
        ));
    }
    let engines = args.a.starts_with("usi:") || args.b.starts_with("usi:");
    let shogi_clocked =
        shogi && (engines || args.clock.any() || args.journal.is_some() || args.shogi.any());
    let cfg = config(&args, shogi_clocked)?;
    if shogi_clocked {
        return crate::shogi::usi_arena::run_clocked(&args.a, &args.b, cfg, &args.shogi, args.json);
    }
    with_game!(args.game, G => play_match::<G>(&args.a, &args.b, &cfg, args.json))
}
