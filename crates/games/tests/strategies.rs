//! Every search variant checked against plain minimax, plus the Monte Carlo
//! strategies' basic guarantees.

use yomi_games::{Connect4, TicTacToe};
use yomi_search::score::{PROVEN, is_proven};
use yomi_search::*;

/// Random positions reached by `plies` random moves (non-terminal only).
fn random_positions<G: Game>(seed: u64, count: usize, plies: usize) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut s = G::initial();
        for _ in 0..plies {
            s.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            s.play(moves[rng.below(moves.len())]);
        }
        if s.outcome().is_none() {
            out.push(s);
        }
    }
    out
}

fn ab(depth: Option<u32>, iterative: bool, tt: usize) -> AlphaBetaOptions {
    AlphaBetaOptions {
        depth,
        iterative,
        tt_megabytes: tt,
        budget: Budget::default(),
    }
}

#[test]
fn alphabeta_without_table_equals_minimax_at_every_fixed_depth() {
    for (i, pos) in random_positions::<Connect4>(11, 60, 8).iter().enumerate() {
        for depth in 1..=5 {
            let reference = Minimax::new(MinimaxOptions { depth: Some(depth) })
                .search(pos)
                .score;
            for iterative in [false, true] {
                let got = AlphaBeta::new(ab(Some(depth), iterative, 0))
                    .search(pos)
                    .score;
                assert_eq!(
                    got, reference,
                    "position {i} depth {depth} iterative {iterative}\n{pos}"
                );
            }
        }
    }
}

#[test]
fn every_alphabeta_variant_finds_the_exact_game_value() {
    let mut checked = 0;
    let tictactoe = random_positions::<TicTacToe>(3, 80, 2);
    for pos in tictactoe
        .iter()
        .chain(std::iter::once(&TicTacToe::initial()))
    {
        let reference = Minimax::new(MinimaxOptions::default()).search(pos);
        assert!(reference.exact);
        for (iterative, tt) in [(false, 0), (true, 0), (false, 1), (true, 1)] {
            let r = AlphaBeta::new(ab(None, iterative, tt)).search(pos);
            assert_eq!(
                r.score, reference.score,
                "iterative {iterative} tt {tt}\n{pos}"
            );
            assert!(r.exact, "search to the end must report an exact value");
            assert!(
                reference.best_moves.contains(&r.pv[0]),
                "{} is not a best move\n{pos}",
                r.pv[0]
            );
        }
        checked += 1;
    }
    // Late Connect Four positions: at most 9 plies remain, so minimax is exhaustive.
    for pos in random_positions::<Connect4>(5, 40, 33) {
        let reference = Minimax::new(MinimaxOptions::default()).search(&pos);
        for (iterative, tt) in [(false, 0), (true, 0), (false, 1), (true, 4)] {
            let r = AlphaBeta::new(ab(None, iterative, tt)).search(&pos);
            assert_eq!(
                r.score, reference.score,
                "iterative {iterative} tt {tt}\n{pos}"
            );
            assert!(r.exact);
            assert!(reference.best_moves.contains(&r.pv[0]));
        }
        checked += 1;
    }
    assert!(checked >= 120);
}

#[test]
fn alphabeta_proves_connect4_wins_with_correct_distance() {
    // X (first) to move with an open three on the bottom row: wins in 1 ply.
    let p = Connect4::from_moves("1727").unwrap(); // X: 1,2  O: 7,7
    let p2 = Connect4::from_moves("172737").unwrap(); // X: 1,2,3  O: 7,7,7 -> X to move, 4 wins
    let r = AlphaBeta::new(ab(Some(6), true, 1)).search(&p2);
    assert_eq!(r.pv[0].to_string(), "4");
    assert_eq!(r.score, yomi_search::score::WIN - 1);
    let r = AlphaBeta::new(ab(Some(8), true, 1)).search(&p);
    assert!(r.score > -PROVEN, "X is not lost here: {}", r.score);
}

#[test]
fn iterative_deepening_respects_node_and_time_budgets() {
    let mut s = AlphaBeta::new(AlphaBetaOptions {
        depth: None,
        iterative: true,
        tt_megabytes: 1,
        budget: Budget {
            nodes: Some(20_000),
            ..Budget::default()
        },
    });
    let r = s.search(&Connect4::initial());
    assert!(r.nodes < 25_000, "node budget overrun: {}", r.nodes);
    assert!(!r.exact);
    assert!(
        r.depth >= 4,
        "should complete a few iterations, got {}",
        r.depth
    );
    let mut s = AlphaBeta::new(AlphaBetaOptions {
        budget: Budget::time(std::time::Duration::from_millis(30)),
        ..ab(None, true, 1)
    });
    let t = std::time::Instant::now();
    s.search(&Connect4::initial());
    assert!(t.elapsed().as_millis() < 1000);
}

fn play_game<G: Game>(
    first: &mut dyn Strategy<G>,
    second: &mut dyn Strategy<G>,
) -> Option<Outcome> {
    let mut s = G::initial();
    let players: [&mut dyn Strategy<G>; 2] = [first, second];
    while s.outcome().is_none() {
        let mv = players[s.to_move()].choose(&s).best;
        s.play(mv);
    }
    // Outcome from the first player's side.
    let o = s.outcome().unwrap();
    Some(if s.to_move() == 0 { o } else { o.flip() })
}

