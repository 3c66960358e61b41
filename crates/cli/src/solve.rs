//! `yomi solve`: the exact game value of a position, its best moves, nodes and time.
//!
//! Uses iterative-deepening alpha-beta with a transposition table until the
//! search reaches the end of the game in every line; each root move is then
//! scored exactly so every best move is listed.

use crate::games::{CliGame, GameKind, position, with_game};
use serde::Serialize;
use std::time::{Duration, Instant};
use yomi_search::score::{WIN, is_proven};
use yomi_search::{AlphaBeta, AlphaBetaOptions, Budget, parse_duration};

/// Arguments of `yomi solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The game.
    pub game: GameKind,
    /// Position to solve (tictactoe: 9 cells like `XO.X.O...`; connect4: columns played like `4453`).
    #[arg(long)]
    pub position: Option<String>,
    /// Give up after this long (e.g. `30s`); the answer then says the value is not proven.
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
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

/// Solves a position of any game.
pub fn solve<G: CliGame>(args: &SolveArgs) -> anyhow::Result<Solution> {
    let state: G = position(args.position.as_deref())?;
    let start = Instant::now();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut solution = Solution {
        game: G::name(),
        position: args.position.clone().unwrap_or_default(),
        value: None,
        result: "unknown",
        plies: None,
        best_moves: vec![],
        pv: vec![],
        nodes: 0,
        time_ms: 0.0,
    };
    if let Some(o) = state.outcome() {
        let v = o.sign();
        solution.value = Some(v);
        solution.result = ["loss", "draw", "win"][(v + 1) as usize];
        solution.plies = (v != 0).then_some(0);
        return Ok(solution);
    }
    let options = AlphaBetaOptions {
        depth: None,
        iterative: true,
        tt_megabytes: args.tt,
        budget: Budget {
            time: args.time,
            ..Budget::default()
        },
    };
    let mut searcher = AlphaBeta::<G::Move>::new(options);
    let root = searcher.search(&state);
    solution.nodes = root.nodes;
    solution.pv = root.pv.iter().map(|m| m.to_string()).collect();
    if root.exact {
        // Score every root move exactly (the shared table makes this cheap) to
        // list all best moves. A proven result in d plies is matched only by
        // moves that win (or lose) in d, which a search d-1 plies deep decides.
        if is_proven(root.score) {
            searcher.options.depth = Some((WIN - root.score.abs()).max(1) as u32 - 1);
        }
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let score = match child.outcome() {
                Some(o) => -yomi_search::score::terminal_score(o, 0),
                None => {
                    if searcher.options.depth == Some(0) {
                        continue; // only an immediate result matches, and this child is not terminal
                    }
                    let r = searcher.search(&child);
                    solution.nodes += r.nodes;
                    if !r.exact && !is_proven(root.score) {
                        continue;
                    }
                    -r.score
                }
            };
            // Child scores are one ply further from the root.
            let score = if is_proven(score) {
                score - score.signum()
            } else {
                score
            };
            if score == root.score {
                solution.best_moves.push(mv.to_string());
            }
        }
        let v = root.score.signum();
        solution.value = Some(v);
        solution.result = ["loss", "draw", "win"][(v + 1) as usize];
        solution.plies = is_proven(root.score).then(|| (WIN - root.score.abs()) as u32);
    } else if let Some(first) = root.pv.first() {
        solution.best_moves.push(first.to_string());
    }
    solution.time_ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(solution)
}
