//! Adding your own game to yomi: implement [`yomi_search::Game`] (the whole
//! of it is `game.rs`, subtraction Nim), and every strategy, the exact
//! solver and the conformance battery work on it.
//!
//! Run it with `cargo run -p yomi-search --example nim`. It checks the
//! implementation with the conformance battery, solves a few piles, asks
//! every strategy for a move on a winning pile (the winning move takes
//! `stones % 4`), and plays one game between two strategies. It exits
//! non-zero if anything disagrees with the known answer.

mod game;

use game::Nim;
use yomi_search::conformance::check_game;
use yomi_search::solve::{SolveOptions, solve};
use yomi_search::{Game, Limits, Strategy, StrategySpec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. The battery every game implementation passes: legal moves against
    //    the outcome, move text round trips, copy-make, hashes.
    check_game::<Nim>(7, 200);
    println!("conformance battery: passed on 200 random games");

    // 2. The exact solver: value, every best move, distance to the end.
    for stones in [5, 8, 21] {
        let s = solve(&Nim::pile(stones), &SolveOptions::default());
        println!(
            "solve {stones:>2} stones: {} in {} plies, best moves {:?}, {} nodes",
            s.result(),
            s.plies.unwrap_or(0),
            s.best_moves,
            s.nodes
        );
        let want = if stones % 4 == 0 { "loss" } else { "win" };
        if s.result() != want {
            return Err(format!("solve says {} for {stones} stones", s.result()).into());
        }
    }

    // 3. Every strategy, built from the same specs the CLI and arena take,
    //    on a winning pile of 21 stones: the winning move takes 1.
    let pile: Nim = Nim::parse_position("21")?;
    for text in [
        "random:seed=3",
        "minimax",
        "alphabeta:depth=12",
        "flatmc:playouts=2000,seed=1",
        "mcts:iterations=4000,seed=1",
        "softmax:iterations=4000,seed=1",
    ] {
        let spec: StrategySpec = text.parse()?;
        let mut strategy = spec.build::<Nim>(None)?;
        let report = strategy.choose_within(&pile, &Limits::NONE);
        let verdict = if report.best == 1 {
            "winning"
        } else {
            "not the winning move"
        };
        println!(
            "{:<40} takes {} ({verdict}), {} nodes",
            strategy.name(),
            report.best,
            report.stats.nodes
        );
        // Random play and sampling-based search are not held to the answer.
        if matches!(spec.name.as_str(), "minimax" | "alphabeta") && report.best != 1 {
            return Err(format!("{text} missed the winning move").into());
        }
    }

    // 4. A game: alpha-beta (which knows Nim) against random play, from 21.
    let mut players: [Box<dyn Strategy<Nim>>; 2] = [
        "alphabeta:depth=12".parse::<StrategySpec>()?.build(None)?,
        "random:seed=5".parse::<StrategySpec>()?.build(None)?,
    ];
    let mut state = pile;
    let mut line = Vec::new();
    while state.outcome().is_none() {
        let mv = players[state.to_move()].choose(&state).best;
        state.play(mv);
        line.push(mv);
    }
    let winner = 1 - state.to_move();
    println!("a game from 21 stones: {line:?}, won by seat {winner}");
    if winner != 0 {
        return Err("alpha-beta lost a won game of Nim".into());
    }
    Ok(())
}
