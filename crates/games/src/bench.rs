//! The fixed search workload behind `yomi bench`: fixed positions, depths,
//! iteration counts and seeds on the reference games, as in Stockfish's
//! `bench`. Contract: the node total changes only when search behaviour
//! changes (a test pins it), never with the machine or its load.

use serde::Serialize;
use std::time::Instant;
use yomi_search::perft::perft;
use yomi_search::{
    AlphaBeta, AlphaBetaOptions, Budget, Duct, DuctOptions, Game, Mcts, MctsOptions, Minimax,
    MinimaxOptions, SelectionPolicy, SoftmaxOptions, SoftmaxSearch, StaticEvaluator, Strategy,
};

use crate::{Connect4, Goofspiel, TicTacToe};

/// One benchmark item's figures.
#[derive(Serialize, Debug, Clone)]
pub struct BenchItem {
    /// What was run.
    pub name: String,
    /// Nodes (perft: leaves; Monte Carlo: states stepped through).
    pub nodes: u64,
    /// Iterations or playouts, where meaningful.
    pub iterations: u64,
    /// Wall time in milliseconds.
    pub time_ms: f64,
    /// Nodes per second.
    pub nps: f64,
}

fn item(name: &str, nodes: u64, iterations: u64, start: Instant) -> BenchItem {
    let secs = start.elapsed().as_secs_f64();
    BenchItem {
        name: name.into(),
        nodes,
        iterations,
        time_ms: secs * 1000.0,
        nps: nodes as f64 / secs.max(1e-9),
    }
}

/// Connect Four positions (columns played) used by the alpha-beta items.
const C4_POSITIONS: [&str; 3] = ["", "4444", "43443"];

/// Runs the fixed workload and returns its items.
pub fn workload() -> Vec<BenchItem> {
    let mut items = Vec::new();

    let t = Instant::now();
    let r = Minimax::new(MinimaxOptions::default()).search(&TicTacToe::initial());
    items.push(item("tictactoe minimax full tree", r.nodes, 0, t));

    let t = Instant::now();
    let n = perft(&Connect4::initial(), 9);
    items.push(item("connect4 perft 9", n, 0, t));

    for pos in C4_POSITIONS {
        let state = Connect4::from_moves(pos).expect("bench positions are legal");
        let t = Instant::now();
        let mut ab = AlphaBeta::new(AlphaBetaOptions {
            depth: Some(12),
            iterative: true,
            tt_megabytes: 64,
            budget: Budget::default(),
        });
        let r = ab.search(&state);
        items.push(item(
            &format!("connect4 alphabeta depth 12 tt 64MB [{pos}]"),
            r.nodes,
            0,
            t,
        ));
    }

    let t = Instant::now();
    let mut mcts = Mcts::<Connect4>::new(MctsOptions {
        budget: Budget::iterations(200_000),
        seed: 1,
        ..MctsOptions::default()
    });
    let r = mcts.choose(&Connect4::initial());
    items.push(item(
        "connect4 mcts 200k iterations",
        r.stats.nodes,
        r.stats.iterations,
        t,
    ));

    let t = Instant::now();
    let mut sm = SoftmaxSearch::new(
        SoftmaxOptions {
            budget: Budget::iterations(20_000),
            seed: 1,
            ..SoftmaxOptions::default()
        },
        StaticEvaluator { scale: 100.0 },
    );
    let r = sm.search(&Connect4::initial());
    items.push(item(
        "connect4 softmax 20k playouts static eval",
        r.stats.nodes,
        r.stats.iterations,
        t,
    ));

    let t = Instant::now();
    let mut d = Duct::<Goofspiel>::new(DuctOptions {
        budget: Budget::iterations(100_000),
        policies: [SelectionPolicy::RegretMatching { gamma: 0.05 }; 2],
        seed: 1,
        ..DuctOptions::default()
    });
    let r = d.choose(&Goofspiel::new(6).expect("6 cards"), 0);
    items.push(item(
        "goofspiel(6) duct regret matching 100k",
        r.tree_nodes as u64,
        r.iterations,
        t,
    ));
    items
}
