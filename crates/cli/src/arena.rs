//! `yomi arena`: plays strategy A against strategy B many times in paired
//! games and reports W/D/L, Elo with its error bar, LOS and optional SPRT.

use crate::args::Threads;
use crate::games::{GameKind, with_game};
use crate::usage::usage;
use std::sync::Arc;
use yomi_arena::{MatchConfig, MatchReport, Openings, PlayerFactory, SprtConfig, run_match};
use yomi_search::{Game, StrategySpec};

/// Arguments of `yomi arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The game.
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
    /// File of openings, one per line, moves separated by spaces (overrides --opening-plies).
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// Stop early by SPRT: `elo0,elo1[,alpha,beta]`, e.g. `0,10` or `0,10,0.05,0.05`.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Match seed: same seed, same games for deterministic strategies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adjudicate a game as a draw after this many plies.
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Shogi only: clocks, USI engines (`--a usi:PATH[,Option=Value...]`), records.
    #[command(flatten)]
    pub shogi: crate::shogi::usi_arena::ShogiClockArgs,
}

/// Parses a spec into a per-game player factory.
pub fn factory<G: Game>(text: &str) -> anyhow::Result<PlayerFactory<G>> {
    let spec = StrategySpec::parse(text).map_err(|e| usage(e.to_string()))?;
    // Build once now so errors surface before any game starts.
    spec.build::<G>(Some(0)).map_err(|e| usage(e.to_string()))?;
    Ok(Arc::new(move |seed| {
        spec.build::<G>(Some(seed)).expect("spec was validated")
    }))
}

/// Reads an openings file: one opening per line, moves separated by spaces; `#` starts a comment.
fn read_openings(path: &std::path::Path) -> anyhow::Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| usage(format!("cannot read openings file {}: {e}", path.display())))?;
    let list: Vec<Vec<String>> = text
        .lines()
        .map(|l| {
            l.split('#')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|l| !l.is_empty())
        .collect();
    if list.is_empty() {
        return Err(usage(format!(
            "openings file {} has no openings",
            path.display()
        )));
    }
    Ok(list)
}

/// Builds the match configuration from the arguments.
pub fn config(args: &ArenaArgs) -> anyhow::Result<MatchConfig> {
    if args.games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    let sprt = match &args.sprt {
        Some(s) => Some(
            s.parse::<SprtConfig>()
                .map_err(|e| usage(format!("bad --sprt '{s}': {e}")))?,
        ),
        None => None,
    };
    let openings = match &args.openings {
        Some(path) => Openings::List(read_openings(path)?),
        None => Openings::Random {
            plies: args.opening_plies,
        },
    };
    Ok(MatchConfig {
        games: args.games,
        threads: args.threads.threads,
        openings,
        seed: args.seed,
        sprt,
        max_plies: args.max_plies,
    })
}

/// Runs a match with a progress bar on stderr (hidden when stderr is not a terminal).
pub fn play_match<G: Game>(a: &str, b: &str, cfg: &MatchConfig) -> anyhow::Result<MatchReport> {
    let (fa, fb) = (factory::<G>(a)?, factory::<G>(b)?);
    let total = cfg.games.div_ceil(2) * 2;
    let bar = crate::progress::match_bar(total as u64);
    let report = run_match(&fa, &fb, cfg, &|p| {
        bar.set_position(p.games_done as u64);
        bar.set_message(format!("+{} ={} -{}", p.wins, p.draws, p.losses));
    })
    .map_err(|e| usage(e.to_string()))?;
    bar.finish_and_clear();
    Ok(report)
}

/// Runs `yomi arena`.
pub fn run(args: ArenaArgs) -> anyhow::Result<()> {
    if matches!(args.game, GameKind::Shogi)
        && crate::shogi::usi_arena::wants_clocked(&args, &args.shogi)
    {
        return crate::shogi::usi_arena::run_clocked(&args, &args.shogi);
    }
    if !matches!(args.game, GameKind::Shogi) && args.shogi.any() {
        return Err(usage(
            "--byoyomi, --main-time, --inc, --nodes-per-move and --records are for shogi matches",
        ));
    }
    let cfg = config(&args)?;
    let report = with_game!(args.game, G => play_match::<G>(&args.a, &args.b, &cfg)?);
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{report}");
    }
    Ok(())
}
