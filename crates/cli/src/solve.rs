//! `yomi solve`: the exact game value of a position, its best moves, nodes and time.
//!
//! The search is the library's `yomi_search::solve`; this module reads the
//! position, and prints the solution as text or JSON.

use crate::games::{GameKind, position, with_game};
use serde::Serialize;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_search::{Game, SolveOptions};

/// Arguments of `yomi solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_parser())]
    pub game: GameKind,
    /// Position to solve (tictactoe: 9 cells like `XO.X.O...`; connect4: columns played like `4453`).
    #[arg(long)]
    pub position: Option<String>,
    /// Give up after this long (e.g. `30s`); the answer then says the value is not proven.
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Transposition table size in MB (at most 65536).
    #[arg(long, default_value_t = 64, value_parser = crate::args::table_mb, allow_hyphen_values = true)]
    pub tt: usize,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// What `yomi solve` prints.
#[derive(Serialize, Debug)]
pub struct Solution {
    /// Game name.
    pub game: &'static str,
    /// The position as given (empty for the start).
    pub position: String,
    /// +1 win, 0 draw, -1 loss for the side to move; null when not proven.
    pub value: Option<i32>,
    /// `win`, `draw`, `loss` or `unknown`.
    pub result: &'static str,
    /// Plies to the end with best play (win: fastest, loss: slowest); null for draws.
    pub plies: Option<u32>,
    /// Every move that achieves the value.
    pub best_moves: Vec<String>,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub time_ms: f64,
}

/// Runs `yomi solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    let s = with_game!(args.game, G => solve::<G>(&args)?);
    if args.json {
        println!("{}", serde_json::to_string(&s)?);
    } else {
        let value = match (s.result, s.plies) {
            ("win", Some(p)) => format!("win for the side to move in {p} plies"),
            ("loss", Some(p)) => format!("loss for the side to move in {p} plies"),
            ("draw", _) => "draw".into(),
            _ => "unknown (time ran out before the game tree was exhausted)".into(),
        };
        println!("value:      {value}");
        println!("best moves: {}", s.best_moves.join(" "));
        println!("pv:         {}", s.pv.join(" "));
        println!("nodes:      {}", s.nodes);
        println!("time:       {:.1} ms", s.time_ms);
    }
    Ok(())
}

/// Solves a position of any game (the search is `yomi_search::solve`).
pub fn solve<G: Game>(args: &SolveArgs) -> anyhow::Result<Solution> {
    let state: G = position(args.position.as_deref())?;
    let options = SolveOptions {
        time: args.time,
        tt_megabytes: args.tt,
    };
    let limit = match args.time {
        Some(t) => format!("gives up after {t:?}"),
        None => "until the value is proven: --time sets a limit".to_string(),
    };
    let spinner = crate::progress::spinner(format!("solving {} ({limit})", G::name()));
    let s = yomi_search::solve(&state, &options);
    spinner.finish_and_clear();
    let text = |moves: &[G::Move]| moves.iter().map(|m| m.to_string()).collect();
    Ok(Solution {
        game: G::name(),
        position: args.position.clone().unwrap_or_default(),
        value: s.value,
        result: s.result(),
        plies: s.plies,
        best_moves: text(&s.best_moves),
        pv: text(&s.pv),
        nodes: s.nodes,
        time_ms: s.time.as_secs_f64() * 1000.0,
    })
}
