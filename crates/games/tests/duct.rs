//! Decoupled UCT on games with known equilibria.

use yomi_games::{Goofspiel, MatrixGame};
use yomi_search::*;

fn strategy(game: &MatrixGame, policy: SelectionPolicy, iterations: u64, seed: u64) -> [f64; 3] {
    let mut d = Duct::<MatrixGame>::new(DuctOptions {
        budget: Budget::iterations(iterations),
        policies: [policy, policy],
        seed,
        ..DuctOptions::default()
    });
    let r = d.choose(game, 0);
    let mut p = [0.0; 3];
    for (a, _, prob) in r.strategy {
        p[a.0 as usize] = prob;
    }
    p
}

#[test]
fn exp3_and_regret_matching_approach_the_uniform_equilibrium_of_rps() {
    let g = MatrixGame::rps();
    for policy in [
        SelectionPolicy::Exp3 { gamma: 0.1 },
        SelectionPolicy::RegretMatching { gamma: 0.05 },
    ] {
        let p = strategy(&g, policy, 200_000, 1);
        for x in p {
            assert!((x - 1.0 / 3.0).abs() < 0.05, "{policy:?}: {p:?}");
        }
        assert!(g.exploitability(&p) < 0.05, "{policy:?}: {p:?}");
    }
}

#[test]
fn exp3_and_regret_matching_approach_the_biased_equilibrium() {
    let g = MatrixGame::biased_rps();
    let eq = [0.25, 0.5, 0.25];
    assert!(
        g.exploitability(&eq) < 1e-12,
        "the stated equilibrium is exact"
    );
    assert!(
        g.exploitability(&[1.0 / 3.0; 3]) > 0.05,
        "uniform is exploitable here"
    );
    for policy in [
        SelectionPolicy::Exp3 { gamma: 0.1 },
        SelectionPolicy::RegretMatching { gamma: 0.05 },
    ] {
        let p = strategy(&g, policy, 300_000, 2);
        for i in 0..3 {
            assert!((p[i] - eq[i]).abs() < 0.06, "{policy:?}: {p:?}");
        }
        assert!(g.exploitability(&p) < 0.04, "{policy:?}: {p:?}");
    }
}

#[test]
fn duct_is_deterministic_and_plays_goofspiel_sensibly() {
    let g = Goofspiel::new(4).unwrap();
    let run = |seed| {
        let mut d = Duct::<Goofspiel>::new(DuctOptions {
            budget: Budget::iterations(5000),
            seed,
            ..DuctOptions::default()
        });
        let r = d.choose(&g, 0);
        (r.action, r.strategy.iter().map(|x| x.1).collect::<Vec<_>>())
    };
    assert_eq!(run(3), run(3));
    // The game is symmetric: the root value for player 0 is near 0 with both sides searching.
    let mut d = Duct::<Goofspiel>::new(DuctOptions {
        budget: Budget::iterations(50_000),
        policies: [SelectionPolicy::RegretMatching { gamma: 0.05 }; 2],
        seed: 1,
        ..DuctOptions::default()
    });
    let r = d.choose(&g, 0);
    assert!(r.value.abs() < 0.2, "value {}", r.value);
}

#[test]
fn a_duct_spec_builds_the_options_a_caller_would_write() {
    let spec: StrategySpec = "duct:policy=rm,gamma=0.05,iterations=5000,final=sample,seed=9"
        .parse()
        .unwrap();
    let options = spec.duct_options(None).unwrap();
    assert_eq!(
        options,
        DuctOptions {
            budget: Budget::iterations(5000),
            policies: [SelectionPolicy::RegretMatching { gamma: 0.05 }; 2],
            final_choice: FinalChoice::Sample,
            cutoff: None,
            seed: 9,
        }
    );
    // The same spec and seed decide alike; the arena's seed is mixed in.
    let g = Goofspiel::new(4).unwrap();
    let a = Duct::<Goofspiel>::new(options).choose(&g, 1);
    let b = Duct::<Goofspiel>::new(spec.duct_options(None).unwrap()).choose(&g, 1);
    assert_eq!(format!("{:?}", a.strategy), format!("{:?}", b.strategy));
    assert_ne!(spec.duct_options(Some(1)).unwrap().seed, 9);
    // Each strategy refuses the other kind of game.
    let msg = spec
        .build::<yomi_games::Connect4>(None)
        .err()
        .unwrap()
        .to_string();
    assert!(
        msg.contains("duct does not play alternating-move games"),
        "{msg}"
    );
    let mcts: StrategySpec = "mcts".parse().unwrap();
    assert!(
        mcts.duct_options(None)
            .unwrap_err()
            .to_string()
            .contains("use duct")
    );
    for bad in [
        "duct:policy=greedy",
        "duct:gamma=1.5",
        "duct:final=worst",
        "duct:iterations=0",
    ] {
        assert!(bad.parse::<StrategySpec>().is_err(), "{bad}");
    }
}

#[test]
fn a_raised_stop_flag_ends_the_search_early_with_a_decision() {
    use std::sync::atomic::AtomicBool;
    let g = Goofspiel::new(8).unwrap();
    let mut d = Duct::<Goofspiel>::new(DuctOptions {
        budget: Budget::iterations(u64::MAX),
        ..DuctOptions::default()
    });
    let r = d.choose_until(&g, 0, &AtomicBool::new(true));
    assert_eq!(
        r.iterations, 64,
        "the flag is looked at every 64 iterations"
    );
    let mut legal = Vec::new();
    g.actions(0, &mut legal);
    assert!(legal.contains(&r.action));
}
