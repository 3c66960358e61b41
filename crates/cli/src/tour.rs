//! `yomi tour`: a short, readable demonstration of every capability, on
//! built-in defaults, for a newcomer. Each section prints what it does, the
//! command that does it on its own, and the result.

use crate::show::{indent, section};
use crate::solve::{SolveArgs, solve};
use std::time::Instant;
use yomi_arena::{MatchConfig, Openings};
use yomi_games::{Connect4, MatrixGame, TicTacToe};
use yomi_search::{Budget, Duct, DuctOptions, SelectionPolicy};

/// Runs `yomi tour`.
pub fn run() -> anyhow::Result<()> {
    let start = Instant::now();
    println!("yomi tour: search, solvers and optimizers for real games.");

    section(
        "Solve tic-tac-toe exactly (alpha-beta with a transposition table)",
        "yomi solve tictactoe",
    );
    let args = SolveArgs {
        game: crate::games::GameKind::TicTacToe,
        position: None,
        time: None,
        tt: 16,
        json: false,
    };
    let s = solve::<TicTacToe>(&args)?;
    println!(
        "   value {} ({}); every first move is best: {}; {} nodes in {:.1} ms",
        s.value.unwrap_or(0),
        s.result,
        s.best_moves.join(" "),
        s.nodes,
        s.time_ms
    );

    section(
        "Connect Four: MCTS against alpha-beta, seat-swapped pairs in parallel",
        "yomi arena connect4 --a mcts:iterations=3000 --b alphabeta:depth=5 --games 8",
    );
    let cfg = MatchConfig {
        games: 8,
        threads: 0,
        openings: Openings::Random { plies: 2 },
        seed: 1,
        ..MatchConfig::new(8)
    };
    let report =
        crate::arena::match_report::<Connect4>("mcts:iterations=3000", "alphabeta:depth=5", &cfg)?
            .report;
    println!("{}", indent(&report.to_string()));

    section(
        "Arena with SPRT: does MCTS beat random? (stops as soon as the test decides)",
        "yomi arena tictactoe --a mcts:iterations=300 --b random --games 400 --opening-plies 1 --sprt 0,100",
    );
    let cfg = MatchConfig {
        games: 400,
        threads: 0,
        openings: Openings::Random { plies: 1 },
        seed: 1,
        sprt: Some("0,100".parse().map_err(|e| anyhow::anyhow!("{e}"))?),
        ..MatchConfig::new(400)
    };
    let report =
        crate::arena::match_report::<TicTacToe>("mcts:iterations=300", "random", &cfg)?.report;
    println!("{}", indent(&report.to_string()));

    section(
        "Simultaneous moves: Decoupled UCT with regret matching on rock-paper-scissors",
        "(library: yomi_search::Duct)",
    );
    let mut duct = Duct::<MatrixGame>::new(DuctOptions {
        budget: Budget::iterations(100_000),
        policies: [SelectionPolicy::RegretMatching { gamma: 0.05 }; 2],
        seed: 1,
        ..DuctOptions::default()
    });
    let d = duct.choose(&MatrixGame::rps(), 0);
    let mix: Vec<String> = d
        .strategy
        .iter()
        .map(|(a, _, p)| format!("{a} {p:.3}"))
        .collect();
    println!(
        "   mixed strategy after {} iterations: {} (equilibrium: 1/3 each)",
        d.iterations,
        mix.join(", ")
    );

    crate::shogi::tour()?;
    crate::freecell::tour()?;
    crate::party::tour()?;
    crate::xmasrush::tour()?;
    crate::deck::tour()?;

    println!(
        "\nTour finished in {:.1} s. Next: `yomi play connect4 --first human --second mcts:iterations=20000`, `yomi bench`, `yomi --help`.",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