#[test]
fn mcts_with_1000_iterations_never_loses_to_random() {
    for seed in 0..12u64 {
        let mcts = || {
            Mcts::<Connect4>::new(MctsOptions {
                seed,
                ..MctsOptions::default()
            })
        };
        let r = play_game::<Connect4>(&mut mcts(), &mut Random::new(seed + 100));
        assert_ne!(r, Some(Outcome::Loss), "mcts first lost, seed {seed}");
        let r = play_game::<Connect4>(&mut Random::new(seed + 200), &mut mcts());
        assert_ne!(r, Some(Outcome::Win), "mcts second lost, seed {seed}");
        let t = || {
            Mcts::<TicTacToe>::new(MctsOptions {
                seed,
                ..MctsOptions::default()
            })
        };
        assert_ne!(
            play_game::<TicTacToe>(&mut t(), &mut Random::new(seed)),
            Some(Outcome::Loss)
        );
        assert_ne!(
            play_game::<TicTacToe>(&mut Random::new(seed), &mut t()),
            Some(Outcome::Win)
        );
    }
}

#[test]
fn mcts_is_deterministic_by_seed_and_reuses_its_tree() {
    let run = |seed| {
        let mut m = Mcts::<Connect4>::new(MctsOptions {
            seed,
            ..MctsOptions::default()
        });
        let r = m.choose(&Connect4::initial());
        (r.best, r.root.iter().map(|x| x.1).collect::<Vec<_>>())
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7).1, run(8).1);
    let mut m = Mcts::<Connect4>::new(MctsOptions {
        seed: 1,
        expand_threshold: 1,
        ..MctsOptions::default()
    });
    let start = Connect4::initial();
    let r = m.choose(&start);
    let mut next = start;
    next.play(r.best);
    next.play(r.pv.get(1).copied().unwrap_or(r.best));
    let before = m.tree_size();
    assert!(before > 500);
    let r2 = m.choose(&next);
    let visits: u64 = r2.root.iter().map(|x| x.1).sum();
    assert!(
        visits > 1000,
        "the reused subtree's visits are kept: {visits}"
    );
}

#[test]
fn mcts_finds_an_immediate_win() {
    let p = Connect4::from_moves("172737").unwrap();
    let mut m = Mcts::<Connect4>::new(MctsOptions {
        budget: Budget::iterations(3000),
        ..MctsOptions::default()
    });
    assert_eq!(m.choose(&p).best.to_string(), "4");
    let mut f = FlatMonteCarlo::new(FlatMonteCarloOptions {
        playouts_per_move: 200,
        ..Default::default()
    });
    assert_eq!(
        Strategy::<Connect4>::choose(&mut f, &p).best.to_string(),
        "4"
    );
}

#[test]
fn softmax_with_tiny_backup_temperature_agrees_with_minimax() {
    for pos in random_positions::<TicTacToe>(9, 40, 3)
        .iter()
        .chain(std::iter::once(&TicTacToe::initial()))
    {
        let reference = Minimax::new(MinimaxOptions::default()).search(pos);
        let mut s = SoftmaxSearch::new(
            SoftmaxOptions {
                budget: Budget::iterations(2_000_000),
                t_backup: 1e-9,
                t_select: 0.5,
                seed: 3,
            },
            RolloutEvaluator::new(1, 4),
        );
        let r = s.search(pos);
        let (v, proven) = s.root_value();
        assert!(proven, "the whole tree is small enough to prove\n{pos}");
        assert_eq!(v.round() as i32, reference.score.signum(), "{pos}");
        if is_proven(reference.score) || reference.score == 0 {
            assert!(
                reference.best_moves.contains(&r.best),
                "{} is not best\n{pos}",
                r.best
            );
        }
    }
}

#[test]
fn softmax_value_is_the_weighted_mean_and_tends_to_the_max() {
    let mut w = Vec::new();
    let qs = [0.2, -0.5, 0.6];
    assert!((yomi_search::softmax::softmax_value(&qs, 1e-6, &mut w) - 0.6).abs() < 1e-9);
    // T = 1: weights e^0.2, e^-0.5, e^0.6.
    let e = [0.2f64.exp(), (-0.5f64).exp(), 0.6f64.exp()];
    let expected = (0.2 * e[0] - 0.5 * e[1] + 0.6 * e[2]) / (e[0] + e[1] + e[2]);
    assert!((yomi_search::softmax::softmax_value(&qs, 1.0, &mut w) - expected).abs() < 1e-12);
    // Large T: close to the plain mean.
    assert!((yomi_search::softmax::softmax_value(&qs, 1e6, &mut w) - 0.1).abs() < 1e-3);
}

struct CountingEvaluator {
    calls: usize,
    states: usize,
}

impl BatchEvaluator<Connect4> for CountingEvaluator {
    fn evaluate(&mut self, states: &[Connect4]) -> Vec<f64> {
        self.calls += 1;
        self.states += states.len();
        states
            .iter()
            .map(|s| (s.evaluate() as f64 / 100.0).tanh())
            .collect()
    }
    fn name(&self) -> String {
        "counting".into()
    }
}

#[test]
fn softmax_evaluates_all_children_in_one_batch() {
    let mut s = SoftmaxSearch::new(
        SoftmaxOptions {
            budget: Budget::iterations(50),
            ..SoftmaxOptions::default()
        },
        CountingEvaluator {
            calls: 0,
            states: 0,
        },
    );
    let r = s.search(&Connect4::initial());
    assert_eq!(r.stats.iterations, 50);
    assert_eq!(s.evaluator_calls(), 50, "one batch per expansion");
    assert_eq!(r.root.len(), 7);
}
